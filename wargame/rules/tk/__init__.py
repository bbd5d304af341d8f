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
from functools import cached_property
from typing import TYPE_CHECKING, Any

from wargame.rules import Finding
from wargame.rules.pack import Record, RulesPack
from wargame.rules.position import Position, Unit
from wargame.rules.results import SupplyReport, Zoc
from wargame.rules.tk.ground import Situation
from wargame.rules.tk.stacking import placement_findings, stacking_findings
from wargame.rules.tk.supply import supply_report
from wargame.rules.tk.zoc import zoc_of

if TYPE_CHECKING:
    from wargame.mapdata import MapData

__all__ = ["Pack", "Situation"]


class Pack(RulesPack):
    """Totaler Krieg!: three factions, each the enemy of both others (13.1)."""

    judged: tuple[str, ...] = ("stacking", "placement", "supply", "zoc")
    marks_supply = False  # 10.2: traced for each counter when a rule asks, never marked

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
        if not marked:
            return frozenset()
        out = set()
        for abbr, nation in self.game.content().nations.items():
            if not nation.capital:
                continue
            city = next((c for c in mapdata.cities if c.name == nation.capital), None)
            if city is not None and city.hex in marked:
                out.add(abbr)
        return frozenset(out)

    def zoc_of(self, sit: Situation, unit: Unit) -> frozenset[str]:
        return zoc_of(sit, unit)

    def supply(self, sit: Situation, zoc: Zoc) -> SupplyReport:
        return supply_report(sit, zoc)

    def stacking(self, sit: Situation) -> list[Finding]:
        return stacking_findings(sit, self.data["stacking"])

    def placement(self, sit: Situation, zoc: Zoc) -> list[Finding]:
        notes = [*weather_notes(sit), *posture_notes(sit)]
        return [*placement_findings(sit, self.data["placement"]), *notes]

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

    # -- audits -----------------------------------------------------------------------------
    def move_judge(self, record: Record) -> Any:
        from wargame.rules.tk.audit import MoveJudge

        return MoveJudge(self, record)

    def phase_kind(self, phase: str) -> tuple[str, str | None]:
        """The Operational and Reserve Movement Phases are a faction's moves (3, 5)."""
        low = phase.lower()
        faction = next((f for f in self.factions if low.startswith(f)), None)
        moves = self.data["movement"]
        if moves["operational"].lower() in low or moves["reserve"].lower() in low:
            return "operations", faction
        return "other", faction


def weather_notes(sit: Situation) -> list[Finding]:
    """11: where the save's weather reminders (14.41) differ from the turn track's schedule, which
    the check follows."""
    out = []
    for area, scheduled in sit.weather_by_area.items():
        shown = sit.pos.state.weather.get(area, "")
        if sit.scheduled(area) and shown and shown.lower() != scheduled.lower():
            why = (
                f"the Weather track shows {shown} in the {area.capitalize()} area, but the turn "
                f"track gives {scheduled} for this turn: judged by {scheduled} (11, 14.41)"
            )
            out.append(Finding("11", "placement", "", (), (area,), why, severity="note"))
    return out


def posture_notes(sit: Situation) -> list[Finding]:
    """13.6.1.1: each Policy Affected Country, and what its Policy changes in the check."""
    content = sit.pack.game.content()
    out = []
    for country, policy in sorted(sit.policies.items()):
        marker = content.markers.get(f"{sit.data['posture']['policy_prefix']}{policy}")
        name = marker.front if marker is not None else policy
        nation = content.nations.get(country)
        why = (
            f"{nation.name if nation else country} is under {name}, a Policy Affected Country: "
            "its units project no ZOC and no ZOC reaches its hexes; Allied units at War neither "
            "enter them nor trace supply through them (13.6.1.1)"
        )
        out.append(Finding("13.6.1.1", "placement", sit.side_of(country), (), (country,), why,
                           severity="note"))  # fmt: skip
    return out
