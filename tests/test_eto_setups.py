"""ETO's fifteen setups judged by the rules pack: every one checks clean under the scenario book's
set-up rules (placement, stacking, supply a marker could still bring, units on their side's
territory), and the starting territory and special sources the scenario text gives are what the
rules read (24.4, Scn 3.1, Scn 3 Allied supply, Scn 15.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from staffwork.commands.scenario import check_game
from wargame.games import find_game
from wargame.rules.setup import setup_position


@pytest.fixture(scope="module")
def game():
    return find_game("eto")


def setup(game, key: str, scenario=None):
    sc = scenario or game.scenarios()[key]
    return setup_position("eto", sc, game.content(), game.mapdata())


def test_every_setup_checks_clean_or_documents_its_exception():
    reports = check_game("eto")
    assert len(reports) == 15
    assert [f.text() for r in reports for f in r.problems] == []
    documented = [f for r in reports for f in r.findings if f.documented]
    assert {(f.scenario, f.rule) for f in documented} == {("sink_the_bismarck", "Scn")}  # Scn 1.1: at sea


def test_the_bulge_starts_with_the_territory_of_scn_3_1_and_its_allied_sources(game):
    pos, _lines = setup(game, "battle_of_the_bulge")
    result = game.pack().check(pos, game.mapdata())
    control = result.control
    m = game.mapdata()
    assert control["W3122"] == "axis" and control["W3421"] == "western" and control["W3521"] == "western"
    assert control[m.city("Paris").hex] == "western" and control[m.city("Amsterdam").hex] == "axis"
    allied = [
        line for uid, line in result.supply.lines.items() if pos.unit(uid).faction == "western" and line.via != "exempt"
    ]
    assert allied and all(line.state == "full" for line in allied)
    assert {line.source for line in allied} <= {
        "Antwerp",
        *(c.name for c in m.cities if m.hexes[c.hex].area == "France"),
    }
    assert result.problems == ()


def test_the_big_three_front_gives_the_axis_the_west_of_the_ussr_and_leaves_moscow_and_leningrad(game):
    pos, _lines = setup(game, "big_three")
    start = game.pack().start_control(pos, game.mapdata())
    m = game.mapdata()
    assert start[m.city("Kiev").hex] == "axis" and start[m.city("Minsk").hex] == "axis"
    assert start[m.city("Moscow").hex] == "soviet" and start[m.city("Leningrad").hex] == "soviet"
    assert start[m.city("Stalingrad").hex] == "soviet"
    assert start[m.city("Benghazi").hex] == "western" and start[m.city("Tripoli").hex] == "axis"


def test_a_unit_set_up_in_the_enemys_territory_is_a_setup_problem(game):
    sc = game.scenarios()["battle_of_the_bulge"]
    us = next(i for i, p in enumerate(sc.setup) if p.is_unit and p.counter.startswith("usa-inf"))
    moved = replace(sc, setup=sc.setup[:us] + (replace(sc.setup[us], where="W3323"),) + sc.setup[us + 1 :])
    pos, _lines = setup(game, "", moved)
    problems = game.pack().setup_problems(pos, game.mapdata())
    assert any(rule == "Scn" and "gives to the axis side" in why for _pid, rule, why in problems)


def test_naval_air_left_ashore_while_a_carrier_of_its_side_is_empty_is_a_setup_problem(game):
    sc = game.scenarios()["war_in_europe"]
    aboard = next(i for i, p in enumerate(sc.setup) if p.counter.startswith("uk-nav") and p.where == "Capetown Box")
    ashore = replace(sc, setup=sc.setup[:aboard] + (replace(sc.setup[aboard], where="W3616"),) + sc.setup[aboard + 1 :])
    pos, _lines = setup(game, "", ashore)
    problems = game.pack().setup_problems(pos, game.mapdata())
    assert [why for _pid, rule, why in problems if "carriers" in why] == [
        "naval air units start with their carriers, and one at CAPE has none aboard"
    ]
