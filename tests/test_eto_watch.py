"""`staffwork watch` on ETO saves and logs written with our own writer: checked by ETO's rules
pack, changes reported (a new overstack, a unit cut off, an illegal move in a log), the picture
drawn with hex control and the page written."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from assistant.watch import Watcher

from logmaker import LogMaker, unit_piece


def pieces(**extra):
    base = {
        "pol": (unit_piece("POL 3732", "POL", "western"), "W3732"),
        "ger1": (unit_piece("GER 1", "GER", "axis"), "W3424"),
        "ger2": (unit_piece("GER 2", "GER", "axis"), "W3424"),
    }
    base.update(extra)
    return base


def wait_for(watcher: Watcher, seconds: float = 5.0) -> list:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = watcher.poll()
        if found:
            return found
        time.sleep(0.05)
    return []


def test_eto_saves_are_checked_by_etos_rules_and_changes_reported(tmp_path):
    folder, out = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    said: list[str] = []
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=True, echo=said.append)
    save = folder / "sep39.vsav"
    LogMaker(pieces(), phase="Offensive", game="eto").write_save(save)
    ((result, _changes),) = wait_for(w)
    assert not result.error and result.findings == ()
    LogMaker(pieces(ger3=(unit_piece("GER 3", "GER", "axis"), "W3424")), phase="Offensive", game="eto").write_save(save)
    ((_result, changes),) = wait_for(w)
    assert [i.rule for i in changes.new] == ["24.2"]  # three land units in a plain hex
    LogMaker(pieces(cut=(unit_piece("GER cut", "GER", "axis"), "W3433")), phase="Offensive", game="eto").write_save(
        save
    )
    ((_result, changes),) = wait_for(w)
    assert any(i.rule == "32.3" for i in changes.new) and any(i.rule == "24.2" for i in changes.resolved)
    assert (out / "report.html").exists() and any(p.suffix == ".png" for p in out.iterdir())


def test_an_eto_log_is_audited(tmp_path):
    folder, out = tmp_path / "logs", tmp_path / "out"
    folder.mkdir()
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=lambda s: None)
    LogMaker(pieces(), phase="Offensive", game="eto").move("ger1", "W3428").write(folder / "move.vlog")
    ((result, _changes),) = wait_for(w)
    assert not result.error
    assert [i.rule for i in result.findings if i.reason.startswith("step 1")] == ["24.0"]  # four hexes, 3 MP
