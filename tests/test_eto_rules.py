"""ETO's rules pack on positions written by our own save writer: zones of control (25.1),
stacking and the partnerships' bans (24.2, 42.4, 42.5, 45.6), where units may stand (24.1,
7.3, 13.2-13.4, 45.4) and hex control (24.4). The examples of play come first, in their words."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from wargame.games import find_game

from test_check_support import M, U, position

FACTION = {
    "GER": "axis",
    "ITA": "axis",
    "FIN": "axis",
    "FRA": "western",
    "UK": "western",
    "USA": "western",
    "POL": "western",
    "USSR": "soviet",
}


@pytest.fixture(scope="module")
def game():
    return find_game("eto")


@pytest.fixture(scope="module")
def m(game):
    return game.mapdata()


def unit(nation: str, type_: str, where: str, kind: str = "ground", **kw) -> U:
    return U(nation, kind, type_, where, faction=kw.pop("faction", FACTION[nation]), **kw)


def check(tmp_path, *pieces, properties=None):
    pos = position(tmp_path, list(pieces), properties, game="eto")
    return find_game("eto").pack().check(pos)


def rules(result, check_name: str = "") -> list[str]:
    return sorted(
        f.rule for f in result.findings if f.severity == "problem" and (not check_name or f.check == check_name)
    )


def around(m, h: str) -> set[str]:
    return {m.grid.hex_id(n) for n in m.grid.neighbours(m.grid.parse(h))}


def _plain_land(m, country: str) -> str:
    """A land hex of the country with no city and no resource, whose six neighbours are land."""
    for h in sorted(m.hexes):
        info = m.hexes[h]
        if (
            info.country == country
            and info.kind == "land"
            and not m.cities_in(h)
            and not info.has("resource")
            and info.terrain == "clear"
            and all(
                m.hexes[n].kind == "land" and m.hexes[n].country == country and not m.side(h, n).features
                for n in around(m, h)
            )
        ):
            return h
    raise AssertionError(country)


def _city_resource(m, country: str) -> str:
    return next(
        c.hex for c in sorted(m.cities, key=lambda c: c.hex) if c.country == country and m.hexes[c.hex].has("resource")
    )


# -- examples of play -------------------------------------------------------------------------


def test_eop_the_polish_unit_in_w3732_puts_w3832_and_w3733_in_its_zoc(tmp_path):  # 25.1, EoP
    """EoP, Offensive phase step 2: W3832, where Kliest's armour enters, is in the ZOC of the
    Polish unit in W3732; so is W3733, the one hex more it moves."""
    result = check(tmp_path, unit("POL", "infantry", "W3732"), unit("GER", "armor", "W3932"))
    assert result.zoc.ezoc("W3832", "axis") and result.zoc.ezoc("W3733", "axis")
    assert result.zoc.exerted_by("W3832", "axis") == ("1",)


def test_eop_the_maginot_line_puts_the_german_border_hexes_in_french_zoc(tmp_path):  # 25.1, EoP
    """EoP, Construction: Germany screens the French border from W2923, W3223 and W3322, one
    row back, because French units in the Maginot Line project ZOC into the border hexes; a
    German unit's ZOC does not cross the French fortress hexsides."""
    maginot = ["W2921", "W3021", "W3121", "W3122"]
    result = check(tmp_path, *(unit("FRA", "infantry", h) for h in maginot), unit("GER", "infantry", "W3022"))
    for border in ("W2922", "W3022", "W3123", "W3221", "W3222"):
        assert result.zoc.ezoc(border, "axis"), border
    for behind in ("W2923", "W3223", "W3322"):
        assert not result.zoc.ezoc(behind, "axis"), behind
    assert not result.zoc.ezoc("W3021", "western") and not result.zoc.ezoc("W3122", "western")


