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
from dataclasses import dataclass, field
from pathlib import Path

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
from builder.mapmaker.fit import Projection, Warp, fit, read_control_points
from builder.mapmaker.inputs import field as get
from builder.mapmaker.inputs import read_toml
from records import frozen
from wargame.board import load_boards_file
from wargame.errors import DataError
from wargame.grid import Grid, Layout
from wargame.mapdata import Vocabulary, unit_layout, vocabulary_of


@dataclass
class Report:
    seconds: dict[str, float] = field(default_factory=dict)
    warp: Warp | None = None
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)


@dataclass
class HexData:
    """Per-hex columns while compiling (lists indexed like Cells.ids)."""

    kind: list[str]
    land_pct: list[int]
    features: list[set[str]]
    lake: list[bool]
    terrain: list[str]
    country: list[str]
    area: list[str]
    disputed: list[str]
    line: list[str]
    weather: list[str]
    zones: list[tuple[int, ...]]
    faded: list[bool]
    transport: list[bool]


def compile_map(game_dir: Path, out_dir: Path | None = None, report: Report | None = None) -> Report:
    """Compile scenarios/<game>/map/src/* into scenarios/<game>/map/ (or out_dir)."""
    report = report or Report()
    src_dir = game_dir / "map" / "src"
    out_dir = out_dir or game_dir / "map"
    clock = _Clock(report)
    settings = read_toml(src_dir / "settings.toml")
    game_toml = game_dir / "game.toml"
    vocab = vocabulary_of(read_toml(game_toml), str(game_toml))  # the words the map data may use
    grid = load_boards_file(game_dir / "board.toml", game_dir.name).grid  # the game's own numbering
    layout = unit_layout(grid)
    rules = _Rules.read(settings, vocab, str(src_dir / "settings.toml"))
    proj_s = settings.get("projection", {})
    projection = Projection(proj_s.get("kind", "lonlat"), proj_s.get("laea_lat0", 48.0), proj_s.get("laea_lon0", 18.0))
    window = tuple(proj_s.get("window", [-16.0, 24.0, 56.0, 74.0]))
    src = sources.find()
    clock("settings")

    points = read_control_points(src_dir / "control_points.toml")
    warp = fit(points, grid, layout, projection, str(src_dir / "control_points.toml"))
    report.warp = warp
    for p in warp.placed:
        if not p.inside:
            raise DataError(
                f"control point {p.point.name} lands in {p.final_hex}, not {p.hex_id}",
                str(src_dir / "control_points.toml"),
            )
    clock("fit")

    cl = settings.get("classify", {})
    geo = geography.load(src, window, cl.get("lake_min_area", 0.02), [tuple(p) for p in cl.get("sea_lakes", [])])
    clock("read Natural Earth")

    cells = cellmod.build(grid, layout, warp)
    clock("hex samples")

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
    clock("countries")

    ts = settings.get("terrain", {})
    elev = sources.Etopo5(src.etopo5).at(ll[:, 0], ll[:, 1])
    rgb = sources.BlueMarble(src.bluemarble).at(ll[:, 0], ll[:, 1])
    terrain_regions = terrain.read_regions(src_dir / "terrain.toml", vocab.terrains)
    terr = terrain.classify(elev, rgb, ll, cells.sample_hex, s_dry, n, ts, terrain_regions)
    terr = [t if kind[i] != "water" else "" for i, t in enumerate(terr)]
    clock("terrain")

    overrides = read_toml(src_dir / "overrides.toml")
    _apply_hex_overrides(overrides, cells, kind, terr, country, area, vocab, str(src_dir / "overrides.toml"))
    # Disputed areas and later lines after the overrides: a hex whose country an override changes
    # (Strasbourg's hex to France) takes the tags of its new country's samples, not the old one's.
    disputed = _hex_majority_of_owner(s_disputed, s_country, country, cells, n, on_land)
    line = _hex_majority_of_owner(s_line, s_country, country, cells, n, on_land)
    for i in range(n):
        if kind[i] == "water":
            disputed[i], line[i] = "", ""
    for hid, e in sorted(overrides.get("hex", {}).items()):  # a later line the rules place a hex in
        if "line" in e:
            line[cells.index[hid]] = get(e, "line", str, str(src_dir / "overrides.toml"), f'[hex."{hid}"]')
    lake_water = [kind[i] == "water" and lake_frac[i] > sea_frac[i] for i in range(n)]
    weather = regions.weather(src_dir / "weather.toml", cells.center_ll, vocab.weather, kind)
    regions.by_area(src_dir / "weather.toml", weather, kind, country, area, vocab.weather)
    fade_hit, fade_ids = regions.faded(src_dir / "faded.toml", cells.center_ll)
    faded = [bool(fade_hit[i]) and kind[i] != "water" for i in range(n)]
    for hid in fade_ids:
        i = _index(cells, grid, hid, str(src_dir / "faded.toml"))
        faded[i] = True
        if kind[i] == "water":
            raise DataError(f"faded-dot hex {hid} is a water hex", str(src_dir / "faded.toml"))
    for hid, e in sorted(overrides.get("hex", {}).items()):  # last word: the override file
        if "faded_dot" in e:
            faded[cells.index[hid]] = get(e, "faded_dot", bool, str(src_dir / "overrides.toml"), f'[hex."{hid}"]')
    clock("overrides, weather, faded dots")

    city_list = citymod.read(src_dir / "cities.toml", sources.geonames_cities(), vocab.hex_features)
    city_rows = _place_cities(
        city_list,
        grid,
        layout,
        cells,
        kind,
        warp,
        report,
        bool(settings.get("cities", {}).get("ports_on_coast", False)),
    )
    city_hex = {c.name: hid for hid, c in city_rows}
    clock("cities")

    dry_tiles = geography.tiles(dry_px)
    kind_of = dict(zip(cells.ids, kind))
    sides = hexsides.build(grid, layout, dry_tiles, kind_of)
    geo.rivers.extend(_extra_rivers(src_dir / "rivers.toml"))
    rivers_px = [geography.to_pixels(r, warp) for r in geo.rivers]
    hexsides.snap_rivers(grid, layout, sides, rivers_px, settings.get("rivers", {}).get("sample_step", 0.2))
    by_sid = {sd.sid: sd for sd in sides}
    _apply_side_overrides(overrides, grid, by_sid, str(src_dir / "overrides.toml"))
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
    clock("hexsides")

    sea_path = src_dir / "seazones.toml"
    sea = seazones.read(sea_path)
    zones = seazones.assign(grid, layout, cells, kind, lake_water, sea, warp, str(sea_path))
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
        sid = _strait_side(st.side, grid, city_hex, str(sea_path))
        sd = by_sid[sid]
        sd.strait, sd.strait_zones = st.name, st.zones
        a, b = (cells.index[grid.hex_id(h)] for h in sd.side.hexes)
        if country[a] and country[b] and country[a] != country[b]:
            sd.border = "international"  # a border the strait crosses (1.3.4: not a land border)
        for h in sd.side.hexes:
            i = cells.index[grid.hex_id(h)]
            zones[i] = tuple(sorted(set(zones[i]) | set(st.zones)))
    clock("sea zones")

    passable = [kind[i] != "water" and not faded[i] and country[i] not in rules.prohibited for i in range(n)]
    rough = [t in vocab.rough for t in terr]
    line_hexes: set[int] = set()
    networks: list[transport.Network] = []
    if (src_dir / "transport.toml").is_file():
        networks = transport.route(
            src_dir / "transport.toml", grid, cells.ids, cells.index, passable, rough, by_sid, city_hex
        )
        for net in networks:
            line_hexes |= net.hexes
            for sid in net.sides:
                by_sid[sid].transport = True
    clock("transport lines")

    hex_features: list[set[str]] = [set() for _ in range(n)]
    if vocab.hex_features or vocab.side_features:
        from builder.mapmaker import features as featmod

        lakes_tiles = geography.tiles(lakes_px)
        featmod.derive(
            rules.derived,
            grid,
            layout,
            cells,
            kind,
            lake_water,
            country,
            sides,
            lakes_tiles,
            warp,
            sources.Etopo5(src.etopo5),
            hex_features,
            str(src_dir / "settings.toml"),
        )
        for hid, c in city_rows:
            hex_features[cells.index[hid]].update(c.features)
        featmod.apply(
            src_dir / "features.toml", grid, layout, warp, cells, kind, country, by_sid, city_hex, hex_features, vocab
        )
    if any(net.word for net in networks):
        from builder.mapmaker.features import networks as network_words

        network_words(networks, by_sid, hex_features, vocab, str(src_dir / "transport.toml"))
    clock("features")

    data = HexData(
        kind=kind,
        land_pct=[int(round(100 * f)) for f in dry_frac],
        features=hex_features,
        lake=lake,
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
    _write(out_dir, grid, cells, data, city_rows, warp, rules, vocab, report)
    _write_sides(out_dir, sides, vocab, report)
    _write_zones(out_dir, sea, zones, weather, kind, lake_water, sides, cells, grid, city_hex, report)
    from builder.mapmaker import shapes

    shapes.write(out_dir / "geometry.json", geo, warp, grid, layout, settings.get("geometry", {}), report)
    boxes = game_dir / "map" / "boxes.csv"  # hand-authored, kept beside the compiled files
    if out_dir.resolve() != (game_dir / "map").resolve() and boxes.is_file():
        from builder.mapmaker.writer import write_text

        write_text(out_dir / "boxes.csv", boxes.read_text(encoding="utf-8"))
    clock("write")
    _count(report, data)
    return report


@frozen
class _Rules:
    """The game's own decisions from settings.toml: prohibited countries, each country's
    mainland area (every other area of it is overseas), whether areas of one country and land
    across water have borders, restricted hexes, derived features."""

    prohibited: frozenset[str]
    mainland: dict[str, str]
    restricted_country: str
    restricted_after: dict[int, int]  # row -> the last column that is not restricted
    derived: dict
    area_borders: bool = False  # two areas of one country (a Dependent and its owner) have a border
    sea_borders: bool = False  # land hexes of two countries across water have a border (of water)

    @classmethod
    def read(cls, settings: dict, vocab: Vocabulary, source: str) -> _Rules:
        c = settings.get("countries", {})
        r = settings.get("restricted", {})
        after = {}
        for row, col in r.get("after", {}).items():
            if not row.isdigit() or not isinstance(col, int):
                raise DataError(f'[restricted] after: "{row}" = {col!r} must be row = column', source)
            after[int(row)] = col
        derived = settings.get("features", {})
        for key in ("lake_side", "all_lake_hex", "impassable"):
            word = derived.get(key)
            allowed = vocab.hex_features if key == "all_lake_hex" else vocab.side_features
            if word is not None and word not in allowed:
                raise DataError(f'[features] {key} = "{word}" is not a feature word of game.toml [map]', source)
        flags = {}
        for key in ("area_borders", "sea_borders"):
            flags[key] = c.get(key, False)
            if not isinstance(flags[key], bool):
                raise DataError(f"[countries] {key} must be true or false", source)
        return cls(
            frozenset(c.get("prohibited", [])),
            dict(c.get("mainland", {})),
            r.get("country", ""),
            after,
            derived,
            **flags,
        )


def _extra_rivers(path: Path) -> list:
    from shapely.geometry import LineString

    from builder.mapmaker.inputs import line_points

    out = []
    for i, e in enumerate(read_toml(path).get("river", [])):
        place = f"[[river]] {i + 1}"
        out.append(LineString(line_points(get(e, "points", list, str(path), place), str(path), place)))
    return out


def _index(cells, grid: Grid, hid: str, source: str) -> int:
    h = grid.parse(hid, source)
    return cells.index[grid.hex_id(h)]


def _apply_hex_overrides(data: dict, cells, kind, terr, country, area, vocab: Vocabulary, source: str) -> None:
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


def _apply_side_overrides(data: dict, grid: Grid, by_sid: dict, source: str) -> None:
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


def _strait_side(text: str, grid: Grid, city_hex: dict[str, str], source: str) -> str:
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


def _place_cities(
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
            report.warnings.append(
                f"city {c.name} moved from {hid} ({'taken by ' + taken[hid] if hid in taken else 'water'}) to {grid.hex_id(best)}"
            )
            hid = grid.hex_id(best)
        taken[hid] = c.name
        rows.append((hid, c))
    return rows


def _write_sides(out_dir: Path, sides, vocab: Vocabulary, report: Report) -> None:
    from builder.mapmaker.writer import write_csv

    with_features = bool(vocab.side_features)  # a game without feature words keeps USE's columns
    rows = []
    for sd in sides:
        if sd.water and not (sd.strait or sd.transport or sd.border or sd.features):
            continue  # all-water hexsides are the default
        row = [
            sd.sid,
            _yes(sd.water),
            _yes(sd.river),
            sd.border,
            _yes(bool(sd.border) and not sd.water and not sd.strait),
            sd.line_border,
            sd.strait,
            ";".join(str(z) for z in sd.strait_zones),
            _yes(sd.transport),
            int(round(100 * sd.land_frac)),
        ]
        rows.append(row + [";".join(sorted(sd.features))] if with_features else row)
    path = out_dir / "hexsides.csv"
    write_csv(
        path,
        [
            "hexside",
            "water",
            "river",
            "border",
            "land_border",
            "line",
            "strait",
            "strait_zones",
            "transport",
            "land_pct",
        ]
        + (["features"] if with_features else []),
        rows,
    )
    report.written.append(path)


def _write_zones(
    out_dir: Path, sea, zones, weather, kind, lake_water, sides, cells, grid: Grid, city_hex, report: Report
) -> None:
    from builder.mapmaker.writer import write_csv

    rows = []
    for z in sorted(sea.zones, key=lambda z: z.number):
        water = [i for i, zs in enumerate(zones) if z.number in zs and kind[i] == "water"]
        count: dict[str, int] = {}
        for i in water:
            count[weather[i]] = count.get(weather[i], 0) + 1
        wz = max(sorted(count), key=lambda k: count[k]) if count else ""
        if z.weather:
            wz = z.weather  # the zone printed on the map, not its hexes' majority (an area with no hexes)
        row = [z.number, z.name, len(water), len([i for i, zs in enumerate(zones) if z.number in zs]) - len(water), wz]
        rows.append(row + [z.entry_mp or "", z.interception or "", _yes(z.gridded)] if sea.areas else row)
    path = out_dir / "seazones.csv"
    write_csv(
        path,
        ["zone", "name", "water_hexes", "coastal_hexes", "weather"]
        + (["entry_mp", "interception", "gridded"] if sea.areas else []),
        rows,
    )
    report.written.append(path)
    # Adjacency: zones whose sea hexes touch across a hexside; straits and canals from the input.
    strait_pairs = {tuple(sorted(st.zones)): st for st in sea.straits if st.zones}
    pairs: set[tuple[int, int]] = set()
    for sd in sides:
        a, b = (cells.index[grid.hex_id(h)] for h in sd.side.hexes)
        if kind[a] == "water" and kind[b] == "water" and not lake_water[a] and not lake_water[b]:
            for za in zones[a]:
                for zb in zones[b]:
                    if za != zb:
                        pairs.add((min(za, zb), max(za, zb)))
    named = {(a, b): name for a, b, name in sea.links}
    rows = []
    for pair in sorted(pairs | set(strait_pairs) | set(named)):
        st = strait_pairs.get(pair)
        if st is not None:
            sid = _strait_side(st.side, grid, city_hex, "seazones.toml")
            rows.append([pair[0], pair[1], "strait", sid, st.name])
        else:
            rows.append([pair[0], pair[1], "open", "", named.get(pair, "")])
    for c in sea.canals:
        a, b = sorted(c.zones)
        rows.append(
            [
                a,
                b,
                "canal",
                "/".join(city_hex.get(p, p) for p in c.ports),
                f"{c.name}; {c.cost} MP" if c.cost else c.name,
            ]
        )
    path = out_dir / "seazone_links.csv"
    write_csv(path, ["zone_a", "zone_b", "kind", "via", "note"], rows)
    report.written.append(path)


def _hex_majority_of_owner(
    tag: np.ndarray, s_country: np.ndarray, country: list[str], cells, n: int, on_land: np.ndarray
) -> list[str]:
    """Per hex, the tag most of its land samples of the hex's own country carry (or "")."""
    own = np.array([country[i] for i in cells.sample_hex], dtype=object)
    mask = on_land & (s_country == own)
    tagged = np.where(tag == "", "-", tag).astype(object)
    out, _ = cellmod.majority(tagged, cells.sample_hex, n, mask)
    return ["" if v in ("-", "") else v for v in out]


def _write(
    out_dir: Path,
    grid: Grid,
    cells,
    data: HexData,
    city_rows,
    warp: Warp,
    rules: _Rules,
    vocab: Vocabulary,
    report: Report,
) -> None:
    from builder.mapmaker.writer import write_csv

    overseas_of = rules.mainland
    with_features = bool(vocab.hex_features)  # a game without feature words keeps USE's columns
    rows = []
    for i, hid in enumerate(cells.ids):
        c = data.country[i]
        row = [
            hid,
            data.kind[i],
            data.terrain[i],
            c,
            data.area[i],
            _yes(bool(c) and data.area[i] != overseas_of.get(c, data.area[i])),
            data.disputed[i],
            data.line[i],
            data.weather[i],
            ";".join(str(z) for z in data.zones[i]),
            _yes(data.lake[i]),
            _yes(data.faded[i]),
            _yes(c in rules.prohibited),
            _yes(_restricted(rules, cells.hexes[i], c)),
            _yes(data.transport[i]),
            data.land_pct[i],
        ]
        rows.append(row + [";".join(sorted(data.features[i]))] if with_features else row)
    path = out_dir / "hexes.csv"
    write_csv(
        path,
        [
            "hex",
            "kind",
            "terrain",
            "country",
            "area",
            "overseas",
            "disputed",
            "line",
            "weather",
            "seazones",
            "lake",
            "faded_dot",
            "prohibited",
            "restricted",
            "transport",
            "land_pct",
        ]
        + (["features"] if with_features else []),
        rows,
    )
    report.written.append(path)
    crow = []
    for hid, c in sorted(city_rows, key=lambda t: t[0]):
        i = cells.index[hid]
        zones = c.zones or (data.zones[i] if "port" in c.roles else ())
        crow.append(
            [
                hid,
                c.name,
                _yes("capital" in c.roles),
                _yes("factory" in c.roles),
                _yes("port" in c.roles),
                data.country[i],
                ";".join(str(z) for z in zones),
                f"{c.lat:.4f}",
                f"{c.lon:.4f}",
                c.geonameid or "",
                c.note,
            ]
        )
    path = out_dir / "cities.csv"
    write_csv(
        path,
        ["hex", "name", "capital", "factory", "port", "country", "seazones", "lat", "lon", "geonameid", "note"],
        crow,
    )
    report.written.append(path)
    frows = [
        [
            p.point.name,
            p.point.kind,
            p.point.target,
            p.hex_id,
            f"{p.point.lat:.3f}",
            f"{p.point.lon:.3f}",
            f"{p.affine_error:.2f}",
            f"{p.final_error:.3f}",
            p.final_hex,
            p.point.rule,
        ]
        for p in warp.placed
    ]
    path = out_dir / "fit_report.csv"
    write_csv(
        path,
        ["name", "kind", "given", "hex", "lat", "lon", "affine_error_hexes", "final_error_hexes", "final_hex", "rule"],
        frows,
    )
    report.written.append(path)


def _restricted(rules: _Rules, h, country: str) -> bool:
    """A restricted hex (USE 1.3.10): the settings' country, east of its row's last column."""
    limit = rules.restricted_after.get(h.row)
    return (
        bool(rules.restricted_country) and country == rules.restricted_country and limit is not None and h.col > limit
    )


def _yes(flag: bool) -> str:
    return "yes" if flag else ""


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
