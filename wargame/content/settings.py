"""game.toml: a game's settings, checked into a frozen ``GameSettings`` (turns, named and
seasonal turns, factions' order, weather, Map Boxes, the unit vocabulary of [units], the card
states of [cards]). Every complaint names the file, the line and the setting."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from wargame.errors import near_miss

from .model import MONTHS, CardVocabulary, GameSettings, UnitVocabulary
from .tables import TomlDoc

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
    "units",
    "nation_columns",
    "nation_values",
    "seasons",
    "place_words",
    "turn_names",
    "seasonal_turns",
    "cards",
)
LAYOUTS = ("", "stepped")  # counter layouts the art knows (art/counters.toml)


def _settings(path: Path) -> GameSettings:
    toml = TomlDoc.read(path)
    toml.only(SETTINGS)
    first, last = toml.month("first_turn"), toml.month("last_turn")
    if last < first:
        raise toml.fail("last_turn", f"{last} comes before first_turn {first}")
    turn_names = _turn_names(toml)
    seasonal = _seasonal_turns(toml, turn_names)
    for key, month in (("first_turn", first), ("last_turn", last)):
        if turn_names and MONTHS[month.month - 1] not in turn_names:
            raise toml.fail(
                key, f"{month}: no turn starts in {MONTHS[month.month - 1]} (turns start in {', '.join(turn_names)})"
            )
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
        units=_vocabulary(toml),
        nation_columns=toml.strings("nation_columns") if "nation_columns" in toml.data else (),
        nation_values=toml.strings("nation_values") if "nation_values" in toml.data else (),
        seasons=_seasons(toml),
        place_words=toml.strings("place_words") if "place_words" in toml.data else (),
        turn_names=turn_names,
        seasonal_turns=seasonal,
        cards=_card_vocabulary(toml),
    )


def _turn_names(toml: TomlDoc) -> Mapping[str, str]:
    """Turns longer than a month: the month each starts in -> its printed name, in calendar
    order ("Sep" = "Sept-Oct"); empty when every month is a turn."""
    table = toml.data.get("turn_names", {})
    if not isinstance(table, dict) or not all(isinstance(v, str) and v for v in table.values()):
        raise toml.fail("turn_names", 'must be a table of month = name, like Sep = "Sept-Oct"')
    for month in table:
        if month not in MONTHS:
            raise toml.fail("turn_names", f'"{month}" is not a month ({", ".join(MONTHS)}){near_miss(month, MONTHS)}')
    if len(set(table.values())) != len(table):
        raise toml.fail("turn_names", "names a turn twice")
    return MappingProxyType({m: table[m] for m in MONTHS if m in table})


def _seasonal_turns(toml: TomlDoc, turn_names: Mapping[str, str]) -> tuple[str, ...]:
    """The months whose turns are seasonal turns; each must start a turn."""
    if "seasonal_turns" not in toml.data:
        return ()
    months = toml.strings("seasonal_turns")
    starts = list(turn_names) or list(MONTHS)
    for month in months:
        if month not in starts:
            raise toml.fail("seasonal_turns", f'no turn starts in "{month}"{near_miss(month, starts)}')
    return months


def _card_vocabulary(toml: TomlDoc) -> CardVocabulary | None:
    """game.toml [cards]: the states a card may belong to (in order), each state's printed
    label and colour, and the size of each faction's published deck; None: no cards."""
    table = toml.data.get("cards")
    if table is None:
        return None
    known = ("states", "published")
    if not isinstance(table, dict):
        raise toml.fail("cards", "must be a table: states = { word = { label = ..., colour = [r, g, b] } }")
    for name in table:
        if name not in known:
            raise toml.fail(f"cards.{name}", f'unknown setting "{name}"{near_miss(name, known)}')
    states = table.get("states")
    if not isinstance(states, dict) or not states:
        raise toml.fail("cards.states", "must be a table of state = { label = text, colour = [r, g, b] }")
    labels, colours = {}, {}
    for word, entry in states.items():
        colour = entry.get("colour") if isinstance(entry, dict) else None
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("label"), str)
            or not isinstance(colour, list)
            or len(colour) != 3
            or not all(isinstance(v, int) and 0 <= v <= 255 for v in colour)
        ):
            raise toml.fail(f"cards.states.{word}", "needs a label (text) and a colour [r, g, b], each 0-255")
        labels[word], colours[word] = entry["label"], (colour[0], colour[1], colour[2])
    published = table.get("published", {})
    if not isinstance(published, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in published.values()
    ):
        raise toml.fail("cards.published", "must be a table of faction = number of cards")
    return CardVocabulary(
        tuple(states), MappingProxyType(labels), MappingProxyType(colours), MappingProxyType(dict(published))
    )


