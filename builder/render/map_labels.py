"""What the map's text says and where it goes: Sea Zone numbers and area names, hex numbers,
city names placed clear of symbols and of one another, Map Box texts, the Terrain Key's words,
the title and the credits."""

from __future__ import annotations

import math
import textwrap

from PIL import Image

from builder.render.map_features import tag_box
from builder.render.map_lines import Point
from builder.render.map_margins import overlaps
from builder.render.map_scene import HexMark, Scene
from builder.render.map_strips import StripJob
from builder.render.map_style import MapStyle
from builder.render.map_symbols import WHITE
from builder.render.map_text import Label, Occupied, Recording, TextLayer, rect_distance
from wargame.board import BoxArea
from wargame.games import find_game
from wargame.mapdata import Box, MapData

TITLE = "Staffwork \u2014 {title}, {board} map"  # when board.toml gives no art_title
CREDITS = (
    "Geography: Natural Earth (public domain), warped onto the game's hex grid. Place names: GeoNames "
    "(CC BY 4.0), 1939 forms. Font: Barlow Condensed (SIL Open Font License)."
)
ZONE_CREDIT = " Sea Zone borders and numbers beyond those the rules name are a reconstruction."
NAMED_ZONE_CREDIT = " {label} borders beyond those the rules name are a reconstruction."
AREA_CREDIT = " Sea area borders and names beyond those the rules name are a reconstruction."


def text_pass(image: Image.Image | Recording, job: StripJob, data: MapData) -> list[Label]:
    """Every text of the map at the final size, the lightest layer first; the labels drawn
    (or recorded, to be put on the image once its strips are drawn)."""
    scene = job.scene
    t = TextLayer(image, job.scale, job.style)
    _sea_text(t, scene)
    numbers, occupied = _hex_numbers(t, scene)
    _tag_letters(t, scene, occupied)
    _city_names(t, scene, numbers, occupied)
    _port_sizes(t, scene)
    _crossing_names(t, scene, occupied)
    _box_text(t, job, data)
    _key_text(t, job)
    _title(t, scene, job.style)
    return t.labels


def _sea_text(t: TextLayer, scene: Scene) -> None:
    """Sea Zone numbers, sea area names and values, area names: under names and numbers."""
    st, radius = t.st, scene.radius
    col, sz, fonts = st.colours, st.sizes, st.fonts
    # Sea Zone numbers and area names first: the lightest layer, under names and numbers
    zone_font = t.font(fonts["zone"], sz["zone_number"])
    small_zone = t.font(fonts["zone"], sz["zone_number"] * 0.5)
    for tag in scene.tags:
        if tag.kind == "zone":
            t.blended("zone", tag.at, tag.text, zone_font, col["zone_number"], 0.75)
        elif tag.kind == "zone_small":
            t.blended("zone", tag.at, tag.text, small_zone, col["zone_border"], 0.85)
    sea_font = t.font(fonts["zone"], sz.get("sea_name", sz["zone_number"] * 0.42))
    value_font = t.font(fonts["zone"], sz.get("sea_values", sz["zone_number"] * 0.3))
    for tag in scene.tags:  # named sea areas (ETO): the name, and the area's values under it
        if tag.kind == "sea":
            t.spaced("zone", tag.at, tag.text, sea_font, col["zone_number"], sz.get("sea_name", 46) * 0.12)
        elif tag.kind == "sea_values":
            t.blended("zone", tag.at, tag.text, value_font, col["zone_border"], 0.9)
    area_font = t.font(fonts["area"], sz["area_name"])
    for tag in scene.tags:
        if tag.kind == "area":
            t.spaced(
                "area",
                (tag.at[0], tag.at[1] + radius * 0.1),
                tag.text,
                area_font,
                col["area_name"],
                sz["area_name"] * 0.18,
            )


