"""VASSAL's command language: the ESC-nested command tree of a saved game or log, and its commands.

A ``savedGame`` text is one command tree (``GameModule.encode/decode``, docs/vassal-formats.md 4.3):
a node's own text, then each sub-command, joined by a SequenceEncoder on ESC (U+001B), so deeper
separators carry more backslashes. :func:`decode_tree` reads it exactly as the engine does, and
:func:`encode_tree` writes it back; for any text that decodes, ``encode_tree(decode_tree(t)) == t``
(a node whose input was not in the engine's canonical form keeps its input bytes in ``raw``).

The single-command texts are typed by :func:`parse_command`. Anything the engine writes that we
do not need (notes, clocks, CHECK/ALERT, extensions, module-specific encoders ...) becomes
:class:`Unknown` and passes through untouched.

Public API::

    ESC
    Node(text, children=(), raw=None)            # one command and its sub-commands
    decode_tree(text, source=None) -> Node       # FormatError only for absurd nesting
    decode_parts(parts) -> Node | None           # the same from text.split(ESC), for the
    decode_pieces(texts, runs) -> Node | None    #   engine's shape; None: use decode_tree
    join_pieces(texts, runs) -> str              # the text decode_pieces was given
    encode_tree(node) -> str
    walk(node) -> Iterator[Node]                 # pre-order = the engine's execution order
    parse_command(text) -> Command               # FormatError for a malformed piece command
    encode_command(cmd) -> str                   # canonical text of a typed command
    node(cmd, *children) -> Node                 # build a tree from typed commands
    log_steps(root) -> list[Node]                # top-level LOG groups (one Step button each)
    step_commands(log_node) -> list[str]         # the single-command texts a LOG group executes

    Command = BeginSave | EndSave | NullCommand | AddPiece | RemovePiece | ChangePiece
            | MovePiece | Log | Undo | SetBoards | SetupStack | AddPlayer | RemovePlayer
            | SetGlobalProperty | ChangeProperty | SetTurn | Chat | Unknown
    BoardPlacement(name, x, y, reversed=False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import field
from itertools import repeat
from operator import sub

from records import frozen
from vassal import sequence
from vassal.errors import FormatError
from vassal.javanum import parse_int

__all__ = [
    "ESC",
    "MAX_DEPTH",
    "Node",
    "decode_tree",
    "decode_parts",
    "decode_pieces",
    "join_pieces",
    "encode_tree",
    "walk",
    "BeginSave",
    "EndSave",
    "NullCommand",
    "AddPiece",
    "RemovePiece",
    "ChangePiece",
    "MovePiece",
    "Log",
    "Undo",
    "BoardPlacement",
    "SetBoards",
    "SetupStack",
    "AddPlayer",
    "RemovePlayer",
    "SetGlobalProperty",
    "ChangeProperty",
    "SetTurn",
    "Chat",
    "Unknown",
    "Command",
    "parse_command",
    "encode_command",
    "node",
    "log_steps",
    "step_commands",
]

ESC = "\x1b"
MAX_DEPTH = 200  # real files nest 3-4 deep; this only stops hostile input from recursing forever

BEGIN_SAVE = "begin_save"
END_SAVE = "end_save"
ADD, REMOVE, CHANGE, MOVE = "+/", "-/", "D/", "M/"
LOG, UNDO = "LOG\t", "UNDO\t"
SETUP_STACK = "SETUP_STACK\t"
PLAYER, PYREMOVE = "PLAYER\t", "PYREMOVE\t"
GLOBAL_PROPERTY = "GlobalProperty\t"
MUTABLE_PROPERTY = "MutableProperty\t"
TURN = "TURN"
CHAT = "CHAT"
BOARD_PICKER = "BoardPicker"


# --------------------------------------------------------------------------------------------
# The tree


@frozen(slots=True)
class Node:
    """One command (its own single-command ``text``) with its sub-commands, in file order.

    ``raw`` is set only by :func:`decode_tree`, when the input bytes of this node differ from
    the canonical encoding of ``text`` and ``children`` (quoted tokens, oddities of 2.x files);
    :func:`encode_tree` then writes ``raw`` so the file comes back byte for byte. Build new
    nodes without ``raw``.
    """

    text: str
    children: tuple[Node, ...] = ()
    raw: str | None = field(default=None, compare=False, repr=False)

    @property
    def command(self) -> Command:
        """The typed command of this node's own text (see :func:`parse_command`)."""
        return parse_command(self.text)


