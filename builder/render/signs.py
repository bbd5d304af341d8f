"""More unit signs and marker icons: the types and markers of games whose counters print steps
and codes (ski, marine, mechanised cavalry, helicopter, fortress, port-a-fort; a pennant, a
beachhead, a stoplight, arrows, an atom ...). builder.render.symbols registers them beside its
own; every shape is drawn in the box it is given, on the supersampled canvas.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from builder.render.style import RGB

Box = tuple[float, float, float, float]


# --- signs inside a NATO frame: (pen, inner box, ink, fill, stroke width) ----------------------


def cross(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """The infantry cross, corner to corner."""
    x0, y0, x1, y1 = box
    pen.line([(x0, y0), (x1, y1)], fill=ink, width=w)
    pen.line([(x0, y1), (x1, y0)], fill=ink, width=w)


def ski(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """Ski troops: a ski with its tip turned up along the foot of the frame."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    base = y1 - bh * 0.16
    pen.line([(x0 + bw * 0.28, base), (x1 - bw * 0.3, base)], fill=ink, width=w)
    pen.arc((x1 - bw * 0.42, base - bh * 0.24, x1 - bw * 0.18, base), 0, 90, fill=ink, width=w)


def anchor(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """Marines: a small anchor in the middle of the frame."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = h * 0.3
    pen.line([(cx, cy - r), (cx, cy + r)], fill=ink, width=w)
    pen.line([(cx - r * 0.5, cy - r * 0.5), (cx + r * 0.5, cy - r * 0.5)], fill=ink, width=w)
    pen.arc((cx - r * 0.8, cy, cx + r * 0.8, cy + r * 1.05), 0, 180, fill=ink, width=w)


def cav_mech(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """Mechanised cavalry: the cavalry slash with the armour oval."""
    x0, y0, x1, y1 = box
    pen.line([(x0, y1), (x1, y0)], fill=ink, width=w)
    bw, bh = x1 - x0, y1 - y0
    oval = (x0 + bw * 0.2, y0 + bh * 0.24, x1 - bw * 0.2, y1 - bh * 0.24)
    pen.rounded_rectangle(oval, radius=(oval[3] - oval[1]) / 2, outline=ink, width=w)


def rotor(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """Helicopter-borne troops: a rotor (two blades meeting in a hub) over the airborne sign."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, y0 + bh * 0.42
    dx, dy = bw * 0.3, bh * 0.22
    pen.polygon([(cx - dx, cy - dy), (cx + dx, cy + dy), (cx + dx, cy - dy), (cx - dx, cy + dy)], fill=ink)
    r = bw * 0.09
    base = y1 - bh * 0.1
    for side in (-1, 1):
        ax = cx + side * r
        pen.arc((ax - r, base - r * 1.1, ax + r, base + r * 0.9), 180, 360, fill=ink, width=w)


def trench(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, fill: RGB, w: int) -> None:
    """Port-a-fort: trench lines, a zig-zag across the frame."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    for row in (0.38, 0.68):
        y = y0 + bh * row
        points = [(x0 + bw * (0.08 + i * 0.14), y - (bh * 0.1 if i % 2 else 0)) for i in range(7)]
        pen.line(points, fill=ink, width=w, joint="curve")


NATO_SIGNS: dict[str, tuple[Callable[..., None], ...]] = {
    "ski": (cross, ski),
    "marine": (cross, anchor),
    "cav-mech": (cav_mech,),
    "helicopter": (rotor,),
    "fortress": (),
    "port-a-fort": (trench,),
}


# --- marker icons: (pen, box, ink, background) ----------------------------------------------


def _square(box: Box, scale: float = 1.0) -> tuple[float, float, float]:
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) * scale / 2


def pennant(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """A Detachment: a pennant on its staff."""
    cx, cy, r = _square(box, 0.9)
    w = max(1, round(r * 0.12))
    pole = cx - r * 0.55
    pen.line([(pole, cy - r), (pole, cy + r)], fill=ink, width=w)
    pen.polygon([(pole, cy - r), (cx + r * 0.75, cy - r * 0.55), (pole, cy - r * 0.1)], fill=ink)


def beachhead(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """A Beachhead: an arrow striking a shore line."""
    cx, cy, r = _square(box, 0.95)
    w = max(1, round(r * 0.14))
    pen.line([(cx - r, cy + r * 0.5), (cx + r, cy + r * 0.5)], fill=ink, width=w)
    pen.line([(cx - r * 0.7, cy - r * 0.8), (cx + r * 0.1, cy + r * 0.15)], fill=ink, width=w)
    head = [(cx + r * 0.35, cy + r * 0.4), (cx - r * 0.15, cy + r * 0.25), (cx + r * 0.2, cy - r * 0.1)]
    pen.polygon(head, fill=ink)


def stoplight(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """A Truce: a stoplight, three lamps in a housing."""
    cx, cy, r = _square(box, 0.95)
    w = max(1, round(r * 0.1))
    pen.rounded_rectangle((cx - r * 0.42, cy - r, cx + r * 0.42, cy + r), radius=r * 0.2, outline=ink, width=w)
    for i, dy in enumerate((-0.6, 0.0, 0.6)):
        lamp = (cx - r * 0.26, cy + r * dy - r * 0.26, cx + r * 0.26, cy + r * dy + r * 0.26)
        pen.ellipse(lamp, fill=ink if i == 0 else None, outline=ink, width=w)


def up_arrow(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """An arrow pointing up (a unit that only contests placement)."""
    cx, cy, r = _square(box, 0.9)
    pen.polygon(
        [
            (cx, cy - r),
            (cx + r * 0.8, cy),
            (cx + r * 0.3, cy),
            (cx + r * 0.3, cy + r),
            (cx - r * 0.3, cy + r),
            (cx - r * 0.3, cy),
            (cx - r * 0.8, cy),
        ],
        fill=ink,
    )


def down_arrow(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """An arrow pointing down (a unit that cannot contest placement)."""
    cx, cy, r = _square(box, 0.9)
    pen.polygon(
        [
            (cx, cy + r),
            (cx + r * 0.8, cy),
            (cx + r * 0.3, cy),
            (cx + r * 0.3, cy - r),
            (cx - r * 0.3, cy - r),
            (cx - r * 0.3, cy),
            (cx - r * 0.8, cy),
        ],
        fill=ink,
    )


def atom(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """Atomic devastation: three orbits round a nucleus."""
    cx, cy, r = _square(box, 0.95)
    w = max(1, round(r * 0.08))
    for turn in (0, 60, 120):
        a = math.radians(turn)
        points = []
        for k in range(48):
            t = 2 * math.pi * k / 48
            x, y = r * math.cos(t), r * 0.36 * math.sin(t)
            points.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
        pen.line(points + points[:1], fill=ink, width=w)
    pen.ellipse((cx - r * 0.16, cy - r * 0.16, cx + r * 0.16, cy + r * 0.16), fill=ink)


def crate(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """Logistics: a supply dump, two crates side by side under a third."""
    cx, cy, r = _square(box, 0.9)
    w = max(1, round(r * 0.1))
    side = r * 0.9
    for x, y in ((cx - side, cy), (cx, cy), (cx - side / 2, cy - side)):
        pen.rectangle((x + w, y + w, x + side - w, y + side - w), fill=ink)
        pen.line([(x + side * 0.2, y + side / 2), (x + side * 0.8, y + side / 2)], fill=bg, width=w)


def campfire(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """A Partisan Base: a hidden camp, a tent."""
    cx, cy, r = _square(box, 0.9)
    w = max(1, round(r * 0.1))
    pen.polygon([(cx, cy - r * 0.85), (cx + r, cy + r * 0.7), (cx - r, cy + r * 0.7)], outline=ink, width=w)
    pen.polygon([(cx, cy - r * 0.1), (cx + r * 0.3, cy + r * 0.7), (cx - r * 0.3, cy + r * 0.7)], fill=ink)


def flag(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """A country's flag (a new minor country, influence): a banner on a staff."""
    cx, cy, r = _square(box, 0.9)
    w = max(1, round(r * 0.12))
    pole = cx - r * 0.7
    pen.line([(pole, cy - r), (pole, cy + r)], fill=ink, width=w)
    pen.rectangle((pole, cy - r, cx + r * 0.8, cy - r * 0.1), fill=ink)


def recycle(pen: ImageDraw.ImageDraw, box: Box, ink: RGB, bg: RGB) -> None:
    """A recyclable card: two arrows chasing each other round a circle."""
    cx, cy, r = _square(box, 0.85)
    w = max(1, round(r * 0.16))
    ring = (cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8)
    for start in (20, 200):
        pen.arc(ring, start, start + 140, fill=ink, width=w)
        a = math.radians(start + 140)
        tip = (cx + r * 0.8 * math.cos(a), cy + r * 0.8 * math.sin(a))
        b = math.radians(start + 140 + 90)
        head = [
            (tip[0] + r * 0.35 * math.cos(b), tip[1] + r * 0.35 * math.sin(b)),
            (tip[0] - r * 0.3 * math.cos(a - math.pi / 2) * 0, tip[1]),
            (tip[0] + r * 0.35 * math.cos(a), tip[1] + r * 0.35 * math.sin(a)),
        ]
        pen.polygon(head, fill=ink)


ICONS: dict[str, Callable[..., None]] = {
    "recycle": recycle,
    "pennant": pennant,
    "beachhead": beachhead,
    "stoplight": stoplight,
    "up-arrow": up_arrow,
    "down-arrow": down_arrow,
    "atom": atom,
    "crate": crate,
    "camp": campfire,
    "flag": flag,
}
