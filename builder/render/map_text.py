"""Text on the map at the final size: the layer that draws it with halos and records every
label's box, and the record of the boxes already taken (for placing names clear of others)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFont

from builder.render.map_lines import Point
from builder.render.map_style import MapStyle
from builder.render.style import RGB
from builder.render.text import font
from records import frozen


@frozen
class Label:
    """A piece of text drawn on the image: what kind, the text, and its pixel box."""

    kind: str  # city, hex, zone, area, box, key, title, strait; leader: a line (x0, y0, x1, y1)
    text: str
    box: tuple[int, int, int, int]


class Recording:
    """Stands in for an image that is still being drawn elsewhere (the board, in its strip
    workers): a TextLayer over it lays out and renders its text (the costly part), and
    ``replay`` puts every glyph, line and paste on the real image afterwards, in the same
    order and with the same masks: the same pixels as drawing there at once. It pickles (the
    glyph masks are kept as images), so a worker can make it."""

    def __init__(self, size: tuple[int, int], mode: str = "RGB") -> None:
        self.size = size
        self.width, self.height = size
        self.mode = mode
        self.ops: list[tuple[str, tuple]] = []  # ("paste", args) or a core draw method and its args

    def paste(self, im: Image.Image, box: tuple[int, int], mask: Image.Image) -> None:
        self.ops.append(("paste", (im, box, mask)))

    def draw(self) -> ImageDraw.ImageDraw:
        """An ImageDraw whose drawing calls (draw_bitmap, draw_lines ...) are recorded."""
        draw = ImageDraw.Draw(Image.new(self.mode, (1, 1)))
        draw.draw = cast(Any, _Recorder(draw.draw, self.ops))
        return draw

    def replay(self, image: Image.Image) -> None:
        if image.size != self.size or image.mode != self.mode:
            raise ValueError(f"a recording of {self.mode} {self.size} replayed on {image.mode} {image.size}")
        core = ImageDraw.Draw(image).draw
        for name, args in self.ops:
            if name == "paste":
                image.paste(*args)
            else:
                getattr(core, name)(*(a.im if isinstance(a, Image.Image) else a for a in args))


class _Recorder:
    """Pillow's core drawing object as ImageDraw uses it: each drawing call recorded, the
    colour conversion (draw_ink) asked of a real one of the same mode."""

    def __init__(self, core: Any, ops: list[tuple[str, tuple]]) -> None:
        self._core = core
        self._ops = ops

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name == "draw_ink" or not name.startswith("draw_"):
            return getattr(self._core, name)

        def record(*args: object) -> None:
            self._ops.append((name, tuple(_picklable(a) for a in args)))

        return record


def _picklable(arg: object) -> object:
    """A core image (a glyph mask) as an Image, which pickles; anything else as it is."""
    return Image.Image()._new(arg) if type(arg).__name__ == "ImagingCore" else arg  # type: ignore[arg-type]


class TextLayer:
    """Text at the final size, with halos, and a record of every label's box; drawn on the
    image, or recorded for it (Recording)."""

    def __init__(self, image: Image.Image | Recording, scale: float, st: MapStyle):
        self.image = image
        self.draw = image.draw() if isinstance(image, Recording) else ImageDraw.Draw(image)
        self.scale = scale
        self.st = st
        self.labels: list[Label] = []
        self._boxes: dict[tuple, tuple] = {}

    def font(self, weight: str, px: float) -> ImageFont.FreeTypeFont:
        return font(weight, max(4, round(px * self.scale)))

    def _textbbox(self, x: float, y: float, text: str, fnt, anchor: str, stroke: int) -> tuple:
        """``ImageDraw.textbbox``: a line's box at the origin moved to (x, y), which is how
        Pillow makes it; the box at the origin is laid out once per text, font, anchor and
        halo (a city name is tried at two dozen places)."""
        if "\n" in text:
            return self.draw.textbbox((x, y), text, font=fnt, anchor=anchor, stroke_width=stroke)
        key = (text, fnt, anchor, stroke)
        box = self._boxes.get(key)
        if box is None:
            box = self.draw.textbbox((0, 0), text, font=fnt, anchor=anchor, stroke_width=stroke)
            self._boxes[key] = box
        return box[0] + x, box[1] + y, box[2] + x, box[3] + y

    def bbox(self, at: Point, text: str, fnt, anchor: str, stroke: int = 0) -> tuple[int, int, int, int]:
        x, y = at[0] * self.scale, at[1] * self.scale
        return self._textbbox(x, y, text, fnt, anchor, stroke)

    def text(
        self,
        kind: str,
        at: Point,
        text: str,
        fnt,
        fill: RGB,
        anchor: str = "mm",
        halo: RGB | None = None,
        halo_px: float = 0.0,
    ) -> tuple[int, int, int, int]:
        x, y = at[0] * self.scale, at[1] * self.scale
        stroke = max(1, round(halo_px * self.scale)) if halo is not None and halo_px else 0
        self.draw.text(
            (x, y), text, font=fnt, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=halo if stroke else None
        )
        box = tuple(round(v) for v in self._textbbox(x, y, text, fnt, anchor, stroke))
        self.labels.append(Label(kind, text, box))
        return box

    def leader(self, symbol: tuple[float, float], box: tuple[int, int, int, int], fill: RGB) -> None:
        """A thin line from a symbol (image px) to the nearest point of its name's box."""
        x = min(max(symbol[0], box[0]), box[2])
        y = min(max(symbol[1], box[1]), box[3])
        self.draw.line([symbol, (x, y)], fill=fill, width=max(1, round(1.5 * self.scale)))
        self.labels.append(Label("leader", "", (round(symbol[0]), round(symbol[1]), round(x), round(y))))

    def blended(self, kind: str, at: Point, text: str, fnt, fill: RGB, alpha: float, anchor: str = "mm") -> None:
        """Text mixed into what lies under it (the big Sea Zone numbers)."""
        x, y = at[0] * self.scale, at[1] * self.scale
        box = self.draw.textbbox((x, y), text, font=fnt, anchor=anchor)
        x0, y0 = max(0, math.floor(box[0]) - 2), max(0, math.floor(box[1]) - 2)
        x1, y1 = min(self.image.width, math.ceil(box[2]) + 2), min(self.image.height, math.ceil(box[3]) + 2)
        if x1 <= x0 or y1 <= y0:
            return
        m = Image.new("L", (x1 - x0, y1 - y0), 0)
        ImageDraw.Draw(m).text((x - x0, y - y0), text, font=fnt, fill=round(255 * alpha), anchor=anchor)
        self.image.paste(Image.new("RGB", m.size, fill), (x0, y0), m)
        self.labels.append(Label(kind, text, (round(box[0]), round(box[1]), round(box[2]), round(box[3]))))

    def spaced(self, kind: str, at: Point, text: str, fnt, fill: RGB, tracking: float, halo: RGB | None = None) -> None:
        """Letter-spaced capitals centred on a point (area names)."""
        widths = [self.draw.textlength(ch, font=fnt) for ch in text]
        gap = tracking * self.scale
        total = sum(widths) + gap * (len(text) - 1)
        x = at[0] * self.scale - total / 2
        y = at[1] * self.scale
        stroke = max(1, round(2 * self.scale)) if halo else 0
        for ch, w in zip(text, widths):
            self.draw.text((x, y), ch, font=fnt, fill=fill, anchor="lm", stroke_width=stroke, stroke_fill=halo)
            x += w + gap
        self.labels.append(
            Label(
                kind,
                text,
                (
                    round(at[0] * self.scale - total / 2),
                    round(y - 10),
                    round(at[0] * self.scale + total / 2),
                    round(y + 10),
                ),
            )
        )


def rect_distance(box, x: float, y: float) -> float:
    """Distance from a point to a rectangle (0 inside it)."""
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return math.hypot(dx, dy)


class Occupied:
    """Rectangles already used by labels and symbols, bucketed for quick overlap tests."""

    def __init__(self, cell: float = 200.0):
        self.cell = cell
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    def _keys(self, box):
        c = self.cell
        for i in range(int(box[0] // c), int(box[2] // c) + 1):
            for j in range(int(box[1] // c), int(box[3] // c) + 1):
                yield i, j

    def add(self, box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def overlap(self, box) -> float:
        seen, total = set(), 0.0
        for key in self._keys(box):
            for other in self.cells.get(key, ()):
                if id(other) in seen:
                    continue
                seen.add(id(other))
                w = min(box[2], other[2]) - max(box[0], other[0])
                h = min(box[3], other[3]) - max(box[1], other[1])
                if w > 0 and h > 0:
                    total += w * h
        return total
