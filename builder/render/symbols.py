"""Unit symbols, silhouettes and marker icons, drawn as vector shapes with ImageDraw.

Every shape is described in a unit square (x, y from -1 to 1, y down) and scaled into the box
it is given, so one description serves every counter size. Drawing happens on the
supersampled canvas; the caller reduces the image afterwards (anti-aliasing).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from PIL import ImageDraw

from builder.render import signs
from builder.render.style import RGB

Box = tuple[float, float, float, float]
Point = tuple[float, float]


def to_box(box: Box, points: Iterable[Point]) -> list[Point]:
    """Unit-square points (-1..1) into the box, keeping the box's aspect."""
    x0, y0, x1, y1 = box
    cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    return [(cx + x * hw, cy + y * hh) for x, y in points]


def mirrored(half: Sequence[Point]) -> list[Point]:
    """A left-right symmetric outline from its right half (listed top to bottom)."""
    return list(half) + [(-x, y) for x, y in reversed(half)]


def centred_square(box: Box, scale: float = 1.0) -> Box:
    """The largest centred square inside the box, times ``scale``."""
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0) * scale
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2


def rotated(points: Iterable[Point], degrees: float) -> list[Point]:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return [(x * c - y * s, x * s + y * c) for x, y in points]


# --- NATO unit symbols (ground) ---------------------------------------------------------


def nato(pen: ImageDraw.ImageDraw, box: Box, unit_type: str, ink: RGB, fill: RGB, stroke: float) -> None:
    """A NATO frame with the signs of ``unit_type`` inside it."""
    try:
        signs = NATO_SIGNS[unit_type]
    except KeyError:
        raise ValueError(
            f"no NATO symbol for unit type {unit_type!r}; known: {', '.join(sorted(NATO_SIGNS))}"
        ) from None
    w = max(1, round(stroke))
    if unit_type in STAFF:  # a headquarters stands on a staff from its lower left corner
        x0, y0, x1, y1 = box
        top = y1 - (y1 - y0) * 0.22
        pen.line([(x0 + w / 2, top), (x0 + w / 2, y1)], fill=ink, width=w)
        box = (x0, y0, x1, top)
    pen.rectangle(box, fill=fill, outline=ink, width=w)
    x0, y0, x1, y1 = box
    inner = (x0 + w / 2, y0 + w / 2, x1 - w / 2, y1 - w / 2)
    for sign in signs:
        sign(pen, inner, ink, fill, w)


