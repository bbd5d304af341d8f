"""The map board image, drawn from the committed map data with Pillow.

    render_board(game, board=None, scale=1.0) -> PIL.Image   a board image of the module
    render_map(game, board=None, scale=1.0, ...) -> MapRender  image + every label drawn (for tests)
    render_print(game, board=None, dpi=150) -> MapRender     the print version (fixed inch size)

The image is exactly `wargame.board`'s size (times `scale`) and every hex sits where
`Board.center` says, because the shapes come from the same grid object (map_scene.py). Shapes
are drawn `supersample` times larger in horizontal strips and reduced (anti-aliasing with bounded
memory; strips render in parallel on a multi-core machine); text is drawn afterwards at the final
size, where FreeType anti-aliases it crisply. Same inputs, same bytes.
"""

from __future__ import annotations

import math
import os
import textwrap
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from builder.render import forkpool
from builder.render.map_scene import (
    MARK_DRAWS,
    TRACK_DRAWS,
    CityMark,
    Connector,
    HexMark,
    HexShape,
    MapStyle,
    Point,
    Scene,
    build_scene,
    clip_convex,
    dashes,
    load_style,
)
from builder.render.style import ART_DIR, RGB, mix
from builder.render.text import font
from records import frozen
from wargame.games import find_game

TITLE = "Staffwork \u2014 {title}, {board} map"  # when board.toml gives no art_title
CREDITS = (
    "Geography: Natural Earth (public domain), warped onto the game's hex grid. Place names: GeoNames "
    "(CC BY 4.0), 1939 forms. Font: Barlow Condensed (SIL Open Font License)."
)
ZONE_CREDIT = " Sea Zone borders and numbers beyond those the rules name are a reconstruction."
NAMED_ZONE_CREDIT = " {label} borders beyond those the rules name are a reconstruction."
AREA_CREDIT = " Sea area borders and names beyond those the rules name are a reconstruction."
WHITE = (255, 255, 255)
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


@frozen
class Label:
    """A piece of text drawn on the image: what kind, the text, and its pixel box."""

    kind: str  # city, hex, zone, area, box, key, title, strait; leader: a line (x0, y0, x1, y1)
    text: str
    box: tuple[int, int, int, int]


@frozen
class MapRender:
    image: Image.Image
    labels: tuple[Label, ...]
    scale: float
    seconds: float


# ----------------------------------------------------------------------------- drawing helpers


class Pen:
    """Draws board-pixel shapes onto one strip of the supersampled canvas."""

    def __init__(self, image: Image.Image, k: float, oy: float):
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.k = k
        self.oy = oy

    def pts(self, points) -> list[tuple[float, float]]:
        k, oy = self.k, self.oy
        return [(x * k, y * k - oy) for x, y in points]

    def w(self, width: float) -> int:
        return max(1, round(width * self.k))

    def polygon(self, points, fill=None, outline=None, width: float = 1.0) -> None:
        xy = self.pts(points)
        w = self.w(width) if outline is not None else 0
        if w <= 1:
            self.draw.polygon(xy, fill=fill, outline=outline, width=w)
            return
        # Pillow draws a wide outline through a mask of the whole canvas (a strip of 9 million
        # pixels, made and cleared for every hex); drawn on a copy of the polygon's own box and
        # put back, the same pixels come out (integer shifts round alike), in a tiny fraction
        # of the time.
        size = self.image.size
        x0 = max(0, math.floor(min(x for x, _ in xy)) - w - 2)
        y0 = max(0, math.floor(min(y for _, y in xy)) - w - 2)
        x1 = min(size[0], math.ceil(max(x for x, _ in xy)) + w + 3)
        y1 = min(size[1], math.ceil(max(y for _, y in xy)) + w + 3)
        if x0 >= x1 or y0 >= y1:
            return  # wholly off the canvas: Pillow draws nothing there either
        box = self.image.crop((x0, y0, x1, y1))
        ImageDraw.Draw(box).polygon([(x - x0, y - y0) for x, y in xy], fill=fill, outline=outline, width=w)
        self.image.paste(box, (x0, y0))

    def line(self, points, fill, width: float) -> None:
        w = self.w(width)
        self.draw.line(self.pts(points), fill=fill, width=w, joint="curve" if w > 2 else None)

    def circle(self, c: Point, r: float, fill=None, outline=None, width: float = 1.0) -> None:
        x, y = c[0] * self.k, c[1] * self.k - self.oy
        rr = r * self.k
        self.draw.ellipse(
            (x - rr, y - rr, x + rr, y + rr),
            fill=fill,
            outline=outline,
            width=self.w(width) if outline is not None else 0,
        )

    def rect(self, box, fill=None, outline=None, width: float = 1.0) -> None:
        x0, y0, x1, y1 = box
        self.draw.rectangle(
            (x0 * self.k, y0 * self.k - self.oy, x1 * self.k, y1 * self.k - self.oy),
            fill=fill,
            outline=outline,
            width=self.w(width) if outline is not None else 0,
        )


def _jitter(seed: int, i: int, amount: float) -> tuple[float, float]:
    a = (seed >> (i * 4)) & 0xF
    b = (seed >> (i * 4 + 2)) & 0xF
    return (a / 15 - 0.5) * amount, (b / 15 - 0.5) * amount


SPOTS = ((-0.44, 0.0), (0.44, 0.0), (-0.2, 0.47), (0.22, 0.45), (0.0, -0.3))


def terrain_symbol(
    pen: Pen, terrain: str, c: Point, radius: float, u: float, ink: RGB, seed: int, low_only: bool = False
) -> None:
    """The restrained symbol of a terrain around a hex centre: trees, hill humps, marsh tufts,
    sand stipple (`terrain` names the symbol: art/map.toml [terrain_symbol] maps each game's
    terrain words to one). `low_only` keeps to the lower part (a city sits in the middle)."""
    spots = [s for s in SPOTS if not low_only or s[1] > 0.3]
    terrain = {"trees": "woods", "hills": "hills", "tufts": "swamp", "stipple": "desert"}.get(terrain, terrain)
    if terrain == "desert":
        grid = [
            (-0.45, -0.1),
            (-0.15, 0.05),
            (0.2, -0.08),
            (0.48, 0.08),
            (-0.32, 0.32),
            (0.02, 0.38),
            (0.34, 0.34),
            (-0.1, 0.62),
            (0.2, 0.6),
            (-0.5, 0.15),
            (0.1, -0.32),
            (-0.25, -0.35),
        ]
        for i, (fx, fy) in enumerate(grid):
            if low_only and fy <= 0.3:
                continue
            jx, jy = _jitter(seed, i % 7, 0.12)
            pen.circle((c[0] + (fx + jx) * radius, c[1] + (fy + jy) * radius), 0.32 * u, fill=ink)
        return
    for i, (fx, fy) in enumerate(spots[:4]):
        jx, jy = _jitter(seed, i, 0.1)
        x, y = c[0] + (fx + jx) * radius, c[1] + (fy + jy) * radius
        if terrain == "woods":
            pen.line([(x, y + 0.6 * u), (x, y + 1.7 * u)], ink, 0.4 * u)
            pen.circle((x - 0.45 * u, y + 0.15 * u), 0.8 * u, fill=ink)
            pen.circle((x + 0.45 * u, y + 0.15 * u), 0.8 * u, fill=ink)
            pen.circle((x, y - 0.45 * u), 0.85 * u, fill=ink)
        elif terrain == "hills":
            n = 10
            pts = [
                (x - 1.8 * u + 3.6 * u * j / n, y + 0.6 * u - 1.5 * u * math.sin(math.pi * j / n)) for j in range(n + 1)
            ]
            pen.line(pts, ink, 0.45 * u)
            pts = [
                (x + 0.2 * u + 2.0 * u * j / n, y + 0.6 * u - 0.9 * u * math.sin(math.pi * j / n)) for j in range(n + 1)
            ]
            pen.line(pts, ink, 0.4 * u)
        elif terrain == "swamp":
            pen.line([(x - 1.5 * u, y + 0.5 * u), (x + 1.5 * u, y + 0.5 * u)], ink, 0.35 * u)
            pen.line([(x - 0.8 * u, y + 1.2 * u), (x + 0.8 * u, y + 1.2 * u)], ink, 0.3 * u)
            pen.line([(x, y + 0.5 * u), (x, y - 0.8 * u)], ink, 0.3 * u)
            pen.line([(x - 0.45 * u, y + 0.5 * u), (x - 1.0 * u, y - 0.4 * u)], ink, 0.3 * u)
            pen.line([(x + 0.45 * u, y + 0.5 * u), (x + 1.0 * u, y - 0.4 * u)], ink, 0.3 * u)


