"""Hexside features (USE 2.3): water, river, borders.

Water: the hexside's line holds (almost) no dry land, or it bounds a water hex (all water, 1.3.3).
Rivers: Natural Earth river lines (plus hand-drawn ones) snapped to the network of hexsides: each
river is sampled along its length, every sample goes to the nearest hex corner, and consecutive
corners are joined by the shortest chain of hexsides, so a river is a continuous chain.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field

import numpy as np
import shapely
from scipy.spatial import cKDTree
from shapely.geometry import LineString

from wargame.grid import Grid, Hexside, Layout


@dataclass
class SideData:
    side: Hexside
    sid: str
    land_frac: float = 0.0
    water: bool = False
    river: bool = False
    border: str = ""  # "international", "disputed" or ""
    line_border: str = ""  # name of a later line (Vichy) this side draws
    strait: str = ""  # name of the strait
    strait_zones: tuple[int, ...] = ()
    transport: bool = False
    features: set[str] = field(default_factory=set)  # the game's feature words (canal, ferry, lake ...)
    notes: list[str] = field(default_factory=list)


def all_sides(grid: Grid) -> list[Hexside]:
    seen = set()
    out = []
    for h in grid.hexes():
        for s in grid.hexsides_of(h):
            if s not in seen:
                seen.add(s)
                out.append(s)
    return sorted(out, key=lambda s: grid.hexside_id(s))


def build(grid: Grid, layout: Layout, dry_pieces: list, kind_of: dict[str, str]) -> list[SideData]:
    sides = all_sides(grid)
    segs = [LineString(grid.hexside_endpoints(s, layout)) for s in sides]
    land = np.zeros(len(sides))
    if dry_pieces:
        tree = shapely.STRtree(dry_pieces)
        si, pi = tree.query(segs, predicate="intersects")
        lens = shapely.length(
            shapely.intersection(np.asarray(segs, dtype=object)[si], np.asarray(dry_pieces, dtype=object)[pi])
        )
        np.add.at(land, si, lens)
    out = []
    for s, seg, dry_length in zip(sides, segs, land):
        sid = grid.hexside_id(s)
        frac = float(dry_length / seg.length)
        a, b = (kind_of[grid.hex_id(h)] for h in s.hexes)
        out.append(SideData(side=s, sid=sid, land_frac=frac, water=frac < 0.02 or a == "water" or b == "water"))
    return out


def snap_rivers(grid: Grid, layout: Layout, sides: list[SideData], rivers_px: list, step: float) -> None:
    """Mark river hexsides along each river line (pixel coordinates)."""
    for k in snapped(grid, layout, sides, rivers_px, step):
        if not sides[k].water:
            sides[k].river = True


def snapped(grid: Grid, layout: Layout, sides: list[SideData], lines_px: list, step: float) -> list[int]:
    """The hexsides (indices into `sides`) a chain of hex corners follows along each line: the
    line sampled every `step`, each sample taken to its nearest corner, consecutive corners
    joined by the shortest chain of hexsides. Rivers, canals drawn as lines."""
    node_id: dict[tuple[float, float], int] = {}
    pts: list[tuple[float, float]] = []
    adj: dict[int, list[tuple[int, int]]] = {}

    def node(p: tuple[float, float]) -> int:
        key = (round(p[0], 4), round(p[1], 4))
        if key not in node_id:
            node_id[key] = len(pts)
            pts.append(key)
        return node_id[key]

    for k, sd in enumerate(sides):
        p, q = grid.hexside_endpoints(sd.side, layout)
        a, b = node(p), node(q)
        adj.setdefault(a, []).append((b, k))
        adj.setdefault(b, []).append((a, k))
    tree = cKDTree(np.asarray(pts))
    found: list[int] = []
    for geom in lines_px:
        for line in getattr(geom, "geoms", [geom]):
            if line.length == 0:
                continue
            n = max(2, int(line.length / step) + 1)
            samples = [line.interpolate(t, normalized=True) for t in np.linspace(0, 1, n)]
            _, idx = tree.query(np.array([[p.x, p.y] for p in samples]))
            chain = [int(idx[0])]
            for i in idx[1:]:
                if int(i) != chain[-1]:
                    chain.append(int(i))
            for a, b in itertools.pairwise(chain):
                found.extend(_path(adj, a, b))
    return found


def _path(adj: dict[int, list[tuple[int, int]]], a: int, b: int, limit: int = 6) -> list[int]:
    """Hexsides of the shortest corner-to-corner chain from a to b (breadth first, bounded)."""
    prev: dict[int, tuple[int, int]] = {a: (-1, -1)}
    q = deque([(a, 0)])
    while q:
        n, d = q.popleft()
        if n == b:
            break
        if d >= limit:
            continue
        for m, k in sorted(adj.get(n, [])):
            if m not in prev:
                prev[m] = (n, k)
                q.append((m, d + 1))
    if b not in prev:
        return []
    out = []
    n = b
    while n != a:
        n, k = prev[n]
        out.append(k)
    return out
