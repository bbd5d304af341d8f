"""Where things go on a printed sheet, in millimetres from the page's top-left corner.

A sheet is a grid of square cells (counter plus bleed on each side) centred in the printable
area. For duplex printing the back page is the front page turned over: ``behind`` maps a point
of the front to the point of the back page that lies behind it, for a turn about the paper's
long or short edge, plus the user's back-side offset (printers drift, the calibration page
measures by how much).
"""

from __future__ import annotations

import re
from fractions import Fraction

from records import frozen

MM_PER_INCH = 25.4
PAPERS: dict[str, tuple[float, float]] = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
MIN_MARGIN = 6.0  # what home printers can reach on every side
BAND = 4.0  # between margin and grid: cut-line overshoot and crop marks
LABEL = 4.0  # strip above and below the grid for the page's caption
MAX_OFFSET = BAND  # a larger back-side drift would push cut lines off the printable area
SIZES = ("1/2", "9/16", "5/8", "3/4", "1")
FLIPS = ("long", "short")
CUTS = ("lines", "crop")


class SheetError(ValueError):
    """A sheet setting that cannot be printed (the CLI reports it as bad input)."""


def parse_size(text: str) -> float:
    """A counter side in mm from ``5/8``, ``0.625``, ``5/8in``, ``1in`` or ``16mm``."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?(?:/\d+)?)\s*(in|mm)?\s*", text or "")
    if not found:
        raise SheetError(f"counter size {text!r} is not like 5/8, 0.625in or 16mm")
    try:
        value = float(Fraction(found.group(1)))
    except (ValueError, ZeroDivisionError):
        raise SheetError(f"counter size {text!r} is not a number") from None
    mm = value if found.group(2) == "mm" else value * MM_PER_INCH
    if not 6.0 <= mm <= 50.0:
        raise SheetError(f"counter size {text!r} is {mm:.1f} mm; sheets take 6 to 50 mm")
    return mm


def parse_offset(text: str) -> tuple[float, float]:
    """A back-side offset ``X,Y`` in millimetres (x right, y down, as seen on the back)."""
    parts = (text or "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise SheetError(f"back offset {text!r} is not two millimetre values like 0.5,-1") from None
    return x, y


@frozen
class SheetSpec:
    """How to print: counter size, paper, duplex turn, bleed, marks, resolution."""

    counter_mm: float = 5 / 8 * MM_PER_INCH
    paper: str = "letter"
    landscape: bool = False
    margin_mm: float = 8.0
    bleed_mm: float = 0.0
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut: str = "lines"
    fold: bool = False
    dpi: int = 300

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise SheetError(f"paper {self.paper!r} unknown; use {' or '.join(PAPERS)}")
        if self.flip not in FLIPS:
            raise SheetError(f"flip {self.flip!r} unknown; use {' or '.join(FLIPS)}")
        if self.cut not in CUTS:
            raise SheetError(f"cut {self.cut!r} unknown; use {' or '.join(CUTS)}")
        if not 6.0 <= self.counter_mm <= 50.0:
            raise SheetError(f"counter side {self.counter_mm:.2f} mm; sheets take 6 to 50 mm")
        if not MIN_MARGIN <= self.margin_mm <= 40:
            raise SheetError(f"margin {self.margin_mm:g} mm; home printers need {MIN_MARGIN:g} to 40 mm")
        if not 0 <= self.bleed_mm <= 3:
            raise SheetError(f"bleed {self.bleed_mm:g} mm; use 0 to 3 mm")
        if any(abs(v) > MAX_OFFSET for v in self.back_offset):
            raise SheetError(
                f"back offset {self.back_offset[0]:g},{self.back_offset[1]:g} mm; "
                f"each value must be within \u00b1{MAX_OFFSET:g} mm"
            )
        if not 150 <= self.dpi <= 1200:
            raise SheetError(f"dpi {self.dpi}; use 150 to 1200")

    @property
    def page(self) -> tuple[float, float]:
        w, h = PAPERS[self.paper]
        return (h, w) if self.landscape else (w, h)

    @property
    def pitch(self) -> float:
        return self.counter_mm + 2 * self.bleed_mm

    @property
    def counter_px(self) -> int:
        return max(8, round(self.counter_mm / MM_PER_INCH * self.dpi))

    @property
    def bleed_px(self) -> int:
        return round(self.bleed_mm / MM_PER_INCH * self.dpi)

    @property
    def turns_about_horizontal(self) -> bool:
        """True when the sheet turns top over bottom (short edge of a portrait page, long edge
        of a landscape one): then backs are drawn upside down so each counter still shows an
        upright back when a player turns it over left to right."""
        w, h = self.page
        long_is_vertical = h >= w
        return (self.flip == "long") != long_is_vertical


@frozen
class CellGrid:
    """Cells of one sheet: ``columns`` x ``rows`` squares of side ``pitch`` from (left, top)."""

    columns: int
    rows: int
    left: float
    top: float
    pitch: float

    def cell(self, column: int, row: int) -> tuple[float, float]:
        """Top-left corner of a cell (its bleed included)."""
        return self.left + column * self.pitch, self.top + row * self.pitch

    @property
    def right(self) -> float:
        return self.left + self.columns * self.pitch

    @property
    def bottom(self) -> float:
        return self.top + self.rows * self.pitch


def cell_grid(spec: SheetSpec) -> CellGrid:
    """The largest centred grid inside margin, mark band and caption strips; even columns in
    fold mode (front and back side by side)."""
    w, h = spec.page
    inset = spec.margin_mm + BAND
    columns = int((w - 2 * inset) // spec.pitch)
    rows = int((h - 2 * (inset + LABEL)) // spec.pitch)
    if spec.fold:
        columns -= columns % 2
    if columns < (2 if spec.fold else 1) or rows < 1:
        raise SheetError(
            f"a {spec.counter_mm:.1f} mm counter does not fit on {spec.paper} with {spec.margin_mm:g} mm margins"
        )
    left = (w - columns * spec.pitch) / 2
    top = (h - rows * spec.pitch) / 2
    return CellGrid(columns, rows, left, top, spec.pitch)


def behind(spec: SheetSpec, x: float, y: float) -> tuple[float, float]:
    """The point of the back page that lies behind front point (x, y), offset included."""
    w, h = spec.page
    dx, dy = spec.back_offset
    if spec.turns_about_horizontal:
        return x + dx, h - y + dy
    return w - x + dx, y + dy


def behind_square(spec: SheetSpec, x: float, y: float, side: float) -> tuple[float, float]:
    """Top-left of the back-page square behind the front square at (x, y)."""
    bx, by = behind(spec, x + side / 2, y + side / 2)
    return bx - side / 2, by - side / 2
