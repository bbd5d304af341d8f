"""Point-in-polygon tests as ``java.awt`` answers them, borderline pixels included:
``Polygon.contains`` (zones) and ``geom.Area.contains`` (a hex's outline).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model imports this module (Zone.contains)
    from vassal.grids.model import Point


def _area_contains(points: tuple[Point, ...], x: float, y: float) -> bool:
    """``java.awt.geom.Area.contains`` for a simple polygon: bounding box (half-open), then the
    crossing count of the non-horizontal edges, each taken from its top end."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    if not (min(xs) <= x < max(xs) and min(ys) <= y < max(ys)):
        return False
    crossings = 0
    for i, (ax, ay) in enumerate(points):
        bx, by = points[(i + 1) % len(points)]
        if ay == by:
            continue
        (x0, y0), (x1, y1) = ((ax, ay), (bx, by)) if ay < by else ((bx, by), (ax, ay))
        if not (y0 <= y < y1):
            continue
        if x < max(x0, x1) and (x < min(x0, x1) or x < _x_for_y(x0, y0, x1, y1, y)):
            crossings += 1
    return crossings % 2 == 1


def _x_for_y(x0: float, y0: float, x1: float, y1: float, y: float) -> float:
    if x0 == x1 or y <= y0:
        return x0
    if y >= y1:
        return x1
    return x0 + (y - y0) * (x1 - x0) / (y1 - y0)


def _polygon_contains(points: tuple[Point, ...], x: float, y: float) -> bool:
    """``java.awt.Polygon.contains(double, double)`` (even-odd rule, half-open edges)."""
    n = len(points)
    if n <= 2:
        return False
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    bx, by = min(xs), min(ys)
    if not (bx <= x < max(xs) and by <= y < max(ys)):
        return False
    hits = 0
    lastx, lasty = points[-1]
    for curx, cury in points:
        if cury == lasty:
            lastx, lasty = curx, cury
            continue
        if curx < lastx:
            if x >= lastx:
                lastx, lasty = curx, cury
                continue
            leftx = curx
        else:
            if x >= curx:
                lastx, lasty = curx, cury
                continue
            leftx = lastx
        if cury < lasty:
            if y < cury or y >= lasty:
                lastx, lasty = curx, cury
                continue
            if x < leftx:
                hits += 1
                lastx, lasty = curx, cury
                continue
            test1, test2 = x - curx, y - cury
        else:
            if y < lasty or y >= cury:
                lastx, lasty = curx, cury
                continue
            if x < leftx:
                hits += 1
                lastx, lasty = curx, cury
                continue
            test1, test2 = x - lastx, y - lasty
        if test1 < (test2 / (lasty - cury) * (lastx - curx)):
            hits += 1
        lastx, lasty = curx, cury
    return hits % 2 == 1
