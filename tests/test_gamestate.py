"""Replaying commands into positions the way the engine does: stacks, moves, changes, logs."""

from __future__ import annotations

import time
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vassal import sequence
from vassal.commands import BoardPlacement, decode_tree
from vassal.errors import FormatError
from vassal.gamelog import replay_log
from vassal.nesting import join_state, join_type, split_state, split_type, state_levels, type_levels
from vassal.obfuscation import deobfuscate
from vassal.replay import Replay, replay_save
from vassal.savefile import Placement, read_saved_game, setup_tree, write_saved_game
from vassal.snapshot import Snapshot

from conftest import fixture, outside

UNIT = "piece;;;a.png;Unit"  # one level: the state is the BasicPiece state
FIXED = "immob;;;R;\tpiece;;;b.png;Fort"  # "never stack"
HIDDEN = "hide;72,130;;;\tpiece;;;c.png;Spy"


def run(*texts: str, **options) -> Snapshot:
    engine = Replay(**options)
    for i, text in enumerate(texts, 1):
        engine.apply_text(text, i)
    return engine.position()


def add(pid: str, x: int, y: int, map_id: str = "M") -> str:
    return f"+/{pid}/{UNIT}/{map_id};{x};{y}"


def move(pid: str, x: int, y: int, under: str = "null", map_id: str = "M", player: str = "alice") -> str:
    return f"M/{pid}/{map_id}/{x}/{y}/{under}/M/0/0/null/{player}"


def members(pos: Snapshot) -> dict[tuple[str | None, int, int], tuple[str, ...]]:
    return {(s.map, s.x, s.y): s.members for s in pos.stacks.values()}


# ---- containers ---------------------------------------------------------------------------


def test_engine_save_puts_the_piece_in_its_stack():
    pos = replay_save(read_saved_game(fixture("tiny_engine.vsav")).tree)
    piece = pos.pieces["1001"]
    assert (piece.map, piece.x, piece.y, piece.container) == ("Main Map", 60, 46, "1003")
    assert pos.stacks["1003"].members == ("1001",)
    assert pos.stacks["1003"].layer == 1
    assert pos.stacks["1004"].members == ("1002",)


def test_member_position_comes_from_its_stack_not_its_own_state():
    pos = run(add("1", 5, 5, "Elsewhere"), "+/9/stack/M;100;200;1;@@1")
    assert (pos.pieces["1"].map, pos.pieces["1"].x, pos.pieces["1"].y) == ("M", 100, 200)


def test_old_deck_members_without_a_map_are_on_the_deck_map():
    tree = decode_tree(deobfuscate(zipfile.ZipFile(outside("tour.log")).read("savedGame")).decode())
    pos = replay_save(tree)
    deck = pos.decks["1116882739936"]
    assert deck.name == "Airplane Reserves" and deck.face_down is False
    assert [pos.pieces[m].map for m in deck.members] == ["Force Pool"] * 4
    assert {(pos.pieces[m].x, pos.pieces[m].y) for m in deck.members} == {(62, 56)}
    assert pos.boards["Force Pool"] == (BoardPlacement("Board 1", 0, 0),)
    assert not pos.stacks  # the three empty off-map stacks of the file are dropped


def test_unknown_map_ids_are_off_map_when_the_maps_are_known():
    pos = run(add("1", 5, 5, "Ghost"), maps={"M"})
    assert pos.pieces["1"].map is None
    assert [p.id for p in pos.off_map()] == ["1"]


# ---- MovePiece ---------------------------------------------------------------------------


def test_move_to_an_empty_point_starts_a_new_stack():
    pos = run(add("1", 0, 0), move("1", 50, 60))
    assert members(pos) == {("M", 50, 60): ("1",)}
    assert (pos.pieces["1"].container or "").startswith("~stack")


def test_logged_stack_takes_over_the_piece_from_the_replay_stack():
    pos = run(add("1", 0, 0), move("1", 50, 60), "+/77/stack/M;50;60;1;@@1")
    assert members(pos) == {("M", 50, 60): ("1",)}
    assert pos.pieces["1"].container == "77"


