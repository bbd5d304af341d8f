"""VASSAL map grids: pixel -> location name, name -> pixel, and snapping, as the engine does them.

A saved game stores piece positions as map pixels; the players (and the rules) speak of hexes,
squares, regions and zones. This module reproduces VASSAL 3.7's own answers so that the name we
compute for a piece is the one VASSAL would print in its chat log, and the point we compute for a
name is where VASSAL would put a piece sent there. Grids are read from buildFile elements into
frozen dataclasses that hold the attributes with VASSAL's defaults; the algorithms are plain
functions over them. Integer truncation, Java rounding and the float arithmetic of the hex
outline test are followed exactly, engine quirks included (see `location_point`).

Grid classes (buildFile tag ``VASSAL.build.module.map.boardPicker.board.<X>``)
    HexGrid, SquareGrid, RegionGrid (named points, `Region`), ZonedGrid (`Zone` polygons,
    each with its own grid, the parent's background grid, or none), numbering
    HexGridNumbering / SquareGridNumbering (``…board.mapgrid.<X>``).

Functions
    parse_grid(element) -> Grid; parse_board(element) -> Board; grid_attributes(obj) -> dict
    grid_indices(grid, x, y, container_size) -> (column, row) before offsets
    location_name(grid, x, y, container_size, properties=None) -> str | None
    location_point(grid, name, container_size) -> (x, y)        (BadLocation if none)
    snap_point(grid, x, y, force=False, center_only=False) -> (x, y)
    board_picker_choices(command, map_name, map_id=None) -> tuple[BoardChoice, ...] | None
    map_geometry(map_element, board_picker=None, image_size=None, map_id=None) -> MapGeometry
    image_size_reader(read) -> callable giving an image's (width, height) from its header

Coordinates are board-local pixels for the grid functions (``container_size`` is the size of
the grid's container: the Board, or the Zone's polygon bounds for a grid inside a zone) and
map pixels for `MapGeometry`.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import BinaryIO, Union

from lxml import etree

from vassal.errors import FormatError
from vassal.imagesize import image_size
from vassal.javanum import java_trim as _java_trim
from vassal.javanum import parse_double as _java_double
from vassal.javanum import parse_int as _java_int
from vassal.sequence import Decoder

__all__ = [
    "OFFBOARD",
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
    "Board",
    "Grid",
    "BoardChoice",
    "PlacedBoard",
    "DeckSpot",
    "MapGeometry",
    "parse_grid",
    "parse_board",
    "grid_attributes",
    "grid_indices",
    "location_name",
    "location_point",
    "snap_point",
    "board_picker_choices",
    "map_geometry",
    "needs_board_size",
    "evaluate_format",
    "image_size_reader",
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

OFFBOARD = "offboard"  # Map.locationName's answer when no deck, board or grid names the point

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
TAG_BOARD_PICKER = "VASSAL.build.module.map.BoardPicker"
TAG_DRAW_PILE = "VASSAL.build.module.map.DrawPile"
_FOLDER_PKG = "VASSAL.build.module.folder."

DEFAULT_HEX_HEIGHT = 64.0
DEFAULT_HEX_WIDTH = math.sqrt(3) / 2.0 * DEFAULT_HEX_HEIGHT  # HexGrid's default dx, bit for bit

GRID_LOCATION, ROW, COLUMN, NAME = "gridLocation", "row", "column", "name"
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHABETIC_MATCH = "-?(?:" + "|".join(c + "+" for c in _ALPHABET) + ")"
_JAVA_DOT = "[^\n\r\u0085\u2028\u2029]"  # what Java's regex "." matches by default

Size = tuple[int, int]
Point = tuple[int, int]


class BadLocation(FormatError):
    """A location name this grid cannot place (VASSAL's BadCoords)."""


class _BadCoords(Exception):
    """Internal: VASSAL's BadCoords, caught where the engine catches it (ZonedGrid)."""


# ============================================================================================
# Java arithmetic: the engine's casts and roundings, so that borderline pixels agree


_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1


def _jint(v: float) -> int:
    """``(int) v`` for a double: truncate toward zero, NaN is 0, saturate at the int range."""
    if math.isnan(v):
        return 0
    if math.isinf(v):
        return _INT_MAX if v > 0 else _INT_MIN
    return max(_INT_MIN, min(_INT_MAX, int(v)))


def _jround(v: float) -> int:
    """``Math.round(double)``: the exact floor(v + 1/2) (ties toward +inf), as a long."""
    if math.isnan(v):
        return 0
    if math.isinf(v):
        return _LONG_MAX if v > 0 else _LONG_MIN
    f = math.floor(v)
    result = f + 1 if v - f >= 0.5 else f
    return max(_LONG_MIN, min(_LONG_MAX, result))


def _jround_int(v: float) -> int:
    """``(int) Math.round(double)``: the long result narrowed to 32 bits as Java does."""
    return _wrap32(_jround(v))


def _jfloor_int(v: float) -> int:
    """``(int) Math.floor(v)``."""
    return _jint(math.floor(v)) if math.isfinite(v) else _jint(v)


def _wrap32(v: int) -> int:
    """Java int overflow: keep the low 32 bits, signed."""
    v &= 0xFFFFFFFF
    return v - 2**32 if v >= 2**31 else v


def _f32(v: float) -> float:
    """Round a double to the nearest float (Java ``float`` arithmetic, one operation at a time)."""
    return struct.unpack("<f", struct.pack("<f", v))[0]


def _jround_f32(v: float) -> int:
    """``Math.round(float)`` on a float value: floor(v + 1/2), exact for any float."""
    return _wrap32(math.floor(v + 0.5))


def _java_div_int(a: int, b: int) -> int:
    """Java int division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _java_is_blank(s: str) -> bool:
    return all(c.isspace() and c not in "\u00a0\u2007\u202f" for c in s)


# ============================================================================================
# Data: grids and their numbering, with VASSAL's defaults


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class HexGridNumbering(RegularGridNumbering):
    """Hex numbering; `stagger` (default true) numbers the lowered columns one higher."""

    stagger: bool = True


@dataclass(frozen=True)
class SquareGridNumbering(RegularGridNumbering):
    """Square-grid numbering (no extra attributes)."""


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Region:
    """One named point of a RegionGrid (``originx``/``originy``)."""

    name: str = ""
    x: int = 0
    y: int = 0


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class ZonedGrid:
    """``ZonedGrid`` (multi-zoned grid): the first zone containing a point names it, otherwise
    the background grid does."""

    zones: tuple[Zone, ...] = ()
    background: HexGrid | SquareGrid | RegionGrid | None = None


Grid = Union[HexGrid, SquareGrid, RegionGrid, ZonedGrid]
_SimpleGrid = Union[HexGrid, SquareGrid, RegionGrid]


@dataclass(frozen=True)
class Board:
    """``Board``: its image (size read from the image) or `width` x `height` when it has none.
    `name` is None when the element has none (such a board can never be selected)."""

    name: str | None = None
    image: str | None = None
    reversible: bool = False
    width: int = 500
    height: int = 500
    color: str | None = None
    grid: Grid | None = None


# ============================================================================================
# Reading grids from buildFile elements


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def _place(el: etree._Element) -> str:
    name = el.get("name") or el.get("mapName")
    where = _short(str(el.tag)) + (f' "{name}"' if name else "")
    line = getattr(el, "sourceline", None)
    return f"{where} (line {line})" if line else where


def _sorted_attrs(el: etree._Element) -> list[tuple[str, str]]:
    """Attributes in the order the engine sets them (Xerces keeps them sorted by name)."""
    return sorted(((str(k), str(v)) for k, v in el.attrib.items()), key=lambda kv: kv[0].encode("utf-16-be"))


def _int_attr(el: etree._Element, key: str, value: str) -> int:
    parsed = _java_int(value)
    if parsed is None:
        raise FormatError(f'attribute {key}="{value}" is not a whole number', None, _place(el))
    return parsed


def _double_attr(el: etree._Element, key: str, value: str) -> float:
    parsed = _java_double(value)
    if parsed is None:
        raise FormatError(f'attribute {key}="{value}" is not a number', None, _place(el))
    return parsed


def _bool_value(value: str) -> bool:
    """``Boolean.valueOf``: "true" in any case is true, everything else false."""
    return value.lower() == "true"


def _first_char(el: etree._Element, key: str, value: str) -> str:
    if not value:
        raise FormatError(f"attribute {key} is empty (VASSAL reads its first character)", None, _place(el))
    return value[0]


def _children(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str)]


def parse_numbering(el: etree._Element) -> HexGridNumbering | SquareGridNumbering:
    """A HexGridNumbering or SquareGridNumbering element as data."""
    tag = str(el.tag)
    if tag == TAG_OBLIQUE_NUMBERING:
        raise FormatError("ObliqueHexGridNumbering (VASSAL 3.8) is not supported", None, _place(el))
    if tag not in (TAG_HEX_NUMBERING, TAG_SQUARE_NUMBERING):
        raise FormatError(f"{tag} is not a grid numbering", None, _place(el))
    values: dict[str, object] = {}
    for key, value in _sorted_attrs(el):
        if key == "first":
            values["first"] = _first_char(el, key, value)
        elif key == "sep":
            values["sep"] = value
        elif key in ("hType", "vType"):
            values[key[0] + "_type"] = _first_char(el, key, value)
        elif key in ("hLeading", "vLeading", "hOff", "vOff", "fontSize", "rotateText", "hDrawOff", "vDrawOff"):
            values[_snake(key)] = _int_attr(el, key, value)
        elif key in ("hDescend", "vDescend", "visible"):
            values[_snake(key)] = _bool_value(value)
        elif key == "locationFormat":
            values["location_format"] = value
        elif key == "color":
            values["color"] = value
        elif key == "stagger" and tag == TAG_HEX_NUMBERING:
            values["stagger"] = _bool_value(value)
    cls = HexGridNumbering if tag == TAG_HEX_NUMBERING else SquareGridNumbering
    return cls(**values)  # type: ignore[arg-type]


_SNAKE = {
    "hLeading": "h_leading", "vLeading": "v_leading", "hOff": "h_off", "vOff": "v_off",
    "fontSize": "font_size", "rotateText": "rotate_text", "hDrawOff": "h_draw_off",
    "vDrawOff": "v_draw_off", "hDescend": "h_descend", "vDescend": "v_descend", "visible": "visible",
}


def _snake(key: str) -> str:
    return _SNAKE[key]


def _last_numbering(el: etree._Element, tag: str) -> HexGridNumbering | SquareGridNumbering | None:
    found = None
    for child in _children(el):
        if str(child.tag) == TAG_OBLIQUE_NUMBERING:
            parse_numbering(child)  # raises: not supported
        if str(child.tag) == tag:
            found = parse_numbering(child)  # the engine keeps the last one set
    return found


def _parse_hex_grid(el: etree._Element) -> HexGrid:
    values: dict[str, object] = {}
    dx = DEFAULT_HEX_WIDTH
    for key, value in _sorted_attrs(el):
        if key in ("x0", "y0", "snapscale"):
            values["snap_scale" if key == "snapscale" else key] = _int_attr(el, key, value)
        elif key == "dx":
            dx = _double_attr(el, key, value)
        elif key == "dy":
            dy = _double_attr(el, key, value)
            values["dy"] = dy
            if dx == DEFAULT_HEX_WIDTH:  # setting the height rescales a width still at its default
                dx = math.sqrt(3) / 2.0 * dy
        elif key in ("sideways", "snapTo", "edgesLegal", "cornersLegal", "visible", "dotsVisible"):
            values[_HEX_BOOL[key]] = _bool_value(value)
        elif key == "color":
            values["color"] = value
    numbering = _last_numbering(el, TAG_HEX_NUMBERING)
    return HexGrid(dx=dx, numbering=numbering, **values)  # type: ignore[arg-type]


_HEX_BOOL = {
    "sideways": "sideways", "snapTo": "snap_to", "edgesLegal": "edges_legal",
    "cornersLegal": "corners_legal", "visible": "visible", "dotsVisible": "dots_visible",
}


def _parse_square_grid(el: etree._Element) -> SquareGrid:
    values: dict[str, object] = {}
    for key, value in _sorted_attrs(el):
        if key in ("x0", "y0"):
            values[key] = _int_attr(el, key, value)
        elif key in ("dx", "dy"):
            values[key] = _double_attr(el, key, value)
        elif key == "range":
            values["range"] = value
        elif key in _HEX_BOOL and key != "sideways":
            values[_HEX_BOOL[key]] = _bool_value(value)
        elif key == "color":
            values["color"] = value
    numbering = _last_numbering(el, TAG_SQUARE_NUMBERING)
    return SquareGrid(numbering=numbering, **values)  # type: ignore[arg-type]


def _parse_region_grid(el: etree._Element) -> RegionGrid:
    values: dict[str, object] = {}
    for key, value in _sorted_attrs(el):
        if key in ("snapto", "visible"):
            values["snap_to" if key == "snapto" else key] = value == "true"  # exact "true" here
        elif key == "fontsize":
            values["font_size"] = _int_attr(el, key, value)
    regions = []
    for child in _children(el):
        if str(child.tag) != TAG_REGION:
            continue
        name, x, y = "", 0, 0
        for key, value in _sorted_attrs(child):
            if key == "name":
                name = value
            elif key == "originx":
                x = _int_attr(child, key, value)
            elif key == "originy":
                y = _int_attr(child, key, value)
        regions.append(Region(name, x, y))
    return RegionGrid(regions=tuple(regions), **values)  # type: ignore[arg-type]


def _parse_path(value: str) -> tuple[Point, ...]:
    """``PolygonEditor.stringToPolygon``: "x,y;x,y;…"; unreadable points are skipped."""
    points = []
    for token in Decoder(value, ";"):
        parts = Decoder(token, ",")
        if not parts.has_more():
            continue
        x = _java_int(_java_trim(parts.next_token()))
        if x is None or not parts.has_more():
            continue
        y = _java_int(_java_trim(parts.next_token()))
        if y is not None:
            points.append((x, y))
    return tuple(points)


def _parse_zone(el: etree._Element) -> Zone:
    values: dict[str, object] = {}
    for key, value in _sorted_attrs(el):
        if key == "name":
            values["name"] = value
        elif key == "locationFormat":
            values["location_format"] = value
        elif key == "path":
            values["path"] = _parse_path(value)
        elif key in ("useParentGrid", "useHighlight"):
            values["use_parent_grid" if key == "useParentGrid" else "use_highlight"] = value == "true"
        elif key == "highlightProperty":
            values["highlight_property"] = value
    grid = None
    for child in _children(el):
        if str(child.tag) in (TAG_HEX_GRID, TAG_SQUARE_GRID, TAG_REGION_GRID):
            grid = _parse_simple_grid(child)  # the last one set wins
        elif _short(str(child.tag)).endswith("Grid"):
            raise FormatError(f"unsupported grid class {child.tag}", None, _place(child))
    return Zone(grid=grid, **values)  # type: ignore[arg-type]


def _parse_simple_grid(el: etree._Element) -> _SimpleGrid:
    tag = str(el.tag)
    if tag == TAG_HEX_GRID:
        return _parse_hex_grid(el)
    if tag == TAG_SQUARE_GRID:
        return _parse_square_grid(el)
    if tag == TAG_REGION_GRID:
        return _parse_region_grid(el)
    raise FormatError(f"{tag} is not a hex, square or region grid", None, _place(el))


def parse_grid(el: etree._Element) -> Grid:
    """A grid element (HexGrid, SquareGrid, RegionGrid or ZonedGrid) as data."""
    if str(el.tag) != TAG_ZONED_GRID:
        return _parse_simple_grid(el)
    zones, background = [], None
    for child in _children(el):
        tag = str(child.tag)
        if tag == TAG_ZONE:
            zones.append(_parse_zone(child))
        elif tag in (TAG_HEX_GRID, TAG_SQUARE_GRID, TAG_REGION_GRID):
            background = _parse_simple_grid(child)
        elif _short(tag).endswith("Grid"):
            raise FormatError(f"unsupported grid class {tag}", None, _place(child))
    return ZonedGrid(zones=tuple(zones), background=background)


_GRID_TAGS = (TAG_HEX_GRID, TAG_SQUARE_GRID, TAG_REGION_GRID, TAG_ZONED_GRID)


def parse_board(el: etree._Element) -> Board:
    """A Board element as data (its grid is the last grid child, as in the engine)."""
    values: dict[str, object] = {}
    for key, value in _sorted_attrs(el):
        if key == "name":
            values["name"] = value
        elif key == "image":
            values["image"] = None if _java_is_blank(value) else value
        elif key in ("width", "height"):
            values[key] = _int_attr(el, key, value)
        elif key == "reversible":
            values["reversible"] = _bool_value(value)
        elif key == "color":
            values["color"] = value
    grid = None
    for child in _children(el):
        tag = str(child.tag)
        if tag in _GRID_TAGS:
            grid = parse_grid(child)
        elif _short(tag).endswith("Grid"):
            raise FormatError(f"unsupported grid class {tag}", None, _place(child))
    return Board(grid=grid, **values)  # type: ignore[arg-type]


# ============================================================================================
# Writing: the attributes VASSAL writes for a grid or numbering (typed; buildfile spells them)


_ATTRIBUTE_NAMES: dict[type, dict[str, str]] = {
    HexGrid: {
        "sideways": "sideways", "x0": "x0", "y0": "y0", "dy": "dy", "dx": "dx", "snap_to": "snapTo",
        "edges_legal": "edgesLegal", "corners_legal": "cornersLegal", "visible": "visible",
        "dots_visible": "dotsVisible", "color": "color",
    },
    SquareGrid: {
        "x0": "x0", "y0": "y0", "dx": "dx", "dy": "dy", "range": "range", "snap_to": "snapTo",
        "edges_legal": "edgesLegal", "corners_legal": "cornersLegal", "visible": "visible",
        "dots_visible": "dotsVisible", "color": "color",
    },
    RegularGridNumbering: {
        "first": "first", "sep": "sep", "h_type": "hType", "h_leading": "hLeading", "h_off": "hOff",
        "h_descend": "hDescend", "v_type": "vType", "v_leading": "vLeading", "v_off": "vOff",
        "v_descend": "vDescend", "location_format": "locationFormat", "visible": "visible",
        "font_size": "fontSize", "color": "color", "rotate_text": "rotateText",
        "h_draw_off": "hDrawOff", "v_draw_off": "vDrawOff",
    },
}


def grid_attributes(obj: HexGrid | SquareGrid | HexGridNumbering | SquareGridNumbering) -> dict[str, object]:
    """The attributes VASSAL's editor writes for `obj`, as Python values (bool, int, float, str).

    `snapscale` is written only when set, as the editor never shows it."""
    if isinstance(obj, RegularGridNumbering):
        names = dict(_ATTRIBUTE_NAMES[RegularGridNumbering])
        if isinstance(obj, HexGridNumbering):
            names["stagger"] = "stagger"
    else:
        names = _ATTRIBUTE_NAMES[type(obj)]
    out: dict[str, object] = {xml: getattr(obj, attr) for attr, xml in names.items()}
    if isinstance(obj, HexGrid) and obj.snap_scale:
        out["snapscale"] = obj.snap_scale
    return out


# ============================================================================================
# Location formats: FormattedString / Expression evaluation as VASSAL does it


def _evaluate_format(
    fmt: str,
    props: Mapping[str, str | None],
    globals_: Mapping[str, str] | None,
    localized: bool,
) -> str:
    """What ``FormattedString.getText`` gives for a location format.

    Blank formats give ""; a format that reads as a whole number gives that number; one with
    "$" substitutes $name$ tokens (an unknown name: the global property if given, else nothing
    when `localized`, else the name itself); anything else is literal text."""
    if fmt is None or _java_is_blank(fmt):
        return ""
    t = _java_trim(fmt)
    if t.startswith("{") and t.endswith("}"):
        raise FormatError(f'location format "{fmt}" is a BeanShell expression, which is not supported')
    number = _java_int(t)
    if number is not None:
        return str(number)
    if "$" not in t:
        return fmt
    out: list[str] = []
    for token, is_property in _format_tokens(t):
        if not is_property:
            out.append(token)
        elif token in props:
            value = props[token]
            if value is not None:
                out.append(value)
        elif globals_ is not None and token in globals_:
            out.append(globals_[token])
        elif not localized:
            out.append(token)
    return "".join(out)


def evaluate_format(fmt: str, props: Mapping[str, str | None], globals_: Mapping[str, str] | None = None,
                    localized: bool = True) -> str:
    """``FormattedString.getText`` for a $-format (location and turn formats alike); see
    `_evaluate_format`. FormatError for a BeanShell format."""
    return _evaluate_format(fmt, props, globals_, localized)


def _format_regex(fmt: str, wanted: Callable[[str], str | None]) -> str:
    """The regular expression VASSAL builds from a location format for getLocation: literal
    text quoted; each $property$ replaced by `wanted(name)` (None drops the property)."""
    parts: list[str] = []
    for token, is_property in _format_tokens(fmt):
        if not is_property:
            parts.append(re.escape(token))
        else:
            piece = wanted(token)
            if piece is not None:
                parts.append(piece)
    return "".join(parts)


def _format_tokens(fmt: str) -> Iterator[tuple[str, bool]]:
    """The non-empty pieces of a ``$``-format and whether each is a property name, as
    FormattedString reads them: pieces alternate literal / name, and a last piece with no
    closing ``$`` is literal."""
    tokens = Decoder(fmt, "$")
    is_property = True
    while tokens.has_more():
        token = tokens.next_token()
        is_property = not is_property
        if token:
            yield token, is_property and tokens.has_more()


# ============================================================================================
# Numbering: names of single rows and columns


def _part_name(value: int, kind: str, leading: int) -> str:
    """``RegularGridNumbering.getName(int, char, int)``."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    if kind == "A":
        return sign + _ALPHABET[value % 26] * (value // 26 + 1)
    pad = ""
    while leading > 0 and value < 10.0**leading:
        pad += "0"
        leading -= 1
    return sign + pad + str(value)


def _parse_part(text: str, kind: str) -> int:
    """``RegularGridNumbering.parseName``."""
    if kind == "A":
        value, index, negative = 0, 0, False
        if text.startswith("-"):
            negative, index = True, 1
        while index < len(text) and text[index].isupper():
            value += 26 if index < len(text) - 1 else _ALPHABET.find(text[index])
            index += 1
        return -value if negative else value
    number = _java_int(text)
    if number is None:
        raise _BadCoords(f'"{text}" is not a number VASSAL can read')
    return number


def _part_pattern(kind: str, leading: int) -> str:
    if kind == "A":
        return _ALPHABETIC_MATCH
    if leading + 1 < 0:
        raise FormatError(f"leading zeros {leading} make VASSAL's location pattern invalid")
    return "-?[0-9]{%d,}" % (leading + 1)


def _grid_name(n: RegularGridNumbering, row: int, col: int) -> str:
    row_name = _part_name(row + n.v_off, n.v_type, n.v_leading)
    col_name = _part_name(col + n.h_off, n.h_type, n.h_leading)
    return col_name + n.sep + row_name if n.first == "H" else row_name + n.sep + col_name


def _numbering_name(n: RegularGridNumbering, row: int, col: int, globals_: Mapping[str, str] | None) -> str:
    props = {
        GRID_LOCATION: _grid_name(n, row, col),
        ROW: _part_name(row + n.v_off, n.v_type, n.v_leading),
        COLUMN: _part_name(col + n.h_off, n.h_type, n.h_leading),
    }
    return _evaluate_format(n.location_format, props, globals_, localized=True)


def _numbering_indices(n: RegularGridNumbering, name: str) -> tuple[int, int]:
    """(col, row) raw indices for a location name, via the regex VASSAL builds from the format."""
    groups: dict[str, int] = {}
    order: list[str] = []

    def wanted(token: str) -> str | None:
        if token == GRID_LOCATION:
            col_pat = "(" + _part_pattern(n.h_type, n.h_leading) + ")"
            row_pat = "(" + _part_pattern(n.v_type, n.v_leading) + ")"
            if n.first == "H":
                order.extend(["col", "row"])
                return col_pat + (re.escape(n.sep) if n.sep else "") + row_pat
            order.extend(["row", "col"])
            return row_pat + re.escape(n.sep) + col_pat
        if token == ROW:
            order.append("row")
            return "(" + _part_pattern(n.v_type, n.v_leading) + ")"
        if token == COLUMN:
            order.append("col")
            return "(" + _part_pattern(n.h_type, n.h_leading) + ")"
        return None

    regex = _format_regex(n.location_format, wanted)
    for index, what in enumerate(order, start=1):
        groups[what] = index  # a later group of the same kind is the one the engine reads
    if not regex or "col" not in groups or "row" not in groups:
        raise _BadCoords("the location format names no row and column")
    match = re.fullmatch(regex, name)
    if match is None:
        raise _BadCoords(f'"{name}" does not match the location format')
    row = _parse_part(match.group(groups["row"]), n.v_type)
    col = _parse_part(match.group(groups["col"]), n.h_type)
    return col - n.h_off, row - n.v_off


# ============================================================================================
# Hex grids


def _rotated(g: HexGrid, x: int, y: int) -> tuple[int, int]:
    return (y, x) if g.sideways else (x, y)


def _check_spacing(dx: float, dy: float, what: str) -> None:
    if not (math.isfinite(dx) and math.isfinite(dy) and dx > 0 and dy > 0):
        raise FormatError(f"{what} spacing dx={dx}, dy={dy} cannot locate anything (both must be positive)")


def _hex_raw_column(g: HexGrid, x: int, y: int) -> int:
    """``HexGrid.getRawColumn`` (on the transposed point when sideways)."""
    u, _ = _rotated(g, x, y)
    return _jfloor_int((u - g.x0) / g.dx + 0.5)


def _hex_raw_row(g: HexGrid, x: int, y: int) -> int:
    """``HexGrid.getRawRow``: parity from a rounded column, then the row within it."""
    u, v = _rotated(g, x, y)
    nx = _jround_int((u - g.x0) / g.dx)
    if nx % 2 == 0:
        return _jround_int((v - g.y0) / g.dy)
    return _jround_int((v - g.y0 - g.dy / 2) / g.dy)


def _hex_max_rows(g: HexGrid, size: Size) -> int:
    return _jfloor_int(size[1] / g.dx + 0.5)  # height over dx: the engine's own pairing


def _hex_max_columns(g: HexGrid, size: Size) -> int:
    return _jfloor_int(size[0] / g.dy + 0.5)  # width over dy


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
    px = _jint(col * g.dx) + g.x0
    py = (_jint(row * g.dy) if col % 2 == 0 else _jint(row * g.dy + g.dy / 2)) + g.y0
    return (py, px) if g.sideways else (px, py)


def _hex_outline(cx: int, cy: int, dx: float, dy: float) -> tuple[Point, ...]:
    """The integer hexagon of ``HexGrid.getSingleHexShape`` (float arithmetic, +1 on the right
    and bottom vertices so that neighbouring outlines leave no pixel uncovered)."""
    x, y = _f32(float(cx)), _f32(float(cy))
    ddx, ddy = _f32(dx), _f32(dy)
    r = _f32(_f32(2.0 * ddx) / 3.0)
    half_r, half_dy = _f32(0.5 * r), _f32(0.5 * ddy)
    x1 = _f32(x - r)
    x2, y2 = _f32(x - half_r), _f32(y - half_dy)
    x3 = _f32(x + half_r)
    x4 = _f32(x + r)
    y5 = _f32(y + half_dy)
    rd = _jround_f32
    return (
        (rd(x1), rd(y)),
        (rd(x2), rd(y2)),
        (rd(x3) + 1, rd(y2)),
        (rd(x4) + 1, rd(y)),
        (rd(x3) + 1, rd(y5) + 1),
        (rd(x2), rd(y5) + 1),
    )


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


def _hex_center_from_raw(g: HexGrid, nx: int, ny: int) -> Point:
    x = _jint(g.dx * nx + g.x0)
    if nx % 2 == 0:
        return x, _jint(g.dy * ny + g.y0)
    return x, _jint(g.dy * ny + _jint(g.dy / 2) + g.y0)


_NEIGHBOURS_EVEN = ((-1, -1), (-1, 0), (1, -1), (1, 0))
_NEIGHBOURS_ODD = ((-1, 0), (-1, 1), (1, 0), (1, 1))


def _hex_point(g: HexGrid, x: int, y: int) -> Point:
    """``HexGrid.hexPoint`` on a transposed point: rectangle guess, exact outline test against
    it and its four possible neighbours, then sub-hex snapping when `snap_scale` is set."""
    nx = _jfloor_int((x - g.x0 + g.dx / 2) / g.dx)
    ny = _jfloor_int((y - g.y0 + g.dy / 2) / g.dy) if nx % 2 == 0 else _jfloor_int((y - g.y0) / g.dy)
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
    steps = _jround_int(delta / (0.5 * spacing / scale))
    steps = min(max(steps, 1 - scale), scale - 1)
    return _jround_int(steps * 0.5 * spacing / scale)


def _hex_side(g: HexGrid, x: int, y: int) -> Point:
    sx = _jint(g.dx / 2 * _jfloor_int((x - g.x0 + g.dx / 4) * 2 / g.dx) + g.x0)
    nx = _jfloor_int((x - g.x0 + g.dx / 4) * 2 / g.dx)
    if nx % 2 == 0:
        sy = _jint(g.dy / 2 * _jfloor_int((y - g.y0 + g.dy / 4) * 2 / g.dy) + g.y0)
    else:
        sy = _jint((g.dy / 2) * _jfloor_int((y - g.y0) * 2 / g.dy) + _jint(g.dy / 4) + g.y0)
    return sx, sy


def _hex_vertex(g: HexGrid, x: int, y: int) -> Point:
    ny = _jfloor_int((y - g.y0 + g.dy / 4) * 2 / g.dy)
    if ny % 2 == 0:
        vx = _jint(2 * g.dx / 3 * _jint(math.floor(x - g.x0 + g.dx / 3) * 3 / (2 * g.dx)) + g.x0)
    else:
        vx = _jint(
            2 * g.dx / 3 * _jint(math.floor(x - g.x0 + g.dx / 3 + g.dx / 3) * 3 / (2 * g.dx))
            - _jint(g.dx / 3)
            + g.x0
        )
    vy = _jint(g.dy / 2 * _jfloor_int((y - g.y0 + g.dy / 4) * 2 / g.dy) + g.y0)
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
            result = check(side if side is not None else vertex)  # type: ignore[arg-type]
    return _rotated(g, *result)


# ============================================================================================
# Square grids


def _square_max_rows(g: SquareGrid, size: Size) -> int:
    return _jint(size[1] / g.dy + 0.5)


def _square_max_columns(g: SquareGrid, size: Size) -> int:
    return _jint(size[0] / g.dx + 0.5)


def _square_column(g: SquareGrid, n: SquareGridNumbering, x: int, size: Size) -> int:
    col = _jfloor_int((x - g.x0) / g.dx + 0.5)
    return _square_max_columns(g, size) - col if n.h_descend else col


def _square_row(g: SquareGrid, n: SquareGridNumbering, y: int, size: Size) -> int:
    row = _jint((y - g.y0) / g.dy + 0.5)  # truncation, not floor: the engine's own rounding
    return _square_max_rows(g, size) - row if n.v_descend else row


def _square_center_point(g: SquareGrid, n: SquareGridNumbering, col: int, row: int, size: Size) -> Point:
    if n.v_descend:
        row = _square_max_rows(g, size) - row
    if n.h_descend:
        col = _square_max_columns(g, size) - col
    return _jint(col * g.dx + g.x0), _jint(row * g.dy + g.y0)


def _square_snap(g: SquareGrid, px: int, py: int, force: bool, center_only: bool) -> Point:
    if not g.snap_to and not force:
        return px, py
    _check_spacing(g.dx, g.dy, "square grid")
    off_x, off_y = px - g.x0, py - g.y0
    nx = _jround_int(off_x / (0.5 * g.dx))
    ny = _jround_int(off_y / (0.5 * g.dy))
    if not g.corners_legal or not g.edges_legal:
        if g.corners_legal and not center_only:
            if ny % 2 == 0:
                nx = 2 * _jround_int(off_x / g.dx)
            else:
                nx = 1 + 2 * _jround_int(off_x / g.dx - 0.5)
        elif g.edges_legal and not center_only:
            if ny % 2 == 0:
                if nx % 2 == 0:
                    nx = 2 * _jround_int(off_x / g.dx)
            else:
                nx = 2 * _jround_int(off_x / g.dx)
        else:
            nx = 2 * _jround_int(off_x / g.dx)
            ny = 2 * _jround_int(off_y / g.dy)
    return g.x0 + _jround_int(nx * g.dx / 2), g.y0 + _jround_int(ny * g.dy / 2)


# ============================================================================================
# Region grids


def _point_hash(x: int, y: int) -> int:
    """``java.awt.Point.hashCode`` (Point2D's), as an unsigned 32-bit value."""
    bx = struct.unpack("<Q", struct.pack("<d", float(x)))[0]
    by = struct.unpack("<Q", struct.pack("<d", float(y)))[0]
    bits = (bx ^ (by * 31)) & 0xFFFFFFFFFFFFFFFF
    return (bits & 0xFFFFFFFF) ^ (bits >> 32)


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
        h = _point_hash(values[index].x, values[index].y)
        return ((h ^ (h >> 16)) & (capacity - 1), index)

    return tuple(values[i] for i in sorted(range(len(values)), key=bucket))


def _region_nearest(g: RegionGrid, px: int, py: int) -> Region:
    best, best_dist = None, math.inf
    for region in g.ordered:
        ddx, ddy = _wrap32(px - region.x), _wrap32(py - region.y)
        dist = float(_wrap32(_wrap32(ddx * ddx) + _wrap32(ddy * ddy)))
        if dist < best_dist:
            best, best_dist = region, dist
    assert best is not None
    return best


def _region_named(g: RegionGrid, name: str) -> Region | None:
    for region in g.ordered:
        if region.name == name:
            return region
    return None


# ============================================================================================
# Naming, placing and snapping for any grid


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
    cx = _java_div_int(sum(p[0] for p in zone.path), len(zone.path))
    cy = _java_div_int(sum(p[1] for p in zone.path), len(zone.path))
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


# ============================================================================================
# Maps: boards in use, their origins, decks, and Map.locationName


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


@dataclass(frozen=True)
class BoardChoice:
    """One board of a BoardPicker command: name, reversed flag, slot column and row."""

    name: str
    reversed: bool
    column: int
    row: int


@dataclass(frozen=True)
class PlacedBoard:
    """A board in use on a map: its slot, whether reversed, and its bounds in map pixels.

    `magnification` is Board's scale factor; no buildFile attribute sets it (always 1.0 in
    the engine), it is kept for completeness of local/global coordinates.

    When a board's image cannot be sized (missing or unreadable), `size_known` is False and
    `width`/`height` are 0; the boards after it in its row (column) then have an unknown `x`
    (`y`): `x_known`/`y_known` are False and `x`/`y` are only lower bounds."""

    board: Board
    column: int
    row: int
    reversed: bool
    x: int
    y: int
    width: int
    height: int
    magnification: float = 1.0
    size_known: bool = True
    x_known: bool = True
    y_known: bool = True

    @property
    def known(self) -> bool:
        """Place and size are both known: `contains` is the engine's answer."""
        return self.size_known and self.x_known and self.y_known

    def contains(self, x: int, y: int) -> bool:
        if not self.known or self.width <= 0 or self.height <= 0:
            return False
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def may_contain(self, x: int, y: int) -> bool:
        """Whether the point can be on the board for some size of the boards not sized."""
        if self.known:
            return self.contains(x, y)
        in_x = self.x <= x and (not (self.x_known and self.size_known) or x < self.x + self.width)
        in_y = self.y <= y and (not (self.y_known and self.size_known) or y < self.y + self.height)
        return in_x and in_y

    def local(self, x: int, y: int) -> Point:
        """``Board.localCoordinates`` of a point given relative to the board's corner."""
        if self.reversed:
            x, y = self.width - x, self.height - y
        if self.magnification != 1.0:
            x, y = _jround_int(x / self.magnification), _jround_int(y / self.magnification)
        return x, y

    def global_(self, x: int, y: int) -> Point:
        """``Board.globalCoordinates``: the inverse of `local`."""
        if self.magnification != 1.0:
            x, y = _jround_int(x * self.magnification), _jround_int(y * self.magnification)
        if self.reversed:
            x, y = self.width - x, self.height - y
        return x, y


@dataclass(frozen=True)
class DeckSpot:
    """A DrawPile of the map: its name and position (relative to its owning board if that
    board is in use, else to the map's edge)."""

    name: str
    x: int
    y: int
    owning_board: str | None = None


@dataclass(frozen=True)
class MapGeometry:
    """One map as the engine lays it out: boards in use with their map-pixel bounds, decks.

    `location_name(x, y)` is ``Map.locationName``: a deck exactly at the point, else the first
    board containing it (its grid's name for the board-local point), else "offboard"."""

    name: str
    boards: tuple[PlacedBoard, ...]
    decks: tuple[DeckSpot, ...] = ()
    edge_width: int = 0
    edge_height: int = 0

    def board_at(self, x: int, y: int) -> PlacedBoard | None:
        for placed in self.boards:
            if placed.contains(x, y):
                return placed
        return None

    def board_named(self, name: str) -> PlacedBoard | None:
        for placed in self.boards:
            if placed.board.name == name:
                return placed
        return None

    @property
    def unsized(self) -> tuple[str, ...]:
        """Names of the boards in use whose image could not be sized."""
        return tuple(p.board.name or "" for p in self.boards if not p.size_known)

    def deck_position(self, deck: DeckSpot) -> Point | None:
        """Where a deck is drawn; None when it hangs off a board whose place is not known."""
        owner = self.board_named(deck.owning_board) if deck.owning_board is not None else None
        if owner is None:
            return deck.x + self.edge_width, deck.y + self.edge_height
        if not (owner.x_known and owner.y_known):
            return None
        return deck.x + owner.x, deck.y + owner.y

    def location_name(self, x: int, y: int, properties: Mapping[str, str] | None = None) -> str | None:
        """``Map.locationName`` of a map point. None only when a board could not be sized and
        the answer depends on its size: which board the point is on, or a name that needs
        the size (descending numbering, a reversed board). A point that can only be on one
        board, whose corner is known, is taken to be on it even though its far edges are not
        known (the engine, which sizes a missing image 0 x 0, would call it offboard). A deck
        that hangs off a board whose place is not known names no point."""
        x, y = int(x), int(y)
        for deck in self.decks:
            if self.deck_position(deck) == (x, y):
                return deck.name
        for index, placed in enumerate(self.boards):
            if placed.contains(x, y):
                return self._name_on(placed, x, y, properties)
            if placed.known or not placed.may_contain(x, y):
                continue
            rivals = any(other.may_contain(x, y) for other in self.boards[index + 1:])
            if rivals or not (placed.x_known and placed.y_known):
                return None
            return self._name_on(placed, x, y, properties)
        return OFFBOARD

    def _name_on(self, placed: PlacedBoard, x: int, y: int, properties: Mapping[str, str] | None) -> str | None:
        if not placed.size_known and (placed.reversed or needs_board_size(placed.board.grid)):
            return None
        lx, ly = placed.local(x - placed.x, y - placed.y)
        name = location_name(placed.board.grid, lx, ly, (placed.width, placed.height), properties)
        return OFFBOARD if name is None else name

    def snap(self, x: int, y: int) -> Point:
        """``Map.snapTo(p)``: snap on the board under the point, re-snap on the board the result
        falls on, and pull a point one pixel off the board's far edge back onto it."""
        x, y = int(x), int(y)
        placed = self.board_at(x, y)
        if placed is None:
            return x, y
        sx, sy = self._board_snap(placed, x, y)
        landed = self.board_at(sx, sy)
        if landed is not None and landed is not placed:
            sx, sy = self._board_snap(landed, sx, sy)
        if self.board_at(sx, sy) is None:
            lx, ly = sx - placed.x, sy - placed.y
            if lx == placed.width:
                lx = placed.width - 1
            elif lx == -1:
                lx = 0
            if ly == placed.height:
                ly = placed.height - 1
            elif ly == -1:
                ly = 0
            sx, sy = lx + placed.x, ly + placed.y
        return sx, sy

    def _board_snap(self, placed: PlacedBoard, x: int, y: int) -> Point:
        if placed.board.grid is None:
            return x, y
        lx, ly = placed.local(x - placed.x, y - placed.y)
        gx, gy = placed.global_(*snap_point(placed.board.grid, lx, ly))
        return gx + placed.x, gy + placed.y

    def location_point(self, name: str, board: str | None = None) -> Point:
        """Map pixels for a location name, as an at-start stack placed by grid location finds
        them: the named board's grid (or each board in turn), plus the board's corner; on a
        zoned grid a region name is accepted too. BadLocation when no board knows it."""
        candidates = self.boards if board is None else tuple(b for b in self.boards if b.board.name == board)
        if not candidates:
            raise BadLocation(f'map "{self.name}" has no board "{board}" in use')
        for placed in candidates:
            grid = placed.board.grid
            try:
                lx, ly = location_point(grid, name, (placed.width, placed.height))
            except BadLocation:
                if not isinstance(grid, ZonedGrid):
                    continue
                found = _zoned_region_point(grid, name)
                if found is None:
                    continue
                lx, ly = found
            return lx + placed.x, ly + placed.y
        raise BadLocation(f'no board of map "{self.name}" has a location "{name}"')


def _zoned_region_point(grid: ZonedGrid, name: str) -> Point | None:
    """``ZonedGrid.getRegionLocation``: a region of a zone's own region grid, by name."""
    for zone in grid.zones:
        inner = _zone_grid(zone, grid)
        if isinstance(inner, RegionGrid):
            region = _region_named(inner, name)
            if region is not None and zone.contains(region.x, region.y):
                return region.x, region.y
    return None


def board_picker_choices(command: str, map_name: str, map_id: str | None = None) -> tuple[BoardChoice, ...] | None:
    """The boards of a ``<map>BoardPicker`` command (``name[/rev]⇥col⇥row`` …); None when the
    command is not for this map (neither its id "MapN" nor its name prefixes it)."""
    prefixes = [f"{map_name}BoardPicker\t"]
    if map_id is not None:
        prefixes.insert(0, f"{map_id}BoardPicker\t")
    if not any(command.startswith(p) for p in prefixes):
        return None
    tokens = Decoder(command, "\t")
    tokens.next_token()
    out = []
    while tokens.has_more():
        name_part = Decoder(tokens.next_token(), "/")
        name = name_part.next_token()
        reversed_ = name_part.has_more() and name_part.next_token() == "rev"
        column = tokens.next_int(0)
        row = tokens.next_int(0)
        out.append(BoardChoice(name, reversed_, column, row))
    return tuple(out)


ImageSize = Callable[[str], Size]


def image_size_reader(read: Callable[[str], bytes | BinaryIO]) -> ImageSize:
    """A cached image-size function over `read(name)`, which gives the bytes (or a binary file)
    of ``images/<name>``: bitmaps from their header (the pixels are never decoded), SVG from its
    width, height and viewBox as the engine reads them (`vassal.imagesize`)."""
    cache: dict[str, Size] = {}

    def size(name: str) -> Size:
        if name not in cache:
            data = read(name)
            if not isinstance(data, (bytes, bytearray)):
                data = data.read()
            try:
                cache[name] = image_size(name, bytes(data))
            except FormatError as exc:
                raise FormatError(f"cannot read the size of board image ({exc.problem})", None,
                                  f"images/{name}") from None
        return cache[name]

    return size


def _map_edges(el: etree._Element) -> tuple[int, int]:
    width = height = 0
    for key, value in _sorted_attrs(el):
        if key == "edge":
            i = value.find(",")
            if i > 0:
                w, h = _java_int(value[:i]), _java_int(value[i + 1 :])
                if w is None or h is None:
                    raise FormatError(f'attribute edge="{value}" is not "width,height"', None, _place(el))
                width, height = w, h
        elif key == "edgeWidth":
            width = _int_attr(el, key, value)
        elif key == "edgeHeight":
            height = _int_attr(el, key, value)
    return width, height


def _flattened(el: etree._Element) -> Iterable[etree._Element]:
    """Children, looking inside folders as ``getComponentsOf`` does."""
    for child in _children(el):
        if str(child.tag).startswith(_FOLDER_PKG):
            yield from _flattened(child)
        else:
            yield child


def _deck_spots(map_el: etree._Element) -> tuple[DeckSpot, ...]:
    decks = []
    for child in _flattened(map_el):
        if str(child.tag) != TAG_DRAW_PILE:
            continue
        name, x, y, owner = "", 100, 100, None
        for key, value in _sorted_attrs(child):
            if key == "name":
                name = value
            elif key == "x":
                x = _int_attr(child, key, value)
            elif key == "y":
                y = _int_attr(child, key, value)
            elif key == "owningBoard":
                # "<any>" resolves to the first selected board, of which there is none while
                # the module is being built: the deck then hangs off the map edge.
                owner = None if value in ("", "<any>") else value
        decks.append(DeckSpot(name, x, y, owner))
    return tuple(decks)


def _default_choices(
    picker: etree._Element | None, boards: list[etree._Element], name: str, map_id: str | None
) -> tuple[BoardChoice, ...]:
    """``BoardPicker.getDefaultSetup``: the (trimmed) <setup> text, else the only board when it
    is not reversible (a board without a name is never encoded, so it gives nothing)."""
    if picker is not None:
        for setup in picker.iter("setup"):
            text = _java_trim((setup.text or "") + "".join(c.tail or "" for c in setup))
            if text:
                return board_picker_choices(text, name, map_id) or ()
            break
    if len(boards) == 1:
        only = parse_board(boards[0])
        if not only.reversible and only.name is not None:
            return (BoardChoice(only.name, False, 0, 0),)
    return ()


def map_geometry(
    map_element: etree._Element,
    board_picker: str | None = None,
    image_size: Callable[[str], Size | None] | None = None,
    map_id: str | None = None,
    magnification: float = 1.0,
) -> MapGeometry:
    """A Map element laid out like the engine: boards from the saved game's BoardPicker command
    (`board_picker`), or else the module's default (its <setup>, or its only board when that is
    not reversible); board sizes from the images (`image_size`, e.g. `image_size_reader`),
    else the Board's width and height; origins after the edge buffer and the boards to the left
    of and above each slot. `map_id` ("Map0", …) also matches commands keyed by id.

    Only the boards in use are read (their grids parsed, their images sized), so a broken board
    the game does not use changes nothing. `image_size` may answer None for an image it cannot
    size: that board's size, and the place of the boards after it, are then not known
    (`PlacedBoard.size_known`, `x_known`, `y_known`)."""
    name = map_element.get("mapName", "")
    edge_w, edge_h = _map_edges(map_element)
    pickers = [c for c in _children(map_element) if str(c.tag) == TAG_BOARD_PICKER]
    picker = pickers[-1] if pickers else None
    elements = [b for b in _children(picker) if str(b.tag) == TAG_BOARD] if picker is not None else []

    if board_picker is not None:
        found = board_picker_choices(board_picker, name, map_id)
        if found is None:
            raise FormatError(f'BoardPicker command is not for map "{name}"', None, board_picker[:60])
        choices = found
    else:
        choices = _default_choices(picker, elements, name, map_id)

    chosen: list[tuple[Board, BoardChoice]] = []
    for choice in choices:
        element = next((b for b in elements if b.get("name") == choice.name), None)
        if element is None:
            continue  # the engine warns "board not found" and leaves it out
        chosen.append((parse_board(element), choice))

    sizes: list[Size | None] = []
    for board, _ in chosen:
        if board.image is not None:
            if image_size is None:
                raise FormatError(f'board "{board.name}" has image {board.image} but no image reader was given')
            size = image_size(board.image)
            if size is not None and magnification != 1.0:
                size = _jround_int(magnification * size[0]), _jround_int(magnification * size[1])
        else:
            size = board.width, board.height
        sizes.append(size)

    widths: dict[tuple[int, int], int | None] = {}
    heights: dict[tuple[int, int], int | None] = {}
    for (board, choice), size in zip(chosen, sizes):
        widths[(choice.column, choice.row)] = None if size is None else size[0]
        heights[(choice.column, choice.row)] = None if size is None else size[1]
    placed = []
    for (board, choice), size in zip(chosen, sizes):
        left = [widths.get((c, choice.row), 0) for c in range(choice.column)]
        above = [heights.get((choice.column, r), 0) for r in range(choice.row)]
        placed.append(
            PlacedBoard(
                board=board,
                column=choice.column,
                row=choice.row,
                reversed=choice.reversed and board.reversible,
                x=sum(w or 0 for w in left) + edge_w,
                y=sum(h or 0 for h in above) + edge_h,
                width=0 if size is None else size[0],
                height=0 if size is None else size[1],
                magnification=magnification,
                size_known=size is not None,
                x_known=None not in left,
                y_known=None not in above,
            )
        )
    decks = _deck_spots(map_element)
    return MapGeometry(name=name, boards=tuple(placed), decks=decks, edge_width=edge_w, edge_height=edge_h)
