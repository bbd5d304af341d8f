"""Natural Earth geometry for the map window: dry land, lakes, countries, rivers.

Land is world-atlas land-10m; lakes are Natural Earth 50m lakes plus the Caspian Sea (a hole in
Natural Earth's land, and no Sea Zone of the USE map, so it counts as a lake). All public domain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from builder.mapmaker import topo
from builder.mapmaker.fit import Warp
from builder.mapmaker.sources import Sources

CASPIAN = (46.0, 36.0, 55.5, 47.5)  # a window that holds the Caspian and no other sea


@dataclass
class Geography:
    land: BaseGeometry  # all land, lakes included (lon/lat)
    dry: BaseGeometry  # land without lakes
    lakes: BaseGeometry  # lakes, the Caspian included
    countries: dict[str, BaseGeometry]
    rivers: list[BaseGeometry]


def load(
    src: Sources,
    window: tuple[float, float, float, float],
    lake_min_area: float,
    sea_lakes: Sequence[tuple[float, float]] = (),
) -> Geography:
    """Land, lakes, countries and rivers in the window; lakes holding a `sea_lakes` point are sea
    (the Caspian, a hole in Natural Earth's land, too)."""
    from shapely.geometry import Point

    land = unary_union([g for _, _, g in topo.geometries(topo.load(src.land), "land", window)])
    ne50 = topo.load(src.naturalearth50)
    lakes = [
        g
        for _, _, g in topo.geometries(ne50, "lakes", window)
        if g.area >= lake_min_area and not any(g.contains(Point(p)) for p in sea_lakes)
    ]
    sea_water = unary_union(
        [g for _, _, g in topo.geometries(ne50, "lakes", window) if any(g.contains(Point(p)) for p in sea_lakes)]
    )
    caspian = []
    for poly in getattr(land, "geoms", [land]):
        for ring in poly.interiors:
            hole = Polygon(ring)
            if hole.area > 1.0 and box(*CASPIAN).contains(hole.representative_point()):
                if any(hole.contains(Point(p)) for p in sea_lakes):  # a game's sea (TK's Caspian Naval Zone)
                    sea_water = unary_union([sea_water, hole])
                else:
                    caspian.append(hole)
    lakes_all = unary_union(lakes + caspian)
    dry = land.difference(lakes_all).difference(sea_water)
    countries = {p["name"]: g for _, p, g in topo.geometries(topo.load(src.countries), "countries", window)}
    rivers = [g for _, _, g in topo.geometries(ne50, "rivers", window)]
    return Geography(
        land=unary_union([land] + caspian).difference(sea_water),
        dry=dry,
        lakes=lakes_all,
        countries=countries,
        rivers=rivers,
    )


def to_pixels(geom: BaseGeometry, warp: Warp, step: float = 0.1) -> BaseGeometry:
    """The geometry in grid pixels, densified first so the warp's bends are followed."""
    if geom.is_empty:
        return geom
    dense = shapely.segmentize(geom, step)
    out = shapely.transform(dense, lambda xy: warp.forward(xy[:, 0], xy[:, 1]))
    if out.geom_type in ("Polygon", "MultiPolygon") and not out.is_valid:
        out = shapely.make_valid(out)
        out = unary_union([g for g in getattr(out, "geoms", [out]) if g.geom_type in ("Polygon", "MultiPolygon")])
    return out


def tiles(geom: BaseGeometry, max_vertices: int = 400) -> list[BaseGeometry]:
    """Cut a large geometry into pieces of few vertices, so intersections with hexes are fast."""
    out: list[BaseGeometry] = []
    stack = [geom]
    while stack:
        g = stack.pop()
        if g.is_empty:
            continue
        if shapely.get_num_coordinates(g) <= max_vertices:
            out.extend(p for p in getattr(g, "geoms", [g]) if not p.is_empty)
            continue
        x0, y0, x1, y1 = g.bounds
        if x1 - x0 >= y1 - y0:
            xm = (x0 + x1) / 2
            halves = (box(x0, y0, xm, y1), box(xm, y0, x1, y1))
        else:
            ym = (y0 + y1) / 2
            halves = (box(x0, y0, x1, ym), box(x0, ym, x1, y1))
        for h in halves:
            part = g.intersection(h)
            if part.geom_type == "GeometryCollection":
                part = MultiPolygon([p for p in part.geoms if p.geom_type == "Polygon"])
            stack.append(part)
    return out


def area_fractions(cells: list[Polygon], pieces: list[BaseGeometry]) -> np.ndarray:
    """For each cell, the fraction of its area covered by the pieces (which must not overlap)."""
    frac = np.zeros(len(cells))
    if not pieces:
        return frac
    tree = shapely.STRtree(pieces)
    cell_idx, piece_idx = tree.query(cells, predicate="intersects")
    inter = shapely.area(
        shapely.intersection(np.asarray(cells, dtype=object)[cell_idx], np.asarray(pieces, dtype=object)[piece_idx])
    )
    np.add.at(frac, cell_idx, inter)
    return frac / np.array([c.area for c in cells])
