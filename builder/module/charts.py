"""Chart images for the module's Charts window, drawn with Pillow.

A game's charts are data (its displays.toml ``[[charts]]``: a title and rows of (left, right)
text cells, each citing the rule it sums up, in our own words); this draws one.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from builder.render import text as fit_text
from wargame.displays import Chart

WIDTH = 1100
ROW = 44


def draw_chart(chart: Chart) -> bytes:
    """The chart as PNG bytes: title bar, then one row per entry, zebra-striped."""
    height = 90 + ROW * len(chart.rows) + 20
    image = Image.new("RGB", (WIDTH, height), (250, 248, 240))
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, WIDTH, 70), fill=(60, 60, 70))
    fit_text.draw(image, fit_text.fit(chart.title, (20, 12, WIDTH - 20, 58)), (250, 250, 250))
    left_w = 260
    lefts, rights, left_boxes, right_boxes = [], [], [], []
    for i, (left, right) in enumerate(chart.rows):
        y = 80 + i * ROW
        if i % 2 == 0:
            pen.rectangle((10, y, WIDTH - 10, y + ROW - 2), fill=(232, 228, 214))
        x = 20
        swatch = chart.swatches[i] if i < len(chart.swatches) else None
        if swatch is not None:
            pen.rectangle((x, y + 8, x + 40, y + ROW - 10), fill=swatch, outline=(40, 40, 40))
            x += 52
        lefts.append(left)
        left_boxes.append((x, y + 8, left_w, y + ROW - 10))
        rights.append(right)
        right_boxes.append((left_w + 20, y + 8, WIDTH - 20, y + ROW - 10))
    for block in fit_text.fit_all(lefts, left_boxes):
        fit_text.draw(image, block, (20, 20, 20))
    for block in fit_text.fit_all(rights, right_boxes, weight="semibold", max_cap=18):
        fit_text.draw(image, block, (20, 20, 20))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()