def hatch(pen: Pen, corners: tuple[Point, ...], colour: RGB, spacing: float, width: float) -> None:
    """Diagonal hatching inside a hex (prohibited countries, 1.3.8)."""
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    start = math.floor((x0 + y0) / spacing) * spacing
    s = start
    while s <= x1 + y1:
        seg = clip_convex((s - y0 + 10, y0 - 10), (s - y1 - 10, y1 + 10), corners)
        if seg:
            pen.line(seg, colour, width)
        s += spacing
    return


def star(c: Point, r: float) -> list[Point]:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.42
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    return pts


def city_symbol(pen: Pen, city: CityMark, st: MapStyle, size: float = 1.0) -> None:
    """Capital: a red disc with a white star; other cities: a dark square. A factory adds a
    red saw-tooth works to the right, a port a blue anchor to the left (Terrain Key)."""
    col = st.colours
    x, y = city.center
    s = size
    if city.capital:
        r = st.sizes["capital_ring"] * s
        pen.circle((x, y), r + 1.5 * s, fill=col["halo"])
        pen.circle((x, y), r, fill=col["capital"], outline=col["city_ink"], width=1.5 * s)
        pen.polygon(star((x, y), r * 0.78), fill=WHITE)
    else:
        h = st.sizes["city_dot"] * s
        pen.rect((x - h - 1.5 * s, y - h - 1.5 * s, x + h + 1.5 * s, y + h + 1.5 * s), fill=col["halo"])
        pen.rect((x - h, y - h, x + h, y + h), fill=col["city_ink"])
        pen.rect((x - h * 0.4, y - h * 0.4, x + h * 0.4, y + h * 0.4), fill=col["halo"])
    if city.resource:
        resource_symbol(pen, (x + 21 * s, y), st, size)
    if city.factory:
        fx, fy = x + 24 * s, y + 2 * s
        works = [
            (fx - 10 * s, fy + 7 * s),
            (fx - 10 * s, fy - 3 * s),
            (fx - 4 * s, fy - 8 * s),
            (fx - 4 * s, fy - 3 * s),
            (fx + 2 * s, fy - 8 * s),
            (fx + 2 * s, fy - 3 * s),
            (fx + 6 * s, fy - 3 * s),
            (fx + 6 * s, fy - 13 * s),
            (fx + 10 * s, fy - 13 * s),
            (fx + 10 * s, fy + 7 * s),
        ]
        pen.polygon(works, fill=col["factory"], outline=col["halo"], width=1.5 * s)
    if city.port:
        ax, ay = x - 23 * s, y
        ink, w = col["port"], 2.4 * s
        pen.circle((ax, ay - 9 * s), 3.2 * s, outline=ink, width=2 * s)
        pen.line([(ax, ay - 6 * s), (ax, ay + 9 * s)], ink, w)
        pen.line([(ax - 5 * s, ay - 2 * s), (ax + 5 * s, ay - 2 * s)], ink, w)
        arc = [
            (ax + 8 * s * math.cos(a), ay + 1 * s + 8 * s * math.sin(a))
            for a in [math.pi * (0.05 + 0.9 * j / 10) for j in range(11)]
        ]
        pen.line(arc, ink, w)
        if city.ships >= 20:  # a major port: a second ring round the anchor's head
            pen.circle((ax, ay - 9 * s), 6.2 * s, outline=ink, width=1.4 * s)
    if city.icebound:
        snowflake(pen, (x - 23 * s, y + 20 * s), 7 * s, st.colours.get("ice", (60, 120, 200)), 1.6 * s)


def resource_symbol(pen: Pen, c: Point, st: MapStyle, size: float = 1.0) -> None:
    """A resource hex's mark: a dark gold lozenge with a light core (an ore and oil symbol)."""
    x, y = c
    r = 10 * size
    ink = st.colours.get("resource", (150, 100, 20))
    pen.polygon(
        [(x, y - r - 2 * size), (x + r + 2 * size, y), (x, y + r + 2 * size), (x - r - 2 * size, y)],
        fill=st.colours["halo"],
    )
    pen.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=ink)
    pen.polygon([(x, y - r * 0.4), (x + r * 0.4, y), (x, y + r * 0.4), (x - r * 0.4, y)], fill=st.colours["halo"])


def airfield_symbol(pen: Pen, c: Point, ink: RGB, size: float = 1.0) -> None:
    """A printed airfield: two crossed runways."""
    x, y = c
    r = 11 * size
    pen.line([(x - r, y + r * 0.35), (x + r, y - r * 0.35)], ink, 3.2 * size)
    pen.line([(x - r * 0.35, y - r), (x + r * 0.35, y + r)], ink, 3.2 * size)


def snowflake(pen: Pen, c: Point, r: float, ink: RGB, width: float) -> None:
    """An icebound port's mark: three crossed strokes."""
    for i in range(3):
        a = math.pi / 2 + i * math.pi / 3
        pen.line(
            [(c[0] - r * math.cos(a), c[1] - r * math.sin(a)), (c[0] + r * math.cos(a), c[1] + r * math.sin(a))],
            ink,
            width,
        )


def arrow(pen: Pen, a: Point, b: Point, colour: RGB, width: float, head: float, both: bool = True) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    ends = [(b, ux, uy)] + ([(a, -ux, -uy)] if both else [])
    inner_a = (a[0] + ux * head * 0.8, a[1] + uy * head * 0.8) if both else a
    inner_b = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    pen.line([inner_a, inner_b], colour, width)
    for (px, py), vx, vy in ends:
        pen.polygon(
            [
                (px, py),
                (px - vx * head - vy * head * 0.5, py - vy * head + vx * head * 0.5),
                (px - vx * head + vy * head * 0.5, py - vy * head - vx * head * 0.5),
            ],
            fill=colour,
        )


# ----------------------------------------------------------------------------- margin layout


