"""Amphibious Invasion (6.3.2): which hexes a ground unit stacked with a convoy may invade.

A force (a ground unit and a convoy, both under 6 Sorties, stacked in a port or a Map Box) may
invade a coastal hex that holds a port or is next to one in the same Sea Zone, across a hexside
ground units may cross, in a Sea Zone holding a friendly Surprise Attack marker placed in Sea
Zone mode. The Axis and the Soviets reach only the Sea Zone the force is in; the Western faction
that zone or an adjacent one, and from a Map Box a zone the box lists (6.3.2.2). No friendly
ground unit in the hex, no Severe weather there, no Faded Dot hex (1.3.2), no hex ground units
may not enter; a strait on the way only with a friendly city, fort or unit in one of its hexes and
no enemy one in either, unless the force starts in a strait hex (6.3.2.1).

A save does not say whether a Surprise Attack marker on a coastal hex was declared in its hex
or in its Sea Zone (14.17): one on a water hex is in its Sea Zone; one on a coastal hex is taken
as if declared in its Sea Zone, and the reason says so.

    invasion_problems(sit, ground, convoy, target) -> [(rule, reason)]       empty: it may invade
    surprise_markers(sit, faction) -> ((marker id, Sea Zones), ...)        one invasion each (6.3.2.5)
    invasion_targets(sit, ground, convoy) -> tuple[Target, ...]              every hex it may invade
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from records import frozen
from wargame.rules.position import Unit
from wargame.rules.use.naval import zones_of

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation

Problem = tuple[str, str]
SURPRISE_ATTACK = "Surprise Attack"


@frozen
class Target:
    hex: str
    zones: tuple[int, ...]
    note: str = ""


def surprise_zones(sit: Situation, faction: str) -> dict[int, str]:
    """Sea Zone -> a note, for each zone holding a friendly Surprise Attack marker (14.17)."""
    out: dict[int, str] = {}
    for m in sit.pos.markers:
        if m.name != SURPRISE_ATTACK or not m.hex or m.faction != faction:
            continue
        info = sit.map.hexes[m.hex]
        for z in info.seazones:
            note = "" if info.is_water else f"the Surprise Attack marker in {m.hex} taken as placed in its Sea Zone"
            if z not in out or not note:
                out[z] = note
    return out


def surprise_markers(sit: Situation, faction: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(marker id, Sea Zones) of each friendly Surprise Attack marker a Sea Zone may hold: each
    allows one invasion into the zone it was declared in (6.3.2.5, 14.17)."""
    return tuple(
        (m.id, sit.map.hexes[m.hex].seazones)
        for m in sit.pos.markers
        if m.name == SURPRISE_ATTACK and m.hex and m.faction == faction and sit.map.hexes[m.hex].seazones
    )


def reach_zones(sit: Situation, faction: str, place: str) -> frozenset[int]:
    """The Sea Zones a force at ``place`` may invade into (6.3.2.2)."""
    own = zones_of(sit, place)
    if faction != "western":
        return frozenset(own) if place[:1].isdigit() else frozenset()
    if place in sit.map.boxes:
        return frozenset(own)
    out = set(own)
    for z in own:
        for link in sit.map.links:
            if z in (link.a, link.b) and link.kind != "canal":
                out.add(link.b if link.a == z else link.a)
    return frozenset(out)


def _strait_ok(sit: Situation, via: str, faction: str, start: str) -> str | None:
    hexes = [h for h in via.split("/") if h in sit.map.hexes]
    if start in hexes:
        return None  # a force starting in a strait hex does not cross it (6.3.2.1)
    enemy = [
        h for h in hexes if sit.enemy_city(h, faction) or sit.enemy_fort(h, faction) or sit.unit_factions(h) - {faction}
    ]
    if enemy:
        return f"an enemy city, fort or unit in {enemy[0]}"
    friendly = [
        h
        for h in hexes
        if sit.friendly_city(h, faction) or sit.fort_faction(h) == faction or faction in sit.unit_factions(h)
    ]
    if not friendly:
        return "no friendly city, fort or unit in either of its hexes"
    return None