def _vocabulary(toml: TomlDoc) -> UnitVocabulary:
    """The game's unit words, game.toml [units]: kinds -> categories -> types, the symbols its
    counter art draws, which categories have two sides, the arrival words."""
    table = toml.data.get("units")
    if not isinstance(table, dict):
        raise toml.fail(
            "units",
            'must be a table: [units.kinds] ground = { field = ["infantry"] } ...'
            if "units" in toml.data
            else "is missing (the [units] table: kinds, categories, types)",
        )
    known = (
        "kinds",
        "symbols",
        "draw",
        "two_sided",
        "arrivals",
        "back_names",
        "labels",
        "layout",
        "arrows",
        "marker_backs",
        "square_steps",
    )
    for name in table:
        if name not in known:
            raise toml.fail(f"units.{name}", f'unknown setting "{name}"{near_miss(name, known)}')
    kinds = _unit_kinds(toml, table.get("kinds"))

    def words(key: str) -> tuple[str, ...]:
        return _unit_words(toml, table, key)

    def mapping(key: str, keys: Iterable[str], what: str) -> Mapping[str, str]:
        return _unit_mapping(toml, table, key, keys, what)

    vocabulary = UnitVocabulary(MappingProxyType(kinds))
    categories = [c for cats in kinds.values() for c in cats]
    two_sided = words("two_sided") if "two_sided" in table else None
    for c in two_sided or ():
        if c not in categories:
            raise toml.fail("units.two_sided", f'no category "{c}"{near_miss(c, categories)}')
    layout = table.get("layout", "")
    if layout not in LAYOUTS:
        raise toml.fail("units.layout", f'"{layout}" is not a counter layout ({", ".join(repr(x) for x in LAYOUTS)})')
    arrows = mapping("arrows", vocabulary.types, "unit type")
    for unit_type, way in arrows.items():
        if way not in ("up", "down"):
            raise toml.fail("units.arrows", f'{unit_type}: "{way}" is not up or down')
    backs = table.get("marker_backs", {})
    if not isinstance(backs, dict) or not all(isinstance(v, str) and v for v in backs.values()):
        raise toml.fail("units.marker_backs", "must be a table of back words = icon")
    return UnitVocabulary(
        MappingProxyType(kinds),
        symbols=words("symbols"),
        draw=mapping("draw", vocabulary.types, "unit type"),
        two_sided=two_sided,
        arrivals=words("arrivals"),
        back_names=mapping("back_names", kinds, "kind"),
        labels=mapping("labels", vocabulary.types, "unit type"),
        layout=layout,
        arrows=arrows,
        marker_backs=MappingProxyType(dict(backs)),
        square_steps=_known_types(toml, words("square_steps"), vocabulary),
    )


def _unit_kinds(toml: TomlDoc, kinds_t: Any) -> dict[str, Mapping[str, tuple[str, ...]]]:
    """[units.kinds]: kind -> category -> types, no type listed twice."""
    if not isinstance(kinds_t, dict) or not kinds_t:
        raise toml.fail("units.kinds", "must be a table of kind = { category = [types] }")
    kinds: dict[str, Mapping[str, tuple[str, ...]]] = {}
    seen: set[str] = set()
    for kind, cats in kinds_t.items():
        if (
            not isinstance(cats, dict)
            or not cats
            or not all(isinstance(v, list) and v and all(isinstance(t, str) and t for t in v) for v in cats.values())
        ):
            raise toml.fail(f"units.kinds.{kind}", "must be a table of category = [types]")
        for types in cats.values():
            for t in types:
                if t in seen:
                    raise toml.fail(f"units.kinds.{kind}", f'type "{t}" is listed twice', t)
                seen.add(t)
        kinds[kind] = MappingProxyType({c: tuple(v) for c, v in cats.items()})
    return kinds


def _unit_words(toml: TomlDoc, table: dict[str, Any], key: str) -> tuple[str, ...]:
    """A list of names of [units] (none when absent)."""
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise toml.fail(f"units.{key}", "must be a list of names")
    return tuple(value)


def _unit_mapping(toml: TomlDoc, table: dict[str, Any], key: str, keys: Iterable[str], what: str) -> Mapping[str, str]:
    """A table of [units] whose names are each one of ``keys`` and whose values are text."""
    value = table.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(v, str) and v for v in value.values()):
        raise toml.fail(f"units.{key}", "must be a table of name = text")
    options = list(keys)
    for name in value:
        if name not in options:
            raise toml.fail(f"units.{key}", f'no {what} "{name}"{near_miss(name, options)}')
    return MappingProxyType(dict(value))


def _known_types(toml: TomlDoc, names: tuple[str, ...], vocabulary: UnitVocabulary) -> tuple[str, ...]:
    for name in names:
        if name not in vocabulary.types:
            raise toml.fail("units.square_steps", f'no unit type "{name}"{near_miss(name, vocabulary.types)}')
    return names


def _seasons(toml: TomlDoc) -> Mapping[str, str]:
    """Seasonal boxes of the turn track: season name -> the month it opens ("Winter" = "Jan")."""
    from .model import MONTHS

    table = toml.data.get("seasons", {})
    if not isinstance(table, dict) or not all(v in MONTHS for v in table.values()):
        raise toml.fail("seasons", 'must be a table of season = month, like Winter = "Jan"')
    return MappingProxyType(dict(table))


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
