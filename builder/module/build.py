"""Build a game's VASSAL module: images, buildFile, setups, checks, then one atomic write.

    build_module(game, dist=None, *, cache=True, board_image=None, progress=print) -> BuildReport

Steps: load the game through the registry (boards, content, displays, scenarios), draw or fetch
from the cache every image (boards, faction cards, tracks, charts, counters, markers, layer
badges), assemble the
buildFile tree, write each scenario as a .vsav, then validate everything (component table, piece
texts, setup hexes, image references) and only then write dist/<game>.vmod, atomically. Two
builds from the same inputs give byte-identical modules: fixed gpids and piece ids, fixed
timestamps, sorted entries; the version is MODULE_VERSION + a digest of the content
(version.py), so any change of content is a new version to VASSAL. Where the module goes is
checked first: a read-only folder is reported before anything is drawn.
"""

from __future__ import annotations

import dataclasses
import io
import os
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import field
from functools import partial
from pathlib import Path

from lxml import etree
from PIL import Image

from builder.module.cache import MAX_PIXELS, ImageCache, Pending, fingerprint
from builder.module.decks import DrawPileSpec
from builder.module.images import (
    PACKAGES,
    Asked,
    Tally,
    badge_images,
    card_images,
    counter_images,
    display_images,
    png,
)
from builder.module.palettes import Pieces, module_pieces
from builder.module.pieces import nation_faction
from builder.module.setups import Places, SetupDraft, SetupResult, game_months, scenario_draft
from builder.module.spec import VASSAL_VERSION, MapBoard, ModuleSpec, Setup
from builder.module.tree import module_tree
from builder.module.version import content_version
from builder.render.counters import screen_px
from builder.vassal_grid import sheet_zones, vassal_hex_grid
from records import frozen
from vassal.archive import check_writable
from vassal.buildfile import buildfile_bytes
from vassal.errors import FormatError
from vassal.mapgeometry import map_geometry
from vassal.metadata import Metadata
from vassal.module import write_module
from vassal.pieces import parse_add_piece, parse_piece
from vassal.validate import Problem, check_module_references, validate_buildfile
from wargame.board import Board, Boards
from wargame.content import Content, Scenario, load_scenarios
from wargame.displays import Displays
from wargame.errors import DataError
from wargame.games import Game, art_root, find_game
from wargame.offboards import OffBoard

MODULE_VERSION = "0.2"  # 0.2: Sorties layer always active (level n = n - 1 Sorties), masked cup markers
BoardImage = Callable[[Board], Image.Image]


@frozen
class BuildReport:
    path: Path
    size: int
    maps: int
    pieces: int
    prototypes: int
    setups: int
    images: int
    cache_hits: int
    cache_misses: int
    seconds: dict[str, float] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    setup_pieces: dict[str, int] = field(default_factory=dict)
    setup_hexes: dict[str, int] = field(default_factory=dict)
    version: str = MODULE_VERSION


@frozen
class _Loaded:
    """The game's data a build reads, each loaded once."""

    layout: Boards
    content: Content
    displays: Displays
    scenarios: dict[str, Scenario]
    map_boards: tuple[MapBoard, ...]
    box_names: dict[str, str]  # Map Box code -> its name, over every board


class _Clock:
    """Seconds each step of the build took, by step name."""

    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()
        self.seconds: dict[str, float] = {}

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.seconds[name] = round(now - self.last, 3)
        self.last = now


def default_board_image(game: Game, progress: Tally | None = None) -> BoardImage:
    """The map art of a board (builder.render.mapart); ``progress(done, total)`` hears of the
    map art's strips."""
    from builder.render.mapart import render_board

    def draw(board: Board) -> Image.Image:
        return render_board(game.key, board=board.board_name, progress=progress)

    return draw


def _board_sources(game: Game) -> list[Path]:
    """What a board image is drawn from: the game's board and map data (a borrowed map's too),
    the art, and the drawing code."""
    folders = [game.file("board.toml"), game.file("game.toml"), game.file("map")]
    borrowed = game.settings.get("map_from")
    if isinstance(borrowed, str):
        folders.append(find_game(borrowed).file("map"))
    return folders + [art_root(), PACKAGES / "builder" / "render", PACKAGES / "wargame" / "grid"]