def test_eop_warsaw_is_surrounded_by_german_zoc_after_the_moves_of_step_3(tmp_path):  # 25.1, EoP
    """EoP, Offensive phase step 4: after the breakthroughs and the infantry's moves, every hex
    around Warsaw is in German ZOC or holds German units, so the (D2) retreat is impossible."""
    german = ["W3630", "W3632", "W3632", "W3433", "W3432", "W3331", "W3532", "W3432"]
    kinds = ["infantry"] * 6 + ["armor", "armor"]
    result = check(tmp_path, unit("POL", "infantry", "W3533"), *(unit("GER", t, h) for t, h in zip(kinds, german)))
    for h in around(result.situation.map, "W3533"):
        assert h in german or result.zoc.ezoc(h, "western"), h


# -- zones of control (25.1) ----------------------------------------------------------------------


def test_infantry_and_armour_project_a_zoc_into_the_six_hexes_hqs_and_paratroops_none(tmp_path, game, m):
    plain = _plain_land(m, "GER")
    result = check(tmp_path, unit("GER", "infantry", plain), unit("GER", "hq", plain), unit("GER", "paratroop", plain))
    assert {h for h in around(m, plain) if result.zoc.ezoc(h, "western")} == around(m, plain)
    assert {u for h in around(m, plain) for u in result.zoc.exerted_by(h, "western")} == {"1"}


def test_armour_projects_no_zoc_into_marsh_infantry_does(tmp_path, m):
    for h in sorted(m.hexes):
        if m.hexes[h].kind != "land":
            continue
        marsh = [n for n in sorted(around(m, h)) if m.hexes[n].terrain == "marsh" and not m.side(h, n).features]
        if marsh:
            break
    else:
        pytest.fail("no land hex beside a marsh hex")
    armour = check(tmp_path, unit("USSR", "armor", h))
    infantry = check(tmp_path, unit("USSR", "infantry", h))
    assert not armour.zoc.ezoc(marsh[0], "axis") and infantry.zoc.ezoc(marsh[0], "axis")


def test_no_zoc_into_water_nor_across_an_all_sea_hexside(tmp_path, m):
    coast = next(
        h for h in sorted(m.hexes) if m.hexes[h].kind == "coastal" and any(m.hexes[n].is_water for n in around(m, h))
    )
    result = check(tmp_path, unit("GER", "infantry", coast))
    assert not any(result.zoc.ezoc(n, "western") for n in around(m, coast) if m.hexes[n].is_water)


def test_an_enemy_fortification_keeps_the_zoc_out_and_an_allys_zoc_is_no_enemy_zoc(tmp_path, m):
    plain = _plain_land(m, "GER")
    target = sorted(around(m, plain))[0]
    result = check(
        tmp_path,
        unit("GER", "infantry", plain),
        unit("FRA", "infantry", target),
        M("fortification", "Fortification", target),
    )
    assert not result.zoc.ezoc(target, "western")
    result = check(tmp_path, unit("UK", "infantry", plain))
    assert result.zoc.ezoc(target, "axis") and not result.zoc.ezoc(target, "soviet")


# -- stacking (24.2, 42.4, 42.5, 45.6) -----------------------------------------------------------


def test_two_land_units_stack_in_a_plain_hex_three_in_a_city_resource_hex(tmp_path, m):
    plain, city = _plain_land(m, "GER"), _city_resource(m, "GER")
    assert rules(check(tmp_path, *(unit("GER", "infantry", plain) for _ in range(2))), "stacking") == []
    assert rules(check(tmp_path, *(unit("GER", "infantry", plain) for _ in range(3))), "stacking") == ["24.2"]
    assert rules(check(tmp_path, *(unit("GER", "armor", city) for _ in range(3))), "stacking") == []
    assert rules(check(tmp_path, *(unit("GER", "armor", city) for _ in range(4))), "stacking") == ["24.2"]


def test_paratroops_hqs_generals_and_air_units_do_not_count(tmp_path, m):
    plain = _plain_land(m, "GER")
    extra = [unit("GER", "paratroop", plain), unit("GER", "hq", plain), unit("GER", "general", plain)]
    assert rules(check(tmp_path, unit("GER", "infantry", plain), unit("GER", "armor", plain), *extra), "stacking") == []


