"""`staffwork inspect`: real files in, every piece with its position and hex out; bad input
exits 2."""

from __future__ import annotations

import hashlib
import json
import zipfile

import pytest

from staffwork.cli import main

from conftest import fixture, outside


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tiny_save_names_the_hex_of_its_unit(capsys):
    code, out, err = _run(capsys, "inspect", str(fixture("tiny_engine.vsav")), "--module", str(fixture("tiny.vmod")))
    assert code == 0, err
    assert "Red Unit" in out
    line = next(row for row in out.splitlines() if "Red Unit" in row)
    assert "Main Map" in line and "60" in line and "46" in line and "0101" in line


def test_tour_log_lists_every_piece_with_map_position_and_location(capsys):
    code, out, _ = _run(capsys, "inspect", str(outside("tour.log")), "--module", str(outside("tour.mod")), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["kind"] == "log"
    assert len(report["steps"]) > 100
    pieces = report["pieces"]
    assert pieces, "tour.log has pieces"
    on_map = [p for p in pieces if p["map"]]
    assert on_map and all(p["location"] for p in on_map)
    assert all(isinstance(p["x"], int) and isinstance(p["y"], int) for p in pieces)
    # Locations are names VASSAL itself printed in the tour's chat ("offboard" is one too).
    assert {"Cards", "Ship Reserves"} <= {p["location"] for p in on_map}


def test_text_output_of_a_log_shows_its_steps(capsys):
    code, out, _ = _run(capsys, "inspect", str(fixture("tiny.vlog")), "--module", str(fixture("tiny.vmod")))
    assert code == 0
    assert "4 steps" in out and "step 1:" in out
    assert 'Red Unit: Main Map "0101" 60,46 -> Main Map "0102" 60,92' in out


def test_without_a_module_the_save_still_lists_pieces(capsys):
    code, out, _ = _run(capsys, "inspect", str(fixture("tiny_plain.vsav")))
    assert code == 0
    assert "Red Unit" in out and "--module" in out


def test_inspect_reads_a_module(capsys):
    code, out, _ = _run(capsys, "inspect", str(fixture("tiny.vmod")), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["name"] == "TinyHex"
    assert report["maps"] and report["maps"][0]["boards"]


def test_inspect_never_changes_its_inputs(capsys):
    files = [fixture(n) for n in ("tiny.vmod", "tiny_engine.vsav", "tiny.vmod", "tiny.vlog")]
    before = {f: hashlib.sha256(f.read_bytes()).hexdigest() for f in files}
    _run(capsys, "inspect", str(files[1]), "--module", str(files[0]))
    _run(capsys, "inspect", str(files[3]), "--module", str(files[2]))
    assert before == {f: hashlib.sha256(f.read_bytes()).hexdigest() for f in files}


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"plain text, not a zip", "not a zip archive"),
        (b"", "empty file"),
    ],
)
def test_bad_files_give_one_line_and_status_2(capsys, tmp_path, content, expected):
    path = tmp_path / "game.vsav"
    path.write_bytes(content)
    code, out, err = _run(capsys, "inspect", str(path))
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert expected in err and str(path) in err


def test_bad_obfuscation_is_reported_with_the_entry(capsys, tmp_path):
    path = tmp_path / "broken.vsav"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("savedGame", "!VCSK58zz")
    code, _, err = _run(capsys, "inspect", str(path))
    assert code == 2 and "savedGame" in err and len(err.strip().splitlines()) == 1


def test_missing_file_is_bad_input(capsys, tmp_path):
    code, _, err = _run(capsys, "inspect", str(tmp_path / "nowhere.vsav"))
    assert code == 2 and "nowhere.vsav" in err


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["inspect"])
    assert exc.value.code == 2


def test_every_subcommand_has_help(capsys):
    from staffwork.cli import SUBCOMMANDS

    for name in SUBCOMMANDS:
        with pytest.raises(SystemExit) as exc:
            main([name, "--help"])
        assert exc.value.code == 0
        assert "usage" in capsys.readouterr().out