def decode_tree(text: str, source: str | None = None) -> Node:
    """The command tree of a ``savedGame`` text, exactly as ``GameModule.decode`` splits it."""
    if not isinstance(text, str):
        raise TypeError("decode_tree takes text (str)")
    if ESC in text:
        tree = decode_parts(text.split(ESC))
        if tree is not None:
            return tree
    return _decode(text, 0, source)


_PLAIN_DEPTH = 16  # deeper command nesting than real files have goes the engine's way


def decode_parts(parts: list[str]) -> Node | None:
    """The tree of the text ``ESC.join(parts)`` from its pieces between ESCs, when it has the
    shape the engine writes (see :func:`decode_pieces`); None otherwise."""
    last = len(parts) - 1
    if last < 1:
        return None
    texts = list(map(str.rstrip, parts, repeat("\\")))
    texts[last] = parts[last]  # the end of the text: no ESC after it, its backslashes are its own
    runs = list(map(sub, map(len, parts), map(len, texts)))
    runs[last] = -1
    return decode_pieces(texts, runs)


def decode_pieces(texts: list[str], runs: list[int]) -> Node | None:
    """The command tree of a text given as the pieces between its ESCs, each without the run
    of backslashes before its ESC (``runs``: their lengths; -1 for the last piece), when the
    text has the shape the engine writes: no command text starting with a quote or a
    backslash (the encoder would quote it), no ESC in a node's own text. None otherwise, and
    :func:`decode_tree` reads the text (:func:`join_pieces`).

    Every ESC separates the sub-commands of one node, and the run of backslashes before it is
    the depth of that node (one added by each encoding around it). So the tree is found from
    the runs alone and each piece is a command's text -- no token is joined and split again
    level by level, and a save read in pieces needs no whole copy of its text (the engine's
    saves hold their pieces one level down: issue 20)."""
    last = len(texts) - 1
    if last < 1 or len(runs) != len(texts) or runs[last] != -1 or max(runs) >= _PLAIN_DEPTH:
        return None
    if any(map(str.startswith, texts, repeat(("'", "\\")))):
        return None
    try:
        return _node_of(texts, runs, 0, last, 0)
    except _NotPlain:
        return None


def join_pieces(texts: list[str], runs: list[int]) -> str:
    """The text :func:`decode_pieces` was given in pieces."""
    return ESC.join(t + "\\" * r if r > 0 else t for t, r in zip(texts, runs))


class _NotPlain(Exception):
    """A token :func:`decode_parts` leaves to :func:`_decode`."""


def _node_of(texts: list[str], runs: list[int], lo: int, hi: int, depth: int) -> Node:
    """The node of the token made of the pieces ``lo..hi`` at ``depth`` decodings in. Its
    sub-commands are cut at the runs of exactly ``depth``; deeper runs lie inside them."""
    if lo == hi:  # no ESC inside: a command without sub-commands
        return Node(texts[lo])
    if runs[lo] != depth:
        raise _NotPlain  # the node's own text holds an ESC: the engine nests the head
    cuts = [k for k in range(lo + 1, hi) if runs[k] == depth]
    cuts.append(hi)
    children = []
    first = lo + 1
    for k in cuts:
        children.append(_node_of(texts, runs, first, k, depth + 1))
        first = k + 1
    return Node(texts[lo], tuple(children))


def _decode(text: str, depth: int, source: str | None) -> Node:
    if depth > MAX_DEPTH:
        raise FormatError(f"commands nested more than {MAX_DEPTH} deep", source)
    if ESC not in text and not (len(text) > 1 and text[0] == "'" and text[-1] == "'"):
        return Node(text)  # a single command: the engine's "first token == whole text"
    tokens = sequence.decode(text, ESC)
    first = tokens[0]
    if first == text:
        return Node(text)
    head = _decode(first, depth + 1, source)
    children = head.children + tuple(_decode(t, depth + 1, source) for t in tokens[1:])
    canonical: str | None
    if not children:
        canonical = head.text  # a node without sub-commands encodes as its own text
    elif not head.children and head.raw is None:
        # each child encodes to its own token (decoding guarantees it), so the canonical
        # text of this node can be checked without encoding the subtree again. Tokens as long
        # as the text (no escape taken out, no quotes) were a plain split, and joined back
        # unchanged unless the encoder would quote one: a big save's whole text needs no
        # second copy to compare
        plain = sum(map(len, tokens)) + len(tokens) - 1 == len(text)
        plain = plain and not any(t and sequence.quote_needed(t) for t in tokens)
        canonical = text if plain else sequence.encode([head.text] + tokens[1:], ESC)
    else:
        canonical = encode_tree(Node(head.text, children))
    return Node(head.text, children, raw=None if canonical == text else text)


