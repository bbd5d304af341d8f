"""Reading a game's map data (wargame.mapdata's model) from its committed files,
scenarios/<game>/map/: hexes.csv, hexsides.csv, seazones.csv, seazone_links.csv, cities.csv,
boxes.csv and a borrowing game's overrides.csv. Every error names the file, line and field.

    load(folder, grid, vocabulary=None, only=None) -> MapData
    load_for_game(game) -> MapData     the game's map (own folder, or borrowed + overrides)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from sys import intern
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from wargame.errors import DataError, near_miss
from wargame.grid import Grid, Hex
from wargame.hexsides import SideInfo, SideTable
from wargame.mapdata import (
    _NO_WORDS,
    BORDERS,
    KINDS,
    USE_VOCABULARY,
    Box,
    City,
    HexInfo,
    MapData,
    SeaZone,
    Vocabulary,
    ZoneLink,
    vocabulary_of,
)

if TYPE_CHECKING:
    from wargame.games import Game


class _Rows:
    """CSV rows as dicts with their line numbers; checks the header and each field."""

    def __init__(self, path: Path, columns: tuple[str, ...]):
        import csv  # only when the map is read from its files, not from the compiled cache

        self.path = path
        try:
            with open(path, encoding="utf-8", newline="") as f:
                reader = csv.reader(f)
                lines = [
                    (reader.line_num, row) for row in reader if not (row and row[0].lstrip().startswith("#"))
                ]  # "#" lines are notes
        except FileNotFoundError:
            raise DataError("file not found", str(path)) from None
        except (UnicodeDecodeError, csv.Error) as exc:
            raise DataError(f"not a readable CSV file ({exc})", str(path)) from None
        if not lines:
            raise DataError("empty file (a header row is needed)", str(path))
        header_line, first = lines[0]
        header = [h.strip() for h in first]
        missing = [c for c in columns if c not in header]
        if missing:
            raise DataError(f"missing columns {missing}", str(path), f"line {header_line}")
        self.rows = []
        for n, values in lines[1:]:
            if not any(v.strip() for v in values):
                continue
            if len(values) > len(header):
                raise DataError(f"{len(values)} fields for {len(header)} columns", str(path), f"line {n}")
            values = values + [""] * (len(header) - len(values))
            # Interned: the same words ("clear", "GER", "") are then one object each, which the
            # compiled cache stores and makes once rather than once per row.
            self.rows.append((n, {h: intern(v.strip()) for h, v in zip(header, values)}))

    def where(self, line: int, column: str) -> str:
        return f"line {line}, {column}"

    def flag(self, line: int, row: dict, column: str) -> bool:
        v = row[column].lower()
        if v in ("", "no"):
            return False
        if v == "yes":
            return True
        raise DataError(f'"{row[column]}" must be "yes" or empty', str(self.path), self.where(line, column))

    def choice(self, line: int, row: dict, column: str, allowed: tuple[str, ...], empty: bool = False) -> str:
        v = row[column]
        if (v == "" and empty) or v in allowed:
            return v
        raise DataError(
            f'"{v}" is not one of {", ".join(allowed)}{near_miss(v, allowed)}', str(self.path), self.where(line, column)
        )

    def integer(self, line: int, row: dict, column: str, default: int | None = None) -> int:
        v = row[column]
        if v == "" and default is not None:
            return default
        try:
            return int(v)
        except ValueError:
            raise DataError(f'"{v}" is not a whole number', str(self.path), self.where(line, column)) from None

    def number(self, line: int, row: dict, column: str) -> float:
        try:
            return float(row[column])
        except ValueError:
            raise DataError(f'"{row[column]}" is not a number', str(self.path), self.where(line, column)) from None

    def words(self, line: int, row: dict, column: str, allowed: tuple[str, ...], setting: str) -> frozenset[str]:
        """Feature words joined by ";" (an optional column), each one the game's vocabulary has."""
        value = row.get(column, "")
        out = frozenset(w.strip() for w in value.split(";") if w.strip()) or _NO_WORDS
        for w in sorted(out):
            if w not in allowed:
                known = f"one of {', '.join(allowed)}" if allowed else "none (game.toml [map] has no " + setting + ")"
                raise DataError(
                    f'"{w}" is not a feature word of this game: {known}{near_miss(w, allowed)}',
                    str(self.path),
                    self.where(line, column),
                )
        return out

    def zones(self, line: int, row: dict, column: str) -> tuple[int, ...]:
        v = row[column]
        if not v:
            return ()
        try:
            return tuple(int(z) for z in v.split(";"))
        except ValueError:
            raise DataError(
                f'"{v}" must be zone numbers joined by ";"', str(self.path), self.where(line, column)
            ) from None

    def hex_id(self, grid: Grid, line: int, row: dict, column: str) -> tuple[str, Hex]:
        h = grid.parse(row[column], str(self.path), self.where(line, column))
        return grid.hex_id(h), h