def _hex_numbers(t: TextLayer, scene: Scene) -> tuple[Occupied, Occupied]:
    """Hex numbers; the boxes they take, and those of the city symbols (kept clear of names)."""
    st, scale, radius = t.st, t.scale, scene.radius
    col, sz, fonts = st.colours, st.sizes, st.fonts
    # hex numbers (RRCC) near the top point of every hex; a name may cover one if it must
    num_font = t.font(fonts["hex_number"], sz["hex_number"])
    numbers = Occupied(200 * scale)
    occupied = Occupied(200 * scale)  # symbols and names: never covered if it can be helped
    for h in scene.hexes:
        if not h.gridded:
            continue  # a sea area without printed hexes (ETO 7.2)
        fill = col["sea_number"] if h.kind == "water" else col["land_number"]
        box = t.text("hex", (h.center[0], h.center[1] - radius * 0.64), h.id, num_font, fill)
        numbers.add(box)
    for c in scene.cities:
        x, y = c.center
        occupied.add(((x - 34) * scale, (y - 16) * scale, (x + 34) * scale, (y + 16) * scale))
    return numbers, occupied


def _tag_letters(t: TextLayer, scene: Scene, occupied: Occupied) -> None:
    """The letters on the tag plates (Key Port ...), which names keep clear of."""
    st, scale, radius = t.st, t.scale, scene.radius
    sz, fonts = st.sizes, st.fonts
    # the letters of the tags (Key Port, Multi-Zone Port ...) on their plates: names keep clear
    tag_font = t.font(fonts["capital"], sz["hex_number"] * 0.95)
    for m in scene.marks:
        if m.draw == "tag":
            x0, y0, x1, y1 = tag_box(m, radius)
            t.text("tag", ((x0 + x1) / 2, (y0 + y1) / 2), st.features[m.word].text, tag_font, WHITE)
            occupied.add(((x0 - 3) * scale, (y0 - 3) * scale, (x1 + 3) * scale, (y1 + 3) * scale))


def _city_names(t: TextLayer, scene: Scene, numbers: Occupied, occupied: Occupied) -> None:
    """Each city's name at the best of the places around its symbol."""
    st, scale = t.st, t.scale
    col, sz, fonts = st.colours, st.sizes, st.fonts
    symbols = _Symbols([(c.hex, c.center[0] * scale, c.center[1] * scale) for c in scene.cities])
    # city names: the best place around the symbol: clear of other names and symbols, nearer
    # to its own symbol than to any other (a name must not read as its neighbour's), close
    for c in sorted(scene.cities, key=lambda c: (not c.capital, not c.factory, c.hex, c.name)):
        fnt = t.font(
            fonts["capital"] if c.capital else fonts["name"], sz["capital_name"] if c.capital else sz["city_name"]
        )
        x, y = c.center
        near = 17 if not c.capital else 19
        candidates = _name_spots(x, y, near)
        best = None
        for order, (at, anchor) in enumerate(candidates):
            box = t.bbox(at, c.name, fnt, anchor, stroke=round(3 * scale))
            own = rect_distance(box, x * scale, y * scale)
            reach = own + 1.5  # a symbol as far as this along x or y is at least as far in all
            ambiguous = any(
                rect_distance(box, ox, oy) < reach
                for h, ox, oy in symbols.near(box, reach)
                if box[0] - ox < reach
                and ox - box[2] < reach
                and box[1] - oy < reach
                and oy - box[3] < reach
                and h != c.hex
            )
            hard = occupied.overlap(box)
            score = (
                hard > 0,
                ambiguous,
                hard + numbers.overlap(box) / (4 * scale * scale) + 3 * own / max(scale, 1e-6) + order,
            )
            if best is None or score < best[0]:
                best = (score, at, anchor)
        assert best is not None  # there are always candidates
        (_hard, ambiguous, _rest), at, anchor = best
        box = t.text("city", at, c.name, fnt, col["name"], anchor, halo=col["halo"], halo_px=3)
        occupied.add(box)
        if ambiguous:  # no place is nearer its own symbol than another's: a leader line says whose
            t.leader((x * scale, y * scale), box, col["name"])


