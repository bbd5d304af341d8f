"""How each feature of a hex or hexside is drawn: land hexes, lines (rivers, borders, rails,
roads, canals ...), crossings (ferries, links, straits) and the marks of hexes without a city."""

from __future__ import annotations

import itertools
import math

from builder.render.map_lines import Point, dashes
from builder.render.map_scene import Connector, HexMark, HexShape
from builder.render.map_style import MapStyle
from builder.render.map_symbols import (
    Pen,
    airfield_symbol,
    arrow,
    hatch,
    resource_symbol,
    star,
    terrain_symbol,
)
from builder.render.style import RGB, mix

DASHED = {"border": "border", "disputed": "disputed", "later": "later_line", "restricted": "restricted", "seam": "seam"}
PATTERNS = {
    "border": (18.0, 6.0, 4.0, 6.0),
    "disputed": (11.0, 7.0),
    "later": (3.0, 6.0),
    "restricted": (14.0, 8.0),
    "weather": (30.0, 10.0),
    "seam": (6.0, 10.0),
    "outline": (22.0, 8.0),
}


def land_hex(pen: Pen, h: HexShape, st: MapStyle, radius: float, u: float, has_city: bool, paper: RGB) -> None:
    col = st.colours
    if h.prohibited:
        pen.polygon(h.corners, fill=col["prohibited"], outline=col["land_grid"], width=st.widths["land_grid"])
        hatch(pen, h.corners, col["prohibited_hatch"], 11.0, 1.6)
        return
    terrain = h.terrain or "clear"
    fill = st.terrain.get(terrain, st.terrain["clear"])
    ink = st.terrain_ink.get(terrain)
    if h.faded:
        fill = mix(fill, paper, 0.5)
        ink = mix(ink, paper, 0.45) if ink else None
    pen.polygon(h.corners, fill=fill)
    if ink and h.kind != "water":
        terrain_symbol(
            pen, st.terrain_symbol.get(terrain, terrain), h.center, radius, u, ink, h.seed, low_only=has_city
        )
    pen.polygon(h.corners, outline=col["land_grid"], width=st.widths["land_grid"])


def feature_draw(st: MapStyle, style: str) -> str:
    """The draw kind of a "feature:<word>" stroke ("" for any other stroke)."""
    if not style.startswith("feature:"):
        return ""
    f = st.features.get(style[8:])
    return f.draw if f else ""


def stroke(pen: Pen, style: str, points, st: MapStyle) -> None:
    col, wd = st.colours, st.widths
    if style == "river":
        pen.line(points, col["river"], wd["river"])
    elif style in DASHED:  # the dashed lines: their pattern, and their colour and width keys
        key = DASHED[style]
        for d in dashes(points, PATTERNS[style]):
            pen.line(d, col[key], wd[key])
    elif style.startswith("outline:"):
        f = st.features[style[8:]]
        for d in dashes(points, PATTERNS["outline"]):
            pen.line(d, f.colour, wd["weather"] * 0.8)
    elif style.startswith("feature:"):
        f = st.features[style[8:]]
        if f.draw == "rail":  # a railway: a dark line with light ties inside
            pen.line(points, col["transport_casing"], wd["transport_casing"])
            pen.line(points, f.colour, wd["transport"])
            for d in dashes(points, (7.0, 9.0)):
                pen.line(d, col["transport_casing"], wd["transport"] * 0.35)
        elif f.draw == "road":  # a road: a plain coloured line on a light casing
            pen.line(points, col["transport_casing"], wd["transport_casing"] * 0.85)
            pen.line(points, f.colour, wd["transport"] * 0.8)
        elif f.draw == "canal":
            canal(pen, points, st)
        elif f.draw == "lake":
            pen.line(points, col["lake_edge"], wd["river"] + 3)
            pen.line(points, col["lake"], wd["river"])
        elif f.draw == "impassable":
            pen.line(points, f.colour, wd["river"] + 2)
            for a, b in itertools.pairwise(points):  # cross ticks: a crest no land unit crosses
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                dx, dy = b[0] - a[0], b[1] - a[1]
                n = math.hypot(dx, dy) or 1.0
                pen.line([(mx - dy / n * 9, my + dx / n * 9), (mx + dy / n * 9, my - dx / n * 9)], f.colour, 3.0)
        elif f.draw == "fortress":
            pen.line(points, f.colour, 4.0)
            for a, b in itertools.pairwise(points):  # teeth along the line (the Maginot Line's sign)
                dx, dy = b[0] - a[0], b[1] - a[1]
                n = math.hypot(dx, dy) or 1.0
                ux, uy, nx, ny = dx / n, dy / n, -dy / n, dx / n
                for t in (0.25, 0.75):
                    px, py = a[0] + dx * t, a[1] + dy * t
                    pen.polygon(
                        [(px - ux * 7, py - uy * 7), (px + ux * 7, py + uy * 7), (px + nx * 9, py + ny * 9)],
                        fill=f.colour,
                    )


