"""The hand-authored corrections to what the data gives: map/src/overrides.toml for hexes and
hexsides (each with the rule that needs it), extra rivers (rivers.toml), and strait hexsides
named by places."""

from __future__ import annotations

from pathlib import Path

from builder.mapmaker.inputs import field as get
from builder.mapmaker.inputs import read_toml
from wargame.errors import DataError
from wargame.grid import Grid
from wargame.mapdata import Vocabulary


def extra_rivers(path: Path) -> list:
    from shapely.geometry import LineString

    from builder.mapmaker.inputs import line_points

    out = []
    for i, e in enumerate(read_toml(path).get("river", [])):
        place = f"[[river]] {i + 1}"
        out.append(LineString(line_points(get(e, "points", list, str(path), place), str(path), place)))
    return out


def hex_index(cells, grid: Grid, hid: str, source: str) -> int:
    h = grid.parse(hid, source)
    return cells.index[grid.hex_id(h)]


def apply_hex_overrides(data: dict, cells, kind, terr, country, area, vocab: Vocabulary, source: str) -> None:
    for hid, e in sorted(data.get("hex", {}).items()):
        place = f'[hex."{hid}"]'
        if hid not in cells.index:
            raise DataError("not a hex of the map", source, place)
        if not get(e, "why", str, source, place):
            raise DataError('say "why" (the rule that needs it)', source, place)
        i = cells.index[hid]
        for key in e:
            if key not in ("kind", "terrain", "country", "area", "line", "faded_dot", "why"):
                raise DataError(f'unknown field "{key}"', source, place)
        if "kind" in e:
            k = get(e, "kind", str, source, place)
            if k not in ("land", "coastal", "water"):
                raise DataError(f'kind "{k}" must be land, coastal or water', source, place)
            kind[i] = k
            if k == "water":
                terr[i], country[i], area[i] = "", "", ""
        if "terrain" in e:
            t = get(e, "terrain", str, source, place)
            if t not in vocab.terrains:
                raise DataError(f'terrain "{t}" is not one of {", ".join(vocab.terrains)}', source, place)
            terr[i] = t
        if kind[i] != "water" and not terr[i]:
            raise DataError("a water hex made land needs a terrain", source, place)
        if "country" in e:
            country[i] = get(e, "country", str, source, place)
        if "area" in e:
            area[i] = get(e, "area", str, source, place)


def apply_side_overrides(data: dict, grid: Grid, by_sid: dict, source: str) -> None:
    for sid, e in sorted(data.get("hexside", {}).items()):
        place = f'[hexside."{sid}"]'
        key = grid.hexside_id(grid.parse_hexside(sid, source, place))
        if not get(e, "why", str, source, place):
            raise DataError('say "why" (the rule that needs it)', source, place)
        sd = by_sid[key]
        if "water" in e:
            sd.water = get(e, "water", bool, source, place)
            if sd.water:
                sd.river = False
        if "river" in e:
            sd.river = get(e, "river", bool, source, place)


def strait_side(text: str, grid: Grid, city_hex: dict[str, str], source: str) -> str:
    parts = text.split("/")
    if len(parts) != 2:
        raise DataError(f'strait side "{text}" must be two places joined by "/"', source)
    a = city_hex.get(parts[0], parts[0])
    ha = grid.parse(a, source, f'strait "{text}"')
    if parts[1] in grid.directions or parts[1].upper() in grid.directions or parts[1] in ("east", "west"):
        d = {"east": "E", "west": "W"}.get(parts[1], parts[1].upper())
        hb = grid.step(ha, d)
    else:
        hb = grid.parse(city_hex.get(parts[1], parts[1]), source, f'strait "{text}"')
    return grid.hexside_id(grid.hexside(ha, hb))
