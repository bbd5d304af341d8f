"""A saved game as the rules see it: units and markers with their hex or Map Box, layers,
stack order, and the game state, as a frozen :class:`wargame.rules.position.Position`.

    read_position(save_path, *, module=None, scenario=None, overrides=Overrides()) -> SavedPosition
    position_from_pieces(game, pieces, properties, ...) -> SavedPosition      (the same, from a replay)
    Overrides(weather={}, policies={}, nations={}, ceded={})         command-line game state
    SavedPosition(position, file, module_name, skipped)

The game comes from the save's module name through the registry (wargame.games); pixels become
hexes and boxes through the game's boards (wargame.board: the one geometry), placed on the map as
the save's board picker lays them out.
Piece properties and layers are those of ``wargame.pieceprops``. A unit lies under a Fort marker
(and so may occupy it, 15.12) when it is below the marker in the same stack.

Game state, each step overriding the one before: the nations' 1939 status (nations.csv) or the
scenario given with ``scenario``; the module's global properties in the save (Weather_<zone>,
Policy_<key>, Month, Phase, and Status_<NATION> = "active axis" / "neutral" / "conquered western"
..., Ceded_<area key> = "true", Event_<event key> = "true", Control_<faction> = the territory a
scenario gives it, Sources_<faction> = the supply sources a special rule gives it, entries
joined by ";"); a nation with units on the map is active
for their faction; the
command line last.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field, replace
from pathlib import Path
from types import MappingProxyType

from records import frozen
from vassal.commands import BoardPlacement
from vassal.errors import FormatError
from vassal.pieces import parse_piece
from vassal.replay import replay_save
from vassal.savefile import read_saved_game
from vassal.snapshot import PlacedPiece
from vassal.traits import BasicPiece, LayerTrait, Marker
from wargame import pieceprops as pp
from wargame.board import Board as BoardImage
from wargame.board import Boards
from wargame.errors import DataError, near_miss
from wargame.games import Game, find_game, game_for_module
from wargame.pieceprops import CEDED_PREFIX, STATUS_PREFIX, STATUSES
from wargame.rules.position import GameState, MarkerPiece, NationState, Position, Unit

SUPPLY_BY_LEVEL = {1: "low", 2: "none"}


@frozen
class Overrides:
    """Game state given on the command line; wins over everything read from the save."""

    weather: Mapping[str, str] = field(default_factory=dict)  # zone -> Fair / Poor / Severe
    policies: Mapping[str, bool] = field(default_factory=dict)  # policy key -> in effect
    nations: Mapping[str, NationState] = field(default_factory=dict)
    ceded: Mapping[str, bool] = field(default_factory=dict)  # disputed-area key -> ceded
    month: str | None = None
    phase: str | None = None


@frozen
class SavedPosition:
    """A position read from a saved game, with the file, its module's name and the pieces left out."""

    position: Position
    file: str
    module_name: str
    skipped: tuple[str, ...]  # pieces that are neither units nor markers of ours, by id


def module_name_of(path: str) -> str | None:
    """The name a module file (.vmod) carries in its moduledata."""
    from vassal.archive import open_archive
    from vassal.metadata import MODULE_ENTRY, parse_metadata

    with open_archive(path) as archive:
        if MODULE_ENTRY not in archive:
            return None
        return parse_metadata(archive.read(MODULE_ENTRY), path).name


def read_position(
    save_path: str | Path,
    *,
    module: str | None = None,
    scenario: str | None = None,
    overrides: Overrides | Callable[[Game], Overrides] = Overrides(),
    game: str | None = None,
) -> SavedPosition:
    """Read a .vsav (or the position at the end of a .vlog) into a Position. Bad input raises
    FormatError or DataError naming the file.

    The game is ``game`` (a key) when given, else the one whose module the save names (or
    ``module``'s). ``overrides`` may be a function of the game, for values checked against it."""
    source = str(save_path)
    saved = read_saved_game(save_path)
    name = module_name_of(module) if module else (saved.moduledata.name if saved.moduledata else None)
    chosen = find_game(game) if game else game_for_module(name, module or source)
    if callable(overrides):
        overrides = overrides(chosen)
    if saved.is_log:
        from vassal.gamelog import replay_log  # a log's steps; a save needs none of it

        log = replay_log(saved, source=source)
        replayed = log.position_after(len(log.steps))
    else:
        replayed = replay_save(saved, source=source)
    props = {name: value for (_container, name), value in sorted(replayed.properties.items())}
    stacks = {sid: c.members for sid, c in replayed.stacks.items()}
    board = position_from_pieces(
        chosen,
        replayed.pieces.values(),
        props,
        stacks,
        scenario=scenario,
        overrides=overrides,
        source=source,
        boards=replayed.boards,
        turns=replayed.turns,
    )
    return SavedPosition(board.position, source, name or "", board.skipped)