def connector(pen: Pen, c: Connector, radius: float, st: MapStyle) -> None:
    """A ferry crossing (a dashed line with end bars) or a link between two hexes (an arrow)."""
    f = st.features[c.word]
    dx, dy = c.b[0] - c.a[0], c.b[1] - c.a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    a = (c.a[0] + ux * radius * 0.3, c.a[1] + uy * radius * 0.3)
    b = (c.b[0] - ux * radius * 0.3, c.b[1] - uy * radius * 0.3)
    if c.draw == "ferry":
        pen.line([a, b], st.colours["halo"], 8.0)
        for d in dashes((a, b), (9.0, 6.0)):
            pen.line(d, f.colour, 4.0)
        for p in (a, b):
            pen.line([(p[0] - uy * 10, p[1] + ux * 10), (p[0] + uy * 10, p[1] - ux * 10)], f.colour, 4.0)
    else:
        arrow(pen, a, b, st.colours["halo"], 7.0, 16)
        arrow(pen, a, b, f.colour, 4.0, 13)


def hex_mark(pen: Pen, m: HexMark, radius: float, st: MapStyle) -> None:
    """A feature symbol of a hex without a city: resource, airfield, ring (linked), edge."""
    f = st.features[m.word]
    x, y = m.center
    if m.draw == "resource":
        resource_symbol(pen, (x, y + radius * 0.05), st)
    elif m.draw == "airfield":
        airfield_symbol(pen, (x, y + radius * 0.3), f.colour)
    elif m.draw == "ring":
        pen.circle((x, y), radius * 0.62, outline=f.colour, width=3.0)
    elif m.draw == "edge":
        pen.circle((x, y), radius * 0.78, outline=f.colour, width=5.0)
    elif m.draw == "frame" and m.corners:  # a coloured outline just inside the hex's own
        inner = [(x + (cx - x) * 0.88, y + (cy - y) * 0.88) for cx, cy in m.corners]
        pen.polygon(inner, outline=f.colour, width=7.0)
    elif m.draw == "star":  # a small star in the hex's upper right
        c = (x + radius * 0.42, y - radius * 0.36)
        pen.polygon(star(c, 12.5), fill=st.colours["city_ink"])
        pen.polygon(star(c, 9.5), fill=f.colour)
    elif m.draw == "tag":  # a small plate for letters (the text pass prints them)
        box = tag_box(m, radius)
        pen.rect(box, fill=f.colour, outline=st.colours["halo"], width=2.0)


def tag_box(m: HexMark, radius: float) -> tuple[float, float, float, float]:
    """Where a tag's plate sits: right of the hex's city, plates stacked downward."""
    x, y = m.center
    w, h = 30.0, 20.0
    left = x + radius * 0.26
    top = y - radius * 0.5 + m.slot * (h + 3)
    return left, top, left + w, top + h


def canal(pen: Pen, points, st: MapStyle) -> None:
    """A canal: a dark blue double line with light water between, unlike a river's single line."""
    pen.line(points, st.colours["halo"], st.widths["canal"] + 5)
    pen.line(points, st.colours["canal"], st.widths["canal"] + 2)
    pen.line(points, st.colours["lake"], max(1.5, st.widths["canal"] - 3))


def strait(pen: Pen, a: Point, b: Point, radius: float, st: MapStyle) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    pa = (a[0] + ux * radius * 0.35, a[1] + uy * radius * 0.35)
    pb = (b[0] - ux * radius * 0.35, b[1] - uy * radius * 0.35)
    arrow(pen, pa, pb, st.colours["halo"], st.widths["strait"] + 3, 16)
    arrow(pen, pa, pb, st.colours["strait"], st.widths["strait"], 13)
