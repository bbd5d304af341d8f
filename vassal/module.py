"""A VASSAL module (.vmod) as a whole: open it the way the engine does, summarise it, write it.

Opening follows ``MetaDataFactory.buildMetaData`` and ``GameModule.build``: a save or an
extension is not a module; ``moduledata`` (when present) gives the VassalVersion that picks the
build file -- ``buildFile`` before 3.5, ``buildFile.xml`` from 3.5 on (running version when the
metadata is missing); without metadata the build file's first lines must name the module class.

Writing is deterministic and atomic (``vassal.archive.write_archive``) and refuses a module
VASSAL would load wrongly: metadata name different from the GameModule name, an image or file
the build file names but the archive lacks, a metadata VassalVersion that would make VASSAL look
for the old build-file name.
"""

from __future__ import annotations

import dataclasses
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from pathlib import PurePosixPath

from lxml import etree

from vassal import sequence
from vassal.archive import Archive, open_archive, write_archive
from vassal.buildfile import (
    BUILDFILE,
    BUILDFILE_OLD,
    buildfile_bytes,
    element_path,
    element_text,
    parse_buildfile,
)
from vassal.components import (
    COMPONENTS,
    Problem,
    spec_for,
    validate_buildfile,
)
from vassal.errors import FormatError
from vassal.metadata import (
    EXTENSION_ENTRY,
    MODULE_ENTRY,
    Metadata,
    metadata_bytes,
    parse_metadata,
    version_numbers,
)

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
    "Module",
    "IMAGE_DIR",
    "SAVE_ENTRY_GAME",
    "buildfile_name_for",
    "read_module",
    "summarize",
    "summary_lines",
    "module_report",
    "module_text",
    "image_entry",
    "image_finder",
    "is_map",
    "map_elements",
    "check_module_references",
    "write_module",
]

IMAGE_DIR = "images/"
SAVE_ENTRY_GAME = "savedGame"
IMAGE_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg", ".svg", ".bmp")
_MODULE_CLASSES = ("VASSAL.launch.BasicModule", "VASSAL.build.GameModule")

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


@dataclass(frozen=True)
class GridSummary:
    """A board's grid: its short class name, attributes as written, and its numbering's.

    A ZonedGrid's ``background`` is the grid that names points outside its zones (and inside
    zones that use the parent grid): often the board's main hex grid. ``regions`` counts a
    RegionGrid's named points."""

    kind: str
    attributes: Mapping[str, str]
    numbering_kind: str | None = None
    numbering: Mapping[str, str] | None = None
    background: "GridSummary | None" = None
    regions: int | None = None


@dataclass(frozen=True)
class ZoneSummary:
    name: str
    location_format: str
    use_parent_grid: bool
    grid: GridSummary | None


@dataclass(frozen=True)
class BoardSummary:
    name: str
    image: str
    reversible: bool
    width: str | None
    height: str | None
    grid: GridSummary | None
    zones: tuple[ZoneSummary, ...] = ()


@dataclass(frozen=True)
class MapSummary:
    """``identifier`` is what VASSAL calls the map: mapName, else Map0, Map1... by order."""

    kind: str
    name: str
    identifier: str
    boards: tuple[BoardSummary, ...]
    at_start_stacks: int
    decks: int


@dataclass(frozen=True)
class WidgetSummary:
    kind: str
    name: str
    piece_slots: int
    children: tuple["WidgetSummary", ...] = ()


@dataclass(frozen=True)
class PieceWindowSummary:
    name: str
    identifier: str
    hidden: bool
    piece_slots: int
    widgets: tuple[WidgetSummary, ...]


@dataclass(frozen=True)
class SetupSummary:
    name: str
    is_menu: bool
    use_file: bool
    file: str | None
    children: tuple["SetupSummary", ...] = ()


@dataclass(frozen=True)
class TurnLevelSummary:
    """One level of a turn tracker; ``turn_format`` is how it shows its value ($value$)."""

    kind: str
    name: str
    property: str
    values: tuple[str, ...]  # ListTurnLevel items, or (start, incr, loop, loopLimit)
    children: tuple["TurnLevelSummary", ...] = ()
    turn_format: str = "$value$"


