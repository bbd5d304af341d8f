"""The committed fixtures of tests/fixtures/ are still what our writer makes of their recipe,
and the engine's save there is the engine's save of our own game."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

from conftest import FIXTURES, fixture

sys.path.insert(0, str(FIXTURES))
import make_fixtures


def _entries(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_our_fixtures_are_what_the_recipe_writes_today(tmp_path: Path) -> None:
    for made in make_fixtures.write_ours(tmp_path):
        committed = fixture(made.name)
        if made.suffix == ".vmod":
            # images come from Pillow, whose PNG bytes may differ between versions: the rest
            # (build file, metadata) must be ours byte for byte
            ours, theirs = _entries(made), _entries(committed)
            assert sorted(ours) == sorted(theirs)
            assert {n: b for n, b in ours.items() if not n.startswith("images/")} == {
                n: b for n, b in theirs.items() if not n.startswith("images/")
            }
        else:
            assert made.read_bytes() == committed.read_bytes(), made.name


def test_the_engine_save_is_of_our_tiny_game() -> None:
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game

    engine = replay_save(read_saved_game(fixture("tiny_engine.vsav")))
    ours = replay_save(read_saved_game(fixture("tiny_plain.vsav")))
    assert {p.id: (p.map, p.x, p.y) for p in engine.pieces.values()} == {
        p.id: (p.map, p.x, p.y) for p in ours.pieces.values()
    }
    assert engine.boards == ours.boards
