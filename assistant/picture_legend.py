"""The legend under a picture: one row per kind of mark the layers drew (assistant.picture.Mark),
its sample drawn the way the map draws it, in columns as wide as the picture allows."""

from __future__ import annotations

from collections.abc import Sequence

ROW_H = 26
COL_W = 520
PAD = 12


def _columns(n: int, width: int) -> int:
    return max(1, min(n, (width - 2 * PAD) // COL_W))


def legend_size(marks: Sequence, width: int) -> tuple[int, int]:
    if not marks:
        return width, 0
    cols = _columns(len(marks), width)
    rows = -(-len(marks) // cols)
    return width, 2 * PAD + 22 + rows * ROW_H


def draw_legend(d, marks: Sequence, x0: int, y0: int, width: int) -> None:
    from assistant.picture import INK, font

    if not marks:
        return
    cols = _columns(len(marks), width)
    rows = -(-len(marks) // cols)
    d.line([x0, y0, x0 + width, y0], fill=(150, 150, 150), width=1)
    d.text((x0 + PAD, y0 + PAD), "Key", fill=INK, font=font(17))
    for i, mark in enumerate(marks):
        col, row = divmod(i, rows)
        x = x0 + PAD + col * COL_W
        y = y0 + PAD + 24 + row * ROW_H
        _sample(d, mark, x, y)
        d.text((x + 46, y + 10), mark.text, fill=INK, font=font(15, bold=False), anchor="lm")


def _sample(d, mark, x: int, y: int) -> None:
    from assistant.picture import font

    c = tuple(mark.colour)
    kind = mark.sample
    if kind == "line":
        d.line([x, y + 10, x + 36, y + 10], fill=c, width=5)
    elif kind == "dash":
        for i in range(0, 36, 9):
            d.line([x + i, y + 10, x + i + 5, y + 10], fill=c, width=5)
    elif kind == "arrow":
        d.line([x, y + 10, x + 28, y + 10], fill=c, width=5)
        d.polygon([(x + 36, y + 10), (x + 26, y + 3), (x + 26, y + 17)], fill=c)
    elif kind == "box":
        d.rectangle([x + 8, y + 1, x + 28, y + 19], outline=c, width=4)
    elif kind == "fill":
        d.rectangle([x + 8, y + 1, x + 28, y + 19], fill=c, outline=(80, 80, 80))
    elif kind == "tint":
        d.polygon(_hexagon(x + 18, y + 10, 11), fill=c[:3] + (90,), outline=c[:3] + (180,), width=2)
    elif kind == "token":
        d.rectangle([x + 6, y, x + 30, y + 20], fill=c, outline=(255, 255, 255), width=2)
    elif kind == "label":
        d.rounded_rectangle([x, y + 1, x + 40, y + 19], radius=4, fill=(255, 255, 255), outline=(70, 70, 70))
        d.rectangle([x + 1, y + 2, x + 5, y + 18], fill=c)
        d.text((x + 23, y + 10), mark.letter or "ID", fill=INK_DARK, font=font(13), anchor="mm")
    elif kind in ("badge-none", "badge-low"):
        _badge(d, x + 18, y + 10, 9, kind, c, mark.letter)
    else:
        d.ellipse([x + 8, y, x + 28, y + 20], outline=c, width=3)


INK_DARK = (25, 25, 25)


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    import math

    return [
        (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i))) for i in range(6)
    ]


def _badge(d, cx: float, cy: float, r: float, kind: str, colour, letter: str = "") -> None:
    """The supply badge drawn at a counter's corner (and in labels): a filled disc with a white
    rim; a cross for no supply, a letter for the rest."""
    from assistant.picture import font

    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=(255, 255, 255), width=max(1, int(r / 5)))
    if kind == "badge-none":
        k = r * 0.5
        w = max(2, int(r / 3.5))
        d.line([cx - k, cy - k, cx + k, cy + k], fill=(255, 255, 255), width=w)
        d.line([cx - k, cy + k, cx + k, cy - k], fill=(255, 255, 255), width=w)
    elif letter:
        d.text((cx, cy), letter, fill=(255, 255, 255), font=font(int(r * 1.5)), anchor="mm")


badge = _badge
