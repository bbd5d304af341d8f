"""Content features a game with named turns, printed steps and decks of cards needs: turns
longer than a month named by the month they start in, seasonal turns, cards.csv and game.toml
[cards], units.csv's step, code and stripe columns, and a scenario's [cards]. Each is loaded from
the tiny folder of test_content_errors with one thing added or broken."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_content_errors import tiny

from wargame.content import Month, load_content, load_scenario
from wargame.errors import DataError

TURNS = (
    'turn_names = { Jan = "Jan-Feb", Mar = "Mar-Apr", May = "May-June", Jul = "July-Aug", Sep = "Sept-Oct", '
    'Nov = "Nov-Dec" }\n'
    'seasonal_turns = ["Mar", "Sep"]\n'
)
CARDS_TOML = """
[cards]
published = { axis = 3, western = 1 }

[cards.states]
pre-war = { label = "Pre-War", colour = [70, 120, 190] }
total = { label = "Total War", colour = [176, 40, 120] }
"""
CARDS_CSV = """key,faction,number,name,state,count,blitz,recyclable,production,requires,actions,rule,template
axis-15,axis,15,Demand Corridor,pre-war,1,,no,,Not after another Demand.,Poland may resist.,15.7,no
axis-22a,axis,22a,Case Yellow,total,1,2,no,,,A minor is conquered.,16.2.1,no
axis-t1,axis,,Template 1,,1,,no,,,,,yes
western-7a,western,7a,Guarantees,pre-war,1,,yes,1,,Roll one die.,,no
"""


def game(
    tmp_path: Path,
    *,
    turns: str = "",
    cards: bool = False,
    first: str = "Sep-39",
    last: str = "Jul-45",
    csv_old: str = "",
    csv_new: str = "",
) -> Path:
    folder = tiny(tmp_path)
    toml = (folder / "game.toml").read_text(encoding="utf-8")
    toml = toml.replace(
        'first_turn = "Sep-39"\nlast_turn = "Aug-45"\n', f'first_turn = "{first}"\nlast_turn = "{last}"\n{turns}'
    )
    if cards:
        toml += CARDS_TOML
        (folder / "cards.csv").write_text(CARDS_CSV.replace(csv_old, csv_new, 1), encoding="utf-8")
    (folder / "game.toml").write_text(toml, encoding="utf-8")
    return folder


def refused(folder: Path) -> str:
    with pytest.raises(DataError) as caught:
        load_content(folder)
    return str(caught.value)


def test_turns_are_named_by_the_month_they_start_in_and_step_over_the_months_between(tmp_path: Path) -> None:
    units = (
        tiny(tmp_path).joinpath("units.csv").read_text().replace(",Mar-40,", ",Mar-40,").replace(",Jun-40,", ",Jul-40,")
    )
    folder = game(tmp_path, turns=TURNS)
    (folder / "units.csv").write_text(units, encoding="utf-8")
    settings = load_content(folder).settings
    turns = settings.turns()
    assert [settings.turn_label(m) for m in turns[:4]] == [
        "Sept-Oct 1939",
        "Nov-Dec 1939",
        "Jan-Feb 1940",
        "Mar-Apr 1940",
    ]
    assert settings.next_turn(Month.parse("Sep-39")) == Month.parse("Nov-39")  # October starts no turn
    assert settings.is_seasonal(Month.parse("Mar-40")) and not settings.is_seasonal(Month.parse("May-40"))
    assert len([m for m in turns if m.year == 1940]) == 6


def test_an_arrival_in_a_month_no_turn_starts_in_is_refused_with_the_turns_named(tmp_path: Path) -> None:
    message = refused(game(tmp_path, turns=TURNS))  # uk-force-h arrives Jun-40, inside May-June
    assert "units.csv: line 9, column arrives" in message
    assert "no turn starts in Jun-40" in message and "May (May-June)" in message


def test_the_game_must_begin_and_end_on_a_turn(tmp_path: Path) -> None:
    message = refused(game(tmp_path, turns=TURNS, first="Oct-39"))
    assert "first_turn" in message and "no turn starts in Oct" in message


def test_a_seasonal_turn_must_be_one_that_starts_a_turn(tmp_path: Path) -> None:
    message = refused(game(tmp_path, turns=TURNS.replace('["Mar", "Sep"]', '["Mar", "Apr"]')))
    assert "seasonal_turns" in message and 'no turn starts in "Apr"' in message


def test_cards_load_in_deck_order_with_their_marks(tmp_path: Path) -> None:
    content = load_content(game(tmp_path, cards=True))
    assert [c.key for c in content.deck("axis")] == ["axis-15", "axis-22a", "axis-t1"]
    yellow = content.cards["axis-22a"]
    assert (yellow.title, yellow.blitz, yellow.state, yellow.rules) == ("22a Case Yellow", 2, "total", ("16.2.1",))
    assert content.cards["western-7a"].recyclable and content.cards["western-7a"].production == 1
    assert content.cards["axis-t1"].template and content.cards["axis-t1"].state == ""
    assert content.settings.cards is not None
    assert content.settings.cards.published == {"axis": 3, "western": 1}


def test_a_card_that_neither_says_what_it_does_nor_is_a_template_is_refused(tmp_path: Path) -> None:
    message = refused(game(tmp_path, cards=True, csv_old="Roll one die.,,no", csv_new=",,no"))
    assert "cards.csv: line 5, column actions" in message and "mark it a template" in message


def test_a_template_may_not_carry_text_of_ours(tmp_path: Path) -> None:
    message = refused(game(tmp_path, cards=True, csv_old=",,,,yes", csv_new=",,Something.,,yes"))
    assert "line 4, column actions" in message and "template card has no text" in message


def test_a_card_state_not_in_game_toml_suggests_the_near_miss(tmp_path: Path) -> None:
    message = refused(game(tmp_path, cards=True, csv_old="Case Yellow,total", csv_new="Case Yellow,totl"))
    assert "line 3, column state" in message and '(did you mean "total"?)' in message


def test_cards_without_the_game_toml_table_are_refused(tmp_path: Path) -> None:
    folder = tiny(tmp_path)
    (folder / "cards.csv").write_text(CARDS_CSV, encoding="utf-8")
    assert "game.toml has no [cards] table" in refused(folder)


def test_a_cards_table_without_cards_csv_is_refused(tmp_path: Path) -> None:
    folder = game(tmp_path, cards=True)
    (folder / "cards.csv").unlink()
    assert "cards.csv: file not found" in refused(folder)


STEPPED = (
    "key,nation,kind,type,id,steps,front,back,back_steps,size,range,code,delay,colonial,elite,drm,"
    "breaks_into,count,arrives\n"
    "ger-inf,GER,ground,infantry,,1,1-2-3,,,,,,no,no,no,,,4,setup\n"
    "ger-4,GER,ground,infantry,4,3,5-6-2,3-4-2,2,XXXX,,22a,yes,no,no,,ger-inf,1,setup\n"
)


def _stepped(tmp_path: Path, old: str = "", new: str = "") -> Path:
    """The tiny folder with units that print steps (its sides follow each row's back)."""
    folder = tiny(tmp_path)
    (folder / "units.csv").write_text(STEPPED.replace(old, new, 1), encoding="utf-8")
    toml = (folder / "game.toml").read_text(encoding="utf-8").replace('two_sided = ["field"]\n', "")
    (folder / "game.toml").write_text(toml, encoding="utf-8")
    return folder


def test_units_print_steps_size_code_and_stripe(tmp_path: Path) -> None:
    army = load_content(_stepped(tmp_path)).units["ger-4"]
    assert (army.steps, army.back_steps, army.size, army.code, army.delay, army.breaks_into) == (
        3,
        2,
        "XXXX",
        "22a",
        True,
        "ger-inf",
    )


def test_a_break_down_into_a_multi_step_unit_is_refused(tmp_path: Path) -> None:
    message = refused(_stepped(tmp_path, "ger-inf,GER,ground,infantry,,1,", "ger-inf,GER,ground,infantry,,2,"))
    assert "column breaks_into" in message and "not a one-step GER ground unit" in message


def test_a_unit_both_colonial_and_elite_is_refused(tmp_path: Path) -> None:
    message = refused(_stepped(tmp_path, "22a,yes,no,no", "22a,yes,yes,yes"))
    assert "column colonial" in message


def test_a_drm_must_be_a_sign_and_a_figure(tmp_path: Path) -> None:
    message = refused(_stepped(tmp_path, "22a,yes,no,no,,", "22a,yes,no,no,2,"))
    assert "column drm" in message and "not a modifier" in message


def test_a_scenario_may_start_cards_out_of_their_decks_but_only_its_own_factions_and_once(tmp_path: Path) -> None:
    folder = game(tmp_path, cards=True)
    content = load_content(folder)
    toml = folder / "s.toml"
    base = (
        'name = "S"\nfirst_turn = "Sep-39"\nlast_turn = "Jul-45"\nfactions = ["axis"]\npolicies = []\n'
        'nations.GER = { status = "active", faction = "axis" }\n[victory]\naxis = "win"\n[cards]\n'
    )
    (folder / "s.csv").write_text("counter,where\n", encoding="utf-8")
    toml.write_text(base + 'current = ["axis-22a"]\nplayed = ["axis-15"]\n', encoding="utf-8")
    scenario = load_scenario(toml, content)
    assert scenario.card_place("axis-22a") == "current" and scenario.card_place("axis-t1") == "deck"
    for text, words in (
        ('current = ["axis-22a", "axis-15"]\n', "one current card at most"),
        ('current = ["axis-22a"]\nplayed = ["axis-22a"]\n', "already current"),
        ('played = ["western-7a"]\n', "not a faction of this scenario"),
        ('played = ["axis-2a"]\n', 'no card "axis-2a"'),
        ('discarded = ["axis-15"]\n', '"discarded" is not a card place'),
    ):
        toml.write_text(base + text, encoding="utf-8")
        with pytest.raises(DataError, match=words):
            load_scenario(toml, content)
