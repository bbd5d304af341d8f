"""The contact sheet, the content-table adapter and ``staffwork art contact-sheet``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from builder.render.contact_sheet import contact_sheet
from builder.render.samples import sample_markers, sample_units
from staffwork import cli


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_the_sheet_counts_counters_and_faces() -> None:
    units, markers = sample_units()[:5], sample_markers()[:7]
    image, stats = contact_sheet(units, markers, 40, columns=4)
    assert stats.counters == 12
    assert stats.faces == 10 + sum(2 if m.back else 1 for m in markers)
    assert image.width == 2 * (40 // 3) + 4 * (2 * 40 + 40 // 16 + 40 // 3)


def test_the_sheet_is_byte_identical_when_drawn_twice() -> None:
    units, markers = sample_units()[:6], sample_markers()[:6]
    first, _ = contact_sheet(units, markers, 48)
    second, _ = contact_sheet(units, markers, 48)
    assert _png(first) == _png(second)


def test_every_unit_and_marker_of_the_tables_renders(content) -> None:
    from builder.render.content_faces import markers_from, units_from
    from builder.render.counters import render_counter
    from builder.render.markers import render_marker

    units, markers = units_from(content), markers_from(content)
    assert len(units) == len(content.units) and len(markers) == len(content.markers)
    for unit in units:
        for face in (unit.front, unit.back):
            assert render_counter(face, 48).size == (48, 48)
    for marker in markers:
        for side in (marker.front, marker.back):
            if side is not None:
                assert render_marker(side, 48).size == (48, 48)


def test_figures_are_read_from_the_marker_text(content) -> None:
    from builder.render.content_faces import markers_from

    by_key = {m.name: m for m in markers_from(content)}
    sorties = next(m for k, m in by_key.items() if k.startswith("sorties-3"))
    assert sorties.front.figure == "3" and sorties.front.lines == ("SORTIES",)
    drm = next(m for k, m in by_key.items() if k.startswith("drm-attacker"))
    assert drm.back is not None and drm.front.figure == "+" and drm.back.figure == "\u2212"
    fort = next(m for k, m in by_key.items() if k.startswith("fort-ger"))
    assert fort.front.lines == ("FORT",) and fort.front.abbrev == "GER"
    assert fort.front.icon == "fort" and fort.front.scheme == "GER"
    tobruk = next(m for k, m in by_key.items() if k.startswith("fort-tobruk"))
    assert tobruk.back is not None
    assert (tobruk.front.abbrev, tobruk.back.abbrev) == ("ITA", "UK")
    assert (tobruk.front.scheme, tobruk.back.scheme) == ("ITA", "UK")


def _run(argv: list[str], monkeypatch) -> int:
    """The exit status, whether the command returns it or argparse exits with it."""
    monkeypatch.setattr(cli, "SUBCOMMANDS", ("art",))
    try:
        return cli.main(argv)
    except SystemExit as exit_:
        assert isinstance(exit_.code, int), exit_.code
        return exit_.code


def test_the_command_writes_the_sheet_and_says_how_many(tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "sheet.png"
    status = _run(
        ["art", "contact-sheet", "use", "--samples", "-o", str(out), "--inch", "0.3", "--dpi", "160"], monkeypatch
    )
    assert status == 0
    report = capsys.readouterr().out
    assert "243 counter designs" in report and "48 px" in report  # 219 USE-style + 15 with factors + 9 stepped
    with Image.open(out) as image:
        assert image.format == "PNG" and image.width > 48 * 10
    assert not list(tmp_path.glob(".sheet-*"))


def test_the_output_folder_is_made_when_missing(tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "dist" / "sheet.png"
    assert _run(["art", "contact-sheet", "use", "--samples", "-o", str(out)], monkeypatch) == 0
    assert out.is_file() and (out.stat().st_mode & 0o044) == 0o044  # readable by others
    assert not list(out.parent.glob(".*"))


@pytest.mark.parametrize(
    "argv,message",
    [
        (["art", "contact-sheet", "nope", "-o", "{tmp}/x.png"], 'unknown game "nope"'),
        (["art", "contact-sheet", "use", "-o", "{tmp}/x.jpg"], "written as PNG"),
        (["art", "contact-sheet", "use", "-o", "{tmp}/x.jpg/x.png"], "not a folder"),
        (
            ["art", "contact-sheet", "use", "--samples", "-o", "{tmp}/x.png", "--dpi", "-3"],
            "argument --dpi: -3 is out of range",
        ),
        # nonsense numbers are refused by the option itself, before anything is loaded or drawn
        (["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--dpi", "0"], "argument --dpi: 0 is out of range"),
        (["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--dpi", "nan"], "argument --dpi: nan is out of range"),
        (["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--dpi", "1e6"], "argument --dpi: 1e6 is out of range"),
        (["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--inch", "inf"], "argument --inch: inf is out of range"),
        (["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--mm", "-4"], "argument --mm: -4 is out of range"),
        (
            ["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--columns", "0"],
            "argument --columns: 0 is out of range",
        ),
        (
            ["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--columns", "100000"],
            "argument --columns: 100000 is out of range",
        ),
        (
            ["art", "contact-sheet", "use", "-o", "{tmp}/x.png", "--dpi", "many"],
            "argument --dpi: 'many' is not a number",
        ),
        # each number usable, together too big to hold in memory: refused before drawing
        (
            ["art", "contact-sheet", "use", "--samples", "-o", "{tmp}/x.png", "--inch", "4", "--dpi", "1200"],
            "million pixels",
        ),
        (["art", "contact-sheet", "use", "--samples", "-o", "{tmp}/x.png", "--inch", "0.05"], "cannot draw at"),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv, message, tmp_path: Path, monkeypatch, capsys) -> None:
    (tmp_path / "x.jpg").write_bytes(b"a file where a folder would have to be")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert _run(argv, monkeypatch) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not list(tmp_path.glob("*.png"))
