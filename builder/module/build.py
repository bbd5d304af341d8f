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

import io
import os
import time
import zlib
from collections.abc import Callable
from dataclasses import field
from functools import partial
from pathlib import Path

from lxml import etree
from PIL import Image

from builder.module import cards as cardmod
from builder.module import charts as chartmod
from builder.module.cache import MAX_PIXELS, ImageCache, Pending, fingerprint
from builder.module.card_pieces import card_back_image, card_image, card_name, card_piece
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
from builder.module.setups import Places, SetupResult, game_months, scenario_setup
from builder.module.tree import (
    VASSAL_VERSION,
    DrawPileSpec,
    MapBoard,
    ModuleSpec,
    Palette,
    Setup,
    Slot,
    card_piles,
    module_tree,
    paged,
)
from builder.module.version import content_version
from builder.render.content_faces import markers_from, units_from
from builder.render.counters import render_counter, screen_px
from builder.render.faces import MarkerFace
from builder.render.markers import render_marker
from builder.vassal_grid import sheet_zones, vassal_hex_grid
from records import frozen
from vassal.archive import check_writable
from vassal.buildfile import buildfile_bytes
from vassal.errors import FormatError
from vassal.mapgeometry import map_geometry
from vassal.metadata import Metadata
from vassal.module import write_module
from vassal.pieces import parse_add_piece, parse_piece
from vassal.validate import check_module_references, validate_buildfile
from wargame.board import Board
from wargame.content import Scenario, load_scenarios
from wargame.errors import DataError
from wargame.games import Game, art_root, find_game

MODULE_VERSION = "0.2"  # 0.2: Sorties layer always active (level n = n - 1 Sorties), masked cup markers
BADGE_PX = 36
BoardImage = Callable[[Board], Image.Image]
Tally = Callable[[int, int], None]  # progress(done, total)
PACKAGES = Path(__file__).resolve().parents[2]  # the folder holding builder/ and wargame/


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


