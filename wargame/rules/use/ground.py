"""What every USE check needs to know about the ground: who owns and controls each hex, which
hexes and hexsides ground units may not use, and the values of rules.toml.

    rules_data_from(table, source) -> RulesData       the Player Aid Sheet values of a pack
    situation(position, mapdata=None, content=None, pack=None) -> Situation   derived facts, once
    Situation.owner(hex) / .controller(hex) / .ground_barred(hex, faction, nationality)
    Situation.side_barred(a, b) / .enemy_fort(hex, faction) / .friendly_port(hex, faction)

Ground prohibitions follow 1.3.2 (faded dot), 1.3.3 (water), 1.3.8 (prohibited countries),
1.3.10 (USSR restricted hexes), 2.1.1.1 / 10.3.3 (neutral countries) and the policy bans of
10.3.4-10.3.6. Cooperation Limits (10.3.2) are kept apart: they never block ZOC or supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from records import frozen
from wargame.content import Content
from wargame.errors import DataError
from wargame.mapdata import MapData
from wargame.rules.position import MarkerPiece, Position, Unit
from wargame.rules.use.policies import cooperation_barred as _cooperation_barred
from wargame.rules.use.policies import policy_barred as _policy_barred

if TYPE_CHECKING:
    from wargame.rules.use import Pack


@frozen
class RulesData:
    """The Player Aid Sheet values of a pack's rules.toml."""

    stacking: Mapping[str, int]
    overland_hexes: int
    limited_capacity: int
    convoy_max_sorties: int
    movement: Mapping[str, int]
    ground_prohibited: Mapping[str, bool]
    sea_supply: bool = True  # Sea Supply Lines exist (7.4.3); USWC has none
    capped_port_capacity: int = 0  # USWC 7.3: units one Western port outside the UK supplies


def rules_data_from(data: Mapping[str, Any], path: str) -> RulesData:
    """The values of a rules.toml table; DataError naming the file and key when one is wrong."""

    def table(name: str) -> dict:
        if not isinstance(data.get(name), dict):
            raise DataError(f"missing table [{name}]", str(path))
        return data[name]

    def number(tab: str, key: str) -> int:
        value = table(tab).get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DataError(f"{key} must be a whole number >= 0", str(path), f"[{tab}]")
        return value

    sea = table("supply").get("sea_lines", True)
    if not isinstance(sea, bool):
        raise DataError("sea_lines must be true or false", str(path), "[supply]")
    return RulesData(
        stacking=MappingProxyType({k: number("stacking", k) for k in table("stacking")}),
        overland_hexes=number("supply", "overland_hexes"),
        limited_capacity=number("supply", "limited_capacity"),
        convoy_max_sorties=number("supply", "convoy_max_sorties"),
        movement=MappingProxyType({k: number("movement", k) for k in table("movement")}),
        ground_prohibited=MappingProxyType({k: bool(v) for k, v in table("ground_prohibited").items()}),
        sea_supply=sea,
        capped_port_capacity=number("supply", "capped_port_capacity")
        if "capped_port_capacity" in table("supply")
        else 0,
    )


@frozen
class StaticMap:
    """Adjacency of the map with what each hexside allows, built once per map."""

    neighbours: Mapping[str, tuple[tuple[str, bool, bool], ...]]  # hex -> (next, water side, line side)


_STATIC: dict[int, tuple[MapData, StaticMap]] = {}


def static_map(mapdata: MapData) -> StaticMap:
    """The adjacency tables of a map (MapData.adjacent, built once and kept in the compiled
    cache); one StaticMap per map (MapData is not hashable)."""
    found = _STATIC.get(id(mapdata))
    if found is not None and found[0] is mapdata:
        return found[1]
    built = StaticMap(mapdata.adjacent)
    _STATIC[id(mapdata)] = (mapdata, built)
    return built


