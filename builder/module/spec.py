"""What a module's buildFile tree is made from (ModuleSpec and the records it holds), and the
names the tree's builders share: VASSAL's class-name prefixes, the engine version written, the
turn tracker's id."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field

from builder.module.decks import DrawPileSpec
from builder.module.pieces import Prototype
from builder.vassal_grid import SheetZone
from records import frozen
from vassal.grids import HexGrid
from vassal.pieces import Piece
from wargame.board import Board
from wargame.displays import Chart, GameStateSpec
from wargame.offboards import OffBoard

M = "VASSAL.build.module."
MAP = M + "map."
WIDGET = "VASSAL.build.widget."
PROPS = M + "properties."
TURN = M + "turn."
VASSAL_VERSION = "3.7.0"
# A save names a turn tracker "TurnTracker<n>": UniqueIdManager("TurnTracker") numbers the
# trackers in the order they are built, whatever their name (turn/TurnTracker.java idMgr,
# tools/UniqueIdManager.add); the module has one, so its SetTurn commands read TURNTurnTracker0.
TURN_TRACKER_ID = "TurnTracker0"
MOVE_FORMAT = "$pieceName$ moves $previousLocation$ -> $location$ *"


@frozen
class Slot:
    """A palette entry: display name, gpid and piece definition."""

    name: str
    gpid: str
    piece: Piece


@frozen
class Palette:
    """Nested palette tabs: (tab name, children) where a leaf's children are Slots."""

    name: str
    children: tuple[Palette, ...] = ()
    slots: tuple[Slot, ...] = ()


@frozen
class Setup:
    name: str
    file: str
    description: str


@frozen
class MapBoard:
    """A board of the main map: its image and geometry, VASSAL grid, and Map Box names. A
    board that joins several sheets (ETO's West and East maps) has no grid of its own but one
    zone per sheet, each with the sheet's numbering."""

    board: Board
    hex_grid: HexGrid | None
    box_names: Mapping[str, str]  # Map Box code -> name (zone name)
    sheet_zones: tuple[SheetZone, ...] = ()


@frozen
class ModuleSpec:
    """Everything the tree is made from."""

    name: str
    version: str
    description: str
    map_name: str
    boards: Sequence[MapBoard]
    cards: Sequence[OffBoard]
    sides: Sequence[str]
    prototypes: Sequence[Prototype]
    palettes: Sequence[Palette]  # one window each; its name is the toolbar button
    months: Sequence[str]
    phases: Sequence[str]
    weather_zones: Sequence[str]
    weather_states: Sequence[str]
    factions: Sequence[str]
    charts_tooltip: str
    weather_property: str
    policies: Sequence[str]
    nation_status: Mapping[str, str]  # nation -> its status when the game starts ("active axis", "neutral")
    disputed_areas: Sequence[str]
    charts: Sequence[Chart]
    setups: Sequence[Setup]
    next_gpid: int
    labels: Mapping[str, str] = field(default_factory=dict)  # policy / nation / area key -> its name
    decks: Mapping[str, Sequence[DrawPileSpec]] = field(default_factory=dict)  # off-map board -> its decks
    events: Sequence[str] = ()  # one-time events a game records as having happened (Event_<key>)
    control: Sequence[str] = ()  # factions (and "neutral") a scenario gives territory (Control_<key>)
    sources: Sequence[str] = ()  # factions a scenario's special rule gives supply sources (Sources_<key>)
    game_state: GameStateSpec = field(default_factory=GameStateSpec)  # the rules its properties cite
