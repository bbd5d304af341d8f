"""The layers of a picture (assistant.picture), bottom to top. Each draws one kind of thing and
explains each kind of mark it drew; none names a game.

    light_map   the map from the map data, when there is no board art
    control     hexes each side controls (games with hex control), faintly tinted
    zoc         hexes in an enemy zone of control, tinted by the faction exerting it
    supply      supply lines (to a source of limited capacity or not; the game's words)
    outlined    hexes a finding names (overstacked, illegal)
    moves       moves to show (an audit's illegal paths), with an arrow at the end
    units       every unit: its counter (the module's art, else a token in its faction's
                colour with its ID), stacks fanned, a supply badge that leaves the counter
                readable, and a label naming each unit of the stack, placed clear of the
                other counters and labels
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

from assistant.picture import BARRED, DOT, LAND, Canvas, Mark, Scene
from assistant.picture_legend import badge
from wargame.rules.position import Unit

NO_SUPPLY, LOW_SUPPLY = (214, 30, 30), (236, 132, 0)
UNLIMITED, LIMITED = (20, 140, 60), (230, 140, 0)
OUTLINE = (230, 0, 200)
MOVE = (200, 0, 40)


def light_map(canvas: Canvas, scene: Scene) -> None:
    if not scene.drawn_map:
        return
    sit, mp, geo, d = scene.check.situation, scene.check.situation.map, scene.geo, canvas.draw
    grid, layout = geo.grid, geo.layout
    barred = False
    for hid in sorted(scene.on_board):  # one drawing order, whatever the hash seed
        h = grid.parse(hid)
        if not canvas.visible(geo.center(h), canvas.hex_px):
            continue
        info = mp.hexes[hid]
        if info.kind == "water":
            continue
        grey = info.prohibited or sit.neutral(hid)
        barred |= bool(grey)
        colour = BARRED if grey else DOT if info.faded_dot else LAND
        d.polygon([canvas.xy(c) for c in grid.corners(h, layout)], fill=colour, outline=(205, 195, 170))
        for n in grid.neighbours(h):
            nid = grid.hex_id(n)
            if hid < nid and nid in scene.on_board and mp.side(hid, nid).transport:
                d.line(
                    [canvas.xy(geo.center(h)), canvas.xy(geo.center(n))],
                    fill=(120, 95, 70),
                    width=max(1, int(3 * canvas.scale)),
                )
    small = canvas.font(max(11, canvas.hex_px * 0.17), bold=False)
    for name_hex in sorted({c.hex for c in mp.cities if c.hex in scene.on_board}):
        cx, cy = canvas.xy(geo.center(grid.parse(name_hex)))
        if 0 <= cx <= canvas.image.width and 0 <= cy <= canvas.image.height:
            r = 3 + canvas.hex_px * 0.05
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(40, 40, 40))
            d.text((cx + r + 2, cy - r - 2), mp.cities_in(name_hex)[0].name, fill=(40, 40, 40), font=small)
    for box in geo.boxes:  # the Map Boxes, which the board art would show
        x0, y0 = canvas.xy((box.x, box.y))
        x1, y1 = canvas.xy((box.x + box.width, box.y + box.height))
        if x1 < 0 or y1 < 0 or x0 > canvas.image.width or y0 > canvas.image.height:
            continue
        d.rectangle([x0, y0, x1, y1], fill=(246, 242, 230), outline=(90, 90, 90), width=2)
        d.text(((x0 + x1) / 2, y1 - 6), box.code, fill=(60, 60, 60), font=small, anchor="md")
    if barred:
        canvas.explain(Mark("fill", BARRED, "neutral or prohibited land"))


def control(canvas: Canvas, scene: Scene) -> None:
    """Hex control: each visible hex a side controls, tinted faintly in its colour and edged in
    it, under the ZOC shading (a game without hex control has none)."""
    held = scene.check.control
    if not held:
        return
    geo = scene.geo
    grid, layout = geo.grid, geo.layout
    shown = set()
    for hid, holder in held.items():
        if hid not in scene.on_board:
            continue
        h = grid.parse(hid)
        if not canvas.visible(geo.center(h), canvas.hex_px):
            continue
        r, g, b = scene.colours.get(holder, (120, 0, 120))
        canvas.draw.polygon([canvas.xy(c) for c in grid.corners(h, layout)], fill=(r, g, b, 45), outline=(r, g, b, 90))
        shown.add(holder)
    for holder in sorted(shown, key=lambda f: _order(f, scene.faction_order)):
        canvas.explain(
            Mark("fill", scene.colours.get(holder, (120, 0, 120)), f"faint tint: hexes {holder.capitalize()} controls")
        )


def zoc(canvas: Canvas, scene: Scene) -> None:
    check, pos, geo = scene.check, scene.position, scene.geo
    grid, layout = geo.grid, geo.layout
    factions = sorted({u.faction for u in pos.units}, key=lambda f: _order(f, scene.faction_order))
    for faction in factions:
        for hid in sorted(check.zoc.hexes(faction)):
            if hid not in scene.on_board:
                continue
            h = grid.parse(hid)
            if not canvas.visible(geo.center(h), canvas.hex_px):
                continue
            for e in sorted({pos.unit(uid).faction for uid in check.zoc.exerted_by(hid, faction)}):
                r, g, b = scene.faction_colour(e)
                canvas.polygon(
                    [canvas.xy(c) for c in grid.corners(h, layout)], fill=(r, g, b, 70), outline=(r, g, b, 160), width=2
                )
                canvas.explain(Mark("tint", (r, g, b), f"hex in the zone of control of {_an(e.capitalize())} unit"))


def supply(canvas: Canvas, scene: Scene) -> None:
    """Land stretches of each line solid; a stretch across the sea (a path entry that is no
    hex: a Sea Zone, then the next port or a Map Box drawn on the board) dashed."""
    geo = scene.geo
    boxes = {b.code: (b.x + b.width / 2, b.y + b.height / 2) for b in geo.boxes}
    width = max(3, int(canvas.hex_px * 0.07))
    for line in scene.check.supply.lines.values():
        if line.via == "exempt":
            continue
        colour = LIMITED if line.limited else UNLIMITED
        lines = scene.terms.lines
        runs: list[list[tuple[float, float]]] = [[]]
        sea: list[tuple[tuple[float, float], tuple[float, float]]] = []
        for p in line.path:
            at = geo.center(geo.grid.parse(p)) if p in scene.on_board else boxes.get(p)
            if at is None:
                if runs[-1]:
                    runs.append([])
                continue
            if not runs[-1] and len(runs) > 1 and runs[-2]:
                sea.append((runs[-2][-1], at))
            runs[-1].append(at)
        for run in runs:
            if len(run) > 1:
                canvas.draw.line([canvas.xy(pt) for pt in run], fill=colour + (210,), width=width)
        for a, b in sea:
            _dashed(canvas.draw, canvas.xy(a), canvas.xy(b), colour + (210,), max(2, width // 2))
        if any(len(run) > 1 for run in runs) or sea:
            canvas.explain(Mark("line", colour, lines.get("limited" if line.limited else "unlimited", "supply line")))
        if sea:
            canvas.explain(Mark("dash", colour, lines.get("sea", "dashed: across the sea")))


def outlined(canvas: Canvas, scene: Scene) -> None:
    geo = scene.geo
    for hid in sorted(scene.flagged):
        canvas.polygon(
            [canvas.xy(c) for c in geo.grid.corners(geo.grid.parse(hid), geo.layout)],
            outline=OUTLINE,
            width=max(4, int(canvas.hex_px * 0.08)),
        )
    if scene.flagged:
        canvas.explain(Mark("box", OUTLINE, scene.flag_text))


def moves(canvas: Canvas, scene: Scene) -> None:
    """Drawn over the counters, but stopping short of the one at the end, so both show."""
    geo = scene.geo
    w = max(4, int(canvas.hex_px * 0.08))
    for hexes, what in scene.paths:
        pts = [canvas.xy(geo.center(geo.grid.parse(h))) for h in hexes if h in scene.on_board]
        if len(pts) < 2:
            continue
        end = _short_of(pts[-2], pts[-1], canvas.hex_px * 0.42)
        pts = pts[:-1] + [end]
        r = canvas.hex_px * 0.12
        for colour, width in (((255, 255, 255), w + 4), (MOVE, w)):
            canvas.draw.ellipse(
                [pts[0][0] - r, pts[0][1] - r, pts[0][0] + r, pts[0][1] + r], outline=colour, width=width // 2 + 1
            )
            for a, b in itertools.pairwise(pts):
                _dashed(canvas.draw, a, b, colour, width)
        _arrow_head(canvas.draw, pts[-2], pts[-1], (255, 255, 255), w * 3.6)
        _arrow_head(canvas.draw, pts[-2], pts[-1], MOVE, w * 3.0)
        canvas.explain(Mark("arrow", MOVE, what))


def _short_of(a, b, by: float) -> tuple[float, float]:
    length = math.dist(a, b)
    if length <= by * 1.5:
        by = length * 0.4
    t = (length - by) / max(length, 1e-6)
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def units(canvas: Canvas, scene: Scene) -> None:
    """Counters, fanned stacks, supply badges and a label per stack naming every unit."""
    from assistant.picture_labels import Obstacles, place_label

    pos, geo = scene.position, scene.geo
    tok = max(26.0, min(canvas.hex_px * 0.62, 72.0))
    step = tok * 0.24
    lines = scene.check.supply.lines
    stacks: list[_Stack] = []
    for place in pos.occupied:
        here = sorted(pos.units_in(place), key=lambda u: u.level)
        if not here:
            continue
        if place in scene.on_board:
            cx, cy = canvas.xy(geo.center(geo.grid.parse(place)))
            if not (0 <= cx <= canvas.image.width and 0 <= cy <= canvas.image.height):
                continue  # a stack whose hex is outside the picture: no label for a counter not seen
            n = len(here)
            spots = [
                (cx - tok / 2 + (i - (n - 1) / 2) * step, cy - tok / 2 - (i - (n - 1) / 2) * step) for i in range(n)
            ]
            stacks += [_stack(canvas, scene, here, spots, tok, lines)]
        else:
            box = next((b for b in geo.boxes if b.code == place), None)
            if box is None:
                continue
            stacks += _box_stacks(canvas, scene, here, box, tok, lines)
    if not stacks:
        return
    obstacles = Obstacles()
    for rect, _units, _art in stacks:
        obstacles.add(rect)
    half = canvas.hex_px * 0.35
    for hexes, _what in scene.paths:  # moves are drawn over this layer: keep labels off them
        for h in hexes:
            if h in scene.on_board:
                x, y = canvas.xy(geo.center(geo.grid.parse(h)))
                obstacles.add((x - half, y - half, x + half, y + half))
    size = max(12.0, min(canvas.hex_px * 0.2, 18.0))
    fnt = canvas.font(size)
    marked = scene.game.pack().supply_markers  # a state shown by a marker counter, which is not drawn
    for rect, here, _art in stacks:
        rows = [
            (
                _state(lines, u),
                _name(u, here) + (f" ({scene.terms.state(u.supply)})" if u.supply in marked else ""),
                scene.faction_colour(u.faction),
            )
            for u in reversed(here)
        ]
        place_label(
            canvas, rect, rows, fnt, size, obstacles, [u.id for u in reversed(here)], low_letter=scene.terms.low_letter
        )
    drawn = {art for _r, _h, arts in stacks for art in arts}
    _explain_units(
        canvas,
        scene,
        drawn,
        {u.faction for _r, here, _a in stacks for u in here},
        {_state(lines, u) for _r, here, _a in stacks for u in here},
    )


# ------------------------------------------------------------------------------------------


# a stack as drawn: its counters' box, its units as its label lists them, and for each counter
# whether the module's art drew it (else a token in its faction's colour)
_Stack = tuple[tuple[float, float, float, float], list[Unit], list[bool]]


def _stack(canvas: Canvas, scene: Scene, here: list[Unit], spots, tok: float, lines) -> _Stack:
    arts = [_token(canvas, scene, u, x, y, tok) for u, (x, y) in zip(here, spots)]
    for u, (x, y) in zip(here, spots):  # badges over the fan, at each counter's own corner
        state = _state(lines, u)
        if state:
            r = max(7.0, tok * 0.19)
            badge(
                canvas.draw,
                x + r * 0.55,
                y + tok - r * 0.55,
                r,
                f"badge-{state}",
                NO_SUPPLY if state == "none" else LOW_SUPPLY,
                scene.terms.low_letter if state == "low" else "",
            )
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    return (min(xs) - 2, min(ys) - 2, max(xs) + tok + 2, max(ys) + tok + 2), here, arts


def _box_stacks(canvas: Canvas, scene: Scene, here: list[Unit], box, tok: float, lines) -> list[_Stack]:
    """Units in a Map Box: a grid of counters inside the box, one label for them all."""
    x0, y0 = canvas.xy((box.x, box.y))
    x1, y1 = canvas.xy((box.x + box.width, box.y + box.height))
    if x1 < 0 or y1 < 0 or x0 > canvas.image.width or y0 > canvas.image.height:
        return []  # the box is outside the picture
    small = tok * 0.8
    per_row = max(1, int((x1 - x0 - 8) // (small + 4)))
    spots = [(x0 + 6 + (i % per_row) * (small + 4), y0 + 6 + (i // per_row) * (small + 4)) for i in range(len(here))]
    arts = [_token(canvas, scene, u, x, y, small) for u, (x, y) in zip(here, spots)]
    rect = (
        min(x for x, _ in spots) - 2,
        min(y for _, y in spots) - 2,
        max(x for x, _ in spots) + small + 2,
        max(y for _, y in spots) + small + 2,
    )
    return [(rect, list(reversed(here)), arts)]  # the label lists them as the counters stand, left to right


def _token(canvas: Canvas, scene: Scene, u, x: float, y: float, tok: float) -> bool:
    """One counter: the module's art (True) or a token in the faction's colour (False)."""
    art = None
    face = scene.faces.get(u.id)
    if scene.counters is not None and face:
        art = scene.counters.image(face, int(tok))
    d = canvas.draw
    if art is not None:
        d.rectangle([x - 1, y - 1, x + art.width, y + art.height], outline=(20, 20, 20), width=1)
        canvas.image.paste(art, (int(x), int(y)), art)
        return True
    d.rectangle([x, y, x + tok, y + tok], fill=scene.faction_colour(u.faction), outline=(255, 255, 255), width=2)
    text = u.name or u.type
    for size in (tok * 0.42, tok * 0.34, tok * 0.27, tok * 0.22):
        f = canvas.font(size)
        if d.textlength(text, font=f) <= tok - 6:
            break
    d.text((x + tok / 2, y + tok * 0.42), text, fill=(255, 255, 255), font=f, anchor="mm")
    d.text((x + tok / 2, y + tok * 0.8), u.nationality, fill=(255, 255, 255), font=canvas.font(tok * 0.24), anchor="mm")
    return False


def _name(u, here) -> str:
    """ "GER 2P"; with the unit's type when another unit of the stack has the same name but
    another type (two counters alike need no telling apart)."""
    name = u.label
    twins = [v for v in here if v.label == name and (v.type, v.kind) != (u.type, u.kind)]
    return f"{name} ({u.type or u.kind})" if twins else name


def _state(lines, u) -> str:
    line = lines.get(u.id)
    return line.state if line is not None and line.state in ("none", "low") else ""


def _explain_units(
    canvas: Canvas, scene: Scene, drawn: set[bool], factions: Iterable[str], states: Iterable[str]
) -> None:
    if True in drawn:
        canvas.explain(
            Mark(
                "token",
                (120, 120, 120),
                "a unit's counter as the module draws it; a stack is fanned out, its top counter last",
            )
        )
    if False in drawn:
        canvas.explain(
            Mark("token", (90, 90, 90), "a unit without counter art: its ID and nation on its faction's colour")
        )
    canvas.explain(Mark("label", (90, 90, 90), "the units of a stack by nation and ID, top counter first", letter="ID"))
    for f in sorted(factions, key=lambda f: _order(f, scene.faction_order)):
        canvas.explain(Mark("fill", scene.faction_colour(f), f"{f.capitalize()} unit (the square before its name)"))
    badges = scene.terms.badges
    if "none" in states:
        canvas.explain(Mark("badge-none", NO_SUPPLY, badges.get("none", "badge: cannot trace supply now")))
    if "low" in states:
        canvas.explain(
            Mark(
                "badge-low",
                LOW_SUPPLY,
                badges.get("low", "badge: a source of limited capacity only"),
                letter=scene.terms.low_letter,
            )
        )


def _order(f: str, order) -> tuple[int, str]:
    return (list(order).index(f) if f in order else 9, f)


def _dashed(d, a, b, colour, w: int) -> None:
    length = math.dist(a, b)
    dash = w * 2.5
    n = max(1, int(length // (dash * 1.8)))
    for i in range(n + 1):
        t0, t1 = i * dash * 1.8 / max(length, 1), min(1.0, (i * dash * 1.8 + dash) / max(length, 1))
        if t0 >= 1:
            break
        d.line(
            [
                (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
            ],
            fill=colour,
            width=w,
        )


def _arrow_head(d, a, b, colour, size: float) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    left = (b[0] - size * math.cos(ang - 0.45), b[1] - size * math.sin(ang - 0.45))
    right = (b[0] - size * math.cos(ang + 0.45), b[1] - size * math.sin(ang + 0.45))
    d.polygon([b, left, right], fill=colour)


CHECK_LAYERS = (light_map, control, zoc, supply, outlined, units)
AUDIT_LAYERS = (light_map, zoc, outlined, units, moves)


def _an(word: str) -> str:
    return ("an " if word[:1].upper() in "AEIOU" else "a ") + word
