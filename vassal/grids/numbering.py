"""Hex and square numbering (``RegularGridNumbering``): the name of a row and column, and the
row and column of a name, with leading zeros, alphabetic parts, offsets and the location format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from vassal.errors import FormatError
from vassal.grids.formats import _evaluate_format, _format_regex
from vassal.grids.model import COLUMN, GRID_LOCATION, ROW, RegularGridNumbering, _BadCoords
from vassal.javanum import parse_int

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHABETIC_MATCH = "-?(?:" + "|".join(c + "+" for c in _ALPHABET) + ")"


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
    number = parse_int(text)
    if number is None:
        raise _BadCoords(f'"{text}" is not a number VASSAL can read')
    return number


def _part_pattern(kind: str, leading: int) -> str:
    if kind == "A":
        return _ALPHABETIC_MATCH
    if leading + 1 < 0:
        raise FormatError(f"leading zeros {leading} make VASSAL's location pattern invalid")
    return "-?[0-9]{" + str(leading + 1) + ",}"


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
