"""What every rules pack answers with, whatever the game: zones of control, supply lines, the
check of a position. Reports and pictures read only these, so they never change for a game.

    Zoc(by_hex, hostile)          Zoc.ezoc(hex, faction) / .exerted_by(...) / .hexes(faction)
    SupplyLine, SupplyReport      one unit's line; every line and the supply findings
    Check(findings, zoc, supply, situation, control={})      Check.position / .problems
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from records import frozen
from wargame.rules import Finding
from wargame.rules.position import Position


@frozen
class Zoc:
    """Every zone of control on the map: hex -> ((unit id, faction), ...).

    ``hostile`` maps a faction to the factions whose ZOC it treats as enemy ZOC; a faction not
    in it treats every other faction as an enemy (most games: all sides are mutual enemies)."""

    by_hex: Mapping[str, tuple[tuple[str, str], ...]]
    hostile: Mapping[str, frozenset[str]] = field(default_factory=lambda: MappingProxyType({}))

    def _enemy(self, other: str, faction: str) -> bool:
        found = self.hostile.get(faction)
        return other != faction if found is None else other in found

    def exerted_by(self, hex_id: str, faction: str) -> tuple[str, ...]:
        return tuple(uid for uid, f in self.by_hex.get(hex_id, ()) if self._enemy(f, faction))

    def ezoc(self, hex_id: str, faction: str) -> bool:
        return any(self._enemy(f, faction) for _uid, f in self.by_hex.get(hex_id, ()))

    def hexes(self, faction: str) -> frozenset[str]:
        return frozenset(h for h, who in self.by_hex.items() if any(self._enemy(f, faction) for _u, f in who))


@frozen
class SupplyLine:
    """A unit's supply line as a check would find it now.

    ``state`` full / low / none; ``source`` the source's name (city or box code) and
    ``source_at`` its hex or box; ``via`` land / sea / exempt / ""; ``path`` hex ids, "SZ n"
    and box codes from the unit to the source; ``blocked`` (hex, why) pairs that stopped the
    search near the unit, for explanations."""

    unit: str
    state: str
    source: str = ""
    source_at: str = ""
    limited: bool = False
    via: str = ""
    path: tuple[str, ...] = ()
    convoy: str = ""
    exempt: str = ""
    blocked: tuple[tuple[str, str], ...] = ()
    note: str = ""


@frozen
class SupplyReport:
    """Every unit's supply line by piece id, and the findings of the supply check."""

    lines: Mapping[str, SupplyLine]
    findings: tuple[Finding, ...]
    marks: bool = True  # the game marks supply states on counters (False: traced when needed)


@frozen
class Check:
    """A pack's verdict on a position. ``situation`` is the pack's own view of the position
    (hex owners, control ...); reports only read ``position`` from it. ``control``: hex -> the
    faction that controls it, for a game whose pack keeps hex control (empty otherwise; hexes
    no faction controls are left out), which reports count and pictures tint."""

    findings: tuple[Finding, ...]
    zoc: Zoc
    supply: SupplyReport
    situation: Any
    control: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def position(self) -> Position:
        return self.situation.pos

    @property
    def problems(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "problem")


@frozen
class Activation:
    """One ground unit's activation as a log shows it: moves and attacks, MP spent."""

    unit_id: str
    unit: str
    faction: str
    first_step: int
    last_step: int
    start: str
    end: str
    mp: int
    mp_used: int
    attacks: tuple[str, ...]
    legal: bool
