"""Hex control (24.4): who holds each land hex of a position.

    start_control(state, mapdata, data, allies) -> {hex: faction}     the scenario's territory
    hex_control(start, pos, mapdata, data, enemies) -> {hex: faction} with markers and occupants

Three layers, each over the one before:

1. **The start.** Every hex of a nation goes to the partnership the nation's status names (an
   active nation's own, a conquered one's conqueror's); a neutral nation's hexes are nobody's
   (24.4: minor countries start neutral). The scenario's ``[control]`` (the save's
   ``Control_<faction>`` properties) then gives territory by entries, the more specific winning:
   ``country:GER`` < ``rows:ITA W01-W20`` (a country's hexes on those rows of a sheet, Scn 11.1)
   < ``area:East Prussia`` < ``line:Vichy`` (a temporary-border zone) < ``front:<hexes> from
   <hex>`` and ``behind:<hexes> from <hex>`` < a hex id. A front gives its line of hexes (each
   hex joined to the next by the straight run between them: the text lists the front hex by
   hex, or as ``A-B`` runs) and every hex of the line's countries that the ``from`` hex
   reaches without crossing it (Scn 15.1's winter 1942 front in the USSR);
   ``behind`` the same without the line itself (Scn 15.1: Libya east of a line).
2. **Control markers** (24.4): the Axis marker gives the hex to the Axis; the Allied marker to
   the Soviet partnership on Soviet territory and to the Western Allies elsewhere (ours).
3. **Occupation** (24.4, 45.4): a land unit other than an HQ (or general) makes its hex its
   partnership's, unless an allied partnership holds it (42.5: allies do not take each other's
   hexes). Passage through a hex is seen only by an audit of a log; a save shows what is there.

Fronts (24.5) are a player's demonstration during his own phase and are not computed: a save
that relies on one shows the hexes it took with control markers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from wargame.errors import DataError
from wargame.rules.eto.data import RulesData
from wargame.rules.position import GameState, Position

if TYPE_CHECKING:
    from wargame.mapdata import HexInfo, MapData

__all__ = ["hex_control", "start_control", "NEUTRAL"]

NEUTRAL = "neutral"
LEVELS = ("country", "rows", "area", "line", "front", "hex")


def start_control(state: GameState, mapdata: MapData, data: RulesData) -> dict[str, str]:
    """Hex -> faction at the start of the scenario (1 above). DataError for an entry that names
    no territory of the map (the save's property or the scenario file is wrong)."""
    by_nation: dict[str, str] = {}
    for abbr in state.nations:
        faction = state.faction_of(abbr)
        if faction:
            by_nation[abbr] = faction
    holder: dict[str, str] = {}
    for hid, info in mapdata.hexes.items():
        if info.is_land and info.country in by_nation and info.country not in data.no_entry_countries:
            holder[hid] = by_nation[info.country]
    if not state.control:
        return holder
    claims: dict[str, dict[str, str]] = {level: {} for level in LEVELS}
    for who, entries in sorted(state.control.items()):
        for entry in entries:
            level, hexes = _entry_hexes(entry, mapdata, holder, who)
            for h in hexes:
                claims[level][h] = who
    for level in LEVELS:
        for h, who in claims[level].items():
            if who == NEUTRAL:
                holder.pop(h, None)
            else:
                holder[h] = who
    return holder


def _entry_hexes(entry: str, mapdata: MapData, holder: Mapping[str, str], who: str) -> tuple[str, list[str]]:
    word, sep, rest = entry.partition(":")
    where = f"the hex control of {who} ({entry!r})"

    if not sep:
        try:
            return "hex", [mapdata.grid.hex_id(mapdata.grid.parse(entry))]
        except DataError:
            raise DataError(f'"{entry}" is not a hex of the map', where) from None
    name = rest.strip()
    if word in ("country", "area", "line"):
        found = _index(mapdata, word).get(name, [])
        if not found:
            raise DataError(f'no {word} "{name}" on the map', where)
        return word, found
    if word in ("front", "behind"):
        line, reached = _front(name, mapdata, where)
        return "front", sorted(reached | line) if word == "front" else sorted(reached)
    if word == "rows":
        country, _sp, span = name.partition(" ")
        try:
            a, b = (mapdata.grid.parse(x.strip() + "01") for x in span.split("-"))
        except (DataError, ValueError):
            raise DataError(
                "rows are written rows:<country> <sheet><row>-<sheet><row> (rows:ITA W01-W20)", where
            ) from None
        if a.board != b.board:
            raise DataError("rows of one sheet only", where)
        lo, hi = sorted((a.row, b.row))
        found = [
            h for h, i in _land(mapdata) if i.country == country and i.hex.board == a.board and lo <= i.hex.row <= hi
        ]
        if not found:
            raise DataError(f"no hex of {country} on those rows", where)
        return "rows", found
    raise DataError(f'"{word}" is not a territory word ({", ".join(LEVELS[:-1])})', where)


_INDEX: dict[int, tuple[MapData, dict[str, dict[str, list[str]]]]] = {}


def _index(mapdata: MapData, attr: str) -> dict[str, list[str]]:
    """Land hexes by country, area or line, built once per map."""
    found = _INDEX.get(id(mapdata))
    if found is None or found[0] is not mapdata:
        table: dict[str, dict[str, list[str]]] = {"country": {}, "area": {}, "line": {}}
        for h, i in _land(mapdata):
            for key in table:
                table[key].setdefault(getattr(i, key), []).append(h)
        found = (mapdata, table)
        _INDEX[id(mapdata)] = found
    return found[1][attr]


def _land(mapdata: MapData) -> list[tuple[str, HexInfo]]:
    return [(h, i) for h, i in mapdata.hexes.items() if i.is_land]


def _front(text: str, mapdata: MapData, where: str) -> tuple[set[str], set[str]]:
    """(the line's hexes, the hexes of the line's countries the ``from`` hex reaches without
    crossing the line; land adjacency over any hexside)."""
    line_text, sep, seed = text.partition(" from ")
    if not sep:
        raise DataError("a front names the hex behind it: front:<hexes> from <hex>", where)
    grid = mapdata.grid
    line: set[str] = set()
    try:
        points = [grid.parse(w) for w in line_text.replace("-", " ").split()]
        for a, b in zip(points, points[1:] or points):
            line |= {grid.hex_id(h) for h in grid.line(a, b)}
        start = grid.hex_id(grid.parse(seed.strip()))
    except DataError as exc:
        raise DataError(f"a front's hexes: {exc.problem}", where) from None
    countries = {mapdata.hexes[h].country for h in line if h in mapdata.hexes}
    seen = {start}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in grid.neighbours(grid.parse(h)):
            nid = grid.hex_id(n)
            info = mapdata.hexes.get(nid)
            if nid in seen or nid in line or info is None or not info.is_land or info.country not in countries:
                continue
            seen.add(nid)
            queue.append(nid)
    return line, seen


def hex_control(
    start: Mapping[str, str], pos: Position, mapdata: MapData, data: RulesData, enemies: Callable[[str, str], bool]
) -> dict[str, str]:
    """The start, then control markers, then occupying land units (2 and 3 above)."""
    held = dict(start)
    for m in pos.markers:
        side = data.control_markers.get(m.key)
        if side is None or m.hex is None or m.hex not in mapdata.hexes:
            continue
        if side == "allied":
            info = mapdata.hexes[m.hex]
            soviet = info.country in data.soviet_countries or info.line in data.soviet_lines
            side = "soviet" if soviet else "western"
        held[m.hex] = side
    for place in pos.occupied:
        if place not in mapdata.hexes:
            continue
        takers = {
            u.faction for u in pos.units_in(place) if u.kind == "ground" and u.type in data.occupiers and u.faction
        }
        if len(takers) != 1:
            continue  # none, or two partnerships in one hex (a stacking finding says so)
        (taker,) = takers
        now = held.get(place, "")
        if not now or enemies(now, taker):
            held[place] = taker
    return held
