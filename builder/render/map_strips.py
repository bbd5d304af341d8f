"""The map's shapes, drawn strip by strip at `ss` times the final size and reduced.

``draw_strip(job, index)`` is what the forked workers run (builder.render.forkpool): everything
a strip needs travels in the frozen ``StripJob``, never in module state.
"""

from __future__ import annotations

import math

from PIL import Image

from builder.render.map_features import (
    PATTERNS,
    canal,
    connector,
    feature_draw,
    hex_mark,
    land_hex,
    strait,
    stroke,
)
from builder.render.map_lines import dashes
from builder.render.map_margins import KeyItem
from builder.render.map_scene import CityMark, Connector, HexMark, HexShape, Polygon, Scene
from builder.render.map_style import TRACK_DRAWS, MapStyle
from builder.render.map_symbols import Pen, arrow, city_symbol
from records import frozen


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


@frozen
class _Window:
    """Where a strip lies: its canvas (``ss`` times the final size), the pen's scale and offset,
    the board rows it must draw (with a margin), and the hexes and land inside them."""

    k: float  # board px -> canvas px
    oy: float  # canvas rows above the strip
    cw: int
    ch: int
    by0: float  # board rows drawn, margin included
    by1: float
    hexes: tuple[HexShape, ...]
    land_polys: tuple[Polygon, ...]


def draw_strip(job: StripJob, index: int) -> Image.Image:
    """Strip ``index`` of the map's shapes (``job.rows`` image rows), drawn ``ss`` times larger
    and reduced: sea and land, their edges, the lines on land, what lies over them, the paper."""
    w = _window(job, index)
    base, mask = _ground(job, w)
    _edges(job, w, base)
    base = _land_lines(job, w, base, mask)
    del mask
    _overlays(job, w, base)
    base = _paper(job, w, base)
    return base.reduce(job.ss) if job.ss > 1 else base


def _window(job: StripJob, index: int) -> _Window:
    scene = job.scene
    scale, ss, rows, width, height = job.scale, job.ss, job.rows, job.width, job.height
    r0 = index * rows
    r1 = min(height, r0 + rows)
    k = scale * ss
    oy = r0 * ss
    cw, ch = width * ss, (r1 - r0) * ss
    pad = 80
    by0, by1 = r0 / scale - pad, r1 / scale + pad
    land_polys = tuple(p for p in scene.land if _visible(p.bbox, by0 - 40, by1 + 40))
    hexes = tuple(h for h in scene.hexes if by0 <= h.center[1] <= by1)
    return _Window(k, oy, cw, ch, by0, by1, hexes, land_polys)


def _ground(job: StripJob, w: _Window) -> tuple[Image.Image, Image.Image]:
    """Sea (coast bands, grid, zone borders) and land (hexes, border bands) joined through the
    land mask; the mask."""
    scene, st = job.scene, job.style
    col, wd = st.colours, st.widths
    k, oy, by0, by1 = w.k, w.oy, w.by0, w.by1
    cw, ch, land_polys, hexes = w.cw, w.ch, w.land_polys, w.hexes
    sea = Image.new("RGB", (cw, ch), col["sea"])
    land = Image.new("RGB", (cw, ch), st.terrain["clear"])
    mask = Image.new("1", (cw, ch), 0)  # 0 and 255 only: a "1" mask pastes the same pixels, faster
    ps, pl, pm = Pen(sea, k, oy), Pen(land, k, oy), Pen(mask, k, oy)
    for p in land_polys:
        ps.line(p.exterior, col["sea_coast"], wd["coast_band"])
        pm.polygon(p.exterior, fill=255)
        for hole in p.holes:
            pm.polygon(hole, fill=0)
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
        land_hex(pl, h, st, scene.radius, u, h.id in city_hexes, paper)
    for s in scene.strokes:
        if s.style == "border" and _visible(s.bbox, by0, by1):
            pl.line(s.points, col["border_band"], wd["border_band"])
    sea.paste(land, None, mask)  # Image.composite(land, sea, mask) without its copy of the strip
    return sea, mask


def _edges(job: StripJob, w: _Window, base: Image.Image) -> None:
    """Lakes, coastlines and weather lines."""
    scene, st = job.scene, job.style
    col, wd = st.colours, st.widths
    k, oy, by0, by1 = w.k, w.oy, w.by0, w.by1
    pb = Pen(base, k, oy)
    for p in scene.lakes:
        if _visible(p.bbox, by0, by1):
            pb.polygon(p.exterior, fill=col["lake"], outline=col["lake_edge"], width=wd["lake_edge"])
    for p in w.land_polys:
        pb.line(p.exterior, col["coast"], wd["coast"])
        for hole in p.holes:
            pb.line(hole, col["coast"], wd["coast"])
    for s in scene.strokes:
        if s.style.startswith("weather:") and _visible(s.bbox, by0, by1):
            for d in dashes(s.points, PATTERNS["weather"]):
                pb.line(d, st.weather[s.style[8:]], wd["weather"])


def _land_lines(job: StripJob, w: _Window, base: Image.Image, mask: Image.Image) -> Image.Image:
    """The lines that stay on land (rivers, borders ...), cut by the land mask."""
    scene, st = job.scene, job.style
    k, oy, by0, by1 = w.k, w.oy, w.by0, w.by1
    lines = base.copy()
    pn = Pen(lines, k, oy)
    for s in scene.strokes:
        if not _visible(s.bbox, by0, by1) or feature_draw(st, s.style) in TRACK_DRAWS:
            continue
        stroke(pn, s.style, s.points, st)
    base.paste(lines, None, mask)  # Image.composite(lines, base, mask) without another copy
    return base


