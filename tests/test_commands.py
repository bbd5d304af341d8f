"""The command language: ESC-nested trees and typed commands, byte-exact both ways."""

from __future__ import annotations

import contextlib
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vassal.commands import (
    ESC,
    MAX_DEPTH,
    AddPiece,
    AddPlayer,
    BeginSave,
    BoardPlacement,
    ChangePiece,
    ChangeProperty,
    Chat,
    EndSave,
    Log,
    MovePiece,
    Node,
    NullCommand,
    RemovePiece,
    RemovePlayer,
    SetBoards,
    SetGlobalProperty,
    SetTurn,
    SetupStack,
    Undo,
    Unknown,
    decode_parts,
    decode_pieces,
    decode_tree,
    encode_command,
    encode_tree,
    join_pieces,
    log_steps,
    node,
    parse_command,
    step_commands,
    walk,
)
from vassal.errors import FormatError
from vassal.obfuscation import deobfuscate

from conftest import fixture, outside, spelled_out


def _plain(path: Path) -> str:
    return deobfuscate(zipfile.ZipFile(path).read("savedGame")).decode("utf-8")


def example_49() -> str:
    """The setup of docs/vassal-formats.md (a flipped unit under a marker, one stack)."""
    return spelled_out(fixture("flipped_unit_save.txt").read_text(encoding="utf-8"))


FIXTURES = [
    fixture("tiny_engine.vsav"),
    fixture("tiny_plain.vsav"),
    fixture("tiny.vlog"),
    "tour.log",
]


def _real(name):
    return name if isinstance(name, Path) else outside(name)


@pytest.mark.parametrize("name", FIXTURES, ids=lambda p: getattr(p, "name", p))
def test_fixture_tree_re_encodes_byte_identically(name):
    text = _plain(_real(name))
    tree = decode_tree(text)
    assert encode_tree(tree) == text
    assert all(n.raw is None for n in walk(tree)), "real files are in canonical form"


@pytest.mark.parametrize("name", FIXTURES, ids=lambda p: getattr(p, "name", p))
def test_every_fixture_command_re_encodes_from_its_typed_form(name):
    tree = decode_tree(_plain(_real(name)))
    for item in walk(tree):
        cmd = parse_command(item.text)
        assert encode_command(cmd) == item.text
        if isinstance(cmd, Log):
            assert encode_command(cmd.command) == cmd.inner


def test_spec_example_save_re_encodes_and_is_flat_under_begin_save():
    text = example_49()
    tree = decode_tree(text)
    assert encode_tree(tree) == text
    assert isinstance(tree.command, BeginSave)
    kinds = [type(c.command) for c in tree.children]
    assert kinds == [AddPiece, AddPiece, AddPiece, SetBoards, SetupStack, EndSave]


def test_save_written_by_the_engine_nests_pieces_under_an_empty_command():
    tree = decode_tree(_plain(fixture("tiny_engine.vsav")))
    assert tree.text == "begin_save"
    holder = tree.children[1]
    assert isinstance(holder.command, NullCommand)
    adds = [c.command for c in holder.children if isinstance(c.command, AddPiece)]
    assert len(adds) == len(holder.children)
    assert [a.type.rsplit("\t", 1)[-1] for a in adds] == [
        "piece;;;inf1_front.png;1st Infantry",
        "piece;;;unit.png;Red Unit",
        "stack",
        "stack",
    ]
    assert tree.children[2].command == SetBoards("Main Map", (BoardPlacement("Board", 0, 0),))
    assert isinstance(parse_command("UNMASK\tnull"), Unknown)  # other commands pass through


def test_deeper_separators_carry_more_backslashes():
    tree = node(BeginSave(), node(NullCommand(), node(Chat("a")), node(Chat("b"))), node(EndSave()))
    assert encode_tree(tree) == "begin_save\x1b\\\x1bCHATa\\\x1bCHATb\x1bend_save"
    assert decode_tree(encode_tree(tree)) == tree


def test_sub_command_starting_with_a_backslash_is_quoted_and_read_back():
    tree = node(BeginSave(), node(Chat("x"), node(Unknown("\\odd"))))
    text = encode_tree(tree)
    assert "'\\odd'" in text
    assert decode_tree(text) == tree


def test_non_canonical_input_keeps_its_bytes():
    text = "begin_save\x1b'CHATquoted'\x1bend_save"
    tree = decode_tree(text)
    assert tree.children[0].text == "CHATquoted"  # the engine unquotes it
    assert encode_tree(tree) == text


