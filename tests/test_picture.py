"""Check, audit and watch pictures a player can read: every unit named, stacks fanned and listed,
supply badges that leave the counter readable, a legend of exactly the marks drawn, the audit's
title and illegal path, the watch page led by the picture zoomed to the problems, and boards
that cannot be read refused in one line.

Pictures record what they drew in a PNG text chunk "staffwork" (assistant.picture): the title,
the legend, and each label with the units it names and how much of it covers other things.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import cast

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngImageFile

from test_check_support import U, write_position

sys.path.insert(0, str(Path(__file__).parent))
from assistant.board import read_position
from assistant.picture import render_picture
from assistant.picture_layers import NO_SUPPLY
from staffwork import cli
from wargame.games import find_game
from wargame.rules.results import Check

from logmaker import BOARD, LogMaker, unit_piece

NORWAY_NEUTRAL = {"Status_NOR": "neutral"}  # a German unit in Norway has no line anywhere (7.4)


def drawn(path: Path) -> dict:
    with Image.open(path) as im:
        assert isinstance(im, PngImageFile)
        return json.loads(im.text["staffwork"])


def picture(tmp_path: Path, pieces, props=None, name="g", **kwargs) -> tuple[dict, Path, Check]:
    save = write_position(tmp_path / f"{name}.vsav", pieces, props)
    board = read_position(save)
    check = find_game("use").pack().check(board.position)
    out = render_picture(board, check, tmp_path / f"{name}.png", **kwargs)
    return drawn(out), out, check


def named(record: dict) -> list[str]:
    return [uid for label in record["labels"] for uid in label["units"]]


def test_every_unit_is_named_once_and_a_stack_lists_its_units_top_first(tmp_path):
    pieces = [
        U("GER", "ground", "infantry", "2626", name="16"),
        U("GER", "air", "fighter", "2626", name="II"),
        U("GER", "air", "bomber", "2626", name="IV"),
        U("FRA", "ground", "infantry", "2914", name="10"),
        U("UK", "ground", "infantry", "2611", name="2 Corps"),
    ]
    record, _out, _check = picture(tmp_path, pieces)
    assert sorted(named(record)) == ["1", "2", "3", "4", "5"]
    (stack,) = [label for label in record["labels"] if len(label["units"]) == 3]
    assert stack["units"] == ["3", "2", "1"]  # the top counter first


def test_labels_in_a_crowded_front_hide_no_counter_and_no_other_label(tmp_path):
    front = ["2815", "2914", "2915", "3015", "3014", "3115", "2916", "3016", "2816", "2717"]
    pieces = [U("FRA", "ground", "infantry", h, name=f"{i} Army") for i, h in enumerate(front, 1)]
    pieces += [U("FRA", "air", "fighter", h, name=f"F{i}") for i, h in enumerate(front[:5], 1)]
    record, _out, _check = picture(tmp_path, pieces)
    assert len(named(record)) == len(pieces)
    assert all(label["covers"] == 0 for label in record["labels"])


def test_the_no_supply_badge_leaves_the_counter_readable(tmp_path):
    # before, a red cross was drawn corner to corner over the counter
    record, out, check = picture(tmp_path, [U("GER", "ground", "infantry", "1623", name="20 Geb")], NORWAY_NEUTRAL)
    assert check.supply.lines["1"].state == "none"
    (label,) = record["labels"]
    x0, y0, x1, y1 = label["stack"]
    top = record["top"]
    with Image.open(out) as im:
        counter = im.convert("RGB").crop((int(x0) + 2, int(y0) + top + 2, int(x1) - 2, int(y1) + top - 2))
    found = counter.getcolors(1 << 20)
    assert found is not None
    colours = cast("list[tuple[int, tuple[int, ...]]]", found)  # an RGB image's colours are tuples
    red = sum(n for n, c in colours if max(abs(a - b) for a, b in zip(c, NO_SUPPLY)) < 40)
    assert 0 < red < counter.width * counter.height * 0.12  # a badge in a corner, not a cross over it
    assert "badge: cannot trace supply now" in record["legend"]


def test_the_legend_explains_the_marks_drawn_and_no_others(tmp_path):
    record, _out, _check = picture(tmp_path, [U("GER", "ground", "infantry", "2626", name="16")])
    legend = record["legend"]
    assert "the units of a stack by nation and ID, top counter first" in legend
    assert "Axis unit (the square before its name)" in legend
    assert any("without counter art: its ID and nation" in t for t in legend)  # no unexplained letters
    assert not any("Low Supply" in t or "cannot trace" in t or "overstacked" in t for t in legend)
    record, _out, _check = picture(
        tmp_path,
        [U("GER", "ground", "infantry", "2626", name="16"), U("GER", "ground", "tank", "2626", name="1 Pz")],
        name="two",
    )
    assert any("overstacked" in t for t in record["legend"])


def test_the_audit_picture_names_its_step_and_draws_the_illegal_path(tmp_path, capsys):
    pieces = {
        "2P": (unit_piece("2P", "GER", "axis", "tank"), "2915"),
        "10A": (unit_piece("10 Army", "FRA", "western"), "2914"),
        "6A": (unit_piece("6 Army", "FRA", "western"), "3115"),
    }
    log = LogMaker(pieces).move("2P", "3014").write(tmp_path / "paris.vlog")  # 4.2.3.1's example
    png = tmp_path / "audit.png"
    assert cli.main(["audit", str(log), "--picture", str(png)]) == 1
    record = drawn(png)
    assert (
        record["title"].startswith("Audit of paris.vlog: step 1 of 1")
        and "[4.2.3.1] GER 2P 2915-3014" in record["title"]
    )
    assert "step 1: GER 2P 2915-3014 (4.2.3.1)" in record["legend"]  # the path, in its own legend
    assert "hex a finding of step 1 names" in record["legend"]
    assert not any("supply line" in t for t in record["legend"])  # not the check's legend
    assert sorted(named(record)) == ["10A", "2P", "6A"]


def _far_apart(tmp_path: Path) -> Path:
    """An overstack in Germany and a lone unit in Spain."""
    return write_position(
        tmp_path / "far.vsav",
        [
            U("GER", "ground", "infantry", "2626", name="16"),
            U("GER", "ground", "tank", "2626", name="1 Pz"),
            U("SPA", "ground", "infantry", "4308", faction="axis", name="I"),
        ],
    )


def test_the_check_picture_covers_the_problems_and_the_watch_page_leads_with_it(tmp_path):
    from assistant.watch import Watcher

    save = _far_apart(tmp_path)
    board = read_position(save)
    check = find_game("use").pack().check(board.position)
    record = drawn(render_picture(board, check, tmp_path / "p.png"))
    assert sorted(named(record)) == ["1", "2"]  # zoomed to the overstack, Spain left out
    folder, out = tmp_path / "watched", tmp_path / "out"
    folder.mkdir()
    (folder / "far.vsav").write_bytes(save.read_bytes())
    w = Watcher(folder, out, interval=0.05, settle=0.0, picture=True, echo=lambda s: None)
    for _ in range(40):
        if w.poll():
            break
    page = (out / "report.html").read_text()
    assert page.index('id="picture"') < page.index('id="problems"')  # the picture comes first
    assert sorted(named(drawn(out / "latest.png"))) == ["1", "2"]
    assert sorted(named(drawn(out / "latest-all.png"))) == ["1", "2", "3"] and 'id="overview"' in page


# ---- boards that cannot be read: one line, exit 2, before any report -----------------------------


def _bomb_png(width: int = 30000, height: int = 30000) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


@functools.lru_cache(maxsize=1)
def _board_png(cut: bool = False) -> bytes:
    """A board image of the right size (one colour: quick to write), cut in half when asked."""
    import io

    buf = io.BytesIO()
    Image.new("RGB", (BOARD.width, BOARD.height), (150, 180, 210)).save(buf, "PNG", compress_level=1)
    data = buf.getvalue()
    return data[: len(data) // 2] if cut else data


def _module_with_board(tmp_path: Path, data: bytes) -> Path:
    from modmaker import board, game_map, write_module

    return write_module(
        tmp_path / "bad.vmod",
        game_map(BOARD.map_name, board(BOARD.board_name, image="europe.png")),
        images={"europe.png": data},
        name=find_game("use").title,
    )


@pytest.mark.parametrize("damage", ["truncated", "pixel bomb"])
def test_a_module_whose_board_image_is_damaged_fails_check_and_audit_pictures_in_one_line(tmp_path, capsys, damage):
    module = _module_with_board(tmp_path, _board_png(cut=True) if damage == "truncated" else _bomb_png())
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    log = LogMaker({"7": (unit_piece("7", "GER", "axis"), "2626")}).move("7", "2627").write(tmp_path / "g.vlog")
    for argv in (["check", str(save)], ["audit", str(log)]):
        out = tmp_path / "p.png"
        assert cli.main([*argv, "--module", str(module), "--picture", str(out)]) == 2, argv
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and "bad.vmod" in captured.err
        assert not out.exists()


def test_watch_over_a_module_whose_board_cannot_be_read_says_so_and_draws_the_plain_map(tmp_path):
    from assistant.watch import Watcher
    from staffwork.games import board_art_for

    module = _module_with_board(tmp_path, _board_png(cut=True))
    folder, out = tmp_path / "w", tmp_path / "o"
    folder.mkdir()
    write_position(folder / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    w = Watcher(
        folder,
        out,
        module=str(module),
        interval=0.05,
        settle=0.0,
        picture=True,
        echo=lambda s: None,
        board_art=board_art_for,
    )
    for _ in range(40):
        if w.poll():
            break
    page = (out / "report.html").read_text()
    assert "the board art cannot be used" in page and "bad.vmod" in page
    assert (out / "latest.png").is_file()


def test_a_picture_is_the_same_bytes_whatever_the_hash_seed(tmp_path):
    """Sets of hexes are drawn in one order: two runs of one check draw one picture."""
    import os
    import subprocess

    pieces = [  # German units between Western and Soviet ones: hexes tinted for two enemies meet
        U("GER", "ground", "infantry", "2630", name="16"),
        U("GER", "ground", "armor", "2631", name="4"),
        U("UK", "ground", "infantry", "2629", name="10"),
        U("USSR", "ground", "infantry", "2632", name="2"),
    ]
    save = write_position(tmp_path / "g.vsav", pieces)
    drawn_bytes = []
    for seed in ("1", "2"):
        out = tmp_path / f"seed{seed}.png"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        cmd = [sys.executable, "-m", "staffwork", "check", str(save), "--game", "use", "--picture", str(out)]
        subprocess.run(cmd, env=env, capture_output=True, check=False)
        drawn_bytes.append(out.read_bytes())
    assert drawn_bytes[0] == drawn_bytes[1]
