"""`staffwork map compile GAME`: open geographic data + hand-authored inputs -> scenarios/GAME/map/.

Stages: fit the control points; read Natural Earth; per hex, exact land / lake / sea fractions
and sample-point majorities for country, area, terrain; hand-authored sea zones, weather,
faded dots and transport lines; hexsides and their features; the per-hex override file; then
the committed files.

Everything a game decides is data: the grid (board.toml), the words its map uses (game.toml
[map]), and map/src/settings.toml (projection, thresholds, which terrain the relief and colour
classes give, the prohibited countries, the mainland area of each country, restricted hexes,
derived features). The optional inputs (faded.toml, transport.toml, features.toml) may be absent.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import shapely

from builder.mapmaker import cells as cellmod
from builder.mapmaker import cities as citymod
from builder.mapmaker import (
    countries,
    geography,
    hexsides,
    regions,
    seazones,
    sources,
    terrain,
    transport,
)
from builder.mapmaker.cells import Cells
from builder.mapmaker.cities import CityEntry
from builder.mapmaker.fit import Projection, Warp, fit, read_control_points
from builder.mapmaker.geography import Geography
from builder.mapmaker.hexsides import SideData
from builder.mapmaker.inputs import field as get
from builder.mapmaker.inputs import read_toml
from builder.mapmaker.outputs import write_hexes, write_sides, write_zones
from builder.mapmaker.overrides import apply_hex_overrides, apply_side_overrides, extra_rivers, hex_index, strait_side
from builder.mapmaker.report import HexData, Report
from builder.mapmaker.settings import Rules
from records import frozen
from wargame.board import load_boards_file
from wargame.errors import DataError
from wargame.grid import Grid, Layout
from wargame.mapdata import Vocabulary, unit_layout, vocabulary_of

__all__ = ["HexData", "Report", "compile_map"]


@frozen
class _Inputs:
    """What the compile reads before any geography: the game's grid, its words, its settings."""

    src_dir: Path
    settings: dict[str, Any]
    vocab: Vocabulary
    grid: Grid
    layout: Layout
    rules: Rules


@frozen
class _Land:
    """Per hex: exact land / lake / sea fractions and the land class; per sample: on dry land."""

    dry_px: Any  # the dry land in grid pixels
    lakes_px: Any
    dry_frac: np.ndarray
    lake_frac: np.ndarray
    sea_frac: np.ndarray
    s_dry: np.ndarray
    kind: list[str]  # land, coastal, water
    lake: list[bool]


@frozen
class _Owners:
    """Per sample: 1939 country, disputed area, later line; per hex: country and area."""

    s_country: np.ndarray
    s_disputed: np.ndarray
    s_line: np.ndarray
    on_land: np.ndarray
    country: list[str]
    area: list[str]


def compile_map(game_dir: Path, out_dir: Path | None = None, report: Report | None = None) -> Report:
    """Compile scenarios/<game>/map/src/* into scenarios/<game>/map/ (or out_dir)."""
    report = report or Report()
    src_dir = game_dir / "map" / "src"
    out_dir = out_dir or game_dir / "map"
    clock = _Clock(report)
    inp, projection, window = _read_inputs(game_dir, src_dir)
    src = sources.find()
    clock("settings")

    warp = _fit(inp, projection, report)
    clock("fit")

    cl = inp.settings.get("classify", {})
    geo = geography.load(src, window, cl.get("lake_min_area", 0.02), [tuple(p) for p in cl.get("sea_lakes", [])])
    clock("read Natural Earth")

    cells = cellmod.build(inp.grid, inp.layout, warp)
    clock("hex samples")

    land = _land(geo, cells, warp, cl, clock)
    kind, n = land.kind, len(cells.ids)
    owners = _owners(inp, geo, cells, kind, land.s_dry, report)
    country, area = owners.country, owners.area
    clock("countries")

    terr = _terrain(inp, src, cells, kind, land.s_dry)
    clock("terrain")

    overrides = read_toml(src_dir / "overrides.toml")
    apply_hex_overrides(overrides, cells, kind, terr, country, area, inp.vocab, str(src_dir / "overrides.toml"))
    disputed, line = _tags(inp, overrides, owners, cells, kind)
    lake_water = [kind[i] == "water" and land.lake_frac[i] > land.sea_frac[i] for i in range(n)]
    weather = regions.weather(src_dir / "weather.toml", cells.center_ll, inp.vocab.weather, kind)
    regions.by_area(src_dir / "weather.toml", weather, kind, country, area, inp.vocab.weather)
    faded = _faded(inp, overrides, cells, kind)
    clock("overrides, weather, faded dots")

    city_list = citymod.read(src_dir / "cities.toml", sources.geonames_cities(), inp.vocab.hex_features)
    ports_on_coast = bool(inp.settings.get("cities", {}).get("ports_on_coast", False))
    city_rows = citymod.place(city_list, inp.grid, inp.layout, cells, kind, warp, report, ports_on_coast)
    city_hex = {c.name: hid for hid, c in city_rows}
    clock("cities")

    sides = _hexsides(inp, overrides, geo, land, warp, cells, country, area, disputed, line)
    by_sid = {sd.sid: sd for sd in sides}
    clock("hexsides")

    sea = seazones.read(src_dir / "seazones.toml")
    zones = _sea_zones(inp, sea, cells, kind, lake_water, warp, weather, country, city_hex, by_sid)
    clock("sea zones")

    networks, line_hexes = _transport(inp, cells, kind, faded, country, terr, by_sid, city_hex)
    clock("transport lines")

    hex_features = _features(
        inp, src, warp, cells, land, lake_water, country, sides, by_sid, city_rows, city_hex, networks
    )
    clock("features")

    data = HexData(
        kind=kind,
        land_pct=[round(100 * f) for f in land.dry_frac],
        features=hex_features,
        lake=land.lake,
        terrain=terr,
        country=country,
        area=area,
        disputed=disputed,
        line=line,
        weather=weather,
        zones=zones,
        faded=faded,
        transport=[i in line_hexes for i in range(n)],
    )
    _write(game_dir, out_dir, inp, geo, warp, cells, data, city_rows, sea, sides, lake_water, city_hex, report)
    clock("write")
    _count(report, data)
    return report


