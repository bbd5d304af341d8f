"""The map's pen and the symbols it draws (cities, terrain, resources, airfields, arrows).

A ``Pen`` draws board-pixel shapes onto one strip of the supersampled canvas (map_strips.py);
every symbol here is drawn through one, so the same code draws the board and its Terrain Key.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from builder.render.map_lines import Point, clip_convex
from builder.render.map_scene import CityMark
from builder.render.map_style import MapStyle
from builder.render.style import RGB

WHITE = (255, 255, 255)


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
        """A polyline, only the runs of it near the canvas: a coastline crosses every strip,
        and Pillow rounds each of its joints in Python. A segment or joint draws within half
        its width of its points, so the runs left out drew nothing here: same pixels."""
        w = self.w(width)
        joint = "curve" if w > 2 else None
        k, oy, pad = self.k, self.oy, (w + 4) / self.k  # the canvas, grown by the width, in board px
        near = (-pad, oy / k - pad, self.image.width / k + pad, (oy + self.image.height) / k + pad)
        for run in _near_runs(points, near):
            self.draw.line(self.pts(run), fill=fill, width=w, joint=joint)

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


def _near_runs(points, box: tuple[float, float, float, float]) -> list:
    """The runs of consecutive segments of ``points`` whose box meets ``box``; the whole line
    when it has fewer than two points. A run's inner points keep both neighbours, so each
    joint drawn on the canvas is drawn as before."""
    if len(points) < 2:
        return [points]
    lo_x, lo_y, hi_x, hi_y = box
    runs = []
    run: list = []
    a = points[0]
    for b in points[1:]:
        ay, by = a[1], b[1]
        if (
            (ay if ay > by else by) >= lo_y
            and (ay if ay < by else by) <= hi_y
            and (a[0] if a[0] > b[0] else b[0]) >= lo_x
            and (a[0] if a[0] < b[0] else b[0]) <= hi_x
        ):
            if not run:
                run.append(a)
            run.append(b)
        elif run:
            runs.append(run)
            run = []
        a = b
    if run:
        runs.append(run)
    return runs


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
