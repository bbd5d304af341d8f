"""1939 countries, areas, disputed areas and later lines per hex (USE 2.4, 10.6, 10.7).

Each sample point takes its modern Natural Earth country, which [modern] maps to a 1939 country
and area; ordered transfer polygons then move samples to their 1939 owner. A hex takes the
majority over its land samples.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Polygon

from builder.mapmaker.inputs import field, polygon_points, read_toml
from records import frozen
from wargame.errors import DataError


@frozen
class Region:
    name: str
    owner: str
    polygon: Polygon | None  # None: the whole country (disputed Estonia, Latvia, Lithuania)
    area: str = ""
    restrict: tuple[str, ...] = ()  # modern countries it applies to; empty = all


@frozen
class Borders:
    modern: dict[str, tuple[str, str]]
    transfers: list[Region]
    areas: list[Region]
    disputed: list[Region]
    lines: list[Region]


def read(path: Path) -> Borders:
    data = read_toml(path)
    src = str(path)
    modern = {}
    for name, value in data.get("modern", {}).items():
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            raise DataError(f'must be ["COUNTRY", "Area"], not {value!r}', src, f'[modern] "{name}"')
        modern[name] = (value[0], value[1])

    def regions(key: str) -> list[Region]:
        out = []
        for i, e in enumerate(data.get(key, [])):
            place = f"[[{key}]] {i + 1}"
            name = field(e, "name", str, src, place)
            place = f'{place} "{name}"'
            whole = field(e, "whole", bool, src, place, False)
            poly = None if whole else Polygon(polygon_points(field(e, "polygon", list, src, place), src, place))
            if poly is not None and not poly.is_valid:
                raise DataError("polygon crosses itself", src, place)
            out.append(
                Region(
                    name=name,
                    owner=field(e, "owner", str, src, place),
                    polygon=poly,
                    area=field(e, "area", str, src, place, ""),
                    restrict=tuple(field(e, "from", list, src, place, [])),
                )
            )
        return out

    return Borders(
        modern=modern,
        transfers=regions("transfer"),
        areas=regions("area"),
        disputed=regions("disputed"),
        lines=regions("line"),
    )


def modern_country(ll: np.ndarray, countries: dict[str, shapely.Geometry]) -> np.ndarray:
    """Natural Earth country name per lon/lat point ("" at sea)."""
    names = sorted(countries)
    geoms = [countries[n] for n in names]
    tree = shapely.STRtree(geoms)
    pts = shapely.points(ll)
    out = np.full(len(ll), "", dtype=object)
    pi, gi = tree.query(pts, predicate="within")
    order = np.lexsort((gi, pi))  # lowest country index wins where polygons overlap
    pi, gi = pi[order], gi[order]
    first = np.unique(pi, return_index=True)[1]
    out[pi[first]] = np.asarray(names, dtype=object)[gi[first]]
    return out


def owners(ll: np.ndarray, modern: np.ndarray, borders: Borders, source: str) -> tuple[np.ndarray, np.ndarray]:
    """1939 country and area per sample point, from modern country plus transfers."""
    unknown = sorted({m for m in modern if m and m not in borders.modern})
    if unknown:
        raise DataError(f"no [modern] entry for Natural Earth countries {unknown}", source)
    country = np.array([borders.modern[m][0] if m else "" for m in modern], dtype=object)
    area = np.array([borders.modern[m][1] if m else "" for m in modern], dtype=object)
    for t in borders.transfers:
        hit = _hits(ll, modern, t)
        country[hit] = t.owner
        area[hit] = t.area or t.owner
    for a in borders.areas:
        hit = _hits(ll, modern, a) & (country == a.owner)
        area[hit] = a.name
    return country, area


def tagged(ll: np.ndarray, modern: np.ndarray, country: np.ndarray, regions: list[Region]) -> np.ndarray:
    """Name of the region (disputed area or line) holding each sample of the region's owner."""
    out = np.full(len(ll), "", dtype=object)
    for r in regions:
        hit = (country == r.owner) & (out == "") & _hits(ll, modern, r)  # a whole region's `from` too
        out[hit] = r.name
    return out


def _hits(ll: np.ndarray, modern: np.ndarray, r: Region) -> np.ndarray:
    hit = shapely.contains_xy(r.polygon, ll[:, 0], ll[:, 1]) if r.polygon is not None else np.ones(len(ll), bool)
    if r.restrict:
        hit &= np.isin(modern, list(r.restrict))
    return hit
