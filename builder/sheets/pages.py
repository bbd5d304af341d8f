"""Pages as plain drawing lists (pictures, strokes, captions) in millimetres from the top-left.

The same lists are written as PDF (pdf.py) and drawn as PNG (raster.py), so the two cannot
disagree. Duplex: a fronts page, then its backs page turned as the paper turns. Fold: fronts
and backs side by side with a fold line between, for single-sided printers.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from builder.sheets.art import CounterArt
from builder.sheets.geometry import (
    BAND,
    LABEL,
    MM_PER_INCH,
    CellGrid,
    SheetSpec,
    behind,
    behind_square,
    cell_grid,
)
from records import frozen

CUT_WIDTH = 0.1  # mm; thin enough to vanish in the cut, thick enough to follow
CUT_GREY = 0.35  # 0 black .. 1 white
OVERSHOOT = 3.0  # cut lines run this far beyond the grid (inside the mark band)


@frozen
class Picture:
    """An image ``name`` drawn as a ``size`` mm square at (x, y); ``turned`` = upside down.

    ``height`` makes it a ``size`` x ``height`` mm rectangle (a page of the map print)."""

    name: str
    x: float
    y: float
    size: float
    turned: bool = False
    height: float | None = None


@frozen
class Stroke:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float = CUT_WIDTH
    grey: float = CUT_GREY
    dash: float = 0.0  # dash and gap length in mm; 0 = solid


@frozen
class Caption:
    """Text with its baseline starting at (x, y); ``mono`` for the manifest's columns."""

    x: float
    y: float
    size_pt: float
    text: str
    mono: bool = False


@frozen
class Page:
    width: float
    height: float
    pictures: tuple[Picture, ...] = ()
    strokes: tuple[Stroke, ...] = ()
    captions: tuple[Caption, ...] = ()


@frozen
class Slot:
    """Where one printed counter is: sheet, cell, and both centres in page millimetres."""

    sheet: int  # 1-based
    row: int  # 1-based
    column: int  # 1-based
    key: str
    kind: str
    nation: str
    copy: int  # 1-based, of ``count``
    count: int
    front_page: int  # 1-based page numbers in the document
    back_page: int
    front_centre: tuple[float, float]
    back_centre: tuple[float, float]


@frozen
class Sheets:
    pages: tuple[Page, ...]
    images: dict[str, Image.Image]  # name -> image with bleed, at spec.dpi
    slots: tuple[Slot, ...]
    spec: SheetSpec


def image_names(art: CounterArt) -> tuple[str, str]:
    return f"{art.key}/front", f"{art.key}/back"


def picture_side(spec: SheetSpec) -> float:
    """Physical side of a picture with bleed, so the art inside is exactly counter_mm."""
    return spec.counter_mm * (spec.counter_px + 2 * spec.bleed_px) / spec.counter_px


