"""Counter sheets without a rasterizer: sizes, choice and counts, the turn, files and CLI."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PIL import Image

from builder.sheets import (
    Choice,
    CounterArt,
    SheetError,
    SheetSpec,
    behind,
    build,
    cell_grid,
    chosen,
    manifest_csv,
    parse_offset,
    parse_size,
    sheets_pdf,
    with_bleed,
)
from staffwork import cli


@pytest.mark.parametrize(
    "text,mm",
    [
        ("5/8", 15.875),
        ("1/2", 12.7),
        ("9/16", 14.2875),
        ("3/4", 19.05),
        ("1", 25.4),
        ("1in", 25.4),
        ("16mm", 16.0),
        ("0.625", 15.875),
    ],
)
def test_sizes_are_read_as_inches_or_millimetres(text, mm) -> None:
    assert parse_size(text) == pytest.approx(mm)


@pytest.mark.parametrize("text", ["3cm", "", "1/0", "100mm", "0.1"])
def test_unusable_sizes_are_refused(text) -> None:
    with pytest.raises(SheetError):
        parse_size(text)


def test_settings_out_of_range_are_refused() -> None:
    for bad in (
        {"margin_mm": 3},
        {"paper": "legal"},
        {"flip": "sideways"},
        {"back_offset": (9.0, 0.0)},
        {"bleed_mm": 5},
        {"dpi": 72},
    ):
        with pytest.raises(SheetError):
            SheetSpec(**bad)
    assert parse_offset("0.5,-1") == (0.5, -1.0)
    with pytest.raises(SheetError):
        parse_offset("1")


def test_the_grid_stays_inside_the_printable_margin() -> None:
    for spec in (
        SheetSpec(),
        SheetSpec(paper="a4", landscape=True, bleed_mm=1.5),
        SheetSpec(counter_mm=25.4, fold=True),
    ):
        g = cell_grid(spec)
        w, h = spec.page
        assert g.left >= spec.margin_mm + 4 and g.right <= w - spec.margin_mm - 4
        assert g.top >= spec.margin_mm + 8 and g.bottom <= h - spec.margin_mm - 8
        assert not spec.fold or g.columns % 2 == 0


def test_turning_twice_comes_back_and_the_offset_adds_once() -> None:
    for flip in ("long", "short"):
        for landscape in (False, True):
            plain = SheetSpec(flip=flip, landscape=landscape)
            moved = SheetSpec(flip=flip, landscape=landscape, back_offset=(1.25, -2.0))
            x, y = behind(plain, *behind(plain, 30.0, 50.0))
            assert (x, y) == pytest.approx((30.0, 50.0))
            bx, by = behind(plain, 30.0, 50.0)
            assert behind(moved, 30.0, 50.0) == pytest.approx((bx + 1.25, by - 2.0))


def test_backs_are_turned_upside_down_only_when_the_paper_turns_top_over_bottom() -> None:
    assert not SheetSpec(flip="long").turns_about_horizontal
    assert SheetSpec(flip="short").turns_about_horizontal
    assert SheetSpec(flip="long", landscape=True).turns_about_horizontal
    assert not SheetSpec(flip="short", landscape=True).turns_about_horizontal


def _art(key: str, count: int, px: int = 188) -> CounterArt:
    return CounterArt(key, "unit", "GER", count, Image.new("RGB", (px, px), "red"), Image.new("RGB", (px, px), "blue"))


def test_every_copy_is_placed_once_and_sheets_follow_each_other() -> None:
    spec = SheetSpec()
    g = cell_grid(spec)
    arts = [_art("a", 3), _art("b", g.columns * g.rows)]
    sheets = build(arts, spec, "t")
    assert [(s.key, s.copy) for s in sheets.slots[:4]] == [("a", 1), ("a", 2), ("a", 3), ("b", 1)]
    assert len(sheets.slots) == 3 + g.columns * g.rows
    assert len(sheets.pages) == 4 and sheets.slots[-1].sheet == 2
    assert sheets.slots[-1].front_page == 3 and sheets.slots[-1].back_page == 4
    assert len({(s.sheet, s.row, s.column) for s in sheets.slots}) == len(sheets.slots)


def test_the_pdf_is_byte_identical_when_built_twice() -> None:
    spec = SheetSpec(bleed_mm=1)
    first = sheets_pdf(build([_art("a", 2), _art("b", 1)], spec, "t"), "t", manifest_page=True)
    second = sheets_pdf(build([_art("a", 2), _art("b", 1)], spec, "t"), "t", manifest_page=True)
    assert first == second and first.startswith(b"%PDF-1.4") and b"CreationDate" not in first
    assert first.count(b"/Subtype /Image") == 2  # each face once, however often it is placed


def test_bleed_repeats_the_edge_and_keeps_the_art_inside() -> None:
    art = Image.new("RGB", (20, 20), "white")
    art.paste((200, 0, 0), (0, 0, 20, 1))
    out = with_bleed(art, 4)
    assert out.size == (28, 28)
    assert out.crop((4, 4, 24, 24)).tobytes() == art.tobytes()
    assert out.getpixel((10, 0)) == (200, 0, 0) and out.getpixel((0, 15)) == (255, 255, 255)


def test_the_manifest_says_where_each_counter_is() -> None:
    sheets = build([_art("a", 2)], SheetSpec(), "t")
    rows = list(csv.DictReader(io.StringIO(manifest_csv(sheets).decode())))
    assert [(r["key"], r["copy"], r["row"], r["column"]) for r in rows] == [("a", "1", "1", "1"), ("a", "2", "1", "2")]
    assert float(rows[0]["front_x_mm"]) + float(rows[0]["back_x_mm"]) == pytest.approx(215.9, abs=0.02)


def test_counts_come_from_the_tables_and_the_choice_narrows_them(content) -> None:
    from wargame.content import default_folder

    every = chosen(content, Choice())
    assert sum(n for _, _, n in every) == content.unit_counters() + content.marker_counters()
    markers = chosen(content, Choice(markers_only=True))
    assert {k for k, _, _ in markers} == {"marker"}
    ger = chosen(content, Choice(nations=("GER",), units_only=True))
    assert all(content.units[key].nation == "GER" for _, key, _ in ger)
    soviet = chosen(content, Choice(factions=("soviet",)))
    assert any(key.startswith("ussr") for _, key, _ in soviet)
    assert not any(key.startswith("ger-") for _, key, _ in soviet)
    folder = default_folder("use") / "scenarios"
    france = {key: n for _, key, n in chosen(content, Choice(scenario="france_1940"), folder)}
    assert "ger-holland" in france and "ussr-1" not in france
    with pytest.raises(SheetError, match="did you mean"):
        chosen(content, Choice(scenario="france1940"), folder)
    with pytest.raises(SheetError, match="no nation"):
        chosen(content, Choice(nations=("XYZ",)))


def _run(argv: list[str], monkeypatch) -> int:
    monkeypatch.setattr(cli, "SUBCOMMANDS", ("sheets",))
    return cli.main(argv)


def test_the_command_writes_pdf_manifest_and_pngs(content, tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "dist" / "ger.pdf"
    status = _run(
        ["sheets", "use", "-o", str(out), "--nation", "GER", "--units-only", "--png", "--size", "1/2", "--paper", "a4"],
        monkeypatch,
    )
    assert status == 0
    assert "counters" in capsys.readouterr().out
    assert out.read_bytes().startswith(b"%PDF") and (tmp_path / "dist" / "ger.csv").is_file()
    assert (tmp_path / "dist" / "ger" / "sheet-01-fronts.png").is_file()
    with Image.open(tmp_path / "dist" / "ger" / "counters" / "ger-1-front.png") as face:
        assert face.size == (150, 150)  # 1/2 inch at 300 dpi
    assert not list((tmp_path / "dist").glob(".*"))


def test_the_calibration_sheet_is_two_pages(tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "cal.pdf"
    assert _run(["sheets", "use", "--calibration", "-o", str(out), "--back-offset", "1,-1"], monkeypatch) == 0
    assert out.read_bytes().count(b"/Type /Page ") == 2


@pytest.mark.parametrize(
    "argv,message",
    [
        (["sheets", "nope", "-o", "{tmp}/x.pdf"], 'unknown game "nope"'),
        (["sheets", "use", "-o", "{tmp}/x.png"], "written as PDF"),
        (["sheets", "use", "-o", "{tmp}/x.pdf", "--size", "3cm"], "not like 5/8"),
        (["sheets", "use", "-o", "{tmp}/x.pdf", "--margin", "2"], "home printers"),
        (["sheets", "use", "-o", "{tmp}/x.pdf", "--back-offset", "a,b"], "back offset"),
        (["sheets", "use", "-o", "{tmp}/x.pdf", "--scenario", "nope"], "no scenario"),
        (["sheets", "use", "-o", "{tmp}/x.pdf", "--faction", "axsi"], "did you mean"),
        (["sheets", "use", "-o", "{tmp}/x.pdf", "--calibration", "--fold"], "--fold needs none"),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv, message, tmp_path: Path, monkeypatch, capsys) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert _run(argv, monkeypatch) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_the_calibration_sheet_has_its_own_default_name_and_leaves_the_counters_alone(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    import staffwork.games

    monkeypatch.setattr(staffwork.games, "dist_dir", lambda: tmp_path)
    assert _run(["sheets", "use", "--nation", "GER", "--units-only"], monkeypatch) == 0
    counters = (tmp_path / "use-counters.pdf").read_bytes()
    manifest = (tmp_path / "use-counters.csv").read_bytes()
    assert _run(["sheets", "use", "--calibration"], monkeypatch) == 0
    assert (tmp_path / "use-calibration.pdf").read_bytes().count(b"/Type /Page ") == 2
    assert (tmp_path / "use-counters.pdf").read_bytes() == counters
    assert (tmp_path / "use-counters.csv").read_bytes() == manifest


@pytest.mark.parametrize(
    "first,second",
    [
        (["--nation", "GER", "--units-only"], ["--calibration"]),
        (["--calibration"], ["--nation", "GER", "--units-only"]),
    ],
)
def test_one_kind_of_sheet_never_replaces_the_other(first, second, tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "print.pdf"
    assert _run(["sheets", "use", "-o", str(out), *first], monkeypatch) == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    capsys.readouterr()
    assert _run(["sheets", "use", "-o", str(out), *second], monkeypatch) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(out) in err and "of its own" in err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_csv_that_is_not_our_manifest_is_not_replaced(tmp_path: Path, monkeypatch, capsys) -> None:
    mine = tmp_path / "notes.csv"
    mine.write_text("player,score\nann,3\n")
    assert _run(["sheets", "use", "-o", str(tmp_path / "notes.pdf"), "--nation", "GER"], monkeypatch) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(mine) in err
    assert mine.read_text() == "player,score\nann,3\n" and not (tmp_path / "notes.pdf").exists()


def test_a_read_only_folder_is_found_before_any_drawing_and_named_as_given(
    read_only_folder, monkeypatch, capsys
) -> None:
    import builder.sheets

    def no_drawing(*args, **kwargs):
        raise AssertionError("drew counters before checking the output folder")

    monkeypatch.setattr(builder.sheets, "content_art", no_drawing)
    for extra in ([], ["--calibration"]):
        out = read_only_folder / "c.pdf"
        assert _run(["sheets", "use", "-o", str(out), *extra], monkeypatch) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"staffwork: {out}: ") and err.count("\n") == 1
        assert ".tmp" not in err and "Permission denied" in err


def test_the_pdf_embeds_the_caption_font_with_its_own_widths() -> None:
    from PIL import ImageFont

    from builder.sheets import calibration_pdf
    from builder.sheets.fonts import CAPTION_FONT

    pdf = calibration_pdf(SheetSpec(), "USE counters")
    assert b"/Helvetica" not in pdf and b"/Courier" not in pdf
    assert b"/Subtype /TrueType /BaseFont /BarlowCondensed-SemiBold" in pdf
    assert b"/FontFile2 " in pdf
    widths = pdf.split(b"/Widths [")[1].split(b"]")[0].split()
    drawn = ImageFont.truetype(str(CAPTION_FONT), 1000, layout_engine=ImageFont.Layout.BASIC)
    for char in "Staffwork duplex calibration 0123456789+-\u2014":
        code = char.encode("cp1252")[0]
        assert int(widths[code - 32]) == round(drawn.getlength(char)), char


def test_the_kind_of_a_pdf_is_read_back_however_many_objects_it_holds(tmp_path: Path) -> None:
    from builder.sheets.pages import Page, Picture
    from builder.sheets.pdf import pdf_bytes, pdf_kind

    images = {f"c{i}": Image.new("RGB", (2, 2), (i % 256, i // 256, 7)) for i in range(900)}
    page = Page(100, 100, tuple(Picture(name, 1.0, 1.0, 1.0) for name in images))
    big = tmp_path / "big.pdf"
    big.write_bytes(pdf_bytes([page], images, title="t", kind="counter sheets"))
    assert big.stat().st_size > 100_000 and pdf_kind(big) == "counter sheets"
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(pdf_bytes([page], images, title="t"))
    assert pdf_kind(plain) is None
    (tmp_path / "cut.pdf").write_bytes(big.read_bytes()[:-300])
    assert pdf_kind(tmp_path / "cut.pdf") is None and pdf_kind(tmp_path / "none.pdf") is None
