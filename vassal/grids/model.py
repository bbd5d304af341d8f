"""The grids of a VASSAL board as data: hex, square, region and zoned grids, their numbering,
the board that holds one (`VassalBoard`), with the engine's defaults (``VASSAL.build.module.map.boardPicker``).

Frozen dataclasses that hold what a buildFile element says (`vassal.grids.elements` reads and
writes them); the algorithms over them live beside (hexes, squares, regions, locate).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cached_property

from records import frozen
from vassal.errors import FormatError
from vassal.grids.shapes import _polygon_contains
from vassal.javanum import point_hash

_BOARD_PKG = "VASSAL.build.module.map.boardPicker."
TAG_BOARD = _BOARD_PKG + "Board"
TAG_HEX_GRID = _BOARD_PKG + "board.HexGrid"
TAG_SQUARE_GRID = _BOARD_PKG + "board.SquareGrid"
TAG_REGION_GRID = _BOARD_PKG + "board.RegionGrid"
TAG_REGION = _BOARD_PKG + "board.Region"
TAG_ZONED_GRID = _BOARD_PKG + "board.ZonedGrid"
TAG_ZONE = _BOARD_PKG + "board.mapgrid.Zone"
TAG_HEX_NUMBERING = _BOARD_PKG + "board.mapgrid.HexGridNumbering"
TAG_SQUARE_NUMBERING = _BOARD_PKG + "board.mapgrid.SquareGridNumbering"
TAG_OBLIQUE_NUMBERING = _BOARD_PKG + "board.mapgrid.ObliqueHexGridNumbering"

DEFAULT_HEX_HEIGHT = 64.0
DEFAULT_HEX_WIDTH = math.sqrt(3) / 2.0 * DEFAULT_HEX_HEIGHT  # HexGrid's default dx, bit for bit

GRID_LOCATION, ROW, COLUMN, NAME = "gridLocation", "row", "column", "name"

Size = tuple[int, int]
Point = tuple[int, int]


class BadLocation(FormatError):
    """A location name this grid cannot place (VASSAL's BadCoords)."""


class _BadCoords(Exception):
    """Internal: VASSAL's BadCoords, caught where the engine catches it (ZonedGrid)."""


def _check_spacing(dx: float, dy: float, what: str) -> None:
    if not (math.isfinite(dx) and math.isfinite(dy) and dx > 0 and dy > 0):
        raise FormatError(f"{what} spacing dx={dx}, dy={dy} cannot locate anything (both must be positive)")


@frozen
class RegularGridNumbering:
    """The attributes shared by hex and square numbering (``RegularGridNumbering``).

    `first` "H" writes the column part first; `h_*` describe the column part (``hType`` …),
    `v_*` the row part; type "A" is alphabetic (A..Z, AA, BB …), anything else numeric;
    `*_leading` pads numbers to leading+1 digits; `*_off` is added to the raw index."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    location_format: str = "$gridLocation$"
    visible: bool = False
    font_size: int = 9
    color: str = "0,0,0"
    rotate_text: int = 0
    h_draw_off: int = 0
    v_draw_off: int = 0


@frozen
class HexGridNumbering(RegularGridNumbering):
    """Hex numbering; `stagger` (default true) numbers the lowered columns one higher."""

    stagger: bool = True


@frozen
class SquareGridNumbering(RegularGridNumbering):
    """Square-grid numbering (no extra attributes)."""


@frozen
class HexGrid:
    """``HexGrid``: flat-topped columns, or pointy-topped rows when `sideways` (the whole grid
    is computed on the transposed point, so `x0`/`dx` then run down the map and `y0`/`dy`
    across it). `dx`, `dy`: column and in-column spacing; (x0, y0): centre of raw hex (0, 0);
    odd raw columns sit `dy`/2 lower (further along)."""

    sideways: bool = False
    x0: int = 0
    y0: int = 32
    dy: float = DEFAULT_HEX_HEIGHT
    dx: float = DEFAULT_HEX_WIDTH
    snap_to: bool = True
    edges_legal: bool = False
    corners_legal: bool = False
    visible: bool = False
    dots_visible: bool = False
    color: str = "0,0,0"
    snap_scale: int = 0
    numbering: HexGridNumbering | None = None


@frozen
class SquareGrid:
    """``SquareGrid``: cell (0, 0) centred on (x0, y0), cells `dx` by `dy`."""

    x0: int = 24
    y0: int = 24
    dx: float = 48.0
    dy: float = 48.0
    range: str = "Metric"
    snap_to: bool = True
    edges_legal: bool = False
    corners_legal: bool = False
    visible: bool = False
    dots_visible: bool = False
    color: str = "0,0,0"
    numbering: SquareGridNumbering | None = None


@frozen
class Region:
    """One named point of a RegionGrid (``originx``/``originy``)."""

    name: str = ""
    x: int = 0
    y: int = 0


@frozen
class RegionGrid:
    """``RegionGrid`` (irregular grid): a point is named after the nearest region point.

    The engine keeps regions in a ``HashMap`` keyed by point: a later region at the same point
    replaces an earlier one, and ties (equal distance, repeated names) go to whichever comes
    first in the map's iteration order. `ordered` reproduces that order (buckets of a default
    HashMap, insertion order inside a bucket). Only buckets holding 8+ colliding points in a
    table of 64+ slots, which Java turns into trees, could order ties differently."""

    snap_to: bool = True
    visible: bool = False
    font_size: int = 9
    regions: tuple[Region, ...] = ()

    @cached_property
    def ordered(self) -> tuple[Region, ...]:
        return _hashmap_order(self.regions)


@frozen
class Zone:
    """``Zone``: a polygon (board pixels) with its name format and optional grid. With
    `use_parent_grid` the zone uses the ZonedGrid's background grid instead of `grid`."""

    name: str = ""
    location_format: str = "$name$"
    path: tuple[Point, ...] = ()
    use_parent_grid: bool = False
    use_highlight: bool = False
    highlight_property: str = ""
    grid: HexGrid | SquareGrid | RegionGrid | None = None

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """java.awt.Polygon bounds: (x, y, width, height), width = max - min."""
        if not self.path:
            return (0, 0, 0, 0)
        xs = [p[0] for p in self.path]
        ys = [p[1] for p in self.path]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def contains(self, x: float, y: float) -> bool:
        """java.awt.Polygon.contains (even-odd, half-open edges)."""
        return _polygon_contains(self.path, x, y)