def build_module(
    game: Game | str,
    dist: Path | None = None,
    *,
    cache: bool = True,
    board_image: BoardImage | None = None,
    progress: Callable[[str], None] = lambda s: None,
    scenarios_folder: Path | None = None,
    stage: Callable[[str, str], Tally] | None = None,
) -> BuildReport:
    """Build <dist>/<game>.vmod (dist: ./dist); DataError/FormatError (nothing written) when a
    check fails, an OSError naming the module's path before any work when it cannot be written
    there. ``stage(label, unit)`` gives a ``progress(done, total)`` for the long steps (a bar)."""
    clock = _Clock()
    key = game if isinstance(game, str) else game.key
    dist = dist or Path.cwd() / "dist"
    target = dist / f"{key}.vmod"
    check_writable(target)  # before any work
    game = find_game(game) if isinstance(game, str) else game
    stage = stage or (lambda label, unit: _no_tally)
    images = ImageCache(dist / ".cache" / game.key if cache else None, deferred=True)

    progress("loading the game data")
    data = _load(game, scenarios_folder)
    clock.lap("load")

    asked: Asked = {}  # images wait (Pending) to be drawn all at once
    make_board = board_image or default_board_image(game, stage("board", "strips"))
    _board_images(asked, images, game, data.layout, make_board, board_image, progress)
    clock.lap("board")
    card_boards = data.displays.faction_cards()
    tracks = data.displays.tracks_board()
    offboards = {**card_boards, "tracks": tracks}
    code_print = fingerprint([PACKAGES / "builder" / "module", PACKAGES / "builder" / "render", art_root()])
    display_images(asked, images, offboards, data.displays, code_print)
    clock.lap("boards and charts")

    content = data.content
    progress(f"counters: {len(content.units)} units, {len(content.markers)} markers")
    px = screen_px()
    faces_by_key = counter_images(asked, images, content, px, code_print, stage("counters", "designs"))
    cards_px = card_images(asked, images, content, code_print)
    badge_images(asked, images, data.displays, faces_by_key, px, code_print)
    clock.lap("counters")
    drawn_now = images.draw_pending(min(os.cpu_count() or 1, 4), stage("images", "images"))
    files = {name: drawn_now[v.index] if isinstance(v, Pending) else v for name, v in asked.items()}
    clock.lap("images")

    progress("assembling the buildFile")
    pieces = module_pieces(content, data.displays, card_boards, tracks, cards_px)
    spec = _module_spec(data, pieces, card_boards, tracks)
    draft = module_tree(spec)
    clock.lap("buildFile")

    progress(f"setups: {len(data.scenarios)} scenarios")
    results, root, version = _setups(data, spec, pieces, draft, files, offboards)
    for r in results:
        files[r.file] = r.data
    clock.lap("setups")

    progress("validating")
    _validate(root, files, target)
    clock.lap("validate")

    progress(f"writing {target}")
    meta = Metadata(
        version=version, vassal_version=VASSAL_VERSION, date_saved="0", description=spec.description, name=spec.name
    )
    leftover = write_module(target, root, meta, files)
    clock.lap("write")
    clock.seconds["total"] = round(time.perf_counter() - clock.start, 3)
    return _report(target, root, files, results, pieces, images, clock, leftover, version)


def _report(
    target: Path,
    root: etree._Element,
    files: dict[str, bytes],
    results: list[SetupResult],
    pieces: Pieces,
    images: ImageCache,
    clock: _Clock,
    leftover: list[Problem],
    version: str,
) -> BuildReport:
    maps = sum(1 for _ in root.iter("VASSAL.build.module.Map"))
    return BuildReport(
        path=target,
        size=target.stat().st_size,
        maps=maps,
        pieces=pieces.count,
        prototypes=len(pieces.prototypes),
        setups=len(results),
        images=sum(1 for n in files if n.startswith("images/")),
        cache_hits=images.hits,
        cache_misses=images.misses,
        seconds=clock.seconds,
        warnings=tuple(p.line() for p in leftover if p.severity == "warning"),
        setup_pieces={r.file: len(r.spots) for r in results},
        setup_hexes={r.file: sum(1 for _, s in r.spots if s.hex) for r in results},
        version=version,
    )


def _load(game: Game, scenarios_folder: Path | None) -> _Loaded:
    """The game's boards, map data, content, displays and scenarios (another folder's when
    asked), in that order."""
    layout = game.boards()
    mapdata = game.mapdata()
    content = game.content()
    displays = game.displays()
    scenarios = _scenarios(scenarios_folder, content, layout.grid) if scenarios_folder else game.scenarios()
    map_boards = tuple(_map_board(b, mapdata) for b in layout.boards)
    box_names = {code: name for mb in map_boards for code, name in mb.box_names.items()}
    return _Loaded(layout, content, displays, scenarios, map_boards, box_names)


