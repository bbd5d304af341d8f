"""Sea Zones per hex (USE 2.5): seeds spread through sea hexes, coastal hexes take the
zones of the sea next to them, then the hand-listed extras."""

from __future__ import annotations

import heapq
from pathlib import Path

import numpy as np

from builder.mapmaker.inputs import field, read_toml
from records import frozen
from wargame.errors import DataError
from wargame.grid import Grid


@frozen
class Zone:
    number: int
    name: str
    seeds: tuple[tuple[float, float], ...]
    hexes: tuple[str, ...]
    weather: str = ""  # the zone's weather as printed, when it is not its hexes' (an area with no hexes)
    entry_mp: int = 0  # ETO 7.4: naval movement points to enter (0: the rule's default)
    interception: int = 0  # ETO 8.4: the printed "INT" modifier
    gridded: bool = True  # ETO 7.2: whether the area's hexes are printed


@frozen
class Strait:
    name: str
    side: str  # as written: "AAAA/BBBB", or places like "Gibraltar/Tangier" or "Istanbul/east"
    zones: tuple[int, ...]  # the two zones it joins, or none (a Strait hexside inside one sea)
    rule: str


@frozen
class Canal:
    name: str
    ports: tuple[str, str]
    zones: tuple[int, int]
    cost: int  # MP end to end (ETO 7.8); 0: the game's canals have no cost of their own
    rule: str


@frozen
class SeaInput:
    zones: list[Zone]
    extras: list[tuple[str, tuple[int, ...], bool]]  # place, zones, only these
    straits: list[Strait]
    canals: list[Canal]
    links: list[tuple[int, int, str]]
    areas: bool = False  # some zone gives entry_mp, interception or gridded: write those columns


def read(path: Path) -> SeaInput:
    data = read_toml(path)
    src = str(path)
    zones = []
    for i, e in enumerate(data.get("zone", [])):
        place = f"[[zone]] {i + 1}"
        seeds = tuple((float(a), float(b)) for a, b in field(e, "seeds", list, src, place, []))
        zones.append(
            Zone(
                field(e, "number", int, src, place),
                field(e, "name", str, src, place),
                seeds,
                tuple(field(e, "hexes", list, src, place, [])),
                field(e, "weather", str, src, place, ""),
                field(e, "entry_mp", int, src, place, 0),
                field(e, "interception", int, src, place, 0),
                field(e, "gridded", bool, src, place, True),
            )
        )
    areas = any(k in e for e in data.get("zone", []) for k in ("entry_mp", "interception", "gridded"))
    numbers = [z.number for z in zones]
    if len(set(numbers)) != len(numbers):
        raise DataError("a zone number is used twice", src)
    known = set(numbers)

    def check(zs: list, place: str) -> tuple[int, ...]:
        bad = [z for z in zs if z not in known]
        if bad:
            raise DataError(f"unknown zones {bad}", src, place)
        return tuple(zs)

    extras = [
        (
            field(e, "place", str, src, f"[[extra]] {i + 1}"),
            check(field(e, "zones", list, src, f"[[extra]] {i + 1}"), f"[[extra]] {i + 1}"),
            field(e, "only", bool, src, f"[[extra]] {i + 1}", False),
        )
        for i, e in enumerate(data.get("extra", []))
    ]
    straits = [
        Strait(
            field(e, "name", str, src, f"[[strait]] {i + 1}"),
            field(e, "side", str, src, f"[[strait]] {i + 1}"),
            check(field(e, "zones", list, src, f"[[strait]] {i + 1}", []), f"[[strait]] {i + 1}"),
            field(e, "rule", str, src, f"[[strait]] {i + 1}", ""),
        )
        for i, e in enumerate(data.get("strait", []))
    ]
    for i, st in enumerate(straits):
        if len(st.zones) not in (0, 2):
            raise DataError(
                "a strait joins two zones, or none (a Strait hexside of one sea)", src, f"[[strait]] {i + 1}"
            )
    canals = [
        Canal(
            field(e, "name", str, src, f"[[canal]] {i + 1}"),
            tuple(field(e, "ports", list, src, f"[[canal]] {i + 1}")),
            check(field(e, "zones", list, src, f"[[canal]] {i + 1}"), f"[[canal]] {i + 1}"),  # type: ignore[arg-type]
            field(e, "cost", int, src, f"[[canal]] {i + 1}", 0),
            field(e, "rule", str, src, f"[[canal]] {i + 1}", ""),
        )
        for i, e in enumerate(data.get("canal", []))
    ]
    links = []
    for i, e in enumerate(data.get("link", [])):
        place = f"[[link]] {i + 1}"
        zs = check(field(e, "zones", list, src, place), place)
        if len(zs) != 2:
            raise DataError("a link joins two zones", src, place)
        links.append((min(zs), max(zs), field(e, "name", str, src, place)))
    return SeaInput(zones, extras, straits, canals, links, areas)