class _Symbols:
    """The city symbols (hex, x, y) in cells, so a name's place is checked against those near it
    only (every place of every name against every symbol was a million tests)."""

    CELL = 256.0

    def __init__(self, symbols: list[tuple[str, float, float]]) -> None:
        self.cells: dict[tuple[int, int], list[tuple[str, float, float]]] = {}
        for s in symbols:
            self.cells.setdefault((math.floor(s[1] / self.CELL), math.floor(s[2] / self.CELL)), []).append(s)

    def near(self, box, reach: float) -> list[tuple[str, float, float]]:
        """Every symbol within ``reach`` of ``box`` along x and along y (and maybe a few more)."""
        c = self.CELL
        i0, i1 = math.floor((box[0] - reach) / c), math.floor((box[2] + reach) / c)
        j0, j1 = math.floor((box[1] - reach) / c), math.floor((box[3] + reach) / c)
        return [s for i in range(i0, i1 + 1) for j in range(j0, j1 + 1) for s in self.cells.get((i, j), ())]


def _name_spots(x: float, y: float, near: float) -> list[tuple[Point, str]]:
    """The places a city's name may take around its symbol at (x, y), best first, each with
    its text anchor."""
    return [
        ((x, y + near), "mt"),
        ((x + 35, y), "lm"),
        ((x - 35, y), "rm"),
        ((x + 30, y + near), "lt"),
        ((x - 30, y + near), "rt"),
        ((x, y + near + 22), "mt"),
        ((x, y - near - 24), "mb"),
        ((x + 35, y - 14), "lb"),
        ((x - 35, y - 14), "rb"),
        ((x + 35, y + 14), "lt"),
        ((x - 35, y + 14), "rt"),
        ((x, y + near + 44), "mt"),
        ((x, y - near), "mb"),
        ((x + 22, y - near), "lb"),
        ((x - 22, y - near), "rb"),
        ((x + 60, y), "lm"),
        ((x - 60, y), "rm"),
        ((x, y - near - 48), "mb"),
        ((x + 50, y + near + 10), "lt"),
        ((x - 50, y + near + 10), "rt"),
        ((x + 50, y - near - 10), "lb"),
        ((x - 50, y - near - 10), "rb"),
    ]


def _port_sizes(t: TextLayer, scene: Scene) -> None:
    """How many ships each port holds (ETO 7.7)."""
    st = t.st
    col, sz, fonts = st.colours, st.sizes, st.fonts
    # port sizes (ETO 7.7): the ships a port holds, under its anchor
    ships_font = t.font(fonts["hex_number"], sz["hex_number"] * 0.95)
    for c in scene.cities:
        if c.ships:
            t.text(
                "port",
                (c.center[0] - 23, c.center[1] + 16),
                str(c.ships),
                ships_font,
                col["port"],
                "mt",
                halo=col["halo"],
                halo_px=2,
            )


def _crossing_names(t: TextLayer, scene: Scene, occupied: Occupied) -> None:
    """The names of straits and canals, beside the crossing."""
    st, scale = t.st, t.scale
    col, sz, fonts = st.colours, st.sizes, st.fonts
    # straits and canals
    small = t.font(fonts["name"], sz["city_name"] * 0.85)
    for a, b, name in scene.straits + scene.canals:  # beside the crossing, clear of names if it can be
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx = 1 if b[0] >= a[0] else -1
        spots = [
            ((mx + 16 * dx, my + 18), "lt" if dx > 0 else "rt"),
            ((mx - 16 * dx, my - 18), "rb" if dx > 0 else "lb"),
            ((mx + 16 * dx, my - 18), "lb" if dx > 0 else "rb"),
            ((mx - 16 * dx, my + 18), "rt" if dx > 0 else "lt"),
        ]
        at, anchor = min(
            spots,
            key=lambda sp: (
                occupied.overlap(t.bbox(sp[0], name, small, sp[1], stroke=round(3 * scale))),
                spots.index(sp),
            ),
        )
        box = t.text(
            "strait",
            at,
            name,
            small,
            col["strait"] if (a, b, name) in scene.straits else col["canal"],
            anchor,
            halo=col["halo"],
            halo_px=2.5,
        )
        occupied.add(box)


