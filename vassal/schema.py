"""The VASSAL component classes we write: their attributes with types, and the children each
may hold -- the table `vassal.validate` checks a build file against.

VASSAL builds a module by instantiating each buildFile element's tag as a Java class and handing
every XML attribute to that class's ``setAttribute`` as a string. A typed attribute that does not
parse (``Integer.valueOf("58.0")``) throws and aborts the whole module load; a bad colour or key
stroke is silently replaced; an unknown attribute is ignored.

Every entry was read from the engine source (github vassalengine/vassal, master 17fb917c57fe,
``vassal-app/src/main/java/VASSAL/...``): ``getAttributeNames``/``getAttributeTypes`` for names
and declared types, ``setAttribute`` (or ``build`` where a class reads its element directly) for
how a value is parsed and whether a parse failure is caught, ``getAllowableConfigureComponents``
plus the built-in children the engine itself writes for allowed children. The Java file is named
beside each class.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal

from records import frozen

__all__ = [
    "AttrType",
    "ComponentSpec",
    "COMPONENTS",
    "ROOT_TAGS",
    "STRING",
    "INT",
    "LENIENT_INT",
    "DOUBLE",
    "LENIENT_DOUBLE",
    "BOOL",
    "COLOR",
    "KEYSTROKE",
    "NAMED_KEYSTROKE",
    "IMAGE",
    "FILE",
    "LIST",
    "DOUBLE_LIST",
    "enum",
    "char_enum",
    "spec_for",
]

Kind = Literal[
    "string",
    "int",
    "double",
    "bool",
    "color",
    "keystroke",
    "named_keystroke",
    "image",
    "file",
    "list",
    "double_list",
    "enum",
    "char_enum",
]


@frozen
class AttrType:
    """How VASSAL reads one attribute.

    ``fatal``: a value that does not parse aborts the module load (the Java parse exception is
    not caught); otherwise VASSAL falls back to a default and the problem is a warning.
    ``values``: the accepted values of an enumeration.
    """

    kind: Kind
    fatal: bool = False
    values: tuple[str, ...] = ()


@frozen
class ComponentSpec:
    """One VASSAL class: its attributes and which child elements it may hold.

    ``children``: classes the editor lets you add (or the engine writes itself).
    ``tolerated``: classes that build fine but the editor would not add there (warning).
    ``raw_children``: non-class child tags read by the parent itself (``entry``, ``option``...).
    ``open_attributes``: any attribute is accepted (the class stores unknown ones).
    ``text``: the element text is meaningful (a piece definition).
    """

    tag: str
    source: str
    attributes: Mapping[str, AttrType]
    children: frozenset[str] = frozenset()
    tolerated: frozenset[str] = frozenset()
    raw_children: frozenset[str] = frozenset()
    open_attributes: bool = False
    text: bool = False
    any_raw_children: bool = False


STRING = AttrType("string")
INT = AttrType("int", fatal=True)
LENIENT_INT = AttrType("int")
DOUBLE = AttrType("double", fatal=True)
LENIENT_DOUBLE = AttrType("double")
BOOL = AttrType("bool")
COLOR = AttrType("color")
KEYSTROKE = AttrType("keystroke")
NAMED_KEYSTROKE = AttrType("named_keystroke")
IMAGE = AttrType("image")
FILE = AttrType("file")
LIST = AttrType("list")
DOUBLE_LIST = AttrType("double_list", fatal=True)


def enum(*values: str) -> AttrType:
    return AttrType("enum", values=values)


def char_enum(*values: str) -> AttrType:
    """VASSAL keeps only the first character (``charAt(0)``): empty is fatal."""
    return AttrType("char_enum", fatal=True, values=values)


PROMPT = enum("Always", "Never", "Use Preferences Setting")  # GlobalOptions.Prompt
ON_OFF = enum("Always", "Never")  # GlobalOptions.PromptOnOff

P = "VASSAL.build."
M = "VASSAL.build.module."
MAP = "VASSAL.build.module.map."
BOARD = "VASSAL.build.module.map.boardPicker."
GRID = "VASSAL.build.module.map.boardPicker.board."
MAPGRID = "VASSAL.build.module.map.boardPicker.board.mapgrid."
WIDGET = "VASSAL.build.widget."
TURN = "VASSAL.build.module.turn."
FOLDER = "VASSAL.build.module.folder."
PROPS = "VASSAL.build.module.properties."
DOCS = "VASSAL.build.module.documentation."

# build/AbstractToolbarItem.java: the launch-button attributes under their standard keys.
TOOLBAR: dict[str, AttrType] = {
    "name": STRING,
    "text": STRING,
    "tooltip": STRING,
    "icon": IMAGE,
    "hotkey": NAMED_KEYSTROKE,
    "canDisable": BOOL,
    "propertyGate": STRING,
    "hideWhenDisabled": BOOL,
    "disabledIcon": IMAGE,
}

_TOP_LEVEL = frozenset(
    {
        FOLDER + "ModuleSubFolder",
        M + "Map",
        M + "PieceWindow",
        M + "ToolbarMenu",
        M + "MultiActionButton",
        M + "DoActionButton",
        M + "DiceButton",
        M + "GlobalKeyCommand",
        M + "StartupGlobalKeyCommand",
        M + "Inventory",
        M + "RandomTextButton",
        M + "SpecialDiceButton",
        M + "PredefinedSetup",
        M + "ChartWindow",
        M + "PrivateMap",
        M + "PlayerHand",
        M + "NotesWindow",
        TURN + "TurnTracker",
        M + "ChessClockControl",
    }
)
# The singletons GameModule.build adds when missing, so they are always legal children.
_SINGLETONS = frozenset(
    {
        M + "BasicCommandEncoder",
        M + "Documentation",
        M + "PlayerRoster",
        M + "GlobalOptions",
        M + "Chatter",
        M + "KeyNamer",
        M + "PrototypesContainer",
        PROPS + "GlobalProperties",
        PROPS + "GlobalTranslatableMessages",
        M + "gamepieceimage.GamePieceImageDefinitions",
        "VASSAL.i18n.Language",
    }
)

# build/module/Map.java: editor list + what Map.build creates for a new map or when missing.
_MAP_CHILDREN = frozenset(
    {
        FOLDER + "MapSubFolder",
        MAP + "GlobalMap",
        MAP + "LOS_Thread",
        M + "ToolbarMenu",
        M + "MultiActionButton",
        M + "DoActionButton",
        MAP + "HidePiecesButton",
        MAP + "Zoomer",
        MAP + "CounterDetailViewer",
        MAP + "HighlightLastMoved",
        MAP + "LayeredPieceCollection",
        MAP + "ImageSaver",
        MAP + "TextSaver",
        MAP + "DrawPile",
        MAP + "SetupStack",
        MAP + "MassKeyCommand",
        MAP + "MapShader",
        MAP + "PieceRecenterer",
        MAP + "Flare",
        MAP + "MoveCameraButton",
        MAP + "BoardPicker",
        MAP + "StackMetrics",
        MAP + "ForwardToKeyBuffer",
        MAP + "Scroller",
        MAP + "ForwardToChatter",
        MAP + "MenuDisplayer",
        MAP + "MapCenterer",
        MAP + "StackExpander",
        MAP + "PieceMover",
        MAP + "KeyBufferer",
        MAP + "SelectionHighlighters",
        PROPS + "GlobalProperties",
    }
)

_MAP_ATTRIBUTES: dict[str, AttrType] = {
    "mapName": STRING,
    "description": STRING,
    "markMoved": PROMPT,
    "markUnmovedText": STRING,
    "markUnmovedTooltip": STRING,
    "markUnmovedIcon": IMAGE,
    "markUnmovedHotkey": NAMED_KEYSTROKE,
    "markUnmovedReport": STRING,
    "edgeWidth": INT,
    "edgeHeight": INT,
    "backgroundcolor": COLOR,
    "allowMultiple": BOOL,
    "color": COLOR,
    "thickness": INT,
    "launch": BOOL,
    "buttonName": STRING,
    "tooltip": STRING,
    "icon": IMAGE,
    "hotkey": NAMED_KEYSTROKE,
    "showKey": NAMED_KEYSTROKE,
    "hideKey": NAMED_KEYSTROKE,
    "onlyReportChangedLocation": BOOL,
    "moveWithinFormat": STRING,
    "moveToFormat": STRING,
    "createFormat": STRING,
    "changeFormat": STRING,
    "moveKey": NAMED_KEYSTROKE,
    "suppressAuto": BOOL,  # hidden
    "edge": STRING,  # legacy "w,h"
}

_NUMBERING: dict[str, AttrType] = {
    # build/module/map/boardPicker/board/mapgrid/RegularGridNumbering.java
    "first": char_enum("H", "V"),
    "sep": STRING,
    "hType": char_enum("N", "A"),
    "hLeading": INT,
    "hOff": INT,
    "hDescend": BOOL,
    "vType": char_enum("N", "A"),
    "vLeading": INT,
    "vOff": INT,
    "vDescend": BOOL,
    "locationFormat": STRING,
    "visible": BOOL,
    "fontSize": INT,
    "color": COLOR,
    "rotateText": INT,
    "hDrawOff": INT,
    "vDrawOff": INT,
}

_GRID_COMMON: dict[str, AttrType] = {
    "x0": INT,
    "y0": INT,
    "dx": DOUBLE,
    "dy": DOUBLE,
    "snapTo": BOOL,
    "edgesLegal": BOOL,
    "cornersLegal": BOOL,
    "visible": BOOL,
    "dotsVisible": BOOL,
    "color": COLOR,
    "snapscale": INT,  # hidden
}

_WIDGETS = frozenset({WIDGET + "TabWidget", WIDGET + "PanelWidget", WIDGET + "BoxWidget", WIDGET + "ListWidget"})
# PieceWindow.getChildAllowableConfigureComponents and ChartWindow's counterpart: a widget's
# children depend on the window it sits in (checked in validate_buildfile).
PIECE_WIDGET_CHILDREN = _WIDGETS | {WIDGET + "PieceSlot"}
CHART_WIDGET_CHILDREN = _WIDGETS | {WIDGET + "Chart", WIDGET + "HtmlChart", WIDGET + "MapWidget"}
_ANY_WIDGET_CHILDREN = PIECE_WIDGET_CHILDREN | CHART_WIDGET_CHILDREN | {WIDGET + "CardSlot"}

_DO_ACTION: dict[str, AttrType] = {
    # build/module/DoActionButton.java
    **TOOLBAR,
    "doReport": BOOL,
    "reportFormat": STRING,
    "doSound": BOOL,
    "soundClip": FILE,
    "doHotkey": BOOL,
    "hotkeys": STRING,
    "doLoop": BOOL,
    "loopType": STRING,
    "loopCount": STRING,
    "whileExpression": STRING,
    "untilExpression": STRING,
    "preLoopKey": NAMED_KEYSTROKE,
    "postLoopKey": NAMED_KEYSTROKE,
    "index": BOOL,
    "indexProperty": STRING,
    "indexStart": INT,
    "indexStep": INT,
}

_SPECS: list[ComponentSpec] = []


def _spec(
    tag: str,
    source: str,
    attributes: Mapping[str, AttrType] | None = None,
    children: Iterable[str] = (),
    **extra: Any,
) -> None:
    _SPECS.append(
        ComponentSpec(
            tag=tag,
            source=source,
            attributes=MappingProxyType(dict(attributes or {})),
            children=frozenset(children),
            **extra,
        )
    )


# --- module root and singletons -------------------------------------------------------------
_spec(
    P + "GameModule",
    "build/GameModule.java",
    {
        "name": STRING,
        "version": STRING,
        "description": STRING,
        "ModuleOther1": STRING,
        "ModuleOther2": STRING,
        "VassalVersion": STRING,
        "nextPieceSlotId": INT,  # IllegalBuildException on a bad number
    },
    _TOP_LEVEL | _SINGLETONS,
)
_spec(M + "BasicCommandEncoder", "build/module/BasicCommandEncoder.java")
_spec(
    M + "Documentation",
    "build/module/Documentation.java",
    {},
    {
        DOCS + "BrowserPDFFile",
        DOCS + "BrowserHelpFile",
        DOCS + "HelpFile",
        DOCS + "AboutScreen",
        DOCS + "Tutorial",
    },
)
_spec(
    DOCS + "AboutScreen",
    "build/module/documentation/AboutScreen.java",
    {"title": STRING, "fileName": IMAGE},
)
_spec(
    DOCS + "HelpFile",
    "build/module/documentation/HelpFile.java",
    {"title": STRING, "fileName": STRING, "vassalDoc": STRING, "image": STRING, "fileType": STRING},
)
_spec(
    DOCS + "BrowserHelpFile",
    "build/module/documentation/BrowserHelpFile.java",
    {"title": STRING, "contents": STRING, "startingPage": STRING},
)
_spec(
    DOCS + "BrowserPDFFile",
    "build/module/documentation/BrowserPDFFile.java",
    {"title": STRING, "pdfFile": FILE},
)
_spec(
    DOCS + "Tutorial",
    "build/module/documentation/Tutorial.java",
    {
        "name": STRING,
        "logfile": FILE,
        "launchOnStartup": BOOL,
        "promptMessage": STRING,
        "welcomeMessage": STRING,
    },
)
# PlayerRoster.build hands every attribute to its launch button and takes the text of every
# descendant element as a side name (written as <entry>).
_spec(
    M + "PlayerRoster",
    "build/module/PlayerRoster.java",
    {
        "description": STRING,
        "sides": LIST,
        "buttonText": STRING,
        "buttonToolTip": STRING,
        "buttonIcon": IMAGE,
        "buttonKeyStroke": NAMED_KEYSTROKE,
        "canDisable": BOOL,
        "propertyGate": STRING,
        "hideWhenDisabled": BOOL,
        "disabledIcon": IMAGE,
    },
    raw_children=frozenset({"entry"}),
    any_raw_children=True,
)
# GlobalOptions keeps unknown attributes as module options, and reads <option name=..> children.
_spec(
    M + "GlobalOptions",
    "build/module/GlobalOptions.java",
    {
        "description": STRING,
        "nonOwnerUnmaskable": PROMPT,
        "promptString": STRING,
        "autoReport": PROMPT,
        "playerIdFormat": STRING,
        "chatterHTMLSupport": ON_OFF,
        "hotKeysOnClosedWindows": ON_OFF,
        "inventoryForAll": ON_OFF,
        "sendToLocationMoveTrails": ON_OFF,
        "storeLeadingZeroIntegersAsStrings": BOOL,
        "purgeBlankPropertyPrompts": BOOL,
        "disablePieceIndexing": BOOL,
        "minMaxHeap": LENIENT_INT,
        "markMoved": PROMPT,
        "centerOnMove": STRING,
    },
    {
        "VASSAL.preferences." + n
        for n in (
            "StringPreference",
            "TextPreference",
            "EnumPreference",
            "IntegerPreference",
            "DoublePreference",
            "BooleanPreference",
        )
    },
    raw_children=frozenset({"option"}),
    open_attributes=True,
)
_spec(M + "Chatter", "build/module/Chatter.java")
_spec(M + "KeyNamer", "build/module/KeyNamer.java")
_spec(
    M + "PrototypesContainer",
    "build/module/PrototypesContainer.java",
    {},
    {FOLDER + "PrototypeFolder", M + "PrototypeDefinition"},
)
# PrototypeDefinition.build reads name/description and the text itself.
_spec(
    M + "PrototypeDefinition",
    "build/module/PrototypeDefinition.java",
    {"name": STRING, "description": STRING},
    text=True,
)
_FOLDER_ATTRS = {"name": STRING, "desc": STRING}  # build/AbstractFolder.java
_spec(
    FOLDER + "PrototypeFolder",
    "build/module/folder/PrototypeFolder.java",
    _FOLDER_ATTRS,
    {FOLDER + "PrototypeFolder", M + "PrototypeDefinition"},
)
_spec(
    FOLDER + "ModuleSubFolder",
    "build/module/folder/ModuleSubFolder.java",
    _FOLDER_ATTRS,
    {
        FOLDER + "ModuleSubFolder",
        M + "Map",
        M + "PieceWindow",
        M + "ToolbarMenu",
        M + "MultiActionButton",
        M + "DoActionButton",
        M + "DiceButton",
        M + "GlobalKeyCommand",
        M + "StartupGlobalKeyCommand",
        M + "Inventory",
        M + "RandomTextButton",
        M + "SpecialDiceButton",
        M + "PrivateMap",
        M + "PlayerHand",
    },
)
_spec(
    FOLDER + "MapSubFolder",
    "build/module/folder/MapSubFolder.java",
    _FOLDER_ATTRS,
    _MAP_CHILDREN - {MAP + "BoardPicker", MAP + "StackMetrics"},
)
_spec(
    FOLDER + "GlobalPropertyFolder",
    "build/module/folder/GlobalPropertyFolder.java",
    _FOLDER_ATTRS,
    {FOLDER + "GlobalPropertyFolder", PROPS + "GlobalProperty"},
)
_spec(
    PROPS + "GlobalProperties",
    "build/module/properties/GlobalProperties.java",
    {},
    {
        FOLDER + "GlobalPropertyFolder",
        PROPS + "GlobalProperty",
        PROPS + "ScenarioPropertiesOptionTab",
    },
)
_spec(
    PROPS + "GlobalProperty",
    "build/module/properties/GlobalProperty.java",
    {
        "name": STRING,
        "initialValue": STRING,
        "description": STRING,
        "isNumeric": BOOL,
        "min": STRING,
        "max": STRING,
        "wrap": BOOL,
    },
    {PROPS + "ChangePropertyButton"},
)
# ChangePropertyButton.getAttributeNames: desc, the toolbar-item keys without "name"
# (setNameKey("")), reportFormat, propChanger (PropertyChangerConfigurer: P plain, R prompt,
# I increment, E select).
_spec(
    PROPS + "ChangePropertyButton",
    "build/module/properties/ChangePropertyButton.java",
    {
        "desc": STRING,
        **{k: v for k, v in TOOLBAR.items() if k != "name"},
        "reportFormat": STRING,
        "propChanger": STRING,
    },
)
_spec(
    PROPS + "GlobalTranslatableMessages",
    "build/module/properties/GlobalTranslatableMessages.java",
    {},
    {PROPS + "GlobalTranslatableMessage"},
)
_spec(
    PROPS + "GlobalTranslatableMessage",
    "build/module/properties/GlobalTranslatableMessage.java",
    {"name": STRING, "initialValue": STRING, "description": STRING},
)

# --- maps -----------------------------------------------------------------------------------
_spec(M + "Map", "build/module/Map.java", _MAP_ATTRIBUTES, _MAP_CHILDREN)
_PRIVATE = {**_MAP_ATTRIBUTES, "side": LIST, "visible": BOOL, "useBoards": STRING}
_spec(M + "PrivateMap", "build/module/PrivateMap.java", _PRIVATE, _MAP_CHILDREN)
_spec(M + "PlayerHand", "build/module/PlayerHand.java", _PRIVATE, _MAP_CHILDREN)
# BoardPicker.build reads its attributes itself; number parse failures fall back to defaults.
_spec(
    MAP + "BoardPicker",
    "build/module/map/BoardPicker.java",
    {
        "slotWidth": LENIENT_INT,
        "slotHeight": LENIENT_INT,
        "slotScale": LENIENT_DOUBLE,
        "title": STRING,
        "addRowText": STRING,
        "addColumnText": STRING,
        "boardPrompt": STRING,
        "maxColumns": LENIENT_INT,
    },
    {BOARD + "Board"},
    raw_children=frozenset({"setup"}),
)
_spec(
    BOARD + "Board",
    "build/module/map/boardPicker/Board.java",
    {
        "name": STRING,
        "image": IMAGE,
        "reversible": BOOL,
        "width": INT,
        "height": INT,
        "color": COLOR,
    },
    {GRID + "HexGrid", GRID + "SquareGrid", GRID + "RegionGrid", GRID + "ZonedGrid"},
)
_spec(
    GRID + "HexGrid",
    "build/module/map/boardPicker/board/HexGrid.java",
    {**_GRID_COMMON, "sideways": BOOL},
    {MAPGRID + "HexGridNumbering", MAPGRID + "ObliqueHexGridNumbering"},
)
_spec(
    GRID + "SquareGrid",
    "build/module/map/boardPicker/board/SquareGrid.java",
    {**_GRID_COMMON, "range": enum("Metric", "Manhattan")},
    {MAPGRID + "SquareGridNumbering"},
)
_spec(
    GRID + "RegionGrid",
    "build/module/map/boardPicker/board/RegionGrid.java",
    {"snapto": BOOL, "visible": BOOL, "fontsize": INT},
    {GRID + "Region"},
)
_spec(
    GRID + "Region",
    "build/module/map/boardPicker/board/Region.java",
    {"name": STRING, "originx": INT, "originy": INT},
)
_spec(
    GRID + "ZonedGrid",
    "build/module/map/boardPicker/board/ZonedGrid.java",
    {},
    {
        MAPGRID + "Zone",
        GRID + "HexGrid",
        GRID + "SquareGrid",
        GRID + "RegionGrid",
        MAPGRID + "ZonedGridHighlighter",
    },
)
_spec(
    MAPGRID + "Zone",
    "build/module/map/boardPicker/board/mapgrid/Zone.java",
    {
        "name": STRING,
        "locationFormat": STRING,
        "path": STRING,
        "useParentGrid": BOOL,
        "useHighlight": BOOL,
        "highlightProperty": STRING,
    },
    {GRID + "HexGrid", GRID + "SquareGrid", GRID + "RegionGrid", PROPS + "ZoneProperty"},
)
_spec(
    MAPGRID + "HexGridNumbering",
    "build/module/map/boardPicker/board/mapgrid/HexGridNumbering.java",
    {**_NUMBERING, "stagger": BOOL},
)
_spec(
    MAPGRID + "SquareGridNumbering",
    "build/module/map/boardPicker/board/mapgrid/SquareGridNumbering.java",
    _NUMBERING,
)
_spec(
    MAPGRID + "ZonedGridHighlighter",
    "build/module/map/boardPicker/board/mapgrid/ZonedGridHighlighter.java",
    {},
    {MAPGRID + "ZoneHighlight"},
)
_spec(
    MAPGRID + "ZoneHighlight",
    "build/module/map/boardPicker/board/mapgrid/ZoneHighlight.java",
    {
        "name": STRING,
        "color": COLOR,
        "coverage": enum("Entire Zone", "Zone Border"),
        "width": INT,
        "style": enum("Plain", "Striped", "Crosshatched", "Tiled Image"),
        "image": IMAGE,
        "opacity": INT,
    },
)
# StackMetrics catches bad separations; its four keys are plain "keyCode,modifiers" strokes.
_spec(
    MAP + "StackMetrics",
    "build/module/map/StackMetrics.java",
    {
        "disabled": BOOL,
        "exSepX": LENIENT_INT,
        "exSepY": LENIENT_INT,
        "unexSepX": LENIENT_INT,
        "unexSepY": LENIENT_INT,
        "color": COLOR,
        "top": KEYSTROKE,
        "bottom": KEYSTROKE,
        "up": KEYSTROKE,
        "down": KEYSTROKE,
    },
)
for _name in (
    "ForwardToKeyBuffer",
    "ForwardToChatter",
    "MenuDisplayer",
    "StackExpander",
    "KeyBufferer",
    "MapCenterer",
):
    _spec(MAP + _name, f"build/module/map/{_name}.java")
_spec(MAP + "Scroller", "build/module/map/Scroller.java", {"prompt": STRING, "useArrows": STRING})
_spec(
    MAP + "PieceMover",
    "build/module/map/PieceMover.java",
    {
        "icon": IMAGE,
        "markUnmovedText": STRING,
        "markUnmovedIcon": IMAGE,
        "markUnmovedHotkey": NAMED_KEYSTROKE,
        "markUnmovedReport": STRING,
    },
)
_SAVER = {k: v for k, v in TOOLBAR.items() if k not in ("name", "text")}
_SAVER["buttonText"] = STRING
_spec(MAP + "ImageSaver", "build/module/map/ImageSaver.java", _SAVER)
_spec(MAP + "TextSaver", "build/module/map/TextSaver.java", _SAVER)
_spec(
    MAP + "Zoomer",
    "build/module/map/Zoomer.java",
    {
        "zoomStart": INT,
        "zoomLevels": DOUBLE_LIST,
        "inTooltip": STRING,
        "inButtonText": STRING,
        "inIconName": IMAGE,
        "zoomInKey": NAMED_KEYSTROKE,
        "pickTooltip": STRING,
        "pickButtonText": STRING,
        "pickIconName": IMAGE,
        "zoomPickKey": NAMED_KEYSTROKE,
        "outTooltip": STRING,
        "outButtonText": STRING,
        "outIconName": IMAGE,
        "zoomOutKey": NAMED_KEYSTROKE,
        "factor": DOUBLE,
        "max": INT,
    },
)
_spec(
    MAP + "CounterDetailViewer",
    "build/module/map/CounterDetailViewer.java",
    {
        "version": STRING,
        "description": STRING,
        "delay": INT,
        "hotkey": KEYSTROKE,
        "bgColor": COLOR,
        "fgColor": COLOR,
        "borderColor": COLOR,
        "minDisplayPieces": LENIENT_INT,
        "zoomlevel": DOUBLE,
        "centerAll": BOOL,
        "borderThickness": INT,
        "borderInnerThickness": INT,
        "showgraph": BOOL,
        "centerPiecesVertically": BOOL,
        "graphicsZoom": DOUBLE,
        "showgraphsingle": BOOL,
        "borderWidth": INT,
        "verticalOffset": INT,
        "showtext": BOOL,
        "enableHTML": BOOL,
        "centerText": BOOL,
        "stretchWidthSummary": BOOL,
        "stretchWidthPieces": BOOL,
        "combineCounterSummary": BOOL,
        "onlyShowFirstSummary": BOOL,
        "extraTextPadding": INT,
        "verticalTopText": INT,
        "verticalBottomText": INT,
        "showtextsingle": BOOL,
        "fontSize": INT,
        "summaryReportFormat": STRING,
        "counterReportFormat": STRING,
        "emptyHexReportForma": STRING,
        "display": enum(
            "from top-most layer only",
            "from all layers",
            "from listed layers only",
            "from layers other than those listed",
        ),
        "layerList": LIST,
        "propertyFilter": STRING,
        "showTerrainBeneath": enum("never", "ifOne", "always"),
        "showTerrainSnappy": BOOL,
        "showTerrainWidth": INT,
        "showTerrainHeight": INT,
        "showTerrainZoom": DOUBLE,
        "showTerrainText": STRING,
        "showOnlyTopOfStack": BOOL,
        "showNoStack": BOOL,
        "showMoveSelectde": BOOL,
        "showNonMovable": BOOL,
        "unrotatePieces": BOOL,
        "showDeck": BOOL,
        "showDeckMasked": BOOL,
        "showDeckDepth": INT,
        "showOverlap": BOOL,
        "stopAfterShowing": BOOL,
    },
)
_spec(
    MAP + "GlobalMap",
    "build/module/map/GlobalMap.java",
    {
        "tooltip": STRING,
        "buttonText": STRING,
        "icon": IMAGE,
        "hotkey": NAMED_KEYSTROKE,
        "scale": DOUBLE,
        "color": COLOR,
    },
)
_spec(
    MAP + "HighlightLastMoved",
    "build/module/map/HighlightLastMoved.java",
    {"enabled": BOOL, "color": COLOR, "thickness": INT},
)
_spec(
    MAP + "SelectionHighlighters",
    "build/module/map/SelectionHighlighters.java",
    {},
    {MAP + "SelectionHighlighter"},
)
_spec(
    MAP + "SelectionHighlighter",
    "build/module/map/SelectionHighlighter.java",
    {
        "name": STRING,
        "match": STRING,
        "useImage": BOOL,
        "color": COLOR,
        "thickness": INT,
        "image": IMAGE,
        "xoffset": INT,
        "yoffset": INT,
    },
)
_spec(
    MAP + "Flare",
    "build/module/map/Flare.java",
    {
        "flareName": STRING,
        "description": STRING,
        "flareKey": enum("keyAlt", "keyCtrl", "keyAltShift", "keyCtrlShift", "keyCtrlAlt", "keyCtrlAltShift"),
        "circleSize": INT,
        "circleColor": COLOR,
        "circleScale": BOOL,
        "flarePulses": INT,
        "flarePulsesPerSec": INT,
        "reportFormat": STRING,
    },
)
_spec(
    MAP + "HidePiecesButton",
    "build/module/map/HidePiecesButton.java",
    {
        "buttonText": STRING,
        "tooltip": STRING,
        "hotkey": NAMED_KEYSTROKE,
        "showingIcon": IMAGE,
        "hiddenIcon": IMAGE,
    },
)
_spec(
    MAP + "LayeredPieceCollection",
    "build/module/map/LayeredPieceCollection.java",
    {"description": STRING, "property": STRING, "layerOrder": LIST},
    {MAP + "LayerControl"},
)
_spec(
    MAP + "LOS_Thread",
    "build/module/map/LOS_Thread.java",
    {
        "threadName": STRING,
        "label": STRING,
        "tooltip": STRING,
        "iconName": IMAGE,
        "hotkey": NAMED_KEYSTROKE,
        "canDisable": BOOL,
        "propertyGate": STRING,
        "hideWhenDisabled": BOOL,
        "disabledIcon": IMAGE,
        "report": STRING,
        "persistence": STRING,
        "persistentIconName": IMAGE,
        "global": STRING,
        "snapStart": BOOL,
        "snapEnd": BOOL,
        "drawRange": BOOL,
        "scale": INT,
        "round": STRING,
        "hideCounters": BOOL,
        "hideOpacity": INT,
        "losThickness": INT,
        "threadColor": COLOR,
        "rangeFg": COLOR,
        "rangeBg": COLOR,
    },
)
# MassKeyCommand keeps its toolbar button text/key under "buttonText"/"buttonHotkey"; "hotkey"
# is the key command it sends.
_MASS_KEY: dict[str, AttrType] = {
    "name": STRING,
    "buttonText": STRING,
    "tooltip": STRING,
    "icon": IMAGE,
    "buttonHotkey": NAMED_KEYSTROKE,
    "canDisable": BOOL,
    "propertyGate": STRING,
    "hideWhenDisabled": BOOL,
    "disabledIcon": IMAGE,
    "text": STRING,  # text: deprecated name
    "hotkey": NAMED_KEYSTROKE,
    "singleMap": BOOL,
    "target": STRING,
    "filter": STRING,
    "deckCount": STRING,
    "reportSingle": BOOL,
    "suppressSounds": BOOL,
    "reportFormat": STRING,
    "parameters": STRING,
    "condition": STRING,
    "propValue": STRING,
    "property": STRING,
    "names": LIST,
}
_spec(MAP + "MassKeyCommand", "build/module/map/MassKeyCommand.java", _MASS_KEY)
_spec(M + "GlobalKeyCommand", "build/module/GlobalKeyCommand.java", _MASS_KEY)
_spec(
    M + "StartupGlobalKeyCommand",
    "build/module/StartupGlobalKeyCommand.java",
    {
        **_MASS_KEY,
        "whenToApply": STRING,
        "globalHotkey": NAMED_KEYSTROKE,
        "hotkeyOrKeyCommand": STRING,
    },
)
_spec(
    MAP + "SetupStack",
    "build/module/map/SetupStack.java",
    {
        "name": STRING,
        "owningBoard": STRING,
        "useGridLocation": BOOL,
        "location": STRING,
        "x": INT,
        "y": INT,
    },
    {WIDGET + "PieceSlot"},
)
_DECK_PROMPT = enum("Always", "Never", "Via right-click Menu")  # DrawPile.Prompt
_DECK_PROMPT2 = enum("Always", "Never", "Via right-click Menu", "MenuDefaultUp")
_spec(
    MAP + "DrawPile",
    "build/module/map/DrawPile.java",
    {
        "name": STRING,
        "description": STRING,
        "owningBoard": STRING,
        "x": INT,
        "y": INT,
        "width": INT,
        "height": INT,
        "allowMultiple": BOOL,
        "drawMultipleMessage": STRING,
        "allowSelect": BOOL,
        "drawSpecificMessage": STRING,
        "selectDisplayProperty": STRING,
        "selectSortProperty": STRING,
        "faceDown": _DECK_PROMPT2,
        "faceFlipHotkey": NAMED_KEYSTROKE,
        "faceUpMessage": STRING,
        "faceUpHotkey": NAMED_KEYSTROKE,
        "faceUpReportFormat": STRING,
        "faceDownMessage": STRING,
        "faceDownHotkey": NAMED_KEYSTROKE,
        "faceDownFormat": STRING,
        "drawFaceUp": BOOL,
        "shuffle": _DECK_PROMPT,
        "shuffleCommand": STRING,
        "shuffleFormat": STRING,
        "shuffleHotkey": NAMED_KEYSTROKE,
        "reversible": BOOL,
        "reverseCommand": STRING,
        "reverseFormat": STRING,
        "reverseHotkey": NAMED_KEYSTROKE,
        "draw": BOOL,
        "color": COLOR,
        "hotkeyOnEmpty": BOOL,
        "emptyHotkey": NAMED_KEYSTROKE,
        "reshufflable": BOOL,
        "reshuffleCommand": STRING,
        "reshuffleMessage": STRING,
        "reshuffleHotkey": NAMED_KEYSTROKE,
        "reshuffleTarget": STRING,
        "canSave": BOOL,
        "saveMessage": STRING,
        "saveHotkey": NAMED_KEYSTROKE,
        "saveReportFormat": STRING,
        "loadMessage": STRING,
        "loadHotkey": NAMED_KEYSTROKE,
        "loadReportFormat": STRING,
        "maxStack": INT,
        "expressionCounting": BOOL,
        "countExpressions": LIST,
        "restrictOption": BOOL,
        "restrictExpression": STRING,
        "deckRestrictAccess": BOOL,
        "deckOwners": LIST,
    },
    {
        FOLDER + "DeckSubFolder",
        WIDGET + "CardSlot",
        MAP + "DeckGlobalKeyCommand",
        MAP + "deck.DeckSortKeyCommand",
        MAP + "deck.DeckSendKeyCommand",
    },
)

# --- piece palette --------------------------------------------------------------------------
_spec(
    M + "PieceWindow",
    "build/module/PieceWindow.java",
    {
        "name": STRING,
        "description": STRING,
        "hidden": BOOL,
        "text": STRING,
        "tooltip": STRING,
        "icon": IMAGE,
        "hotkey": NAMED_KEYSTROKE,
        "scale": DOUBLE,
        "defaultWidth": INT,
        "entryName": STRING,
    },  # deprecated alias
    _WIDGETS,
    tolerated=frozenset({WIDGET + "PieceSlot"}),
)
_spec(
    WIDGET + "TabWidget",
    "build/widget/TabWidget.java",
    {"entryName": STRING, "description": STRING},
    _ANY_WIDGET_CHILDREN,
)
_spec(
    WIDGET + "PanelWidget",
    "build/widget/PanelWidget.java",
    {
        "entryName": STRING,
        "description": STRING,
        "fixed": BOOL,
        "nColumns": INT,
        "vert": BOOL,
        "scale": DOUBLE,
    },
    _ANY_WIDGET_CHILDREN,
)
_spec(
    WIDGET + "ListWidget",
    "build/widget/ListWidget.java",
    {
        "entryName": STRING,
        "description": STRING,
        "scale": DOUBLE,
        "width": INT,
        "height": INT,
        "divider": INT,
    },
    _ANY_WIDGET_CHILDREN,
)
_spec(
    WIDGET + "BoxWidget",
    "build/widget/BoxWidget.java",
    {"entryName": STRING, "width": INT, "height": INT},
    _ANY_WIDGET_CHILDREN,
)
# PieceSlot.build reads its attributes itself; bad sizes fall back to 64.
_SLOT = {"entryName": STRING, "gpid": STRING, "width": LENIENT_INT, "height": LENIENT_INT}
_spec(WIDGET + "PieceSlot", "build/widget/PieceSlot.java", _SLOT, text=True)
_spec(WIDGET + "CardSlot", "build/widget/CardSlot.java", _SLOT, text=True)

# --- toolbar components ---------------------------------------------------------------------
_spec(
    M + "DiceButton",
    "build/module/DiceButton.java",
    {
        **TOOLBAR,
        "label": STRING,  # label: before v1.3
        "reportFormat": STRING,
        "prompt": BOOL,
        "nDice": INT,
        "lockDice": BOOL,
        "nSides": INT,
        "lockSides": BOOL,
        "plus": INT,
        "lockPlus": BOOL,
        "addToTotal": INT,
        "lockAdd": BOOL,
        "reportTotal": BOOL,
        "sortDice": BOOL,
        "keepDice": BOOL,
        "keepOption": enum(">", "=", "<", "l", "s"),
        "keepCount": INT,
    },
)
_spec(M + "DoActionButton", "build/module/DoActionButton.java", _DO_ACTION)
_spec(
    M + "SpecialDiceButton",
    "build/module/SpecialDiceButton.java",
    {
        **_DO_ACTION,
        "description": STRING,
        "resultChatter": BOOL,
        "format": STRING,
        "resultWindow": BOOL,
        "windowTitleResultFormat": STRING,
        "resultButton": BOOL,
        "windowX": INT,
        "windowY": INT,
        "backgroundColor": COLOR,
    },
    {M + "SpecialDie"},
)
_spec(
    M + "SpecialDie",
    "build/module/SpecialDie.java",
    {"name": STRING, "format": STRING},
    {M + "SpecialDieFace"},
)
_spec(
    M + "SpecialDieFace",
    "build/module/SpecialDieFace.java",
    {"text": STRING, "value": INT, "icon": IMAGE},
)
_spec(
    TURN + "TurnTracker",
    "build/module/turn/TurnTracker.java",
    {
        "name": STRING,
        "description": STRING,
        "buttonText": STRING,
        "icon": IMAGE,
        "hotkey": NAMED_KEYSTROKE,
        "nexthotkey": NAMED_KEYSTROKE,
        "prevhotkey": NAMED_KEYSTROKE,
        "turnFormat": STRING,
        "reportFormat": STRING,
        "tooltip": STRING,
        "lengthStyle": enum("Variable", "Fixed", "Maximum"),
        "length": INT,
        "plusButtonSize": INT,
        "turnButtonHeight": INT,
        "fwdOnly": BOOL,
    },
    {TURN + "CounterTurnLevel", TURN + "ListTurnLevel", TURN + "TurnGlobalHotkey"},
)
_LEVEL = {"name": STRING, "property": STRING, "turnFormat": STRING}  # turn/TurnLevel.java
_spec(
    TURN + "CounterTurnLevel",
    "build/module/turn/CounterTurnLevel.java",
    {**_LEVEL, "start": INT, "incr": INT, "loop": BOOL, "loopLimit": INT},
    {TURN + "CounterTurnLevel", TURN + "ListTurnLevel"},
)
_spec(
    TURN + "ListTurnLevel",
    "build/module/turn/ListTurnLevel.java",
    {**_LEVEL, "list": LIST, "configList": BOOL, "configFirst": BOOL, "prompt": STRING},
    {TURN + "CounterTurnLevel", TURN + "ListTurnLevel"},
)
_spec(
    TURN + "TurnGlobalHotkey",
    "build/module/turn/TurnGlobalHotkey.java",
    {"name": STRING, "hotkey": NAMED_KEYSTROKE, "match": STRING, "reportFormat": STRING},
)
_spec(
    M + "PredefinedSetup",
    "build/module/PredefinedSetup.java",
    {"name": STRING, "description": STRING, "isMenu": BOOL, "useFile": BOOL, "file": FILE},
    {M + "PredefinedSetup"},
)
_spec(
    M + "ChartWindow",
    "build/module/ChartWindow.java",
    {
        "name": STRING,
        "description": STRING,
        "text": STRING,
        "tooltip": STRING,
        "icon": IMAGE,
        "hotkey": NAMED_KEYSTROKE,
        "label": STRING,
    },
    CHART_WIDGET_CHILDREN,
)
_spec(
    WIDGET + "Chart",
    "build/widget/Chart.java",
    {"chartName": STRING, "description": STRING, "fileName": IMAGE},
)
_spec(
    WIDGET + "HtmlChart",
    "build/widget/HtmlChart.java",
    {"chartName": STRING, "description": STRING, "fileName": FILE},
)
_spec(
    WIDGET + "MapWidget",
    "build/widget/MapWidget.java",
    {"entryName": STRING, "description": STRING},
)
# ToolbarMenu keeps its name under "description" (setNameKey(DESCRIPTION)).
_spec(
    M + "ToolbarMenu",
    "build/module/ToolbarMenu.java",
    {**{k: v for k, v in TOOLBAR.items() if k != "name"}, "description": STRING, "menuItems": LIST},
)

# --- i18n, piece-image definitions, module preferences ----------------------------------------
_spec("VASSAL.i18n.Language", "i18n/Language.java", {}, {"VASSAL.i18n.Translation"})
_spec("VASSAL.i18n.Translation", "i18n/Translation.java", {"locale": STRING})
_spec(
    M + "gamepieceimage.GamePieceImageDefinitions",
    "build/module/gamepieceimage/GamePieceImageDefinitions.java",
    {},
    {
        M + "gamepieceimage.GamePieceLayoutsContainer",
        M + "gamepieceimage.ColorManager",
        M + "gamepieceimage.FontManager",
    },
)
for _name in (
    "StringPreference",
    "TextPreference",
    "EnumPreference",
    "IntegerPreference",
    "DoublePreference",
    "BooleanPreference",
):
    # preferences/BasicPreference.java (+ EnumPreference's list, Integer/Double's default)
    _spec(
        "VASSAL.preferences." + _name,
        f"preferences/{_name}.java",
        {
            "note": STRING,
            "tab": STRING,
            "desc": STRING,
            "name": STRING,
            "default": STRING,
            **({"list": LIST} if _name == "EnumPreference" else {}),
        },
    )

COMPONENTS: Mapping[str, ComponentSpec] = MappingProxyType({s.tag: s for s in _SPECS})
# VASSAL 2.x wrote the root as VASSAL.launch.BasicModule; the engine still accepts it.
ROOT_TAGS = frozenset({P + "GameModule", "VASSAL.launch.BasicModule"})


def spec_for(tag: str) -> ComponentSpec | None:
    if tag == "VASSAL.launch.BasicModule":
        return COMPONENTS[P + "GameModule"]
    return COMPONENTS.get(tag)
