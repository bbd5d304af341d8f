"""units.csv of a game's content, read and checked: each unit's kind, category and type in the
game's words, its printed faces and steps (3.2), its upgrade (8.2), its arrival in the game,
the values that are ours; then the checks that need the whole table (upgrade predecessors,
printed IDs, designs)."""

from __future__ import annotations

from collections.abc import Mapping

from .model import Event, GameSettings, Nation, Unit, UnitVocabulary
from .tables import Row, _flag, _ours, _ref, _timing_in_game

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
