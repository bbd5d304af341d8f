"""VASSAL HexGrid settings for one of our hex grids, checked hex by hex.

The module we build must name every hex the way the game prints it, and a counter dropped on
a hex must snap to the centre our own renderer drew. This module derives the VASSAL HexGrid and
HexGridNumbering attributes from a `wargame.grid.Grid` and the `Layout` of the board image, then
proves them with our port of the engine (`vassal.grids`): for every hex of the board, VASSAL's
name of our centre is our id, VASSAL's snap of our centre lies in our hex, and VASSAL's point for
our id lies in our hex. A layout VASSAL cannot express raises DataError instead of writing a
module that would misname hexes.

How the VASSAL options map onto a game grid (both orientations: VASSAL ``dx`` is the distance
between straight lines of hexes, ``dy`` the centre distance along one line):

* pointy-top hexes (rows are straight lines) -> ``sideways=true``. VASSAL then works on the
  transposed picture: its "columns" are our rows (``x0`` is a row's map *y*) and its "rows" are
  the hexes along a row (``y0`` is a map *x*). So the row number is VASSAL's column part
  (``hType``, ``hLeading``, ``hOff``; descending north is ``vDescend``, the transposed flag) and
  the column number its row part (``vType``, ``vLeading``, ``vOff``; descending west is
  ``hDescend``). Row-first ids (RRCC) are ``first=H``.
* flat-top hexes -> ``sideways=false``, column number = VASSAL column; RRCC is ``first=V``.
* VASSAL lowers every odd raw line by half a hex. Raw line 0 is put on a line whose
  neighbour further down (pointy) or right (flat) sits half a hex further along, so both line
  parities count hexes the same way and ``stagger=false`` (the other parity needs
  ``stagger=true``; both are tried, in that order).

USE (pointy-top, RRCC, rows 1-58 north to south, columns 1-64 west to east, even rows half a hex
east): ``sideways=true``; ``x0`` = map y and ``y0`` = map x of hex 0101's centre (whole pixels:
the floor plus one, which keeps VASSAL's truncated centres within 2 px of ours);
``dx`` = row spacing, ``dy`` = hex spacing along a row; numbering ``first=H sep="" hType=N
vType=N hLeading=1 vLeading=1 hOff=1 vOff=1 hDescend=false vDescend=false stagger=false
locationFormat=$gridLocation$``. Row 01 (odd) is raw line 0; row 02, the next line down, is the
one VASSAL shifts, which is exactly USE's "even rows half a hex east".
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from lxml import etree

from records import frozen
from vassal.buildfile import component
from vassal.grids import (
    TAG_HEX_GRID,
    TAG_HEX_NUMBERING,
    TAG_ZONE,
    HexGrid,
    HexGridNumbering,
    Zone,
    ZonedGrid,
    grid_attributes,
    grid_indices,
    location_name,
    location_point,
    snap_point,
)
from wargame.errors import DataError
from wargame.grid import Grid, Hex, Layout

if TYPE_CHECKING:
    from wargame.board import Board

__all__ = [
    "vassal_hex_grid",
    "hex_grid_element",
    "check_vassal_hex_grid",
    "SheetZone",
    "sheet_zones",
    "check_sheet_zones",
    "sheet_outline",
    "sheet_zone_element",
]

# VASSAL's hex centres are whole pixels: (int)(dx * n + x0), plus (int)(dy / 2) on shifted
# lines. With the origin put just above our centre (floor + 1) a VASSAL centre lies within
# (-1, 1) px of ours across the lines and within (-2, 1) px along a shifted line.
SNAP_TOLERANCE = 2.0


def vassal_hex_grid(
    grid: Grid, layout: Layout, board_size: tuple[int, int] | None = None, hexes: tuple[Hex, ...] | None = None
) -> HexGrid:
    """The VASSAL HexGrid (with its HexGridNumbering) for the board of `layout.ref`.

    `board_size` (image width, height in pixels) is needed only when numbers grow north or
    west: VASSAL counts descending numbers back from the board's edge. `hexes`: the hexes the
    board shows, when it shows a window of the grid (default: all of the sheet's)."""
    board = next(b for b in grid.boards if b.prefix == layout.ref.board)
    descending_rows = board.rows_grow == "north"
    descending_cols = board.cols_grow == "west"
    if (descending_rows or descending_cols) and board_size is None:
        raise DataError(f"{grid.name}: numbers that grow north or west need the board image size")
    if any(c in board.prefix for c in "$\\"):
        raise DataError(f'{grid.name}: board prefix "{board.prefix}" cannot be written in a VASSAL location format')
    size = board_size or (0, 0)
    hexes = tuple(sorted(hexes)) if hexes is not None else grid.hexes(board.prefix)
    if not hexes:
        raise DataError(f'{grid.name}: board "{board.prefix}" has no hexes')
    first = hexes[0]
    if grid.orientation == "pointy":
        next_line = Hex(first.row + 1, first.col, first.board)
    else:
        next_line = Hex(first.row, first.col + 1, first.board)
    problems = []
    for stagger in (False, True):
        for origin in (first, next_line):
            candidate = _candidate(grid, layout, origin, stagger, descending_rows, descending_cols, size)
            problem = _first_problem(grid, layout, candidate, size, hexes)
            if problem is None:
                return candidate
            problems.append(problem)
    raise DataError(f"{grid.name}: no VASSAL hex grid reproduces this layout ({problems[0]})")


def _candidate(
    grid: Grid,
    layout: Layout,
    origin: Hex,
    stagger: bool,
    descending_rows: bool,
    descending_cols: bool,
    size: tuple[int, int],
) -> HexGrid:
    cx, cy = grid.center(origin, layout)
    pointy = grid.orientation == "pointy"
    # VASSAL's column part is the line index: our row when pointy, our column when flat.
    line_value, along_value = (origin.row, origin.col) if pointy else (origin.col, origin.row)
    line_digits, along_digits = (grid.row_digits, grid.col_digits) if pointy else (grid.col_digits, grid.row_digits)
    line_descends, along_descends = (descending_rows, descending_cols) if pointy else (descending_cols, descending_rows)
    row_first = grid.order == "RC"
    numbering = HexGridNumbering(
        first=("H" if row_first else "V") if pointy else ("V" if row_first else "H"),
        sep=grid.sep,
        h_type="N",
        v_type="N",
        h_leading=line_digits - 1,
        v_leading=along_digits - 1,
        h_off=0,
        v_off=0,
        # sideways grids take the transposed flags: vDescend flips the column part
        h_descend=along_descends if pointy else line_descends,
        v_descend=line_descends if pointy else along_descends,
        location_format=origin.board + "$gridLocation$",
        stagger=stagger,
    )
    u, v = (cy, cx) if pointy else (cx, cy)
    hex_grid = HexGrid(
        sideways=pointy,
        x0=math.floor(u) + 1,
        y0=math.floor(v) + 1,
        dx=float(layout.across),
        dy=float(layout.along),
        numbering=numbering,
    )
    col0, row0 = grid_indices(hex_grid, _round(cx), _round(cy), size)
    numbering = replace(numbering, h_off=line_value - col0, v_off=along_value - row0)
    return replace(hex_grid, numbering=numbering)


def _first_problem(
    grid: Grid, layout: Layout, vg: HexGrid, size: tuple[int, int], hexes: tuple[Hex, ...]
) -> str | None:
    for h in hexes:
        hex_id = grid.hex_id(h)
        cx, cy = grid.center(h, layout)
        px, py = _round(cx), _round(cy)
        name = location_name(vg, px, py, size)
        if name != hex_id:
            return f"VASSAL would name hex {hex_id} {name!r}"
        sx, sy = snap_point(vg, px, py)
        if grid.hex_at(sx, sy, layout) != h or max(abs(sx - cx), abs(sy - cy)) > SNAP_TOLERANCE:
            return f"VASSAL would snap hex {hex_id} to ({sx}, {sy}), our centre is ({cx:.1f}, {cy:.1f})"
        lx, ly = location_point(vg, hex_id, size)
        if grid.hex_at(lx, ly, layout) != h:
            return f"VASSAL would send a piece for {hex_id} to ({lx}, {ly}), outside that hex"
    return None


def check_vassal_hex_grid(grid: Grid, layout: Layout, vg: HexGrid, board_size: tuple[int, int] | None = None) -> None:
    """DataError naming the first hex that `vg` names, snaps or places differently from us."""
    board = layout.ref.board
    problem = _first_problem(grid, layout, vg, board_size or (0, 0), grid.hexes(board))
    if problem is not None:
        raise DataError(f"{grid.name}: {problem}")


def hex_grid_element(vg: HexGrid) -> etree._Element:
    """The buildFile element for `vg`: a HexGrid with its HexGridNumbering child."""
    # grid_attributes holds only attribute values (bool, int, float, str: its docstring), though
    # vassal.grids annotates them as object
    children = [component(TAG_HEX_NUMBERING, grid_attributes(vg.numbering))] if vg.numbering else []  # type: ignore[arg-type]
    return component(TAG_HEX_GRID, grid_attributes(vg), *children)  # type: ignore[arg-type]


def _round(v: float) -> int:
    """Nearest integer, halves up (VASSAL stores the grid origin as whole pixels)."""
    return math.floor(v + 0.5)


# ----- boards that join several sheets: one ZonedGrid zone per sheet ---------------------------


@frozen
class SheetZone:
    """The part of a joined board one sheet's numbering names: a polygon along the outline of
    the sheet's own hexes (board pixels, whole numbers, as VASSAL stores a zone) and the
    sheet's HexGrid. Its descending numbers count back from the polygon's bounds, as VASSAL's
    Zone.getSize gives them to the grid inside it."""

    sheet: str  # the sheet's prefix
    name: str  # the zone's name ("W sheet")
    path: tuple[tuple[int, int], ...]
    hex_grid: HexGrid

    def zone(self) -> Zone:
        return Zone(name=self.name, location_format="$gridLocation$", path=self.path, grid=self.hex_grid)


def sheet_outline(grid: Grid, layout: Layout, hexes: tuple[Hex, ...]) -> tuple[tuple[int, int], ...]:
    """The outline of a connected set of hexes, corner to corner, rounded to whole pixels: the
    sides of each hex whose neighbour is not in the set, chained into one loop."""
    keep = set(hexes)
    edges: dict[tuple[int, int], tuple[int, int]] = {}

    def key(p: tuple[float, float]) -> tuple[int, int]:
        return _round(p[0]), _round(p[1])

    for h in hexes:
        corners = grid.corners(h, layout)
        for i, d in enumerate(grid.directions):
            if grid.step(h, d) not in keep:
                a, b = key(corners[i]), key(corners[(i + 1) % 6])
                if a in edges:
                    raise DataError(f"{grid.name}: the hexes of one sheet touch themselves at {a}")
                edges[a] = b
    if not edges:
        raise DataError(f"{grid.name}: no hexes to outline")
    start = min(edges)
    loop = [start]
    while True:
        nxt = edges.pop(loop[-1])
        if nxt == start:
            break
        loop.append(nxt)
    if edges:
        raise DataError(f"{grid.name}: the hexes of one sheet are not one piece ({len(edges)} sides left over)")
    return tuple(_straight(loop))


def _straight(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The loop without points that lie on a straight line between their neighbours."""
    out = []
    n = len(loop)
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - p[1]) != (p[1] - a[1]) * (b[0] - p[0]):
            out.append(p)
    return out


def sheet_zones(board: Board) -> tuple[SheetZone, ...]:
    """One zone per sheet of a board that shows hexes of several sheets on one plane (ETO's
    West and East sheets on one joined image): each sheet names its own hexes with its own
    numbering, and the zones meet along the seam, so every hex has the one id the grid gives
    it. Proven hex by hex (check_sheet_zones); DataError when VASSAL cannot say it."""
    grid, lay = board.grid, board.layout
    shown = board.hexes()
    zones = []
    for prefix in board.sheets():
        hexes = tuple(h for h in shown if h.board == prefix)
        path = sheet_outline(grid, lay, hexes)
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        size = (max(xs) - min(xs), max(ys) - min(ys))
        ref = hexes[0]
        x, y = grid.center(ref, lay)
        own = Layout(ref=ref, x=x, y=y, along=lay.along, across=lay.across)
        hex_grid = vassal_hex_grid(grid, own, size, hexes=hexes)
        zones.append(SheetZone(prefix, f"{prefix} sheet" if prefix else "sheet", path, hex_grid))
    out = tuple(zones)
    check_sheet_zones(board, out)
    return out


def check_sheet_zones(board: Board, zones: tuple[SheetZone, ...]) -> None:
    """DataError naming the first hex of the board that the zoned grid names, snaps or places
    differently from us (a piece's centre lies in its sheet's zone and gets its id there)."""
    zoned = ZonedGrid(zones=tuple(z.zone() for z in zones))
    size = (board.width, board.height)
    grid, lay = board.grid, board.layout
    for h in board.hexes():
        hex_id = grid.hex_id(h)
        cx, cy = grid.center(h, lay)
        px, py = _round(cx), _round(cy)
        name = location_name(zoned, px, py, size)
        if name != hex_id:
            raise DataError(f"{grid.name}: VASSAL would name hex {hex_id} {name!r}")
        sx, sy = snap_point(zoned, px, py)
        if grid.hex_at(sx, sy, lay) != h or max(abs(sx - cx), abs(sy - cy)) > SNAP_TOLERANCE:
            raise DataError(f"{grid.name}: VASSAL would snap hex {hex_id} to ({sx}, {sy})")
        lx, ly = location_point(zoned, hex_id, size)
        if grid.hex_at(lx, ly, lay) != h:
            raise DataError(f"{grid.name}: VASSAL would send a piece for {hex_id} to ({lx}, {ly})")


def sheet_zone_element(zone: SheetZone) -> etree._Element:
    """The buildFile Zone of one sheet, with its HexGrid: goes inside the board's ZonedGrid
    after the Map Box zones (the first zone holding a point names it)."""
    path = ";".join(f"{x},{y}" for x, y in zone.path)
    return component(
        TAG_ZONE,
        {
            "highlightProperty": "",
            "locationFormat": "$gridLocation$",
            "name": zone.name,
            "path": path,
            "useHighlight": False,
            "useParentGrid": False,
        },
        hex_grid_element(zone.hex_grid),
    )
