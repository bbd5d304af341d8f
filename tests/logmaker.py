"""Writing small USE saves and logs with our own writer, for the audit and watch tests.

    unit_piece(uid, nation, faction, utype, kind="ground") -> (type, state)
    marker_piece(name, key, faction="", nation="") -> (type, state)
    layered(U(...) or M(...)) -> (type, state)       a piece with the Side / Supply / Sorties layers
    LogMaker(pieces={id: (piece, hex or box)}, phase="Axis Operations", properties={...}, game="use")
        .move(pid, where, chat=None, under=None)  .remove(pid)  .chat(text)  .set_phase(name)
        .add(pid, piece, where)  .layer(pid, name, level, active)  .flip(pid)  .sorties(pid, n)
        .turn(month, phase)                       the turn tracker set (TURN), as our modules keep it
        .write(path) / .write_save(path)          (.vlog with the steps / .vsav of the start)

``under`` names the piece the moved one lands on (VASSAL's MovePiece): moving onto a Fort marker
keeps a unit out of the fort; with no ``under`` a unit goes to the bottom of the stack, under it.
"""

from __future__ import annotations

from pathlib import Path

from vassal.commands import (
    AddPiece,
    BoardPlacement,
    ChangePiece,
    Chat,
    Log,
    MovePiece,
    Node,
    RemovePiece,
    SetGlobalProperty,
    SetTurn,
    encode_command,
)
from vassal.pieces import Piece, parse_piece, piece_state, piece_type, with_layer, with_position
from vassal.savefile import Placement, setup_tree, write_saved_game
from vassal.traits import BasicPiece, Marker
from wargame import pieceprops as pp
from wargame.board import load_board

BOARD = load_board("use")
MODULE = "Unconditional Surrender! World War 2 in Europe"


def _board_of(game: str):
    if game == "use":
        return BOARD
    from wargame.games import find_game

    return find_game(game).boards().default


def _module_of(game: str) -> str:
    if game == "use":
        return MODULE
    from wargame.games import find_game

    return find_game(game).title


def _piece(props: dict[str, str], name: str) -> tuple[str, str]:
    p = Piece((Marker.of(props),), BasicPiece.make(common_name=name))
    return piece_type(p), piece_state(p)


def unit_piece(uid: str, nation: str, faction: str, utype: str = "infantry", kind: str = "ground") -> tuple[str, str]:
    props = {
        pp.FACTION: faction,
        pp.NATIONALITY: nation,
        pp.KIND: kind,
        pp.TYPE: utype,
        pp.CATEGORY: "field" if kind == "ground" else kind,
        pp.UNIT_ID: uid,
        pp.UNIT_KEY: uid,
    }
    return _piece(props, uid)


def marker_piece(name: str, key: str, faction: str = "", nation: str = "") -> tuple[str, str]:
    props = {pp.MARKER_KEY: key, pp.MARKER_NAME: name, pp.FACTION: faction, pp.NATIONALITY: nation}
    return _piece(props, name)


def layered(thing) -> tuple[str, str]:
    """A unit (test_check_support.U) or marker (M) with the module's layers, as (type, state)."""
    from test_check_support import M
    from test_check_support import marker_piece as layered_marker
    from test_check_support import unit_piece as layered_unit

    piece = layered_marker(thing) if isinstance(thing, M) else layered_unit(thing)
    return piece_type(piece), piece_state(piece)


def xy(where: str, game: str = "use") -> tuple[int, int]:
    from wargame.errors import DataError

    board = _board_of(game)
    try:
        h = board.grid.parse(where)
    except DataError:
        return board.box(where).center
    x, y = board.center(h)
    return round(x), round(y)


