"""Load and check a game's content folder (scenarios/<game>/) into a frozen ``Content``.

Each table is checked row by row as it is read, then the tables are checked against each
other (a unit's nation exists, an upgrade's predecessor exists, a marker's disputed area
exists ...). The first problem raises ``DataError`` naming file, line and column, with the
near miss when a name is misspelt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from wargame.errors import DataError, near_miss

from .model import (
    Content,
    DisputedArea,
    Event,
    Faction,
    GameSettings,
    Marker,
    Nation,
    Policy,
    Unit,
    Timing,
)
from .tables import Row, TomlDoc, read_table

# Unit vocabulary from the rules (3.2): kind -> category -> types.
CATEGORIES: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "ground": {"field": ("infantry", "paratroop", "motorized", "tank"), "garrison": ("garrison",)},
        "air": {"air": ("fighter", "bomber")},
        "naval": {"warship": ("carrier", "surface"), "convoy": ("convoy",)},
    }
)
TYPES = tuple(t for cats in CATEGORIES.values() for types in cats.values() for t in types)
# Counter art may draw a more specific symbol than the rules type (a mountain army is infantry).
SYMBOLS = (*TYPES, "mountain", "cavalry", "mechanized")
UNIT_PLACES = ("setup", "mobilization", "conditional")
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

SETTINGS = (
    "title",
    "short",
    "first_turn",
    "last_turn",
    "faction_order",
    "weather_zones",
    "map_boxes",
    "published_counters",
    "cup_markers",
    "rules",
    "module_names",
    "map_from",
    "map",
    "fixed_weather",
    "weather_states",
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
)

T = TypeVar("T")


def load_content(folder: Path | str) -> Content:
    """Every content file of one game, loaded and cross-checked."""
    folder = Path(folder)
    settings = _settings(folder / "game.toml")
    faction_rows = list(read_table(folder / "factions.csv", FACTION_COLUMNS))
    factions = _keyed(_faction(r, settings) for r in faction_rows)
    nations = _keyed(
        _nation(r, factions, settings) for r in read_table(folder / "nations.csv", NATION_COLUMNS)
    )
    for row, faction in zip(faction_rows, factions.values(), strict=True):
        _ref(row, "leader", faction.leader, nations, "nation")
        for payer in faction.diplomacy_payers:
            _ref(row, "diplomacy_payer", payer, nations, "nation")
    areas = _keyed(_area(r, nations) for r in _optional_table(folder / "disputed_areas.csv", AREA_COLUMNS))
    events = _keyed(_event(r) for r in _optional_table(folder / "events.csv", EVENT_COLUMNS))
    unit_rows = list(read_table(folder / "units.csv", UNIT_COLUMNS, ("note",)))
    units = _keyed(_unit(r, nations, events, settings) for r in unit_rows)
    _check_units(unit_rows, units)
    marker_rows = list(read_table(folder / "markers.csv", MARKER_COLUMNS, ("note",)))
    markers = _keyed(_marker(r, factions, nations, areas, events, settings) for r in marker_rows)
    for row in marker_rows:  # setups name units and markers in one column, so keys must not clash
        if row.cells["key"] in units:
            raise row.fail("key", f'"{row.cells["key"]}" is already a unit key in units.csv')
    for key in settings.cup_markers:
        if key not in markers:
            raise DataError(f'no marker "{key}"{near_miss(key, markers)}', str(folder / "game.toml"),
                            "cup_markers")
    policies = _keyed(_policy(r, markers) for r in _optional_table(folder / "policies.csv", POLICY_COLUMNS))
    return Content(
        settings=settings,
        factions=factions,
        nations=nations,
        disputed_areas=areas,
        units=units,
        markers=markers,
        policies=policies,
        events=events,
    )


def _optional_table(path: Path, columns: Sequence[str]) -> Iterable[Row]:
    """A table a game may leave out (a game with no politics has no policies.csv): no rows."""
    return read_table(path, columns) if path.is_file() else ()


def default_folder(game: str) -> Path:
    """The data folder of a game, by key (through the registry of games)."""
    from wargame.games import find_game

    return find_game(game).folder


# -- settings ---------------------------------------------------------------------------------


def _settings(path: Path) -> GameSettings:
    toml = TomlDoc.read(path)
    toml.only(SETTINGS)
    first, last = toml.month("first_turn"), toml.month("last_turn")
    if last < first:
        raise toml.fail("last_turn", f"{last} comes before first_turn {first}")
    published = toml.data.get("published_counters")
    if published is not None and (not isinstance(published, int) or isinstance(published, bool)):
        raise toml.fail("published_counters", "must be a whole number")
    return GameSettings(
        title=toml.text("title"),
        short=toml.text("short"),
        first_turn=first,
        last_turn=last,
        faction_order=toml.strings("faction_order"),
        weather_zones=toml.strings("weather_zones"),
        map_boxes=toml.strings("map_boxes"),
        published_counters=published,
        cup_markers=toml.strings("cup_markers") if "cup_markers" in toml.data else (),
        fixed_weather=_fixed_weather(toml),
        weather_states=toml.strings("weather_states") if "weather_states" in toml.data else ("Fair",),
    )


def _fixed_weather(toml: TomlDoc) -> Mapping[str, str]:
    """Zones whose weather never changes (USE's desert is always Fair)."""
    table = toml.data.get("fixed_weather", {})
    if not isinstance(table, dict):
        raise toml.fail("fixed_weather", "must be a table of zone = weather")
    zones = toml.strings("weather_zones")
    for zone, value in table.items():
        if zone not in zones:
            raise toml.fail("fixed_weather", f'"{zone}" is not one of weather_zones{near_miss(zone, zones)}')
        if not isinstance(value, str) or not value:
            raise toml.fail("fixed_weather", f"{zone} must name a weather")
    return MappingProxyType(dict(table))


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


def _ref(
    row: Row, column: str, value: str | None, known: Mapping[str, Any] | Iterable[str], what: str
) -> None:
    """Fail unless ``value`` (when given) names one of ``known``."""
    options = list(known)
    if value is not None and value not in options:
        raise row.fail(column, f'no {what} "{value}"{near_miss(value, options)}')


# -- factions and nations ---------------------------------------------------------------------

FACTION_COLUMNS = ("key", "name", "leader", "diplomacy_payer", "friendly_boxes", "scheme", "rule")


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
        ),
    )


