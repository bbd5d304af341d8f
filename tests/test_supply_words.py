"""The words reports, pictures and applied checks use for supply are each game's own (its pack's
words.toml): USE's players read Low Supply and Limited sources with 7.x rules, ETO's read Out of
Supply, permanent sources and supply markers with 32-33; a pack without words speaks plainly."""

from __future__ import annotations

import json

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngImageFile

from assistant.board import read_position
from assistant.report import explain_text, find_unit, render_picture, report_dict, report_text
from wargame.errors import DataError
from wargame.games import find_game
from wargame.rules.pack import RulesPack
from wargame.rules.words import SupplyTerms, supply_terms

from test_check_support import M, U, write_position

ETO_AT_WAR = {"Status_ITA": "active axis", "Status_USSR": "active soviet"}
USE_WORDS = ("Low Supply", "Limited", "Unlimited", "7.2", "7.3", "7.4")


def _checked(path):
    board = read_position(path)
    result = find_game(board.position.game).pack().check(board.position)
    return board, result, report_dict(board, result)


def test_each_pack_names_its_own_supply_states_and_rules():
    use, eto = find_game("use").pack().supply_terms, find_game("eto").pack().supply_terms
    assert (
        list(use.states) == ["full", "low", "none"] and use.state("low") == "Low" and use.cite("blocked") == " (7.4.1)"
    )
    assert list(eto.states) == ["full", "none"] and eto.state("none") == "Out of Supply"
    assert eto.check == "Supply step" and eto.cite("check") == " (33.3)" and eto.cite("convoy") == ""
    assert find_game("uswc").pack().supply_terms == use  # read along the pack hierarchy
    # no words.toml: plain words, no rules
    assert RulesPack(find_game("use")).supply_terms == SupplyTerms()


def test_words_data_is_checked_when_read():
    with pytest.raises(DataError, match=r"supply\.colour"):
        supply_terms({"colour": "red"}, "words.toml")
    with pytest.raises(DataError, match=r"\{before\} and \{after\}"):
        supply_terms({"change": "{after}"}, "words.toml")
    with pytest.raises(DataError, match=r"supply\.states"):
        supply_terms({"states": "Full"}, "words.toml")


def test_an_eto_report_and_explanation_speak_etos_words(tmp_path):
    eto = find_game("eto").mapdata()
    tripoli, benghazi = eto.city("Tripoli").hex, eto.city("Benghazi").hex
    save = write_position(
        tmp_path / "eto.vsav",
        [
            U("UK", "ground", "infantry", tripoli, faction="western"),
            U("ITA", "ground", "infantry", benghazi, faction="axis"),
            M("supply", "Sea supply", benghazi),
        ],
        ETO_AT_WAR,
        game="eto",
    )
    _board, _result, doc = _checked(save)
    text = report_text(doc)
    assert "supply now: 1 in supply, 1 out of supply (units" in text
    cut = explain_text(doc, find_unit(doc, "1")[0])
    assert "; no Out of Supply marker\n" in cut and "Cannot trace supply: " in cut
    fed = explain_text(doc, find_unit(doc, "2")[0])
    assert f"a limited-capacity source (32.1).\nPath: {benghazi}" in fed
    assert not any(w in text + cut + fed for w in USE_WORDS)


def test_a_use_explanation_keeps_its_words(tmp_path):
    save = write_position(
        tmp_path / "use.vsav",
        [U("GER", "ground", "infantry", "1623", supply="low")],
        {"Status_NOR": "neutral"},
    )
    _board, _result, doc = _checked(save)
    said = explain_text(doc, find_unit(doc, "1")[0])
    assert said.startswith("GER infantry [1] (axis, ground infantry) at 1623; marked Low\n")
    assert "Hexes that stop every line within reach (7.4.1):" in said


def test_the_picture_key_of_an_eto_check_speaks_etos_words(tmp_path):
    tripoli = find_game("eto").mapdata().city("Tripoli").hex
    save = write_position(
        tmp_path / "eto.vsav",
        [
            U("ITA", "ground", "infantry", tripoli, faction="axis"),
            U("ITA", "ground", "infantry", "W0625", faction="axis"),
            M("supply", "Sea supply", tripoli),
        ],
        ETO_AT_WAR,
        game="eto",
    )
    board, result, _doc = _checked(save)
    out = render_picture(board, result, tmp_path / "eto.png")
    with Image.open(out) as im:
        assert isinstance(im, PngImageFile)
        legend = json.loads(im.text["staffwork"])["legend"]
    assert "supply line to a supply marker, air supply or permanent fort (a few units a turn)" in legend
    assert not any(w in t for t in legend for w in ("Low Supply", "Limited", "Unlimited"))