def _zip(path, entries):
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data)


@pytest.mark.parametrize(
    "entries, expected",
    [
        (
            {
                "buildFile.xml": '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>'
                "<VASSAL.build.GameModule>&a;</VASSAL.build.GameModule>"
            },
            "DOCTYPE",
        ),
        (
            {"buildFile.xml": "<VASSAL.build.GameModule><unclosed></VASSAL.build.GameModule>"},
            "line",
        ),
        ({"buildFile.xml": b"<VASSAL.build.GameModule name='\xff'/>"}, "UTF-8"),
        ({"../escape.txt": "x", "buildFile.xml": "<a/>"}, ".."),
        ({"savedGame": "!VCSK5"}, "savedGame"),
        ({"savedGame": "begin_save\x1bM/1/Map/x/1/null/null/0/0/null/p\x1bend_save"}, "MovePiece"),
    ],
)
def test_hostile_and_broken_files_give_one_line_and_status_2(capsys, tmp_path, entries, expected):
    path = tmp_path / "input.vmod"
    _zip(path, entries)
    before = path.read_bytes()
    code, out, err = _run(capsys, "inspect", str(path))
    assert code == 2, err
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0] and str(path) in lines[0]
    assert path.read_bytes() == before


def test_each_piece_of_a_big_save_is_split_into_its_levels_once(tmp_path, monkeypatch, capsys):
    # the replay splits every piece's type and state; inspect's view reads the same strings
    # and must find them split, however many pieces the save holds
    from vassal import nesting
    from vassal.pieces import Piece, piece_state, piece_type
    from vassal.savefile import Placement, setup_tree, write_saved_game
    from vassal.traits import BasicPiece, Marker

    pieces = 1500
    units = [Piece((Marker.of({"Id": str(n)}),), BasicPiece.make(image_name=f"u{n}.png")) for n in range(pieces)]
    placements = [
        Placement(str(n), piece_type(unit), piece_state(unit), "Main Map", n, n) for n, unit in enumerate(units)
    ]
    save = tmp_path / "big.vsav"
    write_saved_game(save, setup_tree(placements), module_name="M", module_version="1", vassal_version="3.7.26")
    split = nesting._split_levels
    calls = []

    def counted(text, count, raw_last):
        calls.append(text)
        return split(text, count, raw_last)

    monkeypatch.setattr(nesting, "_split_levels", counted)
    assert main(["inspect", str(save), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["pieces"]) == pieces
    assert len(calls) >= 2 * pieces  # a type and a state each (and the stacks')
    assert len(calls) == len(set(map(id, calls)))  # none of them twice


def test_pieces_that_share_a_type_have_it_split_once(tmp_path, monkeypatch, capsys):
    # a setup's markers and units of one kind carry equal types, each its own string
    from vassal import nesting
    from vassal.pieces import Piece, piece_state, piece_type
    from vassal.savefile import Placement, setup_tree, write_saved_game
    from vassal.traits import BasicPiece, Marker

    kinds = [Piece((Marker.of({"Kind": str(k)}),), BasicPiece.make(image_name=f"k{k}.png")) for k in range(3)]
    placements = [
        Placement(str(n), piece_type(kinds[n % 3]), piece_state(kinds[n % 3]), "Main Map", 10 * n, 0)
        for n in range(300)
    ]
    save = tmp_path / "kinds.vsav"
    write_saved_game(save, setup_tree(placements), module_name="M", module_version="1", vassal_version="3.7.26")
    split = nesting._split_levels
    types = []

    def counted(text, count, raw_last):
        if not raw_last:
            types.append(text)
        return split(text, count, raw_last)

    monkeypatch.setattr(nesting, "_split_levels", counted)
    assert main(["inspect", str(save)]) == 0
    assert "300 pieces" in capsys.readouterr().out
    assert len(types) == len(set(types))  # no type twice (the stacks' "stack" once too)
    assert set(types) == {*map(piece_type, kinds), "stack"}