def placed_boards(
    geometry: Boards, layouts: Mapping[str, tuple[BoardPlacement, ...]] | None
) -> tuple[tuple[BoardImage, int, int], ...]:
    """The game's boards in use on its map with their top-left corner in map pixels: as the
    save's board picker lays them out (columns as wide as their widest board, rows as tall as
    their tallest, VASSAL's BoardPicker), else the game's first board alone at (0, 0)."""
    names = set(geometry.names())
    for placements in (layouts or {}).values():
        if not placements or not all(p.name in names for p in placements):
            continue
        chosen = [(geometry.board(p.name), p.x, p.y) for p in placements]
        widths: dict[int, int] = {}
        heights: dict[int, int] = {}
        for b, col, row in chosen:
            widths[col] = max(widths.get(col, 0), b.width)
            heights[row] = max(heights.get(row, 0), b.height)
        return tuple(
            (b, sum(w for c, w in widths.items() if c < col), sum(h for r, h in heights.items() if r < row))
            for b, col, row in chosen
        )
    return ((geometry.default, 0, 0),)


def _locate(placed: tuple[tuple[BoardImage, int, int], ...], x: int, y: int) -> tuple[str | None, str | None]:
    """(hex id, Map Box code) at a map point; (None, None) off every board in use."""
    for board, ox, oy in placed:
        lx, ly = x - ox, y - oy
        if not (0 <= lx < board.width and 0 <= ly < board.height):
            continue
        area = board.box_at(lx, ly)
        if area is not None:
            return None, area.code
        h = board.hex_under(lx, ly)  # (hex_at would look at the boxes again)
        return (board.grid.hex_id(h) if h is not None else None), None
    return None, None


def position_from_pieces(
    game: Game | str,
    pieces: Iterable[PlacedPiece],
    properties: Mapping[str, str],
    stacks: Mapping[str, tuple[str, ...]],
    *,
    scenario: str | None = None,
    overrides: Overrides = Overrides(),
    source: str = "",
    boards: Mapping[str, tuple[BoardPlacement, ...]] | None = None,
    turns: Mapping[str, str] | None = None,
) -> SavedPosition:
    """``turns``: the save's turn trackers (id -> state); the month and phase they stand at when the
    save has no Month and Phase properties (our modules keep them in the tracker only)."""
    game = find_game(game) if isinstance(game, str) else game
    geometry = game.boards()
    placed_on = placed_boards(geometry, boards)
    placed, off_map = _place_pieces(pieces, geometry, placed_on, stacks, source)
    stacking = _stacking(placed)
    units: list[Unit] = []
    markers: list[MarkerPiece] = []
    skipped: list[str] = []
    for pid, v, hex_id, box, stack, level in placed:
        props = v.props
        if props.get(pp.KIND) in ("ground", "air", "naval"):
            units.append(_unit(pid, v, hex_id, box, stack, level, stacking))
        elif props.get(pp.MARKER_KEY):
            markers.append(_marker(pid, v, hex_id, box, level))
        else:
            skipped.append(pid)
    state = game_state(
        game,
        _with_turn(game, properties, turns),
        units,
        scenario=scenario,
        overrides=overrides,
        source=source,
        marker_weather=track_weather(game, off_map),
    )
    state = _with_tracked(game, state, off_map)
    used = tuple(b.board_name for b, _x, _y in placed_on)
    return SavedPosition(Position(game.key, tuple(units), tuple(markers), state, used), source, "", tuple(skipped))


