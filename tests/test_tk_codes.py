"""TK's map and content speak one vocabulary of countries (13.2, 13.3).

A hex's `country` is the Country holding it at the start: its own land, its Dependents (`area`,
`overseas`, 13.3.1) and its Regions (`line`, 13.3.2). nations.csv says the same from the other
side: each nation's `territory` (the areas, Regions or Map Boxes it is made of) and `dependents`.
A Minor Country that a Dependent or Region may become (13.8.2) owns no hex at the start; its
territory is that Dependent or Region and its capital a Provisional Capital there (15.25).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from wargame.games import find_game

GAME = find_game("tk")
M = GAME.mapdata()
C = GAME.content()
LAND = [x for x in M.hexes.values() if x.country and not x.prohibited]
AREAS = {x.area for x in LAND}
REGIONS = {x.line for x in LAND if x.line}
BOXES = {b.name for b in M.boxes.values()}


def _items(nation, column: str) -> set[str]:
    return {v.strip() for v in nation.values[column].split(";") if v.strip()}


def _hexes_of(name: str) -> set[str]:
    """The hexes of an area or a Region of the map."""
    return {x.id for x in LAND if name in (x.area, x.line)}


def test_every_country_code_the_map_uses_is_a_nation_of_nations_csv() -> None:
    on_map = {x.country for x in LAND} | {c.country for c in M.cities if c.country}
    assert on_map - set(C.nations) == set()


def test_every_nation_on_the_map_at_the_start_owns_hexes_and_no_other_does() -> None:
    owners = {x.country for x in LAND}
    boxed = {a for a, n in C.nations.items() if _items(n, "territory") and _items(n, "territory") <= BOXES}
    expected = {a for a, n in C.nations.items() if not n.conditional} - boxed
    assert owners == expected
    assert boxed == {"US"}  # 13.2.1: the Eastern US/Canada Box


def test_prohibited_land_is_no_nation() -> None:
    prohibited = {x.country for x in M.hexes.values() if x.prohibited}
    assert "ARB" in prohibited <= {"ARB", "AOF", "AEF", "SUD", "OUT"}
    assert not prohibited & set(C.nations)


def test_each_land_hex_lies_in_its_countrys_territory_or_one_of_its_dependents() -> None:
    wrong = []
    for x in LAND:
        nation = C.nations[x.country]
        own = _items(nation, "dependents") if x.overseas else _items(nation, "territory")
        if x.area not in own:
            wrong.append((x.id, x.country, x.area, x.overseas))
    assert wrong == []


@pytest.mark.parametrize("abbr", sorted(C.nations))
def test_a_nations_territory_and_dependents_are_places_of_the_map(abbr: str) -> None:
    nation = C.nations[abbr]
    for name in _items(nation, "territory"):
        assert name in AREAS | REGIONS | BOXES, name
    for name in _items(nation, "dependents"):
        assert {M.hex(h).country for h in _hexes_of(name)} == {abbr} and all(M.hex(h).overseas for h in _hexes_of(name))


def test_the_dependents_and_regions_that_may_become_minor_countries_are_their_territories() -> None:
    # 13.8.2 lists them; Basque and Catalonia are Breakaway Regions whose hexes the scenario sets
    # (13.8.4, 15.34), so the map draws no border for them and their territory is blank
    made = {a: _items(n, "territory") for a, n in C.nations.items() if n.conditional}
    assert made == {
        "VIC": {"Vichy"},
        "BY": {"Byelorussia"},
        "CAU": {"Caucasus"},
        "CRI": {"Crimea"},
        "DON": {"Donbass"},
        "UKR": {"Ukraine"},
        "DEN": {"Denmark"},
        "EGY": {"Egypt"},
        "JOR": {"Trans-Jordan"},
        "LIB": {"Libya"},
        "MOR": {"Morocco"},
        "ALG": {"Algeria"},
        "PAL": {"Palestine"},
        "SYR": {"Syria"},
        "TUN": {"Tunisia"},
        "BAS": set(),
        "CAT": set(),
    }


def test_a_made_countrys_capital_is_a_provisional_capital_in_its_territory() -> None:
    # 15.25: the Provisional Capital within its borders becomes its Capital
    for abbr, nation in C.nations.items():
        if not nation.conditional:
            continue
        assert nation.capital, abbr
        where = M.hex(M.city(nation.capital).hex)
        assert where.has("provisional-capital"), abbr
        territory = _items(nation, "territory")
        assert not territory or {where.area, where.line} & territory, abbr


def test_a_countrys_capital_is_a_capital_city_of_its_own_hexes() -> None:
    for abbr, nation in C.nations.items():
        if nation.conditional or not nation.capital:
            continue
        c = M.city(nation.capital)
        assert c.capital and M.hex(c.hex).country == abbr and not M.hex(c.hex).overseas, abbr
    capitals = defaultdict(list)
    for c in M.cities:
        if c.capital:
            capitals[c.country].append(c.name)
    assert {a: names for a, names in capitals.items() if len(names) > 1} == {}
    assert set(capitals) == {x.country for x in LAND}


def test_every_ceded_land_marker_names_a_region_dependent_or_country_of_the_map() -> None:
    # 13.8.1: a Ceded Land marker changes who owns the area it names
    names = AREAS | REGIONS
    for m in C.markers.values():
        if m.name == "Ceded Land":
            assert any(m.front == n or m.front.startswith(n + " ") for n in names), m.front
            owner = C.nations.get(m.nation or "")
            assert owner is not None and not owner.conditional, m.key
