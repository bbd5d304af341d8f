"""`staffwork build tk` on the real data: TK's two maps joined on one board (board.toml, map/),
the three decks of option cards and what the setups put in them, the turn tracker's named turns,
the force pool displays, step changes (flip, break down, the delay box) and the palettes. The
board art is a plain image of the board's size (tests/test_render_tk_map.py looks at the art);
everything else, the grid, zones, Map Boxes and every setup's hexes, is the module players get."""

from __future__ import annotations

import tempfile
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from builder.module.build import build_module
from vassal import sequence
from vassal.buildfile import parse_buildfile
from vassal.inspection import inspect_save, load_module_maps
from vassal.module import check_module_references
from vassal.pieces import parse_add_piece, parse_piece
from vassal.replay import replay_save
from vassal.savefile import read_saved_game
from vassal.validate import validate_buildfile
from wargame import pieceprops as pp
from wargame.games import find_game


@pytest.fixture(scope="module")
def game():
    return find_game("tk")


@pytest.fixture(scope="module")
def built(game, tmp_path_factory) -> Path:
    plain = lambda b: Image.new("RGB", (b.width, b.height), (158, 190, 222))  # noqa: E731
    return build_module(game, tmp_path_factory.mktemp("dist"), board_image=plain).path


@pytest.fixture(scope="module")
def archive(built) -> dict[str, bytes]:
    with zipfile.ZipFile(built) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.fixture(scope="module")
def root(archive):
    return parse_buildfile(archive["buildFile.xml"])


def _position(archive, key: str):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{key}.vsav"
        path.write_bytes(archive[f"{key}.vsav"])
        return replay_save(read_saved_game(path))


def _slot(root, name: str):
    slot = next(e for e in root.iter("VASSAL.build.widget.PieceSlot") if e.get("entryName") == name)
    return parse_piece(*parse_add_piece(slot.text)[1:])


def test_the_module_validates_and_offers_both_setups(root, archive) -> None:
    problems = validate_buildfile(root) + check_module_references(root, list(archive))
    assert [p.line() for p in problems] == []
    setups = {e.get("name") for e in root.iter("VASSAL.build.module.PredefinedSetup")}
    assert setups == {"Campaign 1939", "Fall of France 1940"}


def test_each_faction_has_a_face_down_deck_only_its_side_draws_from(root, game) -> None:
    piles = {e.get("name"): e for e in root.iter("VASSAL.build.module.map.DrawPile")}
    assert set(piles) == {"Axis Option Cards", "Western Option Cards", "Soviet Option Cards"}
    axis = piles["Axis Option Cards"]
    assert (axis.get("faceDown"), axis.get("shuffle"), axis.get("allowSelect"), axis.get("drawFaceUp")) == (
        "Always",
        "Never",
        "true",
        "false",
    )
    assert (axis.get("deckRestrictAccess"), axis.get("deckOwners"), axis.get("owningBoard")) == (
        "true",
        "Axis",
        "Axis Card",
    )


def test_the_setup_deals_every_card_not_played_into_its_factions_deck(archive, game) -> None:
    position = _position(archive, "campaign_1939")
    decks = {d.name: d for d in position.decks.values()}
    assert {n: len(d.members) for n, d in decks.items()} == {
        "Axis Option Cards": 70,
        "Western Option Cards": 58,
        "Soviet Option Cards": 64,
    }
    axis = decks["Axis Option Cards"]
    assert axis.face_down and axis.map == "Axis Card"
    fields = sequence.decode(axis.type[len("deck;") :], ";")
    assert fields[12] == "Axis Option Cards" and fields[-2:] == ["true", "Axis"]  # name; restricted to its owner
    top = position.pieces[axis.members[-1]]
    assert "11 Demand Denmark" in top.type  # the first card of the file still in the deck lies on top
    current = [
        p for p in position.pieces.values() if "CardKey" in p.type and p.map == "Axis Card" and p.id not in axis.members
    ]
    assert any("axis-15" in p.type for p in current)


def test_a_card_can_be_concealed_and_returned_to_its_deck(root) -> None:
    piece = _slot(root, "Axis 22a Case Yellow")
    kinds = {type(t).__name__: t for t in piece.traits}
    assert kinds["Obscurable"].get("image_name") == "card_back_axis.png"
    assert kinds["ReturnToDeck"].get("deck_expression") == "Axis Option Cards"
    assert not kinds["ReturnToDeck"].get("deck_select")


def test_the_turn_tracker_counts_tks_named_turns_and_setups_start_on_theirs(root, archive, game) -> None:
    level = next(e for e in root.iter("VASSAL.build.module.turn.ListTurnLevel") if e.get("property") == pp.MONTH)
    turns = level.get("list").split(",")
    assert len(turns) == 12 * 9 and turns[:2] == ["Jan-Feb 1937", "Mar-Apr 1937"] and turns[-1] == "Nov-Dec 1948"
    state = _position(archive, "campaign_1939").turns["TurnTracker0"]
    month_level = sequence.decode(sequence.decode(state, "|")[1], ";")
    assert turns[int(month_level[0])] == "Aug-Sept 1939"