# (piece id, what the rules read of it, hex id, Map Box code, stack id, level in the stack)
_Placed = tuple[str, "_Read", str | None, str | None, str | None, int]
_OffMap = tuple[str, str, int, int]  # (marker key, map, x, y) of a piece on another map than the game's


def _place_pieces(
    pieces: Iterable[PlacedPiece],
    geometry: Boards,
    placed_on: tuple[tuple[BoardImage, int, int], ...],
    stacks: Mapping[str, tuple[str, ...]],
    source: str,
) -> tuple[list[_Placed], list[_OffMap]]:
    """Every piece read and located (by id): on the game's map by hex or box and stack level;
    the markers on the other maps by map and pixel."""
    order = {pid: (sid, i) for sid, members in stacks.items() for i, pid in enumerate(members)}
    placed: list[_Placed] = []
    off_map: list[_OffMap] = []
    for piece in sorted(pieces, key=lambda p: p.id):
        try:
            v = _read_piece(piece.type, piece.state)
        except FormatError as exc:
            raise FormatError(exc.problem, source, f"piece {piece.id}") from None
        hex_id = box = None
        if piece.map is not None and piece.map == geometry.map_name:
            hex_id, box = _locate(placed_on, piece.x, piece.y)
        stack, level = order.get(piece.id, (None, 0))
        placed.append((piece.id, v, hex_id, box, stack, level))
        if piece.map is not None and piece.map != geometry.map_name:
            off_map.append((v.props.get(pp.MARKER_KEY, ""), piece.map, piece.x, piece.y))
    return placed, off_map


@frozen
class _Stacking:
    """What the stacks hold, for the units in them."""

    fort_level: Mapping[str, int]  # stack -> the level of its topmost Fort marker
    markers: Mapping[str, list[tuple[int, str]]]  # stack -> (level, marker key)
    unit_levels: Mapping[str, list[int]]  # stack -> the levels of its units


def _stacking(placed: Iterable[_Placed]) -> _Stacking:
    fort_level: dict[str, int] = {}
    stacked_markers: dict[str, list[tuple[int, str]]] = {}
    unit_levels: dict[str, list[int]] = {}
    for _pid, v, _hex_id, _box, stack, level in placed:
        props = v.props
        if props.get(pp.MARKER_NAME) == "Fort" and stack is not None:
            fort_level[stack] = max(fort_level.get(stack, -1), level)
        if props.get(pp.MARKER_KEY) and props.get(pp.KIND) is None and stack is not None:
            stacked_markers.setdefault(stack, []).append((level, props[pp.MARKER_KEY]))
        elif props.get(pp.KIND) in ("ground", "air", "naval") and stack is not None:
            unit_levels.setdefault(stack, []).append(level)
    return _Stacking(fort_level, stacked_markers, unit_levels)


def _unit(
    pid: str, v: _Read, hex_id: str | None, box: str | None, stack: str | None, level: int, stacking: _Stacking
) -> Unit:
    """A unit as the rules see it: its counter's properties, its layers and its place in its stack."""
    props = v.props
    layers = v.layers
    side = layers.get(pp.LAYER_SIDE)
    supply = layers.get(pp.LAYER_SUPPLY)
    sorties = layers.get(pp.LAYER_SORTIES)
    fort_level = stacking.fort_level
    return Unit(
        id=pid,
        name=props.get(pp.UNIT_ID, "") or _without_nation(v.name, props.get(pp.NATIONALITY, "")),
        key=props.get(pp.UNIT_KEY, ""),
        faction=props.get(pp.FACTION, ""),
        nationality=props.get(pp.NATIONALITY, ""),
        kind=props[pp.KIND],
        type=props.get(pp.TYPE, ""),
        category=props.get(pp.CATEGORY, ""),
        elite=props.get(pp.ELITE, "").lower() == "true",
        reduced=bool(side and side.active) or props.get(pp.CATEGORY) == "garrison",  # 3.2.2
        supply=SUPPLY_BY_LEVEL.get(supply.level, "none") if supply and supply.active else "full",
        sorties=pp.sorties_of(sorties.active, sorties.level) if sorties else 0,
        hex=hex_id,
        box=box,
        level=level,
        in_fort=stack is not None and stack in fort_level and level < fort_level[stack],
        markers_above=frozenset(k for at, k in stacking.markers.get(stack or "", ()) if at > level),
        markers_on=_markers_on(stacking.markers.get(stack or "", ()), stacking.unit_levels.get(stack or "", ()), level),
    )


