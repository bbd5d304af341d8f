"""Home Defense as a USE position fills it (10.3.1): for each active country the units its rule
needs near home, counted (No Supply units do not count, 7.1.1), with the areas the rules name:
a nation's Mainland, Germany's East and West Fronts (East Prussia and the hexes bordering the
listed countries included), the USSR.

    home_defense(sit) -> tuple[HomeDefense, ...]   each rule in effect, counted
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from records import frozen
from wargame.rules.position import Unit

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation

BIG_FOUR = ("GER", "UK", "USA", "USSR")  # 10.3.1: each has its own rules
EAST_FRONT = ("LIT", "POL", "USSR")  # with East Prussia (10.3.1)
WEST_FRONT = ("BEL", "DEN", "NET", "NOR")  # with Great Britain and Mainland France (10.3.1)
UK_HOME_BOXES = ("ENA", "NAO")

_MAINLAND: dict[tuple, tuple[object, frozenset[str]]] = {}
_AREAS: dict[tuple, tuple[object, dict[str, frozenset[str]]]] = {}
_HOME: list[tuple[object, tuple]] = []  # the last few situations' Home Defense rules


def borders_key(sit: Situation) -> tuple:
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
    key = (*borders_key(sit), nation)
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
    key = borders_key(sit)
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
