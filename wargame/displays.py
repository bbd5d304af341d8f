"""A game's displays besides the map, as data (scenarios/<game>/displays.toml): the phases of the
turn, the Faction Cards, the board of game-wide tracks (turns, weather, movement, a draw cup),
the charts and how the Markers palette is divided.

The module builder draws and zones them; the saved-game reader reads what a marker's box means
(the Weather track) from the same rectangles (wargame.offboards lays them out).

    load_displays(game) -> Displays
    Displays.phases, .card, .tracks, .charts, .palettes, .weather_zones, .weather_states
    Displays.faction_card(faction) -> OffBoard     Displays.tracks_board() -> OffBoard
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from records import frozen
from wargame.content.tables import TomlDoc
from wargame.errors import DataError, near_miss

if TYPE_CHECKING:
    from wargame.content import Content, Month
    from wargame.games import Game
    from wargame.offboards import OffBoard

Colour = tuple[int, int, int]


@frozen
class Chart:
    """A chart of the Charts window: a title and rows of (left, right) text, optional swatches."""

    name: str  # chart name in the Charts window
    image: str  # image file in the module
    title: str
    rows: tuple[tuple[str, str], ...]
    swatches: tuple[Colour | None, ...] = ()


@frozen
class TrackMarkers:
    """Where a setup puts a tracking marker: markers whose key matches ``markers`` (``{nation}``
    stands for a nation's key in lower case) go to the cell of ``track`` for the nation's
    starting ``value`` (its ``digit`` place when set, 1, 10 or 100), or to ``area`` (a box or
    cell name; ``{month}`` and ``{year}`` are the scenario's first month and year). A negative
    value shows the marker's back when it has one; ``back_adds`` is what the back adds to the
    track (an offensives marker whose back reads +15)."""

    markers: str
    track: str = ""
    value: str = ""
    digit: int = 0
    area: str = ""
    back_adds: int = 0

    def nation_in(self, key: str) -> str | None:
        """The nation (upper case) a marker key names through this rule; "" when the rule has
        no {nation}; None when the key does not match."""
        import re

        head, _, tail = self.markers.partition("{nation}")
        if not _:
            return "" if key == self.markers else None
        m = re.fullmatch(re.escape(head) + r"(\w+?)" + re.escape(tail), key)
        return m.group(1).upper() if m else None


@frozen
class CardSpec:
    """What every faction's card holds: holding boxes, tracks, an optional multiplier cell;
    ``own`` boxes only one faction's card has (USE: none; ETO: fleet boxes)."""

    boxes: tuple[tuple[str, str], ...]
    tracks: tuple[tuple[str, Sequence[int | str], str], ...]
    multiplier: tuple[str, str] | None
    colours: Mapping[str, Colour]
    setup_boxes: Mapping[str, str]  # a setup's place word -> box name
    eliminated: str | None  # the box "Send to Eliminated" sends a unit to
    place_box: str | None  # the box for counters whose hex a setup has not chosen
    own: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=lambda: MappingProxyType({}))
    track_markers: tuple[TrackMarkers, ...] = ()
    track_box: str = ""  # where a faction's other tracking markers start
    deck: tuple[str, str] | None = None  # (name, label): the faction's deck of cards, when the game has cards
    pool: tuple[str, str] | None = None  # (name, label): a large box under the others (a force pool)
    card_boxes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # card place -> box


@frozen
class TracksSpec:
    map_name: str
    image: str
    title: str
    months: bool
    move_track: tuple[int, int] | None
    cup: tuple[str, str] | None
    cup_face: tuple[str, ...]
    boxes: tuple[tuple[str, str], ...]
    rows: tuple[tuple[str, Sequence[int | str], str], ...] = ()  # more tracks of cells (a year track)
    setup_boxes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # place word -> box
    neutral_box: str = ""  # units of no faction waiting for the map
    common_box: str = ""  # markers of no faction
    track_markers: tuple[TrackMarkers, ...] = ()


@frozen
class PieceSpec:
    """Layers every unit piece carries besides its flip side: a supply layer whose badges are
    the two faces of the ``supply_badges`` marker (Low, No Supply), a sorties layer for air and
    naval units badged by the markers ``sorties_badges`` names ({n} = 1..6). Empty: none."""

    supply_badges: str = ""
    sorties_badges: str = ""
    delay_box: str = ""  # a tracks-board box where units with a delay stripe go when eliminated


@frozen
class GameStateSpec:
    """The rule numbers the module's Game state properties cite (policies, nations, areas)."""

    policy_rule: str = ""
    nation_rule: str = ""
    ceded_rule: str = ""
    turn_rule: str = ""
    control_rule: str = ""  # hex control a scenario gives (Control_<faction>)


@frozen
class PaletteSpec:
    marker_tabs: tuple[str, ...]
    digits: tuple[str, ...] = ()
    on_the_map: tuple[str, ...] = ()
    on_the_map_prefixes: tuple[str, ...] = ()


@frozen
class Displays:
    game: str
    phases: tuple[str, ...]
    card: CardSpec
    tracks: TracksSpec
    charts: tuple[Chart, ...]
    palettes: PaletteSpec
    factions: tuple[tuple[str, str], ...]  # (key, name) in the factions' order
    weather_zones: tuple[str, ...]  # zones whose weather changes, as the Weather track names them
    weather_states: tuple[str, ...]
    first: Month
    last: Month
    cup_markers: tuple[str, ...] = field(default=())
    picture_colours: Mapping[str, Colour] = field(default_factory=lambda: MappingProxyType({}))
    charts_tooltip: str = ""
    weather_property: str = "Weather in the {zone} zone"  # the Weather_<zone> property's description
    pieces: PieceSpec = field(default_factory=PieceSpec)
    game_state: GameStateSpec = field(default_factory=GameStateSpec)
    seasons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # season -> month it opens
    turn_names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # month -> turn name
    seasonal_turns: tuple[str, ...] = ()  # months whose turns are seasonal turns

    def faction_card(self, faction: str) -> OffBoard:
        from wargame.offboards import faction_card

        name = dict(self.factions)[faction]
        return faction_card(self.card, faction, name, self.card.colours.get(faction, (220, 220, 220)))

    def turn_cells(self) -> tuple[str, ...]:
        """The boxes of the turn track in order: every month, each seasonal box before the
        month it opens ("Autumn 1939", "Oct-39"); in a game whose turns have names, every turn
        ("Sept-Oct 1939")."""
        if self.turn_names:
            return tuple(self.turn_label(m) for m in self.turn_months())
        out = []
        opens = {m: season for season, m in self.seasons.items()}
        m = self.first
        while m <= self.last:
            season = opens.get(str(m)[:3])
            if season:
                out.append(f"{season} {m.year}")
            out.append(str(m))
            m = m.plus(1)
        return tuple(out)

    def turn_months(self) -> tuple[Month, ...]:
        """The month each turn of the game starts in, first to last."""
        from wargame.content.model import MONTHS

        out, m = [], self.first
        while m <= self.last:
            if not self.turn_names or MONTHS[m.month - 1] in self.turn_names:
                out.append(m)
            m = m.plus(1)
        return tuple(out)

    def turn_label(self, month: Month) -> str:
        from wargame.content.model import MONTHS

        return f"{self.turn_names[MONTHS[month.month - 1]]} {month.year}"

    def is_seasonal(self, month: Month) -> bool:
        from wargame.content.model import MONTHS

        return MONTHS[month.month - 1] in self.seasonal_turns

    def faction_cards(self) -> dict[str, OffBoard]:
        return {key: self.faction_card(key) for key, _name in self.factions}

    def tracks_board(self) -> OffBoard:
        from wargame.offboards import tracks_board

        return tracks_board(self)

    @property
    def cup_name(self) -> str | None:
        return self.tracks.cup[0] if self.tracks.cup else None


def _pairs(doc: TomlDoc, value: Any, key: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v) for v in value
    ):
        raise doc.fail(key, "must be a list of [name, label] pairs")
    return tuple((a, b) for a, b in value)


