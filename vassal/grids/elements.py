"""Grids to and from buildFile elements: ``parse_grid``, ``parse_board``, ``parse_numbering``
read an element the way the engine's ``setAttribute`` calls do (attributes in Xerces' sorted
order, Java number parsing, the last child grid wins); ``grid_attributes`` gives back what the
editor would write.
"""

from __future__ import annotations

import math
from typing import Any, cast

from lxml import etree

from vassal.errors import FormatError
from vassal.grids.model import (
    DEFAULT_HEX_WIDTH,
    TAG_HEX_GRID,
    TAG_HEX_NUMBERING,
    TAG_OBLIQUE_NUMBERING,
    TAG_REGION,
    TAG_REGION_GRID,
    TAG_SQUARE_GRID,
    TAG_SQUARE_NUMBERING,
    TAG_ZONE,
    TAG_ZONED_GRID,
    Grid,
    HexGrid,
    HexGridNumbering,
    Point,
    Region,
    RegionGrid,
    RegularGridNumbering,
    SquareGrid,
    SquareGridNumbering,
    VassalBoard,
    Zone,
    ZonedGrid,
    _SimpleGrid,
)
from vassal.javanum import is_blank, java_trim, parse_double, parse_int
from vassal.sequence import Decoder


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def element_place(el: etree._Element) -> str:
    name = el.get("name") or el.get("mapName")
    where = _short(str(el.tag)) + (f' "{name}"' if name else "")
    line = getattr(el, "sourceline", None)
    return f"{where} (line {line})" if line else where


def sorted_attrs(el: etree._Element) -> list[tuple[str, str]]:
    """Attributes in the order the engine sets them (Xerces keeps them sorted by name)."""
    return sorted(((str(k), str(v)) for k, v in el.attrib.items()), key=lambda kv: kv[0].encode("utf-16-be"))


def int_attr(el: etree._Element, key: str, value: str) -> int:
    parsed = parse_int(value)
    if parsed is None:
        raise FormatError(f'attribute {key}="{value}" is not a whole number', None, element_place(el))
    return parsed


def _double_attr(el: etree._Element, key: str, value: str) -> float:
    parsed = parse_double(value)
    if parsed is None:
        raise FormatError(f'attribute {key}="{value}" is not a number', None, element_place(el))
    return parsed


def _bool_value(value: str) -> bool:
    """``Boolean.valueOf``: "true" in any case is true, everything else false."""
    return value.lower() == "true"


def _first_char(el: etree._Element, key: str, value: str) -> str:
    if not value:
        raise FormatError(f"attribute {key} is empty (VASSAL reads its first character)", None, element_place(el))
    return value[0]


def child_elements(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str)]


def parse_numbering(el: etree._Element) -> HexGridNumbering | SquareGridNumbering:
    """A HexGridNumbering or SquareGridNumbering element as data."""
    tag = str(el.tag)
    if tag == TAG_OBLIQUE_NUMBERING:
        raise FormatError("ObliqueHexGridNumbering (VASSAL 3.8) is not supported", None, element_place(el))
    if tag not in (TAG_HEX_NUMBERING, TAG_SQUARE_NUMBERING):
        raise FormatError(f"{tag} is not a grid numbering", None, element_place(el))
    values: dict[str, Any] = {}
    for key, value in sorted_attrs(el):
        if key == "first":
            values["first"] = _first_char(el, key, value)
        elif key == "sep":
            values["sep"] = value
        elif key in ("hType", "vType"):
            values[key[0] + "_type"] = _first_char(el, key, value)
        elif key in (
            "hLeading",
            "vLeading",
            "hOff",
            "vOff",
            "fontSize",
            "rotateText",
            "hDrawOff",
            "vDrawOff",
        ):
            values[_snake(key)] = int_attr(el, key, value)
        elif key in ("hDescend", "vDescend", "visible"):
            values[_snake(key)] = _bool_value(value)
        elif key == "locationFormat":
            values["location_format"] = value
        elif key == "color":
            values["color"] = value
        elif key == "stagger" and tag == TAG_HEX_NUMBERING:
            values["stagger"] = _bool_value(value)
    cls = HexGridNumbering if tag == TAG_HEX_NUMBERING else SquareGridNumbering
    return cls(**values)


