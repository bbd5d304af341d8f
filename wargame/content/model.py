"""What a game's content is made of: nations, units, markers, policies, events (frozen data).

The loader (``wargame.content.load``) builds these from the CSV and TOML files under
``scenarios/<game>/``; everything else (module builder, counter sheets, rules assistant)
reads them and never the files.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTH_RE = re.compile(r"^([A-Z][a-z]{2})-(\d\d)$")


@dataclass(frozen=True, order=True)
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


@dataclass(frozen=True)
class Timing:
    """When or where a counter enters play: a place, a month, or an event plus an offset.

    Exactly one of ``place``, ``month`` and ``event`` is set. ``offset`` counts turns after the
    event, as the rules do when they put a counter "six turns later" on the turn track.
    """

    place: str | None = None
    month: Month | None = None
    event: str | None = None
    offset: int = 0

    def __str__(self) -> str:
        if self.month is not None:
            return str(self.month)
        if self.event is not None:
            return self.event + (f"+{self.offset}" if self.offset else "")
        return self.place or ""


@dataclass(frozen=True)
class GameSettings:
    title: str
    short: str
    first_turn: Month
    last_turn: Month
    faction_order: tuple[str, ...]
    weather_zones: tuple[str, ...]
    map_boxes: tuple[str, ...]
    published_counters: int | None
    cup_markers: tuple[str, ...] = ()  # markers that may enter the draw cup in play, besides its start
    fixed_weather: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # zone -> its only weather (USE desert)
    weather_states: tuple[str, ...] = ("Fair",)  # what the weather of a zone can be


@dataclass(frozen=True)
class Faction:
    key: str
    name: str
    leader: str  # nation abbreviation
    diplomacy_payers: tuple[str, ...]  # nations that pay for Diplomacy (9.1), in order
    scheme: str  # colour scheme key in art/markers.toml (control markers, palettes)
    friendly_boxes: tuple[str, ...]  # Map Boxes friendly to this faction (2.3)
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Nation:
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


@dataclass(frozen=True)
class DisputedArea:
    key: str
    name: str
    part_of: str  # nation abbreviation
    ceded_to: str  # nation abbreviation
    whole_country: bool
    ceded_by: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
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

    @property
    def mobile(self) -> bool:
        """Mobile ground units move 10 and pay 2 PP to activate (3.2.2.1)."""
        return self.type in ("motorized", "tank")


@dataclass(frozen=True)
class Marker:
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


@dataclass(frozen=True)
class Policy:
    key: str
    name: str
    rules: tuple[str, ...]
    marker: str | None
    ends: str
    summary: str


@dataclass(frozen=True)
class Event:
    key: str
    name: str
    rules: tuple[str, ...]
    once: bool
    trigger: str
    summary: str


@dataclass(frozen=True)
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

    def units_of(self, nation: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units.values() if u.nation == nation)

    def unit_counters(self) -> int:
        return sum(u.count for u in self.units.values())

    def marker_counters(self) -> int:
        return sum(m.count for m in self.markers.values())
