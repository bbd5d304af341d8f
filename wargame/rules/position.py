"""A position as the rules see it: units, markers and game state, frozen.

``assistant.board`` builds one from a saved game; tests build them by hand. The rules never
look at VASSAL pieces, pixels or files, only at this.

    Unit, MarkerPiece, NationState, GameState, Position
    Position.units_in(hex_or_box) / .markers_in(...) / .unit(id)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from functools import cached_property
from types import MappingProxyType

from records import frozen

SUPPLY_STATES = ("full", "low", "none")  # 7.1: no marker, Low Supply, No Supply


@frozen
class Unit:
    """One unit counter where it stands. ``hex`` or ``box`` (a Map Box code) is set, or
    neither for a unit off the map (faction cards, eliminated). ``level`` is its place in its
    stack, bottom first; ``in_fort`` says it lies under a Fort marker in the same stack;
    ``markers_above`` are the keys of every marker above it in its stack, ``markers_on`` those
    right on it (above it, below the next unit up): a game whose state markers sit on the
    counters they mark reads them there (ETO's Out of Supply)."""

    id: str
    name: str
    key: str
    faction: str
    nationality: str
    kind: str  # ground / air / naval
    type: str  # infantry ... / fighter, bomber / carrier, surface, convoy
    category: str = ""  # field / garrison / air / warship / convoy
    elite: bool = False
    reduced: bool = False
    supply: str = "full"  # the state marked on the counter (7.1)
    sorties: int = 0
    hex: str | None = None
    box: str | None = None
    level: int = 0
    in_fort: bool = False
    markers_above: frozenset[str] = frozenset()  # markers.csv keys of the markers above it in its stack
    markers_on: frozenset[str] = frozenset()  # those right on it, below the next unit up

    @property
    def label(self) -> str:
        """ "GER 7", "USA Inf 6-4": nation and name, the nation once when the name has it."""
        if self.nationality and self.name.startswith(self.nationality + " "):
            return self.name
        return f"{self.nationality} {self.name}".strip()

    @property
    def where(self) -> str:
        return self.hex or self.box or "off map"


@frozen
class MarkerPiece:
    """A marker on the map: its markers.csv key and name (Fort, Control, No EZOC ...)."""

    id: str
    key: str
    name: str
    faction: str = ""
    nationality: str = ""
    hex: str | None = None
    box: str | None = None
    level: int = 0
    flipped: bool = False  # showing its back face (Tobruk fort: UK side)


@frozen
class NationState:
    """A nation's status in the game now and the faction it fights for (None: neutral)."""

    status: str  # active / neutral / conquered / ceded / absent
    faction: str | None


@frozen
class GameState:
    """What the rules need beyond the pieces (read from global properties, a scenario or
    the command line)."""

    month: str = ""
    phase: str = ""
    weather: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    policies: frozenset[str] = frozenset()
    nations: Mapping[str, NationState] = field(default_factory=lambda: MappingProxyType({}))
    ceded: frozenset[str] = frozenset()  # disputed-area names ("Eastern Poland") now ceded
    events_done: frozenset[str] = frozenset()  # events.csv keys of one-time events that happened
    waived: frozenset[str] = frozenset()  # requirements the scenario waives, by name ("Germany West Front")
    turn_track: frozenset[str] = frozenset()  # markers.csv keys of markers now on the Turn Track
    tracked: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # marker key -> its box
    # or track cell on a faction card or the tracks board ("Factory Count 6", "Jun-41")
    tracked_all: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # marker key -> every such box its counters stand in (a key several counters share: TK's
    # Policy markers, one in each Posture Box they affect)
    control: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # faction (or "neutral") -> the territory a scenario gives it at the start beyond what the
    # nations' status says: hex ids and territory words, read by the game's pack (its hex control)
    sources: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # faction -> supply sources a scenario's special rule gives it (hexes, cities, words of the pack)

    def status(self, nation: str) -> str:
        found = self.nations.get(nation)
        return found.status if found else "neutral"

    def faction_of(self, nation: str) -> str | None:
        """The faction a nation's cities and counters belong to; None while it is neutral."""
        found = self.nations.get(nation)
        if found is None or found.status in ("neutral", "absent"):
            return None
        return found.faction


@frozen
class Position:
    """``boards``: the boards of the game in use (empty: all of them). A game whose maps are
    separate windows on one grid (USWC) plays one of them at a time."""

    game: str
    units: tuple[Unit, ...]
    markers: tuple[MarkerPiece, ...]
    state: GameState
    boards: tuple[str, ...] = ()

    @cached_property
    def _by_place(self) -> Mapping[str, tuple[Unit, ...]]:
        out: dict[str, list[Unit]] = {}
        for u in self.units:
            if u.where != "off map":
                out.setdefault(u.where, []).append(u)
        return {k: tuple(sorted(v, key=lambda u: u.level)) for k, v in out.items()}

    @cached_property
    def _markers_by_place(self) -> Mapping[str, tuple[MarkerPiece, ...]]:
        out: dict[str, list[MarkerPiece]] = {}
        for m in self.markers:
            place = m.hex or m.box
            if place:
                out.setdefault(place, []).append(m)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def _by_id(self) -> Mapping[str, Unit]:
        return {u.id: u for u in self.units}

    def units_in(self, place: str) -> tuple[Unit, ...]:
        return self._by_place.get(place, ())

    def markers_in(self, place: str) -> tuple[MarkerPiece, ...]:
        return self._markers_by_place.get(place, ())

    def unit(self, unit_id: str) -> Unit:
        return self._by_id[unit_id]

    @property
    def occupied(self) -> tuple[str, ...]:
        return tuple(sorted(self._by_place))