def _path_problem(sit: Situation, faction: str, place: str, zone: int) -> str | None:
    own = zones_of(sit, place)
    if zone in own:
        return None
    reasons = []
    for z in own:
        link = sit.map.zone_link(z, zone)
        if link is None or link.kind == "canal":
            continue
        if link.kind != "strait":
            return None
        why = _strait_ok(sit, link.via, faction, place)
        if why is None:
            return None
        reasons.append(f"the strait {link.via} ({link.note or 'strait'}): {why}")
    return "; ".join(reasons) or f"Sea Zone {zone} is out of reach"


def _port_problem(sit: Situation, target: str, zones: frozenset[int]) -> str | None:
    if target in sit.ports:
        return None
    g = sit.map.grid
    shared = False
    for n in g.neighbours(g.parse(target)):
        nid = g.hex_id(n)
        if nid not in sit.ports or not set(sit.port_zones(nid)) & zones:
            continue
        shared = True
        if not sit.side_barred(target, nid):
            return None
    if shared:
        return "it shares only ground-prohibited hexsides with the ports next to it (6.3.2.5)"
    return "it holds no port and no port of the same Sea Zone is next to it"


def invasion_problems(sit: Situation, ground: Unit, convoy: Unit, target: str) -> list[Problem]:
    out: list[Problem] = []
    f = ground.faction
    place = ground.where
    if ground.kind != "ground" or convoy.type != "convoy":
        return [("6.3.2", "an invasion is made by a ground unit stacked with a convoy")]
    if convoy.where != place or convoy.faction != f:
        out.append(("6.3.2", f"{ground.label} is not stacked with the friendly convoy {convoy.label}"))
    if convoy.sorties >= 6:
        out.append(("6.3.2", f"{convoy.label} has 6 Sorties and cannot be activated (1.5)"))
    if target not in sit.map.hexes:
        return out + [("6.3.2", f"{target} is not a hex")]
    info = sit.map.hexes[target]
    if not info.is_coastal:
        return out + [("6.3.2", f"{target} is not a coastal hex")]
    zones = frozenset(info.seazones) & reach_zones(sit, f, place)
    if not zones:
        out.append(
            (
                "6.3.2.2",
                f"{target}'s Sea Zones ({', '.join(map(str, info.seazones))}) are out of "
                f"{f.capitalize()} invasion range from {place}",
            )
        )
    marked = surprise_zones(sit, f)
    with_marker = [z for z in sorted(zones) if z in marked]
    if zones and not with_marker:
        out.append(("6.3.2", f"no friendly Surprise Attack marker in Sea Zone {' or '.join(map(str, sorted(zones)))}"))
    port = _port_problem(sit, target, frozenset(info.seazones))
    if port:
        out.append(("6.3.2.1", f"{target}: {port}"))
    if info.faded_dot:
        out.append(("1.3.2", f"{target} is a Faded Dot hex"))
    if sit.weather(target) == "Severe":
        out.append(("6.3.2.1", f"{target} has Severe weather"))
    if any(u.kind == "ground" and u.faction == f for u in sit.pos.units_in(target)):
        out.append(("6.3.2.1", f"{target} holds a friendly ground unit"))
    barred = sit.move_barred(target, f, ground.nationality)
    if barred and barred[0] != "1.3.2":
        out.append((barred[0], f"{target}: {barred[1]}"))
    if with_marker:
        why = [_path_problem(sit, f, place, z) for z in with_marker]
        if all(why):
            out.append(("6.3.2.1", f"no invasion path: {why[0]}"))
    return out


def invasion_targets(sit: Situation, ground: Unit, convoy: Unit) -> tuple[Target, ...]:
    """Every hex the force may invade now, with the note that qualifies it (if any)."""
    zones = reach_zones(sit, ground.faction, ground.where)
    marked = surprise_zones(sit, ground.faction)
    out = []
    for hid, info in sorted(sit.map.hexes.items()):
        if not info.is_coastal or not set(info.seazones) & zones:
            continue
        if invasion_problems(sit, ground, convoy, hid):
            continue
        notes = sorted({marked[z] for z in info.seazones if marked.get(z)})
        out.append(Target(hid, tuple(sorted(set(info.seazones) & zones)), "; ".join(notes)))
    return tuple(out)
