"""Air movement (4.2.2) and the ranges of air missions (6.2, 14.1, 14.17).

An air unit moves hex to adjacent hex, one MP a hex whatever the terrain (our reading of the
10.3 example: "moves 10 hexes"; movement.toml ``air_hex``), over water and Faded Dot hexes and
through hexes holding enemy counters (3.3). It may not enter a prohibited country (1.3.8), a
neutral country (2.1.1.1), a USSR restricted hex unless it is a USSR unit (1.3.10), or a country
a policy bars to it (10.3.2, 10.3.4-10.3.6). USSR air units move between the east map edge and
the Central Russia Box (4.2.2). Where a move may end is ``placement.unit_placement``.

Missions that trace an air movement path to their target count its hexes against their range
(rules.toml [ranges]): Air Strike 7, Air Support 5, Bombing Run 20, Airdrop 3, Air
Interception 5; the Surprise Attack marker's reach (2) is a plain hex range (1.4).

    air_barred(sit, hex, unit) -> (rule, reason) | None
    air_path(sit, unit, start, end, *, mp=None, costs=None) -> AirPath
    mission_reach(sit, unit, target, mission) -> AirPath          a mission's path against its range
    air_sea_zones(sit, hex) -> frozenset[int]                     where a fighter escorts and intercepts at sea
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from records import frozen
from wargame.rules.position import Unit

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation
    from wargame.rules.use.movement import MoveCosts

CENTRAL_RUSSIA = "CRU"
PATH_MISSIONS = {  # mission -> rule; each traces an air movement path to its target
    "air_strike": "6.2.2",
    "air_support": "6.2.3",
    "bombing_run": "6.2.6",
    "airdrop": "14.1",
    "air_interception": "6.2.5.2",
}
PLAIN_MISSIONS = {"surprise_attack": "14.17"}  # a hex range, no path


def air_barred(sit: Situation, hex_id: str, unit: Unit) -> tuple[str, str] | None:
    info = sit.map.hexes[hex_id]
    if info.prohibited:
        return ("1.3.8", f"{hex_id} is in a prohibited country")
    if info.restricted and unit.nationality != "USSR":
        return ("1.3.10", f"{hex_id} is a USSR restricted hex")
    if sit.neutral(hex_id):
        return ("2.1.1.1", f"{hex_id} is in the neutral country {sit.owner(hex_id)}")
    return sit.policy_barred(hex_id, unit.faction, unit.nationality) or sit.cooperation_barred(
        hex_id, unit.faction, unit.nationality
    )


@frozen
class AirPath:
    """``legal``: a path within the rules and the MP (or range) exists; ``path`` the shortest
    such path (hex ids, "CRU"); ``hexes`` the hexes it enters; ``problems`` (rule, reason);
    ``shortest`` the length of the shortest allowed path whatever the limit (None: none)."""

    legal: bool
    path: tuple[str, ...]
    hexes: int
    limit: int
    problems: tuple[tuple[str, str], ...]
    shortest: int | None


def _neighbours(sit: Situation, place: str, unit: Unit) -> list[str]:
    if place == CENTRAL_RUSSIA:
        return sorted(sit.east_edge) if unit.nationality == "USSR" else []
    g = sit.map.grid
    out = [n for n in (g.hex_id(x) for x in g.neighbours(g.parse(place))) if n in sit.map.hexes]
    if unit.nationality == "USSR" and place in sit.east_edge and CENTRAL_RUSSIA in sit.map.boxes:
        out.append(CENTRAL_RUSSIA)
    return out


def air_path(
    sit: Situation,
    unit: Unit,
    start: str,
    end: str,
    *,
    mp: int | None = None,
    costs: MoveCosts | None = None,
    rule: str = "4.2.1",
) -> AirPath:
    """The shortest air movement path from ``start`` to ``end`` (breadth first: every hex costs
    the same), and whether it fits ``mp`` (default: the unit's MP, 4.2)."""
    costs = costs or sit.pack.costs
    if mp is None:
        from wargame.rules.use.movement import movement_points

        mp = movement_points(unit.type, unit.supply, costs)
    step = max(1, costs.air_hex)
    if start == end:
        return AirPath(True, (start,), 0, mp, (), 0)
    if end != CENTRAL_RUSSIA and end in sit.map.hexes:
        why = air_barred(sit, end, unit)
        if why is not None:
            return AirPath(False, (), 0, mp, ((why[0], f"{end} may not be entered: {why[1]}"),), None)
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    blocked: dict[str, tuple[str, str]] = {}
    while queue:
        here = queue.popleft()
        if here == end:
            break
        for nxt in _neighbours(sit, here, unit):
            if nxt in parent:
                continue
            if nxt != CENTRAL_RUSSIA:
                why = air_barred(sit, nxt, unit)
                if why is not None:
                    blocked.setdefault(nxt, why)
                    continue
            parent[nxt] = here
            queue.append(nxt)
    if end not in parent:
        why = blocked.get(end)
        problems = (
            ((why[0], f"{end} may not be entered: {why[1]}"),)
            if why
            else (("4.2.2.1", f"no air movement path leads from {start} to {end} around prohibited hexes"),)
        )
        return AirPath(False, (), 0, mp, problems, None)
    path = [end]
    while (previous := parent[path[-1]]) is not None:
        path.append(previous)
    path.reverse()
    length = (len(path) - 1) * step
    if length > mp:
        return AirPath(
            False,
            tuple(path),
            length,
            mp,
            (
                (
                    rule,
                    f"the shortest air path from {start} to {end} enters {length // step} hexes "
                    f"({length} MP), {mp} allowed",
                ),
            ),
            length,
        )
    return AirPath(True, tuple(path), length, mp, (), length)


def air_sea_zones(sit: Situation, hex_id: str) -> frozenset[int]:
    """The Sea Zones where a fighter in ``hex_id`` escorts naval units and intercepts naval
    movement and sea traces: those of its coastal hex or port (6.2.4.2, 6.2.5.2); none inland."""
    if sit.map.hexes[hex_id].is_water:
        return frozenset()
    return frozenset(sit.port_zones(hex_id))  # an inland port's zone too (London, 1.3.6)


def mission_range(sit: Situation, mission: str) -> int:
    ranges = sit.pack.toml("rules.toml").get("ranges", {})
    return int(ranges[mission])


def mission_reach(sit: Situation, unit: Unit, target: str, mission: str) -> AirPath:
    """Can ``unit`` reach ``target`` with the mission (a key of rules.toml [ranges])? Path
    missions trace an air movement path of at most the range in hexes; the Surprise Attack
    marker's reach is a plain hex range counted from its hex (1.4)."""
    limit = mission_range(sit, mission)
    start = unit.hex or unit.box or ""
    if mission in PLAIN_MISSIONS or not unit.hex:
        g = sit.map.grid
        if not unit.hex:
            return AirPath(
                False,
                (),
                0,
                limit,
                ((PLAIN_MISSIONS.get(mission, PATH_MISSIONS.get(mission, "1.4")), f"{unit.label} is not in a hex"),),
                None,
            )
        d = g.distance(g.parse(unit.hex), g.parse(target))
        ok = d <= limit
        problems = () if ok else ((PLAIN_MISSIONS[mission], f"{target} is {d} hexes away, the range is {limit}"),)
        return AirPath(ok, (unit.hex, target), d, limit, problems, d)
    found = air_path(sit, unit, start, target, mp=limit, costs=_unit_cost(sit), rule=PATH_MISSIONS[mission])
    return found


def _unit_cost(sit: Situation) -> MoveCosts:
    """Costs with one step a hex: a mission's range counts hexes, not MP (1.4)."""
    from dataclasses import replace

    return replace(sit.pack.costs, air_hex=1)