_SNAKE = {
    "hLeading": "h_leading",
    "vLeading": "v_leading",
    "hOff": "h_off",
    "vOff": "v_off",
    "fontSize": "font_size",
    "rotateText": "rotate_text",
    "hDrawOff": "h_draw_off",
    "vDrawOff": "v_draw_off",
    "hDescend": "h_descend",
    "vDescend": "v_descend",
    "visible": "visible",
}


def _snake(key: str) -> str:
    return _SNAKE[key]


def _last_numbering(el: etree._Element, tag: str) -> HexGridNumbering | SquareGridNumbering | None:
    found = None
    for child in child_elements(el):
        if str(child.tag) == TAG_OBLIQUE_NUMBERING:
            parse_numbering(child)  # raises: not supported
        if str(child.tag) == tag:
            found = parse_numbering(child)  # the engine keeps the last one set
    return found


def _parse_hex_grid(el: etree._Element) -> HexGrid:
    values: dict[str, Any] = {}
    dx = DEFAULT_HEX_WIDTH
    for key, value in sorted_attrs(el):
        if key in ("x0", "y0", "snapscale"):
            values["snap_scale" if key == "snapscale" else key] = int_attr(el, key, value)
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
    numbering = cast("HexGridNumbering | None", _last_numbering(el, TAG_HEX_NUMBERING))
    return HexGrid(dx=dx, numbering=numbering, **values)


_HEX_BOOL = {
    "sideways": "sideways",
    "snapTo": "snap_to",
    "edgesLegal": "edges_legal",
    "cornersLegal": "corners_legal",
    "visible": "visible",
    "dotsVisible": "dots_visible",
}


def _parse_square_grid(el: etree._Element) -> SquareGrid:
    values: dict[str, Any] = {}
    for key, value in sorted_attrs(el):
        if key in ("x0", "y0"):
            values[key] = int_attr(el, key, value)
        elif key in ("dx", "dy"):
            values[key] = _double_attr(el, key, value)
        elif key == "range":
            values["range"] = value
        elif key in _HEX_BOOL and key != "sideways":
            values[_HEX_BOOL[key]] = _bool_value(value)
        elif key == "color":
            values["color"] = value
    numbering = cast("SquareGridNumbering | None", _last_numbering(el, TAG_SQUARE_NUMBERING))
    return SquareGrid(numbering=numbering, **values)


def _parse_region_grid(el: etree._Element) -> RegionGrid:
    values: dict[str, Any] = {}
    for key, value in sorted_attrs(el):
        if key in ("snapto", "visible"):
            values["snap_to" if key == "snapto" else key] = value == "true"  # exact "true" here
        elif key == "fontsize":
            values["font_size"] = int_attr(el, key, value)
    regions = []
    for child in child_elements(el):
        if str(child.tag) != TAG_REGION:
            continue
        name, x, y = "", 0, 0
        for key, value in sorted_attrs(child):
            if key == "name":
                name = value
            elif key == "originx":
                x = int_attr(child, key, value)
            elif key == "originy":
                y = int_attr(child, key, value)
        regions.append(Region(name, x, y))
    return RegionGrid(regions=tuple(regions), **values)


def _parse_path(value: str) -> tuple[Point, ...]:
    """``PolygonEditor.stringToPolygon``: "x,y;x,y;…"; unreadable points are skipped."""
    points = []
    for token in Decoder(value, ";"):
        parts = Decoder(token, ",")
        if not parts.has_more():
            continue
        x = parse_int(java_trim(parts.next_token()))
        if x is None or not parts.has_more():
            continue
        y = parse_int(java_trim(parts.next_token()))
        if y is not None:
            points.append((x, y))
    return tuple(points)


