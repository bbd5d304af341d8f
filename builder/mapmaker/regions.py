"""Weather zones and faded-dot regions from hand-drawn lines and polygons (lon/lat)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from shapely.geometry import Polygon

from builder.mapmaker.inputs import field, line_points, polygon_points, read_toml
from wargame.errors import DataError

WEATHER_LINES = ("cold_mild", "mild_warm", "warm_desert")


def weather(path: Path, center_ll: np.ndarray) -> list[str]:
    """cold / mild / warm / desert per hex centre, from the three lines (north = colder)."""
    data = read_toml(path).get("lines", {})
    lat_of = {}
    for name in WEATHER_LINES:
        pts = line_points(data.get(name), str(path), f"[lines] {name}")
        lons = [p[0] for p in pts]
        if lons != sorted(lons):
            raise DataError("points must run west to east", str(path), f"[lines] {name}")
        lat_of[name] = np.interp(center_ll[:, 0], lons, [p[1] for p in pts])
    lat = center_ll[:, 1]
    out = []
    for i in range(len(lat)):
        if lat[i] > lat_of["cold_mild"][i]:
            out.append("cold")
        elif lat[i] > lat_of["mild_warm"][i]:
            out.append("mild")
        elif lat[i] > lat_of["warm_desert"][i]:
            out.append("warm")
        else:
            out.append("desert")
    return out


def faded(path: Path, center_ll: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Whether each hex centre lies in a faded-dot region, and the hexes stated by id."""
    import shapely

    data = read_toml(path)
    hit = np.zeros(len(center_ll), bool)
    for i, e in enumerate(data.get("region", [])):
        place = f"[[region]] {i + 1}"
        poly = Polygon(polygon_points(field(e, "polygon", list, str(path), place), str(path), place))
        hit |= shapely.contains_xy(poly, center_ll[:, 0], center_ll[:, 1])
    return hit, list(field(data, "hexes", list, str(path), "hexes", []))
