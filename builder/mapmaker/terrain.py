"""Terrain per hex: the game's own words (game.toml [map] terrains).

Three classes come from the data: "hills" from ETOPO5 relief and height, "woods" and "desert"
from Blue Marble colours; settings.toml [terrain] `classes` says which of the game's terrains
each gives (USE: hills, woods, desert; ETO: rough, forest, none), "" leaving the class out.
The rest (USE's swamp, ETO's marsh) and corrections come from hand-drawn polygons. Every hex gets
the one terrain that dominates it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Polygon

from builder.mapmaker.inputs import field, polygon_points, read_toml
from records import frozen
from wargame.errors import DataError

CLASSES = ("desert", "hills", "woods")  # what the open data tells apart


@frozen
class TerrainRegion:
    name: str
    terrain: str
    polygon: Polygon
    replaces: tuple[str, ...] = ()  # only change hexes the data gave one of these; empty = any


def read_regions(path: Path, terrains: tuple[str, ...]) -> list[TerrainRegion]:
    data = read_toml(path)
    out = []
    for i, e in enumerate(data.get("region", [])):
        place = f"[[region]] {i + 1}"
        name = field(e, "name", str, str(path), place)
        terrain = field(e, "terrain", str, str(path), place)
        if terrain not in terrains:
            raise DataError(f'terrain "{terrain}" is not one of {", ".join(terrains)}', str(path), place)
        replaces = tuple(field(e, "replaces", list, str(path), place, []))
        bad = [t for t in replaces if t not in terrains]
        if bad:
            raise DataError(f"replaces {bad}: not terrains", str(path), place)
        out.append(
            TerrainRegion(
                name,
                terrain,
                Polygon(polygon_points(field(e, "polygon", list, str(path), place), str(path), place)),
                replaces,
            )
        )
    return out


def classify(
    elev: np.ndarray,
    rgb: np.ndarray,
    ll: np.ndarray,
    sample_hex: np.ndarray,
    land: np.ndarray,
    n: int,
    settings: dict,
    regions: list[TerrainRegion],
) -> list[str]:
    """Terrain per hex from per-sample elevation and colour (land samples only)."""
    out = ["clear"] * n
    s = settings
    names = {c: c for c in CLASSES} | dict(s.get("classes", {}))  # class -> the game's terrain ("" = none)
    total = rgb.sum(1)
    woods = (total < s["woods_max_sum"]) & (rgb[:, 1] > rgb[:, 0])
    desert = (
        (rgb[:, 0] > s["desert_min_red"])
        & (rgb[:, 0] - rgb[:, 2] > s["desert_min_red_minus_blue"])
        & (total > s["desert_min_sum"])
    )
    forced = [np.zeros(len(ll), bool) for _ in regions]
    for k, r in enumerate(regions):
        forced[k] = shapely.contains_xy(r.polygon, ll[:, 0], ll[:, 1])
    order = np.argsort(sample_hex, kind="stable")
    bounds = np.searchsorted(sample_hex[order], np.arange(n + 1))
    for i in range(n):
        idx = order[bounds[i] : bounds[i + 1]]
        idx = idx[land[idx]]
        if len(idx) == 0:
            continue
        z = elev[idx]
        relief = np.percentile(z, 90) - np.percentile(z, 10)
        if names["desert"] and desert[idx].mean() >= s["desert_min_fraction"]:
            out[i] = names["desert"]
        elif names["hills"] and (relief > s["relief_hills"] or z.mean() > s["mean_hills"]):
            out[i] = names["hills"]
        elif names["woods"] and woods[idx].mean() >= s["woods_min_fraction"]:
            out[i] = names["woods"]
        for k, r in enumerate(regions):  # later regions win
            if forced[k][idx].mean() >= 0.4 and (not r.replaces or out[i] in r.replaces):
                out[i] = r.terrain
    return out