def _board_images(
    asked: Asked,
    images: ImageCache,
    game: Game,
    layout: Boards,
    make_board: BoardImage,
    board_image: BoardImage | None,
    progress: Callable[[str], None],
) -> None:
    """Every board's image: from the cache when its inputs are unchanged, else drawn now (its
    strips on every core) and encoded with the other images."""
    board_print = fingerprint(_board_sources(game))
    for b in layout.boards:
        progress(f"board image {b.board_name} (cached when its inputs are unchanged)")
        _check_board_size(b)
        board_key = (
            "board",
            game.key,
            b.board_name,
            board_print,
            "map art" if board_image is None else getattr(board_image, "__qualname__", ""),
        )
        found = images.lookup(board_key, accept=partial(_board_sized, b))
        if found is None:  # drawn now (its strips on every core), encoded with the other images
            art = _checked_board(partial(make_board, b), b)
            found = images.make(board_key, partial(png, art))
        asked["images/" + b.image] = found


def _board_sized(board: Board, size: tuple[int, int]) -> bool:
    return size == (board.width, board.height)


def _module_spec(data: _Loaded, pieces: Pieces, card_boards: dict[str, OffBoard], tracks: OffBoard) -> ModuleSpec:
    """What the buildFile is made from, before the setups are known."""
    content, displays, scenarios = data.content, data.displays, data.scenarios
    factions = dict(content.factions)
    title = content.settings.title
    return ModuleSpec(
        setups=[],
        name=title,
        version=MODULE_VERSION,
        description=f"{title}: map, counters, faction cards, tracks and scenarios (built by Staffwork)",
        map_name=data.layout.map_name,
        boards=data.map_boards,
        cards=[card_boards[k] for k in factions] + [tracks],
        sides=[f.name for f in factions.values()],
        prototypes=pieces.prototypes,
        palettes=pieces.palettes,
        months=game_months(content),
        phases=displays.phases,
        weather_zones=[z for z in content.settings.weather_zones if z not in content.settings.fixed_weather],
        weather_states=displays.weather_states,
        factions=tuple(factions),
        charts_tooltip=displays.charts_tooltip or ", ".join(c.name for c in displays.charts),
        weather_property=displays.weather_property,
        game_state=displays.game_state,
        policies=list(content.policies),
        charts=displays.charts,
        next_gpid=pieces.count + 1,
        nation_status={
            n.abbr: f"active {n.faction_1939}" if n.faction_1939 else "neutral" for n in content.nations.values()
        },
        disputed_areas=list(content.disputed_areas),
        events=[k for k, e in content.events.items() if e.once],
        control=sorted(
            {h for s in scenarios.values() for h in s.control}, key=lambda h: (list(factions) + ["neutral"]).index(h)
        ),
        sources=sorted({f for s in scenarios.values() for f in s.sources}, key=list(factions).index),
        labels={
            **{"event:" + k: e.name for k, e in content.events.items()},
            **{k: p.name for k, p in content.policies.items()},
            **{k: n.name for k, n in content.nations.items()},
            **{k: a.name for k, a in content.disputed_areas.items()},
        },
        decks=pieces.decks,
    )


def _setups(
    data: _Loaded,
    spec: ModuleSpec,
    pieces: Pieces,
    draft: etree._Element,
    files: dict[str, bytes],
    offboards: dict[str, OffBoard],
) -> tuple[list[SetupResult], etree._Element, str]:
    """Every scenario as a .vsav and the buildFile that lists them, both saying the module's
    version, and that version.

    VASSAL keeps a map's tiles under the module's name and version (builder/module/version.py
    says where): the version carries a digest of everything built with the plain number, so a
    changed module gets fresh tiles and an unchanged one the same version, bytes and tiles."""
    sizes = {
        name[len("images/") :]: Image.open(io.BytesIO(data)).size
        for name, data in files.items()
        if name.startswith("images/")
    }
    main_el = next(e for e in draft.iter("VASSAL.build.module.Map") if e.get("mapName") == data.layout.map_name)
    places_for = partial(_places, data, main_el, sizes, offboards, pieces.faction_decks)
    drafts = _drafts(data, pieces, places_for, spec.months)  # the same for either version
    results, root = _versioned(spec, drafts, MODULE_VERSION)
    version = content_version(MODULE_VERSION, files, {r.file: r.data for r in results}, buildfile_bytes(root))
    results = [d.result(spec.name, version, VASSAL_VERSION) for d in drafts]
    root.set("version", version)  # the one place the buildFile names it (tree.module_tree), in place
    return results, root, version


def _places(
    data: _Loaded,
    main_el: etree._Element,
    sizes: dict[str, tuple[int, int]],
    offboards: dict[str, OffBoard],
    faction_decks: dict[str, DrawPileSpec],
    scenario: Scenario,
) -> Places:
    """Where a scenario's counters go: its board of the main map, the off-map boards, decks."""
    layout = data.layout
    board = layout.board(scenario.board) if scenario.board else layout.default
    picker = f"{layout.map_name}BoardPicker\t{board.board_name}\t0\t0"
    geometry = map_geometry(main_el, board_picker=picker, image_size=sizes.__getitem__)
    return Places(board, geometry, offboards, data.box_names, data.content, data.displays, faction_decks)


