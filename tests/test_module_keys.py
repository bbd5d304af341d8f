"""The unit and marker keys of the USE module: what each key does to a piece and what it reports.

Pieces are the module's own (builder.module.pieces, prototypes expanded as a setup expands
them); a key is pressed through tests/keysim.py, which follows the engine's trait order. The
same keys were pressed in VASSAL 3.7.26 (vassal-check --keys) on every kind of piece.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from keysim import Sim

from builder.module import keys
from builder.module.pieces import marker_piece, prototypes, unit_piece
from vassal.pieces import expand_prototypes
from vassal.traits import CalculatedProperty, ReportState, RestrictCommands, SendToLocation, TriggerAction
from wargame import pieceprops as pp
from wargame.content import default_folder, load_content

CARDS = {"axis": "Axis Card", "western": "Western Card", "soviet": "Soviet Card"}
WORDS = {-1: "Full", 1: "Low", 2: "No"}


@pytest.fixture(scope="module")
def content():
    return load_content(default_folder("use"))


@pytest.fixture(scope="module")
def protos():
    return {p.name: p.piece for p in prototypes(CARDS, "Eliminated")}


def unit(content, protos, key: str):
    return expand_prototypes(unit_piece(content.units[key], content, "1"), protos)


def marker(content, protos, key: str):
    return expand_prototypes(marker_piece(content.markers[key], content, "1", ("Diplomacy Cup", "Cup")), protos)


def supply_after(sim: Sim, *pressed) -> list[str]:
    out = []
    for key in pressed:
        sim.press(key)
        out.append(WORDS[sim.levels[pp.LAYER_SUPPLY]])
    return out


def reports(piece) -> list[ReportState]:
    return [t for t in piece.traits if isinstance(t, ReportState)]


def report_keys(piece) -> set[tuple[int, int]]:
    return {(k.code, k.modifiers) for r in reports(piece) for k in r.get("keys")}


# ---- Supply (7.1) --------------------------------------------------------------------------------


def test_low_no_supply_on_a_supplied_unit_marks_it_low_and_the_next_ctrl_u_makes_it_full(content, protos):
    # before: Ctrl+Shift+U moved the hidden level of the inactive layer (nothing seen), and
    # the next Ctrl+U then showed No Supply
    sim = Sim(unit(content, protos, "ger-2"))
    assert supply_after(sim, keys.SUPPLY_CYCLE, keys.SUPPLY_TOGGLE) == ["Low", "Full"]


def test_ctrl_shift_u_steps_full_low_no_and_back_to_low(content, protos):
    sim = Sim(unit(content, protos, "ger-2"))
    assert supply_after(sim, *[keys.SUPPLY_CYCLE] * 4) == ["Low", "No", "Low", "No"]


def test_ctrl_u_from_no_supply_is_full_and_the_next_ctrl_u_is_low_not_no(content, protos):
    sim = Sim(unit(content, protos, "ger-2"))
    assert supply_after(sim, keys.SUPPLY_CYCLE, keys.SUPPLY_CYCLE, keys.SUPPLY_TOGGLE, keys.SUPPLY_TOGGLE) == [
        "Low",
        "No",
        "Full",
        "Low",
    ]
    assert sim.levels[pp.LAYER_SUPPLY] == 1


def test_a_save_with_the_old_hidden_level_still_goes_full_to_low(content, protos):
    sim = Sim(unit(content, protos, "ger-2"), levels={pp.LAYER_SUPPLY: -2})  # a save of the old module
    assert supply_after(sim, keys.SUPPLY_TOGGLE) == ["Low"]
    sim = Sim(unit(content, protos, "ger-2"), levels={pp.LAYER_SUPPLY: -2})
    assert supply_after(sim, keys.SUPPLY_CYCLE) == ["Low"]


def test_full_supply_always_rests_at_level_1_as_check_apply_writes_it(content, protos):
    sim = Sim(unit(content, protos, "ger-2"))
    for pressed in ([keys.SUPPLY_TOGGLE] * 2, [keys.SUPPLY_CYCLE] * 2 + [keys.SUPPLY_TOGGLE]):
        for key in pressed:
            sim.press(key)
        assert sim.levels[pp.LAYER_SUPPLY] == -1


def test_players_reach_the_supply_layer_only_through_the_two_commands(content, protos):
    piece = unit(content, protos, "ger-2")
    menu = [t for t in piece.traits if isinstance(t, TriggerAction) and t.get("command")]
    assert [(t.get("command"), t.get("key")) for t in menu if "Supply" in t.get("command")] == [
        ("Low Supply on/off", keys.SUPPLY_TOGGLE),
        ("Low / No Supply", keys.SUPPLY_CYCLE),
    ]
    layer = next(t for t in piece.traits if getattr(t, "layer_name", "") == pp.LAYER_SUPPLY)
    assert all(k.is_named for k in (layer.activate_keystroke, layer.increase_keystroke, layer.get("reset_key")))
    assert not layer.get("activate_command") and not layer.get("up_command")


# ---- Sorties (1.5) -------------------------------------------------------------------------------


def test_sorties_have_a_second_binding_that_needs_no_shift(content, protos):
    sim = Sim(unit(content, protos, "ger-i"))
    for also in keys.SORTIE_UP_ALSO:
        sim.press(also)
    assert pp.sorties_of(True, sim.levels[pp.LAYER_SORTIES]) == 2
    sim.press(keys.SORTIE_DOWN_ALSO[0])
    assert pp.sorties_of(True, sim.levels[pp.LAYER_SORTIES]) == 1
    codes = {k.code for k in (*keys.SORTIE_UP_ALSO, *keys.SORTIE_DOWN_ALSO)}
    assert codes == {keys.VK_ADD, keys.VK_PLUS, keys.VK_SUBTRACT}  # numpad + and -, a '+' key


def test_one_sortie_is_named_in_the_singular(content, protos):
    layer = next(t for t in unit(content, protos, "ger-i").traits if getattr(t, "layer_name", "") == pp.LAYER_SORTIES)
    assert layer.level_name(2) == "+ (1 Sortie)" and layer.level_name(3) == "+ (2 Sorties)"


# ---- Eliminated box (12.2) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "key", ["ire-1-div", "por-army", "spa-i", "swe-i", "tur-1", "vic-1-gdm", "ger-2", "fna-algerie"]
)
def test_every_nations_units_can_be_sent_to_an_eliminated_box(content, protos, key):
    piece = unit(content, protos, key)
    sends = [t for t in piece.traits if isinstance(t, SendToLocation)]
    assert len(sends) == 1 and sends[0].get("key") == keys.ELIMINATE and sends[0].get("zone") == "Eliminated"


def test_the_eliminated_box_is_the_card_of_the_nations_faction_in_the_game(content, protos):
    piece = unit(content, protos, "fna-algerie")
    send = next(t for t in piece.traits if isinstance(t, SendToLocation))
    assert send.get("map_name") == send.get("board_name") == f"${keys.ELIMINATED_CARD}$"
    calc = {t.get("name"): t.get("expression") for t in piece.traits if isinstance(t, CalculatedProperty)}
    faction = calc[keys.ELIMINATED_FACTION]
    # Status_<nation> ("active western") first, the piece's Faction (the setup's) second
    assert faction.index(f'GetString("{pp.STATUS_PREFIX}" + GetString("{pp.NATIONALITY}"))') < faction.index(
        f'GetString("{pp.FACTION}")'
    )
    assert all(f'endsWith(" {k}") ? "{k}"' in faction for k in CARDS)
    assert all(f'equals("{k}") ? "{c}"' in calc[keys.ELIMINATED_CARD] for k, c in CARDS.items())


def test_a_unit_of_no_faction_has_the_command_disabled(content, protos):
    piece = unit(content, protos, "swe-i")
    (restrict,) = [t for t in piece.traits if isinstance(t, RestrictCommands)]
    assert restrict.get("action") == "Disable" and restrict.get("watch_keys") == (keys.ELIMINATE,)
    sim = Sim(piece, faction="")
    assert sim.matches(restrict.get("property_match"))


# ---- Reports -------------------------------------------------------------------------------------


def test_markers_answer_only_the_keys_they_have(content, protos):
    control = marker(content, protos, "control-axis")
    assert report_keys(control) == {(keys.DELETE.code, keys.DELETE.modifiers)}
    two_sided = next(m for m in content.markers.values() if m.back)
    assert report_keys(marker(content, protos, two_sided.key)) == {
        (k.code, k.modifiers) for k in (keys.DELETE, keys.FLIP)
    }


def test_each_unit_command_is_reported_once_and_delete_too(content, protos):
    for key in ("ger-2", "ger-i", "ger-nord", "ger-oberost"):
        piece = unit(content, protos, key)
        said = [(k.code, k.modifiers) for r in reports(piece) for k in r.get("keys")]
        assert len(said) == len(set(said)), key
        wanted = {keys.DELETE, keys.ELIMINATE, keys.FLIP, keys.SUPPLY_TOGGLE, keys.SUPPLY_CYCLE}
        if content.units[key].kind in ("air", "naval"):
            wanted |= {keys.SORTIE_UP, keys.SORTIE_DOWN}
        assert set(said) == {(k.code, k.modifiers) for k in wanted}, key


def test_reports_say_what_changed_and_nothing_when_nothing_did(content, protos):
    piece = unit(content, protos, "ger-i")
    by_key = {(k.code, k.modifiers): r.get("report_format") for r in reports(piece) for k in r.get("keys")}
    for key in (keys.FLIP, keys.SUPPLY_TOGGLE, keys.SORTIE_DOWN, keys.ELIMINATE):
        text = by_key[(key.code, key.modifiers)]
        assert text.startswith("{") and '? ""' in text, key  # empty (no chat line) when unchanged
        assert 'GetString("old' in text, key  # compared with the piece before the key
    assert '"Full")' in by_key[(keys.SUPPLY_TOGGLE.code, keys.SUPPLY_TOGGLE.modifiers)]
    assert "Sorties" in by_key[(keys.SORTIE_UP.code, keys.SORTIE_UP.modifiers)]
    assert 'GetString("oldLocationName")' in by_key[(keys.ELIMINATE.code, keys.ELIMINATE.modifiers)]  # the hex left
    assert "$oldLocation$" in by_key[(keys.DELETE.code, keys.DELETE.modifiers)]
    flips = dict.fromkeys(("ger-i",), by_key[keys.FLIP.code, keys.FLIP.modifiers])
    assert "worded back" in flips["ger-i"]
    assert "reduced side" in next(
        r.get("report_format") for r in reports(unit(content, protos, "ger-2")) if keys.FLIP in r.get("keys")
    )


def test_a_marker_flip_names_the_side_it_left_and_the_side_it_shows(content, protos):
    # "Scenario Ends flipped to Appsmt or Pact Ends", not the front's name twice
    piece = marker(content, protos, "policy-ends")
    (flip,) = [r.get("report_format") for r in reports(piece) if keys.FLIP in r.get("keys")]
    assert 'GetString("oldlocalizedName")' in flip and '"Scenario Ends"' in flip and '"Appsmt or Pact Ends"' in flip
