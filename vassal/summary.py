"""What a module holds, as frozen data: ``summarize`` reads a build file into a ModuleSummary
(maps with their boards, grids and zones, palettes, setups, turn trackers, global properties,
dice, charts); `vassal.summary_text` puts it in words for ``staffwork inspect``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from lxml import etree

from records import frozen
from vassal import sequence
from vassal.buildfile import element_text
from vassal.schema import spec_for

__all__ = [
    "GridSummary",
    "ZoneSummary",
    "BoardSummary",
    "MapSummary",
    "WidgetSummary",
    "PieceWindowSummary",
    "SetupSummary",
    "TurnLevelSummary",
    "TurnTrackerSummary",
    "GlobalPropertySummary",
    "DiceSummary",
    "ChartSummary",
    "ModuleSummary",
    "MAP_TAGS",
    "DEFAULT_TURN_FORMAT",
    "summarize",
    "is_map",
    "map_elements",
]

M = "VASSAL.build.module."
WIDGET = "VASSAL.build.widget."
# The engine's Map classes (build/module/Map and its subclasses); a WidgetMap sits inside a
# MapWidget of a chart window, at any depth of TabWidgets, PanelWidgets and BoxWidgets.
MAP_TAGS = (M + "Map", M + "PrivateMap", M + "PlayerHand", WIDGET + "WidgetMap")
BOARD_PICKER = M + "map.BoardPicker"
GRID = "VASSAL.build.module.map.boardPicker.board."
MAPGRID = GRID + "mapgrid."


# TurnTracker's turnFormat when the build file gives none (turn/TurnTracker.java)
DEFAULT_TURN_FORMAT = "$level1$ $level2$ $level3$ $level4$"


# --------------------------------------------------------------------------------------------
# summary data


@frozen
class GridSummary:
    """A board's grid: its short class name, attributes as written, and its numbering's.

    A ZonedGrid's ``background`` is the grid that names points outside its zones (and inside
    zones that use the parent grid): often the board's main hex grid. ``regions`` counts a
    RegionGrid's named points."""

    kind: str
    attributes: Mapping[str, str]
    numbering_kind: str | None = None
    numbering: Mapping[str, str] | None = None
    background: GridSummary | None = None
    regions: int | None = None


@frozen
class ZoneSummary:
    name: str
    location_format: str
    use_parent_grid: bool
    grid: GridSummary | None


@frozen
class BoardSummary:
    name: str
    image: str
    reversible: bool
    width: str | None
    height: str | None
    grid: GridSummary | None
    zones: tuple[ZoneSummary, ...] = ()


@frozen
class MapSummary:
    """``identifier`` is what VASSAL calls the map: mapName, else Map0, Map1... by order."""

    kind: str
    name: str
    identifier: str
    boards: tuple[BoardSummary, ...]
    at_start_stacks: int
    decks: int


@frozen
class WidgetSummary:
    kind: str
    name: str
    piece_slots: int
    children: tuple[WidgetSummary, ...] = ()


@frozen
class PieceWindowSummary:
    name: str
    identifier: str
    hidden: bool
    piece_slots: int
    widgets: tuple[WidgetSummary, ...]


@frozen
class SetupSummary:
    name: str
    is_menu: bool
    use_file: bool
    file: str | None
    children: tuple[SetupSummary, ...] = ()


@frozen
class TurnLevelSummary:
    """One level of a turn tracker; ``turn_format`` is how it shows its value ($value$)."""

    kind: str
    name: str
    property: str
    values: tuple[str, ...]  # ListTurnLevel items, or (start, incr, loop, loopLimit)
    children: tuple[TurnLevelSummary, ...] = ()
    turn_format: str = "$value$"


@frozen
class TurnTrackerSummary:
    """A turn tracker; ``turn_format`` joins its levels' texts ($level1$, $level2$...)."""

    name: str
    identifier: str
    levels: tuple[TurnLevelSummary, ...]
    turn_format: str = DEFAULT_TURN_FORMAT


