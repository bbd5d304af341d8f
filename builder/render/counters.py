"""Unit counters drawn with Pillow, following USE's conventions (USE 4.1, 4.2).

Ground: NATO symbol in the centre, historical ID up the right edge. Naval: ship silhouette,
ID along the top. Air: aircraft silhouette, ID up the left edge. Country abbreviation at the
bottom; the reduced side has a stripe across it; elite star, upgrade mark (top left) and
what-if triangle when flagged; the back of a one-sided unit shows its type in words.

Everything is drawn ``supersample`` times larger and reduced with LANCZOS, so the same drawing
is crisp at screen size and at 300 dpi and more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PIL import Image, ImageDraw

from builder.render import symbols, text
from builder.render.canvas import DARK, Box, Rendered, blank, finish, fit_short
from builder.render.faces import CounterFace
from builder.render.stepped import draw_stepped_unit
from builder.render.style import ART_DIR, RGB, Layout, Scheme, contrast, load_layout, mix, scheme


class _Face:
    """A counter face being drawn: the supersampled canvas and its pen, the layout's sizes
    (``f(name)``, in canvas pixels), and the text blocks and regions drawn so far."""

    def __init__(self, px: int, layout: Layout, colours: Scheme, size: Callable[[str], float]) -> None:
        ss = layout.supersample
        self.px, self.ss, self.side, self.layout = px, ss, px * ss, layout
        self.colours = colours
        self.f = size
        self.e, self.pad = size("edge"), size("pad")
        self.canvas = blank(self.side, colours, self.e)
        self.pen = ImageDraw.Draw(self.canvas)
        self.blocks: list[text.TextBlock] = []
        self.regions: dict[str, Box] = {}
        self.lo, self.hi = self.e + self.pad, self.side - self.e - self.pad  # inner margins
        self.min_px = max(6, round(5 * ss))  # never smaller than ~5 px on the final image

    def text(self, block: text.TextBlock, ink: RGB) -> None:
        text.draw(self.canvas, block, ink)
        self.blocks.append(block)

    def finish(self) -> Rendered:
        return finish(self.canvas, self.px, self.blocks, self.regions, self.ss)


def _face(px: int, art_dir: Path, prefix: str, colours: Scheme) -> _Face:
    layout = load_layout(art_dir)
    canvas_px = px * layout.supersample

    def f(name: str) -> float:
        return layout[f"{prefix}.{name}"] * canvas_px

    return _Face(px, layout, colours, f)


def draw_unit(face: CounterFace, px: int, art_dir: Path = ART_DIR) -> Rendered:
    """Render one unit face as a ``px`` x ``px`` RGB image."""
    if face.style == "stepped":
        return draw_stepped_unit(face, px, art_dir)
    if face.factors is not None:
        return draw_factor_unit(face, px, art_dir)
    c = _face(px, art_dir, "unit", scheme(face.nation, art_dir))
    band_top = c.side - c.e - c.f("band")
    _abbrev_band(c, face, band_top)
    content = _id_and_content(c, face, band_top)
    if face.back_text is not None:
        cx0, cy0, cx1, cy1 = content
        block = text.fit(
            face.back_text,
            (cx0, cy0 + c.side * 0.06, cx1, cy1 - c.side * 0.04),
            weight="bold",
            max_cap=c.f("back_text"),
            min_px=c.min_px,
            max_lines=2,
        )
        c.text(block, c.colours.fg)
        c.regions["type"] = content
        return c.finish()
    _unit_symbol(c, face, content)
    _corner_marks(c, face, content)
    return c.finish()


def _abbrev_band(c: _Face, face: CounterFace, band_top: float) -> None:
    """The country abbreviation at the bottom, with the reduced side's stripe across it."""
    e, pad, lo, hi, canvas_px, f, colours = c.e, c.pad, c.lo, c.hi, c.side, c.f, c.colours
    abbrev_box = (lo, band_top + f("band") * 0.08, hi, canvas_px - e - pad * 0.5)
    if face.reduced:
        mid = (abbrev_box[1] + abbrev_box[3]) / 2
        stripe = (e, mid - f("stripe") / 2, canvas_px - e, mid + f("stripe") / 2)
        c.pen.rectangle(stripe, fill=colours.stripe)
        c.regions["stripe"] = stripe
        ink_abbrev = colours.stripe_fg
        abbrev_box = (lo, stripe[1] + canvas_px * 0.012, hi, stripe[3] - canvas_px * 0.012)
    else:
        ink_abbrev = colours.fg
    block = text.fit(face.abbrev, abbrev_box, weight="bold", max_cap=f("abbrev_text"), min_px=c.min_px)
    c.text(block, ink_abbrev)
    c.regions["abbrev"] = abbrev_box


