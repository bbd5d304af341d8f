"""What a game's content is made of: nations, units, markers, policies, events (frozen data).

The loader (``wargame.content.load``) builds these from the CSV and TOML files under
``scenarios/<game>/``; everything else (module builder, counter sheets, rules assistant)
reads them and never the files.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType

from records import frozen

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTH_RE = re.compile(r"^([A-Z][a-z]{2})-(\d\d)$")


@frozen(order=True)
class Month:
    """A game turn as the turn track prints it ("Jun-41"); ordered in time."""

    year: int  # full year, 1939..
    month: int  # 1..12

    @classmethod
    def parse(cls, text: str) -> Month:
        m = _MONTH_RE.match(text)
        if not m or m.group(1) not in MONTHS:
            raise ValueError(f'"{text}" is not a month like "Jun-41"')
        return cls(1900 + int(m.group(2)), MONTHS.index(m.group(1)) + 1)

    def plus(self, months: int) -> Month:
        """The turn ``months`` later (1.6: Jun-41 + 6 = Dec-41)."""
        n = self.year * 12 + self.month - 1 + months
        return Month(n // 12, n % 12 + 1)

    def __str__(self) -> str:
        return f"{MONTHS[self.month - 1]}-{self.year % 100:02d}"


@frozen
class Timing:
    """When or where a counter enters play: a place, a month, an event plus an offset, a
    seasonal box of the turn track or a year's order of battle.

    Exactly one of ``place``, ``month``, ``event``, ``season`` and ``year`` is set (``season``
    comes with its ``year``: "Autumn 1940"). ``offset`` counts turns after the event, as the
    rules do when they put a counter "six turns later" on the turn track. ``month`` is also the
    first month after a seasonal box or a year, so timings stay comparable.
    """

    place: str | None = None
    month: Month | None = None
    event: str | None = None
    offset: int = 0
    season: str | None = None
    year: int | None = None

    def __str__(self) -> str:
        if self.season is not None:
            return f"{self.season} {self.year}"
        if self.year is not None:
            return str(self.year)
        if self.month is not None:
            return str(self.month)
        if self.event is not None:
            return self.event + (f"+{self.offset}" if self.offset else "")
        return self.place or ""


@frozen
class UnitVocabulary:
    """A game's words for its units (game.toml [units]): kinds, categories and types, what the
    counter art may draw, which categories have two sides, and where a counter may arrive."""

    kinds: Mapping[str, Mapping[str, tuple[str, ...]]]  # kind -> category -> types
    symbols: tuple[str, ...] = ()  # what the art may draw besides a unit's type (a mountain army)
    draw: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # type -> symbol drawn
    two_sided: tuple[str, ...] | None = None  # categories with exactly two sides, the rest one; None: per row
    arrivals: tuple[str, ...] = ()  # place words the arrives column may use
    back_names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # kind -> back state
    labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # type -> printed label
    # How the counters are drawn: "" = by what a row gives (USE's layout, or factors like ETO's);
    # "stepped" = factors, step pips, size, codes and stripes (a game whose counters print them).
    layout: str = ""
    arrows: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # type -> "up" | "down"
    # A back that is a marker, not a unit (a Detachment pennant on an infantry's back): its
    # words -> the icon drawn for it.
    marker_backs: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    square_steps: tuple[str, ...] = ()  # types whose steps print as squares, not dots (fortresses)

    def step_mark(self, unit_type: str) -> str:
        """How a type's steps print: "square" (it cannot organise freely) or "dot"."""
        return "square" if unit_type in self.square_steps else "dot"

    def kind_of(self, unit_type: str) -> str | None:
        """The kind (ground, air, naval) a type belongs to."""
        for kind, cats in self.kinds.items():
            if any(unit_type in types for types in cats.values()):
                return kind
        return None

    def label(self, unit_type: str) -> str:
        """The short name printed on a counter for its type ("BB", "Inf"); the type itself if none."""
        return self.labels.get(unit_type, unit_type)

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(t for cats in self.kinds.values() for types in cats.values() for t in types)

    def category_of(self, kind: str, unit_type: str) -> str | None:
        for category, types in self.kinds.get(kind, {}).items():
            if unit_type in types:
                return category
        return None

    def symbol_of(self, unit_type: str) -> str:
        """The symbol the art draws for a type when a unit names none."""
        return self.draw.get(unit_type, unit_type)

    @property
    def all_symbols(self) -> tuple[str, ...]:
        drawn = tuple(dict.fromkeys(self.symbol_of(t) for t in self.types))
        return tuple(dict.fromkeys((*drawn, *self.symbols)))

    def back_name(self, kind: str) -> str:
        """What the back of a two-sided unit of this kind shows ("reduced", "depleted")."""
        return self.back_names.get(kind, "reduced")


