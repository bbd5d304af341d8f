"""Naming, placing and snapping on any grid, zones included: ``location_name`` (pixel -> name),
``location_point`` (name -> pixel), ``snap_point``, ``grid_indices``; each dispatches to the hex,
square or region code and handles a ZonedGrid's zones and background as the engine does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from vassal.errors import FormatError
from vassal.grids.formats import _evaluate_format, _format_regex
from vassal.grids.hexes import _hex_center_point, _hex_column, _hex_row, _hex_snap
from vassal.grids.model import (
    GRID_LOCATION,
    NAME,
    BadLocation,
    Grid,
    HexGrid,
    HexGridNumbering,
    Point,
    RegionGrid,
    Size,
    SquareGrid,
    SquareGridNumbering,
    Zone,
    ZonedGrid,
    _BadCoords,
    _check_spacing,
    _SimpleGrid,
)
from vassal.grids.numbering import _numbering_indices, _numbering_name
from vassal.grids.regions import _region_named, _region_nearest
from vassal.grids.squares import (
    _square_center_point,
    _square_column,
    _square_row,
    _square_snap,
)
from vassal.javanum import div_int

_JAVA_DOT = "[^\n\r\u0085\u2028\u2029]"  # what Java's regex "." matches by default


def _simple_name(grid: _SimpleGrid, x: int, y: int, size: Size, globals_: Mapping[str, str] | None) -> str | None:
    if isinstance(grid, RegionGrid):
        return _region_nearest(grid, x, y).name if grid.regions else None
    n = grid.numbering
    if n is None:
        return None
    _check_spacing(grid.dx, grid.dy, "hex grid" if isinstance(grid, HexGrid) else "square grid")
    if isinstance(grid, HexGrid):
        assert isinstance(n, HexGridNumbering)
        return _numbering_name(n, _hex_row(grid, n, x, y, size), _hex_column(grid, n, x, y, size), globals_)
    assert isinstance(n, SquareGridNumbering)
    return _numbering_name(n, _square_row(grid, n, y, size), _square_column(grid, n, x, size), globals_)


def _zone_grid(zone: Zone, parent: ZonedGrid) -> _SimpleGrid | None:
    return parent.background if zone.use_parent_grid else zone.grid


def _zone_size(zone: Zone, parent_size: Size) -> Size:
    """The container size a zone's grid numbers against: its own polygon bounds, or the
    board's when it borrows the background grid."""
    if zone.use_parent_grid:
        return parent_size
    _, _, w, h = zone.bounds
    return (w, h)


def _zone_name(zone: Zone, parent: ZonedGrid, x: int, y: int, size: Size, globals_: Mapping[str, str] | None) -> str:
    grid = _zone_grid(zone, parent)
    grid_location = None if grid is None else _simple_name(grid, x, y, _zone_size(zone, size), globals_)
    props = {NAME: zone.name, GRID_LOCATION: grid_location}
    return _evaluate_format(zone.location_format, props, globals_, localized=False)


def grid_indices(grid: HexGrid | SquareGrid, x: int, y: int, container_size: Size) -> tuple[int, int]:
    """(column, row) as the numbering computes them for a point (``getColumn``/``getRow``):
    descending and stagger applied, offsets not yet added. Needs the grid's numbering."""
    n = grid.numbering
    if n is None:
        raise FormatError("the grid has no numbering")
    x, y = int(x), int(y)
    if isinstance(grid, HexGrid):
        assert isinstance(n, HexGridNumbering)
        _check_spacing(grid.dx, grid.dy, "hex grid")
        return _hex_column(grid, n, x, y, container_size), _hex_row(grid, n, x, y, container_size)
    assert isinstance(n, SquareGridNumbering)
    _check_spacing(grid.dx, grid.dy, "square grid")
    return _square_column(grid, n, x, container_size), _square_row(grid, n, y, container_size)


def location_name(
    grid: Grid | None,
    x: int,
    y: int,
    container_size: Size,
    properties: Mapping[str, str] | None = None,
) -> str | None:
    """The name VASSAL's grid gives board-local point (x, y); None where the engine has none
    (no numbering, no regions, no grid).

    `container_size` is the (width, height) of the grid's Board; it matters for descending
    numbering. `properties` are module/global property values for unusual formats."""
    x, y = int(x), int(y)
    if grid is None:
        return None
    if isinstance(grid, ZonedGrid):
        for zone in grid.zones:
            if zone.contains(x, y):
                return _zone_name(zone, grid, x, y, container_size, properties)
        if grid.background is None:
            return None
        return _simple_name(grid.background, x, y, container_size, properties)
    return _simple_name(grid, x, y, container_size, properties)