def _id_and_content(c: _Face, face: CounterFace, band_top: float) -> Box:
    """The historical ID along its edge (ground: right, naval: top, air: left); the content
    area left for the symbol."""
    e, pad, lo, hi, canvas_px, f = c.e, c.pad, c.lo, c.hi, c.side, c.f
    strip = f("id_strip")
    content: Box
    if face.back_text is not None:
        content = (lo, lo, hi, band_top)
    elif face.kind == "ground":
        id_box = (canvas_px - e - strip, lo, canvas_px - e - pad * 0.6, band_top)
        content = (lo, lo, canvas_px - e - strip, band_top)
    elif face.kind == "naval":
        id_box = (lo, e + pad * 0.6, hi, e + strip)
        content = (lo, e + strip, hi, band_top)
    else:  # air
        id_box = (e + pad * 0.6, lo, e + strip, band_top)
        content = (e + strip, lo, hi, band_top)
    if face.back_text is None and face.ident:
        if face.kind == "naval":
            block = text.fit(face.ident, id_box, weight="semibold", max_cap=f("id_text"), min_px=c.min_px)
            text.draw(c.canvas, block, c.colours.fg)
        else:
            block = _side_id(c.canvas, face.ident, id_box, c.colours.fg, f("id_text"), c.min_px)
        c.blocks.append(block)
        c.regions["id"] = id_box
    return content


def _unit_symbol(c: _Face, face: CounterFace, content: Box) -> None:
    """The centre: the NATO symbol or the silhouette."""
    f, colours, pen = c.f, c.colours, c.pen
    cx0, cy0, cx1, cy1 = content
    mx, my = (cx0 + cx1) / 2, (cy0 + cy1) / 2
    if face.kind == "ground":
        w = min(f("symbol_w"), (cx1 - cx0) * 0.92)
        h = f("symbol_h")
        box = (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)
        symbols.nato(pen, box, face.unit_type, colours.fg, colours.fill, f("symbol_line"))
    else:
        w = min(f("silhouette_w"), (cx1 - cx0) * 0.9)
        h = min(f("silhouette_h"), (cy1 - cy0) * 0.9)
        box = (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)
        if face.kind == "air":
            symbols.aircraft(pen, box, face.unit_type, colours.fg, colours.bg)
        else:
            symbols.ship(pen, box, face.unit_type, colours.fg, colours.bg)
    c.regions["symbol"] = box


def _corner_marks(c: _Face, face: CounterFace, content: Box) -> None:
    """Upgrade (top left), elite star (top right), what-if triangle (bottom left)."""
    f, colours, pen = c.f, c.colours, c.pen
    cx0, cy0, cx1, cy1 = content
    m = f("mark")
    if face.upgrade:
        spot = (cx0, cy0, cx0 + m, cy0 + m)
        symbols.upgrade(pen, spot, colours.fg, colours.bg)
        c.regions["upgrade"] = spot
    if face.elite:
        spot = (cx1 - m, cy0, cx1, cy0 + m)
        symbols.star(pen, spot, colours.fg)
        c.regions["star"] = spot
    if face.what_if:
        spot = (cx0, cy1 - m, cx0 + m, cy1)
        symbols.triangle(pen, spot, colours.fg, max(1, round(f("symbol_line") * 0.9)))
        c.regions["what_if"] = spot