@frozen
class GlobalPropertySummary:
    name: str
    initial_value: str
    numeric: bool
    minimum: str
    maximum: str
    owner: str  # "module" or the map / zone that holds it


@frozen
class DiceSummary:
    kind: str
    name: str
    dice: int | None
    sides: int | None
    plus: int | None


@frozen
class ChartSummary:
    window: str
    name: str
    file: str


@frozen
class ModuleSummary:
    name: str
    version: str
    vassal_version: str
    description: str
    maps: tuple[MapSummary, ...]
    piece_windows: tuple[PieceWindowSummary, ...]
    piece_slots: int
    card_slots: int
    prototypes: tuple[str, ...]
    predefined_setups: tuple[SetupSummary, ...]
    turn_trackers: tuple[TurnTrackerSummary, ...]
    global_properties: tuple[GlobalPropertySummary, ...]
    player_sides: tuple[str, ...]
    dice_buttons: tuple[DiceSummary, ...]
    charts: tuple[ChartSummary, ...]
    unknown_classes: tuple[tuple[str, int], ...]

    @property
    def prototype_count(self) -> int:
        return len(self.prototypes)


# --------------------------------------------------------------------------------------------
# summary


def summarize(root: etree._Element) -> ModuleSummary:
    """The structural facts of a build file; classes outside the table are counted by tag."""
    unknown = Counter(
        el.tag for el in root.iter() if isinstance(el.tag, str) and "." in el.tag and spec_for(el.tag) is None
    )
    return ModuleSummary(
        name=root.get("name", "").strip(),
        version=root.get("version", "").strip(),
        vassal_version=root.get("VassalVersion", ""),
        description=root.get("description", ""),
        maps=tuple(_maps(root)),
        piece_windows=tuple(_piece_windows(root)),
        piece_slots=sum(1 for _ in root.iter(WIDGET + "PieceSlot")),
        card_slots=sum(1 for _ in root.iter(WIDGET + "CardSlot")),
        prototypes=tuple(p.get("name", "") for p in root.iter(M + "PrototypeDefinition")),
        predefined_setups=tuple(_setup(s) for s in _children(root, M + "PredefinedSetup", through_folders=True)),
        turn_trackers=tuple(_turn_trackers(root)),
        global_properties=tuple(_global_properties(root)),
        player_sides=tuple(_sides(root)),
        dice_buttons=tuple(_dice(root)),
        charts=tuple(_charts(root)),
        unknown_classes=tuple(sorted(unknown.items())),
    )


def _children(element: etree._Element, tag: str, through_folders: bool = False) -> Iterator[etree._Element]:
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag == tag:
            yield child
        elif through_folders and child.tag.startswith(M + "folder."):
            yield from _children(child, tag, through_folders)


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def _flag(element: etree._Element, name: str) -> bool:
    return element.get(name, "") == "true"


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def is_map(element: etree._Element) -> bool:
    """Whether the engine builds this element as a Map: one of its Map classes, or a class of
    the module's own that holds a BoardPicker (BoardPicker.addTo takes its parent for a Map)."""
    tag = element.tag
    if not isinstance(tag, str):
        return False
    if tag in MAP_TAGS:
        return True
    return any(c.tag == BOARD_PICKER for c in element)


def map_elements(root: etree._Element) -> list[tuple[str, etree._Element]]:
    """Every map of a build file wherever it is nested, with the id the engine gives it.

    ``Map.addTo`` numbers maps Map0, Map1... in build order (document order: maps never nest),
    whatever window holds them; the engine finds a map by its mapName first, else that id.
    """
    return [(f"Map{index}", element) for index, element in enumerate(e for e in root.iter() if is_map(e))]


