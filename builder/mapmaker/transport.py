"""Transport networks (USE 1.3.7; TK's Rail and Road, tk_rules.md 2.3): chains of stops
routed over land hexes.

transport.toml holds USE's one network of Transport Lines (top-level `lines`, `avoid`,
`ferries`), or any number of `[[network]]` tables, each named by a feature `word` of the game
(game.toml [map] hex_features and side_features) with its own `lines`, `avoid` and `ferries`:
the hexes and hexsides of a named network carry its word, and a hex several networks run
through carries only the word of the first network listed (TK: a junction of Rail and Road is a
Rail hex). Every network sets the `transport` column too.

A leg is the cheapest path between two stops; each hex costs 1, rough terrain 0.8 more, a river
crossing 0.6 more, and hexsides already carrying a line of the same network half price, so the
lines share tracks as railways do. Ties break on hex ids, so the network is the same on every
run. `ferries` are water hexsides a network may cross (a strait's ferry or bridge); with
`cross_straits = false` a network crosses a Strait hexside (seazones.toml [[strait]]) only where
`ferries` lists it too (TK: a Connected Strait is a strait a Road or Rail continues across).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Mapping
from pathlib import Path

from builder.mapmaker.inputs import field, read_toml
from records import frozen
from wargame.errors import DataError
from wargame.grid import Grid


@frozen
class Network:
    word: str  # the feature word its hexes and hexsides carry ("" for USE's Transport Lines)
    hexes: frozenset[int]  # indices of the hexes it runs through
    sides: frozenset[str]  # ids of the hexsides it crosses


def route(
    path: Path,
    grid: Grid,
    ids: list[str],
    index: dict[str, int],
    passable: list[bool],
    rough: list[bool],
    sides: Mapping[str, object],
    city_hex: dict[str, str],
) -> list[Network]:
    """Every network of transport.toml, routed."""
    data = read_toml(path)
    src = str(path)
    nbrs = [[index[grid.hex_id(h)] for h in grid.neighbours(grid.parse(i))] for i in ids]
    tables = [("", data, "")] if "lines" in data else []
    tables += [
        (field(e, "word", str, src, f"[[network]] {k + 1}"), e, f"[[network]] {k + 1} ")
        for k, e in enumerate(data.get("network", []))
    ]
    if not tables:
        raise DataError('give "lines" or [[network]] tables', src)
    words = [w for w, _, _ in tables]
    if len(set(words)) != len(words):
        raise DataError("two networks share a word", src)
    return [
        _network(word, table, where, src, grid, ids, index, nbrs, passable, rough, sides, city_hex)
        for word, table, where in tables
    ]


def _network(
    word: str,
    table: dict,
    where: str,
    src: str,
    grid: Grid,
    ids: list[str],
    index: dict[str, int],
    nbrs: list[list[int]],
    passable: list[bool],
    rough: list[bool],
    sides: Mapping[str, object],
    city_hex: dict[str, str],
) -> Network:
    avoid = set(field(table, "avoid", list, src, where + "avoid", []))
    for a in avoid:
        grid.parse(a, src, where + "avoid")
    ferries = {
        grid.hexside_id(grid.parse_hexside(f, src, where + "ferries"))
        for f in field(table, "ferries", list, src, where + "ferries", [])
    }
    straits = field(table, "cross_straits", bool, src, where + "cross_straits", True)
    used_sides: set[str] = set()
    line_hexes: set[int] = set()

    def stop(name: str, place: str) -> int:
        hid = city_hex.get(name)
        if hid is None:
            if name[:1].isdigit() or (name[:1].isalpha() and name[1:2].isdigit()):
                hid = grid.hex_id(grid.parse(name, src, place))
            else:
                raise DataError(f'no city "{name}" on the map', src, place)
        return index[hid]

    for li, chain in enumerate(field(table, "lines", list, src, where + "lines")):
        place = f"{where}lines[{li + 1}]"
        stops = [stop(s, place) for s in chain]
        for a, b in itertools.pairwise(stops):
            leg = _cheapest(a, b, nbrs, ids, passable, rough, sides, avoid, ferries, used_sides, straits)
            if leg is None:
                raise DataError(f"no land route from {ids[a]} to {ids[b]}", src, place)
            line_hexes.update(leg)
            for x, y in itertools.pairwise(leg):
                used_sides.add(_sid(ids[x], ids[y]))
    return Network(word, frozenset(line_hexes), frozenset(used_sides))


def _sid(a: str, b: str) -> str:
    return "/".join(sorted((a, b)))


def _cheapest(
    a: int, b: int, nbrs, ids, passable, rough, sides, avoid, ferries, used, straits: bool = True
) -> list[int] | None:
    best = {a: 0.0}
    prev: dict[int, int] = {}
    heap = [(0.0, ids[a], a)]
    while heap:
        d, _, i = heapq.heappop(heap)
        if i == b:
            break
        if d > best.get(i, float("inf")):
            continue
        for j in nbrs[i]:
            if j != b and (not passable[j] or ids[j] in avoid):
                continue
            sid = _sid(ids[i], ids[j])
            sd = sides.get(sid)
            if sd is None or ((sd.water or (sd.strait and not straits)) and sid not in ferries):
                continue
            step = 1.0 + (0.8 if rough[j] else 0.0) + (0.6 if sd.river else 0.0)
            if sid in used:
                step *= 0.5
            nd = d + step
            if nd < best.get(j, float("inf")) - 1e-9:
                best[j] = nd
                prev[j] = i
                heapq.heappush(heap, (nd, ids[j], j))
    if b not in best:
        return None
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]
