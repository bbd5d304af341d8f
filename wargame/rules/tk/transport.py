"""The moves that spend a unit's whole Movement Allowance (3.1.1-3.1.3): Port to Port across
Naval Zones, Off-Map Box to Off-Map Box, into and out of the Central Asia Box, onto and off a
Beachhead, a Marine's crossing, a canal.

    special_move(sit, zoc, unit, after, leg, reserve, canals) -> (Leg | None, why)

``after`` is the unit where the log put it; ``leg`` its move so far this phase. A procedure is
one a phase (3.1.4), so each of these asks that the unit has not moved yet, except leaving the
Central Asia Box, which costs 1 MP and lets it go on hex to hex with the rest (3.1.1).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.tk.ground import Situation
from wargame.rules.tk.movement import Leg, entry_barred, hex_move
from wargame.rules.tk.ports import Ports
from wargame.rules.tk.stacking import steps_of
from wargame.rules.tk.zoc import beachhead_sides

__all__ = ["special_move", "troop_convoys"]


def special_move(
    sit: Situation, zoc: Zoc, unit: Unit, after: Unit, leg: Leg, reserve: bool, canals: set[str]
) -> tuple[Leg | None, str]:
    fresh = leg.entered == 0 and not leg.procedure
    done = Leg(leg.start, 1 << 20, 1, "stop", (after.where,), "")
    a, b = unit.where, after.where
    boxes = sit.map.boxes
    if a in boxes and b in boxes:
        return _box_to_box(sit, unit, a, b, fresh, done)
    asia = next((x.code for x in boxes.values() if x.ground_edge), "")
    if b == asia and unit.hex:
        if not fresh or unit.hex not in sit.tables.edge or boxes[asia].friendly != unit.faction:
            return (
                None,
                "into the Central Asia Box only a Soviet unit that starts in an east-edge hex "
                "and has not moved (3.1.1)",
            )
        return replace(done, procedure="asia"), ""
    if a == asia and after.hex:
        return _out_of_asia(sit, zoc, unit, after.hex, fresh, reserve)
    port = _port_to_port(sit, zoc, unit, a, b, fresh, reserve)
    if port[0] is not None or not (unit.hex and after.hex):
        return port
    for attempt in (_beachhead, _marine, _canal):
        found, why = attempt(sit, zoc, unit, unit.hex, after.hex, fresh, reserve, canals)
        if found:
            return replace(done, procedure=found), ""
        if why:
            return None, why
    return None, port[1]


def _box_to_box(sit: Situation, unit: Unit, a: str, b: str, fresh: bool, done: Leg) -> tuple[Leg | None, str]:
    box = sit.map.boxes[a]
    if not fresh:
        return None, "a unit moves by one procedure a Movement Phase and has already moved (3.1.4)"
    if b not in box.adjacent_boxes or not sit.map.boxes[b].friendly:
        return None, f"the {box.name} is not adjacent to the {sit.map.boxes[b].name} (3.1.3)"
    return replace(done, procedure="box"), ""


def _out_of_asia(sit: Situation, zoc: Zoc, unit: Unit, to: str, fresh: bool, reserve: bool) -> tuple[Leg | None, str]:
    """3.1.1: placed on an east-edge hex with no enemy Air unit (in the Reserve Movement Phase
    not in an EZOC) for 1 MP, then on hex to hex with what is left."""
    from wargame.rules.tk.movement import allowance

    if not fresh:
        return None, "a unit leaves the Central Asia Box only at the start of its move (3.1.1)"
    ma = allowance(sit, unit)
    why = "no east-edge hex it may be placed on reaches it"
    for e in sorted(sit.tables.edge):
        if sit.has_enemy_unit(e, unit.faction, kinds=("air",)) or sit.has_enemy_unit(e, unit.faction):
            continue
        if reserve and zoc.ezoc(e, unit.faction):
            continue
        placed = Leg("CAS", 2, 1, "free", (e,), "hex")
        if e == to:
            return placed, ""
        result = hex_move(sit, zoc, replace(unit, hex=e, box=None), placed, to, reserve, ma)
        if result.legal and result.leg is not None:
            return result.leg, ""
        why = result.why
    return None, f"out of the Central Asia Box: {why} (3.1.1)"


def troop_convoys(sit: Situation, zone: int, unit: Unit) -> tuple[str, ...]:
    """The Troop Convoys in the zone's Convoys box that may carry the unit (3.1.2, 13.6.1.1)."""
    tr, sup = sit.data["transport"], sit.data["supply"]
    box = next(
        (
            b.code
            for b in sit.map.boxes.values()
            if b.code.endswith(sup["convoys_box_suffix"]) and b.adjacent_zones == (zone,)
        ),
        "",
    )
    out = []
    design = sit.pack.game.content().units.get(unit.key)
    exp = design is not None and design.id in sit.data["stacking"]["exp_ids"]
    one_step = steps_of(sit, unit) == 1
    major = {k for k, n in sit.pack.game.content().nations.items() if n.major}
    for m in sit.pos.markers_in(box) if box else ():
        if m.flipped or m.faction != unit.faction or not any(m.key.startswith(p) for p in sup["convoy_prefixes"]):
            continue
        if m.key == tr["fleet_train"]:
            if unit.nationality == tr["fleet_train_nation"]:
                out.append(m.id)
            continue
        if one_step and _carries(m.key, m.nationality, unit, exp, major, tr) and _pac_ok(sit, unit, m.nationality):
            out.append(m.id)
    return tuple(out)