def test_a_stack_of_soviet_units_only_holds_one_more(tmp_path, m):
    plain, moscow = _plain_land(m, "USSR"), m.city("Moscow").hex
    assert rules(check(tmp_path, *(unit("USSR", "infantry", plain) for _ in range(3))), "stacking") == []
    assert rules(check(tmp_path, *(unit("USSR", "infantry", moscow) for _ in range(4))), "stacking") == []
    assert rules(check(tmp_path, *(unit("USSR", "infantry", moscow) for _ in range(5))), "stacking") == ["24.2"]


def test_french_and_british_land_units_never_stack(tmp_path, m):
    plain = _plain_land(m, "FRA")
    assert rules(check(tmp_path, unit("FRA", "infantry", plain), unit("UK", "infantry", plain)), "stacking") == ["42.4"]
    assert rules(check(tmp_path, unit("FRA", "infantry", plain), unit("USA", "infantry", plain)), "stacking") == []


def test_western_and_soviet_units_never_share_a_hex_and_enemies_never_do(tmp_path, m):
    plain = _plain_land(m, "POL")
    assert rules(check(tmp_path, unit("UK", "infantry", plain), unit("USSR", "infantry", plain)), "stacking") == [
        "42.5"
    ]
    assert rules(check(tmp_path, unit("GER", "infantry", plain), unit("USSR", "hq", plain)), "stacking") == ["24.2"]


def test_a_partisan_stacked_with_a_friendly_land_unit_is_eliminated(tmp_path, m):
    plain = _plain_land(m, "USSR")
    assert rules(check(tmp_path, unit("USSR", "partisan", plain), unit("USSR", "infantry", plain)), "stacking") == [
        "45.6"
    ]


# -- placement (24.1, 7.3, 13.2-13.4, 45.4) -------------------------------------------------------------


def test_no_unit_enters_switzerland_and_ships_stand_in_coastal_hexes(tmp_path, m):
    swiss = next(h for h in sorted(m.hexes) if m.hexes[h].country == "SWI")
    assert rules(check(tmp_path, unit("GER", "infantry", swiss)), "placement") == ["24.1"]
    assert rules(check(tmp_path, unit("GER", "bb", _plain_land(m, "GER"), kind="naval")), "placement") == ["7.3"]


def test_air_units_stand_on_friendly_airbases_one_a_base_two_at_most(tmp_path, m):  # 13.2, 13.4
    berlin, plain = m.city("Berlin").hex, _plain_land(m, "GER")
    assert rules(check(tmp_path, unit("GER", "fighter", plain, kind="air")), "placement") == ["13.2"]
    two = check(tmp_path, *(unit("GER", "fighter", berlin, kind="air") for _ in range(2)))
    assert rules(two, "placement") == [] and not two.findings  # Berlin: a city resource hex, two bases
    three = check(tmp_path, *(unit("GER", "fighter", berlin, kind="air") for _ in range(3)))
    assert rules(three, "placement") == [] and [f.severity for f in three.findings if f.rule == "13.4"] == ["note"]
    assert rules(check(tmp_path, *(unit("GER", "fighter", berlin, kind="air") for _ in range(5))), "placement") == [
        "13.4"
    ]
    airfield = check(tmp_path, unit("GER", "fighter", plain, kind="air"), M("airfield", "Airfield", plain))
    assert rules(airfield, "placement") == []


def test_naval_air_bases_on_a_carrier_of_its_side(tmp_path, m):  # 13.3
    sea = next(h for h in sorted(m.hexes) if m.hexes[h].is_water)
    assert (
        rules(
            check(tmp_path, unit("UK", "naval-air", sea, kind="air"), unit("UK", "cv", sea, kind="naval")), "placement"
        )
        == []
    )
    assert rules(check(tmp_path, unit("UK", "naval-air", sea, kind="air")), "placement") == ["13.2"]


