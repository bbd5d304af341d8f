"""Weather zones and faded-dot regions from hand-drawn lines and polygons (lon/lat)."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Polygon

from builder.mapmaker.inputs import field, line_points, polygon_points, read_toml
from wargame.errors import DataError


def weather(path: Path, center_ll: np.ndarray, zones: tuple[str, ...], kind: list[str]) -> list[str]:
    """The weather zone of each hex centre.

    weather.toml `order` lists the zones from north to south (USE: cold, mild, warm, desert) and
    [lines] the line between each two, named "north_south" ("cold_mild"), each a list of
    [lon, lat] points from west to east: a centre north of a line is on its colder side (a game
    of one zone by latitude needs no line). `[[region]]` polygons then put the land hexes inside
    them in their `zone` (ETO's mild zone of France and Germany, 1.4), later regions winning;
    `[[area]]` tables do the same by country and area (by_area). `sea`, when given, is the zone
    of every water hex ("" for none: TK's weather is for land hexes, 11.1)."""
    data = read_toml(path)
    source = str(path)
    order = field(data, "order", list, source, "order")
    stray = [z for z in order if z not in zones]
    if stray:
        raise DataError(f"order names zones {stray} that game.toml [map] weather lacks", source, "order")
    lines = data.get("lines", {})
    lat_of = []
    for north, south in itertools.pairwise(order):
        name = f"{north}_{south}"
        pts = line_points(lines.get(name), source, f"[lines] {name}")
        lons = [p[0] for p in pts]
        if lons != sorted(lons):
            raise DataError("points must run west to east", source, f"[lines] {name}")
        lat_of.append(np.interp(center_ll[:, 0], lons, [p[1] for p in pts]))
    lat = center_ll[:, 1]
    out = []
    for i in range(len(lat)):
        zone = order[-1]
        for k, line in enumerate(lat_of):
            if lat[i] > line[i]:
                zone = order[k]
                break
        out.append(zone)
    if "sea" in data:
        sea = field(data, "sea", str, source, "sea")
        if sea and sea not in zones:
            raise DataError(f'sea "{sea}" is not one of game.toml [map] weather', source, "sea")
        out = [sea if kind[i] == "water" else z for i, z in enumerate(out)]
    for k, e in enumerate(data.get("region", [])):
        place = f"[[region]] {k + 1}"
        zone = field(e, "zone", str, source, place)
        if zone not in zones:
            raise DataError(f'zone "{zone}" is not one of game.toml [map] weather', source, place)
        poly = Polygon(polygon_points(field(e, "polygon", list, source, place), source, place))
        hit = shapely.contains_xy(poly, center_ll[:, 0], center_ll[:, 1])
        for hit_i in np.nonzero(hit)[0]:
            if kind[hit_i] != "water":
                out[hit_i] = zone
    return out


def by_area(
    path: Path, weather: list[str], kind: list[str], country: list[str], area: list[str], zones: tuple[str, ...]
) -> None:
    """weather.toml `[[area]]`: every land hex of the named `countries` and `areas` (hexes.csv's
    country and area columns) takes the table's `zone` (TK's Desert area is the land of seven
    countries and Dependents, 11.1). In place, after the lines and regions."""
    data = read_toml(path)
    source = str(path)
    for k, e in enumerate(data.get("area", [])):
        place = f"[[area]] {k + 1}"
        zone = field(e, "zone", str, source, place)
        if zone not in zones:
            raise DataError(f'zone "{zone}" is not one of game.toml [map] weather', source, place)
        owners = set(field(e, "countries", list, source, place, []))
        areas = set(field(e, "areas", list, source, place, []))
        if not owners and not areas:
            raise DataError('give "countries" or "areas"', source, place)
        hits = [i for i in range(len(kind)) if kind[i] != "water" and (country[i] in owners or area[i] in areas)]
        if not hits:
            raise DataError("no land hex of the map lies in these countries and areas", source, place)
        for i in hits:
            weather[i] = zone


def faded(path: Path, center_ll: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Whether each hex centre lies in a faded-dot region, and the hexes stated by id (none
    when the game has no faded.toml)."""
    hit = np.zeros(len(center_ll), bool)
    if not path.is_file():
        return hit, []
    data = read_toml(path)
    for i, e in enumerate(data.get("region", [])):
        place = f"[[region]] {i + 1}"
        poly = Polygon(polygon_points(field(e, "polygon", list, str(path), place), str(path), place))
        hit |= shapely.contains_xy(poly, center_ll[:, 0], center_ll[:, 1])
    return hit, list(field(data, "hexes", list, str(path), "hexes", []))