def _carries(key: str, nat: str, unit: Unit, exp: bool, major: set[str], tr: Any) -> bool:
    """3.1.2: whom a Troop Convoy of that nation (or a Scratch Convoy) carries."""
    if exp or key.startswith(tr["scratch_prefix"]) or nat in tr["any_of_faction"]:
        return True
    if nat == unit.nationality:
        return True
    return nat not in tr["own_only"] and nat not in major and unit.nationality in major


def _pac_ok(sit: Situation, unit: Unit, convoy_nation: str) -> bool:
    """13.6.1.1: an Allied unit at War uses no PAC's convoy; a PAC unit only its own nation's in
    Pre-War, else one under the same Policy."""
    mine, theirs = (
        sit.policy_of(unit.nationality),
        sit.policy_of(convoy_nation) if convoy_nation else "",
    )
    if not mine:
        return not theirs or unit.faction == sit.data["country"]["conqueror"]
    if sit.war_state == "pre-war":
        return convoy_nation == unit.nationality
    return theirs == mine


def _port_to_port(
    sit: Situation, zoc: Zoc, unit: Unit, a: str, b: str, fresh: bool, reserve: bool
) -> tuple[Leg | None, str]:
    """3.1.2: from a Port, a Beachhead or an off-map box, zone by zone with a Troop Convoy that
    may carry it, to a friendly Open Port (on into an adjacent zone from a Multi-Zone Open Port),
    or into a box of its faction (where it stops)."""
    tracer = Ports(sit)
    boxes = sit.map.boxes
    if a in boxes:
        start_zones = tuple(boxes[a].adjacent_zones) if boxes[a].friendly == unit.faction else ()
    else:
        start_zones = tracer.zones_of(a)
    if not start_zones or not (b in boxes or (b in sit.map.hexes and tracer.zones_of(b))):
        return None, ""  # not from a Port, a Beachhead or a box to another: no Port-to-Port move
    if not fresh:
        return None, "a Port-to-Port move starts the unit's move in the phase (3.1.2, 3.1.4)"
    if b in boxes:
        if boxes[b].friendly != unit.faction:
            return None, f"only {boxes[b].friendly or 'no'} units enter the {boxes[b].name}"
    else:
        why, rule = entry_barred(sit, zoc, unit, a if a in sit.map.hexes else b, b, reserve)
        if why:
            return None, f"{why} ({rule})"
    seen = set(start_zones)
    queue = deque(start_zones)
    missing = ""
    while queue:
        z = queue.popleft()
        convoys = troop_convoys(sit, z, unit)
        name = sit.map.zones[z].name if z in sit.map.zones else str(z)
        if not convoys:
            missing = missing or f"no friendly Troop Convoy in the {name} Convoys box may carry it"
            continue
        if b in boxes and z in boxes[b].adjacent_zones:
            return Leg(a, 1 << 20, 1, "stop", (b,), "port"), ""
        if b in sit.map.hexes and z in tracer.zones_of(b) and tracer.open_port(b, z, unit.faction):
            return Leg(a, 1 << 20, 1, "stop", (b,), "port"), ""
        for q in sit.tables.ports.get(z, ()):
            if q in sit.tables.multi_zone and tracer.open_port(q, z, unit.faction):
                for z2 in tracer.zones_of(q):
                    if z2 not in seen and tracer.open_port(q, z2, unit.faction):
                        seen.add(z2)
                        queue.append(z2)
    return (
        None,
        f"no Port-to-Port move reaches it: {missing or 'it is no friendly Open Port of those zones'} (3.1.2)",
    )


