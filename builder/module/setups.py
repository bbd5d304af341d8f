"""Scenario setups as saved games (.vsav) for the module's File > New menu.

Each counter of a scenario's setup CSV goes where the sheet says: a hex (VASSAL's own point
for that hex name on the main map, snapped, and checked to lie in our hex), a Map Box (its
zone on the main map), a Faction Card box (Events, Conditional, Eliminated, ...), the Turn
Track (a month, or the Turn marker on the first month), the Weather Track, the Diplomacy
Holding Box, or inside the Diplomacy Cup (the module's DrawPile: the setup writes its Deck with
the cup's markers, as the engine saves a deck). Counters whose hex is not chosen yet ("map")
wait in their faction card's "To place on map" box, and the setup's description says how many.
Set-aside counters stay in the palette. The turn tracker starts at the scenario's first month,
first phase; weather, policies, nation status and ceded areas are global properties.
"""

from __future__ import annotations

import itertools
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from builder.module.decks import DrawPileSpec, cup_pile
from builder.module.game_state import turn_state
from builder.module.spec import TURN_TRACKER_ID
from records import frozen
from vassal import sequence
from vassal.commands import AddPiece, BoardPlacement, Command, Node, SetGlobalProperty, SetTurn
from vassal.mapgeometry import MapGeometry
from vassal.pieces import (
    Piece,
    expand_prototypes,
    piece_state,
    piece_type,
    with_layer,
    with_marker,
    with_position,
)
from vassal.savefile import Placement as SavePlacement
from vassal.savefile import as_text, setup_tree, write_saved_game
from wargame import pieceprops as pp
from wargame.board import Board
from wargame.content import Content, Scenario
from wargame.content.scenario import Placement
from wargame.displays import Displays
from wargame.errors import DataError
from wargame.offboards import OffBoard

DATE_SAVED = 946684800000  # 2000-01-01: a fixed stamp keeps setups byte-identical
FIRST_PIECE_ID = 1_000_000


@frozen
class Spot:
    """Where a counter starts: map name and map pixels, plus what it was asked for."""

    map: str
    x: int
    y: int
    where: str
    hex: str | None = None


@frozen
class SetupResult:
    name: str
    file: str
    data: bytes
    description: str
    spots: tuple[tuple[str, Spot], ...]  # (counter key, spot) per piece, in placement order
    skipped: int


