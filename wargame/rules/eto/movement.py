"""Land movement (24.0-25.4, 30.0-31.3, 1.2-1.5, 33.1, 42.5, 45.4) as a search: can a unit
get from one hex to another this phase, given what it already did, and if not, why not.

    allowance(sit, unit, phase, supplied) -> int        its movement allowance now
    Leg(...)                                            what a unit did so far this phase
    ground_move(sit, zoc, unit, leg, to, phase) -> MoveResult
    rail_move(sit, zoc, unit, to) -> MoveResult         31.2, 31.3

Every hex costs one MP (24.0). A path never enters a hex a land unit may not (water, all-lake,
Switzerland; armour: marsh), crosses a hexside it may not (impassable, all sea without a ferry,
a lake unless frozen), enters an enemy fortification's hex or an enemy fortified hex across its
fortress hexside (24.1), a hex holding enemy units, or a hex holding the other allied
partnership's units (42.5). In the Movement phase no unit crosses into a neutral country (30.2).

Enemy ZOC (25.2-25.4, 30.1; the other allied partnership's ZOC counts, 42.5): infantry stops on
entering it; having started the phase in it, it leaves only if its first hex is free of it; in
forest it may slip once to another forest hex in enemy ZOC and stop there (not across a frozen
lake). Armour entering it may move one hex more, then stops (our reading); having started in it
and first entering another, it stops there. HQs and generals enter it only where a friendly land
unit stands (in the Movement phase they stop there). Partisans ignore it and move one hex.

Weather halves the allowance of infantry and armour, rounded up, when the path enters a hex
whose zone has mud or winter, except on the road net (1.2-1.4). Unsupplied at the start of a
move (33.1): infantry and paratroops 2 (1 in mud or winter), armour 1; a unit in a city is
exempt until marked (33.0).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

from records import frozen
from wargame.rules.eto.ground import Situation
from wargame.rules.eto.zoc import impeding
from wargame.rules.position import Unit
from wargame.rules.results import Zoc

__all__ = ["Leg", "MoveResult", "allowance", "ground_move", "rail_move"]

INFANTRY = ("infantry", "paratroop")
COMMAND = ("hq", "general")


@frozen
class Leg:
    """A unit's movement so far this phase: where it began, MP used, whether a slow (mud or
    winter) hex was entered, and its ZOC state: ``start`` (has not moved; ``in_ezoc`` says if it
    began in enemy ZOC), ``free``, ``slip`` (infantry in forest EZOC: one forest hex more),
    ``extra`` (armour: one hex more), ``stop``."""

    start: str
    used: int = 0
    slowed: bool = False
    state: str = "start"
    path: tuple[str, ...] = ()


@frozen
class MoveResult:
    legal: bool
    leg: Leg | None = None
    path: tuple[str, ...] = ()
    why: str = ""
    rule: str = ""


def allowance(sit: Situation, unit: Unit, phase: str, supplied: bool, slow: bool = False) -> int:
    """The unit's movement allowance (MP) this phase before weather: the counter's (or the
    pack's default), HQs and generals by phase (23.2, 30.1), unsupplied caps (33.1)."""
    data = sit.data
    if unit.type == "hq":
        return data.hq_ma.get(phase, max(data.hq_ma.values()))
    if unit.type == "general":
        return data.general_ma
    ma = _printed(sit, unit)
    if not supplied and unit.type in data.oos_ma:
        cap = (data.oos_ma_slow if slow else data.oos_ma)[unit.type]
        ma = min(ma, cap)
    return ma


def _printed(sit: Situation, unit: Unit) -> int:
    content = sit.pack.game.content()
    u = content.units.get(unit.key)
    factors = (u.back if unit.reduced and u.back else u.front) if u is not None else ""
    try:
        return int(factors.split("-")[1])
    except (IndexError, ValueError):
        return sit.data.default_ma.get(unit.type, 3)


def _ezoc(zoc: Zoc, hex_id: str, against: frozenset[str]) -> bool:
    return any(f in against for _uid, f in zoc.by_hex.get(hex_id, ()))


def _barred(sit: Situation, unit: Unit, a: str, b: str, code: str, phase: str) -> str:
    """Why the unit may not step from a into b, or "" (24.1, 30.2, 42.5)."""
    if not sit.crossable(code):
        return {"lake": "a lake hexside (unfrozen)", "closed": "an impassable or all-sea hexside"}.get(code, code)
    if not sit.can_stand(b, unit.type if unit.type not in COMMAND else "infantry"):
        info = sit.map.hexes.get(b)
        return (
            "a hex no land unit enters"
            if info is None
            or not info.is_land
            or info.country in sit.data.no_entry_countries
            or info.features & sit.data.closed_hexes
            else f"{info.terrain} (armour)"
        )
    if sit.enemy_fort(b, unit.faction):
        return "an enemy fortification"
    if sit.enemy_fortress(a, b, unit.faction):
        return "an enemy fortress hexside"
    others = sit.factions_in(b) - {unit.faction}
    if any(sit.pack.enemies(f, unit.faction) for f in others):
        return "enemy units"
    if any(sit.pack.separate(f, unit.faction) for f in others):
        return "the other allied partnership's units (42.5)"
    if phase == sit.data.movement_phase and _neutral_entry(sit, a, b):
        return "a neutral border in the Movement phase (30.2)"
    return ""


def _neutral_entry(sit: Situation, a: str, b: str) -> bool:
    ia, ib = sit.map.hexes.get(a), sit.map.hexes.get(b)
    if ia is None or ib is None or ia.country == ib.country:
        return False
    return sit.pos.state.status(ib.country) == "neutral" and b not in sit.control


def _friendly_land(sit: Situation, hex_id: str, faction: str, also: Situation | None) -> bool:
    for s in (sit, also) if also is not None else (sit,):
        if any(u.faction == faction and u.type not in COMMAND for u in s.ground_units(hex_id)):
            return True
    return False


def _step(
    sit: Situation,
    zoc: Zoc,
    unit: Unit,
    leg: Leg,
    h: str,
    n: str,
    code: str,
    against: frozenset[str],
    phase: str,
    after: Situation | None,
) -> tuple[Leg | None, str]:
    """The leg after stepping from h into n, or (None, why not)."""
    if leg.state == "stop":
        return None, "it had to stop in enemy ZOC (25.2-25.4)"
    why = _barred(sit, unit, h, n, code, phase)
    if why:
        return None, why
    into = _ezoc(zoc, n, against)
    here = _ezoc(zoc, h, against)
    info = sit.map.hexes[n]
    forest = info.terrain == sit.data.forest
    used = leg.used + 1
    slowed = leg.slowed or sit.slow(n)
    state = leg.state
    if unit.type == "partisan":
        new = "stop"
    elif unit.type in COMMAND:
        if into and not _friendly_land(sit, n, unit.faction, after):
            return None, "an HQ or general enters enemy ZOC only where a friendly land unit stands (23.2, 30.1)"
        new = "stop" if into and phase == sit.data.movement_phase else "free"
    elif unit.type == "armor":
        if state == "extra":
            new = "stop"
        elif state == "start" and here and into:
            new = "stop"  # 25.3: from EZOC straight into EZOC: that one hex only
        else:
            new = "extra" if into else "free"
    else:  # infantry, paratroops (25.2)
        if state == "slip":
            if not (into and forest and code != "lake"):
                return None, "from forest in enemy ZOC only one more forest hex in enemy ZOC (25.2)"
            new = "stop"
        elif state == "start" and here and into:
            if not (forest and sit.map.hexes[h].terrain == sit.data.forest and code != "lake"):
                return None, "infantry leaving enemy ZOC must first enter a hex free of it (25.2)"
            new = "stop"
        elif into:
            new = "slip" if forest else "stop"
        else:
            new = "free"
    return Leg(leg.start, used, slowed, new, leg.path + (n,)), ""


def ground_move(
    sit: Situation, zoc: Zoc, unit: Unit, leg: Leg, to: str, phase: str, ma: int, after: Situation | None = None
) -> MoveResult:
    """The cheapest legal continuation of ``leg`` from the unit's hex to ``to`` within ``ma``
    (halved when a slow hex is entered, unless the unit ignores weather), or why there is none."""
    if leg.state == "stop":
        rule = (
            "25.3"
            if unit.type == "armor"
            else "23.2"
            if unit.type in COMMAND
            else "45.4"
            if unit.type == "partisan"
            else "25.2"
        )
        why = (
            "a partisan moves one hex a turn (45.4)"
            if unit.type == "partisan"
            else "it had to stop in enemy ZOC (25.2-25.4, 30.1)"
        )
        return MoveResult(False, why=why, rule=rule)
    against = impeding(sit.pack, unit.faction) if unit.type != "partisan" else frozenset()
    weathered = unit.type not in COMMAND and unit.type != "partisan"
    half = (ma + 1) // 2
    start = unit.hex or ""
    best: dict[tuple[str, str, bool], int] = {}
    queue: deque[tuple[str, Leg]] = deque([(start, leg)])
    found: list[Leg] = []
    last_why = "no path within its movement allowance"
    while queue:
        h, now = queue.popleft()
        for n, code in sit.terrain.sides.get(h, ()):
            nxt, why = _step(sit, zoc, unit, now, h, n, code, against, phase, after)
            if nxt is None:
                if n == to:
                    last_why = why
                continue
            limit = half if (weathered and nxt.slowed) else ma
            if nxt.used > limit:
                if n == to:
                    last_why = f"{nxt.used} MP needed, {limit} allowed" + (
                        " (halved by mud or winter, 1.2)" if limit != ma else ""
                    )
                continue
            key = (n, nxt.state, nxt.slowed)
            if best.get(key, 99) <= nxt.used:
                continue
            best[key] = nxt.used
            if n == to:
                found.append(nxt)
            queue.append((n, nxt))
    if not found:
        return MoveResult(False, why=last_why, rule=_rule_of(last_why))
    order = {"free": 0, "extra": 1, "slip": 2, "start": 3, "stop": 4}
    chosen = min(found, key=lambda lg: (order[lg.state], lg.slowed, lg.used, lg.path))
    return MoveResult(True, chosen, chosen.path)


def _rule_of(why: str) -> str:
    if "25." in why:
        return "25.2" if "infantry" in why else "25.3" if "armour" in why else "25.2"
    if "23.2" in why:
        return "23.2"
    if "30.2" in why:
        return "30.2"
    if "42.5" in why:
        return "42.5"
    if "MP" in why or "allowance" in why:
        return "1.2" if "halved" in why else "24.0"
    return "24.1"


def rail_move(sit: Situation, zoc: Zoc, unit: Unit, to: str) -> MoveResult:
    """31.2, 31.3: not starting in enemy ZOC, through friendly-controlled hexes only, never
    across a lake, impassable or all-sea hexside (ferries allowed), ending on entering enemy
    ZOC, along a shortest such route. Capacity and the country whose points it uses are not
    judged (the log does not say which nation's points a move spends)."""
    if unit.type not in sit.data.rail_types:
        return MoveResult(False, why=f"a {unit.type} does not move by rail (31.1)", rule="31.1")
    against = impeding(sit.pack, unit.faction)
    start = unit.hex or ""
    if _ezoc(zoc, start, against):
        return MoveResult(False, why="a rail move may not start in enemy ZOC (31.3)", rule="31.3")
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if h != start and _ezoc(zoc, h, against):
            continue  # the move ends on entering enemy ZOC
        for n in sit.land_neighbours(h, rail=True):
            if n in parent or not sit.friendly(n, unit.faction) or sit.enemy_units(n, unit.faction):
                continue
            if any(sit.pack.separate(f, unit.faction) for f in sit.factions_in(n)):
                continue
            parent[n] = h
            queue.append(n)
    if to not in parent:
        return MoveResult(
            False,
            why="no rail route through friendly hexes reaches it, or one would have "
            "stopped on entering enemy ZOC first (31.3)",
            rule="31.3",
        )
    path = [to]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])  # type: ignore[arg-type]
    return MoveResult(True, Leg(start, 0, False, "stop", tuple(reversed(path[:-1]))), tuple(reversed(path)))


def fresh(unit: Unit) -> Leg:
    return Leg(unit.hex or "")


def continued(leg: Leg, **changes: Any) -> Leg:
    return replace(leg, **changes)
