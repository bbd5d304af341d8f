"""What a VASSAL file holds, as plain data: the engine of ``staffwork inspect``.

A saved game or log says where each piece is in map pixels; with its module we can also say
which hex (or zone, region, square) that is, exactly as VASSAL would name it. The functions here
only read: they never write to any input.

The module is read whole up front (its build file: a broken one is bad input), but its board
images only when a map of the save uses the board, and a board that cannot be sized, a map
whose grid cannot be read or a map the module lacks costs only the location names that depend
on it: each such problem is one line in the report's ``warnings``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any

from lxml import etree

from records import frozen
from vassal.archive import open_archive
from vassal.buildfile import BUILDFILE, BUILDFILE_OLD
from vassal.commands import BoardPlacement
from vassal.errors import FormatError
from vassal.imagesize import image_size
from vassal.mapgeometry import MapGeometry, map_geometry
from vassal.module import read_module
from vassal.piece_view import view
from vassal.pieces import parse_piece
from vassal.replay import replay_save
from vassal.savefile import SAVED_GAME_ENTRY, read_saved_game
from vassal.sequence import encode
from vassal.snapshot import Snapshot, Spot
from vassal.summary import TurnTrackerSummary, map_elements
from vassal.turns import read_turn
from vassal.validate import image_finder

__all__ = [
    "BoardImages",
    "ModuleMaps",
    "load_module_maps",
    "file_kind",
    "inspect_save",
    "piece_records",
    "MODULE_CONTAINER",
]

# The container id the engine gives module-level global properties in saves
# (GameModule.getMutablePropertiesContainerId); old files leave the container empty.
MODULE_CONTAINER = "Module"

Size = tuple[int, int]


class BoardImages:
    """Board image sizes, read from the module's archive only when a board in use needs one.

    An image the module lacks, or one that cannot be sized, gives None; what was wrong is kept
    in `problems` (image name -> one phrase) for the warning."""

    def __init__(self, path: str, entry_names: Iterable[str]):
        self.path = path
        self._find = image_finder(entry_names)
        self._sizes: dict[str, Size | None] = {}
        self.problems: dict[str, str] = {}

    def size(self, image: str) -> Size | None:
        if image not in self._sizes:
            self._sizes[image] = self._read(image)
        return self._sizes[image]

    def _read(self, image: str) -> Size | None:
        if image.startswith("/"):
            self.problems[image] = f"image {image} is inside VASSAL itself and cannot be sized here"
            return None
        entry = self._find(image)
        if entry is None:
            self.problems[image] = f"image {image} is not in the module"
            return None
        try:
            with open_archive(self.path) as archive:
                data = archive.read(entry)
            return image_size(entry, data)
        except FormatError as exc:
            self.problems[image] = f"image {image} cannot be read ({exc.problem})"
            return None


@frozen
class ModuleMaps:
    """A module's maps, enough to name the location of a map pixel, and its turn trackers."""

    path: str
    name: str
    version: str
    maps: Mapping[str, etree._Element]  # by mapName (the first map of a name) and by MapN id
    map_ids: Mapping[str, str]  # mapName -> MapN id of the same map
    images: BoardImages
    turn_trackers: Mapping[str, TurnTrackerSummary] = field(default_factory=dict)  # by id

    def image_size(self, image: str) -> Size | None:
        return self.images.size(image)

    def geometry(self, map_id: str, boards: tuple[BoardPlacement, ...] | None) -> MapGeometry | None:
        """The map laid out with the save's boards; None for a map the module lacks.
        FormatError when the map's own definition (edge, board, grid) cannot be read."""
        element = self.maps.get(map_id)
        if element is None:
            return None
        command = _board_picker_command(map_id, boards) if boards else None
        return map_geometry(element, command, self.images.size, self.map_ids.get(map_id))


def _board_picker_command(map_id: str, boards: tuple[BoardPlacement, ...]) -> str:
    tokens = [f"{map_id}BoardPicker"]
    for b in boards:
        tokens += [b.name + ("/rev" if b.reversed else ""), str(b.x), str(b.y)]
    return encode(tokens, "\t") or ""


def file_kind(path: str) -> str:
    """ "module" or "save" (saves and logs both hold a ``savedGame`` entry)."""
    with open_archive(path) as arc:
        if SAVED_GAME_ENTRY in arc:
            return "save"
        if BUILDFILE in arc or BUILDFILE_OLD in arc:
            return "module"
    raise FormatError("neither a module (no buildFile) nor a saved game (no savedGame entry)", path)


def load_module_maps(path: str) -> ModuleMaps:
    """Read a module's build file (FormatError if it cannot be read); images come later."""
    module = read_module(path)
    maps: dict[str, etree._Element] = {}
    ids: dict[str, str] = {}
    for generated, element in map_elements(module.root):
        map_name = element.get("mapName", "")
        if map_name:
            maps.setdefault(map_name, element)  # Map.getMapById: the first of a name
            ids.setdefault(map_name, generated)
        maps.setdefault(generated, element)
        ids.setdefault(generated, generated)
    meta = module.metadata
    name = (meta.name if meta and meta.name else None) or module.root.get("name", "")
    version = (meta.version if meta and meta.version else None) or module.root.get("version", "")
    trackers = {t.identifier: t for t in module.summary.turn_trackers}
    return ModuleMaps(path, name, version, maps, ids, BoardImages(path, module.entries), trackers)


