"""Marker icons (parachute, factory, fort, die, national emblems, weather ...) drawn as vector
shapes with ImageDraw, in a unit square scaled into the box given (symbols.py's convention).

    icon(pen, box, name, ink, bg)   ICONS: every name; WIDE_ICONS: those drawn wider than tall
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from builder.render import signs
from builder.render.style import RGB
from builder.render.symbols import Box, aircraft, centred_square, mirrored, rotated, ship, star, to_box


def _parachute(pen, box, ink, bg):
    s = centred_square(box)
    x0, y0, x1, _y1 = s
    w = x1 - x0
    canopy = (x0 + w * 0.05, y0 + w * 0.02, x1 - w * 0.05, y0 + w * 0.82)
    pen.pieslice(canopy, 180, 360, fill=ink)
    lw = max(1, round(w * 0.035))
    rim = y0 + w * 0.42
    for i in range(4):  # scallops along the canopy's rim
        a = x0 + w * (0.05 + 0.225 * i)
        pen.ellipse((a, rim - w * 0.06, a + w * 0.225, rim + w * 0.06), fill=bg)
    jumper = (x0 + w * 0.5, y0 + w * 0.86)
    for fx in (0.1, 0.36, 0.64, 0.9):
        pen.line([(x0 + w * fx, rim), jumper], fill=ink, width=lw)
    pen.ellipse((jumper[0] - w * 0.07, jumper[1] - w * 0.04, jumper[0] + w * 0.07, jumper[1] + w * 0.12), fill=ink)


def _factory(pen, box, ink, bg):
    s = centred_square(box)
    pts = [
        (-0.95, 0.9),
        (-0.95, -0.1),
        (-0.55, -0.4),
        (-0.55, -0.1),
        (-0.15, -0.4),
        (-0.15, -0.1),
        (0.25, -0.4),
        (0.25, -0.1),
        (0.45, -0.1),
        (0.45, -0.9),
        (0.7, -0.9),
        (0.7, -0.1),
        (0.95, -0.1),
        (0.95, 0.9),
    ]
    pen.polygon(to_box(s, pts), fill=ink)
    for x in (-0.7, -0.3, 0.1, 0.55):
        pen.rectangle(_box(s, x, 0.2, x + 0.2, 0.45), fill=bg)


def _box(square: Box, ax: float, ay: float, bx: float, by: float) -> Box:
    (p, q) = to_box(square, [(ax, ay), (bx, by)])
    return p[0], p[1], q[0], q[1]


def _bomb(pen, box, ink, bg):
    s = centred_square(box)
    body = to_box(s, [(-0.3, -0.5), (0.3, -0.5), (0.36, 0.1), (0.2, 0.6), (0.0, 0.8), (-0.2, 0.6), (-0.36, 0.1)])
    pen.polygon(body, fill=ink)
    fins = to_box(s, [(-0.36, -0.95), (0.36, -0.95), (0.22, -0.5), (-0.22, -0.5)])
    pen.polygon(fins, fill=ink)
    pen.line(to_box(s, [(-0.32, -0.3), (0.32, -0.3)]), fill=bg, width=max(1, round((s[2] - s[0]) * 0.05)))


def _fort(pen, box, ink, bg):
    s = centred_square(box)
    wall = [
        (-0.9, 0.85),
        (-0.9, -0.5),
        (-0.62, -0.5),
        (-0.62, -0.25),
        (-0.38, -0.25),
        (-0.38, -0.5),
        (-0.12, -0.5),
        (-0.12, -0.25),
        (0.12, -0.25),
        (0.12, -0.5),
        (0.38, -0.5),
        (0.38, -0.25),
        (0.62, -0.25),
        (0.62, -0.5),
        (0.9, -0.5),
        (0.9, 0.85),
    ]
    pen.polygon(to_box(s, wall), fill=ink)
    gate = _box(s, -0.25, 0.2, 0.25, 0.85)
    pen.rectangle((gate[0], (gate[1] + gate[3]) / 2, gate[2], gate[3]), fill=bg)
    pen.pieslice((gate[0], gate[1], gate[2], gate[1] + (gate[2] - gate[0])), 180, 360, fill=bg)


def _airfield(pen, box, ink, bg):
    """Two crossing runways."""
    s = centred_square(box)
    for angle in (25, -35):
        strip = rotated([(-0.95, -0.16), (0.95, -0.16), (0.95, 0.16), (-0.95, 0.16)], angle)
        pen.polygon(to_box(s, strip), fill=ink)
    for angle in (25, -35):  # centre line dashes
        for t in (-0.6, -0.2, 0.2, 0.6):
            dash = rotated([(t - 0.1, -0.025), (t + 0.1, -0.025), (t + 0.1, 0.025), (t - 0.1, 0.025)], angle)
            pen.polygon(to_box(s, dash), fill=bg)


def _anchor(pen, box, ink, bg):
    s = centred_square(box)
    w = s[2] - s[0]
    lw = max(1, round(w * 0.09))
    pen.line(to_box(s, [(0, -0.6), (0, 0.8)]), fill=ink, width=lw)
    pen.line(to_box(s, [(-0.4, -0.35), (0.4, -0.35)]), fill=ink, width=lw)
    pen.ellipse(_box(s, -0.2, -0.98, 0.2, -0.58), outline=ink, width=lw)
    pen.arc(_box(s, -0.78, -0.2, 0.78, 0.86), 10, 170, fill=ink, width=lw)
    for sx in (-1, 1):
        pen.polygon(to_box(s, [(sx * 0.82, 0.2), (sx * 0.9, 0.48), (sx * 0.62, 0.42)]), fill=ink)


def _arrow(pen, box, ink, bg):
    s = centred_square(box)
    pen.polygon(
        to_box(s, [(0, -1.0), (0.75, -0.15), (0.3, -0.15), (0.3, 1.0), (-0.3, 1.0), (-0.3, -0.15), (-0.75, -0.15)]),
        fill=ink,
    )


def _double_chevron(pen, box, ink, bg):
    s = centred_square(box)
    for dx in (-0.5, 0.15):
        pen.polygon(
            to_box(
                s,
                [
                    (dx - 0.3, -0.8),
                    (dx + 0.1, -0.8),
                    (dx + 0.65, 0.0),
                    (dx + 0.1, 0.8),
                    (dx - 0.3, 0.8),
                    (dx + 0.25, 0.0),
                ],
            ),
            fill=ink,
        )


def _die(pen, box, ink, bg, pips: int = 5):
    s = centred_square(box, 0.92)
    w = s[2] - s[0]
    pen.rounded_rectangle(s, radius=w * 0.2, fill=ink)
    r = w * 0.1
    spots = {5: [(-0.5, -0.5), (0.5, -0.5), (0, 0), (-0.5, 0.5), (0.5, 0.5)], 3: [(-0.5, -0.5), (0, 0), (0.5, 0.5)]}[
        pips
    ]
    for cx, cy in to_box(s, spots):
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=bg)


def _balkenkreuz(pen, box, ink, bg):
    """A cross with a broad border: the border in ``ink``, the cross itself in ``bg``."""
    s = centred_square(box)
    outer = [
        (-0.32, -0.95),
        (0.32, -0.95),
        (0.32, -0.32),
        (0.95, -0.32),
        (0.95, 0.32),
        (0.32, 0.32),
        (0.32, 0.95),
        (-0.32, 0.95),
        (-0.32, 0.32),
        (-0.95, 0.32),
        (-0.95, -0.32),
        (-0.32, -0.32),
    ]
    inner = [
        (-0.14, -0.75),
        (0.14, -0.75),
        (0.14, -0.14),
        (0.75, -0.14),
        (0.75, 0.14),
        (0.14, 0.14),
        (0.14, 0.75),
        (-0.14, 0.75),
        (-0.14, 0.14),
        (-0.75, 0.14),
        (-0.75, -0.14),
        (-0.14, -0.14),
    ]
    pen.polygon(to_box(s, outer), fill=ink)
    pen.polygon(to_box(s, inner), fill=bg)


def _roundel(pen, box, ink, bg):
    s = centred_square(box)
    for scale, colour in ((1.0, ink), (0.78, bg), (0.56, ink), (0.3, bg)):
        pen.ellipse(centred_square(s, scale), fill=colour)


def _star_icon(pen, box, ink, bg):
    star(pen, box, ink)


def _bolt(pen, box, ink, bg):
    s = centred_square(box)
    pen.polygon(
        to_box(s, [(0.2, -1.0), (-0.55, 0.12), (-0.05, 0.12), (-0.25, 1.0), (0.6, -0.2), (0.08, -0.2), (0.4, -1.0)]),
        fill=ink,
    )


def _no_zone(pen, box, ink, bg):
    s = centred_square(box, 0.95)
    w = s[2] - s[0]
    lw = max(1, round(w * 0.12))
    pen.ellipse(s, outline=ink, width=lw)
    pen.line(to_box(s, [(-0.68, 0.68), (0.68, -0.68)]), fill=ink, width=lw)


def _burst(pen, box, ink, bg):
    s = centred_square(box)
    points = []
    for i in range(24):
        r = 1.0 if i % 2 == 0 else 0.52 + 0.12 * ((i // 2) % 3) / 2
        a = math.radians(-90 + 15 * i)
        points.append((r * math.cos(a), r * math.sin(a)))
    pen.polygon(to_box(s, points), fill=ink)
    pen.ellipse(centred_square(s, 0.34), fill=bg)


def _cloud(pen, box, ink, bg):
    s = centred_square(box)
    for cx, cy, r in ((-0.45, 0.2, 0.35), (0.0, -0.1, 0.5), (0.45, 0.15, 0.4)):
        pen.ellipse(_box(s, cx - r, cy - r, cx + r, cy + r), fill=ink)
    pen.rectangle(_box(s, -0.45, 0.2, 0.45, 0.55), fill=ink)
    pen.ellipse(_box(s, -0.8, 0.2, -0.1, 0.55), fill=ink)
    pen.ellipse(_box(s, 0.1, 0.2, 0.85, 0.55), fill=ink)


def _snowflake(pen, box, ink, bg):
    s = centred_square(box)
    lw = max(1, round((s[2] - s[0]) * 0.08))
    for angle in (0, 60, 120):
        a, b = rotated([(0, -0.95), (0, 0.95)], angle)
        pen.line(to_box(s, [a, b]), fill=ink, width=lw)
        for end in (-1, 1):
            tip = rotated([(0, end * 0.55)], angle)[0]
            for side in (-1, 1):
                twig = rotated([(side * 0.28, end * 0.82)], angle)[0]
                pen.line(to_box(s, [tip, twig]), fill=ink, width=lw)


def _tank(pen, box, ink, bg):
    s = centred_square(box)
    tracks = _box(s, -0.95, 0.1, 0.95, 0.6)
    pen.rounded_rectangle(tracks, radius=(tracks[3] - tracks[1]) / 2, fill=ink)
    pen.polygon(to_box(s, [(-0.8, 0.12), (-0.72, -0.12), (0.8, -0.12), (0.9, 0.12)]), fill=ink)
    pen.polygon(to_box(s, [(-0.45, -0.1), (-0.35, -0.42), (0.25, -0.42), (0.35, -0.1)]), fill=ink)
    pen.line(to_box(s, [(0.25, -0.3), (1.0, -0.34)]), fill=ink, width=max(1, round((s[2] - s[0]) * 0.06)))
    r = (tracks[3] - tracks[1]) * 0.28
    for x in (-0.62, -0.2, 0.2, 0.62):
        cx, cy = to_box(s, [(x, 0.35)])[0]
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=bg)


def _rocket(pen, box, ink, bg):
    s = centred_square(box)
    body = mirrored([(0.0, -1.0), (0.12, -0.8), (0.2, -0.45), (0.2, 0.45), (0.45, 0.8), (0.45, 0.98), (0.16, 0.8)])
    pen.polygon(to_box(s, body), fill=ink)


def _gun(pen, box, ink, bg):
    s = centred_square(box)
    w = s[2] - s[0]
    pen.line(to_box(s, [(-0.45, 0.25), (0.95, -0.6)]), fill=ink, width=max(1, round(w * 0.13)))
    pen.polygon(to_box(s, [(-0.75, 0.05), (0.05, 0.05), (0.1, 0.4), (-0.8, 0.4)]), fill=ink)
    pen.line(to_box(s, [(-0.5, 0.35), (-0.98, 0.85)]), fill=ink, width=max(1, round(w * 0.08)))
    pen.ellipse(_box(s, -0.2, 0.3, 0.5, 1.0), fill=ink)
    pen.ellipse(_box(s, 0.05, 0.55, 0.25, 0.75), fill=bg)


def _rifle(pen, box, ink, bg, angle: float):
    s = centred_square(box)
    shape = [
        (-0.05, -1.0),
        (0.03, -1.0),
        (0.05, 0.1),
        (0.12, 0.25),
        (0.14, 0.95),
        (-0.12, 0.95),
        (-0.1, 0.35),
        (-0.06, 0.1),
    ]
    pen.polygon(to_box(s, rotated(shape, angle)), fill=ink)


def _crossed_rifles(pen, box, ink, bg):
    _rifle(pen, box, ink, bg, 32)
    _rifle(pen, box, ink, bg, -32)


def _lorraine(pen, box, ink, bg):
    s = centred_square(box)
    for x0, y0, x1, y1 in ((-0.1, -0.95, 0.1, 0.95), (-0.4, -0.6, 0.4, -0.44), (-0.58, -0.2, 0.58, -0.04)):
        pen.rectangle(_box(s, x0, y0, x1, y1), fill=ink)


def _fighter_icon(pen, box, ink, bg):
    aircraft(pen, box, "fighter", ink, bg)


def _jet_icon(pen, box, ink, bg):
    aircraft(pen, box, "jet", ink, bg)


def _ship_icon(kind: str) -> Callable[..., None]:
    """A ship drawn as wide as the box allows, at the silhouette's 2:1 proportion."""

    def draw(pen, box, ink, bg):
        x0, y0, x1, y1 = box
        w = min(x1 - x0, (y1 - y0) * 2.0)
        h = w / 2.0
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        ship(pen, (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), kind, ink, bg)

    return draw


