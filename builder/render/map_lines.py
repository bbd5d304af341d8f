"""Plane geometry of the map's lines in board pixels: bounding boxes, segments chained into
lines, dash patterns along a line, a segment clipped to a convex polygon (hatching)."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict

Point = tuple[float, float]
Line = tuple[Point, ...]
BBox = tuple[float, float, float, float]


def bbox_of(points) -> BBox:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def chain(segments: list[tuple[Point, Point]]) -> list[Line]:
    """Join segments that share end points into the longest polylines (stable order), so dashes
    and joins run smoothly along a river or a border instead of restarting on every hexside."""

    def key(p: Point) -> tuple[int, int]:
        return round(p[0] * 100), round(p[1] * 100)

    ends: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, (a, b) in enumerate(segments):
        ends[key(a)].append(i)
        ends[key(b)].append(i)
    used = [False] * len(segments)
    lines: list[Line] = []

    def extend(path: list[Point]) -> None:
        while True:
            nxt = next((j for j in ends[key(path[-1])] if not used[j]), None)
            if nxt is None:
                return
            used[nxt] = True
            a, b = segments[nxt]
            path.append(b if key(a) == key(path[-1]) else a)

    # start at loose ends first so open lines come out whole, then close the loops
    order = sorted(
        range(len(segments)),
        key=lambda i: (min(len(ends[key(segments[i][0])]), len(ends[key(segments[i][1])])) != 1, i),
    )
    for i in order:
        if used[i]:
            continue
        used[i] = True
        a, b = segments[i]
        if len(ends[key(b)]) == 1:
            a, b = b, a
        path = [a, b]
        extend(path)
        path.reverse()
        extend(path)
        lines.append(tuple(path))
    return lines


def dashes(line: Line, pattern: tuple[float, ...]) -> list[Line]:
    """Cut a polyline into the dashes of `pattern` (on, off, on, off, ... board px), continuing
    the pattern around corners."""
    out: list[Line] = []
    i, left, current = 0, pattern[0], [line[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        seg = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while seg - t > 1e-9:
            step = min(left, seg - t)
            t += step
            left -= step
            p = (x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg)
            if i % 2 == 0:
                current.append(p)
            if left <= 1e-9:
                if i % 2 == 0:
                    out.append(tuple(current))
                current = [p]
                i = (i + 1) % len(pattern)
                left = pattern[i]
    if i % 2 == 0 and len(current) > 1:
        out.append(tuple(current))
    return [d for d in out if len(d) > 1]


def clip_convex(a: Point, b: Point, polygon: tuple[Point, ...]) -> tuple[Point, Point] | None:
    """The part of segment a-b inside a convex polygon (Cyrus-Beck), for hatching hexes."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(polygon)
    cx = sum(p[0] for p in polygon) / n
    cy = sum(p[1] for p in polygon) / n
    for i in range(n):
        (px, py), (qx, qy) = polygon[i], polygon[(i + 1) % n]
        nx, ny = qy - py, px - qx  # a normal of the edge; point it inward
        if nx * (cx - px) + ny * (cy - py) < 0:
            nx, ny = -nx, -ny
        num = nx * (a[0] - px) + ny * (a[1] - py)
        den = nx * dx + ny * dy
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (a[0] + dx * t0, a[1] + dy * t0), (a[0] + dx * t1, a[1] + dy * t1)