def test_move_with_under_id_lands_just_above_that_piece():
    pos = run(
        add("1", 10, 10),
        add("2", 10, 10),
        add("3", 10, 10),
        add("4", 0, 0),
        "+/s/stack/M;10;10;1;2;3;@@1",
        move("4", 10, 10, under="1"),
    )
    assert pos.stacks["s"].members == ("1", "4", "2", "3")


def test_move_without_under_id_merges_and_goes_to_the_bottom():
    pos = run(
        add("1", 10, 10),
        add("2", 10, 10),
        add("4", 0, 0),
        "+/s/stack/M;10;10;1;2;@@1",
        move("4", 10, 10),
    )
    assert pos.stacks["s"].members == ("4", "1", "2")


def test_move_onto_a_lone_piece_makes_a_stack_of_both():
    pos = run(add("1", 10, 10), add("2", 0, 0), move("2", 10, 10, under="1"))
    assert members(pos) == {("M", 10, 10): ("1", "2")}


def test_under_id_that_has_moved_away_falls_back_to_the_pieces_at_the_point():
    pos = run(
        add("1", 10, 10),
        add("2", 10, 10),
        add("3", 99, 99),
        add("4", 0, 0),
        "+/s/stack/M;10;10;1;2;@@1",
        "+/t/stack/M;99;99;3;@@1",
        move("4", 10, 10, under="3"),
    )
    assert pos.stacks["s"].members == ("1", "2", "4")


def test_never_stack_piece_stays_alone():
    pos = run(add("1", 10, 10), "+/s/stack/M;10;10;1;@@1", f"+/f/{FIXED}/\tM;0;0", move("f", 10, 10))
    assert pos.pieces["f"].container is None
    assert (pos.pieces["f"].x, pos.pieces["f"].y) == (10, 10)
    assert pos.stacks["s"].members == ("1",)


def test_piece_hidden_from_the_mover_is_not_stacked_on():
    pos = run(f"+/h/{HIDDEN}/bob\tM;10;10", add("2", 0, 0), move("2", 10, 10, player="alice"))
    assert pos.pieces["h"].container is None
    assert members(pos) == {("M", 10, 10): ("2",)}


def test_moving_a_whole_stack_puts_its_pieces_on_top_in_order():
    pos = run(
        add("1", 10, 10),
        add("2", 20, 20),
        add("3", 20, 20),
        "+/s/stack/M;10;10;1;@@1",
        "+/t/stack/M;20;20;2;3;@@1",
        "M/t/M/10/10/1/M/20/20/null/alice",
    )
    assert members(pos) == {("M", 10, 10): ("1", "2", "3")}


def test_moving_a_stack_to_an_empty_point_keeps_its_id():
    pos = run(
        add("1", 10, 10),
        add("2", 10, 10),
        "+/s/stack/M;10;10;1;2;@@1",
        "M/s/M/70/80/null/M/10/10/null/alice",
    )
    assert pos.stacks["s"].members == ("1", "2")
    assert (pos.stacks["s"].x, pos.stacks["s"].y) == (70, 80)
    assert (pos.pieces["2"].x, pos.pieces["2"].y) == (70, 80)


def test_move_to_no_map_takes_a_lone_piece_off_the_map():
    pos = run(f"+/f/{FIXED}/\tM;5;5", "M/f/null/0/0/null/M/5/5/null/alice")
    assert pos.pieces["f"].map is None


def test_move_of_an_unknown_piece_changes_nothing():
    assert run(add("1", 1, 1), move("nobody", 5, 5)) == run(add("1", 1, 1))


def test_map_without_stacking_places_pieces_alone():
    pos = run(add("1", 10, 10), add("2", 0, 0), move("2", 10, 10), stacking=lambda m: m != "M")
    assert not pos.stacks
    assert [(p.x, p.y) for p in pos.at("M", 10, 10)] == [(10, 10), (10, 10)]


# ---- ChangePiece / RemovePiece -------------------------------------------------------------