def test_absurd_nesting_is_a_format_error_not_a_crash():
    text = "a" + "\\" * (MAX_DEPTH + 5) + ESC + "b"
    with pytest.raises(FormatError, match="nested more than"):
        decode_tree(text, "deep.vsav")


@pytest.mark.parametrize(
    "text, cmd",
    [
        ("begin_save", BeginSave()),
        ("end_save", EndSave()),
        ("", NullCommand()),
        (
            "+/1/piece;;;a.png;A/Main Map;1;2;3;0",
            AddPiece("1", "piece;;;a.png;A", "Main Map;1;2;3;0"),
        ),
        ("+/null/stack/null;0;0", AddPiece(None, "stack", "null;0;0")),
        (
            "+/7/piece;;;x\\/y.png;De Salles \\/ I Corps/null;0;0",
            AddPiece("7", "piece;;;x/y.png;De Salles / I Corps", "null;0;0"),
        ),
        ("-/1234", RemovePiece("1234")),
        ("D/5/new", ChangePiece("5", "new")),
        ("D/5/new/old", ChangePiece("5", "new", "old")),
        (
            "M/5/Main Map/10/-20/4/null/0/0/null/pw",
            MovePiece("5", "Main Map", 10, -20, "4", None, 0, 0, None, "pw"),
        ),
        ("M/5/null/0/0/null/Map/3/4/2", MovePiece("5", None, 0, 0, None, "Map", 3, 4, "2")),
        ("LOG\tCHAThello", Log("CHAThello")),
        ("UNDO\ttrue", Undo(True)),
        ("UNDO\tfalse", Undo(False)),
        (
            "Main MapBoardPicker\tWest/rev\t0\t0\tEast\t1\t0",
            SetBoards("Main Map", (BoardPlacement("West", 0, 0, True), BoardPlacement("East", 1, 0))),
        ),
        ("SETUP_STACK\t", SetupStack()),
        ("PLAYER\tsecret\tAlice\tAllies", AddPlayer("secret", "Alice", "Allies")),
        ("PYREMOVE\tsecret", RemovePlayer("secret")),
        ("GlobalProperty\t;Weather;Mud;Module", SetGlobalProperty("Weather", "Mud", "Module")),
        (
            "MutableProperty\tWeather\tClear\tMud\tModule",
            ChangeProperty("Weather", "Clear", "Mud", "Module"),
        ),
        ("TURNTurnTracker0\t1|3|2", SetTurn("TurnTracker0", "1|3|2")),
        ("CHAT* 1st Infantry moves 0201 -> 0302 *", Chat("* 1st Infantry moves 0201 -> 0302 *")),
        ("NOTES\tsome text", Unknown("NOTES\tsome text")),
        ("CLOCK\tx", Unknown("CLOCK\tx")),
    ],
)
def test_typed_commands_parse_and_encode_back(text, cmd):
    assert parse_command(text) == cmd
    assert encode_command(cmd) == text


def test_turn_state_exposes_level_and_level_states():
    turn = parse_command("TURNTurnTracker0\t1|3|2")
    assert isinstance(turn, SetTurn)
    assert turn.current_level == 1
    assert turn.level_states == ("3", "2")


@pytest.mark.parametrize(
    "text, problem",
    [
        ("M/5/Main Map/1.5/2/null/null/0/0/null/p", "MovePiece new x is not an integer"),
        ("M/5/Main Map/1/2/null/null/0/x/null/p", "MovePiece old y is not an integer"),
        ("M/5/Main Map/1/2", "10 fields"),
        ("+/1/piece;;;a.png;A", "AddPiece needs id/type/state"),
        ("+/1", "AddPiece needs id/type/state"),
        ("D/5", "ChangePiece needs id/newState"),
    ],
)
def test_malformed_piece_commands_raise_format_error(text, problem):
    with pytest.raises(FormatError, match=problem):
        parse_command(text)


def test_tour_log_steps_are_the_top_level_log_groups():
    tree = decode_tree(_plain(outside("tour.log")))
    steps = log_steps(tree)
    assert len(steps) == 114
    assert sum(1 for n in walk(tree) if n.text.startswith("LOG\t")) == 191
    created = next(s for s in steps if any("created in 0,0" in t for t in step_commands(s)))
    texts = step_commands(created)
    assert [t[:2] for t in texts] == ["+/", "+/", "CH"]


def test_no_log_groups_in_a_plain_save():
    assert log_steps(decode_tree(_plain(fixture("tiny_engine.vsav")))) == []


