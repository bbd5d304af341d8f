"""Hex grids: numbering, adjacency, distance, lines and pixel geometry for every game.

One frozen `Grid` describes how a game numbers and lays out its hexes; each game's is data
(scenarios/<game>/board.toml [grid], read by wargame.board), not separate code. It is the only
geometry formula in the project: the map renderer, the module builder and the saved-game
reader all go through `Grid.center` / `Grid.hex_at`, so a counter placed by the builder is read
back in the same hex by the assistant.

Vocabulary follows Red Blob Games' hexagon guide (offset, doubled, axial and cube coordinates).

Data
    Hex(row, col, board="")      a hex in the game's own printed numbers (frozen, hashable, ordered)
    Hexside(a, b)                an unordered pair of adjacent hexes (canonical: a < b)
    Sheet(prefix, rows, cols, rows_grow="south", cols_grow="east", shifted="even", only=None,
          over="", offset=(0, 0))   one map sheet's numbering; `over`/`offset` lay it on another
                                    sheet's plane (a grid's `boards`, a hex's `board`)
    Grid(name, boards, orientation="pointy", order="RC", row_digits=2, col_digits=2, sep="")
    Layout(ref, x, y, along, across), Layout.regular(size, ref, x=0, y=0)

Grid methods (all raise wargame.errors.DataError on bad input)
    numbering   parse(text, source=None, place=None) -> Hex; hex_id(h) -> str; contains(h);
                hexes(board=None) -> tuple[Hex, ...] sorted by id
    sheets      canonical(h) -> Hex; aliases(h) -> tuple (every sheet's hex at that place, the
                grid's own first); plane_hexes(board); same_plane(a, b)
    adjacency   directions (names in fixed order); neighbours(h) -> tuple (on-grid only, in
                `directions` order); step(h, direction) -> Hex; direction(a, b) -> str;
                is_adjacent(a, b)
    ranges      distance(a, b); within(h, n) -> frozenset (rule 1.4: origin inside, not counted,
                so within(h, 0) == {h}); ring(h, n) -> tuple; line(a, b) -> tuple
    hexsides    hexside(a, b) -> Hexside; hexside_id(side) -> "2914/2915";
                parse_hexside(text) -> Hexside; hexsides_of(h) -> tuple (on-grid neighbours)
    coordinates to_axial(h) -> (q, r); from_axial(q, r, board="") -> Hex; to_cube(h) -> (q, r, s)
    pixels      center(h, layout) -> (x, y); hex_at(x, y, layout) -> Hex; corners(h, layout) ->
                6 points; hexside_endpoints(side, layout) -> 2 points;
                bounds(layout, board=None) -> (left, top, right, bottom)

Conventions
    * `orientation` "pointy": hexes have a point up, rows are straight horizontal lines,
      directions E, NE, NW, W, SW, SE.  "flat": a flat side up, columns are straight vertical
      lines, directions NE, N, NW, SW, S, SE.  Both lists run counter-clockwise on the map.
    * A board's `shifted` parity names the straight lines (rows if pointy, columns if flat) that
      sit half a hex further toward increasing position numbers (columns if pointy, rows if flat).
      USE: even rows sit half a hex east of odd rows.
    * `rows_grow` / `cols_grow` give the compass direction in which printed numbers increase
      (TK rows grow northward; ETO's East sheet runs south and west).
    * Pixels are image coordinates (y grows downward, north is up). `Layout.along` is the
      centre-to-centre distance between neighbours on one straight line (a row if pointy, a
      column if flat), `Layout.across` the distance between two straight lines. In VASSAL's
      HexGrid terms, in both orientations, along = VASSAL `dy` and across = VASSAL `dx`.
    * Functions that list hexes (neighbours, within, ring, hexsides_of) return only hexes on the
      grid and need an origin on the grid; the others are plain geometry and accept any hex of a
      known board.
    * Boards (sheets) are separate planes unless one is laid on another (a grid built with no
      `over` mixing them in one call raises DataError). ETO's East sheet lies over the West
      sheet's edge, TK's East map abuts the West map's (board.toml `over` and `same_place`, which
      may name a place off the lower sheet): both sheets are one plane, the
      sheets' doubled coordinates differ by a fixed `offset`, and where both have a hex the
      sheet on top (listed later) names it. `parse` of either id of an overlapped hex gives that
      one Hex; adjacency, distance, lines and pixels run across the seam as on one sheet; the
      lower sheet's id is an alias (`contains` is False for it, `canonical` maps it).
"""

from wargame.grid.core import FLAT_DIRECTIONS, POINTY_DIRECTIONS, Grid
from wargame.grid.parts import Hex, Hexside, Layout, Point, Sheet

__all__ = [
    "FLAT_DIRECTIONS",
    "POINTY_DIRECTIONS",
    "Grid",
    "Hex",
    "Hexside",
    "Layout",
    "Sheet",
    "Point",
]
