"""Build a game's VASSAL module: images, buildFile, setups, checks, then one atomic write.

    build_module(game="use", dist=None, *, cache=True, board_image=None, progress=print) -> BuildReport

Steps: load the game (board geometry, content, scenarios), draw or fetch from the cache every
image (board, faction cards, tracks, charts, counters, markers, layer badges), assemble the
buildFile tree, write each scenario as a .vsav, then validate everything (component table, piece
texts, setup hexes, image references) and only then write dist/<game>.vmod, atomically. Two
builds from the same inputs give byte-identical modules: fixed gpids and piece ids, fixed
timestamps, sorted entries; the version is MODULE_VERSION + a digest of the content
(version.py), so any change of content is a new version to VASSAL. Where the module goes is
checked first: a read-only folder is reported before anything is drawn.
"""

from __future__ import annotations

import io
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from lxml import etree
from PIL import Image

from builder.module import cards as cardmod
from builder.module import charts as chartmod
from builder.module.cache import MAX_PIXELS, REPO, ImageCache, fingerprint
from builder.module.pieces import (
    CUP_BACK,
    SORTIE_IMAGES,
    SUPPLY_IMAGES,
    marker_image,
    marker_name,
    marker_piece,
    nation_faction,
    prototypes,
    unit_image,
    unit_name,
    unit_piece,
)
from builder.module.setups import game_months, Places, SetupResult, scenario_setup
from builder.module.tree import VASSAL_VERSION, ModuleSpec, Palette, Setup, Slot, module_tree, paged
from builder.module.version import content_version
from builder.render.content_faces import markers_from, units_from
from builder.render.counters import render_counter, screen_px
from builder.render.faces import MarkerFace
from builder.render.markers import render_marker
from builder.vassal_grid import vassal_hex_grid
from vassal.archive import check_writable
from vassal.buildfile import buildfile_bytes
from vassal.components import validate_buildfile
from vassal.errors import FormatError
from vassal.grids import map_geometry
from vassal.metadata import Metadata
from vassal.module import check_module_references, write_module
from vassal.pieces import parse_add_piece, parse_piece
from wargame.board import load_board
from wargame.content import Scenario, default_folder, load_content, load_scenarios
from wargame.errors import DataError
from wargame.mapdata import load_game
from wargame.offboards import faction_card, tracks_board

MODULE_VERSION = "0.2"  # 0.2: Sorties layer always active (level n = n - 1 Sorties), masked cup markers
PHASES = ("Weather", "Declare War", "Economy", "Strategic Warfare", "Strategic Movement",
          "Operations", "No Supply", "Replacements", "Upgrade", "Mobilization", "Diplomacy",
          "Victory Check", "End of Turn")  # 1.3
BADGE_PX = 36
CUP_FACE = MarkerFace(("DIPLOMACY CUP",), "political", figure="?")  # a marker not yet drawn (10.2)
BoardImage = Callable[[], Image.Image]
Tally = Callable[[int, int], None]  # progress(done, total)


@dataclass(frozen=True)
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
MARKER_TABS = ("Events", "On the map", "Tracks and politics", "Production and Will")
TRACK_DIGITS = ("Prod 1s", "Prod 10s", "Will 1s", "Will 10s")
ON_THE_MAP = ("Control", "Fort", "No EZOC", "Assault", "Supply", "Strategic Move", "Bombed", "Factory",
              "Fac Lost", "Mulberry", "Nuclear Strike")


def marker_tab(marker, content) -> tuple[str, str]:
    """(palette tab, page) of a marker: events; markers played on the map; tracks, policies and
    politics; and the Production / Will digits, paged by the faction their nation serves."""
    if marker.kind == "event":
        return "Events", "Events"
    if marker.name in TRACK_DIGITS:
        nation = content.nations.get(marker.nation) if marker.nation else None
        faction = nation_faction(nation) if nation else None
        name = content.factions[faction].name if faction else "Neutral"
        return "Production and Will", name
    if marker.name in ON_THE_MAP or marker.name.startswith("Sorties"):
        return "On the map", "On the map"
    return "Tracks and politics", "Tracks and politics"


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def default_board_image(game: str, progress: Tally | None = None) -> BoardImage:
    """The map art when builder.render.mapart exists, else a stand-in drawn from the map preview
    at the board's size and hex layout. ``progress(done, total)`` hears of the map art's strips."""
    try:
        from builder.render.mapart import render_board  # type: ignore[import-not-found]
    except ImportError:
        return partial(stand_in_board, game)
    return partial(render_board, game=game, progress=progress)


