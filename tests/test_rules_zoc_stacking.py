"""ZOC (1.7), stacking (3.3) and placement, pinned on the rulebook's worked examples (6.4 of the
digest: 4.2.3.1 around Paris and Calais; the 3.3 stacking example) and on each exception."""

from __future__ import annotations

from wargame.mapdata import load_game
from wargame.rules.use import check
from wargame.rules.use.ground import situation
from wargame.rules.use.supply import _Tracer
from wargame.rules.use.zoc import zoc_map, zoc_of

from test_check_support import M, U, position


def ids(findings, check_name):
    return [(f.rule, f.hexes) for f in findings if f.check == check_name]


def test_paris_calais_example_zocs_reach_where_rule_4_2_3_1_says(tmp_path):
    pos = position(
        tmp_path,
        [
            U("FRA", "ground", "infantry", "2914", name="10"),
            U("FRA", "ground", "infantry", "3115", name="6"),
            U("GER", "ground", "tank", "2915", name="2P"),
        ],
    )
    zoc = check(pos).zoc
    ten, six = "1", "2"
    assert ten in zoc.exerted_by("2915", "axis") and ten in zoc.exerted_by("3014", "axis")
    assert zoc.exerted_by("3015", "axis") == (six,)  # 6 Army's, not 10 Army's
    assert not zoc.ezoc("2815", "axis")
    assert zoc.exerted_by("2814", "axis") == (ten,)
    assert zoc.exerted_by("2914", "western") == ("3",)  # 2P's ZOC; a unit is never its own EZOC


def test_stacking_example_3116_is_free_2915_is_in_paris_zoc_and_supply_may_cross_2915(tmp_path):
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", "2915"),
            U("GER", "ground", "infantry", "3015"),
            U("GER", "ground", "infantry", "3116"),
            U("FRA", "ground", "infantry", "3014"),
        ],
    )
    result = check(pos)
    assert result.zoc.ezoc("2915", "axis") and not result.zoc.ezoc("3116", "axis")
    assert ids(result.findings, "stacking") == []
    tracer = _Tracer(result.situation, result.zoc)
    assert tracer.blocked("2915", "axis", "GER") is None  # a friendly ground unit cancels the EZOC (7.4.1)
    assert tracer.blocked("3014", "axis", "GER") == "enemy city Paris (3014)"


def test_one_of_each_slot_may_stack_but_a_second_ground_unit_may_not(tmp_path):
    hamburg = "2422"
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", hamburg),
            U("GER", "air", "fighter", hamburg),
            U("GER", "air", "bomber", hamburg),
            U("GER", "naval", "surface", hamburg),
            U("GER", "naval", "convoy", hamburg),
        ],
    )
    assert ids(check(pos).findings, "stacking") == []
    pos = position(
        tmp_path,
        [U("GER", "ground", "infantry", "2626"), U("GER", "ground", "tank", "2626", reduced=True)],
        name="two.vsav",
    )
    assert ids(check(pos).findings, "stacking") == [("3.3", ("2626",))]


def test_enemy_units_never_share_a_hex_but_map_boxes_have_no_limit(tmp_path):
    pos = position(
        tmp_path,
        [
            U("GER", "air", "fighter", "2626"),
            U("USSR", "air", "fighter", "2626"),
            U("UK", "naval", "convoy", "NAO"),
            U("UK", "naval", "convoy", "NAO"),
            U("USA", "ground", "infantry", "NAO"),
            U("UK", "ground", "infantry", "NAO"),
        ],
    )
    stack = [f for f in check(pos).findings if f.check == "stacking"]
    assert [(f.hexes, "enemy" in f.reason) for f in stack] == [(("2626",), True)]


def test_a_fort_occupant_exerts_no_zoc_and_a_unit_above_the_fort_does(tmp_path):
    pos = position(tmp_path, [U("FRA", "ground", "infantry", "3017"), M("fort-fra", "Fort", "3017", "western", "FRA")])
    sit = situation(pos)
    assert zoc_of(sit, pos.units[0]) == frozenset()
    pos = position(
        tmp_path,
        [M("fort-fra", "Fort", "3017", "western", "FRA"), U("FRA", "ground", "infantry", "3017")],
        name="above.vsav",
    )
    assert len(zoc_of(situation(pos), pos.units[0])) == 6


def test_a_unit_of_another_nation_under_a_fort_does_not_occupy_it(tmp_path):
    pos = position(tmp_path, [U("UK", "ground", "infantry", "3017"), M("fort-fra", "Fort", "3017", "western", "FRA")])
    result = check(pos)
    assert ("4.2.3.6", ("3017",)) in ids(result.findings, "stacking")
    assert len(zoc_of(result.situation, pos.units[0])) == 6


