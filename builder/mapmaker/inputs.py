"""Read the hand-authored map inputs (scenarios/<game>/map/src/*.toml) with clear errors."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from wargame.errors import DataError


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a dict; syntax errors become DataError naming the file and line."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise DataError("file not found", str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML ({exc})", str(path)) from None


def field(
    entry: dict[str, Any], name: str, kind: type | tuple[type, ...], source: str, place: str, default: Any = ...
) -> Any:
    """entry[name] checked for type; missing without default or wrong type raise DataError."""
    if name not in entry:
        if default is ...:
            raise DataError(f'missing field "{name}"', source, place)
        return default
    value = entry[name]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind):
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise DataError(f'field "{name}" must be {want}, not {value!r}', source, place)
    return value


def polygon_points(value: Any, source: str, place: str) -> list[tuple[float, float]]:
    """A polygon written as [[lon, lat], ...] with at least three points."""
    if not isinstance(value, list) or len(value) < 3:
        raise DataError("a polygon needs at least three [lon, lat] points", source, place)
    points = []
    for i, p in enumerate(value):
        if (
            not isinstance(p, list)
            or len(p) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p)
        ):
            raise DataError(f"point {i + 1} must be [lon, lat], not {p!r}", source, place)
        lon, lat = float(p[0]), float(p[1])
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            raise DataError(f"point {i + 1} [{lon}, {lat}] is not a longitude and latitude", source, place)
        points.append((lon, lat))
    return points


def line_points(value: Any, source: str, place: str) -> list[tuple[float, float]]:
    """A polyline written as [[lon, lat], ...] with at least two points."""
    if isinstance(value, list) and len(value) == 2:
        value = value + [value[-1]]
        return polygon_points(value, source, place)[:2]
    return polygon_points(value, source, place)