def test_change_piece_replaces_the_state():
    pos = run(f"+/h/{HIDDEN}/null\tM;1;1", "D/h/bob\tM;1;1")
    assert pos.pieces["h"].state == "bob\tM;1;1"


def test_change_to_another_map_pulls_the_piece_out_of_its_stack():
    pos = run(add("1", 10, 10), add("2", 10, 10), "+/s/stack/M;10;10;1;2;@@1", "D/2/Other;5;6")
    assert pos.stacks["s"].members == ("1",)
    assert (pos.pieces["2"].map, pos.pieces["2"].x, pos.pieces["2"].y) == ("Other", 5, 6)


def test_change_with_old_state_merges_only_the_changed_traits():
    flip = "emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;b.png;;true;Side"
    ptype = join_type(["mark;Side", flip, "piece;;;a.png;A"])

    def state(mark: str, layer: str) -> str:
        return join_state([mark, layer, "M;1;1"])

    pos = run(f"+/p/{ptype}/{state('x', '2')}", f"D/p/{state('y', '1')}/{state('x', '1')}")
    # the mark changed between old and new (x -> y) and applies; the layer did not change
    # between old and new, so its current value (2) is kept
    assert pos.pieces["p"].state == state("y", "2")
    assert pos.pieces["p"].type == ptype


def test_remove_piece_takes_it_out_of_its_stack_and_the_game():
    pos = run(add("1", 10, 10), add("2", 10, 10), "+/s/stack/M;10;10;1;2;@@1", "-/1")
    assert "1" not in pos.pieces
    assert pos.stacks["s"].members == ("2",)


def test_stack_change_restores_membership_as_an_undo_does():
    pos = run(
        add("1", 10, 10),
        add("2", 10, 10),
        "+/s/stack/M;10;10;1;2;@@1",
        "-/2",
        add("2", 10, 10),
        "D/s/M;10;10;1;2;@@1/M;10;10;1;@@1",
    )
    assert pos.stacks["s"].members == ("1", "2")


def test_state_with_fewer_levels_than_the_type_is_an_error_with_its_place():
    with pytest.raises(FormatError) as err:
        run(add("1", 0, 0), f"+/f/{FIXED}/M;0;0")
    assert "level" in err.value.problem
    assert err.value.place == "savedGame, command 2"


def test_malformed_move_in_a_save_names_the_command(tmp_path):
    text = "begin_save\x1b" + add("1", 0, 0) + "\x1bM/1/M/1.5/0/null/M/0/0/null/p\x1bend_save"
    with pytest.raises(FormatError) as err:
        replay_save(decode_tree(text), source="bad.vsav")
    assert err.value.source == "bad.vsav"
    assert err.value.place == "savedGame, command 3"
    assert "not an integer" in err.value.problem


def test_errors_from_a_read_file_name_that_file(tmp_path):
    path = tmp_path / "bad.vsav"
    text = "begin_save\x1b" + add("1", 0, 0) + "\x1bM/1/M/x/0/null/M/0/0/null/p\x1bend_save"
    write_saved_game(path, text, module_name="X", module_version="1", vassal_version="3.7.26", date_saved=0)
    with pytest.raises(FormatError) as err:
        replay_save(read_saved_game(path))
    assert err.value.line() == (f"{path}: savedGame, command 3: MovePiece new x is not an integer: 'x'")


# ---- other state --------------------------------------------------------------------------


def test_properties_turns_players_and_boards_are_kept():
    pos = run(
        "begin_save",
        "GlobalProperty\t;Weather;Clear;Module",
        "MutableProperty\tWeather\tClear\tMud\tModule",
        "TURNTurnTracker0\t2|5|1",
        "PLAYER\tpw\tAlice\tAllies",
        "PLAYER\tpw2\tBob\tAxis",
        "PYREMOVE\tpw2",
        "Main MapBoardPicker\tWest\t0\t0\tEast/rev\t1\t0",
        "SETUP_STACK\t",
        "end_save",
    )
    assert pos.properties == {("Module", "Weather"): "Mud"}
    assert pos.turns == {"TurnTracker0": "2|5|1"}
    assert [(p.name, p.side) for p in pos.players.values()] == [("Alice", "Allies")]
    assert pos.boards["Main Map"][1] == BoardPlacement("East", 1, 0, True)
    assert pos.started and pos.not_new