def draw_factor_unit(face: CounterFace, px: int, art_dir: Path = ART_DIR) -> Rendered:
    """A counter that prints its factors: abbreviation and label on top, the printed name
    under them, the symbol or silhouette (or the words of a state) in the middle, the
    factors across the bottom on the reduced side's stripe when reduced."""
    layout = load_layout(art_dir)
    colours = scheme(face.nation, art_dir)
    if face.damaged:  # a lighter background; dark ink where light ink would no longer read
        bg = mix(colours.bg, (255, 255, 255), layout["factors.damaged_tint"])
        fg = colours.fg if contrast(colours.fg, bg) >= 4.5 else DARK
        colours = replace(colours, bg=bg, fg=fg)
    c = _face(px, art_dir, "factors", colours)
    header_bottom, named_on_top = _factor_header(c, face)
    y = _name_line(c, face, header_bottom) if face.ident and not named_on_top else header_bottom
    band_top = _factor_band(c, face)
    content = (c.lo, y + c.side * 0.015, c.hi, band_top - c.side * 0.015)
    if face.words:
        block = text.fit(face.words, content, weight="bold", max_cap=c.f("words_text"), min_px=c.min_px, max_lines=3)
        c.text(block, c.colours.fg)
        c.regions["words"] = content
        return c.finish()
    _factor_symbol(c, face, content)
    return c.finish()


def _factor_header(c: _Face, face: CounterFace) -> tuple[float, bool]:
    """The top band: the abbreviation at the left, the type's label (or a land unit's name)
    at the right; its bottom, and whether the unit's name went there."""
    lo, hi, canvas_px, f, colours, min_px = c.lo, c.hi, c.side, c.f, c.colours, c.min_px
    top, header_bottom = lo, lo + f("header")
    right_text = face.label.upper() if face.label else (face.ident if face.kind == "ground" else "")
    share = c.layout["factors.abbrev_w"] if face.label else c.layout["factors.abbrev_w"] * 0.7
    split = lo + (hi - lo) * share
    named_on_top = bool(right_text) and not face.label
    if named_on_top:  # a land unit's name on top, unless it would be too small to read there
        trial = fit_short(
            right_text,
            (split + canvas_px * 0.02, top, hi, top + f("header")),
            weight="semibold",
            max_cap=f("header_text"),
            min_px=min_px,
        )
        if trial.lines != (right_text,) or trial.px * text.cap_ratio("semibold") < 0.75 * f("header_text"):
            right_text, named_on_top = "", False
    abbrev_box = (lo, top, split if right_text else hi, header_bottom)
    block = text.fit(face.abbrev, abbrev_box, weight="bold", max_cap=f("header_text"), min_px=min_px)
    block = _left(block)
    c.text(block, colours.fg)
    c.regions["abbrev"] = abbrev_box
    if right_text:
        label_box = (split + canvas_px * 0.02, top, hi, header_bottom)
        block = _right(
            fit_short(
                right_text,
                label_box,
                weight="bold" if face.label else "semibold",
                max_cap=f("header_text"),
                min_px=min_px,
            )
        )
        c.text(block, colours.fg)
        c.regions["label" if face.label else "id"] = label_box
    return header_bottom, named_on_top


def _name_line(c: _Face, face: CounterFace, y: float) -> float:
    """A ship's (or general's) name in a band of its own under the top band; where it ends."""
    lo, hi, f, min_px = c.lo, c.hi, c.f, c.min_px
    name_box = (lo, y, hi, y + f("name"))
    block = fit_short(face.ident, name_box, weight="semibold", max_cap=f("name_text"), min_px=min_px)
    if " " in face.ident and block.px * text.cap_ratio("semibold") < 0.8 * f("name_text"):
        # a long name reads better on two lines, taking room from the silhouette
        tall = (lo, y, hi, y + f("name") * 1.6)
        try:
            two = text.fit(
                face.ident, tall, weight="semibold", max_cap=f("name_text"), min_px=min_px, max_lines=2, gap=0.05
            )
        except text.TextFitError:
            two = block
        if two.px > block.px:
            block, name_box = two, tall
    c.text(block, c.colours.fg)
    c.regions["id"] = name_box
    return name_box[3]


