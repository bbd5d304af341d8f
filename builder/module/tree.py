"""The buildFile.xml tree of a game's module, assembled from data with vassal.buildfile.component.

Every class and attribute here is one the engine reads (vassal.schema holds the table,
checked against VASSAL 3.7's source); `validate_buildfile` is run on the result before packing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field

from lxml import etree

from builder.module.pieces import Prototype
from builder.vassal_grid import SheetZone, hex_grid_element, sheet_zone_element
from records import frozen
from vassal import sequence
from vassal.buildfile import AttributeValue, component
from vassal.grids import TAG_BOARD, TAG_ZONE, TAG_ZONED_GRID, HexGrid
from vassal.pieces import Piece, format_add_piece
from wargame import pieceprops as pp
from wargame.board import Board, BoxArea
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


def _zone(name: str, path: str) -> etree._Element:
    return component(
        TAG_ZONE,
        {
            "highlightProperty": "",
            "locationFormat": "$name$",
            "name": name,
            "path": path,
            "useHighlight": False,
            "useParentGrid": False,
        },
    )


def box_path(box: BoxArea) -> str:
    r, b = box.x + box.width, box.y + box.height
    return f"{box.x},{box.y};{r},{box.y};{r},{b};{box.x},{b}"


def _map_children(board_els: Sequence[etree._Element], stack: bool = True) -> list[etree._Element]:
    picker = component(
        MAP + "BoardPicker",
        {
            "addColumnText": "Add column",
            "addRowText": "Add row",
            "boardPrompt": "Select board",
            "slotHeight": 125,
            "slotScale": 0.2,
            "slotWidth": 350,
            "title": "Choose Boards",
        },
        *board_els,
    )
    return [
        picker,
        # no blank colour: the counters under the top one show their own edges, as a real stack
        # does, instead of black slabs (StackMetrics.drawUnexpanded); small steps keep a tall
        # stack inside its hex or track box
        component(
            MAP + "StackMetrics",
            {
                "bottom": "40,0",
                "color": "",
                "disabled": not stack,
                "down": "37,0",
                "exSepX": 12,
                "exSepY": 24,
                "top": "38,0",
                "unexSepX": 2,
                "unexSepY": 3,
                "up": "39,0",
            },
        ),
        component(MAP + "ForwardToKeyBuffer"),
        component(MAP + "Scroller"),
        component(MAP + "ForwardToChatter"),
        component(MAP + "MenuDisplayer"),
        component(MAP + "MapCenterer"),
        component(MAP + "StackExpander"),
        component(MAP + "PieceMover"),
        component(MAP + "KeyBufferer"),
        component(MAP + "ImageSaver"),
        component(
            MAP + "CounterDetailViewer",
            {
                "bgColor": "255,255,255",
                "borderWidth": 2,
                "centerAll": False,
                "delay": 700,
                "display": "from all layers",
                "fgColor": "0,0,0",
                "fontSize": 11,
                "graphicsZoom": 1.0,
                "hotkey": "",
                "minDisplayPieces": 2,
                "showgraph": True,
                "showgraphsingle": False,
                "showtext": True,
                "showtextsingle": False,
                "summaryReportFormat": "$LocationName$",
                "counterReportFormat": "$PieceName$",
                "zoomlevel": 1.0,
                "version": "4",
            },
        ),
        component(MAP + "Flare"),
        component(MAP + "Zoomer", {"zoomLevels": "0.2,0.3,0.4,0.5,0.625,0.75,1.0,1.25,1.6", "zoomStart": 4}),
        component(MAP + "SelectionHighlighters"),
        component(MAP + "HighlightLastMoved", {"color": "255,0,0", "enabled": True, "thickness": 3}),
    ]


def _map(
    name: str, board_els: Sequence[etree._Element], *, launch: bool, extra: Sequence[etree._Element] = ()
) -> etree._Element:
    attrs: dict[str, AttributeValue] = {
        "allowMultiple": False,
        "backgroundcolor": "255,255,255",
        "buttonName": name if launch else "",
        "changeFormat": "$message$",
        "color": "0,0,0",
        "createFormat": "$pieceName$ created in $location$ *",
        "description": "",
        "edgeHeight": 0,
        "edgeWidth": 0,
        "hideKey": "",
        "hotkey": "",
        "icon": "",
        "launch": launch,
        "mapName": name,
        "markMoved": "Never",
        "markUnmovedHotkey": "",
        "markUnmovedIcon": "",
        "markUnmovedReport": "",
        "markUnmovedText": "",
        "markUnmovedTooltip": "",
        "moveKey": "",
        "moveToFormat": MOVE_FORMAT,
        "moveWithinFormat": MOVE_FORMAT,
        "onlyReportChangedLocation": True,
        "showKey": "",
        "thickness": 3,
        "tooltip": f"Show or hide the {name} window" if launch else "",
    }
    return component(M + "Map", attrs, *_map_children(board_els), *extra)


def main_map(spec: ModuleSpec) -> etree._Element:
    """The game's map: each board image with its Map Boxes as zones over the background hex
    grid. A game of several boards (USWC's theatre maps) lets a setup pick one."""
    board_els = []
    for mb in spec.boards:
        b = mb.board
        zones = [_zone(mb.box_names[box.code], box_path(box)) for box in b.boxes]
        zones += [sheet_zone_element(z) for z in mb.sheet_zones]  # after the boxes: the first zone names
        background = [hex_grid_element(mb.hex_grid)] if mb.hex_grid is not None else []
        grid = component(TAG_ZONED_GRID, {}, *zones, *background)
        board_els.append(component(TAG_BOARD, {"image": b.image, "name": b.board_name, "reversible": False}, grid))
    return _map(spec.map_name, board_els, launch=False)


def card_map(card: OffBoard, decks: Sequence[DrawPileSpec] = ()) -> etree._Element:
    """An off-map board: its boxes, track cells, the Cup and decks as zones (no grid: pieces sit
    where dropped), and a DrawPile for the Cup and for each deck of cards on it."""
    zones = [_zone(a.name, a.path()) for a in card.areas if a.kind in ("box", "cell", "deck", "cards")]
    grid = component(TAG_ZONED_GRID, {}, *zones)
    board_el = component(TAG_BOARD, {"image": card.image, "name": card.map_name, "reversible": False}, grid)
    pile = cup_pile(card)
    extra = [_deck(pile)] if pile is not None else []
    extra += [_deck(d) for d in decks]
    return _map(card.map_name, [board_el], launch=True, extra=extra)


def card_piles(card: OffBoard, owner: str, size: tuple[int, int]) -> tuple[DrawPileSpec, ...]:
    """The DrawPile of each deck of cards on an off-map board (a faction's option cards): face
    down, drawn one chosen card at a time, never shuffled, a drawn card still concealed from
    everyone but its drawer, open to its owner's side only."""
    from builder.module.card_pieces import deck_name

    out = []
    for a in card.areas:
        if a.kind == "cards":
            x, y = a.center
            out.append(
                DrawPileSpec(
                    deck_name(owner, a.name),
                    card.map_name,
                    x,
                    y + 12,
                    size[0],
                    size[1],
                    face_down="Always",
                    shuffle="Never",
                    draw_face_up=False,
                    allow_select=True,
                    color="90,70,50",
                    owners=(owner,),
                )
            )
    return tuple(out)


@frozen
class DrawPileSpec:
    """The Diplomacy Cup's DrawPile: one set of values for buildFile.xml and for the setups' Deck.

    A saved game ties its Deck to this DrawPile by the deck name in the Deck's type
    (counters/Deck.java mySetType -> DrawPile.findDrawPile(deckName), which matches a DrawPile's
    name or its "Deck<n>" id); the Deck's own AddPiece id is any free piece id.
    """

    name: str
    board: str  # owning board; also the map's name (one board per off-map map)
    x: int  # centre, map pixels (the board sits at 0,0: no edge buffer)
    y: int
    width: int
    height: int
    face_down: str = "Always"  # a blind cup: its markers carry a Mask trait (pieces.may_enter_cup)
    shuffle: str = "Always"  # every draw is a random one (10.2)
    draw_face_up: bool = True
    outline: bool = True
    color: str = "255,51,51"
    allow_multiple: bool = False
    allow_select: bool = False
    reversible: bool = False
    owners: tuple[str, ...] = ()  # sides that may draw from it (a faction's own deck); () anyone

    def attributes(self) -> dict[str, AttributeValue]:
        attrs: dict[str, AttributeValue] = {
            "allowMultiple": self.allow_multiple,
            "allowSelect": self.allow_select,
            "color": self.color,
            "draw": self.outline,
            "drawFaceUp": self.draw_face_up,
            "faceDown": self.face_down,
            "height": self.height,
            "name": self.name,
            "owningBoard": self.board,
            "reshufflable": False,
            "reversible": self.reversible,
            "shuffle": self.shuffle,
            "width": self.width,
            "x": self.x,
            "y": self.y,
        }
        if self.owners:
            attrs.update({"deckRestrictAccess": True, "deckOwners": ",".join(self.owners)})
        return attrs

    @property
    def starts_face_down(self) -> bool:
        """The Deck's face-down flag when the DrawPile makes it (DrawPile.makeDeck)."""
        return self.face_down not in ("Never", "MenuDefaultUp")

    def deck_type(self) -> str:
        """The Deck type of this pile (DrawPile.getDeckType = Deck.getType), as far as it matters.

        Deck.getType's fields in order, as far as our attributes reach: outline, colour, width,
        height, face-down option, shuffle option, multiple draw, select draw, reversible,
        reshuffle command/target/message (empty: not reshufflable), deck name, shuffle/reverse/
        face-down report formats (empty), draw face up, persistable. Deck.myRefreshType gives
        every later field its default when the type stops, which is the DrawPile's value too
        (we set none of them) and keeps the running engine's own language for menu texts.
        """
        fields = [
            _java_bool(self.outline),
            self.color,
            str(self.width),
            str(self.height),
            self.face_down,
            self.shuffle,
            _java_bool(self.allow_multiple),
            _java_bool(self.allow_select),
            _java_bool(self.reversible),
            "",
            "",
            "",
            self.name,
            "",
            "",
            "",
            _java_bool(self.draw_face_up),
            _java_bool(False),
        ]
        if self.owners:
            fields += _DECK_DEFAULTS + [_java_bool(True), sequence.encode(list(self.owners), ",") or ""]
        return "deck;" + (sequence.encode(fields, ";") or "")


# Deck.getType's fields after "persistable" and before "restrictAccess", at the values a
# DrawPile gives them when the module sets none (its dummy Deck's defaults, in the engine's
# English): shuffle and reshuffle keys, max stack 10, count expressions, expression counting,
# global commands, hotkey on empty, empty key, select display property, select sort property,
# restrict option, restrict expression, the shuffle/reverse commands and key, the draw
# multiple/specific and face up/down messages, the face up/flip/down keys and report, the save
# and load messages, keys and reports (counters/Deck.java getType, myRefreshType). A deck
# restricted to its owners must write them all to reach the last two fields.
_DECK_DEFAULTS = [
    "",
    "",
    "10",
    "",
    "false",
    "",
    "false",
    "",
    "$BasicName$",
    "",
    "false",
    "",
    "Shuffle",
    "Reverse",
    "",
    "Draw multiple cards",
    "Draw specific cards",
    "Face up",
    "Face down",
    "",
    "",
    "",
    "",
    "Save Deck",
    "",
    "Deck Saved",
    "Load Deck",
    "",
    "Deck Loaded",
]


def _java_bool(value: bool) -> str:
    return "true" if value else "false"


def cup_pile(card: OffBoard) -> DrawPileSpec | None:
    """The DrawPile of an off-map board's deck area (USE's Diplomacy Cup), if it has one."""
    for a in card.areas:
        if a.kind == "deck":
            x, y = a.center
            return DrawPileSpec(a.name, card.map_name, x, y, a.width - 20, a.height - 20)
    return None


def _deck(pile: DrawPileSpec) -> etree._Element:
    """A draw cup: a draw pile that always draws at random (USE 10.2)."""
    return component(MAP + "DrawPile", pile.attributes())


PALETTE_COLUMNS = 10
PALETTE_PAGE = 50  # counters per tab page: five rows of ten
PALETTE_SCALE = 0.75  # 60 px counters in the palette; a dragged counter has its full size


def paged(name: str, slots: Sequence[Slot]) -> Palette:
    """A palette leaf, or tab pages of at most PALETTE_PAGE counters ("GER 1-50", "GER 51-65").

    A PanelWidget lays its counters out with a GridLayout and no scroll bar: rows it has no
    room for are squeezed until the counters overlap (PanelWidget.java), so pages stay small.
    """
    if len(slots) <= PALETTE_PAGE:
        return Palette(name, slots=tuple(slots))
    pages = [slots[i : i + PALETTE_PAGE] for i in range(0, len(slots), PALETTE_PAGE)]
    return Palette(
        name,
        tuple(
            Palette(f"{name} {i * PALETTE_PAGE + 1}-{i * PALETTE_PAGE + len(p)}", slots=tuple(p))
            for i, p in enumerate(pages)
        ),
    )


def _palette_widget(node: Palette) -> etree._Element:
    if node.slots:
        slots = [
            component(
                WIDGET + "PieceSlot",
                {"entryName": s.name, "gpid": s.gpid, "height": 80, "width": 80},
                text=format_add_piece(None, s.piece),
            )
            for s in node.slots
        ]
        return component(
            WIDGET + "PanelWidget",
            {"entryName": node.name, "fixed": True, "nColumns": PALETTE_COLUMNS, "scale": PALETTE_SCALE, "vert": False},
            *slots,
        )
    return component(WIDGET + "TabWidget", {"entryName": node.name}, *(_palette_widget(c) for c in node.children))


def _piece_windows(palettes: Sequence[Palette]) -> list[etree._Element]:
    """The palette windows, after an empty hidden one.

    In single-window mode VASSAL docks the module's first PieceWindow ("PieceWindow0") beside
    the chat (PieceWindow.addTo / dockMe), where a page of counters has a few dozen pixels of
    height and its grid collapses. A hidden first window is never docked nor shown, so every
    palette opens as its own window, packed to the size of its pages (PositionOption).
    """
    hidden = component(
        M + "PieceWindow",
        {
            "defaultWidth": 0,
            "hidden": True,
            "hotkey": "",
            "icon": "",
            "name": "Unused",
            "scale": 1.0,
            "text": "",
            "tooltip": "",
        },
    )
    return [hidden] + [
        component(
            M + "PieceWindow",
            {
                "defaultWidth": 0,
                "hidden": False,
                "hotkey": "",
                "icon": "",
                "name": p.name,
                "scale": PALETTE_SCALE,
                "text": p.name,
                "tooltip": f"Show or hide the {p.name.lower()} palette",
            },
            _palette_widget(p),
        )
        for p in palettes
    ]


def module_tree(spec: ModuleSpec) -> etree._Element:
    children: list[etree._Element] = [
        component(M + "BasicCommandEncoder"),
        component(M + "Documentation"),
        component(
            M + "PlayerRoster",
            {
                "buttonIcon": "",
                "buttonKeyStroke": "",
                "buttonText": "Retire",
                "buttonToolTip": "Switch sides, become an observer",
            },
            *[_entry(s) for s in spec.sides],
        ),
        component(
            M + "GlobalOptions",
            {
                "autoReport": "Always",
                "chatterHTMLSupport": "Never",
                "hotKeysOnClosedWindows": "Never",
                "inventoryForAll": "Always",
                "nonOwnerUnmaskable": "Never",
                "playerIdFormat": "$PlayerName$",
                "promptString": "Opponents can unmask pieces",
                "sendToLocationMoveTrails": "Never",
                "storeLeadingZeroIntegersAsStrings": True,
            },
        ),
        component(M + "Chatter"),
        component(M + "KeyNamer"),
        component(
            M + "PrototypesContainer",
            {},
            *[
                component(
                    M + "PrototypeDefinition",
                    {"description": p.description, "name": p.name},
                    text=format_add_piece(None, p.piece),
                )
                for p in spec.prototypes
            ],
        ),
        component(PROPS + "GlobalProperties", {}, *_global_properties(spec)),
        *_state_menus(spec),
        main_map(spec),
        *[card_map(c, spec.decks.get(c.map_name, ())) for c in spec.cards],
        *_piece_windows(spec.palettes),
        _dice("1d6", 1),
        _dice("2d6", 2),
        _turn_tracker(spec),
        component(
            M + "ChartWindow",
            {"hotkey": "", "icon": "", "name": "Charts", "text": "Charts", "tooltip": spec.charts_tooltip},
            component(
                WIDGET + "TabWidget",
                {"entryName": "Charts"},
                *[
                    component(WIDGET + "Chart", {"chartName": c.name, "description": c.title, "fileName": c.image})
                    for c in spec.charts
                ],
            ),
        ),
        *[
            component(
                M + "PredefinedSetup",
                {"description": s.description, "file": s.file, "isMenu": False, "name": s.name, "useFile": True},
            )
            for s in spec.setups
        ],
    ]
    return component(
        "VASSAL.build.GameModule",
        {
            "ModuleOther1": "",
            "ModuleOther2": "",
            "VassalVersion": VASSAL_VERSION,
            "description": spec.description,
            "name": spec.name,
            "nextPieceSlotId": spec.next_gpid,
            "version": spec.version,
        },
        *children,
    )


def _entry(side: str) -> etree._Element:
    e = etree.Element("entry")
    e.text = side
    return e


GAME_STATE_MENU = "Game state"
STATE_MENUS = ("Policies", "Nations", "Disputed areas", "Events")


def nation_statuses(factions: Sequence[str]) -> tuple[str, ...]:
    """wargame.pieceprops.STATUSES with the faction each concerns, as the Nations menu offers them."""
    return ("neutral", *(f"active {f}" for f in factions), *(f"conquered {f}" for f in factions), "ceded", "absent")


def _changer(label: str, prompt: str, values: Sequence[str]) -> etree._Element:
    """A toolbar button that asks for one of ``values`` and sets its GlobalProperty, reporting
    the change in the chat (ChangePropertyButton; propChanger "E" = pick from a list, encoded
    by PropertyChangerConfigurer.getValueString as E,prompt,values)."""
    changer = sequence.encode(["E", prompt, sequence.encode(list(values), ",") or ""], ",") or ""
    return component(
        PROPS + "ChangePropertyButton",
        {
            "canDisable": False,
            "desc": label,
            "disabledIcon": "",
            "hideWhenDisabled": False,
            "hotkey": "",
            "icon": "",
            "propChanger": changer,
            "propertyGate": "",
            "reportFormat": "<$PlayerId$> $description$: $newValue$ (was $oldValue$)",
            "text": label,
            "tooltip": prompt,
        },
    )


def _global_properties(spec: ModuleSpec) -> list[etree._Element]:
    """Weather per zone (set by the setups; in play the Weather markers on the track say it),
    policies in effect, each nation's status and ceded disputed areas. The last three have a
    button each, gathered under the Game state menu, so players keep them current for
    `staffwork check`, which reads them from the save."""
    label = spec.labels.get
    rules = spec.game_state

    def cite(rule: str) -> str:
        return f" ({rule})" if rule else ""

    out = []
    for zone in spec.weather_zones:
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": spec.weather_property.format(zone=zone),
                    "initialValue": spec.weather_states[0],
                    "isNumeric": False,
                    "name": pp.WEATHER_PREFIX + zone,
                },
            )
        )
    for key in spec.policies:
        name = label(key, key)
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": f"{name} in effect{cite(rules.policy_rule)}",
                    "initialValue": "false",
                    "isNumeric": False,
                    "name": pp.POLICY_PREFIX + key,
                },
                _changer(f"Policy: {name}", f"Is {name} in effect?", ("true", "false")),
            )
        )
    for nation, status in spec.nation_status.items():
        name = label(nation, nation)
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": f"{name}: status and faction{cite(rules.nation_rule)}",
                    "initialValue": status,
                    "isNumeric": False,
                    "name": pp.STATUS_PREFIX + nation,
                },
                _changer(f"Nation: {name}", f"Status of {name}", nation_statuses(spec.factions)),
            )
        )
    for area in spec.disputed_areas:
        name = label(area, area)
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": f"{name} ceded{cite(rules.ceded_rule)}",
                    "initialValue": "false",
                    "isNumeric": False,
                    "name": pp.CEDED_PREFIX + area,
                },
                _changer(f"Ceded: {name}", f"Has {name} been ceded?", ("true", "false")),
            )
        )
    for event in spec.events:
        name = label("event:" + event, event)
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": f"{name} has happened",
                    "initialValue": "false",
                    "isNumeric": False,
                    "name": pp.EVENT_PREFIX + event,
                },
                _changer(f"Event: {name}", f"Has {name} happened?", ("true", "false")),
            )
        )
    if spec.events:
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": "Requirements the scenario's special rules waive",
                    "initialValue": "",
                    "isNumeric": False,
                    "name": pp.WAIVED,
                },
            )
        )
    for holder in spec.control:  # set by a setup, read by staffwork check: no button
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": f"Territory the {holder.capitalize()} side holds at the start beyond "
                    f"the nations' status{cite(rules.control_rule)}",
                    "initialValue": "",
                    "isNumeric": False,
                    "name": pp.CONTROL_PREFIX + holder,
                },
            )
        )
    for side in spec.sources:
        out.append(
            component(
                PROPS + "GlobalProperty",
                {
                    "description": f"Supply sources a special rule gives the {side.capitalize()} side",
                    "initialValue": "",
                    "isNumeric": False,
                    "name": pp.SOURCES_PREFIX + side,
                },
            )
        )
    return out


