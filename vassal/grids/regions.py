"""Region grids (``RegionGrid``): the region nearest a point (the engine's int arithmetic and
its HashMap order for ties), and a region by name.
"""

from __future__ import annotations

import math

from vassal.grids.model import Region, RegionGrid
from vassal.javanum import wrap32


def _region_nearest(g: RegionGrid, px: int, py: int) -> Region:
    best, best_dist = None, math.inf
    for region in g.ordered:
        ddx, ddy = wrap32(px - region.x), wrap32(py - region.y)
        dist = float(wrap32(wrap32(ddx * ddx) + wrap32(ddy * ddy)))
        if dist < best_dist:
            best, best_dist = region, dist
    assert best is not None
    return best


def _region_named(g: RegionGrid, name: str) -> Region | None:
    for region in g.ordered:
        if region.name == name:
            return region
    return None
