"""The ETO rules pack: World War II: European Theater of Operations over a frozen position.

What it judges, and what each rule rests on:

* **Hex control** (24.4; control): the scenario's starting territory (the nations' status and
  the scenario's ``[control]``, which setups write into the save as ``Control_<faction>``),
  Axis and Allied control markers, and the land units standing in a hex. Shown in the report
  (hexes per partnership) and tinted on the check picture.
* **Zones of control** (25.1; zoc): infantry and armour only; not where the unit could not go
  (water, all-lake, Switzerland; armour: marsh; impassable, all-sea without a ferry, unfrozen
  lake hexsides), not across an enemy fortress hexside nor into an enemy fortification.
* **Stacking** (24.2, 42.4, 42.5, 45.6; stacking): two land units a hex, three in a city
  resource hex, one more for an all-Soviet stack; paratroops, HQs, generals, air, naval units
  and markers do not count; French and British land units never together; Soviet and Western
  units never in one hex; a partisan with a friendly land unit is eliminated.
* **Placement** (24.1, 7.3, 13.2-13.4, 45.4; stacking): land units only where they may stand,
  ships not inland, air units on friendly airbases within their number (two a base at most),
  naval air on a carrier or a base, partisans at home. Setups also (scenario book): ships in
  ports within capacity (7.7) or on the escort boxes, naval air with its carriers.
* **Supply** (32.0-33.5; supply): lines of any length through friendly land and coastal hexes
  free of enemy units and of enemy ZOC unless a friendly land unit is there or the hex is
  forest (partisans count as friendly units, 45.6); home city resource hexes, the colonial
  cities, Riga, US units on British sources, isolated sources (32.8); supply markers (four
  units), air supply (one), permanent forts (one unit in the hex) shared by a matching that
  supplies as many units as possible, units already marked first (33.3). An Out of Supply
  marker right on a unit marks it (33.3); the check says what the Supply step does to it
  (33.3-33.5, 33.7; ``supply_marking``).
* **Moves in a log** (24, 25.2-25.4, 1.2-1.5, 30, 31, 33.1, 42.5, 45.4; audit).

Not judged, and why (scenarios/eto/README.md has the whole note): fronts (24.5: a player's
claim in his own phase; a save shows its result with control markers); passage through a hex in
a single save (only occupation is seen; an audit of a log follows its moves); units aboard
transport (a save does not show who is embarked, so their ZOC stays); sea and air supply runs
(32.5, 32.6: markers are judged where they lie); naval supply and upkeep (7.6, 33.8); invasions
and minor activation (39.x, 35.x); Vichy's free passage (40.4); the minor-country garrison
(41.2); HQ intervals, areas and activation radii (23.4, 23.5, 22.x); combat, retreats, advances,
breakthrough and exploitation allowances (26-29); rail capacity (31.0, 31.4-31.6); weather rolls
(the zones' weather is read from the save). `check --apply` does the End phase's Supply step
(``supply_markers``, ``supply_check_factions``): an Out of Supply marker on each unit that
cannot trace, off each that traces again; depleting or eliminating a unit still out of supply
(33.5) is left to the player, and said.

    Pack(game)      the pack the registry hands out (wargame.games)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from wargame.rules import Finding
from wargame.rules.eto.control import hex_control, start_control
from wargame.rules.eto.data import RulesData, rules_data
from wargame.rules.eto.ground import Situation
from wargame.rules.eto.stacking import placement_findings, setup_findings, stacking_findings
from wargame.rules.eto.supply import could_ship, eto_marking, supply_report, used_markers
from wargame.rules.eto.zoc import zoc_of
from wargame.rules.pack import Record, RulesPack, SupplyMark
from wargame.rules.position import Position, Unit
from wargame.rules.results import Check, SupplyLine, SupplyReport, Zoc

if TYPE_CHECKING:
    from wargame.mapdata import MapData

__all__ = ["Pack", "Situation"]


class Pack(RulesPack):
    """World War II: European Theater of Operations: three partnerships, the Western and Soviet
    ones allied against the Axis (42.5)."""

    judged = ("stacking", "placement", "supply", "zoc", "control")
    marks_supply = True  # Out of Supply markers on the counters (33.3)
    supply_layer = False  # marker counters stacked on the units (supply_markers), not a layer

    def __init__(self, game: Any):
        super().__init__(game)
        self._starts: dict[tuple, tuple[Any, Mapping[str, str]]] = {}

    @cached_property
    def data(self) -> RulesData:
        return rules_data(self.toml("rules.toml"), " + ".join(self.rule_sources("rules.toml")))

    # -- who fights whom (42.5): allies from factions.csv ------------------------------------
    def enemies(self, a: str, b: str) -> bool:
        if not a or not b or a == b:
            return False
        factions = self.game.content().factions
        return a not in factions or b not in factions[a].allies

    def separate(self, a: str, b: str) -> bool:
        """Allied partnerships whose units never share or cross a hex (42.5)."""
        return (a, b) in self.data.separate_factions or (b, a) in self.data.separate_factions

    # -- the pipeline -------------------------------------------------------------------------
    def situation(self, position: Position, mapdata: MapData | None = None) -> Situation:
        if mapdata is None:
            mapdata = self.game.mapdata(position.boards)
        position = self._marked(position)
        start = self.start_control(position, mapdata)
        control = hex_control(start, position, mapdata, self.data, self.enemies)
        return Situation(position, mapdata, self, MappingProxyType(control))

    def start_control(self, position: Position, mapdata: MapData) -> Mapping[str, str]:
        """The scenario's territory (24.4), once per map, nations and control entries."""
        st = position.state
        key = (
            id(mapdata),
            tuple(sorted((k, v.status, v.faction) for k, v in st.nations.items())),
            tuple(sorted(st.control.items())),
        )
        found = self._starts.get(key)
        if found is None or found[0] is not mapdata:
            found = (mapdata, MappingProxyType(start_control(st, mapdata, self.data)))
            self._starts[key] = found
        return found[1]

    def _marked(self, position: Position) -> Position:
        """Units under an Out of Supply marker carry the state "none" (33.3): the marker right
        on the unit, between it and the next unit up its stack (units of one stack may differ,
        33.3), as `check --apply` places it."""
        key = self.data.oos_marker
        if not any(key in u.markers_on for u in position.units):
            return position
        units = tuple(replace(u, supply="none") if key in u.markers_on else u for u in position.units)
        return replace(position, units=units)

    def control(self, sit: Situation) -> Mapping[str, str]:
        return sit.control

    def zoc_of(self, sit: Situation, unit: Unit) -> frozenset[str]:
        return zoc_of(sit, unit)

    def supply(self, sit: Situation, zoc: Zoc) -> SupplyReport:
        return supply_report(sit, zoc)

    def stacking(self, sit: Situation) -> list[Finding]:
        return stacking_findings(sit)

    def placement(self, sit: Situation, zoc: Zoc) -> list[Finding]:
        return placement_findings(sit)

    def setup_problems(self, position: Position, mapdata: MapData) -> list[tuple[str, str, str]]:
        return setup_findings(self.situation(position, mapdata), self.start_control(position, mapdata))

    def setup_supply_findings(self, sit: Situation, zoc: Zoc) -> list[Finding]:
        """The scenario book lets a setup place units a supply marker could still reach: those
        whose lines reach a friendly port or airbase are not faulted."""
        out = []
        for f in self.supply(sit, zoc).findings:
            if f.severity != "problem":
                continue
            if f.units and could_ship(sit, zoc, sit.pos.unit(f.units[0])):
                continue
            out.append(f)
        return out

    @property
    def supply_markers(self) -> Mapping[str, str]:
        """An Out of Supply marker on a unit marks it (33.3); no marker: in supply."""
        return MappingProxyType({"none": self.data.oos_marker})

    def supply_check_factions(self, phase: str) -> tuple[str, ...]:
        """The Supply step of the End phase: every partnership at once (Sequence of Play, 33.3)."""
        return self.factions if phase.strip().lower() == self.data.supply_phase.lower() else ()

    def supply_marking(self, unit: Unit, line: SupplyLine) -> SupplyMark:
        return eto_marking(unit, line)

    def supply_step_notes(self, check: Check, factions: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
        return used_markers(check, factions)

    # -- audits -------------------------------------------------------------------------------
    def move_judge(self, record: Record) -> Any:
        from wargame.rules.eto.audit import MoveJudge

        return MoveJudge(self, record)

    def phase_kind(self, phase: str) -> tuple[str, str | None]:
        """ETO's monthly turn: land units move in the Offensive and Movement phases (24.0, 30.0);
        the phase names no faction (the partnerships take turns within it)."""
        low = phase.lower()
        if self.data.offensive_phase.lower() in low or self.data.movement_phase.lower() in low:
            return "operations", None
        return "other", None
