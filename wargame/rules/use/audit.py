"""USE movement as an audit of a log judges it (4.1, 4.2, 6.3): the activation of each ground
unit from its first move until another ground unit of its faction moves, every move checked for
a legal path with the MP left, attacks as the log shows them, air and naval ends, strategic moves.

``assistant.audit`` replays the log and hands each pair of positions to :class:`MoveJudge`
(through ``Pack.move_judge``); the judge reports with ``record(rule, check, unit, hexes, reason,
path=())``. A sibling game overrides the methods that differ (USWC's strategic movement and
Naval Transport).

* Operations phase, phasing ground unit: each move must have a legal path from where the unit
  stood (``movement.ground_path``) with the MP it has left (4.2, halved in Low/No supply); an
  attack shows in the log as an adjacent enemy ground unit that leaves its hex, disappears or is
  flipped, and costs what 4.2.3.3 says; the advance into the vacated hex after it is free and
  ignores the EZOC it enters (5.3.7). A ground unit activated twice in a phase is a 6.3 finding.
* Air and naval units that moved must stand where such a move may end (4.2.2, 4.2.4), and an
  air unit must be able to trace supply from there (4.2.2).
* Strategic Movement phase: Transport Line path, no enemy city / fort / unit / ZOC entered, a
  supply line from every hex entered, one unit per faction, no naval units (4.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from wargame.rules.pack import Record
from wargame.rules.position import Position, Unit
from wargame.rules.results import Activation, Zoc
from wargame.rules.use.ground import Situation
from wargame.rules.use.movement import (
    Ground,
    MoveCosts,
    attack_cost,
    ground_path,
    movement_points,
    strategic_path,
)
from wargame.rules.use.placement import unit_placement

if TYPE_CHECKING:
    from wargame.rules.use import Pack


@dataclass
class _Act:
    unit_id: str
    label: str
    faction: str
    first_step: int
    start: str
    at: str
    mp: int
    left: int
    started: bool = False
    attacks: list[str] = field(default_factory=list)
    advance_into: str | None = None
    legal: bool = True
    last_step: int = 0

    def frozen(self) -> Activation:
        return Activation(self.unit_id, self.label, self.faction, self.first_step, self.last_step,
                          self.start, self.at, self.mp, self.mp - self.left, tuple(self.attacks),
                          self.legal)


class MoveJudge:
    """Judges the moves between two positions of a log, step by step (the audit drives it)."""

    def __init__(self, pack: Pack, record: Record):
        self.pack = pack
        self.add = record
        self.costs: MoveCosts = pack.costs
        self.activations: list[Activation] = []
        self.act: _Act | None = None
        self.activated: set[str] = set()
        self.strategic_done: dict[str, str] = {}
        self.pending_attacks: list[tuple[str, str]] = []  # (defender hex, defender label)
        self.phasing: str | None = None
        self.step = 0

    def close(self) -> None:
        if self.act is not None:
            self.activations.append(self.act.frozen())
            self.act = None

    def new_phase(self, phase: str) -> None:
        self.close()
        self.activated.clear()
        self.strategic_done.clear()
        self.pending_attacks.clear()
        self.phasing = self.pack.phase_kind(phase)[1]

    def compare(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, phase: str, step: int) -> None:
        self.step = step
        kind, faction = self.pack.phase_kind(phase)
        pos0, pos1 = sit0.pos, sit1.pos
        now = {u.id: u for u in pos1.units}
        moved: list[tuple[Unit, Unit]] = []
        for u in pos0.units:
            v = now.get(u.id)
            if v is not None and u.where != v.where and u.where != "off map" and v.where != "off map":
                moved.append((u, v))
        if kind == "other" or not moved and kind != "operations":
            return
        if self.phasing is None and moved and kind != "other":
            mover = next((v for _u, v in moved if v.kind == "ground"), moved[0][1])
            self.phasing = mover.faction
        if kind == "operations":
            self.note_attacks(sit0, pos1)
            for u, v in moved:
                if u.faction != self.phasing:
                    continue  # retreats, displacement, evacuation: not the phasing side's moves
                if u.kind == "ground":
                    self.ground_move(sit0, zoc0, u, v)
                else:
                    self.air_naval_end(sit1, zoc1, v)
        elif kind == "strategic":
            for u, v in moved:
                self.strategic_move(sit0, zoc0, u, v)

    # -- operations -------------------------------------------------------------------------
    def note_attacks(self, sit0: Situation, pos1: Position) -> None:
        """Enemy ground units of the phasing side's foe that left, vanished or flipped."""
        now = {u.id: u for u in pos1.units}
        for u in sit0.pos.units:
            if u.kind != "ground" or not u.hex or u.faction == self.phasing:
                continue
            v = now.get(u.id)
            hit = v is None or v.where != u.where or v.reduced != u.reduced
            if not hit:
                continue
            vacated = v is None or v.where != u.where
            if self.act is not None and _adjacent(sit0, self.act.at, u.hex):
                self.attack(sit0, u.hex, u.label, vacated)
            else:
                self.pending_attacks.append((u.hex, u.label if vacated else ""))

    def attack(self, sit0: Situation, target: str, label: str, vacated: bool) -> None:
        act = self.act
        assert act is not None
        unit = sit0.pos.unit(act.unit_id)
        ground = Ground(sit0, self.pack.zoc(sit0), unit)
        cost = attack_cost(ground, act.at, target, self.costs)
        act.attacks.append(target)
        act.started = True
        if cost > act.left:
            act.legal = False
            self.add("4.2.1", "movement", unit, (act.at, target),
                     f"attacks {label or target} for {cost} MP with {act.left} MP left")
        act.left = max(0, act.left - cost)
        act.advance_into = target if vacated else None

    def ground_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        if u.hex is None or v.hex is None:
            return  # Map Box moves (Central Russia, Naval Transport) are not audited here
        if self.act is None or self.act.unit_id != u.id:
            self.close()
            if u.id in self.activated:
                self.add("6.3", "activation", u, (u.hex, v.hex),
                         "a ground unit may be activated only once per phase")
            self.activated.add(u.id)
            mp = movement_points(u.type, u.supply, self.costs)
            self.act = _Act(u.id, u.label, u.faction, self.step, u.hex, u.hex, mp, mp)
            pending, self.pending_attacks = self.pending_attacks, []
            for target, label in pending:
                if _adjacent(sit0, u.hex, target):
                    self.attack(sit0, target, label, bool(label))
        act = self.act
        act.last_step = self.step
        if act.advance_into == v.hex and _adjacent(sit0, u.hex, v.hex):
            act.at, act.advance_into = v.hex, None  # advance after combat: free, EZOC ignored
            return
        act.advance_into = None
        ground = Ground(sit0, zoc0, u)
        result = ground_path(ground, u.hex, v.hex, mp=act.left, started=act.started,
                             costs=self.costs)
        if not result.legal:
            act.legal = False
            first = result.violations[0]
            more = "; ".join(x.text for x in result.violations[1:])
            reason = first.text + (f"; also {more}" if more else "")
            if result.cheapest_legal is not None and first.rule != "4.2.1":
                reason += f" (a legal path would need {result.cheapest_legal} MP, " \
                          f"{act.left} left)"
            self.add(first.rule, "movement", u, (u.hex, v.hex), reason, result.path)
        act.left = max(0, act.left - result.mp_used)
        act.started = True
        act.at = v.hex

    def air_naval_end(self, sit1: Situation, zoc1: Zoc, v: Unit) -> None:
        barred = unit_placement(sit1, zoc1, v)
        if barred:
            self.add(barred[0], v.kind, v, (v.where,), barred[1])
        elif v.kind == "air" and v.hex is not None:
            line = self.pack.supply(sit1, zoc1).lines.get(v.id)
            if line is not None and line.state == "none":
                self.add("4.2.2", "air", v, (v.hex,),
                         f"air movement must end where a supply line can be traced; {line.note}")

    # -- strategic movement -------------------------------------------------------------------
    def strategic_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        if u.kind == "naval":
            self.add("4.1.3", "strategic", u, (u.where, v.where), "naval units may not move strategically")
            return
        if u.hex is None or v.hex is None:
            self.add("4.1.3", "strategic", u, (u.where, v.where),
                     "strategic movement may not cross a Sea Zone or Map Box")
            return
        earlier = self.strategic_done.get(u.faction)
        if earlier is not None and earlier != u.id:
            self.add("4.1.1", "strategic", u, (u.hex, v.hex),
                     "one strategic move per faction per turn; another unit already moved")
        self.strategic_done.setdefault(u.faction, u.id)
        if u.supply == "none":
            self.add("7.1.1", "strategic", u, (u.hex,), "a unit in No Supply may not move strategically")
        if not sit0.map.hexes[u.hex].transport:
            self.add("4.1.1", "strategic", u, (u.hex,), "strategic movement starts on a Transport Line")
        ground = Ground(sit0, zoc0, u)
        result = strategic_path(ground, u.hex, v.hex, supplied=lambda h: True)
        if not result.legal:
            first = result.violations[0]
            self.add(first.rule, "strategic", u, (u.hex, v.hex),
                     "; ".join(x.text for x in result.violations), result.path)
            return
        for h in result.path[1:]:
            if not _supplied_at(sit0, u, h):
                self.add("4.1.2", "strategic", u, (u.hex, v.hex),
                         f"no supply line can be traced from {h}, a hex the move enters",
                         result.path)
                return


def _supplied_at(sit: Situation, unit: Unit, hex_id: str) -> bool:
    """Could the unit trace supply standing in ``hex_id``? (wargame.rules.use.supply)"""
    moved = replace(unit, hex=hex_id, box=None)
    units = tuple(moved if u.id == unit.id else u for u in sit.pos.units)
    pos = replace(sit.pos, units=units)
    s = sit.pack.situation(pos, sit.map)
    line = sit.pack.supply(s, sit.pack.zoc(s)).lines.get(unit.id)
    return line is not None and line.state != "none"


def _adjacent(sit: Situation, a: str, b: str) -> bool:
    g = sit.map.grid
    return g.is_adjacent(g.parse(a), g.parse(b))
