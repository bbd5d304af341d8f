"""What the map board shows, in board pixels: the committed map data turned into shapes.

Everything here is plain geometry computed once per render (polygons, polylines, label anchors)
from `wargame.board` (where the hexes are) and `wargame.mapdata` (what is in them); the raster
code in mapart.py only scales and draws it. Hex geometry comes from the grid object alone, so
the picture and the module's VASSAL grid agree to the pixel.

    build_scene(board, data, style) -> Scene      (the style: map_style.load_style; lines: map_lines)
"""

from __future__ import annotations

import json
import math
import zlib
from collections import defaultdict, deque

from builder.render.map_lines import BBox, Line, Point, bbox_of, chain
from builder.render.map_style import MARK_DRAWS, TRACK_DRAWS, MapStyle
from records import frozen
from wargame.board import Board
from wargame.errors import DataError
from wargame.mapdata import ROUGH, WEATHER, MapData, unit_layout


@frozen
class HexShape:
    id: str
    center: Point
    corners: tuple[Point, ...]
    kind: str
    terrain: str
    faded: bool
    prohibited: bool
    seed: int  # stable per-hex number for the jitter of terrain symbols (crc32 of the id)
    features: frozenset[str] = frozenset()
    gridded: bool = True  # False: open water of a sea area without printed hexes (no outline, no number)


@frozen
class Polygon:
    exterior: Line
    holes: tuple[Line, ...]
    bbox: BBox


@frozen
class Stroke:
    """A polyline with a style key (river, border, weather:cold/mild, ...)."""

    style: str
    points: Line
    bbox: BBox


@frozen
class CityMark:
    name: str
    hex: str
    center: Point
    capital: bool
    factory: bool
    port: bool
    resource: bool = False  # a city resource hex (ETO)
    ships: int = 0  # the port's size, printed by its anchor (0: none printed)
    icebound: bool = False


@frozen
class HexMark:
    """A feature symbol of a hex (resource, airfield ...), by the feature's draw kind."""

    draw: str
    word: str
    center: Point
    hex: str
    corners: tuple[Point, ...] = ()  # the hex's outline (frame)
    slot: int = 0  # tag: its place among the hex's tags, left to right


@frozen
class Connector:
    """A hexside feature drawn from one hex centre to the other (ferry, link)."""

    draw: str
    word: str
    a: Point
    b: Point


@frozen
class Tag:
    """A label anchored at a board point (zone numbers, area names, straits)."""

    text: str
    at: Point
    kind: str


@frozen
class Scene:
    board: Board
    radius: float  # hex centre-to-corner distance in board px (along a row / sqrt 3)
    hexes: tuple[HexShape, ...]
    land: tuple[Polygon, ...]
    lakes: tuple[Polygon, ...]
    strokes: tuple[Stroke, ...]
    cities: tuple[CityMark, ...]
    tags: tuple[Tag, ...]
    straits: tuple[tuple[Point, Point, str], ...]
    canals: tuple[tuple[Point, Point, str], ...]
    grid_box: BBox
    marks: tuple[HexMark, ...] = ()
    connectors: tuple[Connector, ...] = ()
    line_names: tuple[str, ...] = ()  # the later lines / temporary borders drawn
    weather_order: tuple[str, ...] = WEATHER
    sea_areas: bool = False  # the sea spaces are ETO-style areas: names and values, not numbers
    zone_label: str = ""  # sea zones printed by name, called this in the key (game.toml [map] zone_label)
    line_label: str = ""  # what the key calls the `line` borders (game.toml [map] line_label)
    rough: frozenset[str] = ROUGH  # the game's rough terrains: the key says "(rough)" after them


def _unit_to_board(board: Board):
    """Map geometry.json's unit-hex coordinates onto the board: same hexes, board spacing."""
    unit = unit_layout(board.grid)
    ux, uy = board.grid.center(unit.ref, unit)
    bx, by = board.center(unit.ref)
    sx = board.layout.along / unit.along
    sy = board.layout.across / unit.across
    return lambda p: (bx + (p[0] - ux) * sx, by + (p[1] - uy) * sy)


