"""The print version of the map cut into pages ("print the map for playtest").

    page_tiles(image, dpi, paper="letter") -> list[Tile]     write_tiles(tiles, folder) -> paths
    tiles_pdf(tiles, dpi, title) -> bytes                     every page at its paper size, one file

Each page holds a piece of the map inside the printer's safe margin. Neighbouring pieces share
an overlap band; registration crosses sit at the middle of every band at the same map points on
both pages, and a dashed trim line on the left and top bands shows where to cut before
lining the crosses up and taping. The margin names the tile (row letter, column number).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

from builder.render.text import font
from builder.sheets.geometry import MM_PER_INCH
from builder.sheets.pages import Page, Picture
from builder.sheets.pdf import pdf_bytes
from records import frozen

PAPERS = {"letter": (8.5, 11.0), "a4": (210 / 25.4, 297 / 25.4)}
INK = (30, 30, 30)


@frozen
class Tile:
    row: int
    col: int
    name: str  # "B3"
    image: Image.Image
    box: tuple[int, int, int, int]  # the map pixels this page shows (x0, y0, x1, y1)


def _layout(size: int, usable: int, overlap: int) -> list[int]:
    """Start positions of pages along one axis: equal steps, last page flush with the end."""
    if size <= usable:
        return [0]
    count = math.ceil((size - overlap) / (usable - overlap))
    step = (size - usable) / (count - 1)
    return [round(i * step) for i in range(count)]


def page_tiles(
    image: Image.Image,
    dpi: float,
    paper: str = "letter",
    overlap_inch: float = 0.5,
    margin_inch: float = 0.35,
    label: str = "Map",
) -> list[Tile]:
    """Cut the map into pages of `paper` at `dpi`, portrait or landscape, whichever needs fewer;
    `label` starts each page's caption ("USE map")."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    pw_in, ph_in = PAPERS[paper]
    overlap = round(overlap_inch * dpi)
    margin = round(margin_inch * dpi)
    best = None
    for w_in, h_in in ((ph_in, pw_in), (pw_in, ph_in)):  # landscape first: wins ties
        pw, ph = round(w_in * dpi), round(h_in * dpi)
        uw, uh = pw - 2 * margin, ph - 2 * margin - round(0.25 * dpi)  # room for the caption
        xs, ys = _layout(image.width, uw, overlap), _layout(image.height, uh, overlap)
        if best is None or len(xs) * len(ys) < best[0]:
            best = (len(xs) * len(ys), pw, ph, uw, uh, xs, ys)
    assert best is not None  # two orientations were tried
    _, pw, ph, uw, uh, xs, ys = best
    uw, uh = min(uw, image.width), min(uh, image.height)
    # registration points in map pixels: the middle of every overlap band, two per page edge
    vseams = [((xs[i] + uw + xs[i + 1]) / 2) for i in range(len(xs) - 1)]
    hseams = [((ys[j] + uh + ys[j + 1]) / 2) for j in range(len(ys) - 1)]
    cap = font("semibold", max(8, round(0.13 * dpi)))
    tiles = []
    for j, y0 in enumerate(ys):
        for i, x0 in enumerate(xs):
            name = f"{chr(65 + j)}{i + 1}"
            page = Image.new("RGB", (pw, ph), (255, 255, 255))
            page.paste(image.crop((x0, y0, x0 + uw, y0 + uh)), (margin, margin))
            d = ImageDraw.Draw(page)
            d.rectangle((margin - 1, margin - 1, margin + uw, margin + uh), outline=(160, 160, 160))

            def to_page(mx: float, my: float, x0: int = x0, y0: int = y0) -> tuple[float, float]:
                return margin + mx - x0, margin + my - y0

            marks = []
            for sx in vseams:
                if x0 <= sx <= x0 + uw:
                    marks += [(sx, y0 + uh * f) for f in (0.25, 0.75)]
            for sy in hseams:
                if y0 <= sy <= y0 + uh:
                    marks += [(x0 + uw * f, sy) for f in (0.25, 0.75)]
            r = max(6, round(0.08 * dpi))
            for mx, my in marks:
                px, py = to_page(mx, my)
                d.ellipse((px - r, py - r, px + r, py + r), outline=(255, 255, 255), width=3)
                d.line((px - 2 * r, py, px + 2 * r, py), fill=(255, 255, 255), width=3)
                d.line((px, py - 2 * r, px, py + 2 * r), fill=(255, 255, 255), width=3)
                d.ellipse((px - r, py - r, px + r, py + r), outline=INK, width=1)
                d.line((px - 2 * r, py, px + 2 * r, py), fill=INK, width=1)
                d.line((px, py - 2 * r, px, py + 2 * r), fill=INK, width=1)
            # trim lines: cut this page along the middle of its left and top bands
            if i > 0:
                px, _ = to_page(vseams[i - 1], 0)
                for yy in range(margin, margin + uh, 16):
                    d.line((px, yy, px, min(yy + 8, margin + uh)), fill=INK, width=1)
            if j > 0:
                _, py = to_page(0, hseams[j - 1])
                for xx in range(margin, margin + uw, 16):
                    d.line((xx, py, min(xx + 8, margin + uw), py), fill=INK, width=1)
            caption = (
                f"{label}, tile {name} (row {j + 1} of {len(ys)}, column {i + 1} of {len(xs)}), "
                f"{dpi:g} dpi. Trim along the dashed line{'s' if i and j else ''}, "
                f"line the crosses up with the neighbouring tiles, tape from the back."
            )
            d.text((margin, margin + uh + round(0.08 * dpi)), caption, font=cap, fill=INK, anchor="lt")
            tiles.append(Tile(j, i, name, page, (x0, y0, x0 + uw, y0 + uh)))
    return tiles


def write_tiles(
    tiles: list[Tile], folder: Path, dpi: float, stem: str = "map", progress: Callable[[int, int], None] | None = None
) -> list[Path]:
    """One PNG per page (tile name in the file name), written atomically, no time stamps."""
    from builder.render.mapart import save_png

    folder = Path(folder)
    paths = []
    for t in tiles:
        paths.append(save_png(t.image, folder / f"{stem}-{t.name}.png", dpi=dpi))
        if progress:
            progress(len(paths), len(tiles))
    return paths


def tiles_pdf(
    tiles: list[Tile], dpi: float, title: str = "Map tiles", progress: Callable[[int, int], None] | None = None
) -> bytes:
    """One PDF with a page per tile at the paper's exact size, so printing at 100 % (no "fit to
    page") keeps the map's stated scale; images stored losslessly, bytes deterministic."""
    pages, images = [], {}
    for t in tiles:
        w_mm, h_mm = t.image.width / dpi * MM_PER_INCH, t.image.height / dpi * MM_PER_INCH
        images[t.name] = t.image
        pages.append(Page(w_mm, h_mm, pictures=(Picture(t.name, 0.0, 0.0, w_mm, height=h_mm),)))
    return pdf_bytes(pages, images, title=title, kind="map tiles", progress=progress)
