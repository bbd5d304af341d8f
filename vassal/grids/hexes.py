"""Hex grids (``HexGrid``, ``HexGridNumbering``): a point's row and column, the centre of a
numbered hex, and snapping to centres, sides and vertices, with the engine's float and integer
arithmetic (the hex outline test uses ``java.awt`` as the engine does).
"""

from __future__ import annotations

import math

from vassal.grids.model import HexGrid, HexGridNumbering, Point, Size, _check_spacing
from vassal.grids.shapes import _area_contains
from vassal.javanum import floor_int, round_float, round_int, to_float, to_int


def _rotated(g: HexGrid, x: int, y: int) -> tuple[int, int]:
    return (y, x) if g.sideways else (x, y)


def _hex_raw_column(g: HexGrid, x: int, y: int) -> int:
    """``HexGrid.getRawColumn`` (on the transposed point when sideways)."""
    u, _ = _rotated(g, x, y)
    return floor_int((u - g.x0) / g.dx + 0.5)


def _hex_raw_row(g: HexGrid, x: int, y: int) -> int:
    """``HexGrid.getRawRow``: parity from a rounded column, then the row within it."""
    u, v = _rotated(g, x, y)
    nx = round_int((u - g.x0) / g.dx)
    if nx % 2 == 0:
        return round_int((v - g.y0) / g.dy)
    return round_int((v - g.y0 - g.dy / 2) / g.dy)


def _hex_max_rows(g: HexGrid, size: Size) -> int:
    return floor_int(size[1] / g.dx + 0.5)  # height over dx: the engine's own pairing


def _hex_max_columns(g: HexGrid, size: Size) -> int:
    return floor_int(size[0] / g.dy + 0.5)  # width over dy


def _hex_column(g: HexGrid, n: HexGridNumbering, x: int, y: int, size: Size) -> int:
    col = _hex_raw_column(g, x, y)
    if n.v_descend and g.sideways:
        col = _hex_max_rows(g, size) - col
    if n.h_descend and not g.sideways:
        col = _hex_max_columns(g, size) - col
    return col


def _hex_row(g: HexGrid, n: HexGridNumbering, x: int, y: int, size: Size) -> int:
    row = _hex_raw_row(g, x, y)
    if n.v_descend and not g.sideways:
        row = _hex_max_rows(g, size) - row
    if n.h_descend and g.sideways:
        row = _hex_max_columns(g, size) - row
    if n.stagger and _hex_raw_column(g, x, y) % 2 != 0:
        row += -1 if (n.h_descend if g.sideways else n.v_descend) else 1
    return row


def _hex_center_point(g: HexGrid, n: HexGridNumbering, col: int, row: int, size: Size) -> Point:
    """``HexGridNumbering.getCenterPoint``: the inverse of naming, from numbered indices.

    The stagger is undone with the parity of the *numbered* column, and the centre is then
    computed from the un-descended one; when descending flips parity (an odd column count)
    the engine's point lands one hex off. That is reproduced, not corrected."""
    if n.stagger and col % 2 != 0:
        descending = n.h_descend if g.sideways else n.v_descend
        row += 1 if descending else -1
    if g.sideways:
        if n.v_descend:
            col = _hex_max_rows(g, size) - col
        if n.h_descend:
            row = _hex_max_columns(g, size) - row
    else:
        if n.h_descend:
            col = _hex_max_columns(g, size) - col
        if n.v_descend:
            row = _hex_max_rows(g, size) - row
    px = to_int(col * g.dx) + g.x0
    py = (to_int(row * g.dy) if col % 2 == 0 else to_int(row * g.dy + g.dy / 2)) + g.y0
    return (py, px) if g.sideways else (px, py)


def _hex_outline(cx: int, cy: int, dx: float, dy: float) -> tuple[Point, ...]:
    """The integer hexagon of ``HexGrid.getSingleHexShape`` (float arithmetic, +1 on the right
    and bottom vertices so that neighbouring outlines leave no pixel uncovered)."""
    x, y = to_float(float(cx)), to_float(float(cy))
    ddx, ddy = to_float(dx), to_float(dy)
    r = to_float(to_float(2.0 * ddx) / 3.0)
    half_r, half_dy = to_float(0.5 * r), to_float(0.5 * ddy)
    x1 = to_float(x - r)
    x2, y2 = to_float(x - half_r), to_float(y - half_dy)
    x3 = to_float(x + half_r)
    x4 = to_float(x + r)
    y5 = to_float(y + half_dy)
    rd = round_float
    return (
        (rd(x1), rd(y)),
        (rd(x2), rd(y2)),
        (rd(x3) + 1, rd(y2)),
        (rd(x4) + 1, rd(y)),
        (rd(x3) + 1, rd(y5) + 1),
        (rd(x2), rd(y5) + 1),
    )


def _hex_center_from_raw(g: HexGrid, nx: int, ny: int) -> Point:
    x = to_int(g.dx * nx + g.x0)
    if nx % 2 == 0:
        return x, to_int(g.dy * ny + g.y0)
    return x, to_int(g.dy * ny + to_int(g.dy / 2) + g.y0)


