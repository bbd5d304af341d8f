"""A board of two sheets as the module writes it (a VASSAL ZonedGrid, one Zone per sheet), read
back through our port of the engine's parser: shared by the board tests of the games that join
two maps on one image."""

from __future__ import annotations

from builder.vassal_grid import SNAP_TOLERANCE, sheet_zone_element, sheet_zones
from vassal.buildfile import component
from vassal.grids import TAG_ZONED_GRID, location_name, location_point, parse_grid, snap_point
from wargame.board import Board


def zoned_grid(board: Board):
    """The board's ZonedGrid element, parsed as the engine would."""
    return parse_grid(component(TAG_ZONED_GRID, {}, *(sheet_zone_element(z) for z in sheet_zones(board))))


def assert_every_hex_reads_back(board: Board) -> None:
    """Every hex's centre is named with its id, snaps to itself and is placed where the id says."""
    zoned = zoned_grid(board)
    size = (board.width, board.height)
    for h in board.hexes():
        hex_id = board.grid.hex_id(h)
        cx, cy = board.center(h)
        px, py = round(cx), round(cy)
        assert location_name(zoned, px, py, size) == hex_id
        sx, sy = snap_point(zoned, px, py)
        assert abs(sx - cx) <= SNAP_TOLERANCE and abs(sy - cy) <= SNAP_TOLERANCE
        assert board.hex_at(*location_point(zoned, hex_id, size)) == h
