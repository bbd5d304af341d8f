"""The compiled files under scenarios/<game>/map/: hexes.csv, cities.csv, fit_report.csv,
hexsides.csv, seazones.csv and seazone_links.csv (geometry.json is shapes.py's)."""

from __future__ import annotations

from pathlib import Path

from builder.mapmaker.cells import Cells
from builder.mapmaker.cities import CityEntry
from builder.mapmaker.fit import Warp
from builder.mapmaker.overrides import strait_side
from builder.mapmaker.report import HexData, Report
from builder.mapmaker.settings import Rules, restricted
from wargame.grid import Grid
from wargame.mapdata import Vocabulary
from wargame.mapfiles import HEX_COLUMNS


def write_hexes(
    out_dir: Path,
    grid: Grid,
    cells: Cells,
    data: HexData,
    city_rows: list[tuple[str, CityEntry]],
    warp: Warp,
    rules: Rules,
    vocab: Vocabulary,
    report: Report,
) -> None:
    """hexes.csv, cities.csv and fit_report.csv."""
    _hexes_csv(out_dir, cells, data, rules, vocab, report)
    _cities_csv(out_dir, cells, data, city_rows, report)
    _fit_report_csv(out_dir, warp, report)


def _hexes_csv(out_dir: Path, cells: Cells, data: HexData, rules: Rules, vocab: Vocabulary, report: Report) -> None:
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
            yes(bool(c) and data.area[i] != overseas_of.get(c, data.area[i])),
            data.disputed[i],
            data.line[i],
            data.weather[i],
            ";".join(str(z) for z in data.zones[i]),
            yes(data.lake[i]),
            yes(data.faded[i]),
            yes(c in rules.prohibited),
            yes(restricted(rules, cells.hexes[i], c)),
            yes(data.transport[i]),
            data.land_pct[i],
        ]
        rows.append(row + [";".join(sorted(data.features[i]))] if with_features else row)
    path = out_dir / "hexes.csv"
    write_csv(
        path,
        [*HEX_COLUMNS, *(["features"] if with_features else [])],
        rows,
    )
    report.written.append(path)


def _cities_csv(
    out_dir: Path, cells: Cells, data: HexData, city_rows: list[tuple[str, CityEntry]], report: Report
) -> None:
    from builder.mapmaker.writer import write_csv

    crow = []
    for hid, c in sorted(city_rows, key=lambda t: t[0]):
        i = cells.index[hid]
        zones = c.zones or (data.zones[i] if "port" in c.roles else ())
        crow.append(
            [
                hid,
                c.name,
                yes("capital" in c.roles),
                yes("factory" in c.roles),
                yes("port" in c.roles),
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


def _fit_report_csv(out_dir: Path, warp: Warp, report: Report) -> None:
    from builder.mapmaker.writer import write_csv

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


def write_sides(out_dir: Path, sides, vocab: Vocabulary, report: Report) -> None:
    from builder.mapmaker.writer import write_csv

    with_features = bool(vocab.side_features)  # a game without feature words keeps USE's columns
    rows = []
    for sd in sides:
        if sd.water and not (sd.strait or sd.transport or sd.border or sd.features):
            continue  # all-water hexsides are the default
        row = [
            sd.sid,
            yes(sd.water),
            yes(sd.river),
            sd.border,
            yes(bool(sd.border) and not sd.water and not sd.strait),
            sd.line_border,
            sd.strait,
            ";".join(str(z) for z in sd.strait_zones),
            yes(sd.transport),
            round(100 * sd.land_frac),
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


def write_zones(
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
        rows.append(row + [z.entry_mp or "", z.interception or "", yes(z.gridded)] if sea.areas else row)
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
            sid = strait_side(st.side, grid, city_hex, "seazones.toml")
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


def yes(flag: bool) -> str:
    return "yes" if flag else ""
