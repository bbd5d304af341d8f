"""Square grids (``SquareGrid``, ``SquareGridNumbering``): a point's row and column, the centre
of a numbered cell, and snapping to centres, edges and corners.
"""

from __future__ import annotations

from vassal.grids.model import Point, Size, SquareGrid, SquareGridNumbering, _check_spacing
from vassal.javanum import floor_int, round_int, to_int


def _square_max_rows(g: SquareGrid, size: Size) -> int:
    return to_int(size[1] / g.dy + 0.5)


def _square_max_columns(g: SquareGrid, size: Size) -> int:
    return to_int(size[0] / g.dx + 0.5)


def _square_column(g: SquareGrid, n: SquareGridNumbering, x: int, size: Size) -> int:
    col = floor_int((x - g.x0) / g.dx + 0.5)
    return _square_max_columns(g, size) - col if n.h_descend else col


def _square_row(g: SquareGrid, n: SquareGridNumbering, y: int, size: Size) -> int:
    row = to_int((y - g.y0) / g.dy + 0.5)  # truncation, not floor: the engine's own rounding
    return _square_max_rows(g, size) - row if n.v_descend else row


def _square_center_point(g: SquareGrid, n: SquareGridNumbering, col: int, row: int, size: Size) -> Point:
    if n.v_descend:
        row = _square_max_rows(g, size) - row
    if n.h_descend:
        col = _square_max_columns(g, size) - col
    return to_int(col * g.dx + g.x0), to_int(row * g.dy + g.y0)


def _square_snap(g: SquareGrid, px: int, py: int, force: bool, center_only: bool) -> Point:
    if not g.snap_to and not force:
        return px, py
    _check_spacing(g.dx, g.dy, "square grid")
    off_x, off_y = px - g.x0, py - g.y0
    nx = round_int(off_x / (0.5 * g.dx))
    ny = round_int(off_y / (0.5 * g.dy))
    if not g.corners_legal or not g.edges_legal:
        if g.corners_legal and not center_only:
            if ny % 2 == 0:
                nx = 2 * round_int(off_x / g.dx)
            else:
                nx = 1 + 2 * round_int(off_x / g.dx - 0.5)
        elif g.edges_legal and not center_only:
            if ny % 2 == 0:
                if nx % 2 == 0:
                    nx = 2 * round_int(off_x / g.dx)
            else:
                nx = 2 * round_int(off_x / g.dx)
        else:
            nx = 2 * round_int(off_x / g.dx)
            ny = 2 * round_int(off_y / g.dy)
    return g.x0 + round_int(nx * g.dx / 2), g.y0 + round_int(ny * g.dy / 2)