def encode_tree(tree: Node) -> str:
    """The text of a command tree (``GameModule.encode``): own text, then sub-commands."""
    if tree.raw is not None:
        return tree.raw
    if not tree.children:
        return tree.text
    parts = [tree.text]
    parts.extend(encode_tree(child) for child in tree.children)
    encoded = sequence.encode(parts, ESC)
    assert encoded is not None
    return encoded


def walk(tree: Node) -> Iterator[Node]:
    """All nodes in pre-order, which is the order in which the engine executes them."""
    stack = [tree]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


# --------------------------------------------------------------------------------------------
# Typed commands


@frozen(slots=True)
class BeginSave:
    """``begin_save``: clears the game; the whole saved position hangs below it."""


@frozen(slots=True)
class EndSave:
    """``end_save``: the restored game starts (every component's setup runs)."""


@frozen(slots=True)
class NullCommand:
    """The empty text: a holder for sub-commands (the AddPiece list of a save)."""


@frozen(slots=True)
class AddPiece:
    """``+/id/type/state``: create a piece, stack or deck and set its state."""

    id: str | None
    type: str
    state: str


@frozen(slots=True)
class RemovePiece:
    """``-/id``: delete a piece (the id is the rest of the text, not escaped)."""

    id: str


@frozen(slots=True)
class ChangePiece:
    """``D/id/newState[/oldState]``: set a piece's full state (merged trait-wise if old given)."""

    id: str
    new_state: str
    old_state: str | None = None


@frozen(slots=True)
class MovePiece:
    """``M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/player``.

    ``new_under`` is the piece directly below the moved one at the destination; None maps mean
    "no map". ``player`` is None when an old file leaves the field out.
    """

    id: str | None
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player: str | None = None


@frozen(slots=True)
class Log:
    """``LOG\\t<command>``: one logged command of a .vlog (its text is ``inner``)."""

    inner: str

    @property
    def command(self) -> Command:
        return parse_command(self.inner)


@frozen(slots=True)
class Undo:
    """``UNDO\\ttrue`` / ``UNDO\\tfalse``: brackets the inverse commands of an undo."""

    in_progress: bool
    value: str = ""  # the text after the tab, kept for exact re-encoding

    def __post_init__(self) -> None:
        if not self.value:
            object.__setattr__(self, "value", "true" if self.in_progress else "false")


@frozen(slots=True)
class BoardPlacement:
    """One board of a map's layout: its name, cell position in the layout, reversed or not."""

    name: str
    x: int = 0
    y: int = 0
    reversed: bool = False


@frozen(slots=True)
class SetBoards:
    """``<mapId>BoardPicker\\t<board>[/rev]\\t<x>\\t<y>...``: the boards a map uses."""

    map_id: str
    boards: tuple[BoardPlacement, ...] = ()


@frozen(slots=True)
class SetupStack:
    """``SETUP_STACK\\t``: marks the game as not new (at-start stacks are not placed again)."""

    rest: str = ""


@frozen(slots=True)
class AddPlayer:
    """``PLAYER\\t<playerId>\\t<name>\\t<side>``: a player took a side."""

    player_id: str
    name: str
    side: str


@frozen(slots=True)
class RemovePlayer:
    """``PYREMOVE\\t<playerId>``: a player left their side."""

    player_id: str


@frozen(slots=True)
class SetGlobalProperty:
    """``GlobalProperty\\t;<name>;<value>;<containerId>``: a global property's value."""

    name: str
    value: str
    container: str = ""


@frozen(slots=True)
class ChangeProperty:
    """``MutableProperty\\t<name>\\t<old>\\t<new>\\t<containerId>``: a property changed."""

    name: str
    old_value: str
    new_value: str
    container: str = ""


@frozen(slots=True)
class SetTurn:
    """``TURN<trackerId>\\t<state>``; state is ``<currentLevel>|<levelState>|...``."""

    tracker_id: str
    state: str

    @property
    def current_level(self) -> int:
        return sequence.Decoder(self.state, "|").next_int(0)

    @property
    def level_states(self) -> tuple[str, ...]:
        tokens = sequence.decode(self.state, "|")
        return tuple(tokens[1:])


@frozen(slots=True)
class Chat:
    """``CHAT<text>``: a line in the chat window (messages, reports, die rolls)."""

    message: str


@frozen(slots=True)
class Unknown:
    """Any other command, kept as its exact text."""

    text: str