def _box_text(t: TextLayer, job: StripJob, data: MapData) -> None:
    """Each Map Box's name and what it prints; the names on the arrows to other boxes."""
    scene, st = job.scene, job.style
    col, sz, fonts = st.colours, st.sizes, st.fonts
    title = t.font(fonts["title"], sz["box_title"])
    small_title = t.font(fonts["title"], sz["box_title"] * 0.7)
    small_body = t.font(fonts["text"], sz["box_text"] * 0.8)
    for b in scene.board.boxes:
        info = data.boxes.get(b.code)
        name = info.name if info else b.code
        small = b.height < SMALL_BOX
        fnt = small_title if small else title
        lines = _fit_lines(t, name.upper(), fnt, b.width - 30)
        y: float = b.y + (18 if small else 30)
        for line in lines:
            t.text("box", (b.x + b.width / 2, y), line, fnt, col["box_title"], "mt")
            y += sz["box_title"] * (0.75 if small else 1.05)
        if info and small:  # a Naval Zone Box and the like: its name, and what it prints
            for line in _fit_lines(t, info.printed, small_body, b.width - 30):
                t.text("box", (b.x + b.width / 2, y + 6), line, small_body, col["box_text"], "mt")
                y += sz["box_text"] * 0.95
        elif info:
            _map_box_text(t, scene, b, info, data, y)
    arrows_font = t.font(fonts["text"], sz["box_text"] * 0.95)
    for a, b, kind in job.arrows:
        if kind.startswith("to the"):
            up = b[1] < a[1]
            t.text("box", (b[0], b[1] + (-6 if up else 6)), kind, arrows_font, col["box_text"], "mb" if up else "mt")


def _map_box_text(t: TextLayer, scene: Scene, b: BoxArea, info: Box, data: MapData, y: float) -> None:
    """A Map Box's words under its name from ``y`` down: which side it is friendly to, its
    printed rules, the sea zones or areas beside it, the boxes its arrows lead to."""
    st = t.st
    col, sz, fonts = st.colours, st.sizes, st.fonts
    body = t.font(fonts["text"], sz["box_text"])
    big = t.font(fonts["zone"], sz["zone_number"] * 0.6)
    t.text(
        "box",
        (b.x + b.width / 2, y + 6),
        f"Map Box \u00b7 {info.friendly}-friendly" if info.friendly else "Map Box",
        body,
        col["box_text"],
        "mt",
    )
    y += sz["box_text"] * 1.6
    for line in textwrap.wrap(info.printed, 34):  # the box's own printed rules
        t.text("box", (b.x + b.width / 2, y + 10), line, body, col["box_text"], "mt")
        y += sz["box_text"] * 1.15
    if info.adjacent_zones and (scene.sea_areas or scene.zone_label):  # named sea zones: their names
        names = [data.zones[z].name for z in info.adjacent_zones if z in data.zones]
        word = scene.zone_label or "Sea area"
        for i, n in enumerate([word + ("s:" if len(names) > 1 else ":")] + names):
            t.text("box", (b.x + b.width / 2, y + 10 + i * sz["box_text"] * 1.15), n, body, col["box_text"], "mt")
        y += 10 + (len(names) + 1) * sz["box_text"] * 1.15
    elif info.adjacent_zones:
        label = "Adjacent Sea Zone" + ("s" if len(info.adjacent_zones) > 1 else "")
        t.text("box", (b.x + b.width / 2, y + 10), label, body, col["box_text"], "mt")
        t.blended(
            "box",
            (b.x + b.width / 2, y + 40 + sz["zone_number"] * 0.3),
            "  ".join(str(z) for z in info.adjacent_zones),
            big,
            col["zone_number"],
            1.0,
        )
        y += 40 + sz["zone_number"] * 0.6
    if info.adjacent_boxes:
        names = [data.boxes[o].name for o in info.adjacent_boxes if o in data.boxes]
        t.text(
            "box",
            (b.x + b.width / 2, y + 10),
            "Arrows to: " + ", ".join(names[:1]),
            body,
            col["box_text"],
            "mt",
        )
        for i, n in enumerate(names[1:], start=1):
            t.text("box", (b.x + b.width / 2, y + 10 + i * sz["box_text"] * 1.15), n, body, col["box_text"], "mt")
        y += 10 + len(names) * sz["box_text"] * 1.15
    if info.ground_edge and not info.printed:  # a box that prints its own rule says it above
        side = f"{info.friendly} ground" if info.friendly else "Ground"
        for i, line in enumerate(
            (f"{side} and air units move", "between this box and the", "hexes on the map edge beside it")
        ):
            t.text(
                "box",
                (b.x + b.width / 2, y + 20 + i * sz["box_text"] * 1.15),
                line,
                body,
                col["box_text"],
                "mt",
            )


