"""Labels that name the units of a stack, placed where they hide no counter and no other label.

A label is tried beside its stack (east, west, above, below, the corners), then in rings
further out with a leader line back to the stack; the first place free of counters and
labels wins, else the one that covers least. Counters and placed labels are kept in a grid
of buckets, so placing hundreds of labels stays quick.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

Rect = tuple[float, float, float, float]
BUCKET = 64


class Obstacles:
    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[Rect]] = defaultdict(list)

    def _keys(self, r: Rect):
        for i in range(int(r[0] // BUCKET), int(r[2] // BUCKET) + 1):
            for j in range(int(r[1] // BUCKET), int(r[3] // BUCKET) + 1):
                yield i, j

    def add(self, r: Rect) -> None:
        for k in self._keys(r):
            self._cells[k].append(r)

    def overlap(self, r: Rect) -> float:
        seen: set[int] = set()
        total = 0.0
        for k in self._keys(r):
            for o in self._cells.get(k, ()):
                if id(o) in seen:
                    continue
                seen.add(id(o))
                w = min(r[2], o[2]) - max(r[0], o[0])
                h = min(r[3], o[3]) - max(r[1], o[1])
                if w > 0 and h > 0:
                    total += w * h
        return total


def _size(d, rows, font, size: float) -> tuple[float, float, float]:
    line = size + 4
    text_w = max(d.textlength(text, font=font) for _state, text, _c in rows)
    sym = size * 0.9
    return text_w + sym * 2 + 14, line * len(rows) + 6, line


def _candidates(stack: Rect, w: float, h: float, reach: float):
    x0, y0, x1, y1 = stack
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    g = 3.0
    for ring in range(4):
        o = ring * reach
        yield ring, (x1 + g + o, cy - h / 2)
        yield ring, (x0 - g - w - o, cy - h / 2)
        yield ring, (cx - w / 2, y1 + g + o)
        yield ring, (cx - w / 2, y0 - g - h - o)
        yield ring, (x1 + g + o, y0 - h - o * 0.6)
        yield ring, (x1 + g + o, y1 + o * 0.6)
        yield ring, (x0 - g - w - o, y0 - h - o * 0.6)
        yield ring, (x0 - g - w - o, y1 + o * 0.6)


def place_label(
    canvas,
    stack: Rect,
    rows: Sequence[tuple[str, str, tuple]],
    font,
    size: float,
    obstacles: Obstacles,
    ids: Sequence[str] = (),
    *,
    low_letter: str = "L",
) -> Rect:
    """Draw the label of one stack: ``rows`` (supply state, "GER 2P", faction colour), top of
    the stack first; returns where it went (and keeps it as an obstacle). ``low_letter`` is the
    letter the game's low-supply badge shows."""
    from assistant.picture_layers import LOW_SUPPLY, NO_SUPPLY
    from assistant.picture_legend import badge

    d = canvas.draw
    w, h, line = _size(d, rows, font, size)
    img_w, img_h = canvas.image.width, canvas.image.height
    best = None
    for ring, (x, y) in _candidates(stack, w, h, canvas.hex_px * 0.7):
        x = min(max(x, 1.0), img_w - w - 1)
        y = min(max(y, 1.0), img_h - h - 1)
        r = (x, y, x + w, y + h)
        cost = obstacles.overlap(r)
        if best is None or cost < best[0]:
            best = (cost, ring, r)
        if cost == 0:
            break
    assert best is not None  # _candidates offers 32 places
    cost, ring, r = best
    x, y = r[0], r[1]
    sx = (stack[0] + stack[2]) / 2
    sy = (stack[1] + stack[3]) / 2
    if ring > 0:  # a leader line from the label back to its stack
        ex = min(max(sx, r[0]), r[2])
        ey = min(max(sy, r[1]), r[3])
        d.line([(sx, sy), (ex, ey)], fill=(40, 40, 40, 220), width=2)
    d.rounded_rectangle(r, radius=4, fill=(255, 255, 255, 235), outline=(60, 60, 60), width=1)
    sym = size * 0.9
    for i, (state, text, colour) in enumerate(rows):
        ty = y + 3 + i * line + line / 2
        d.rectangle([x + 4, ty - sym / 2, x + 4 + sym * 0.7, ty + sym / 2], fill=colour)
        tx = x + 8 + sym * 0.7
        if state:
            badge(
                d,
                tx + sym / 2,
                ty,
                sym / 2,
                f"badge-{state}",
                NO_SUPPLY if state == "none" else LOW_SUPPLY,
                low_letter if state == "low" else "",
            )
            tx += sym + 2
        d.text((tx + 2, ty), text, fill=(20, 20, 20), font=font, anchor="lm")
    obstacles.add(r)
    canvas.labels.append(
        {
            "units": list(ids),
            "rect": [round(v, 1) for v in r],
            "covers": round(cost, 1),
            "stack": [round(v, 1) for v in stack],
        }
    )
    return r