@frozen
class ZonedGrid:
    """``ZonedGrid`` (multi-zoned grid): the first zone containing a point names it, otherwise
    the background grid does."""

    zones: tuple[Zone, ...] = ()
    background: HexGrid | SquareGrid | RegionGrid | None = None


Grid = HexGrid | SquareGrid | RegionGrid | ZonedGrid
_SimpleGrid = HexGrid | SquareGrid | RegionGrid


@frozen
class VassalBoard:
    """The buildFile ``Board`` element: its image (size read from the image) or `width` x `height` when it has none.
    `name` is None when the element has none (such a board can never be selected)."""

    name: str | None = None
    image: str | None = None
    reversible: bool = False
    width: int = 500
    height: int = 500
    color: str | None = None
    grid: Grid | None = None


def _hashmap_order(regions: Iterable[Region]) -> tuple[Region, ...]:
    """The regions as a ``HashMap<Point, Region>`` holds and iterates them."""
    slot: dict[tuple[int, int], int] = {}
    values: list[Region] = []
    for region in regions:
        key = (region.x, region.y)
        if key in slot:
            values[slot[key]] = region  # same key: value replaced, position kept
        else:
            slot[key] = len(values)
            values.append(region)
    capacity = 16
    while len(values) > capacity * 3 // 4:
        capacity *= 2

    def bucket(index: int) -> tuple[int, int]:
        h = point_hash(values[index].x, values[index].y)
        return ((h ^ (h >> 16)) & (capacity - 1), index)

    return tuple(values[i] for i in sorted(range(len(values)), key=bucket))
