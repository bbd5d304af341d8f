"""The ground a TK check stands on: the map's tables, built once per map, and :class:`Situation`,
a position as the rules read it.

    tables(mapdata, data) -> Tables          neighbours with their hexsides, Road/Rail links, ports
    Situation(pos, map, pack, annexed)       owners, control, postures, War State, weather, pieces

Hexside codes for a land step (3.1.1, 8, 10.2): ``land`` (river, canal and mountain are features
of it), ``strait`` (ground units, retreats and supply lines cross it; ZOC does not) and ``sea``
(All-Sea: only a Beachhead, a Marine or a Port-to-Port move crosses it). A hexside the map data
does not list is All-Sea between two water hexes and is left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from records import frozen
from wargame.rules.position import MarkerPiece, Position, Unit

if TYPE_CHECKING:
    from wargame.content import Month
    from wargame.hexsides import SideInfo
    from wargame.mapdata import MapData
    from wargame.rules.tk import Pack

__all__ = ["Situation", "Tables", "tables"]


@frozen
class Tables:
    """Per map: each hex's listed neighbours with the hexside's code and the hexside itself;
    the Road/Rail links (``net``: along a Road or Rail hexside; ``strait``: a Connected Strait);
    Road hexes (a Road symbol and no Rail: a junction is a Rail hex); Port hexes by Naval Zone and
    each Port's zones; Multi-Zone Ports; City hexes; the Central Asia edge hexes."""

    sides: Mapping[str, tuple[tuple[str, str, SideInfo], ...]]
    links: Mapping[str, tuple[tuple[str, str], ...]]
    road: frozenset[str]
    ports: Mapping[int, tuple[str, ...]]
    port_zones: Mapping[str, tuple[int, ...]]
    multi_zone: frozenset[str]
    cities: frozenset[str]
    edge: frozenset[str]


_TABLES: dict[int, tuple[Any, Any, Tables]] = {}


def tables(mapdata: MapData, data: Mapping[str, Any]) -> Tables:
    """The tables of a map, built on first use (MapData is not hashable; kept by identity)."""
    found = _TABLES.get(id(mapdata))
    if found is not None and found[0] is mapdata and found[1] is data:
        return found[2]
    built = _build(mapdata, data)
    _TABLES[id(mapdata)] = (mapdata, data, built)
    return built


def _build(mapdata: MapData, data: Mapping[str, Any]) -> Tables:
    sup = data["supply"]
    ids = {info.hex: hid for hid, info in mapdata.hexes.items()}
    rows: dict[str, list[tuple[str, str, SideInfo]]] = {h: [] for h in mapdata.hexes}
    links: dict[str, list[tuple[str, str]]] = {h: [] for h in mapdata.hexes}
    listed = {(s.side.a, s.side.b): s for s in mapdata.sides.values()}
    for hid, row in mapdata.adjacent.items():  # every neighbour: unlisted hexsides are All-Sea
        here = mapdata.hexes[hid].hex
        for nid, _water, _transport in row:
            there = mapdata.hexes[nid].hex
            side = listed.get((here, there)) or listed.get((there, here)) or mapdata.side(hid, nid)
            rows[hid].append((nid, _code(side), side))
    for side in mapdata.sides.values():
        a, b = ids.get(side.side.a), ids.get(side.side.b)
        if a is None or b is None:
            continue  # an edge hexside of a window on the map
        code = _code(side)
        on_net = side.has(sup["rail"]) or side.has(sup["road"])
        if on_net and (code == "land" or (code == "strait" and side.has(sup["connected_strait"]))):
            kind = "net" if code == "land" else "strait"
            links[a].append((b, kind))
            links[b].append((a, kind))
    road = frozenset(h for h, i in mapdata.hexes.items() if i.has(sup["road"]) and not i.has(sup["rail"]))
    port_zones: dict[str, tuple[int, ...]] = {}
    for c in mapdata.cities:
        if c.port and c.hex in mapdata.hexes:
            zones = tuple(sorted(set(c.seazones) | set(mapdata.hexes[c.hex].seazones)))
            if zones:
                port_zones[c.hex] = zones
    by_zone: dict[int, list[str]] = {}
    for h, zones in sorted(port_zones.items()):
        for z in zones:
            by_zone.setdefault(z, []).append(h)
    return Tables(
        MappingProxyType({h: tuple(sorted(v, key=lambda t: t[0])) for h, v in rows.items()}),
        MappingProxyType({h: tuple(sorted(v)) for h, v in links.items()}),
        road,
        MappingProxyType({z: tuple(v) for z, v in by_zone.items()}),
        MappingProxyType(port_zones),
        frozenset(h for h, i in mapdata.hexes.items() if i.has(sup["multi_zone_port"])),
        frozenset(c.hex for c in mapdata.cities if c.hex in mapdata.hexes),
        frozenset(h for h, i in mapdata.hexes.items() if i.has(sup["edge_feature"])),
    )