def _marker(pid: str, v: _Read, hex_id: str | None, box: str | None, level: int) -> MarkerPiece:
    props = v.props
    flip = v.layers.get(pp.LAYER_SIDE)
    return MarkerPiece(
        id=pid,
        key=props[pp.MARKER_KEY],
        name=props.get(pp.MARKER_NAME, ""),
        faction=props.get(pp.FACTION, ""),
        nationality=props.get(pp.NATIONALITY, ""),
        hex=hex_id,
        box=box,
        level=level,
        flipped=bool(flip and flip.active),
    )


def _with_tracked(game: Game, state: GameState, off_map: Iterable[_OffMap]) -> GameState:
    """The state with the boxes and track cells the markers off the game's map stand in."""
    places = off_map_places(game, off_map)
    if not places:
        return state
    areas = dict(places)
    every: dict[str, tuple[str, ...]] = {}
    for key, area in places:
        every[key] = every.get(key, ()) + (area,)
    return replace(
        state,
        tracked=MappingProxyType(dict(sorted(areas.items()))),
        tracked_all=MappingProxyType(dict(sorted(every.items()))),
        turn_track=frozenset(k for k, a in areas.items() if MONTH_BOX.match(a)),
    )


def _markers_on(markers: Iterable[tuple[int, str]], units: Iterable[int], level: int) -> frozenset[str]:
    """The keys of the markers right on a unit: above it in its stack, below the next unit up."""
    ceiling = min((at for at in units if at > level), default=None)
    return frozenset(k for at, k in markers if at > level and (ceiling is None or at < ceiling))


def _without_nation(name: str, nation: str) -> str:
    """A counter's name without the nation our modules put before it ("USA Inf 6-4" -> "Inf 6-4"),
    so a unit with no printed ID is named as one with one ("GER 7")."""
    return name[len(nation) + 1 :] if nation and name.startswith(nation + " ") else name


@frozen
class _Layer:
    """One layer of a piece as the rules read it: its level and whether it shows."""

    level: int
    active: bool


@frozen
class _Read:
    """What the rules read of one piece: its name, properties and layers."""

    name: str
    props: Mapping[str, str]
    layers: Mapping[str, _Layer]


def _read_piece(type_str: str, state_str: str) -> _Read:
    """The properties and layer states of a piece: what vassal.piece_view.view gives, without the
    images and names the rules never use (a full view costs more than the rules themselves)."""
    piece = parse_piece(type_str, state_str, exact=False)
    props: dict[str, str] = {}
    layers: dict[str, _Layer] = {}
    for t in piece.traits:  # outermost first, as VASSAL answers property lookups
        seen = _trait_view(t)
        if seen is None:
            continue
        if seen[0] is _LAYER:
            layers.setdefault(seen[1], seen[2])
        else:
            for k, v in seen[1]:
                props.setdefault(k, v)
    basic = piece.basic
    name = basic.common_name if isinstance(basic, BasicPiece) else ""
    if isinstance(basic, BasicPiece):
        for k, v in basic.properties.items():
            props.setdefault(k, v)
    return _Read(name, props, layers)


_VIEWS: dict[int, tuple[object, tuple | None]] = {}  # id(trait) -> (trait, what _read_piece reads)
_MARKER, _LAYER = "marker", "layer"


def _trait_view(t: object) -> tuple | None:
    """(_MARKER, ((name, value), ...)), (_LAYER, layer name, _Layer) or None: what a trait
    gives _read_piece, read once per trait object (the levels of a save's pieces are shared
    objects, vassal.pieces keeps one per distinct level, so most repeat another piece's)."""
    found = _VIEWS.get(id(t))
    if found is not None and found[0] is t:
        return found[1]
    view: tuple | None = None
    if isinstance(t, Marker):
        view = (_MARKER, tuple(t.values_by_name.items()))
    elif isinstance(t, LayerTrait):
        view = (_LAYER, t.layer_name, _Layer(t.level, t.active))
    if len(_VIEWS) >= 1 << 13:  # as many as vassal.pieces keeps; a long watch stays flat
        _VIEWS.clear()
    _VIEWS[id(t)] = (t, view)
    return view


