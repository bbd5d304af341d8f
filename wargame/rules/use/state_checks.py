"""What a USE save shows beyond supply, ZOC, stacking and where units stand (USE 11):
Home Defense per country (wargame.rules.use.home_defense), the conditional events the Axis
units' places fire (wargame.rules.use.events), the markers that come and go (Strategic Move,
Bombed, Airdrop, Partisans, Surprise Attack, Assault, Sorties), city control against the units
in the cities, and the On-Map Factory Count.

    factory_count(sit, nation) -> int                       On-Map Factory Count (9.1.2)
    marker_place_findings(sit, marker) -> list[Finding]     what is wrong with one marker's place
    state_findings(sit, zoc) -> list[Finding]               the findings of all of these

Home Defense shortfalls, event triggers and the hexes a convoy's cargo may invade are notes: a
faction repatriates at the start of its Strategic Movement and Operations phases (10.3.1.1),
whether an event already happened is history a save keeps only partly (events_fired), and an
invasion is an option, not a duty. Markers in impossible places are problems.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.rules import Finding
from wargame.rules.position import MarkerPiece, Unit
from wargame.rules.results import Zoc
from wargame.rules.use.combat import attack_problems
from wargame.rules.use.events import trigger_notes
from wargame.rules.use.home_defense import HomeDefense, home_defense

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation

TRANSIENT = ("Airdrop", "Assault", "Partisans", "Surprise Attack")  # removed after the Actions (1.2.1)
ONE_PER_HEX = ("Airdrop", "Partisans", "Surprise Attack", "Bombed")  # 6.1, 6.2.6
MAX_BOMBED = 8  # 15.4


def _units_under(sit: Situation, marker: MarkerPiece) -> list[Unit]:
    """The units a marker lies on: those below it in its stack, nearest first, else all there."""
    place = marker.hex or marker.box
    if place is None:
        return []
    units = list(sit.pos.units_in(place))
    below = sorted((u for u in units if u.level < marker.level), key=lambda u: -u.level)
    return below or units


def strategic_move_unit(sit: Situation, marker: MarkerPiece) -> Unit | None:
    """The air or ground unit of its faction a Strategic Move marker is on (15.24)."""
    for u in _units_under(sit, marker):
        if u.kind in ("air", "ground") and (not marker.faction or u.faction == marker.faction):
            return u
    return None


def factory_hexes(sit: Situation) -> frozenset[str]:
    """Hexes with a factory: printed, or a Factory marker (15.11)."""
    return frozenset(
        {c.hex for c in sit.map.cities if c.factory} | {m.hex for m in sit.pos.markers if m.hex and m.name == "Factory"}
    )


def factory_count(sit: Situation, nation: str) -> int:
    """On-Map Factory Count (9.1.2): factories in the nation's own areas, ceded areas included,
    under the control of its faction."""
    faction = sit.pos.state.faction_of(nation)
    return sum(
        1 for h in factory_hexes(sit) if sit.owner(h) == nation and faction is not None and sit.controller(h) == faction
    )


def _marker_finding(
    rule: str, m: MarkerPiece, reason: str, severity: str = "problem", units: tuple[str, ...] = ()
) -> Finding:
    return Finding(rule, "markers", m.faction or "", units, (m.hex or m.box or "",), reason, severity=severity)


def marker_place_findings(sit: Situation, m: MarkerPiece) -> list[Finding]:
    """What is wrong with the place of one marker: a Partisans marker with no enemy air or
    ground unit in its hex or outside a friendly country (14.10), an Airdrop in a hex ground
    units may not enter (14.1), a Bombed marker off the factories of Germany (6.2.6), a second
    marker of a one-per-hex kind (6.1, 6.2.6), an Assault marker with nothing to Assault (15.3)."""
    out: list[Finding] = []
    if not m.hex:
        return out
    ids = [o.id for o in sit.pos.markers]
    mine = ids.index(m.id) if m.id in ids else len(ids)
    if m.name in ONE_PER_HEX and any(o.name == m.name and o.hex == m.hex for o in sit.pos.markers[:mine]):
        out.append(
            _marker_finding(
                "6.1" if m.name != "Bombed" else "6.2.6", m, f"a second {m.name} marker in {m.hex}; one per hex"
            )
        )
    if m.name == "Partisans":
        enemies = [
            u for u in sit.pos.units_in(m.hex) if u.kind in ("air", "ground") and sit.pack.enemies(u.faction, m.faction)
        ]
        if not enemies:
            out.append(
                _marker_finding(
                    "14.10", m, f"a Partisans marker needs an enemy air or ground unit in its hex; {m.hex} has none"
                )
            )
        if sit.country_side(m.hex) != m.faction:
            out.append(
                _marker_finding(
                    "14.10",
                    m,
                    f"a Partisans marker goes in an active or conquered friendly "
                    f"country; {m.hex} is in {sit.owner(m.hex) or 'no country'}",
                )
            )
    elif m.name == "Airdrop":
        barred = sit.ground_barred(m.hex, m.faction, m.nationality)
        if barred:
            out.append(
                _marker_finding(
                    "14.1", m, f"an Airdrop marker may not be placed in a ground-prohibited hex: {barred[1]}"
                )
            )
    elif m.name == "Bombed":
        if m.hex not in factory_hexes(sit) or sit.owner(m.hex) != "GER":
            out.append(
                _marker_finding("6.2.6", m, f"a Bombed marker belongs on a factory in Germany; {m.hex} is not one")
            )
    elif m.name == "Assault":
        out.extend(_assault_marker(sit, m))
    elif m.name.startswith("Sorties") and not any(u.kind in ("air", "naval") for u in sit.pos.units_in(m.hex)):
        out.append(
            _marker_finding("15.22", m, f"a {m.name} marker lies in {m.hex} with no air or naval unit", severity="note")
        )
    return out


def _marker_findings(sit: Situation) -> list[Finding]:
    out: list[Finding] = []
    markers = sit.pos.markers
    phase = sit.pos.state.phase.lower()
    add = _marker_finding

    by_faction: dict[str, list[MarkerPiece]] = {}
    for m in markers:
        if m.name == "Strategic Move" and (m.hex or m.box):
            by_faction.setdefault(m.faction, []).append(m)
    for faction, found in sorted(by_faction.items()):
        if len(found) > 1:
            out.append(
                add(
                    "4.1.1",
                    found[1],
                    f"{len(found)} Strategic Move markers of the {faction} faction are on the map; a faction has one",
                )
            )
        for m in found:
            unit = strategic_move_unit(sit, m)
            if unit is None:
                out.append(
                    add(
                        "15.24",
                        m,
                        "the Strategic Move marker lies on no air or ground unit of its faction",
                        severity="note",
                    )
                )
            elif sit.occupies_fort(unit):
                out.append(
                    add(
                        "4.1.4",
                        m,
                        f"{unit.label} carries the Strategic Move marker and occupies a fort; "
                        "a unit may not occupy a fort at the end of a strategic move",
                        units=(unit.id,),
                    )
                )
    bombed = [m for m in markers if m.name == "Bombed" and m.hex]
    if len(bombed) > MAX_BOMBED:
        out.append(add("15.4", bombed[MAX_BOMBED], f"{len(bombed)} Bombed markers on the map; at most {MAX_BOMBED}"))
    for m in markers:
        if not m.hex:
            continue
        out.extend(marker_place_findings(sit, m))
        if m.name in TRANSIENT and phase and "operation" not in phase and "action" not in phase:
            out.append(
                add(
                    "1.2.1",
                    m,
                    f"{m.name} markers leave the map at the end of the Actions Sub-Phase; the "
                    f"phase is {sit.pos.state.phase}",
                    severity="note",
                )
            )
    return out


def _assault_marker(sit: Situation, m: MarkerPiece) -> list[Finding]:
    """An Assault marker lies on a ground unit next to an enemy ground unit it may Assault (15.3)."""
    units = [u for u in _units_under(sit, m) if u.kind == "ground"]
    where = (m.hex or "",)
    if not units:
        return [
            Finding(
                "15.3", "markers", m.faction or "", (), where, f"the Assault marker in {m.hex} lies on no ground unit"
            )
        ]
    unit = units[0]
    g = sit.map.grid
    targets = []
    assert m.hex is not None  # marker_place_findings judges markers on hexes only
    for n in g.neighbours(g.parse(m.hex)):
        nid = g.hex_id(n)
        targets += [
            d for d in sit.pos.units_in(nid) if d.kind == "ground" and sit.pack.enemies(unit.faction, d.faction)
        ]
    if not targets:
        return [
            Finding(
                "15.3",
                "markers",
                unit.faction,
                (unit.id,),
                where,
                f"{unit.label} carries an Assault marker but no enemy ground unit is next to it",
            )
        ]
    reasons = [attack_problems(sit, unit, m.hex, d, mobile=False) for d in targets]
    if all(reasons):
        first = reasons[0][0]
        return [
            Finding(
                first[0],
                "markers",
                unit.faction,
                (unit.id,),
                where,
                f"{unit.label} carries an Assault marker but may Assault none of the enemy units next to "
                f"it: {first[1]}",
            )
        ]
    return []


def _control_findings(sit: Situation) -> list[Finding]:
    """A Control marker under a ground unit of another faction: control passed to that faction
    when the unit entered (2.3.1), so the marker should have been swapped (15.7)."""
    out = []
    for m in sit.pos.markers:
        if m.name != "Control" or not m.hex:
            continue
        occupants = {u.faction for u in sit.pos.units_in(m.hex) if u.kind == "ground"}
        for faction in sorted(occupants - {m.faction}):
            out.append(
                Finding(
                    "2.3.1",
                    "control",
                    faction,
                    (),
                    (m.hex,),
                    f"a {m.faction.capitalize()} Control marker lies in {m.hex} under a {faction.capitalize()} "
                    f"ground unit, which took control when it entered: swap the marker (15.7)",
                    severity="note",
                )
            )
    return out


def _invasion_notes(sit: Situation) -> list[Finding]:
    """For each ground unit stacked with a friendly convoy able to act, while a friendly
    Surprise Attack marker lies in a Sea Zone in its reach: the hexes it may invade (6.3.2)."""
    from wargame.rules.use.invasion import invasion_targets, reach_zones, surprise_zones

    phasing = sit.pack.phase_kind(sit.pos.state.phase)[1] if sit.pos.state.phase else None
    out = []
    for g in sit.pos.units:
        if g.kind != "ground" or (phasing and g.faction != phasing) or not (g.hex or g.box):
            continue
        convoy = next(
            (c for c in sit.pos.units_in(g.where) if c.type == "convoy" and c.faction == g.faction and c.sorties < 6),
            None,
        )
        marked = surprise_zones(sit, g.faction)
        if convoy is None or not set(marked) & reach_zones(sit, g.faction, g.where):
            continue
        targets = invasion_targets(sit, g, convoy)
        if not targets:
            continue
        hexes = tuple(t.hex for t in targets)
        notes = sorted({t.note for t in targets if t.note})
        out.append(
            Finding(
                "6.3.2",
                "invasion",
                g.faction,
                (g.id, convoy.id),
                hexes[:12],
                f"{g.label} with {convoy.label} in {g.where} may invade {len(hexes)} hex"
                f"{'es' if len(hexes) > 1 else ''}: {', '.join(hexes[:12])}"
                f"{' ...' if len(hexes) > 12 else ''}" + (f" ({'; '.join(notes)})" if notes else ""),
                severity="note",
            )
        )
    return out


def _waived(rule: HomeDefense, waived: frozenset[str]) -> bool:
    """A scenario's special rules waive a requirement by its name ("Germany West Front")."""
    return any(rule.name == w or rule.name.startswith(w + " (") for w in waived)


def state_findings(sit: Situation, zoc: Zoc) -> list[Finding]:
    out: list[Finding] = []
    for rule in home_defense(sit):
        if not rule.satisfied and not _waived(rule, sit.pos.state.waived):
            out.append(
                Finding(
                    rule.rule,
                    "home defense",
                    sit.pos.state.faction_of(rule.nation) or "",
                    rule.units,
                    (),
                    f"{rule.text()}: not satisfied; at the start of its Strategic "
                    "Movement and Operations phases the faction repatriates units until it is "
                    "(10.3.1.1), unless the scenario's rules waive it",
                    severity="note",
                )
            )
    if getattr(sit.pack, "conditional_events", True):
        out += trigger_notes(sit)
    out += _marker_findings(sit)
    out += _control_findings(sit)
    out += _invasion_notes(sit)
    return out
