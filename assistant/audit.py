"""Auditing a VASSAL log (.vlog): replay it step by step and check every move against the rules.

A log holds the position when logging began and then one group of commands per press of Step
(vassal_formats.md 4.7). After each step the position is rebuilt as the rules see it
(``assistant.board.position_from_pieces``) and compared with the one before:

* Operations phase, phasing ground unit: the unit's activation runs from its first move until
  another ground unit of its faction moves. Each move must have a legal path from where the unit
  stood (``wargame.rules.use.movement.ground_path``) with the MP it has left (4.2, halved in
  Low/No supply); an attack shows in the log as an adjacent enemy ground unit that leaves its hex,
  disappears or is flipped, and costs what 4.2.3.3 says; the advance into the vacated hex after
  it is free and ignores the EZOC it enters (5.3.7). A ground unit activated twice in a phase is
  a 6.3 finding.
* Air and naval units that moved must stand where such a move may end (placement rules, 4.2.2,
  4.2.4), and an air unit must be able to trace supply from there (4.2.2).
* Strategic Movement phase: Transport Line path, no enemy city / fort / unit / ZOC entered, a
  supply line from every hex entered, one unit per faction, no naval units (4.1).
* Stacking after every step (3.3): a finding when a step creates an overstack.

The phase comes from the turn tracker's Phase property as the log changes it, or from
``phase=`` (the command line), e.g. "Axis Operations". Findings carry the step number and the
chat lines of that step and the one before.

    audit_log(path, *, phase=None, overrides=Overrides(), game=None) -> Audit
    audit_game(log: GameLog, *, game="use", phase=None, overrides=Overrides(), source="") -> Audit
    AuditFinding, Activation, Audit (frozen); Audit.worst_step -> int | None
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from assistant.board import Overrides, module_name_of, position_from_pieces, game_of
from vassal.gamestate import GameLog, Position as VPosition, replay_log
from vassal.savefile import read_saved_game
from wargame.rules.position import Position, Unit
from wargame.rules.use.ground import Situation, situation
from wargame.rules.use.movement import (
    Ground,
    MoveCosts,
    attack_cost,
    ground_path,
    load_costs,
    movement_points,
    strategic_path,
)
from wargame.rules.use.placement import unit_placement
from wargame.rules.use.stacking import stacking_findings
from wargame.rules.use.supply import supply_report
from wargame.rules.use.zoc import Zoc, zoc_map

FACTIONS = ("axis", "western", "soviet")
CHAT_AROUND = 4  # chat lines kept with a finding


@dataclass(frozen=True)
class AuditFinding:
    """One problem in a log: where (step), which rule, which unit and hexes, and why."""

    step: int
    rule: str
    check: str  # movement / activation / strategic / air / naval / stacking
    faction: str
    unit: str  # the unit's label ("GER 2P"), "" for a hex finding
    unit_id: str
    hexes: tuple[str, ...]
    reason: str
    chat: tuple[str, ...] = ()
    path: tuple[str, ...] = ()

    def line(self) -> str:
        where = "-".join(self.hexes)
        who = f"{self.unit} " if self.unit else ""
        return f"step {self.step}: [{self.rule}] {who}{where}: {self.reason}"


@dataclass(frozen=True)
class Activation:
    """One ground unit's activation as the log shows it: moves and attacks, MP spent."""

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


@dataclass(frozen=True)
class Audit:
    source: str
    steps: int
    findings: tuple[AuditFinding, ...]
    activations: tuple[Activation, ...]
    phases: tuple[tuple[int, str], ...]  # (first step, phase) as the log went

    @property
    def worst_step(self) -> int | None:
        """The step with the most findings (the earliest on a tie), for the picture."""
        if not self.findings:
            return None
        counts: dict[int, int] = {}
        for f in self.findings:
            counts[f.step] = counts.get(f.step, 0) + 1
        return min(counts, key=lambda s: (-counts[s], s))


# --------------------------------------------------------------------------------------------


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


def phase_kind(phase: str) -> tuple[str, str | None]:
    """("operations" | "strategic" | "other", faction or None) for a phase name."""
    low = phase.lower()
    faction = next((f for f in FACTIONS if f in low), None)
    if "strategic" in low and "warfare" not in low:
        return "strategic", faction
    if "operation" in low or "action" in low:
        return "operations", faction
    return "other", faction