def _drafts(
    data: _Loaded, pieces: Pieces, places_for: Callable[[Scenario], Places], months: Sequence[str]
) -> list[SetupDraft]:
    """Every scenario's setup but for the module's version (setups.scenario_draft)."""
    content = data.content
    proto_pieces = {p.name: p.piece for p in pieces.prototypes}
    return [
        scenario_draft(
            scenario,
            content,
            pieces.by_key,
            proto_pieces,
            places_for(scenario),
            faction_of=partial(_faction_of, content),
            months=months,
            phases=data.displays.phases,
            several_boards=len(data.layout.boards) > 1,
        )
        for scenario in data.scenarios.values()
    ]


def _versioned(spec: ModuleSpec, drafts: list[SetupDraft], version: str) -> tuple[list[SetupResult], etree._Element]:
    """The setups and the buildFile, each saying the module's ``version``."""
    results = [d.result(spec.name, version, VASSAL_VERSION) for d in drafts]
    setups = [Setup(r.name, r.file, r.description) for r in results]
    return results, module_tree(dataclasses.replace(spec, setups=setups, version=version))


def _faction_of(content: Content, counter: str, scenario: Scenario) -> str | None:
    """The faction a counter serves in a scenario: a marker's own, else its nation's there."""
    nation: str | None
    if counter in content.units:
        nation = content.units[counter].nation
    else:
        marker = content.markers[counter]
        if marker.faction:
            return marker.faction
        nation = marker.nation
        if nation is None:
            return None
    start = scenario.nations.get(nation)
    if start is not None and start.faction:
        return start.faction
    return nation_faction(content.nations[nation]) if nation in content.nations else None


def _validate(root: etree._Element, files: dict[str, bytes], target: Path) -> None:
    """The buildFile's components and every image it names; every piece text read back."""
    problems = validate_buildfile(root) + check_module_references(root, list(files) + ["buildFile.xml", "moduledata"])
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise FormatError("module not written: " + "; ".join(p.line() for p in errors[:5]), str(target))
    _check_piece_texts(root, str(target))


def _map_board(b: Board, mapdata) -> MapBoard:
    """A board of the main map with its VASSAL grid, or with one zone per sheet when it joins
    the hexes of several sheets (each names its own hexes)."""
    boxes = {box.code: mapdata.box(box.code).name for box in b.boxes}
    if len(b.sheets()) > 1:
        return MapBoard(b, None, boxes, sheet_zones(b))
    return MapBoard(b, vassal_hex_grid(b.grid, b.layout, (b.width, b.height), hexes=b.hexes()), boxes)


def _scenarios(folder: Path, content, grid) -> dict[str, Scenario]:
    """The scenarios of another folder, with every hex id checked against the grid."""
    return dict(load_scenarios(folder, content, grid))


def _no_tally(done: int, total: int) -> None:
    return None


def _check_board_size(board) -> None:
    """A board too big to draw is refused before drawing (the pixel limit of the image cache)."""
    if board.width * board.height > MAX_PIXELS:
        raise DataError(
            f"the board is {board.width}x{board.height} px, more than {MAX_PIXELS // 1_000_000} million pixels",
            "board.toml",
        )


def _checked_board(make_board: Callable[[], Image.Image], board: Board) -> Image.Image:
    """The board image, whole and of the size board.toml gives; DataError for a damaged or
    truncated image or a pixel bomb, which Pillow reports in several ways."""
    try:
        image = make_board()
        if image.size != (board.width, board.height):
            raise DataError(
                f"the board image is {image.width}x{image.height}, board.toml says {board.width}x{board.height}"
            )
        image.load()  # a file's pixels are read here, where a damaged one is reported
        return image if image.mode == "RGB" else image.convert("RGB")  # not a copy of 34 Mpx for nothing
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError, zlib.error) as exc:
        if isinstance(exc, DataError):
            raise
        raise DataError(f"the board image cannot be used ({exc})") from None


def _check_piece_texts(root, source: str) -> None:
    """Every PieceSlot and prototype must decode with our reader, byte for byte."""
    for el in root.iter("VASSAL.build.widget.PieceSlot", "VASSAL.build.module.PrototypeDefinition"):
        _, type_str, state_str = parse_add_piece(el.text or "")
        try:
            parse_piece(type_str, state_str)
        except FormatError as exc:
            raise exc.within(source, el.get("entryName") or el.get("name")) from None