def load(folder: Path, grid: Grid, vocabulary: Vocabulary | None = None, only: frozenset[Hex] | None = None) -> MapData:
    """Read every map file of a folder and check that they agree with each other.

    ``only``: the hexes to keep (a game whose boards show a window of this map); hexsides,
    cities and the grid completeness check are limited to them."""
    folder = Path(folder)
    vocab = vocabulary or USE_VOCABULARY
    hexes = _hexes(folder, grid, vocab, only)
    sides = _sides(folder, grid, vocab, only)
    zones, sea_areas = _zones(folder, vocab)
    for info in hexes.values():
        bad = [z for z in info.seazones if z not in zones]
        if bad:
            raise DataError(f"hex {info.id} names Sea Zones {bad} that seazones.csv lacks", str(folder / "hexes.csv"))

    links = _links(folder, zones)
    cities = _cities(folder, grid, only)
    boxes = _load_boxes(folder / "boxes.csv")
    return MapData(
        folder=folder,
        grid=grid,
        hexes=MappingProxyType(hexes),
        sides=SideTable(sides),
        cities=tuple(cities),
        zones=MappingProxyType(zones),
        links=tuple(links),
        boxes=boxes,
        sea_areas=sea_areas,
    )


# hexes.csv's columns, in order: read here, written by the map compiler (builder.mapmaker)
HEX_COLUMNS = (
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
)


def _hexes(folder: Path, grid: Grid, vocab: Vocabulary, only: frozenset[Hex] | None) -> dict[str, HexInfo]:
    """hexes.csv: every hex of the grid (of ``only``), once."""
    own = {h: h for h in grid.hexes()}  # the grid's own Hex objects, shared: a smaller, quicker cache
    hexes: dict[str, HexInfo] = {}
    t = _Rows(
        folder / "hexes.csv",
        HEX_COLUMNS,
    )
    for n, r in t.rows:
        hid, h = t.hex_id(grid, n, r, "hex")
        if only is not None and h not in only:
            continue
        h = own.get(h, h)
        if hid in hexes:
            raise DataError(f"hex {hid} is listed twice", str(t.path), f"line {n}")
        kind = t.choice(n, r, "kind", KINDS)
        hexes[hid] = HexInfo(
            id=hid,
            hex=h,
            kind=kind,
            terrain=t.choice(n, r, "terrain", vocab.terrains, empty=kind == "water"),
            country=r["country"],
            area=r["area"],
            overseas=t.flag(n, r, "overseas"),
            disputed=r["disputed"],
            line=r["line"],
            weather=t.choice(n, r, "weather", vocab.weather, empty=True),
            seazones=t.zones(n, r, "seazones"),
            lake=t.flag(n, r, "lake"),
            faded_dot=t.flag(n, r, "faded_dot"),
            prohibited=t.flag(n, r, "prohibited"),
            restricted=t.flag(n, r, "restricted"),
            transport=t.flag(n, r, "transport"),
            land_pct=t.integer(n, r, "land_pct", 0),
            rough_terrains=vocab.rough,
            features=t.words(n, r, "features", vocab.hex_features, "hex_features"),
        )
    absent = [grid.hex_id(h) for h in grid.hexes() if (only is None or h in only) and grid.hex_id(h) not in hexes]
    if absent:
        raise DataError(f"{len(absent)} hexes of the grid are missing, e.g. {absent[:3]}", str(t.path))
    return hexes