def _beachhead(
    sit: Situation,
    zoc: Zoc,
    unit: Unit,
    a: str,
    b: str,
    fresh: bool,
    reserve: bool,
    canals: set[str],
) -> tuple[str, str]:
    """3.1.1: onto a friendly Beachhead from a Land hex next to it, or off it across its
    Beachhead Hexside, at the start of the unit's move."""
    onto, off = sit.beachhead(b), sit.beachhead(a)
    if not (onto or off) or b not in {n for n, _c, _s in sit.tables.sides.get(a, ())}:
        return "", ""
    if onto:
        if onto != unit.faction:
            return "", "an enemy Beachhead (3.1.4)"
    elif b not in beachhead_sides(sit, a):
        return "", "off a Beachhead only across its Beachhead Hexside (3.1.1)"
    if not fresh:
        return "", "onto or off a Beachhead only at the start of the unit's move (3.1.1)"
    if not onto:
        why, rule = entry_barred(sit, zoc, unit, a, b, reserve)
        if why:
            return "", f"{why} ({rule})"
    return "beachhead", ""


def _marine(
    sit: Situation,
    zoc: Zoc,
    unit: Unit,
    a: str,
    b: str,
    fresh: bool,
    reserve: bool,
    canals: set[str],
) -> tuple[str, str]:
    """3.1.1: a Marine unit that has not moved crosses an All-Sea hexside into a Land hex."""
    if unit.type not in sit.data["movement"]["marine_types"]:
        return "", ""
    side = next((c for n, c, _s in sit.tables.sides.get(a, ()) if n == b), "")
    if side != "sea" or not sit.map.hexes[b].is_land:
        return "", ""
    if not fresh:
        return "", "a Marine crosses an All-Sea hexside only at the start of its move (3.1.1)"
    why, rule = entry_barred(sit, zoc, unit, a, b, reserve)
    return ("", f"{why} ({rule})") if why else ("marine", "")


def _canal(
    sit: Situation,
    zoc: Zoc,
    unit: Unit,
    a: str,
    b: str,
    fresh: bool,
    reserve: bool,
    canals: set[str],
) -> tuple[str, str]:
    """3.1.2: between the two Ports of a canal, both friendly Open Ports; one one-step unit a
    canal each Movement Phase."""
    link = next(
        (lk for lk in sit.map.links if lk.kind == "canal" and set(lk.via.split("/")) == {a, b}),
        None,
    )
    if link is None:
        return "", ""
    tracer = Ports(sit)
    if steps_of(sit, unit) != 1:
        return "", "only a one-step unit moves through a canal (3.1.2)"
    if link.via in canals:
        return "", "one unit a canal each Movement Phase has already gone through (3.1.2)"
    if not all(any(tracer.open_port(h, z, unit.faction) for z in tracer.zones_of(h)) for h in (a, b)):
        return "", "both canal ports must be friendly Open Ports (3.1.2)"
    canals.add(link.via)
    return "canal", ""