def _factor_band(c: _Face, face: CounterFace) -> float:
    """The factors across the bottom, on the stripe when this is the reduced side; the top
    of the band (the inner margin when there are no factors)."""
    e, pad, lo, hi, canvas_px, f, colours = c.e, c.pad, c.lo, c.hi, c.side, c.f, c.colours
    band_top = canvas_px - e - pad * 0.5 - f("band") if face.factors else hi
    if face.factors:
        band = (lo, band_top, hi, canvas_px - e - pad * 0.5)
        ink = colours.fg
        if face.reduced:
            mid = (band[1] + band[3]) / 2
            stripe = (e, mid - f("stripe") / 2, canvas_px - e, min(canvas_px - e, mid + f("stripe") / 2))
            c.pen.rectangle(stripe, fill=colours.stripe)
            c.regions["stripe"] = stripe
            ink = colours.stripe_fg
        figures = any(ch.isdigit() for ch in face.factors)
        block = text.fit(
            face.factors,
            band,
            weight="bold",
            max_cap=f("factor_text" if figures else "words_text"),
            min_px=c.min_px,
            max_lines=1 if figures else 2,
        )
        c.text(block, ink)
        c.regions["factors"] = band
    return band_top


def _factor_symbol(c: _Face, face: CounterFace, content: Box) -> None:
    """The middle: the NATO symbol (a headquarters' frame on its staff) or the silhouette."""
    f, colours, pen = c.f, c.colours, c.pen
    cx0, cy0, cx1, cy1 = content
    mx, my = (cx0 + cx1) / 2, (cy0 + cy1) / 2
    if face.kind == "ground":
        staff = face.unit_type in symbols.STAFF  # a headquarters' frame stands on its staff
        w = min(f("symbol_w") * (0.8 if staff else 1.0), (cx1 - cx0) * 0.92)
        h = min(f("symbol_h") * (1.3 if staff else 1.0), (cy1 - cy0) * 0.92)
        box = (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)
        symbols.nato(pen, box, face.unit_type, colours.fg, colours.fill, f("symbol_line"))
    else:
        w = min(f("silhouette_w"), (cx1 - cx0) * 0.95)
        h = min(f("silhouette_h"), (cy1 - cy0) * 0.95)
        if face.kind == "naval":
            w = min(w, h * 2.4)
        box = (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)
        if face.kind == "air":
            symbols.aircraft(pen, box, face.unit_type, colours.fg, colours.bg)
        else:
            symbols.ship(pen, box, face.unit_type, colours.fg, colours.bg)
    c.regions["symbol"] = box


def _left(block: text.TextBlock) -> text.TextBlock:
    """The block moved to the left edge of its box (it is centred by fit)."""
    return _shifted(block, block.box[0] - min(b[0] for b in block.ink))


def _right(block: text.TextBlock) -> text.TextBlock:
    return _shifted(block, block.box[2] - max(b[2] for b in block.ink))


def _shifted(block: text.TextBlock, dx: float) -> text.TextBlock:
    return text.TextBlock(
        block.lines,
        block.weight,
        block.px,
        tuple((x + dx, y) for x, y in block.origins),
        tuple((a + dx, b, c + dx, d) for a, b, c, d in block.ink),
        block.box,
    )


def _side_id(canvas: Image.Image, ident: str, box: Box, colour, max_cap: float, min_px: int) -> text.TextBlock:
    """An ID along a side edge: turned to read upwards, except a short one ("1", "XIX") that
    stands upright at the top of the strip as large as turned, where it reads more easily."""
    x0, y0, x1, y1 = box
    turned = text.fit(ident, (0, 0, y1 - y0, x1 - x0), weight="semibold", max_cap=max_cap, min_px=min_px)
    try:
        upright = text.fit(ident, (x0, y0, x1, y0 + (x1 - x0) * 1.1), weight="semibold", max_cap=max_cap, min_px=min_px)
    except text.TextFitError:
        upright = None
    if upright is not None and upright.px >= turned.px * 0.75:
        text.draw(canvas, upright, colour)
        return upright
    return text.draw_rotated(canvas, ident, box, colour, weight="semibold", max_cap=max_cap, min_px=min_px)


def render_counter(face: CounterFace, px: int, art_dir: Path = ART_DIR) -> Image.Image:
    return draw_unit(face, px, art_dir).image


def screen_px(layout: Layout | None = None) -> int:
    """The module's counter size in pixels, from art/counters.toml."""
    from builder.render.style import pixels

    layout = layout or load_layout()
    return pixels(inch=layout.screen_inch, dpi=layout.screen_dpi)


def print_px(layout: Layout | None = None) -> int:
    from builder.render.style import pixels

    layout = layout or load_layout()
    return pixels(inch=layout.print_inch, dpi=layout.print_dpi)
