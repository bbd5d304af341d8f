"""ETO's first rules pack on positions built by hand: stacking (24.2) and the partnerships'
bans (42.4, 42.5, 45.6), zones of control (25.1), where units may stand (24.1, 7.2), and supply
left unjudged, saying so. Hexes are picked from the map by what they are, not by number."""

from __future__ import annotations

import pytest

from wargame.games import find_game
from wargame.rules.position import GameState, MarkerPiece, Position, Unit

FACTION = {"GER": "axis", "ITA": "axis", "FRA": "western", "UK": "western", "USA": "western", "USSR": "soviet"}


@pytest.fixture(scope="module")
def game():
    return find_game("eto")


@pytest.fixture(scope="module")
def m(game):
    return game.mapdata()


def unit(n: int, nation: str, type_: str, where: str, kind: str = "ground", faction: str = "") -> Unit:
    return Unit(id=f"u{n}", name=type_, key="", faction=faction or FACTION[nation], nationality=nation, kind=kind,
                type=type_, hex=where)


def check(game, *units: Unit, markers: tuple[MarkerPiece, ...] = ()):
    return game.pack().check(Position("eto", tuple(units), markers, GameState()))


def rules(result, check_name: str = "") -> list[str]:
    return sorted(f.rule for f in result.findings if f.severity == "problem" and (not check_name or f.check == check_name))


def _plain_land(m, country: str) -> str:
    """A land hex of the country with no city and no resource, whose six neighbours are land."""
    for h in sorted(m.hexes):
        info = m.hexes[h]
        if (info.country == country and info.kind == "land" and not m.cities_in(h) and not info.has("resource")
                and all(s.side is not None and not s.water for s in m.sides_of(h))):
            return h
    raise AssertionError(country)


def _city_resource(m, country: str) -> str:
    return next(c.hex for c in sorted(m.cities, key=lambda c: c.hex)
                if c.country == country and m.hexes[c.hex].has("resource"))


def test_two_land_units_stack_in_a_plain_hex_three_in_a_city_resource_hex(game, m):  # 24.2
    plain, city = _plain_land(m, "GER"), _city_resource(m, "GER")
    assert rules(check(game, *(unit(i, "GER", "infantry", plain) for i in range(2)))) == []
    assert rules(check(game, *(unit(i, "GER", "infantry", plain) for i in range(3)))) == ["24.2"]
    assert rules(check(game, *(unit(i, "GER", "armor", city) for i in range(3)))) == []
    assert rules(check(game, *(unit(i, "GER", "armor", city) for i in range(4)))) == ["24.2"]


def test_paratroops_hqs_and_generals_do_not_count(game, m):  # 24.2
    plain = _plain_land(m, "GER")
    extra = [unit(10, "GER", "paratroop", plain), unit(11, "GER", "hq", plain), unit(12, "GER", "general", plain)]
    assert rules(check(game, unit(1, "GER", "infantry", plain), unit(2, "GER", "armor", plain), *extra)) == []


def test_a_stack_of_soviet_units_only_holds_one_more(game, m):  # 24.2
    plain, moscow = _plain_land(m, "USSR"), m.city("Moscow").hex
    assert rules(check(game, *(unit(i, "USSR", "infantry", plain) for i in range(3)))) == []
    assert rules(check(game, *(unit(i, "USSR", "infantry", moscow) for i in range(4)))) == []
    assert rules(check(game, *(unit(i, "USSR", "infantry", moscow) for i in range(5)))) == ["24.2"]


def test_french_and_british_land_units_never_stack(game, m):  # 42.4
    plain = _plain_land(m, "FRA")
    assert rules(check(game, unit(1, "FRA", "infantry", plain), unit(2, "UK", "infantry", plain))) == ["42.4"]
    assert rules(check(game, unit(1, "FRA", "infantry", plain), unit(2, "USA", "infantry", plain))) == []