def _polygons(geometry: dict, layer: str, to_board) -> tuple[Polygon, ...]:
    for f in geometry["features"]:
        if f["properties"].get("layer") == layer:
            g = f["geometry"]
            polys = g["coordinates"] if g["type"] == "MultiPolygon" else [g["coordinates"]]
            out = []
            for rings in polys:
                ext = tuple(to_board(p) for p in rings[0])
                holes = tuple(tuple(to_board(p) for p in r) for r in rings[1:])
                out.append(Polygon(ext, holes, bbox_of(ext)))
            return tuple(out)
    return ()


class _Land:
    """The drawn land as shapely polygons, each made once and prepared for point tests (a
    continent's coast has tens of thousands of points, and most cities stand near it)."""

    def __init__(self, land: tuple[Polygon, ...]):
        self.land = land
        self._shapes: dict[int, object] = {}

    def shape(self, i: int):
        import shapely

        found = self._shapes.get(i)
        if found is None:
            p = self.land[i]
            found = self._shapes[i] = shapely.Polygon(p.exterior, p.holes)
            shapely.prepare(found)
        return found


def _on_land(center: Point, corners: tuple[Point, ...], land: _Land, radius: float) -> Point:
    """Where a city's symbol goes: the hex centre, unless the drawn coast leaves that in the sea
    (a coastal city whose land lies in part of its hex); then the nearest land of its own hex, a
    little inside the coast and away from the hex's edge, so the symbol never stands in the water
    nor leaves its hex."""
    import shapely
    import shapely.ops

    here = shapely.Point(center)
    shapes = [
        land.shape(i)
        for i, p in enumerate(land.land)
        if p.bbox[0] - radius <= center[0] <= p.bbox[2] + radius
        and p.bbox[1] - radius <= center[1] <= p.bbox[3] + radius
    ]
    if not shapes or any(shape.contains(here) for shape in shapes):
        return center
    room = shapely.Polygon(corners).buffer(-radius * 0.15)  # inside the hex
    # Only the land around the hex counts: cut to a box twice the hex's size before the union
    # and the inward buffer (whose edge moves radius / 20), so a coast's far side is not buffered.
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    box = (min(xs) - radius, min(ys) - radius, max(xs) + radius, max(ys) + radius)
    cut = [shapely.clip_by_rect(shape, *box) for shape in shapes]
    target = shapely.unary_union(cut).buffer(-radius * 0.05).intersection(room)
    if target.is_empty:
        return center
    _, point = shapely.ops.nearest_points(here, target)
    return (round(point.x, 2), round(point.y, 2))


def _weather_key(a: str, b: str, order: tuple[str, ...] = WEATHER) -> str:
    """The style key of a weather line: the two zones in the order the game names them."""
    lo, _hi = sorted((order.index(a), order.index(b)))
    return f"{order[lo]}/{order[lo + 1]}"


