"""The USE rules pack: ZOC (1.7), stacking (3.3), placement (4.2.x, 1.3.x, 10.3.x) and supply
(7.0-7.4) over a frozen :class:`~wargame.rules.position.Position`.

    check(position, mapdata=None) -> Check      everything, with the findings sorted
    Check(findings, zoc, supply, situation)

Player Aid Sheet values live in rules.toml beside this file (our defaults, documented there).
"""

from __future__ import annotations

from dataclasses import dataclass

from wargame.mapdata import MapData
from wargame.rules import Finding
from wargame.rules.position import Position
from wargame.rules.use.ground import Situation, rules_data, situation
from wargame.rules.use.placement import placement_findings
from wargame.rules.use.stacking import stacking_findings
from wargame.rules.use.supply import SupplyLine, SupplyReport, supply_report
from wargame.rules.use.zoc import Zoc, zoc_map

__all__ = ["Check", "SupplyLine", "SupplyReport", "Zoc", "check", "rules_data"]


@dataclass(frozen=True)
class Check:
    findings: tuple[Finding, ...]
    zoc: Zoc
    supply: SupplyReport
    situation: Situation

    @property
    def problems(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "problem")


def check(position: Position, mapdata: MapData | None = None) -> Check:
    sit = situation(position, mapdata)
    zoc = zoc_map(sit)
    supply = supply_report(sit, zoc)
    findings = stacking_findings(sit) + placement_findings(sit, zoc) + list(supply.findings)
    return Check(tuple(sorted(findings, key=Finding.sort_key)), zoc, supply, sit)