# --------------------------------------------------------------------------------------------
# naming locations, with the problems met on the way


class _Locator:
    """Location names for (map, boards, x, y), each map laid out once; problems become warnings."""

    def __init__(self, module: ModuleMaps | None):
        self.module = module
        self._geometries: dict[tuple[str, tuple[BoardPlacement, ...] | None], MapGeometry | None] = {}
        self.missing_maps: dict[str, None] = {}
        self.broken_maps: dict[str, str] = {}
        self.unsized: dict[tuple[str, str], str] = {}  # (map, board) -> image
        self.unnamed: dict[str, int] = {}  # map -> pieces left without a location
        self.assumed: dict[tuple[str, str], int] = {}  # (map, board) -> named as if sized
        self._names: dict[tuple[int, int, int], str | None] = {}  # (id(geometry), x, y): stacks share

    def boards_of(
        self, boards: Mapping[str, tuple[BoardPlacement, ...]], map_id: str | None
    ) -> tuple[BoardPlacement, ...] | None:
        """The boards a file chose for a map, whether it keyed them by the map's name or by
        its MapN id (the engine's BoardPicker answers to both)."""
        if map_id is None:
            return None
        if map_id in boards or self.module is None:
            return boards.get(map_id)
        element = self.module.maps.get(map_id)
        for key, chosen in boards.items():
            if element is not None and self.module.maps.get(key) is element:
                return chosen
        return None

    def name(
        self,
        map_id: str | None,
        boards: Mapping[str, tuple[BoardPlacement, ...]],
        x: int,
        y: int,
        count: bool = True,
    ) -> str | None:
        if self.module is None or map_id is None:
            return None
        geometry = self._geometry(map_id, self.boards_of(boards, map_id))
        if geometry is None:
            return None
        spot = (id(geometry), x, y)  # the geometry is kept in _geometries: its id is its own
        if spot in self._names:
            location = self._names[spot]
        else:
            try:
                location = geometry.location_name(x, y)
            except FormatError as exc:  # a grid the engine could not use either (spacing 0...)
                self.broken_maps.setdefault(map_id, exc.line())
                return None
            self._names[spot] = location
        if count and location is None:
            self.unnamed[map_id] = self.unnamed.get(map_id, 0) + 1
        elif count and geometry.unsized:
            for placed in geometry.boards:
                if not placed.size_known and placed.may_contain(x, y):
                    key = (map_id, placed.board.name or "")
                    self.assumed[key] = self.assumed.get(key, 0) + 1
        return location

    def _geometry(self, map_id: str, boards: tuple[BoardPlacement, ...] | None) -> MapGeometry | None:
        key = (map_id, boards)
        if key in self._geometries:
            return self._geometries[key]
        assert self.module is not None
        geometry = None
        if self.module.maps.get(map_id) is None:
            self.missing_maps[map_id] = None
        else:
            try:
                geometry = self.module.geometry(map_id, boards)
            except FormatError as exc:
                self.broken_maps.setdefault(map_id, exc.line())
            if geometry is not None:
                for placed in geometry.boards:
                    if not placed.size_known and placed.board.image:
                        self.unsized[(map_id, placed.board.name or "")] = placed.board.image
        self._geometries[key] = geometry
        return geometry

    def note_map(self, map_id: str) -> None:
        """A map the file names (a board command) even where no piece is left on it."""
        if self.module is not None and self.module.maps.get(map_id) is None:
            self.missing_maps[map_id] = None

    def warnings(self) -> list[str]:
        out: list[str] = []
        if self.module is None:
            return out
        module = self.module
        if self.missing_maps:
            names = ", ".join(f'"{m}"' for m in self.missing_maps)
            out.append(
                f"{module.path}: the module has no map {names}: pieces there get no "
                f"location (is this the module the game was saved with?)"
            )
        for map_id, problem in self.broken_maps.items():
            out.append(
                f'{module.path}: map "{map_id}": cannot name its locations ({problem}); pieces there get no location'
            )
        for (map_id, board), image in self.unsized.items():
            problem = module.images.problems.get(image, f"image {image} cannot be sized")
            effects = []
            assumed = self.assumed.get((map_id, board), 0)
            if assumed:
                effects.append(
                    f"{assumed} piece(s) named as if on it (VASSAL sizes a board it "
                    f"cannot read 0 x 0 and calls them offboard)"
                )
            left = self.unnamed.get(map_id, 0)
            if left:
                effects.append(f"{left} piece(s) of the map get no location (it depends on the board's size)")
            effect = "; ".join(effects) or "no piece location depends on its size"
            out.append(f'{module.path}: map "{map_id}", board "{board}": {problem}, so its size is unknown; {effect}')
        return out