_NEIGHBOURS_EVEN = ((-1, -1), (-1, 0), (1, -1), (1, 0))
_NEIGHBOURS_ODD = ((-1, 0), (-1, 1), (1, 0), (1, 1))


def _hex_point(g: HexGrid, x: int, y: int) -> Point:
    """``HexGrid.hexPoint`` on a transposed point: rectangle guess, exact outline test against
    it and its four possible neighbours, then sub-hex snapping when `snap_scale` is set."""
    nx = floor_int((x - g.x0 + g.dx / 2) / g.dx)
    ny = floor_int((y - g.y0 + g.dy / 2) / g.dy) if nx % 2 == 0 else floor_int((y - g.y0) / g.dy)
    cx, cy = _hex_center_from_raw(g, nx, ny)
    if not _area_contains(_hex_outline(cx, cy, g.dx, g.dy), x, y):
        for ox, oy in _NEIGHBOURS_EVEN if nx % 2 == 0 else _NEIGHBOURS_ODD:
            ax, ay = _hex_center_from_raw(g, nx + ox, ny + oy)
            if _area_contains(_hex_outline(ax, ay, g.dx, g.dy), x, y):
                cx, cy = ax, ay
                break
    if g.snap_scale > 0:
        cx += _sub_snap(x - cx, g.dx, g.snap_scale)
        cy += _sub_snap(y - cy, g.dy, g.snap_scale)
    return cx, cy


def _sub_snap(delta: int, spacing: float, scale: int) -> int:
    steps = round_int(delta / (0.5 * spacing / scale))
    steps = min(max(steps, 1 - scale), scale - 1)
    return round_int(steps * 0.5 * spacing / scale)


def _hex_side(g: HexGrid, x: int, y: int) -> Point:
    sx = to_int(g.dx / 2 * floor_int((x - g.x0 + g.dx / 4) * 2 / g.dx) + g.x0)
    nx = floor_int((x - g.x0 + g.dx / 4) * 2 / g.dx)
    if nx % 2 == 0:
        sy = to_int(g.dy / 2 * floor_int((y - g.y0 + g.dy / 4) * 2 / g.dy) + g.y0)
    else:
        sy = to_int((g.dy / 2) * floor_int((y - g.y0) * 2 / g.dy) + to_int(g.dy / 4) + g.y0)
    return sx, sy


def _hex_vertex(g: HexGrid, x: int, y: int) -> Point:
    ny = floor_int((y - g.y0 + g.dy / 4) * 2 / g.dy)
    if ny % 2 == 0:
        vx = to_int(2 * g.dx / 3 * to_int(math.floor(x - g.x0 + g.dx / 3) * 3 / (2 * g.dx)) + g.x0)
    else:
        vx = to_int(
            2 * g.dx / 3 * to_int(math.floor(x - g.x0 + g.dx / 3 + g.dx / 3) * 3 / (2 * g.dx)) - to_int(g.dx / 3) + g.x0
        )
    vy = to_int(g.dy / 2 * floor_int((y - g.y0 + g.dy / 4) * 2 / g.dy) + g.y0)
    return vx, vy


def _or_nearer_center(g: HexGrid, x: int, y: int, target: Point) -> Point:
    """With sub-hex snapping, a side or vertex loses to the hex's own snap point when that is
    no farther (taxicab) from the point (``snapToHexSide`` / ``snapToHexVertex``)."""
    if g.snap_scale > 0:
        hx, hy = _hex_point(g, x, y)
        if abs(x - hx) + abs(y - hy) <= abs(x - target[0]) + abs(y - target[1]):
            target = (hx, hy)
    return target


def _hex_snap(g: HexGrid, px: int, py: int, force: bool, center_only: bool) -> Point:
    if not g.snap_to and not force:
        return px, py
    _check_spacing(g.dx, g.dy, "hex grid")
    x, y = _rotated(g, px, py)
    center = _hex_point(g, x, y)

    def check(target: Point) -> Point:
        # checkCenter: a target within about a pixel of the centre is the centre
        if (center[0] - target[0]) ** 2 + (center[1] - target[1]) ** 2 <= 2:
            return center
        return target

    if center_only or not (g.edges_legal or g.corners_legal):
        result = center
    else:
        side = _or_nearer_center(g, x, y, _hex_side(g, x, y)) if g.edges_legal else None
        vertex = _or_nearer_center(g, x, y, _hex_vertex(g, x, y)) if g.corners_legal else None
        if side is not None and vertex is not None:
            to_side = (x - side[0]) ** 2 + (y - side[1]) ** 2
            to_vertex = (x - vertex[0]) ** 2 + (y - vertex[1]) ** 2
            result = check(side if to_side < to_vertex else vertex)
        else:
            target = side if side is not None else vertex
            assert target is not None  # edges or corners are legal, so one of them is set
            result = check(target)
    return _rotated(g, *result)