def _overlays(job: StripJob, w: _Window, base: Image.Image) -> None:
    """What runs over land and water alike: lake hexsides and seams, crossings, transport lines
    and networks, straits, canals, faded dots, hex marks, cities."""
    scene, st = job.scene, job.style
    col, wd = st.colours, st.widths
    k, oy, by0, by1 = w.k, w.oy, w.by0, w.by1
    pb = Pen(base, k, oy)
    for s in scene.strokes:  # features that run over water too: lake hexsides, the sheets' seam
        if _visible(s.bbox, by0, by1) and (s.style == "seam" or feature_draw(st, s.style) == "lake"):
            stroke(pb, s.style, s.points, st)
    for link in scene.connectors:
        if min(link.a[1], link.b[1]) <= by1 and max(link.a[1], link.b[1]) >= by0:
            connector(pb, link, scene.radius, st)
    for s in scene.strokes:
        if s.style == "transport" and _visible(s.bbox, by0, by1):
            pb.line(s.points, col["transport_casing"], wd["transport_casing"])
    for s in scene.strokes:
        if s.style == "transport" and _visible(s.bbox, by0, by1):
            pb.line(s.points, col["transport"], wd["transport"])
    for draw in ("road", "rail"):  # a game's named networks, Rail over Road
        for s in scene.strokes:
            if feature_draw(st, s.style) == draw and _visible(s.bbox, by0, by1):
                stroke(pb, s.style, s.points, st)
    for a, b, _ in scene.straits:
        if by0 <= a[1] <= by1 or by0 <= b[1] <= by1:
            strait(pb, a, b, scene.radius, st)
    canal_sides = any(feature_draw(st, s.style) == "canal" for s in scene.strokes)
    for a, b, _ in scene.canals if not canal_sides else ():  # drawn along its hexsides when it has them
        if min(a[1], b[1]) <= by1 and max(a[1], b[1]) >= by0:
            canal(pb, [a, b], st)
    for h in w.hexes:
        if h.faded:
            pb.circle(h.center, st.sizes["faded_dot"], fill=col["faded_dot"])
    for m in scene.marks:
        if by0 <= m.center[1] <= by1:
            hex_mark(pb, m, scene.radius, st)
    for c in scene.cities:
        if by0 <= c.center[1] <= by1:
            city_symbol(pb, c, st)


def _paper(job: StripJob, w: _Window, base: Image.Image) -> Image.Image:
    """Paper outside the hex grid, the frame, and the margins' shapes."""
    scene, st = job.scene, job.style
    col = st.colours
    k, oy, by0, by1 = w.k, w.oy, w.by0, w.by1
    cw, ch, hexes = w.cw, w.ch, w.hexes
    # the map ends at the edge of the hex grid; the margins are paper
    outside = Image.new("1", (cw, ch), 255)
    po = Pen(outside, k, oy)
    for h in hexes:
        po.polygon(h.corners, fill=0)
    base.paste(col["paper"], None, outside)  # the mask holds 0 and 255 only: a composite's pixels
    pb = Pen(base, k, oy)
    for s in scene.strokes:
        if s.style == "frame" and _visible(s.bbox, by0, by1):
            pb.line(s.points, col["coast"], 3.0)
    _margin_shapes(pb, job, by0, by1)
    return base


def _margin_shapes(pen: Pen, job: StripJob, by0: float, by1: float) -> None:
    """Map Boxes, their arrows and the Terrain Key samples (shapes only; text comes later)."""
    scene, st = job.scene, job.style
    col = st.colours
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
    for item in items:
        _, y = item.at
        if y < by0 - 60 or y > by1 + 60:
            continue
        _key_sample(pen, st, item)


def _key_sample(pen: Pen, st: MapStyle, item: KeyItem) -> None:
    """The sample a Terrain Key entry explains, drawn at its place: a hex, a city symbol, a
    mark, a crossing or a line."""
    col, wd = st.colours, st.widths
    x, y = item.at
    r = 30.0
    hx = [(x + r * math.cos(math.radians(30 + 60 * i)), y + r * math.sin(math.radians(30 + 60 * i))) for i in range(6)]
    kind = item.kind
    if kind.startswith("terrain:") or kind in ("faded", "prohibited"):
        t = kind[8:] if kind.startswith("terrain:") else "clear"
        fake = HexShape("key", (x, y), tuple(hx), "land", t, kind == "faded", kind == "prohibited", 0x5A3C_96E1)
        land_hex(pen, fake, st, r, st.sizes["symbol"] * 0.62, False, (250, 248, 240))
        if kind == "faded":
            pen.circle((x, y), st.sizes["faded_dot"], fill=col["faded_dot"])
    elif kind in ("capital", "city", "factory", "port", "city-resource", "port-major") or kind.startswith("icebound"):
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
        land_hex(pen, fake, st, r, 0.0, False, (250, 248, 240))
        hex_mark(pen, HexMark(draw, word, (x, y), "key", tuple(hx)), r, st)
    elif kind.startswith("connector:"):
        _, draw, word = kind.split(":", 2)
        connector(pen, Connector(draw, word, (x - 52, y), (x + 52, y)), 30.0, st)
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
            if feature_draw(st, style) == "lake" or style == "seam":
                pen.rect((x - 40, y - 14, x + 40, y + 14), fill=col["sea"])
            stroke(pen, style, seg, st)
        else:
            if style == "border":
                pen.line(((x - 38, y + 4), (x + 38, y + 4)), col["border_band"], wd["border_band"])
            stroke(pen, style, seg, st)
    elif kind == "strait":
        pen.rect((x - 40, y - 14, x + 40, y + 14), fill=col["sea"])
        arrow(pen, (x - 36, y), (x + 36, y), col["strait"], wd["strait"], 13)
    elif kind == "canal":
        canal(pen, ((x - 38, y), (x + 38, y)), st)
