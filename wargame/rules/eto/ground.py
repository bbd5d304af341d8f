"""The ground an ETO check stands on: what every hexside lets a land unit do, the weather in
each hex, and :class:`Situation`, a position with its map, hex control and the pack.

    terrain(mapdata, data) -> Terrain        hexside codes and fortress crossings, built once per map
    Situation(pos, map, pack, control)       the position as the rules look at it

Hexside codes (24.1): ``open``; ``ferry`` (an all-sea hexside a ferry bridges: land units, their
ZOC, supply and rail cross it); ``lake`` (closed unless frozen, 1.5; rail never); ``closed``
(impassable, or all sea without a ferry, or toward an all-sea hex).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING

from wargame.rules.eto.data import RulesData
from wargame.rules.position import Position, Unit

if TYPE_CHECKING:
    from wargame.mapdata import MapData
    from wargame.rules.eto import Pack

__all__ = ["Situation", "Terrain", "terrain"]

PASSABLE = ("open", "ferry")


@dataclass(frozen=True)
class Terrain:
    """Per hex, its neighbours with the code of the hexside between (see the module's doc);
    ``fortress``: (from, into) pairs that cross a fortress hexside into the fortified hex."""

    sides: Mapping[str, tuple[tuple[str, str], ...]]
    fortress: frozenset[tuple[str, str]]


_TERRAIN: dict[int, tuple[MapData, RulesData, Terrain]] = {}


def terrain(mapdata: MapData, data: RulesData) -> Terrain:
    """The hexside table of a map, built on first use (MapData is not hashable)."""
    found = _TERRAIN.get(id(mapdata))
    if found is not None and found[0] is mapdata and found[1] is data:
        return found[2]
    built = _build(mapdata, data)
    _TERRAIN[id(mapdata)] = (mapdata, data, built)
    return built


def _build(mapdata: MapData, data: RulesData) -> Terrain:
    g = mapdata.grid
    ids = {info.hex: hid for hid, info in mapdata.hexes.items()}
    listed = {(s.side.a, s.side.b): s for s in mapdata.sides.values()}
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    fortress: set[tuple[str, str]] = set()
    for hid, info in mapdata.hexes.items():
        row = []
        for n in g.neighbours(info.hex):
            nid = ids.get(n)
            if nid is None:
                continue
            other = mapdata.hexes[nid]
            side = listed.get((info.hex, n) if info.hex < n else (n, info.hex))
            features = side.features if side is not None else frozenset()
            if info.is_water or other.is_water or features & data.closed_sides:
                code = "closed"
            elif features & data.lake_sides:
                code = "lake"
            elif side is None or side.water:
                code = "ferry" if features & data.open_sides else "closed"
            else:
                code = "open"
            if features & data.fortress_sides and other.country == data.fortified_country:
                fortress.add((hid, nid))
            row.append((nid, code))
        out[hid] = tuple(row)
    return Terrain(MappingProxyType(out), frozenset(fortress))


@dataclass(frozen=True, eq=False)
class Situation:
    """A position on the ETO map: the pieces, the map data they stand on, who controls each
    hex (hex -> faction; hexes no partnership holds are left out) and the pack."""

    pos: Position
    map: MapData
    pack: Pack = field(repr=False)
    control: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def data(self) -> RulesData:
        return self.pack.data

    @cached_property
    def terrain(self) -> Terrain:
        return terrain(self.map, self.pack.data)

    # -- who holds what ------------------------------------------------------------------
    def owner(self, hex_id: str) -> str:
        """The country a hex belongs to on the map (its home owner, not its controller)."""
        info = self.map.hexes.get(hex_id)
        return info.country if info is not None else ""

    def neutral(self, hex_id: str) -> bool:
        """A land hex no partnership controls (a neutral country's, or Switzerland)."""
        info = self.map.hexes.get(hex_id)
        return info is not None and info.is_land and hex_id not in self.control

    def controller(self, hex_id: str) -> str:
        return self.control.get(hex_id, "")

    def friendly(self, hex_id: str, faction: str) -> bool:
        """Controlled by the faction or by an allied partnership (42.5: a partner's hexes serve
        a supply line or a rail move with its owner's leave, which we assume given)."""
        held = self.control.get(hex_id, "")
        return bool(held) and (held == faction or not self.pack.enemies(held, faction) and held != "")

    def enemy_held(self, hex_id: str, faction: str) -> bool:
        held = self.control.get(hex_id, "")
        return bool(held) and self.pack.enemies(held, faction)

    # -- pieces --------------------------------------------------------------------------
    @cached_property
    def _ground(self) -> Mapping[str, tuple[Unit, ...]]:
        out: dict[str, list[Unit]] = {}
        for u in self.pos.units:
            if u.hex and u.kind == "ground":
                out.setdefault(u.hex, []).append(u)
        return {k: tuple(v) for k, v in out.items()}

    def ground_units(self, hex_id: str) -> tuple[Unit, ...]:
        return self._ground.get(hex_id, ())

    def factions_in(self, hex_id: str) -> frozenset[str]:
        return frozenset(u.faction for u in self.pos.units_in(hex_id) if u.faction)

    def enemy_units(self, hex_id: str, faction: str) -> bool:
        return any(self.pack.enemies(f, faction) for f in self.factions_in(hex_id))

    def marker_keys(self, hex_id: str) -> frozenset[str]:
        return frozenset(m.key for m in self.pos.markers_in(hex_id))

    def enemy_fort(self, hex_id: str, faction: str) -> bool:
        """A fortification marker held by an enemy of ``faction`` (its hex's controller, 24.1)."""
        return bool(self.marker_keys(hex_id) & self.data.fort_markers) and self.enemy_held(hex_id, faction)

    def enemy_fortress(self, a: str, b: str, faction: str) -> bool:
        """Crossing from ``a`` into ``b`` over a fortress hexside of ``b``, held by an enemy."""
        return (a, b) in self.terrain.fortress and self.enemy_held(b, faction)

    # -- terrain and weather -------------------------------------------------------------
    def weather(self, hex_id: str) -> str:
        info = self.map.hexes.get(hex_id)
        zone = info.weather if info is not None else ""
        return self.pos.state.weather.get(zone, "Fair") if zone else "Fair"

    def slow(self, hex_id: str) -> bool:
        """Mud or winter halves land movement here (1.2, 1.3), except on the road net (1.4)."""
        info = self.map.hexes.get(hex_id)
        return (info is not None and not info.has(self.data.road_net)
                and self.weather(hex_id) in self.data.slow_weather)

    def frozen(self) -> bool:
        """Lake hexsides are frozen: winter weather in the severe zone (1.5)."""
        return self.pos.state.weather.get(self.data.frozen_zone, "") == self.data.frozen_weather

    def can_stand(self, hex_id: str, unit_type: str) -> bool:
        """A land unit of this type may be in the hex at all (24.1)."""
        info = self.map.hexes.get(hex_id)
        if info is None or info.is_water or info.country in self.data.no_entry_countries:
            return False
        if info.features & self.data.closed_hexes:
            return False
        return info.terrain not in self.data.no_zoc_terrain.get(unit_type, frozenset())

    def crossable(self, code: str, *, rail: bool = False) -> bool:
        """A hexside a land unit (a rail move: ``rail``) may cross now (24.1, 31.3)."""
        if code in PASSABLE:
            return True
        return code == "lake" and not rail and self.frozen()

    def land_neighbours(self, hex_id: str, *, rail: bool = False) -> tuple[str, ...]:
        return tuple(n for n, code in self.terrain.sides.get(hex_id, ()) if self.crossable(code, rail=rail))
