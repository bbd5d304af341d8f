"""What a USE save shows beyond supply, ZOC, stacking and where units stand (USE 11):
Home Defense per country, the conditional events the Axis units' places fire, the markers that
come and go (Strategic Move, Bombed, Airdrop, Partisans, Surprise Attack, Assault, Sorties),
city control against the units in the cities, and the On-Map Factory Count.

    home_defense(sit) -> tuple[HomeDefense, ...]           each rule of 10.3.1 in effect, counted
    event_areas(sit) -> {event: predicate}                  where each conditional event fires (13.3-13.8)
    events_fired(sit) -> frozenset[str]                     events a marker on the tracks shows happened
    factory_count(sit, nation) -> int                       On-Map Factory Count (9.1.2)
    marker_place_findings(sit, marker) -> list[Finding]     what is wrong with one marker's place
    state_findings(sit, zoc) -> list[Finding]               the findings of all of these

Home Defense shortfalls, event triggers and the hexes a convoy's cargo may invade are notes: a
faction repatriates at the start of its Strategic Movement and Operations phases (10.3.1.1),
whether an event already happened is history a save keeps only partly (events_fired), and an
invasion is an option, not a duty. Markers in impossible places are problems.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from records import frozen
from wargame.rules import Finding
from wargame.rules.position import MarkerPiece, Unit
from wargame.rules.results import Zoc
from wargame.rules.use.combat import attack_problems

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation

BIG_FOUR = ("GER", "UK", "USA", "USSR")  # 10.3.1: each has its own rules
EAST_FRONT = ("LIT", "POL", "USSR")  # with East Prussia (10.3.1)
WEST_FRONT = ("BEL", "DEN", "NET", "NOR")  # with Great Britain and Mainland France (10.3.1)
UK_HOME_BOXES = ("ENA", "NAO")
TRANSIENT = ("Airdrop", "Assault", "Partisans", "Surprise Attack")  # removed after the Actions (1.2.1)
ONE_PER_HEX = ("Airdrop", "Partisans", "Surprise Attack", "Bombed")  # 6.1, 6.2.6
MAX_BOMBED = 8  # 15.4
EVENT_RULES = {
    "east_invaded": ("13.3", "East Invaded"),
    "mediterranean_crisis": ("13.4", "Mediterranean Crisis"),
    "ussr_northern_border": ("13.6", "USSR Northern Border"),
    "ussr_southern_border": ("13.7", "USSR Southern Border"),
    "west_invaded": ("13.8", "West Invaded"),
}
# Markers that only an event puts on the tracks or the map: seeing one shows the event happened.
EVENT_EVIDENCE = {
    "east_invaded": ("fac-lost-ussr", "lend-lease-ussr", "urals-fac", "russian-winter"),
    "west_invaded": ("fac-lost-uk", "lend-lease-uk", "commonwealth-trade"),
}


_MAINLAND: dict[tuple, tuple[object, frozenset[str]]] = {}
_AREAS: dict[tuple, tuple[object, dict[str, frozenset[str]]]] = {}
_HOME: list[tuple[object, tuple]] = []  # the last few situations' Home Defense rules


def _borders_key(sit: Situation) -> tuple:
    """What the countries' hexes depend on: the map, cessions and created countries."""
    state = sit.pos.state
    created = tuple(
        sorted(
            a for a, n in sit.content.nations.items() if n.conditional and state.status(a) in ("active", "conquered")
        )
    )
    return (id(sit.map), state.ceded, created)


def _mainland_hexes(sit: Situation, nation: str) -> frozenset[str]:
    """A nation's Mainland hexes; they change only with cessions and created countries."""
    key = (*_borders_key(sit), nation)
    found = _MAINLAND.get(key)
    if found is None or found[0] is not sit.map:
        hexes = frozenset(h for h in sit.map.hexes if sit.map.hexes[h].is_land and sit.is_mainland(h, nation))
        found = (sit.map, hexes)
        _MAINLAND[key] = found
    return found[1]


