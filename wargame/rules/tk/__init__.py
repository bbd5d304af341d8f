"""The TK rules pack: Axis Empires: Totaler Krieg! (the 2012 living rules) over a frozen position.

What it judges, and what each rule rests on (scenarios/tk/README.md, "The rules pack", has the
same note with what is ours):

* **Owners, control, postures, War State, weather** (ground.py): a hex belongs to the Country the
  map names, a Dependent's or Region's hex too; a Country whose Capital holds a Reich Annex marker
  is Germany's (13.2.1, 14.30). Control by the Glossary's priorities 2 and 3 (units, Detachments,
  Logistics; active countries and their Dependents, Conquered Allied Countries for the Axis). A
  Policy marker in a Posture Box of the tracks board makes its Countries Policy Affected (13.6,
  13.6.1); the Europe War State marker's cell gives the War State (12). The weather of each area
  is the turn track's for the save's turn (11; rules.toml [weather], ours but Apr-May), else the
  save's Weather track; a reminder that differs from the schedule is a note (14.41).
* **Zones of control** (8, 13.6.1.1; zoc.py): every ground unit into its six neighbours, not across
  Mountain, All-Sea or Strait hexsides (a Beachhead Hexside passes), not into a Policy Affected
  Country's hexes, none from its units; no fortress exception; Detachment and Airdrop markers on
  unit backs project none.
* **Stacking** (9.1, 9.2; stacking.py): 3 friendly ground units and 6 steps a hex (3 and 3 with
  the Limited Stacking symbol); never two HQs or two fortresses; one Minor Country's units at
  most, Exp units excepted; never units of two factions in one hex (3.1.4); off-map boxes hold
  any number. Enforced at the end of every phase and segment: a finding names the phase the save
  stands in (read from the module's turn tracker) as the one it is due by; an audit judges
  stacking at each phase's end, not after each step.
* **Placement** (Glossary, 2.2.3.1, 13.4; stacking.py): ground units on Land hexes of the map's
  countries, never in a Neutral country; units in an off-map box only of its faction; fleets in
  All-Sea hexes or On Station boxes. A setup starts no ground unit inside an active enemy country
  (ours). Notes name each Policy Affected Country and what its Policy changes.
* **Supply** (10.1-10.3, 13.6.1.1, Glossary "Open Port"; supply.py): traced for every counter,
  never marked (``marks_supply`` False: `check --apply` has nothing to write): two free hexes,
  then Road/Rail with one Road stretch or one Connected Strait, naval legs between Open Ports with
  a friendly Supply Convoy in each zone (Multi-Zone Ports chain zones), the faction's off-map
  boxes; to Home Country Cities, Partisan Bases, the Western boxes, Central Asia and the east
  edge. Each line has its path; an unsupplied unit is a note saying why and what it may not do.
* **Moves in a log** (3, 3.1.1-3.1.4, 3.2, 5, 8.2, 11.3-11.5; movement.py, transport.py,
  audit.py): terrain and Road/Rail costs, the minimum move, EZOC by phase and weather, overruns,
  where units may not go, the whole-MA procedures, supply as a unit begins to move.

Not judged, and why: Devastation's control (priority 1: the module does not tell a bomber's
Devastation back apart); Ceded Land markers (13.8.1: they lie in the Ceded Lands Box, off the
map, so a ceded Region stays its old Country's); multi-national units' second nationality
(13.8.3: its step is in a holding box off the map, so a line is traced to the printed nation's
sources only); whether the ground unit that makes a Naval Base (and so closes enemy ports to an
Air unit on station) is supplied (that would make one side's trace depend on the other's);
Open Port mutual interdiction; Truce Affected Countries (13.6.2) and Failure markers (14.12);
which Beachhead Hexside a marker faces (the module keeps no facing: ours, the side toward the
one enemy-held shore hex); support-unit placement, ranges and bases (2.2.3); combat, retreats,
advances and exploitation (4); the Soviet ban on countries the West just activated (3.1.4);
the Terrain Effects Chart and Terrain Key values the rulebook does not print (rules.toml marks
ours).

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
                out.append((u.id, "setup", f"starts in {owner}, an active country of the {side} faction"))
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
