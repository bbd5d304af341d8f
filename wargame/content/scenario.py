"""Scenarios: settings in ``<key>.toml`` and the counter setup in ``<key>.csv``.

The TOML holds what a scenario sheet says in words and lists (turns, factions, nation status,
policies, weather, victory, special rules); the CSV says where each counter starts. A hex is
given as the map prints it ("3014"); ``map`` means "on the map, hex not chosen yet", which
lets a setup be written before the map is finished and is reported by ``Scenario.unplaced``.
Given the game's grid, the loader also refuses a hex that is not on the map; whether a piece may
legally stand there is the placement check's business (``staffwork scenario check``), which
reads each line's ``note`` for documented exceptions.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import field
from pathlib import Path
from types import MappingProxyType

from records import frozen
from wargame.errors import DataError, near_miss
from wargame.grid import Grid

from .model import Content, Month, Nation, Timing, Unit
from .tables import Row, TomlDoc, read_table

STATUSES = ("active", "neutral", "conquered", "ceded", "absent")
# Boxes and holders a counter may start in, besides a hex, "map", a Map Box, a month or an event.
BOXES = ("mobilization", "eliminated", "conditional", "upgrade", "events", "holding_box", "cup", "set_aside",
         "track", "turn_track", "hand")  # fmt: skip
_HEX_RE = re.compile(r"^\d{4}$")
_MONTH_RE = re.compile(r"^[A-Z][a-z]{2}-\d\d$")
_SEASON_RE = re.compile(r"^[A-Z][a-z]+ \d{4}$")  # a seasonal box of the turn track ("Autumn 1940")
SETTINGS = ("name", "first_turn", "last_turn", "factions", "policies", "events_done", "ceded", "nations",
            "weather", "victory", "special_rules", "notes", "board", "waived", "first_phase", "cards", "control",
            "sources")  # fmt: skip
CARD_PLACES = ("current", "played", "removed")  # where a setup may put a card besides its deck
CONTROL_WORDS = (
    "country",
    "rows",
    "area",
    "line",
    "front",
    "behind",
)  # territory words of a [control] entry besides a hex id


@frozen
class NationStart:
    abbr: str
    status: str
    faction: str | None
    will: int | None  # None: the country list value
    factories: int | None
    production: int | str | None = None  # Production Points a turn, or "NA" (not tracked)
    production_per_factory: int | None = None  # or this many PP per friendly factory of the country
    values: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # game.toml nation_values

    def value(self, name: str, listed: Nation | None = None) -> int | None:
        """A starting number of the nation: one of the game's own values (EPs, offensives), its
        National Will or factories (the scenario's, else the country list's), or its
        production as the scenario fixes it; None when nothing gives it."""
        if name in self.values:
            return self.values[name]
        if name == "will":
            return self.will if self.will is not None else (listed.will if listed else None)
        if name == "factories":
            return self.factories if self.factories is not None else (listed.factories if listed else None)
        if name == "production":
            if isinstance(self.production, int):
                return self.production
            if self.production_per_factory is not None and listed is not None:
                return self.production_per_factory * (listed.factories or 0)
        return None


@frozen
class Placement:
    """One line of a setup: ``count`` of a counter (unit or marker) at one place."""

    counter: str
    is_unit: bool
    count: int
    where: str  # hex id, "map", a box word or a Map Box name; "" when ``when`` is set
    when: Timing | None  # turn track month or event (reinforcement); None when ``where`` is set
    strength: str | None  # full | reduced for ground units
    sorties: int | None
    line: int
    note: str = ""  # the setup line's remark; documents a deliberate exception to a placement rule
    flipped: bool = False  # a two-sided marker starts back side up (face = back: Tobruk fort UK side)
    on_hex: bool = False  # ``where`` is a hex id of the game's grid


@frozen
class Rule:
    title: str
    text: str
    rules: tuple[str, ...]


@frozen
class Scenario:
    key: str
    name: str
    first_turn: Month
    last_turn: Month
    factions: tuple[str, ...]
    policies: tuple[str, ...]
    events_done: tuple[str, ...]
    ceded: tuple[str, ...]
    nations: Mapping[str, NationStart]
    weather: Mapping[str, str]  # zone -> fixed first-turn weather; empty = roll
    victory: Mapping[str, str]  # faction -> conditions in words, plus "check"
    special_rules: tuple[Rule, ...]
    notes: str
    setup: tuple[Placement, ...]
    board: str = ""  # the board it is played on, for games of several boards ("" = the first)
    waived: tuple[str, ...] = ()  # requirements its special rules waive, by name (USE: Home Defense fronts)
    first_phase: str = ""  # the phase it starts in ("" = the first phase of the turn)
    cards: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))  # place -> card keys

    def card_place(self, key: str) -> str:
        """Where a card starts: one of CARD_PLACES, or "deck" (its faction's deck)."""
        return next((place for place, keys in self.cards.items() if key in keys), "deck")

    control: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # faction or "neutral" -> the territory it holds at the start beyond what the nations' status
    # gives: hex ids and words "country:GER", "area:East Prussia", "line:Vichy", "front:..." (CONTROL_WORDS)
    sources: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # faction -> supply sources a special rule gives it: hex ids, city names or words ("ports:FRA")

    @property
    def turns(self) -> int:
        return (self.last_turn.year - self.first_turn.year) * 12 + self.last_turn.month - self.first_turn.month + 1

    def unplaced(self) -> tuple[Placement, ...]:
        """Counters set on the map whose hex is not chosen yet."""
        return tuple(p for p in self.setup if p.where == "map")

    def units_at_start(self) -> Counter[str]:
        """Unit counters on the map at the start, by unit key."""
        out: Counter[str] = Counter()
        for p in self.setup:
            if p.is_unit and (p.where == "map" or p.on_hex):
                out[p.counter] += p.count
        return out


def load_scenarios(folder: Path | str, content: Content, grid: Grid | None = None) -> Mapping[str, Scenario]:
    """Every ``<key>.toml`` in ``folder`` with its ``<key>.csv``, by key, in file-name order.

    With ``grid``, every hex of a setup must be on it (ids are normalised to the grid's spelling).
    """
    found = sorted(Path(folder).glob("*.toml"))
    return MappingProxyType({p.stem: load_scenario(p, content, grid) for p in found})


def load_scenario(path: Path, content: Content, grid: Grid | None = None) -> Scenario:
    toml = TomlDoc.read(path)
    toml.only(SETTINGS)

    first, last = toml.month("first_turn"), toml.month("last_turn")
    game = content.settings
    for name, month in (("first_turn", first), ("last_turn", last)):
        if not game.first_turn <= month <= game.last_turn:
            raise toml.fail(name, f"{month} is outside the game ({game.first_turn} to {game.last_turn})")
    if last < first:
        raise toml.fail("last_turn", f"{last} comes before first_turn {first}")
    for name, month in (("first_turn", first), ("last_turn", last)):
        if not game.is_turn(month):
            raise toml.fail(name, game.not_a_turn(month))

    factions = toml.names("factions", content.factions, "faction")
    policies = toml.names("policies", content.policies, "policy")
    events_done = toml.names("events_done", content.events, "event", required=False)
    ceded = toml.names("ceded", content.disputed_areas, "disputed area", required=False)
    nations = _nations(toml, content, factions)
    for area in content.disputed_areas.values():  # a whole-country area ceded = that country is gone (2.2.1)
        if area.whole_country and (area.key in ceded) != (nations[area.part_of].status == "ceded"):
            raise toml.fail(
                f"nations.{area.part_of}",
                f"{area.part_of} must have status ceded exactly when {area.key} is in the ceded list (2.2.1)",
            )
    weather = _weather(toml, content)
    victory = _victory(toml, factions)
    special = _special_rules(toml)
    setup = _setup(path.with_suffix(".csv"), content, nations, first, last, grid)
    return Scenario(
        key=path.stem,
        name=toml.text("name"),
        first_turn=first,
        last_turn=last,
        factions=factions,
        policies=policies,
        events_done=events_done,
        ceded=ceded,
        nations=nations,
        weather=weather,
        victory=victory,
        special_rules=special,
        notes=toml.text("notes") if "notes" in toml.data else "",
        setup=setup,
        board=toml.text("board") if "board" in toml.data else "",
        waived=toml.strings("waived") if "waived" in toml.data else (),
        first_phase=toml.text("first_phase") if "first_phase" in toml.data else "",
        cards=_cards(toml, content, factions),
        control=_control(toml, content, grid),
        sources=_sources(toml, content),
    )


def _sources(toml: TomlDoc, content: Content) -> Mapping[str, tuple[str, ...]]:
    """[sources]: faction = [hexes, city names, words]: supply sources a special rule gives a
    side, read by the game's rules pack (only the factions and the form are checked here)."""
    table = toml.data.get("sources", {})
    if not isinstance(table, dict):
        raise toml.fail("sources", "must be a table of faction = [sources]")
    out: dict[str, tuple[str, ...]] = {}
    for holder, entries in table.items():
        if holder not in content.factions:
            raise toml.fail("sources", f'"{holder}" is not a faction{near_miss(holder, content.factions)}')
        if not isinstance(entries, list) or not all(isinstance(e, str) and e.strip() for e in entries):
            raise toml.fail(f"sources.{holder}", "must be a list of hexes, cities and words")
        out[holder] = tuple(e.strip() for e in entries)
    return MappingProxyType(out)


def _control(toml: TomlDoc, content: Content, grid: Grid | None) -> Mapping[str, tuple[str, ...]]:
    """[control]: faction (or neutral) = [entries]; an entry is a hex id of the map or a
    territory word (CONTROL_WORDS: ``country:GER``, ``line:Vichy`` ...) whose meaning the game's
    rules pack gives; here only its form, the factions and the hexes are checked."""
    table = toml.data.get("control", {})
    if not isinstance(table, dict):
        raise toml.fail("control", "must be a table of faction = [hexes and territories]")
    known = (*content.factions, "neutral")
    out: dict[str, tuple[str, ...]] = {}
    for holder, entries in table.items():
        if holder not in known:
            raise toml.fail("control", f'"{holder}" is not a faction or neutral{near_miss(holder, known)}')
        if not isinstance(entries, list) or not all(isinstance(e, str) and e.strip() for e in entries):
            raise toml.fail(f"control.{holder}", "must be a list of hex ids and territories")
        for entry in entries:
            word, sep, rest = entry.partition(":")
            if sep:
                if word not in CONTROL_WORDS or not rest.strip():
                    raise toml.fail(
                        f"control.{holder}",
                        f'"{entry}" is not a hex or {", ".join(w + ":NAME" for w in CONTROL_WORDS)}',
                        entry,
                    )
            elif grid is not None:
                grid.parse(entry, str(toml.source), f"control.{holder}")
        out[holder] = tuple(e.strip() for e in entries)
    return MappingProxyType(out)


def _cards(toml: TomlDoc, content: Content, factions: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    """[cards]: which cards start out of their deck (current, pending, played, removed); every
    other card of a playing faction starts in its deck."""
    table = toml.data.get("cards", {})
    if not isinstance(table, dict):
        raise toml.fail("cards", 'must be a table like current = ["axis-15"], played = [...]')
    out: dict[str, tuple[str, ...]] = {}
    seen: dict[str, str] = {}
    for place, keys in table.items():
        if place not in CARD_PLACES:
            raise toml.fail(
                "cards", f'"{place}" is not a card place ({", ".join(CARD_PLACES)}){near_miss(place, CARD_PLACES)}'
            )
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise toml.fail(f"cards.{place}", "must be a list of card keys")
        for key in keys:
            if key not in content.cards:
                raise toml.fail(f"cards.{place}", f'no card "{key}"{near_miss(key, content.cards)}', key)
            if key in seen:
                raise toml.fail(f"cards.{place}", f'card "{key}" is already {seen[key]}', key)
            if content.cards[key].faction not in factions:
                raise toml.fail(
                    f"cards.{place}",
                    f'"{key}" belongs to {content.cards[key].faction}, not a faction of this scenario',
                    key,
                )
            seen[key] = place
        if place in ("current", "pending"):
            owners = [content.cards[k].faction for k in keys]
            twice = {f for f in owners if owners.count(f) > 1}
            if twice:
                raise toml.fail(f"cards.{place}", f"{sorted(twice)[0]} has one {place} card at most")
        out[place] = tuple(keys)
    return MappingProxyType(out)


def _nations(toml: TomlDoc, content: Content, factions: tuple[str, ...]) -> Mapping[str, NationStart]:
    table = toml.data.get("nations")
    if not isinstance(table, dict):
        raise toml.fail("nations", 'must be a table of nations: GER = { status = "active", faction = "axis" }')
    out: dict[str, NationStart] = {}
    for abbr in content.nations:  # every nation gets a status; unlisted ones are neutral
        entry = table.get(abbr, {"status": "neutral"})
        place = f"nations.{abbr}"
        if not isinstance(entry, dict):
            raise toml.fail(place, 'must be a table like { status = "active", faction = "axis" }')
        own = content.settings.nation_values
        fields = ["status", "faction", "will", "factories", "production", "production_per_factory", *own]
        for name in entry:
            if name not in fields:
                raise toml.fail(place, f'unknown field "{name}"{near_miss(name, fields)}')
        status = entry.get("status")
        if status not in STATUSES:
            raise toml.fail(
                place,
                f'status "{status}" is not one of {", ".join(STATUSES)}{near_miss(str(status), STATUSES)}',
            )
        faction = entry.get("faction")
        if status in ("active", "conquered") and faction not in content.factions:
            raise toml.fail(place, f"a {status} nation needs a faction ({', '.join(content.factions)})")
        if status == "active" and faction not in factions:
            raise toml.fail(place, f"{faction} is not one of this scenario's factions")
        if status in ("neutral", "ceded", "absent") and faction is not None:
            raise toml.fail(place, f"a {status} nation has no faction")
        numbers = {}
        for name in ("will", "factories"):
            value = entry.get(name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99):
                raise toml.fail(place, f"{name} must be a whole number 0..99")
            numbers[name] = value
        production = entry.get("production")
        if (
            production is not None
            and production != "NA"
            and (not isinstance(production, int) or isinstance(production, bool) or not 0 <= production <= 99)
        ):
            raise toml.fail(place, 'production must be a whole number 0..99 or "NA"')
        per_factory = entry.get("production_per_factory")
        if per_factory is not None and (
            not isinstance(per_factory, int) or isinstance(per_factory, bool) or not 0 <= per_factory <= 9
        ):
            raise toml.fail(place, "production_per_factory must be a whole number 0..9")
        if production is not None and per_factory is not None:
            raise toml.fail(place, "give production or production_per_factory, not both")
        values = {}
        for name in own:
            value = entry.get(name)
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not -999 <= value <= 999:
                raise toml.fail(place, f"{name} must be a whole number")
            values[name] = value
        out[abbr] = NationStart(
            abbr,
            status,
            faction,
            numbers["will"],
            numbers["factories"],
            production,
            per_factory,
            MappingProxyType(values),
        )
    for abbr in table:
        if abbr not in content.nations:
            raise toml.fail(f"nations.{abbr}", f'no nation "{abbr}"{near_miss(abbr, content.nations)}')
    return MappingProxyType(out)


def _weather(toml: TomlDoc, content: Content) -> Mapping[str, str]:
    table = toml.data.get("weather", {})
    if not isinstance(table, dict):
        raise toml.fail("weather", "must be a table of zone = weather")
    for zone, value in table.items():
        if zone not in content.settings.weather_zones:
            raise toml.fail("weather", f'no weather zone "{zone}"{near_miss(zone, content.settings.weather_zones)}')
        states = tuple(w.lower() for w in content.settings.weather_states)
        if value not in states:
            raise toml.fail("weather", f'"{value}" is not one of {", ".join(states)}{near_miss(str(value), states)}')
        fixed = content.settings.fixed_weather.get(zone)
        if fixed is not None and value != fixed.lower():
            raise toml.fail("weather", f"the {zone} zone's weather is always {fixed}")
    return MappingProxyType(dict(table))


def _victory(toml: TomlDoc, factions: tuple[str, ...]) -> Mapping[str, str]:
    table = toml.data.get("victory")
    if not isinstance(table, dict):
        raise toml.fail("victory", "must be a table with the victory conditions of each faction")
    for name, value in table.items():
        if name != "check" and name not in factions:
            raise toml.fail("victory", f'"{name}" is not a faction of this scenario{near_miss(name, factions)}')
        if not isinstance(value, str) or not value:
            raise toml.fail(f"victory.{name}", "must be a non-empty text")
    for faction in factions:
        if faction not in table:
            raise toml.fail("victory", f"says nothing about how the {faction} faction wins")
    return MappingProxyType(dict(table))


def _special_rules(toml: TomlDoc) -> tuple[Rule, ...]:
    rules = toml.data.get("special_rules", [])
    if not isinstance(rules, list):
        raise toml.fail("special_rules", "must be a list of [[special_rules]] tables")
    out = []
    for number, entry in enumerate(rules, start=1):
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("title"), str)
            or not isinstance(entry.get("text"), str)
        ):
            raise toml.fail("special_rules", f"rule {number} needs a title and a text")
        refs = entry.get("rules", [])
        if not isinstance(refs, list) or not all(isinstance(r, str) and re.match(r"^\d+(\.\d+)*$", r) for r in refs):
            raise toml.fail("special_rules", f"rule {number}: rules must be a list of rule numbers", entry["title"])
        out.append(Rule(entry["title"], entry["text"], tuple(refs)))
    return tuple(out)