@dataclass(frozen=True)
class TurnTrackerSummary:
    """A turn tracker; ``turn_format`` joins its levels' texts ($level1$, $level2$...)."""

    name: str
    identifier: str
    levels: tuple[TurnLevelSummary, ...]
    turn_format: str = DEFAULT_TURN_FORMAT


@dataclass(frozen=True)
class GlobalPropertySummary:
    name: str
    initial_value: str
    numeric: bool
    minimum: str
    maximum: str
    owner: str  # "module" or the map / zone that holds it


@dataclass(frozen=True)
class DiceSummary:
    kind: str
    name: str
    dice: int | None
    sides: int | None
    plus: int | None


@dataclass(frozen=True)
class ChartSummary:
    window: str
    name: str
    file: str


@dataclass(frozen=True)
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


@dataclass(frozen=True, eq=False)
class Module:
    """An opened module. ``root`` is the buildFile's root element (lxml)."""

    path: str
    metadata: Metadata | None
    buildfile_name: str
    root: etree._Element
    entries: tuple[str, ...]
    images: tuple[str, ...]
    summary: ModuleSummary
    notes: tuple[str, ...] = ()


# --------------------------------------------------------------------------------------------
# reading


def buildfile_name_for(vassal_version: str | None) -> str:
    """The build-file entry VASSAL reads for a metadata VassalVersion (None = missing)."""
    if vassal_version is None:
        return BUILDFILE
    major, minor, _ = version_numbers(vassal_version)
    return BUILDFILE_OLD if (major, minor) < (3, 5) else BUILDFILE


def read_module(path: str | os.PathLike[str]) -> Module:
    """Open a .vmod (or VASSAL 2.x .mod); FormatError naming file and place for bad input."""
    source = str(path)
    with open_archive(source) as archive:
        names = archive.names()
        if SAVE_ENTRY_GAME in archive:
            raise FormatError("this is a saved game or log, not a module", source)
        if BUILDFILE not in archive and BUILDFILE_OLD not in archive:
            raise FormatError("no buildFile.xml (or old buildFile) in the archive", source)
        if EXTENSION_ENTRY in archive:
            raise FormatError("this is a module extension (it has extensiondata), not a module",
                              source)
        notes: list[str] = []
        metadata: Metadata | None = None
        vassal_version: str | None = None
        if MODULE_ENTRY in archive:
            try:
                metadata = parse_metadata(archive.read(MODULE_ENTRY), f"{source}:{MODULE_ENTRY}")
                vassal_version = metadata.vassal_version
            except FormatError as exc:
                # The engine logs an unreadable moduledata and carries on as if it were absent
                # (running version, so buildFile.xml).
                notes.append(f"moduledata ignored: {exc.line()}")
        else:
            vassal_version = _fallback_version(archive, source)
        chosen = buildfile_name_for(vassal_version)
        if chosen not in archive:
            other = BUILDFILE_OLD if chosen == BUILDFILE else BUILDFILE
            said = "missing" if vassal_version is None else repr(vassal_version)
            raise FormatError(
                f"VassalVersion {said} makes VASSAL read {chosen}, which is missing "
                f"(the archive has {other})", source, MODULE_ENTRY)
        root = parse_buildfile(archive.read(chosen), f"{source}:{chosen}")
    images = tuple(sorted(n for n in names if n.startswith(IMAGE_DIR) and not n.endswith("/")))
    return Module(
        path=source,
        metadata=metadata,
        buildfile_name=chosen,
        root=root,
        entries=tuple(names),
        images=images,
        summary=summarize(root),
        notes=tuple(notes),
    )


