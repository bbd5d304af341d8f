"""A saved game as the rules see it: units and markers with their hex or Map Box, layers,
stack order, and the game state, as a frozen :class:`wargame.rules.position.Position`.

    read_position(save_path, *, module=None, scenario=None, overrides=Overrides()) -> Board
    position_from_pieces(game, pieces, properties, ...) -> Board      (the same, from a replay)
    Overrides(weather={}, policies={}, nations={}, ceded={})         command-line game state
    Board(position, file, module_name, skipped)

Pixels become hexes and boxes through ``wargame.board.board_for(game)`` only (the one geometry).
Piece properties and layers are those of ``wargame.pieceprops``. A unit lies under a Fort marker
(and so may occupy it, 15.12) when it is below the marker in the same stack.

Game state, each step overriding the one before: the nations' 1939 status (nations.csv) or the
scenario given with ``scenario``; the module's global properties in the save (Weather_<zone>,
Policy_<key>, Month, Phase, and Status_<NATION> = "active axis" / "neutral" / "conquered western"
..., Ceded_<area key> = "true"); a nation with units on the map is active for their faction; the
command line last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from vassal.errors import FormatError
from vassal.gamestate import PlacedPiece, replay_save
from vassal.pieces import parse_piece
from vassal.traits import BasicPiece, LayerTrait, Marker
from vassal.savefile import read_saved_game
from wargame import pieceprops as pp
from wargame.board import board_for
from wargame.content import default_folder, load_content, load_scenarios
from wargame.errors import DataError, near_miss
from wargame.offboards import WEATHER_STATES, tracks_board
from wargame.pieceprops import CEDED_PREFIX, STATUS_PREFIX, STATUSES
from wargame.rules.position import GameState, MarkerPiece, NationState, Position, Unit

SUPPLY_BY_LEVEL = {1: "low", 2: "none"}


@dataclass(frozen=True)
class Overrides:
    """Game state given on the command line; wins over everything read from the save."""

    weather: Mapping[str, str] = field(default_factory=dict)  # zone -> Fair / Poor / Severe
    policies: Mapping[str, bool] = field(default_factory=dict)  # policy key -> in effect
    nations: Mapping[str, NationState] = field(default_factory=dict)
    ceded: Mapping[str, bool] = field(default_factory=dict)  # disputed-area key -> ceded
    month: str | None = None
    phase: str | None = None


@dataclass(frozen=True)
class Board:
    position: Position
    file: str
    module_name: str
    skipped: tuple[str, ...]  # pieces that are neither units nor markers of ours, by id


def game_of(module_name: str | None, source: str) -> str:
    """Our game whose module carries this name (scenarios/<game>/game.toml title)."""
    import tomllib

    titles = {}
    for settings in sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*/game.toml")):
        try:
            titles[tomllib.loads(settings.read_text(encoding="utf-8")).get("title", "")] = settings.parent.name
        except (OSError, tomllib.TOMLDecodeError):
            continue
    if not module_name:
        if len(titles) == 1:
            return next(iter(titles.values()))
        raise DataError("the save does not name its module; give --module", source)
    if module_name in titles:
        return titles[module_name]
    raise DataError(f'the save belongs to module "{module_name}", which is not one of ours'
                    f'{near_miss(module_name, list(titles))}', source)


def module_name_of(path: str) -> str | None:
    """The name a module file (.vmod) carries in its moduledata."""
    from vassal.archive import open_archive
    from vassal.metadata import MODULE_ENTRY, parse_metadata

    with open_archive(path) as archive:
        if MODULE_ENTRY not in archive:
            return None
        return parse_metadata(archive.read(MODULE_ENTRY), path).name


def read_position(save_path: str | Path, *, module: str | None = None, scenario: str | None = None,
                  overrides: Overrides = Overrides()) -> Board:
    """Read a .vsav into a Position. Bad input raises FormatError or DataError naming the file."""
    source = str(save_path)
    saved = read_saved_game(save_path)
    name = module_name_of(module) if module else (saved.moduledata.name if saved.moduledata else None)
    game = game_of(name, module or source)
    replayed = replay_save(saved, source=source)
    props = {name: value for (_container, name), value in sorted(replayed.properties.items())}
    stacks = {sid: c.members for sid, c in replayed.stacks.items()}
    board = position_from_pieces(game, replayed.pieces.values(), props, stacks, scenario=scenario,
                                 overrides=overrides, source=source)
    return Board(board.position, source, name or "", board.skipped)


def position_from_pieces(game: str, pieces: Iterable[PlacedPiece], properties: Mapping[str, str],
                         stacks: Mapping[str, tuple[str, ...]], *, scenario: str | None = None,
                         overrides: Overrides = Overrides(), source: str = "") -> Board:
    geometry = board_for(game)
    order = {pid: (sid, i) for sid, members in stacks.items() for i, pid in enumerate(members)}
    units: list[Unit] = []
    markers: list[MarkerPiece] = []
    skipped: list[str] = []
    placed: list[tuple[str, object, str | None, str | None, str | None, int]] = []
    off_map: list[tuple[str, str, int, int]] = []  # (marker key, map, x, y) on the other maps
    for piece in sorted(pieces, key=lambda p: p.id):
        try:
            v = _read_piece(piece.type, piece.state)
        except FormatError as exc:
            raise FormatError(exc.problem, source, f"piece {piece.id}") from None
        hex_id = box = None
        if piece.map is not None and piece.map == geometry.map_name:
            area = geometry.box_at(piece.x, piece.y)
            if area is not None:
                box = area.code
            else:
                h = geometry.hex_at(piece.x, piece.y)
                hex_id = geometry.grid.hex_id(h) if h is not None else None
        stack, level = order.get(piece.id, (None, 0))
        placed.append((piece.id, v, hex_id, box, stack, level))
        if piece.map is not None and piece.map != geometry.map_name:
            off_map.append((v.props.get(pp.MARKER_KEY, ""), piece.map, piece.x, piece.y))
    fort_level = {}
    for pid, v, hex_id, box, stack, level in placed:
        props = v.props
        if props.get(pp.MARKER_NAME) == "Fort" and stack is not None:
            fort_level[stack] = max(fort_level.get(stack, -1), level)
    for pid, v, hex_id, box, stack, level in placed:
        props = v.props
        layers = v.layers
        if props.get(pp.KIND) in ("ground", "air", "naval"):
            side = layers.get(pp.LAYER_SIDE)
            supply = layers.get(pp.LAYER_SUPPLY)
            sorties = layers.get(pp.LAYER_SORTIES)
            units.append(Unit(
                id=pid, name=props.get(pp.UNIT_ID, "") or v.name, key=props.get(pp.UNIT_KEY, ""),
                faction=props.get(pp.FACTION, ""), nationality=props.get(pp.NATIONALITY, ""),
                kind=props[pp.KIND], type=props.get(pp.TYPE, ""), category=props.get(pp.CATEGORY, ""),
                elite=props.get(pp.ELITE, "").lower() == "true",
                reduced=bool(side and side.active) or props.get(pp.CATEGORY) == "garrison",  # 3.2.2
                supply=SUPPLY_BY_LEVEL.get(supply.level, "none") if supply and supply.active else "full",
                sorties=pp.sorties_of(sorties.active, sorties.level) if sorties else 0,
                hex=hex_id, box=box, level=level,
                in_fort=stack is not None and stack in fort_level and level < fort_level[stack]))
        elif props.get(pp.MARKER_KEY):
            flip = layers.get(pp.LAYER_SIDE)
            markers.append(MarkerPiece(
                id=pid, key=props[pp.MARKER_KEY], name=props.get(pp.MARKER_NAME, ""),
                faction=props.get(pp.FACTION, ""), nationality=props.get(pp.NATIONALITY, ""),
                hex=hex_id, box=box, level=level, flipped=bool(flip and flip.active)))
        else:
            skipped.append(pid)
    state = game_state(game, properties, units, scenario=scenario, overrides=overrides, source=source,
                       marker_weather=track_weather(game, off_map))
    return Board(Position(game, tuple(units), tuple(markers), state), source, "", tuple(skipped))


@dataclass(frozen=True)
class _Layer:
    level: int
    active: bool


@dataclass(frozen=True)
class _Read:
    name: str
    props: Mapping[str, str]
    layers: Mapping[str, _Layer]


def _read_piece(type_str: str, state_str: str) -> _Read:
    """The properties and layer states of a piece: what vassal.pieces.view gives, without the
    images and names the rules never use (a full view costs more than the rules themselves)."""
    piece = parse_piece(type_str, state_str, exact=False)
    props: dict[str, str] = {}
    layers: dict[str, _Layer] = {}
    for t in piece.traits:  # outermost first, as VASSAL answers property lookups
        if isinstance(t, Marker):
            for k, v in t.values_by_name.items():
                props.setdefault(k, v)
        elif isinstance(t, LayerTrait):
            layers.setdefault(t.layer_name, _Layer(t.level, t.active))
    basic = piece.basic
    name = basic.common_name if isinstance(basic, BasicPiece) else ""
    if isinstance(basic, BasicPiece):
        for k, v in basic.properties.items():
            props.setdefault(k, v)
    return _Read(name, props, layers)


def track_weather(game: str, off_map: Iterable[tuple[str, str, int, int]]) -> dict[str, str]:
    """Zone -> Fair / Poor / Severe from where the Weather markers stand on the Weather track
    (wargame.offboards: the same boxes the module's zones are made of). Players move the
    markers in the Weather phase, so they win over the setup's Weather_ properties."""
    markers = [m for m in off_map if m[0].startswith("weather-")]
    if not markers:
        return {}
    content = load_content(default_folder(game))
    tracks = tracks_board(content.settings.first_turn, content.settings.last_turn)
    found: dict[str, str] = {}
    for key, map_name, x, y in markers:
        if map_name != tracks.map_name:
            continue
        zone = key[len("weather-"):]
        area = tracks.area_at(x, y)
        for state in WEATHER_STATES:
            if area is not None and area.name == f"{zone.capitalize()} {state}":
                found[zone] = state
    return found


def game_state(game: str, properties: Mapping[str, str], units: Iterable[Unit], *, scenario: str | None = None,
               overrides: Overrides = Overrides(), source: str = "",
               marker_weather: Mapping[str, str] | None = None) -> GameState:
    content = load_content(default_folder(game))
    nations = {abbr: NationState("active" if n.faction_1939 else "neutral", n.faction_1939)
               for abbr, n in content.nations.items()}
    policies: set[str] = set()
    ceded: set[str] = set()
    weather: dict[str, str] = {}
    if scenario:
        scenarios = load_scenarios(default_folder(game) / "scenarios", content)
        if scenario not in scenarios:
            raise DataError(f'no scenario "{scenario}"{near_miss(scenario, list(scenarios))}', source)
        sc = scenarios[scenario]
        for abbr, start in sc.nations.items():
            nations[abbr] = NationState(start.status, start.faction)
        policies = set(sc.policies)
        ceded = set(sc.ceded)
        weather = {z: w.capitalize() for z, w in sc.weather.items()}
    for name, value in properties.items():
        if name.startswith(pp.WEATHER_PREFIX):
            weather[name[len(pp.WEATHER_PREFIX):].lower()] = value
        elif name.startswith(pp.POLICY_PREFIX):
            key = name[len(pp.POLICY_PREFIX):]
            (policies.add if value.strip().lower() == "true" else policies.discard)(key)
        elif name.startswith(CEDED_PREFIX):
            key = name[len(CEDED_PREFIX):]
            (ceded.add if value.strip().lower() == "true" else ceded.discard)(key)
        elif name.startswith(STATUS_PREFIX):
            nations[name[len(STATUS_PREFIX):]] = parse_status(value, f"{source} global property {name}")
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
        policies=frozenset(policies), nations=MappingProxyType(dict(sorted(nations.items()))),
        ceded=frozenset(ceded))


def parse_status(text: str, where: str) -> NationState:
    """ "active axis", "conquered western", "neutral" -> NationState; DataError otherwise."""
    words = text.replace(":", " ").split()
    if not words or words[0].lower() not in STATUSES:
        raise DataError(f'"{text}" is not a nation status ({", ".join(STATUSES)} [faction])', where)
    faction = words[1].lower() if len(words) > 1 else None
    if faction is not None and faction not in ("axis", "western", "soviet"):
        raise DataError(f'"{faction}" is not a faction{near_miss(faction, ["axis", "western", "soviet"])}', where)
    return NationState(words[0].lower(), faction)