def _read_inputs(game_dir: Path, src_dir: Path) -> tuple[_Inputs, Projection, tuple[float, float, float, float]]:
    """settings.toml, the words of game.toml [map] and the grid of board.toml; the projection
    and the window of geographic data to read."""
    settings = read_toml(src_dir / "settings.toml")
    game_toml = game_dir / "game.toml"
    vocab = vocabulary_of(read_toml(game_toml), str(game_toml))  # the words the map data may use
    grid = load_boards_file(game_dir / "board.toml", game_dir.name).grid  # the game's own numbering
    layout = unit_layout(grid)
    rules = Rules.read(settings, vocab, str(src_dir / "settings.toml"))
    proj_s = settings.get("projection", {})
    projection = Projection(proj_s.get("kind", "lonlat"), proj_s.get("laea_lat0", 48.0), proj_s.get("laea_lon0", 18.0))
    west, south, east, north = proj_s.get("window", [-16.0, 24.0, 56.0, 74.0])
    window = (west, south, east, north)
    return _Inputs(src_dir, settings, vocab, grid, layout, rules), projection, window


def _fit(inp: _Inputs, projection: Projection, report: Report) -> Warp:
    """The warp from lon/lat to the grid through the control points; each must land in its hex."""
    src_dir = inp.src_dir
    points = read_control_points(src_dir / "control_points.toml")
    warp = fit(points, inp.grid, inp.layout, projection, str(src_dir / "control_points.toml"))
    report.warp = warp
    for p in warp.placed:
        if not p.inside:
            raise DataError(
                f"control point {p.point.name} lands in {p.final_hex}, not {p.hex_id}",
                str(src_dir / "control_points.toml"),
            )
    return warp


def _land(geo: Geography, cells: Cells, warp: Warp, cl: dict[str, Any], clock: _Clock) -> _Land:
    """Each hex's exact land, lake and sea fractions, then its class by the [classify] limits."""
    dry_px = geography.to_pixels(geo.dry, warp)
    lakes_px = geography.to_pixels(geo.lakes, warp)
    dry_frac = geography.area_fractions(cells.polygons, geography.tiles(dry_px))
    lake_frac = geography.area_fractions(cells.polygons, geography.tiles(lakes_px))
    sea_frac = np.clip(1.0 - dry_frac - lake_frac, 0.0, 1.0)
    clock("land fractions")

    shapely.prepare(geo.dry)
    ll = cells.sample_ll
    s_dry = shapely.contains_xy(geo.dry, ll[:, 0], ll[:, 1])
    n = len(cells.ids)
    kind = []
    water_max, land_min = cl.get("water_max", 0.04), cl.get("land_min", 0.97)
    for i in range(n):
        if dry_frac[i] <= water_max:
            kind.append("water")
        elif sea_frac[i] >= 1.0 - land_min:
            kind.append("coastal")
        else:
            kind.append("land")
    lake = [bool(lake_frac[i] >= cl.get("lake_min", 0.005)) for i in range(n)]
    clock("land classes")
    return _Land(dry_px, lakes_px, dry_frac, lake_frac, sea_frac, s_dry, kind, lake)