def _sides(folder: Path, grid: Grid, vocab: Vocabulary, only: frozenset[Hex] | None) -> dict[str, SideInfo]:
    """hexsides.csv: the sides with something on them (those touching ``only``)."""
    sides: dict[str, SideInfo] = {}
    t = _Rows(
        folder / "hexsides.csv",
        (
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
        ),
    )
    for n, r in t.rows:
        s = grid.parse_hexside(r["hexside"], str(t.path), t.where(n, "hexside"))
        if only is not None and not (s.a in only or s.b in only):
            continue  # a side on the edge of the kept hexes stays: what lies across it (USWC 5.3.4)
        sid = grid.hexside_id(s)
        if sid in sides:
            raise DataError(f"hexside {sid} is listed twice", str(t.path), f"line {n}")
        sides[sid] = SideInfo(
            id=sid,
            side=s,
            water=t.flag(n, r, "water"),
            river=t.flag(n, r, "river"),
            border=t.choice(n, r, "border", BORDERS, empty=True),
            land_border=t.flag(n, r, "land_border"),
            line=r["line"],
            strait=r["strait"],
            strait_zones=t.zones(n, r, "strait_zones"),
            transport=t.flag(n, r, "transport"),
            land_pct=t.integer(n, r, "land_pct", 0),
            features=t.words(n, r, "features", vocab.side_features, "side_features"),
        )
    return sides


def _zones(folder: Path, vocab: Vocabulary) -> tuple[dict[int, SeaZone], bool]:
    """seazones.csv: the Sea Zones, and whether they are sea areas (a ``gridded`` column)."""
    zones: dict[int, SeaZone] = {}
    t = _Rows(folder / "seazones.csv", ("zone", "name", "water_hexes", "coastal_hexes", "weather"))
    sea_areas = any("gridded" in r for _, r in t.rows)
    for n, r in t.rows:
        z = t.integer(n, r, "zone")
        zones[z] = SeaZone(
            z,
            r["name"],
            t.integer(n, r, "water_hexes", 0),
            t.integer(n, r, "coastal_hexes", 0),
            t.choice(n, r, "weather", vocab.weather, empty=True),
            entry_mp=t.integer(n, r, "entry_mp", 0) if "entry_mp" in r else 0,
            interception=t.integer(n, r, "interception", 0) if "interception" in r else 0,
            gridded=t.flag(n, r, "gridded") if "gridded" in r else True,
        )
    return zones, sea_areas


def _links(folder: Path, zones: Mapping[int, SeaZone]) -> list[ZoneLink]:
    """seazone_links.csv: which Sea Zones touch, and how."""
    links = []
    t = _Rows(folder / "seazone_links.csv", ("zone_a", "zone_b", "kind", "via", "note"))
    for n, r in t.rows:
        a, b = t.integer(n, r, "zone_a"), t.integer(n, r, "zone_b")
        for z, col in ((a, "zone_a"), (b, "zone_b")):
            if z not in zones:
                raise DataError(f"Sea Zone {z} is not in seazones.csv", str(t.path), t.where(n, col))
        links.append(
            ZoneLink(min(a, b), max(a, b), t.choice(n, r, "kind", ("open", "strait", "canal")), r["via"], r["note"])
        )
    return links


def _cities(folder: Path, grid: Grid, only: frozenset[Hex] | None) -> list[City]:
    """cities.csv: the cities (in ``only``)."""
    cities = []
    t = _Rows(
        folder / "cities.csv",
        ("hex", "name", "capital", "factory", "port", "country", "seazones", "lat", "lon", "geonameid", "note"),
    )
    for n, r in t.rows:
        hid, ch = t.hex_id(grid, n, r, "hex")
        if only is not None and ch not in only:
            continue
        cities.append(
            City(
                name=r["name"],
                hex=hid,
                capital=t.flag(n, r, "capital"),
                factory=t.flag(n, r, "factory"),
                port=t.flag(n, r, "port"),
                country=r["country"],
                seazones=t.zones(n, r, "seazones"),
                lat=t.number(n, r, "lat"),
                lon=t.number(n, r, "lon"),
                geonameid=t.integer(n, r, "geonameid", 0),
                note=r["note"],
            )
        )
    return cities


def _load_boxes(path: Path) -> Mapping[str, Box]:
    """boxes.csv: the Map Boxes, each naming the boxes it connects to."""
    boxes: dict[str, Box] = {}
    t = _Rows(path, ("box", "name", "friendly", "adjacent_boxes", "adjacent_zones", "ground_edge", "note"))
    for n, r in t.rows:
        boxes[r["box"]] = Box(
            code=r["box"],
            name=r["name"],
            friendly=r["friendly"],
            adjacent_boxes=tuple(x for x in r["adjacent_boxes"].split(";") if x),
            adjacent_zones=t.zones(n, r, "adjacent_zones"),
            ground_edge=t.flag(n, r, "ground_edge"),
            note=r["note"],
            printed=r.get("printed", ""),
        )
    for b in boxes.values():
        for other in b.adjacent_boxes:
            if other not in boxes:
                raise DataError(f'box {b.code} names unknown box "{other}"{near_miss(other, boxes)}', str(path))
    return MappingProxyType(boxes)


