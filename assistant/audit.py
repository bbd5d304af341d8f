"""Auditing a VASSAL log (.vlog): replay it step by step and check every move against the rules.

A log holds the position when logging began and then one group of commands per press of Step
(docs/vassal-formats.md 4.7). After each step the position is rebuilt as the rules see it
(``assistant.board.position_from_pieces``) and compared with the one before:

* the moves, by the movement judge of the game's rules pack (``Pack.move_judge``: USE's
  activations, paths, attacks, air/naval ends and strategic moves live in
  ``wargame.rules.use.audit``); a pack without one judges no moves, and the audit says so;
* stacking after every step (the pack's stacking check): a finding when a step creates one,
  unless the judge excuses it (``judge.excused(finding, situation)``: USE's enemy air and naval
  units waiting to be displaced).

The judge may also say what it saw and could not judge (``judge.unjudged()`` -> (kind, count,
why)), which the audit's summary lists; its findings may be notes (``severity="note"``: an event
that fires), which do not make the exit status 1.

The phase comes from the turn tracker's Phase property as the log changes it, or from
``phase=`` (the command line), e.g. "Axis Operations". Findings carry the step number and the
chat lines of that step and the one before.

    audit_log(path, *, phase=None, overrides=Overrides(), game=None) -> Audit
    audit_game(log: GameLog, *, game, phase=None, overrides=Overrides(), source="") -> Audit
    AuditFinding, Activation, Audit (frozen); Audit.worst_step -> int | None
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from assistant.board import Overrides, module_name_of, position_from_pieces
from records import frozen
from vassal.gamelog import GameLog, replay_log
from vassal.savefile import read_saved_game
from vassal.snapshot import Snapshot
from wargame.games import Game, find_game, game_for_module
from wargame.rules.position import MarkerPiece, Position, Unit
from wargame.rules.results import Activation

CHAT_AROUND = 4  # chat lines kept with a finding


@frozen
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
    severity: str = "problem"  # "note": worth knowing, not a broken rule (an event that fires)

    def line(self) -> str:
        where = "-".join(self.hexes)
        who = f"{self.unit} " if self.unit else ""
        tag = "note " if self.severity == "note" else ""
        return f"step {self.step}: {tag}[{self.rule}] {who}{where}: {self.reason}"


@frozen
class Audit:
    source: str
    steps: int
    findings: tuple[AuditFinding, ...]
    activations: tuple[Activation, ...]
    phases: tuple[tuple[int, str], ...]  # (first step, phase) as the log went
    moves_judged: bool = True  # False: the game's pack judges no moves yet (stacking only)
    unjudged: tuple[str, ...] = ()  # what the log did that could not be judged, and why
    pieces_moved: int = 0  # pieces of the game that steps moved on its maps (0: nothing judged)

    @property
    def problems(self) -> tuple[AuditFinding, ...]:
        return tuple(f for f in self.findings if f.severity == "problem")

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


class _Auditor:
    """Replays a log through the game's pack: positions, the pack's movement judge, stacking."""

    def __init__(self, game: Game, phase: str | None, overrides: Overrides, source: str):
        self.game = game
        self.pack = game.pack()
        self.fixed_phase = phase
        self.overrides = overrides if phase is None else replace(overrides, phase=phase)
        self.source = source
        self.findings: list[AuditFinding] = []
        self.phases: list[tuple[int, str]] = []
        self.chat: list[str] = []
        self.chat_at: dict[int, list[str]] = {}  # the chat so far after each step
        self.step = 0
        self.judge = self.pack.move_judge(self.add)

    # -- plumbing -------------------------------------------------------------------------
    def rules_position(self, vpos: Snapshot) -> Position:
        props = {name: value for (_c, name), value in sorted(vpos.properties.items())}
        stacks = {sid: c.members for sid, c in vpos.stacks.items()}
        return position_from_pieces(
            self.game,
            vpos.pieces.values(),
            props,
            stacks,
            overrides=self.overrides,
            source=self.source,
            boards=vpos.boards,
            turns=vpos.turns,
        ).position

    def add(
        self,
        rule: str,
        check: str,
        unit: Unit | None,
        hexes: tuple[str, ...],
        reason: str,
        path: tuple[str, ...] = (),
        *,
        step: int | None = None,
        severity: str = "problem",
    ) -> None:
        """The judge's ``record``: ``step`` when it judges a move of an earlier step."""
        at = self.step if step is None else step
        chat = tuple(self.chat_at.get(at, self.chat)[-CHAT_AROUND:])
        self.findings.append(
            AuditFinding(
                at,
                rule,
                check,
                unit.faction if unit else "",
                unit.label if unit else "",
                unit.id if unit else "",
                hexes,
                reason,
                chat,
                path,
                severity,
            )
        )

    def new_phase(self, phase: str) -> None:
        if self.judge is not None:
            self.judge.new_phase(phase)
        self.phases.append((self.step, phase))

    # -- the log, step by step ----------------------------------------------------------------
    def run(self, log: GameLog) -> Audit:
        pack = self.pack
        before = self.rules_position(log.initial)
        self.chat.extend(log.initial_chat)
        phase = before.state.phase
        self.new_phase(phase)
        sit_before = pack.situation(before)
        zoc_before = pack.zoc(sit_before)
        stack_before = {_stack_key(f) for f in pack.stacking(sit_before)}
        known_maps = self._known_maps()
        before_v = log.initial
        unknown: dict[str, int] = {}
        moved = 0
        for step, after_v in zip(log.steps, log.positions()):
            self.step = step.number
            self.chat.extend(step.chat)
            self.chat_at[self.step] = list(self.chat)
            after = self.rules_position(after_v)
            placed = _placed(after)
            for _pid in _ghosts(step, before_v, after_v):
                key = "moves of pieces the log never placed (their ids are in no earlier step)"
                unknown[key] = unknown.get(key, 0) + 1
            for pid, piece in after_v.pieces.items():
                was = before_v.pieces.get(pid)
                if was is not None and (was.map, was.x, was.y) == (piece.map, piece.x, piece.y):
                    continue
                if piece.map is not None and piece.map not in known_maps:
                    key = f'pieces moved to map "{piece.map}", which {self.game.short} does not have'
                    unknown[key] = unknown.get(key, 0) + 1
                elif piece.map == self.game.boards().map_name and pid in placed and not placed[pid]:
                    key = f"pieces moved to a point of the map that is no hex or Map Box of {self.game.short}"
                    unknown[key] = unknown.get(key, 0) + 1
                elif piece.map is not None:
                    moved += 1
            before_v = after_v
            if after.state.phase != phase:
                phase = after.state.phase
                self.new_phase(phase)
            sit_after = pack.situation(after)
            zoc_after = pack.zoc(sit_after)
            if self.judge is not None:
                self.judge.compare(sit_before, zoc_before, sit_after, zoc_after, phase, self.step)
            stack_now = pack.stacking(sit_after)
            excused = getattr(self.judge, "excused", None)
            for f in stack_now:
                if _stack_key(f) not in stack_before and not (excused and excused(f, sit_after)):
                    unit = sit_after.pos.unit(f.units[0]) if f.units else None
                    self.add(f.rule, "stacking", unit, f.hexes, f.reason)
            stack_before = {_stack_key(f) for f in stack_now}
            sit_before, zoc_before = sit_after, zoc_after
        activations: tuple[Activation, ...] = ()
        told: tuple[tuple[str, int, str], ...] = ()
        if self.judge is not None:
            getattr(self.judge, "finish", self.judge.close)()
            activations = tuple(self.judge.activations)
            kinds = getattr(self.judge, "unjudged", None)  # (kind, count, why): the pack's list
            told = tuple(kinds()) if kinds is not None else ()
        unjudged = tuple(f"{n} {what}" for what, n in sorted(unknown.items()))
        unjudged += tuple(f"{why} ({n} in this log)" for _kind, n, why in told)
        if self.judge is None:
            unjudged += (f"moves: the {self.game.short} rules pack has no movement check yet (stacking only)",)
        findings = sorted(self.findings, key=lambda f: f.step)  # stable: judged late, told in order
        return Audit(
            self.source,
            len(log.steps),
            tuple(findings),
            activations,
            tuple(self.phases),
            moves_judged=self.judge is not None,
            unjudged=unjudged,
            pieces_moved=moved,
        )

    def _known_maps(self) -> set[str]:
        """The maps of the game's module: its map and the displays' boards (cards, tracks)."""
        displays = self.game.displays()
        return {
            self.game.boards().map_name,
            displays.tracks.map_name,
            *(board.map_name for board in displays.faction_cards().values()),
        }


