"""The same pages drawn as images (``--png``): for tools that take pictures, not PDF."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from builder.sheets.geometry import MM_PER_INCH
from builder.sheets.pages import Page


def page_image(page: Page, images: Mapping[str, Image.Image], dpi: int) -> Image.Image:
    """One page at ``dpi``: pictures resized only when rounding makes them a pixel off."""
    from builder.render.text import font

    k = dpi / MM_PER_INCH
    canvas = Image.new("RGB", (round(page.width * k), round(page.height * k)), "white")
    for p in page.pictures:
        side = round(p.size * k)
        art = images[p.name]
        if art.size != (side, side):
            art = art.resize((side, side), Image.Resampling.LANCZOS)
        if p.turned:
            art = art.transpose(Image.Transpose.ROTATE_180)
        canvas.paste(art, (round(p.x * k), round(p.y * k)))
    pen = ImageDraw.Draw(canvas)
    for s in page.strokes:
        grey = round(255 * s.grey)
        width = max(1, round(s.width * k))
        for a, b in _dashes(s.x0, s.y0, s.x1, s.y1, s.dash):
            pen.line((a[0] * k, a[1] * k, b[0] * k, b[1] * k), fill=(grey,) * 3, width=width)
    for c in page.captions:
        px = max(6, round(c.size_pt / 72 * dpi))
        pen.text((c.x * k, c.y * k), c.text, fill="black", font=font("semibold", px), anchor="ls")
    return canvas


def _dashes(x0: float, y0: float, x1: float, y1: float, dash: float):
    if not dash:
        return [((x0, y0), (x1, y1))]
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    steps, out = max(1, int(length / dash)), []
    for i in range(0, steps, 2):
        a, b = i / steps, min(1.0, (i + 1) / steps)
        out.append(((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)))
    return out
