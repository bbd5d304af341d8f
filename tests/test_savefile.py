"""Saved-game files: reading real saves and logs, writing our own, and refusing bad ones."""

from __future__ import annotations

import hashlib
import io
import struct
import zipfile
from typing import Any

import pytest

from vassal.archive import Archive, Limits
from vassal.commands import (
    AddPiece,
    BoardPlacement,
    Chat,
    Node,
    SetGlobalProperty,
    decode_tree,
    encode_tree,
    walk,
)
from vassal.errors import FormatError
from vassal.metadata import parse_metadata
from vassal.obfuscation import obfuscate
from vassal.replay import replay_save
from vassal.savefile import (
    Placement,
    as_text,
    decode_saved_game,
    read_saved_game,
    rewrite_saved_game,
    saved_game_bytes,
    setup_tree,
    write_saved_game,
)

from conftest import fixture, outside, spelled_out


def example_49() -> str:
    """The setup of docs/vassal-formats.md (a flipped unit under a marker, one stack)."""
    return spelled_out(fixture("flipped_unit_save.txt").read_text(encoding="utf-8"))


INFANTRY_TYPE = (
    "report;70\\,130;$location$: $newPieceName$ *;;;Report flip;false\tdelete;"
    "Delete;68,130;\\\tpiece;;;inf1_front.png;1st Infantry"
)
INFANTRY_STATE = "-1\t\\\tnull;0;0;1;0"
HQ_TYPE = "immob;;;R;\tpiece;;;hq.png;HQ"  # "never stack"
HQ_STATE = "\tnull;0;0;2;0"
WRITE_ARGS: dict[str, Any] = {
    "module_name": "TinyHex",
    "module_version": "0.1",
    "vassal_version": "3.7.26",
    "date_saved": 1700000000000,
}


def _zip(path, entries):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return path


# ---- reading ----------------------------------------------------------------------------


def test_reads_the_engine_written_save_with_its_metadata():
    game = read_saved_game(fixture("tiny_engine.vsav"))
    assert game.form == "VCSK"
    assert game.text.startswith("begin_save\x1b")
    assert game.moduledata is not None and game.moduledata.name == "TinyHex"
    assert game.savedata is not None and game.savedata.vassal_version == "3.7.26"
    assert not game.is_log


def test_reads_a_2005_log_without_metadata():
    game = read_saved_game(outside("tour.log"))
    assert game.form == "plain"
    assert game.savedata is None and game.moduledata is None
    assert game.is_log


def test_reading_never_touches_the_file():
    path = fixture("tiny_engine.vsav")
    before = hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns
    read_saved_game(path)
    assert (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns) == before


def test_save_with_only_a_saved_game_entry_is_accepted(tmp_path):
    path = _zip(tmp_path / "bare.vsav", {"savedGame": obfuscate(b"begin_save\x1bend_save")})
    game = read_saved_game(path)
    assert game.savedata is None and game.moduledata is None
    assert encode_tree(game.tree) == "begin_save\x1bend_save"


# ---- bad input --------------------------------------------------------------------------


def _error(path, **kw) -> FormatError:
    with pytest.raises(FormatError) as err:
        read_saved_game(path, **kw)
    assert err.value.source == str(path)
    return err.value


def test_not_a_zip(tmp_path):
    path = tmp_path / "x.vsav"
    path.write_text("begin_save")
    assert "not a zip" in _error(path).problem


def test_truncated_zip(tmp_path):
    path = tmp_path / "cut.vsav"
    data = fixture("tiny_engine.vsav").read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "zip" in _error(path).problem


def test_zip_without_saved_game(tmp_path):
    path = _zip(tmp_path / "x.vsav", {"moduledata": b"<data/>"})
    assert "no savedGame entry" in _error(path).problem


@pytest.mark.parametrize(
    "payload, problem",
    [
        (b"!VCSK58141", "odd number of hex digits"),
        (b"!VCSK581q", "non-hex character"),
        (b"VOBS\x00\x01\x02", "key byte is zero"),
        (b"begin_save\x1b\xff\xfe", "not UTF-8"),
    ],
)
def test_damaged_saved_game_names_the_entry(tmp_path, payload, problem):
    path = _zip(tmp_path / "x.vsav", {"savedGame": payload})
    err = _error(path)
    assert problem in err.problem
    assert err.place is not None and err.place.startswith("savedGame")