@frozen
class CardVocabulary:
    """A game's words for its cards (game.toml [cards]): the states a card belongs to in
    play order (a war state), the colour a card of each state is printed in, and how many
    cards each faction's published deck holds."""

    states: tuple[str, ...]
    labels: Mapping[str, str]  # state -> what the card prints ("Limited War")
    colours: Mapping[str, tuple[int, int, int]]  # state -> card colour
    published: Mapping[str, int]  # faction -> cards in its published deck


@frozen
class GameSettings:
    """game.toml as the content uses it: names, turns, factions' order, weather and vocabulary."""

    title: str
    short: str
    first_turn: Month
    last_turn: Month
    faction_order: tuple[str, ...]
    weather_zones: tuple[str, ...]
    map_boxes: tuple[str, ...]
    published_counters: int | None
    cup_markers: tuple[str, ...] = ()  # markers that may enter the draw cup in play, besides its start
    fixed_weather: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType({})
    )  # zone -> its only weather (USE desert)
    weather_states: tuple[str, ...] = ("Fair",)  # what the weather of a zone can be
    units: UnitVocabulary = field(default_factory=lambda: UnitVocabulary(MappingProxyType({})))
    nation_columns: tuple[str, ...] = ()  # the game's own columns of nations.csv (income, rail capacity)
    nation_values: tuple[str, ...] = ()  # numbers a scenario may give each nation (EPs, offensives)
    seasons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # season -> month it opens
    place_words: tuple[str, ...] = ()  # boxes a setup may name besides the common ones (force_pool)
    # Turns longer than a month: the month each turn starts in -> the name the turn track
    # prints ("Sep" -> "Sept-Oct"); empty: every month is a turn, named like "Sep-39".
    turn_names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    seasonal_turns: tuple[str, ...] = ()  # months whose turns are seasonal turns (boxed on the track)
    cards: CardVocabulary | None = None  # a game with decks of cards (game.toml [cards])

    def is_turn(self, month: Month) -> bool:
        """Whether a turn starts in this month (every month when turns are months)."""
        return not self.turn_names or MONTHS[month.month - 1] in self.turn_names

    def next_turn(self, month: Month) -> Month:
        """The first turn after ``month``."""
        m = month.plus(1)
        while not self.is_turn(m):
            m = m.plus(1)
        return m

    def turns(self) -> tuple[Month, ...]:
        """Every turn of the game, first to last, each by the month it starts in."""
        out, m = [], self.first_turn
        while m <= self.last_turn:
            out.append(m)
            m = self.next_turn(m)
        return tuple(out)

    def turn_label(self, month: Month) -> str:
        """The turn as the turn track and the turn tracker name it: "Sep-39", or the printed
        name and the year ("Sept-Oct 1939") in a game whose turns have names."""
        if not self.turn_names:
            return str(month)
        return f"{self.turn_names[MONTHS[month.month - 1]]} {month.year}"

    def not_a_turn(self, month: Month) -> str:
        """The complaint about a month in which no turn starts."""
        starts = ", ".join(f"{m} ({name})" for m, name in self.turn_names.items())
        return f"no turn starts in {month}: a turn is named by the month it starts in, {starts}"

    def is_seasonal(self, month: Month) -> bool:
        return MONTHS[month.month - 1] in self.seasonal_turns


