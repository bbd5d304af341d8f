"""What the margins hold, laid out in board pixels: the Terrain Key's entries (only what the
board shows) and the arrows between connected Map Boxes. Drawn by map_strips.py (shapes) and
map_labels.py (text)."""

from __future__ import annotations

import itertools
import math

from builder.render.map_features import feature_draw
from builder.render.map_lines import Point
from builder.render.map_scene import Scene
from builder.render.map_style import MARK_DRAWS, TRACK_DRAWS, MapStyle, load_style
from records import frozen


@frozen
class KeyItem:
    kind: str  # terrain:<t>, faded, prohibited, capital, city, factory, port, stroke:<style>, strait, canal,
    #            city-resource, port-major, icebound, mark:<draw>:<word>, connector:<draw>:<word>
    text: str
    at: Point  # where the sample sits (board px)


def _key_entries(scene: Scene, st: MapStyle) -> list[tuple[str, str]]:
    """Every key entry the board needs, in reading order, with its text."""
    labels = st.key_labels
    out = [
        (
            f"terrain:{t}",
            labels.get(f"terrain:{t}", t.capitalize()) + (" (rough)" if t in scene.rough and t != "rough" else ""),
        )
        for t in st.terrain
    ]
    out += [
        ("faded", "Faded Dot hex: no ground movement"),
        ("prohibited", labels.get("prohibited", "Prohibited country")),
        ("capital", "Capital"),
        ("city", "City"),
        ("city-resource", labels.get("city-resource", "City resource hex")),
        ("factory", "Factory"),
        ("port", labels.get("port", "Port")),
        ("port-major", labels.get("port-major", "Major port")),
    ]
    out += [
        (
            f"icebound:{f.word}",
            labels.get(f"icebound:{f.word}") or (labels.get("icebound", f.label) if f.word == "icebound" else f.label),
        )
        for f in st.features.values()
        if f.draw == "icebound"
    ]
    for draw in MARK_DRAWS:
        out += [(f"mark:{draw}:{f.word}", f.label) for f in st.features.values() if f.draw == draw]
    out += [
        ("stroke:river", "River hexside"),
        ("stroke:border", "International border"),
        ("stroke:disputed", "Disputed border"),
    ]
    zone_border = (
        f"{scene.zone_label} border"
        if scene.zone_label
        else "Sea area border"
        if scene.sea_areas
        else "Sea Zone border"
    )
    out += [
        ("stroke:later", scene.line_label or " / ".join(scene.line_names) + " line"),
        ("stroke:restricted", labels.get("restricted", "Restricted line")),
        ("stroke:transport", "Transport Line"),
        ("stroke:zone", zone_border),
        ("strait", "Strait"),
        ("canal", "Canal"),
    ]
    out += [
        (f"stroke:feature:{f.word}", f.label)
        for f in st.features.values()
        if f.draw in ("canal", "lake", "impassable", "fortress", *TRACK_DRAWS)
    ]
    out += [(f"connector:{f.draw}:{f.word}", f.label) for f in st.features.values() if f.draw in ("ferry", "link")]
    order = scene.weather_order
    out += [
        (f"stroke:weather:{a}/{b}", f"Weather line {a.capitalize()} / {b.capitalize()}")
        for a, b in itertools.pairwise(order)
    ]
    out += [(f"stroke:outline:{f.word}", f.label) for f in st.features.values() if f.draw == "outline"]
    laid = [b.prefix for b in scene.board.grid.boards if b.over]
    if laid and not any(overlaps(scene.board.grid, p) for p in laid):  # sheets that abut (TK's maps)
        out.append(("stroke:seam", labels.get("seam-abut", "Where the maps meet")))
    else:
        out.append(("stroke:seam", labels.get("seam", "Edge of the sheet on top (where its numbers begin)")))
    return out


