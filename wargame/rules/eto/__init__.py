"""The ETO rules pack, a first and deliberately small one: who is whose enemy (42.5), zones of
control (25.1), land stacking and the partnerships' stacking bans (24.2, 42.4, 42.5, 45.6) and
where units may stand at all (24.1, 7.2). Weather is not read: a lake hexside blocks ZOC even in
a winter month, when it is frozen (1.5). Supply (32.0-33.0) is NOT judged yet: it needs hex
control, fronts and supply markers, which a fuller pack will bring; until then the check says
so in a note instead of pretending every unit is supplied.

    Pack(game)      the pack the registry hands out (wargame.games)

Numbers the rules print (stacking limits, which types exert ZOC) live in rules.toml beside this
file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from wargame.rules import Finding
from wargame.rules.pack import RulesPack
from wargame.rules.position import Position, Unit
from wargame.rules.results import SupplyReport, Zoc

if TYPE_CHECKING:
    from wargame.mapdata import HexInfo, MapData, SideInfo

__all__ = ["Pack", "Situation"]


@dataclass(frozen=True)
class Situation:
    """A position on the ETO map: the pieces and the map data they stand on."""

    pos: Position
    map: MapData
    pack: Pack

    def owner(self, hex_id: str) -> str:
        """The country a hex belongs to on the map (its home owner, not its controller)."""
        info = self.map.hexes.get(hex_id)
        return info.country if info is not None else ""

    def neutral(self, hex_id: str) -> bool:
        """A land hex of a country that is neutral in this position."""
        owner = self.owner(hex_id)
        return bool(owner) and self.pos.state.faction_of(owner) is None and owner in self.pos.state.nations

    def fort(self, hex_id: str, faction: str) -> bool:
        """A fortification marker of ``faction``'s side in the hex (24.1, 25.1)."""
        data = self.pack.data
        return any(m.key in data.fort_markers and (not m.faction or m.faction == faction)
                   for m in self.pos.markers_in(hex_id))


@dataclass(frozen=True)
class RulesData:
    zoc_types: frozenset[str]  # unit types that exert a ZOC (25.1)
    no_zoc_terrain: dict[str, frozenset[str]]  # unit type -> terrains it exerts no ZOC into
    stack_types: frozenset[str]  # land units that count for stacking (24.2)
    stack_limit: int  # land units in an ordinary hex
    stack_limit_city_resource: int  # in a city resource hex
    soviet_bonus: int  # more for a stack of Soviet units only (24.2)
    soviet_nation: str
    never_together: tuple[tuple[str, str], ...]  # nations whose land units never stack (42.4)
    separate_factions: tuple[tuple[str, str], ...]  # allied factions that never share a hex (42.5)
    lone_types: frozenset[str]  # units destroyed when stacked with a friendly land unit (45.6)
    fort_markers: frozenset[str]  # marker keys that block enemy ZOC (25.1)
    no_entry_countries: frozenset[str]  # countries no unit may enter (24.1: Switzerland)
    closed_hexes: frozenset[str]  # hex features no land unit enters (24.1: all-lake hexes)
    closed_sides: frozenset[str]  # hexside features no land unit crosses (24.1)
    open_sides: frozenset[str]  # features that open an all-water hexside (ferry crossings, 24.1)


def _data(table: Any) -> RulesData:
    z, s = table["zoc"], table["stacking"]
    return RulesData(
        zoc_types=frozenset(z["types"]),
        no_zoc_terrain={t: frozenset(v) for t, v in z.get("not_into_terrain", {}).items()},
        stack_types=frozenset(s["types"]), stack_limit=s["limit"],
        stack_limit_city_resource=s["limit_city_resource"], soviet_bonus=s["soviet_bonus"],
        soviet_nation=s["soviet_nation"],
        never_together=tuple(tuple(p) for p in s["never_together"]),
        separate_factions=tuple(tuple(p) for p in s["separate_factions"]),
        lone_types=frozenset(s["lone_types"]), fort_markers=frozenset(z["fort_markers"]),
        no_entry_countries=frozenset(table["placement"]["no_entry_countries"]),
        closed_hexes=frozenset(table["placement"]["closed_hexes"]),
        closed_sides=frozenset(z["closed_sides"]), open_sides=frozenset(z["open_sides"]))