NATION_COLUMNS = (
    "abbr", "name", "power", "faction_1939", "joined", "joined_when", "exists", "capital", "mainland",
    "overseas", "factories", "will", "will_note", "scheme", "rule",
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
        raise row.fail(
            "joined_when", f"{when} is outside the game ({settings.first_turn} to {settings.last_turn})"
        )
    mainland = row.items("mainland")
    if not mainland:
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
            conditional=row.choice("exists", ("always", "conditional")) == "conditional",
            capital=row.optional("capital"),
            mainland=mainland,
            overseas=row.items("overseas"),
            factories=row.integer("factories", 0, 99, required=False),
            will=row.integer("will", 0, 99, required=False),
            will_note=row.text("will_note", required=False),
            scheme=row.text("scheme"),
            rules=row.rules("rule"),
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


UNIT_COLUMNS = (
    "key", "nation", "kind", "category", "type", "symbol", "id", "sides", "elite", "upgrade",
    "what_if", "count", "arrives", "replaces",
)  # fmt: skip


def _timing_in_game(row: Row, column: str, timing: Timing, settings: GameSettings) -> Timing:
    if timing.month is not None and not settings.first_turn <= timing.month <= settings.last_turn:
        raise row.fail(
            column, f"{timing.month} is outside the game ({settings.first_turn} to {settings.last_turn})"
        )
    return timing


def _unit(
    row: Row, nations: Mapping[str, Nation], events: Mapping[str, Event], settings: GameSettings
) -> tuple[Row, str, Unit]:
    key = row.text("key")
    nation = row.text("nation")
    _ref(row, "nation", nation, nations, "nation")
    kind = row.choice("kind", CATEGORIES)
    category = row.choice("category", CATEGORIES[kind])
    unit_type = row.choice("type", CATEGORIES[kind][category])
    symbol = row.choice("symbol", SYMBOLS, required=False) or unit_type
    sides = row.integer("sides", 1, 2)
    expected = 2 if category == "field" else 1
    if sides != expected:
        raise row.fail(
            "sides", f"a {category} unit has {expected} side{'s' if expected == 2 else ''}, not {sides} (3.2)"
        )
    upgrade = row.flag("upgrade")
    replaces = row.optional("replaces")
    if upgrade and replaces is None:
        raise row.fail("replaces", "is empty but the unit is an upgrade (8.2: say which unit it replaces)")
    if not upgrade and replaces is not None:
        raise row.fail("replaces", "is filled but the unit is not an upgrade (set upgrade to yes)")
    if replaces is not None and replaces.startswith("type:"):
        _ref(row, "replaces", replaces[5:], TYPES, "unit type")
    arrives = _timing_in_game(row, "arrives", row.timing("arrives", UNIT_PLACES, events), settings)
    return (
        row,
        key,
        Unit(
            key=key,
            nation=nation,
            kind=kind,
            category=category,
            type=unit_type,
            symbol=symbol,
            id=row.text("id"),
            sides=sides,
            elite=row.flag("elite"),
            upgrade=upgrade,
            what_if=row.flag("what_if"),
            count=row.integer("count", 1, 99),
            arrives=arrives,
            replaces=replaces,
            note=row.text("note", required=False),
        ),
    )


def _check_units(rows: list[Row], units: Mapping[str, Unit]) -> None:
    """Checks that need the whole table: upgrade predecessors and printed IDs."""
    printed: dict[tuple[str, str, str], int] = {}
    for row, unit in zip(rows, units.values(), strict=True):
        label = (unit.nation, unit.kind, unit.id)
        if label in printed:
            raise row.fail(
                "id", f'{unit.nation} already has a {unit.kind} unit "{unit.id}" (line {printed[label]})'
            )
        printed[label] = row.line
        if unit.replaces is None or unit.replaces.startswith("type:"):
            continue
        _ref(row, "replaces", unit.replaces, units, "unit")
        old = units[unit.replaces]
        if old.nation != unit.nation:
            raise row.fail("replaces", f"{old.key} is {old.nation}, not {unit.nation} (8.2)")
        if old.kind != unit.kind:
            raise row.fail("replaces", f"{old.key} is a {old.kind} unit; an upgrade keeps the kind")
        if old.upgrade:
            raise row.fail("replaces", f"{old.key} is itself an upgrade unit")


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
    starts = _timing_in_game(row, "starts", row.timing("starts", MARKER_PLACES, events), settings)
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