def _state_menus(spec: ModuleSpec) -> list[etree._Element]:
    """Toolbar menus that gather the property buttons: Game state > Policies, Nations,
    Disputed areas (ToolbarMenu.buildMenu takes toolbar buttons by their text, a menu too)."""
    label = spec.labels.get
    items = {
        "Policies": [f"Policy: {label(k, k)}" for k in spec.policies],
        "Nations": [f"Nation: {label(n, n)}" for n in spec.nation_status],
        "Disputed areas": [f"Ceded: {label(a, a)}" for a in spec.disputed_areas],
        "Events": [f"Event: {label('event:' + e, e)}" for e in spec.events],
    }

    def menu(text: str, entries: Sequence[str], tip: str) -> etree._Element:
        return component(
            M + "ToolbarMenu",
            {
                "canDisable": False,
                "description": text,
                "disabledIcon": "",
                "hideWhenDisabled": False,
                "hotkey": "",
                "icon": "",
                "menuItems": sequence.encode(list(entries), ",") or "",
                "propertyGate": "",
                "text": text,
                "tooltip": tip,
            },
        )

    subs = [
        menu(name, entries, f"Set {name.lower()} for the rules assistant") for name, entries in items.items() if entries
    ]
    top = menu(
        GAME_STATE_MENU,
        [m.get("text") for m in subs],
        "Policies, nation statuses and ceded areas, as staffwork check reads them",
    )
    return [*subs, top]