def test_no_ezoc_marker_removes_every_enemy_zoc_from_its_hex(tmp_path):
    pieces = [U("FRA", "ground", "infantry", "2914"), U("GER", "ground", "infantry", "2915")]
    assert check(position(tmp_path, pieces)).zoc.ezoc("3014", "axis")
    pos = position(tmp_path, pieces + [M("no-ezoc", "No EZOC", "3014")], name="marker.vsav")
    assert not check(pos).zoc.ezoc("3014", "axis") and check(pos).zoc.ezoc("2813", "axis")


def test_zoc_never_reaches_water_faded_dots_prohibited_or_neutral_hexes_nor_out_of_boxes(tmp_path):
    m = load_game("use")
    g = m.grid

    def next_to(pred_self, pred_other):
        for hid, info in sorted(m.hexes.items()):
            if pred_self(info):
                for n in g.neighbours(info.hex):
                    other = m.hexes[g.hex_id(n)]
                    if pred_other(other) and not m.side(hid, other.id).water:
                        return hid, other.id
        raise AssertionError("no such pair on the map")

    ger_land = lambda i: i.country == "GER" and i.is_land and not i.faded_dot  # noqa: E731
    near_swiss = next_to(ger_land, lambda i: i.country == "SWI")
    near_belgium = next_to(ger_land, lambda i: i.country == "BEL")  # Belgium neutral in 1939
    near_dot = next_to(lambda i: i.country == "ITA" and i.is_land and not i.faded_dot, lambda i: i.faded_dot)
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", near_swiss[0]),
            U("GER", "ground", "infantry", near_belgium[0]),
            U("ITA", "ground", "infantry", near_dot[0]),
            U("UK", "ground", "infantry", "ENA"),
        ],
    )
    sit = situation(pos)
    swiss, belgian, italian, boxed = (zoc_of(sit, u) for u in pos.units)
    assert near_swiss[1] not in swiss and near_belgium[1] not in belgian and near_dot[1] not in italian
    assert boxed == frozenset()
    assert all(not m.hexes[h].is_water for z in (swiss, belgian, italian) for h in z)


def test_appeasement_keeps_axis_zoc_out_of_a_western_country(tmp_path):
    m = load_game("use")
    g = m.grid
    pair = next(
        (h, g.hex_id(n))
        for h, i in sorted(m.hexes.items())
        if i.country == "GER" and i.is_land
        for n in g.neighbours(i.hex)
        if m.hexes[g.hex_id(n)].country == "FRA" and not m.side(h, g.hex_id(n)).water
    )
    pieces = [U("GER", "ground", "infantry", pair[0])]
    assert pair[1] in zoc_map(situation(position(tmp_path, pieces))).by_hex
    pos = position(tmp_path, pieces, {"Policy_appeasement": "true"}, name="app.vsav")
    assert pair[1] not in zoc_map(situation(pos)).by_hex


def test_placement_flags_ground_on_water_naval_outside_ports_axis_in_boxes_and_others_in_restricted_hexes(tmp_path):
    m = load_game("use")
    restricted = next(h for h, i in sorted(m.hexes.items()) if i.restricted and i.is_land)
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", "2515"),  # North Sea water
            U("UK", "naval", "surface", "2915"),  # inland French hex, no port
            U("GER", "naval", "convoy", "NAO"),
            U("GER", "ground", "infantry", restricted),
            U("USSR", "ground", "infantry", "CRU"),
            U("UK", "naval", "surface", "2611"),
        ],
    )  # London, an inland port
    placement = {f.units[0]: f.rule for f in check(pos).findings if f.check == "placement"}
    assert m.hexes["2515"].is_water
    assert placement == {"1": "1.3.3", "2": "4.2.4", "3": "4.2.4.1", "4": "1.3.10"}


def test_a_neutral_country_bars_ground_units_until_it_is_active(tmp_path):
    pos = position(tmp_path, [U("GER", "ground", "infantry", "3017")], {"Status_FRA": "neutral"})
    assert [f.rule for f in check(pos).findings if f.check == "placement"] == ["2.1.1.1"]


def test_an_air_or_naval_unit_under_a_fort_marker_does_not_occupy_it(tmp_path):
    # 4.2.3.5: only ground units occupy forts; an air unit put under the marker is misplaced (a
    # note: the stack order means nothing for it)
    pos = position(
        tmp_path,
        [
            U("GER", "air", "fighter", "2920"),
            M("fort-ger", "Fort", "2920", "axis", "GER"),
            U("GER", "ground", "infantry", "2920"),
        ],
        {"Status_GER": "active axis"},
    )
    (f,) = [f for f in check(pos).findings if f.rule == "4.2.3.5"]
    assert f.check == "stacking" and f.severity == "note" and "air and naval units never occupy a fort" in f.reason
