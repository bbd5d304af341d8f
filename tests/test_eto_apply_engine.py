"""The real VASSAL 3.7 engine opens ETO saves with the Supply step applied (33.3-33.4): no problem,
every Out of Supply marker in its unit's hex, right on its unit, and the engine's own save of the
game reads back with the same markings. Two of the module's setups: Case White (five units cut
off, new markers from the module's palette piece) and Blitzkrieg with a marker put beforehand
on a unit that traces (taken off; new markers copied from that one).

Runs where ``vassal-check`` (shared/tools/vassal) is installed; about half a minute a save."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from assistant.board import read_position
from assistant.savemarkers import StackEdit, marker_source
from assistant.supplycheck import apply_supply, supply_step
from builder.module.build import build_module
from vassal.commands import walk
from vassal.savefile import read_saved_game, rewrite_saved_game
from wargame.games import find_game

pytestmark = pytest.mark.skipif(
    shutil.which("vassal-check") is None, reason="the VASSAL engine (vassal-check) is not installed"
)
ALL = ("axis", "western", "soviet")


@pytest.fixture(scope="module")
def module(tmp_path_factory) -> Path:
    plain = lambda board: Image.new("RGB", (board.width, board.height), (158, 190, 222))  # noqa: E731
    return build_module("eto", tmp_path_factory.mktemp("dist"), board_image=plain, cache=False).path


def setup(module: Path, name: str, folder: Path) -> Path:
    with zipfile.ZipFile(module) as z:
        (folder / name).write_bytes(z.read(name))
    return folder / name


def engine(module: Path, save: Path, resaved: Path) -> list[list[str]]:
    run = subprocess.run(
        ["vassal-check", str(module), str(save), "--ids", "--save-as", str(resaved)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    lines = [line.split("\t") for line in run.stdout.splitlines()]
    assert [line for line in lines if line[0] == "PROBLEM"] == []
    assert ["RESULT", "OK", "0"] in lines
    return [line for line in lines if line[0] == "PIECE"]


def applied(module: Path | None, save: Path, out: Path):
    pack = find_game("eto").pack()
    changes = supply_step(pack, pack.check(read_position(save).position), ALL)
    return apply_supply(save, out, find_game("eto"), changes, ALL, module=module)


def marks(path: Path) -> dict[str, str]:
    pack = find_game("eto").pack()
    return {u.id: u.supply for u in pack.check(read_position(path).position).position.units}


def check_in_engine(module: Path, out: Path, done, tmp_path: Path) -> None:
    pieces = engine(module, out, tmp_path / "resaved.vsav")
    where = {p[5]: p[4] for p in pieces}  # piece id -> the engine's location name
    order = [p[5] for p in pieces]  # stacks expanded bottom first
    for c in done.changes:
        on = order[order.index(c.unit_id) + 1] if c.after == "none" else None
        if on is not None:
            assert pieces[order.index(on)][1] == "Out of Supply" and where[on] == where[c.unit_id] == c.where
    # the engine's own save keeps every marking
    assert marks(tmp_path / "resaved.vsav") == marks(out)


def test_the_engine_opens_case_white_with_its_cut_off_units_marked(module, tmp_path):
    save = setup(module, "case_white.vsav", tmp_path)
    out = tmp_path / "case_white-supplied.vsav"
    done = applied(module, save, out)
    assert len(done.changes) == 5 and all(c.after == "none" for c in done.changes)
    check_in_engine(module, out, done, tmp_path)


def test_the_engine_opens_blitzkrieg_with_a_marker_taken_off_and_new_ones_copied(module, tmp_path):
    save = setup(module, "blitzkrieg.vsav", tmp_path)
    pack = find_game("eto").pack()
    checked = pack.check(read_position(save).position)
    lines, units = checked.supply.lines, checked.position.units
    # in a stack with another unit
    fed = next(
        u
        for u in units
        if u.kind == "ground" and u.id in lines and lines[u.id].via == "land" and sum(v.hex == u.hex for v in units) > 1
    )
    tree = read_saved_game(save).tree
    edit = StackEdit(tree, str(save))
    # marked a turn before
    source = marker_source(tree, "out-of-supply", module)
    assert source is not None
    edit.put_on(fed.id, source, fed.label)
    marked = tmp_path / "marked.vsav"
    rewrite_saved_game(save, marked, edit.tree())
    assert marks(marked)[fed.id] == "none"
    out = tmp_path / "blitzkrieg-supplied.vsav"
    done = applied(None, marked, out)  # no module: the new markers copy the one in the save
    assert (fed.id, "none", "full") in {(c.unit_id, c.before, c.after) for c in done.changes}
    assert sum(c.after == "none" for c in done.changes) == 4
    n = sum(1 for n in walk(read_saved_game(out).tree) if "out-of-supply" in n.text and n.text.startswith("+/"))
    assert n == 4
    check_in_engine(module, out, done, tmp_path)
