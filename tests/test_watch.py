"""`staffwork watch`: saves written into a folder (half-written ones too) are re-checked, the
changes reported, the HTML page rendered; the page opens in headless Chromium."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from assistant.watch import Watcher, check_file

from logmaker import LogMaker, unit_piece

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def pieces(*extra):
    base = {
        "2P": (unit_piece("2P", "GER", "axis", "tank"), "2915"),
        "16A": (unit_piece("16 Army", "GER", "axis"), "2923"),
        "10A": (unit_piece("10 Army", "FRA", "western"), "2914"),
    }
    for pid, hex_id in extra:
        base[pid] = (unit_piece(pid, "GER", "axis"), hex_id)
    return base


def wait_for(watcher: Watcher, seconds: float = 3.0) -> list:
    """Poll until something is checked, as the running watcher would."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = watcher.poll()
        if found:
            return found
        time.sleep(0.05)
    return []


def test_saves_are_checked_and_changes_reported(tmp_path):
    folder, out = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    said: list[str] = []
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=said.append)
    save = folder / "turn1.vsav"
    LogMaker(pieces()).write_save(save)
    started = time.monotonic()
    ((result, changes),) = wait_for(w)
    assert time.monotonic() - started < 1.0
    assert result.name == "turn1.vsav" and not result.error
    assert changes.new == tuple(result.findings)
    # an overstack appears: a new problem; then it goes away: resolved
    LogMaker(pieces(("1 Army", "2923"))).write_save(save)
    ((_result2, changes2),) = wait_for(w)
    assert any(i.rule == "3.3" for i in changes2.new)
    LogMaker(pieces()).write_save(save)
    ((_r3, changes3),) = wait_for(w)
    assert any(i.rule == "3.3" for i in changes3.resolved)
    assert any("turn1.vsav" in s for s in said)
    assert (out / "report.html").exists()
    assert wait_for(w, 0.3) == []  # nothing new: no re-check


def test_a_half_written_file_shows_as_unreadable_until_it_is_complete(tmp_path):
    folder, out = tmp_path / "saves", tmp_path / "out"
    folder.mkdir()
    full = LogMaker(pieces()).write_save(tmp_path / "whole.vsav").read_bytes()
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=lambda s: None)
    target = folder / "game.vsav"
    target.write_bytes(full[: len(full) // 2])
    ((result, _changes),) = wait_for(w)  # it held still: said to be unreadable, not "no problems"
    assert "not a complete VASSAL save" in result.error
    page = (out / "report.html").read_text()
    assert "cannot be read" in page and "No problems found" not in page
    with open(target, "ab") as f:
        f.write(full[len(full) // 2 :])
    ((result, _changes),) = wait_for(w)
    assert not result.error


def test_a_folder_of_good_corrupt_and_half_written_saves_shows_each_ones_state(tmp_path):
    folder, out = tmp_path / "saves", tmp_path / "out"
    folder.mkdir()
    full = LogMaker(pieces()).write_save(tmp_path / "whole.vsav").read_bytes()
    (folder / "good.vsav").write_bytes(full)
    (folder / "random.vsav").write_bytes(bytes(range(256)) * 40)
    (folder / "notes.vsav").write_text("this is a text file, not a save\n")
    (folder / "half.vsav").write_bytes(full[: len(full) // 3])
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=lambda s: None)
    seen = {}
    for _ in range(40):
        for result, _changes in w.poll():
            seen[result.name] = result
        if len(seen) == 4:
            break
        time.sleep(0.05)
    assert not seen["good.vsav"].error
    assert all(seen[n].error for n in ("random.vsav", "notes.vsav", "half.vsav"))
    page = (out / "report.html").read_text()
    for name in ("good.vsav", "random.vsav", "notes.vsav", "half.vsav"):
        assert name in page
    assert page.count("cannot be read") >= 3


def test_supply_changes_are_reported(tmp_path):
    folder, out = tmp_path / "s", tmp_path / "o"
    folder.mkdir()
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=lambda s: None)
    save = folder / "a.vsav"
    LogMaker(pieces()).write_save(save)
    wait_for(w)
    # the French unit cut off deep in Germany cannot trace supply any more
    moved = pieces()
    moved["10A"] = (moved["10A"][0], "2632")
    LogMaker(moved).write_save(save)
    ((_r, changes),) = wait_for(w)
    assert any(s.startswith("FRA 10 Army:") for s in changes.supply)


def test_logs_are_audited(tmp_path):
    folder, out = tmp_path / "l", tmp_path / "o"
    folder.mkdir()
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=lambda s: None)
    setup = pieces()
    setup["6A"] = (unit_piece("6 Army", "FRA", "western"), "3115")  # the 4.2.3.1 example
    LogMaker(setup).move("2P", "3014").write(folder / "move.vlog")
    ((result, _c),) = wait_for(w)
    assert any(i.rule == "4.2.3.1" and "step 1" in i.reason for i in result.findings)


def test_watched_files_are_never_written(tmp_path):
    folder, out = tmp_path / "w", tmp_path / "o"
    folder.mkdir()
    save = LogMaker(pieces()).write_save(folder / "x.vsav")
    before = (save.read_bytes(), save.stat().st_mtime_ns)
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=lambda s: None)
    wait_for(w)
    assert (save.read_bytes(), save.stat().st_mtime_ns) == before
    assert sorted(p.name for p in folder.iterdir()) == ["x.vsav"]


def test_a_broken_save_is_reported_not_raised(tmp_path):
    bad = tmp_path / "bad.vsav"
    bad.write_bytes(b"not a zip")
    result = check_file(bad)
    assert result.error


@pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (apt-get update && apt-get install -y chromium)"
)
def test_report_page_opens_in_headless_chromium(tmp_path):
    folder, out = tmp_path / "b", tmp_path / "o"
    folder.mkdir()
    LogMaker(pieces(("1 Army", "2923"))).write_save(folder / "stack.vsav")
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=True, echo=lambda s: None)
    assert wait_for(w, 5.0)
    assert (out / "latest.png").stat().st_size > 1000
    profile = tmp_path / "profile"
    common = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
    ]
    page = (out / "report.html").resolve().as_uri()
    # Stay well inside the page's 2 s self-refresh, or Chromium may dump the reloading page.
    dom = subprocess.run(
        common + ["--virtual-time-budget=500", "--dump-dom", page], capture_output=True, text=True, timeout=60
    ).stdout
    assert "stack.vsav" in dom and "3.3" in dom
    assert 'id="picture"' in dom
    # the picture really loads: its natural width is known to the page
    shot = tmp_path / "shot.png"
    subprocess.run(common + [f"--screenshot={shot}", "--window-size=1200,2000", page], capture_output=True, timeout=60)
    assert shot.exists() and shot.stat().st_size > 10_000


