"""The committed map data of a game (scenarios/<game>/map/): hexes, hexsides, cities, Sea Zones,
Map Boxes, as frozen dataclasses, and the words a game's map may use (game.toml [map]). Read
from the files by wargame.mapfiles (load, load_for_game).

    vocabulary_of(settings, source) -> Vocabulary     game.toml's [map] words
    load_game(key) -> MapData                 a game's map by key (cached through the registry)
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
from dataclasses import fields, replace
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

from records import frozen
from wargame.errors import DataError, near_miss
from wargame.grid import Grid, Hex, Layout
from wargame.hexsides import SideInfo, SideTable

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
        """Pickled with its hexsides as rows (SideTable) and its adjacency when computed, each
        (next hex, water, line) step one object: most repeat in the rows of the hexes around
        the next hex, and the cache stores a repeat as a reference (half the adjacency's load)."""
        state = dict(self.__dict__)
        state["hexes"] = _HexRows(self.hexes, self.grid)
        if not isinstance(self.sides, SideTable):
            state["sides"] = SideTable(self.sides)
        adjacent = state.get("adjacent")
        if adjacent is not None:
            one: dict[tuple[str, bool, bool], tuple[str, bool, bool]] = {}
            state["adjacent"] = MappingProxyType(
                {h: tuple([one.setdefault(step, step) for step in row]) for h, row in adjacent.items()}
            )
        return state

    def only(self, keep: frozenset[Hex]) -> MapData:
        """The map cut to some hexes (the boards a scenario uses): cities kept where their hexes
        are, hexsides where one of their hexes is (an edge hexside tells what lies off the map).
        Sea Zones, links and boxes are kept whole."""
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


class _HexRows:
    """A map's hexes as the compiled cache keeps them: each hex its id, its Hex (its place among
    the grid's sorted hexes) and the number of its other values among the distinct
    ones (most hexes repeat another's terrain, country, weather ...). Unpickling made two dicts
    of twenty entries and an object for every hex, a third of a check's map load (issue 20);
    ``_hexes_from_rows`` copies one prepared dict per hex."""

    __slots__ = ("grid", "hexes")

    def __init__(self, hexes: Mapping[str, HexInfo], grid: Grid):
        self.hexes = hexes
        self.grid = grid

    def __reduce__(self) -> tuple[Any, ...]:
        names = tuple(f for f in _HEX_FIELDS if f not in ("id", "hex"))
        where = {h: i for i, h in enumerate(self.grid.hexes())}
        tails: dict[tuple[Any, ...], int] = {}
        rows = []
        for hid, info in self.hexes.items():
            if type(info) is not HexInfo or set(info.__dict__) != set(_HEX_FIELDS) or info.hex not in where:
                from wargame.compiled import mapping_proxy

                return (mapping_proxy, (dict(self.hexes),))  # not plain records: as they are
            tail = tuple([info.__dict__[n] for n in names])
            rows.append((hid, info.id, where[info.hex], tails.setdefault(tail, len(tails))))
        return (_hexes_from_rows, (self.grid, names, tuple(tails), tuple(rows)))


def _hexes_from_rows(
    grid: Grid, names: tuple[str, ...], tails: tuple[tuple[Any, ...], ...], rows: tuple
) -> Mapping[str, HexInfo]:
    """The hexes _HexRows pickled: each one's attributes a copy of its prepared dict, keyed by
    the field names (interned, as attribute lookups want them) in the fields' order."""
    import sys

    keys = tuple(sys.intern(n) for n in ("id", "hex", *names))
    prepared = [dict(zip(keys, (None, None, *tail), strict=True)) for tail in tails]
    own = grid.hexes()
    new, assign = object.__new__, object.__setattr__
    out: dict[str, HexInfo] = {}
    for key, hid, at, tail in rows:
        values = prepared[tail].copy()
        values["id"] = hid
        values["hex"] = own[at]
        info = new(HexInfo)
        assign(info, "__dict__", values)
        out[key] = info
    return MappingProxyType(out)


_HEX_FIELDS = tuple(f.name for f in fields(HexInfo))

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


def load_game(game: str) -> MapData:
    """The committed map of a game by key, read once per process (through the registry)."""
    from wargame.games import find_game

    return find_game(game).mapdata()