def _owners(inp: _Inputs, geo: Geography, cells: Cells, kind: list[str], s_dry: np.ndarray, report: Report) -> _Owners:
    """The 1939 country and area of every sample and, by majority of its land samples, of
    every hex that is not water."""
    src_dir = inp.src_dir
    ll = cells.sample_ll
    n = len(cells.ids)
    borders = countries.read(src_dir / "borders_1939.toml")
    modern = countries.modern_country(ll, geo.countries)
    s_country, s_area = countries.owners(ll, modern, borders, str(src_dir / "borders_1939.toml"))
    s_disputed = countries.tagged(ll, modern, s_country, borders.disputed)
    s_line = countries.tagged(ll, modern, s_country, borders.lines)
    on_land = s_dry & (s_country != "")
    country, _ = cellmod.majority(s_country, cells.sample_hex, n, on_land)
    area, _ = cellmod.majority(
        np.array([f"{c}|{a}" for c, a in zip(s_country, s_area)], dtype=object), cells.sample_hex, n, on_land
    )
    area = [a.split("|", 1)[1] if a else "" for a in area]
    # Small islands and slivers with no land sample: the nearest country to the hex centre.
    names = sorted(geo.countries)
    tree = shapely.STRtree([geo.countries[k] for k in names])
    for i in range(n):
        if kind[i] != "water" and not country[i]:
            j = tree.nearest(shapely.points(cells.center_ll[i]))
            c, a = borders.modern.get(names[j], ("", ""))
            country[i], area[i] = c, a
            report.warnings.append(f"{cells.ids[i]}: no land sample, country {c} by nearest polygon")
        if kind[i] == "water":
            country[i], area[i] = "", ""
    return _Owners(s_country, s_disputed, s_line, on_land, country, area)


def _terrain(inp: _Inputs, src: sources.Sources, cells: Cells, kind: list[str], s_dry: np.ndarray) -> list[str]:
    """Each land hex's terrain from relief and colour (and terrain.toml's regions)."""
    ll = cells.sample_ll
    n = len(cells.ids)
    ts = inp.settings.get("terrain", {})
    elev = sources.Etopo5(src.etopo5).at(ll[:, 0], ll[:, 1])
    rgb = sources.BlueMarble(src.bluemarble).at(ll[:, 0], ll[:, 1])
    terrain_regions = terrain.read_regions(inp.src_dir / "terrain.toml", inp.vocab.terrains)
    terr = terrain.classify(elev, rgb, ll, cells.sample_hex, s_dry, n, ts, terrain_regions)
    return [t if kind[i] != "water" else "" for i, t in enumerate(terr)]


def _tags(
    inp: _Inputs, overrides: dict[str, Any], owners: _Owners, cells: Cells, kind: list[str]
) -> tuple[list[str], list[str]]:
    """Each hex's disputed area and later line.

    After the overrides: a hex whose country an override changes (Strasbourg's hex to France)
    takes the tags of its new country's samples, not the old one's."""
    n = len(cells.ids)
    country = owners.country
    disputed = _hex_majority_of_owner(owners.s_disputed, owners.s_country, country, cells, n, owners.on_land)
    line = _hex_majority_of_owner(owners.s_line, owners.s_country, country, cells, n, owners.on_land)
    for i in range(n):
        if kind[i] == "water":
            disputed[i], line[i] = "", ""
    source = str(inp.src_dir / "overrides.toml")
    for hid, e in sorted(overrides.get("hex", {}).items()):  # a later line the rules place a hex in
        if "line" in e:
            line[cells.index[hid]] = get(e, "line", str, source, f'[hex."{hid}"]')
    return disputed, line


def _faded(inp: _Inputs, overrides: dict[str, Any], cells: Cells, kind: list[str]) -> list[bool]:
    """Faded-dot hexes: faded.toml's regions and hexes, then the override file's last word."""
    src_dir = inp.src_dir
    n = len(cells.ids)
    fade_hit, fade_ids = regions.faded(src_dir / "faded.toml", cells.center_ll)
    faded = [bool(fade_hit[i]) and kind[i] != "water" for i in range(n)]
    for hid in fade_ids:
        i = hex_index(cells, inp.grid, hid, str(src_dir / "faded.toml"))
        faded[i] = True
        if kind[i] == "water":
            raise DataError(f"faded-dot hex {hid} is a water hex", str(src_dir / "faded.toml"))
    for hid, e in sorted(overrides.get("hex", {}).items()):  # last word: the override file
        if "faded_dot" in e:
            faded[cells.index[hid]] = get(e, "faded_dot", bool, str(src_dir / "overrides.toml"), f'[hex."{hid}"]')
    return faded