SETUP_COLUMNS = ("counter", "where")


def _setup(
    path: Path,
    content: Content,
    nations: Mapping[str, NationStart],
    first: Month,
    last: Month,
    grid: Grid | None = None,
) -> tuple[Placement, ...]:
    out: list[Placement] = []
    used: Counter[str] = Counter()
    for row in read_table(path, SETUP_COLUMNS, ("count", "strength", "sorties", "face", "note")):
        key = row.text("counter")
        unit, marker = content.units.get(key), content.markers.get(key)
        if unit is None and marker is None:
            known = [*content.units, *content.markers]
            raise row.fail("counter", f'no unit or marker "{key}"{near_miss(key, known)}')
        count = row.integer("count", 1, 999, required=False) or 1
        used[key] += count
        limit = unit.count if unit is not None else marker.count  # type: ignore[union-attr]
        if used[key] > limit:
            raise row.fail("count", f"{used[key]} {key} counters set up but only {limit} exist")
        where, when = _where(row, content, first, last, grid)
        if grid is not None and _is_hex(where, grid):
            where = grid.hex_id(grid.parse(where, str(path), f"line {row.line}, column where"))
        strength = row.choice("strength", ("full", "reduced"), required=False)
        sorties = row.integer("sorties", 0, 6, required=False)
        if unit is not None:
            strength = _check_unit(row, unit, nations[unit.nation], where, when, strength, sorties)
        elif strength is not None or sorties is not None:
            raise row.fail("strength" if strength else "sorties", f"{key} is a marker")
        note = row.text("note", required=False)
        face = row.choice("face", ("front", "back"), required=False)
        if face == "back" and (marker is None or not marker.back):
            raise row.fail("face", f"{key} has no back face to show")
        out.append(
            Placement(
                key,
                unit is not None,
                count,
                where,
                when,
                strength,
                sorties,
                row.line,
                note,
                face == "back",
                bool(where) and _is_hex(where, grid),
            )
        )
    _check_replaced(path, content, out)
    return tuple(out)