SMALL_BOX = 220  # board px: a box lower than this prints only its name and its printed line


def _fit_lines(t: TextLayer, text: str, fnt, width: float) -> list[str]:
    """Words wrapped into lines no wider than `width` board px (a long word keeps a line)."""
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and t.draw.textlength(trial, font=fnt) <= width * t.scale:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


def _key_text(t: TextLayer, job: StripJob) -> None:
    (title, at), items = job.key
    st = job.style
    col, sz, fonts = st.colours, st.sizes, st.fonts
    t.text("key", at, title, t.font(fonts["title"], sz["key_title"]), col["title"], "lt")
    fnt = t.font(fonts["text"], sz["key_text"])
    tag_font = t.font(fonts["capital"], sz["hex_number"] * 0.95)
    for item in items:
        x, y = item.at
        t.text("key", (x + 60, y), item.text, fnt, col["box_text"], "lm")
        if item.kind.startswith("mark:tag:"):
            word = item.kind.split(":", 2)[2]
            x0, y0, x1, y1 = tag_box(HexMark("tag", word, (x, y), "key"), 30.0)
            t.text("key", ((x0 + x1) / 2, (y0 + y1) / 2), st.features[word].text, tag_font, WHITE)


def _title(t: TextLayer, scene: Scene, st: MapStyle) -> None:
    col, sz, fonts = st.colours, st.sizes, st.fonts
    left, _, _right, bottom = scene.grid_box
    y = bottom + (scene.board.height - bottom) * 0.42
    board = scene.board
    title = board.art_title or TITLE.format(title=find_game(board.game).title, board=board.title)
    t.text("title", (left + 20, y), title, t.font(fonts["title"], sz["title"]), col["title"], "lm")
    cred = t.font(fonts["text"], sz["credits"])
    hex_note = (
        f"Hexes {scene.board.layout.along:.0f} px apart (the VASSAL board at 100%); printed at "
        f"{st.render['print_hex_inch']} in per hex. {_numbering_note(scene.board)}"
    )
    credits = CREDITS + (ZONE_CREDIT if any(tag.kind.startswith("zone") for tag in scene.tags) else "")
    if any(tag.kind == "sea" for tag in scene.tags):
        credits += NAMED_ZONE_CREDIT.format(label=scene.zone_label) if scene.zone_label else AREA_CREDIT
    t.text("title", (left + 20, y + sz["title"] * 0.75), credits, cred, col["box_text"], "lt")
    t.text("title", (left + 20, y + sz["title"] * 0.75 + sz["credits"] * 1.4), hex_note, cred, col["box_text"], "lt")


def _numbering_note(board) -> str:
    """How the board's hexes are numbered, from its grid (rows, columns and which way they run;
    each sheet's when it shows several, and which lies on top)."""
    runs = {"south": "north to south", "north": "south to north", "east": "west to east", "west": "east to west"}
    shown = board.sheets() if hasattr(board, "sheets") else ()
    sheets = [
        s for s in board.grid.boards if board.window.sheet in (None, s.prefix) and (not shown or s.prefix in shown)
    ]
    if len(sheets) == 1:
        rows = board.window.rows or sheets[0].rows
        return (
            f"Hex numbers RRCC: row {rows[0]:02d}-{rows[1]:02d} {runs[sheets[0].rows_grow]}, "
            f"column {runs[sheets[0].cols_grow]}."
        )
    parts = [
        f"{s.prefix}: rows {s.rows[0]:02d}-{s.rows[1]:02d} {runs[s.rows_grow]}, columns {runs[s.cols_grow]}"
        + ((f", laid over {s.over}" if overlaps(board.grid, s.prefix) else f", beside {s.over}") if s.over else "")
        for s in sheets
    ]
    return "Hex numbers: sheet letter and RRCC. " + "; ".join(parts) + "."
