"""Markers drawn with Pillow (USE 4.4): text, an icon or a big figure, and at the
bottom a country abbreviation and/or the after-use reminder of 3.1 (die, #T, #P, S+1).

Regions from top to bottom: text lines, then icon or figure, then the bottom row. Whatever a
face lacks gives its room to the rest, so a text-only marker uses the whole face.
"""

from __future__ import annotations

from pathlib import Path

from PIL import ImageDraw

from builder.render import icons, text
from builder.render.canvas import Box, Rendered, blank, finish
from builder.render.faces import MarkerFace
from builder.render.style import ART_DIR, Layout, load_layout, scheme


def draw_marker(face: MarkerFace, px: int, art_dir: Path = ART_DIR) -> Rendered:
    """Render one marker face as a ``px`` x ``px`` RGB image."""
    layout = load_layout(art_dir)
    colours = scheme(face.scheme, art_dir)
    ss = layout.supersample
    canvas_px = px * ss

    def f(name: str) -> float:
        return layout[f"marker.{name}"] * canvas_px

    e, pad = f("edge"), f("pad")
    canvas = blank(canvas_px, colours, e)
    pen = ImageDraw.Draw(canvas)
    blocks: list[text.TextBlock] = []
    regions: dict[str, tuple[float, float, float, float]] = {}
    min_px = max(6, round(5 * ss))
    x0, y0, x1, y1 = e + pad, e + pad, canvas_px - e - pad, canvas_px - e - pad

    bottom = f("bottom")
    if face.reminder:
        # The after-use reminder sits in the bottom-right corner (3.1).
        rw = f("reminder_w")
        box = (x1 - rw, y1 - bottom * 0.92, x1, y1)
        if face.reminder == "die":
            icons.icon(pen, _square_in(box, 0.78), "die", colours.fg, colours.bg)
        else:
            block = text.fit(face.reminder, box, weight="bold", max_cap=bottom * 0.6, min_px=min_px)
            text.draw(canvas, block, colours.fg)
            blocks.append(block)
        regions["reminder"] = box
    if face.abbrev:
        # A nationality marker: the country abbreviation in a bottom row of its own.
        right = x1 - f("reminder_w") - canvas_px * 0.02 if face.reminder else x1
        box = (x0, y1 - bottom * 0.9, right, y1)
        block = text.fit(face.abbrev, box, weight="bold", max_cap=bottom * 0.7, min_px=min_px)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["abbrev"] = box
    # A square icon may reach down beside a lone reminder; text, figures and wide ships keep
    # above the bottom row.
    wide = face.icon in icons.WIDE_ICONS
    if face.abbrev or (face.reminder and (not face.icon or wide)):
        y1 -= bottom + canvas_px * 0.02
    beside = face.reminder and not face.abbrev and not wide
    middle_inset = f("reminder_w") * 0.3 if beside else 0.0

    has_middle = bool(face.icon or face.figure)
    if face.lines:
        block, box, top_h = _marker_lines(face, layout, (x0, y0, x1, y1), canvas_px, min_px, has_middle)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["text"] = box
        y0 += top_h + canvas_px * 0.02
    if face.icon:
        box = (x0 + middle_inset, y0, x1 - middle_inset, y1)
        icons.icon(pen, box, face.icon, colours.fg, colours.bg)
        regions["icon"] = box
    elif face.figure:
        box = (x0, y0, x1, y1)
        block = text.fit(face.figure, box, weight="bold", min_px=min_px)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["figure"] = box
    return finish(canvas, px, blocks, regions, ss)


def _marker_lines(
    face: MarkerFace, layout: Layout, area: Box, canvas_px: int, min_px: int, has_middle: bool
) -> tuple[text.TextBlock, Box, float]:
    """A marker's words in the top of ``area``: the block, its box and its height.

    The given lines are a hint; words are re-wrapped to get the largest legible size. Long
    words take room from the icon until their capitals reach a legible height."""
    x0, y0, x1, y1 = area
    gap = layout["marker.line_gap"]
    shares = [layout["marker.text_share"] + step for step in (0.0, 0.08, 0.16)]
    for share in shares if has_middle else [1.0]:
        top_h = (y1 - y0) * share
        box = (x0, y0, x1, y0 + top_h)
        block = text.fit(
            " ".join(face.lines),
            box,
            weight="bold",
            max_cap=canvas_px * (0.17 if has_middle else 0.19),
            min_px=min_px,
            max_lines=2 if has_middle else 4,
            gap=gap,
        )
        if block.px * text.cap_ratio("bold") >= canvas_px * layout["marker.legible_cap"]:
            break
    return block, box, top_h


def _square_in(box, scale: float):
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0) * scale
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2


def render_marker(face: MarkerFace, px: int, art_dir: Path = ART_DIR):
    return draw_marker(face, px, art_dir).image