def _simple_point(grid: _SimpleGrid, name: str, size: Size) -> Point:
    if isinstance(grid, RegionGrid):
        region = _region_named(grid, name)
        if region is None:
            raise _BadCoords(f'no region named "{name}"')
        return region.x, region.y
    n = grid.numbering
    if n is None:
        raise _BadCoords("the grid has no numbering")
    _check_spacing(grid.dx, grid.dy, "grid")
    col, row = _numbering_indices(n, name)
    if isinstance(grid, HexGrid):
        assert isinstance(n, HexGridNumbering)
        return _hex_center_point(grid, n, col, row, size)
    assert isinstance(n, SquareGridNumbering)
    return _square_center_point(grid, n, col, row, size)


def _zone_point(zone: Zone, parent: ZonedGrid, name: str, size: Size) -> Point:
    grid = _zone_grid(zone, parent)
    groups = 0

    def wanted(token: str) -> str | None:
        nonlocal groups
        if token == NAME:
            return re.escape(zone.name)
        if token == GRID_LOCATION and grid is not None:
            groups += 1
            return "(" + _JAVA_DOT + "*)"
        return None

    regex = _format_regex(zone.location_format, wanted)
    if not regex:
        raise _BadCoords("the zone's format matches nothing")
    match = re.fullmatch(regex, name)
    if match is None:
        raise _BadCoords(f'"{name}" is not a name of zone "{zone.name}"')
    if groups:
        assert grid is not None
        p = _simple_point(grid, match.group(groups), _zone_size(zone, size))
        if not zone.contains(*p):
            raise _BadCoords(f'"{name}" lies outside zone "{zone.name}"')
        return p
    if not zone.path:
        return 0, 0
    cx = div_int(sum(p[0] for p in zone.path), len(zone.path))
    cy = div_int(sum(p[1] for p in zone.path), len(zone.path))
    if not zone.contains(cx, cy):
        return zone.path[0]
    return cx, cy


def location_point(grid: Grid | None, name: str, container_size: Size) -> Point:
    """The board-local point VASSAL's ``getLocation`` gives for a location name.

    Hex and square names go through the regex VASSAL builds from the location format, then
    ``getCenterPoint`` (unsnapped, with the engine's integer truncations; with hex `stagger`
    and descending columns over an odd column count the engine lands one hex off, and so do
    we). Region names give the region point, zone names the zone's grid location or its
    vertex centroid. BadLocation when the engine would throw BadCoords."""
    try:
        if grid is None:
            raise _BadCoords("the board has no grid")
        if isinstance(grid, ZonedGrid):
            for zone in grid.zones:
                try:
                    p = _zone_point(zone, grid, name, container_size)
                except _BadCoords:
                    continue
                if zone.contains(*p):
                    return p
            if grid.background is None:
                raise _BadCoords("no zone has that name and there is no background grid")
            return _simple_point(grid.background, name, container_size)
        return _simple_point(grid, name, container_size)
    except _BadCoords as exc:
        raise BadLocation(f'no location "{name}" on this grid ({exc})') from None


def _simple_snap(grid: _SimpleGrid, x: int, y: int, force: bool, center_only: bool) -> Point:
    if isinstance(grid, HexGrid):
        return _hex_snap(grid, x, y, force, center_only)
    if isinstance(grid, SquareGrid):
        return _square_snap(grid, x, y, force, center_only)
    if (not grid.snap_to and not force) or not grid.regions:
        return x, y
    nearest = _region_nearest(grid, x, y)
    return nearest.x, nearest.y


def snap_point(grid: Grid | None, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
    """Where VASSAL's grid snaps board-local point (x, y) (``MapGrid.snapTo``)."""
    x, y = int(x), int(y)
    if grid is None:
        return x, y
    if isinstance(grid, ZonedGrid):
        for zone in grid.zones:
            if zone.contains(x, y):
                inner = _zone_grid(zone, grid)
                return (x, y) if inner is None else _simple_snap(inner, x, y, force, center_only)
        if grid.background is None:
            return x, y
        return _simple_snap(grid.background, x, y, force, center_only)
    return _simple_snap(grid, x, y, force, center_only)


def needs_board_size(grid: Grid | None) -> bool:
    """Whether naming points on this grid can depend on its board's size: only a descending
    hex or square numbering counts rows or columns back from the board's far edge (a zone's
    own grid numbers within the zone's polygon, whatever the board's size)."""

    def descending(simple: _SimpleGrid | None) -> bool:
        n = getattr(simple, "numbering", None)
        return n is not None and (n.h_descend or n.v_descend)

    if isinstance(grid, ZonedGrid):
        borrowed = grid.background is not None and descending(grid.background)
        return borrowed  # the background names points outside zones and in parent-grid zones
    return descending(grid)


def zoned_region_point(grid: ZonedGrid, name: str) -> Point | None:
    """``ZonedGrid.getRegionLocation``: a region of a zone's own region grid, by name."""
    for zone in grid.zones:
        inner = _zone_grid(zone, grid)
        if isinstance(inner, RegionGrid):
            region = _region_named(inner, name)
            if region is not None and zone.contains(region.x, region.y):
                return region.x, region.y
    return None
