"""The committed map data of a game (scenarios/<game>/map/): hexes, hexsides, cities, Sea Zones,
Map Boxes. Loaded into frozen dataclasses; every error names the file, line and field.

    load(folder, grid=None, vocabulary=None) -> MapData
    load_for_game(game) -> MapData            the game's map (own folder, or borrowed + overrides)
    load_game(key) -> MapData                 the same by game key (cached through the registry)
    MapData.hex("3014") -> HexInfo            MapData.side("2914", "2915") -> SideInfo
    MapData.city("Paris") -> City             MapData.cities_in("3014") -> tuple[City, ...]
    MapData.zone_link(10, 11) -> ZoneLink | None     MapData.box("NAO" or "North Atlantic Ocean")

Hexsides between two water hexes are not listed in hexsides.csv; they are all-water sides with
nothing on them, and `side()` answers so. Hexes are written in the grid's own ids ("3014").

What USE's columns cannot say, a game says in words: hexes.csv and hexsides.csv may carry a
`features` column (words joined by ";", each one of game.toml [map] `hex_features` /
`side_features`), and seazones.csv the columns `entry_mp`, `interception` and `gridded` of a
game whose sea spaces have them (ETO's sea areas). Files without these columns load as before.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from sys import intern
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from records import frozen
from wargame.errors import DataError, near_miss
from wargame.grid import Grid, Hex, Layout
from wargame.hexsides import SideInfo, SideTable

if TYPE_CHECKING:
    from wargame.games import Game

# The layout all committed map geometry is written in: hexes of radius 1, the top-left corner
# of the map's bounding box (hex 0101's west edge, row 01's top point) at (0, 0). USE's; any
# grid's own is unit_layout(grid).
UNIT_LAYOUT = Layout.regular(1.0, Hex(1, 1), x=math.sqrt(3) / 2, y=1.0)


def unit_layout(grid: Grid) -> Layout:
    """Hexes of radius 1, the top-left corner of the bounding box of the first hex's plane at
    (0, 0): the layout a game's geometry.json is written in (UNIT_LAYOUT for USE's grid)."""
    ref = grid.hexes()[0]
    left, top, _, _ = grid.bounds(Layout.regular(1.0, ref, 0.0, 0.0))
    return Layout.regular(1.0, ref, x=0.0 - left, y=0.0 - top)


KINDS = ("land", "coastal", "water")
_NO_WORDS: frozenset[str] = frozenset()
BORDERS = ("international", "disputed")


@frozen
class Vocabulary:
    """The words a game's map data may use (game.toml [map]): terrains, which of them are
    rough, weather zones, and the feature words of hexes and hexsides."""

    terrains: tuple[str, ...] = ("clear", "woods", "hills", "swamp", "desert")
    rough: frozenset[str] = frozenset(("woods", "hills", "swamp", "desert"))
    weather: tuple[str, ...] = ("cold", "mild", "warm", "desert")
    hex_features: tuple[str, ...] = ()
    side_features: tuple[str, ...] = ()
    zone_label: str = ""  # sea zones printed by name, called this in the key ("Naval Zone"); "": numbered
    line_label: str = ""  # what the `line` areas' borders are called in the key ("Region border")


USE_VOCABULARY = Vocabulary()
TERRAINS = USE_VOCABULARY.terrains
ROUGH = USE_VOCABULARY.rough
WEATHER = USE_VOCABULARY.weather


@frozen
class HexInfo:
    """One hex of the map (hexes.csv): terrain, country, Sea Zones and what rules read of it."""

    id: str
    hex: Hex
    kind: str  # land, coastal or water (1.3.3; coastal = land hex with Sea Zone water)
    terrain: str  # a terrain of the game's vocabulary ("" for water)
    country: str  # 16.0 abbreviation, SWI / PER / SAU for the prohibited countries
    area: str  # Mainland or Overseas Area name
    overseas: bool
    disputed: str  # Disputed Area name (17.0) or ""
    line: str  # a later line's area (Vichy) or ""
    weather: str  # cold, mild, warm, desert
    seazones: tuple[int, ...]
    lake: bool  # holds lake water (not Sea Zone water)
    faded_dot: bool
    prohibited: bool
    restricted: bool  # USSR restricted hex (1.3.10)
    transport: bool  # a Transport Line runs through it
    land_pct: int
    rough_terrains: frozenset[str] = ROUGH
    features: frozenset[str] = frozenset()  # words of game.toml [map] hex_features

    def has(self, feature: str) -> bool:
        return feature in self.features

    @property
    def is_land(self) -> bool:
        """Any land in it, wholly or partly (1.3.3): land and coastal hexes."""
        return self.kind != "water"

    @property
    def is_coastal(self) -> bool:
        return self.kind == "coastal"

    @property
    def is_water(self) -> bool:
        return self.kind == "water"

    @property
    def is_rough(self) -> bool:
        return self.terrain in self.rough_terrains


@frozen
class City:
    """A city of the map (cities.csv): its hex, whether capital, factory or port."""

    name: str
    hex: str
    capital: bool
    factory: bool
    port: bool
    country: str
    seazones: tuple[int, ...]
    lat: float
    lon: float
    geonameid: int
    note: str


@frozen
class SeaZone:
    """A Sea Zone or sea area (seazones.csv)."""

    number: int
    name: str
    water_hexes: int
    coastal_hexes: int
    weather: str
    entry_mp: int = 0  # naval movement points to enter (0: the game's rule says)
    interception: int = 0  # the printed interception modifier (ETO's "INT -2")
    gridded: bool = True  # the area's hexes are printed (ETO 7.2: some sea areas have no grid)


@frozen
class ZoneLink:
    """Two Sea Zones that touch (seazone_links.csv), openly or by a strait or canal."""

    a: int
    b: int
    kind: str  # open, strait or canal
    via: str  # the strait's hexside or the canal's two port hexes
    note: str


@frozen
class Box:
    """A Map Box (boxes.csv) and the boxes and Sea Zones it connects to."""

    code: str
    name: str
    friendly: str
    adjacent_boxes: tuple[str, ...]
    adjacent_zones: tuple[int, ...]
    ground_edge: bool  # USSR ground and air movement to the east-edge hexes (Central Russia)
    note: str
    printed: str = ""  # the rules printed in the box on the map (a USWC box's own rules, 1.3.4)


@frozen
class MapData:
    """A game's whole map: the grid, every hex and listed hexside, cities, Sea Zones and Map Boxes."""

    folder: Path
    grid: Grid
    hexes: Mapping[str, HexInfo]
    sides: Mapping[str, SideInfo]
    cities: tuple[City, ...]
    zones: Mapping[int, SeaZone]
    links: tuple[ZoneLink, ...]
    boxes: Mapping[str, Box]
    sea_areas: bool = False  # seazones.csv gives entry costs, interception and grids (ETO's sea areas)

    def hex(self, hex_id: str) -> HexInfo:
        h = self.grid.parse(hex_id)
        return self.hexes[self.grid.hex_id(h)]

    def side(self, a: str, b: str) -> SideInfo:
        """The hexside between two adjacent hexes; unlisted sides are all water."""
        s = self.grid.hexside(self.grid.parse(a), self.grid.parse(b))
        sid = self.grid.hexside_id(s)
        found = self.sides.get(sid)
        if found is not None:
            return found
        return SideInfo(
            id=sid,
            side=s,
            water=True,
            river=False,
            border="",
            land_border=False,
            line="",
            strait="",
            strait_zones=(),
            transport=False,
            land_pct=0,
        )

    def sides_of(self, hex_id: str) -> tuple[SideInfo, ...]:
        h = self.grid.parse(hex_id)
        return tuple(self.side(hex_id, self.grid.hex_id(n)) for n in self.grid.neighbours(h))

    def city(self, name: str) -> City:
        for c in self.cities:
            if c.name.lower() == name.strip().lower():
                return c
        raise DataError(
            f'no city "{name}" on the map{near_miss(name, [c.name for c in self.cities])}',
            str(self.folder / "cities.csv"),
        )

    def cities_in(self, hex_id: str) -> tuple[City, ...]:
        hid = self.grid.hex_id(self.grid.parse(hex_id))
        return tuple(c for c in self.cities if c.hex == hid)

    def zone_link(self, a: int, b: int) -> ZoneLink | None:
        lo, hi = min(a, b), max(a, b)
        for link in self.links:
            if (link.a, link.b) == (lo, hi):
                return link
        return None

    def zone_neighbours(self, zone: int) -> tuple[int, ...]:
        return tuple(sorted({link.b if link.a == zone else link.a for link in self.links if zone in (link.a, link.b)}))

    @cached_property
    def adjacent(self) -> Mapping[str, tuple[tuple[str, bool, bool], ...]]:
        """Each hex's neighbours on this map, in the grid's direction order, with what the
        hexside between says: (next hex, all-water side, Transport Line across). Hexes off the
        map (a window on a larger grid) are left out. Built once and kept with the map in the
        compiled cache: every supply and ZOC search walks it."""
        g = self.grid
        ids = {info.hex: hid for hid, info in self.hexes.items()}
        sides = {(s.side.a, s.side.b): s for s in self.sides.values()}
        out: dict[str, tuple[tuple[str, bool, bool], ...]] = {}
        for hid, info in self.hexes.items():
            row = []
            h = info.hex
            for n in g.neighbours(h):
                if n not in ids:
                    continue
                side = sides.get((h, n) if h < n else (n, h))
                water = True if side is None else side.water
                row.append((ids[n], water, bool(side and side.transport)))
            out[hid] = tuple(row)
        return MappingProxyType(out)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with its hexsides as rows (SideTable) and its adjacency when computed."""
        state = dict(self.__dict__)
        if not isinstance(self.sides, SideTable):
            state["sides"] = SideTable(self.sides)
        return state

    def only(self, keep: frozenset[Hex]) -> MapData:
        """The map cut to some hexes (the boards a scenario uses): cities kept where their hexes
        are, hexsides where one of their hexes is (an edge hexside tells what lies off the map).
        Sea Zones, links and boxes are kept whole."""
        from dataclasses import replace

        return replace(
            self,
            hexes=MappingProxyType({k: v for k, v in self.hexes.items() if v.hex in keep}),
            sides=SideTable({k: v for k, v in self.sides.items() if v.side.a in keep or v.side.b in keep}),
            cities=tuple(c for c in self.cities if self.hexes[c.hex].hex in keep),
        )

    def box(self, key: str) -> Box:
        for b in self.boxes.values():
            if key.strip().lower() in (b.code.lower(), b.name.lower()):
                return b
        names = [b.name for b in self.boxes.values()] + list(self.boxes)
        raise DataError(f'no Map Box "{key}"{near_miss(key, names)}', str(self.folder / "boxes.csv"))


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
    own = {h: h for h in grid.hexes()}  # the grid's own Hex objects, shared: a smaller, quicker cache
    hexes: dict[str, HexInfo] = {}
    t = _Rows(
        folder / "hexes.csv",
        (
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
        ),
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
    for info in hexes.values():
        bad = [z for z in info.seazones if z not in zones]
        if bad:
            raise DataError(f"hex {info.id} names Sea Zones {bad} that seazones.csv lacks", str(folder / "hexes.csv"))

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


MAP_SETTINGS = (
    "terrains",
    "rough",
    "weather",
    "weather_from",
    "sea_zones",
    "later_lines",
    "hex_features",
    "side_features",
    "zone_label",
    "line_label",
)


def vocabulary_of(settings: Mapping[str, object], source: str) -> Vocabulary:
    """game.toml's [map] table (terrains, rough, weather, feature words, and how the art names sea
    zones and `line` borders); the default words where absent."""
    table = settings.get("map", {})
    if not isinstance(table, dict):
        raise DataError("[map] must be a table", source)
    unknown = [k for k in table if k not in MAP_SETTINGS]
    if unknown:
        raise DataError(f"unknown setting {unknown[0]}", source, "[map]")
    base = USE_VOCABULARY

    def words(key: str, default: tuple[str, ...]) -> tuple[str, ...]:
        value = table.get(key, list(default))
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise DataError(f"{key} must be a list of words", source, "[map]")
        return tuple(value)

    terrains = words("terrains", base.terrains)
    rough = words("rough", tuple(sorted(base.rough)))
    stray = [r for r in rough if r not in terrains]
    if stray:
        raise DataError(f"rough names terrains that are not in terrains: {stray}", source, "[map]")
    labels = {}
    for key in ("zone_label", "line_label"):
        value = table.get(key, "")
        if not isinstance(value, str):
            raise DataError(f"{key} must be text", source, "[map]")
        labels[key] = value
    return Vocabulary(
        terrains,
        frozenset(rough),
        words("weather", base.weather),
        words("hex_features", ()),
        words("side_features", ()),
        **labels,
    )


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
    from dataclasses import replace

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


def load_game(game: str) -> MapData:
    """The committed map of a game by key, read once per process (through the registry)."""
    from wargame.games import find_game

    return find_game(game).mapdata()