def _hexsides(
    inp: _Inputs,
    overrides: dict[str, Any],
    geo: Geography,
    land: _Land,
    warp: Warp,
    cells: Cells,
    country: list[str],
    area: list[str],
    disputed: list[str],
    line: list[str],
) -> list[SideData]:
    """Every hexside: water or land, rivers snapped onto it, the overrides, and the borders
    between the countries (areas, disputed areas, later lines) of its two hexes."""
    grid, layout, rules, kind = inp.grid, inp.layout, inp.rules, land.kind
    dry_tiles = geography.tiles(land.dry_px)
    kind_of = dict(zip(cells.ids, kind))
    sides = hexsides.build(grid, layout, dry_tiles, kind_of)
    geo.rivers.extend(extra_rivers(inp.src_dir / "rivers.toml"))
    rivers_px = [geography.to_pixels(r, warp) for r in geo.rivers]
    hexsides.snap_rivers(grid, layout, sides, rivers_px, inp.settings.get("rivers", {}).get("sample_step", 0.2))
    by_sid = {sd.sid: sd for sd in sides}
    apply_side_overrides(overrides, grid, by_sid, str(inp.src_dir / "overrides.toml"))
    for sd in sides:
        a, b = (cells.index[grid.hex_id(h)] for h in sd.side.hexes)
        if kind[a] == "water" or kind[b] == "water":
            continue
        apart = country[a] != country[b] or (rules.area_borders and area[a] != area[b])
        if not sd.water:
            if apart:
                sd.border = "international"
            elif disputed[a] != disputed[b]:
                sd.border = "disputed"
            if line[a] != line[b] and country[a] == country[b]:
                sd.line_border = line[a] or line[b]  # the later line runs inside one country
        elif rules.sea_borders and apart:
            sd.border = "international"  # a border of All-Sea hexsides only (TK Glossary "Border")
    return sides


def _sea_zones(
    inp: _Inputs,
    sea: seazones.SeaInput,
    cells: Cells,
    kind: list[str],
    lake_water: list[bool],
    warp: Warp,
    weather: list[str],
    country: list[str],
    city_hex: dict[str, str],
    by_sid: dict[str, SideData],
) -> list[tuple[int, ...]]:
    """Each hex's sea zones (seazones.toml): the zones' shapes, the extra places, straits; a
    zone whose weather is printed gives it to its open water (into ``weather``)."""
    grid, vocab, n = inp.grid, inp.vocab, len(cells.ids)
    sea_path = inp.src_dir / "seazones.toml"
    zones = seazones.assign(grid, inp.layout, cells, kind, lake_water, sea, warp, str(sea_path))
    for place, zs, only in sea.extras:
        i = cells.index.get(city_hex.get(place, place))
        if i is None:
            raise DataError(f'[[extra]] "{place}" is neither a city on the map nor a hex id', str(sea_path))
        zones[i] = tuple(sorted(set(zs) if only else set(zones[i]) | set(zs)))
    for z in sea.zones:  # an area whose weather is printed: its open water is in that zone
        if z.weather:
            if z.weather not in vocab.weather:
                raise DataError(
                    f'zone {z.number}: weather "{z.weather}" is not one of game.toml [map] weather', str(sea_path)
                )
            for i in range(n):
                if kind[i] == "water" and zones[i] == (z.number,):
                    weather[i] = z.weather
    for st in sea.straits:
        sid = strait_side(st.side, grid, city_hex, str(sea_path))
        sd = by_sid[sid]
        sd.strait, sd.strait_zones = st.name, st.zones
        a, b = (cells.index[grid.hex_id(h)] for h in sd.side.hexes)
        if country[a] and country[b] and country[a] != country[b]:
            sd.border = "international"  # a border the strait crosses (1.3.4: not a land border)
        for h in sd.side.hexes:
            i = cells.index[grid.hex_id(h)]
            zones[i] = tuple(sorted(set(zones[i]) | set(st.zones)))
    return zones


def _transport(
    inp: _Inputs,
    cells: Cells,
    kind: list[str],
    faded: list[bool],
    country: list[str],
    terr: list[str],
    by_sid: dict[str, SideData],
    city_hex: dict[str, str],
) -> tuple[list[transport.Network], set[int]]:
    """transport.toml's networks routed over passable hexes (optional file); the hexes they
    run through."""
    n = len(cells.ids)
    passable = [kind[i] != "water" and not faded[i] and country[i] not in inp.rules.prohibited for i in range(n)]
    rough = [t in inp.vocab.rough for t in terr]
    line_hexes: set[int] = set()
    networks: list[transport.Network] = []
    if (inp.src_dir / "transport.toml").is_file():
        networks = transport.route(
            inp.src_dir / "transport.toml", inp.grid, cells.ids, cells.index, passable, rough, by_sid, city_hex
        )
        for net in networks:
            line_hexes |= net.hexes
            for sid in net.sides:
                by_sid[sid].transport = True
    return networks, line_hexes