def key_items(scene: Scene, st: MapStyle | None = None) -> tuple[tuple[str, Point], tuple[KeyItem, ...]]:
    """The Terrain Key: only what the board shows. In the board's key area (board.toml
    [boards.key]) when it has one, else in the west margin under the lowest Map Box."""
    st = st or load_style()
    board = scene.board
    canal_sides = any(feature_draw(st, s.style) == "canal" for s in scene.strokes)
    entries = [
        (kind, text)
        for kind, text in _key_entries(scene, st)
        if _shown(scene, kind) and not (kind == "canal" and canal_sides)
    ]  # drawn as hexsides instead
    area = board.key_area
    if area is not None:
        x, top, bottom = float(area.x), float(area.y), float(area.y + area.height)
        columns = 2 if len(entries) * 60 > area.height - 60 else 1
        per = math.ceil(len(entries) / columns)
        step = min(78.0, (bottom - top - 60) / max(1, per))
        items = tuple(
            KeyItem(kind, text, (x + 55 + (i // per) * area.width / columns, top + 60 + step * (i % per + 0.5)))
            for i, (kind, text) in enumerate(entries)
        )
        return ("TERRAIN KEY", (x, top)), items
    west = [b for b in board.boxes if b.x + b.width <= scene.grid_box[0]]
    top = max((b.y + b.height for b in west), default=scene.grid_box[1] - 120) + 120
    x = 60.0
    space = board.height - 40 - (top + 60)
    step = min(78.0, space / len(entries))
    items = tuple(KeyItem(kind, text, (x + 55, top + 60 + step * (i + 0.5))) for i, (kind, text) in enumerate(entries))
    return ("TERRAIN KEY", (x, top)), items


def _shown(scene: Scene, kind: str) -> bool:
    """Whether the board shows what a key entry explains (the key lists only what is drawn)."""
    if kind.startswith("terrain:"):
        return any(h.terrain == kind[8:] for h in scene.hexes)
    if kind == "faded":
        return any(h.faded for h in scene.hexes)
    if kind == "prohibited":
        return any(h.prohibited for h in scene.hexes)
    if kind in ("capital", "factory", "port"):
        return any(getattr(c, kind) for c in scene.cities)
    if kind == "city-resource":
        return any(c.resource for c in scene.cities)
    if kind == "port-major":
        return any(c.port and c.ships >= 20 for c in scene.cities)
    if kind.startswith("icebound:"):
        word = kind.split(":", 1)[1]
        hexes = {h.id: h for h in scene.hexes}
        return any(c.icebound and c.hex in hexes and word in hexes[c.hex].features for c in scene.cities)
    if kind.startswith("mark:"):
        return any(m.word == kind.split(":", 2)[2] for m in scene.marks)
    if kind.startswith("connector:"):
        return any(c.word == kind.split(":", 2)[2] for c in scene.connectors)
    if kind == "city":
        return bool(scene.cities)
    if kind.startswith("stroke:"):
        return any(s.style == kind[7:] for s in scene.strokes)
    if kind == "strait":
        return bool(scene.straits)
    if kind == "canal":
        return bool(scene.canals)
    return True


def box_arrows(scene: Scene, data) -> list[tuple[Point, Point, str]]:
    """Arrows between connected Map Boxes (1.3.5). Boxes in the same margin get a direct arrow
    (around a box in between); a box across the map gets a labelled stub pointing off the box."""
    board = scene.board
    areas = {b.code: b for b in board.boxes}
    out = []
    for code in sorted(areas):
        for other in data.boxes[code].adjacent_boxes if code in data.boxes else ():
            if other not in areas or (other < code and code in data.boxes.get(other, ()).adjacent_boxes):
                continue
            a, b = areas[code], areas[other]
            same_side = abs(a.x - b.x) < 10
            gap = max(b.x - (a.x + a.width), a.x - (b.x + b.width), b.y - (a.y + a.height), a.y - (b.y + b.height))
            if not same_side and gap < 900:  # boxes near one another: one arrow between them
                out.append(_facing(a, b))
                continue
            if same_side:
                upper, lower = (a, b) if a.y < b.y else (b, a)
                between = [c for c in board.boxes if abs(c.x - a.x) < 10 and upper.y < c.y < lower.y]
                if not between:
                    x = upper.x + upper.width / 2
                    out.append(((x, upper.y + upper.height + 6), (x, lower.y - 6), ""))
                else:
                    gx = upper.x + upper.width + 40 if upper.x < scene.grid_box[0] else upper.x - 40
                    edge = upper.x + upper.width if upper.x < scene.grid_box[0] else upper.x
                    y0, y1 = upper.y + upper.height * 0.8, lower.y + lower.height * 0.2
                    out.append(((edge + (4 if gx > edge else -4), y0), (gx, y0), "bend"))
                    out.append(((gx, y0), (gx, y1), "bend"))
                    out.append(((gx, y1), (edge + (4 if gx > edge else -4), y1), "bend-end"))
            else:
                for here, there in ((a, b), (b, a)):
                    name = data.boxes[there.code].name
                    x = here.x + here.width / 2
                    below = [
                        c for c in board.boxes if abs(c.x - here.x) < 10 and 0 < c.y - (here.y + here.height) < 200
                    ]
                    if below:
                        out.append(((x, here.y - 6), (x, here.y - 56), f"to the {name}"))
                    else:
                        out.append(((x, here.y + here.height + 6), (x, here.y + here.height + 56), f"to the {name}"))
    return out


def _facing(a, b) -> tuple[Point, Point, str]:
    """A double arrow between two boxes near one another: the line between their centres, from
    the edge of one to the edge of the other."""
    ca = (a.x + a.width / 2, a.y + a.height / 2)
    cb = (b.x + b.width / 2, b.y + b.height / 2)

    def leave(box, c, towards) -> Point:
        dx, dy = towards[0] - c[0], towards[1] - c[1]
        t = min(box.width / 2 / abs(dx) if dx else math.inf, box.height / 2 / abs(dy) if dy else math.inf)
        n = math.hypot(dx, dy) or 1.0
        return c[0] + dx * t + dx / n * 8, c[1] + dy * t + dy / n * 8

    return leave(a, ca, cb), leave(b, cb, ca), ""


def overlaps(grid, prefix: str) -> bool:
    """Whether a sheet laid on another covers some of its hexes (ETO) or only abuts it (TK)."""
    return any(len(grid.aliases(h)) > 1 for h in grid.hexes(prefix))
