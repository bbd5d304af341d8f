"""What a VASSAL file holds, as plain data: the engine of ``staffwork inspect``.

A saved game or log says where each piece is in map pixels; with its module we can also say
which hex (or zone, region, square) that is, exactly as VASSAL would name it. The functions here
only read: they never write to any input.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lxml import etree

from vassal.archive import open_archive
from vassal.buildfile import BUILDFILE, BUILDFILE_OLD
from vassal.commands import BoardPlacement
from vassal.errors import FormatError
from vassal.gamestate import Position, replay_log, replay_save
from vassal.grids import MapGeometry, image_size_reader, map_geometry
from vassal.module import read_module
from vassal.pieces import parse_piece, view
from vassal.savefile import SAVED_GAME_ENTRY, read_saved_game
from vassal.sequence import encode

__all__ = ["ModuleMaps", "load_module_maps", "file_kind", "inspect_save", "piece_records"]

MAP_TAGS = (
    "VASSAL.build.module.Map",
    "VASSAL.build.module.PrivateMap",
    "VASSAL.build.module.PlayerHand",
)


@dataclass(frozen=True)
class ModuleMaps:
    """A module's maps, enough to name the location of a map pixel: ``locate(map_id, boards, x, y)``."""

    path: str
    name: str
    version: str
    maps: Mapping[str, etree._Element]  # by map id (mapName, or MapN when the name is empty)
    map_ids: Mapping[str, str]  # mapName -> MapN id of the same map
    image_size: Callable[[str], tuple[int, int]]

    def geometry(self, map_id: str, boards: tuple[BoardPlacement, ...] | None) -> MapGeometry | None:
        element = self.maps.get(map_id)
        if element is None:
            return None
        command = None
        if boards:
            command = _board_picker_command(map_id, boards)
        return map_geometry(element, command, self.image_size, self.map_ids.get(map_id))


def _board_picker_command(map_id: str, boards: tuple[BoardPlacement, ...]) -> str:
    tokens = [f"{map_id}BoardPicker"]
    for b in boards:
        tokens += [b.name + ("/rev" if b.reversed else ""), str(b.x), str(b.y)]
    return encode(tokens, "\t") or ""


def file_kind(path: str) -> str:
    """"module" or "save" (saves and logs both hold a ``savedGame`` entry)."""
    with open_archive(path) as arc:
        if SAVED_GAME_ENTRY in arc:
            return "save"
        if BUILDFILE in arc or BUILDFILE_OLD in arc:
            return "module"
    raise FormatError("neither a module (no buildFile) nor a saved game (no savedGame entry)", path)


def load_module_maps(path: str) -> ModuleMaps:
    """Read a module's maps and board image sizes (headers only) for naming locations."""
    module = read_module(path)
    maps: dict[str, etree._Element] = {}
    ids: dict[str, str] = {}
    for index, element in enumerate(e for e in module.root.iter() if str(e.tag) in MAP_TAGS):
        generated = f"Map{index}"
        map_name = element.get("mapName", "")
        maps[map_name or generated] = element
        maps.setdefault(generated, element)
        ids[map_name or generated] = generated
    sizes: dict[str, tuple[int, int]] = {}
    with open_archive(path) as arc:
        reader = image_size_reader(lambda n: arc.read(_image_entry(arc, n)))
        for element in maps.values():
            for board in element.iter("VASSAL.build.module.map.boardPicker.Board"):
                image = board.get("image")
                if image and image not in sizes:
                    try:
                        sizes[image] = reader(image)
                    except FormatError as exc:
                        raise exc.within(path) from None

    def image_size(image: str) -> tuple[int, int]:
        if image not in sizes:
            raise FormatError(f"board image {image} is not in the module", path)
        return sizes[image]

    meta = module.metadata
    name = (meta.name if meta and meta.name else None) or module.root.get("name", "")
    version = (meta.version if meta and meta.version else None) or module.root.get("version", "")
    return ModuleMaps(path, name, version, maps, ids, image_size)


def _image_entry(arc: Any, name: str) -> str:
    entry = f"images/{name}"
    return entry if entry in arc else name


def piece_records(position: Position, module: ModuleMaps | None, source: str) -> list[dict[str, Any]]:
    """One record per game piece (stacks and decks are containers, not pieces), map order."""
    geometries: dict[str, MapGeometry | None] = {}
    stack_of: dict[str, tuple[str, int]] = {}
    for container in list(position.stacks.values()) + list(position.decks.values()):
        for i, member in enumerate(container.members):
            stack_of[member] = (container.id, i)
    records = []
    for index, placed in enumerate(_ordered(position)):
        try:
            piece = parse_piece(placed.type, placed.state, exact=False)
        except FormatError as exc:
            raise exc.within(source, f"piece {placed.id}") from None
        v = view(piece)
        location = None
        if module is not None and placed.map is not None:
            if placed.map not in geometries:
                try:
                    geometries[placed.map] = module.geometry(placed.map, position.boards.get(placed.map))
                except FormatError as exc:
                    raise exc.within(module.path) from None
            geometry = geometries[placed.map]
            location = geometry.location_name(placed.x, placed.y) if geometry else None
        stack = stack_of.get(placed.id)
        records.append({
            "id": placed.id,
            "name": v.name,
            "map": placed.map,
            "x": placed.x,
            "y": placed.y,
            "location": location,
            "stack": stack[0] if stack else None,
            "stack_index": stack[1] if stack else None,
            "gpid": placed.gpid or v.gpid,
            "image": v.image,
            "layers": {
                layer.name: {"level": layer.level, "active": layer.active, "level_name": layer.level_name}
                for layer in v.layers
            },
            "properties": dict(v.properties),
            "markers": dict(v.markers),
            "dynamic": dict(v.dynamic),
            "labels": list(v.labels),
            "prototypes": list(v.prototypes),
            "hidden": v.hidden,
            "masked": v.masked,
        })
    return records


def _ordered(position: Position) -> list:
    """Pieces on maps (grouped by map, stack members bottom first), then those on no map."""
    out = []
    for map_id in sorted({p.map for p in position.pieces.values() if p.map is not None}):
        out.extend(position.on_map(map_id))
    out.extend(position.off_map())
    return out


def inspect_save(path: str, module: ModuleMaps | None = None) -> dict[str, Any]:
    """Everything ``staffwork inspect`` reports about a saved game or log."""
    saved = read_saved_game(path)
    meta = saved.moduledata
    report: dict[str, Any] = {
        "file": os.fspath(path),
        "kind": "log" if saved.is_log else "save",
        "encoding": saved.form,
        "module_name": meta.name if meta else None,
        "module_version": meta.version if meta else None,
        "saved_with": saved.savedata.vassal_version if saved.savedata else None,
        "located_with": module.path if module else None,
    }
    try:
        if saved.is_log:
            log = replay_log(saved.tree, source=path)
            final = log.final
            report["steps"] = [
                {"number": s.number, "undo": s.undo, "commands": len(s.commands), "chat": list(s.chat)}
                for s in log.steps
            ]
        else:
            final = replay_save(saved.tree, source=path)
    except FormatError as exc:
        raise exc.within(path) from None
    report["boards"] = {
        m: [{"board": b.name, "x": b.x, "y": b.y, "reversed": b.reversed} for b in boards]
        for m, boards in sorted(final.boards.items())
    }
    report["properties"] = {f"{c}:{n}" if c else n: v for (c, n), v in sorted(final.properties.items())}
    report["turns"] = dict(final.turns)
    report["players"] = {p.player_id: {"name": p.name, "side": p.side} for p in final.players.values()}
    report["pieces"] = piece_records(final, module, path)
    return report