@frozen
class KeyItem:
    kind: str  # terrain:<t>, faded, prohibited, capital, city, factory, port, stroke:<style>, strait, canal,
    #            city-resource, port-major, icebound, mark:<draw>:<word>, connector:<draw>:<word>
    text: str
    at: Point  # where the sample sits (board px)


def _key_entries(scene: Scene, st: MapStyle) -> list[tuple[str, str]]:
    """Every key entry the board needs, in reading order, with its text."""
    labels = st.key_labels
    out = [
        (
            f"terrain:{t}",
            labels.get(f"terrain:{t}", t.capitalize()) + (" (rough)" if t in scene.rough and t != "rough" else ""),
        )
        for t in st.terrain
    ]
    out += [
        ("faded", "Faded Dot hex: no ground movement"),
        ("prohibited", labels.get("prohibited", "Prohibited country")),
        ("capital", "Capital"),
        ("city", "City"),
        ("city-resource", labels.get("city-resource", "City resource hex")),
        ("factory", "Factory"),
        ("port", labels.get("port", "Port")),
        ("port-major", labels.get("port-major", "Major port")),
    ]
    out += [
        (
            f"icebound:{f.word}",
            labels.get(f"icebound:{f.word}") or (labels.get("icebound", f.label) if f.word == "icebound" else f.label),
        )
        for f in st.features.values()
        if f.draw == "icebound"
    ]
    for draw in MARK_DRAWS:
        out += [(f"mark:{draw}:{f.word}", f.label) for f in st.features.values() if f.draw == draw]
    out += [
        ("stroke:river", "River hexside"),
        ("stroke:border", "International border"),
        ("stroke:disputed", "Disputed border"),
    ]
    zone_border = (
        f"{scene.zone_label} border"
        if scene.zone_label
        else "Sea area border"
        if scene.sea_areas
        else "Sea Zone border"
    )
    out += [
        ("stroke:later", scene.line_label or " / ".join(scene.line_names) + " line"),
        ("stroke:restricted", labels.get("restricted", "Restricted line")),
        ("stroke:transport", "Transport Line"),
        ("stroke:zone", zone_border),
        ("strait", "Strait"),
        ("canal", "Canal"),
    ]
    out += [
        (f"stroke:feature:{f.word}", f.label)
        for f in st.features.values()
        if f.draw in ("canal", "lake", "impassable", "fortress", *TRACK_DRAWS)
    ]
    out += [(f"connector:{f.draw}:{f.word}", f.label) for f in st.features.values() if f.draw in ("ferry", "link")]
    order = scene.weather_order
    out += [
        (f"stroke:weather:{a}/{b}", f"Weather line {a.capitalize()} / {b.capitalize()}")
        for a, b in zip(order, order[1:])
    ]
    out += [(f"stroke:outline:{f.word}", f.label) for f in st.features.values() if f.draw == "outline"]
    laid = [b.prefix for b in scene.board.grid.boards if b.over]
    if laid and not any(_overlaps(scene.board.grid, p) for p in laid):  # sheets that abut (TK's maps)
        out.append(("stroke:seam", labels.get("seam-abut", "Where the maps meet")))
    else:
        out.append(("stroke:seam", labels.get("seam", "Edge of the sheet on top (where its numbers begin)")))
    return out


