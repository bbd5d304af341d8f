"""Replaying VASSAL commands into a position: pieces, stacks, decks, boards, properties, turns.

The engine's own rules are followed (``command/AddPiece``, ``RemovePiece``, ``ChangePiece``,
``MovePiece``, ``counters/Stack``, ``counters/Deck``, ``counters/BasicPiece.setState``,
``build/module/Map.addPiece/placeAt``, ``map/StackMetrics.merge``), so that a position read from
a save or a log is the one VASSAL would show:

* a piece inside a Stack or Deck is where its container is (its own map/x/y do not count);
* members are bottom first; a MovePiece with an ``underId`` lands on top of that piece if it is
  still there, otherwise it merges into a stack, deck or stacking piece at exactly that point,
  or starts a new stack (with a made-up id, ``~stack<n>``) -- and without an ``underId`` it then
  goes to the bottom of its stack;
* ChangePiece with an old state merges trait by trait (``StateMergeable``);
* unknown commands change nothing.

What the engine knows from the module and we do not is given as options: ``maps`` (the map ids
that exist; default every id named), ``stacking`` (whether a map stacks pieces; default yes).
"Never stack" and "hidden by" are read from the pieces' ``immob;``/``mat;`` and ``hide;`` traits.

    Replay(*, maps=None, stacking=None, source=None)  the mutable engine
        .apply(cmd, index=None)  .apply_text(text, index=None)  .position() -> Snapshot
    replay_save(tree_or_saved_game, *, source=None, maps=None, stacking=None) -> Snapshot

The position is `vassal.snapshot`; logs, step by step, are `vassal.gamelog`. Errors (a piece
command the engine could not read, a state with fewer levels than its type) raise
:class:`FormatError` with place ``savedGame, command <n>`` (n = 1-based pre-order index of the
node in the command tree).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Iterator
from types import MappingProxyType
from typing import Protocol

from vassal import sequence
from vassal.commands import (
    AddPiece,
    AddPlayer,
    BeginSave,
    BoardPlacement,
    ChangePiece,
    ChangeProperty,
    Command,
    EndSave,
    Log,
    MovePiece,
    Node,
    RemovePiece,
    RemovePlayer,
    SetBoards,
    SetGlobalProperty,
    SetTurn,
    SetupStack,
    Undo,
    parse_command,
)
from vassal.errors import FormatError
from vassal.javanum import parse_int
from vassal.nesting import PieceKind, TypeInfo, join_state, split_state, state_levels, type_info
from vassal.snapshot import Container, PlacedPiece, Player, Snapshot, Spot

__all__ = ["Replay", "replay_save", "SAVED_GAME"]

SAVED_GAME = "savedGame"


class _Obj:
    """One engine object (piece, stack or deck) with the fields the engine keeps for it."""

    __slots__ = (
        "face_down",
        "gpid",
        "hidden_by",
        "id",
        "in_map",
        "info",
        "layer",
        "members",
        "own_map",
        "parent",
        "seq",
        "state",
        "type",
        "x",
        "y",
    )

    def __init__(self, pid: str, type_str: str, info: TypeInfo):
        self.id = pid
        self.type = type_str
        self.state = ""
        self.info = info
        self.own_map: str | None = None  # the engine's map field
        self.x = 0
        self.y = 0
        self.parent: _Obj | None = None
        self.members: list[_Obj] = []
        self.in_map: str | None = None  # which map's piece collection holds it
        self.seq = 0
        self.layer = -1
        self.face_down = False
        self.hidden_by: str | None = None
        self.gpid = ""

    @property
    def kind(self) -> PieceKind:
        return self.info.kind

    def is_container(self) -> bool:
        return self.info.kind != "piece"


class Replay:
    """Executes commands against a game state the way the VASSAL engine does.

    ``maps``: the map ids the module has (an unknown id then means "no map", as in the
    engine); None accepts every id. ``stacking``: a predicate telling whether a map stacks
    pieces (the Map's StackMetrics "disabled" setting); default every map stacks.
    """

    def __init__(
        self,
        *,
        maps: Collection[str] | None = None,
        stacking: Callable[[str], bool] | None = None,
        source: str | None = None,
    ):
        self._maps = None if maps is None else frozenset(maps)
        self._stacking = stacking or (lambda _map: True)
        self.source = source
        self._objs: dict[str, _Obj] = {}
        self._collections: dict[str, dict[_Obj, None]] = {}
        self._at: dict[tuple[str, int, int], dict[_Obj, None]] = {}
        self._seq = 0
        self._new_ids = 0
        self._types: dict[str, TypeInfo] = {}
        self.boards: dict[str, tuple[BoardPlacement, ...]] = {}
        self.properties: dict[tuple[str, str], str] = {}
        self.turns: dict[str, str] = {}
        self.players: dict[str, Player] = {}
        self.started = False
        self.not_new = False
        self.undo_in_progress = False

    # ---- entry points ------------------------------------------------------------------

    def apply_text(self, text: str, index: int | None = None) -> None:
        """Parse and execute one single-command text (no ESC nesting)."""
        try:
            cmd = parse_command(text)
        except FormatError as exc:
            raise self._error(exc, index) from None
        self.apply(cmd, index)

    def apply(self, cmd: Command, index: int | None = None) -> None:
        """Execute one typed command; ``index`` only names the place in errors."""
        try:
            self._apply(cmd)
        except FormatError as exc:
            raise self._error(exc, index) from None

    def _error(self, exc: FormatError, index: int | None) -> FormatError:
        place = exc.place
        if index is not None:
            where = f"{SAVED_GAME}, command {index}"
            place = f"{where}, {place}" if place else where
        return FormatError(exc.problem, exc.source or self.source, place)

    def _apply(self, cmd: Command) -> None:
        if isinstance(cmd, AddPiece):
            self._add_piece(cmd)
        elif isinstance(cmd, MovePiece):
            self._move_piece(cmd)
        elif isinstance(cmd, ChangePiece):
            self._change_piece(cmd)
        elif isinstance(cmd, RemovePiece):
            self._remove_piece(cmd.id)
        elif isinstance(cmd, BeginSave):
            self._clear()
        elif isinstance(cmd, EndSave):
            self.started = True
        elif isinstance(cmd, SetBoards):
            self.boards[cmd.map_id] = cmd.boards
        elif isinstance(cmd, SetupStack):
            self.not_new = True
        elif isinstance(cmd, AddPlayer):
            self.players[cmd.player_id] = Player(cmd.player_id, cmd.name, cmd.side)
        elif isinstance(cmd, RemovePlayer):
            self.players.pop(cmd.player_id, None)
        elif isinstance(cmd, SetGlobalProperty):
            self._set_property(cmd.container, cmd.name, cmd.value)
        elif isinstance(cmd, ChangeProperty):
            self._set_property(cmd.container, cmd.name, cmd.new_value)
        elif isinstance(cmd, SetTurn):
            self.turns[cmd.tracker_id] = cmd.state
        elif isinstance(cmd, Undo):
            self.undo_in_progress = cmd.in_progress
        elif isinstance(cmd, Log):
            inner = cmd.inner
            while inner.startswith("LOG\t"):
                inner = inner[4:]
            self._apply(parse_command(inner))
        # NullCommand, Chat, Unknown: nothing to do for the position

    def _clear(self) -> None:
        """``begin_save`` (SetupCommand false): the game is closed and everything goes."""
        self._objs.clear()
        self._collections.clear()
        self._at.clear()
        self.boards.clear()
        self.properties.clear()
        self.turns.clear()
        self.players.clear()
        self.started = False
        self.not_new = False

    def _set_property(self, container: str, name: str, value: str) -> None:
        if container == "":
            for key in self.properties:
                if key[1] == name:
                    self.properties[key] = value
                    return
        self.properties[(container, name)] = value

    # ---- helpers mirroring engine methods --------------------------------------------

    def _info(self, type_str: str) -> TypeInfo:
        info = self._types.get(type_str)
        if info is None:
            info = type_info(type_str)
            self._types[type_str] = info
        return info

    def _map_id(self, map_id: str | None) -> str | None:
        if map_id is None or map_id == "null":
            return None
        if self._maps is not None and map_id not in self._maps:
            return None
        return map_id

    @staticmethod
    def _get_map(obj: _Obj) -> str | None:
        """``GamePiece.getMap()``: a member answers with its container's map."""
        return obj.parent.own_map if obj.parent is not None else obj.own_map

    @staticmethod
    def _get_pos(obj: _Obj) -> tuple[int, int]:
        holder = obj.parent if obj.parent is not None else obj
        return holder.x, holder.y

    def _set_pos(self, obj: _Obj, x: int, y: int) -> None:
        if obj.in_map is not None and (obj.x, obj.y) != (x, y):
            self._unindex(obj)
            obj.x, obj.y = x, y
            self._index(obj)
        else:
            obj.x, obj.y = x, y

    def _index(self, obj: _Obj) -> None:
        assert obj.in_map is not None
        self._at.setdefault((obj.in_map, obj.x, obj.y), {})[obj] = None

    def _unindex(self, obj: _Obj) -> None:
        assert obj.in_map is not None
        key = (obj.in_map, obj.x, obj.y)
        bucket = self._at.get(key)
        if bucket is not None:
            bucket.pop(obj, None)
            if not bucket:
                del self._at[key]

    def _set_map(self, obj: _Obj, map_id: str | None) -> None:
        """``setMap``: a container passes the map on to its members."""
        obj.own_map = map_id
        for member in obj.members:
            member.own_map = map_id

    def _collection_remove(self, map_id: str | None, obj: _Obj) -> None:
        """``Map.removePiece``: only the map's own collection changes."""
        if map_id is None or obj.in_map != map_id:
            return
        self._unindex(obj)
        self._collections[map_id].pop(obj, None)
        obj.in_map = None

    def _map_add(self, map_id: str, obj: _Obj) -> None:
        """``Map.addPiece``: take the piece out of its stack or other map, put it on this one."""
        if obj.in_map == map_id:
            return
        if obj.parent is not None:
            self._stack_remove(obj.parent, obj)
        old = self._get_map(obj)
        if old is not None and old != map_id:
            self._collection_remove(old, obj)
        if obj.in_map is not None:
            self._collection_remove(obj.in_map, obj)
        self._set_map(obj, map_id)
        self._seq += 1
        obj.seq = self._seq
        obj.in_map = map_id
        self._collections.setdefault(map_id, {})[obj] = None
        self._index(obj)

    def _place_at(self, map_id: str, obj: _Obj, x: int, y: int) -> None:
        """``Map.placeAt``: register a new piece, set its position, add it to the map."""
        self._objs.setdefault(obj.id, obj)
        self._set_pos(obj, x, y)
        self._map_add(map_id, obj)

    def _stack_remove(self, stack: _Obj, obj: _Obj) -> None:
        """``Stack.remove``."""
        with contextlib.suppress(ValueError):
            stack.members.remove(obj)
        obj.parent = None

    def _insert_child(self, stack: _Obj, child: _Obj, index: int) -> None:
        """``Stack.insertChild``: leave the old stack or map, join this one at ``index``."""
        if child.is_container():
            return  # the engine refuses to put a stack into a stack
        if child.parent is not None:
            self._stack_remove(child.parent, child)
        elif self._get_map(child) is not None or child.in_map is not None:
            self._collection_remove(child.in_map, child)
        child.parent = stack
        index = max(0, min(index, len(stack.members)))
        stack.members.insert(index, child)

    def _stack_insert(self, stack: _Obj, obj: _Obj, pos: int) -> None:
        """``Stack.insert``: move within the stack, or insert as a new child."""
        pos = max(0, min(pos, len(stack.members)))
        if obj.parent is stack and obj in stack.members:
            stack.members.remove(obj)
            stack.members.insert(min(pos, len(stack.members)), obj)
        else:
            self._insert_child(stack, obj, pos)

    def _new_stack(self) -> _Obj:
        while True:
            self._new_ids += 1
            pid = f"~stack{self._new_ids}"
            if pid not in self._objs:
                break
        return _Obj(pid, "stack", self._info("stack"))

    def _hidden_by(self, obj: _Obj) -> str | None:
        return obj.hidden_by if obj.info.hide_level is not None else None

    def _invisible_to(self, obj: _Obj, player: str | None) -> bool:
        hidden = self._hidden_by(obj)
        return hidden is not None and hidden != player

    def _no_stack(self, obj: _Obj) -> bool:
        return obj.info.no_stack

    def _top_piece(self, stack: _Obj, player: str | None) -> _Obj | None:
        for member in reversed(stack.members):
            if not self._invisible_to(member, player):
                return member
        return None

    def _pieces_merge(self, a: _Obj | None, b: _Obj | None, player: str | None) -> bool:
        if a is None or b is None or self._no_stack(a) or self._no_stack(b):
            return False
        visible = not self._invisible_to(a, player) and not self._invisible_to(b, player)
        return visible or self._hidden_by(a) == self._hidden_by(b)

    def _can_merge(self, a: _Obj, b: _Obj, player: str | None) -> bool:
        """``CompoundPieceCollection.canMerge`` of the default piece collection."""
        if a.kind == "deck" or b.kind == "deck":
            return True
        if a.kind == "stack":
            if b.kind == "stack":
                return self._pieces_merge(self._top_piece(a, player), self._top_piece(b, player), player)
            return self._pieces_merge(self._top_piece(a, player), b, player)
        if b.kind == "stack":
            return self._pieces_merge(self._top_piece(b, player), a, player)
        return self._pieces_merge(a, b, player)

    def _layer(self, obj: _Obj) -> int:
        return 0 if obj.kind == "deck" or (obj.kind == "piece" and self._no_stack(obj)) else 1

    def _merge(self, map_id: str, fixed: _Obj, moving: _Obj, player: str | None) -> None:
        """``StackMetrics.merge``: put ``moving`` just above ``fixed``."""
        if fixed.is_container():
            top = self._top_piece(fixed, player)
            if top is not None:
                self._merge(map_id, top, moving, player)
                return
        parent = fixed.parent
        index = parent.members.index(fixed) + 1 if parent is not None else 0
        if moving is fixed or moving is parent:
            return
        if parent is None:
            if fixed.is_container():
                parent = fixed
                index = len(fixed.members)
            else:
                fixed_map = self._get_map(fixed)
                parent = self._new_stack()
                self._set_map(parent, fixed_map)
                parent.x, parent.y = self._get_pos(fixed)
                self._insert_child(parent, fixed, 0)
                if fixed_map is not None:
                    self._place_at(fixed_map, parent, parent.x, parent.y)
                else:
                    self._objs.setdefault(parent.id, parent)
                index = 1
        if moving.is_container():
            for member in list(moving.members):
                self._insert_child(parent, member, index)
                index += 1
            return
        if moving.parent is parent and parent.members.index(moving) < index:
            index -= 1
        moving_map = self._get_map(moving)
        if moving_map is not None and moving_map != map_id:
            self._collection_remove(moving_map, moving)
        self._stack_insert(parent, moving, index)

    def _find_merge(self, map_id: str, moving: _Obj, x: int, y: int, player: str | None) -> bool:
        """``MovePiece.createMergeFinder`` applied over the map's pieces at the point."""
        bucket = self._at.get((map_id, x, y))
        if not bucket:
            return False
        stacking = self._stacking(map_id)
        for cand in sorted(bucket, key=lambda o: (self._layer(o), o.seq)):
            if cand.kind == "deck":
                self._merge(map_id, cand, moving, player)
                return True
            if cand.kind == "stack":
                if (
                    stacking
                    and not self._no_stack(moving)
                    and self._top_piece(cand, player) is not None
                    and self._can_merge(moving, cand, player)
                ):
                    self._merge(map_id, cand, moving, player)
                    return True
                continue
            if (
                stacking
                and not self._no_stack(moving)
                and not self._no_stack(cand)
                and self._can_merge(moving, cand, player)
            ):
                hidden = self._hidden_by(cand)
                if hidden is None or hidden == player:
                    self._merge(map_id, cand, moving, player)
                    return True
        return False

    def _stack_or_place(self, map_id: str, obj: _Obj, x: int, y: int) -> None:
        if self._stacking(map_id) and obj.kind == "piece" and obj.parent is None and not self._no_stack(obj):
            stack = self._new_stack()
            self._insert_child(stack, obj, 0)
            self._place_at(map_id, stack, x, y)
        else:
            self._place_at(map_id, obj, x, y)

    # ---- the piece commands ------------------------------------------------------------

    def _add_piece(self, cmd: AddPiece) -> None:
        info = self._info(cmd.type)
        pid = cmd.id
        if pid is None:
            pid = self._new_stack().id if info.kind == "stack" else self._fresh_id()
        old = self._objs.get(pid)
        if old is not None:
            self._detach(old)
        obj = _Obj(pid, cmd.type, info)
        self._objs[pid] = obj
        self._set_state(obj, cmd.state)

    def _fresh_id(self) -> str:
        while True:
            self._new_ids += 1
            pid = f"~piece{self._new_ids}"
            if pid not in self._objs:
                return pid

    def _detach(self, obj: _Obj) -> None:
        """Take an object out of every map and container (it is being replaced or removed)."""
        if obj.parent is not None:
            self._stack_remove(obj.parent, obj)
        if obj.in_map is not None:
            self._collection_remove(obj.in_map, obj)
        for member in list(obj.members):
            member.parent = None
            member.own_map = None
        obj.members.clear()

    def _remove_piece(self, pid: str) -> None:
        """``RemovePiece``: off its map, out of its stack, out of the game."""
        obj = self._objs.get(pid)
        if obj is None:
            return
        game_map = self._get_map(obj)
        if game_map is not None:
            self._collection_remove(game_map, obj)
            self._set_map(obj, None)
        if obj.parent is not None:
            self._stack_remove(obj.parent, obj)
        self._detach(obj)
        del self._objs[pid]

    def _change_piece(self, cmd: ChangePiece) -> None:
        obj = self._objs.get(cmd.id)
        if obj is None:
            return
        if cmd.old_state is None:
            self._set_state(obj, cmd.new_state)
            return
        if obj.kind == "piece":
            self._merge_piece_state(obj, cmd.new_state, cmd.old_state)
        elif obj.kind == "stack":
            self._set_state(obj, self._merged_stack_state(obj, cmd.new_state, cmd.old_state))
        else:
            self._set_state(obj, cmd.new_state)

    def _merge_piece_state(self, obj: _Obj, new: str, old: str) -> None:
        """``Decorator.mergeState``: only the levels that changed between old and new apply."""
        count = obj.info.levels
        try:
            new_levels = split_state(new, count)
            old_levels = split_state(old, count)
            cur_levels = split_state(obj.state, count)
        except FormatError:
            self._set_state(obj, new)
            return
        merged = [n if n != o else c for n, o, c in zip(new_levels, old_levels, cur_levels)]
        base_changed = new_levels[-1] != old_levels[-1]
        state = join_state(merged)
        if base_changed:
            self._set_state(obj, state)
        else:
            obj.state = state
            if obj.info.hide_level is not None:
                self._read_hidden(obj, merged[obj.info.hide_level])

    def _merged_stack_state(self, stack: _Obj, new: str, old: str) -> str:
        """``Stack.mergeState``: keep members added meanwhile that neither state mentions."""
        if old == self._stack_state(stack):
            return new
        new_tokens = sequence.decode(new, ";")
        old_tokens = sequence.decode(old, ";")
        head, new_ids = new_tokens[:3], new_tokens[3:]
        old_ids = set(old_tokens[3:])
        for i, member in enumerate(stack.members):
            if member.id not in new_ids and member.id not in old_ids:
                at = (
                    -1
                    if i == 0
                    else (new_ids.index(stack.members[i - 1].id) if stack.members[i - 1].id in new_ids else -1)
                )
                new_ids.insert(at + 1, member.id)
        return sequence.encode(head + new_ids, ";") or ""

    def _stack_state(self, stack: _Obj) -> str:
        if stack.kind == "deck":
            ids = sequence.encode([m.id for m in stack.members], ",")
            parts = [
                stack.own_map or "null",
                str(stack.x),
                str(stack.y),
                "true" if stack.face_down else "false",
            ]
            if ids is not None:
                parts.append(ids)
            return sequence.encode(parts, ";") or ""
        parts = [stack.own_map or "null", str(stack.x), str(stack.y)]
        parts += [m.id for m in stack.members]
        parts.append(f"@@{stack.layer}")
        return sequence.encode(parts, ";") or ""

    def _set_state(self, obj: _Obj, state: str) -> None:
        if obj.kind == "stack":
            self._set_stack_state(obj, state)
        elif obj.kind == "deck":
            self._set_deck_state(obj, state)
        else:
            count = obj.info.levels
            nest = state_levels(state, count)
            obj.state = state
            hide = obj.info.hide_level
            if hide is not None:
                self._read_hidden(obj, nest.own(hide))
            self._set_basic_state(obj, nest.rest(count - 1))

    @staticmethod
    def _read_hidden(obj: _Obj, level_state: str) -> None:
        value = sequence.Decoder(level_state, ";").next_token("")
        obj.hidden_by = None if value == "null" else value

    def _set_basic_state(self, obj: _Obj, basic: str) -> None:
        """``BasicPiece.setState``: position, then move to the named map if it changed. (The
        tokens of one split, sequence.decode: what the engine's decoder gives one by one.)"""
        old_map = self._get_map(obj)
        tokens = sequence.decode(basic, ";")
        count = len(tokens)
        new_map = self._map_id(tokens[0] if count else "")
        x, y = _int_at(tokens, 1), _int_at(tokens, 2)
        self._set_pos(obj, x, y)
        if new_map != old_map:
            if new_map is not None:
                self._map_add(new_map, obj)
            else:
                self._collection_remove(old_map, obj)
                obj.own_map = None
        obj.gpid = tokens[3] if count > 3 else ""

    def _set_stack_state(self, stack: _Obj, state: str) -> None:
        """``Stack.setState``: place, then the members listed (ids of existing pieces)."""
        stack.state = state
        tokens = sequence.decode(state, ";")
        map_token = tokens[0] if tokens else ""
        if map_token == "null":
            # The engine reads no position after "null" (it tries the two numbers as member
            # ids, which name nothing) and leaves the stack at 0,0. The file does say where
            # the stack was, and a stack on no map is drawn nowhere, so we keep that point
            # for its members; the numbers are still offered as ids below, as the engine does.
            self._set_pos(stack, *self._recorded_point(state))
            listed = tokens[1:]
        else:
            self._set_pos(stack, _int_at(tokens, 1), _int_at(tokens, 2))
            listed = tokens[3:]
        game_map = self._map_id(map_token)
        for member in list(stack.members):
            member.parent = None
        stack.members.clear()
        for token in listed:
            child = self._objs.get(token)
            if child is not None and child.parent is not stack:
                self._insert_child(stack, child, len(stack.members))
            elif child is None and token.startswith("@@"):
                layer = parse_int(token[2:])
                if layer is not None:
                    stack.layer = layer
        self._relocate(stack, game_map)

    def _recorded_point(self, state: str) -> tuple[int, int]:
        """The x, y written after a stack's "null" map, when they are numbers and not ids."""
        tokens = sequence.Decoder(state, ";")
        tokens.next_token("")
        if not tokens.has_more():
            return 0, 0
        x_text = tokens.next_token("")
        y_text = tokens.next_token("") if tokens.has_more() else ""
        x, y = parse_int(x_text), parse_int(y_text)
        if x is None or y is None or x_text in self._objs or y_text in self._objs:
            return 0, 0
        return x, y

    def _relocate(self, container: _Obj, game_map: str | None) -> None:
        """The end of ``Stack.setState``/``Deck.setState``: change map if it is another one.

        (Going to no map, the engine only clears the map field; we also take the container
        off its old map's table, where the engine would go on drawing it at 0,0.)
        """
        if game_map == container.own_map:
            return
        if game_map is not None:
            self._map_add(game_map, container)
        else:
            if container.in_map is not None:
                self._collection_remove(container.in_map, container)
            self._set_map(container, None)

    def _set_deck_state(self, deck: _Obj, state: str) -> None:
        """``Deck.setState``: place, face-down flag, members from a comma list."""
        deck.state = state
        tokens = sequence.Decoder(state, ";")
        game_map = self._map_id(tokens.next_token(""))
        self._set_pos(deck, tokens.next_int(0), tokens.next_int(0))
        self._relocate(deck, game_map)
        deck.face_down = tokens.next_token("") == "true"
        for member in list(deck.members):
            member.parent = None
        deck.members.clear()
        if tokens.has_more():
            for token in sequence.decode(tokens.next_token(), ","):
                child = self._objs.get(token)
                if child is not None and child.parent is not deck:
                    self._insert_child(deck, child, len(deck.members))

    def _move_piece(self, cmd: MovePiece) -> None:
        """``MovePiece.executeCommand``."""
        obj = self._objs.get(cmd.id) if cmd.id is not None else None
        if obj is None:
            return
        new_map = self._map_id(cmd.new_map)
        if new_map is None:
            old_map = self._map_id(cmd.old_map)
            if old_map is not None:
                self._collection_remove(old_map, obj)
            return
        x, y, player = cmd.new_x, cmd.new_y, cmd.player
        if cmd.new_under is not None:
            under = self._objs.get(cmd.new_under)
            if under is not None and self._get_pos(under) == (x, y) and self._get_map(under) == new_map:
                self._merge(new_map, under, obj, player)
            elif not self._find_merge(new_map, obj, x, y, player):
                self._stack_or_place(new_map, obj, x, y)
        else:
            if not self._find_merge(new_map, obj, x, y, player):
                self._stack_or_place(new_map, obj, x, y)
            if obj.parent is not None:
                self._stack_insert(obj.parent, obj, 0)

    # ---- the snapshot ------------------------------------------------------------------

    def spot(self, pid: str) -> Spot | None:
        """Where a game piece is drawn now (its container's place); None if it is not in the
        game or is a stack or deck."""
        obj = self._objs.get(pid)
        if obj is None or obj.kind != "piece":
            return None
        return Spot(*self._drawn_at(obj))

    def piece_text(self, pid: str) -> tuple[str, str] | None:
        """A game piece's current type and state."""
        obj = self._objs.get(pid)
        return None if obj is None or obj.kind != "piece" else (obj.type, obj.state)

    def members(self, pid: str) -> tuple[str, ...]:
        """The ids in a stack or deck now (empty for a piece or an unknown id)."""
        obj = self._objs.get(pid)
        return () if obj is None else tuple(m.id for m in obj.members)

    def ids(self) -> frozenset[str]:
        return frozenset(self._objs)

    def _drawn_at(self, obj: _Obj) -> tuple[str | None, int, int]:
        holder = obj.parent if obj.parent is not None else obj
        return holder.in_map, holder.x, holder.y

    def position(self) -> Snapshot:
        """A read-only snapshot of the current state."""
        pieces: dict[str, PlacedPiece] = {}
        stacks: dict[str, Container] = {}
        decks: dict[str, Container] = {}
        for pid, obj in self._objs.items():
            game_map, x, y = self._drawn_at(obj)
            if obj.kind == "piece":
                pieces[pid] = PlacedPiece(
                    pid,
                    obj.type,
                    obj.state,
                    game_map,
                    x,
                    y,
                    obj.parent.id if obj.parent else None,
                    obj.gpid,
                )
                continue
            if obj.kind == "stack" and not obj.members:
                continue  # the engine drops empty stacks when it saves; so do we
            container = Container(
                pid,
                obj.kind,
                obj.type,
                self._stack_state(obj),
                game_map,
                x,
                y,
                tuple(m.id for m in obj.members),
                layer=obj.layer,
                name=obj.info.deck_name,
                face_down=obj.face_down if obj.kind == "deck" else None,
            )
            (decks if obj.kind == "deck" else stacks)[pid] = container
        return Snapshot(
            pieces=MappingProxyType(pieces),
            stacks=MappingProxyType(stacks),
            decks=MappingProxyType(decks),
            boards=MappingProxyType(dict(self.boards)),
            properties=MappingProxyType(dict(self.properties)),
            turns=MappingProxyType(dict(self.turns)),
            players=MappingProxyType(dict(self.players)),
            started=self.started,
            not_new=self.not_new,
        )


# --------------------------------------------------------------------------------------------
# Saves


def _int_at(tokens: list[str], i: int) -> int:
    """``SequenceEncoder.Decoder.nextInt(0)`` of token ``i``: 0 when there is none or it is no
    int (the token is used up either way)."""
    if i >= len(tokens):
        return 0
    value = parse_int(tokens[i])
    return 0 if value is None else value


def _numbered(tree: Node) -> Iterator[tuple[int, Node, bool]]:
    """(1-based pre-order index, node, is the top of a LOG group) -- LOG subtrees not entered."""
    counter = 0
    stack: list[Node] = [tree]
    while stack:
        current = stack.pop()
        counter += 1
        if current.text.startswith("LOG\t"):
            yield counter, current, True
            counter += _size(current) - 1
            continue
        yield counter, current, False
        stack.extend(reversed(current.children))


def _size(tree: Node) -> int:
    total = 0
    stack = [tree]
    while stack:
        current = stack.pop()
        total += 1
        stack.extend(current.children)
    return total


class _HasTree(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def tree(self) -> Node: ...


def _tree_of(game: Node | _HasTree, source: str | None) -> tuple[Node, str | None]:
    """A command tree and the file it came from, given a tree or a ``savefile.SavedGame``."""
    if isinstance(game, Node):
        return game, source
    tree = getattr(game, "tree", None)
    if not isinstance(tree, Node):
        raise TypeError("expected a command tree (Node) or a SavedGame")
    return tree, source or getattr(game, "source", None)


def replay_save(
    game: Node | _HasTree,
    *,
    source: str | None = None,
    maps: Collection[str] | None = None,
    stacking: Callable[[str], bool] | None = None,
) -> Snapshot:
    """The position a save (or a log, before any Step) puts on the table.

    ``game`` is a command tree or a ``SavedGame`` (whose file then names any error).
    """
    tree, source = _tree_of(game, source)
    engine = Replay(maps=maps, stacking=stacking, source=source)
    for index, item, is_log in _numbered(tree):
        if not is_log:
            engine.apply_text(item.text, index)
    return engine.position()


def _parse(text: str, index: int, source: str | None) -> Command:
    try:
        return parse_command(text)
    except FormatError as exc:
        place = f"{SAVED_GAME}, command {index}"
        raise FormatError(exc.problem, exc.source or source, f"{place}, {exc.place}" if exc.place else place) from None
