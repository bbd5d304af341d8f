"""Text fitted into boxes with the project's font: as large as allowed, never clipped.

Sizes are searched on the real glyph outlines (ink bounding boxes), so a fitted block is
guaranteed to lie inside its box; when even the smallest size does not fit, the caller gets a
``TextFitError`` instead of a silently clipped counter.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, pairwise

from PIL import Image, ImageDraw, ImageFont

from builder.render.style import ART_DIR, RGB
from records import frozen

FONTS = {
    "bold": "BarlowCondensed-Bold.ttf",
    "semibold": "BarlowCondensed-SemiBold.ttf",
}

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


class TextFitError(ValueError):
    """Text that cannot be drawn inside its box at the smallest allowed size."""


@lru_cache(maxsize=1024)
def font(weight: str, px: int) -> ImageFont.FreeTypeFont:
    try:
        name = FONTS[weight]
    except KeyError:
        raise ValueError(f"unknown font weight {weight!r}; known: {', '.join(FONTS)}") from None
    return ImageFont.truetype(str(ART_DIR / "fonts" / name), px)


@lru_cache(maxsize=8)
def cap_ratio(weight: str) -> float:
    """Height of a capital H as a fraction of the font size, to size text by cap height."""
    _left, top, _right, bottom = font(weight, 1000).getbbox("H", anchor="ls")
    return (bottom - top) / 1000


@lru_cache(maxsize=8192)
def _ink(line: str, weight: str, px: int) -> Box:
    return font(weight, px).getbbox(line, anchor="ls")


@frozen
class TextBlock:
    """Lines placed in a box: baseline origins (anchor "ls") and the ink box of each line."""

    lines: tuple[str, ...]
    weight: str
    px: int
    origins: tuple[tuple[float, float], ...]
    ink: tuple[Box, ...]
    box: Box

    @property
    def bbox(self) -> Box:
        return (
            min(b[0] for b in self.ink),
            min(b[1] for b in self.ink),
            max(b[2] for b in self.ink),
            max(b[3] for b in self.ink),
        )


def _measure(lines: tuple[str, ...], weight: str, px: int, gap: float) -> tuple[float, float]:
    inks = [_ink(line, weight, px) for line in lines]
    width = max(b[2] - b[0] for b in inks)
    height = sum(b[3] - b[1] for b in inks) + gap * px * (len(lines) - 1)
    return width, height


def _largest(
    lines: tuple[str, ...], weight: str, width: float, height: float, lo: int, hi: int, gap: float
) -> int | None:
    """Largest size in [lo, hi] at which the lines fit.

    Ink grows in proportion to the size, so one measurement at a reference size gives a close
    guess; exact measurements then walk from the guess to the true limit (a step or two).
    """

    def fits(px: int) -> bool:
        w, h = _measure(lines, weight, px, gap)
        return w <= width and h <= height

    if hi < lo:
        return None
    ref = 256
    w, h = _measure(lines, weight, ref, gap)
    guess = int(ref * min(width / w if w else hi, height / h if h else hi))
    px = max(lo, min(hi, guess))
    if fits(px):
        while px < hi and fits(px + 1):
            px += 1
        return px
    while px > lo:
        px -= 1
        if fits(px):
            return px
    return None


def _tokens(text: str) -> list[tuple[str, str]]:
    """Pieces a line may break between, each with the glue that joins it to the one before:
    a space between words, nothing after a hyphen ("ALSACE-" + "LORRAINE")."""
    pieces: list[tuple[str, str]] = []
    for word in text.split():
        parts = word.split("-")
        for i, part in enumerate(parts):
            piece = part + ("-" if i < len(parts) - 1 else "")
            if piece:
                pieces.append((piece, " " if i == 0 else ""))
    return pieces


def _splits(tokens: list[tuple[str, str]], count: int) -> list[tuple[str, ...]]:
    """Every way to cut the pieces into ``count`` consecutive lines."""
    if count > len(tokens):
        return []
    result = []
    for cuts in combinations(range(1, len(tokens)), count - 1):
        bounds = (0, *cuts, len(tokens))
        lines = []
        for a, b in pairwise(bounds):
            lines.append(
                "".join((glue if i > a else "") + piece for i, (piece, glue) in enumerate(tokens[a:b], start=a))
            )
        result.append(tuple(lines))
    return result


def fit(
    text: str | tuple[str, ...],
    box: Box,
    *,
    weight: str = "bold",
    max_cap: float | None = None,
    min_px: int = 6,
    max_lines: int = 1,
    gap: float = 0.16,
) -> TextBlock:
    """Place text as large as possible inside ``box``, centred on its ink.

    ``text`` as a tuple keeps its lines; as a string it may be wrapped at spaces into up to
    ``max_lines`` lines, choosing the wrap that allows the largest size. ``max_cap`` caps the
    height of capitals (pixels) so short words do not balloon.
    """
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    if width <= 0 or height <= 0:
        raise TextFitError(f"empty box {box} for text {text!r}")
    hi = int(height / cap_ratio(weight)) + 1
    if max_cap is not None:
        hi = min(hi, max(min_px, int(max_cap / cap_ratio(weight))))
    if isinstance(text, tuple):
        candidates = [text]
    else:
        tokens = _tokens(text)
        candidates = [c for n in range(1, max_lines + 1) for c in _splits(tokens, n)] or [(text,)]
    best: tuple[int, tuple[str, ...]] | None = None
    for lines in candidates:
        px = _largest(lines, weight, width, height, min_px, hi, gap)
        if px is not None and (best is None or px > best[0]):
            best = (px, lines)
    if best is None:
        raise TextFitError(f"text {text!r} does not fit a {width:.0f}x{height:.0f} px box even at {min_px} px")
    px, lines = best
    _, total = _measure(lines, weight, px, gap)
    y = y0 + (height - total) / 2
    origins, inks = [], []
    for line in lines:
        left, top, right, bottom = _ink(line, weight, px)
        ox = x0 + (width - (right - left)) / 2 - left
        oy = y - top
        origins.append((ox, oy))
        inks.append((ox + left, oy + top, ox + right, oy + bottom))
        y += (bottom - top) + gap * px
    return TextBlock(tuple(lines), weight, px, tuple(origins), tuple(inks), box)


def fit_all(texts: Sequence[str | tuple[str, ...]], boxes: Sequence[Box], **options) -> list[TextBlock]:
    """Fit several texts at one common size, the largest at which every one fits its box, so
    a column of labels reads as one set rather than each line at its own size."""
    weight = options.get("weight", "bold")
    first = [fit(t, b, **options) for t, b in zip(texts, boxes, strict=True)]
    if not first:
        return []
    common_cap = min(block.px for block in first) * cap_ratio(weight)
    cap = min(common_cap, options.pop("max_cap", common_cap))
    return [fit(t, b, max_cap=cap, **options) for t, b in zip(texts, boxes)]


def draw(image: Image.Image, block: TextBlock, colour: RGB | int) -> None:
    """``colour``: an RGB ink, or a grey level on a one-band image (a mask)."""
    pen = ImageDraw.Draw(image)
    face = font(block.weight, block.px)
    for line, origin in zip(block.lines, block.origins):
        pen.text(origin, line, font=face, fill=colour, anchor="ls")


def draw_rotated(
    image: Image.Image,
    text: str,
    box: Box,
    colour: RGB,
    *,
    weight: str,
    max_cap: float | None,
    min_px: int,
    clockwise: bool = False,
) -> TextBlock:
    """Text reading along a vertical box (bottom to top, or top to bottom if ``clockwise``).

    Returns the block with its ink box turned into the image's coordinates, for checks.
    """
    x0, y0, x1, y1 = box
    w, h = round(x1 - x0), round(y1 - y0)
    local = fit(text, (0, 0, h, w), weight=weight, max_cap=max_cap, min_px=min_px)
    mask = Image.new("L", (h, w), 0)
    draw(mask, local, 255)
    turned = mask.rotate(-90 if clockwise else 90, expand=True)
    ox, oy = round(x0), round(y0)
    image.paste(Image.new("RGB", turned.size, colour), (ox, oy), turned)

    def turn(b: Box) -> Box:
        lx0, ly0, lx1, ly1 = b
        if clockwise:  # local (x, y) -> (w - y, x)
            return (ox + w - ly1, oy + lx0, ox + w - ly0, oy + lx1)
        return (ox + ly0, oy + h - lx1, ox + ly1, oy + h - lx0)  # (x, y) -> (y, h - x)

    return TextBlock(
        local.lines, weight, local.px, local.origins, tuple(turn(b) for b in local.ink), (x0, y0, x0 + w, y0 + h)
    )