def _near(sit: Situation, unit: Unit, hexes: frozenset[str], boxes: tuple[str, ...] = ()) -> bool:
    """In one of ``hexes`` or ``boxes``, or within three hexes of one of the hexes (10.3.1)."""
    if unit.box is not None:
        return unit.box in boxes
    if unit.hex is None:
        return False
    if unit.hex in hexes:
        return True
    g = sit.map.grid
    reach = sit.pack.toml("rules.toml").get("ranges", {}).get("home_defense", 3)
    return any(g.hex_id(h) in hexes for h in g.within(g.parse(unit.hex), reach))


@frozen
class HomeDefense:
    """One Home Defense rule as the position fills it: what it needs and which units count."""

    rule: str
    nation: str
    name: str
    needs: tuple[tuple[str, int], ...]  # (air / ground / field, how many)
    have: tuple[tuple[str, int], ...]
    units: tuple[str, ...]  # unit ids that count

    @property
    def satisfied(self) -> bool:
        return all(h >= n for (_k, n), (_k2, h) in zip(self.needs, self.have))

    def text(self) -> str:
        parts = [f"{h} of {n} {k}" for (k, n), (_k, h) in zip(self.needs, self.have)]
        return f"{self.name}: {', '.join(parts)}"


def _counting(sit: Situation, nation: str) -> list[Unit]:
    """A nation's units on the map that can count: No Supply units do not (7.1.1)."""
    return [u for u in sit.pos.units if u.nationality == nation and (u.hex or u.box) and u.supply != "none"]


_PRUSSIA: dict[int, tuple[object, frozenset[str]]] = {}


def _east_prussia(sit: Situation) -> frozenset[str]:
    """The German Mainland hexes cut off from Berlin when the Polish Corridor is not German."""
    found = _PRUSSIA.get(id(sit.map))
    if found is None or found[0] is not sit.map:
        found = (sit.map, _east_prussia_of(sit.map))
        _PRUSSIA[id(sit.map)] = found
    return found[1]


def _east_prussia_of(mapdata) -> frozenset[str]:
    g = mapdata.grid
    german = {h for h, i in mapdata.hexes.items() if i.country == "GER" and i.is_land and not i.disputed}
    capital = next((c.hex for c in mapdata.cities if c.capital and c.country == "GER"), None)
    seen: set[str] = set()
    parts: list[set[str]] = []
    for start in sorted(german):
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            h = todo.pop()
            for n in g.neighbours(g.parse(h)):
                nid = g.hex_id(n)
                if nid in german and nid not in part and not mapdata.side(h, nid).water:
                    part.add(nid)
                    todo.append(nid)
        seen |= part
        parts.append(part)
    return frozenset(h for part in parts if capital not in part and len(part) > 1 for h in part)


def _bordering(sit: Situation, countries: Callable[[str], bool]) -> frozenset[str]:
    """German hexes next to a hex of the listed countries (10.3.1: "a hex having a border with")."""
    g = sit.map.grid
    out = set()
    for h, info in sit.map.hexes.items():
        if not info.is_land or sit.owner(h) != "GER":
            continue
        for n in g.neighbours(info.hex):
            nid = g.hex_id(n)
            if nid in sit.map.hexes and sit.map.hexes[nid].is_land and countries(nid):
                out.add(h)
                break
    return frozenset(out)


def _front(sit: Situation, zone: frozenset[str], germany_counts: bool) -> tuple[list[Unit], list[Unit]]:
    units = _counting(sit, "GER")
    inside = [u for u in units if u.hex in zone or (germany_counts and u.hex and sit.owner(u.hex) == "GER")]
    return ([u for u in inside if u.kind == "air"], [u for u in inside if u.kind == "ground" and u.category == "field"])


def home_defense(sit: Situation) -> tuple[HomeDefense, ...]:
    """Every Home Defense rule in effect (10.3.1) for the active countries, as counted now
    (remembered for the last few situations: an audit asks at each activation's start and end)."""
    for seen, rules in _HOME:
        if seen is sit:
            return rules
    rules = _home_defense(sit)
    _HOME.insert(0, (sit, rules))
    del _HOME[8:]
    return rules