@frozen
class Faction:
    """One side of the game (factions.csv): who leads it, its friendly Map Boxes and its allies."""

    key: str
    name: str
    leader: str  # nation abbreviation
    diplomacy_payers: tuple[str, ...]  # nations that pay for Diplomacy (9.1), in order; () = none
    scheme: str  # colour scheme key in art/markers.toml (control markers, palettes)
    friendly_boxes: tuple[str, ...]  # Map Boxes friendly to this faction (2.3)
    rules: tuple[str, ...]
    allies: tuple[str, ...] = ()  # factions that are not its enemies (ETO-style partnerships)


@frozen
class Nation:
    """One country (nations.csv): its side in 1939 and after, its areas, capital, factories and Will."""

    abbr: str
    name: str
    major: bool
    faction_1939: str | None  # None = neutral in September 1939
    joined: str | None  # the faction it historically ended up in, None = stayed neutral
    joined_when: Month | None
    conditional: bool  # exists only after an event (FNA, SYR, VIC: 13.2.2.1)
    capital: str | None
    mainland: tuple[str, ...]
    overseas: tuple[str, ...]
    factories: int | None  # None = production not tracked (USA)
    will: int | None
    will_note: str
    scheme: str  # counter colour scheme key in art/nations.toml
    rules: tuple[str, ...]
    values: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # a game's own columns
    ours: bool = False  # a value of the row is ours, not the game's text
    source: str = ""
    note: str = ""


@frozen
class DisputedArea:
    """A Disputed Area (17.0): whose it is and to whom it may be ceded."""

    key: str
    name: str
    part_of: str  # nation abbreviation
    ceded_to: str  # nation abbreviation
    whole_country: bool
    ceded_by: str
    rules: tuple[str, ...]


@frozen
class Unit:
    """One counter design; ``count`` identical counters of it exist."""

    key: str
    nation: str
    kind: str  # ground | air | naval
    category: str  # field | garrison | air | warship | convoy
    type: str  # infantry paratroop motorized tank garrison | fighter bomber | carrier surface convoy
    symbol: str  # what the counter art draws (type, or mountain, cavalry, mechanized)
    id: str  # historical ID as printed
    sides: int  # 2 for field units (full and reduced), else 1
    elite: bool
    upgrade: bool
    what_if: bool
    count: int
    arrives: Timing
    replaces: str | None  # a unit key, or "type:<type>" for any unit of that type and nation
    note: str
    steps: int | None = None  # steps of a game that counts them (None: as sides)
    front: str = ""  # printed factors in the game's notation ("6-3", "4*-4/3", "4-11-28")
    back: str = ""  # the back's factors, or the words it shows ("previously activated"); "" = blank
    ours: bool = False  # some value of the row is ours, not the game's
    ours_fields: tuple[str, ...] = ()  # which columns are ours
    source: str = ""  # where the values come from
    design: str = ""  # counters printed alike share a design (rows that differ only by arrival)
    label: str = ""  # the type's short printed name ("Inf", "BB"), from the game's vocabulary
    # Printed by games whose counters carry them (all optional):
    back_steps: int | None = None  # steps of the back side (front: ``steps``)
    size: str = ""  # organisation size ("XXXX" army)
    range: int | None = None  # ranged support, airdrop or basing range in hexes
    code: str = ""  # reinforcement code: the card that brings it, or a letter
    delay: bool = False  # a delay stripe: removed to the delay box, not the force pool
    colonial: bool = False  # a colonial unit (its type symbol printed white)
    nat_id: str | None = None  # the nationality printed on the counter ("" none; None: the nation)
    back_type: str = ""  # the type the back shows when it is another unit type (a fortress)
    drm: str = ""  # a die roll modifier the counter prints ("+1")
    breaks_into: str = ""  # the unit a one-step loss turns its reduced side into (a force-pool swap)

    @property
    def printed_nation(self) -> str:
        """The nationality ID the counter prints ("" for none)."""
        return self.nation if self.nat_id is None else self.nat_id

    @property
    def name(self) -> str:
        """What a player calls the counter: its printed ID, else its type and factors
        ("Inf 6-3"), else the words its front shows ("U-boat")."""
        if self.id:
            return self.id
        if not any(c.isdigit() for c in self.front):
            return self.front or self.label or self.type
        return f"{self.label or self.type} {self.front}"

    @property
    def art_key(self) -> str:
        """The key its pictures are filed under: one per printed design."""
        return self.design or self.key

    @property
    def mobile(self) -> bool:
        """Mobile ground units move 10 and pay 2 PP to activate (3.2.2.1)."""
        return self.type in ("motorized", "tank")


