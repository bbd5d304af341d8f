"""Stacking (9) and where TK's units may stand (Glossary, 2.2.3.1, 13.4).

stacking_findings(sit, limits) -> findings     9.1, 9.2, 3.1.4
placement_findings(sit, rules) -> findings     Glossary (Land hex), 13.4, 2.2.3.1, off-map boxes
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wargame.rules import Finding
from wargame.rules.position import Unit

if TYPE_CHECKING:
    from wargame.rules.tk.ground import Situation

__all__ = ["category_of", "placement_findings", "stacking_findings", "steps_of"]


def steps_of(sit: Situation, unit: Unit) -> int:
    """The steps a ground unit has on the side it shows (units.csv steps / back_steps)."""
    design = sit.pack.game.content().units.get(unit.key)
    if design is None:  # a piece of no known design: one step, as the least it can be
        return 1
    steps = design.back_steps if unit.reduced and design.back_steps else design.steps
    return steps or 1


def category_of(sit: Situation, unit: Unit) -> str:
    """The category of the side a ground unit shows (a flipped port-a-fort is a fortress,
    2.3.2.2)."""
    content = sit.pack.game.content()
    design = content.units.get(unit.key)
    shown = design.back_type if design is not None and unit.reduced and design.back_type else unit.type
    return content.settings.units.category_of("ground", shown) or unit.category


def _minor(sit: Situation, unit: Unit, exp_ids: tuple[str, ...]) -> str | None:
    """The Minor Country a unit counts as for 9.1 (None: a Major Country's or an Exp unit)."""
    design = sit.pack.game.content().units.get(unit.key)
    nation = sit.pack.game.content().nations.get(unit.nationality)
    if nation is None or nation.major or (design.id if design else unit.name) in exp_ids:
        return None
    return unit.nationality


def stacking_findings(sit: Situation, limits: Mapping[str, Any]) -> list[Finding]:
    """9.2: friendly ground units per hex by count and steps; 9.1: one HQ, one fortress, one
    Minor Country (Exp units excepted); 3.1.4: no hex holds units of two factions."""
    by_hex: dict[str, list[Unit]] = defaultdict(list)
    for u in sit.pos.units:
        if u.hex is not None and sit.is_ground(u):  # a Detachment or Airdrop back is a marker
            by_hex[u.hex].append(u)
    out: list[Finding] = []
    exp_ids = tuple(limits["exp_ids"])
    for hex_id, units in sorted(by_hex.items()):
        factions = sorted({u.faction for u in units})
        if len(factions) > 1:
            out.append(
                Finding(
                    "3.1.4",
                    "stacking",
                    factions[0],
                    tuple(u.id for u in units),
                    (hex_id,),
                    f"units of {' and '.join(factions)} in one hex",
                )
            )
        for faction in factions:
            stack = [u for u in units if u.faction == faction]
            out.extend(_stack_findings(sit, hex_id, faction, stack, limits, exp_ids))
    return out


def _stack_findings(
    sit: Situation,
    hex_id: str,
    faction: str,
    stack: list[Unit],
    limits: Mapping[str, Any],
    exp_ids: tuple[str, ...],
) -> list[Finding]:
    out = []
    ids = tuple(u.id for u in stack)
    limited = sit.map.hexes[hex_id].has(limits["limited_feature"]) if hex_id in sit.map.hexes else False
    max_units = limits["limited_units"] if limited else limits["units"]
    max_steps = limits["limited_steps"] if limited else limits["steps"]
    steps = sum(steps_of(sit, u) for u in stack)
    where = (" (Limited Stacking)" if limited else "") + _when(sit)
    if len(stack) > max_units:
        out.append(
            Finding(
                "9.2",
                "stacking",
                faction,
                ids,
                (hex_id,),
                f"{len(stack)} ground units where {max_units} may stand{where}",
            )
        )
    if steps > max_steps:
        out.append(
            Finding(
                "9.2",
                "stacking",
                faction,
                ids,
                (hex_id,),
                f"{steps} steps where {max_steps} may stand{where}",
            )
        )
    for types in limits["one_of"]:
        found = [u for u in stack if category_of(sit, u) in types]
        if len(found) > 1:
            out.append(
                Finding(
                    "9.1",
                    "stacking",
                    faction,
                    tuple(u.id for u in found),
                    (hex_id,),
                    f"{len(found)} {'/'.join(types)} units in one hex{_when(sit)}",
                )
            )
    minors = sorted({m for u in stack if (m := _minor(sit, u, exp_ids))})
    if len(minors) > 1:
        out.append(
            Finding(
                "9.1",
                "stacking",
                faction,
                ids,
                (hex_id,),
                f"units of {len(minors)} Minor Countries ({', '.join(minors)}) in one hex" + _when(sit),
            )
        )
    return out


def _when(sit: Situation) -> str:
    """9.2: stacking is enforced at the end of every phase and segment; the phase the save is in."""
    phase = sit.pos.state.phase
    return f", to be put right by the end of {phase}" if phase else ", to be put right by the end of the phase"


def placement_findings(sit: Situation, rules: Mapping[str, Any]) -> list[Finding]:
    """Where each unit stands: ground units on Land hexes of an active or conquered country,
    fleets at sea, units in off-map boxes only of their faction, no ground unit in a Naval Zone
    box."""
    out: list[Finding] = []
    boxes = {b.code: b for b in sit.map.boxes.values()}
    for u in sit.pos.units:
        if u.hex is not None and u.hex in sit.map.hexes:
            out.extend(_in_hex(sit, u, u.hex))
        elif u.box is not None and u.box in boxes:
            out.extend(_in_box(u, boxes[u.box], tuple(rules["support_boxes"])))
    return out


def _in_hex(sit: Situation, u: Unit, hex_id: str) -> list[Finding]:
    info = sit.map.hexes[hex_id]
    if u.kind == "naval":
        if info.kind != "water":
            return [
                Finding(
                    "2.2.3.1",
                    "placement",
                    u.faction,
                    (u.id,),
                    (hex_id,),
                    "a fleet stands in an All-Sea hex or an On Station box, not on land",
                )
            ]
        return []
    if u.kind != "ground":
        return []
    if info.kind == "water" or info.prohibited or not info.country:
        return [
            Finding(
                "Glossary",
                "placement",
                u.faction,
                (u.id,),
                (hex_id,),
                "a ground unit stands on a Land hex of the map's countries",
            )
        ]
    owner = sit.owner(hex_id)
    if sit.pos.state.status(owner) == "neutral":
        return [
            Finding(
                "13.4",
                "placement",
                u.faction,
                (u.id,),
                (hex_id,),
                f"{owner} is Neutral: no unit may be in its hexes",
            )
        ]
    return []


def _in_box(u: Unit, box: Any, support_boxes: tuple[str, ...]) -> list[Finding]:
    if box.friendly:
        if u.faction != box.friendly:
            return [
                Finding(
                    "Glossary",
                    "placement",
                    u.faction,
                    (u.id,),
                    (box.code,),
                    f"only {box.friendly} units may be in the {box.name}",
                )
            ]
        return []
    if u.kind == "ground" or not any(box.name.endswith(s) for s in support_boxes):
        return [
            Finding(
                "2.2.3.1",
                "placement",
                u.faction,
                (u.id,),
                (box.code,),
                f"no {u.kind} unit stands in the {box.name}",
            )
        ]
    return []
