"""The buildFile.xml tree of a game's module, assembled from data with vassal.buildfile.component.

Every class and attribute here is one the engine reads (vassal.schema holds the table,
checked against VASSAL 3.7's source); `validate_buildfile` is run on the result before packing.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from builder.module.decks import DrawPileSpec, cup_pile
from builder.module.game_state import global_properties, state_menus, turn_tracker
from builder.module.spec import MAP, MOVE_FORMAT, PROPS, VASSAL_VERSION, WIDGET, M, ModuleSpec, Palette, Slot
from builder.vassal_grid import hex_grid_element, sheet_zone_element
from vassal.buildfile import AttributeValue, component
from vassal.grids import TAG_BOARD, TAG_ZONE, TAG_ZONED_GRID
from vassal.pieces import format_add_piece
from wargame.board import BoxArea
from wargame.offboards import OffBoard


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
        *_module_settings(spec),
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
        component(PROPS + "GlobalProperties", {}, *global_properties(spec)),
        *state_menus(spec),
        main_map(spec),
        *[card_map(c, spec.decks.get(c.map_name, ())) for c in spec.cards],
        *_piece_windows(spec.palettes),
        _dice("1d6", 1),
        _dice("2d6", 2),
        turn_tracker(spec),
        _charts(spec),
        *_setups(spec),
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


def _module_settings(spec: ModuleSpec) -> list[etree._Element]:
    """The first children of the module: command encoder, documentation, the player roster
    (a side per faction), global options."""
    return [
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
    ]


def _charts(spec: ModuleSpec) -> etree._Element:
    """The Charts window: one tab per chart."""
    return component(
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
    )


def _setups(spec: ModuleSpec) -> list[etree._Element]:
    """The predefined setups, one per scenario."""
    return [
        component(
            M + "PredefinedSetup",
            {"description": s.description, "file": s.file, "isMenu": False, "name": s.name, "useFile": True},
        )
        for s in spec.setups
    ]


def _entry(side: str) -> etree._Element:
    e = etree.Element("entry")
    e.text = side
    return e


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