Command = (
    BeginSave
    | EndSave
    | NullCommand
    | AddPiece
    | RemovePiece
    | ChangePiece
    | MovePiece
    | Log
    | Undo
    | SetBoards
    | SetupStack
    | AddPlayer
    | RemovePlayer
    | SetGlobalProperty
    | ChangeProperty
    | SetTurn
    | Chat
    | Unknown
)


def _null(token: str) -> str | None:
    return None if token == "null" else token


def _wrap(value: str | None) -> str:
    return "null" if value is None else value


def _required_int(token: str, what: str) -> int:
    value = parse_int(token)
    if value is None:
        raise FormatError(f"{what} is not an integer: {token!r}")
    return value


def parse_command(text: str) -> Command:
    """The typed command for one single-command text (no ESC nesting).

    Piece commands that the engine could not decode either (too few fields, a non-integer
    coordinate) raise :class:`FormatError` without a place; callers add the command index.
    """
    if text == "":
        return NullCommand()
    if text == BEGIN_SAVE:
        return BeginSave()
    if text == END_SAVE:
        return EndSave()
    if text.startswith(ADD):
        tokens = sequence.Decoder(text, "/", len(ADD))
        try:
            pid = _null(tokens.next_token())
            ptype = tokens.next_token()
            state = tokens.next_token()
        except IndexError:
            raise FormatError("AddPiece needs id/type/state") from None
        return AddPiece(pid, ptype, state)
    if text.startswith(REMOVE):
        return RemovePiece(text[len(REMOVE) :])
    if text.startswith(CHANGE):
        tokens = sequence.Decoder(text, "/", len(CHANGE))
        try:
            pid = tokens.next_token()
            new = tokens.next_token()
        except IndexError:
            raise FormatError("ChangePiece needs id/newState") from None
        old = tokens.next_token() if tokens.has_more() else None
        return ChangePiece(pid, new, old)
    if text.startswith(MOVE):
        return _parse_move(text[len(MOVE) :])
    if text.startswith(LOG):
        return Log(text[len(LOG) :])
    if text.startswith(UNDO):
        value = text[len(UNDO) :]
        return Undo(value == "true", value)
    if text.startswith(SETUP_STACK):
        return SetupStack(text[len(SETUP_STACK) :])
    if text.startswith(PLAYER):
        tokens = sequence.Decoder(text, "\t")
        tokens.next_token()
        return AddPlayer(tokens.next_token(""), tokens.next_token(""), tokens.next_token(""))
    if text.startswith(PYREMOVE):
        tokens = sequence.Decoder(text, "\t")
        tokens.next_token()
        return RemovePlayer(tokens.next_token(""))
    if text.startswith(GLOBAL_PROPERTY + ";") or text == GLOBAL_PROPERTY:
        tokens = sequence.Decoder(text, ";")
        tokens.next_token()
        return SetGlobalProperty(tokens.next_token(""), tokens.next_token(""), tokens.next_token(""))
    if text.startswith(MUTABLE_PROPERTY) and len(text) > len(MUTABLE_PROPERTY):
        tokens = sequence.Decoder(text[len(MUTABLE_PROPERTY) :], "\t")
        return ChangeProperty(
            tokens.next_token(""),
            tokens.next_token(""),
            tokens.next_token(""),
            tokens.next_token(""),
        )
    if text.startswith(CHAT):
        return Chat(text[len(CHAT) :])
    if text.startswith(TURN) and "\t" in text:
        tokens = sequence.Decoder(text, "\t")
        head = tokens.next_token()
        return SetTurn(head[len(TURN) :], tokens.next_token(""))
    if BOARD_PICKER + "\t" in text:
        boards = _parse_boards(text)
        if boards is not None:
            return boards
    return Unknown(text)


def _parse_move(body: str) -> MovePiece:
    tokens = sequence.Decoder(body, "/")
    try:
        pid = _null(tokens.next_token())
        new_map = _null(tokens.next_token())
        new_x = _required_int(tokens.next_token(), "MovePiece new x")
        new_y = _required_int(tokens.next_token(), "MovePiece new y")
        new_under = _null(tokens.next_token())
        old_map = _null(tokens.next_token())
        old_x = _required_int(tokens.next_token(), "MovePiece old x")
        old_y = _required_int(tokens.next_token(), "MovePiece old y")
        old_under = _null(tokens.next_token())
    except IndexError:
        raise FormatError("MovePiece needs 10 fields after M/") from None
    player = tokens.next_token() if tokens.has_more() else None
    return MovePiece(pid, new_map, new_x, new_y, new_under, old_map, old_x, old_y, old_under, player)


