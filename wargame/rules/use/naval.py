"""Naval movement (4.2.4, 6.4): paths through ports, Sea Zones and Map Boxes, with their MP.

Naval units do not move hex by hex: the places are ports (hex ids), Sea Zones ("SZ 7") and Map
Boxes ("NAO"). From a port a unit enters a Sea Zone the port is in (1 MP) or goes through a canal
to the port at its other end (2 MP); from a Map Box it enters an adjacent box (3) or Sea Zone
(1). It then goes on into adjacent zones and boxes, into friendly ports of the zone it is in (0),
through canals, paying for each strait it has to cross (4.2.4.4). Costs are rules.toml
[movement]; which boxes a unit may enter, and when a strait or canal is closed, are 4.2.4.1.

    place_kind(place) -> "port" | "zone" | "box"
    strait_closed(sit, via, faction) / canal_closed(sit, via, faction) -> reason | None
    naval_path(sit, unit, start, end, *, mp) -> NavalPath        cheapest legal path and why not
    zones_of(sit, place) -> tuple[int, ...]                       the Sea Zones a port or box lies in / touches
    zones_within(sit, place, n, *, straits=True, canals=True) -> frozenset[int]   a range of Sea Zones (1.4)
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from records import frozen
from wargame.rules.position import Unit

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation
    from wargame.rules.use.movement import MoveCosts

CENTRAL_RUSSIA = "CRU"


def place_kind(place: str) -> str:
    if place.startswith("SZ "):
        return "zone"
    return "port" if place[:1].isdigit() or place[:1].islower() else "box"


def box_open(box: str, faction: str, nationality: str) -> tuple[str, str] | None:
    """Which Map Boxes naval movement may enter (4.2.4.1): none for the Axis; Central Russia only
    for USSR units, and USSR units no other box."""
    if faction == "axis":
        return ("4.2.4.1", "Axis naval units may not enter a Map Box")
    if box == CENTRAL_RUSSIA and nationality != "USSR":
        return ("4.2.4.1", "only USSR units may enter the Central Russia Box")
    if box != CENTRAL_RUSSIA and nationality == "USSR":
        return ("4.2.4.1", "USSR naval units may enter no Map Box but Central Russia")
    return None


def _hexes(sit: Situation, via: str) -> list[str]:
    return [h for h in via.replace(";", "/").split("/") if h in sit.map.hexes]


def _enemy_presence(sit: Situation, h: str, faction: str) -> str | None:
    if sit.enemy_city(h, faction):
        return f"an enemy city in {h}"
    if sit.enemy_fort(h, faction):
        return f"an enemy fort in {h}"
    if sit.unit_factions(h) - {faction}:
        return f"an enemy unit in {h}"
    return None


def strait_closed(sit: Situation, via: str, faction: str) -> str | None:
    """Why a strait is closed to this faction's naval units (4.2.4.1): an enemy city, fort or unit
    in either hex it points to, or both hexes in neutral countries."""
    hexes = _hexes(sit, via)
    for h in hexes:
        found = _enemy_presence(sit, h, faction)
        if found:
            return found
    if len(hexes) == 2 and all(sit.neutral(h) for h in hexes):
        return f"both its hexes ({'/'.join(hexes)}) are neutral"
    return None


def canal_hexes(sit: Situation, via: str) -> tuple[str, ...]:
    """The hexes along a canal: its two port hexes and the hexes on the line between them."""
    ends = _hexes(sit, via)
    if len(ends) != 2:
        return tuple(ends)
    g = sit.map.grid
    line = g.line(g.parse(ends[0]), g.parse(ends[1]))
    return tuple(dict.fromkeys(g.hex_id(h) for h in line if g.hex_id(h) in sit.map.hexes))


def canal_closed(sit: Situation, via: str, faction: str) -> str | None:
    """Why a canal is closed (4.2.4.1): an enemy city, fort or unit next to it (in a hex along it)."""
    for h in canal_hexes(sit, via):
        found = _enemy_presence(sit, h, faction)
        if found:
            return found
    return None


def zones_of(sit: Situation, place: str) -> tuple[int, ...]:
    kind = place_kind(place)
    if kind == "zone":
        return (int(place[3:]),)
    if kind == "box":
        return sit.map.boxes[place].adjacent_zones
    return sit.port_zones(place)


# --------------------------------------------------------------------------------------------


@frozen
class NavalPath:
    """``legal``: a path within the rules and the MP exists; ``path`` the cheapest such path
    (ports, "SZ n", box codes), or the cheapest one ignoring closures when there is none;
    ``mp`` its cost; ``problems`` (rule, reason) of what is wrong; ``cheapest`` the MP of the
    cheapest legal path whatever the MP (None: none at all)."""

    legal: bool
    path: tuple[str, ...]
    mp: int
    mp_allowed: int
    problems: tuple[tuple[str, str], ...]
    cheapest: int | None


class _Graph:
    """The naval places one unit sees: its costs, and each step with the rule that closes it."""

    def __init__(self, sit: Situation, unit: Unit, costs: MoveCosts):
        self.sit = sit
        self.unit = unit
        self.costs = costs
        self.faction = unit.faction
        self._canals = [lk for lk in sit.map.links if lk.kind == "canal"]

    def canal_ends(self, port: str) -> list[tuple[str, str]]:
        """(other port, via) of each canal with an end at ``port``."""
        out = []
        for link in self._canals:
            ends = _hexes(self.sit, link.via)
            if len(ends) == 2 and port in ends:
                out.append((ends[1] if ends[0] == port else ends[0], link.via))
        return out

    def link(self, a: int, b: int):
        return self.sit.map.zone_link(a, b)

    def zone_step(self, zone: int, other: int) -> tuple[int, tuple[str, str] | None] | None:
        """(MP, closure) of moving from one Sea Zone into another, or None when not adjacent."""
        link = self.link(zone, other)
        if link is None or link.kind == "canal":
            return None
        cost, why = self.costs.sea_zone, None
        if link.kind == "strait":
            cost += self.costs.strait
            closed = strait_closed(self.sit, link.via, self.faction)
            if closed:
                why = ("4.2.4.1", f"the strait {link.via} ({link.note or 'strait'}) is closed: {closed}")
        return cost, why

    def steps(self, node: tuple[str, str], end: str) -> list[tuple[tuple[str, str], int, tuple[str, str] | None]]:
        """((next place, how it was entered), MP, (rule, why closed) or None) of every step out
        of ``node`` = (place, how it was entered: "" at the start, "SZ n", "canal")."""
        sit, costs, f = self.sit, self.costs, self.faction
        here, entry = node
        out: list[tuple[tuple[str, str], int, tuple[str, str] | None]] = []
        kind = place_kind(here)
        if kind == "port":
            for z in sit.port_zones(here):
                if not entry.startswith("SZ "):
                    out.append(((f"SZ {z}", here), costs.sea_zone, None))
                    continue
                came = int(entry[3:])
                if z == came:
                    continue
                found = self.zone_step(came, z)  # a port in two zones is no way round a strait
                if found is not None:
                    out.append(((f"SZ {z}", here), found[0], found[1]))
            for other, via in self.canal_ends(here):
                closed = canal_closed(sit, via, f)
                why = ("4.2.4.1", f"the canal {via} is closed: {closed}") if closed else None
                if why is None and other != end and not sit.friendly_port(other, f):
                    why = ("4.2.4", f"{other} at the canal's end is not a friendly port")
                out.append(((other, "canal"), costs.canal, why))
        elif kind == "zone":
            zone = int(here[3:])
            for link in sit.map.links:
                if zone not in (link.a, link.b):
                    continue
                next_zone = link.b if link.a == zone else link.a
                found = self.zone_step(zone, next_zone)
                if found is not None:
                    out.append(((f"SZ {next_zone}", here), found[0], found[1]))
            for box in sit.map.boxes.values():
                if zone in box.adjacent_zones:
                    out.append(((box.code, here), costs.map_box, box_open(box.code, f, self.unit.nationality)))
            for port in sorted(sit.ports):
                if zone in sit.port_zones(port):
                    why = None
                    if not sit.friendly_port(port, f):
                        why = ("4.2.4", f"{port} is not a friendly port")
                    out.append(((port, here), costs.port, why))
        else:
            box = sit.map.boxes[here]
            for code in box.adjacent_boxes:
                out.append(((code, here), costs.map_box, box_open(code, f, self.unit.nationality)))
            for z in box.adjacent_zones:
                out.append(((f"SZ {z}", here), costs.sea_zone, None))
        return out


def _search(graph: _Graph, start: str, end: str, *, strict: bool) -> tuple[int, tuple[str, ...], tuple] | None:
    """Cheapest path (Dijkstra): (MP, places, closures passed); ``strict`` skips closed steps."""
    first = (start, "")
    dist = {first: (0, 0)}
    parent: dict[tuple[str, str], tuple[tuple[str, str], tuple[str, str] | None]] = {}
    heap = [(0, 0, first)]
    while heap:
        d, length, node = heapq.heappop(heap)
        if (d, length) > dist.get(node, (1 << 30, 0)):
            continue
        if node[0] == end:
            path, closures = [node], []
            while path[-1] in parent:
                prev, why = parent[path[-1]]
                if why:
                    closures.append(why)
                path.append(prev)
            return d, tuple(n[0] for n in reversed(path)), tuple(reversed(closures))
        for nxt, cost, why in graph.steps(node, end):
            if strict and why is not None:
                continue
            nd = (d + cost, length + 1)
            if nd < dist.get(nxt, (1 << 30, 0)):
                dist[nxt] = nd
                parent[nxt] = (node, why)
                heapq.heappush(heap, (nd[0], nd[1], nxt))
    return None


def naval_path(
    sit: Situation, unit: Unit, start: str, end: str, *, mp: int, costs: MoveCosts | None = None
) -> NavalPath:
    """The cheapest naval path from ``start`` to ``end`` (port hex, "SZ n" or box code) for a
    unit, and whether it is within ``mp`` and the rules. Where the path may end (a friendly port
    or a Map Box, 4.2.4) is the caller's check (``placement.unit_placement``)."""
    costs = costs or sit.pack.costs
    graph = _Graph(sit, unit, costs)
    if start == end:
        return NavalPath(True, (start,), 0, mp, (), 0)
    legal = _search(graph, start, end, strict=True)
    if legal is not None and legal[0] <= mp:
        return NavalPath(True, legal[1], legal[0], mp, (), legal[0])
    loose = _search(graph, start, end, strict=False)
    cheapest = legal[0] if legal is not None else None
    if loose is not None and loose[2] and loose[0] <= mp:
        # the way within reach is closed: say why, and what the open way would cost
        extra = (
            ()
            if legal is None
            else (("4.2.1", f"the open way {'-'.join(legal[1])} costs {legal[0]} MP, {mp} allowed"),)
        )
        return NavalPath(False, loose[1], loose[0], mp, loose[2] + extra, cheapest)
    if legal is not None:
        return NavalPath(
            False,
            legal[1],
            legal[0],
            mp,
            (("4.2.1", f"the cheapest naval path {'-'.join(legal[1])} costs {legal[0]} MP, {mp} allowed"),),
            legal[0],
        )
    if loose is None:
        return NavalPath(False, (), 0, mp, (("4.2.4", f"no naval path leads from {start} to {end}"),), None)
    return NavalPath(False, loose[1], loose[0], mp, loose[2] or (("4.2.4", "no legal naval path"),), None)


def zones_within(sit: Situation, place: str, n: int, *, straits: bool = True, canals: bool = True) -> frozenset[int]:
    """The Sea Zones within a range of ``n`` Sea Zones of a place, its own zones counting as the
    first (1.4); a range crosses straits and canals unless told not to (naval interception:
    6.4.3.1). A Map Box counts as one step to the zones it lists (6.4.3.2, 6.3.2.2)."""
    if n <= 0:
        return frozenset()
    found = set(zones_of(sit, place))
    frontier = set(found)
    for _ in range(n - 1):
        nxt = set()
        for zone in frontier:
            for link in sit.map.links:
                if zone not in (link.a, link.b):
                    continue
                if (link.kind == "strait" and not straits) or (link.kind == "canal" and not canals):
                    continue
                other = link.b if link.a == zone else link.a
                if other not in found:
                    nxt.add(other)
        found |= nxt
        frontier = nxt
    return frozenset(found)
