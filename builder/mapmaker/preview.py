"""A quick picture of the committed map data, for checking it by eye (not the final art).

Layers: terrain, countries, seazones, weather, transport. Every layer draws the warped
coastline from geometry.json over the hexes, river hexsides, borders and cities.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from vassal.archive import atomic_write
from wargame.grid import Layout
from wargame.mapdata import MapData, unit_layout

LAYERS = ("terrain", "countries", "seazones", "weather", "transport")
SEA = (158, 190, 222)
LAKE = (140, 180, 220)
TERRAIN = {
    "clear": (226, 232, 190),
    "woods": (120, 168, 104),
    "hills": (190, 160, 118),
    "swamp": (140, 190, 170),
    "desert": (240, 222, 160),
    "forest": (120, 168, 104),
    "rough": (190, 160, 118),
    "marsh": (140, 190, 170),
}
COUNTRY = {
    "GER": (150, 150, 150),
    "FRA": (120, 150, 220),
    "UK": (220, 170, 140),
    "ITA": (150, 190, 120),
    "USSR": (215, 110, 100),
    "POL": (230, 200, 120),
    "SPA": (230, 220, 110),
    "POR": (150, 200, 150),
    "SWE": (120, 180, 210),
    "NOR": (230, 150, 150),
    "FIN": (250, 250, 250),
    "DEN": (220, 120, 150),
    "NET": (250, 170, 60),
    "BEL": (240, 230, 60),
    "SWI": (255, 255, 255),
    "HUN": (170, 200, 170),
    "ROM": (200, 190, 240),
    "YUG": (130, 200, 200),
    "BUL": (160, 210, 110),
    "GRE": (140, 190, 250),
    "TUR": (230, 180, 200),
    "EST": (100, 185, 205),
    "LAT": (205, 120, 170),
    "LIT": (130, 200, 100),
    "IRE": (100, 200, 120),
    "IRQ": (220, 200, 170),
    "PER": (235, 235, 235),
    "SAU": (235, 235, 235),
}
WEATHER = {
    "cold": (170, 200, 240),
    "mild": (190, 225, 170),
    "warm": (245, 225, 150),
    "desert": (240, 190, 130),
    "severe": (170, 200, 240),
    "moderate": (232, 214, 160),
}


def _colour(key: str) -> tuple[int, int, int]:
    d = hashlib.sha256(key.encode()).digest()
    return (110 + d[0] % 130, 110 + d[1] % 130, 110 + d[2] % 130)


def render(m: MapData, layer: str, out: Path, size: float = 12.0) -> Path:
    if layer not in LAYERS:
        raise ValueError(layer)
    unit = unit_layout(m.grid)
    lay = Layout.regular(size, unit.ref, unit.x * size, unit.y * size)
    g = m.grid
    _, _, right, bottom = g.bounds(lay)
    width = int(right + lay.along / 2 + 2)
    height = int(bottom + size + 2)
    im = Image.new("RGB", (width, height), SEA)
    d = ImageDraw.Draw(im)
    font = ImageFont.load_default(size=max(8, int(size * 0.8)))
    big = ImageFont.load_default(size=max(10, int(size * 1.6)))
    for h in m.hexes.values():
        fill = _fill(h, layer)
        d.polygon(g.corners(h.hex, lay), fill=fill, outline=_darker(fill))
    _coast(d, m.folder / "geometry.json", size)
    for s in m.sides.values():
        a, b = g.hexside_endpoints(s.side, lay)
        if s.river:
            d.line([a, b], fill=(40, 90, 200), width=max(2, int(size / 5)))
        if s.border == "international" and s.land_border:
            d.line([a, b], fill=(20, 20, 20), width=max(2, int(size / 6)))
        elif s.border and not s.water:
            d.line([a, b], fill=(120, 20, 120), width=1)
        if s.line and layer in ("countries",):
            d.line([a, b], fill=(200, 0, 0), width=1)
        if s.strait:
            ca, cb = g.center(s.side.a, lay), g.center(s.side.b, lay)
            d.line([ca, cb], fill=(200, 0, 0), width=max(2, int(size / 5)))
        if layer == "transport" and s.transport:
            ca, cb = g.center(s.side.a, lay), g.center(s.side.b, lay)
            d.line([ca, cb], fill=(60, 20, 20), width=max(2, int(size / 6)))
    for h in m.hexes.values():
        cx, cy = g.center(h.hex, lay)
        if h.faded_dot:
            r = size / 5
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(90, 90, 90))
        if layer == "transport" and h.restricted:
            d.line([(cx - size / 2, cy - size / 2), (cx + size / 2, cy + size / 2)], fill=(200, 0, 0))
    if layer == "seazones":
        _zone_labels(m, d, lay, big)
    for c in m.cities:
        cx, cy = g.center(g.parse(c.hex), lay)
        r = size / 3.2 if c.capital else size / 4.5
        d.rectangle(
            (cx - r, cy - r, cx + r, cy + r),
            fill=(200, 0, 0) if c.factory else (0, 0, 0),
            outline=(255, 255, 255) if c.port else None,
        )
        if c.capital:
            d.ellipse((cx - r * 1.6, cy - r * 1.6, cx + r * 1.6, cy + r * 1.6), outline=(0, 0, 0), width=2)
        d.text((cx + r + 1, cy - size * 0.45), c.name, fill=(0, 0, 0), font=font)
    _legend(d, layer, font, height, m)
    buffer = io.BytesIO()
    im.save(buffer, format="PNG", optimize=True)
    atomic_write(out, buffer.getvalue())
    return out


def _fill(h, layer: str) -> tuple[int, int, int]:
    if h.is_water and layer == "seazones" and h.seazones:
        c = _colour(f"zone{h.seazones[0]}")
        return (int(c[0] * 0.55 + SEA[0] * 0.45), int(c[1] * 0.55 + SEA[1] * 0.45), int(c[2] * 0.55 + SEA[2] * 0.45))
    if h.is_water:
        return LAKE if h.lake else SEA
    if layer == "terrain":
        return TERRAIN.get(h.terrain) or _colour(h.terrain)
    if layer == "countries":
        base = COUNTRY.get(h.country) or _colour(h.country)
        if h.disputed:
            base = tuple(int(v * 0.82) for v in base)  # type: ignore[assignment]
        if h.overseas:
            base = tuple(min(255, int(v * 1.08) + 15) for v in base)  # type: ignore[assignment]
        return base
    if layer == "seazones":
        if h.seazones:
            return _colour(f"zone{h.seazones[0]}")
        return (215, 215, 205)
    if layer == "weather":
        return WEATHER.get(h.weather) or _colour(h.weather)
    if h.prohibited:
        return (200, 200, 200)
    return (235, 235, 225) if not h.transport else (250, 240, 200)


def _darker(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return (int(c[0] * 0.86), int(c[1] * 0.86), int(c[2] * 0.86))


def _coast(d: ImageDraw.ImageDraw, path: Path, size: float) -> None:
    if not path.is_file():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    for f in data["features"]:
        layer, geom = f["properties"]["layer"], f["geometry"]
        if layer in ("land", "lakes"):
            polys = geom["coordinates"] if geom["type"] == "MultiPolygon" else [geom["coordinates"]]
            for poly in polys:
                for ring in poly:
                    d.line([(x * size, y * size) for x, y in ring], fill=(40, 70, 110), width=1)


def _zone_labels(m: MapData, d: ImageDraw.ImageDraw, lay: Layout, font) -> None:
    for z in m.zones:
        members = [h for h in m.hexes.values() if z in h.seazones and h.is_water] or [
            h for h in m.hexes.values() if z in h.seazones
        ]
        if not members:
            continue
        pts = [m.grid.center(h.hex, lay) for h in members]
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        best = min(members, key=lambda h: math.dist(m.grid.center(h.hex, lay), (cx, cy)))
        x, y = m.grid.center(best.hex, lay)
        d.text((x - 6, y - 8), str(z), fill=(0, 0, 90), font=font)


def _legend(d: ImageDraw.ImageDraw, layer: str, font, height: int, m: MapData) -> None:
    """The colours of the layer's words that the map uses."""
    if layer not in ("terrain", "weather"):
        return
    used = {h.terrain for h in m.hexes.values()} if layer == "terrain" else {h.weather for h in m.hexes.values()}
    table = {"terrain": TERRAIN, "weather": WEATHER}.get(layer, {})
    items = {k: table.get(k) or _colour(k) for k in sorted(used) if k}
    y = height - 16 * (len(items) + 1)
    for name, colour in items.items():
        d.rectangle((6, y, 18, y + 12), fill=colour, outline=(0, 0, 0))
        d.text((22, y - 1), name, fill=(0, 0, 0), font=font)
        y += 16