def _placed(pos: Position) -> dict[str, bool]:
    """Piece id -> whether the rules found it a hex or a Map Box (units and markers)."""
    pieces: tuple[Unit | MarkerPiece, ...] = (*pos.units, *pos.markers)
    return {p.id: bool(p.hex or p.box) for p in pieces}


def _ghosts(step, before: Snapshot, after: Snapshot) -> list[str | None]:
    """Ids a step moves that no piece of the game has, before or after it (None for a move
    that names no piece)."""
    from vassal.commands import MovePiece, parse_command
    from vassal.errors import FormatError

    out: list[str | None] = []
    for _index, text in step.commands:
        if not text.startswith("M/"):
            continue
        try:
            cmd = parse_command(text)
        except FormatError:
            continue
        if isinstance(cmd, MovePiece) and cmd.id not in before.pieces and cmd.id not in after.pieces:
            out.append(cmd.id)
    return out


def _stack_key(f) -> tuple:
    return (f.rule, f.hexes, tuple(sorted(f.units)))


# --------------------------------------------------------------------------------------------


def audit_game(
    log: GameLog, *, game: Game | str, phase: str | None = None, overrides: Overrides = Overrides(), source: str = ""
) -> Audit:
    """Audit a replayed log (``vassal.gamelog.replay_log``) by the game's rules pack."""
    return _Auditor(find_game(game) if isinstance(game, str) else game, phase, overrides, source).run(log)


def audit_log(
    path: str | Path,
    *,
    module: str | None = None,
    phase: str | None = None,
    overrides: Overrides = Overrides(),
    game: str | None = None,
) -> Audit:
    """Read a .vlog (or a .vsav, which has no steps) and audit it. Never writes to it."""
    source = str(path)
    saved = read_saved_game(path)
    name = module_name_of(module) if module else (saved.moduledata.name if saved.moduledata else None)
    chosen = find_game(game) if game else game_for_module(name, module or source)
    return audit_game(replay_log(saved, source=source), game=chosen, phase=phase, overrides=overrides, source=source)


def position_at(
    path: str | Path,
    step: int,
    *,
    module: str | None = None,
    phase: str | None = None,
    overrides: Overrides = Overrides(),
    game: str | None = None,
):
    """The rules' board (assistant.board.SavedPosition) after ``step`` of a log, for pictures."""
    from assistant.board import SavedPosition

    source = str(path)
    saved = read_saved_game(path)
    name = module_name_of(module) if module else (saved.moduledata.name if saved.moduledata else None)
    chosen = find_game(game) if game else game_for_module(name, module or source)
    log = replay_log(saved, source=source)
    auditor = _Auditor(chosen, phase, overrides, source)
    pos = auditor.rules_position(log.position_after(min(step, len(log.steps))))
    return SavedPosition(pos, source, name or "", ())