class Places:
    """Hands out counter positions: hex centres, and free slots inside boxes (row by row)."""

    def __init__(
        self,
        board: Board,
        main: MapGeometry,
        boards: Mapping[str, OffBoard],
        box_names: Mapping[str, str],
        content: Content | None = None,
        displays: Displays | None = None,
        decks: Mapping[str, DrawPileSpec] | None = None,
    ) -> None:
        self.board, self.main, self.boards = board, main, boards
        self.content = content
        self.displays = displays
        self.decks = decks or {}  # faction -> the DrawPile of its deck of cards
        self.box_names = box_names
        self.used: Counter[tuple[str, str]] = Counter()

    def is_hex(self, where: str) -> bool:
        """A hex id the setup's board shows."""
        try:
            return self.board.holds(self.board.grid.parse(where))
        except DataError:
            return False

    def hex(self, hex_id: str) -> Spot:
        x, y = self.main.location_point(hex_id, self.board.board_name)
        x, y = self.main.snap(x, y)
        origin = self.main.board_named(self.board.board_name)
        ours = self.board.hex_at(x - origin.x, y - origin.y) if origin is not None else None
        if ours is None or self.board.grid.hex_id(ours) != hex_id:
            raise DataError(f"VASSAL's point ({x}, {y}) for hex {hex_id} is not in that hex")
        if self.main.location_name(x, y) != hex_id:
            raise DataError(f"VASSAL names the point of hex {hex_id} {self.main.location_name(x, y)!r}")
        return Spot(self.board.map_name, x, y, hex_id, hex_id)

    def map_box(self, code: str, where: str) -> Spot:
        box = self.board.box(code)
        origin = self.main.board_named(self.board.board_name)
        ox, oy = (origin.x, origin.y) if origin is not None else (0, 0)
        n = self.used[(self.board.map_name, code)]
        self.used[(self.board.map_name, code)] += 1
        cols = max(1, (box.width - 20) // 85)
        rows = max(1, (box.height - 20) // 85)
        i = n % (cols * rows)
        x = box.x + 10 + 42 + (i % cols) * 85
        y = box.y + 10 + 42 + (i // cols) * 85
        return Spot(self.board.map_name, x + ox, y + oy, where)

    def area(self, board_key: str, name: str, where: str) -> Spot:
        board = self.boards[board_key]
        area = board.area(name)
        slots = area.slots()
        n = self.used[(board.map_name, name)]
        self.used[(board.map_name, name)] += 1
        x, y = slots[n % len(slots)] if len(slots) > 1 else area.center
        if len(slots) == 1:
            x, y = area.center
        return Spot(board.map_name, x, y, where)

    def turn(self, month) -> str:
        """The turn track's box of the turn that starts in ``month``."""
        return self.content.settings.turn_label(month) if self.content else str(month)

    def cup(self) -> Spot:
        """Inside the draw cup: the point where the DrawPile keeps its Deck."""
        pile = self.pile()
        if pile is None:
            raise DataError("the module has no draw cup to put counters in")
        return Spot(pile.board, pile.x, pile.y, "cup")

    def pile(self) -> DrawPileSpec | None:
        tracks = self.boards.get("tracks")
        return cup_pile(tracks) if tracks is not None else None


def game_months(content: Content) -> list[str]:
    """The turn tracker's turns: every month of the game, first to last (1.6), or in a game
    whose turns have names every turn by its name ("Sept-Oct 1939")."""
    settings = content.settings
    return [settings.turn_label(m) for m in settings.turns()]


@frozen
class SetupDraft:
    """A scenario's setup but for the module's version, which only the save's header names: a
    build makes it once and writes it with each version it tries (build._setups)."""

    scenario: Scenario
    text: str  # the save's commands
    description: str
    spots: tuple[tuple[str, Spot], ...]
    skipped: int

    def result(self, module_name: str, module_version: str, vassal_version: str) -> SetupResult:
        data = _save_bytes(self.scenario, self.text, self.description, module_name, module_version, vassal_version)
        scenario = self.scenario
        return SetupResult(scenario.name, f"{scenario.key}.vsav", data, self.description, self.spots, self.skipped)


def scenario_draft(
    scenario: Scenario,
    content: Content,
    pieces: Mapping[str, Piece],
    prototypes: Mapping[str, Piece],
    places: Places,
    *,
    faction_of: Callable[[str, Scenario], str | None],
    months: Sequence[str],
    phases: Sequence[str],
    several_boards: bool = False,
) -> SetupDraft:
    """One scenario's save commands and description, and where every piece went.

    `months` and `phases` are the turn tracker's lists as the module defines them, so the
    tracker state written here indexes the same lists.
    """
    items: list[SavePlacement] = []
    in_cup: list[tuple[str, Piece]] = []
    spots: list[tuple[str, Spot]] = []
    skipped = 0
    waiting = 0
    next_id = FIRST_PIECE_ID
    box_codes = {name.lower(): code for code, name in places.box_names.items()}
    box_codes.update({code.lower(): code for code in places.box_names})
    for p in (*scenario.setup, *track_defaults(scenario, content)):
        if p.counter not in pieces:
            raise DataError(f"no piece for counter {p.counter!r}", f"{scenario.key}.csv", f"line {p.line}")
        for _ in range(p.count):
            spot, flip = _spot(p, scenario, places, box_codes, faction_of)
            if spot is None:
                skipped += 1
                continue
            if p.where == "map":
                waiting += 1
            piece = _in_faction(expand_prototypes(pieces[p.counter], prototypes), faction_of(p.counter, scenario))
            # a one-sided unit (garrison, 3.2.2) is reduced on its only printed side; its back
            # names its type in words and is no game state, so "reduced" does not turn it over
            one_sided = p.is_unit and content.units[p.counter].sides == 1
            if (p.strength == "reduced" and not one_sided) or getattr(p, "flipped", False) or flip:
                piece = with_layer(piece, pp.LAYER_SIDE, active=True)
            if p.sorties:
                piece = with_layer(piece, pp.LAYER_SORTIES, level=pp.sorties_level(p.sorties), active=True)
            if p.where == "cup":
                in_cup.append((str(next_id), piece))
            else:
                items.append(
                    SavePlacement(str(next_id), piece_type(piece), piece_state(piece), spot.map, spot.x, spot.y)
                )
            spots.append((p.counter, spot))
            next_id += 1
    extra: list[Command] = []
    pile = places.pile()
    if pile is not None:
        extra += cup_deck(pile, str(next_id), in_cup)
        next_id += 1
    elif in_cup:
        raise DataError("the module has no draw cup to put counters in", f"{scenario.key}.csv")
    for faction, deck in sorted(places.decks.items()):
        if faction not in scenario.factions:
            continue
        members, placed = _cards_of(faction, scenario, content, pieces, prototypes, places, next_id)
        next_id += len(members) + len(placed)
        items += [item for _key, item, _spot in placed]
        spots += [(key, spot) for key, _item, spot in placed]
        extra += cup_deck(deck, str(next_id), members)
        next_id += 1
    extra += _game_state(scenario, content, months, phases)
    boards = None
    if several_boards:  # the setup names the board it is played on (BoardPicker)
        boards = {places.board.map_name: (BoardPlacement(places.board.board_name, 0, 0),)}
    tree = setup_tree(items, boards, extra=extra, stack_ids=(str(n) for n in itertools.count(next_id)))
    description = _description(scenario, content, places, several_boards, waiting)
    return SetupDraft(scenario, as_text(tree), description, tuple(spots), skipped)


def _game_state(scenario: Scenario, content: Content, months: Sequence[str], phases: Sequence[str]) -> list[Command]:
    """The commands that set the turn tracker and the game state's global properties."""
    extra: list[Command] = []
    try:
        state = turn_state(
            months, phases, content.settings.turn_label(scenario.first_turn), scenario.first_phase or phases[0]
        )
    except ValueError as exc:
        field = "first_phase" if scenario.first_phase and scenario.first_phase not in phases else "first_turn"
        raise DataError(str(exc), f"{scenario.key}.toml", field) from None
    extra.append(SetTurn(TURN_TRACKER_ID, state))
    extra += [
        SetGlobalProperty(pp.WEATHER_PREFIX + zone, value.capitalize())
        for zone, value in sorted(scenario.weather.items())
    ]
    extra += [SetGlobalProperty(pp.POLICY_PREFIX + key, "true") for key in scenario.policies]
    extra += [
        SetGlobalProperty(pp.STATUS_PREFIX + abbr, f"{n.status} {n.faction}" if n.faction else n.status)
        for abbr, n in sorted(scenario.nations.items())
    ]
    extra += [SetGlobalProperty(pp.CEDED_PREFIX + area, "true") for area in scenario.ceded]
    extra += [SetGlobalProperty(pp.EVENT_PREFIX + key, "true") for key in scenario.events_done]
    if scenario.waived:
        extra.append(SetGlobalProperty(pp.WAIVED, "; ".join(scenario.waived)))
    extra += [
        SetGlobalProperty(pp.CONTROL_PREFIX + holder, "; ".join(entries))
        for holder, entries in sorted(scenario.control.items())
    ]
    extra += [
        SetGlobalProperty(pp.SOURCES_PREFIX + side, "; ".join(entries))
        for side, entries in sorted(scenario.sources.items())
    ]
    return extra


def _description(scenario: Scenario, content: Content, places: Places, several_boards: bool, waiting: int) -> str:
    """The setup's description: name, turns, board, and the counters waiting to be placed."""
    span = f"{content.settings.turn_label(scenario.first_turn)} to {content.settings.turn_label(scenario.last_turn)}"
    description = f"{scenario.name}, {span}."
    if several_boards:
        description = f"{scenario.name} ({places.board.title} map), {span}."
    if waiting:
        place_box = places.displays.card.place_box if places.displays else "To place on map"
        description += (
            f" {waiting} counters whose hex the setup does not give yet wait in their faction card's '{place_box}' box."
        )
    return description


def _save_bytes(
    scenario: Scenario,
    tree: Node | str,
    description: str,
    module_name: str,
    module_version: str,
    vassal_version: str,
) -> bytes:
    """The .vsav's bytes, written through a temporary file."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{scenario.key}.vsav"
        write_saved_game(
            path,
            tree,
            module_name=module_name,
            module_version=module_version,
            vassal_version=vassal_version,
            description=description,
            date_saved=DATE_SAVED,
        )
        return path.read_bytes()


def track_defaults(scenario: Scenario, content: Content) -> tuple[Placement, ...]:
    """Tracking markers the scenario file leaves out but every game needs on its tracks.

    A marker whose home is a track (markers.csv starts = track) and that the scenario does not
    place itself: the Weather markers (on the scenario's weather, else Fair), the markers of no
    nation (Move Track, DRM markers: the Game markers box), and the Production, National Will
    and Factory Count markers of every nation active at the start (its faction card's tracks at
    its starting values). Neutral and absent nations' markers come in when they activate.
    """
    named = {p.counter for p in scenario.setup}
    out = []
    for m in content.markers.values():
        if m.starts.place != "track" or m.key in named:
            continue
        if m.nation is not None:
            start = scenario.nations.get(m.nation)
            if start is None or start.status != "active":
                continue
        elif m.faction is not None and m.faction not in scenario.factions:
            continue
        out.append(
            Placement(
                m.key,
                False,
                m.count,
                "track",
                None,
                None,
                None,
                0,
                "track marker the scenario leaves to its default place",
            )
        )
    return tuple(out)


def _spot(
    p,
    scenario: Scenario,
    places: Places,
    box_codes: Mapping[str, str],
    faction_of: Callable[[str, Scenario], str | None],
) -> tuple[Spot | None, bool]:
    """Where one counter of a setup line starts, and whether it starts back side up (a track
    marker showing a negative value)."""
    where = p.where
    tracks = places.displays.tracks if places.displays else None
    common = tracks.common_box if tracks and tracks.common_box else "Game markers"
    if p.when is not None:
        if p.when.season is not None:  # a seasonal box of the turn track
            return places.area("tracks", str(p.when), str(p.when)), False
        if p.when.month is not None:
            return places.area("tracks", places.turn(p.when.month), str(p.when)), False
        faction = faction_of(p.counter, scenario)  # an event-timed arrival: the card's conditional box
        waiting = (
            places.displays.card.setup_boxes.get("conditional", "Conditional") if places.displays else "Conditional"
        )
        return (
            places.area(faction, waiting, str(p.when)) if faction else places.area("tracks", common, str(p.when))
        ), False
    if places.is_hex(where):
        return places.hex(where), False
    if where.lower() in box_codes:
        return places.map_box(box_codes[where.lower()], where), False
    if where == "set_aside":
        return None, False
    if where in ("turn_track",):
        return places.area("tracks", places.turn(scenario.first_turn), where), False
    if where == "cup":
        return places.cup(), False
    if tracks is not None and where in tracks.setup_boxes:
        return places.area("tracks", tracks.setup_boxes[where], where), False
    if where == "holding_box" and tracks is None:
        return places.area("tracks", "Diplomacy Holding Box", where), False
    if where == "track":
        return _track_spot(p.counter, scenario, places, faction_of)
    setup_boxes = places.displays.card.setup_boxes if places.displays else {}
    if where in setup_boxes:
        faction = faction_of(p.counter, scenario)
        if faction is None:
            neutral = tracks.neutral_box if tracks and tracks.neutral_box else "Neutral forces"
            return places.area("tracks", neutral if where == "map" else common, where), False
        return places.area(faction, setup_boxes[where], where), False
    raise DataError(f"cannot place a counter at {where!r}", f"{scenario.key}.csv", f"line {p.line}")


def _cards_of(
    faction: str,
    scenario: Scenario,
    content: Content,
    pieces: Mapping[str, Piece],
    prototypes: Mapping[str, Piece],
    places: Places,
    first_id: int,
) -> tuple[list[tuple[str, Piece]], list[tuple[str, SavePlacement, Spot]]]:
    """A faction's cards at the start: those in its deck (top first in the file's order, the
    deck listing its bottom first), and those the scenario puts in a box of its card (current,
    pending, played; removed ones stay out)."""
    boxes = places.displays.card.card_boxes if places.displays else {}
    in_deck, placed = [], []
    next_id = first_id
    for card in content.deck(faction):
        where = scenario.card_place(card.key)
        if where == "removed" and "removed" not in boxes:
            continue
        piece = expand_prototypes(pieces[card.key], prototypes)
        if where == "deck":
            in_deck.append(piece)
            continue
        if where not in boxes:
            raise DataError(
                f"the faction cards have no box for {where} cards (displays.toml card_boxes)",
                f"{scenario.key}.toml",
                "cards",
            )
        spot = places.area(faction, boxes[where], where)
        placed.append(
            (
                card.key,
                SavePlacement(str(next_id), piece_type(piece), piece_state(piece), spot.map, spot.x, spot.y),
                spot,
            )
        )
        next_id += 1
    members = []
    for piece in reversed(in_deck):
        members.append((str(next_id), piece))
        next_id += 1
    return members, placed


def _in_faction(piece: Piece, faction: str | None) -> Piece:
    """The piece with the Faction property of the side its nation takes in the scenario
    (13.1.1: Overlord's French North Africa fights with the Western faction, whatever the
    palette's default), so its markers say so and its units' Eliminated box follows."""
    if faction is None:
        return piece
    try:
        return with_marker(piece, pp.FACTION, faction)
    except KeyError:
        return piece


def cup_deck(pile: DrawPileSpec, deck_id: str, members: Sequence[tuple[str, Piece]]) -> list[Command]:
    """The Cup's Deck as the engine saves one (docs/vassal-formats.md 4.4): each member's
    AddPiece, placed at the deck's point, then the deck's AddPiece naming them, bottom first.

    counters/Deck.java getState: ';'-joined map name, x, y, face-down flag, then the ','-joined
    member ids (left out when the deck is empty). Members come first because Deck.setState looks
    them up by id and skips ids it does not know. The setup writes the deck even when it is
    empty: the setup's SETUP_STACK marks the game "not new", so the DrawPile never makes a deck
    of its own (map/SetupStack.java setup), and without one the Cup would not be a deck at all.
    """
    out: list[Command] = []
    for pid, piece in members:
        placed = with_position(piece, pile.board, pile.x, pile.y)
        out.append(AddPiece(pid, piece_type(placed), piece_state(placed)))
    tokens = [pile.board, str(pile.x), str(pile.y), "true" if pile.starts_face_down else "false"]
    if members:
        tokens.append(sequence.encode([pid for pid, _ in members], ",") or "")
    out.append(AddPiece(deck_id, pile.deck_type(), sequence.encode(tokens, ";") or ""))
    return out


def _track_spot(
    counter: str, scenario: Scenario, places: Places, faction_of: Callable[[str, Scenario], str | None]
) -> tuple[Spot | None, bool]:
    """Tracking markers: Weather on its zone's box; the rest where the game's displays.toml
    says (a faction card's tracks at the nation's starting value, a box, a track of the tracks
    board), else its faction card's track box or the tracks board's box for common markers."""
    m = re.match(r"^weather-(\w+)$", counter)
    if m:
        zone = m.group(1)
        states = places.displays.weather_states if places.displays else ("Fair",)
        state = scenario.weather.get(zone, states[0].lower()).capitalize()
        if state not in states:
            state = states[0]
        return places.area("tracks", f"{zone.capitalize()} {state}", "track"), False
    displays = places.displays
    first = scenario.first_turn
    fields = {"month": places.turn(first), "year": str(first.year)}
    tracks = displays.tracks if displays else None
    for rule in tracks.track_markers if tracks else ():
        if rule.nation_in(counter) is not None:
            names = {a.name for a in places.boards["tracks"].areas}
            area = rule.area.format(**fields) if rule.area else ""
            if area in names:
                return places.area("tracks", area, "track"), False
    faction = faction_of(counter, scenario)
    if faction is None:
        common = tracks.common_box if tracks and tracks.common_box else "Game markers"
        return places.area("tracks", common, "track"), False
    board = places.boards[faction]
    names = {a.name for a in board.areas}
    fallback = displays.card.track_box if displays and displays.card.track_box else "Events"
    for rule in displays.card.track_markers if displays else ():
        assert displays is not None  # the rules come from it
        nation = rule.nation_in(counter)
        if nation is None:
            continue
        if rule.area:
            area = rule.area.format(**fields)
            return places.area(faction, area if area in names else fallback, "track"), False
        value, flipped = _track_value(places, scenario, nation, rule, counter)
        span = next(values for name, values, _label in displays.card.tracks if name == rule.track)
        cell = min(span[-1], max(span[0], value))
        area = f"{rule.track} {cell}"
        return places.area(faction, area if area in names else fallback, "track"), flipped
    return places.area(faction, fallback, "track"), False


def _track_value(places: Places, scenario: Scenario, nation: str, rule, counter: str) -> tuple[int, bool]:
    """The cell a nation's marker shows for its starting value, and whether it shows its back:
    a digit marker shows one place of the value (a negative value on the back, when the marker
    has one); a marker whose back adds to the track shows it for values past the track."""
    info = places.content.nations.get(nation) if places.content else None
    start = scenario.nations.get(nation)
    value = start.value(rule.value, info) if start is not None else None
    if value is None and info is not None and rule.value in ("will", "factories"):
        value = getattr(info, rule.value)
    value = value or 0
    marker = places.content.markers.get(counter) if places.content else None
    has_back = bool(marker and marker.back)
    flipped = False
    if value < 0:
        flipped, value = has_back, (abs(value) if has_back else 0)
    if rule.digit:
        return (value // rule.digit) % 10, flipped
    if rule.back_adds and has_back and value > rule.back_adds:
        return value - rule.back_adds, True
    return value, flipped
