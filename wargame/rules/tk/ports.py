"""Open Ports and Supply Convoys (Glossary "Open Port", "Naval Base", 2.2.1, 10.2, 13.6.1.1): the
naval part of a supply line and of a Port-to-Port move.

    Who(faction, nation, policy)         whose line or move: posture decides which convoys serve
    Ports(sit)                           the position's Open Ports and convoys, each found once
        .zones_of(hex) .open_port(hex, zone, faction) .ports(zone, faction) .convoys(zone, who)

An Open Port of a faction: a Port with its ground unit, Airdrop, Detachment or Logistics marker,
or in its active Country (a Dependent is none); its Beachhead; an off-map box that is a port (the
box's own rule, not asked here); never with an enemy ground or Air unit or marker in it, an Ice
hex in North Snow, an enemy Fleet in the zone's On Station box, or an enemy Air unit there within
three hexes of a Naval Base of its faction (a Port with its ground unit, Detachment or Logistics:
whether that unit is supplied is not asked, which would make one side's trace depend on the
other's). Mutual interdiction is not judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from records import frozen

if TYPE_CHECKING:
    from wargame.rules.tk.ground import Situation

__all__ = ["Ports", "Who"]


@frozen
class Who:
    """Whose line: the faction, the counter's nation, and its posture's Policy ("" at War)."""

    faction: str
    nation: str
    policy: str = ""


class Ports:
    """The Open Ports and convoys of one position, each found once."""

    def __init__(self, sit: Situation):
        self.sit = sit
        self.tables = sit.tables
        self._open: dict[tuple[str, int, str], bool] = {}
        self._bases: dict[str, frozenset[str]] = {}
        self._port_lists: dict[tuple[int, str], list[str]] = {}

    def zones_of(self, hex_id: str) -> tuple[int, ...]:
        if hex_id in self.tables.port_zones:
            return self.tables.port_zones[hex_id]
        if self.sit.beachhead(hex_id):
            return self.sit.map.hexes[hex_id].seazones
        return ()

    def open_port(self, hex_id: str, zone: int, faction: str) -> bool:
        """The hex is an Open Port of the faction in the zone (Glossary "Open Port")."""
        key = (hex_id, zone, faction)
        if key not in self._open:
            self._open[key] = self._is_open(hex_id, zone, faction)
        return self._open[key]

    def _is_open(self, h: str, zone: int, f: str) -> bool:
        sit, pieces = self.sit, self.sit.data["pieces"]
        words = (pieces["airdrop"], pieces["detachment"], "Logistics")
        beach = sit.beachhead(h)
        if beach:
            if beach != f:
                return False
        elif h in self.tables.port_zones:
            held = sit.has_friendly_unit(h, f, ground_only=True) or any(
                w in words and owner == f for w, owner in sit.marks(h)
            )
            own = sit.side_of(sit.owner(h)) == f and sit.status(sit.owner(h)) == "active" and not sit.dependent(h)
            if not (held or own):
                return False
        else:
            return False
        if sit.has_enemy_unit(h, f, kinds=("ground", "air")) or sit.enemy_marker(h, f, words):
            return False
        w = sit.data["weather"]
        if sit.map.hexes[h].has(w["ice_feature"]) and sit.weather_by_area.get("north") == w["snow"]:
            return False
        station = self.box(zone, sit.data["supply"]["on_station_suffix"])
        for u in sit.pos.units_in(station) if station else ():
            if not sit.pack.enemies(u.faction, f):
                continue
            if u.kind == "naval":
                return False
            if u.kind == "air" and self._near_base(h, u.faction):
                return False
        return True

    def _near_base(self, h: str, enemy: str) -> bool:
        rng = int(self.sit.data["supply"]["air_interdiction_range"])
        grid = self.sit.map.grid
        here = grid.parse(h)
        return any(grid.distance(here, grid.parse(b)) <= rng for b in self._naval_bases(enemy))

    def _naval_bases(self, faction: str) -> frozenset[str]:
        """Port hexes with a ground unit, Detachment or Logistics marker of the faction, no enemy
        Air unit, no Beachhead, no Ice in Snow (Glossary "Naval Base"; supply not asked)."""
        if faction not in self._bases:
            sit, pieces = self.sit, self.sit.data["pieces"]
            out = set()
            for h in self.tables.port_zones:
                if not (
                    sit.has_friendly_unit(h, faction, ground_only=True)
                    or any(w in (pieces["detachment"], "Logistics") and o == faction for w, o in sit.marks(h))
                ):
                    continue
                if sit.has_enemy_unit(h, faction, kinds=("air",)) or sit.beachhead(h):
                    continue
                out.add(h)
            self._bases[faction] = frozenset(out)
        return self._bases[faction]

    def box(self, zone: int, suffix: str) -> str:
        for b in self.sit.map.boxes.values():
            if b.code.endswith(suffix) and b.adjacent_zones == (zone,):
                return b.code
        return ""

    def convoys(self, zone: int, who: Who) -> tuple[str, ...]:
        """The friendly Supply Convoys in the zone's Convoys box the counter may use: marker
        ids, or "inherent" for a printed inherent Western Supply Convoy (2.2.1, 10.2)."""
        sit, sup = self.sit, self.sit.data["supply"]
        box = self.box(zone, sup["convoys_box_suffix"])
        if not box:
            return ()
        out: list[str] = []
        if who.faction == sup["inherent_faction"] and sup["inherent_text"] in sit.map.boxes[box].printed:
            out.append("inherent")
        axis = sit.data["country"]["conqueror"]
        for m in sit.pos.markers_in(box):
            if (
                not m.flipped
                or m.faction != who.faction
                or not any(m.key.startswith(p) for p in sup["convoy_prefixes"])
            ):
                continue
            policy = sit.policy_of(m.nationality) if m.nationality else ""
            if not who.policy:
                if policy and who.faction != axis:
                    continue
            elif (sit.war_state == "pre-war" and m.nationality != who.nation) or (
                sit.war_state != "pre-war" and policy != who.policy
            ):
                continue
            out.append(m.id)
        return tuple(out)

    def ports(self, zone: int, faction: str) -> list[str]:
        """The faction's Open Ports of the zone: Port hexes and friendly Beachheads."""
        key = (zone, faction)
        if key not in self._port_lists:
            ports = [q for q in self.tables.ports.get(zone, ()) if self.open_port(q, zone, faction)]
            for m in self.sit.pos.markers:
                if (
                    m.hex
                    and m.key == self.sit.data["pieces"]["beachhead"]
                    and m.hex in self.sit.map.hexes
                    and zone in self.sit.map.hexes[m.hex].seazones
                    and self.open_port(m.hex, zone, faction)
                ):
                    ports.append(m.hex)
            self._port_lists[key] = ports
        return self._port_lists[key]