def assign(
    grid: Grid, layout, cells, kind: list[str], lake_water: list[bool], sea: SeaInput, warp, source: str
) -> list[tuple[int, ...]]:
    """Zones per hex. Sea hexes: nearest seed through sea hexes; coastal: zones of sea neighbours."""
    n = len(cells.ids)
    is_sea = [kind[i] == "water" and not lake_water[i] for i in range(n)]
    nbrs = [[cells.index[grid.hex_id(h)] for h in grid.neighbours(cells.hexes[i])] for i in range(n)]
    best = np.full(n, np.inf)
    zone_of = np.zeros(n, int)
    heap: list[tuple[float, int, int]] = []
    forced: dict[int, set[int]] = {}
    for z in sea.zones:
        for hid in z.hexes:
            i = cells.index.get(hid)
            if i is None:
                raise DataError(f"zone {z.number}: hex {hid} is not on the map", source)
            heapq.heappush(heap, (-1.0, z.number, i))
        for lon, lat in z.seeds:
            x, y = warp.forward([lon], [lat])[0]
            h = grid.hex_at(float(x), float(y), layout)
            seed_hex = grid.hex_id(h) if grid.contains(h) else None
            i = cells.index[seed_hex] if seed_hex is not None else -1
            if i >= 0 and is_sea[i]:
                heapq.heappush(heap, (0.0, z.number, i))
            elif i >= 0 and kind[i] == "coastal":
                # Narrow seas are all coastal hexes at this scale: the seed's hex is in the zone
                # and the zone spreads from the sea next to it.
                forced.setdefault(i, set()).add(z.number)
                for j in nbrs[i]:
                    if is_sea[j]:
                        heapq.heappush(heap, (0.5, z.number, j))
            else:
                raise DataError(
                    f"zone {z.number}: seed [{lon}, {lat}] is not in a sea or coastal hex ({seed_hex})", source
                )
    while heap:
        d, number, i = heapq.heappop(heap)
        if d >= best[i]:
            continue
        best[i], zone_of[i] = d, number
        for j in nbrs[i]:
            if is_sea[j]:
                heapq.heappush(heap, (max(d, 0.0) + 1.0, number, j))
    out: list[tuple[int, ...]] = [()] * n
    for i in range(n):
        if is_sea[i] and np.isfinite(best[i]):
            out[i] = (int(zone_of[i]),)
    # Coastal hexes (and sea hexes the spread did not reach), by the sea next to them; coastal
    # hexes with no sea neighbour take their coastal neighbours' zones, repeatedly.
    for i, forced_zones in forced.items():
        out[i] = tuple(sorted(forced_zones))
    for _ in range(6):
        changed = False
        for i in range(n):
            if kind[i] != "coastal" or out[i]:
                continue
            zs = sorted({z for j in nbrs[i] if is_sea[j] for z in out[j]})
            if not zs:
                zs = sorted({z for j in nbrs[i] if kind[j] == "coastal" for z in out[j]})
            if zs:
                out[i] = tuple(zs)
                changed = True
        if not changed:
            break
    # A coastal hex on the map edge whose sea lies off the map: the nearest zone.
    for i in range(n):
        if kind[i] == "coastal" and not out[i]:
            for r in range(1, 6):
                near = sorted({z for h in grid.ring(cells.hexes[i], r) for z in out[cells.index[grid.hex_id(h)]]})
                if near:
                    out[i] = (near[0],)
                    break
    return out