def _dice(name: str, n: int) -> etree._Element:
    return component(
        M + "DiceButton",
        {
            "addToTotal": 0,
            "canDisable": False,
            "hotkey": "",
            "icon": "",
            "keepCount": 1,
            "keepDice": False,
            "keepOption": ">",
            "lockAdd": False,
            "lockDice": False,
            "lockPlus": False,
            "lockSides": False,
            "nDice": n,
            "nSides": 6,
            "name": name,
            "plus": 0,
            "prompt": False,
            "reportFormat": "** $name$ = $result$ *** <$PlayerName$>",
            "reportTotal": n > 1,
            "sortDice": False,
            "text": name,
            "tooltip": f"Roll {name}",
        },
    )


def _turn_tracker(spec: ModuleSpec) -> etree._Element:
    phase = component(
        TURN + "ListTurnLevel",
        {
            "configFirst": False,
            "configList": False,
            "list": ",".join(spec.phases),
            "name": pp.PHASE,
            "property": pp.PHASE,
            "turnFormat": "$value$",
        },
    )
    month = component(
        TURN + "ListTurnLevel",
        {
            "configFirst": False,
            "configList": False,
            "list": ",".join(spec.months),
            "name": pp.MONTH,
            "property": pp.MONTH,
            "turnFormat": "$value$",
        },
        phase,
    )
    return component(
        TURN + "TurnTracker",
        {
            "buttonText": "Turn",
            "hotkey": "",
            "icon": "",
            "name": pp.TURN_TRACKER,
            "nexthotkey": "78,195",
            "prevhotkey": "80,195",
            "reportFormat": "<$PlayerId$> $newTurn$ *",
            "tooltip": "Month and phase" + (f" ({spec.game_state.turn_rule})" if spec.game_state.turn_rule else ""),
            "turnFormat": "$level1$ - $level2$",
        },
        month,
    )


def turn_state(months: Sequence[str], phases: Sequence[str], month: str, phase: str) -> str:
    """The state of the tracker `_turn_tracker` builds, standing at `month` and `phase`.

    turn/TurnTracker.java getState: '|'-joined, the index of the current top level (0: Month is
    the only one), then each top level's state. turn/ListTurnLevel.java getState: ';'-joined
    current item index, current sub-level index, first item index (0: configFirst is off),
    the ','-joined active flags (all "true": configList is off), then each sub-level's state --
    here the Phase level, whose own state nests (escaped) as the last field of the Month level.
    """
    if month not in months:
        raise ValueError(f"{month!r} is not a month of the turn tracker ({months[0]} to {months[-1]})")
    if phase not in phases:
        raise ValueError(f"{phase!r} is not a phase of the turn tracker")
    phase_level = _list_level_state(phases.index(phase), len(phases), ())
    month_level = _list_level_state(months.index(month), len(months), (phase_level,))
    return sequence.encode(["0", month_level], "|") or ""


def _list_level_state(current: int, items: int, sub_levels: Sequence[str]) -> str:
    active = sequence.encode(["true"] * items, ",") or ""
    return sequence.encode([str(current), "0", "0", active, *sub_levels], ";") or ""