def _parse_boards(text: str) -> SetBoards | None:
    tokens = sequence.Decoder(text, "\t")
    head = tokens.next_token()
    if not head.endswith(BOARD_PICKER):
        return None
    boards: list[BoardPlacement] = []
    while tokens.has_more():
        name_rev = sequence.Decoder(tokens.next_token(), "/")
        name = name_rev.next_token()
        reversed_ = name_rev.has_more() and name_rev.next_token() == "rev"
        x = tokens.next_int(0)
        y = tokens.next_int(0)
        boards.append(BoardPlacement(name, x, y, reversed_))
    return SetBoards(head[: -len(BOARD_PICKER)], tuple(boards))


def _seq(tokens: Sequence[str | None], delim: str) -> str:
    encoded = sequence.encode(tokens, delim)
    return "" if encoded is None else encoded


def encode_command(cmd: Command) -> str:
    """The canonical single-command text the engine writes for a typed command."""
    if isinstance(cmd, NullCommand):
        return ""
    if isinstance(cmd, BeginSave):
        return BEGIN_SAVE
    if isinstance(cmd, EndSave):
        return END_SAVE
    if isinstance(cmd, AddPiece):
        return ADD + _seq([_wrap(cmd.id), cmd.type, cmd.state], "/")
    if isinstance(cmd, RemovePiece):
        return REMOVE + cmd.id
    if isinstance(cmd, ChangePiece):
        parts: list[str | None] = [cmd.id, cmd.new_state]
        if cmd.old_state is not None:
            parts.append(cmd.old_state)
        return CHANGE + _seq(parts, "/")
    if isinstance(cmd, MovePiece):
        return MOVE + _seq(
            [
                cmd.id,
                _wrap(cmd.new_map),
                str(cmd.new_x),
                str(cmd.new_y),
                _wrap(cmd.new_under),
                _wrap(cmd.old_map),
                str(cmd.old_x),
                str(cmd.old_y),
                _wrap(cmd.old_under),
            ]
            + ([] if cmd.player is None else [cmd.player]),
            "/",
        )
    if isinstance(cmd, Log):
        return LOG + cmd.inner
    if isinstance(cmd, Undo):
        return UNDO + cmd.value
    if isinstance(cmd, SetupStack):
        return SETUP_STACK + cmd.rest
    if isinstance(cmd, AddPlayer):
        return PLAYER + _seq([cmd.player_id, cmd.name, cmd.side], "\t")
    if isinstance(cmd, RemovePlayer):
        return PYREMOVE + _seq([cmd.player_id], "\t")
    if isinstance(cmd, SetGlobalProperty):
        return _seq([GLOBAL_PROPERTY, cmd.name, cmd.value, cmd.container], ";")
    if isinstance(cmd, ChangeProperty):
        return MUTABLE_PROPERTY + _seq([cmd.name, cmd.old_value, cmd.new_value, cmd.container], "\t")
    if isinstance(cmd, SetTurn):
        return _seq([TURN + cmd.tracker_id, cmd.state], "\t")
    if isinstance(cmd, Chat):
        return CHAT + cmd.message
    if isinstance(cmd, SetBoards):
        parts = [cmd.map_id + BOARD_PICKER]
        for board in cmd.boards:
            name = _seq([board.name] + (["rev"] if board.reversed else []), "/")
            parts += [name, str(board.x), str(board.y)]
        return _seq(list(parts), "\t")
    if isinstance(cmd, Unknown):
        return cmd.text
    raise TypeError(f"not a command: {cmd!r}")


def node(cmd: Command | str, *children: Node | Command | str) -> Node:
    """A tree node from a typed command (or a ready text) and its sub-commands."""
    text = cmd if isinstance(cmd, str) else encode_command(cmd)
    kids = tuple(c if isinstance(c, Node) else node(c) for c in children)
    return Node(text, kids)


# --------------------------------------------------------------------------------------------
# Logs


def log_steps(root: Node) -> list[Node]:
    """The top-level LOG groups of a log, in order: each is one press of the Step button.

    A LOG group is a ``LOG`` node that has no ``LOG`` node above it; its nested LOGs belong to
    the same step (``BasicLogger.LogCommand.assembleCommand``).
    """
    steps: list[Node] = []
    stack = [root]
    while stack:
        current = stack.pop()
        if current.text.startswith(LOG):
            steps.append(current)
            continue
        stack.extend(reversed(current.children))
    return steps


def step_commands(group: Node) -> list[str]:
    """The single-command texts one LOG group executes, in order, LOG wrappers removed."""
    out: list[str] = []
    for item in walk(group):
        text = item.text
        while text.startswith(LOG):
            text = text[len(LOG) :]
        out.append(text)
    return out
