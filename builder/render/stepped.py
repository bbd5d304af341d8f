"""Counters that print their steps, size and codes besides their factors (a game whose units
are armies and corps that lose steps: "8-6-4" across the bottom, three dots top right).

Ground unit: the top band holds the reinforcement code (left), the organisation size (centre)
and the step pips (right: dots, or squares for units that cannot organise); on a unit with a
delay stripe the band is the stripe. The middle holds the unit-type symbol with the
nationality ID to its left and the historical ID to its right, the range in a ring under the
ID; the factors run along the bottom. The symbol's frame is filled white for a colonial unit
and in the elite colour for an elite one.

Support unit (air, fleet): the same top band; the silhouette and its name in the middle; along
the bottom its range in a ring, the arrow that says whether it contests placement and its die
roll modifier in a square. A back that is a marker (a Detachment, an Escort Troop Convoy, a
Devastation) shows its icon and words on the unit's colours.

Proportions are art/counters.toml [stepped]; tint colours are the schemes "elite" and
"colonial" of art/markers.toml.
"""

from __future__ import annotations

from pathlib import Path

from PIL import ImageDraw

from builder.render import icons, symbols, text
from builder.render.canvas import DARK, Box, Rendered, blank, finish, fit_short
from builder.render.faces import CounterFace
from builder.render.style import ART_DIR, Scheme, contrast, load_layout, scheme


def draw_stepped_unit(face: CounterFace, px: int, art_dir: Path = ART_DIR) -> Rendered:
    """One face of a counter in the stepped layout, ``px`` pixels square."""
    layout = load_layout(art_dir)
    colours = scheme(face.nation, art_dir)
    ss = layout.supersample
    canvas_px = px * ss

    def f(name: str) -> float:
        return layout[f"stepped.{name}"] * canvas_px

    e, pad = f("edge"), f("pad")
    canvas = blank(canvas_px, colours, e)
    pen = ImageDraw.Draw(canvas)
    blocks: list[text.TextBlock] = []
    regions: dict[str, Box] = {}
    lo, hi = e + pad, canvas_px - e - pad
    min_px = max(6, round(5 * ss))
    top_bottom = lo + f("top")

    # Top band: the delay stripe behind code, size and steps.
    ink_top = colours.fg
    if face.delay:
        stripe = (e, e, canvas_px - e, top_bottom + pad * 0.4)
        pen.rectangle(stripe, fill=colours.stripe)
        regions["delay"] = stripe
        ink_top = colours.stripe_fg
    third = (hi - lo) / 3
    if face.code:
        box = (lo, lo, lo + third * 1.05, top_bottom)
        block = text.fit(face.code, box, weight="bold", max_cap=f("code_text"), min_px=min_px)
        block = _left(block)
        text.draw(canvas, block, ink_top)
        blocks.append(block)
        regions["code"] = box
    if face.steps:
        regions["steps"] = _pips(pen, face.steps, face.step_mark, (hi - third, lo, hi, top_bottom), f("pip"), ink_top)

    band_top = canvas_px - e - pad * 0.5 - f("band")
    if face.words and face.factors is None and face.icon is None and (face.kind == "ground" or not face.ident):
        # a back that is no unit side: its words alone (a blank back, a garrison's hex)
        box = (lo, top_bottom + pad, hi, canvas_px - e - pad)
        block = text.fit(face.words, box, weight="bold", max_cap=f("words_text") * 1.2, min_px=min_px, max_lines=3)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["words"] = box
        return finish(canvas, px, blocks, regions, ss)
    if face.icon is not None:  # a back that is a marker: its icon and its words
        _marker_back(
            canvas, pen, face, colours, (lo, top_bottom, hi, canvas_px - e - pad * 0.5), f, min_px, blocks, regions
        )
        return finish(canvas, px, blocks, regions, ss)
    if face.kind == "ground":
        _ground_middle(canvas, pen, face, colours, (lo, top_bottom, hi, band_top), f, min_px, blocks, regions, art_dir)
        band = (lo, band_top, hi, canvas_px - e - pad * 0.5)
        if face.factors:
            block = text.fit(face.factors, band, weight="bold", max_cap=f("factor_text"), min_px=min_px)
            text.draw(canvas, block, colours.fg)
            blocks.append(block)
            regions["factors"] = band
        elif face.words:
            block = text.fit(face.words, band, weight="bold", max_cap=f("words_text"), min_px=min_px, max_lines=2)
            text.draw(canvas, block, colours.fg)
            blocks.append(block)
            regions["words"] = band
        return finish(canvas, px, blocks, regions, ss)
    _support(canvas, pen, face, colours, (lo, top_bottom, hi, canvas_px - e - pad * 0.5), f, min_px, blocks, regions)
    return finish(canvas, px, blocks, regions, ss)