def stand_in_board(game: str) -> Image.Image:
    """The map preview renderer's terrain layer, scaled so its hexes sit on the board's."""
    import tempfile

    from builder.mapmaker.preview import render
    from wargame.mapdata import UNIT_LAYOUT

    board = load_board(game)
    m = load_game(game)
    size = board.layout.along / UNIT_LAYOUT.along
    with tempfile.TemporaryDirectory() as tmp:
        out = render(m, "terrain", Path(tmp) / "preview.png", size=size)
        preview = Image.open(out).convert("RGB")
        preview.load()
    canvas = Image.new("RGB", (board.width, board.height), (158, 190, 222))
    dx = round(board.layout.x - UNIT_LAYOUT.x * size)
    dy = round(board.layout.y - UNIT_LAYOUT.y * size)
    canvas.paste(preview, (dx, dy))
    from PIL import ImageDraw

    from builder.render.text import font

    pen = ImageDraw.Draw(canvas)
    numbers = font("semibold", max(10, round(board.layout.along * 0.16)))
    for hex_ in board.grid.hexes():  # hex numbers near the top of each hex, as printed maps do
        x, y = board.center(hex_)
        pen.text((x, y - board.layout.across * 0.42), board.grid.hex_id(hex_), font=numbers,
                 fill=(70, 70, 70), anchor="mm")
    names = _box_names(game)
    title = font("bold", 30)
    for box in board.boxes:
        pen.rectangle((box.x, box.y, box.x + box.width - 1, box.y + box.height - 1), fill=(200, 215, 235),
                      outline=(30, 30, 60), width=4)
        pen.text((box.x + box.width / 2, box.y + 30), names.get(box.code, box.code), font=title,
                 fill=(30, 30, 60), anchor="mm")
    return canvas


def _box_names(game: str) -> dict[str, str]:
    return {box.code: box.name for box in load_game(game).boxes.values()}


def _board_sources(game: str) -> list[Path]:
    return [REPO / "scenarios" / game / "board.toml", REPO / "scenarios" / game / "map", REPO / "art",
            REPO / "builder" / "render", REPO / "builder" / "mapmaker" / "preview.py", REPO / "wargame" / "grid"]