def _pair(doc: TomlDoc, value: Any, key: str) -> tuple[str, str] | None:
    if value is None:
        return None
    return _pairs(doc, [value], key)[0]


def _words(doc: TomlDoc, table: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise doc.fail(key, "must be a list of texts")
    return tuple(value)


def _span(doc: TomlDoc, value: Any, key: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or value[0] > value[1]
    ):
        raise doc.fail(key, "must be [first, last] whole numbers")
    return value[0], value[1]


def _colour(doc: TomlDoc, value: Any, key: str) -> Colour | None:
    if value == []:
        return None
    if not isinstance(value, list) or len(value) != 3 or not all(isinstance(v, int) and 0 <= v <= 255 for v in value):
        raise doc.fail(key, "a colour is [red, green, blue], each 0-255")
    return value[0], value[1], value[2]


def _tracks(doc: TomlDoc, tables: Any, key: str) -> tuple[tuple[str, Sequence[int | str], str], ...]:
    """Tracks of cells: numbered (values = [first, last]) or named (cells = ["Pre-War", ...])."""
    tracks: list[tuple[str, Sequence[int | str], str]] = []
    for t in tables or []:
        if not isinstance(t.get("name"), str) or not isinstance(t.get("label", ""), str):
            raise doc.fail(key, "each track needs a name and a label")
        if "cells" in t:
            cells = t["cells"]
            if (
                "values" in t
                or not isinstance(cells, list)
                or not cells
                or not all(isinstance(c, str) and c for c in cells)
                or len(set(cells)) != len(cells)
            ):
                raise doc.fail(key, "cells must be a list of different names (and no values beside them)", t["name"])
            tracks.append((t["name"], tuple(cells), t.get("label", "")))
            continue
        lo, hi = _span(doc, t.get("values"), "values")
        tracks.append((t["name"], range(lo, hi + 1), t.get("label", "")))
    return tuple(tracks)


def _track_markers(
    doc: TomlDoc, tables: Any, key: str, tracks: tuple[tuple[str, Sequence[int | str], str], ...], areas: set[str]
) -> tuple[TrackMarkers, ...]:
    out = []
    known = ("markers", "track", "value", "digit", "area", "back_adds")
    names = [t[0] for t in tracks]
    for t in tables or []:
        if not isinstance(t, dict) or not isinstance(t.get("markers"), str):
            raise doc.fail(key, "each entry needs markers (a marker key, {nation} for any nation)")
        for name in t:
            if name not in known:
                raise doc.fail(key, f'unknown field "{name}"{near_miss(name, known)}', t["markers"])
        rule = TrackMarkers(
            t["markers"],
            str(t.get("track", "")),
            str(t.get("value", "")),
            int(t.get("digit", 0)),
            str(t.get("area", "")),
            int(t.get("back_adds", 0)),
        )
        if bool(rule.track) == bool(rule.area):
            raise doc.fail(key, "give a track (with a value) or an area", t["markers"])
        if rule.track and rule.track not in names:
            raise doc.fail(key, f'no track "{rule.track}"{near_miss(rule.track, names)}', t["markers"])
        if rule.track and not rule.value:
            raise doc.fail(key, "a track needs the value it shows", t["markers"])
        if rule.area and "{" not in rule.area and rule.area not in areas:
            raise doc.fail(key, f'no box "{rule.area}"{near_miss(rule.area, areas)}', t["markers"])
        out.append(rule)
    return tuple(out)


def _card(doc: TomlDoc, table: Mapping[str, Any], factions: tuple[str, ...]) -> CardSpec:
    boxes = _pairs(doc, table.get("boxes", []), "boxes")
    pool = _pair(doc, table.get("pool"), "pool")
    names = {b for b, _label in boxes} | ({pool[0]} if pool else set())
    tracks = _tracks(doc, table.get("tracks", []), "tracks")
    own_t = table.get("own", {})
    if not isinstance(own_t, dict):
        raise doc.fail("own", "must be a table of faction = [[box, label], ...]")
    own = {}
    for faction, value in own_t.items():
        if faction not in factions:
            raise doc.fail("own", f'no faction "{faction}"{near_miss(faction, factions)}')
        own[faction] = _pairs(doc, value, f"own.{faction}")
    every_box = names | {b for pairs in own.values() for b, _ in pairs}
    setup = table.get("setup_boxes", {})
    if not isinstance(setup, dict):
        raise doc.fail("setup_boxes", "must be a table of word = box")
    for word, box in setup.items():
        if box not in every_box:
            raise doc.fail("setup_boxes", f'"{word}" names box "{box}", which the card does not have')
    eliminated = table.get("eliminated")
    if eliminated is not None and eliminated not in names:
        raise doc.fail("eliminated", f'"{eliminated}" is not a box of the card')
    colours = {k: _colour(doc, v, f"colours.{k}") for k, v in table.get("colours", {}).items()}
    track_box = str(table.get("track_box", ""))
    if track_box and track_box not in names:
        raise doc.fail("track_box", f'"{track_box}" is not a box of the card')
    deck = _pair(doc, table.get("deck"), "deck")
    card_boxes = table.get("card_boxes", {})
    if not isinstance(card_boxes, dict) or not all(b in every_box for b in card_boxes.values()):
        raise doc.fail("card_boxes", 'must be a table of card place = a box of the card (current = "Current Card")')
    return CardSpec(
        boxes,
        tracks,
        _pair(doc, table.get("multiplier"), "multiplier"),
        MappingProxyType({k: v for k, v in colours.items() if v}),
        MappingProxyType(dict(setup)),
        eliminated,
        setup.get("map"),
        MappingProxyType(own),
        _track_markers(doc, table.get("track_markers"), "track_markers", tracks, every_box),
        track_box,
        deck,
        pool,
        MappingProxyType(dict(card_boxes)),
    )


def _charts(doc: TomlDoc, tables: Any) -> tuple[Chart, ...]:
    out = []
    for t in tables or []:
        for key in ("name", "image", "title"):
            if not isinstance(t.get(key), str):
                raise doc.fail("charts", f"each chart needs a {key}")
        rows = _pairs(doc, t.get("rows", []), "rows")
        swatches = tuple(_colour(doc, c, "swatches") for c in t.get("swatches", []))
        out.append(Chart(t["name"], t["image"], t["title"], rows, swatches))
    return tuple(out)


def load_displays(game: Game) -> Displays:
    """displays.toml of a game, checked; DataError naming the file and line otherwise."""
    path = game.folder / "displays.toml"
    if not path.is_file():
        raise DataError("no displays.toml: the game's phases, cards and tracks", str(path))
    doc = TomlDoc.read(path)
    doc.only(
        (
            "phases",
            "faction_card",
            "tracks",
            "charts",
            "palettes",
            "picture",
            "charts_tooltip",
            "weather_property",
            "pieces",
            "game_state",
        )
    )
    data = doc.data
    content = game.content()
    settings = content.settings
    tracks = _tracks_spec(doc, data.get("tracks", {}))
    pieces = _piece_spec(doc, data.get("pieces", {}), {b for b, _ in tracks.boxes}, content)
    state_t = data.get("game_state", {})
    game_state = GameStateSpec(
        *(str(state_t.get(k, "")) for k in ("policy_rule", "nation_rule", "ceded_rule", "turn_rule", "control_rule"))
    )
    palettes = _palette_spec(doc, data.get("palettes", {}))
    phases = _words(doc, data, "phases")
    if not phases:
        raise doc.fail("phases", "list the phases of a turn")
    zones = tuple(z.capitalize() for z in settings.weather_zones if z not in settings.fixed_weather)
    return Displays(
        game=game.key,
        phases=phases,
        card=_card(doc, data.get("faction_card", {}), tuple(content.factions)),
        tracks=tracks,
        pieces=pieces,
        game_state=game_state,
        seasons=settings.seasons,
        turn_names=settings.turn_names,
        seasonal_turns=settings.seasonal_turns,
        charts=_charts(doc, data.get("charts")),
        palettes=palettes,
        factions=tuple((k, f.name) for k, f in content.factions.items()),
        weather_zones=zones,
        weather_states=tuple(settings.weather_states),
        first=settings.first_turn,
        last=settings.last_turn,
        cup_markers=tuple(settings.cup_markers),
        picture_colours=MappingProxyType(
            {
                k: c
                for k, v in data.get("picture", {}).get("faction_colours", {}).items()
                if (c := _colour(doc, v, f"picture.faction_colours.{k}"))
            }
        ),
        charts_tooltip=str(data.get("charts_tooltip", "")),
        weather_property=str(data.get("weather_property", "Weather in the {zone} zone")),
    )


def _tracks_spec(doc: TomlDoc, tracks_t: Any) -> TracksSpec:
    """[tracks]: the tracks board's name, image and title, its boxes, rows of cells, setup boxes
    and markers; every place named must be a box or cell of the board."""
    for key in ("map_name", "image", "title"):
        if not isinstance(tracks_t.get(key), str):
            raise doc.fail(f"tracks.{key}", "must be set (text)")
    move = tracks_t.get("move_track")
    boxes = _pairs(doc, tracks_t.get("boxes", []), "boxes")
    box_names = {b for b, _ in boxes}
    rows = _tracks(doc, tracks_t.get("rows", []), "rows")
    setup_t = tracks_t.get("setup_boxes", {})
    cells = {f"{name} {v}" for name, values, _label in rows for v in values}
    if not isinstance(setup_t, dict) or not all(v in box_names | cells for v in setup_t.values()):
        raise doc.fail("tracks.setup_boxes", "must be a table of place word = a box or track cell of the tracks board")
    for key in ("neutral_box", "common_box"):
        if key in tracks_t and tracks_t[key] not in box_names:
            raise doc.fail(f"tracks.{key}", f'"{tracks_t[key]}" is not a box of the tracks board')
    return TracksSpec(
        map_name=tracks_t["map_name"],
        image=tracks_t["image"],
        title=tracks_t["title"],
        months=bool(tracks_t.get("months", True)),
        move_track=_span(doc, move, "move_track") if move is not None else None,
        cup=_pair(doc, tracks_t.get("cup"), "cup"),
        cup_face=_words(doc, tracks_t, "cup_face"),
        boxes=boxes,
        rows=rows,
        setup_boxes=MappingProxyType(dict(setup_t)),
        neutral_box=str(tracks_t.get("neutral_box", "")),
        common_box=str(tracks_t.get("common_box", "")),
        track_markers=_track_markers(
            doc, tracks_t.get("track_markers"), "tracks.track_markers", rows, box_names | cells
        ),
    )


def _piece_spec(doc: TomlDoc, pieces_t: Any, box_names: set[str], content: Content) -> PieceSpec:
    """[pieces]: the supply and Sorties badges (markers of the content) and the delay box."""
    pieces = PieceSpec(
        str(pieces_t.get("supply_badges", "")),
        str(pieces_t.get("sorties_badges", "")),
        str(pieces_t.get("delay_box", "")),
    )
    if pieces.delay_box and pieces.delay_box not in box_names:
        raise doc.fail("pieces.delay_box", f'"{pieces.delay_box}" is not a box of the tracks board')
    for key in ("supply_badges", "sorties_badges"):
        marker = getattr(pieces, key).replace("{n}", "1")
        if marker and marker not in content.markers:
            raise doc.fail(f"pieces.{key}", f'no marker "{marker}"{near_miss(marker, content.markers)}')
    return pieces


def _palette_spec(doc: TomlDoc, palettes_t: Any) -> PaletteSpec:
    """[palettes]: the marker palette's tabs (at least one) and the words that sort markers."""
    palettes = PaletteSpec(
        _words(doc, palettes_t, "marker_tabs"),
        _words(doc, palettes_t, "digits"),
        _words(doc, palettes_t, "on_the_map"),
        _words(doc, palettes_t, "on_the_map_prefixes"),
    )
    if not palettes.marker_tabs:
        raise doc.fail("palettes.marker_tabs", "name at least one tab")
    return palettes
