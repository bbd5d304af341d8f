"""Where units may stand at rest: one finding per unit that stands where its kind may not end
a move.

    box_allowed(unit, box) -> tuple[str, str] | None     (rule, reason) when barred
    placement_findings(sit, zoc) -> list[Finding]

Ground units: where ground movement may end (1.3.x, 2.1.1.1, 10.3.x); naval units: a friendly
port or a Map Box they may enter (4.2.4, 4.2.4.1); air units: a Map Box, a friendly city or a
Transport Line hex free of enemy units and markers, not in an EZOC without a friendly city, fort
or unit (4.2.2, 4.2.2.1). Cooperation Limits (10.3.2) and the own-country clauses of Appeasement
and the Pact (10.3.4, 10.3.5) are checked for every counter (wargame.rules.use.policies).
"""

from __future__ import annotations

from wargame.rules import Finding
from wargame.rules.position import Unit
from wargame.rules.use.ground import Situation
from wargame.rules.use.policies import end_barred
from wargame.rules.use.zoc import Zoc

CENTRAL_RUSSIA = "CRU"


def box_allowed(unit: Unit, box: str) -> tuple[str, str] | None:
    """Central Russia is for USSR units only; the other boxes are closed to Axis and USSR
    units, which could only reach them by sea (1.3.5, 4.2.4.1)."""
    if box == CENTRAL_RUSSIA:
        return None if unit.nationality == "USSR" else ("1.3.5", "only USSR units may be in Central Russia")
    if unit.faction == "axis":
        return ("4.2.4.1", "Axis units may not enter a Map Box")
    if unit.nationality == "USSR":
        return ("4.2.4.1", "USSR units may enter no Map Box but Central Russia")
    return None


def _finding(unit: Unit, rule: str, reason: str) -> Finding:
    return Finding(rule, "placement", unit.faction, (unit.id,), (unit.where,), f"{unit.label}: {reason}")


def unit_placement(sit: Situation, zoc: Zoc, unit: Unit) -> tuple[str, str] | None:
    """(rule, reason) why a unit may not stand where it is, or None."""
    if unit.box is not None:
        return box_allowed(unit, unit.box)
    if unit.hex is None:
        return None
    h = unit.hex
    info = sit.map.hexes[h]
    if info.prohibited:
        return ("1.3.8", "nothing may enter a prohibited country")
    if info.restricted and unit.nationality != "USSR":
        return ("1.3.10", "only USSR units may stand in a USSR restricted hex")
    if unit.kind == "ground":
        barred = sit.ground_barred(h, unit.faction, unit.nationality)
        if barred:
            return (barred[0], f"ground units may not end in {h}: {barred[1]}")
    elif unit.kind == "naval":
        barred = sit.policy_barred(h, unit.faction, unit.nationality)
        if barred:
            return (barred[0], f"naval units may not end in {h}: {barred[1]}")
        if not sit.friendly_port(h, unit.faction):
            return ("4.2.4", f"naval units must be in a friendly port or a Map Box; {h} is not a friendly port")
        if sit.enemy_fort(h, unit.faction) or sit.enemy_marker(h, unit.faction, ("Airdrop", "Partisans")):
            return ("4.2.4.1", f"an enemy fort or marker in {h} bars naval units")
        if sit.unit_factions(h) - {unit.faction}:
            return ("4.2.4.1", f"naval units may not end in {h}, where an enemy unit stands")
    else:
        if sit.neutral(h) or sit.policy_barred(h, unit.faction, unit.nationality):
            why = sit.ground_barred(h, unit.faction, unit.nationality)
            return ("4.2.2.1", f"air units may not enter {h}: {why[1] if why else 'barred'}")
        friendly_city = sit.friendly_city(h, unit.faction)
        enemy_here = bool(sit.unit_factions(h) - {unit.faction})
        if sit.enemy_city(h, unit.faction) or sit.enemy_fort(h, unit.faction) or enemy_here:
            return ("4.2.2.1", f"air units may not end with an enemy city, fort or unit in {h}")
        if sit.enemy_marker(h, unit.faction, ("Airdrop", "Partisans")):
            return ("4.2.2.1", f"an enemy Airdrop or Partisans marker in {h} bars air units")
        enemy_markers = any(m.faction and m.faction != unit.faction for m in sit.pos.markers_in(h))
        if not friendly_city and not (info.transport and not enemy_markers):
            return ("4.2.2", f"air units end in a friendly city, a Map Box or a clear Transport Line hex; {h} is none")
        others = [u for u in sit.pos.units_in(h) if u.id != unit.id and u.faction == unit.faction]
        if zoc.ezoc(h, unit.faction) and not (friendly_city or sit.fort_faction(h) == unit.faction or others):
            return ("4.2.2.1", f"{h} is in an EZOC with no friendly city, fort or other unit")
    return end_barred(sit, unit, h)


def placement_findings(sit: Situation, zoc: Zoc) -> list[Finding]:
    out = []
    for unit in sit.pos.units:
        barred = unit_placement(sit, zoc, unit)
        if barred:
            out.append(_finding(unit, *barred))
    return out
