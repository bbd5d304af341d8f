"""Load and check a game's content folder (scenarios/<game>/) into a frozen ``Content``.

Each table is checked row by row as it is read, then the tables are checked against each
other (a unit's nation exists, an upgrade's predecessor exists, a marker's disputed area
exists ...). The first problem raises ``DataError`` naming file, line and column, with the
near miss when a name is misspelt. units.csv, the largest table, is read by
wargame.content.unit_table; the checks the tables share are in wargame.content.tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from wargame.errors import DataError, near_miss

from .model import (
    Card,
    CardVocabulary,
    Content,
    DisputedArea,
    Event,
    Faction,
    GameSettings,
    Marker,
    Nation,
    Policy,
)
from .settings import SETTINGS, _settings  # noqa: F401 (SETTINGS: the names game.toml may use)
from .tables import Row, TomlDoc, _flag, _ours, _ref, _timing_in_game, read_table
from .unit_table import UNIT_COLUMNS, UNIT_OPTIONAL, _check_units, _unit

MARKER_PLACES = (
    "events_box",
    "conditional_box",
    "cup",
    "holding_box",
    "turn_track",
    "track",
    "map",
    "hand",
    "set_aside",
)

FILES = (
    "game.toml",
    "factions.csv",
    "nations.csv",
    "disputed_areas.csv",
    "events.csv",
    "units.csv",
    "markers.csv",
    "policies.csv",
    "cards.csv",
)

T = TypeVar("T")


def load_content(folder: Path | str) -> Content:
    """Every content file of one game, loaded and cross-checked."""
    folder = Path(folder)
    settings = _settings(folder / "game.toml")
    faction_rows = list(read_table(folder / "factions.csv", FACTION_COLUMNS, FACTION_OPTIONAL))
    factions = _keyed(_faction(r, settings) for r in faction_rows)
    nations = _keyed(
        _nation(r, factions, settings)
        for r in read_table(folder / "nations.csv", NATION_COLUMNS, (*NATION_OPTIONAL, *settings.nation_columns))
    )
    for row, faction in zip(faction_rows, factions.values(), strict=True):
        _ref(row, "leader", faction.leader, nations, "nation")
        for payer in faction.diplomacy_payers:
            _ref(row, "diplomacy_payer", payer, nations, "nation")
        for ally in faction.allies:
            _ref(row, "allies", ally, factions, "faction")
            if ally == faction.key:
                raise row.fail("allies", f"{ally} cannot be its own ally")
            if faction.key not in factions[ally].allies:
                raise row.fail("allies", f"{ally} does not name {faction.key} among its allies (an alliance is mutual)")
    areas = _keyed(_area(r, nations) for r in _optional_table(folder / "disputed_areas.csv", AREA_COLUMNS))
    events = _keyed(_event(r) for r in _optional_table(folder / "events.csv", EVENT_COLUMNS))
    unit_rows = list(read_table(folder / "units.csv", UNIT_COLUMNS, UNIT_OPTIONAL))
    units = _keyed(_unit(r, nations, events, settings) for r in unit_rows)
    _check_units(unit_rows, units)
    marker_rows = list(read_table(folder / "markers.csv", MARKER_COLUMNS, ("note", "ours", "source")))
    markers = _keyed(_marker(r, factions, nations, areas, events, settings) for r in marker_rows)
    for row in marker_rows:  # setups name units and markers in one column, so keys must not clash
        if row.cells["key"] in units:
            raise row.fail("key", f'"{row.cells["key"]}" is already a unit key in units.csv')
    for key in settings.cup_markers:
        if key not in markers:
            raise DataError(f'no marker "{key}"{near_miss(key, markers)}', str(folder / "game.toml"), "cup_markers")
    policies = _keyed(_policy(r, markers) for r in _optional_table(folder / "policies.csv", POLICY_COLUMNS))
    cards = _cards(folder / "cards.csv", settings, factions)
    return Content(
        settings=settings,
        factions=factions,
        nations=nations,
        disputed_areas=areas,
        units=units,
        markers=markers,
        policies=policies,
        events=events,
        cards=cards,
    )


CARD_COLUMNS = ("key", "faction", "number", "name", "state", "count")  # number and state may be empty
CARD_OPTIONAL = (
    "blitz",
    "rearmament",
    "recyclable",
    "production",
    "one_map",
    "requires",
    "actions",
    "rule",
    "template",
    "ours",
    "source",
    "note",
)


def _cards(path: Path, settings: GameSettings, factions: Mapping[str, Faction]) -> Mapping[str, Card]:
    """cards.csv, the factions' decks: a game with a [cards] table in game.toml has one, and
    a game with cards.csv must say its card states there."""
    vocabulary = settings.cards
    if not path.is_file():
        if vocabulary is not None:
            raise DataError("file not found (game.toml has a [cards] table)", str(path))
        return MappingProxyType({})
    if vocabulary is None:
        raise DataError("game.toml has no [cards] table saying the card states", str(path))
    rows = list(read_table(path, CARD_COLUMNS, CARD_OPTIONAL))
    cards = _keyed(_card(r, vocabulary, factions) for r in rows)
    for faction in vocabulary.published:
        _ref_toml(path.parent / "game.toml", "cards.published", faction, factions, "faction")
    return cards


def _ref_toml(path: Path, key: str, value: str, known: Mapping[str, Any], what: str) -> None:
    if value not in known:
        raise TomlDoc.read(path).fail(key, f'no {what} "{value}"{near_miss(value, known)}', value)


def _card(row: Row, vocabulary: CardVocabulary, factions: Mapping[str, Faction]) -> tuple[Row, str, Card]:
    key = row.text("key")
    template = _flag(row, "template")
    actions = row.text("actions", required=False)
    if template and actions:
        raise row.fail("actions", "a template card has no text of ours (its effect is unknown)")
    if not template and not actions:
        raise row.fail("actions", "is empty: say what the card does, or mark it a template")
    return (
        row,
        key,
        Card(
            key=key,
            faction=row.choice("faction", factions),
            number=row.text("number", required=False),
            name=row.text("name"),
            state=row.choice("state", vocabulary.states, required=not template) or "",
            count=row.integer("count", 1, 9),
            blitz=row.integer("blitz", 0, 9, required=False) or 0,
            rearmament=_flag(row, "rearmament"),
            recyclable=_flag(row, "recyclable"),
            production=row.integer("production", 0, 9, required=False),
            one_map=_flag(row, "one_map"),
            requires=row.text("requires", required=False),
            actions=actions,
            rules=row.rules("rule"),
            template=template,
            ours=_ours(row),
            source=row.text("source", required=False),
            note=row.text("note", required=False),
        ),
    )


def _optional_table(path: Path, columns: Sequence[str]) -> Iterable[Row]:
    """A table a game may leave out (a game with no politics has no policies.csv): no rows."""
    return read_table(path, columns) if path.is_file() else ()


def default_folder(game: str) -> Path:
    """The data folder of a game, by key (through the registry of games)."""
    from wargame.games import find_game

    return find_game(game).folder


# -- settings ---------------------------------------------------------------------------------


def _keyed(items: Iterable[tuple[Row, str, T]]) -> Mapping[str, T]:
    """Objects by key, refusing a key used twice."""
    out: dict[str, T] = {}
    first: dict[str, int] = {}
    for row, key, obj in items:
        if key in out:
            raise row.fail(next(iter(row.cells)), f'key "{key}" is already used on line {first[key]}')
        out[key] = obj
        first[key] = row.line
    return MappingProxyType(out)


# -- factions and nations ---------------------------------------------------------------------

FACTION_COLUMNS = ("key", "name", "leader", "scheme")
FACTION_OPTIONAL = ("diplomacy_payer", "friendly_boxes", "rule", "allies", "note")


def _faction(row: Row, settings: GameSettings) -> tuple[Row, str, Faction]:
    key = row.text("key")
    _ref(row, "key", key, settings.faction_order, "faction in game.toml faction_order")
    boxes = row.items("friendly_boxes")
    for box in boxes:
        _ref(row, "friendly_boxes", box, settings.map_boxes, "Map Box")
    return (
        row,
        key,
        Faction(
            key=key,
            name=row.text("name"),
            leader=row.text("leader"),
            diplomacy_payers=row.items("diplomacy_payer"),
            scheme=row.text("scheme"),
            friendly_boxes=boxes,
            rules=row.rules("rule"),
            allies=row.items("allies"),
        ),
    )


NATION_COLUMNS = ("abbr", "name", "power", "faction_1939", "joined", "scheme")
NATION_OPTIONAL = (
    "joined_when", "exists", "capital", "mainland", "overseas", "factories", "will", "will_note", "rule",
    "ours", "source", "note",
)  # fmt: skip


def _nation(row: Row, factions: Mapping[str, Faction], settings: GameSettings) -> tuple[Row, str, Nation]:
    abbr = row.text("abbr")
    if not (abbr.isupper() and abbr.isalpha() and 2 <= len(abbr) <= 4):
        raise row.fail("abbr", f'"{abbr}" is not an abbreviation of 2 to 4 capital letters')
    sides = [*factions, "neutral"]
    faction = row.choice("faction_1939", sides)
    joined = row.choice("joined", sides)
    when = row.month("joined_when", required=False)
    if joined != "neutral" and when is None:
        raise row.fail("joined_when", f"is empty but the nation joined the {joined} faction")
    if when is not None and not settings.first_turn <= when <= settings.last_turn:
        raise row.fail("joined_when", f"{when} is outside the game ({settings.first_turn} to {settings.last_turn})")
    mainland = row.items("mainland")
    if not mainland and "mainland" in row.cells:
        raise row.fail("mainland", "is empty (every country has a mainland area, 2.1)")
    return (
        row,
        abbr,
        Nation(
            abbr=abbr,
            name=row.text("name"),
            major=row.choice("power", ("major", "minor")) == "major",
            faction_1939=None if faction == "neutral" else faction,
            joined=None if joined == "neutral" else joined,
            joined_when=when,
            conditional=row.choice("exists", ("always", "conditional"), required="exists" in row.cells)
            == "conditional",
            capital=row.optional("capital"),
            mainland=mainland,
            overseas=row.items("overseas"),
            factories=row.integer("factories", 0, 99, required=False),
            will=row.integer("will", 0, 99, required=False),
            will_note=row.text("will_note", required=False),
            scheme=row.text("scheme"),
            rules=row.rules("rule"),
            values=MappingProxyType({c: row.cells.get(c, "") for c in settings.nation_columns}),
            ours=_ours(row),
            source=row.text("source", required=False),
            note=row.text("note", required=False),
        ),
    )


AREA_COLUMNS = ("key", "name", "part_of", "ceded_to", "whole_country", "ceded_by", "rule")


def _area(row: Row, nations: Mapping[str, Nation]) -> tuple[Row, str, DisputedArea]:
    part_of, ceded_to = row.text("part_of"), row.text("ceded_to")
    _ref(row, "part_of", part_of, nations, "nation")
    _ref(row, "ceded_to", ceded_to, nations, "nation")
    if part_of == ceded_to:
        raise row.fail("ceded_to", f"{ceded_to} cannot be ceded an area it already owns")
    return (
        row,
        row.text("key"),
        DisputedArea(
            key=row.text("key"),
            name=row.text("name"),
            part_of=part_of,
            ceded_to=ceded_to,
            whole_country=row.flag("whole_country"),
            ceded_by=row.text("ceded_by"),
            rules=row.rules("rule"),
        ),
    )


# -- events, units, markers, policies ---------------------------------------------------------

EVENT_COLUMNS = ("key", "name", "rule", "once", "trigger", "summary")


def _event(row: Row) -> tuple[Row, str, Event]:
    key = row.text("key")
    return (
        row,
        key,
        Event(
            key=key,
            name=row.text("name"),
            rules=row.rules("rule"),
            once=row.flag("once"),
            trigger=row.text("trigger"),
            summary=row.text("summary"),
        ),
    )


MARKER_COLUMNS = (
    "key",
    "name",
    "kind",
    "front",
    "back",
    "count",
    "faction",
    "nation",
    "about",
    "starts",
    "rule",
)


def _marker(
    row: Row,
    factions: Mapping[str, Faction],
    nations: Mapping[str, Nation],
    areas: Mapping[str, DisputedArea],
    events: Mapping[str, Event],
    settings: GameSettings,
) -> tuple[Row, str, Marker]:
    key = row.text("key")
    faction, nation, about = row.optional("faction"), row.optional("nation"), row.optional("about")
    _ref(row, "faction", faction, factions, "faction")
    _ref(row, "nation", nation, nations, "nation")
    _ref(row, "about", about, [*areas, *settings.weather_zones], "disputed area or weather zone")
    starts = _timing_in_game(row, "starts", row.timing("starts", MARKER_PLACES, events, settings.seasons), settings)
    return (
        row,
        key,
        Marker(
            key=key,
            name=row.text("name"),
            kind=row.choice("kind", ("event", "tracking")),
            front=row.text("front"),
            back=row.text("back", required=False),
            count=row.integer("count", 1, 999),
            faction=faction,
            nation=nation,
            about=about,
            starts=starts,
            rules=row.rules("rule"),
            note=row.text("note", required=False),
            ours=_ours(row),
            source=row.text("source", required=False),
        ),
    )


POLICY_COLUMNS = ("key", "name", "rule", "marker", "ends", "summary")


def _policy(row: Row, markers: Mapping[str, Marker]) -> tuple[Row, str, Policy]:
    marker = row.optional("marker")
    _ref(row, "marker", marker, markers, "marker")
    return (
        row,
        row.text("key"),
        Policy(
            key=row.text("key"),
            name=row.text("name"),
            rules=row.rules("rule"),
            marker=marker,
            ends=row.text("ends"),
            summary=row.text("summary"),
        ),
    )