def _maps(root: etree._Element) -> Iterator[MapSummary]:
    for generated, element in map_elements(root):
        name = element.get("mapName", "")
        identifier = name or generated
        boards = tuple(
            _board(b)
            for picker in _children(element, "VASSAL.build.module.map.BoardPicker")
            for b in _children(picker, "VASSAL.build.module.map.boardPicker.Board")
        )
        yield MapSummary(
            kind=_short(element.tag),
            name=name,
            identifier=identifier,
            boards=boards,
            at_start_stacks=sum(1 for _ in _children(element, "VASSAL.build.module.map.SetupStack", True)),
            decks=sum(1 for _ in _children(element, "VASSAL.build.module.map.DrawPile", True)),
        )


def _grid(element: etree._Element | None) -> GridSummary | None:
    if element is None:
        return None
    numbering = None  # the engine keeps the last numbering set
    for child in element:
        if isinstance(child.tag, str) and child.tag.startswith(MAPGRID) and child.tag.endswith("Numbering"):
            numbering = child
    background = None
    if element.tag == GRID + "ZonedGrid":
        background = _grid(_last_grid(element, zoned=False))
    regions = None
    if element.tag == GRID + "RegionGrid":
        regions = sum(1 for c in element if c.tag == GRID + "Region")
    return GridSummary(
        kind=_short(element.tag),
        attributes=dict(element.attrib),
        numbering_kind=_short(numbering.tag) if numbering is not None else None,
        numbering=dict(numbering.attrib) if numbering is not None else None,
        background=background,
        regions=regions,
    )


_SIMPLE_GRIDS = (GRID + "HexGrid", GRID + "SquareGrid", GRID + "RegionGrid")


def _last_grid(element: etree._Element, zoned: bool = True) -> etree._Element | None:
    """The grid the engine keeps for a board, zone or zoned grid: the last one set."""
    tags = _SIMPLE_GRIDS + ((GRID + "ZonedGrid",) if zoned else ())
    grids = [c for c in element if isinstance(c.tag, str) and c.tag in tags]
    return grids[-1] if grids else None


def _board(element: etree._Element) -> BoardSummary:
    grid_element = _last_grid(element)
    zones: tuple[ZoneSummary, ...] = ()
    grid = _grid(grid_element)
    if grid_element is not None and grid_element.tag == GRID + "ZonedGrid":
        zones = tuple(
            ZoneSummary(
                name=z.get("name", ""),
                location_format=z.get("locationFormat", "$name$"),
                use_parent_grid=_flag(z, "useParentGrid"),
                grid=_grid(_last_grid(z, zoned=False)),
            )
            for z in _children(grid_element, MAPGRID + "Zone")
        )
    return BoardSummary(
        name=element.get("name", ""),
        image=element.get("image", ""),
        reversible=_flag(element, "reversible"),
        width=element.get("width"),
        height=element.get("height"),
        grid=grid,
        zones=zones,
    )


def _widget(element: etree._Element) -> WidgetSummary:
    kids = [c for c in element if isinstance(c.tag, str)]
    return WidgetSummary(
        kind=_short(element.tag),
        name=element.get("entryName", ""),
        piece_slots=sum(1 for c in kids if c.tag in (WIDGET + "PieceSlot", WIDGET + "CardSlot")),
        children=tuple(_widget(c) for c in kids if c.tag.startswith(WIDGET) and not c.tag.endswith("Slot")),
    )


def _piece_windows(root: etree._Element) -> Iterator[PieceWindowSummary]:
    for index, element in enumerate(root.iter(M + "PieceWindow")):
        name = element.get("name", "") or element.get("entryName", "")
        kids = [c for c in element if isinstance(c.tag, str)]
        yield PieceWindowSummary(
            name=name,
            identifier=name or f"PieceWindow{index}",
            hidden=_flag(element, "hidden"),
            piece_slots=sum(1 for _ in element.iter(WIDGET + "PieceSlot", WIDGET + "CardSlot")),
            widgets=tuple(_widget(c) for c in kids if c.tag.startswith(WIDGET)),
        )