def _parse_zone(el: etree._Element) -> Zone:
    values: dict[str, Any] = {}
    for key, value in sorted_attrs(el):
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
    for child in child_elements(el):
        if str(child.tag) in (TAG_HEX_GRID, TAG_SQUARE_GRID, TAG_REGION_GRID):
            grid = _parse_simple_grid(child)  # the last one set wins
        elif _short(str(child.tag)).endswith("Grid"):
            raise FormatError(f"unsupported grid class {child.tag}", None, element_place(child))
    return Zone(grid=grid, **values)


def _parse_simple_grid(el: etree._Element) -> _SimpleGrid:
    tag = str(el.tag)
    if tag == TAG_HEX_GRID:
        return _parse_hex_grid(el)
    if tag == TAG_SQUARE_GRID:
        return _parse_square_grid(el)
    if tag == TAG_REGION_GRID:
        return _parse_region_grid(el)
    raise FormatError(f"{tag} is not a hex, square or region grid", None, element_place(el))


def parse_grid(el: etree._Element) -> Grid:
    """A grid element (HexGrid, SquareGrid, RegionGrid or ZonedGrid) as data."""
    if str(el.tag) != TAG_ZONED_GRID:
        return _parse_simple_grid(el)
    zones, background = [], None
    for child in child_elements(el):
        tag = str(child.tag)
        if tag == TAG_ZONE:
            zones.append(_parse_zone(child))
        elif tag in (TAG_HEX_GRID, TAG_SQUARE_GRID, TAG_REGION_GRID):
            background = _parse_simple_grid(child)
        elif _short(tag).endswith("Grid"):
            raise FormatError(f"unsupported grid class {tag}", None, element_place(child))
    return ZonedGrid(zones=tuple(zones), background=background)


_GRID_TAGS = (TAG_HEX_GRID, TAG_SQUARE_GRID, TAG_REGION_GRID, TAG_ZONED_GRID)


def parse_board(el: etree._Element) -> VassalBoard:
    """A Board element as data (its grid is the last grid child, as in the engine)."""
    values: dict[str, Any] = {}
    for key, value in sorted_attrs(el):
        if key == "name":
            values["name"] = value
        elif key == "image":
            values["image"] = None if is_blank(value) else value
        elif key in ("width", "height"):
            values[key] = int_attr(el, key, value)
        elif key == "reversible":
            values["reversible"] = _bool_value(value)
        elif key == "color":
            values["color"] = value
    grid = None
    for child in child_elements(el):
        tag = str(child.tag)
        if tag in _GRID_TAGS:
            grid = parse_grid(child)
        elif _short(tag).endswith("Grid"):
            raise FormatError(f"unsupported grid class {tag}", None, element_place(child))
    return VassalBoard(grid=grid, **values)


_ATTRIBUTE_NAMES: dict[type, dict[str, str]] = {
    HexGrid: {
        "sideways": "sideways",
        "x0": "x0",
        "y0": "y0",
        "dy": "dy",
        "dx": "dx",
        "snap_to": "snapTo",
        "edges_legal": "edgesLegal",
        "corners_legal": "cornersLegal",
        "visible": "visible",
        "dots_visible": "dotsVisible",
        "color": "color",
    },
    SquareGrid: {
        "x0": "x0",
        "y0": "y0",
        "dx": "dx",
        "dy": "dy",
        "range": "range",
        "snap_to": "snapTo",
        "edges_legal": "edgesLegal",
        "corners_legal": "cornersLegal",
        "visible": "visible",
        "dots_visible": "dotsVisible",
        "color": "color",
    },
    RegularGridNumbering: {
        "first": "first",
        "sep": "sep",
        "h_type": "hType",
        "h_leading": "hLeading",
        "h_off": "hOff",
        "h_descend": "hDescend",
        "v_type": "vType",
        "v_leading": "vLeading",
        "v_off": "vOff",
        "v_descend": "vDescend",
        "location_format": "locationFormat",
        "visible": "visible",
        "font_size": "fontSize",
        "color": "color",
        "rotate_text": "rotateText",
        "h_draw_off": "hDrawOff",
        "v_draw_off": "vDrawOff",
    },
}


def grid_attributes(
    obj: HexGrid | SquareGrid | HexGridNumbering | SquareGridNumbering,
) -> dict[str, object]:
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