def _pips(pen: ImageDraw.ImageDraw, steps: int, mark: str, box: Box, size: float, ink) -> Box:
    """Step pips right-aligned in the box: dots, or open squares for units that cannot organise."""
    _x0, y0, x1, y1 = box
    gap = size * 0.45
    width = steps * size + (steps - 1) * gap
    cy = (y0 + y1) / 2
    right = x1
    left = right - width
    w = max(1, round(size * 0.16))
    for i in range(steps):
        a = left + i * (size + gap)
        shape = (a, cy - size / 2, a + size, cy + size / 2)
        if mark == "square":
            pen.rectangle(shape, outline=ink, width=w)
        else:
            pen.ellipse(shape, fill=ink)
    return left, cy - size / 2, right, cy + size / 2


def _tinted(face: CounterFace, colours: Scheme, art_dir: Path) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(ink, fill) of the type symbol: the counter's own colours, or white for a colonial
    unit and the elite colour for an elite one, with dark ink where light ink would not read."""
    if not face.tint:
        return colours.fg, colours.bg
    fill = scheme(face.tint, art_dir).fill
    ink = colours.fg if contrast(colours.fg, fill) >= 3 else DARK
    return ink, fill


def _ground_middle(
    canvas,
    pen,
    face: CounterFace,
    colours: Scheme,
    area: Box,
    f,
    min_px: int,
    blocks: list,
    regions: dict,
    art_dir: Path,
) -> None:
    """The type symbol, the nationality ID at its left, the historical ID and range at its right."""
    x0, y0, x1, y1 = area
    if face.size:  # the organisation size over the symbol
        size_box = (x0 + (x1 - x0) * 0.2, y0, x1 - (x1 - x0) * 0.2, y0 + f("size_band"))
        block = text.fit(face.size, size_box, weight="bold", max_cap=f("size_text"), min_px=min_px)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["size"] = size_box
        y0 = size_box[3]
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    staff = face.unit_type in symbols.STAFF
    w = min(f("symbol_w") * (0.82 if staff else 1.0), (x1 - x0) * 0.6)
    h = min(f("symbol_h") * (1.3 if staff else 1.0), (y1 - y0) * 0.9)
    box = (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)
    ink, fill = _tinted(face, colours, art_dir)
    symbols.nato(pen, box, face.unit_type, ink, fill, f("symbol_line"))
    regions["symbol"] = box
    side_gap = f("pad") * 0.5
    if face.abbrev:
        nat_box = (x0, y0, box[0] - side_gap, y1)
        block = _fit_side(face.abbrev, nat_box, f("side_text"), min_px, lines=1)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["abbrev"] = nat_box
    right = (box[2] + side_gap, y0, x1, y1)
    if face.ident:
        id_box = (right[0], y0, x1, my + (y1 - y0) * 0.08 if face.range else y1)
        block = _fit_side(face.ident, id_box, f("side_text"), min_px)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["id"] = id_box
    if face.range:
        ring_box = (right[0], my + (y1 - y0) * 0.08, x1, y1)
        regions["range"] = _ring(canvas, pen, face.range, ring_box, f("ring"), colours.fg, colours.bg, min_px, blocks)


def _fit_side(words: str, box: Box, max_cap: float, min_px: int, lines: int = 2) -> text.TextBlock:
    """A short ID beside the symbol: upright, on two lines if it has two words."""
    try:
        return text.fit(words, box, weight="bold", max_cap=max_cap, min_px=min_px, max_lines=lines, gap=0.1)
    except text.TextFitError:
        return fit_short(words, box, weight="bold", max_cap=max_cap, min_px=min_px)


def _ring(canvas, pen, figure: str, box: Box, size: float, ink, bg, min_px: int, blocks: list) -> Box:
    """A figure (a range) in a ring, centred in the box."""
    x0, y0, x1, y1 = box
    d = min(size, x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ring = (cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2)
    inner = (ring[0] + d * 0.18, ring[1] + d * 0.2, ring[2] - d * 0.18, ring[3] - d * 0.2)
    try:
        block = text.fit(figure, inner, weight="bold", min_px=min_px)
    except text.TextFitError:  # too small a counter for the ring: the figure alone
        block = text.fit(figure, box, weight="bold", min_px=min_px)
        text.draw(canvas, block, ink)
        blocks.append(block)
        return ring
    pen.ellipse(ring, fill=ink)
    text.draw(canvas, block, bg)
    blocks.append(block)
    return ring


def _support(
    canvas,
    pen,
    face: CounterFace,
    colours: Scheme,
    area: Box,
    f,
    min_px: int,
    blocks: list,
    regions: dict,
) -> None:
    """An air or fleet unit: silhouette, name under it, range, arrow and DRM along the bottom."""
    x0, y0, x1, y1 = area
    band = f("band") * 0.9
    name_h = f("name")
    bottom = (x0, y1 - band, x1, y1)
    name_box = (x0, bottom[1] - name_h, x1, bottom[1])
    shape_box = (x0, y0, x1, name_box[1] if face.ident else bottom[1])
    w = min(f("silhouette_w"), (shape_box[2] - shape_box[0]) * 0.95)
    h = min(f("silhouette_h"), (shape_box[3] - shape_box[1]) * 0.95)
    if face.kind == "naval":
        w = min(w, h * 2.4)
    mx, my = (shape_box[0] + shape_box[2]) / 2, (shape_box[1] + shape_box[3]) / 2
    box = (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)
    if face.kind == "air":
        symbols.aircraft(pen, box, face.unit_type, colours.fg, colours.bg)
    else:
        symbols.ship(pen, box, face.unit_type, colours.fg, colours.bg)
    regions["symbol"] = box
    if face.ident:
        block = fit_short(face.ident, name_box, weight="bold", max_cap=f("name_text"), min_px=min_px)
        text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["id"] = name_box
    third = (x1 - x0) / 3
    if face.range:
        regions["range"] = _ring(
            canvas, pen, face.range, (x0, bottom[1], x0 + third, y1), f("ring"), colours.fg, colours.bg, min_px, blocks
        )
    if face.arrow:
        spot = (x0 + third, bottom[1], x1 - third, y1)
        icons.icon(pen, _centred(spot, f("ring")), f"{face.arrow}-arrow", colours.fg, colours.bg)
        regions["arrow"] = spot
    if face.drm:
        cell = (x1 - third, bottom[1], x1, y1)
        spot = _centred(cell, f("ring"))
        inner = (
            spot[0] + (spot[2] - spot[0]) * 0.1,
            spot[1] + (spot[3] - spot[1]) * 0.16,
            spot[2] - (spot[2] - spot[0]) * 0.1,
            spot[3] - (spot[3] - spot[1]) * 0.16,
        )
        figure = face.drm.replace("-", "\u2212")
        try:
            block = text.fit(figure, inner, weight="bold", min_px=min_px)
            pen.rectangle(spot, fill=colours.fg)
            text.draw(canvas, block, colours.bg)
        except text.TextFitError:  # too small a counter for the square: the figure alone
            block = text.fit(figure, cell, weight="bold", min_px=min_px)
            text.draw(canvas, block, colours.fg)
        blocks.append(block)
        regions["drm"] = spot


def _marker_back(
    canvas,
    pen,
    face: CounterFace,
    colours: Scheme,
    area: Box,
    f,
    min_px: int,
    blocks: list,
    regions: dict,
) -> None:
    """A back that is a marker: its icon over its words, and its range when it prints one."""
    x0, y0, x1, y1 = area
    words_h = (y1 - y0) * 0.38
    icon_box = _centred((x0, y0, x1, y1 - words_h), min(x1 - x0, y1 - words_h - y0) * 0.92)
    icons.icon(pen, icon_box, face.icon or "", colours.fg, colours.bg)
    regions["icon"] = icon_box
    words_box = (x0, y1 - words_h, x1 - (f("ring") if face.range else 0), y1)
    block = text.fit(
        face.words or "", words_box, weight="bold", max_cap=f("words_text"), min_px=min_px, max_lines=2, gap=0.08
    )
    text.draw(canvas, block, colours.fg)
    blocks.append(block)
    regions["words"] = words_box
    if face.range:
        regions["range"] = _ring(
            canvas,
            pen,
            face.range,
            (x1 - f("ring"), y1 - words_h, x1, y1),
            f("ring"),
            colours.fg,
            colours.bg,
            min_px,
            blocks,
        )


def _centred(box: Box, size: float) -> Box:
    x0, y0, x1, y1 = box
    d = min(size, x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2


def _left(block: text.TextBlock) -> text.TextBlock:
    dx = block.box[0] - min(b[0] for b in block.ink)
    return text.TextBlock(
        block.lines,
        block.weight,
        block.px,
        tuple((x + dx, y) for x, y in block.origins),
        tuple((a + dx, b, c + dx, d) for a, b, c, d in block.ink),
        block.box,
    )