def key_items(scene: Scene, st: MapStyle | None = None) -> tuple[tuple[str, Point], tuple[KeyItem, ...]]:
    """The Terrain Key: only what the board shows. In the board's key area (board.toml
    [boards.key]) when it has one, else in the west margin under the lowest Map Box."""
    st = st or load_style()
    board = scene.board
    canal_sides = any(_feature_draw(st, s.style) == "canal" for s in scene.strokes)
    entries = [
        (kind, text)
        for kind, text in _key_entries(scene, st)
        if _shown(scene, kind) and not (kind == "canal" and canal_sides)
    ]  # drawn as hexsides instead
    area = board.key_area
    if area is not None:
        x, top, bottom = float(area.x), float(area.y), float(area.y + area.height)
        columns = 2 if len(entries) * 60 > area.height - 60 else 1
        per = math.ceil(len(entries) / columns)
        step = min(78.0, (bottom - top - 60) / max(1, per))
        items = tuple(
            KeyItem(kind, text, (x + 55 + (i // per) * area.width / columns, top + 60 + step * (i % per + 0.5)))
            for i, (kind, text) in enumerate(entries)
        )
        return ("TERRAIN KEY", (x, top)), items
    west = [b for b in board.boxes if b.x + b.width <= scene.grid_box[0]]
    top = max((b.y + b.height for b in west), default=scene.grid_box[1] - 120) + 120
    x = 60.0
    space = board.height - 40 - (top + 60)
    step = min(78.0, space / len(entries))
    items = tuple(KeyItem(kind, text, (x + 55, top + 60 + step * (i + 0.5))) for i, (kind, text) in enumerate(entries))
    return ("TERRAIN KEY", (x, top)), items


def _shown(scene: Scene, kind: str) -> bool:
    """Whether the board shows what a key entry explains (the key lists only what is drawn)."""
    if kind.startswith("terrain:"):
        return any(h.terrain == kind[8:] for h in scene.hexes)
    if kind == "faded":
        return any(h.faded for h in scene.hexes)
    if kind == "prohibited":
        return any(h.prohibited for h in scene.hexes)
    if kind in ("capital", "factory", "port"):
        return any(getattr(c, kind) for c in scene.cities)
    if kind == "city-resource":
        return any(c.resource for c in scene.cities)
    if kind == "port-major":
        return any(c.port and c.ships >= 20 for c in scene.cities)
    if kind.startswith("icebound:"):
        word = kind.split(":", 1)[1]
        return any(c.icebound and word in h.features for c in scene.cities for h in scene.hexes if h.id == c.hex)
    if kind.startswith("mark:"):
        return any(m.word == kind.split(":", 2)[2] for m in scene.marks)
    if kind.startswith("connector:"):
        return any(c.word == kind.split(":", 2)[2] for c in scene.connectors)
    if kind == "city":
        return bool(scene.cities)
    if kind.startswith("stroke:"):
        return any(s.style == kind[7:] for s in scene.strokes)
    if kind == "strait":
        return bool(scene.straits)
    if kind == "canal":
        return bool(scene.canals)
    return True


def box_arrows(scene: Scene, data) -> list[tuple[Point, Point, str]]:
    """Arrows between connected Map Boxes (1.3.5). Boxes in the same margin get a direct arrow
    (around a box in between); a box across the map gets a labelled stub pointing off the box."""
    board = scene.board
    areas = {b.code: b for b in board.boxes}
    out = []
    for code in sorted(areas):
        for other in data.boxes[code].adjacent_boxes if code in data.boxes else ():
            if other not in areas or (other < code and code in data.boxes.get(other, ()).adjacent_boxes):
                continue
            a, b = areas[code], areas[other]
            same_side = abs(a.x - b.x) < 10
            gap = max(b.x - (a.x + a.width), a.x - (b.x + b.width), b.y - (a.y + a.height), a.y - (b.y + b.height))
            if not same_side and gap < 900:  # boxes near one another: one arrow between them
                out.append(_facing(a, b))
                continue
            if same_side:
                upper, lower = (a, b) if a.y < b.y else (b, a)
                between = [c for c in board.boxes if abs(c.x - a.x) < 10 and upper.y < c.y < lower.y]
                if not between:
                    x = upper.x + upper.width / 2
                    out.append(((x, upper.y + upper.height + 6), (x, lower.y - 6), ""))
                else:
                    gx = upper.x + upper.width + 40 if upper.x < scene.grid_box[0] else upper.x - 40
                    edge = upper.x + upper.width if upper.x < scene.grid_box[0] else upper.x
                    y0, y1 = upper.y + upper.height * 0.8, lower.y + lower.height * 0.2
                    out.append(((edge + (4 if gx > edge else -4), y0), (gx, y0), "bend"))
                    out.append(((gx, y0), (gx, y1), "bend"))
                    out.append(((gx, y1), (edge + (4 if gx > edge else -4), y1), "bend-end"))
            else:
                for here, there in ((a, b), (b, a)):
                    name = data.boxes[there.code].name
                    x = here.x + here.width / 2
                    below = [
                        c for c in board.boxes if abs(c.x - here.x) < 10 and 0 < c.y - (here.y + here.height) < 200
                    ]
                    if below:
                        out.append(((x, here.y - 6), (x, here.y - 56), f"to the {name}"))
                    else:
                        out.append(((x, here.y + here.height + 6), (x, here.y + here.height + 56), f"to the {name}"))
    return out


def _facing(a, b) -> tuple[Point, Point, str]:
    """A double arrow between two boxes near one another: the line between their centres, from
    the edge of one to the edge of the other."""
    ca = (a.x + a.width / 2, a.y + a.height / 2)
    cb = (b.x + b.width / 2, b.y + b.height / 2)

    def leave(box, c, towards) -> Point:
        dx, dy = towards[0] - c[0], towards[1] - c[1]
        t = min(box.width / 2 / abs(dx) if dx else math.inf, box.height / 2 / abs(dy) if dy else math.inf)
        n = math.hypot(dx, dy) or 1.0
        return c[0] + dx * t + dx / n * 8, c[1] + dy * t + dy / n * 8

    return leave(a, ca, cb), leave(b, cb, ca), ""


# ----------------------------------------------------------------------------- strips


@frozen
class StripJob:
    """Everything a strip worker needs, handed over by fork (builder.render.forkpool)."""

    scene: Scene
    style: MapStyle
    scale: float
    ss: int
    rows: int
    width: int
    height: int
    arrows: tuple
    edge_arrows: tuple
    key: tuple


def _visible(bbox, y0: float, y1: float) -> bool:
    return bbox[3] >= y0 and bbox[1] <= y1


def _strip(job: StripJob, index: int) -> Image.Image:
    scene, st = job.scene, job.style
    scale, ss, rows, width, height = job.scale, job.ss, job.rows, job.width, job.height
    col, wd = st.colours, st.widths
    r0 = index * rows
    r1 = min(height, r0 + rows)
    k = scale * ss
    oy = r0 * ss
    cw, ch = width * ss, (r1 - r0) * ss
    pad = 80
    by0, by1 = r0 / scale - pad, r1 / scale + pad

    sea = Image.new("RGB", (cw, ch), col["sea"])
    land = Image.new("RGB", (cw, ch), st.terrain["clear"])
    mask = Image.new("L", (cw, ch), 0)
    ps, pl, pm = Pen(sea, k, oy), Pen(land, k, oy), Pen(mask, k, oy)
    land_polys = [p for p in scene.land if _visible(p.bbox, by0 - 40, by1 + 40)]
    for p in land_polys:
        ps.line(p.exterior, col["sea_coast"], wd["coast_band"])
        pm.polygon(p.exterior, fill=255)
        for hole in p.holes:
            pm.polygon(hole, fill=0)
    hexes = [h for h in scene.hexes if by0 <= h.center[1] <= by1]
    coastal_sea = col.get("coastal_sea") if scene.sea_areas else None
    for h in hexes:
        if coastal_sea is not None and h.kind == "coastal":
            ps.polygon(h.corners, fill=coastal_sea)  # ETO 7.2: coastal hexes are light blue spaces
        if h.gridded:
            ps.polygon(h.corners, outline=col["sea_grid"], width=wd["sea_grid"])
    for s in scene.strokes:
        if s.style == "zone" and _visible(s.bbox, by0, by1):
            ps.line(s.points, col["zone_border"], wd["zone_border"])

    city_hexes = {c.hex for c in scene.cities}
    paper = (250, 248, 240)
    u = st.sizes["symbol"]
    for h in hexes:
        _land_hex(pl, h, st, scene.radius, u, h.id in city_hexes, paper)
    for s in scene.strokes:
        if s.style == "border" and _visible(s.bbox, by0, by1):
            pl.line(s.points, col["border_band"], wd["border_band"])
    base = Image.composite(land, sea, mask)
    del land, sea

    pb = Pen(base, k, oy)
    for p in scene.lakes:
        if _visible(p.bbox, by0, by1):
            pb.polygon(p.exterior, fill=col["lake"], outline=col["lake_edge"], width=wd["lake_edge"])
    for p in land_polys:
        pb.line(p.exterior, col["coast"], wd["coast"])
        for hole in p.holes:
            pb.line(hole, col["coast"], wd["coast"])
    for s in scene.strokes:
        if s.style.startswith("weather:") and _visible(s.bbox, by0, by1):
            for d in dashes(s.points, PATTERNS["weather"]):
                pb.line(d, st.weather[s.style[8:]], wd["weather"])

    lines = base.copy()
    pn = Pen(lines, k, oy)
    for s in scene.strokes:
        if not _visible(s.bbox, by0, by1) or _feature_draw(st, s.style) in TRACK_DRAWS:
            continue
        _stroke(pn, s.style, s.points, st)
    base = Image.composite(lines, base, mask)
    del lines, mask

    pb = Pen(base, k, oy)
    for s in scene.strokes:  # features that run over water too: lake hexsides, the sheets' seam
        if _visible(s.bbox, by0, by1) and (s.style == "seam" or _feature_draw(st, s.style) == "lake"):
            _stroke(pb, s.style, s.points, st)
    for c in scene.connectors:
        if min(c.a[1], c.b[1]) <= by1 and max(c.a[1], c.b[1]) >= by0:
            _connector(pb, c, scene.radius, st)
    for s in scene.strokes:
        if s.style == "transport" and _visible(s.bbox, by0, by1):
            pb.line(s.points, col["transport_casing"], wd["transport_casing"])
    for s in scene.strokes:
        if s.style == "transport" and _visible(s.bbox, by0, by1):
            pb.line(s.points, col["transport"], wd["transport"])
    for draw in ("road", "rail"):  # a game's named networks, Rail over Road
        for s in scene.strokes:
            if _feature_draw(st, s.style) == draw and _visible(s.bbox, by0, by1):
                _stroke(pb, s.style, s.points, st)
    for a, b, _ in scene.straits:
        if by0 <= a[1] <= by1 or by0 <= b[1] <= by1:
            _strait(pb, a, b, scene.radius, st)
    canal_sides = any(_feature_draw(st, s.style) == "canal" for s in scene.strokes)
    for a, b, _ in scene.canals if not canal_sides else ():  # drawn along its hexsides when it has them
        if min(a[1], b[1]) <= by1 and max(a[1], b[1]) >= by0:
            _canal(pb, [a, b], st)
    for h in hexes:
        if h.faded:
            pb.circle(h.center, st.sizes["faded_dot"], fill=col["faded_dot"])
    for m in scene.marks:
        if by0 <= m.center[1] <= by1:
            _hex_mark(pb, m, scene.radius, st)
    for c in scene.cities:
        if by0 <= c.center[1] <= by1:
            city_symbol(pb, c, st)

    # the map ends at the edge of the hex grid; the margins are paper
    inside = Image.new("L", (cw, ch), 0)
    pi = Pen(inside, k, oy)
    for h in hexes:
        pi.polygon(h.corners, fill=255)
    base = Image.composite(base, Image.new("RGB", (cw, ch), col["paper"]), inside)
    pb = Pen(base, k, oy)
    for s in scene.strokes:
        if s.style == "frame" and _visible(s.bbox, by0, by1):
            pb.line(s.points, col["coast"], 3.0)
    _margin_shapes(pb, job, by0, by1)
    return base.reduce(ss) if ss > 1 else base


def _land_hex(pen: Pen, h: HexShape, st: MapStyle, radius: float, u: float, has_city: bool, paper: RGB) -> None:
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


def _feature_draw(st: MapStyle, style: str) -> str:
    """The draw kind of a "feature:<word>" stroke ("" for any other stroke)."""
    if not style.startswith("feature:"):
        return ""
    f = st.features.get(style[8:])
    return f.draw if f else ""


def _stroke(pen: Pen, style: str, points, st: MapStyle) -> None:
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
            _canal(pen, points, st)
        elif f.draw == "lake":
            pen.line(points, col["lake_edge"], wd["river"] + 3)
            pen.line(points, col["lake"], wd["river"])
        elif f.draw == "impassable":
            pen.line(points, f.colour, wd["river"] + 2)
            for a, b in zip(points, points[1:]):  # cross ticks: a crest no land unit crosses
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                dx, dy = b[0] - a[0], b[1] - a[1]
                n = math.hypot(dx, dy) or 1.0
                pen.line([(mx - dy / n * 9, my + dx / n * 9), (mx + dy / n * 9, my - dx / n * 9)], f.colour, 3.0)
        elif f.draw == "fortress":
            pen.line(points, f.colour, 4.0)
            for a, b in zip(points, points[1:]):  # teeth along the line (the Maginot Line's sign)
                dx, dy = b[0] - a[0], b[1] - a[1]
                n = math.hypot(dx, dy) or 1.0
                ux, uy, nx, ny = dx / n, dy / n, -dy / n, dx / n
                for t in (0.25, 0.75):
                    px, py = a[0] + dx * t, a[1] + dy * t
                    pen.polygon(
                        [(px - ux * 7, py - uy * 7), (px + ux * 7, py + uy * 7), (px + nx * 9, py + ny * 9)],
                        fill=f.colour,
                    )


def _connector(pen: Pen, c: Connector, radius: float, st: MapStyle) -> None:
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


def _hex_mark(pen: Pen, m: HexMark, radius: float, st: MapStyle) -> None:
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
        box = _tag_box(m, radius)
        pen.rect(box, fill=f.colour, outline=st.colours["halo"], width=2.0)


def _tag_box(m: HexMark, radius: float) -> tuple[float, float, float, float]:
    """Where a tag's plate sits: right of the hex's city, plates stacked downward."""
    x, y = m.center
    w, h = 30.0, 20.0
    left = x + radius * 0.26
    top = y - radius * 0.5 + m.slot * (h + 3)
    return left, top, left + w, top + h


def _canal(pen: Pen, points, st: MapStyle) -> None:
    """A canal: a dark blue double line with light water between, unlike a river's single line."""
    pen.line(points, st.colours["halo"], st.widths["canal"] + 5)
    pen.line(points, st.colours["canal"], st.widths["canal"] + 2)
    pen.line(points, st.colours["lake"], max(1.5, st.widths["canal"] - 3))


def _strait(pen: Pen, a: Point, b: Point, radius: float, st: MapStyle) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    pa = (a[0] + ux * radius * 0.35, a[1] + uy * radius * 0.35)
    pb = (b[0] - ux * radius * 0.35, b[1] - uy * radius * 0.35)
    arrow(pen, pa, pb, st.colours["halo"], st.widths["strait"] + 3, 16)
    arrow(pen, pa, pb, st.colours["strait"], st.widths["strait"], 13)


def _margin_shapes(pen: Pen, job: StripJob, by0: float, by1: float) -> None:
    """Map Boxes, their arrows and the Terrain Key samples (shapes only; text comes later)."""
    scene, st = job.scene, job.style
    col, wd = st.colours, st.widths
    for b in scene.board.boxes:
        if b.y > by1 or b.y + b.height < by0:
            continue
        pen.rect((b.x, b.y, b.x + b.width, b.y + b.height), fill=col["box_fill"], outline=col["box_edge"], width=4)
        pen.rect((b.x + 9, b.y + 9, b.x + b.width - 9, b.y + b.height - 9), outline=col["box_edge"], width=1.5)
    for a, b, kind in job.arrows:
        if min(a[1], b[1]) - 20 > by1 or max(a[1], b[1]) + 20 < by0:
            continue
        if kind == "bend":
            pen.line([a, b], col["arrow"], 5)
        elif kind == "bend-end":
            arrow(pen, a, b, col["arrow"], 5, 20, both=False)
        else:
            arrow(pen, a, b, col["arrow"], 5, 20, both=not kind)
    for a, b in job.edge_arrows:
        if by0 - 30 <= a[1] <= by1 + 30:
            arrow(pen, a, b, col["arrow"], 4, 15, both=True)
    _, items = job.key
    r = 30.0
    for item in items:
        x, y = item.at
        if y < by0 - 60 or y > by1 + 60:
            continue
        hx = [
            (x + r * math.cos(math.radians(30 + 60 * i)), y + r * math.sin(math.radians(30 + 60 * i))) for i in range(6)
        ]
        kind = item.kind
        if kind.startswith("terrain:") or kind in ("faded", "prohibited"):
            t = kind[8:] if kind.startswith("terrain:") else "clear"
            fake = HexShape("key", (x, y), tuple(hx), "land", t, kind == "faded", kind == "prohibited", 0x5A3C_96E1)
            _land_hex(pen, fake, st, r, st.sizes["symbol"] * 0.62, False, (250, 248, 240))
            if kind == "faded":
                pen.circle((x, y), st.sizes["faded_dot"], fill=col["faded_dot"])
        elif kind in ("capital", "city", "factory", "port", "city-resource", "port-major") or kind.startswith(
            "icebound"
        ):
            ice = kind.startswith("icebound")
            shift = {"factory": -22, "city-resource": -20, "port": 22, "port-major": 22}.get(kind, 22 if ice else 0)
            mark = CityMark(
                "",
                "",
                (x + shift, y if not ice else y - 10),
                kind == "capital",
                kind == "factory",
                kind in ("port", "port-major") or ice,
                kind == "city-resource",
                20 if kind == "port-major" else 0,
                ice,
            )
            city_symbol(pen, mark, st)
        elif kind.startswith("mark:"):
            _, draw, word = kind.split(":", 2)
            fake = HexShape("key", (x, y), tuple(hx), "land", "clear", False, False, 0)
            _land_hex(pen, fake, st, r, 0.0, False, (250, 248, 240))
            _hex_mark(pen, HexMark(draw, word, (x, y), "key", tuple(hx)), r, st)
        elif kind.startswith("connector:"):
            _, draw, word = kind.split(":", 2)
            _connector(pen, Connector(draw, word, (x - 52, y), (x + 52, y)), 30.0, st)
        elif kind.startswith("stroke:"):
            style = kind[7:]
            seg = ((x - 38, y), (x + 38, y))
            if style == "transport":
                pen.line(seg, col["transport_casing"], wd["transport_casing"])
                pen.line(seg, col["transport"], wd["transport"])
            elif style == "zone":
                pen.rect((x - 40, y - 14, x + 40, y + 14), fill=col["sea"])
                pen.line(seg, col["zone_border"], wd["zone_border"])
            elif style.startswith("weather:"):
                for d in dashes(seg, PATTERNS["weather"]):
                    pen.line(d, st.weather[style[8:]], wd["weather"])
            elif style.startswith(("feature:", "outline:")) or style == "seam":
                if _feature_draw(st, style) == "lake" or style == "seam":
                    pen.rect((x - 40, y - 14, x + 40, y + 14), fill=col["sea"])
                _stroke(pen, style, seg, st)
            else:
                if style == "border":
                    pen.line(((x - 38, y + 4), (x + 38, y + 4)), col["border_band"], wd["border_band"])
                _stroke(pen, style, seg, st)
        elif kind == "strait":
            pen.rect((x - 40, y - 14, x + 40, y + 14), fill=col["sea"])
            arrow(pen, (x - 36, y), (x + 36, y), col["strait"], wd["strait"], 13)
        elif kind == "canal":
            _canal(pen, ((x - 38, y), (x + 38, y)), st)


# ----------------------------------------------------------------------------- text


class TextLayer:
    """Text at the final size, with halos, and a record of every label's box."""

    def __init__(self, image: Image.Image, scale: float, st: MapStyle):
        self.image = image
        self.draw = ImageDraw.Draw(image)
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
        self.labels.append(Label(kind, text, tuple(round(v) for v in box)))

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


def _rect_distance(box, x: float, y: float) -> float:
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


def _text_pass(image: Image.Image, job: StripJob, data) -> list[Label]:
    scene, st, scale = job.scene, job.style, job.scale
    t = TextLayer(image, scale, st)
    col, sz, fonts = st.colours, st.sizes, st.fonts
    radius = scene.radius

    # Sea Zone numbers and area names first: the lightest layer, under names and numbers
    zone_font = t.font(fonts["zone"], sz["zone_number"])
    small_zone = t.font(fonts["zone"], sz["zone_number"] * 0.5)
    for tag in scene.tags:
        if tag.kind == "zone":
            t.blended("zone", tag.at, tag.text, zone_font, col["zone_number"], 0.75)
        elif tag.kind == "zone_small":
            t.blended("zone", tag.at, tag.text, small_zone, col["zone_border"], 0.85)
    sea_font = t.font(fonts["zone"], sz.get("sea_name", sz["zone_number"] * 0.42))
    value_font = t.font(fonts["zone"], sz.get("sea_values", sz["zone_number"] * 0.3))
    for tag in scene.tags:  # named sea areas (ETO): the name, and the area's values under it
        if tag.kind == "sea":
            t.spaced("zone", tag.at, tag.text, sea_font, col["zone_number"], sz.get("sea_name", 46) * 0.12)
        elif tag.kind == "sea_values":
            t.blended("zone", tag.at, tag.text, value_font, col["zone_border"], 0.9)
    area_font = t.font(fonts["area"], sz["area_name"])
    for tag in scene.tags:
        if tag.kind == "area":
            t.spaced(
                "area",
                (tag.at[0], tag.at[1] + radius * 0.1),
                tag.text,
                area_font,
                col["area_name"],
                sz["area_name"] * 0.18,
            )

    # hex numbers (RRCC) near the top point of every hex; a name may cover one if it must
    num_font = t.font(fonts["hex_number"], sz["hex_number"])
    numbers = Occupied(200 * scale)
    occupied = Occupied(200 * scale)  # symbols and names: never covered if it can be helped
    for h in scene.hexes:
        if not h.gridded:
            continue  # a sea area without printed hexes (ETO 7.2)
        fill = col["sea_number"] if h.kind == "water" else col["land_number"]
        box = t.text("hex", (h.center[0], h.center[1] - radius * 0.64), h.id, num_font, fill)
        numbers.add(box)
    for c in scene.cities:
        x, y = c.center
        occupied.add(((x - 34) * scale, (y - 16) * scale, (x + 34) * scale, (y + 16) * scale))
    symbols = [(c.hex, c.center[0] * scale, c.center[1] * scale) for c in scene.cities]
    # the letters of the tags (Key Port, Multi-Zone Port ...) on their plates: names keep clear
    tag_font = t.font(fonts["capital"], sz["hex_number"] * 0.95)
    for m in scene.marks:
        if m.draw == "tag":
            x0, y0, x1, y1 = _tag_box(m, radius)
            t.text("tag", ((x0 + x1) / 2, (y0 + y1) / 2), st.features[m.word].text, tag_font, WHITE)
            occupied.add(((x0 - 3) * scale, (y0 - 3) * scale, (x1 + 3) * scale, (y1 + 3) * scale))

    # city names: the best place around the symbol: clear of other names and symbols, nearer
    # to its own symbol than to any other (a name must not read as its neighbour's), close
    for c in sorted(scene.cities, key=lambda c: (not c.capital, not c.factory, c.hex, c.name)):
        fnt = t.font(
            fonts["capital"] if c.capital else fonts["name"], sz["capital_name"] if c.capital else sz["city_name"]
        )
        x, y = c.center
        near = 17 if not c.capital else 19
        candidates = [
            ((x, y + near), "mt"),
            ((x + 35, y), "lm"),
            ((x - 35, y), "rm"),
            ((x + 30, y + near), "lt"),
            ((x - 30, y + near), "rt"),
            ((x, y + near + 22), "mt"),
            ((x, y - near - 24), "mb"),
            ((x + 35, y - 14), "lb"),
            ((x - 35, y - 14), "rb"),
            ((x + 35, y + 14), "lt"),
            ((x - 35, y + 14), "rt"),
            ((x, y + near + 44), "mt"),
            ((x, y - near), "mb"),
            ((x + 22, y - near), "lb"),
            ((x - 22, y - near), "rb"),
            ((x + 60, y), "lm"),
            ((x - 60, y), "rm"),
            ((x, y - near - 48), "mb"),
            ((x + 50, y + near + 10), "lt"),
            ((x - 50, y + near + 10), "rt"),
            ((x + 50, y - near - 10), "lb"),
            ((x - 50, y - near - 10), "rb"),
        ]
        best = None
        for order, (at, anchor) in enumerate(candidates):
            box = t.bbox(at, c.name, fnt, anchor, stroke=round(3 * scale))
            own = _rect_distance(box, x * scale, y * scale)
            reach = own + 1.5  # a symbol as far as this along x or y is at least as far in all
            ambiguous = any(
                _rect_distance(box, ox, oy) < reach
                for h, ox, oy in symbols
                if box[0] - ox < reach
                and ox - box[2] < reach
                and box[1] - oy < reach
                and oy - box[3] < reach
                and h != c.hex
            )
            hard = occupied.overlap(box)
            score = (
                hard > 0,
                ambiguous,
                hard + numbers.overlap(box) / (4 * scale * scale) + 3 * own / max(scale, 1e-6) + order,
            )
            if best is None or score < best[0]:
                best = (score, at, anchor)
        (_hard, ambiguous, _rest), at, anchor = best
        box = t.text("city", at, c.name, fnt, col["name"], anchor, halo=col["halo"], halo_px=3)
        occupied.add(box)
        if ambiguous:  # no place is nearer its own symbol than another's: a leader line says whose
            t.leader((x * scale, y * scale), box, col["name"])

    # port sizes (ETO 7.7): the ships a port holds, under its anchor
    ships_font = t.font(fonts["hex_number"], sz["hex_number"] * 0.95)
    for c in scene.cities:
        if c.ships:
            t.text(
                "port",
                (c.center[0] - 23, c.center[1] + 16),
                str(c.ships),
                ships_font,
                col["port"],
                "mt",
                halo=col["halo"],
                halo_px=2,
            )

    # straits and canals
    small = t.font(fonts["name"], sz["city_name"] * 0.85)
    for a, b, name in scene.straits + scene.canals:  # beside the crossing, clear of names if it can be
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx = 1 if b[0] >= a[0] else -1
        spots = [
            ((mx + 16 * dx, my + 18), "lt" if dx > 0 else "rt"),
            ((mx - 16 * dx, my - 18), "rb" if dx > 0 else "lb"),
            ((mx + 16 * dx, my - 18), "lb" if dx > 0 else "rb"),
            ((mx - 16 * dx, my + 18), "rt" if dx > 0 else "lt"),
        ]
        at, anchor = min(
            spots,
            key=lambda sp: (
                occupied.overlap(t.bbox(sp[0], name, small, sp[1], stroke=round(3 * scale))),
                spots.index(sp),
            ),
        )
        box = t.text(
            "strait",
            at,
            name,
            small,
            col["strait"] if (a, b, name) in scene.straits else col["canal"],
            anchor,
            halo=col["halo"],
            halo_px=2.5,
        )
        occupied.add(box)

    _box_text(t, job, data)
    _key_text(t, job)
    _title(t, scene, st)
    return t.labels


def _box_text(t: TextLayer, job: StripJob, data) -> None:
    scene, st = job.scene, job.style
    col, sz, fonts = st.colours, st.sizes, st.fonts
    title = t.font(fonts["title"], sz["box_title"])
    body = t.font(fonts["text"], sz["box_text"])
    big = t.font(fonts["zone"], sz["zone_number"] * 0.6)
    small_title = t.font(fonts["title"], sz["box_title"] * 0.7)
    small_body = t.font(fonts["text"], sz["box_text"] * 0.8)
    for b in scene.board.boxes:
        info = data.boxes.get(b.code)
        name = info.name if info else b.code
        small = b.height < SMALL_BOX
        fnt = small_title if small else title
        lines = _fit_lines(t, name.upper(), fnt, b.width - 30)
        y = b.y + (18 if small else 30)
        for line in lines:
            t.text("box", (b.x + b.width / 2, y), line, fnt, col["box_title"], "mt")
            y += sz["box_title"] * (0.75 if small else 1.05)
        if info and small:  # a Naval Zone Box and the like: its name, and what it prints
            for line in _fit_lines(t, info.printed, small_body, b.width - 30):
                t.text("box", (b.x + b.width / 2, y + 6), line, small_body, col["box_text"], "mt")
                y += sz["box_text"] * 0.95
        elif info:
            t.text(
                "box",
                (b.x + b.width / 2, y + 6),
                f"Map Box \u00b7 {info.friendly}-friendly" if info.friendly else "Map Box",
                body,
                col["box_text"],
                "mt",
            )
            y += sz["box_text"] * 1.6
            for line in textwrap.wrap(info.printed, 34):  # the box's own printed rules
                t.text("box", (b.x + b.width / 2, y + 10), line, body, col["box_text"], "mt")
                y += sz["box_text"] * 1.15
            if info.adjacent_zones and (scene.sea_areas or scene.zone_label):  # named sea zones: their names
                names = [data.zones[z].name for z in info.adjacent_zones if z in data.zones]
                word = scene.zone_label or "Sea area"
                for i, n in enumerate([word + ("s:" if len(names) > 1 else ":")] + names):
                    t.text(
                        "box", (b.x + b.width / 2, y + 10 + i * sz["box_text"] * 1.15), n, body, col["box_text"], "mt"
                    )
                y += 10 + (len(names) + 1) * sz["box_text"] * 1.15
            elif info.adjacent_zones:
                label = "Adjacent Sea Zone" + ("s" if len(info.adjacent_zones) > 1 else "")
                t.text("box", (b.x + b.width / 2, y + 10), label, body, col["box_text"], "mt")
                t.blended(
                    "box",
                    (b.x + b.width / 2, y + 40 + sz["zone_number"] * 0.3),
                    "  ".join(str(z) for z in info.adjacent_zones),
                    big,
                    col["zone_number"],
                    1.0,
                )
                y += 40 + sz["zone_number"] * 0.6
            if info.adjacent_boxes:
                names = [data.boxes[o].name for o in info.adjacent_boxes if o in data.boxes]
                t.text(
                    "box",
                    (b.x + b.width / 2, y + 10),
                    "Arrows to: " + ", ".join(names[:1]),
                    body,
                    col["box_text"],
                    "mt",
                )
                for i, n in enumerate(names[1:], start=1):
                    t.text(
                        "box", (b.x + b.width / 2, y + 10 + i * sz["box_text"] * 1.15), n, body, col["box_text"], "mt"
                    )
                y += 10 + len(names) * sz["box_text"] * 1.15
            if info.ground_edge and not info.printed:  # a box that prints its own rule says it above
                side = f"{info.friendly} ground" if info.friendly else "Ground"
                for i, line in enumerate(
                    (f"{side} and air units move", "between this box and the", "hexes on the map edge beside it")
                ):
                    t.text(
                        "box",
                        (b.x + b.width / 2, y + 20 + i * sz["box_text"] * 1.15),
                        line,
                        body,
                        col["box_text"],
                        "mt",
                    )
    arrows_font = t.font(fonts["text"], sz["box_text"] * 0.95)
    for a, b, kind in job.arrows:
        if kind.startswith("to the"):
            up = b[1] < a[1]
            t.text("box", (b[0], b[1] + (-6 if up else 6)), kind, arrows_font, col["box_text"], "mb" if up else "mt")


SMALL_BOX = 220  # board px: a box lower than this prints only its name and its printed line


def _fit_lines(t: TextLayer, text: str, fnt, width: float) -> list[str]:
    """Words wrapped into lines no wider than `width` board px (a long word keeps a line)."""
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and t.draw.textlength(trial, font=fnt) <= width * t.scale:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


def _key_text(t: TextLayer, job: StripJob) -> None:
    (title, at), items = job.key
    st = job.style
    col, sz, fonts = st.colours, st.sizes, st.fonts
    t.text("key", at, title, t.font(fonts["title"], sz["key_title"]), col["title"], "lt")
    fnt = t.font(fonts["text"], sz["key_text"])
    tag_font = t.font(fonts["capital"], sz["hex_number"] * 0.95)
    for item in items:
        x, y = item.at
        t.text("key", (x + 60, y), item.text, fnt, col["box_text"], "lm")
        if item.kind.startswith("mark:tag:"):
            word = item.kind.split(":", 2)[2]
            x0, y0, x1, y1 = _tag_box(HexMark("tag", word, (x, y), "key"), 30.0)
            t.text("key", ((x0 + x1) / 2, (y0 + y1) / 2), st.features[word].text, tag_font, WHITE)


def _title(t: TextLayer, scene: Scene, st: MapStyle) -> None:
    col, sz, fonts = st.colours, st.sizes, st.fonts
    left, _, right, bottom = scene.grid_box
    y = bottom + (scene.board.height - bottom) * 0.42
    board = scene.board
    title = board.art_title or TITLE.format(title=find_game(board.game).title, board=board.title)
    t.text("title", (left + 20, y), title, t.font(fonts["title"], sz["title"]), col["title"], "lm")
    cred = t.font(fonts["text"], sz["credits"])
    hex_note = (
        f"Hexes {scene.board.layout.along:.0f} px apart (the VASSAL board at 100%); printed at "
        f"{st.render['print_hex_inch']} in per hex. {_numbering_note(scene.board)}"
    )
    credits = CREDITS + (ZONE_CREDIT if any(tag.kind.startswith("zone") for tag in scene.tags) else "")
    if any(tag.kind == "sea" for tag in scene.tags):
        credits += NAMED_ZONE_CREDIT.format(label=scene.zone_label) if scene.zone_label else AREA_CREDIT
    t.text("title", (left + 20, y + sz["title"] * 0.75), credits, cred, col["box_text"], "lt")
    t.text("title", (left + 20, y + sz["title"] * 0.75 + sz["credits"] * 1.4), hex_note, cred, col["box_text"], "lt")


def _numbering_note(board) -> str:
    """How the board's hexes are numbered, from its grid (rows, columns and which way they run;
    each sheet's when it shows several, and which lies on top)."""
    runs = {"south": "north to south", "north": "south to north", "east": "west to east", "west": "east to west"}
    shown = board.sheets() if hasattr(board, "sheets") else ()
    sheets = [
        s for s in board.grid.boards if board.window.sheet in (None, s.prefix) and (not shown or s.prefix in shown)
    ]
    if len(sheets) == 1:
        rows = board.window.rows or sheets[0].rows
        return (
            f"Hex numbers RRCC: row {rows[0]:02d}-{rows[1]:02d} {runs[sheets[0].rows_grow]}, "
            f"column {runs[sheets[0].cols_grow]}."
        )
    parts = [
        f"{s.prefix}: rows {s.rows[0]:02d}-{s.rows[1]:02d} {runs[s.rows_grow]}, columns {runs[s.cols_grow]}"
        + ((f", laid over {s.over}" if _overlaps(board.grid, s.prefix) else f", beside {s.over}") if s.over else "")
        for s in sheets
    ]
    return "Hex numbers: sheet letter and RRCC. " + "; ".join(parts) + "."


def _overlaps(grid, prefix: str) -> bool:
    """Whether a sheet laid on another covers some of its hexes (ETO) or only abuts it (TK)."""
    return any(len(grid.aliases(h)) > 1 for h in grid.hexes(prefix))


# ----------------------------------------------------------------------------- entry points


@lru_cache(maxsize=4)
def _scene(game: str, board: str | None = None) -> tuple[Scene, MapStyle]:
    st = load_style()
    g = find_game(game)
    chosen = g.boards().board(board) if board else g.boards().default
    from wargame.mapdata import vocabulary_of

    vocab = vocabulary_of(g.settings, str(g.folder / "game.toml"))
    return build_scene(
        chosen, g.mapdata((chosen.board_name,)), st, vocab.weather, vocab.zone_label, vocab.line_label, vocab.rough
    ), st


def _no_progress(done: int, total: int) -> None:
    return None


def render_map(
    game: str,
    *,
    board: str | None = None,
    scale: float = 1.0,
    supersample: int | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MapRender:
    """Draw a board of a game (its first unless named) at `scale` (1.0 = the module's image,
    exactly board.toml's size); `progress(done, total)` hears of each strip drawn and of the
    text pass."""
    if not (0 < scale <= 4):
        raise ValueError(f"scale must be in (0, 4], not {scale}")
    started = time.perf_counter()
    scene, st = _scene(game, board)
    data = find_game(game).mapdata((scene.board.board_name,))
    board = scene.board
    width, height = round(board.width * scale), round(board.height * scale)
    ss = int(supersample or st.render["supersample"])
    rows = max(16, int(st.render["strip"]))
    edge_arrows = []
    for b in board.boxes:
        info = data.boxes.get(b.code)
        if info and info.ground_edge:
            right_edge = scene.grid_box[2]
            if b.x > right_edge:
                for f in (0.25, 0.5, 0.75):
                    y = b.y + b.height * f
                    edge_arrows.append(((right_edge + 4, y), (b.x - 4, y)))
    job = StripJob(
        scene=scene,
        style=st,
        scale=scale,
        ss=ss,
        rows=rows,
        width=width,
        height=height,
        arrows=tuple(box_arrows(scene, data)),
        edge_arrows=tuple(edge_arrows),
        key=key_items(scene, st),
    )
    count = math.ceil(height / rows)
    workers = workers if workers is not None else min(os.cpu_count() or 1, 4)
    image = Image.new("RGB", (width, height), st.colours["paper"])
    tally = progress or _no_progress
    steps = count + 1  # the strips, then the text
    tally(0, steps)
    with forkpool.ordered(_strip, job, count, workers) as strips:
        for i, strip in enumerate(strips):
            image.paste(strip, (0, i * rows))
            tally(i + 1, steps)
    labels = _text_pass(image, job, data)
    tally(steps, steps)
    return MapRender(image, tuple(labels), scale, time.perf_counter() - started)


def render_board(
    game: str,
    *,
    board: str | None = None,
    scale: float = 1.0,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Image.Image:
    """A board image of the module: board.toml's size times `scale`, hexes where Board.center says."""
    return render_map(game, board=board, scale=scale, workers=workers, progress=progress).image


def print_scale(game: str, dpi: float = 150.0, board: str | None = None) -> float:
    """Scale of the print version: hexes `print_hex_inch` wide across the flats at `dpi`."""
    scene, st = _scene(game, board)
    return dpi * st.render["print_hex_inch"] / scene.board.layout.along


def render_print(
    game: str,
    *,
    board: str | None = None,
    dpi: float = 150.0,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MapRender:
    """The print version: the same drawing at a fixed physical size (art/map.toml print_hex_inch)."""
    if not (50 <= dpi <= 600):
        raise ValueError(f"dpi must be between 50 and 600, not {dpi}")
    return render_map(game, board=board, scale=print_scale(game, dpi, board), workers=workers, progress=progress)


def save_png(image: Image.Image, path: Path, dpi: float | None = None) -> Path:
    """Write a PNG atomically with no time stamps (same image, same bytes)."""
    import io

    from vassal.archive import atomic_write

    buf = io.BytesIO()
    options = {"optimize": False, "compress_level": 6}
    if dpi:
        options["dpi"] = (dpi, dpi)
    image.save(buf, format="PNG", **options)
    atomic_write(Path(path), buf.getvalue())
    return Path(path)


__all__ = ["ART_DIR", "Label", "MapRender", "print_scale", "render_board", "render_map", "render_print", "save_png"]
