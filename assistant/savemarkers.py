"""Marker counters put on units and taken off them in a saved game, the way the engine does it,
for a game whose counters show a state with a marker stacked on the unit (an applied supply
check, assistant.supplycheck).

    MarkerSource(type, state, origin)          frozen; the piece a new marker copies
    marker_source(tree, key, module) -> MarkerSource | None
    StackEdit(tree, source)                    a save's pieces and stacks, to edit
        .markers_on(unit_id, key) -> ids       markers of ``key`` right on the unit
        .put_on(unit_id, marker) -> new id     a marker right on the unit, in its stack
        .take_off(marker_id)                   a marker off the table
        .tree() -> Node                        the command tree with the edits

How the engine does it, and we after it (VASSAL 3.7 source):

* A new marker is the module's own piece: a copy of one of that marker already in the save, as
  its copy and paste makes one (``PieceCloner.clonePiece``: the same type, and the state it has),
  else the module's PieceSlot with its prototypes expanded, as dragging it from the palette
  makes one (``PieceSlot.getExpandedPiece``; the state keeps the slot's ``gpid``).
* Its id is a new number unused in the save (``GameState.getNewPieceId`` counts up from the
  clock until the id is free; we count up from the largest id of the save, so the same save
  gives the same file).
* It joins the unit's Stack right above the unit (``Stack.insertChild``): the Stack's state
  lists its members bottom first, and its AddPiece comes after its members' (the engine looks
  them up by id when it reads the Stack: ``Stack.setState``); the marker's BasicPiece state
  carries the Stack's map and point, as 3.7 writes every member's. A unit alone on the map gets
  a new Stack of both, as a drop onto it makes one (``Map.placeOrMerge``).
* A marker taken off is deleted (``RemovePiece``): its AddPiece goes, and its id leaves the
  Stack's list.

Every other command of the save keeps its exact text. A piece the save changes or moves after
placing it (a ChangePiece, MovePiece or RemovePiece) is refused: a saved game never holds one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache

from records import frozen
from vassal import sequence
from vassal.commands import (
    AddPiece,
    ChangePiece,
    MovePiece,
    Node,
    RemovePiece,
    encode_command,
    walk,
)
from vassal.errors import FormatError
from vassal.nesting import type_info
from vassal.piece_view import view
from vassal.pieces import (
    Piece,
    expand_prototypes,
    parse_add_piece,
    parse_piece,
    piece_state,
    piece_type,
    with_position,
)
from wargame import pieceprops as pp

__all__ = ["MarkerSource", "StackEdit", "marker_source"]

UNIT_KINDS = ("ground", "air", "naval")  # pieceprops.KIND of a unit piece
LAYER = "@@"  # the Stack state's layer token (Stack.HAS_LAYER_MARKER)


@frozen
class MarkerSource:
    """A marker piece to copy: its type as the file will hold it, its state (any map and
    point: they are replaced), and where it was found ("the save", or the module's path)."""

    type: str
    state: str
    origin: str


def _props(type_str: str, state_str: str) -> Mapping[str, str]:
    """A piece's static Marker properties over its BasicPiece ones (what our modules set)."""
    v = view(parse_piece(type_str, state_str, exact=False))
    return {**v.properties, **v.dynamic, **v.markers}


def marker_source(tree: Node, key: str, module: str | os.PathLike[str] | None) -> MarkerSource | None:
    """The piece a new ``key`` marker copies: one already in the save, else the module's slot."""
    for n in walk(tree):
        if not n.text.startswith("+/") or key not in n.text:
            continue
        cmd = n.command
        if isinstance(cmd, AddPiece) and cmd.type != "stack" and _props(cmd.type, cmd.state).get(pp.MARKER_KEY) == key:
            return MarkerSource(cmd.type, cmd.state, "the save")
    if module is None:
        return None
    path = os.fspath(module)
    found = _slot_piece(path, os.stat(path).st_mtime_ns, key)
    return None if found is None else MarkerSource(found[0], found[1], path)


@lru_cache(maxsize=8)
def _slot_piece(path: str, _mtime_ns: int, key: str) -> tuple[str, str] | None:
    """(type, state) of the module's PieceSlot whose piece is the ``key`` marker, prototypes
    expanded as the engine expands a palette piece (once per module file and key)."""
    from vassal.buildfile import element_text
    from vassal.module import read_module

    root = read_module(path).root
    protos: dict[str, Piece] = {}
    for e in root.iter("VASSAL.build.module.PrototypeDefinition"):
        try:
            _, t, s = parse_add_piece(element_text(e))
            protos[e.get("name", "")] = parse_piece(t, s, exact=False)
        except FormatError:
            continue  # the engine skips a prototype it cannot read, and so do we
    for e in root.iter("VASSAL.build.widget.PieceSlot"):
        text = element_text(e)
        if not text.startswith("+/"):
            continue
        _, t, s = parse_add_piece(text)
        piece = expand_prototypes(parse_piece(t, s, exact=False), protos)
        type_str, state_str = piece_type(piece), piece_state(piece)
        if key in type_str and _props(type_str, state_str).get(pp.MARKER_KEY) == key:
            return type_str, state_str
    return None


class StackEdit:
    """The pieces and stacks of a saved game's command tree, and the edits asked of them.
    FormatError (naming ``source``) for a piece the save does not place the way a save does."""

    def __init__(self, tree: Node, source: str):
        self.source = source
        self._root = tree
        self._adds: dict[str, Node] = {}  # piece id -> its AddPiece node
        self._stacks: dict[str, list[str]] = {}  # stack id -> its state tokens
        self._stack_of: dict[str, str] = {}  # piece id -> its stack
        self._touched: set[str] = set()  # ids a later command changes, moves or removes
        for n in walk(tree):
            if n.text[:2] not in ("+/", "D/", "M/", "-/"):
                continue
            cmd = n.command
            if isinstance(cmd, AddPiece) and cmd.id is not None:
                if cmd.id in self._adds:
                    self._touched.add(cmd.id)
                self._adds[cmd.id] = n
                if cmd.type == "stack":
                    tokens = list(sequence.decode(cmd.state, ";")) if cmd.state else []
                    self._stacks[cmd.id] = tokens
                    for t in tokens[3:]:
                        self._stack_of.setdefault(t, cmd.id)
            elif isinstance(cmd, (ChangePiece, MovePiece, RemovePiece)) and cmd.id is not None:
                self._touched.add(cmd.id)
        self._kinds: dict[str, tuple[str, str]] = {}
        self._next: int | None = None
        self._texts: dict[int, str] = {}  # id(node) -> new text
        self._before: dict[int, list[Node]] = {}
        self._after: dict[int, list[Node]] = {}
        self._drop: set[int] = set()
        self._edited: set[str] = set()  # stacks whose tokens changed

    # -- reading ------------------------------------------------------------------------------
    def _placed(self, pid: str, what: str) -> Node:
        node = self._adds.get(pid)
        if node is None or pid in self._touched or self._stack_of.get(pid) in self._touched:
            raise FormatError(
                f"{what} is not placed by one command the way a saved game places it; save the "
                "game from VASSAL and apply the check to that save",
                self.source,
            )
        return node

    def _kind(self, pid: str) -> tuple[str, str]:
        """("unit" | "marker" | "", marker key) of a piece of the save."""
        if pid not in self._kinds:
            cmd = self._adds[pid].command if pid in self._adds else None
            kind: tuple[str, str] = ("", "")
            if isinstance(cmd, AddPiece) and cmd.type != "stack":
                props = _props(cmd.type, cmd.state)
                if props.get(pp.KIND) in UNIT_KINDS:
                    kind = ("unit", "")
                elif props.get(pp.MARKER_KEY) and pp.KIND not in props:  # as assistant.board
                    kind = ("marker", props[pp.MARKER_KEY])
            self._kinds[pid] = kind
        return self._kinds[pid]

    def markers_on(self, unit_id: str, key: str) -> tuple[str, ...]:
        """The ``key`` markers right on the unit: above it in its stack, below the next unit."""
        stack = self._stack_of.get(unit_id)
        if stack is None:
            return ()
        members = self._stacks[stack][3:]
        out = []
        for pid in members[members.index(unit_id) + 1 :]:
            kind, k = self._kind(pid)
            if kind == "unit":
                break
            if kind == "marker" and k == key:
                out.append(pid)
        return tuple(out)

    # -- editing ------------------------------------------------------------------------------
    def fresh_id(self) -> str:
        """A piece id the save does not use: one more than its largest number."""
        if self._next is None:
            self._next = max((int(i) for i in self._adds if i.isascii() and i.isdigit()), default=0) + 1
        while str(self._next) in self._adds:
            self._next += 1
        out = str(self._next)
        self._next += 1
        return out

    def put_on(self, unit_id: str, marker: MarkerSource, what: str) -> str:
        """A new marker right on the unit (``what`` names the unit in a refusal); its id."""
        unit_node = self._placed(unit_id, what)
        new_id = self.fresh_id()
        stack = self._stack_of.get(unit_id)
        if stack is not None:
            tokens = self._stacks[stack]
            map_id, x, y = tokens[0], _int(tokens[1]), _int(tokens[2])
            tokens.insert(tokens.index(unit_id, 3) + 1, new_id)
            self._edited.add(stack)
        else:
            cmd = unit_node.command
            assert isinstance(cmd, AddPiece)
            v = view(parse_piece(cmd.type, cmd.state, exact=False))
            if v.map_id is None or type_info(cmd.type).no_stack:
                raise FormatError(f"{what} is on no map, or never stacks: no marker can stand on it", self.source)
            map_id, x, y = v.map_id, v.x, v.y
        piece = with_position(parse_piece(marker.type, marker.state, exact=False), map_id, x, y)
        node = Node(encode_command(AddPiece(new_id, marker.type, piece_state(piece))))
        self._adds[new_id] = node
        self._kinds[new_id] = ("marker", "")
        if stack is not None:
            self._before.setdefault(id(self._adds[stack]), []).append(node)
        else:
            stack = self.fresh_id()
            self._stacks[stack] = [
                map_id,
                str(x),
                str(y),
                unit_id,
                new_id,
                LAYER + self._layer(map_id),
            ]
            self._stack_of[unit_id] = self._stack_of[new_id] = stack
            holder = Node(encode_command(AddPiece(stack, "stack", "")))
            self._adds[stack] = holder
            self._edited.add(stack)
            self._after.setdefault(id(unit_node), []).extend((node, holder))
        return new_id

    def take_off(self, marker_id: str, what: str) -> None:
        """Delete a marker (``what`` names it in a refusal)."""
        node = self._placed(marker_id, what)
        self._drop.add(id(node))
        stack = self._stack_of.pop(marker_id, None)
        if stack is not None:
            self._stacks[stack].remove(marker_id)
            self._edited.add(stack)

    def _layer(self, map_id: str) -> str:
        """The visual layer of the map's other stacks (1, the stacking pieces', when none says)."""
        for tokens in self._stacks.values():
            if tokens and tokens[0] == map_id and tokens[-1].startswith(LAYER):
                return tokens[-1][len(LAYER) :]
        return "1"

    def tree(self) -> Node:
        for stack in self._edited:
            text = encode_command(AddPiece(stack, "stack", sequence.encode(self._stacks[stack], ";") or ""))
            self._texts[id(self._adds[stack])] = text
        return self._rebuilt(self._root)

    def _rebuilt(self, node: Node) -> Node:
        """The tree with the edits; untouched subtrees are the same objects (their exact bytes)."""
        kids: list[Node] = []
        for k in node.children:
            if id(k) in self._drop:
                continue
            kids.extend(self._before.get(id(k), ()))
            kids.append(self._rebuilt(k))
            kids.extend(self._rebuilt(a) for a in self._after.get(id(k), ()))
        text = self._texts.get(id(node))
        if text is None and len(kids) == len(node.children) and all(a is b for a, b in zip(kids, node.children)):
            return node
        return Node(node.text if text is None else text, tuple(kids))


def _int(token: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise FormatError(f"a stack's point is not a number ({token!r})") from None