def _is_hex(where: str, grid: Grid | None) -> bool:
    """A hex id of the game's grid (four digits when no grid is given)."""
    if grid is None:
        return bool(_HEX_RE.match(where))
    try:
        grid.parse(where)
    except DataError:
        return False
    return True


def _where(
    row: Row, content: Content, first: Month, last: Month, grid: Grid | None = None
) -> tuple[str, Timing | None]:
    """The start of a counter: a place ("3014", "map", a box) or a time on the turn track."""
    where = row.text("where")
    boxes = (*BOXES, *content.settings.place_words, *content.settings.map_boxes)
    if where == "map" or _is_hex(where, grid) or where in boxes:
        return where, None
    seasons = content.settings.seasons
    seasonal = bool(seasons) and _SEASON_RE.match(where) is not None
    if not (_MONTH_RE.match(where) or where[:1].islower() or seasonal):
        raise row.fail("where", f'"{where}" is not a hex, map, a box, a month or an event{near_miss(where, boxes)}')
    when = row.timing("where", ("map", *boxes), content.events, seasons)
    if when.season is not None:  # a seasonal box covers its season's three months
        assert when.month is not None  # a season names its first month
        if when.month > last or when.month.plus(2) < first:
            raise row.fail("where", f"{when} is outside the scenario ({first} to {last})")
        return "", when
    if when.month is not None and not first <= when.month <= last:
        raise row.fail("where", f"{when.month} is outside the scenario ({first} to {last})")
    if when.month is not None and not content.settings.is_turn(when.month):
        raise row.fail("where", content.settings.not_a_turn(when.month))
    return "", when


