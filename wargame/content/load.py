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
    Timing,
    Unit,
    UnitVocabulary,
)
from .settings import SETTINGS, _settings  # noqa: F401 (SETTINGS: the names game.toml may use)
from .tables import Row, TomlDoc, read_table

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


def _ref(row: Row, column: str, value: str | None, known: Mapping[str, Any] | Iterable[str], what: str) -> None:
    """Fail unless ``value`` (when given) names one of ``known``."""
    options = list(known)
    if value is not None and value not in options:
        raise row.fail(column, f'no {what} "{value}"{near_miss(value, options)}')


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


def _ours(row: Row) -> bool:
    """The optional ``ours`` flag: a value of the row is ours, not the game's text."""
    return row.flag("ours") if "ours" in row.cells else False


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


UNIT_COLUMNS = ("key", "nation", "kind", "type", "count", "arrives")
UNIT_OPTIONAL = (
    "category", "symbol", "id", "sides", "elite", "upgrade", "what_if", "replaces", "note",
    # games that print factors on their counters
    "steps", "front", "back", "ours", "ours_fields", "source", "design",
    # games whose counters print steps, sizes, codes and stripes
    "back_steps", "size", "range", "code", "delay", "colonial", "nat_id", "back_type", "drm",
    "breaks_into",
)  # fmt: skip
# The columns a row may say are ours (ours_fields).
OURS_FIELDS = (
    "front",
    "back",
    "steps",
    "count",
    "arrives",
    "id",
    "type",
    "nation",
    "back_steps",
    "size",
    "range",
    "code",
    "delay",
    "drm",
    "breaks_into",
    "back_type",
    "elite",
    "colonial",
)


def _timing_in_game(row: Row, column: str, timing: Timing, settings: GameSettings) -> Timing:
    if timing.year is not None:
        if not settings.first_turn.year <= timing.year <= settings.last_turn.year:
            raise row.fail(column, f"{timing} is outside the game ({settings.first_turn} to {settings.last_turn})")
        return timing
    if timing.month is not None and not settings.first_turn <= timing.month <= settings.last_turn:
        raise row.fail(column, f"{timing.month} is outside the game ({settings.first_turn} to {settings.last_turn})")
    if timing.month is not None and timing.season is None and not settings.is_turn(timing.month):
        raise row.fail(column, settings.not_a_turn(timing.month))
    return timing


def _unit(
    row: Row, nations: Mapping[str, Nation], events: Mapping[str, Event], settings: GameSettings
) -> tuple[Row, str, Unit]:
    key = row.text("key")
    nation = row.text("nation")
    _ref(row, "nation", nation, nations, "nation")
    words = settings.units
    kind, category, unit_type = _unit_type(row, words)
    symbol = row.choice("symbol", words.all_symbols, required=False) or words.symbol_of(unit_type)
    front, back, steps, sides, back_steps = _faces(row, words, category)
    back_type = row.choice("back_type", words.types, required=False) or ""
    ident = row.text("id", required=not front)
    upgrade, replaces = _upgrade(row, words)
    arrives = _timing_in_game(row, "arrives", row.timing("arrives", words.arrivals, events, settings.seasons), settings)
    ours, ours_fields = _ours_columns(row)
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
            id=ident,
            sides=sides,
            elite=_flag(row, "elite"),
            upgrade=upgrade,
            what_if=_flag(row, "what_if"),
            count=row.integer("count", 1, 99),
            arrives=arrives,
            replaces=replaces,
            note=row.text("note", required=False),
            steps=steps,
            front=front,
            back=back,
            ours=ours,
            ours_fields=ours_fields,
            source=row.text("source", required=False),
            design=row.text("design", required=False),
            label=words.label(unit_type),
            back_steps=back_steps,
            size=row.text("size", required=False),
            range=row.integer("range", 0, 99, required=False),
            code=row.text("code", required=False),
            delay=_flag(row, "delay"),
            colonial=_flag(row, "colonial"),
            nat_id=row.cells.get("nat_id") if "nat_id" in row.cells else None,
            back_type=back_type,
            drm=_drm(row),
            breaks_into=row.text("breaks_into", required=False),
        ),
    )


def _unit_type(row: Row, words: UnitVocabulary) -> tuple[str, str, str]:
    """The unit's kind, category and type, each one the game's words have (the category from
    the type when the table has no category column)."""
    kind = row.choice("kind", words.kinds)
    if "category" in row.cells:
        category = row.choice("category", words.kinds[kind])
        unit_type = row.choice("type", words.kinds[kind][category])
    else:
        unit_type = row.choice("type", [t for types in words.kinds[kind].values() for t in types])
        found = words.category_of(kind, unit_type)
        assert found is not None  # the type was chosen among this kind's types
        category = found
    return kind, category, unit_type