@frozen
class Marker:
    """One marker design (markers.csv): what it tracks or what event puts it in play."""

    key: str
    name: str
    kind: str  # event | tracking
    front: str
    back: str  # "" for a one-sided marker
    count: int
    faction: str | None
    nation: str | None
    about: str | None  # disputed area key or weather zone the marker stands for
    starts: Timing
    rules: tuple[str, ...]
    note: str
    ours: bool = False
    source: str = ""


@frozen
class Card:
    """One card design of a faction's deck; ``count`` identical cards of it exist.

    ``template`` marks a card whose printed text we do not know: it stands in for a card of
    the published deck (so the deck has its published size) and prints as a blank template.
    """

    key: str
    faction: str
    number: str  # as printed ("22a"); units arriving by the card print it as their code; "" unknown
    name: str
    state: str  # one of the game's card states (its war state); "" for a template of unknown state
    count: int
    blitz: int = 0  # Blitz Value (lightning bolts)
    rearmament: bool = False
    recyclable: bool = False
    production: int | None = None  # a Production Value the card prints (None: none)
    one_map: bool = False  # used in one-map scenarios only
    requires: str = ""  # selection requirements, in our words
    actions: str = ""  # what the card does, in our words
    rules: tuple[str, ...] = ()
    template: bool = False
    ours: bool = False
    source: str = ""
    note: str = ""

    @property
    def title(self) -> str:
        """What a player calls the card: its number and name ("22a Case Yellow")."""
        return f"{self.number} {self.name}" if self.number else self.name


@frozen
class Policy:
    """A policy (policies.csv) and the rules it changes."""

    key: str
    name: str
    rules: tuple[str, ...]
    marker: str | None
    ends: str
    summary: str


@frozen
class Event:
    """An event (events.csv) and the rules it brings in."""

    key: str
    name: str
    rules: tuple[str, ...]
    once: bool
    trigger: str
    summary: str


@frozen
class Content:
    """A game's complete content. Mappings are read-only and keep the files' row order."""

    settings: GameSettings
    factions: Mapping[str, Faction]
    nations: Mapping[str, Nation]
    disputed_areas: Mapping[str, DisputedArea]
    units: Mapping[str, Unit]
    markers: Mapping[str, Marker]
    policies: Mapping[str, Policy]
    events: Mapping[str, Event]
    cards: Mapping[str, Card] = field(default_factory=lambda: MappingProxyType({}))

    def __getstate__(self) -> dict[str, object]:
        """Pickled with the unit and marker counters kept pickled until first used
        (wargame.compiled.Deferred): a check reads its units off the save's pieces."""
        from wargame.compiled import Deferred

        state = dict(self.__dict__)
        for name in ("units", "markers"):
            if not isinstance(state[name], Deferred):
                state[name] = Deferred(state[name])
        return state

    def deck(self, faction: str) -> tuple[Card, ...]:
        """A faction's cards in the file's order."""
        return tuple(c for c in self.cards.values() if c.faction == faction)

    def units_of(self, nation: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units.values() if u.nation == nation)

    def unit_counters(self) -> int:
        return sum(u.count for u in self.units.values())

    def marker_counters(self) -> int:
        return sum(m.count for m in self.markers.values())