class Pack(RulesPack):
    """World War II: European Theater of Operations: three partnerships, the Western and Soviet
    ones allied against the Axis (42.5)."""

    judged = ("stacking", "placement", "zoc")  # supply is not judged yet
    marks_supply = False  # nothing here applies supply states to counters

    @cached_property
    def data(self) -> RulesData:
        return _data(self.toml("rules.toml"))

    # -- who fights whom (42.5): allies from factions.csv ------------------------------------
    def enemies(self, a: str, b: str) -> bool:
        if not a or not b or a == b:
            return False
        factions = self.game.content().factions
        return a not in factions or b not in factions[a].allies

    # -- the pipeline -------------------------------------------------------------------------
    def situation(self, position: Position, mapdata: MapData | None = None) -> Situation:
        if mapdata is None:
            mapdata = self.game.mapdata(position.boards)
        return Situation(position, mapdata, self)

    def zoc_of(self, sit: Situation, unit: Unit) -> frozenset[str]:
        """25.1: infantry and armour project a ZOC into the six hexes around them, but not into a
        hex they could not enter (water, lake, a country no unit enters; armour not into marsh),
        not across an all-water hexside, and not into a hex holding an enemy fortification."""
        data = self.data
        if unit.type not in data.zoc_types or unit.hex is None:
            return frozenset()
        here = sit.map.hexes.get(unit.hex)
        if here is None:
            return frozenset()
        grid = sit.map.grid
        out = set()
        for n in grid.neighbours(here.hex):
            hid = grid.hex_id(n)
            info = sit.map.hexes.get(hid)
            if info is None or not self._enterable(info, unit):
                continue
            side = sit.map.side(unit.hex, hid)
            if side is not None and _closed(side, self.data):
                continue
            if any(sit.fort(hid, f) for f in self.factions if self.enemies(unit.faction, f)):
                continue
            out.add(hid)
        return frozenset(out)

    def _enterable(self, info: HexInfo, unit: Unit) -> bool:
        data = self.data
        if info.is_water or info.country in data.no_entry_countries or info.features & data.closed_hexes:
            return False
        return info.terrain not in self.data.no_zoc_terrain.get(unit.type, frozenset())

    def supply(self, sit: Situation, zoc: Zoc) -> SupplyReport:
        """Not judged yet: one note per faction says so (32.0)."""
        factions = sorted({u.faction for u in sit.pos.units if u.faction})
        notes = tuple(Finding("32.0", "supply", f, (), (), "supply lines are not traced yet for this game "
                              "(hex control, fronts and supply markers are still to come)", severity="note")
                      for f in factions)
        return SupplyReport({}, notes, marks=False)

    def stacking(self, sit: Situation) -> list[Finding]:
        data = self.data
        out: list[Finding] = []
        for place in sit.pos.occupied:
            info = sit.map.hexes.get(place)
            if info is None:
                continue  # an off-map box: unlimited (7.8)
            units = sit.pos.units_in(place)
            factions = sorted({u.faction for u in units if u.faction})
            for i, a in enumerate(factions):
                for b in factions[i + 1:]:
                    if self.enemies(a, b):
                        out.append(_finding("24.2", a, units, place, f"{a} and {b} units share the hex"))
                    elif (a, b) in data.separate_factions or (b, a) in data.separate_factions:
                        out.append(_finding("42.5", a, units, place,
                                            f"{a} and {b} units may never share a hex"))
            land = [u for u in units if u.kind == "ground" and u.type in data.stack_types]
            limit = data.stack_limit_city_resource if _city_resource(sit.map, place) else data.stack_limit
            if land and all(u.nationality == data.soviet_nation for u in land):
                limit += data.soviet_bonus
            if len(land) > limit:
                out.append(_finding("24.2", land[0].faction, land, place,
                                    f"{len(land)} land units stacked, at most {limit} here"))
            nations = {u.nationality for u in land}
            for a, b in data.never_together:
                if a in nations and b in nations:
                    out.append(_finding("42.4", land[0].faction, land, place,
                                        f"{a} and {b} land units may not stack together"))
            lone = [u for u in units if u.type in data.lone_types]
            for p in lone:
                friends = [u for u in land if u.faction == p.faction]
                if friends:
                    out.append(_finding("45.6", p.faction, [p, *friends], place,
                                        "a partisan stacked with a friendly land unit is eliminated"))
        return out

    def placement(self, sit: Situation, zoc: Zoc) -> list[Finding]:
        """24.1: land units stand on land, never in a country no unit may enter; 7.2: ships stand
        in coastal or all-sea hexes (or boxes), never inland."""
        out: list[Finding] = []
        for u in sit.pos.units:
            info = sit.map.hexes.get(u.hex) if u.hex else None
            if info is None:
                continue
            if info.country in self.data.no_entry_countries:
                out.append(_finding("24.1", u.faction, [u], u.hex, f"no unit may enter {info.country}"))
            elif u.kind == "ground" and (info.is_water or info.features & self.data.closed_hexes):
                out.append(_finding("24.1", u.faction, [u], u.hex, "a land unit in an all-sea or all-lake hex"))
            elif u.kind == "naval" and info.kind == "land":
                out.append(_finding("7.2", u.faction, [u], u.hex, "a ship in an all-land hex"))
        return out


def _city_resource(mapdata: MapData, hex_id: str) -> bool:
    """A city resource hex (24.2: three land units): a city in a resource hex."""
    info = mapdata.hexes.get(hex_id)
    return info is not None and info.has("resource") and bool(mapdata.cities_in(hex_id))


def _closed(side: SideInfo, data: RulesData) -> bool:
    """A hexside no land unit crosses, so no ZOC either (25.1): all water without a ferry,
    impassable, or a lake hexside (frozen lakes in winter are not judged: weather is left out)."""
    if side.features & data.closed_sides:
        return True
    return side.water and not side.features & data.open_sides


def _finding(rule: str, faction: str, units: list[Unit] | tuple[Unit, ...], place: str, reason: str) -> Finding:
    return Finding(rule, "stacking" if rule != "24.1" and rule != "7.2" else "placement", faction,
                   tuple(sorted(u.id for u in units)), (place,), reason)