def _faces(row: Row, words: UnitVocabulary, category: str) -> tuple[str, str, int | None, int, int | None]:
    """The printed front and back, the steps of each and the number of sides, which must agree
    (3.2: the categories that have two sides)."""
    front = row.text("front", required=False)
    back = row.text("back", required=False)
    steps = row.integer("steps", 1, 9, required=False)
    if "sides" in row.cells:
        sides = row.integer("sides", 1, 2)
    else:
        sides = 2 if back else 1  # a printed back is the unit's second state
    if words.two_sided is not None:
        expected = 2 if category in words.two_sided else 1
        if sides != expected:
            raise row.fail(
                "sides", f"a {category} unit has {expected} side{'s' if expected == 2 else ''}, not {sides} (3.2)"
            )
    if steps == 2 and not back and "back_steps" not in row.cells:
        raise row.fail("back", "is empty but the unit has two steps (the back is its second step)")
    back_steps = row.integer("back_steps", 1, 9, required=False)
    if back_steps is not None and steps is None:
        raise row.fail("steps", "is empty but the row gives the back's steps")
    if back_steps is not None and not back:
        raise row.fail("back", "is empty but the row gives the back's steps")
    return front, back, steps, sides, back_steps


def _upgrade(row: Row, words: UnitVocabulary) -> tuple[bool, str | None]:
    """Whether the unit is an upgrade and the unit (or ``type:`` a unit type) it replaces (8.2)."""
    upgrade = _flag(row, "upgrade")
    replaces = row.optional("replaces")
    if upgrade and replaces is None:
        raise row.fail("replaces", "is empty but the unit is an upgrade (8.2: say which unit it replaces)")
    if not upgrade and replaces is not None:
        raise row.fail("replaces", "is filled but the unit is not an upgrade (set upgrade to yes)")
    if replaces is not None and replaces.startswith("type:"):
        _ref(row, "replaces", replaces[5:], words.types, "unit type")
    return upgrade, replaces


def _ours_columns(row: Row) -> tuple[bool, tuple[str, ...]]:
    """Whether values of the row are ours, and which columns (ours_fields)."""
    ours_fields = row.items("ours_fields")
    for name in ours_fields:
        _ref(row, "ours_fields", name, OURS_FIELDS, "column")
    ours = _ours(row)
    if ours_fields and not ours:
        raise row.fail("ours", "is no but ours_fields names columns whose values are ours")
    return ours, ours_fields


def _drm(row: Row) -> str:
    """A printed die roll modifier: a sign and a figure ("+1", "-2")."""
    value = row.text("drm", required=False)
    if value and (value[0] not in "+-" or not value[1:].isdigit()):
        raise row.fail("drm", f'"{value}" is not a modifier like +1 or -2')
    return value


def _flag(row: Row, column: str) -> bool:
    """An optional yes/no column: no when the table leaves it out."""
    return row.flag(column) if column in row.cells else False


def _check_units(rows: list[Row], units: Mapping[str, Unit]) -> None:
    """Checks that need the whole table: upgrade predecessors, printed IDs and designs."""
    printed: dict[tuple[str, str, str, str], int] = {}
    designs: dict[str, tuple[Unit, int]] = {}
    for row, unit in zip(rows, units.values(), strict=True):
        label = (unit.nation, unit.kind, unit.id, unit.front)  # one ID may be printed on designs of other factors
        if unit.id and label in printed:
            raise row.fail("id", f'{unit.nation} already has a {unit.kind} unit "{unit.id}" (line {printed[label]})')
        printed[label] = row.line
        if unit.design:
            first, line = designs.setdefault(unit.design, (unit, row.line))
            for name in (
                "nation",
                "kind",
                "type",
                "symbol",
                "id",
                "front",
                "back",
                "steps",
                "back_steps",
                "size",
                "range",
                "code",
                "delay",
                "colonial",
                "elite",
                "nat_id",
                "back_type",
                "drm",
            ):
                if getattr(first, name) != getattr(unit, name):
                    raise row.fail(
                        "design",
                        f'design "{unit.design}" has {name} "{getattr(first, name)}" '
                        f"on line {line}: counters printed alike are alike",
                    )
        if unit.breaks_into:
            _ref(row, "breaks_into", unit.breaks_into, units, "unit")
            small = units[unit.breaks_into]
            if (small.nation, small.kind) != (unit.nation, unit.kind) or small.steps != 1:
                raise row.fail(
                    "breaks_into",
                    f"{small.key} is not a one-step {unit.nation} {unit.kind} unit "
                    "(a step loss swaps the reduced side for one of those)",
                )
            if not unit.back_steps or unit.back_steps < 2:
                raise row.fail("breaks_into", "only a unit whose back has two or more steps breaks down by swapping")
        if unit.elite and unit.colonial:
            raise row.fail("colonial", "a unit is colonial (white symbol) or elite (coloured), not both")
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
