"""The TK rules pack: Axis Empires: Totaler Krieg! over a frozen position. The first, smallest
pack: enough to judge where a scenario's counters stand; the rest is the next pack's work.

What it judges, and what each rule rests on:

* **Owners** (13.2, 13.3, 14.30): a hex belongs to the Country the map names (a Dependent's or
  Region's hex too); a Country whose Capital holds a Reich Annex marker is Germany's.
* **Zones of control** (8): every ground unit into the six hexes round it, except across
  Mountain, All-Sea and Strait hexsides.
* **Stacking** (9.1, 9.2; stacking): 3 friendly ground units and 6 steps a hex (3 and 3 with
  the Limited Stacking symbol); never two HQs or two fortresses; units of one Minor Country at
  most, Exp units excepted; never units of two factions in one hex (3.1.4).
* **Placement** (Glossary, 2.2.3.1, 13.4; placement): ground units on Land hexes of the map's
  countries, never in a Neutral country; units in an off-map box only of the faction it is
  friendly to; fleets in All-Sea hexes or On Station boxes; no ground unit in a Naval Zone box.
  A scenario setup also starts no ground unit inside an active enemy country (ours).

Not judged yet (issue 17): supply (10: the rail and road grammar, naval legs), Ceded Land
markers (13.8.1; they lie in the Ceded Lands Box, off the map), multi-national units counting as
both nationalities (13.8.3), Policy and Truce Affected Countries (13.6: PAC hexes take no ZOC),
support-unit ranges and bases (2.2.3), and moves in a log.

    Pack(game)      the pack the registry hands out (wargame.games)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from wargame.rules import Finding
from wargame.rules.pack import RulesPack
from wargame.rules.position import Position, Unit
from wargame.rules.results import SupplyReport, Zoc
from wargame.rules.tk.stacking import placement_findings, stacking_findings

if TYPE_CHECKING:
    from wargame.mapdata import MapData

__all__ = ["Pack", "Situation"]

ZOC_BLOCKING_SIDES = ("mountain",)  # 8: besides All-Sea and Strait hexsides


@dataclass(frozen=True)
class Situation:
    """A position with its map and who owns each hex now."""

    pos: Position
    map: MapData
    pack: Pack
    annexed: frozenset[str]  # Countries made part of Germany by a Reich Annex marker (14.30)

    def owner(self, hex_id: str) -> str:
        """The Country a hex belongs to now ("" for water and land of no country)."""
        country = self.map.hexes[hex_id].country
        if country in self.annexed:
            return self.pack.data["country"]["annexed_to"]
        return country


class Pack(RulesPack):
    """Totaler Krieg!: three factions, each the enemy of both others (13.1)."""

    judged: tuple[str, ...] = ("stacking", "placement", "zoc")

    @cached_property
    def data(self) -> Mapping[str, Any]:
        return self.toml("rules.toml")

    def situation(self, position: Position, mapdata: MapData | None = None) -> Situation:
        if mapdata is None:
            mapdata = self.game.mapdata(position.boards)
        return Situation(position, mapdata, self, self._annexed(position, mapdata))

    def _annexed(self, position: Position, mapdata: MapData) -> frozenset[str]:
        """13.2.1, 14.30: the Countries whose Capital holds a Reich Annex marker."""
        name = self.data["country"]["annex_marker"]
        marked = {m.hex for m in position.markers if m.name == name and m.hex}
        out = set()
        for abbr, nation in self.game.content().nations.items():
            if not nation.capital:
                continue
            city = next((c for c in mapdata.cities if c.name == nation.capital), None)
            if city is not None and city.hex in marked:
                out.add(abbr)
        return frozenset(out)

    def zoc_of(self, sit: Situation, unit: Unit) -> frozenset[str]:
        """8: the six hexes round a ground unit, not across Mountain, All-Sea or Strait hexsides."""
        if unit.kind != "ground" or unit.hex is None or unit.hex not in sit.map.hexes:
            return frozenset()
        out = set()
        for side in sit.map.sides_of(unit.hex):
            if side.water or side.strait or any(side.has(f) for f in ZOC_BLOCKING_SIDES):
                continue
            a, b = (sit.map.grid.hex_id(h) for h in (side.side.a, side.side.b))
            out.add(b if a == unit.hex else a)
        return frozenset(out)

    def supply(self, sit: Situation, zoc: Zoc) -> SupplyReport:
        """Supply (10) is not judged yet: no lines and no findings, and counters carry no state."""
        return SupplyReport({}, (), marks=False)

    def stacking(self, sit: Situation) -> list[Finding]:
        return stacking_findings(sit, self.data["stacking"])

    def placement(self, sit: Situation, zoc: Zoc) -> list[Finding]:
        return placement_findings(sit, self.data["placement"])

    def setup_problems(self, position: Position, mapdata: MapData) -> list[tuple[str, str, str]]:
        """A setup starts each ground unit on its own side of the front (ours: the rules allow
        units in enemy countries in play, but a scenario that begins with one there says why
        in its note, "exception setup: ...")."""
        sit = self.situation(position, mapdata)
        out = []
        for u in position.units:
            if u.kind != "ground" or u.hex is None or u.hex not in mapdata.hexes:
                continue
            owner = sit.owner(u.hex)
            if position.state.status(owner) != "active":
                continue
            side = position.state.faction_of(owner)
            if side and self.enemies(side, u.faction):
                out.append(
                    (u.id, "setup", f"starts in {owner}, an active country of the {side} faction")
                )
        return out