def test_begin_save_clears_the_table():
    assert run(add("1", 0, 0), "begin_save").pieces == {}


# ---- logs ---------------------------------------------------------------------------------


def _tour():
    return read_saved_game(outside("tour.log")).tree


def test_our_log_has_its_steps_with_their_chat():
    log = replay_log(read_saved_game(fixture("tiny.vlog")).tree)
    assert len(log.steps) == 4 and log.initial_chat == ()
    assert log.steps[0].chat == ("* Red Unit moves 0101 -> 0102 *",)
    assert [t[:2] for _, t in log.steps[1].commands] == ["D/"]


def test_our_log_positions_follow_the_steps():
    log = replay_log(read_saved_game(fixture("tiny.vlog")).tree)
    assert (log.initial.pieces["1001"].x, log.initial.pieces["1001"].y) == (60, 46)
    assert (log.position_after(1).pieces["1001"].x, log.position_after(1).pieces["1001"].y) == (
        60,
        92,
    )
    assert log.position_after(1).pieces["1002"].state != log.position_after(2).pieces["1002"].state
    assert "1002" not in log.final.pieces


def test_tour_log_has_its_steps_with_their_chat():
    log = replay_log(_tour())
    assert len(log.steps) == 114
    assert log.initial_chat[0].startswith("<rk> - Welcome to the VASSAL game engine.")
    step = log.steps[12]
    assert step.chat == ("* Albatros C created in 0,0",)
    assert [t[:2] for _, t in step.commands] == ["+/", "+/", "CH"]


def test_tour_log_positions_follow_the_steps():
    log = replay_log(_tour())
    assert "1116883538765" not in log.initial.pieces
    created = log.position_after(13).pieces["1116883538765"]
    assert (created.map, created.x, created.y, created.container) == (
        "Main Map",
        504,
        504,
        "1116883538766",
    )
    moved = log.position_after(18).pieces["1116883538765"]
    assert (moved.x, moved.y) == (552, 552)
    positions = list(log.positions())
    assert len(positions) == len(log.steps)
    assert positions[17] == log.position_after(18)
    assert positions[-1] == log.final


def test_undo_step_is_flagged_and_puts_the_piece_back():
    setup = "begin_save\x1b" + add("1", 10, 10) + "\x1bend_save"
    moved = "LOG\t" + move("1", 50, 50).replace("/M/0/0/", "/M/10/10/")
    undo = "LOG\tUNDO\ttrue\\\x1bLOG\tM/1/M/10/10/null/M/50/50/null/alice\\\x1bLOG\tUNDO\tfalse"
    tree = decode_tree(setup + "\x1b" + moved + "\x1b" + undo)
    log = replay_log(tree)
    assert [s.undo for s in log.steps] == [False, True]
    assert log.position_after(1).pieces["1"].x == 50
    assert log.position_after(2).pieces["1"].x == 10


def test_malformed_command_inside_a_log_step_is_reported_at_once():
    tree = decode_tree("begin_save\x1bend_save\x1bLOG\tCHAThi\\\x1bLOG\t+/1")
    with pytest.raises(FormatError) as err:
        replay_log(tree, source="x.vlog")
    assert err.value.place == "savedGame, command 4"  # begin_save, end_save, LOG, its LOG


# ---- speed and robustness ----------------------------------------------------------------