def _setup(element: etree._Element) -> SetupSummary:
    use_file = _flag(element, "useFile")
    return SetupSummary(
        name=element.get("name", ""),
        is_menu=_flag(element, "isMenu"),
        use_file=use_file,
        file=element.get("file") if use_file else None,
        children=tuple(_setup(c) for c in _children(element, M + "PredefinedSetup")),
    )


def _level(element: etree._Element) -> TurnLevelSummary:
    if element.tag.endswith("ListTurnLevel"):
        values = tuple(sequence.decode(element.get("list", ""), ","))
    else:
        values = tuple(element.get(k, "") for k in ("start", "incr", "loop", "loopLimit"))
    return TurnLevelSummary(
        kind=_short(element.tag),
        name=element.get("name", ""),
        property=element.get("property", ""),
        values=values,
        children=tuple(
            _level(c)
            for c in element
            if isinstance(c.tag, str) and c.tag.endswith(("CounterTurnLevel", "ListTurnLevel"))
        ),
        turn_format=element.get("turnFormat", "$value$"),
    )


def _turn_trackers(root: etree._Element) -> Iterator[TurnTrackerSummary]:
    for index, element in enumerate(root.iter("VASSAL.build.module.turn.TurnTracker")):
        name = element.get("name", "")
        yield TurnTrackerSummary(
            name=name,
            identifier=f"TurnTracker{index}",  # UniqueIdManager("TurnTracker"): by build order
            levels=tuple(
                _level(c)
                for c in element
                if isinstance(c.tag, str) and c.tag.endswith(("CounterTurnLevel", "ListTurnLevel"))
            ),
            turn_format=element.get("turnFormat", DEFAULT_TURN_FORMAT),
        )


def _global_properties(root: etree._Element) -> Iterator[GlobalPropertySummary]:
    for element in root.iter(M + "properties.GlobalProperty"):
        owner = "module"
        node = element.getparent()
        while node is not None:
            if is_map(node):
                owner = node.get("mapName", "") or "map"
                break
            if node.tag == MAPGRID + "Zone":
                owner = node.get("name", "") or "zone"
                break
            node = node.getparent()
        yield GlobalPropertySummary(
            name=element.get("name", ""),
            initial_value=element.get("initialValue", ""),
            numeric=_flag(element, "isNumeric"),
            minimum=element.get("min", ""),
            maximum=element.get("max", ""),
            owner=owner,
        )


def _sides(root: etree._Element) -> Iterator[str]:
    """PlayerRoster.build: the text of every descendant element is one side."""
    for roster in root.iter(M + "PlayerRoster"):
        for element in roster.iter():
            if element is not roster and isinstance(element.tag, str):
                yield element_text(element)


def _dice(root: etree._Element) -> Iterator[DiceSummary]:
    for element in root.iter(M + "DiceButton", M + "RandomTextButton", M + "SpecialDiceButton"):
        kind = _short(element.tag)
        if kind == "SpecialDiceButton":
            dice = [d for d in element if d.tag == M + "SpecialDie"]
            faces = {sum(1 for f in d if f.tag == M + "SpecialDieFace") for d in dice}
            yield DiceSummary(
                kind,
                element.get("name", ""),
                len(dice),
                faces.pop() if len(faces) == 1 else None,
                None,
            )
        else:
            yield DiceSummary(
                kind,
                element.get("name", ""),
                _int(element.get("nDice")),
                _int(element.get("nSides")),
                _int(element.get("plus")),
            )


def _charts(root: etree._Element) -> Iterator[ChartSummary]:
    for window in root.iter(M + "ChartWindow"):
        for chart in window.iter(WIDGET + "Chart", WIDGET + "HtmlChart"):
            yield ChartSummary(window.get("name", ""), chart.get("chartName", ""), chart.get("fileName", ""))