WIDE_ICONS = frozenset({"convoy", "surface", "submarine"})


ICONS: dict[str, Callable[..., None]] = {
    "parachute": _parachute,
    "factory": _factory,
    "bomb": _bomb,
    "fort": _fort,
    "anchor": _anchor,
    "airfield": _airfield,
    "arrow": _arrow,
    "double-chevron": _double_chevron,
    "die": _die,
    "axis": _balkenkreuz,
    "western": _roundel,
    "soviet": _star_icon,
    "bolt": _bolt,
    "no-zoc": _no_zone,
    "burst": _burst,
    "cloud": _cloud,
    "snowflake": _snowflake,
    "tank": _tank,
    "rocket": _rocket,
    "gun": _gun,
    "rifles": _crossed_rifles,
    "lorraine": _lorraine,
    "fighter": _fighter_icon,
    "jet": _jet_icon,
    "convoy": _ship_icon("convoy"),
    "surface": _ship_icon("surface"),
    "submarine": _ship_icon("submarine"),
    **signs.ICONS,
}


def icon(pen: ImageDraw.ImageDraw, box: Box, name: str, ink: RGB, bg: RGB) -> None:
    try:
        draw = ICONS[name]
    except KeyError:
        raise ValueError(f"no icon {name!r}; known: {', '.join(sorted(ICONS))}") from None
    draw(pen, box, ink, bg)