def _home_defense(sit: Situation) -> tuple[HomeDefense, ...]:
    state = sit.pos.state
    if "home_defense" not in state.policies:
        return ()
    out: list[HomeDefense] = []
    for nation in sorted(state.nations):
        if state.status(nation) != "active":
            continue
        if nation not in BIG_FOUR:
            land = _mainland_hexes(sit, nation)
            if not land:
                continue
            ground = [u for u in _counting(sit, nation) if u.kind == "ground" and _near(sit, u, land)]
            out.append(
                HomeDefense(
                    "10.3.1",
                    nation,
                    f"{nation} home defense",
                    (("ground", 1),),
                    (("ground", len(ground)),),
                    tuple(u.id for u in ground),
                )
            )
        elif nation == "GER":
            out.extend(_germany(sit))
        elif nation == "UK":
            gb = _mainland_hexes(sit, "UK")
            units = [u for u in _counting(sit, "UK") if _near(sit, u, gb, UK_HOME_BOXES)]
            air = [u for u in units if u.kind == "air"]
            ground = [u for u in units if u.kind == "ground"]
            out.append(
                HomeDefense(
                    "10.3.1",
                    "UK",
                    "UK Main",
                    (("air", 1), ("ground", 1)),
                    (("air", len(air)), ("ground", len(ground))),
                    tuple(u.id for u in air + ground),
                )
            )
        elif nation == "USSR":
            units = [u for u in _counting(sit, "USSR") if _near(sit, u, _fronts(sit)["ussr"], ("CRU",))]
            air = [u for u in units if u.kind == "air"]
            ground = [u for u in units if u.kind == "ground"]
            out.append(
                HomeDefense(
                    "10.3.1",
                    "USSR",
                    "USSR Main",
                    (("air", 2), ("ground", 5)),
                    (("air", len(air)), ("ground", len(ground))),
                    tuple(u.id for u in air + ground),
                )
            )
    return tuple(out)


def _fronts(sit: Situation) -> dict[str, frozenset[str]]:
    """The hexes of Germany's East and West Front areas and of the USSR (10.3.1)."""
    key = _borders_key(sit)
    found = _AREAS.get(key)
    if found is not None and found[0] is sit.map:
        return found[1]

    def east_of(h: str) -> bool:
        return sit.owner(h) in EAST_FRONT

    def west_of(h: str) -> bool:
        owner = sit.owner(h)
        return (
            owner in WEST_FRONT
            or owner == "VIC"
            or (owner == "UK" and sit.is_mainland(h, "UK"))
            or (owner == "FRA" and sit.is_mainland(h, "FRA"))
        )

    areas = {
        "east": frozenset(h for h in sit.map.hexes if east_of(h)) | _east_prussia(sit) | _bordering(sit, east_of),
        "west": frozenset(h for h in sit.map.hexes if west_of(h)) | _bordering(sit, west_of),
        "ussr": frozenset(h for h, i in sit.map.hexes.items() if i.is_land and sit.owner(h) == "USSR"),
    }
    _AREAS[key] = (sit.map, areas)
    return areas


def _germany(sit: Situation) -> list[HomeDefense]:
    state = sit.pos.state
    both = (
        state.status("USA") == "active"
        and state.faction_of("USA") == "western"
        and "moscow_treaty" not in state.policies
    )  # Germany Conditional
    fronts = _fronts(sit)
    east, west = fronts["east"], fronts["west"]
    out = []
    for name, zone in (("Germany East Front", east), ("Germany West Front", west)):
        air, field = _front(sit, zone, both)
        out.append(
            HomeDefense(
                "10.3.1",
                "GER",
                name + (" (with the Germany Conditional)" if both else ""),
                (("air", 2), ("field ground", 3)),
                (("air", len(air)), ("field ground", len(field))),
                tuple(u.id for u in air + field),
            )
        )
    return out


# --------------------------------------------------------------------------------------------
# Conditional events (13.3-13.8)


def _overseas_of_fra_uk(sit: Situation, h: str) -> bool:
    info = sit.map.hexes[h]
    owner = sit.owner(h)
    return owner in ("FRA", "UK") and info.is_land and not sit.is_mainland(h, owner)


