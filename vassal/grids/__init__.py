"""VASSAL board grids: pixel -> location name, name -> pixel, and snapping, as the engine does them.

A saved game stores piece positions as map pixels; the players (and the rules) speak of hexes,
squares, regions and zones. This package reproduces VASSAL 3.7's own answers so that the name we
compute for a piece is the one VASSAL would print in its chat log, and the point we compute for a
name is where VASSAL would put a piece sent there. Grids are read from buildFile elements into
frozen dataclasses that hold the attributes with VASSAL's defaults; the algorithms are plain
functions over them. Integer truncation, Java rounding and the float arithmetic of the hex
outline test are followed exactly, engine quirks included (see `location_point`).

Modules
    model      the grid classes and their numbering, as data, with the engine's defaults
    elements   reading them from buildFile elements, and the attributes the editor writes
    formats    ``$``-formats (FormattedString) and the regex the engine reads names back with
    numbering  row and column names of hex and square numbering
    hexes, squares, regions   the geometry of each kind of grid; shapes: java.awt point tests
    locate     naming, placing and snapping on any grid, zones included
A map of boards (which boards, where, decks, ``Map.locationName``) is `vassal.mapgeometry`.

Grid classes (buildFile tag ``VASSAL.build.module.map.boardPicker.board.<X>``)
    HexGrid, SquareGrid, RegionGrid (named points, `Region`), ZonedGrid (`Zone` polygons,
    each with its own grid, the parent's background grid, or none), numbering
    HexGridNumbering / SquareGridNumbering (``…board.mapgrid.<X>``).

Functions
    parse_grid(element) -> Grid; parse_board(element) -> VassalBoard; grid_attributes(obj) -> dict
    grid_indices(grid, x, y, container_size) -> (column, row) before offsets
    location_name(grid, x, y, container_size, properties=None) -> str | None
    location_point(grid, name, container_size) -> (x, y)        (BadLocation if none)
    snap_point(grid, x, y, force=False, center_only=False) -> (x, y)
    evaluate_format(fmt, props, globals_=None, localized=True) -> str

Coordinates are board-local pixels (``container_size`` is the size of the grid's container:
the Board, or the Zone's polygon bounds for a grid inside a zone).
"""

from vassal.grids.elements import grid_attributes, parse_board, parse_grid, parse_numbering
from vassal.grids.formats import evaluate_format
from vassal.grids.locate import (
    grid_indices,
    location_name,
    location_point,
    needs_board_size,
    snap_point,
)
from vassal.grids.model import (
    DEFAULT_HEX_WIDTH,
    TAG_BOARD,
    TAG_HEX_GRID,
    TAG_HEX_NUMBERING,
    TAG_REGION,
    TAG_REGION_GRID,
    TAG_SQUARE_GRID,
    TAG_SQUARE_NUMBERING,
    TAG_ZONE,
    TAG_ZONED_GRID,
    BadLocation,
    Grid,
    HexGrid,
    HexGridNumbering,
    Region,
    RegionGrid,
    RegularGridNumbering,
    SquareGrid,
    SquareGridNumbering,
    VassalBoard,
    Zone,
    ZonedGrid,
)

__all__ = [
    "DEFAULT_HEX_WIDTH",
    "BadLocation",
    "RegularGridNumbering",
    "HexGridNumbering",
    "SquareGridNumbering",
    "HexGrid",
    "SquareGrid",
    "Region",
    "RegionGrid",
    "Zone",
    "ZonedGrid",
    "VassalBoard",
    "Grid",
    "parse_grid",
    "parse_board",
    "parse_numbering",
    "grid_attributes",
    "grid_indices",
    "location_name",
    "location_point",
    "snap_point",
    "needs_board_size",
    "evaluate_format",
    "TAG_BOARD",
    "TAG_HEX_GRID",
    "TAG_SQUARE_GRID",
    "TAG_REGION_GRID",
    "TAG_REGION",
    "TAG_ZONED_GRID",
    "TAG_ZONE",
    "TAG_HEX_NUMBERING",
    "TAG_SQUARE_NUMBERING",
]
