"""Stacking (24.2, 42.4, 42.5, 45.6) and where units may stand (24.1, 7.7, 13.2-13.4, 45.4),
with what a scenario setup must also respect (the scenario book's set-up rules).

    stacking_findings(sit) -> [Finding]
    placement_findings(sit) -> [Finding]
    setup_findings(sit) -> [(piece id, rule, problem)]
    air_bases(sit, hex) -> int        the airbases a hex holds (13.2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from wargame.rules import Finding
from wargame.rules.eto.ground import Situation
from wargame.rules.position import Unit

__all__ = ["air_bases", "placement_findings", "setup_findings", "stacking_findings"]

SETUP = "Scn"  # the scenario book's general set-up rules (before Scenario 1)


def _finding(
    rule: str, check: str, faction: str, units: Iterable[Unit], place: str, reason: str, severity: str = "problem"
) -> Finding:
    return Finding(rule, check, faction, tuple(sorted(u.id for u in units)), (place,), reason, severity=severity)


def city_resource(sit: Situation, hex_id: str) -> bool:
    """A city in a resource hex (24.2: three land units; 32.1: a supply source)."""
    info = sit.map.hexes.get(hex_id)
    return info is not None and info.has("resource") and bool(sit.map.cities_in(hex_id))


def stacking_findings(sit: Situation) -> list[Finding]:
    data = sit.data
    pack = sit.pack
    out: list[Finding] = []
    for place in sit.pos.occupied:
        if place not in sit.map.hexes:
            continue  # a Map Box holds any number (7.8)
        units = sit.pos.units_in(place)
        factions = sorted({u.faction for u in units if u.faction})
        for i, a in enumerate(factions):
            for b in factions[i + 1 :]:
                if pack.enemies(a, b):
                    out.append(_finding("24.2", "stacking", a, units, place, f"{a} and {b} units share the hex"))
                elif pack.separate(a, b):
                    out.append(
                        _finding("42.5", "stacking", a, units, place, f"{a} and {b} units may never share a hex")
                    )
        land = [u for u in units if u.kind == "ground" and u.type in data.stack_types]
        limit = data.stack_limit_city_resource if city_resource(sit, place) else data.stack_limit
        if land and all(u.nationality == data.soviet_nation for u in land):
            limit += data.soviet_bonus
        if len(land) > limit:
            out.append(
                _finding(
                    "24.2",
                    "stacking",
                    land[0].faction,
                    land,
                    place,
                    f"{len(land)} land units stacked, at most {limit} here",
                )
            )
        nations = {u.nationality for u in land}
        for a, b in data.never_together:
            if a in nations and b in nations:
                out.append(
                    _finding(
                        "42.4",
                        "stacking",
                        land[0].faction,
                        land,
                        place,
                        f"{a} and {b} land units may not stack together",
                    )
                )
        for p in (u for u in units if u.type in data.lone_types):
            friends = [u for u in land if u.faction == p.faction]
            if friends:
                out.append(
                    _finding(
                        "45.6",
                        "stacking",
                        p.faction,
                        [p, *friends],
                        place,
                        "a partisan stacked with a friendly land unit is eliminated",
                    )
                )
    return out


def air_bases(sit: Situation, hex_id: str) -> int:
    """13.2: one base per resource hex, city (ports too) and airfield marker; none while a
    destroyed-installation marker lies there (21.5)."""
    info = sit.map.hexes.get(hex_id)
    if info is None or not info.is_land:
        return 0
    keys = sit.marker_keys(hex_id)
    if keys & sit.data.destroyed_markers:
        return 0
    return (
        (1 if info.has("resource") else 0)
        + (1 if sit.map.cities_in(hex_id) else 0)
        + (1 if keys & sit.data.airfield_markers else 0)
    )


def placement_findings(sit: Situation) -> list[Finding]:
    out: list[Finding] = []
    for u in sit.pos.units:
        if not u.hex:
            continue
        info = sit.map.hexes.get(u.hex)
        if info is None:
            continue
        if info.country in sit.data.no_entry_countries:
            out.append(_finding("24.1", "placement", u.faction, [u], u.hex, f"no unit may enter {info.country}"))
        elif u.kind == "ground" and not sit.can_stand(u.hex, u.type):
            what = (
                "an all-sea or all-lake hex" if info.is_water or info.features & sit.data.closed_hexes else info.terrain
            )
            out.append(_finding("24.1", "placement", u.faction, [u], u.hex, f"a {u.type} unit in {what}"))
        elif u.kind == "naval" and info.kind == "land":
            out.append(_finding("7.3", "placement", u.faction, [u], u.hex, "a ship in an all-land hex"))
        elif u.type in sit.data.lone_types and not _home(sit, u):
            out.append(
                _finding(
                    "45.4", "placement", u.faction, [u], u.hex, f"a {u.nationality} partisan outside its home country"
                )
            )
    out += _air_findings(sit)
    return out


def _home(sit: Situation, u: Unit) -> bool:
    assert u.hex is not None  # placement_findings asks only of units on hexes
    info = sit.map.hexes[u.hex]
    if info.country == u.nationality:
        return True
    return u.nationality == sit.data.soviet_nation and (
        info.country in sit.data.soviet_countries or info.line in sit.data.soviet_lines
    )


def _air_findings(sit: Situation) -> list[Finding]:
    """13.2-13.4: air units on friendly airbases, one a base (two when overstacked, never more);
    naval air also on a carrier of its side in the hex, one a carrier (13.3)."""
    data = sit.data
    out: list[Finding] = []
    by_hex: dict[str, list[Unit]] = {}
    for u in sit.pos.units:
        if u.kind == "air" and u.hex is not None and u.hex in sit.map.hexes:
            by_hex.setdefault(u.hex, []).append(u)
    for place, air in sorted(by_hex.items()):
        for faction in sorted({u.faction for u in air}):
            mine = [u for u in air if u.faction == faction]
            carriers = sum(1 for u in sit.pos.units_in(place) if u.faction == faction and u.type in data.carriers)
            aboard = [u for u in mine if u.type in data.carried_types][:carriers]
            landed = [u for u in mine if u not in aboard]
            if not landed:
                continue
            bases = air_bases(sit, place)
            if bases == 0:
                out.append(
                    _finding(
                        "13.2",
                        "placement",
                        faction,
                        landed,
                        place,
                        "air units away from any airbase (a resource hex, city or airfield)",
                    )
                )
            elif sit.enemy_held(place, faction):
                out.append(
                    _finding("13.2", "placement", faction, landed, place, "air units on an airbase the enemy holds")
                )
            elif len(landed) > data.air_overstack * bases:
                out.append(
                    _finding(
                        "13.4",
                        "placement",
                        faction,
                        landed,
                        place,
                        f"{len(landed)} air units on {bases} base(s): never more than {data.air_overstack} a base",
                    )
                )
            elif len(landed) > bases:
                out.append(
                    _finding(
                        "13.4",
                        "placement",
                        faction,
                        landed,
                        place,
                        f"{len(landed)} air units on {bases} base(s): overstacked, allowed only "
                        "while fleeing a lost base or changing base",
                        severity="note",
                    )
                )
    return out


def setup_findings(sit: Situation, start: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """The scenario book's set-up rules beyond a position's: land units on their side's
    territory (``start``: the scenario's control before anyone moves, 24.4), ships in ports (or
    on the escort and strategic-warfare boxes a scenario allows), no port over its capacity
    (7.7), naval air units with their carriers, air units on airbases (the placement check)."""
    data = sit.data
    out: list[tuple[str, str, str]] = []
    for u in sit.pos.units:
        held = start.get(u.hex or "", "")
        if u.kind == "ground" and held and sit.pack.enemies(held, u.faction):
            out.append((u.id, SETUP, f"sets up in {u.hex}, which the scenario gives to the {held} side (24.4)"))
    ships: dict[str, list[Unit]] = {}
    for u in sit.pos.units:
        if u.kind == "naval":
            if u.box is not None:
                if u.box not in data.port_boxes and u.box not in data.sea_boxes:
                    out.append((u.id, SETUP, f"a ship set up in the {u.box} box, which is not a port"))
                ships.setdefault(u.box, []).append(u)
            elif u.hex is not None:
                if not _port_capacity(sit, u.hex):
                    out.append((u.id, SETUP, f"a ship set up at sea in {u.hex}: ships start in ports"))
                ships.setdefault(u.hex, []).append(u)
        elif u.kind == "air" and u.type in data.carried_types and _free_carrier(sit, u):
            carriers = [c for c in sit.pos.units_in(u.where) if c.faction == u.faction and c.type in data.carriers]
            if not carriers:
                out.append(
                    (
                        u.id,
                        SETUP,
                        f"naval air units start with their carriers, and one at "
                        f"{_free_carrier(sit, u)} has none aboard",
                    )
                )
    for place, here in sorted(ships.items()):
        cap = data.port_boxes.get(place, 0) if place not in sit.map.hexes else _port_capacity(sit, place)
        if cap and len(here) > cap:
            out += [(u.id, "7.7", f"{len(here)} ships set up in a port that holds {cap}") for u in here[cap:]]
    return out


def _free_carrier(sit: Situation, unit: Unit) -> str:
    """Where a carrier of the unit's side carries no naval air unit (13.3), or ""."""
    data = sit.data
    for place in sorted({c.where for c in sit.pos.units if c.faction == unit.faction and c.type in data.carriers}):
        here = sit.pos.units_in(place)
        carriers = sum(1 for c in here if c.faction == unit.faction and c.type in data.carriers)
        carried = sum(1 for c in here if c.faction == unit.faction and c.type in data.carried_types)
        if carried < carriers:
            return place
    return ""


def _port_capacity(sit: Situation, hex_id: str) -> int:
    info = sit.map.hexes.get(hex_id)
    if info is None:
        return 0
    return max((n for word, n in sit.data.ports.items() if info.has(word)), default=0)