def event_areas(sit: Situation) -> dict[str, Callable[[str], bool]]:
    """Event -> whether an Axis unit or marker in (or attacking into) a hex fires it."""
    state = sit.pos.state

    def east(h: str) -> bool:
        owner = sit.owner(h)
        return owner in ("EST", "LAT", "LIT", "USSR") or (
            owner == "POL" and state.status("POL") == "active" and state.faction_of("POL") == "axis"
        )

    key = (*_borders_key(sit), "mediterranean")
    found = _AREAS.get(key)
    if found is None or found[0] is not sit.map:
        owners: set[str] = set()
        for h in sit.map.hexes:
            if not _overseas_of_fra_uk(sit, h):
                continue
            for nid, _water, _line in sit.map.adjacent[h]:
                if sit.map.hexes[nid].is_land:
                    owners.add(sit.owner(nid))
        found = (sit.map, {"owners": frozenset(owners)})
        _AREAS[key] = found
    neighbours = found[1]["owners"]

    def med(h: str) -> bool:
        if not sit.map.hexes[h].is_land:
            return False
        if _overseas_of_fra_uk(sit, h):
            return True
        owner = sit.owner(h)
        if owner in ("FRA", "UK") and sit.is_mainland(h, owner):
            return False  # the invasion of France or Britain is no Mediterranean Crisis
        return bool(owner) and owner in neighbours

    def row(h: str) -> int:
        return int(h[:2]) if h[:2].isdigit() else -1

    def north(h: str) -> bool:
        return sit.owner(h) == "USSR" and 0 <= row(h) < 16

    def south(h: str) -> bool:
        return sit.owner(h) == "USSR" and row(h) > 36

    def west(h: str) -> bool:
        owner = sit.owner(h)
        return owner in ("BEL", "NET", "IRE") or (owner in ("FRA", "UK") and sit.is_mainland(h, owner))

    return {
        "east_invaded": east,
        "mediterranean_crisis": med,
        "ussr_northern_border": north,
        "ussr_southern_border": south,
        "west_invaded": west,
    }


def events_fired(sit: Situation) -> frozenset[str]:
    """Events known to have happened: the game state says so (a scenario's events_done, an
    Event_<key> property), or a marker only the event puts in play is there (13.3, 13.8)."""
    state = sit.pos.state
    seen = set(state.tracked) | set(state.turn_track) | {m.key for m in sit.pos.markers}
    shown = {e for e, keys in EVENT_EVIDENCE.items() if seen & set(keys)}
    return frozenset(shown | set(state.events_done))


def _trigger_notes(sit: Situation) -> list[Finding]:
    out = []
    done = events_fired(sit)
    areas = event_areas(sit)
    axis_units = [u for u in sit.pos.units if u.faction == "axis" and u.hex]
    axis_markers = [m for m in sit.pos.markers if m.faction == "axis" and m.hex and not m.name.startswith("Pro")]
    for event, inside in areas.items():
        if event in done:
            continue
        units = [u for u in axis_units if inside(u.hex or "")]  # all on hexes (axis_units)
        markers = [m for m in axis_markers if inside(m.hex or "") and m.name not in ("Control", "Fort")]
        if not units and not markers:
            continue
        rule, name = EVENT_RULES[event]
        who = [f"{u.label} in {u.hex}" for u in units[:4]] + [f"a {m.name} marker in {m.hex}" for m in markers[:2]]
        more = len(units) + len(markers) - len(who)
        out.append(
            Finding(
                rule,
                "events",
                "axis",
                tuple(u.id for u in units),
                tuple(sorted({u.hex or "" for u in units})),
                f"{name} fires when an Axis unit or marker enters, attacks into or is placed in "
                f"its area: {', '.join(who)}{f' and {more} more' if more > 0 else ''}; it happens "
                "once per scenario, so this is news only if it has not happened yet",
                severity="note",
            )
        )
    return out


# --------------------------------------------------------------------------------------------
# Markers and cities


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
        out += _trigger_notes(sit)
    out += _marker_findings(sit)
    out += _control_findings(sit)
    out += _invasion_notes(sit)
    return out
