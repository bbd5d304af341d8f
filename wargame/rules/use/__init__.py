"""The USE rules pack: ZOC (1.7), stacking (3.3), placement (4.2.x, 1.3.x, 10.3.x), supply
(7.0-7.4), what else a save shows (Home Defense 10.3.1, conditional events 13.x, markers, city
control: state_checks) and the moves an audit judges (4.1, 4.2, 5.3, 6.x: audit), over a frozen
:class:`~wargame.rules.position.Position`.

Modules: ground (the ground a check stands on), policies (10.3), zoc, stacking, placement,
supply, movement (ground and strategic paths), air (4.2.2 and mission ranges), naval (4.2.4),
combat (attacks, retreats, Isolation), invasion (6.3.2), state_checks, setup, and the audit's judge:
audit (activations, strategic moves) with audit_core, audit_combat, audit_sea, audit_politics.

    Pack(game)                       the pack object the registry hands out (wargame.games)
    check(position, mapdata=None)    the game's own pack's check (a shortcut for tests)

Player Aid Sheet values live in rules.toml and movement.toml beside this file (our defaults,
documented there). The hooks a sibling game overrides are the methods of :class:`Pack`.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from wargame.rules import Finding
from wargame.rules.pack import Record, RulesPack, SupplyMark
from wargame.rules.position import Position, Unit
from wargame.rules.results import Check, SupplyLine, SupplyReport, Zoc
from wargame.rules.use.ground import RulesData, Situation, rules_data_from, situation
from wargame.rules.use.marking import use_marking
from wargame.rules.use.placement import placement_findings
from wargame.rules.use.stacking import stacking_findings
from wargame.rules.use.supply import Sources, supply_report, use_exemption, use_sources
from wargame.rules.use.zoc import zoc_of

if TYPE_CHECKING:
    from wargame.mapdata import MapData
    from wargame.rules.use.movement import MoveCosts
    from wargame.rules.use.supply import _Tracer

__all__ = ["Check", "Pack", "SupplyLine", "SupplyReport", "Zoc", "check"]


class Pack(RulesPack):
    """Unconditional Surrender!: three factions, all mutual enemies (1.7)."""

    marks_supply = True  # Low / No Supply markers on the counters (7.1)
    conditional_events = True  # East / West Invaded, Mediterranean Crisis, USSR borders (13.3-13.8)
    judged = ("stacking", "placement", "supply", "zoc", "home defense", "events", "markers", "control", "invasion")

    @cached_property
    def data(self) -> RulesData:
        return rules_data_from(self.toml("rules.toml"), " + ".join(self.rule_sources("rules.toml")))

    @cached_property
    def costs(self) -> MoveCosts:
        from wargame.rules.use.movement import costs_from

        return costs_from(
            self.toml("movement.toml"),
            self.toml("rules.toml"),
            " + ".join(self.rule_sources("movement.toml")),
            " + ".join(self.rule_sources("rules.toml")),
        )

    # -- the pipeline's steps ---------------------------------------------------------------
    def check(self, position: Position, mapdata: MapData | None = None) -> Check:
        """The base pipeline's findings plus what a USE save shows beyond them (state_checks)."""
        from dataclasses import replace

        from wargame.rules.use.state_checks import state_findings

        result = super().check(position, mapdata)
        extra = state_findings(result.situation, result.zoc)
        if not extra:
            return result
        return replace(result, findings=tuple(sorted((*result.findings, *extra), key=Finding.sort_key)))

    def situation(self, position: Position, mapdata: MapData | None = None) -> Situation:
        return situation(position, mapdata, pack=self)

    def zoc_of(self, sit: Situation, unit: Unit) -> frozenset[str]:
        return zoc_of(sit, unit)

    def supply(self, sit: Situation, zoc: Zoc) -> SupplyReport:
        return supply_report(sit, zoc)

    def stacking(self, sit: Situation) -> list[Finding]:
        return stacking_findings(sit)

    def placement(self, sit: Situation, zoc: Zoc) -> list[Finding]:
        return placement_findings(sit, zoc)

    def setup_problems(self, position: Position, mapdata: MapData) -> list[tuple[str, str, str]]:
        from wargame.rules.use.setup import marker_problems

        return marker_problems(position, mapdata)

    # -- supply hooks (7.2, 7.3) ------------------------------------------------------------
    def supply_sources(self, tracer: _Tracer, faction: str, nationality: str) -> Sources:
        return use_sources(tracer, faction, nationality)

    def supply_exemption(self, tracer: _Tracer, unit: Unit) -> str:
        return use_exemption(tracer, unit)

    def supply_marking(self, unit: Unit, line: SupplyLine) -> SupplyMark:
        """7.2: Full from an Unlimited source, Low from a Limited one, else one step down."""
        return use_marking(unit, line)

    # -- audits ----------------------------------------------------------------------------
    def move_judge(self, record: Record) -> Any:
        from wargame.rules.use.audit import MoveJudge

        return MoveJudge(self, record)


def check(position: Position, mapdata: MapData | None = None) -> Check:
    """Everything about a position, by the pack of the position's game."""
    from wargame.games import find_game

    return find_game(position.game).pack().check(position, mapdata)