# --------------------------------------------------------------------------------------------
# pieces, properties, turns, steps


def _piece_view(type_str: str, state: str, source: str, pid: str) -> Any:
    try:
        return view(parse_piece(type_str, state, exact=False))
    except FormatError as exc:
        raise exc.within(source, f"piece {pid}") from None


def piece_records(
    position: Snapshot, module: ModuleMaps | None, source: str, locator: _Locator | None = None
) -> list[dict[str, Any]]:
    """One record per game piece (stacks and decks are containers, not pieces), map order."""
    locator = locator or _Locator(module)
    stack_of: dict[str, tuple[str, int]] = {}
    for container in list(position.stacks.values()) + list(position.decks.values()):
        for i, member in enumerate(container.members):
            stack_of[member] = (container.id, i)
    records = []
    for placed in _ordered(position):
        v = _piece_view(placed.type, placed.state, source, placed.id)
        location = locator.name(placed.map, position.boards, placed.x, placed.y)
        stack = stack_of.get(placed.id)
        records.append(
            {
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
                    layer.name: {
                        "level": layer.level,
                        "active": layer.active,
                        "level_name": layer.level_name,
                    }
                    for layer in v.layers
                },
                "properties": dict(v.properties),
                "markers": dict(v.markers),
                "dynamic": dict(v.dynamic),
                "labels": list(v.labels),
                "prototypes": list(v.prototypes),
                "hidden": v.hidden,
                "masked": v.masked,
            }
        )
    return records


def _ordered(position: Snapshot) -> list:
    """Pieces on maps (grouped by map, stack members bottom first), then those on no map."""
    out = []
    for map_id in sorted({p.map for p in position.pieces.values() if p.map is not None}):
        out.extend(position.on_map(map_id))
    out.extend(position.off_map())
    return out


def property_records(position: Snapshot) -> dict[str, str]:
    """Global properties by the name a player knows them by: a module property (container
    "Module", or none in old files) under its own name, a map's as ``map:name`` and a zone's
    as ``map:zone:name`` (the container id the engine writes before the name)."""
    out: dict[str, str] = {}
    for (container, name), value in sorted(position.properties.items()):
        key = name if container in ("", MODULE_CONTAINER) else f"{container}:{name}"
        out[key] = value
    return out


def turn_records(position: Snapshot, module: ModuleMaps | None) -> dict[str, dict[str, Any]]:
    """Each turn tracker's saved state and, with the module, the turn it shows."""
    props = property_records(position)
    out: dict[str, dict[str, Any]] = {}
    for tracker_id, state in position.turns.items():
        tracker = module.turn_trackers.get(tracker_id) if module else None
        record: dict[str, Any] = {
            "name": tracker.name if tracker else None,
            "state": state,
            "turn": None,
            "levels": None,
        }
        if tracker is not None:
            try:
                reading = read_turn(tracker, state, props)
            except FormatError:
                reading = None
            if reading is not None:
                record["turn"] = reading.text
                record["levels"] = [{"level": n, "value": v} for n, v in reading.levels]
        out[tracker_id] = record
    return out


def _where(
    spot: Spot | None, locator: _Locator, boards: Mapping[str, tuple[BoardPlacement, ...]]
) -> dict[str, Any] | None:
    if spot is None:
        return None
    location = locator.name(spot.map, boards, spot.x, spot.y, count=False)
    return {"map": spot.map, "x": spot.x, "y": spot.y, "location": location}


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
    locator = _Locator(module)
    steps = None
    try:
        if saved.is_log:
            from vassal.gamelog import replay_log  # only for logs: a save need not load it

            log = replay_log(saved.tree, source=path)
            steps = []
            for moved in log.step_moves():
                s = moved.step
                moves = []
                for m in moved.moves:
                    v = _piece_view(m.type, m.state, path, m.id)
                    moves.append(
                        {
                            "id": m.id,
                            "name": v.name,
                            "from": _where(m.before, locator, moved.boards),
                            "to": _where(m.after, locator, moved.boards),
                        }
                    )
                steps.append(
                    {
                        "number": s.number,
                        "undo": s.undo,
                        "commands": len(s.commands),
                        "chat": list(s.chat),
                        "moves": moves,
                    }
                )
            final = log.final
        else:
            final = replay_save(saved.tree, source=path)
    except FormatError as exc:
        raise exc.within(path) from None
    report["boards"] = {
        m: [{"board": b.name, "x": b.x, "y": b.y, "reversed": b.reversed} for b in boards]
        for m, boards in sorted(final.boards.items())
    }
    for map_id in final.boards:
        locator.note_map(map_id)
    report["properties"] = property_records(final)
    report["turns"] = turn_records(final, module)
    report["players"] = {p.player_id: {"name": p.name, "side": p.side} for p in final.players.values()}
    report["pieces"] = piece_records(final, module, path, locator)
    if steps is not None:
        report["steps"] = steps
    report["warnings"] = locator.warnings()
    return report