def layout(arts: Sequence[CounterArt], spec: SheetSpec, title: str) -> Sheets:
    """Every copy of every counter placed on sheets, with cut marks and captions."""
    from builder.sheets.art import with_bleed

    g = cell_grid(spec)
    per_sheet = g.rows * (g.columns // 2 if spec.fold else g.columns)
    copies = [(a, i + 1) for a in arts for i in range(a.count)]
    sheets = [copies[i : i + per_sheet] for i in range(0, len(copies), per_sheet)]
    images: dict[str, Image.Image] = {}
    for a in arts:
        front, back = image_names(a)
        images[front] = with_bleed(a.front, spec.bleed_px)
        images[back] = with_bleed(a.back, spec.bleed_px)
    pages: list[Page] = []
    slots: list[Slot] = []
    for number, placed in enumerate(sheets, start=1):
        words = f"{title} \u2014 sheet {number} of {len(sheets)}"
        if spec.fold:
            pages.append(_fold_page(spec, g, placed, number, len(pages) + 1, words, slots))
        else:
            front_page, back_page = _duplex_pages(spec, g, placed, number, len(pages) + 1, words, slots)
            pages += [front_page, back_page]
    return Sheets(tuple(pages), images, tuple(slots), spec)


def _size_words(spec: SheetSpec) -> str:
    inch = spec.counter_mm / MM_PER_INCH
    return (
        f"{spec.counter_mm:.2f} mm ({inch:.4g} in) counters, {spec.paper}, {spec.dpi} dpi; print at 100% / actual size"
    )


def _duplex_pages(
    spec: SheetSpec, g: CellGrid, placed, number: int, page_no: int, words: str, slots: list[Slot]
) -> tuple[Page, Page]:
    side = picture_side(spec)
    fronts, backs = [], []
    for index, (art, copy) in enumerate(placed):
        row, column = divmod(index, g.columns)
        x, y = _picture_at(spec, g, column, row, side)
        fx, fy = x + side / 2, y + side / 2
        bx, by = behind_square(spec, x, y, side)
        front_name, back_name = image_names(art)
        fronts.append(Picture(front_name, x, y, side))
        backs.append(Picture(back_name, bx, by, side, turned=spec.turns_about_horizontal))
        slots.append(
            Slot(
                number,
                row + 1,
                column + 1,
                art.key,
                art.kind,
                art.nation,
                copy,
                art.count,
                page_no,
                page_no + 1,
                (fx, fy),
                (bx + side / 2, by + side / 2),
            )
        )
    used_rows = -(-len(placed) // g.columns)
    marks = _cut_marks(spec, g, used_rows, fold=False)
    w, h = spec.page
    front_caption = Caption(g.left, g.bottom + BAND + LABEL * 0.75, 7, f"{words}, fronts \u2014 {_size_words(spec)}")
    # The back's caption goes in the strip that lies behind the front's empty top strip.
    ty = g.bottom + BAND + LABEL * 0.75 if spec.turns_about_horizontal else g.top - BAND - LABEL * 0.25
    back_caption = Caption(
        g.left + spec.back_offset[0],
        ty + spec.back_offset[1],
        7,
        f"{words}, backs \u2014 turn the paper about its {spec.flip} edge; "
        f"back offset {spec.back_offset[0]:g},{spec.back_offset[1]:g} mm",
    )
    back_marks = tuple(_behind_stroke(spec, s) for s in marks)
    return (Page(w, h, tuple(fronts), marks, (front_caption,)), Page(w, h, tuple(backs), back_marks, (back_caption,)))


def _fold_page(spec: SheetSpec, g: CellGrid, placed, number: int, page_no: int, words: str, slots: list[Slot]) -> Page:
    side = picture_side(spec)
    pictures = []
    pairs = g.columns // 2
    for index, (art, copy) in enumerate(placed):
        row, pair = divmod(index, pairs)
        fx, fy = _picture_at(spec, g, 2 * pair, row, side)
        bx, by = _picture_at(spec, g, 2 * pair + 1, row, side)
        front_name, back_name = image_names(art)
        pictures += [Picture(front_name, fx, fy, side), Picture(back_name, bx, by, side)]
        slots.append(
            Slot(
                number,
                row + 1,
                pair + 1,
                art.key,
                art.kind,
                art.nation,
                copy,
                art.count,
                page_no,
                page_no,
                (fx + side / 2, fy + side / 2),
                (bx + side / 2, by + side / 2),
            )
        )
    used_rows = -(-len(placed) // pairs)
    w, h = spec.page
    caption = Caption(
        g.left,
        g.bottom + BAND + LABEL * 0.75,
        7,
        f"{words}, fold along the dashed marks, glue, cut \u2014 {_size_words(spec)}",
    )
    return Page(w, h, tuple(pictures), _cut_marks(spec, g, used_rows, fold=True), (caption,))


def _picture_at(spec: SheetSpec, g: CellGrid, column: int, row: int, side: float) -> tuple[float, float]:
    """Top-left of the picture whose art square is centred in the cell."""
    cx, cy = g.cell(column, row)
    return cx + (g.pitch - side) / 2, cy + (g.pitch - side) / 2


def cut_positions(spec: SheetSpec, g: CellGrid, count: int, start: float, fold: bool = False) -> list[float]:
    """Cut edges along one axis for ``count`` cells from ``start``; in fold mode only the
    outer edges of each front-back pair are cut (the middle is the fold)."""
    b, p = spec.bleed_mm, g.pitch
    edges: list[float] = []
    step = 2 if fold else 1
    for k in range(0, count, step):
        lo, hi = start + k * p + b, start + (k + step) * p - b
        edges += [lo, hi]
    return sorted({round(e, 6) for e in edges})


def _cut_marks(spec: SheetSpec, g: CellGrid, rows: int, *, fold: bool) -> tuple[Stroke, ...]:
    bottom = g.top + rows * g.pitch
    xs = cut_positions(spec, g, g.columns, g.left, fold)
    ys = cut_positions(spec, g, rows, g.top)
    strokes: list[Stroke] = []
    if spec.cut == "lines":
        for x in xs:
            strokes.append(Stroke(x, g.top - OVERSHOOT, x, bottom + OVERSHOOT))
        for y in ys:
            strokes.append(Stroke(g.left - OVERSHOOT, y, g.right + OVERSHOOT, y))
    else:
        near, far = 1.0, BAND - 0.5
        for x in xs:
            strokes += [Stroke(x, g.top - far, x, g.top - near), Stroke(x, bottom + near, x, bottom + far)]
        for y in ys:
            strokes += [Stroke(g.left - far, y, g.left - near, y), Stroke(g.right + near, y, g.right + far, y)]
    if fold:
        for pair in range(g.columns // 2):
            x = g.left + (2 * pair + 1) * g.pitch
            strokes += [
                Stroke(x, g.top - BAND + 0.5, x, g.top - 0.5, dash=0.8),
                Stroke(x, bottom + 0.5, x, bottom + BAND - 0.5, dash=0.8),
            ]
    return tuple(strokes)


def _behind_stroke(spec: SheetSpec, s: Stroke) -> Stroke:
    x0, y0 = behind(spec, s.x0, s.y0)
    x1, y1 = behind(spec, s.x1, s.y1)
    return Stroke(x0, y0, x1, y1, s.width, s.grey, s.dash)


# --- calibration -------------------------------------------------------------------------

TARGET_INSET = 40.0  # mm from the page edges to the corner targets
RULER_HALF = 10.0  # back rulers read -10 .. +10 mm


def calibration_targets(spec: SheetSpec) -> tuple[tuple[float, float], ...]:
    w, h = spec.page
    t = TARGET_INSET
    return ((w / 2, h / 2), (t, t), (w - t, t), (t, h - t), (w - t, h - t))


def calibration_pages(spec: SheetSpec) -> tuple[Page, Page]:
    """Front: crosshair targets and 100 mm scale rulers. Back: behind each target (offset
    applied) a pair of rulers. A pin pushed through a target's centre shows on the back rulers
    how far the back lands from where it should; the readings are what to add to the offset."""
    w, h = spec.page
    front: list[Stroke] = []
    captions = [
        Caption(spec.margin_mm + 2, spec.margin_mm + 6, 10, "Staffwork duplex calibration \u2014 page 1 of 2 (front)"),
        Caption(
            spec.margin_mm + 2,
            spec.margin_mm + 11,
            7,
            "1. Print both pages duplex at 100% (actual size), turning about the "
            f"{spec.flip} edge. Check the 100 mm rulers measure 100 mm.",
        ),
        Caption(
            spec.margin_mm + 2,
            spec.margin_mm + 15,
            7,
            "2. Push a pin through the centre of each cross, turn the sheet over and read "
            "where the hole meets the rulers (x right, y down, in mm).",
        ),
        Caption(
            spec.margin_mm + 2,
            spec.margin_mm + 19,
            7,
            "3. Add the readings to the back offset: --back-offset X,Y (now "
            f"{spec.back_offset[0]:g},{spec.back_offset[1]:g}). No ruler near a hole: "
            "change --flip.",
        ),
    ]
    for cx, cy in calibration_targets(spec):
        front += [Stroke(cx - 8, cy, cx + 8, cy, 0.1, 0.0), Stroke(cx, cy - 8, cx, cy + 8, 0.1, 0.0)]
        for r in (2.0, 4.0):
            front += _square(cx, cy, r)
    front += _ruler(w / 2 - 50, h / 2 + 25, 100, horizontal=True, captions=captions, scale=True)
    front += _ruler(
        w / 2 - 25,
        h / 2 - 110 if h > 250 else 30,
        100 if h > 250 else 60,
        horizontal=False,
        captions=captions,
        scale=True,
    )
    back: list[Stroke] = []
    back_captions = [
        Caption(
            spec.margin_mm + 2, h - spec.margin_mm - 2, 10, "Staffwork duplex calibration \u2014 page 2 of 2 (back)"
        )
    ]
    for cx, cy in calibration_targets(spec):
        bx, by = behind(spec, cx, cy)
        back += _reading_rulers(bx, by, back_captions)
    return (Page(w, h, (), tuple(front), tuple(captions)), Page(w, h, (), tuple(back), tuple(back_captions)))


def _square(cx: float, cy: float, r: float) -> list[Stroke]:
    corners = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    return [Stroke(*corners[i], *corners[(i + 1) % 4], 0.1, 0.0) for i in range(4)]


def _reading_rulers(x: float, y: float, captions: list[Caption]) -> list[Stroke]:
    """Two crossing rulers centred on (x, y), half-millimetre ticks, labels every 5 mm. Each
    half ruler puts its labels in its own quadrant so no two labels touch."""
    r = RULER_HALF
    strokes = [Stroke(x - r, y, x + r, y, 0.1, 0.0), Stroke(x, y - r, x, y + r, 0.1, 0.0)]
    for i in range(-round(2 * r), round(2 * r) + 1):
        d = i / 2
        tick = 2.5 if d % 5 == 0 else 1.6 if d % 1 == 0 else 0.9
        up = 1 if d > 0 else -1  # +x labels above, -x below; +y right, -y left
        strokes.append(Stroke(x + d, y, x + d, y - up * tick, 0.08, 0.0))
        strokes.append(Stroke(x, y + d, x + up * tick, y + d, 0.08, 0.0))
        if d and d % 5 == 0:
            text = f"{d:+g}"
            width = 0.5 * len(text) * 5 / 72 * MM_PER_INCH
            captions.append(Caption(x + d - width / 2, y - 3.2 if d > 0 else y + 4.8, 5, text))
            captions.append(Caption(x + 3.2 if d > 0 else x - 3.2 - width, y + d + 0.8, 5, text))
    return strokes


def _ruler(
    x: float,
    y: float,
    length: float,
    *,
    horizontal: bool,
    captions: list[Caption],
    origin: float = 0.0,
    scale: bool = False,
) -> list[Stroke]:
    """A millimetre ruler starting at (x, y); half-millimetre ticks on short (reading) rulers.
    Labels count from ``origin`` mm along the ruler (so a back ruler reads -5 .. +5)."""
    strokes = [Stroke(x, y, x + length, y, 0.1, 0.0) if horizontal else Stroke(x, y, x, y + length, 0.1, 0.0)]
    step = 1.0 if scale else 0.5
    ticks = round(length / step)
    for i in range(ticks + 1):
        d = i * step
        mm = d - origin
        major = (abs(mm) % 10 < 1e-6) if scale else (abs(mm) % 1 < 1e-6)
        labelled = (abs(mm) % 10 < 1e-6) if scale else (abs(mm) % 2 < 1e-6)
        tick = 3.0 if labelled else 2.0 if major else 1.0
        if horizontal:
            strokes.append(Stroke(x + d, y, x + d, y + tick, 0.08, 0.0))
        else:
            strokes.append(Stroke(x, y + d, x + tick, y + d, 0.08, 0.0))
        if labelled:
            text = f"{mm:+g}" if not scale else f"{mm:g}"
            if text == "+0":
                text = "0"
            if horizontal:
                captions.append(Caption(x + d - 0.6 * len(text) * 0.5, y + tick + 2.2, 5, text))
            else:
                captions.append(Caption(x + tick + 0.6, y + d + 0.8, 5, text))
    return strokes


# --- manifest ----------------------------------------------------------------------------

MANIFEST_COLUMNS = (
    "sheet",
    "front_page",
    "back_page",
    "row",
    "column",
    "key",
    "kind",
    "nation",
    "copy",
    "of",
    "front_x_mm",
    "front_y_mm",
    "back_x_mm",
    "back_y_mm",
)


def manifest_rows(sheets: Sheets) -> list[list[str]]:
    rows = [list(MANIFEST_COLUMNS)]
    for s in sheets.slots:
        rows.append(
            [
                str(s.sheet),
                str(s.front_page),
                str(s.back_page),
                str(s.row),
                str(s.column),
                s.key,
                s.kind,
                s.nation,
                str(s.copy),
                str(s.count),
                f"{s.front_centre[0]:.2f}",
                f"{s.front_centre[1]:.2f}",
                f"{s.back_centre[0]:.2f}",
                f"{s.back_centre[1]:.2f}",
            ]
        )
    return rows


def manifest_pages(sheets: Sheets, title: str) -> list[Page]:
    """What is where, sheet by sheet and row by row, in a fixed-width font."""
    spec = sheets.spec
    w, h = spec.page
    size = 6.5
    char = 0.6 * size * MM_PER_INCH / 72
    line = size * 1.25 * MM_PER_INCH / 72
    width = int((w - 2 * (spec.margin_mm + 2)) // char)
    lines: list[str] = []
    by_row: dict[tuple[int, int], list[str]] = {}
    for s in sheets.slots:
        name = s.key if s.count == 1 else f"{s.key}#{s.copy}"
        by_row.setdefault((s.sheet, s.row), []).append(name)
    sheet_now = 0
    for (sheet, row), names in by_row.items():
        if sheet != sheet_now:
            if lines:
                lines.append("")
            lines.append(f"Sheet {sheet}")
            sheet_now = sheet
        text = f" row {row:2d}: " + " ".join(names)
        while len(text) > width:
            cut = text.rfind(" ", 0, width)
            cut = cut if cut > 10 else width
            lines.append(text[:cut])
            text = "          " + text[cut:].lstrip()
        lines.append(text)
    top = spec.margin_mm + 10
    per_page = int((h - top - spec.margin_mm) // line)
    pages = []
    for start in range(0, len(lines), per_page):
        captions = [
            Caption(
                spec.margin_mm + 2,
                spec.margin_mm + 5,
                10,
                f"{title} \u2014 what is where (columns counted from the left of each fronts page)",
            )
        ]
        for i, text in enumerate(lines[start : start + per_page]):
            captions.append(Caption(spec.margin_mm + 2, top + i * line, size, text, mono=True))
        pages.append(Page(w, h, (), (), tuple(captions)))
    return pages
