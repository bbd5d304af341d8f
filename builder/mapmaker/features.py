"""Feature words on hexes and hexsides: what USE's columns cannot say (ETO's resource hexes,
port sizes, canals, ferries, lake and impassable hexsides, fortress hexsides ...).

Two sources, both written in the game's own words (game.toml [map] hex_features and
side_features):

* derived from the data, where settings.toml [features] names the word: `all_lake_hex` (a
  water hex whose water is mostly lake), `lake_side` (a hexside between two hexes with land whose
  line runs through lake water, at least `lake_side_min` of it), `impassable` (a hexside whose
  line runs at least `impassable_min_elevation` metres high on average: the crest of a range;
  with `impassable_min_rise`, also that much above both hexes' centres, so a high plateau is no
  crest);
* listed in map/src/features.toml: `[[hex]]` (hexes by id, places by city name, points by
  [lon, lat], or every land hex of some countries inside a lon/lat polygon), `[[side]]`
  (hexsides by id) and `[[border]]` (every land border hexside between two countries), each
  with the rule that needs it in `why`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString

from builder.mapmaker.inputs import field, read_toml
from wargame.errors import DataError
from wargame.grid import Grid, Layout
from wargame.mapdata import Vocabulary


def derive(
    derived: dict,
    grid: Grid,
    layout: Layout,
    cells,
    kind: list[str],
    lake_water: list[bool],
    country: list[str],
    sides,
    lake_tiles: list,
    warp,
    etopo,
    hex_features: list[set[str]],
    source: str,
) -> None:
    """Add the derived feature words settings.toml [features] asks for."""
    word = derived.get("all_lake_hex")
    if word:
        for i in range(len(kind)):
            if kind[i] == "water" and lake_water[i]:
                hex_features[i].add(word)
    lake_word, high_word = derived.get("lake_side"), derived.get("impassable")
    if not (lake_word or high_word):
        return
    land_sides = [sd for sd in sides if all(kind[cells.index[grid.hex_id(h)]] != "water" for h in sd.side.hexes)]
    segments = [LineString(grid.hexside_endpoints(sd.side, layout)) for sd in land_sides]
    if lake_word:
        least = float(derived.get("lake_side_min", 0.5))
        wet = np.zeros(len(land_sides))
        if lake_tiles and segments:
            tree = shapely.STRtree(lake_tiles)
            si, pi = tree.query(segments, predicate="intersects")
            lens = shapely.length(
                shapely.intersection(np.asarray(segments, dtype=object)[si], np.asarray(lake_tiles, dtype=object)[pi])
            )
            np.add.at(wet, si, lens)
        for sd, seg, w in zip(land_sides, segments, wet):
            if w / seg.length >= least:
                sd.features.add(lake_word)
    if high_word:
        if "impassable_min_elevation" not in derived:
            raise DataError("impassable needs impassable_min_elevation (metres)", source, "[features]")
        height = float(derived["impassable_min_elevation"])
        rise = float(derived.get("impassable_min_rise", 0.0))
        fractions = np.linspace(0.1, 0.9, 5)
        points = np.array([[seg.interpolate(f, normalized=True).coords[0] for f in fractions] for seg in segments])
        if len(points):
            ll = warp.inverse(points.reshape(-1, 2))
            z = etopo.at(ll[:, 0], ll[:, 1]).reshape(len(segments), len(fractions))
            low = np.zeros(len(land_sides))
            if rise:  # a crest stands above the hexes on both sides (not a plateau)
                ends = np.array(
                    [[cells.center_ll[cells.index[grid.hex_id(h)]] for h in sd.side.hexes] for sd in land_sides]
                )
                zc = etopo.at(ends[:, :, 0].ravel(), ends[:, :, 1].ravel()).reshape(len(land_sides), 2)
                low = zc.max(axis=1) + rise
            for sd, mean, floor in zip(land_sides, z.mean(axis=1), low):
                if mean >= height and mean >= floor and not sd.water:
                    sd.features.add(high_word)


def apply(
    path: Path,
    grid: Grid,
    layout: Layout,
    warp,
    cells,
    kind: list[str],
    country: list[str],
    by_sid: dict,
    city_hex: dict[str, str],
    hex_features: list[set[str]],
    vocab: Vocabulary,
) -> None:
    """features.toml: the feature words a rule puts on hexes, hexsides and borders (optional file)."""
    if not path.is_file():
        return
    data = read_toml(path)
    src = str(path)

    for k, e in enumerate(data.get("hex", [])):
        place = f"[[hex]] {k + 1}"
        found = _words(e, src, place, vocab.hex_features, "hex_features")
        targets = _hex_targets(e, src, place, grid, layout, warp, cells, kind, country, city_hex)
        if not targets:
            raise DataError('give "hexes", "places", "at" or "polygon"', src, place)
        for hid in targets:
            hex_features[cells.index[hid]].update(found)
    for k, e in enumerate(data.get("side", [])):
        place = f"[[side]] {k + 1}"
        found = _words(e, src, place, vocab.side_features, "side_features")
        for text in field(e, "sides", list, src, place, []):
            sid = grid.hexside_id(grid.parse_hexside(text, src, place))
            by_sid[sid].features.update(found)
        if "line" in e:  # a line ([lon, lat] ...) taken to the chain of hexsides along it
            from shapely.geometry import LineString

            from builder.mapmaker.hexsides import snapped
            from builder.mapmaker.inputs import line_points

            pts = line_points(e["line"], src, place)
            px = warp.forward([p[0] for p in pts], [p[1] for p in pts])
            ordered = sorted(by_sid.values(), key=lambda sd: sd.sid)
            chain = snapped(grid, layout, ordered, [LineString(px)], 0.2)
            if not chain:
                raise DataError("the line follows no hexside", src, place)
            for i in chain:
                ordered[i].features.update(found)
        elif not field(e, "sides", list, src, place, []):
            raise DataError('give "sides" or "line"', src, place)
    for k, e in enumerate(data.get("border", [])):
        place = f"[[border]] {k + 1}"
        found = _words(e, src, place, vocab.side_features, "side_features")
        pair = field(e, "between", list, src, place)
        if len(pair) != 2:
            raise DataError("between names two countries", src, place)
        hits = 0
        for sd in by_sid.values():
            a, b = (cells.index[grid.hex_id(h)] for h in sd.side.hexes)
            if sd.border == "international" and not sd.water and {country[a], country[b]} == set(pair):
                sd.features.update(found)
                hits += 1
        if not hits:
            raise DataError(f"no land border between {pair[0]} and {pair[1]}", src, place)


def _words(e: dict, src: str, place: str, allowed: tuple[str, ...], setting: str) -> list[str]:
    """An entry's feature words, each one the game's, and the rule that needs them."""
    found = field(e, "features", list, src, place)
    stray = [w for w in found if w not in allowed]
    if stray:
        raise DataError(f"features {stray} are not words of game.toml [map] {setting}", src, place)
    if not field(e, "why", str, src, place, ""):
        raise DataError('say "why" (the rule that needs it)', src, place)
    return found


def _hex_targets(
    e: dict,
    src: str,
    place: str,
    grid: Grid,
    layout: Layout,
    warp,
    cells,
    kind: list[str],
    country: list[str],
    city_hex: dict[str, str],
) -> list[str]:
    """The hexes a [[hex]] entry names: by id, by city, by a point on land, inside a polygon."""
    targets = [grid.hex_id(grid.parse(h, src, place)) for h in field(e, "hexes", list, src, place, [])]
    for name in field(e, "places", list, src, place, []):
        if name not in city_hex:
            raise DataError(f'no city "{name}" on the map', src, place)
        targets.append(city_hex[name])
    for point in field(e, "at", list, src, place, []):
        x, y = warp.forward([float(point[0])], [float(point[1])])[0]
        h = grid.hex_at(float(x), float(y), layout)
        if not grid.contains(h) or kind[cells.index[grid.hex_id(h)]] == "water":
            raise DataError(f"{point} is not in a land hex of the map", src, place)
        targets.append(grid.hex_id(h))
    if "polygon" in e:
        from shapely.geometry import Polygon

        from builder.mapmaker.inputs import polygon_points

        poly = Polygon(polygon_points(e["polygon"], src, place))
        owners = set(field(e, "countries", list, src, place, []))
        hit = shapely.contains_xy(poly, cells.center_ll[:, 0], cells.center_ll[:, 1])
        targets += [
            cells.ids[i] for i in np.nonzero(hit)[0] if kind[i] != "water" and (not owners or country[i] in owners)
        ]
    return targets


def networks(nets, by_sid: dict, hex_features: list[set[str]], vocab: Vocabulary, source: str) -> None:
    """The words of the named transport networks (transport.toml [[network]]): every hexside a
    network crosses carries its word; a hex carries the word of the first network listed that
    runs through it (TK: where Rail and Road meet, the hex has the Rail symbol)."""
    named = [n for n in nets if n.word]
    for net in named:
        for setting, allowed in (("hex_features", vocab.hex_features), ("side_features", vocab.side_features)):
            if net.word not in allowed:
                raise DataError(f'network "{net.word}" is not a word of game.toml [map] {setting}', source)
    taken: set[int] = set()
    for net in named:
        for i in sorted(net.hexes - taken):
            hex_features[i].add(net.word)
        taken |= net.hexes
        for sid in net.sides:
            by_sid[sid].features.add(net.word)