def test_zip_bomb_in_saved_game_is_refused_by_declared_size(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("savedGame", b"begin_save" * 10)
    data = bytearray(buf.getvalue())
    central = data.index(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, 3_000_000_000)  # claims 3 GB unpacked
    path = tmp_path / "bomb.vsav"
    path.write_bytes(bytes(data))
    err = _error(path)
    assert "too large" in err.problem and err.place == "savedGame"


def test_zip_bomb_in_saved_game_is_refused_by_limits(tmp_path):
    path = _zip(tmp_path / "big.vsav", {"savedGame": b"\0" * 3_000_000})
    err = _error(path, limits=Limits(max_entry_bytes=1_000_000))
    assert err.place == "savedGame"


def test_bad_metadata_names_its_entry(tmp_path):
    path = _zip(tmp_path / "x.vsav", {"savedGame": b"begin_save", "savedata": b"<data"})
    assert (_error(path).place or "").startswith("savedata")


def test_decode_saved_game_reports_the_wrapping():
    assert decode_saved_game(b"begin_save") == ("begin_save", "plain")
    assert decode_saved_game(obfuscate(b"end_save")) == ("end_save", "VCSK")


# ---- writing ----------------------------------------------------------------------------


def test_written_save_reads_back_to_the_same_text_and_metadata(tmp_path):
    text = example_49()
    path = tmp_path / "setup.vsav"
    write_saved_game(path, text, description="opening", **WRITE_ARGS)
    game = read_saved_game(path)
    assert game.text == text and game.form == "VCSK"
    assert game.moduledata is not None and game.savedata is not None
    assert game.moduledata.name == "TinyHex" and game.moduledata.version == "0.1"
    assert game.savedata.description == "opening"
    assert game.savedata.date_saved == "1700000000000"
    with zipfile.ZipFile(path) as zf:
        assert zf.namelist() == ["savedGame", "savedata", "moduledata"]
        assert parse_metadata(zf.read("moduledata")).vassal_version == "3.7.26"


def test_writing_is_deterministic_with_fixed_key_and_date(tmp_path):
    a, b = tmp_path / "a.vsav", tmp_path / "b.vsav"
    write_saved_game(a, example_49(), **WRITE_ARGS)
    write_saved_game(b, example_49(), **WRITE_ARGS)
    assert a.read_bytes() == b.read_bytes()


def test_plain_write_and_no_metadata_writes_neither_entry(tmp_path):
    path = tmp_path / "plain.vsav"
    write_saved_game(path, "begin_save\x1bend_save", obfuscate=False, with_metadata=False, **WRITE_ARGS)
    with zipfile.ZipFile(path) as zf:
        assert zf.namelist() == ["savedGame"]
        assert zf.read("savedGame") == b"begin_save\x1bend_save"


def test_a_command_list_is_wrapped_in_begin_and_end_save():
    assert as_text([Chat("hi")]) == "begin_save\x1bCHAThi\x1bend_save"
    assert as_text("x") == "x"


def test_saved_game_bytes_use_vcsk_hex():
    assert saved_game_bytes("A", key=0x58) == b"!VCSK5819"


# ---- scenario setups --------------------------------------------------------------------


def test_setup_reproduces_the_spec_example_byte_for_byte():
    tree = decode_tree(example_49())
    adds = [n.command for n in walk(tree) if isinstance(n.command, AddPiece) and n.command.type != "stack"]
    placements = [Placement(a.id or "", a.type, a.state, "Main Map", 144, 100) for a in adds]
    built = setup_tree(placements, {"Main Map": [BoardPlacement("Map", 0, 0)]})
    assert encode_tree(built) == example_49()


def test_setup_round_trip_puts_every_piece_where_it_was_placed(tmp_path):
    placements = [
        Placement("1001", INFANTRY_TYPE, INFANTRY_STATE, "Main Map", 144, 100),
        Placement("1002", INFANTRY_TYPE, INFANTRY_STATE, "Main Map", 144, 100),
        Placement("1003", INFANTRY_TYPE, INFANTRY_STATE, "Main Map", 230, 150),
        Placement("1004", HQ_TYPE, HQ_STATE, "Main Map", 144, 100),
        Placement("1005", INFANTRY_TYPE, INFANTRY_STATE, None, 0, 0),
    ]
    tree = setup_tree(
        placements,
        {"Main Map": [BoardPlacement("Map", 0, 0)]},
        extra=[SetGlobalProperty("Weather", "Mud", "Module")],
    )
    path = tmp_path / "round.vsav"
    write_saved_game(path, tree, **WRITE_ARGS)
    position = replay_save(read_saved_game(path).tree)
    where = {p.id: (p.map, p.x, p.y) for p in position.pieces.values()}
    assert where == {
        "1001": ("Main Map", 144, 100),
        "1002": ("Main Map", 144, 100),
        "1003": ("Main Map", 230, 150),
        "1004": ("Main Map", 144, 100),
        "1005": (None, 0, 0),
    }
    stacks = {s.id: s.members for s in position.stacks.values()}
    assert stacks == {"1006": ("1001", "1002"), "1007": ("1003",)}
    assert position.pieces["1004"].container is None  # never stacks
    assert position.boards["Main Map"] == (BoardPlacement("Map", 0, 0),)
    assert position.properties[("Module", "Weather")] == "Mud"
    assert position.not_new and position.started


def test_setup_members_come_right_before_their_stack():
    placements = [Placement(str(i), INFANTRY_TYPE, INFANTRY_STATE, "M", 10 * (i % 2), 0) for i in range(1, 5)]
    tree = setup_tree(placements, stack_ids=iter(["s1", "s2"]))
    order = [c.command.id for c in tree.children if isinstance(c.command, AddPiece)]
    assert order == ["1", "3", "s1", "2", "4", "s2"]


def test_setup_refuses_duplicate_and_null_ids():
    piece = Placement("1", INFANTRY_TYPE, INFANTRY_STATE, "M", 0, 0)
    with pytest.raises(ValueError, match="used twice"):
        setup_tree([piece, piece])
    with pytest.raises(ValueError, match="not usable"):
        setup_tree([Placement("null", INFANTRY_TYPE, INFANTRY_STATE, "M", 0, 0)])


def test_setup_refuses_a_state_with_too_few_levels():
    with pytest.raises(FormatError, match="level"):
        setup_tree([Placement("1", INFANTRY_TYPE, "null;0;0", "M", 0, 0)])


@pytest.mark.parametrize("form", ["VCSK", "VOBS", "XZ", "plain"])
def test_a_rewritten_save_keeps_its_wrapping_key_and_other_entries(tmp_path, form):
    text = as_text([Chat("old")])
    source = tmp_path / "in.vsav"
    entries = [
        ("savedGame", obfuscate(text.encode(), 0x21, form=form)),
        ("savedata", b"<a/>"),
        ("extra.txt", b"x"),
    ]
    with zipfile.ZipFile(source, "w") as z:
        for name, data in entries:
            z.writestr(name, data)
    before = source.read_bytes()
    rewrite_saved_game(source, tmp_path / "out.vsav", as_text([Chat("new")]))
    assert source.read_bytes() == before
    with zipfile.ZipFile(tmp_path / "out.vsav") as z:
        assert z.namelist() == ["savedGame", "savedata", "extra.txt"]
        assert z.read("savedata") == b"<a/>" and z.read("extra.txt") == b"x"
        data = z.read("savedGame")
    assert data == obfuscate(as_text([Chat("new")]).encode(), 0x21, form=form)
    text_out, got = decode_saved_game(data)
    assert got == form and "CHATnew" in text_out


def test_a_rewrite_onto_its_own_source_is_refused(tmp_path):
    source = tmp_path / "in.vsav"
    write_saved_game(source, [Chat("x")], module_name="M", module_version="1", vassal_version="3.7.26")
    before = source.read_bytes()
    (tmp_path / "link.vsav").hardlink_to(source)
    for target in (source, tmp_path / "link.vsav"):
        with pytest.raises(ValueError):
            rewrite_saved_game(source, target, as_text([Chat("y")]))
    assert source.read_bytes() == before


def _big_vcsk_save(tmp_path, text: str):
    """A save whose command text spans many of the pieces the reader decodes at a time."""
    path = tmp_path / "big.vsav"
    path.write_bytes(_zip_bytes_of({"savedGame": saved_game_bytes(text)}))
    return path


def _zip_bytes_of(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _unit_add(n: int) -> str:
    return f"+/{n}/piece;;;u{n}.png;Unité ≥ {n} 🎲\tnull;{n};{n}"


@pytest.mark.parametrize(
    "shape",
    [
        "flat",  # our setups: the pieces right under begin_save
        "engine",  # the engine's saves: the pieces under an empty command, one level down
        "quoted",  # not what the engine writes: the level-by-level reading takes it
    ],
)
def test_a_big_save_reads_to_the_text_it_was_written_from_across_its_pieces(tmp_path, monkeypatch, shape):
    # two-, three- and four-byte characters fall across the borders of the decoded pieces, and
    # the entry is decoded piece by piece, never read whole
    whole = Archive.read
    monkeypatch.setattr(
        Archive, "read", lambda arc, name: pytest.fail(name) if name == "savedGame" else whole(arc, name)
    )
    adds = tuple(Node(_unit_add(n)) for n in range(20_000))
    if shape == "flat":
        text = encode_tree(Node("begin_save", adds + (Node("end_save"),)))
    elif shape == "engine":
        text = encode_tree(Node("begin_save", (Node(""), Node("", adds), Node("end_save"))))
    else:
        text = encode_tree(Node("begin_save", adds)) + "\x1b'CHATquoted'"
    saved = read_saved_game(_big_vcsk_save(tmp_path, text))
    assert len(text) > 1_000_000
    assert saved.text == text and saved.form == "VCSK"
    assert saved.text == decode_saved_game(saved_game_bytes(text))[0]
    assert saved.tree == decode_tree(text)
    assert sum(1 for n in walk(saved.tree) if n.text.startswith("+/")) == 20_000


@pytest.mark.parametrize(
    "damage, problem, where",
    [
        (lambda hexed: hexed[:-1], "odd number of hex digits", None),
        (lambda hexed: hexed[:900_001] + b"zz" + hexed[900_003:], "non-hex character", "byte 900001"),
    ],
)
def test_damage_deep_in_a_big_save_is_named_as_in_a_small_one(tmp_path, damage, problem, where):
    hexed = damage(saved_game_bytes("begin_save" + "\x1b+/1/piece;;;a.png;A\tnull;0;0" * 40_000))
    path = tmp_path / "damaged.vsav"
    path.write_bytes(_zip_bytes_of({"savedGame": hexed}))
    err = _error(path)
    assert problem in err.problem and err.place is not None and err.place.startswith("savedGame")
    if where:
        assert where in err.place


def test_a_big_save_that_is_not_utf8_deep_inside_is_refused_with_the_byte(tmp_path):
    plain = b"begin_save" + b"\x1b+/1/piece;;;a.png;A\tnull;0;0" * 40_000
    bad = plain[:700_000] + b"\xff" + plain[700_001:]
    path = tmp_path / "notutf8.vsav"
    path.write_bytes(_zip_bytes_of({"savedGame": obfuscate(bad)}))
    err = _error(path)
    assert "not UTF-8 (byte 700000 " in err.problem


@pytest.mark.parametrize("plain", [b"", b"\x1b", b"a", b"\x1b\x1b", b"ab\x1bcd\x1b", b"\x1bab\x1b\x1bcd", b"x" * 1000])
def test_a_piece_of_a_save_is_cut_at_its_escs_as_split_cuts_it(plain):
    from vassal.savefile import _cut

    assert _cut(plain) == plain.split(b"\x1b")