def _cross(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    x0, y0, x1, y1 = box
    pen.line([(x0, y0), (x1, y1)], fill=ink, width=w)
    pen.line([(x0, y1), (x1, y0)], fill=ink, width=w)


def _slash(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    x0, y0, x1, y1 = box
    pen.line([(x0, y1), (x1, y0)], fill=ink, width=w)


def _oval(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    oval = (x0 + bw * 0.2, y0 + bh * 0.24, x1 - bw * 0.2, y1 - bh * 0.24)
    pen.rounded_rectangle(oval, radius=(oval[3] - oval[1]) / 2, outline=ink, width=w)


def _wheels_line(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    pen.line([(cx, y0), (cx, y1)], fill=ink, width=w)


def _wings(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """The airborne sign: two shallow arcs at the foot of the frame."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    cx, base = (x0 + x1) / 2, y1 - bh * 0.1
    r = bw * 0.1
    for side in (-1, 1):
        ax = cx + side * r
        pen.arc((ax - r, base - r * 1.1, ax + r, base + r * 0.9), 180, 360, fill=ink, width=w)


def _mountain(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    pen.polygon([(cx - bw * 0.14, y1), (cx, y1 - bh * 0.36), (cx + bw * 0.14, y1)], fill=ink)


def _static(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """Garrison: a battlement along the foot of the frame (a unit tied to its place)."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    top = y1 - bh * 0.2
    pen.rectangle((x0, top, x1, y1), fill=ink)
    merlon = bw / 9
    for i in range(0, 9, 2):
        pen.rectangle((x0 + i * merlon, top - bh * 0.12, x0 + (i + 1) * merlon, top), fill=ink)


def _star_sign(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """A general: a star in the frame."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    star(pen, (x0, y0 + h * 0.08, x1, y1 - h * 0.08), ink)


def _guerrilla(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """Partisans: the guerrilla sign, a G drawn as an open ring with its bar."""
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0) * 0.72
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ring = (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)
    pen.arc(ring, 35, 330, fill=ink, width=w)
    pen.line([(cx + side * 0.05, cy + side * 0.06), (cx + side / 2, cy + side * 0.06)], fill=ink, width=w)
    pen.line([(cx + side * 0.47, cy + side * 0.06), (cx + side * 0.47, cy + side * 0.32)], fill=ink, width=w)


NATO_SIGNS: dict[str, tuple[Callable[..., None], ...]] = {
    "infantry": (_cross,),
    "paratroop": (_cross, _wings),
    "mountain": (_cross, _mountain),
    "garrison": (_cross, _static),
    "cavalry": (_slash,),
    "motorized": (_cross, _wheels_line),
    "mechanized": (_cross, _oval),
    "tank": (_oval,),
    "hq": (),
    "general": (_star_sign,),
    "partisan": (_guerrilla,),
}
NATO_SIGNS.update(signs.NATO_SIGNS)
STAFF = frozenset({"hq"})  # signs drawn as a headquarters: the frame on a staff


# --- Silhouettes: aircraft from above (nose up), ships from the side (bow right) ----------

_FIGHTER = mirrored(
    [
        (0.0, -1.0),
        (0.07, -0.97),
        (0.1, -0.8),
        (0.11, -0.3),
        (0.86, -0.16),
        (0.97, -0.1),
        (0.97, 0.02),
        (0.88, 0.08),
        (0.12, 0.12),
        (0.07, 0.6),
        (0.34, 0.66),
        (0.38, 0.74),
        (0.34, 0.82),
        (0.05, 0.84),
        (0.02, 0.95),
    ]
)

_BOMBER = mirrored(
    [
        (0.0, -1.0),
        (0.07, -0.97),
        (0.11, -0.86),
        (0.12, -0.24),
        (0.24, -0.24),
        (0.25, -0.44),
        (0.3, -0.48),
        (0.35, -0.44),
        (0.36, -0.22),
        (0.52, -0.2),
        (0.53, -0.38),
        (0.58, -0.42),
        (0.63, -0.38),
        (0.64, -0.18),
        (0.98, -0.12),
        (1.0, -0.04),
        (0.98, 0.02),
        (0.12, 0.1),
        (0.08, 0.66),
        (0.4, 0.7),
        (0.43, 0.78),
        (0.4, 0.86),
        (0.06, 0.88),
        (0.03, 0.97),
    ]
)

_JET = mirrored(
    [
        (0.0, -1.0),
        (0.06, -0.9),
        (0.09, -0.55),
        (0.1, -0.25),
        (0.78, 0.12),
        (0.8, 0.24),
        (0.1, 0.16),
        (0.08, 0.58),
        (0.36, 0.8),
        (0.36, 0.9),
        (0.06, 0.88),
        (0.04, 0.98),
    ]
)


WHITE: RGB = (255, 255, 255)


def aircraft(pen: ImageDraw.ImageDraw, box: Box, kind: str, ink: RGB, bg: RGB) -> None:
    """A silhouette from above. Fighters and bombers are solid; a fighter-bomber (and naval
    air, a carrier's fighter-bomber) is a white fighter outlined in ink."""
    square = centred_square(box)
    if kind in ("fighter-bomber", "naval-air"):
        width = max(1, round((square[2] - square[0]) * 0.035))
        pen.polygon(to_box(square, _FIGHTER), fill=WHITE, outline=ink, width=width)
        if kind == "naval-air":  # the tail hook of a carrier aircraft
            pen.line(to_box(square, [(0.0, 0.84), (0.0, 1.0)]), fill=ink, width=width)
        return
    outline = {"fighter": _FIGHTER, "bomber": _BOMBER, "jet": _JET}[kind]
    pen.polygon(to_box(square, outline), fill=ink)
    if kind == "fighter":  # propeller disc edge
        x0, y0, x1, _y1 = square
        cx, span = (x0 + x1) / 2, (x1 - x0)
        pen.line(
            [(cx - span * 0.17, y0 + span * 0.015), (cx + span * 0.17, y0 + span * 0.015)],
            fill=ink,
            width=max(1, round(span * 0.03)),
        )


def _carrier(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    hull = [(-0.92, 0.06), (0.97, 0.06), (0.84, 0.42), (-0.82, 0.42), (-0.9, 0.2)]
    deck = [(-1.0, -0.06), (1.0, -0.06), (1.0, 0.08), (-1.0, 0.08)]
    island = [
        (0.3, -0.06),
        (0.3, -0.36),
        (0.36, -0.36),
        (0.37, -0.58),
        (0.41, -0.58),
        (0.42, -0.36),
        (0.52, -0.36),
        (0.55, -0.06),
    ]
    for shape in (hull, deck, island):
        pen.polygon(to_box(box, shape), fill=ink)
    x0, y0, x1, y1 = box
    line_y = y0 + (y1 - y0) * 0.51
    pen.line(
        [(x0 + (x1 - x0) * 0.08, line_y), (x0 + (x1 - x0) * 0.6, line_y)],
        fill=bg,
        width=max(1, round((y1 - y0) * 0.025)),
    )


def _battleship(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    hull = [(-0.98, 0.02), (0.82, -0.04), (1.0, -0.1), (0.88, 0.4), (-0.86, 0.4), (-1.0, 0.16)]
    blocks = [
        [(-0.42, 0.0), (-0.42, -0.22), (0.26, -0.22), (0.26, 0.0)],  # deckhouse
        [(0.04, -0.2), (0.06, -0.52), (0.2, -0.52), (0.22, -0.2)],  # bridge tower
        [(0.09, -0.52), (0.1, -0.8), (0.14, -0.8), (0.15, -0.52)],  # foremast
        [(-0.18, -0.2), (-0.16, -0.5), (-0.02, -0.5), (0.0, -0.2)],  # funnel
        [(-0.36, -0.2), (-0.35, -0.44), (-0.31, -0.44), (-0.3, -0.2)],  # mainmast
        [(0.34, -0.02), (0.36, -0.17), (0.52, -0.17), (0.54, -0.02)],  # A turret
        [(-0.72, 0.02), (-0.7, -0.13), (-0.54, -0.13), (-0.52, 0.02)],  # X turret
    ]
    pen.polygon(to_box(box, hull), fill=ink)
    for shape in blocks:
        pen.polygon(to_box(box, shape), fill=ink)
    _x0, y0, _x1, y1 = box
    gun = max(1, round((y1 - y0) * 0.035))
    for a, b in (((0.5, -0.11), (0.74, -0.13)), ((-0.68, -0.07), (-0.9, -0.05))):
        pen.line(to_box(box, [a, b]), fill=ink, width=gun)


_MERCHANT = [
    (-0.95, -0.02),
    (-0.62, -0.02),
    (-0.62, 0.06),
    (0.6, 0.06),
    (0.6, -0.04),
    (0.98, -0.08),
    (0.86, 0.4),
    (-0.82, 0.4),
    (-1.0, 0.16),
]
_MERCHANT_TOP = [
    [(-0.2, 0.06), (-0.2, -0.24), (0.16, -0.24), (0.16, 0.06)],  # midships house
    [(-0.1, -0.24), (-0.08, -0.46), (0.06, -0.46), (0.08, -0.24)],  # funnel
    [(-0.46, 0.06), (-0.45, -0.5), (-0.42, -0.5), (-0.41, 0.06)],  # aft mast
    [(0.4, 0.06), (0.41, -0.56), (0.44, -0.56), (0.45, 0.06)],  # fore mast
]


def _merchant(pen: ImageDraw.ImageDraw, box: Box, colour: RGB) -> None:
    for shape in [_MERCHANT, *_MERCHANT_TOP]:
        pen.polygon(to_box(box, shape), fill=colour)


def _convoy(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """Two merchant ships, the far one smaller, higher and paler: a group, not one ship."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    far = (x0, y0 - h * 0.02, x0 + w * 0.66, y0 + h * 0.62)
    near = (x0 + w * 0.2, y0 + h * 0.3, x1, y1 + h * 0.05)
    _merchant(pen, far, _blend(ink, bg, 0.45))
    _merchant(pen, near, ink)


def _submarine(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    hull = [(-1.0, 0.18), (-0.8, 0.04), (0.8, 0.04), (1.0, 0.16), (0.8, 0.34), (-0.8, 0.34)]
    tower = [(-0.18, 0.06), (-0.14, -0.3), (0.16, -0.3), (0.22, 0.06)]
    periscope = [(0.0, -0.3), (0.0, -0.6), (0.04, -0.6), (0.04, -0.3)]
    for shape in (hull, tower, periscope):
        pen.polygon(to_box(box, shape), fill=ink)


def _cruiser(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """Lower and slimmer than a battleship: two funnels, a turret fore and aft."""
    hull = [(-0.98, 0.1), (0.84, 0.04), (1.0, -0.02), (0.88, 0.36), (-0.86, 0.36), (-1.0, 0.2)]
    blocks = [
        [(-0.4, 0.08), (-0.4, -0.12), (0.3, -0.12), (0.3, 0.08)],  # deckhouse
        [(0.12, -0.1), (0.14, -0.36), (0.26, -0.36), (0.28, -0.1)],  # bridge
        [(0.18, -0.36), (0.19, -0.62), (0.22, -0.62), (0.23, -0.36)],  # foremast
        [(-0.06, -0.1), (-0.05, -0.34), (0.05, -0.34), (0.06, -0.1)],  # funnels
        [(-0.28, -0.1), (-0.27, -0.34), (-0.17, -0.34), (-0.16, -0.1)],
        [(0.4, 0.06), (0.42, -0.06), (0.56, -0.06), (0.58, 0.06)],  # turrets
        [(-0.72, 0.1), (-0.7, -0.02), (-0.56, -0.02), (-0.54, 0.1)],
    ]
    for shape in (hull, *blocks):
        pen.polygon(to_box(box, shape), fill=ink)
    gun = max(1, round((box[3] - box[1]) * 0.03))
    for a, b in (((0.54, 0.0), (0.74, -0.02)), ((-0.68, 0.04), (-0.88, 0.06))):
        pen.line(to_box(box, [a, b]), fill=ink, width=gun)


def _destroyer(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """Long and low: a raised bow, one funnel, a gun forward."""
    hull = [(-0.98, 0.18), (0.7, 0.12), (1.0, 0.02), (0.9, 0.34), (-0.9, 0.34), (-1.0, 0.26)]
    blocks = [
        [(0.18, 0.14), (0.2, -0.14), (0.36, -0.14), (0.38, 0.14)],  # bridge
        [(0.26, -0.14), (0.27, -0.46), (0.3, -0.46), (0.31, -0.14)],  # mast
        [(-0.14, 0.14), (-0.12, -0.2), (0.02, -0.2), (0.04, 0.14)],  # funnel
        [(0.5, 0.12), (0.52, 0.02), (0.62, 0.02), (0.64, 0.12)],  # gun house
    ]
    for shape in (hull, *blocks):
        pen.polygon(to_box(box, shape), fill=ink)
    pen.line(to_box(box, [(0.62, 0.06), (0.78, 0.04)]), fill=ink, width=max(1, round((box[3] - box[1]) * 0.03)))


def ship(pen: ImageDraw.ImageDraw, box: Box, kind: str, ink: RGB, bg: RGB) -> None:
    draw = {
        "carrier": _carrier,
        "surface": _battleship,
        "convoy": _convoy,
        "submarine": _submarine,
        "battleship": _battleship,
        "cruiser": _cruiser,
        "destroyer": _destroyer,
    }[kind]
    draw(pen, box, ink, bg)


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


# --- Small marks on unit counters --------------------------------------------------------


def star(pen: ImageDraw.ImageDraw, box: Box, fill: RGB, outline: RGB | None = None, width: int = 0) -> None:
    square = centred_square(box)
    points = []
    for i in range(10):
        r = 1.0 if i % 2 == 0 else 0.4
        a = math.radians(-90 + 36 * i)
        points.append((r * math.cos(a), r * math.sin(a) + 0.1))
    pen.polygon(to_box(square, points), fill=fill, outline=outline, width=width)


def triangle(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, width: int) -> None:
    """The what-if mark: an outlined triangle, point up."""
    square = centred_square(box)
    pen.polygon(to_box(square, [(0.0, -0.9), (0.95, 0.75), (-0.95, 0.75)]), outline=ink, width=width, fill=None)


def upgrade(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """The upgrade mark: a filled disc holding an up-pointing double chevron."""
    square = centred_square(box)
    pen.ellipse(square, fill=ink)
    w = max(1, round((square[2] - square[0]) * 0.14))
    for dy in (-0.3, 0.15):
        pen.line(to_box(square, [(-0.5, 0.3 + dy), (0.0, -0.2 + dy), (0.5, 0.3 + dy)]), fill=bg, width=w, joint="curve")
