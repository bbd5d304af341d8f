"""Counter sheets for playtest printing: exact-size PDF, fronts and duplex-aligned backs.

    geometry.py  SheetSpec (size, paper, flip, offset, bleed, marks, dpi), the grid, and
                 ``behind``: which point of the back page lies behind a point of the front
    art.py       which counters and how many (table counts, scenario, faction, nation), their
                 art from builder.render at print resolution, bleed by edge extension
    pages.py     pages as drawing lists (pictures, strokes, captions); calibration pages;
                 the manifest (CSV rows and pages)
    pdf.py       a small deterministic PDF writer for those lists
    raster.py    the same lists as PNG images (``--png``)
    map_tiles.py the print version of the map cut into pages (PNG per page, or one PDF)

``build(arts, spec, title)`` returns the laid-out ``Sheets``; ``sheets_pdf`` writes them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence

from builder.sheets.art import Choice, CounterArt, chosen, content_art, with_bleed
from builder.sheets.geometry import (
    SIZES,
    SheetError,
    SheetSpec,
    behind,
    cell_grid,
    parse_offset,
    parse_size,
)
from builder.sheets.pages import (
    Page,
    Sheets,
    Slot,
    calibration_pages,
    layout,
    manifest_pages,
    manifest_rows,
)
from builder.sheets.pdf import pdf_bytes

__all__ = [
    "CALIBRATION_KIND",
    "SHEETS_KIND",
    "SIZES",
    "Choice",
    "CounterArt",
    "Page",
    "SheetError",
    "SheetSpec",
    "Sheets",
    "Slot",
    "behind",
    "build",
    "calibration_pdf",
    "chosen",
    "content_art",
    "cell_grid",
    "manifest_csv",
    "parse_offset",
    "parse_size",
    "sheets_pdf",
    "with_bleed",
]


def build(arts: Sequence[CounterArt], spec: SheetSpec, title: str) -> Sheets:
    return layout(arts, spec, title)


SHEETS_KIND, CALIBRATION_KIND = "counter sheets", "duplex calibration sheet"


def sheets_pdf(
    sheets: Sheets,
    title: str,
    *,
    manifest_page: bool = False,
    jpeg_quality: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    pages = list(sheets.pages)
    if manifest_page:
        pages += manifest_pages(sheets, title)
    return pdf_bytes(
        pages,
        sheets.images,
        title=title,
        kind=SHEETS_KIND,
        jpeg_quality=jpeg_quality,
        progress=progress,
    )


def calibration_pdf(spec: SheetSpec, title: str) -> bytes:
    return pdf_bytes(calibration_pages(spec), {}, title=f"{title} duplex calibration", kind=CALIBRATION_KIND)


def manifest_csv(sheets: Sheets) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(manifest_rows(sheets))
    return out.getvalue().encode("utf-8")
