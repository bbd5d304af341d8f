"""The hexes as shapes in the unit layout, and sample points inside each hex.

Fractions of land and water come from exact polygon areas; everything else (country, terrain,
sea zone, weather) is a majority over sample points, each taken back to longitude and latitude
through the inverse warp, so the hand-authored polygons stay in plain lon/lat.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from builder.mapmaker.fit import Warp
from wargame.grid import Grid, Hex, Layout


@dataclass
class Cells:
    hexes: tuple[Hex, ...]
    ids: list[str]
    index: dict[str, int]
    polygons: list[Polygon]
    centers: np.ndarray  # (n, 2) pixels
    center_ll: np.ndarray  # (n, 2) lon/lat of the centres
    sample_hex: np.ndarray  # (m,) index of the hex each sample belongs to
    sample_xy: np.ndarray  # (m, 2) pixels
    sample_ll: np.ndarray  # (m, 2) lon/lat
    per_hex: int  # samples per hex


def build(grid: Grid, layout: Layout, warp: Warp, density: int = 6) -> Cells:
    hexes = grid.hexes()
    ids = [grid.hex_id(h) for h in hexes]
    polygons = [Polygon(grid.corners(h, layout)) for h in hexes]
    centers = np.array([grid.center(h, layout) for h in hexes])
    offsets = _offsets(polygons[0], centers[0], density)
    sample_xy = (centers[:, None, :] + offsets[None, :, :]).reshape(-1, 2)
    sample_hex = np.repeat(np.arange(len(hexes)), len(offsets))
    lonlat = warp.inverse(np.vstack([centers, sample_xy]))
    return Cells(
        hexes=hexes,
        ids=ids,
        index={k: i for i, k in enumerate(ids)},
        polygons=polygons,
        centers=centers,
        center_ll=lonlat[: len(hexes)],
        sample_hex=sample_hex,
        sample_xy=sample_xy,
        sample_ll=lonlat[len(hexes) :],
        per_hex=len(offsets),
    )


def _offsets(poly: Polygon, center: np.ndarray, density: int) -> np.ndarray:
    """A triangular lattice of points inside one hex, relative to its centre (same for all)."""
    x0, y0, x1, y1 = poly.bounds
    step = (x1 - x0) / (2 * density)
    pts = []
    j = 0
    y = y0 + step / 2
    while y < y1:
        x = x0 + (step / 2 if j % 2 else step / 4)
        while x < x1:
            pts.append((x, y))
            x += step
        y += step * np.sqrt(3) / 2
        j += 1
    lattice = np.array(pts)
    inside = shapely.contains_xy(poly.buffer(-1e-9), lattice[:, 0], lattice[:, 1])
    return lattice[inside] - center


def majority(
    values: np.ndarray, sample_hex: np.ndarray, n: int, mask: np.ndarray | None = None, empty: str = ""
) -> tuple[list[str], np.ndarray]:
    """Per hex, the most common value among its (masked) samples, and that value's share.
    Ties go to the value that sorts first, so the answer never depends on order."""
    out = [empty] * n
    share = np.zeros(n)
    keep = np.ones(len(values), bool) if mask is None else mask
    codes, inverse = np.unique(values[keep], return_inverse=True)
    if len(codes) == 0:
        return out, share
    counts = np.zeros((n, len(codes)), int)
    np.add.at(counts, (sample_hex[keep], inverse), 1)
    totals = counts.sum(1)
    best = counts.argmax(1)
    for i in np.nonzero(totals)[0]:
        out[i] = str(codes[best[i]])
        share[i] = counts[i, best[i]] / totals[i]
    return out, share


def in_polygons(ll: np.ndarray, polygons: list[tuple[str, Polygon]], default: str = "") -> np.ndarray:
    """For each lon/lat point the label of the first polygon holding it (polygon order wins)."""
    out = np.full(len(ll), default, dtype=object)
    done = np.zeros(len(ll), bool)
    for label, poly in polygons:
        hit = shapely.contains_xy(poly, ll[:, 0], ll[:, 1]) & ~done
        out[hit] = label
        done |= hit
    return out
