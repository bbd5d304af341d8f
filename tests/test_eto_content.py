"""ETO's content as data: the unit vocabulary from game.toml, counters with printed factors, the
published counter mix, the partnerships, the displays; and the art that draws them."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from builder.render.content_faces import markers_from, units_from
from builder.render.counters import draw_unit, print_px, screen_px
from builder.render.markers import draw_marker
from wargame.content import Content
from wargame.games import find_game

# Factor notation per type, as the game prints it (digest 4.2-4.4).
NOTATION = {
    "infantry": r"\d+-\d+",
    "armor": r"\d+-\d+",
    "paratroop": r"\d+-\d+",
    "partisan": r"\d+-\d+",
    "hq": r"\d+-\d+",
    "general": r"\d+-(\d+|X)",
    "fighter": r"\d+\*-\d+/\d+",
    "fighter-bomber": r"\d+-\d+/\d+",
    "naval-air": r"\d+-\d+/\d+",
    "bomber": r"\d+-\d+",
    "bb": r"\d+-\d+-\d+",
    "ca": r"\d+-\d+-\d+",
    "cl": r"\d+-\d+-\d+",
    "dd": r"\d+-\d+-\d+",
    "de": r"\d+-\d+-\d+",
    "ss": r"\d+-\d+-\d+",
    "cv": r"X-\d+-\d+",
    "cve": r"X-\d+-\d+",
    "uboat": r"U-boat.*",
    "schnorkel-uboat": r"U-boat.*",
}


@pytest.fixture(scope="module")
def eto() -> Content:
    return find_game("eto").content()


def test_the_unit_vocabulary_is_the_games_own_data(eto):
    words = eto.settings.units
    assert set(words.kinds) == {"ground", "air", "naval"}
    assert words.category_of("naval", "bb") == "named" and words.category_of("naval", "dd") == "squadron"
    assert words.symbol_of("armor") == "tank" and words.label("fighter-bomber") == "FB"
    assert words.two_sided is None  # ETO gives each row its own steps
    use = find_game("use").content().settings.units
    assert use.two_sided == ("field",) and "mountain" in use.all_symbols


def test_the_tables_make_the_published_1200_counters_and_two_module_aids(eto):
    assert eto.unit_counters() == 785
    printed = sum(m.count for m in eto.markers.values() if not m.key.startswith("weather-"))
    assert printed == 415 and printed + eto.unit_counters() == eto.settings.published_counters == 1200
    assert eto.marker_counters() - printed == 2  # the weather markers of the Weather track (ours)


def test_units_by_nation_match_the_order_of_battle_totals(eto):
    by_nation: Counter[str] = Counter()
    for u in eto.units.values():
        by_nation[u.nation] += u.count
    assert (by_nation["UK"], by_nation["USSR"], by_nation["GER"], by_nation["USA"]) == (157, 155, 149, 96)
    assert (by_nation["FRA"], by_nation["ITA"]) == (62, 52)


@pytest.mark.parametrize("unit_type", sorted(NOTATION))
def test_every_printed_front_and_back_is_in_the_games_notation(eto, unit_type):
    rows = [u for u in eto.units.values() if u.type == unit_type]
    assert rows, unit_type
    for u in rows:
        assert re.fullmatch(NOTATION[unit_type], u.front), (u.key, u.front)
        if u.back and any(c.isdigit() for c in u.back):
            assert re.fullmatch(NOTATION[unit_type], u.back), (u.key, u.back)


def test_two_step_units_have_a_back_and_what_is_ours_is_marked(eto):
    for u in eto.units.values():
        if u.steps == 2:
            assert u.back and u.sides == 2, u.key
        assert not u.ours_fields or u.ours, u.key
    assert sum(1 for u in eto.units.values() if u.ours) > 300  # most depleted sides are ours
    assert eto.units["ger-arm-8-5-start"].back == "4-5" and not eto.units["ger-arm-8-5-start"].ours  # EoP


def test_counters_printed_alike_share_a_design_and_a_name(eto):
    rows = [u for u in eto.units.values() if u.design == "ger-inf-6-3"]
    assert sum(u.count for u in rows) == 38 and {u.name for u in rows} == {"Inf 6-3"}
    assert eto.units["ger-bb-bismarck"].name == "Bismarck"
    assert eto.units["ger-hq-south"].name == "HQ South"
    assert eto.units["ger-uboat-u-boat-start"].name == "U-boat"


def test_arrivals_are_start_a_year_a_seasonal_box_or_an_event_word(eto):
    kinds: Counter[str] = Counter()
    for u in eto.units.values():
        t = u.arrives
        kinds["season" if t.season else "year" if t.year else t.place] += 1
    assert set(kinds) == {"start", "year", "season", "activation", "partisan-build"}
    autumn = next(u for u in eto.units.values() if str(u.arrives) == "Autumn 1940")
    assert str(autumn.arrives.month) == "Oct-40"


def test_the_western_and_soviet_partnerships_are_allies_enemies_of_the_axis():  # 42.5
    pack = find_game("eto").pack()
    assert not pack.enemies("western", "soviet") and not pack.enemies("soviet", "western")
    assert pack.enemies("axis", "western") and pack.enemies("soviet", "axis")
    assert pack.hostile()["western"] == frozenset({"axis"})
    use = find_game("use").pack()
    assert use.enemies("western", "soviet")  # USE keeps its three-way war


def test_displays_give_each_partnership_its_own_fleet_boxes_and_a_seasonal_turn_track():
    d = find_game("eto").displays()
    western = {a.name for a in d.faction_card("western").areas}
    axis = {a.name for a in d.faction_card("axis").areas}
    assert {"British Home Fleet", "Suez Adds", "Force Pool"} <= western and "British Home Fleet" not in axis
    cells = d.turn_cells()
    assert cells[:3] == ("Sep-39", "Autumn 1939", "Oct-39") and cells[-1] == "Jun-45"
    tracks = {a.name for a in d.tracks_board().areas}
    assert {"Winter 1942", "Jan-42", "Year 1944", "Severe Mud", "Moderate Winter"} <= tracks
    assert "Mild Fair" not in tracks  # the mild zones are always fair (1.0)


@pytest.mark.parametrize("px", [screen_px(), print_px()])
def test_every_eto_face_renders_with_its_text_inside_its_box(eto, px):
    for counter in units_from(eto, designs=True):
        for face in (counter.front, counter.back):
            drawn = draw_unit(face, px)
            assert drawn.image.size == (px, px)
            for block in drawn.texts:
                x0, y0, x1, y1 = block.bbox
                bx0, by0, bx1, by1 = block.box
                assert bx0 - 1 <= x0 and x1 <= bx1 + 1 and by0 - 1 <= y0 and y1 <= by1 + 1, (
                    counter.caption,
                    block.lines,
                )
    for marker in markers_from(eto):
        for side in (marker.front, marker.back):
            if side is not None:
                assert draw_marker(side, px).image.size == (px, px)


def test_factor_faces_show_the_factors_and_the_reduced_side_its_stripe(eto):
    faces = {u.key: f for u, f in zip(eto.units.values(), units_from(eto))}
    inf = faces["ger-inf-6-3-start"]
    assert (inf.front.factors, inf.back.factors, inf.back.reduced) == ("6-3", "3-3", True)
    assert "stripe" in draw_unit(inf.back, 80).regions and "stripe" not in draw_unit(inf.front, 80).regions
    hq = faces["ger-hq-south"]
    assert hq.back.words == "PREVIOUSLY ACTIVATED" and hq.back.factors == "4-2" and not hq.back.reduced
    ship = faces["ger-bb-bismarck"]
    assert (ship.front.ident, ship.front.label, ship.back.damaged) == ("Bismarck", "BB", True)
    assert draw_unit(ship.back, 80).image.getpixel((40, 30)) != draw_unit(ship.front, 80).image.getpixel((40, 30))


def test_every_nation_has_its_colour_scheme(eto):
    from builder.render.style import load_schemes

    schemes = load_schemes()
    assert all(n.scheme in schemes for n in eto.nations.values())
    assert eto.nations["RUM"].scheme == "ROM"  # ETO spells Rumania RUM; it wears USE's Romanian colours