def marker_tab(marker, content, palettes) -> tuple[str, str]:
    """(palette tab, page) of a marker, by the tabs of the game's displays.toml in order:
    events; markers played on the map; tracks, policies and politics; the digits of the
    tracks, paged by the faction their nation serves."""
    tabs = palettes.marker_tabs
    events, on_map, tracks = tabs[0], tabs[min(1, len(tabs) - 1)], tabs[min(2, len(tabs) - 1)]
    if marker.kind == "event":
        return events, events
    if marker.name in palettes.digits and len(tabs) > 3:
        nation = content.nations.get(marker.nation) if marker.nation else None
        faction = nation_faction(nation) if nation else None
        name = content.factions[faction].name if faction else "Neutral"
        return tabs[3], name
    if marker.name in palettes.on_the_map or marker.name.startswith(palettes.on_the_map_prefixes):
        return on_map, on_map
    return tracks, tracks


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


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
    from wargame.games import art_root

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
    t0 = time.perf_counter()
    key = game if isinstance(game, str) else game.key
    seconds: dict[str, float] = {}
    dist = dist or Path.cwd() / "dist"
    target = dist / f"{key}.vmod"
    check_writable(target)  # before any work
    game = find_game(game) if isinstance(game, str) else game
    stage = stage or (lambda label, unit: _no_tally)
    images = ImageCache(dist / ".cache" / game.key if cache else None, deferred=True)

    def lap(name: str, start: float) -> float:
        now = time.perf_counter()
        seconds[name] = round(now - start, 3)
        return now

    progress("loading the game data")
    layout = game.boards()
    mapdata = game.mapdata()
    content = game.content()
    displays = game.displays()
    scenarios = _scenarios(scenarios_folder, content, layout.grid) if scenarios_folder else game.scenarios()
    map_boards = tuple(_map_board(b, mapdata) for b in layout.boards)
    box_names = {code: name for mb in map_boards for code, name in mb.box_names.items()}
    t = lap("load", t0)

    asked: dict[str, bytes | Pending] = {}  # images wait (Pending) to be drawn all at once
    make_board = board_image or default_board_image(game, stage("board", "strips"))
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
        found = images.lookup(board_key, accept=lambda size, b=b: size == (b.width, b.height))
        if found is None:  # drawn now (its strips on every core), encoded with the other images
            art = _checked_board(lambda: make_board(b), b)  # noqa: B023 - called at once
            found = images.make(board_key, partial(_png, art))
        asked["images/" + b.image] = found
    t = lap("board", t)

    factions = dict(content.factions)
    card_boards = displays.faction_cards()
    tracks = displays.tracks_board()
    offboards = {**card_boards, "tracks": tracks}
    code_print = fingerprint([PACKAGES / "builder" / "module", PACKAGES / "builder" / "render", art_root()])
    for ob in offboards.values():
        asked["images/" + ob.image] = images.get(("offboard", repr(ob), code_print), partial(cardmod.draw_board, ob))
    for chart in displays.charts:
        asked["images/" + chart.image] = images.get(
            ("chart", repr(chart), code_print), partial(chartmod.draw_chart, chart)
        )
    t = lap("boards and charts", t)

    progress(f"counters: {len(content.units)} units, {len(content.markers)} markers")
    px = screen_px()
    counted = stage("counters", "designs")
    designs = len(content.units) + len(content.markers)
    for done, (unit, faces) in enumerate(zip(content.units.values(), units_from(content)), start=1):
        for side, face in (("front", faces.front), ("back", faces.back)):
            name = "images/" + unit_image(unit, side)
            if name not in asked:  # counters of one design share their pictures
                asked[name] = images.get(
                    ("unit", repr(face), px, code_print), lambda face=face: _png(render_counter(face, px))
                )
        counted(done, designs)
    faces_by_key = {m.name: m for m in markers_from(content)}
    for done, marker in enumerate(content.markers.values(), start=len(content.units) + 1):
        drawn = faces_by_key[marker.key]
        sides = [("front", drawn.front)] + ([("back", drawn.back)] if drawn.back else [])
        for side, face in sides:
            asked["images/" + marker_image(marker, side)] = images.get(
                ("marker", repr(face), px, code_print), lambda face=face: _png(render_marker(face, px))
            )
        counted(done, designs)
    cards_px = _draw_cards(content, asked, images, code_print)
    layers = displays.pieces
    badges = []
    if layers.supply_badges:
        marker = faces_by_key[layers.supply_badges]
        badges += list(zip(SUPPLY_IMAGES, (marker.front, marker.back)))
    if layers.sorties_badges:
        badges += [
            (img, faces_by_key[layers.sorties_badges.replace("{n}", str(n))].front)
            for n, img in enumerate(SORTIE_IMAGES, start=1)
        ]
    for img, face in badges:
        asked["images/" + img] = images.get(
            ("badge", repr(face), BADGE_PX, code_print), lambda face=face: _png(render_marker(face, BADGE_PX))
        )
    if displays.tracks.cup is not None:  # what every marker shows while it lies in the face-down cup
        cup_face = MarkerFace(displays.tracks.cup_face, "political", figure="?")
        asked["images/" + CUP_BACK] = images.get(
            ("cup", repr(cup_face), px, code_print), lambda: _png(render_marker(cup_face, px))
        )
    t = lap("counters", t)
    drawn_now = images.draw_pending(min(os.cpu_count() or 1, 4), stage("images", "images"))
    files = {name: drawn_now[v.index] if isinstance(v, Pending) else v for name, v in asked.items()}
    t = lap("images", t)

    progress("assembling the buildFile")
    card_maps = {k: ob.map_name for k, ob in card_boards.items()}
    delay_box = (tracks.map_name, layers.delay_box) if layers.delay_box else None
    protos = prototypes(
        card_maps,
        displays.card.eliminated,
        supply=bool(layers.supply_badges),
        sorties=bool(layers.sorties_badges),
        delay_box=delay_box,
    )
    gpid = 0
    slot_pieces: dict[str, object] = {}

    def next_gpid() -> str:
        nonlocal gpid
        gpid += 1
        return str(gpid)

    by_faction: dict[str, dict[str, list[Slot]]] = {}
    in_palette: set[str] = set()
    for unit in _one_step_first(content):
        faction = nation_faction(content.nations[unit.nation])
        tab = factions[faction].name if faction else "Neutral"
        breakdown = None
        if unit.breaks_into:  # the one-step unit is built already: one-step units come first
            small = content.units[unit.breaks_into]
            breakdown = (slot_pieces[small.key], next_gpid(), unit_name(small))
        piece = unit_piece(
            unit,
            content,
            next_gpid(),
            supply=bool(layers.supply_badges),
            sorties=bool(layers.sorties_badges),
            eliminated=displays.card.eliminated is not None,
            delayed=delay_box is not None,
            breakdown=breakdown,
        )
        slot_pieces[unit.key] = piece
        if unit.art_key in in_palette:
            continue  # one palette slot per printed design
        in_palette.add(unit.art_key)
        by_faction.setdefault(tab, {}).setdefault(unit.nation, []).append(
            Slot(unit_name(unit), piece.basic.get("gpid"), piece)
        )
    marker_tabs: dict[str, dict[str, list[Slot]]] = {}
    for marker in content.markers.values():
        piece = marker_piece(marker, content, next_gpid(), displays.tracks.cup)
        slot_pieces[marker.key] = piece
        tab, page = marker_tab(marker, content, displays.palettes)
        marker_tabs.setdefault(tab, {}).setdefault(page, []).append(
            Slot(marker_name(marker), piece.basic.get("gpid"), piece)
        )
    unit_tabs = []
    order = [f.name for f in factions.values()] + ["Neutral"]
    for tab in order:
        if tab in by_faction:
            unit_tabs.append(Palette(tab, tuple(paged(n, s) for n, s in by_faction[tab].items())))
    marker_pages = []
    for tab in displays.palettes.marker_tabs:
        pages = marker_tabs.get(tab, {})
        if len(pages) == 1 and tab in pages:
            marker_pages.append(paged(tab, pages[tab]))
        elif pages:  # pages named by faction: in the factions' order, then Neutral
            ranked = sorted(pages.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
            marker_pages.append(Palette(tab, tuple(paged(p, s) for p, s in ranked)))
    palettes = (Palette("Units", tuple(unit_tabs)), Palette("Markers", tuple(marker_pages)))
    decks: dict[str, tuple[DrawPileSpec, ...]] = {}
    faction_decks: dict[str, DrawPileSpec] = {}
    if content.cards:
        card_tabs = []
        for key, faction in factions.items():
            board = card_boards[key]
            piles = card_piles(board, faction.name, cards_px)
            if not piles:
                raise DataError(
                    f"the game has cards but the {faction.name} card has no deck (displays.toml [faction_card] deck)",
                    "displays.toml",
                )
            decks[board.map_name], faction_decks[key] = piles, piles[0]
            slots = []
            for card in content.deck(key):
                piece = card_piece(card, content, next_gpid(), piles[0].name)
                slot_pieces[card.key] = piece
                slots.append(Slot(card_name(card, content), piece.basic.get("gpid"), piece))
            if slots:
                card_tabs.append(paged(faction.name, slots))
        palettes += (Palette("Cards", tuple(card_tabs)),)

    title = content.settings.title
    months = game_months(content)
    spec_base = dict(
        name=title,
        version=MODULE_VERSION,
        description=f"{title}: map, counters, faction cards, tracks and scenarios (built by Staffwork)",
        map_name=layout.map_name,
        boards=map_boards,
        cards=[card_boards[k] for k in factions] + [tracks],
        sides=[f.name for f in factions.values()],
        prototypes=protos,
        palettes=palettes,
        months=months,
        phases=displays.phases,
        weather_zones=[z for z in content.settings.weather_zones if z not in content.settings.fixed_weather],
        weather_states=displays.weather_states,
        factions=tuple(factions),
        charts_tooltip=displays.charts_tooltip or ", ".join(c.name for c in displays.charts),
        weather_property=displays.weather_property,
        game_state=displays.game_state,
        policies=list(content.policies),
        charts=displays.charts,
        next_gpid=gpid + 1,
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
        decks=decks,
    )
    draft = module_tree(ModuleSpec(setups=[], **spec_base))
    t = lap("buildFile", t)

    progress(f"setups: {len(scenarios)} scenarios")
    sizes = {
        name[len("images/") :]: Image.open(io.BytesIO(data)).size
        for name, data in files.items()
        if name.startswith("images/")
    }
    main_el = next(e for e in draft.iter("VASSAL.build.module.Map") if e.get("mapName") == layout.map_name)

    def places_for(scenario: Scenario) -> Places:
        board = layout.board(scenario.board) if scenario.board else layout.default
        picker = f"{layout.map_name}BoardPicker\t{board.board_name}\t0\t0"
        geometry = map_geometry(main_el, board_picker=picker, image_size=sizes.__getitem__)
        return Places(board, geometry, offboards, box_names, content, displays, faction_decks)

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
        results = [
            scenario_setup(
                scenario,
                content,
                slot_pieces,
                proto_pieces,
                places_for(scenario),
                module_name=title,
                module_version=version,
                vassal_version=VASSAL_VERSION,
                faction_of=faction_of,
                months=months,
                phases=displays.phases,
                several_boards=len(layout.boards) > 1,
            )
            for scenario in scenarios.values()
        ]
        setups = [Setup(r.name, r.file, r.description) for r in results]
        return results, module_tree(ModuleSpec(setups=setups, **{**spec_base, "version": version}))

    # VASSAL keeps a map's tiles under the module's name and version (builder/module/version.py
    # says where): the version carries a digest of everything built with the plain number, so
    # a changed module gets fresh tiles and an unchanged one the same version, bytes and tiles
    results, root = versioned(MODULE_VERSION)
    version = content_version(MODULE_VERSION, files, {r.file: r.data for r in results}, buildfile_bytes(root))
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
    meta = Metadata(
        version=version, vassal_version=VASSAL_VERSION, date_saved="0", description=spec_base["description"], name=title
    )
    leftover = write_module(target, root, meta, files)
    lap("write", t)
    seconds["total"] = round(time.perf_counter() - t0, 3)
    maps = sum(1 for _ in root.iter("VASSAL.build.module.Map"))
    return BuildReport(
        path=target,
        size=target.stat().st_size,
        maps=maps,
        pieces=gpid,
        prototypes=len(protos),
        setups=len(results),
        images=sum(1 for n in files if n.startswith("images/")),
        cache_hits=images.hits,
        cache_misses=images.misses,
        seconds=seconds,
        warnings=tuple(p.line() for p in leftover if p.severity == "warning"),
        setup_pieces={r.file: len(r.spots) for r in results},
        setup_hexes={r.file: sum(1 for _, s in r.spots if s.hex) for r in results},
        version=version,
    )


def _one_step_first(content):
    """The units, those another unit breaks down into first (its Break down command embeds
    their piece), the rest in the file's order."""
    small = {u.breaks_into for u in content.units.values() if u.breaks_into}
    units = list(content.units.values())
    return [u for u in units if u.key in small] + [u for u in units if u.key not in small]


def _draw_cards(
    content,
    files: dict[str, bytes | Pending],
    images: ImageCache,
    code_print: str,
) -> tuple[int, int]:
    """Every card's face and each faction's card back into the module's images; the card size."""
    if not content.cards:
        return (0, 0)
    from builder.render.content_faces import card_face
    from builder.render.option_cards import card_layout, draw_card, draw_card_back

    for card in content.cards.values():
        face = card_face(card, content)
        files["images/" + card_image(card)] = images.get(
            ("card", repr(face), code_print), lambda face=face: _png(draw_card(face))
        )
    from builder.render.symbols import ICONS

    for key, faction in content.factions.items():
        back = (faction.name, faction.scheme, "Option card", key if key in ICONS else None)
        files["images/" + card_back_image(key)] = images.get(
            ("card back", back, code_print), lambda back=back: _png(draw_card_back(*back))
        )
    layout = card_layout()
    return layout.width, layout.height


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


def _checked_board(make_board: BoardImage, board) -> Image.Image:
    """The board image, whole and of the size board.toml gives; DataError for a damaged or
    truncated image or a pixel bomb, which Pillow reports in several ways."""
    try:
        image = make_board()
        if image.size != (board.width, board.height):
            raise DataError(
                f"the board image is {image.width}x{image.height}, board.toml says {board.width}x{board.height}"
            )
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