def _fallback_version(archive: Archive, source: str) -> str | None:
    """No moduledata: MetaDataFactory's first-ten-lines test, then ModuleMetaData's reading.

    ModuleMetaData only reads the old ``buildFile``; there it takes the root's lower-case
    ``vassalVersion`` attribute (absent = ''), else it keeps the running version.
    """
    first = BUILDFILE if BUILDFILE in archive else BUILDFILE_OLD
    head = archive.read(first)[:64 * 1024].decode("utf-8", errors="replace").splitlines()[:10]
    if not any(line.find(cls) > 0 for line in head for cls in _MODULE_CLASSES):
        raise FormatError("no moduledata, and the build file does not start with a "
                          "VASSAL.build.GameModule element, so VASSAL would not open it",
                          source, first)
    if BUILDFILE_OLD not in archive:
        return None
    match = re.search(r"<(?:VASSAL\.launch\.BasicModule|VASSAL\.build\.GameModule)\b([^>]*)>",
                      archive.read(BUILDFILE_OLD)[:64 * 1024].decode("utf-8", "replace"))
    if not match:
        return None
    version = re.search(r"""\svassalVersion\s*=\s*["']([^"']*)["']""", match.group(1))
    return version.group(1) if version else ""


# --------------------------------------------------------------------------------------------
# summary


def summarize(root: etree._Element) -> ModuleSummary:
    """The structural facts of a build file; classes outside the table are counted by tag."""
    unknown = Counter(
        el.tag for el in root.iter()
        if isinstance(el.tag, str) and "." in el.tag and spec_for(el.tag) is None)
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
        predefined_setups=tuple(_setup(s) for s in _children(root, M + "PredefinedSetup",
                                                             through_folders=True)),
        turn_trackers=tuple(_turn_trackers(root)),
        global_properties=tuple(_global_properties(root)),
        player_sides=tuple(_sides(root)),
        dice_buttons=tuple(_dice(root)),
        charts=tuple(_charts(root)),
        unknown_classes=tuple(sorted(unknown.items())),
    )


def _children(element: etree._Element, tag: str, through_folders: bool = False
              ) -> Iterator[etree._Element]:
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
    return [(f"Map{index}", element)
            for index, element in enumerate(e for e in root.iter() if is_map(e))]


def _maps(root: etree._Element) -> Iterator[MapSummary]:
    for generated, element in map_elements(root):
        name = element.get("mapName", "")
        identifier = name or generated
        boards = tuple(_board(b) for picker in _children(element, "VASSAL.build.module.map."
                                                                  "BoardPicker")
                       for b in _children(picker, "VASSAL.build.module.map.boardPicker.Board"))
        yield MapSummary(
            kind=_short(element.tag),
            name=name,
            identifier=identifier,
            boards=boards,
            at_start_stacks=sum(1 for _ in _children(element, "VASSAL.build.module.map."
                                                              "SetupStack", True)),
            decks=sum(1 for _ in _children(element, "VASSAL.build.module.map.DrawPile", True)),
        )


def _grid(element: etree._Element | None) -> GridSummary | None:
    if element is None:
        return None
    numbering = None  # the engine keeps the last numbering set
    for child in element:
        if (isinstance(child.tag, str) and child.tag.startswith(MAPGRID)
                and child.tag.endswith("Numbering")):
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
            for z in _children(grid_element, MAPGRID + "Zone"))
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
        children=tuple(_widget(c) for c in kids
                       if c.tag.startswith(WIDGET) and not c.tag.endswith("Slot")),
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
        children=tuple(_level(c) for c in element if isinstance(c.tag, str)
                       and c.tag.endswith(("CounterTurnLevel", "ListTurnLevel"))),
        turn_format=element.get("turnFormat", "$value$"),
    )


