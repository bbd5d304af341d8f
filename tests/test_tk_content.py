"""TK's content: the counters the rules describe (factors, steps, sizes, codes, stripes), our order
of battle against the published mix, the markers the rules name, the three decks of option cards,
the turn track's named and seasonal turns, the displays, and every face drawn at the module's and
the printed size. Rule numbers are the TK rulebook's (notes/tk_rules.md)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from builder.render.content_faces import card_face, markers_from, units_from
from builder.render.counters import draw_unit
from builder.render.markers import draw_marker
from builder.render.option_cards import card_layout, draw_card
from wargame.content import Month, load_scenarios
from wargame.games import find_game

from grids import tk_grid

GAME = find_game("tk")
C = GAME.content()
UNITS = C.units


def _one(nation: str, front: str, **where) -> list:
    return [
        u
        for u in UNITS.values()
        if u.nation == nation and u.front == front and all(getattr(u, k) == v for k, v in where.items())
    ]


def test_the_published_mix_against_ours() -> None:
    """840 counters in the box (Game Components); ours: 421 units and 193 markers."""
    assert C.settings.published_counters == 840
    ours = C.unit_counters() + C.marker_counters()
    assert 550 <= ours <= 840
    assert C.unit_counters() == 421 and C.marker_counters() == 193


@pytest.mark.parametrize(
    "front, back, steps, back_steps, rule",
    [
        ("8-6-4", "5-4-4", 3, 2, "2.3.4.1: a three-step 8-6-4 panzer army flips to its 5-4-4 two-step side"),
        ("5-6-2", "3-4-2", 3, 2, "2.3.4.2: the three-step 5-6-2 infantry army"),
        ("4-4-3", "2-2-3", 3, 2, "2.3.1.2 and 2.3.4.2: the 4-4-3 HQ and the two-step 2-2-3 HQ"),
        ("9-7-3", "6-5-3", 3, 2, "2.3: the SS panzer army, 9-7-3 on three steps, 6-5-3 on two"),
    ],
)
def test_german_armies_print_the_rulebooks_factors_and_steps(front, back, steps, back_steps, rule) -> None:
    armies = _one("GER", front, back=back)
    assert armies, rule
    assert all((u.steps, u.back_steps, u.delay) == (steps, back_steps, True) for u in armies), rule


def test_a_german_panzer_army_breaks_down_into_a_one_step_2_2_4() -> None:
    """4.2.6.2: a step lost from the 5-4-4 side takes a one-step unit from the force pool."""
    army = UNITS["ger-armor-1-pz"]
    small = UNITS[army.breaks_into]
    assert (small.nation, small.front, small.steps) == ("GER", "2-2-4", 1)


@pytest.mark.parametrize(
    "nation, front, back, rule",
    [
        ("BR", "2-3-3", "1-1-3", "2.3.1.1: a British 1-1-3 one-step flips to its 2-3-3 two-step side"),
        ("RUS", "3-4-3", "1-2-3", "2.3.4.1: a two-step Guards army flips to its 1-2-3 one-step side"),
        ("RUS", "4-3-2", "2-1-2", "2.3.4.3: a two-step Shock army flips to its 2-1-2 one-step side"),
        ("FRA", "2-2-2", "1-1-2", "2.3.4.2: the two-step 2-2-2 French colonial army and its 1-1-2 side"),
    ],
)
def test_two_step_units_flip_to_the_one_step_sides_the_rules_name(nation, front, back, rule) -> None:
    assert any(u.back_steps == 1 for u in _one(nation, front, back=back)), rule


@pytest.mark.parametrize(
    "nation, ident, front",
    [
        ("BR", "Def", "1-1-2"),
        ("FRA", "Def", "1-1-2"),
        ("RUS", "Def", "0-2-2"),
        ("GER", "GD", "2-3-3"),
        ("GER", "HG", "2-3-3"),
        ("GER", "Tot", "2-3-3"),
        ("GER", "Vik", "2-3-3"),
    ],
)
def test_the_port_a_forts_of_2_3_2_2_have_a_one_step_fortress_on_their_backs(nation, ident, front) -> None:
    unit = next(u for u in UNITS.values() if (u.nation, u.id, u.front) == (nation, ident, front))
    assert unit.back_type == "port-a-fort" and unit.back_steps == 1 and unit.elite


def test_elite_types_are_elite_and_fortresses_and_garrisons_print_squares() -> None:
    """2.3.4.3: all airborne, cavalry, marine and mountain units are elite; 2.3.2: garrisons and
    fortresses print their steps as squares."""
    vocab = C.settings.units
    for u in UNITS.values():
        if u.type in ("airborne", "cavalry", "marine", "mountain"):
            assert u.elite, u.key
        if u.type in ("garrison", "fortress"):
            assert vocab.step_mark(u.type) == "square", u.key
    assert vocab.step_mark("infantry") == "dot"


def test_italy_and_vichy_carry_the_ids_13_7_2_names() -> None:
    italy = {(u.id, u.back or u.front) for u in C.units_of("ITA")}
    assert {("5", "0-1-2"), ("9", "0-1-2"), ("10", "0-1-2"), ("1", "1-1-3"), ("8", "1-1-3")} <= italy
    rhodes = next(u for u in C.units_of("ITA") if u.id == "Rho")
    assert rhodes.front == "0-1-0" and "e1908" in rhodes.back  # the garrison's hex on its back (2.3.2.4)
    vichy = C.units_of("VIC")
    assert all(u.code == "V" and u.printed_nation == "Fra" for u in vichy)
    assert sum(u.count for u in vichy if u.id == "Col") == 4 and {u.id for u in vichy} >= {"Res", "1", "7", "Exp"}


# Factors the rulebook prints or quotes in its examples; every other printed value is ours.
RULE_FACTORS = {
    "GER": {"8-6-4", "5-4-4", "2-2-4", "1-2-3", "3-4-2", "5-6-2", "4-4-3", "2-2-3", "9-7-3", "6-5-3", "0-2-2", "2-3-3"},
    "BR": {"1-2-2", "1-1-3", "2-3-3", "1-1-2"},
    "RUS": {"1-1-2", "1-2-3", "2-1-2", "0-2-2"},
    "FRA": {"2-2-2", "1-1-2", "3-4-2", "1-2-3", "0-1-2"},
    "VIC": {"0-1-2", "3-4-2", "1-2-3", "1-1-2"},
    "ITA": {"1-1-3", "0-1-2", "0-1-0"},
}


def test_every_factor_the_rules_do_not_print_is_marked_ours() -> None:
    for u in UNITS.values():
        if not u.front:
            continue
        rule = RULE_FACTORS.get(u.nation, {"0-1-2"} if u.id == "Res" else set())
        if u.front not in rule:
            assert "front" in u.ours_fields, f"{u.key}: {u.front} is not the rulebook's, so it is ours"
        assert u.source, u.key


def test_a_reinforcement_number_names_a_card_of_its_factions_deck() -> None:
    """Counters: a number in the reinforcement code matches the option card that brings it."""
    numbers = {(c.faction, c.number) for c in C.cards.values() if c.number}
    for u in UNITS.values():
        if re.fullmatch(r"\d+[a-d]?", u.code):
            faction = C.nations[u.nation].joined or C.nations[u.nation].faction_1939
            assert (faction, u.code) in numbers, f"{u.key}: code {u.code} names no {faction} card"


def test_the_markers_the_rules_name_are_there() -> None:
    names = {m.name for m in C.markers.values()}
    kinds = {m.front if m.name in ("Policy", "Truce") else m.name for m in C.markers.values()}
    assert len(kinds) >= 60  # each policy and truce is a kind of its own (14.28, 14.34)
    for name in (
        "Blitz",
        "Beachhead",
        "Standard Convoy",
        "Scratch Convoy",
        "Fleet Train",
        "Logistics",
        "Partisan Base",
        "Atomic Devastation",
        "Failure",
        "Policy",
        "Truce",
        "Influence",
        "Neutrality",
        "Mobilizing",
        "Free Passage",
        "No Occupation",
        "Reich Annex",
        "Ceded Land",
        "Civil War",
        "Republican Support",
        "Victory Points",
        "No Retreat",
        "SS Europa",
        "Allied Collapse",
        "Military Takeover",
        "War Economy",
        "European USCL",
        "Increase USCL",
        "US Entry",
        "V-E Day",
        "Pacific War",
        "War State",
        "Turn",
    ):
        assert name in names, name
    logistics = {m.front for m in C.markers.values() if m.name == "Logistics"}
    assert logistics == {"Logistics OKH", "Logistics OKW", "Logistics Stavka", "Logistics AFHQ", "Logistics SHAEF"}


def test_the_three_decks_have_the_published_sizes() -> None:
    """Game Components: Axis 76, Western 59, Soviet 65 cards."""
    assert {f: sum(c.count for c in C.deck(f)) for f in C.factions} == {"axis": 76, "western": 59, "soviet": 65}
    assert C.settings.cards is not None
    assert C.settings.cards.published == {"axis": 76, "western": 59, "soviet": 65}


def test_cards_the_rules_describe_say_so_and_the_rest_are_templates() -> None:
    described = [c for c in C.cards.values() if not c.template]
    assert len(described) >= 30
    assert all(c.actions and c.rules for c in described)
    assert all(not c.actions for c in C.cards.values() if c.template)
    production = {c.number: c.production for c in C.deck("soviet") if c.number in ("38", "39")}
    assert production == {"38": 3, "39": 2}  # 1.1.3.3 example
    yellow = C.cards["axis-22a"]
    assert "16.2.1" in yellow.rules and "3 panzer and 6 infantry" in yellow.actions  # 1.3.3 example


def test_nine_turns_a_year_the_seasonal_ones_as_the_rules_list_them() -> None:
    s = C.settings
    labels = [s.turn_label(m) for m in s.turns() if m.year == 1941]
    assert labels == [
        "Jan-Feb 1941",
        "Mar-Apr 1941",
        "Apr-May 1941",
        "May-June 1941",
        "June-July 1941",
        "July-Aug 1941",
        "Aug-Sept 1941",
        "Sept-Oct 1941",
        "Nov-Dec 1941",
    ]
    seasonal = [s.turn_label(m) for m in s.turns() if m.year == 1941 and s.is_seasonal(m)]
    assert seasonal == ["Mar-Apr 1941", "May-June 1941", "Aug-Sept 1941", "Nov-Dec 1941"]  # Glossary "Turn"


def test_the_delay_examples_count_turns_on_this_track() -> None:
    """7.1: a Delay Result of 3 in Sept-Oct 1943 lands in Mar-Apr 1944; 2.3.3 example: a Delay
    Result of 1 in May-June lands in June-July, of 2 in July-Aug."""
    s = C.settings

    def ahead(month: str, n: int) -> str:
        m = Month.parse(month)
        for _ in range(n):
            m = s.next_turn(m)
        return s.turn_label(m)

    assert ahead("Sep-43", 3) == "Mar-Apr 1944"
    assert (ahead("May-41", 1), ahead("May-41", 2)) == ("June-July 1941", "July-Aug 1941")


def test_the_displays_hold_the_boxes_and_tracks_the_rules_name() -> None:
    d = GAME.displays()
    tracks = {a.name for a in d.tracks_board().areas}
    for name in (
        "Delay Box",
        "Naval Warfare Delay Box",
        "Strategic Warfare Box",
        "Ceded Lands Box",
        "Posture Russia",
        "Pacific Holding Box",
        "VP 0",
        "VP Automatic Victory",
        "USCL 4",
        "War State Total War",
        "North Snow",
        "Desert Storms",
        "Aug-Sept 1939",
    ):
        assert name in tracks, name
    accent = {a.name for a in d.tracks_board().areas if a.accent}
    assert "Nov-Dec 1942" in accent and "Sept-Oct 1942" not in accent
    for _faction, card in d.faction_cards().items():
        names = {a.name: a.kind for a in card.areas}
        assert names["Option Cards"] == "cards" and names["Force Pool"] == "box"
        assert {"Current Card", "Pending Card", "Played Cards", "Conditional Events"} <= set(names)
    axis = {a.name for a in d.faction_cards()["axis"].areas}
    assert {"Med Holding Box", "PA Holding Box", "20 Holding Box", "24 Holding Box"} <= axis  # 2.3


@pytest.mark.parametrize("px", [80, 150])
def test_every_unit_and_marker_face_draws_with_its_text_inside_its_box(px: int) -> None:
    for counter in units_from(C):
        for face in (counter.front, counter.back):
            drawn = draw_unit(face, px)
            assert drawn.image.size == (px, px)
            for block in drawn.texts:
                x0, y0, x1, y1 = block.bbox
                bx0, by0, bx1, by1 = block.box
                assert bx0 - 1 <= x0 and x1 <= bx1 + 1 and by0 - 1 <= y0 and y1 <= by1 + 1, (face, block.lines)
    for marker in markers_from(C):
        for side in (marker.front, marker.back):
            if side is not None:
                assert draw_marker(side, px).image.size == (px, px)


def test_every_card_draws_at_the_module_size() -> None:
    layout = card_layout()
    sizes = Counter(draw_card(card_face(c, C)).size for c in list(C.cards.values())[::7])
    assert sizes == Counter({(layout.width, layout.height): len(list(C.cards.values())[::7])})


def test_the_scenarios_load_and_use_no_more_counters_than_exist() -> None:
    scenarios = load_scenarios(GAME.folder / "scenarios", C, tk_grid())
    assert set(scenarios) == {"campaign_1939", "fall_of_france_1940"}
    campaign = scenarios["campaign_1939"]
    on = {p.where: p.counter for p in campaign.setup if p.on_hex}
    assert on["w3825"].startswith("ger-") and on["e4312"].startswith("rus-")  # Berlin, Moscow
    assert campaign.first_turn == Month.parse("Aug-39") and C.settings.is_seasonal(campaign.first_turn)
    deck = [c for c in C.deck("axis") if campaign.card_place(c.key) == "deck"]
    assert len(deck) == 76 - 6
    france = scenarios["fall_of_france_1940"]
    assert france.factions == ("axis", "western")
    assert all(p.where.startswith("w") for p in france.setup if p.on_hex)  # the West map alone
