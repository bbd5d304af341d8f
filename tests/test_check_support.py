"""Positions for the rules tests, written as real saved games with our own save writer.

Pieces are minimal: a BasicPiece, a Marker trait carrying the wargame.pieceprops properties and
the Side / Supply / Sorties layers, placed at the pixel centre of their hex (wargame.board).
Other test files import the helpers; the tests here pin that a written save reads back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from assistant.board import Overrides, read_position
from vassal.commands import BoardPlacement, SetGlobalProperty
from vassal.pieces import Piece, piece_state, piece_type
from vassal.savefile import Placement, setup_tree, write_saved_game
from vassal.traits import BasicPiece, Embellishment, Marker
from wargame import pieceprops as pp
from wargame.errors import DataError
from wargame.games import find_game
from wargame.rules.position import Position

USE_TITLE = "Unconditional Surrender! World War 2 in Europe"


@dataclass(frozen=True)
class U:
    """A unit to place: nation, kind, type, where (hex id or Map Box code)."""

    nation: str
    kind: str
    type: str
    where: str
    faction: str = ""
    name: str = ""
    category: str = ""
    reduced: bool = False
    supply: str = "full"
    sorties: int = 0
    key: str = ""  # units.csv key: the counter's design (steps, factors), where the rules read it


@dataclass(frozen=True)
class M:
    """A marker to place: markers.csv key and name, where."""

    key: str
    name: str
    where: str
    faction: str = ""
    nation: str = ""
    flipped: bool = False


FACTION_OF = {
    "GER": "axis",
    "ITA": "axis",
    "ROM": "axis",
    "HUN": "axis",
    "FIN": "axis",
    "FRA": "western",
    "UK": "western",
    "USA": "western",
    "POL": "western",
    "BEL": "western",
    "NET": "western",
    "GRE": "western",
    "NOR": "western",
    "USSR": "soviet",
}


def _layer(name: str, images: int, level: int | None) -> Embellishment:
    return Embellishment.make(
        name=name,
        images=tuple(f"{name.lower()}{i}.png" for i in range(1, images + 1)),
        always_active=False,
        state_value=level if level else -1,
    )


def unit_piece(u: U) -> Piece:
    category = u.category or {"ground": "field", "air": "air"}.get(
        u.kind, "convoy" if u.type == "convoy" else "warship"
    )
    props = {
        pp.FACTION: u.faction or FACTION_OF[u.nation],
        pp.NATIONALITY: u.nation,
        pp.KIND: u.kind,
        pp.TYPE: u.type,
        pp.CATEGORY: category,
        pp.UNIT_ID: u.name or u.type,
        pp.UNIT_KEY: u.key,
        pp.ELITE: "false",
    }
    supply = {"full": None, "low": 1, "none": 2}[u.supply]
    traits = (
        _layer(pp.LAYER_SIDE, 1, 1 if u.reduced else None),
        _layer(pp.LAYER_SUPPLY, 2, supply),
        _layer(pp.LAYER_SORTIES, 7, pp.sorties_level(u.sorties or 0)),
        Marker.of(props),
    )
    return Piece(traits, BasicPiece.make(image_name=f"{u.nation}-{u.type}.png", common_name=u.name or u.type))


def marker_piece(m: M) -> Piece:
    props = {pp.MARKER_KEY: m.key, pp.MARKER_NAME: m.name, pp.FACTION: m.faction, pp.NATIONALITY: m.nation}
    return Piece(
        (_layer(pp.LAYER_SIDE, 1, 1 if m.flipped else None), Marker.of(props)),
        BasicPiece.make(image_name=f"{m.key}.png", common_name=m.name),
    )


def _board(game: str, board: str | None):
    g = find_game(game)
    return g.boards().board(board) if board else g.boards().default


def pixel(where: str, game: str = "use", board: str | None = None) -> tuple[int, int]:
    b = _board(game, board)
    try:
        h = b.grid.parse(where)
    except DataError:
        return b.box(where).center
    x, y = b.center(h)
    return round(x), round(y)


def off_map(where: str, game: str = "use") -> tuple[str, int, int] | None:
    """(map name, x, y) of "track:<box>" (a box of the tracks board: a month, a weather cell)."""
    if not where.startswith("track:"):
        return None
    tracks = find_game(game).displays().tracks_board()
    x, y = tracks.area(where[len("track:") :]).center
    return tracks.map_name, x, y


def write_position(
    path: Path,
    pieces: Sequence[U | M],
    properties: dict[str, str] | None = None,
    game: str = "use",
    board: str | None = None,
) -> Path:
    """A .vsav of a game (its module name) with the pieces in the order given (bottom first
    within a hex), on one of its boards; the board picker names it when the game has several.
    A marker at "track:<box>" stands on the tracks board (the Turn Track: "track:Jun-41")."""
    b = _board(game, board)
    placements = []
    for n, p in enumerate(pieces, start=1):
        piece = unit_piece(p) if isinstance(p, U) else marker_piece(p)
        elsewhere = off_map(p.where, game)
        if elsewhere is not None:
            placements.append(Placement(str(n), piece_type(piece), piece_state(piece), *elsewhere))
            continue
        x, y = pixel(p.where, game, board)
        placements.append(Placement(str(n), piece_type(piece), piece_state(piece), b.map_name, x, y))
    extra = [SetGlobalProperty(k, v, "Module") for k, v in sorted((properties or {}).items())]
    boards = {b.map_name: (BoardPlacement(b.board_name),)} if len(find_game(game).boards().boards) > 1 else None
    tree = setup_tree(placements, boards, extra=extra)
    write_saved_game(path, tree, module_name=find_game(game).title, module_version="0.1", vassal_version="3.7.26")
    return path


def position(
    tmp_path: Path,
    pieces: Sequence[U | M],
    properties: dict[str, str] | None = None,
    overrides: Overrides = Overrides(),
    name: str = "game.vsav",
    game: str = "use",
    board: str | None = None,
) -> Position:
    save = write_position(tmp_path / name, pieces, properties, game, board)
    return read_position(save, overrides=overrides).position


def test_a_written_save_reads_back_each_piece_in_its_hex_box_and_layers(tmp_path):
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", "2915", reduced=True, supply="low"),
            U("UK", "naval", "convoy", "NAO", sorties=3),
            M("no-ezoc", "No EZOC", "3014"),
        ],
    )
    ger, uk = pos.units
    assert (ger.hex, ger.reduced, ger.supply, ger.faction) == ("2915", True, "low", "axis")
    assert (uk.box, uk.hex, uk.sorties) == ("NAO", None, 3)
    assert pos.markers[0].hex == "3014" and pos.markers[0].name == "No EZOC"


def test_a_unit_below_a_fort_marker_in_its_stack_lies_in_the_fort_and_one_above_does_not(tmp_path):
    pos = position(
        tmp_path,
        [
            U("FRA", "ground", "infantry", "3017"),
            M("fort-fra", "Fort", "3017", "western", "FRA"),
            U("FRA", "air", "fighter", "3017"),
        ],
    )
    below, above = pos.units
    assert below.in_fort and not above.in_fort


def test_global_properties_set_weather_policies_and_nation_status(tmp_path):
    pos = position(
        tmp_path,
        [U("GER", "ground", "infantry", "2626")],
        {"Weather_mild": "Poor", "Policy_appeasement": "true", "Status_POL": "conquered axis", "Month": "Oct-39"},
    )
    st = pos.state
    assert st.weather["mild"] == "Poor" and "appeasement" in st.policies and st.month == "Oct-39"
    assert (st.nations["POL"].status, st.nations["POL"].faction) == ("conquered", "axis")
