"""USE's conditional events as a position shows them (13.3-13.8): the area where an Axis unit
or marker fires each, which events a marker on the tracks shows already happened, and the notes
that Axis units or markers stand where an event fires.

    event_areas(sit) -> {event: predicate}    where each conditional event fires
    events_fired(sit) -> frozenset[str]       events a marker on the tracks shows happened
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wargame.rules import Finding
from wargame.rules.use.home_defense import borders_key

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation

EVENT_RULES = {
    "east_invaded": ("13.3", "East Invaded"),
    "mediterranean_crisis": ("13.4", "Mediterranean Crisis"),
    "ussr_northern_border": ("13.6", "USSR Northern Border"),
    "ussr_southern_border": ("13.7", "USSR Southern Border"),
    "west_invaded": ("13.8", "West Invaded"),
}
# Markers that only an event puts on the tracks or the map: seeing one shows the event happened.
EVENT_EVIDENCE = {
    "east_invaded": ("fac-lost-ussr", "lend-lease-ussr", "urals-fac", "russian-winter"),
    "west_invaded": ("fac-lost-uk", "lend-lease-uk", "commonwealth-trade"),
}

# the owners of the land next to French and British lands overseas, by the map's borders
_OWNERS: dict[tuple, tuple[object, dict[str, frozenset[str]]]] = {}


def _overseas_of_fra_uk(sit: Situation, h: str) -> bool:
    info = sit.map.hexes[h]
    owner = sit.owner(h)
    return owner in ("FRA", "UK") and info.is_land and not sit.is_mainland(h, owner)


def event_areas(sit: Situation) -> dict[str, Callable[[str], bool]]:
    """Event -> whether an Axis unit or marker in (or attacking into) a hex fires it."""
    state = sit.pos.state

    def east(h: str) -> bool:
        owner = sit.owner(h)
        return owner in ("EST", "LAT", "LIT", "USSR") or (
            owner == "POL" and state.status("POL") == "active" and state.faction_of("POL") == "axis"
        )

    key = (*borders_key(sit), "mediterranean")
    found = _OWNERS.get(key)
    if found is None or found[0] is not sit.map:
        owners: set[str] = set()
        created = sit._created
        for h, info in sit.map.hexes.items():
            # only a land hex of France or Britain, of a Disputed Area or of a created country
            # can be their land overseas: the others need not be asked (a first check's time)
            if info.kind == "water" or not (info.country in ("FRA", "UK") or info.disputed or info.area in created):
                continue
            if not _overseas_of_fra_uk(sit, h):
                continue
            for nid, _water, _line in sit.map.adjacent[h]:
                if sit.map.hexes[nid].is_land:
                    owners.add(sit.owner(nid))
        found = (sit.map, {"owners": frozenset(owners)})
        _OWNERS[key] = found
    neighbours = found[1]["owners"]

    def med(h: str) -> bool:
        if not sit.map.hexes[h].is_land:
            return False
        if _overseas_of_fra_uk(sit, h):
            return True
        owner = sit.owner(h)
        if owner in ("FRA", "UK") and sit.is_mainland(h, owner):
            return False  # the invasion of France or Britain is no Mediterranean Crisis
        return bool(owner) and owner in neighbours

    def row(h: str) -> int:
        return int(h[:2]) if h[:2].isdigit() else -1

    def north(h: str) -> bool:
        return sit.owner(h) == "USSR" and 0 <= row(h) < 16

    def south(h: str) -> bool:
        return sit.owner(h) == "USSR" and row(h) > 36

    def west(h: str) -> bool:
        owner = sit.owner(h)
        return owner in ("BEL", "NET", "IRE") or (owner in ("FRA", "UK") and sit.is_mainland(h, owner))

    return {
        "east_invaded": east,
        "mediterranean_crisis": med,
        "ussr_northern_border": north,
        "ussr_southern_border": south,
        "west_invaded": west,
    }


def events_fired(sit: Situation) -> frozenset[str]:
    """Events known to have happened: the game state says so (a scenario's events_done, an
    Event_<key> property), or a marker only the event puts in play is there (13.3, 13.8)."""
    state = sit.pos.state
    seen = set(state.tracked) | set(state.turn_track) | {m.key for m in sit.pos.markers}
    shown = {e for e, keys in EVENT_EVIDENCE.items() if seen & set(keys)}
    return frozenset(shown | set(state.events_done))


def trigger_notes(sit: Situation) -> list[Finding]:
    out = []
    done = events_fired(sit)
    areas = event_areas(sit)
    axis_units = [u for u in sit.pos.units if u.faction == "axis" and u.hex]
    axis_markers = [m for m in sit.pos.markers if m.faction == "axis" and m.hex and not m.name.startswith("Pro")]
    for event, inside in areas.items():
        if event in done:
            continue
        units = [u for u in axis_units if inside(u.hex or "")]  # all on hexes (axis_units)
        markers = [m for m in axis_markers if inside(m.hex or "") and m.name not in ("Control", "Fort")]
        if not units and not markers:
            continue
        rule, name = EVENT_RULES[event]
        who = [f"{u.label} in {u.hex}" for u in units[:4]] + [f"a {m.name} marker in {m.hex}" for m in markers[:2]]
        more = len(units) + len(markers) - len(who)
        out.append(
            Finding(
                rule,
                "events",
                "axis",
                tuple(u.id for u in units),
                tuple(sorted({u.hex or "" for u in units})),
                f"{name} fires when an Axis unit or marker enters, attacks into or is placed in "
                f"its area: {', '.join(who)}{f' and {more} more' if more > 0 else ''}; it happens "
                "once per scenario, so this is news only if it has not happened yet",
                severity="note",
            )
        )
    return out
