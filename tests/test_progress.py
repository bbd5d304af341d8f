"""Progress bars: counts on standard error, only on a terminal or when asked; silent in tests."""

from __future__ import annotations

import io
from pathlib import Path

from staffwork import cli
from staffwork.progress import Bar


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.05
        return self.now


def test_off_a_terminal_the_bar_is_silent_unless_asked() -> None:
    quiet, asked = io.StringIO(), io.StringIO()
    for bar in (Bar(quiet), Bar(asked, enabled=True)):
        tally = bar.stage("board", "strips")
        for done in range(21):
            tally(done, 20)
    assert quiet.getvalue() == ""
    lines = asked.getvalue().splitlines()
    assert len(lines) == 11  # one per tenth, in a log it reads line by line
    assert lines[-1].startswith("board [########################] 20/20 strips")
    assert "10/20 strips" in lines[5] and "\r" not in asked.getvalue()


def test_on_a_terminal_the_bar_redraws_in_place_and_ends_its_line() -> None:
    screen = _Terminal()
    bar = Bar(screen, clock=_Clock(), interval=0.1)
    tally = bar.stage("counters", "designs")
    for done in range(1, 101):
        tally(done, 100)
    text = screen.getvalue()
    assert text.count("\n") == 1 and text.endswith("100/100 designs, 5 s\n")
    assert 30 <= text.count("\r") <= 60  # redrawn about every 0.1 s, not on every count


def test_a_bar_stopped_part_way_is_closed_before_the_next_line() -> None:
    screen = _Terminal()
    bar = Bar(screen, clock=_Clock(), interval=0.0)
    bar.stage("PDF", "images")(3, 10)
    bar.close()
    assert screen.getvalue().endswith("3/10 images, 0 s\n")


def _run(argv: list[str], monkeypatch) -> int:
    monkeypatch.setattr(cli, "SUBCOMMANDS", ("sheets", "map", "build"))
    return cli.main(argv)


def test_sheets_show_counts_when_asked_and_nothing_otherwise(tmp_path: Path, monkeypatch, capsys) -> None:
    argv = ["sheets", "use", "--nation", "GER", "--units-only", "-o", str(tmp_path / "g.pdf")]
    assert _run(argv, monkeypatch) == 0
    assert capsys.readouterr().err == ""
    assert _run([*argv, "--progress"], monkeypatch) == 0
    err = capsys.readouterr().err
    designs = next(line for line in err.splitlines() if line.startswith("drawing ["))
    assert "designs" in designs
    assert any(line.startswith("PDF [") and " images" in line for line in err.splitlines())
    last = [line for line in err.splitlines() if line.startswith("drawing [")][-1]
    done, total = last.split("] ")[1].split(" ")[0].split("/")
    assert done == total and int(total) > 0


def test_map_render_shows_the_strips_as_they_are_drawn(tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "m.png"
    assert _run(["map", "render", "use", "-o", str(out), "--print", "--dpi", "50", "--progress"], monkeypatch) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("map [")]
    assert lines and lines[-1].startswith("map [########################]")
    done, total = lines[-1].split("] ")[1].split(" ")[0].split("/")
    assert done == total and int(total) > 1


def test_the_board_drawing_reports_each_strip() -> None:
    from builder.render.mapart import render_board

    seen: list[tuple[int, int]] = []
    render_board("use", scale=0.25, workers=2, progress=lambda done, total: seen.append((done, total)))
    total = seen[-1][1]
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [d for d, _ in seen] == list(range(total + 1))