def _features(
    inp: _Inputs,
    src: sources.Sources,
    warp: Warp,
    cells: Cells,
    land: _Land,
    lake_water: list[bool],
    country: list[str],
    sides: list[SideData],
    by_sid: dict[str, SideData],
    city_rows: list[tuple[str, CityEntry]],
    city_hex: dict[str, str],
    networks: list[transport.Network],
) -> list[set[str]]:
    """Each hex's feature words: derived ones (settings.toml [features]), its city's,
    features.toml's (a game without feature words has none), and the named networks'."""
    vocab, n, kind = inp.vocab, len(cells.ids), land.kind
    hex_features: list[set[str]] = [set() for _ in range(n)]
    if vocab.hex_features or vocab.side_features:
        from builder.mapmaker import features as featmod

        lakes_tiles = geography.tiles(land.lakes_px)
        featmod.derive(
            inp.rules.derived,
            inp.grid,
            inp.layout,
            cells,
            kind,
            lake_water,
            country,
            sides,
            lakes_tiles,
            warp,
            sources.Etopo5(src.etopo5),
            hex_features,
            str(inp.src_dir / "settings.toml"),
        )
        for hid, c in city_rows:
            hex_features[cells.index[hid]].update(c.features)
        featmod.apply(
            inp.src_dir / "features.toml",
            inp.grid,
            inp.layout,
            warp,
            cells,
            kind,
            country,
            by_sid,
            city_hex,
            hex_features,
            vocab,
        )
    if any(net.word for net in networks):
        from builder.mapmaker.features import networks as network_words

        network_words(networks, by_sid, hex_features, vocab, str(inp.src_dir / "transport.toml"))
    return hex_features


def _write(
    game_dir: Path,
    out_dir: Path,
    inp: _Inputs,
    geo: Geography,
    warp: Warp,
    cells: Cells,
    data: HexData,
    city_rows: list[tuple[str, CityEntry]],
    sea: seazones.SeaInput,
    sides: list[SideData],
    lake_water: list[bool],
    city_hex: dict[str, str],
    report: Report,
) -> None:
    """Every compiled file, and the hand-authored boxes.csv beside them in another folder."""
    grid = inp.grid
    write_hexes(out_dir, grid, cells, data, city_rows, warp, inp.rules, inp.vocab, report)
    write_sides(out_dir, sides, inp.vocab, report)
    write_zones(out_dir, sea, data.zones, data.weather, data.kind, lake_water, sides, cells, grid, city_hex, report)
    from builder.mapmaker import shapes

    shapes.write(out_dir / "geometry.json", geo, warp, grid, inp.layout, inp.settings.get("geometry", {}), report)
    boxes = game_dir / "map" / "boxes.csv"  # hand-authored, kept beside the compiled files
    if out_dir.resolve() != (game_dir / "map").resolve() and boxes.is_file():
        from builder.mapmaker.writer import write_text

        write_text(out_dir / "boxes.csv", boxes.read_text(encoding="utf-8"))


def _hex_majority_of_owner(
    tag: np.ndarray, s_country: np.ndarray, country: list[str], cells, n: int, on_land: np.ndarray
) -> list[str]:
    """Per hex, the tag most of its land samples of the hex's own country carry (or "")."""
    own = np.array([country[i] for i in cells.sample_hex], dtype=object)
    mask = on_land & (s_country == own)
    tagged = np.where(tag == "", "-", tag).astype(object)
    out, _ = cellmod.majority(tagged, cells.sample_hex, n, mask)
    return ["" if v in ("-", "") else v for v in out]


def _count(report: Report, data: HexData) -> None:
    def tally(values) -> dict[str, int]:
        out: dict[str, int] = {}
        for v in values:
            out[v or "-"] = out.get(v or "-", 0) + 1
        return dict(sorted(out.items()))

    report.counts["kind"] = tally(data.kind)
    report.counts["terrain"] = tally(t for t in data.terrain if t)
    report.counts["country"] = tally(c for c in data.country if c)


class _Clock:
    def __init__(self, report: Report):
        self.report = report
        self.t = time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        self.report.seconds[stage] = round(now - self.t, 2)
        self.t = now