class _Auditor:
    def __init__(self, game: str, phase: str | None, overrides: Overrides, source: str):
        self.game = game
        self.fixed_phase = phase
        self.overrides = overrides if phase is None else replace(overrides, phase=phase)
        self.source = source
        self.costs: MoveCosts = load_costs()
        self.findings: list[AuditFinding] = []
        self.activations: list[Activation] = []
        self.phases: list[tuple[int, str]] = []
        self.act: _Act | None = None
        self.activated: set[str] = set()
        self.strategic_done: dict[str, str] = {}
        self.pending_attacks: list[tuple[str, str]] = []  # (defender hex, defender label)
        self.phasing: str | None = None
        self.chat: list[str] = []
        self.step = 0

    # -- plumbing -------------------------------------------------------------------------
    def rules_position(self, vpos: VPosition) -> Position:
        props = {name: value for (_c, name), value in sorted(vpos.properties.items())}
        stacks = {sid: c.members for sid, c in vpos.stacks.items()}
        return position_from_pieces(self.game, vpos.pieces.values(), props, stacks,
                                    overrides=self.overrides, source=self.source).position

    def add(self, rule: str, check: str, unit: Unit | None, hexes: tuple[str, ...], reason: str,
            path: tuple[str, ...] = ()) -> None:
        self.findings.append(AuditFinding(
            self.step, rule, check, unit.faction if unit else "", unit.label if unit else "",
            unit.id if unit else "", hexes, reason, tuple(self.chat[-CHAT_AROUND:]), path))

    def close(self) -> None:
        if self.act is not None:
            self.activations.append(self.act.frozen())
            self.act = None

    def new_phase(self, phase: str) -> None:
        self.close()
        self.activated.clear()
        self.strategic_done.clear()
        self.pending_attacks.clear()
        self.phasing = phase_kind(phase)[1]
        self.phases.append((self.step, phase))

    # -- one step ---------------------------------------------------------------------------
    def run(self, log: GameLog) -> Audit:
        before_v = log.initial
        before = self.rules_position(before_v)
        self.chat.extend(log.initial_chat)
        phase = before.state.phase
        self.new_phase(phase)
        sit_before = situation(before)
        zoc_before = zoc_map(sit_before)
        stack_before = {_stack_key(f) for f in stacking_findings(sit_before)}
        for step, after_v in zip(log.steps, log.positions()):
            self.step = step.number
            self.chat.extend(step.chat)
            after = self.rules_position(after_v)
            if after.state.phase != phase:
                phase = after.state.phase
                self.new_phase(phase)
            sit_after = situation(after)
            zoc_after = zoc_map(sit_after)
            self.compare(sit_before, zoc_before, sit_after, zoc_after, phase)
            stack_now = stacking_findings(sit_after)
            for f in stack_now:
                if _stack_key(f) not in stack_before:
                    unit = sit_after.pos.unit(f.units[0]) if f.units else None
                    self.add(f.rule, "stacking", unit, f.hexes, f.reason)
            stack_before = {_stack_key(f) for f in stack_now}
            sit_before, zoc_before = sit_after, zoc_after
        self.close()
        return Audit(self.source, len(log.steps), tuple(self.findings), tuple(self.activations),
                     tuple(self.phases))

    def compare(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, phase: str) -> None:
        kind, faction = phase_kind(phase)
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
        ground = Ground(sit0, zoc_map(sit0), unit)
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
            line = supply_report(sit1, zoc1).lines.get(v.id)
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
    pos = Position(sit.pos.game, units, sit.pos.markers, sit.pos.state)
    s = situation(pos, sit.map, sit.content)
    line = supply_report(s, zoc_map(s)).lines.get(unit.id)
    return line is not None and line.state != "none"


def _adjacent(sit: Situation, a: str, b: str) -> bool:
    g = sit.map.grid
    return g.is_adjacent(g.parse(a), g.parse(b))


def _stack_key(f) -> tuple:
    return (f.rule, f.hexes, tuple(sorted(f.units)))


# --------------------------------------------------------------------------------------------


def audit_game(log: GameLog, *, game: str = "use", phase: str | None = None,
               overrides: Overrides = Overrides(), source: str = "") -> Audit:
    """Audit a replayed log (``vassal.gamestate.replay_log``)."""
    return _Auditor(game, phase, overrides, source).run(log)


def audit_log(path: str | Path, *, module: str | None = None, phase: str | None = None,
              overrides: Overrides = Overrides()) -> Audit:
    """Read a .vlog (or a .vsav, which has no steps) and audit it. Never writes to it."""
    source = str(path)
    saved = read_saved_game(path)
    name = module_name_of(module) if module else (saved.moduledata.name if saved.moduledata else None)
    game = game_of(name, module or source)
    return audit_game(replay_log(saved, source=source), game=game, phase=phase,
                      overrides=overrides, source=source)


def position_at(path: str | Path, step: int, *, module: str | None = None, phase: str | None = None,
                overrides: Overrides = Overrides()):
    """The rules' board (assistant.board.Board) after ``step`` of a log, for pictures."""
    from assistant.board import Board

    source = str(path)
    saved = read_saved_game(path)
    name = module_name_of(module) if module else (saved.moduledata.name if saved.moduledata else None)
    game = game_of(name, module or source)
    log = replay_log(saved, source=source)
    auditor = _Auditor(game, phase, overrides, source)
    pos = auditor.rules_position(log.position_after(min(step, len(log.steps))))
    return Board(pos, source, name or "", ())