def track_weather(game: Game, off_map: Iterable[tuple[str, str, int, int]]) -> dict[str, str]:
    """Zone -> weather from where the Weather markers stand on the Weather track (the game's
    displays: the same boxes the module's zones are made of). Players move the markers in the
    Weather phase, so they win over the setup's Weather_ properties."""
    markers = [m for m in off_map if m[0].startswith("weather-")]
    if not markers:
        return {}
    displays = game.displays()
    tracks = displays.tracks_board()
    found: dict[str, str] = {}
    for key, map_name, x, y in markers:
        if map_name != tracks.map_name:
            continue
        zone = key[len("weather-") :]
        area = tracks.area_at(x, y)
        for state in displays.weather_states:
            if area is not None and area.name == f"{zone.capitalize()} {state}":
                found[zone] = state
    return found


MONTH_BOX = re.compile(r"^[A-Z][a-z]{2}-\d\d$")


def off_map_areas(game: Game, off_map: Iterable[tuple[str, str, int, int]]) -> dict[str, str]:
    """Marker key -> the box or track cell it stands in on the tracks board or a faction card:
    the rules read the Turn Track (Policy Evaluation, 10.3.4) and the factory tracks (9.1.2)."""
    return dict(off_map_places(game, off_map))


def off_map_places(game: Game, off_map: Iterable[tuple[str, str, int, int]]) -> list[tuple[str, str]]:
    """(marker key, box or track cell) of every marker on the tracks board or a faction card, in
    the order of (key, map, x, y)."""
    chosen = [m for m in off_map if m[0]]
    if not chosen:
        return []
    displays = game.displays()
    boards = {b.map_name: b for b in (displays.tracks_board(), *displays.faction_cards().values())}
    found: list[tuple[str, str]] = []
    for key, map_name, x, y in sorted(chosen):
        board = boards.get(map_name)
        area = board.area_at(x, y) if board is not None else None
        if area is not None:
            found.append((key, area.name))
    return found


def _with_turn(game: Game, properties: Mapping[str, str], turns: Mapping[str, str] | None) -> Mapping[str, str]:
    """The properties with Month and Phase from the turn tracker where the save sets neither as a
    property: our modules' tracker (builder.module.game_state) has a Month level of the game's turns
    with a Phase level of the displays' phases under it, and VASSAL saves its state only
    (``TURN<id>``), so a turn level's property never reaches the save."""
    if not turns or (pp.MONTH in properties and pp.PHASE in properties):
        return properties
    found = tracker_turn(game, next(iter(sorted(turns.items())))[1])
    if found is None:
        return properties
    month, phase = found
    out = dict(properties)
    out.setdefault(pp.MONTH, month)
    out.setdefault(pp.PHASE, phase)
    return out


def tracker_turn(game: Game, state: str) -> tuple[str, str] | None:
    """(month as "Sep-39", phase) of our modules' turn tracker state, or None when the state
    is not one of its turns (turn/TurnTracker.java getState: the current top level, then each
    top level's state; turn/ListTurnLevel.java: current item, sub-level, first item, active
    flags, then the sub-levels' states)."""
    from vassal.sequence import Decoder

    settings = game.content().settings
    months = settings.turns()
    phases = game.displays().phases
    top = Decoder(state, "|")
    top.next_token("")
    month_level = Decoder(top.next_token(""), ";")
    fields = [month_level.next_token("") for _ in range(5)]
    phase_level = Decoder(fields[4], ";")
    try:
        m, p = int(fields[0]), int(phase_level.next_token(""))
    except ValueError:
        return None
    if not (0 <= m < len(months) and 0 <= p < len(phases)):
        return None
    return str(months[m]), phases[p]


