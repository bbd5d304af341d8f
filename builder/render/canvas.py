"""The supersampled canvas a counter face is drawn on and what a drawing hands back: a blank
face with its cut edge, the reduction to the final size with every text block and region
converted to final pixels (Rendered), and text fitted to a small box by shortening a name."""

from __future__ import annotations

from PIL import Image, ImageDraw

from builder.render import text
from builder.render.style import Scheme
from records import frozen

DARK = (20, 20, 20)

Box = tuple[float, float, float, float]


@frozen
class Rendered:
    """A drawn face and where things went (final-pixel boxes), so tests can check them."""

    image: Image.Image
    texts: tuple[text.TextBlock, ...]  # text blocks, in final pixels
    regions: dict[str, Box]  # named areas: "id", "abbrev", "stripe", "star", ...


def _scaled_block(block: text.TextBlock, factor: float) -> text.TextBlock:
    def sc(b: Box) -> Box:
        return tuple(v / factor for v in b)  # type: ignore[return-value]

    return text.TextBlock(
        block.lines,
        block.weight,
        block.px,
        tuple((x / factor, y / factor) for x, y in block.origins),
        tuple(sc(b) for b in block.ink),
        sc(block.box),
    )


def finish(canvas: Image.Image, px: int, blocks: list[text.TextBlock], regions: dict[str, Box], ss: int) -> Rendered:
    """Reduce the supersampled canvas to ``px`` and convert the record to final pixels."""
    # reducing_gap: a box reduction by 2 first, then LANCZOS; same look, a third of the time.
    image = canvas.resize((px, px), Image.Resampling.LANCZOS, reducing_gap=2.0) if ss > 1 else canvas
    factor = canvas.width / px
    return Rendered(
        image,
        tuple(_scaled_block(b, factor) for b in blocks),
        {k: (box[0] / factor, box[1] / factor, box[2] / factor, box[3] / factor) for k, box in regions.items()},
    )


def blank(side: int, colours: Scheme, edge: float) -> Image.Image:
    """Background with the outline that reads as the counter's cut edge."""
    canvas = Image.new("RGB", (side, side), colours.edge)
    e = max(1, round(edge))
    ImageDraw.Draw(canvas).rectangle((e, e, side - 1 - e, side - 1 - e), fill=colours.bg)
    return canvas


def fit_short(words: str, box: Box, **options) -> text.TextBlock:
    """Text fitted to its box; a name too long for a small counter loses letters from its
    longest word, marked with a full stop ("Chernyakh."), rather than failing."""
    try:
        return text.fit(words, box, **options)
    except text.TextFitError:
        parts = words.split()
        while True:
            longest = max(range(len(parts)), key=lambda i: len(parts[i].rstrip(".")))
            stem = parts[longest].rstrip(".")
            if len(stem) <= 2:
                raise
            parts[longest] = stem[:-1] + "."
            try:
                return text.fit(" ".join(parts), box, **options)
            except text.TextFitError:
                continue
