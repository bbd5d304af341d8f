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
from dataclasses import field
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING

from records import frozen
from wargame.rules.eto.data import RulesData
from wargame.rules.position import Position, Unit

if TYPE_CHECKING:
    from wargame.mapdata import MapData
    from wargame.rules.eto import Pack

__all__ = ["Situation", "Terrain", "terrain"]

PASSABLE = ("open", "ferry")


@frozen
class Terrain:
    """Per hex, the neighbours a land unit might reach with the code of the hexside between
    (see the module's doc; closed hexsides are left out); ``fortress``: (from, into) pairs that
    cross a fortress hexside into the fortified hex."""

    sides: Mapping[str, tuple[tuple[str, str], ...]]
    fortress: frozenset[tuple[str, str]]
    land: frozenset[str]  # hexes a land unit may stand in (24.1: no water, all-lake, Switzerland)
    passable: Mapping[str, tuple[str, ...]]  # neighbours across open and ferry hexsides
    lakes: Mapping[str, tuple[str, ...]]  # neighbours across lake hexsides (frozen: crossable, not by rail)


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
    """From the listed hexsides only: a hexside the map data does not list is all water, which
    no land unit, ZOC, supply line or rail move crosses (so it needs no entry)."""
    ids = {info.hex: hid for hid, info in mapdata.hexes.items()}
    rows: dict[str, list[tuple[str, str]]] = {hid: [] for hid in mapdata.hexes}
    fortress: set[tuple[str, str]] = set()
    for side in mapdata.sides.values():
        a, b = ids.get(side.side.a), ids.get(side.side.b)
        if a is None or b is None:
            continue  # an edge hexside of a window on the map
        ia, ib = mapdata.hexes[a], mapdata.hexes[b]
        features = side.features
        if ia.is_water or ib.is_water or features & data.closed_sides:
            code = "closed"
        elif features & data.lake_sides:
            code = "lake"
        elif side.water:
            code = "ferry" if features & data.open_sides else "closed"
        else:
            code = "open"
        if code == "closed":
            continue
        rows[a].append((b, code))
        rows[b].append((a, code))
        if features & data.fortress_sides:
            if ib.country == data.fortified_country:
                fortress.add((a, b))
            if ia.country == data.fortified_country:
                fortress.add((b, a))
    land = frozenset(
        h
        for h, i in mapdata.hexes.items()
        if i.is_land and i.country not in data.no_entry_countries and not i.features & data.closed_hexes
    )
    passable = {h: tuple(n for n, c in v if c in PASSABLE) for h, v in rows.items()}
    lakes = {h: tuple(n for n, c in v if c == "lake") for h, v in rows.items()}
    return Terrain(
        MappingProxyType({h: tuple(v) for h, v in rows.items()}),
        frozenset(fortress),
        land,
        MappingProxyType(passable),
        MappingProxyType(lakes),
    )


@frozen(eq=False)
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
        return bool(held) and (held == faction or (not self.pack.enemies(held, faction) and held != ""))

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
        return info is not None and not info.has(self.data.road_net) and self.weather(hex_id) in self.data.slow_weather

    def frozen(self) -> bool:
        """Lake hexsides are frozen: winter weather in the severe zone (1.5)."""
        return self.pos.state.weather.get(self.data.frozen_zone, "") == self.data.frozen_weather

    def can_stand(self, hex_id: str, unit_type: str) -> bool:
        """A land unit of this type may be in the hex at all (24.1)."""
        if hex_id not in self.terrain.land:
            return False
        barred = self.data.no_zoc_terrain.get(unit_type)
        return not barred or self.map.hexes[hex_id].terrain not in barred

    def crossable(self, code: str, *, rail: bool = False) -> bool:
        """A hexside a land unit (a rail move: ``rail``) may cross now (24.1, 31.3)."""
        if code in PASSABLE:
            return True
        return code == "lake" and not rail and self.frozen()

    @cached_property
    def _frozen(self) -> bool:
        return self.frozen()

    def land_neighbours(self, hex_id: str, *, rail: bool = False) -> tuple[str, ...]:
        """The hexes a land unit (a rail move) may step to from here (24.1, 1.5, 31.3)."""
        t = self.terrain
        if rail or not self._frozen:
            return t.passable.get(hex_id, ())
        return t.passable.get(hex_id, ()) + t.lakes.get(hex_id, ())