def test_a_reduced_army_breaks_down_into_a_one_step_unit_and_goes_to_the_delay_box(root) -> None:
    piece = _slot(root, "GER 10")
    kinds = [type(t).__name__ for t in piece.traits]
    macro = next(t for t in piece.traits if type(t).__name__ == "TriggerAction")
    assert macro.get("property_match") == f"{pp.LAYER_SIDE}_Active=true"  # only on the reduced side
    place = next(t for t in piece.traits if type(t).__name__ == "PlaceMarker")
    assert "GER Inf 1-2-3" in place.get("marker_spec")
    assert "UsePrototype" in kinds
    prototypes = {e.get("name"): e for e in root.iter("VASSAL.build.module.PrototypeDefinition")}
    delayed = parse_piece(*parse_add_piece(prototypes["Delay stripe unit"].text)[1:])
    send = next(t for t in delayed.traits if type(t).__name__ == "SendToLocation")
    assert (send.get("map_name"), send.get("zone")) == ("Tracks and Boxes", "Delay Box")


def test_units_without_a_delay_stripe_go_back_to_their_force_pool(root) -> None:
    piece = _slot(root, "GER Inf 1-2-3")
    used = [t.get("prototype_name") for t in piece.traits if type(t).__name__ == "UsePrototype"]
    assert "Elimination" in used and "Delay stripe unit" not in used


def test_palettes_hold_units_markers_and_cards(root) -> None:
    windows = [e.get("name") for e in root.iter("VASSAL.build.module.PieceWindow") if e.get("hidden") == "false"]
    assert windows == ["Units", "Markers", "Cards"]
    content = find_game("tk").content()
    slots = list(root.iter("VASSAL.build.widget.PieceSlot"))
    assert len(slots) == len(content.units) + len(content.markers) + len(content.cards)


def test_the_one_map_scenario_deals_no_soviet_deck(archive) -> None:
    position = _position(archive, "fall_of_france_1940")
    assert {d.name for d in position.decks.values()} == {"Axis Option Cards", "Western Option Cards"}


def test_every_setup_puts_each_counter_on_its_hex_of_the_real_grid(built, archive, game) -> None:
    # what the engine's PIECE lines say (vassal-check --ids): a piece on Berlin is in w3825
    module = load_module_maps(str(built))
    for key, scenario in game.scenarios().items():
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"{key}.vsav"
            path.write_bytes(archive[f"{key}.vsav"])
            report = inspect_save(str(path), module)
        got = Counter(
            (r["markers"].get(pp.UNIT_KEY) or r["markers"].get(pp.MARKER_KEY), r["location"])
            for r in report["pieces"]
            if r["map"] == "Totaler Krieg"
        )
        wanted: Counter[tuple[str, str]] = Counter()
        for p in scenario.setup:
            if p.on_hex or p.where in game.content().settings.map_boxes:
                wanted[(p.counter, p.where)] += p.count
        assert {k: v for k, v in got.items() if k in wanted} == wanted, key
        assert all(r["location"] != "offboard" for r in report["pieces"] if r["map"] == "Totaler Krieg"), key
    berlin = [r for r in report["pieces"] if r["location"] == "w3825"]
    assert berlin and all(r["map"] == "Totaler Krieg" for r in berlin)


def test_every_setup_save_checks_clean_with_the_rules_pack(archive, game) -> None:
    # `staffwork check` on each setup the module writes: the same verdict as `scenario check`
    from assistant.board import read_position

    with tempfile.TemporaryDirectory() as tmp:
        for key in game.scenarios():
            path = Path(tmp) / f"{key}.vsav"
            path.write_bytes(archive[f"{key}.vsav"])
            pos = read_position(path).position
            result = game.pack().check(pos)
            assert [f.reason for f in result.problems] == [], key
            assert any(u.hex == "w3825" and u.nationality == "GER" for u in pos.units), key  # the Berlin garrison
            # the phase and turn as the module keeps them, in its turn tracker
            first = game.scenarios()[key].first_turn
            assert (pos.state.month, pos.state.phase) == (str(first), "0 Seasonal Victory"), key
            # what the check notes is explained: units that cannot trace supply now (10.2; the
            # convoys are still in the force pools) and the Policy Affected Countries (13.6.1.1)
            assert {f.rule for f in result.findings} <= {"10.2", "13.6.1.1"}, key
            assert all(
                "cannot trace supply now" in f.reason and "(10.3)" in f.reason
                for f in result.findings
                if f.rule == "10.2"
            ), key
            traced = [line for line in result.supply.lines.values() if line.via in ("land", "sea")]
            assert traced and all(line.path and line.source for line in traced), key
