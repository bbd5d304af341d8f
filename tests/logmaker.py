"""Writing small USE saves and logs with our own writer, for the audit and watch tests.

    unit_piece(uid, nation, faction, utype, kind="ground") -> (type, state)
    marker_piece(name, key, faction="", nation="") -> (type, state)
    LogMaker(pieces={id: (piece, hex)}, phase="Axis Operations")
        .move(pid, hex, chat=None)  .remove(pid)  .chat(text)  .set_phase(name)
        .write(path) / .write_save(path)          (.vlog with the steps / .vsav of the start)
"""

from __future__ import annotations

from pathlib import Path

from vassal.commands import (
    BoardPlacement,
    Chat,
    Log,
    MovePiece,
    Node,
    RemovePiece,
    SetGlobalProperty,
    encode_command,
)
from vassal.pieces import Piece, piece_state, piece_type
from vassal.savefile import Placement, setup_tree, write_saved_game
from vassal.traits import BasicPiece, Marker
from wargame import pieceprops as pp
from wargame.board import load_board

BOARD = load_board("use")
MODULE = "Unconditional Surrender! World War 2 in Europe"


def _piece(props: dict[str, str], name: str) -> tuple[str, str]:
    p = Piece((Marker.of(props),), BasicPiece.make(common_name=name))
    return piece_type(p), piece_state(p)


def unit_piece(uid: str, nation: str, faction: str, utype: str = "infantry",
               kind: str = "ground") -> tuple[str, str]:
    props = {pp.FACTION: faction, pp.NATIONALITY: nation, pp.KIND: kind, pp.TYPE: utype,
             pp.CATEGORY: "field" if kind == "ground" else kind, pp.UNIT_ID: uid,
             pp.UNIT_KEY: uid}
    return _piece(props, uid)


def marker_piece(name: str, key: str, faction: str = "", nation: str = "") -> tuple[str, str]:
    props = {pp.MARKER_KEY: key, pp.MARKER_NAME: name, pp.FACTION: faction, pp.NATIONALITY: nation}
    return _piece(props, name)


def xy(hex_id: str) -> tuple[int, int]:
    x, y = BOARD.center(BOARD.grid.parse(hex_id))
    return round(x), round(y)


class LogMaker:
    def __init__(self, pieces: dict[str, tuple[tuple[str, str], str]], phase: str = "Axis Operations"):
        self.pieces = pieces
        self.where = {pid: xy(h) for pid, (_p, h) in pieces.items()}
        self.phase = phase
        self.steps: list[Node] = []

    def _start(self) -> Node:
        placements = []
        for pid, ((ptype, pstate), hex_id) in self.pieces.items():
            x, y = xy(hex_id)
            placements.append(Placement(pid, ptype, pstate, BOARD.map_name, x, y))
        extra = [SetGlobalProperty(pp.PHASE, self.phase, "")]
        return setup_tree(placements, {BOARD.map_name: [BoardPlacement(BOARD.board_name)]},
                          extra=extra)

    def move(self, pid: str, hex_id: str, chat: str | None = None) -> "LogMaker":
        x0, y0 = self.where[pid]
        x1, y1 = xy(hex_id)
        self.where[pid] = (x1, y1)
        cmd = MovePiece(pid, BOARD.map_name, x1, y1, None, BOARD.map_name, x0, y0, None, "player1")
        children = () if chat is None else (Node(encode_command(Log(encode_command(Chat(chat))))),)
        self.steps.append(Node(encode_command(Log(encode_command(cmd))), children))
        return self

    def remove(self, pid: str) -> "LogMaker":
        self.steps.append(Node(encode_command(Log(encode_command(RemovePiece(pid))))))
        return self

    def chat(self, text: str) -> "LogMaker":
        self.steps.append(Node(encode_command(Log(encode_command(Chat(text))))))
        return self

    def set_phase(self, name: str) -> "LogMaker":
        self.steps.append(Node(encode_command(Log(encode_command(SetGlobalProperty(pp.PHASE, name, ""))))))
        return self

    def tree(self) -> Node:
        start = self._start()
        return Node(start.text, start.children + tuple(self.steps))

    def write(self, path: Path) -> Path:
        write_saved_game(path, self.tree(), module_name=MODULE, module_version="0.1",
                         vassal_version="3.7.26", date_saved=1700000000000)
        return path

    def write_save(self, path: Path) -> Path:
        write_saved_game(path, self._start(), module_name=MODULE, module_version="0.1",
                         vassal_version="3.7.26", date_saved=1700000000000)
        return path