def test_our_log_steps_are_its_top_level_log_groups():
    steps = log_steps(decode_tree(_plain(fixture("tiny.vlog"))))
    assert [[t[:2] for t in step_commands(s)] for s in steps] == [
        ["M/", "CH"],
        ["D/"],
        ["CH"],
        ["-/"],
    ]


_ALPHABET = st.sampled_from(list("ab/;\t\\'" + ESC) + ["LOG\t", "M/", "+/", "D/", "-/", "begin_save", "CHAT", "1"])


@given(st.lists(_ALPHABET, max_size=60).map("".join))
@settings(max_examples=400, deadline=None)
def test_arbitrary_text_decodes_exactly_or_raises_format_error(text):
    try:
        tree = decode_tree(text)
    except FormatError:
        return
    assert encode_tree(tree) == text
    for item in walk(tree):
        with contextlib.suppress(FormatError):
            parse_command(item.text)


def _trees(most_leaves: int) -> st.SearchStrategy[Node]:
    """Command trees whose texts hold delimiters, backslashes and quotes."""
    texts = st.text(st.sampled_from(list("ab/;\\'\t")), max_size=8)
    return st.recursive(
        st.builds(Node, texts),
        lambda kids: st.builds(Node, texts, st.lists(kids, min_size=1, max_size=4).map(tuple)),
        max_leaves=most_leaves,
    )


@given(_trees(20))
@settings(max_examples=300, deadline=None)
def test_encoding_any_tree_gives_text_that_decodes_to_the_same_bytes(tree):
    text = encode_tree(tree)
    assert encode_tree(decode_tree(text)) == text


def _engine_reading(text: str) -> Node:
    """The tree as the engine reads it, token by token and level by level."""
    from vassal.commands import _decode

    return _decode(text, 0, None)


def _same_tree(a: Node, b: Node) -> bool:
    """Equal texts, children and kept input bytes (Node equality leaves ``raw`` out)."""
    return (
        a.text == b.text
        and a.raw == b.raw
        and len(a.children) == len(b.children)
        and all(map(_same_tree, a.children, b.children))
    )


@pytest.mark.parametrize("name", FIXTURES[:3], ids=lambda p: p.name)
def test_saves_and_logs_the_engine_writes_are_read_from_their_pieces_between_escs(name):
    text = _plain(name)
    tree = decode_parts(text.split(ESC))
    assert tree is not None  # not left to the level-by-level reading
    assert _same_tree(tree, _engine_reading(text))


def test_pieces_between_escs_come_back_as_their_text_with_their_backslashes():
    text = encode_tree(node(BeginSave(), node(NullCommand(), node(Chat("a\\b")), node(Chat("c"))), node(EndSave())))
    parts = text.split(ESC)
    texts = [p.rstrip("\\") for p in parts[:-1]] + [parts[-1]]
    runs = [len(p) - len(t) for p, t in zip(parts[:-1], texts)] + [-1]
    assert runs == [0, 1, 1, 0, -1]
    assert join_pieces(texts, runs) == text
    tree = decode_pieces(texts, runs)
    assert tree is not None and _same_tree(tree, decode_tree(text))


@pytest.mark.parametrize(
    "text",
    [
        "begin_save\x1b'CHATquoted'\x1bend_save",  # a quoted token
        "a\\\x1bb\x1bc",  # a head that is itself nested: its sub-commands come first
        "a\\\x1bb",  # an escaped ESC in the only token
        "begin_save\x1b'\\odd'",  # a token starting with a backslash, quoted
    ],
)
def test_texts_not_in_the_engines_shape_are_left_to_its_reading(text):
    assert decode_parts(text.split(ESC)) is None
    assert _same_tree(decode_tree(text), _engine_reading(text))


@given(st.lists(_ALPHABET, max_size=60).map("".join))
@settings(max_examples=2000, deadline=None)
def test_reading_from_the_pieces_between_escs_is_the_engines_reading(text):
    fast = decode_parts(text.split(ESC))
    if fast is not None:
        assert _same_tree(fast, _engine_reading(text))
        assert encode_tree(fast) == text


@given(_trees(30))
@settings(max_examples=1000, deadline=None)
def test_any_encoded_tree_read_from_its_pieces_is_the_engines_reading(tree):
    text = encode_tree(tree)
    fast = decode_parts(text.split(ESC))
    if fast is not None:
        assert _same_tree(fast, _engine_reading(text))
