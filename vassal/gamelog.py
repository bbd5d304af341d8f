"""Logs replayed: a log's steps, the position after each, and which pieces each step moved
(the format: docs/vassal-formats.md, logs).

For logs, everything outside LOG groups is the position at load; each top-level LOG group is
one step (one press of Step), with its chat lines; an undo is a step whose commands are
bracketed by ``UNDO\\ttrue`` / ``UNDO\\tfalse`` and are applied like any other.

    Step(number, commands, chat, undo)                                 frozen
    GameLog(initial, initial_chat, steps, ...)
        .positions() -> Iterator[Snapshot]            after each step, lazily
        .position_after(n) -> Snapshot                after step n (1-based; 0 = initial)
        .final -> Snapshot
        .step_moves() -> Iterator[StepMoves]          which pieces each step moved, and where
    PieceMove(id, type, state, before, after); StepMoves(step, moves, boards)
    replay_log(tree_or_saved_game, *, source=None, maps=None, stacking=None) -> GameLog

Errors (a piece command the engine could not read, a state with fewer levels than its type)
raise :class:`FormatError` with place ``savedGame, command <n>`` (n = 1-based pre-order index
of the node in the command tree).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import field
from types import MappingProxyType

from records import frozen
from vassal.commands import (
    AddPiece,
    BoardPlacement,
    ChangePiece,
    Chat,
    Command,
    Log,
    MovePiece,
    Node,
    RemovePiece,
    Undo,
    parse_command,
)
from vassal.errors import FormatError
from vassal.replay import Replay, _HasTree, _numbered, _parse, _tree_of
from vassal.snapshot import Snapshot, Spot

__all__ = [
    "Step",
    "PieceMove",
    "StepMoves",
    "GameLog",
    "replay_log",
]


@frozen
class Step:
    """One press of the Step button: the commands of a top-level LOG group, in order.

    ``commands`` are (pre-order index, single-command text) with LOG wrappers removed; ``chat``
    the chat lines among them; ``undo`` whether it is the replay of an Undo.
    """

    number: int
    commands: tuple[tuple[int, str], ...]
    chat: tuple[str, ...]
    undo: bool


@frozen
class PieceMove:
    """One piece a step put somewhere else: ``before`` None = it came into the game in this
    step, ``after`` None = it left the game. ``type``/``state`` are the piece's after the step
    (before it, for a piece that left)."""

    id: str
    type: str
    state: str
    before: Spot | None
    after: Spot | None


@frozen
class StepMoves:
    """The pieces one step moved, and the boards of each map after it (to name locations)."""

    step: Step
    moves: tuple[PieceMove, ...]
    boards: Mapping[str, tuple[BoardPlacement, ...]]


def _unwrapped(cmd: Command) -> Command:
    """The command inside any LOG wrappers (a wrapper that cannot be read stays itself)."""
    while isinstance(cmd, Log):
        try:
            cmd = parse_command(cmd.inner)
        except FormatError:
            return cmd
    return cmd


def _named_ids(cmd: Command) -> list[str]:
    """The objects a command acts on by id (LOG wrappers looked through)."""
    cmd = _unwrapped(cmd)
    if isinstance(cmd, (MovePiece, AddPiece)):
        return [cmd.id] if cmd.id is not None else []
    if isinstance(cmd, (ChangePiece, RemovePiece)):
        return [cmd.id]
    return []


@frozen
class GameLog:
    """A log: the position at load, its chat, the steps; positions are computed on demand."""

    initial: Snapshot
    initial_chat: tuple[str, ...]
    steps: tuple[Step, ...]
    _tree: Node = field(repr=False, compare=False)
    _options: tuple = field(repr=False, compare=False, default=())

    def _engine(self) -> Replay:
        source, maps, stacking = self._options
        engine = Replay(maps=maps, stacking=stacking, source=source)
        for index, item, is_log in _numbered(self._tree):
            if not is_log:
                engine.apply_text(item.text, index)
        return engine

    def positions(self) -> Iterator[Snapshot]:
        """The position after each step, in order (one replay, snapshots as it goes)."""
        engine = self._engine()
        for step in self.steps:
            for index, text in step.commands:
                engine.apply_text(text, index)
            yield engine.position()

    def position_after(self, number: int) -> Snapshot:
        """The position after step ``number`` (1-based; 0 gives the position at load)."""
        if not 0 <= number <= len(self.steps):
            raise IndexError(f"step {number} of {len(self.steps)}")
        engine = self._engine()
        for step in self.steps[:number]:
            for index, text in step.commands:
                engine.apply_text(text, index)
        return engine.position()

    @property
    def final(self) -> Snapshot:
        return self.position_after(len(self.steps))

    def step_moves(self) -> Iterator[StepMoves]:
        """For each step, the pieces whose place changed, in one replay.

        Only the objects the step's commands name are looked at, with the members of named
        stacks and decks before and after (a stack that moves carries its pieces); a piece
        that stays where it was (flipped, renamed, restacked on the spot) is no move.
        """
        engine = self._engine()
        source = self._options[0] if self._options else None
        for step in self.steps:
            parsed = [(index, _parse(text, index, source)) for index, text in step.commands]
            named: list[str] = []
            for _, cmd in parsed:
                named.extend(_named_ids(cmd))
            watched = dict.fromkeys(named)
            for pid in named:
                watched.update(dict.fromkeys(engine.members(pid)))
            before = {pid: (engine.spot(pid), engine.piece_text(pid)) for pid in watched}
            unnamed_adds = any(isinstance(inner := _unwrapped(cmd), AddPiece) and inner.id is None for _, cmd in parsed)
            known_before = engine.ids() if unnamed_adds else frozenset()
            for index, cmd in parsed:
                engine.apply(cmd, index)
            for pid in named:
                watched.update(dict.fromkeys(engine.members(pid)))
            if unnamed_adds:  # pieces the replay gave ids of its own
                watched.update(dict.fromkeys(engine.ids() - known_before))
            moves = []
            for pid in watched:
                was, was_text = before.get(pid, (None, None))
                now, now_text = engine.spot(pid), engine.piece_text(pid)
                if was == now:
                    continue
                text = now_text or was_text
                if text is None:
                    continue  # a stack or deck, or never a piece
                moves.append(PieceMove(pid, text[0], text[1], was, now))
            yield StepMoves(step, tuple(moves), MappingProxyType(dict(engine.boards)))


def replay_log(
    game: Node | _HasTree,
    *,
    source: str | None = None,
    maps: Collection[str] | None = None,
    stacking: Callable[[str], bool] | None = None,
) -> GameLog:
    """Split a log into its steps and replay the part executed at load.

    ``game`` is a command tree or a ``SavedGame``. Every command of every step is parsed
    here, so a malformed one is reported at once.
    """
    tree, source = _tree_of(game, source)
    engine = Replay(maps=maps, stacking=stacking, source=source)
    initial_chat: list[str] = []
    steps: list[Step] = []
    for index, item, is_log in _numbered(tree):
        if not is_log:
            cmd = _parse(item.text, index, source)
            engine.apply(cmd, index)
            if isinstance(cmd, Chat):
                initial_chat.append(cmd.message)
            continue
        commands: list[tuple[int, str]] = []
        chat: list[str] = []
        undo = False
        sub = index
        stack = [item]
        while stack:
            current = stack.pop()
            text = current.text
            while text.startswith("LOG\t"):
                text = text[4:]
            cmd = _parse(text, sub, source)
            if isinstance(cmd, Chat):
                chat.append(cmd.message)
            elif isinstance(cmd, Undo) and cmd.in_progress:
                undo = True
            commands.append((sub, text))
            sub += 1
            stack.extend(reversed(current.children))
        steps.append(Step(len(steps) + 1, tuple(commands), tuple(chat), undo))
    return GameLog(engine.position(), tuple(initial_chat), tuple(steps), tree, (source, maps, stacking))