def build_module(
    game: str = "use",
    dist: Path | None = None,
    *,
    cache: bool = True,
    board_image: BoardImage | None = None,
    progress: Callable[[str], None] = lambda s: None,
    scenarios_folder: Path | None = None,
    stage: Callable[[str, str], Tally] | None = None,
) -> BuildReport:
    """Build dist/<game>.vmod; DataError/FormatError (nothing written) when a check fails, an
    OSError naming the module's path before any work when it cannot be written there.
    ``stage(label, unit)`` gives a ``progress(done, total)`` for the long steps (a bar)."""
    t0 = time.perf_counter()
    seconds: dict[str, float] = {}
    dist = dist or REPO / "dist"
    target = dist / f"{game}.vmod"
    check_writable(target)
    stage = stage or (lambda label, unit: _no_tally)
    images = ImageCache(dist / ".cache" / game if cache else None)

    def lap(name: str, start: float) -> float:
        now = time.perf_counter()
        seconds[name] = round(now - start, 3)
        return now

    progress("loading the game data")
    board = load_board(game)
    mapdata = load_game(game)
    folder = default_folder(game)
    content = load_content(folder)
    scenarios = _scenarios(scenarios_folder or folder / "scenarios", content, board.grid)
    hex_grid = vassal_hex_grid(board.grid, board.layout, (board.width, board.height))
    box_names = {b.code: mapdata.box(b.code).name for b in board.boxes}
    t = lap("load", t0)

    files: dict[str, bytes] = {}
    progress("board image (cached when its inputs are unchanged)")
    _check_board_size(board)
    make_board = board_image or default_board_image(game, stage("board", "strips"))
    board_key = ("board", game, fingerprint(_board_sources(game)), getattr(make_board, "func", make_board).__qualname__)
    files["images/" + board.image] = images.get(board_key, lambda: _png(_checked_board(make_board, board)),
                                                accept=lambda size: size == (board.width, board.height))
    t = lap("board", t)

    factions = {key: f for key, f in content.factions.items()}
    colours = {"axis": (205, 205, 205), "western": (214, 226, 240), "soviet": (238, 210, 205)}
    card_boards = {key: faction_card(key, f.name, colours.get(key, (220, 220, 220)))
                   for key, f in factions.items()}
    tracks = tracks_board(content.settings.first_turn, content.settings.last_turn)
    offboards = {**card_boards, "tracks": tracks}
    code_print = fingerprint([REPO / "builder" / "module", REPO / "builder" / "render", REPO / "art"])
    for ob in offboards.values():
        files["images/" + ob.image] = images.get(("offboard", repr(ob), code_print), partial(cardmod.draw_board, ob))
    for chart in chartmod.CHARTS:
        files["images/" + chart.image] = images.get(("chart", repr(chart), code_print),
                                                    partial(chartmod.draw_chart, chart))
    t = lap("boards and charts", t)

    progress(f"counters: {len(content.units)} units, {len(content.markers)} markers")
    px = screen_px()
    counted = stage("counters", "designs")
    designs = len(content.units) + len(content.markers)
    for done, (unit, faces) in enumerate(zip(content.units.values(), units_from(content)), start=1):
        for side, face in (("front", faces.front), ("back", faces.back)):
            files["images/" + unit_image(unit, side)] = images.get(
                ("unit", repr(face), px, code_print), lambda face=face: _png(render_counter(face, px)))
        counted(done, designs)
    faces_by_key = {m.name: m for m in markers_from(content)}
    for done, marker in enumerate(content.markers.values(), start=len(content.units) + 1):
        drawn = faces_by_key[marker.key]
        sides = [("front", drawn.front)] + ([("back", drawn.back)] if drawn.back else [])
        for side, face in sides:
            files["images/" + marker_image(marker, side)] = images.get(
                ("marker", repr(face), px, code_print), lambda face=face: _png(render_marker(face, px)))
        counted(done, designs)
    badges = list(zip(SUPPLY_IMAGES, (faces_by_key["supply"].front, faces_by_key["supply"].back)))
    badges += [(img, faces_by_key[f"sorties-{n}"].front) for n, img in enumerate(SORTIE_IMAGES, start=1)]
    for img, face in badges:
        files["images/" + img] = images.get(("badge", repr(face), BADGE_PX, code_print),
                                            lambda face=face: _png(render_marker(face, BADGE_PX)))
    # what every marker shows while it lies in the face-down Diplomacy Cup
    files["images/" + CUP_BACK] = images.get(("cup", repr(CUP_FACE), px, code_print),
                                             lambda: _png(render_marker(CUP_FACE, px)))
    t = lap("counters", t)

    progress("assembling the buildFile")
    card_maps = {factions[k].name: ob.map_name for k, ob in card_boards.items()}
    protos = prototypes(card_maps)
    gpid = 0
    slot_pieces: dict[str, object] = {}

    def next_gpid() -> str:
        nonlocal gpid
        gpid += 1
        return str(gpid)

    by_faction: dict[str, dict[str, list[Slot]]] = {}
    for unit in content.units.values():
        faction = nation_faction(content.nations[unit.nation])
        tab = factions[faction].name if faction else "Neutral"
        piece = unit_piece(unit, content, next_gpid())
        slot_pieces[unit.key] = piece
        by_faction.setdefault(tab, {}).setdefault(unit.nation, []).append(Slot(unit_name(unit), piece.basic.get("gpid"), piece))
    marker_tabs: dict[str, dict[str, list[Slot]]] = {}
    for marker in content.markers.values():
        piece = marker_piece(marker, content, next_gpid())
        slot_pieces[marker.key] = piece
        tab, page = marker_tab(marker, content)
        marker_tabs.setdefault(tab, {}).setdefault(page, []).append(
            Slot(marker_name(marker), piece.basic.get("gpid"), piece))
    unit_tabs = []
    order = [f.name for f in factions.values()] + ["Neutral"]
    for tab in order:
        if tab in by_faction:
            unit_tabs.append(Palette(tab, tuple(paged(n, s) for n, s in by_faction[tab].items())))
    marker_pages = []
    for tab in MARKER_TABS:
        pages = marker_tabs.get(tab, {})
        if len(pages) == 1 and tab in pages:
            marker_pages.append(paged(tab, pages[tab]))
        elif pages:  # pages named by faction: in the factions' order, then Neutral
            ranked = sorted(pages.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
            marker_pages.append(Palette(tab, tuple(paged(p, s) for p, s in ranked)))
    palettes = (Palette("Units", tuple(unit_tabs)), Palette("Markers", tuple(marker_pages)))

    title = content.settings.title
    months = game_months(content)
    spec_base = dict(
        name=title, version=MODULE_VERSION,
        description=f"{title}: map, counters, faction cards, tracks and scenarios (built by Staffwork)",
        board=board, hex_grid=hex_grid, box_names=box_names,
        cards=[card_boards[k] for k in factions] + [tracks], sides=[f.name for f in factions.values()],
        prototypes=protos, palettes=palettes, months=months, phases=PHASES,
        weather_zones=[z for z in content.settings.weather_zones if z != "desert"],
        policies=list(content.policies), charts=chartmod.CHARTS, next_gpid=gpid + 1,
        nation_status={n.abbr: f"active {n.faction_1939}" if n.faction_1939 else "neutral"
                       for n in content.nations.values()},
        disputed_areas=list(content.disputed_areas),
        labels={**{k: p.name for k, p in content.policies.items()},
                **{k: n.name for k, n in content.nations.items()},
                **{k: a.name for k, a in content.disputed_areas.items()}})
    draft = module_tree(ModuleSpec(setups=[], **spec_base))
    t = lap("buildFile", t)

    progress(f"setups: {len(scenarios)} scenarios")
    sizes = {name[len("images/"):]: Image.open(io.BytesIO(data)).size for name, data in files.items()
             if name.startswith("images/")}
    main_el = next(e for e in draft.iter("VASSAL.build.module.Map") if e.get("mapName") == board.map_name)
    main_geometry = map_geometry(main_el, image_size=sizes.__getitem__)
    places_for = lambda: Places(board, main_geometry, offboards, box_names, content)  # noqa: E731
    proto_pieces = {p.name: p.piece for p in protos}

    def faction_of(counter: str, scenario: Scenario) -> str | None:
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

    def versioned(version: str) -> tuple[list[SetupResult], etree._Element]:
        """The setups and the buildFile, each saying the module's ``version``."""
        results = [scenario_setup(
            scenario, content, slot_pieces, proto_pieces, places_for(), module_name=title,
            module_version=version, vassal_version=VASSAL_VERSION, faction_of=faction_of,
            months=months, phases=PHASES) for scenario in scenarios.values()]
        setups = [Setup(r.name, r.file, r.description) for r in results]
        return results, module_tree(ModuleSpec(setups=setups, **{**spec_base, "version": version}))

    # VASSAL keeps a map's tiles under the module's name and version (builder/module/version.py
    # says where): the version carries a digest of everything built with the plain number, so
    # a changed module gets fresh tiles and an unchanged one the same version, bytes and tiles
    results, root = versioned(MODULE_VERSION)
    version = content_version(MODULE_VERSION, files, {r.file: r.data for r in results},
                              buildfile_bytes(root))
    results, root = versioned(version)
    for r in results:
        files[r.file] = r.data
    t = lap("setups", t)

    progress("validating")
    problems = validate_buildfile(root) + check_module_references(root, list(files) + ["buildFile.xml", "moduledata"])
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise FormatError("module not written: " + "; ".join(p.line() for p in errors[:5]), str(target))
    _check_piece_texts(root, str(target))
    t = lap("validate", t)

    progress(f"writing {target}")
    meta = Metadata(version=version, vassal_version=VASSAL_VERSION, date_saved="0",
                    description=spec_base["description"], name=title)
    leftover = write_module(target, root, meta, files)
    lap("write", t)
    seconds["total"] = round(time.perf_counter() - t0, 3)
    maps = sum(1 for _ in root.iter("VASSAL.build.module.Map"))
    return BuildReport(
        path=target, size=target.stat().st_size, maps=maps, pieces=gpid, prototypes=len(protos),
        setups=len(results), images=sum(1 for n in files if n.startswith("images/")),
        cache_hits=images.hits, cache_misses=images.misses, seconds=seconds,
        warnings=tuple(p.line() for p in leftover if p.severity == "warning"),
        setup_pieces={r.file: len(r.spots) for r in results},
        setup_hexes={r.file: sum(1 for _, s in r.spots if s.hex) for r in results},
        version=version)


def _scenarios(folder: Path, content, grid):
    """The scenarios, with every hex id checked against the grid."""
    return load_scenarios(folder, content, grid)


def _no_tally(done: int, total: int) -> None:
    return None


def _check_board_size(board) -> None:
    """A board too big to draw is refused before drawing (the pixel limit of the image cache)."""
    if board.width * board.height > MAX_PIXELS:
        raise DataError(f"the board is {board.width}x{board.height} px, more than "
                        f"{MAX_PIXELS // 1_000_000} million pixels", "board.toml")


def _checked_board(make_board: BoardImage, board) -> Image.Image:
    """The board image, whole and of the size board.toml gives; DataError for a damaged or
    truncated image or a pixel bomb, which Pillow reports in several ways."""
    try:
        image = make_board()
        if image.size != (board.width, board.height):
            raise DataError(f"the board image is {image.width}x{image.height}, board.toml says "
                            f"{board.width}x{board.height}")
        return image.convert("RGB")
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
