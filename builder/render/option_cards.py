"""Option cards drawn with Pillow: a game's cards as the module shows them (card number, war
state band, Blitz bolts, rearmament and recyclable marks, production value, name, selection
requirements and effect in our words), a blank template for a card whose text is not known,
and the back every card of a faction's deck shows while face down.

The layout is data (art/cards.toml); long text is wrapped greedily at the largest size that
fits, down to a floor, so every card reads at the module's size.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from builder.render import icons, text
from builder.render.style import ART_DIR, RGB, contrast, scheme
from records import frozen
from wargame.errors import DataError

PAPER: RGB = (250, 247, 238)
INK: RGB = (24, 24, 24)
TEMPLATE: RGB = (150, 150, 150)


@frozen
class CardFace:
    """What one card shows: the renderer's own input (an adapter makes it from a content Card)."""

    faction: str  # the faction's name, printed at the foot
    scheme: str  # the faction's colour scheme (the back; the foot's ink)
    number: str
    name: str
    state: str  # the war state's label ("Limited War"); "" for a template of unknown state
    colour: RGB  # the war state's colour
    blitz: int = 0
    rearmament: bool = False
    recyclable: bool = False
    production: int | None = None
    requires: str = ""
    actions: str = ""
    template: bool = False
    note: str = ""  # the small print at the foot ("our words; see 16.2.1")


@frozen
class CardLayout:
    width: int
    height: int
    supersample: int
    values: dict[str, float]

    def __getitem__(self, name: str) -> float:
        return self.values[name]


@lru_cache(maxsize=2)
def card_layout(art_dir: Path = ART_DIR) -> CardLayout:
    path = art_dir / "cards.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        size = data["sizes"]["screen"]
        values = {k: float(v) for k, v in data["card"].items()}
        return CardLayout(
            int(size["width"]), int(size["height"]), int(data.get("render", {}).get("supersample", 3)), values
        )
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise DataError(f"not a card layout ({exc})", str(path)) from None


def _wrap(words: str, width: float, weight: str, px: int) -> list[str]:
    """Greedy line breaking at spaces for one font size."""
    lines: list[str] = []
    line = ""
    face = text.font(weight, px)
    for word in words.split():
        trial = f"{line} {word}" if line else word
        if not line or face.getlength(trial) <= width:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _paragraph(
    canvas: Image.Image,
    words: str,
    box: tuple[float, float, float, float],
    ink: RGB,
    *,
    max_cap: float,
    min_cap: float,
    weight: str = "semibold",
) -> float:
    """Draw wrapped text from the top of the box at the largest size that fits; the height used."""
    x0, y0, x1, y1 = box
    ratio = text.cap_ratio(weight)
    px = int(max_cap / ratio)
    floor = max(6, int(min_cap / ratio))
    while True:
        lines = _wrap(words, x1 - x0, weight, px)
        step = px * 1.12
        if len(lines) * step <= y1 - y0 or px <= floor:
            break
        px -= 1
    face = text.font(weight, px)
    pen = ImageDraw.Draw(canvas)
    y = y0 + px * 0.85
    for line in lines:
        if y > y1:
            break  # the floor reached and the box full: the rest is cut (a test catches it)
        pen.text((x0, y), line, font=face, fill=ink, anchor="ls")
        y += px * 1.12
    return min(y1, y - px * 0.85) - y0


def draw_card(face: CardFace, art_dir: Path = ART_DIR) -> Image.Image:
    """The card's face at the module's size."""
    layout = card_layout(art_dir)
    ss = layout.supersample
    width_px, height_px = layout.width * ss, layout.height * ss

    def f(name: str) -> float:
        return layout[name] * width_px

    canvas = Image.new("RGB", (width_px, height_px), (60, 60, 60))
    pen = ImageDraw.Draw(canvas)
    e, pad = max(1, round(f("edge"))), f("pad")
    pen.rectangle((e, e, width_px - 1 - e, height_px - 1 - e), fill=PAPER)
    colour = face.colour if not face.template or face.state else TEMPLATE
    band = (e, e, width_px - e, e + f("band"))
    pen.rectangle(band, fill=colour)
    band_ink: RGB = (255, 255, 255) if contrast((255, 255, 255), colour) >= 3 else INK
    x0, x1 = e + pad, width_px - e - pad
    if face.number:
        block = text.fit(
            face.number,
            (x0, band[1] + pad * 0.6, x0 + width_px * 0.4, band[3] - pad * 0.6),
            weight="bold",
            max_cap=f("number_text"),
        )
        block = _left(block)
        text.draw(canvas, block, band_ink)
    state = (face.state or "war state ?").upper()
    block = text.fit(
        state,
        (x0 + width_px * 0.4, band[1] + pad * 0.6, x1, band[3] - pad * 0.6),
        weight="bold",
        max_cap=f("state_text"),
    )
    text.draw(canvas, _right(block), band_ink)
    y = band[3] + pad * 0.4
    marks_h = f("marks")
    marks = _marks(face)
    if marks:
        x = x0
        for mark in marks:
            spot = (x, y, x + marks_h, y + marks_h)
            if mark.isdigit():  # a production value in a black circle
                pen.ellipse(spot, fill=INK)
                inner = (
                    spot[0] + marks_h * 0.2,
                    spot[1] + marks_h * 0.2,
                    spot[2] - marks_h * 0.2,
                    spot[3] - marks_h * 0.2,
                )
                text.draw(canvas, text.fit(mark, inner, weight="bold"), PAPER)
            else:
                icons.icon(pen, spot, mark, INK, PAPER)
            x += marks_h * 1.15
        y += marks_h + pad * 0.3
    name_box = (x0, y, x1, y + f("name_box"))
    block = text.fit(face.name, name_box, weight="bold", max_cap=f("name_text"), max_lines=2, gap=0.08)
    text.draw(canvas, _flush_left(block), INK)
    y = name_box[3] + pad * 0.5
    foot_top = height_px - e - f("footer")
    body = (x0, y, x1, foot_top - pad * 0.3)
    if face.template:
        _template_body(canvas, pen, face, body, f)
    else:
        words = " ".join(p for p in (f"Requires: {face.requires}" if face.requires else "", face.actions) if p)
        _paragraph(canvas, words, body, INK, max_cap=f("body_text"), min_cap=f("min_body_text"))
    foot = f"{face.faction} option card" + (f" \u00b7 {face.note}" if face.note else "")
    block = text.fit(
        foot,
        (x0, foot_top, x1, height_px - e - pad * 0.4),
        weight="semibold",
        max_cap=f("min_body_text") * 1.1,
        min_px=5,
    )
    text.draw(canvas, _left(block), scheme(face.scheme, art_dir).edge)
    return canvas.resize((layout.width, layout.height), Image.Resampling.LANCZOS, reducing_gap=2.0)