def game_state(
    game: Game,
    properties: Mapping[str, str],
    units: Iterable[Unit],
    *,
    scenario: str | None = None,
    overrides: Overrides = Overrides(),
    source: str = "",
    marker_weather: Mapping[str, str] | None = None,
) -> GameState:
    content = game.content()
    nations = {
        abbr: NationState("active" if n.faction_1939 else "neutral", n.faction_1939)
        for abbr, n in content.nations.items()
    }
    policies: set[str] = set()
    ceded: set[str] = set()
    events: set[str] = set()
    waived: set[str] = set()
    weather: dict[str, str] = {}
    control: dict[str, tuple[str, ...]] = {}
    sources: dict[str, tuple[str, ...]] = {}
    if scenario:
        scenarios = game.scenarios()
        if scenario not in scenarios:
            raise DataError(f'no scenario "{scenario}"{near_miss(scenario, list(scenarios))}', source)
        sc = scenarios[scenario]
        for abbr, start in sc.nations.items():
            nations[abbr] = NationState(start.status, start.faction)
        policies = set(sc.policies)
        ceded = set(sc.ceded)
        events = set(sc.events_done)
        waived = set(sc.waived)
        weather = {z: w.capitalize() for z, w in sc.weather.items()}
        control = dict(sc.control)
        sources = dict(sc.sources)
    for name, value in properties.items():
        if name == pp.WAIVED:
            waived |= {w.strip() for w in value.split(";") if w.strip()}
        if name.startswith(pp.WEATHER_PREFIX):
            weather[name[len(pp.WEATHER_PREFIX) :].lower()] = value
        elif name.startswith(pp.POLICY_PREFIX):
            key = name[len(pp.POLICY_PREFIX) :]
            (policies.add if value.strip().lower() == "true" else policies.discard)(key)
        elif name.startswith(CEDED_PREFIX):
            key = name[len(CEDED_PREFIX) :]
            (ceded.add if value.strip().lower() == "true" else ceded.discard)(key)
        elif name.startswith(pp.EVENT_PREFIX):
            key = name[len(pp.EVENT_PREFIX) :]
            (events.add if value.strip().lower() == "true" else events.discard)(key)
        elif name.startswith(pp.CONTROL_PREFIX):
            control[name[len(pp.CONTROL_PREFIX) :]] = tuple(w.strip() for w in value.split(";") if w.strip())
        elif name.startswith(pp.SOURCES_PREFIX):
            sources[name[len(pp.SOURCES_PREFIX) :]] = tuple(w.strip() for w in value.split(";") if w.strip())
        elif name.startswith(STATUS_PREFIX):
            nations[name[len(STATUS_PREFIX) :]] = parse_status(
                value, f"{source} global property {name}", tuple(content.factions)
            )
    weather.update(marker_weather or {})
    for u in units:
        if (u.hex or u.box) and u.nationality in nations and nations[u.nationality].status == "neutral":
            nations[u.nationality] = NationState("active", u.faction)
    nations.update(overrides.nations)
    weather.update({k.lower(): v for k, v in overrides.weather.items()})
    for key, on in overrides.policies.items():
        (policies.add if on else policies.discard)(key)
    for key, on in overrides.ceded.items():
        (ceded.add if on else ceded.discard)(key)
    return GameState(
        month=overrides.month or properties.get(pp.MONTH, ""),
        phase=overrides.phase or properties.get(pp.PHASE, ""),
        weather=MappingProxyType(dict(sorted(weather.items()))),
        policies=frozenset(policies),
        nations=MappingProxyType(dict(sorted(nations.items()))),
        ceded=frozenset(ceded),
        events_done=frozenset(events),
        waived=frozenset(waived),
        control=MappingProxyType({k: v for k, v in sorted(control.items()) if v}),
        sources=MappingProxyType({k: v for k, v in sorted(sources.items()) if v}),
    )


def parse_status(text: str, where: str, factions: tuple[str, ...]) -> NationState:
    """ "active axis", "conquered western", "neutral" -> NationState; DataError otherwise."""
    words = text.replace(":", " ").split()
    if not words or words[0].lower() not in STATUSES:
        raise DataError(f'"{text}" is not a nation status ({", ".join(STATUSES)} [faction])', where)
    faction = words[1].lower() if len(words) > 1 else None
    if faction is not None and faction not in factions:
        raise DataError(f'"{faction}" is not a faction{near_miss(faction, factions)}', where)
    return NationState(words[0].lower(), faction)
