"""Transport Lines (USE 1.3.7): chains of stops routed over land hexes.

A leg is the cheapest path between two stops; each hex costs 1, rough terrain 0.8 more, a river
crossing 0.6 more, and hexsides already carrying a line half price, so the lines share tracks
as railways do. Ties break on hex ids, so the network is the same on every run.
"""

from __future__ import annotations

import heapq
from pathlib import Path

from builder.mapmaker.inputs import field, read_toml
from wargame.errors import DataError
from wargame.grid import Grid


def route(path: Path, grid: Grid, ids: list[str], index: dict[str, int], passable: list[bool],
          rough: list[bool], sides: dict[frozenset, object], city_hex: dict[str, str]) -> tuple[set[int], set[str]]:
    """Hexes (indices) on a line and hexside ids crossed by a line."""
    data = read_toml(path)
    src = str(path)
    avoid = set(field(data, "avoid", list, src, "avoid", []))
    ferries = set()
    for f in field(data, "ferries", list, src, "ferries", []):
        ferries.add(grid.hexside_id(grid.parse_hexside(f, src, "ferries")))
    for a in avoid:
        grid.parse(a, src, "avoid")
    nbrs = [[index[grid.hex_id(h)] for h in grid.neighbours(grid.parse(i))] for i in ids]
    used_sides: set[str] = set()
    line_hexes: set[int] = set()

    def stop(name: str, place: str) -> int:
        hid = city_hex.get(name)
        if hid is None:
            if name[:1].isdigit():
                hid = grid.hex_id(grid.parse(name, src, place))
            else:
                raise DataError(f'no city "{name}" on the map', src, place)
        return index[hid]

    for li, chain in enumerate(field(data, "lines", list, src, "lines")):
        place = f"lines[{li + 1}]"
        stops = [stop(s, place) for s in chain]
        for a, b in zip(stops, stops[1:]):
            leg = _cheapest(a, b, nbrs, ids, passable, rough, sides, avoid, ferries, used_sides)
            if leg is None:
                raise DataError(f"no land route from {ids[a]} to {ids[b]}", src, place)
            line_hexes.update(leg)
            for x, y in zip(leg, leg[1:]):
                used_sides.add(_sid(ids[x], ids[y]))
    return line_hexes, used_sides


def _sid(a: str, b: str) -> str:
    return "/".join(sorted((a, b)))


def _cheapest(a: int, b: int, nbrs, ids, passable, rough, sides, avoid, ferries, used) -> list[int] | None:
    best = {a: 0.0}
    prev: dict[int, int] = {}
    heap = [(0.0, ids[a], a)]
    while heap:
        d, _, i = heapq.heappop(heap)
        if i == b:
            break
        if d > best.get(i, float("inf")):
            continue
        for j in nbrs[i]:
            if j != b and (not passable[j] or ids[j] in avoid):
                continue
            sid = _sid(ids[i], ids[j])
            sd = sides.get(sid)
            if sd is None or (sd.water and sid not in ferries):
                continue
            step = 1.0 + (0.8 if rough[j] else 0.0) + (0.6 if sd.river else 0.0)
            if sid in used:
                step *= 0.5
            nd = d + step
            if nd < best.get(j, float("inf")) - 1e-9:
                best[j] = nd
                prev[j] = i
                heapq.heappush(heap, (nd, ids[j], j))
    if b not in best:
        return None
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]