def _turn_trackers(root: etree._Element) -> Iterator[TurnTrackerSummary]:
    for index, element in enumerate(root.iter("VASSAL.build.module.turn.TurnTracker")):
        name = element.get("name", "")
        yield TurnTrackerSummary(
            name=name,
            identifier=f"TurnTracker{index}",  # UniqueIdManager("TurnTracker"): by build order
            levels=tuple(_level(c) for c in element if isinstance(c.tag, str)
                         and c.tag.endswith(("CounterTurnLevel", "ListTurnLevel"))),
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
    for element in root.iter(M + "DiceButton", M + "RandomTextButton",
                             M + "SpecialDiceButton"):
        kind = _short(element.tag)
        if kind == "SpecialDiceButton":
            dice = [d for d in element if d.tag == M + "SpecialDie"]
            faces = {sum(1 for f in d if f.tag == M + "SpecialDieFace") for d in dice}
            yield DiceSummary(kind, element.get("name", ""), len(dice),
                              faces.pop() if len(faces) == 1 else None, None)
        else:
            yield DiceSummary(kind, element.get("name", ""), _int(element.get("nDice")),
                              _int(element.get("nSides")), _int(element.get("plus")))


def _charts(root: etree._Element) -> Iterator[ChartSummary]:
    for window in root.iter(M + "ChartWindow"):
        for chart in window.iter(WIDGET + "Chart", WIDGET + "HtmlChart"):
            yield ChartSummary(window.get("name", ""), chart.get("chartName", ""),
                               chart.get("fileName", ""))


def summary_lines(summary: ModuleSummary) -> list[str]:
    """A short human-readable account of a summary."""
    return _report_lines(dataclasses.asdict(summary))


def module_report(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Everything ``read_module`` learns, as plain JSON-ready data (for ``staffwork inspect``)."""
    module = read_module(path)
    report: dict[str, Any] = {
        "file": module.path,
        "buildfile": module.buildfile_name,
        "metadata": dataclasses.asdict(module.metadata) if module.metadata else None,
        "images": len(module.images),
        "notes": list(module.notes),
    }
    report.update(dataclasses.asdict(module.summary))
    report["prototype_count"] = module.summary.prototype_count
    return report


def module_text(report: Mapping[str, Any]) -> str:
    """The text form of ``module_report``."""
    lines = []
    if "file" in report:
        lines.append(f"{report['file']}: {report.get('buildfile', '')}, "
                     f"{report.get('images', 0)} image(s)")
    lines.extend(_report_lines(report))
    lines.extend(f"  note: {n}" for n in report.get("notes", []))
    return "\n".join(lines) + "\n"


def _report_lines(r: Mapping[str, Any]) -> list[str]:
    lines = [f"module {r['name']!r} version {r['version']!r} "
             f"(saved by VASSAL {r['vassal_version'] or '?'})"]
    for m in r["maps"]:
        lines.append(f"  {m['kind']} {m['identifier']!r}: {len(m['boards'])} board(s), "
                     f"{m['at_start_stacks']} at-start stack(s), {m['decks']} deck(s)")
        for b in m["boards"]:
            lines.append(f"    board {b['name']!r} image {b['image']!r}: {_grid_title(b['grid'])}")
            if b["grid"]:
                lines.extend(_grid_lines(b["grid"], "      "))
            for z in b["zones"]:
                lines.append(f"      zone {z['name']!r} format {z['location_format']!r}"
                             + (" (parent grid)" if z["use_parent_grid"] else "")
                             + (f": {_grid_title(z['grid'])}" if z["grid"] else ""))
                if z["grid"]:
                    lines.extend(_grid_lines(z["grid"], "        "))
    for w in r["piece_windows"]:
        lines.append(f"  piece window {w['identifier']!r}: {w['piece_slots']} slot(s)")
    lines.append(f"  {r['piece_slots']} piece slot(s), {r['card_slots']} card slot(s), "
                 f"{len(r['prototypes'])} prototype(s)")
    for setup in r["predefined_setups"]:
        lines.extend(_setup_lines(setup, "  "))
    for t in r["turn_trackers"]:
        lines.append(f"  turn tracker {t['name']!r} ({t['identifier']}): "
                     f"{len(t['levels'])} level(s), shown as {t['turn_format']!r}")
        lines.extend(_level_lines(t["levels"], "    "))
    if r["global_properties"]:
        lines.append(f"  {len(r['global_properties'])} global property(ies)")
    if r["player_sides"]:
        lines.append("  sides: " + ", ".join(r["player_sides"]))
    for d in r["dice_buttons"]:
        lines.append(f"  {d['kind']} {d['name']!r}: {d['dice']}d{d['sides']}")
    for c in r["charts"]:
        lines.append(f"  chart {c['name']!r} ({c['file']}) in {c['window']!r}")
    for tag, count in r["unknown_classes"]:
        lines.append(f"  not in the component table: {tag} x{count}")
    return lines


_GRID_KEYS = ("sideways", "dx", "dy", "x0", "y0", "snapTo", "edgesLegal", "cornersLegal")
_NUMBERING_KEYS = ("first", "sep", "hType", "hLeading", "hOff", "hDescend", "vType", "vLeading",
                   "vOff", "vDescend", "stagger", "locationFormat")


def _grid_title(grid: Mapping[str, Any] | None) -> str:
    if not grid:
        return "no grid"
    title = grid["kind"]
    if grid.get("numbering_kind"):
        title += f" + {grid['numbering_kind']}"
    if grid.get("regions") is not None:
        title += f" ({grid['regions']} region(s))"
    if grid["kind"] == "ZonedGrid":
        background = grid.get("background")
        title += f", background {_grid_title(background)}" if background else ", no background grid"
    return title


def _grid_lines(grid: Mapping[str, Any], indent: str) -> list[str]:
    """The attributes that decide where hexes are and what they are called; for a zoned grid,
    those of its background grid (the board's main grid)."""
    if grid["kind"] == "ZonedGrid":
        background = grid.get("background")
        inner = _grid_lines(background, indent + "  ") if background else []
        return [indent + f"background {_grid_title(background)}:"] + inner if inner else []
    attrs = grid["attributes"]
    shown = " ".join(f"{k}={attrs[k]}" for k in _GRID_KEYS if k in attrs)
    out = [indent + "geometry: " + shown] if shown else []
    if grid.get("numbering"):
        numbering = grid["numbering"]
        out.append(indent + "numbering: " + " ".join(
            f"{k}={numbering[k]!r}" if k in ("sep", "locationFormat") else f"{k}={numbering[k]}"
            for k in _NUMBERING_KEYS if k in numbering))
    return out


def _level_lines(levels: Iterable[Mapping[str, Any]], indent: str) -> list[str]:
    """A turn tracker's levels, nested as they nest: what each counts and how it shows it."""
    out = []
    for number, level in enumerate(levels, start=1):
        if level["kind"] == "ListTurnLevel":
            values = level["values"]
            what = f"list of {len(values)}: " + ", ".join(values)
        else:
            start, incr, loop, limit = (list(level["values"]) + ["", "", "", ""])[:4]
            what = f"counter from {start or '1'} by {incr or '1'}"
            if loop == "true":
                what += f", back to {start or '1'} after {limit}"
        prop = f", property {level['property']!r}" if level["property"] else ""
        shown = f", shown as {level['turn_format']!r}" if level["turn_format"] != "$value$" else ""
        out.append(f"{indent}level {number} {level['name']!r}{prop}{shown}: {what}")
        out.extend(_level_lines(level["children"], indent + "  "))
    return out


def _setup_lines(setup: Mapping[str, Any], indent: str) -> list[str]:
    if setup["is_menu"]:
        head = [f"{indent}setup menu {setup['name']!r}"]
        return head + [line for c in setup["children"]
                       for line in _setup_lines(c, indent + "  ")]
    target = setup["file"] if setup["use_file"] else "(new game)"
    return [f"{indent}setup {setup['name']!r}: {target}"]


# --------------------------------------------------------------------------------------------
# references


def image_entry(name: str) -> str | None:
    """The archive entry VASSAL opens for an image name; None for a jar resource or nothing."""
    name = name.strip()
    if not name or name.startswith("/"):
        return None
    return IMAGE_DIR + name


_IMAGE_TOKEN = re.compile(r"[^/\\:*?\"<>|\t;,]+\.(?:png|gif|jpe?g|svg|bmp)", re.IGNORECASE)


def _piece_tokens(text: str) -> set[str]:
    """Every token of a piece definition, at every level of VASSAL's nested encodings.

    An AddPiece text is '/'-separated; its type is a TAB-separated chain of traits, each
    ';'-separated, and lists inside a trait (a layer's images) are ','-separated.
    """
    found: set[str] = set()
    delimiters = ("/", "\t", ";", ",")

    def walk(value: str, depth: int) -> None:
        found.add(value)
        for index in range(depth, len(delimiters)):
            delim = delimiters[index]
            if delim in value:
                for token in sequence.decode(value, delim):
                    if token and token != value:
                        walk(token, index + 1)
                return

    walk(text, 0)
    return found


class _Entries:
    """Archive entry names, answering "would VASSAL find this?" like DataArchive does:
    the exact name, its NFD form, then the name with ".gif" appended (old extensionless
    images); images also under ``images_<lang>/``."""

    def __init__(self, names: Iterable[str]):
        self.names = set(names)
        self.localized = {re.sub(r"^images_[^/]+/", IMAGE_DIR, n) for n in self.names
                          if n.startswith("images_")}

    def find(self, entry: str) -> str | None:
        for candidate in (entry, unicodedata.normalize("NFD", entry), entry + ".gif"):
            if candidate in self.names or candidate in self.localized:
                return candidate
        return None


def image_finder(entry_names: Iterable[str]) -> Callable[[str], str | None]:
    """For an archive's entries: the entry VASSAL opens for an image name (``images/<name>``,
    its NFD form, or with ".gif" added), or None when the archive does not have it."""
    entries = _Entries(entry_names)

    def find(name: str) -> str | None:
        entry = image_entry(name)
        if entry is None:
            return None
        found = entries.find(entry)
        return found if found in entries.names else None

    return find


def _references(root: etree._Element, entries: _Entries
                ) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """(images certainly named, images probably named, other entries named) -> places."""
    images: dict[str, list[str]] = {}
    guessed: dict[str, list[str]] = {}
    files: dict[str, list[str]] = {}
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        spec = spec_for(element.tag)
        place = element_path(element)
        for name, value in element.attrib.items():
            kind = spec.attributes.get(name) if spec else None
            if kind is not None and kind.kind == "image":
                entry = image_entry(value)
                if entry:
                    images.setdefault(entry, []).append(place)
            elif kind is not None and kind.kind == "file":
                if name == "file" and not _flag(element, "useFile"):
                    continue
                if value.strip():
                    files.setdefault(value.strip(), []).append(place)
            elif kind is None and ("icon" in name.lower() or "image" in name.lower()):
                entry = image_entry(value)
                if entry and (_IMAGE_TOKEN.fullmatch(value.strip()) or entries.find(entry)):
                    guessed.setdefault(entry, []).append(place)
        if spec is not None and spec.text:
            for token in _piece_tokens(element_text(element)):
                entry = image_entry(token) if "\n" not in token else None
                if not entry:
                    continue
                if _IMAGE_TOKEN.fullmatch(token.strip()):
                    images.setdefault(entry, []).append(place)
                elif entries.find(entry):  # an old extensionless image name
                    images.setdefault(entry, []).append(place)
    return images, guessed, files


def check_module_references(root: etree._Element, entry_names: Iterable[str]) -> list[Problem]:
    """Images and files the build file names versus what the archive holds.

    Images are found in image-typed attributes (component table) and in piece definitions
    (PieceSlot, CardSlot, PrototypeDefinition texts); a bare name means ``images/<name>``, a
    name starting with '/' is inside the VASSAL program and not checked. Errors: a named image
    or file entry that is missing. Warnings: an image-like attribute of a class outside the
    table that points nowhere, and an image entry nobody names (names built at run time, such
    as ``$side$.png``, cannot be seen; an image VASSAL itself ships under a bare name is
    reported missing).
    """
    entries = _Entries(entry_names)
    images, guessed, files = _references(root, entries)
    problems: list[Problem] = []
    for entry, places in sorted(images.items()):
        if entries.find(entry) is None:
            problems.append(Problem("error", places[0],
                                    f"image {entry[len(IMAGE_DIR):]!r} is not in the archive "
                                    f"(looked for {entry})"))
    for entry, places in sorted(guessed.items()):
        if entries.find(entry) is None:
            problems.append(Problem("warning", places[0],
                                    f"attribute names image {entry[len(IMAGE_DIR):]!r}, "
                                    f"which is not in the archive"))
    for entry, places in sorted(files.items()):
        if entry not in entries.names and unicodedata.normalize("NFD", entry) not in entries.names:
            problems.append(Problem("error", places[0], f"file {entry!r} is not in the archive"))
    named = {entries.find(e) for e in list(images) + list(guessed)}
    for entry in sorted(entries.names):
        if entry.startswith(IMAGE_DIR) and not entry.endswith("/") and entry not in named:
            problems.append(Problem("warning", entry, "image is not named by the build file"))
    return problems


# --------------------------------------------------------------------------------------------
# writing


def write_module(
    path: str | os.PathLike[str],
    buildfile: etree._Element | bytes,
    metadata: Metadata,
    files: Mapping[str, bytes],
    *,
    strict: bool = True,
) -> list[Problem]:
    """Write a .vmod deterministically and atomically; returns the problems it let through.

    Refuses (FormatError, nothing written) when: the metadata name or version differs from
    the GameModule's; the metadata VassalVersion would make VASSAL read the old ``buildFile``;
    ``files`` holds ``buildFile.xml``/``buildFile``/``moduledata`` itself or a bad entry name;
    a named image or file is missing; and, when ``strict``, ``validate_buildfile`` finds errors
    (without ``strict`` those come back in the returned list with the warnings).
    """
    target = str(path)
    if isinstance(buildfile, bytes):
        data = buildfile
        root = parse_buildfile(data, BUILDFILE)
    else:
        root = buildfile
        data = buildfile_bytes(root)
    for reserved in (BUILDFILE, BUILDFILE_OLD, MODULE_ENTRY, EXTENSION_ENTRY, SAVE_ENTRY_GAME):
        if reserved in files:
            raise FormatError(f"files must not contain {reserved!r}; it is written from the "
                              f"other arguments", target, reserved)
    for name in files:
        if name.endswith("/") or PurePosixPath(name).is_absolute() or ".." in name.split("/"):
            raise FormatError("not a usable archive entry name", target, name)
    module_name = root.get("name", "").strip()
    if (metadata.name or "").strip() != module_name:
        raise FormatError(f"moduledata name {metadata.name!r} differs from the GameModule "
                          f"name {module_name!r}", target, MODULE_ENTRY)
    if buildfile_name_for(metadata.vassal_version) != BUILDFILE:
        raise FormatError(f"moduledata VassalVersion {metadata.vassal_version!r} is below "
                          f"3.5, so VASSAL would look for the old 'buildFile' entry",
                          target, MODULE_ENTRY)
    module_version = root.get("version", "").strip()
    if (metadata.version or "").strip() != module_version:
        # VASSAL cuts tiles into a folder named from moduledata's name and version and reads
        # them from one named from the GameModule's: they must agree
        raise FormatError(f"moduledata version {metadata.version!r} differs from the "
                          f"GameModule version {module_version!r}", target, MODULE_ENTRY)
    references = check_module_references(root, list(files) + [BUILDFILE, MODULE_ENTRY])
    validation = validate_buildfile(root)
    errors = [p for p in references if p.severity == "error"]
    if strict:
        errors = [p for p in validation if p.severity == "error"] + errors
    if errors:
        listing = "; ".join(p.line() for p in errors[:5])
        more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        raise FormatError(f"module not written: {listing}{more}", target)
    entries = dict(files)
    entries[BUILDFILE] = data
    entries[MODULE_ENTRY] = metadata_bytes(metadata, "module")
    write_archive(target, entries)
    return [p for p in validation + references if p not in errors]


def known_classes() -> tuple[str, ...]:
    """The classes the component table covers (for reports)."""
    return tuple(sorted(COMPONENTS))