def test_western_and_soviet_units_never_share_a_hex_and_enemies_never_do(game, m):  # 42.5
    plain = _plain_land(m, "POL")
    assert rules(check(game, unit(1, "UK", "infantry", plain), unit(2, "USSR", "infantry", plain))) == ["42.5"]
    assert rules(check(game, unit(1, "GER", "infantry", plain), unit(2, "USSR", "hq", plain))) == ["24.2"]


def test_a_partisan_stacked_with_a_friendly_land_unit_is_eliminated(game, m):  # 45.6
    plain = _plain_land(m, "USSR")
    assert rules(check(game, unit(1, "USSR", "partisan", plain), unit(2, "USSR", "infantry", plain))) == ["45.6"]


def test_infantry_and_armour_project_a_zoc_into_the_six_hexes_hqs_none(game, m):  # 25.1
    plain = _plain_land(m, "GER")
    around = {m.grid.hex_id(n) for n in m.grid.neighbours(m.grid.parse(plain))}
    pack = game.pack()
    sit = pack.situation(Position("eto", (), (), GameState()))
    assert pack.zoc_of(sit, unit(1, "GER", "infantry", plain)) == around
    assert pack.zoc_of(sit, unit(1, "GER", "hq", plain)) == frozenset()
    assert pack.zoc_of(sit, unit(1, "GER", "paratroop", plain)) == frozenset()


def test_armour_projects_no_zoc_into_marsh_nor_any_unit_into_water(game, m):  # 25.1
    pack = game.pack()
    sit = pack.situation(Position("eto", (), (), GameState()))
    for h in sorted(m.hexes):
        info = m.hexes[h]
        if info.kind != "land":
            continue
        near = [m.grid.hex_id(n) for n in m.grid.neighbours(m.grid.parse(h))]
        marsh = [n for n in near if n in m.hexes and m.hexes[n].terrain == "marsh" and not m.side(h, n).features]
        if marsh:
            assert marsh[0] not in pack.zoc_of(sit, unit(1, "USSR", "armor", h))
            assert marsh[0] in pack.zoc_of(sit, unit(1, "USSR", "infantry", h))
            break
    else:
        pytest.fail("no land hex beside a marsh hex")
    def water_near(h: str) -> set[str]:
        return {m.grid.hex_id(n) for n in m.grid.neighbours(m.grid.parse(h))
                if m.grid.hex_id(n) in m.hexes and m.hexes[m.grid.hex_id(n)].is_water}

    coast = next(h for h in sorted(m.hexes) if m.hexes[h].kind == "coastal" and water_near(h))
    assert not water_near(coast) & pack.zoc_of(sit, unit(1, "GER", "infantry", coast))


def test_an_enemy_fortification_keeps_the_zoc_out_and_allies_zoc_is_no_enemy_zoc(game, m):  # 25.1, 42.5
    plain = _plain_land(m, "GER")
    target = m.grid.hex_id(m.grid.neighbours(m.grid.parse(plain))[0])
    fort = MarkerPiece("f1", "fortification", "Fortification", faction="western", hex=target)
    result = check(game, unit(1, "GER", "infantry", plain), markers=(fort,))
    assert not result.zoc.ezoc(target, "western") and result.zoc.ezoc(plain, "axis") is False
    result = check(game, unit(1, "UK", "infantry", plain))
    assert result.zoc.ezoc(target, "axis") and not result.zoc.ezoc(target, "soviet")


def test_no_unit_enters_switzerland_and_ships_stand_in_coastal_hexes(game, m):  # 24.1, 7.2
    swiss = next(h for h in sorted(m.hexes) if m.hexes[h].country == "SWI")
    assert rules(check(game, unit(1, "GER", "infantry", swiss)), "placement") == ["24.1"]
    inland = _plain_land(m, "GER")
    assert rules(check(game, unit(1, "GER", "bb", inland, kind="naval")), "placement") == ["7.2"]


def test_supply_is_not_judged_and_the_check_says_so(game, m):  # 32.0
    result = check(game, unit(1, "GER", "infantry", _plain_land(m, "GER")))
    assert result.supply.lines == {} and not result.supply.marks
    notes = [f for f in result.findings if f.check == "supply"]
    assert notes and all(f.severity == "note" and "not traced" in f.reason for f in notes)