def _check_unit(
    row: Row,
    unit: Unit,
    nation: NationStart,
    where: str,
    when: Timing | None,
    strength: str | None,
    sorties: int | None,
) -> str | None:
    """Refuse a unit that cannot start this way; return its strength (ground units only)."""
    if unit.what_if:
        raise row.fail("counter", f"{unit.key} is a what-if unit; historical scenarios leave them out (3.0)")
    if nation.status != "active" and not (nation.status == "neutral" and when is not None):
        hint = " (its units set up when it activates, 13.1.2)" if nation.status == "neutral" else ""
        raise row.fail("counter", f"{unit.key} belongs to {unit.nation}, which is {nation.status} here{hint}")
    if where == "upgrade" and not unit.upgrade:
        raise row.fail("where", f"{unit.key} is not an Upgrade unit (8.2)")
    if strength is not None and unit.kind != "ground" and unit.sides != 2:
        raise row.fail("strength", f"{unit.key} is a {unit.kind} unit; only ground units have a strength")
    if strength == "full" and unit.category == "garrison":
        raise row.fail("strength", f"{unit.key} is a garrison, always reduced (3.2.2)")
    if sorties is not None and unit.kind == "ground":
        raise row.fail("sorties", f"{unit.key} is a ground unit; only air and naval units fly sorties")
    if strength is None and unit.kind == "ground":
        return "reduced" if unit.category == "garrison" else "full"
    return strength


def _check_replaced(path: Path, content: Content, setup: list[Placement]) -> None:
    """An upgrade in play at the start has removed its predecessor for good (8.2)."""
    started = {p.counter: p for p in setup if p.is_unit and p.where not in ("", "upgrade")}
    for placement in started.values():
        old = content.units[placement.counter].replaces
        if old in started:
            raise DataError(
                f"{old} is set up, but {placement.counter} (line {placement.line}) has already replaced it (8.2)",
                str(path),
                f"line {started[old].line}, column counter",
            )