def test_four_hundred_piece_save_loads_well_under_100_ms(tmp_path):
    layer = "emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;back.png;;true;Side;;;false;;1;1;false"
    ptype = join_type(["markmoved;x", "mark;Type", layer, "piece;;;front.png;Unit"])
    pstate = join_state(["false", "Infantry", "1", "null;0;0;1;0"])
    placements = [
        Placement(str(10_000 + i), ptype, pstate, "Main Map", 100 * (i % 40), 100 * (i // 80)) for i in range(400)
    ]
    path = tmp_path / "big.vsav"
    write_saved_game(
        path,
        setup_tree(placements),
        module_name="X",
        module_version="1",
        vassal_version="3.7.26",
        date_saved=0,
    )
    best = 1.0
    for _ in range(3):
        start = time.perf_counter()
        pos = replay_save(read_saved_game(path).tree)
        best = min(best, time.perf_counter() - start)
    assert len(pos.pieces) == 400 and len(pos.stacks) == 200
    assert best < 0.1


_IDS = st.sampled_from(["1", "2", "3", "s", "null", "x"])
_NUM = st.sampled_from(["0", "10", "-5", "1.5", "", "a"])
_COMMAND = st.one_of(
    st.builds(lambda i, x, y: f"+/{i}/{UNIT}/M;{x};{y}", _IDS, _NUM, _NUM),
    st.builds(lambda i, a, b: f"+/{i}/stack/M;10;10;{a};{b};@@1", _IDS, _IDS, _IDS),
    st.builds(lambda i, a: f"+/{i}/deck;true;;;;;;;;;;;;D/M;10;10;false;{a}", _IDS, _IDS),
    st.builds(
        lambda i, x, u, m: f"M/{i}/{m}/{x}/10/{u}/M/0/0/null/p",
        _IDS,
        _NUM,
        _IDS,
        st.sampled_from(["M", "null", "N"]),
    ),
    st.builds(
        lambda i, s: f"D/{i}/{s}",
        _IDS,
        st.sampled_from(["M;1;1", "N;10;10", "", "M;10;10;1;2;@@1"]),
    ),
    st.builds(lambda i: f"-/{i}", _IDS),
    st.builds(lambda i: f"+/{i}/{FIXED}/\tM;10;10", _IDS),
    st.text(st.sampled_from(list("+-DM/;\t\\1")), max_size=12),
)


@given(st.lists(_COMMAND, max_size=25))
@settings(max_examples=400, deadline=None)
def test_any_command_sequence_replays_or_raises_format_error(texts):
    engine = Replay()
    for i, text in enumerate(texts, 1):
        try:
            engine.apply_text(text, i)
        except FormatError:
            continue
    pos = engine.position()
    holders = list(pos.stacks.values()) + list(pos.decks.values())
    seen = [m for c in holders for m in c.members]
    assert len(seen) == len(set(seen)), "a piece is in two containers"
    for container in holders:
        for m in container.members:
            assert pos.pieces[m].container == container.id
            assert (pos.pieces[m].map, pos.pieces[m].x, pos.pieces[m].y) == (
                container.map,
                container.x,
                container.y,
            )


@given(st.lists(st.sampled_from(list("ab/;\t\\'\x1b") + ["LOG\t", "M/", "+/", "D/", "1"]), max_size=60).map("".join))
@settings(max_examples=300, deadline=None)
def test_any_text_replays_as_a_log_or_raises_format_error(text):
    try:
        tree = decode_tree(text)
        log = replay_log(tree)
        assert log.final is not None
    except FormatError:
        pass


_LEVEL = st.text(st.sampled_from(list("ab;\t\\'")), max_size=6)


def _nested(levels: list[str]) -> str:
    text = levels[-1]
    for level in reversed(levels[:-1]):
        text = sequence.encode([level, text], "\t") or ""
    return text


@given(
    st.one_of(
        st.lists(_LEVEL, min_size=1, max_size=8).map(_nested),
        st.text(st.sampled_from(list("ab;\t\\'")), max_size=30),
    ),
    st.integers(1, 8),
)
@settings(max_examples=500, deadline=None)
def test_fast_level_finder_reads_exactly_like_the_piece_reader(text, count):
    types = split_type(text)
    found, levels = type_levels(text)
    assert [levels.own(i) for i in range(found)] == types
    try:
        expected = split_state(text, count)
    except FormatError:
        with pytest.raises(FormatError):
            state_levels(text, count)
        return
    levels = state_levels(text, count)
    assert [levels.own(i) for i in range(count - 1)] + [levels.rest(count - 1)] == expected