def _template_body(canvas, pen, face: CardFace, body, f) -> None:
    """A template: the word TEMPLATE and ruled lines where the printed card's text goes."""
    x0, y0, x1, y1 = body
    if face.requires:  # what the rules say about it, above the blank
        y0 += (
            _paragraph(
                canvas,
                f"Requires: {face.requires}",
                (x0, y0, x1, y0 + (y1 - y0) * 0.35),
                INK,
                max_cap=f("body_text"),
                min_cap=f("min_body_text"),
            )
            + f("pad") * 0.5
        )
    block = text.fit("TEMPLATE", (x0, y0, x1, y0 + (y1 - y0) * 0.28), weight="bold")
    text.draw(canvas, block, TEMPLATE)
    note = "Its text is printed on the published card, not in the rulebook: fill it in from the card."
    used = _paragraph(
        canvas,
        note,
        (x0, y0 + (y1 - y0) * 0.32, x1, y0 + (y1 - y0) * 0.6),
        TEMPLATE,
        max_cap=f("body_text"),
        min_cap=f("min_body_text"),
    )
    y = y0 + (y1 - y0) * 0.32 + used + f("pad")
    w = max(1, round(f("edge")))
    while y < y1:
        pen.line([(x0, y), (x1, y)], fill=TEMPLATE, width=w)
        y += f("body_text") * 2.2


def _marks(face: CardFace) -> list[str]:
    """The marks under the band: a bolt per Blitz Value, a factory for rearmament, arrows for
    a recyclable card, the production value as a figure."""
    marks = ["bolt"] * face.blitz
    if face.rearmament:
        marks.append("factory")
    if face.recyclable:
        marks.append("recycle")
    if face.production is not None:
        marks.append(str(face.production))
    return marks


def draw_card_back(
    faction: str, scheme_key: str, title: str, emblem: str | None, art_dir: Path = ART_DIR
) -> Image.Image:
    """What every card of a faction's deck shows face down: the faction's colour and name."""
    layout = card_layout(art_dir)
    ss = layout.supersample
    width_px, height_px = layout.width * ss, layout.height * ss
    colours = scheme(scheme_key, art_dir)
    canvas = Image.new("RGB", (width_px, height_px), colours.edge)
    pen = ImageDraw.Draw(canvas)
    e = max(1, round(layout["edge"] * width_px))
    pen.rectangle((e, e, width_px - 1 - e, height_px - 1 - e), fill=colours.bg)
    inset = width_px * 0.08
    pen.rectangle(
        (inset, inset, width_px - inset, height_px - inset), outline=colours.fg, width=max(1, round(width_px * 0.012))
    )
    if emblem:
        side = width_px * 0.42
        icons.icon(
            pen,
            ((width_px - side) / 2, height_px * 0.22, (width_px + side) / 2, height_px * 0.22 + side),
            emblem,
            colours.fg,
            colours.bg,
        )
    block = text.fit(
        faction.upper(), (inset * 1.5, height_px * 0.58, width_px - inset * 1.5, height_px * 0.7), weight="bold"
    )
    text.draw(canvas, block, colours.fg)
    block = text.fit(
        title.upper(), (inset * 1.5, height_px * 0.72, width_px - inset * 1.5, height_px * 0.8), weight="semibold"
    )
    text.draw(canvas, block, colours.fg)
    return canvas.resize((layout.width, layout.height), Image.Resampling.LANCZOS, reducing_gap=2.0)


def _flush_left(block: text.TextBlock) -> text.TextBlock:
    """Every line of the block against the left edge of its box (fit centres each line)."""
    origins, inks = [], []
    for (x, y), (a, b, c, d) in zip(block.origins, block.ink):
        dx = block.box[0] - a
        origins.append((x + dx, y))
        inks.append((a + dx, b, c + dx, d))
    return text.TextBlock(block.lines, block.weight, block.px, tuple(origins), tuple(inks), block.box)


def _left(block: text.TextBlock) -> text.TextBlock:
    dx = block.box[0] - min(b[0] for b in block.ink)
    return _moved(block, dx)


def _right(block: text.TextBlock) -> text.TextBlock:
    dx = block.box[2] - max(b[2] for b in block.ink)
    return _moved(block, dx)


def _moved(block: text.TextBlock, dx: float) -> text.TextBlock:
    return text.TextBlock(
        block.lines,
        block.weight,
        block.px,
        tuple((x + dx, y) for x, y in block.origins),
        tuple((a + dx, b, c + dx, d) for a, b, c, d in block.ink),
        block.box,
    )