class LogMaker:
    def __init__(
        self,
        pieces: dict[str, tuple[tuple[str, str], str]],
        phase: str | None = "Axis Operations",
        properties: dict[str, str] | None = None,
        game: str = "use",
    ):
        """``phase`` None: no Phase property (the turn tracker says it, ``turn``)."""
        self.game = game
        self.board = _board_of(game)
        self.pieces = pieces
        self.where = {pid: xy(h, game) for pid, (_p, h) in pieces.items()}
        self.text = {pid: p for pid, (p, _h) in pieces.items()}
        self.phase = phase
        self.properties = dict(properties or {})
        self.steps: list[Node] = []

    def _start(self) -> Node:
        placements = []
        board = self.board
        for pid, ((ptype, pstate), hex_id) in self.pieces.items():
            x, y = xy(hex_id, self.game)
            placements.append(Placement(pid, ptype, pstate, board.map_name, x, y))
        extra = [SetGlobalProperty(pp.PHASE, self.phase, "")] if self.phase is not None else []
        extra += [SetGlobalProperty(k, v, "Module") for k, v in sorted(self.properties.items())]
        return setup_tree(placements, {board.map_name: [BoardPlacement(board.board_name)]}, extra=extra)

    def move(self, pid: str, where: str, chat: str | None = None, under: str | None = None) -> LogMaker:
        x0, y0 = self.where[pid]
        x1, y1 = xy(where, self.game)
        self.where[pid] = (x1, y1)
        name = self.board.map_name
        cmd = MovePiece(pid, name, x1, y1, under, name, x0, y0, None, "player1")
        children = () if chat is None else (Node(encode_command(Log(encode_command(Chat(chat))))),)
        self.steps.append(Node(encode_command(Log(encode_command(cmd))), children))
        return self

    def add(self, pid: str, piece: tuple[str, str], where: str) -> LogMaker:
        """A piece put on the map (from a palette): AddPiece at the place."""
        x, y = xy(where, self.game)
        placed = with_position(parse_piece(*piece), self.board.map_name, x, y)
        self.where[pid] = (x, y)
        self.text[pid] = (piece_type(placed), piece_state(placed))
        self.steps.append(Node(encode_command(Log(encode_command(AddPiece(pid, *self.text[pid]))))))
        return self

    def layer(self, pid: str, name: str, level: int | None = None, active: bool | None = None) -> LogMaker:
        """A layer of a piece changed (flip, supply, Sorties): ChangePiece with the new state."""
        ptype, pstate = self.text[pid]
        changed = with_layer(parse_piece(ptype, pstate), name, level, active)
        self.text[pid] = (ptype, piece_state(changed))
        self.steps.append(Node(encode_command(Log(encode_command(ChangePiece(pid, self.text[pid][1], pstate))))))
        return self

    def flip(self, pid: str) -> LogMaker:
        return self.layer(pid, pp.LAYER_SIDE, 1, True)

    def sorties(self, pid: str, n: int) -> LogMaker:
        return self.layer(pid, pp.LAYER_SORTIES, pp.sorties_level(n), True)

    def remove(self, pid: str) -> LogMaker:
        self.steps.append(Node(encode_command(Log(encode_command(RemovePiece(pid))))))
        return self

    def chat(self, text: str) -> LogMaker:
        self.steps.append(Node(encode_command(Log(encode_command(Chat(text))))))
        return self

    def set_phase(self, name: str) -> LogMaker:
        self.steps.append(Node(encode_command(Log(encode_command(SetGlobalProperty(pp.PHASE, name, ""))))))
        return self

    def turn(self, month: str, phase: str) -> LogMaker:
        """The turn tracker moved to ``month`` ("Sep-39") and ``phase``, as our modules save it."""
        from builder.module.game_state import turn_state
        from builder.module.setups import game_months
        from builder.module.spec import TURN_TRACKER_ID
        from wargame.content import Month
        from wargame.games import find_game

        game = find_game(self.game)
        label = game.content().settings.turn_label(Month.parse(month))
        state = turn_state(game_months(game.content()), game.displays().phases, label, phase)
        self.steps.append(Node(encode_command(Log(encode_command(SetTurn(TURN_TRACKER_ID, state))))))
        return self

    def tree(self) -> Node:
        start = self._start()
        return Node(start.text, start.children + tuple(self.steps))

    def write(self, path: Path) -> Path:
        write_saved_game(
            path,
            self.tree(),
            module_name=_module_of(self.game),
            module_version="0.1",
            vassal_version="3.7.26",
            date_saved=1700000000000,
        )
        return path

    def write_save(self, path: Path) -> Path:
        write_saved_game(
            path,
            self._start(),
            module_name=_module_of(self.game),
            module_version="0.1",
            vassal_version="3.7.26",
            date_saved=1700000000000,
        )
        return path