def _code(side: SideInfo) -> str:
    return "strait" if side.strait else "sea" if side.water else "land"


@dataclass(frozen=True, eq=False)
class Situation:
    """A position on the TK map with the pack's reading of it. ``annexed``: the Countries made
    part of Germany by a Reich Annex marker in their Capital (13.2.1, 14.30)."""

    pos: Position
    map: MapData
    pack: Pack = field(repr=False)
    annexed: frozenset[str] = frozenset()

    @property
    def data(self) -> Mapping[str, Any]:
        return self.pack.data

    @cached_property
    def tables(self) -> Tables:
        return tables(self.map, self.pack.data)

    # -- countries ---------------------------------------------------------------------------
    def owner(self, hex_id: str) -> str:
        """The Country a hex belongs to now ("" for water and land of no country)."""
        info = self.map.hexes.get(hex_id)
        if info is None:
            return ""
        if info.country in self.annexed:
            return self.data["country"]["annexed_to"]
        return info.country

    def dependent(self, hex_id: str) -> bool:
        """A hex of a Dependent (the map's overseas areas, 13.3.1): never a friendly Country."""
        info = self.map.hexes.get(hex_id)
        return info is not None and info.overseas and info.country not in self.annexed

    def status(self, country: str) -> str:
        return self.pos.state.status(country)

    def side_of(self, country: str) -> str:
        """The faction of an active or conquered Country ("" for a neutral or absent one)."""
        return self.pos.state.faction_of(country) or ""

    def closed_country(self, hex_id: str) -> bool:
        """Land of a Neutral Minor Country, or of one not in play (13.4): nothing enters it."""
        c = self.owner(hex_id)
        return bool(c) and self.status(c) in ("neutral", "absent")

    def neutral(self, hex_id: str) -> bool:
        """For pictures: land no faction's country holds."""
        info = self.map.hexes.get(hex_id)
        return info is not None and info.is_land and self.closed_country(hex_id)

    def enemy_country(self, hex_id: str, faction: str) -> bool:
        """In an active enemy Country or its Dependents (Conquered Allied Countries are not: 5,
        10.2)."""
        c = self.owner(hex_id)
        return bool(c) and self.status(c) == "active" and self.pack.enemies(self.side_of(c), faction)

    def home(self, hex_id: str, nation: str) -> bool:
        """A hex of the nation's Home Country: its own land, not a Dependent (Glossary)."""
        return self.owner(hex_id) == nation and not self.dependent(hex_id)

    # -- postures and the War State ------------------------------------------------------------
    @cached_property
    def policies(self) -> Mapping[str, str]:
        """Country -> the Policy whose marker is in its Posture Box (13.6, 13.6.1)."""
        post = self.data["posture"]
        out: dict[str, str] = {}
        for key, boxes in self.pos.state.tracked_all.items():
            if not key.startswith(post["policy_prefix"]):
                continue
            policy = key[len(post["policy_prefix"]) :]
            for box in boxes:
                for country in post["boxes"].get(box, ()):
                    out[country] = policy
                side = post["minor_boxes"].get(box)
                if side:
                    for abbr, n in self.pos.state.nations.items():
                        nation = self.pack.game.content().nations.get(abbr)
                        if (
                            nation is not None
                            and not nation.major
                            and n.status == "active"
                            and n.faction == side
                            and abbr not in post["minor_boxes_except"]
                        ):
                            out[abbr] = policy
        return MappingProxyType(out)

    def policy_of(self, nation: str) -> str:
        return self.policies.get(nation, "")

    def pac_hex(self, hex_id: str) -> str:
        """The Policy affecting a Land hex (its Country's), or ""."""
        return self.policies.get(self.owner(hex_id), "")

    @cached_property
    def war_state(self) -> str:
        """pre-war, limited, total, or "" when the save does not show the marker (12)."""
        post = self.data["posture"]
        for box in self.pos.state.tracked_all.get(post["war_state_marker"], ()):
            if box in post["war_states"]:
                return str(post["war_states"][box])
        return ""

    # -- turn and weather ----------------------------------------------------------------------
    @cached_property
    def turn(self) -> Month | None:
        """The turn (the month it starts in) from the save's Month, else the Turn marker's box."""
        from wargame.content import Month

        settings = self.pack.game.content().settings
        for text in (self.pos.state.month, self.pos.state.tracked.get("turn", "")):
            if not text:
                continue
            try:
                return Month.parse(text)
            except ValueError:
                pass
            for m in settings.turns():
                if settings.turn_label(m) == text:
                    return m
        return None

    def scheduled(self, area: str) -> str:
        """The weather the turn track gives an area this turn (ours but Apr-May, rules.toml)."""
        from wargame.content.model import MONTHS

        if self.turn is None:
            return ""
        return str(self.data["weather"].get(area, {}).get(MONTHS[self.turn.month - 1], "Fair"))

    @cached_property
    def weather_by_area(self) -> Mapping[str, str]:
        """Area -> weather in force: the turn track's schedule (11), else the save's reminder."""
        out = {}
        for area in self.pack.game.content().settings.weather_zones:
            out[area] = self.scheduled(area) or self.pos.state.weather.get(area, "Fair")
        return MappingProxyType(out)

    def weather(self, hex_id: str) -> str:
        info = self.map.hexes.get(hex_id)
        if info is None or not info.weather:
            return "Fair"
        return self.weather_by_area.get(info.weather, "Fair")

    # -- pieces ----------------------------------------------------------------------------------
    @cached_property
    def roles(self) -> Mapping[str, str]:
        """Unit piece id -> the marker its counter shows when flipped to a marker back
        (Detachment, Airdrop, Escort Troop Convoy ...); units showing a unit side are left out."""
        content = self.pack.game.content()
        backs = content.settings.units.marker_backs
        out = {}
        for u in self.pos.units:
            if u.reduced:
                design = content.units.get(u.key)
                if design is not None and design.back in backs:
                    out[u.id] = design.back
        return MappingProxyType(out)

    def is_ground(self, u: Unit) -> bool:
        """A ground unit showing a unit side (not a Detachment or Airdrop marker)."""
        return u.kind == "ground" and u.id not in self.roles

    @cached_property
    def _by_hex(
        self,
    ) -> Mapping[str, tuple[tuple[Unit, ...], tuple[Unit, ...], tuple[tuple[str, str], ...]]]:
        """Hex -> (ground units, support units, (marker word, faction) of the markers there:
        Detachment and Airdrop backs, Logistics, Partisan Base, Beachhead)."""
        pieces = self.data["pieces"]
        ground: dict[str, list[Unit]] = {}
        support: dict[str, list[Unit]] = {}
        marks: dict[str, list[tuple[str, str]]] = {}
        for u in self.pos.units:
            if u.hex is None:
                continue
            role = self.roles.get(u.id)
            if role:
                marks.setdefault(u.hex, []).append((role, u.faction))
            elif u.kind == "ground":
                ground.setdefault(u.hex, []).append(u)
            else:
                support.setdefault(u.hex, []).append(u)
        for m in self.pos.markers:
            if m.hex is None:
                continue
            word = self._marker_word(m, pieces)
            if word:
                faction = m.faction or (self._partisan_side(m.hex) if word == pieces["partisan_base"] else "")
                marks.setdefault(m.hex, []).append((word, faction))
        out = {}
        for h in set(ground) | set(support) | set(marks):
            out[h] = (tuple(ground.get(h, ())), tuple(support.get(h, ())), tuple(marks.get(h, ())))
        return out

    @staticmethod
    def _marker_word(m: MarkerPiece, pieces: Mapping[str, Any]) -> str:
        if m.key.startswith(pieces["logistics_prefix"]):
            return "Logistics"
        if m.key in (pieces["partisan_base"], pieces["beachhead"]):
            return m.key
        return ""

    def _partisan_side(self, hex_id: str) -> str:
        """A Partisan Base is its Minor Country's (10.1): that country's faction."""
        return self.side_of(self.owner(hex_id))

    def ground_units(self, hex_id: str) -> tuple[Unit, ...]:
        found = self._by_hex.get(hex_id)
        return found[0] if found else ()

    def support_units(self, hex_id: str) -> tuple[Unit, ...]:
        found = self._by_hex.get(hex_id)
        return found[1] if found else ()

    def marks(self, hex_id: str) -> tuple[tuple[str, str], ...]:
        found = self._by_hex.get(hex_id)
        return found[2] if found else ()

    def has_friendly_unit(self, hex_id: str, faction: str, *, ground_only: bool = False) -> bool:
        found = self._by_hex.get(hex_id)
        if not found:
            return False
        units = found[0] if ground_only else found[0] + found[1]
        return any(u.faction == faction for u in units)

    def has_enemy_unit(self, hex_id: str, faction: str, *, kinds: tuple[str, ...] = ("ground", "air", "naval")) -> bool:
        found = self._by_hex.get(hex_id)
        if not found:
            return False
        return any(u.kind in kinds and self.pack.enemies(u.faction, faction) for u in found[0] + found[1])

    def enemy_marker(self, hex_id: str, faction: str, words: tuple[str, ...]) -> str:
        """The first enemy marker of those words in the hex ("" if none)."""
        for word, owner in self.marks(hex_id):
            if word in words and self.pack.enemies(owner, faction):
                return word
        return ""

    def beachhead(self, hex_id: str) -> str:
        """ "" if no Beachhead marker, else its faction: the marker's, or its ground units' ("?"
        when neither says)."""
        word = self.data["pieces"]["beachhead"]
        for w, owner in self.marks(hex_id):
            if w == word:
                if owner:
                    return owner
                units = self.ground_units(hex_id)
                return units[0].faction if units else "?"
        return ""

    # -- control (Glossary "Control") -----------------------------------------------------------
    def control(self, hex_id: str) -> str:
        """Priority 2: a faction's ground unit, Detachment or Logistics marker in the hex; 3: an
        active Country of a faction or its Dependents, a Conquered Allied Minor Country (with its
        Dependents) for the Axis. Priority 1 (Devastation) is not read: the module does not
        tell an Axis bomber's Devastation back from the unit."""
        for u in self.ground_units(hex_id):
            return u.faction
        for word, owner in self.marks(hex_id):
            if owner and word in (self.data["pieces"]["detachment"], "Logistics"):
                return owner
        c = self.owner(hex_id)
        if not c:
            return ""
        if self.status(c) == "active":
            return self.side_of(c)
        if self.status(c) == "conquered":
            return str(self.data["country"]["conqueror"])
        return ""