def build_scene(
    board: Board,
    data: MapData,
    style: MapStyle,
    weather_order: tuple[str, ...] = WEATHER,
    zone_label: str = "",
    line_label: str = "",
    rough: frozenset[str] = ROUGH,
) -> Scene:
    """Every shape and anchor of the board, in board pixels. `weather_order`: the game's weather
    zones (game.toml [map] weather), coldest first; `zone_label`, `line_label`: how the game
    names its sea zones and `line` borders, and `rough` its rough terrains (game.toml [map])."""
    radius = board.layout.along / math.sqrt(3)
    try:
        geometry = json.loads((data.folder / "geometry.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError("coastline geometry not found", str(data.folder / "geometry.json")) from None
    to_board = _unit_to_board(board)
    hexes = _hex_shapes(board, data)
    land = _polygons(geometry, "land", to_board)
    cities = _city_marks(board, data, style, _Land(land), radius)
    groups: dict[str, list[tuple[Point, Point]]] = defaultdict(list)
    _side_segments(board, data, style, cities, groups)
    _hex_edges(board, data, style, weather_order, groups)
    strokes = tuple(
        Stroke(style_key, line, bbox_of(line)) for style_key in sorted(groups) for line in chain(groups[style_key])
    )
    marks = _hex_marks(board, data, style)
    connectors = _connectors(board, data, style)
    straits, canals = _crossings(board, data)
    tags = _zone_tags(board, data, bool(zone_label)) + _area_tags(board, data, style)
    return Scene(
        board,
        radius,
        hexes,
        land,
        _polygons(geometry, "lakes", to_board),
        strokes,
        cities,
        tags,
        straits,
        tuple(canals),
        board.bounds(),
        marks=tuple(marks),
        connectors=tuple(connectors),
        weather_order=weather_order,
        sea_areas=data.sea_areas,
        line_names=tuple(sorted({s.line for s in data.sides.values() if s.line})),
        zone_label=zone_label,
        line_label=line_label,
        rough=frozenset(rough),
    )


def _hex_shapes(board: Board, data: MapData) -> tuple[HexShape, ...]:
    """Every hex of the data: outline, terrain and marks (a sea area's hexes ungridded)."""
    g, lay = board.grid, board.layout
    ungridded = {z.number for z in data.zones.values() if not z.gridded}
    return tuple(
        HexShape(
            h.id,
            board.center(h.hex),
            g.corners(h.hex, lay),
            h.kind,
            h.terrain,
            h.faded_dot,
            h.prohibited,
            zlib.crc32(h.id.encode()),
            h.features,
            not (h.is_water and h.seazones and set(h.seazones) <= ungridded),
        )
        for h in sorted(data.hexes.values(), key=lambda h: h.id)
    )


def _city_marks(board: Board, data: MapData, style: MapStyle, shapes: _Land, radius: float) -> tuple[CityMark, ...]:
    """Each city's symbol, on land inside its hex, with what its hex's features add."""
    g, lay = board.grid, board.layout
    drawn = style.features

    def ships(hex_id: str) -> int:
        return max(
            (f.ships for w in data.hexes[hex_id].features if (f := drawn.get(w)) and f.draw == "port-size"), default=0
        )

    def has_draw(hex_id: str, kind: str) -> bool:
        return any((f := drawn.get(w)) and f.draw == kind for w in data.hexes[hex_id].features)

    return tuple(
        CityMark(
            c.name,
            c.hex,
            _on_land(board.center(g.parse(c.hex)), g.corners(g.parse(c.hex), lay), shapes, radius),
            c.capital,
            c.factory,
            c.port,
            has_draw(c.hex, "resource"),
            ships(c.hex) if c.port else 0,
            has_draw(c.hex, "icebound"),
        )
        for c in data.cities
    )


def _side_segments(
    board: Board,
    data: MapData,
    style: MapStyle,
    cities: tuple[CityMark, ...],
    groups: dict[str, list[tuple[Point, Point]]],
) -> None:
    """The hexside segments of each line style (rivers, borders, later lines, transport lines
    and networks, features along hexsides) into ``groups``."""
    g, lay = board.grid, board.layout
    drawn = style.features
    stop = {c.hex: c.center for c in cities}  # a Transport Line runs to the city's symbol

    def at(h):
        return stop.get(g.hex_id(h)) or board.center(h)

    for s in sorted(data.sides.values(), key=lambda s: s.id):
        ends = g.hexside_endpoints(s.side, lay)
        if s.river:
            groups["river"].append(ends)
        if s.border == "international" and not s.water:
            groups["border"].append(ends)
        elif s.border == "disputed" and not s.water:
            groups["disputed"].append(ends)
        if s.line:
            groups["later"].append(ends)
        tracks = [w for w in sorted(s.features) if (f := drawn.get(w)) is not None and f.draw in TRACK_DRAWS]
        if s.transport and not tracks:  # a game's named networks (Rail, Road) draw instead
            groups["transport"].append((at(s.side.a), at(s.side.b)))
        for word in tracks:
            groups["feature:" + word].append((at(s.side.a), at(s.side.b)))
        for word in sorted(s.features):
            f = drawn.get(word)
            if f is not None and f.draw in ("canal", "lake", "impassable", "fortress"):
                groups["feature:" + word].append(ends)


def _hex_edges(
    board: Board,
    data: MapData,
    style: MapStyle,
    weather_order: tuple[str, ...],
    groups: dict[str, list[tuple[Point, Point]]],
) -> None:
    """The segments between two hexes that differ (weather, outlined features, sheets, sea
    zones, restricted hexes) and the map's frame, into ``groups``."""
    g, lay = board.grid, board.layout
    drawn = style.features
    for h in sorted(data.hexes.values(), key=lambda h: h.id):
        corners = g.corners(h.hex, lay)
        for i, direction in enumerate(g.directions):
            if not board.holds(g.step(h.hex, direction)):
                groups["frame"].append((corners[i], corners[(i + 1) % 6]))
        for n in g.neighbours(h.hex):
            o = data.hexes.get(g.hex_id(n))
            if o is None:
                continue
            if o.id <= h.id:
                continue
            keys = _edge_keys(h, o, data, drawn, weather_order)
            if keys:  # most hexsides are none of these: their corners are not worked out
                ends = g.hexside_endpoints(g.hexside(h.hex, n), lay)
                for key in keys:
                    groups[key].append(ends)


def _edge_keys(h, o, data: MapData, drawn, weather_order: tuple[str, ...]) -> list[str]:
    """The line styles the hexside between hexes ``h`` and ``o`` is drawn in, in drawing order."""
    keys = []
    if h.weather and o.weather and h.weather != o.weather and not (data.sea_areas and not (h.is_land and o.is_land)):
        # (with sea areas that have their own weather, the lines run over land only)
        keys.append("weather:" + _weather_key(h.weather, o.weather, weather_order))
    for word in sorted(h.features ^ o.features):
        f = drawn.get(word)
        if f is not None and f.draw == "outline" and h.is_land and o.is_land:
            keys.append("outline:" + word)
    if h.hex.board != o.hex.board:
        keys.append("seam")
    if h.seazones and o.seazones and not set(h.seazones) & set(o.seazones):
        keys.append("zone")
    if h.restricted != o.restricted and h.is_land and o.is_land and h.country == o.country:
        keys.append("restricted")
    return keys


def _hex_marks(board: Board, data: MapData, style: MapStyle) -> list[HexMark]:
    """The symbols of hex features (a city's resource excepted: the city shows it)."""
    g, lay = board.grid, board.layout
    drawn = style.features
    city_hexes = {c.hex for c in data.cities}
    marks = []
    order = {w: i for i, w in enumerate(drawn)}  # tags left to right in the style's order
    for h in sorted(data.hexes.values(), key=lambda h: h.id):
        plates = 0  # tag plates of this hex so far
        for word in sorted(h.features, key=lambda w: (order.get(w, len(order)), w)):
            f = drawn.get(word)
            if f is None or f.draw not in MARK_DRAWS:
                continue
            if f.draw == "resource" and h.id in city_hexes:
                continue  # a city resource hex: the city's own symbol says it
            marks.append(HexMark(f.draw, word, board.center(h.hex), h.id, g.corners(h.hex, lay), plates))
            plates += f.draw == "tag"
    return marks


def _connectors(board: Board, data: MapData, style: MapStyle) -> list[Connector]:
    """Ferries and links between the two hexes of a hexside."""
    drawn = style.features
    connectors = []
    for s in sorted(data.sides.values(), key=lambda s: s.id):
        for word in sorted(s.features):
            f = drawn.get(word)
            if f is not None and f.draw in ("ferry", "link"):
                connectors.append(Connector(f.draw, word, board.center(s.side.a), board.center(s.side.b)))
    return connectors


def _crossings(
    board: Board, data: MapData
) -> tuple[tuple[tuple[Point, Point, str], ...], list[tuple[Point, Point, str]]]:
    """Straits (hexside to hexside) and canals (port to port), each with its name."""
    g = board.grid
    straits = tuple(
        (board.center(s.side.a), board.center(s.side.b), s.strait)
        for s in sorted(data.sides.values(), key=lambda s: s.id)
        if s.strait
    )
    canals = []
    for link in data.links:
        if link.kind == "canal" and "/" in link.via:
            a, b = (g.parse(x) for x in link.via.split("/"))
            canals.append((board.center(a), board.center(b), link.note.split(";")[0].strip() or "Canal"))
    return straits, canals


def sea_values(zone) -> str:
    """What a sea area prints besides its name (ETO 7.4, 8.4): "MP 20", "INT -3"."""
    parts = []
    if zone.entry_mp:
        parts.append(f"MP {zone.entry_mp}")
    if zone.interception:
        parts.append(f"INT {zone.interception:+d}".replace("-", "\u2212"))  # a true minus sign
    return "  ".join(parts)


def _zone_tags(board: Board, data: MapData, names: bool = False) -> tuple[Tag, ...]:
    """One big number per Sea Zone, on its water hex farthest from anything else; a second one on
    another large separate stretch of the same zone (1.3.6: a number printed twice is one zone).
    A game of named sea areas (data.sea_areas) gets the area's name there instead, and its values
    (entry cost, interception) under it; `names`: a game whose zones are printed by name (TK)."""
    names = names or data.sea_areas
    g = board.grid
    tags = []
    city_hexes = {c.hex for c in data.cities}
    for z in sorted(data.zones):
        own = {h.id for h in data.hexes.values() if h.is_water and h.seazones == (z,)}
        if not own:
            coastal = sorted((h for h in data.hexes.values() if z in h.seazones), key=lambda h: (h.land_pct, h.id))
            if coastal and not names:
                tags.append(Tag(str(z), board.center(coastal[0].hex), "zone_small"))
            elif coastal:  # a zone of coastal hexes only: its name on its most open one
                tags.append(Tag(data.zones[z].name.upper(), board.center(coastal[0].hex), "sea"))
            continue
        # distance of each own hex to the nearest hex that is not open water of this zone
        dist: dict[str, int] = {}
        queue: deque[str] = deque()
        for hid in sorted(own):
            h = data.hexes[hid].hex
            if any(g.hex_id(n) not in own for n in g.neighbours(h)) or len(g.neighbours(h)) < 6:
                dist[hid] = 0
                queue.append(hid)
        while queue:
            hid = queue.popleft()
            for n in g.neighbours(data.hexes[hid].hex):
                nid = g.hex_id(n)
                if nid in own and nid not in dist:
                    dist[nid] = dist[hid] + 1
                    queue.append(nid)
        for hid in own:
            dist.setdefault(hid, 0)
        parts = _components(g, own, data)
        parts.sort(key=lambda p: (-len(p), min(p)))
        for i, part in enumerate(parts[:2]):
            if i and len(part) < 25:
                break
            pts = {hid: board.center(data.hexes[hid].hex) for hid in part}
            cx = sum(p[0] for p in pts.values()) / len(pts)
            cy = sum(p[1] for p in pts.values()) / len(pts)
            best = max(
                sorted(part),
                key=lambda hid: (
                    dist[hid],
                    -_crowding(g, data, hid, city_hexes),
                    -math.hypot(pts[hid][0] - cx, pts[hid][1] - cy),
                ),
            )
            at = board.center(data.hexes[best].hex)
            if names:
                tags.append(Tag(data.zones[z].name.upper(), at, "sea"))
                values = sea_values(data.zones[z])
                if values and not i:
                    tags.append(Tag(values, (at[0], at[1] + board.layout.across * 0.55), "sea_values"))
                continue
            tags.append(Tag(str(z), at, "zone" if dist[best] else "zone_small"))
    return tuple(tags)


def _crowding(g, data: MapData, hid: str, city_hexes: set[str]) -> int:
    """How much land and how many city names lie around a hex: a zone number goes where it
    covers least (ties between equally deep water hexes, e.g. in a narrow sea)."""
    total = 0
    for n in (data.hexes[hid].hex, *g.neighbours(data.hexes[hid].hex)):
        nid = g.hex_id(n)
        if nid in data.hexes:
            total += data.hexes[nid].land_pct
        total += 150 if nid in city_hexes else 0
    return total


def _components(g, ids: set[str], data: MapData) -> list[set[str]]:
    left, parts = set(ids), []
    for start in sorted(ids):
        if start not in left:
            continue
        part, queue = {start}, [start]
        left.discard(start)
        while queue:
            for n in g.neighbours(data.hexes[queue.pop()].hex):
                nid = g.hex_id(n)
                if nid in left:
                    left.discard(nid)
                    part.add(nid)
                    queue.append(nid)
        parts.append(part)
    return parts


def _area_tags(board: Board, data: MapData, style: MapStyle) -> tuple[Tag, ...]:
    """Area names (countries and overseas areas) on the land hex nearest their middle that has
    no city, so the name does not fight a city's label."""
    areas: dict[str, list] = defaultdict(list)
    for h in data.hexes.values():
        if h.area and h.is_land and not h.faded_dot:
            areas[h.area].append(h)
    city_hexes = {c.hex for c in data.cities}
    tags = []
    for name in sorted(areas):
        hs = areas[name]
        if len(hs) < style.area_min_hexes:
            continue
        pts = [board.center(h.hex) for h in hs]
        mx, my = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        free = [h for h in hs if h.id not in city_hexes and h.kind == "land"] or hs
        best = min(free, key=lambda h: (math.dist(board.center(h.hex), (mx, my)), h.id))
        tags.append(Tag(style.area_labels.get(name, name.upper()), board.center(best.hex), "area"))
    return tuple(tags)