def test_a_partisan_stays_in_its_home_country(tmp_path, m):  # 45.4
    assert rules(check(tmp_path, unit("USSR", "partisan", _plain_land(m, "GER"))), "placement") == ["45.4"]
    assert rules(check(tmp_path, unit("USSR", "partisan", _plain_land(m, "USSR"))), "placement") == []


# -- hex control (24.4) ----------------------------------------------------------------------------


def test_control_starts_with_the_nations_status_and_the_scenarios_territory(tmp_path, m):
    """Scn 3.1 (the Bulge): France is Allied except W3122, which Germany holds; W3421 (German)
    and W3521 (Dutch) are Allied."""
    props = {
        "Status_GER": "active axis",
        "Status_FRA": "active western",
        "Status_NET": "conquered axis",
        "Control_axis": "W3122",
        "Control_western": "W3521; W3421",
    }
    result = check(tmp_path, unit("GER", "infantry", m.city("Berlin").hex), properties=props)
    assert result.control["W3122"] == "axis" and result.control[m.city("Paris").hex] == "western"
    assert result.control["W3421"] == "western" and result.control["W3521"] == "western"
    assert result.control[m.city("Amsterdam").hex] == "axis"
    assert m.city("Stockholm").hex not in result.control  # Sweden: neutral


def test_control_markers_and_occupying_land_units_take_a_hex(tmp_path, m):
    paris, lyons, lille = m.city("Paris").hex, m.city("Lyons").hex, m.city("Lille").hex
    result = check(
        tmp_path, unit("GER", "infantry", paris), unit("GER", "hq", lille), M("control-axis", "Axis control", lyons)
    )
    assert result.control[paris] == "axis" and result.control[lyons] == "axis"
    assert result.control[lille] == "western"  # an HQ takes no hex (24.4)


def test_an_allied_marker_is_soviet_on_soviet_ground_and_allies_never_take_each_others_hexes(tmp_path, m):
    warsaw, minsk = m.city("Warsaw").hex, next(c.hex for c in m.cities if c.name == "Minsk")
    result = check(
        tmp_path,
        unit("USSR", "infantry", warsaw),
        M("control-allied", "Allied control", minsk),
        properties={"Status_USSR": "active soviet", "Control_axis": f"{minsk}"},
    )
    assert result.control[warsaw] == "western"  # Poland stays the Western Allies' (42.5)
    assert result.control[minsk] == "soviet"


def test_a_front_entry_gives_the_line_and_what_lies_behind_it(tmp_path, m):
    """Scn 15.1: the Axis holds the USSR up to its winter 1942 front; Moscow stays Soviet."""
    front = (
        "front:E0931 E0929 E0928 E1027 E1128 E1227 E1328 E1428 E1530 E1529 E1628 E1729 E1828 E1827 "
        "E1826 E1926-E2324 E2323-E3019 E3422 E3522 E3523 from E2827"
    )
    result = check(
        tmp_path,
        unit("USSR", "infantry", m.city("Moscow").hex),
        properties={"Status_USSR": "active soviet", "Control_axis": front},
    )
    assert result.control[m.city("Kiev").hex] == "axis" and result.control["E2324"] == "axis"
    assert result.control[m.city("Moscow").hex] == "soviet" and result.control[m.city("Stalingrad").hex] == "soviet"


def test_the_report_counts_control_and_the_picture_tints_it(tmp_path, m):
    from assistant.board import read_position
    from assistant.report import render_picture, report_dict, report_text

    from test_check_support import write_position

    save = write_position(tmp_path / "c.vsav", [unit("GER", "infantry", m.city("Paris").hex)], game="eto")
    board = read_position(save)
    result = find_game("eto").pack().check(board.position)
    doc = report_dict(board, result)
    assert doc["control"]["axis"] >= 100 and doc["control"]["western"] > 100
    assert (
        m.city("Paris").hex in doc["control_hexes"]["axis"]
        and len(doc["control_hexes"]["axis"]) == doc["control"]["axis"]
    )
    assert "hexes controlled" in report_text(doc)
    plain = render_picture(board, result, tmp_path / "plain.png")
    assert plain.is_file()
