"""Small VASSAL modules and saves made with our own writers, for the reader tests.

Modules are written with ``write_archive`` directly (not ``write_module``), so a test can make
one that is broken the way a real module can be: an image missing, an SVG board, a map inside
a chart window. Saves and logs are written with ``setup_tree`` / ``write_saved_game``.

    square_grid(dx, dy, x0=0, y0=0, numbering=True, **numbering_attrs) -> element
    hex_grid(**attrs) / zoned_grid(*children) / zone(name, path, *grid)
    board(name, *grid, image=None, width=None, height=None, reversible=False)
    game_map(name, *boards, tag=MAP, setup=None)
    chart_window(*maps_in_tabs) -> ChartWindow > TabWidget > MapWidget > WidgetMap
    turn_tracker(name, turn_format, *levels) / list_level(name, values, *sub) / counter_level(...)
    write_module(path, *components, images={name: bytes}, name="Probe")
    write_game(path, pieces=[(id, name, map, x, y)], boards={map: [board names]}, extra=[...],
               steps=[[cmd, ...], ...])                          (.vlog when steps are given)
    png(width, height) / svg(attributes)
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from lxml import etree

from vassal.archive import write_archive
from vassal.buildfile import AttributeValue, buildfile_bytes, component
from vassal.commands import BoardPlacement, Command, Log, Node, encode_command
from vassal.metadata import Metadata, metadata_bytes
from vassal.savefile import Placement, setup_tree, write_saved_game

M = "VASSAL.build.module."
BP = M + "map.boardPicker."
GRID = BP + "board."
MAP = M + "Map"
WIDGET = "VASSAL.build.widget."
TURN = M + "turn."
MODULE = "Probe"


def square_grid(
    dx: float, dy: float, x0: int = 0, y0: int = 0, numbering: bool = True, **numbering_attrs: AttributeValue
) -> etree._Element:
    """A square grid whose cells are named "col,row" (numbers from 0 unless offset)."""
    attrs: dict[str, AttributeValue] = {
        "first": "H",
        "sep": ",",
        "hType": "N",
        "vType": "N",
        "hOff": 0,
        "vOff": 0,
        "hLeading": 0,
        "vLeading": 0,
        "hDescend": False,
        "vDescend": False,
        "locationFormat": "$gridLocation$",
    }
    attrs.update(numbering_attrs)
    kids = [component(GRID + "mapgrid.SquareGridNumbering", attrs)] if numbering else []
    return component(GRID + "SquareGrid", {"dx": dx, "dy": dy, "x0": x0, "y0": y0}, *kids)


def hex_grid(**attrs: AttributeValue) -> etree._Element:
    numbering = component(
        GRID + "mapgrid.HexGridNumbering",
        {
            "first": "H",
            "sep": "",
            "hType": "N",
            "vType": "N",
            "hLeading": 1,
            "vLeading": 1,
            "hOff": 0,
            "vOff": 0,
            "stagger": True,
            "locationFormat": "$gridLocation$",
        },
    )
    base: dict[str, AttributeValue] = {"dx": 40.0, "dy": 46.0, "x0": 20, "y0": 23, "sideways": False}
    base.update(attrs)
    return component(GRID + "HexGrid", base, numbering)


def zone(name: str, path: str, *grid: etree._Element, use_parent: bool = False) -> etree._Element:
    return component(
        GRID + "mapgrid.Zone",
        {"name": name, "path": path, "locationFormat": "$name$", "useParentGrid": use_parent},
        *grid,
    )


def zoned_grid(*children: etree._Element) -> etree._Element:
    return component(GRID + "ZonedGrid", {}, *children)


def board(
    name: str,
    *grid: etree._Element,
    image: str | None = None,
    width: int | None = None,
    height: int | None = None,
    reversible: bool = False,
) -> etree._Element:
    return component(
        BP + "Board", {"name": name, "image": image, "width": width, "height": height, "reversible": reversible}, *grid
    )


def game_map(name: str, *boards: etree._Element, tag: str = MAP, setup: str | None = None) -> etree._Element:
    picker = component(M + "map.BoardPicker", {}, *boards)
    if setup is not None:
        element = etree.SubElement(picker, "setup")
        element.text = setup
    return component(
        tag,
        {"mapName": name, "edgeWidth": 0, "edgeHeight": 0},
        picker,
        component(M + "map.StackMetrics", {"disabled": False}),
    )


def chart_window(*widget_maps: etree._Element) -> etree._Element:
    """Maps (made with tag WidgetMap) in tabs of a chart window, as real modules nest them."""
    tabs = component(
        WIDGET + "TabWidget",
        {"entryName": "tabs"},
        *(component(WIDGET + "MapWidget", {"entryName": m.get("mapName", "")}, m) for m in widget_maps),
    )
    return component(M + "ChartWindow", {"name": "Charts"}, tabs)


def list_level(name: str, values: Sequence[str], *sub: etree._Element, turn_format: str = "$value$") -> etree._Element:
    return component(
        TURN + "ListTurnLevel",
        {"name": name, "property": name, "list": ",".join(values), "turnFormat": turn_format},
        *sub,
    )


def counter_level(
    name: str, start: int = 1, incr: int = 1, *sub: etree._Element, turn_format: str = "$value$"
) -> etree._Element:
    return component(
        TURN + "CounterTurnLevel",
        {"name": name, "property": name, "start": start, "incr": incr, "loop": False, "turnFormat": turn_format},
        *sub,
    )


def turn_tracker(name: str, turn_format: str, *levels: etree._Element) -> etree._Element:
    return component(
        TURN + "TurnTracker",
        {"name": name, "turnFormat": turn_format, "nexthotkey": "78,195", "prevhotkey": "80,195"},
        *levels,
    )


def write_module(
    path: Path,
    *components: etree._Element,
    images: Mapping[str, bytes] = {},
    name: str = MODULE,
    entries: Mapping[str, bytes] = {},
) -> Path:
    root = component(
        "VASSAL.build.GameModule",
        {"name": name, "version": "1", "VassalVersion": "3.7.26"},
        component(M + "BasicCommandEncoder"),
        *components,
    )
    files = {
        "buildFile.xml": buildfile_bytes(root),
        "moduledata": metadata_bytes(Metadata(version="1", vassal_version="3.7.26", name=name), "module"),
    }
    files.update({f"images/{n}": data for n, data in images.items()})
    files.update(entries)
    write_archive(path, files)
    return path


def piece(pid: str, name: str, map_name: str | None, x: int, y: int) -> Placement:
    return Placement(pid, f"piece;;;;{name}", "null;0;0;;0", map_name, x, y)


def write_game(
    path: Path,
    pieces: Iterable[tuple[str, str, str | None, int, int]] = (),
    boards: Mapping[str, Sequence[str | BoardPlacement]] | None = None,
    extra: Iterable[Node | Command] = (),
    steps: Sequence[Sequence[Command]] | None = None,
    name: str = MODULE,
) -> Path:
    """A save (or, with ``steps``, a log: each step a LOG group of its commands). Boards given
    by name are placed left to right in one row."""
    placements = [piece(*p) for p in pieces]
    board_commands = {
        m: [b if isinstance(b, BoardPlacement) else BoardPlacement(b, x=i, y=0) for i, b in enumerate(names)]
        for m, names in (boards or {}).items()
    }
    tree = setup_tree(placements, board_commands, extra=extra)
    if steps:
        groups = []
        for commands in steps:
            first, *rest = commands
            groups.append(
                Node(
                    encode_command(Log(encode_command(first))),
                    tuple(Node(encode_command(Log(encode_command(c)))) for c in rest),
                )
            )
        tree = Node(tree.text, tree.children + tuple(groups))
    write_saved_game(
        path, tree, module_name=name, module_version="1", vassal_version="3.7.26", date_saved=1700000000000
    )
    return path


def png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, "PNG")
    return out.getvalue()


def svg(attributes: str) -> bytes:
    return (
        f'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" {attributes}>'
        f'<rect width="5" height="5"/></svg>\n'
    ).encode()