@frozen(eq=False)
class Situation:
    """A position together with the map, the content and the pack judging it, and the facts
    derived from them."""

    pos: Position
    map: MapData
    content: Content
    pack: Pack = field(repr=False)

    @property
    def rules(self) -> RulesData:
        return self.pack.data

    # -- countries -------------------------------------------------------------------------
    @cached_property
    def _cession(self) -> Mapping[str, str]:
        """Disputed-area name -> the nation that now owns it (17.0), for ceded areas."""
        out = {}
        for area in self.content.disputed_areas.values():
            if area.name in self.pos.state.ceded or area.key in self.pos.state.ceded:
                out[area.name] = area.ceded_to
        return out

    @cached_property
    def _created(self) -> Mapping[str, str]:
        """Area name -> the conditional nation now holding it (French North Africa, Syria,
        Vichy's Corsica: 13.2.2.1). The map prints these areas as French; once the country
        exists they are its own. Only an active or conquered status proves it exists: a plain
        "neutral" is also what a save says of a country never created, so France keeps them."""
        out = {}
        for abbr, nation in sorted(self.content.nations.items()):
            if nation.conditional and self.pos.state.status(abbr) in ("active", "conquered"):
                out.update(dict.fromkeys(nation.mainland + nation.overseas, abbr))
        return out

    def owner(self, hex_id: str) -> str:
        """The nation a hex belongs to now, after cessions (2.2) and created countries (13.2.2.1)."""
        info = self.map.hexes[hex_id]
        if info.disputed and info.disputed in self._cession:
            return self._cession[info.disputed]
        return self._created.get(info.area, info.country)

    def is_mainland(self, hex_id: str, nation: str) -> bool:
        """Whether a hex is in the nation's Mainland Area (ceded areas included, 2.2)."""
        info = self.map.hexes[hex_id]
        if info.disputed and info.disputed in self._cession:
            return self._cession[info.disputed] == nation
        if info.area in self._created:
            found = self.content.nations[self._created[info.area]]
            return found.abbr == nation and info.area in found.mainland
        if info.country != nation or info.overseas:
            return False
        own = self.content.nations.get(nation)
        return own is None or not own.mainland or info.area in own.mainland

    def neutral(self, hex_id: str) -> bool:
        info = self.map.hexes[hex_id]
        if not info.is_land or info.prohibited:
            return False
        return self.pos.state.status(self.owner(hex_id)) == "neutral"

    def country_side(self, hex_id: str) -> str | None:
        """The faction a hex's country joined, active or conquered (2.3: a conquered country
        stays in the faction it joined); None for a neutral, absent or ceded one."""
        nation = self.owner(hex_id)
        if self.pos.state.status(nation) not in ("active", "conquered"):
            return None
        return self.pos.state.faction_of(nation)

    def country_faction(self, hex_id: str) -> str | None:
        """The faction of the active country a hex belongs to (None: neutral or conquered)."""
        nation = self.owner(hex_id)
        return self.pos.state.faction_of(nation) if self.pos.state.status(nation) == "active" else None

    # -- pieces ----------------------------------------------------------------------------
    @cached_property
    def forts(self) -> Mapping[str, MarkerPiece]:
        return {m.hex: m for m in self.pos.markers if m.hex and m.name == "Fort"}

    def fort_nationality(self, marker: MarkerPiece) -> str:
        """The fort's nation; a flipped two-sided fort (Tobruk) shows the other one (15.12)."""
        if marker.flipped:
            back = self.content.markers.get(marker.key)
            if back is not None and back.back.startswith("Fort "):
                return back.back.split()[-1]
        return marker.nationality

    def fort_faction(self, hex_id: str) -> str | None:
        marker = self.forts.get(hex_id)
        if marker is None:
            return None
        nation = self.fort_nationality(marker)
        return self.pos.state.faction_of(nation) or marker.faction or None

    def occupies_fort(self, unit: Unit) -> bool:
        """A ground unit under a Fort marker of its own nation occupies it (4.2.3.6, 15.12)."""
        if not unit.in_fort or unit.kind != "ground" or unit.hex is None or unit.hex not in self.forts:
            return False
        return unit.nationality == self.fort_nationality(self.forts[unit.hex])

    @cached_property
    def no_ezoc(self) -> frozenset[str]:
        return frozenset(m.hex for m in self.pos.markers if m.hex and m.name == "No EZOC")

    @cached_property
    def _ground_faction(self) -> Mapping[str, str]:
        return {u.hex: u.faction for u in self.pos.units if u.hex and u.kind == "ground"}

    @cached_property
    def _unit_factions(self) -> Mapping[str, frozenset[str]]:
        out: dict[str, set[str]] = {}
        for u in self.pos.units:
            if u.hex:
                out.setdefault(u.hex, set()).add(u.faction)
        return {k: frozenset(v) for k, v in out.items()}

    def unit_factions(self, hex_id: str) -> frozenset[str]:
        return self._unit_factions.get(hex_id, frozenset())

    def friendly_ground(self, hex_id: str, faction: str) -> bool:
        return self._ground_faction.get(hex_id) == faction

    # -- cities ----------------------------------------------------------------------------
    @cached_property
    def city_hexes(self) -> frozenset[str]:
        return frozenset(c.hex for c in self.map.cities)

    @cached_property
    def _controls(self) -> Mapping[str, str | None]:
        marked = {m.hex: m.faction for m in self.pos.markers if m.hex and m.name == "Control" and m.faction}
        out: dict[str, str | None] = {}
        for h in self.city_hexes:
            if h in self._ground_faction:  # 2.3.1: control changes when a ground unit enters
                out[h] = self._ground_faction[h]
            elif h in marked:
                out[h] = marked[h]
            else:
                out[h] = self.pos.state.faction_of(self.owner(h))
        return out

    def controller(self, hex_id: str) -> str | None:
        """The faction controlling a city hex (2.3.1); None for no city or a neutral one."""
        return self._controls.get(hex_id)

    def enemy_city(self, hex_id: str, faction: str) -> bool:
        c = self._controls.get(hex_id)
        return c is not None and c != faction

    def friendly_city(self, hex_id: str, faction: str) -> bool:
        return self._controls.get(hex_id) == faction

    def enemy_fort(self, hex_id: str, faction: str) -> bool:
        f = self.fort_faction(hex_id)
        return f is not None and f != faction

    @cached_property
    def ports(self) -> frozenset[str]:
        mulberries = {m.hex for m in self.pos.markers if m.hex and m.name == "Mulberry"}
        return frozenset({c.hex for c in self.map.cities if c.port} | mulberries)

    def friendly_port(self, hex_id: str, faction: str) -> bool:
        if hex_id not in self.ports:
            return False
        if hex_id in self.city_hexes:
            return self.friendly_city(hex_id, faction)
        return faction == "western" and not (self.unit_factions(hex_id) - {faction})  # Mulberry, 15.16

    def port_zones(self, hex_id: str) -> tuple[int, ...]:
        zones = set(self.map.hexes[hex_id].seazones)
        for c in self.map.cities:
            if c.hex == hex_id:
                zones.update(c.seazones)
        return tuple(sorted(zones))

    def enemy_marker(self, hex_id: str, faction: str, names: tuple[str, ...]) -> bool:
        return any(m.name in names and self.pack.enemies(m.faction, faction) for m in self.pos.markers_in(hex_id))

    # -- prohibitions ----------------------------------------------------------------------
    def side_barred(self, a: str, b: str) -> tuple[str, str] | None:
        """(rule, reason) why ground units may not cross the hexside a/b, or None."""
        for nid, water, line in static_map(self.map).neighbours[a]:
            if nid == b:
                return ("1.3.3", "water hexside") if water and self.water_side_barred(line) else None
        return ("2.1", "not adjacent")

    def water_side_barred(self, line: bool) -> bool:
        """Whether a water hexside bars ground units: always, unless a Transport Line crosses it
        and rules.toml says such a crossing carries ground movement (Messina: 1.3.3, 4.1.4, 5.3.5)."""
        rules = self.rules.ground_prohibited
        if not rules["water_hexside"]:
            return False
        return not line or rules.get("water_hexside_on_transport_line", True)

    def ground_barred(self, hex_id: str, faction: str, nationality: str) -> tuple[str, str] | None:
        """(rule, reason) why ground units of this faction and nation may not enter a hex, or None.

        Covers 1.3.2, 1.3.3, 1.3.8, 1.3.10, 2.1.1.1 and the policy bans (10.3.4-10.3.6);
        not Cooperation Limits, which never block ZOC or supply (10.3.2)."""
        info = self.map.hexes[hex_id]
        rules = self.rules.ground_prohibited
        if info.kind == "water" and rules["water_hex"]:
            return ("1.3.3", "water hex")
        if info.prohibited and rules["prohibited_country"]:
            return ("1.3.8", "prohibited country")
        if info.faded_dot and rules["faded_dot"]:
            return ("1.3.2", "faded dot hex")
        if info.restricted and nationality != "USSR" and rules["ussr_restricted_for_others"]:
            return ("1.3.10", "USSR restricted hex")
        if self.neutral(hex_id) and rules["neutral_country"]:
            return ("2.1.1.1", f"neutral country {self.owner(hex_id)}")
        return self.policy_barred(hex_id, faction, nationality)

    def policy_barred(self, hex_id: str, faction: str, nationality: str) -> tuple[str, str] | None:
        """(rule, reason) why a policy keeps this faction's (and nation's) counters out of a hex:
        they may not move, retreat, trace or be placed there (10.3.4-10.3.6); None if none does.
        A conquered country still belongs to the faction it joined (2.3)."""
        return _policy_barred(self, hex_id, faction, nationality)

    def cooperation_barred(self, hex_id: str, faction: str, nationality: str) -> tuple[str, str] | None:
        """(rule, reason) why Cooperation Limits keep a counter out of a hex (10.3.2): never for
        ZOC or supply lines, which are the caller's to leave out."""
        return _cooperation_barred(self, hex_id, faction, nationality)

    def move_barred(self, hex_id: str, faction: str, nationality: str) -> tuple[str, str] | None:
        """What keeps a ground unit from entering a hex by movement: ground_barred plus
        Cooperation Limits (10.3.2)."""
        return self.ground_barred(hex_id, faction, nationality) or self.cooperation_barred(hex_id, faction, nationality)

    # -- the map's east edge (Central Russia) -------------------------------------------------
    @cached_property
    def east_edge(self) -> frozenset[str]:
        """USSR land hexes on the east map edge: their east neighbour is off the map. USSR ground
        and air units move between these and the Central Russia Map Box (1.3.5, 4.2.2, 4.2.3)."""
        g = self.map.grid
        out = set()
        for hid, info in self.map.hexes.items():
            if not info.is_land or info.country != "USSR":
                continue
            east = g.step(info.hex, g.directions[0])
            if not g.contains(east) or g.hex_id(east) not in self.map.hexes:
                out.add(hid)
        return frozenset(out)

    def weather(self, hex_id: str) -> str:
        """The weather of a hex: its zone's fixed weather, else the game state's (Fair if unknown)."""
        zone = self.map.hexes[hex_id].weather
        return self.content.settings.fixed_weather.get(zone) or self.pos.state.weather.get(zone, "Fair")


def situation(
    position: Position, mapdata: MapData | None = None, content: Content | None = None, pack: Pack | None = None
) -> Situation:
    """The pack's view of a position; the game's own map, content and pack unless given."""
    from wargame.games import find_game

    game = find_game(position.game)
    position = with_nation_factions(position)
    # the position's game plays by USE's pack or one built on it
    use_pack = pack or cast("Pack", game.pack())
    return Situation(position, mapdata or game.mapdata(position.boards), content or game.content(), use_pack)


def with_nation_factions(position: Position) -> Position:
    """The position with each unit in the faction its country has joined (13.1.1).

    A counter's Faction property is only where its country usually ends up (French North
    Africa's counters say Axis); a scenario or a game can put the country elsewhere (the Free
    French of 1944 are Western), and the rules follow the country, not the printed side."""
    state = position.state
    changed = False
    units = []
    for u in position.units:
        joined = state.faction_of(u.nationality) if state.status(u.nationality) == "active" else None
        if joined and joined != u.faction:
            u = replace(u, faction=joined)
            changed = True
        units.append(u)
    return replace(position, units=tuple(units)) if changed else position


def units_on_hexes(position: Position) -> tuple[Unit, ...]:
    return tuple(u for u in position.units if u.hex)