def load_for_game(game: Game) -> MapData:
    """The committed map of a game: its own map/ folder, or the map of the game named by
    game.toml's ``map_from`` cut to the hexes this game's boards show, with the overrides of
    its own map/overrides.csv (USWC's maps are windows on USE's)."""
    boards = game.boards()
    source = str(game.folder / "game.toml")
    vocab = vocabulary_of(game.settings, source)
    borrowed = game.settings.get("map_from")
    if borrowed is None:
        folder = game.folder / "map"
        if not folder.is_dir():
            raise DataError(f"no map data (looked in {folder})", source)
        return load(folder, boards.grid, vocab)
    from wargame.games import find_game

    if not isinstance(borrowed, str):
        raise DataError("map_from must name a game", source, "map_from")
    base = find_game(borrowed)
    shown = frozenset(h for b in boards.boards for h in b.hexes())
    data = load(
        base.folder / "map", boards.grid, vocabulary_of(base.settings, str(base.folder / "game.toml")), only=shown
    )
    data = _as_game(data, game.settings.get("map", {}), vocab, source)
    boxes = game.folder / "map" / "boxes.csv"
    data = replace(data, boxes=_load_boxes(boxes) if boxes.is_file() else MappingProxyType({}))
    overrides = game.folder / "map" / "overrides.csv"
    return apply_overrides(data, overrides, vocab) if overrides.is_file() else data


def _as_game(data: MapData, table: Mapping[str, object], vocab: Vocabulary, source: str) -> MapData:
    """A borrowed map in the borrowing game's words: weather zones renamed (weather_from), Sea
    Zones dropped when the game has none (sea_zones = false)."""
    renames = table.get("weather_from", {})
    if not isinstance(renames, dict):
        raise DataError("weather_from must be a table of old = new zone", source, "[map]")
    keep_zones = table.get("sea_zones", True)
    keep_lines = table.get("later_lines", True)
    hexes = {}
    for hid, h in data.hexes.items():
        weather = renames.get(h.weather, h.weather) if h.weather else h.weather
        if weather and weather not in vocab.weather:
            raise DataError(
                f'hex {hid}: weather "{weather}" is not one of {", ".join(vocab.weather)} (add it to weather_from)',
                source,
                "[map]",
            )
        hexes[hid] = replace(
            h, weather=weather, seazones=h.seazones if keep_zones else (), line=h.line if keep_lines else ""
        )
    out = replace(data, hexes=MappingProxyType(hexes))
    if not keep_lines:
        out = replace(out, sides=SideTable({k: replace(v, line="") for k, v in out.sides.items()}))
    if not keep_zones:
        out = replace(
            out,
            zones=MappingProxyType({}),
            links=(),
            cities=tuple(replace(c, seazones=()) for c in out.cities),
            sides=SideTable({k: replace(v, strait_zones=()) for k, v in out.sides.items()}),
        )
    return out


HEX_OVERRIDES = ("kind", "terrain", "faded_dot", "prohibited", "restricted", "transport", "country", "area")


def apply_overrides(data: MapData, path: Path, vocab: Vocabulary = USE_VOCABULARY) -> MapData:
    """overrides.csv (hex, field, value, rule, note): a game's own facts over a borrowed map."""
    t = _Rows(path, ("hex", "field", "value", "rule", "note"))
    hexes = dict(data.hexes)
    for n, r in t.rows:
        hid, _h = t.hex_id(data.grid, n, r, "hex")
        if hid not in hexes:
            raise DataError(f"hex {hid} is not on this game's boards", str(path), t.where(n, "hex"))
        field = t.choice(n, r, "field", HEX_OVERRIDES)
        if field in ("faded_dot", "prohibited", "restricted", "transport"):
            value: Any = t.flag(n, r, "value")  # bool or str: the field named decides
        elif field == "kind":
            value = t.choice(n, r, "value", KINDS)
        elif field == "terrain":
            value = t.choice(n, r, "value", vocab.terrains, empty=hexes[hid].kind == "water")
        else:
            value = r["value"]
        hexes[hid] = replace(hexes[hid], **{field: value})
    return replace(data, hexes=MappingProxyType(hexes))
