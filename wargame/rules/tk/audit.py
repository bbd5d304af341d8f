"""TK moves as an audit of a log judges them, step against step (``assistant.audit`` drives
:class:`MoveJudge` through ``Pack.move_judge``).

In a faction's Operational and Reserve Movement Phases (3, 5) every ground unit that moves is
judged: only the phasing faction's units move, with a Movement Allowance above zero, supplied as
they begin to move in the Operational Movement Phase (3, 10.3), by one procedure a phase
(3.1.4): hex to hex by the movement search (wargame.rules.tk.movement: costs, the minimum move,
EZOC by phase and weather, overruns, where it may not go), Port to Port across Naval Zones with a
friendly Troop Convoy that may carry it to a friendly Open Port (3.1.2), Off-Map Box to an
adjacent Off-Map Box (3.1.3), into and out of the Central Asia Box from the east edge, onto and
off a friendly Beachhead, a Marine across an All-Sea hexside (3.1.1), a one-step unit through a
canal between two friendly Open Ports, one a canal each phase (3.1.2). A unit's moves in one
phase add up.

Stacking (9.2) is judged at the end of each phase, not after each step: a stack may be over its
limits while a phase lasts. The audit says what it does not judge (``unjudged``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wargame.rules import Finding
from wargame.rules.pack import Record
from wargame.rules.position import Unit
from wargame.rules.results import Activation, SupplyLine, Zoc
from wargame.rules.tk.ground import Situation
from wargame.rules.tk.movement import Leg, allowance, hex_move
from wargame.rules.tk.transport import special_move

if TYPE_CHECKING:
    from wargame.rules.tk import Pack

__all__ = ["NOT_JUDGED", "MoveJudge"]

NOT_JUDGED = {
    "other_phase": "ground moves outside the Movement Phases: retreats, advances after combat and "
    "exploitation (4.2.5-4.2.8: the log does not show the attacks and their results), Beachhead "
    "landings",
    "support": "support units and markers (placement, ranges, bases, contesting: 2.2.3; convoys; "
    "Blitz, Detachment, Airdrop and Logistics markers)",
    "placed": "units put on the map or taken off it (replacements 1.3.4, setups 13.7, eliminations)",
    "activated": "Soviet units entering an Axis country the West activated in the War & Peace "
    "Segment just before (3.1.4): the log does not say when a country was activated",
    "truce_failure": "Truce and Failure restrictions (13.6.2, 14.12) on moves made while such markers are in play",
}


@dataclass
class _Move:
    unit_id: str
    label: str
    faction: str
    first_step: int
    start: str
    leg: Leg
    ma: int
    last_step: int = 0
    legal: bool = True
    barred: bool = False  # it may not move at all this phase (said once)


@dataclass
class MoveJudge:
    pack: Pack
    record: Record
    phase: str = ""
    kind: str = "other"  # operational / reserve / other
    phasing: str | None = None
    step: int = 0
    moves: dict[str, _Move] = field(default_factory=dict)
    canals: set[str] = field(default_factory=set)  # canals used this phase
    skipped: Counter[str] = field(default_factory=Counter)
    activations: list[Activation] = field(default_factory=list)
    last: Situation | None = None
    _lines: dict[int, dict[str, SupplyLine]] = field(default_factory=dict)

    # -- the audit's interface -------------------------------------------------------------
    def new_phase(self, phase: str) -> None:
        if self.last is not None and self.phase:
            self._stacking(self.last, "problem")
        self.close()
        self.phase = phase
        self.canals.clear()
        mv = self.pack.data["movement"]
        low = phase.lower()
        self.kind = "other"
        if mv["operational"].lower() in low:
            self.kind = "operational"
        elif mv["reserve"].lower() in low:
            self.kind = "reserve"
        self.phasing = self.pack.phase_kind(phase)[1]

    def close(self) -> None:
        for m in self.moves.values():
            end = m.leg.path[-1] if m.leg.path else m.start
            used = (m.leg.used + 1) // 2
            self.activations.append(
                Activation(m.unit_id, m.label, m.faction, m.first_step, m.last_step, m.start, end,
                           m.ma // 2, used, (), m.legal)
            )  # fmt: skip
        self.moves.clear()

    def finish(self) -> None:
        if self.last is not None:
            self._stacking(self.last, "note")
        self.close()

    def excused(self, finding: Finding, sit: Situation) -> bool:
        """9.2: stacking holds at the end of each phase; a step inside one is not judged."""
        return finding.check == "stacking"

    def unjudged(self) -> tuple[tuple[str, int, str], ...]:
        return tuple((k, n, NOT_JUDGED[k]) for k, n in sorted(self.skipped.items()) if n)

    def compare(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, phase: str, step: int) -> None:
        self.step = step
        self.last = sit1
        self._lines.clear()
        before = {u.id: u for u in sit0.pos.units}
        after = {u.id: u for u in sit1.pos.units}
        self.skipped["placed"] += len(set(before) ^ set(after))
        for uid in sorted(set(before) & set(after)):
            u, v = before[uid], after[uid]
            if u.where == v.where:
                continue
            if u.where == "off map" or v.where == "off map":
                self.skipped["placed"] += 1
            elif u.kind != "ground" or uid in sit0.roles or uid in sit1.roles:
                self.skipped["support"] += 1
            elif self.kind == "other":
                self.skipped["other_phase"] += 1
            else:
                self._ground(sit0, zoc0, u, v)

    # -- one ground unit's move ------------------------------------------------------------
    def _ground(self, sit: Situation, zoc: Zoc, u: Unit, v: Unit) -> None:
        if self.phasing is not None and u.faction != self.phasing:
            why = f"only the phasing faction's units move in {self.phase}"
            self._add("3", u, (u.where, v.where), why)
            return
        move = self.moves.get(u.id) or self._begin(sit, zoc, u, v)
        move.last_step = self.step
        if move.barred:
            return
        self._count_unjudged(sit, u, v)
        reserve = self.kind == "reserve"
        if u.hex and v.hex and move.leg.procedure in ("", "hex"):
            result = hex_move(sit, zoc, u, move.leg, v.hex, reserve, move.ma,
                              lambda w: self._supplied(sit, zoc, w))  # fmt: skip
            if result.legal and result.leg is not None:
                move.leg = result.leg
                return
            leg, why = special_move(sit, zoc, u, v, move.leg, reserve, self.canals)
            if leg is not None:
                move.leg = leg
                return
            self._fail(move, u, v, result.rule or "3.1.1", result.why + (f"; {why}" if why else ""))
            return
        if move.leg.procedure:
            why = "a unit moves by one procedure a Movement Phase, and it has already moved"
            self._fail(move, u, v, "3.1.4", why)
            return
        leg, why = special_move(sit, zoc, u, v, move.leg, reserve, self.canals)
        if leg is not None:
            move.leg = leg
            return
        self._fail(move, u, v, "3.1.2", why or f"no procedure takes it from {u.where} to {v.where}")

    def _begin(self, sit: Situation, zoc: Zoc, u: Unit, v: Unit) -> _Move:
        """A unit's first move this phase: MA above zero (3); supplied as it begins to move in the
        Operational Movement Phase (3, 10.3)."""
        ma = allowance(sit, u)
        move = _Move(u.id, u.label, u.faction, self.step, u.where, Leg(u.where), ma)
        self.moves[u.id] = move
        if ma == 0:
            move.barred = True
            self._fail(move, u, v, "3", "a unit of Movement Allowance 0 does not move")
        elif self.kind == "operational" and not self._supplied(sit, zoc, u):
            line = self._line(sit, zoc, u)
            move.barred = True
            why = line.note if line is not None else "no line"
            self._fail(move, u, v, "3", f"it was not supplied as it began to move: {why} (10.3)")
        return move

    def _count_unjudged(self, sit: Situation, u: Unit, v: Unit) -> None:
        axis = sit.data["country"]["conqueror"]
        if self._truce_or_failure(sit):
            self.skipped["truce_failure"] += 1
        soviet = next((b.friendly for b in sit.map.boxes.values() if b.ground_edge), "")
        if u.faction == soviet and v.hex and sit.side_of(sit.owner(v.hex)) == axis:
            self.skipped["activated"] += 1

    # -- helpers ---------------------------------------------------------------------------------
    def _fail(self, move: _Move, u: Unit, v: Unit, rule: str, why: str) -> None:
        """Record an illegal move; the unit's later moves this phase are judged on from where
        the log put it."""
        move.legal = False
        leg = move.leg
        used = f", {leg.used / 2:g} of {move.ma / 2:g} MP used before" if leg.used else ""
        move.leg = Leg(leg.start, leg.used, leg.entered + 1, "free", leg.path + (v.where,),
                       leg.procedure or "hex", leg.overran)  # fmt: skip
        self._add(rule, u, (u.where, v.where), f"{why} ({self.phase}{used})")

    def _add(self, rule: str, unit: Unit | None, hexes: tuple[str, ...], reason: str) -> None:
        self.record(rule, "movement", unit, hexes, reason, (), step=self.step)

    def _line(self, sit: Situation, zoc: Zoc, u: Unit) -> SupplyLine | None:
        lines = self._lines.get(id(sit))
        if lines is None:
            lines = dict(self.pack.supply(sit, zoc).lines)
            self._lines[id(sit)] = lines
        return lines.get(u.id)

    def _supplied(self, sit: Situation, zoc: Zoc, u: Unit) -> bool:
        line = self._line(sit, zoc, u)
        return line is None or line.state != "none"

    def _stacking(self, sit: Situation, severity: str) -> None:
        """9.2 at the end of a phase (a note at the end of the log, whose phase may go on)."""
        end = f"at the end of {self.phase or 'the phase'}"
        if severity == "note":
            end = "at the end of the log, which may stop inside its phase"
        for f in self.pack.stacking(sit):
            unit = sit.pos.unit(f.units[0]) if f.units else None
            reason = f"{f.reason.split(', to be put right')[0]} {end}"
            self.record(f.rule, "stacking", unit, f.hexes, reason, (), step=self.step,
                        severity=severity)  # fmt: skip

    def _truce_or_failure(self, sit: Situation) -> bool:
        tracked = sit.pos.state.tracked_all
        truce = any(k.startswith("truce-") and any(b.startswith("Posture") for b in boxes)
                    for k, boxes in tracked.items())  # fmt: skip
        return truce or any(m.name == "Failure" and m.hex for m in sit.pos.markers)
