"""What a USE save shows beyond supply, ZOC and stacking (USE 11): Home Defense per
country (10.3.1 and its examples), the conditional events Axis units set off (13.3-13.8), the
markers that come and go (Strategic Move, Bombed, Airdrop, Partisans, Assault), city control
against the units in the cities (2.3.1) and the On-Map Factory Count (9.1.2, the 2.2 example).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from wargame.rules.use.home_defense import home_defense
from wargame.rules.use.state_checks import factory_count

from logmaker import LogMaker, layered
from test_check_support import M, U, position
from usecase import audit, found, notes, problems, situation_of, status

HD = {"Policy_home_defense": "true"}
SEP_39 = {
    **status(GER="active axis", POL="neutral", FRA="active western", UK="active western", USSR="active soviet"),
    **HD,
}


def _rules(pos) -> dict:
    sit, _zoc = situation_of(pos)
    return {r.name.split(" (")[0]: r for r in home_defense(sit)}


def test_the_east_front_is_met_by_units_in_german_hexes_bordering_poland(tmp_path):
    # 10.3 example: two air and three field ground units in German hexes bordering neutral Poland
    pos = position(
        tmp_path,
        [
            U("GER", "air", "fighter", "2432"),
            U("GER", "air", "bomber", "2830"),
            U("GER", "ground", "infantry", "2729"),
            U("GER", "ground", "infantry", "2730"),
            U("GER", "ground", "infantry", "2831"),
        ],
        SEP_39,
    )
    assert _rules(pos)["Germany East Front"].satisfied
    assert not [f for f in found(pos, rule="10.3.1") if "East Front" in f.reason]
    west = [f for f in found(pos, rule="10.3.1") if "West Front" in f.reason]
    assert west and west[0].severity == "note"


def test_the_germany_conditional_counts_units_in_germany_for_both_fronts(tmp_path):
    # 10.3 example: the USA is active, no Moscow Treaty: the air unit in Berlin counts twice
    props = {
        **status(
            GER="active axis",
            USA="active western",
            FRA="conquered western",
            POL="conquered western",
            UK="active western",
            USSR="active soviet",
        ),
        **HD,
    }
    pos = position(
        tmp_path,
        [U("GER", "air", "fighter", "3014"), U("GER", "air", "fighter", "2626"), U("GER", "air", "fighter", "2634")],
        props,
    )
    rules = _rules(pos)
    assert dict(rules["Germany West Front"].have)["air"] == 2
    assert dict(rules["Germany East Front"].have)["air"] == 2
    without = position(
        tmp_path,
        [U("GER", "air", "fighter", "3014"), U("GER", "air", "fighter", "2626"), U("GER", "air", "fighter", "2634")],
        {**props, "Status_USA": "neutral"},
        name="b.vsav",
    )
    assert dict(_rules(without)["Germany West Front"].have)["air"] == 1


def test_uk_main_with_an_air_unit_in_london_and_a_ground_unit_in_calais(tmp_path):
    # 10.3 example: Calais is within three hexes of Great Britain
    pos = position(tmp_path, [U("UK", "air", "fighter", "2611"), U("UK", "ground", "infantry", "2813")], SEP_39)
    assert _rules(pos)["UK Main"].satisfied
    far = position(
        tmp_path, [U("UK", "air", "fighter", "2611"), U("UK", "ground", "infantry", "3520")], SEP_39, name="b.vsav"
    )
    assert not _rules(far)["UK Main"].satisfied


def test_a_minor_country_keeps_a_ground_unit_near_home_and_no_supply_units_do_not_count(tmp_path):
    props = {**SEP_39, **status(BEL="active western")}
    near = position(tmp_path, [U("BEL", "ground", "infantry", "2814")], props)
    assert _rules(near)["BEL home defense"].satisfied
    cut_off = position(tmp_path, [U("BEL", "ground", "infantry", "2814", supply="none")], props, name="b.vsav")
    assert not _rules(cut_off)["BEL home defense"].satisfied
    assert any("BEL home defense" in f.reason for f in found(cut_off, rule="10.3.1"))


def test_the_west_front_unmet_after_a_unit_is_pushed_off_the_border(tmp_path):
    # 10.3 "Home Defense Not Satisfied" example: one of the three units on the French border has
    # retreated; at the start of its next phases Germany must repatriate a unit there
    pos = position(
        tmp_path,
        [
            U("GER", "air", "fighter", "2920"),
            U("GER", "air", "fighter", "3021"),
            U("GER", "ground", "infantry", "2920"),
            U("GER", "ground", "infantry", "3021"),
            U("GER", "ground", "infantry", "2923"),
        ],
        SEP_39,
    )
    rule = _rules(pos)["Germany West Front"]
    assert not rule.satisfied and dict(rule.have) == {"air": 2, "field ground": 2}


def test_axis_units_where_conditional_events_fire(tmp_path):
    props = status(GER="active axis", LAT="neutral", BEL="active western", USSR="active soviet")
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", "2038"),  # Riga, Latvia: East Invaded
            U("GER", "ground", "infantry", "2717"),  # Brussels: West Invaded
            U("GER", "ground", "infantry", "1548"),  # Volkhov, row 15: Northern Border
            U("GER", "ground", "tank", "3761"),
        ],  # 13.7 example: Southern Border
        props,
    )
    rules = {f.rule for f in found(pos, check="events")}
    assert rules == {"13.3", "13.6", "13.7", "13.8"}
    done = position(
        tmp_path, [U("GER", "ground", "infantry", "2717")], {**props, "Event_west_invaded": "true"}, name="b.vsav"
    )
    assert not found(done, check="events")


def test_turkey_sets_off_the_mediterranean_crisis_by_its_border_with_cyprus(tmp_path):
    # 13.4 example: an Axis unit moving into a Western Turkey
    props = status(GER="active axis", TUR="active western", FRA="conquered western", UK="active western")
    pos = position(tmp_path, [U("GER", "ground", "infantry", "4748")], props)
    assert {f.rule for f in found(pos, check="events")} == {"13.4"}
    pieces = {"ger": (layered(U("GER", "ground", "tank", "3661")), "3661")}
    a = audit(
        LogMaker(pieces, "Axis Operations", status(GER="active axis", USSR="active soviet")).move("ger", "3761"),
        tmp_path,
    )
    assert (1, "13.7") in notes(a)


def test_markers_in_places_the_rules_do_not_allow(tmp_path):
    props = status(GER="active axis", FRA="active western", UK="active western", POL="conquered western")
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", "2626"),
            M("strategic-move-axis", "Strategic Move", "2626", "axis"),
            U("GER", "air", "fighter", "2525"),
            M("strategic-move-axis", "Strategic Move", "2525", "axis"),
            M("bombed", "Bombed", "3014"),  # Paris: not in Germany
            M("airdrop-ger", "Airdrop", "2815", "axis", "GER"),
            M("airdrop-ger", "Airdrop", "2815", "axis", "GER"),
            M("partisans-western", "Partisans", "2634", "western"),  # no enemy unit there
            U("FRA", "ground", "infantry", "2714"),
            M("assault", "Assault", "2714"),  # no enemy next to it
        ],
        {**props, "Phase": "Axis Operations"},
    )
    rules = sorted(f.rule for f in found(pos, check="markers"))
    assert rules == ["14.10", "15.3", "4.1.1", "6.1", "6.2.6"]


def test_a_strategic_move_marker_on_a_fort_occupant_and_transient_markers_after_the_actions(tmp_path):
    pos = position(
        tmp_path,
        [
            U("FRA", "ground", "infantry", "2919"),
            M("fort-fra", "Fort", "2919", "western", "FRA"),
            M("strategic-move-western", "Strategic Move", "2919", "western"),
            M("airdrop-uk", "Airdrop", "2714", "western", "UK"),
        ],
        {**status(FRA="active western", UK="active western"), "Phase": "Western Economy"},
    )
    by_rule = {f.rule: f for f in found(pos, check="markers")}
    assert "4.1.4" in by_rule and by_rule["1.2.1"].severity == "note"


def test_a_control_marker_under_a_unit_of_another_faction(tmp_path):
    pos = position(
        tmp_path,
        [U("FRA", "ground", "infantry", "3014"), M("control-axis", "Control", "3014", "axis")],
        status(FRA="active western", GER="active axis"),
    )
    (f,) = found(pos, rule="2.3.1")
    assert f.severity == "note" and "swap" in f.reason


def test_a_ceded_factory_counts_for_its_new_country_for_good(tmp_path):
    # 2.2 example: Bessarabia goes to the USSR: Kishinev counts for the USSR; if Romania takes
    # it back, it still does not count for Romania, and no longer for the USSR
    props = {**status(USSR="active soviet", ROM="active axis"), "Ceded_bessarabia": "true"}
    sit, _zoc = situation_of(position(tmp_path, [U("USSR", "ground", "infantry", "2050")], props))
    ussr = factory_count(sit, "USSR")
    sit, _zoc = situation_of(
        position(
            tmp_path,
            [U("USSR", "ground", "infantry", "2050")],
            {k: v for k, v in props.items() if k != "Ceded_bessarabia"},
            name="b.vsav",
        )
    )
    assert factory_count(sit, "USSR") == ussr - 1
    rom = factory_count(sit, "ROM")
    sit, _zoc = situation_of(position(tmp_path, [U("ROM", "ground", "infantry", "3344")], props, name="c.vsav"))
    assert factory_count(sit, "ROM") == rom - 1 and factory_count(sit, "USSR") == ussr - 1


def test_uswc_has_no_conditional_events_to_note(tmp_path):
    # USWC's only conditional event is Country Collapse: its pack tells no trigger notes
    props = status(GER="active axis", BEL="active western", FRA="active western")
    use = position(tmp_path, [U("GER", "ground", "infantry", "2717")], props)
    uswc = position(
        tmp_path, [U("GER", "ground", "infantry", "2717")], props, name="w.vsav", game="uswc", board="France"
    )
    assert found(use, check="events")
    from wargame.games import find_game

    assert not [f for f in find_game("uswc").pack().check(uswc).findings if f.check == "events"]


def test_markers_placed_in_a_log_are_judged_where_they_lie(tmp_path):
    # 14.10: Partisans need an enemy air or ground unit in their hex; 6.2.6: Bombed markers go on
    # factories in Germany; 14.1: no Airdrop where ground units may not go (a water hex)
    props = status(GER="active axis", FRA="active western", UK="active western", USSR="active soviet")
    pieces = {
        "b": (layered(U("UK", "air", "bomber", "2411")), "2411"),
        "a": (layered(U("GER", "air", "fighter", "2420")), "2420"),
    }
    partisans = audit(
        LogMaker(pieces, "Soviet Operations", props).add(
            "p", layered(M("partisans-soviet-1", "Partisans", "2852", "soviet")), "2852"
        ),
        tmp_path,
        "a.vlog",
    )
    assert [r for _s, r in problems(partisans)] == ["14.10"]
    paris = audit(
        LogMaker(pieces, "Western Operations", props).add("x", layered(M("bombed", "Bombed", "3014")), "3014"),
        tmp_path,
        "b.vlog",
    )
    assert [r for _s, r in problems(paris)] == ["6.2.6"]
    sea = audit(
        LogMaker(pieces, "Axis Operations", props).add(
            "d", layered(M("airdrop-ger", "Airdrop", "2320", "axis", "GER")), "2320"
        ),
        tmp_path,
        "c.vlog",
    )
    assert [r for _s, r in problems(sea)] == ["14.1"] and "water hex" in sea.findings[0].reason


def test_a_pro_axis_marker_in_a_neutral_country_sets_off_no_event(tmp_path):
    # 2.3 example: a Pro-Axis marker is Axis friendly but belongs to no faction; putting one in a
    # neutral Belgium does not set off West Invaded (13.8); an Axis unit there would
    props = status(GER="active axis", BEL="neutral", FRA="active western", UK="active western")
    marker = M("pro-axis", "Pro-Axis", "2717", "axis")
    assert not found(position(tmp_path, [marker], props), check="events")
    assert found(position(tmp_path, [U("GER", "ground", "infantry", "2717")], props, name="b.vsav"), check="events")
    a = audit(
        LogMaker({"g": (layered(U("GER", "ground", "infantry", "2626")), "2626")}, "Axis Diplomacy", props).add(
            "pa", layered(marker), "2717"
        ),
        tmp_path,
    )
    assert notes(a) == []


def test_a_latvian_unit_set_up_in_riga_for_the_axis_sets_off_east_invaded(tmp_path):
    # 13.3 example: Latvia activates as an Axis country in the Diplomacy Phase and its ground unit
    # is set up in Riga: East Invaded (performed at the end of the next Axis Operations Phase)
    props = status(GER="active axis", LAT="active axis", USSR="active soviet")
    a = audit(
        LogMaker({"g": (layered(U("GER", "ground", "infantry", "2626")), "2626")}, "Axis Diplomacy", props).add(
            "lat", layered(U("LAT", "ground", "infantry", "2038", faction="axis")), "2038"
        ),
        tmp_path,
    )
    assert notes(a) == [(1, "13.3")]


def test_a_factory_city_taken_counts_for_no_one(tmp_path):
    # 9.1.2 examples: a German unit moves into Paris: France's Factory Count drops by one (6 to 5
    # in the example), Germany's does not grow (a country counts only its own factories)
    props = status(GER="active axis", FRA="active western")
    sit, _zoc = situation_of(position(tmp_path, [U("FRA", "ground", "infantry", "3115")], props))
    before = (factory_count(sit, "FRA"), factory_count(sit, "GER"))
    sit, _zoc = situation_of(position(tmp_path, [U("GER", "ground", "infantry", "3014")], props, name="b.vsav"))
    assert (factory_count(sit, "FRA"), factory_count(sit, "GER")) == (before[0] - 1, before[1])


def test_a_unit_repatriated_at_the_start_of_the_strategic_movement_phase(tmp_path):
    # 10.3 "Home Defense Not Satisfied" example (Oct-39): the Axis repatriates a field unit from
    # Poland to a hex bordering Denmark and in no EZOC (Kiel); the Strategic Move marker still
    # lies on last turn's unit, so this is no strategic move. A unit put where no repatriation may
    # put it (next to no German city) is told.
    props = {**SEP_39, **status(POL="conquered western")}
    pieces = {
        "g": (layered(U("GER", "ground", "infantry", "2634")), "2634"),
        "s": (layered(U("GER", "ground", "infantry", "2626")), "2626"),
        "sm": (layered(M("strategic-move-axis", "Strategic Move", "2626", "axis")), "2626"),
    }
    kiel = audit(LogMaker(pieces, "Axis Strategic Movement", props).move("g", "2323"), tmp_path, "a.vlog")
    assert problems(kiel) == [] and any("repatriation" in u for u in kiel.unjudged)
    away = audit(LogMaker(pieces, "Axis Strategic Movement", props).move("g", "2636"), tmp_path, "b.vlog")
    assert problems(away) == [(1, "10.4")]


def test_a_unit_repatriated_at_the_start_of_the_operations_phase_is_not_activated_again(tmp_path):
    # 10.3.1.1: Belgium's only ground unit stands far from home, so the Home Defense check that opens
    # the Western Operations Phase repatriates it next to Brussels (10.4), no path traced; it may not
    # be activated that turn. Without Home Defense the same jump is an ordinary move out of reach.
    props = {**SEP_39, **status(BEL="active western")}
    pieces = {
        "bel": (layered(U("BEL", "ground", "infantry", "3817")), "3817"),
        "fra": (layered(U("FRA", "ground", "infantry", "3115")), "3115"),
    }
    home = LogMaker(pieces, "Western Operations", props).move("bel", "2716")
    a = audit(home, tmp_path, "a.vlog")
    assert problems(a) == [] and any("repatriation" in u for u in a.unjudged)
    home.move("fra", "3116").move("bel", "2715")
    assert problems(audit(home, tmp_path, "b.vlog")) == [(3, "10.4")]
    plain = {k: v for k, v in props.items() if k != "Policy_home_defense"}
    c = audit(LogMaker(pieces, "Western Operations", plain).move("bel", "2716"), tmp_path, "c.vlog")
    assert [r for _s, r in problems(c)] == ["4.2.1"]