def test_a_changed_save_is_checked_the_moment_it_settles_counted_from_its_last_write(tmp_path):
    import os

    folder, out = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    w = Watcher(folder, out, interval=0.2, settle=0.2, picture=False, echo=lambda s: None)
    assert w.pause() == 0.2  # nothing changing: the poll interval
    save = folder / "turn1.vsav"
    LogMaker(pieces()).write_save(save)
    written = time.time() - 0.15  # as if written 0.15 s before the watcher looked
    os.utime(save, (written, written))
    assert w.poll() == []  # a change: it must hold still first
    assert 0.0 < w.pause() <= 0.06  # wakes when it has held still 0.2 s since that write
    time.sleep(w.pause())
    ((result, _changes),) = w.poll()
    assert result.name == "turn1.vsav" and not result.error
    assert w.pause() == 0.2
    # a time stamp far in the past (a network folder's clock) counts for one poll interval at
    # most: the change is still seen holding still once before it is checked
    LogMaker(pieces(("1 Army", "2923"))).write_save(save)
    os.utime(save, (1_000_000, 1_000_000))
    assert w.poll() == []
    assert w.pause() < 0.01
    ((again, _changes),) = w.poll()
    assert any(i.rule == "3.3" for i in again.findings)


def test_the_page_shows_the_findings_before_the_picture_is_drawn(tmp_path, monkeypatch):
    import assistant.report as report

    folder, out = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    seen: list[str] = []
    real = report.render_picture

    def drawing(*args, **kwargs):
        seen.append((out / "report.html").read_text(encoding="utf-8"))
        return real(*args, **kwargs)

    monkeypatch.setattr(report, "render_picture", drawing)
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=True, echo=lambda s: None)
    LogMaker(pieces(("1 Army", "2923"))).write_save(folder / "stack.vsav")
    assert wait_for(w, 5.0)
    # the zoomed picture and, with problems, the one of every unit: both drawn after the findings are shown
    assert len(seen) == 2 and all(
        "3.3" in page and 'id="drawing"' in page and 'id="picture"' not in page for page in seen
    )
    final = (out / "report.html").read_text(encoding="utf-8")
    assert 'id="picture"' in final and 'id="drawing"' not in final


def test_a_save_is_checked_while_it_settles_and_shown_once_it_has(tmp_path, monkeypatch):
    import assistant.watch as watch

    folder, out = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    checked: list[str] = []
    real = watch.check_file

    def counted(path, **kwargs):
        checked.append(Path(path).read_bytes()[-40:].hex())
        return real(path, **kwargs)

    monkeypatch.setattr(watch, "check_file", counted)
    w = Watcher(folder, out, interval=0.05, settle=0.3, picture=False, echo=lambda s: None)
    save = folder / "turn1.vsav"
    LogMaker(pieces()).write_save(save)
    assert w.poll() == [] and len(checked) == 1  # checked at once, not shown yet
    assert not (out / "report.html").exists()
    # written again before it settled: that one is checked, and it is the one shown
    LogMaker(pieces(("1 Army", "2923"))).write_save(save)
    assert w.poll() == [] and len(checked) == 2
    found: list = []
    while not found:
        time.sleep(w.pause())
        found = w.poll()
    ((result, _changes),) = found
    assert len(checked) == 2  # shown from the check made while it settled
    assert any(i.rule == "3.3" for i in result.findings)
    assert "3.3" in (out / "report.html").read_text(encoding="utf-8")
