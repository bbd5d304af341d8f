"""Counter sheets measured on the printed result: the PDF rasterized by poppler's pdftoppm.

Test art gives every face its own flat colour, so each counter's front and back can be found
in the raster and measured: page size, counter size and pitch, and whether each back's centre
lies behind its front's centre once the paper is turned, with and without a back offset.
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from builder.sheets import CounterArt, SheetSpec, behind, build, cell_grid, sheets_pdf
from builder.sheets.geometry import MM_PER_INCH
from builder.sheets.pages import OVERSHOOT, cut_positions

pytestmark = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="pdftoppm missing (Debian package poppler-utils)"
)
# pdftoppm puts image edges on whole device pixels (its image drawing rounds them outwards);
# at 600 dpi that stays well inside 0.1 mm. pdftocairo smooths edges into the neighbours.
DPI = 600
MM = DPI / MM_PER_INCH  # pixels per millimetre
# Flat colours far from each other and from the greys of cut lines and anti-aliased captions.
PALETTE = [
    c
    for c in (
        (r, g, b) for r in (20, 80, 140, 200, 250) for g in (20, 80, 140, 200, 250) for b in (20, 80, 140, 200, 250)
    )
    if max(c) - min(c) >= 120
]


def _colour(i: int, back: bool) -> tuple[int, int, int]:
    return PALETTE[2 * i + back]


def _arts(spec: SheetSpec, n: int = 16) -> list[CounterArt]:
    px = spec.counter_px
    return [
        CounterArt(
            f"c{i}",
            "unit",
            "",
            1,
            Image.new("RGB", (px, px), _colour(i, False)),
            Image.new("RGB", (px, px), _colour(i, True)),
        )
        for i in range(n)
    ]


@dataclass
class Raster:
    """One page rasterized, or the part of it inside ``box`` (mm); lookups in page mm."""

    image: Image.Image
    origin: tuple[int, int]
    page_px: tuple[int, int]

    def crop(self, box: tuple[int, int, int, int]) -> Image.Image:
        ox, oy = self.origin
        return self.image.crop((box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy))

    def pixel(self, x: int, y: int):
        return self.image.getpixel((x - self.origin[0], y - self.origin[1]))


def _raster(pdf: Path, page: int, box: tuple[float, float, float, float] | None = None, dpi: int = DPI) -> Raster:
    """Rasterize one page with poppler, only the part inside ``box`` when given (faster)."""
    out = pdf.with_name(f"r{page}")
    args = ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
    origin = (0, 0)
    if box is not None:
        x0, y0, x1, y1 = (round(v * dpi / MM_PER_INCH) for v in box)
        x0, y0 = max(0, x0), max(0, y0)
        args += ["-x", str(x0), "-y", str(y0), "-W", str(x1 - x0), "-H", str(y1 - y0)]
        origin = (x0, y0)
    subprocess.run([*args, str(pdf), str(out)], check=True)
    info = subprocess.run(
        ["pdfinfo", "-f", str(page), "-l", str(page), str(pdf)], check=True, capture_output=True, text=True
    ).stdout
    size = next(
        line for line in info.splitlines() if line.startswith(f"Page {page:4d} size") or line.startswith("Page size")
    )
    w_pt, h_pt = (float(v) for v in size.split(":")[1].split("pts")[0].split(" x "))
    with Image.open(out.with_suffix(".ppm")) as image:
        return Raster(image.convert("RGB"), origin, (round(w_pt / 72 * dpi), round(h_pt / 72 * dpi)))


def _around(points, reach: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach


def _find(page: Raster, colour, around: tuple[float, float], reach: float) -> tuple[float, float, float, float]:
    """(centre x, centre y, width, height) in mm of the patch of ``colour`` near ``around``."""
    x, y = around
    left, top, right, bottom = (round(v * MM) for v in (x - reach, y - reach, x + reach, y + reach))
    box = (left, top, right, bottom)
    window = page.crop(box)
    bands = [b.point(lambda v, c=c: 255 if abs(v - c) <= 25 else 0) for b, c in zip(window.split(), colour)]
    mask = ImageChops.darker(ImageChops.darker(bands[0], bands[1]), bands[2])
    found = mask.getbbox()
    assert found, f"no counter of colour {colour} within {reach} mm of {around}"
    x0, y0, x1, y1 = found
    return ((box[0] + (x0 + x1) / 2) / MM, (box[1] + (y0 + y1) / 2) / MM, (x1 - x0) / MM, (y1 - y0) / MM)


def _measure(spec: SheetSpec, tmp: Path, n: int = 16):
    arts = _arts(spec, n)
    sheets = build(arts, spec, "test")
    pdf = tmp / "s.pdf"
    pdf.write_bytes(sheets_pdf(sheets, "test"))
    reach = spec.pitch + OVERSHOOT + 2
    on_front = [s.front_centre for s in sheets.slots]
    if spec.fold:
        on_front += [s.back_centre for s in sheets.slots]
    front = _raster(pdf, 1, _around(on_front, reach))
    back = front if spec.fold else _raster(pdf, 2, _around([s.back_centre for s in sheets.slots], reach))
    fronts, backs = [], []
    for i, slot in enumerate(sheets.slots):
        # Searched where the layout says; a counter far off or missing fails the test.
        fronts.append(_find(front, _colour(i, False), slot.front_centre, spec.pitch))
        backs.append(_find(back, _colour(i, True), slot.back_centre, spec.pitch))
    return sheets, (front, back), fronts, backs


@pytest.mark.parametrize("paper,landscape", [("letter", False), ("a4", True)])
def test_pages_and_counters_have_their_physical_size(paper, landscape, tmp_path) -> None:
    spec = SheetSpec(paper=paper, landscape=landscape, cut="crop")
    sheets, pages, fronts, _ = _measure(spec, tmp_path, n=24)
    w, h = spec.page
    for page in pages:
        assert page.page_px == (round(w * MM), round(h * MM))
    for _, _, width, height in fronts:
        assert abs(width - 15.875) < 0.1 and abs(height - 15.875) < 0.1
    g = cell_grid(spec)
    row = [f for f, s in zip(fronts, sheets.slots) if s.row == 1]
    for a, b in itertools.pairwise(row):
        assert abs((b[0] - a[0]) - g.pitch) < 0.1 and abs(b[1] - a[1]) < 0.1
    below = next(f for f, s in zip(fronts, sheets.slots) if s.row == 2 and s.column == 1)
    assert abs((below[1] - fronts[0][1]) - g.pitch) < 0.1


@pytest.mark.parametrize("size,mm", [("1/2", 12.7), ("3/4", 19.05), ("1", 25.4), (None, 20.0)])
def test_other_counter_sizes_print_exactly(size, mm, tmp_path) -> None:
    spec = SheetSpec(counter_mm=mm, paper="a4", cut="crop")
    _, _, fronts, _ = _measure(spec, tmp_path)
    for _, _, width, height in fronts:
        assert abs(width - mm) < 0.1 and abs(height - mm) < 0.1


@pytest.mark.parametrize(
    "flip,landscape,offset",
    [
        ("long", False, (0.0, 0.0)),
        ("long", False, (1.5, -0.8)),
        ("short", False, (1.5, -0.8)),
        ("long", True, (-2.0, 0.6)),
        ("short", True, (0.0, 0.0)),
        ("short", True, (-0.4, 3.5)),
    ],
)
def test_each_back_lies_behind_its_front_after_the_turn(flip, landscape, offset, tmp_path) -> None:
    spec = SheetSpec(flip=flip, landscape=landscape, back_offset=offset, bleed_mm=1.0)
    plain = SheetSpec(flip=flip, landscape=landscape, bleed_mm=1.0)
    _, _, fronts, backs = _measure(spec, tmp_path)
    for (fx, fy, *_), (bx, by, *_) in zip(fronts, backs):
        ex, ey = behind(plain, fx, fy)  # where the back belongs with no offset
        assert abs(bx - (ex + offset[0])) < 0.1 and abs(by - (ey + offset[1])) < 0.1


def test_the_turn_is_a_mirror_of_the_page(tmp_path) -> None:
    """Independent of ``behind``: long edge of a portrait page mirrors left-right."""
    spec = SheetSpec(flip="long")
    _, _, fronts, backs = _measure(spec, tmp_path)
    w = spec.page[0]
    for (fx, fy, *_), (bx, by, *_) in zip(fronts, backs):
        assert abs(bx - (w - fx)) < 0.1 and abs(by - fy) < 0.1


def test_fold_mode_puts_each_back_beside_its_front_across_the_fold(tmp_path) -> None:
    spec = SheetSpec(fold=True, bleed_mm=0.5)
    sheets, _, fronts, backs = _measure(spec, tmp_path)
    assert len(sheets.pages) == 1
    g = cell_grid(spec)
    for (fx, fy, *_), (bx, by, *_) in zip(fronts, backs):
        fold = (fx + bx) / 2
        assert abs(bx - fx - g.pitch) < 0.1 and abs(by - fy) < 0.1
        assert abs((fold - g.left) / (2 * g.pitch) % 1 - 0.5) < 0.01  # fold mid-pair


def _dark_runs(page: Raster, y_mm: float) -> list[float]:
    """Centres (mm) of the dark runs along one pixel row of the rasterized part."""
    y = round(y_mm * MM)
    x0 = page.origin[0]
    grey = [min(page.pixel(x, y)) for x in range(x0, x0 + page.image.width)] + [255]
    runs, start = [], None
    for i, v in enumerate(grey):
        if v < 200 and start is None:
            start = i
        elif v >= 200 and start is not None:
            runs.append((x0 + (start + i) / 2) / MM)
            start = None
    return runs


@pytest.mark.parametrize("flip,offset", [("long", (0.0, 0.0)), ("short", (-1.0, 2.0))])
def test_cut_lines_run_along_every_cut_edge_on_both_sides(flip, offset, tmp_path) -> None:
    spec = SheetSpec(flip=flip, back_offset=offset, bleed_mm=1.0)
    _sheets, (front, back), _, _ = _measure(spec, tmp_path, n=11)
    g = cell_grid(spec)
    edges = cut_positions(spec, g, g.columns, g.left)
    assert len(edges) == 2 * g.columns  # with bleed, each counter has its own cut edges
    y = g.top - OVERSHOOT / 2  # across the overshoot above the grid: nothing but cut lines
    found = _dark_runs(front, y)
    assert len(found) == len(edges)
    assert all(abs(a - b) < 0.1 for a, b in zip(found, edges))
    expected = sorted(behind(spec, x, y) for x in edges)
    found = _dark_runs(back, expected[0][1])
    assert len(found) == len(edges)
    assert all(abs(a - b[0]) < 0.1 for a, b in zip(found, expected))


def test_the_real_use_sheet_shows_each_counter_front_and_back_where_the_manifest_says(content, tmp_path) -> None:
    from builder.sheets import Choice, chosen, content_art

    spec = SheetSpec(flip="long", back_offset=(0.7, -0.4))
    rows = chosen(content, Choice())[:200]  # more than one sheet; the first is checked
    arts = content_art(content, rows, spec.counter_px)
    sheets = build(arts, spec, "USE counters")
    pdf = tmp_path / "use.pdf"
    pdf.write_bytes(sheets_pdf(sheets, "USE counters"))
    dpi = 300
    pages = [_raster(pdf, 1, dpi=dpi), _raster(pdf, 2, dpi=dpi)]
    by_key = {a.key: a for a in arts}
    side = round(spec.counter_mm * dpi / MM_PER_INCH)
    first = [s for s in sheets.slots if s.sheet == 1]
    assert len(first) == cell_grid(spec).columns * cell_grid(spec).rows
    for slot in first:
        art = by_key[slot.key]
        for page, centre, face in ((pages[0], slot.front_centre, art.front), (pages[1], slot.back_centre, art.back)):
            cx, cy = (v * dpi / MM_PER_INCH for v in centre)
            crop = page.image.crop(
                (round(cx - side / 2), round(cy - side / 2), round(cx - side / 2) + side, round(cy - side / 2) + side)
            )
            inner = (side // 8, side // 8, side - side // 8, side - side // 8)
            diff = ImageChops.difference(crop.crop(inner), face.resize((side, side)).crop(inner)).convert("L")
            own = _mean(diff)
            other = next(a for a in arts if a.nation != art.nation and a.kind == art.kind)
            wrong = other.front if face is art.front else other.back
            miss = _mean(ImageChops.difference(crop.crop(inner), wrong.resize((side, side)).crop(inner)).convert("L"))
            assert own < 25 and own < miss / 2, (
                f"{slot.key}: the raster differs from its art by {own:.1f}, from {other.key}'s by {miss:.1f}"
            )


def _mean(grey: Image.Image) -> float:
    return sum(i * n for i, n in enumerate(grey.histogram())) / (grey.width * grey.height)


def _ink_box(image: Image.Image) -> tuple[int, int, int, int]:
    dark = image.convert("L").point(lambda v: 255 if v < 128 else 0)
    box = dark.getbbox()
    assert box, "no text found"
    return box


def test_captions_print_in_the_embedded_font_as_wide_as_on_the_png_pages(tmp_path) -> None:
    """The title line rasterized by poppler is as wide as our own PNG page draws it: the font
    travels inside the PDF, so no reader substitutes another with gaps after capitals."""
    from builder.sheets import calibration_pdf
    from builder.sheets.pages import calibration_pages
    from builder.sheets.raster import page_image

    spec = SheetSpec()
    pdf = tmp_path / "cal.pdf"
    pdf.write_bytes(calibration_pdf(spec, "USE counters"))
    if shutil.which("pdffonts"):
        fonts = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout.splitlines()[
            2:
        ]
        assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts  # emb
    dpi = 300
    band = (spec.margin_mm, spec.margin_mm + 1.5, spec.margin_mm + 120, spec.margin_mm + 7)
    printed = _raster(pdf, 1, band, dpi=dpi).image
    ours = page_image(calibration_pages(spec)[0], {}, dpi)
    k = dpi / MM_PER_INCH
    left, top, right, bottom = (round(v * k) for v in band)
    ours = ours.crop((left, top, right, bottom))
    a, b = _ink_box(printed), _ink_box(ours)
    width_a, width_b = a[2] - a[0], b[2] - b[0]
    assert abs(width_a - width_b) <= 0.01 * width_b + 2, (width_a, width_b)
    assert abs(a[0] - b[0]) <= 2
