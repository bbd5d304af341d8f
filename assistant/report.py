"""What `staffwork check` says about a position: text, JSON and a picture.

    report_dict(board, check) -> dict          the JSON document (schema below)
    report_text(doc) -> str                    problems first, by faction; then a summary
    explain_text(doc, unit) -> str             the full reasoning for one unit
    render_picture(board, check, path, base_image=None) -> Path     PNG of the area involved
    module_board_image(module) -> BoardArt | None                   the board to draw it over

JSON schema "staffwork.check/1" (stable: fields are only ever added):

    {"schema": "staffwork.check/1", "file": str, "module": str, "game": str,
     "state": {"month": str, "phase": str, "weather": {zone: str}, "policies": [key],
               "ceded": [area], "nations": {abbr: {"status": str, "faction": str|null}}},
     "findings": [{"rule": "3.3", "check": "stacking|placement|supply", "severity": "problem|note",
                   "faction": str, "units": [id], "hexes": [hex or box], "reason": str,
                   "path": [hex, "SZ n" or box]}],
     "units": [{"id": str, "name": str, "nationality": str, "faction": str, "kind": str,
                "type": str, "where": hex|box|null, "marked_supply": "full|low|none",
                "supply": null | {"state": "full|low|none", "source": str, "source_at": str,
                          "limited": bool, "via": "land|sea|exempt|", "path": [..],
                          "convoy": str, "exempt": str, "note": str,
                          "blocked": [{"hex": str, "why": str}]}}],
     "ezoc": {faction: {"count": int, "hexes": [hex]}},
     "control": {faction: int},                  hexes each side controls (games with hex control)
     "control_hexes": {faction: [hex]},          which hexes
     "summary": {"units": int, "supply": {"full": n, "low": n, "none": n}, "problems": int,
                 "notes": int, "by_check": {check: n}},
     "skipped_pieces": [id],
     "applied": {"file": str, "factions": [name],          only with check --apply: the new save
                 "changes": [{"id": str, "unit": str, "where": str, "before": state,
                              "after": state, "rule": str, "why": str}],
                 "convoys": [{"unit": str, "where": str, "traces": n, "spare_sorties": n}]}}
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from assistant.board import Board
from vassal.archive import open_archive
from wargame.games import find_game
from wargame.rules.results import Check

SCHEMA = "staffwork.check/1"
STATE_WORDS = {"full": "Full", "low": "Low", "none": "No supply"}


def report_dict(board: Board, check: Check) -> dict[str, Any]:
    pos = check.situation.pos  # factions as the scenario has them (13.1.1), not as printed
    st = pos.state
    lines = check.supply.lines
    units = []
    for u in sorted(pos.units, key=lambda u: u.id):
        line = lines.get(u.id)
        units.append({
            "id": u.id, "name": u.name, "nationality": u.nationality, "faction": u.faction, "kind": u.kind,
            "type": u.type, "where": u.hex or u.box, "marked_supply": u.supply,
            "supply": None if line is None else {
                "state": line.state, "source": line.source, "source_at": line.source_at, "limited": line.limited,
                "via": line.via, "path": list(line.path), "convoy": line.convoy, "exempt": line.exempt,
                "note": line.note, "blocked": [{"hex": h, "why": w} for h, w in line.blocked]},
        })
    findings = [{"rule": f.rule, "check": f.check, "severity": f.severity, "faction": f.faction,
                 "units": list(f.units), "hexes": list(f.hexes), "reason": f.reason, "path": list(f.path)}
                for f in check.findings]
    order = find_game(pos.game).content().settings.faction_order
    factions = sorted({u.faction for u in pos.units if u.faction}, key=lambda f: _faction_key(f, order))
    ezoc = {f: {"count": len(h), "hexes": sorted(h)} for f in factions for h in [check.zoc.hexes(f)]}
    supply_counts = Counter(line.state for line in lines.values())
    return {
        "schema": SCHEMA, "file": board.file, "module": board.module_name, "game": pos.game,
        "factions": list(order), "boards": list(pos.boards),
        "state": {"month": st.month, "phase": st.phase, "weather": dict(st.weather), "policies": sorted(st.policies),
                  "ceded": sorted(st.ceded),
                  "nations": {k: {"status": v.status, "faction": v.faction} for k, v in st.nations.items()}},
        "findings": findings,
        "units": units,
        "ezoc": ezoc,
        "control": dict(sorted(Counter(check.control.values()).items(), key=lambda kv: _faction_key(kv[0], order))),
        "control_hexes": {f: sorted(h for h, who in check.control.items() if who == f)
                          for f in sorted(set(check.control.values()), key=lambda f: _faction_key(f, order))},
        "summary": {"units": len(pos.units),
                    "supply": {s: supply_counts.get(s, 0) for s in ("full", "low", "none")},
                    "problems": sum(1 for f in check.findings if f.severity == "problem"),
                    "notes": sum(1 for f in check.findings if f.severity == "note"),
                    "by_check": dict(sorted(Counter(f.check for f in check.findings).items()))},
        "skipped_pieces": list(board.skipped),
    }


def _faction_key(f: str, order: tuple[str, ...] | list[str]) -> tuple[int, str]:
    return (list(order).index(f) if f in order else 9, f)


def _unit_names(doc: dict[str, Any]) -> dict[str, str]:
    return {u["id"]: f"{u['nationality']} {u['name']}" for u in doc["units"]}


def report_text(doc: dict[str, Any]) -> str:
    names = _unit_names(doc)
    out = [f"{doc['file']}: {doc['game'].upper()} position, {doc['summary']['units']} units"
           + (f", {doc['state']['month']}" if doc["state"]["month"] else "")
           + (f", {doc['state']['phase']}" if doc["state"]["phase"] else "")]
    for severity, title in (("problem", "Problems"), ("note", "Notes")):
        chosen = [f for f in doc["findings"] if f["severity"] == severity]
        if not chosen:
            continue
        out.append(f"{title} ({len(chosen)}):")
        for faction in sorted({f["faction"] for f in chosen}, key=lambda f: _faction_key(f, doc["factions"])):
            out.append(f"  {faction.capitalize()}:")
            for f in (f for f in chosen if f["faction"] == faction):
                where = ",".join(f["hexes"])
                who = "; ".join(f"{names.get(u, u)} [{u}]" for u in f["units"][:4])
                out.append(f"    {f['rule']:<8} {where:<6} {who}: {f['reason']}")
    if not any(f["severity"] == "problem" for f in doc["findings"]):
        out.append("No problems found.")
    s = doc["summary"]
    out.append("Summary:")
    out.append(f"  supply now: {s['supply']['full']} Full, {s['supply']['low']} Low, {s['supply']['none']} none "
               f"(units on the map and in Map Boxes)")
    for faction, z in doc["ezoc"].items():
        out.append(f"  {faction.capitalize()} units have {z['count']} hexes in enemy ZOC")
    if doc.get("control"):
        out.append("  hexes controlled: " + ", ".join(f"{f.capitalize()} {n}" for f, n in doc["control"].items()))
    if doc["state"]["policies"]:
        out.append("  policies: " + ", ".join(doc["state"]["policies"]))
    if doc["skipped_pieces"]:
        out.append(f"  {len(doc['skipped_pieces'])} pieces are neither units nor markers and were skipped")
    return "\n".join(out) + "\n"


def find_unit(doc: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The units a key names: a piece id (exactly one), else every unit whose name or
    "NAT name" it is (case-insensitive, exact); the caller says which when there are several."""
    key_l = key.strip().lower()
    by_id = [u for u in doc["units"] if u["id"].lower() == key_l]
    if by_id:
        return by_id
    return [u for u in doc["units"]
            if key_l in (u["name"].lower(), f"{u['nationality']} {u['name']}".lower())]


def explain_text(doc: dict[str, Any], unit: dict[str, Any]) -> str:
    out = [f"{unit['nationality']} {unit['name']} [{unit['id']}] ({unit['faction']}, {unit['kind']} {unit['type']}) "
           f"at {unit['where'] or 'off the map'}; marked {STATE_WORDS[unit['marked_supply']]}"]
    line = unit["supply"]
    if line is None:
        out.append("Not on the map: no supply check (7.2 checks units in hexes).")
    elif line["exempt"]:
        out.append(f"Supplied without a trace: {line['exempt']}.")
    elif line["state"] != "none":
        kind = "Limited (Low Supply)" if line["limited"] else "Unlimited (Full Supply)"
        out.append(f"Traces a {line['via']} line to {line['source']} ({line['source_at']}), a {kind} source (7.3).")
        out.append("Path: " + " -> ".join(line["path"]))
        if line["convoy"]:
            out.append(f"The sea leg uses convoy [{line['convoy']}] (7.4.3).")
    else:
        out.append(f"Cannot trace supply: {line['note']}.")
        if line["blocked"]:
            out.append("Hexes that stop every line within reach (7.4.1):")
            out += [f"  {b['hex']}: {b['why']}" for b in line["blocked"]]
        else:
            out.append("Nothing blocks it nearby: no Transport Line, port with a convoy or source lies within "
                       "two hexes, or the line it reaches leads to no source of its nation.")
    for f in doc["findings"]:
        if unit["id"] in f["units"]:
            out.append(f"Finding {f['rule']} ({f['check']}): {f['reason']}")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------
# Picture

LAND, WATER, DOT, BARRED = (236, 228, 205), (178, 206, 230), (214, 210, 196), (224, 224, 232)


@dataclass(frozen=True)
class BoardArt:
    """A module's board image, decoded only when a picture needs it.

    The full board (7005 x 4910 for USE) takes most of a second to decode, so with a ``cache``
    folder a half-size copy is kept there (named by the module's size and time, so a rebuilt
    module gets a new one); pictures drawn at half size or less, which is most of them, read
    that instead. A folder that cannot be written only means no copy is kept.
    """

    module: Path
    entry: str  # the image's name in the archive
    size: tuple[int, int]  # full size, from the PNG header
    cache: Path | None = None

    def full(self):
        st = self.module.stat()
        return _decoded(str(self.module), st.st_size, st.st_mtime_ns, self.entry)

    def at_scale(self, scale: float):
        """(image, its pixels per board pixel) good enough to draw at ``scale``."""
        if scale <= 0.5:
            half = self._half()
            return half, half.width / self.size[0]
        return self.full(), 1.0

    def _half(self):
        from PIL import Image

        from vassal.archive import atomic_write

        st = self.module.stat()
        if self.cache is None:
            return self.full().reduce(2)
        cached = self.cache / f"{self.module.stem}-{st.st_size}-{st.st_mtime_ns}-{Path(self.entry).stem}-half.png"
        if cached.is_file():
            try:
                with Image.open(cached) as image:
                    return image.convert("RGB")
            except OSError:
                pass  # a damaged copy: make it again
        half = self.full().reduce(2)
        buf = io.BytesIO()
        half.save(buf, format="PNG", compress_level=1)
        try:
            atomic_write(cached, buf.getvalue())
        except OSError:
            pass
        return half


@lru_cache(maxsize=2)
def _decoded(module: str, size: int, mtime_ns: int, entry: str):
    """The full board image of a module file as it is now (kept for `staffwork watch`)."""
    from PIL import Image

    with open_archive(module) as archive:
        data = archive.read(entry)
    Image.MAX_IMAGE_PIXELS = max(Image.MAX_IMAGE_PIXELS or 0, 60_000_000)  # a whole board, ours
    image = Image.open(io.BytesIO(data))
    image.load()
    return image if image.mode == "RGB" else image.convert("RGB")


def module_board_image(module: str | Path | None, cache: Path | None = None,
                       board: str | None = None) -> BoardArt | None:
    """The image of a board of the module's main map (``board`` by name, else the first; for
    our builds, the map art), or None when there is no module or it has no such image. The
    picture is drawn over it; ``cache`` is a folder for its half-size copy (BoardArt)."""
    from PIL import Image

    from vassal.module import read_module

    if module is None or not Path(module).is_file():
        return None
    mod = read_module(module)
    found = next((b for m in mod.root.iter("VASSAL.build.module.Map")
                  for b in m.iter("VASSAL.build.module.map.boardPicker.Board")
                  if board is None or b.get("name") == board), None)
    name = f"images/{found.get('image')}" if found is not None and found.get("image") else None
    if name is None or name not in mod.entries:
        return None
    with open_archive(module) as archive:
        data = archive.read(name)
    Image.MAX_IMAGE_PIXELS = max(Image.MAX_IMAGE_PIXELS or 0, 60_000_000)
    with Image.open(io.BytesIO(data)) as header:  # reads the size only
        size = header.size
    return BoardArt(Path(module), name, size, cache)


def render_picture(board: Board, check: Check, path: str | Path, base_image=None,
                   focus: tuple[str, ...] = ()) -> Path:
    """Draw the area around the units involved (or ``focus`` hexes) over ``base_image`` (the
    board: a PNG path, a PIL image or module_board_image's BoardArt) or, without one, a light
    map from the map data; then EZOC shading per faction, supply paths, units (red cross: no
    supply, orange ring: Low), and overstacked or illegal hexes outlined."""
    from PIL import Image, ImageDraw, ImageFont

    from vassal.archive import atomic_write

    game = find_game(board.position.game)
    sit = check.situation
    pos = check.situation.pos
    mp = sit.map
    geo = picture_board(game, pos)
    grid, layout = geo.grid, geo.layout
    on_board = {h for h in mp.hexes if geo.holds(grid.parse(h))}
    colours = game.displays().picture_colours
    order = game.content().settings.faction_order
    flagged = {h for f in check.findings if f.check in ("stacking", "placement") for h in f.hexes if h in on_board}
    involved = {h for h in focus if h in on_board} or ({u.hex for u in pos.units if u.hex in on_board} | flagged)
    for line in check.supply.lines.values():
        involved |= {h for h in line.path if h in on_board} if not focus else set()
    if not involved:
        involved = on_board or {grid.hex_id(h) for h in geo.hexes()}
    pts = [geo.center(grid.parse(h)) for h in involved]
    pad = layout.along * 2.5
    cx0 = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2
    cy0 = (min(p[1] for p in pts) + max(p[1] for p in pts)) / 2
    span = layout.along * 5  # at least ten hexes across, so a single unit has its surroundings
    pts = pts + [(cx0 - span, cy0 - span), (cx0 + span, cy0 + span)]
    left = max(0, min(p[0] for p in pts) - pad)
    top = max(0, min(p[1] for p in pts) - pad)
    right = min(geo.width, max(p[0] for p in pts) + pad)
    bottom = min(geo.height, max(p[1] for p in pts) + pad)
    scale = min(1.0, 1800 / max(right - left, 1), 1400 / max(bottom - top, 1))
    width, height = int((right - left) * scale) + 1, int((bottom - top) * scale) + 1

    def xy(p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - left) * scale, (p[1] - top) * scale)

    legend_h = 20 * (6 + len({u.faction for u in pos.units})) + 20
    img = Image.new("RGB", (max(width, 360), height + legend_h), (255, 255, 255))
    if base_image is not None:
        if isinstance(base_image, BoardArt):
            base, k = base_image.at_scale(scale)
        else:
            base, k = (base_image if isinstance(base_image, Image.Image)
                       else Image.open(base_image).convert("RGB")), 1.0
        img.paste(base.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0,
                              box=(left * k, top * k, right * k, bottom * k)), (0, 0))
    else:
        img.paste(Image.new("RGB", (width, height), WATER), (0, 0))
    draw = ImageDraw.Draw(img, "RGBA")
    visible = [h for h in geo.hexes() if grid.hex_id(h) in on_board
               and left - pad < geo.center(h)[0] < right + pad and top - pad < geo.center(h)[1] < bottom + pad]
    if base_image is None:
        for h in visible:
            info = mp.hexes[grid.hex_id(h)]
            if info.kind == "water":
                continue
            colour = BARRED if info.prohibited or sit.neutral(info.id) else DOT if info.faded_dot else LAND
            draw.polygon([xy(c) for c in grid.corners(h, layout)], fill=colour, outline=(205, 195, 170))
        for h in visible:
            hid = grid.hex_id(h)
            for n in grid.neighbours(h):
                nid = grid.hex_id(n)
                if hid < nid and nid in on_board and mp.side(hid, nid).transport:
                    draw.line([xy(geo.center(h)), xy(geo.center(n))], fill=(120, 95, 70), width=max(1, int(3 * scale)))
    if check.control:
        _control_tint(draw, check.control, visible, grid, layout, xy, colours)
    # EZOC shading: one colour per faction whose units are in the enemy ZOC (hatched by offset)
    for faction in sorted({u.faction for u in pos.units}, key=lambda f: _faction_key(f, order)):
        for hid in check.zoc.hexes(faction):
            if hid not in on_board:
                continue
            h = grid.parse(hid)
            if not (left - pad < geo.center(h)[0] < right + pad):
                continue
            exerted = {pos.unit(uid).faction for uid in check.zoc.exerted_by(hid, faction)}
            for e in exerted:
                er, eg, eb = colours.get(e, (120, 0, 120))
                draw.polygon([xy(c) for c in grid.corners(h, layout)], fill=(er, eg, eb, 70),
                             outline=(er, eg, eb, 160), width=2)
    font = _font(ImageFont, max(10, int(22 * scale)))
    small = _font(ImageFont, max(9, int(16 * scale)))
    for name_hex in sorted({c.hex for c in mp.cities}) if base_image is None else ():  # the art names them
        h = grid.parse(name_hex)
        cx, cy = xy(geo.center(h))
        if 0 <= cx <= width and 0 <= cy <= height:
            rad = 5 * scale + 2
            draw.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], fill=(40, 40, 40))
            draw.text((cx + rad + 2, cy - rad - 2), mp.cities_in(name_hex)[0].name, fill=(40, 40, 40), font=small)
    # supply paths
    for uid, line in check.supply.lines.items():
        hexes = [p for p in line.path if p in on_board]
        if line.via == "exempt" or len(hexes) < 2:
            continue
        colour = (20, 140, 60, 200) if not line.limited else (230, 140, 0, 220)
        draw.line([xy(geo.center(grid.parse(p))) for p in hexes], fill=colour, width=max(2, int(6 * scale)))
    # flagged hexes
    for hid in flagged:
        draw.polygon([xy(c) for c in grid.corners(grid.parse(hid), layout)], outline=(230, 0, 200),
                     width=max(3, int(8 * scale)))
    # units
    size = max(26.0, layout.along * 0.7 * scale)
    for place in pos.occupied:
        if place not in on_board:
            continue
        units = pos.units_in(place)
        cx, cy = xy(geo.center(grid.parse(place)))
        for i, u in enumerate(units):
            ox = cx + (i - (len(units) - 1) / 2) * size * 0.35
            oy = cy + (i - (len(units) - 1) / 2) * size * 0.35
            box = [ox - size / 2, oy - size / 2, ox + size / 2, oy + size / 2]
            draw.rectangle(box, fill=colours.get(u.faction, (120, 0, 120)), outline=(255, 255, 255), width=2)
            draw.text((box[0] + 3, box[1] + 2), u.nationality[:3], fill=(255, 255, 255), font=small)
            draw.text((box[0] + 3, box[1] + size / 2), _kind_letter(u), fill=(255, 255, 255), font=small)
            state = check.supply.lines.get(u.id)
            if state and state.state == "none":
                draw.line([box[0], box[1], box[2], box[3]], fill=(255, 30, 30), width=max(3, int(6 * scale)))
                draw.line([box[0], box[3], box[2], box[1]], fill=(255, 30, 30), width=max(3, int(6 * scale)))
            elif state and state.state == "low":
                draw.ellipse([box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4], outline=(255, 150, 0),
                             width=max(3, int(6 * scale)))
    draw.rectangle([0, height, img.width, img.height], fill=(255, 255, 255))
    _legend(draw, pos, font, small, img.width, img.height, colours, order, drawn_map=base_image is None,
            control=bool(check.control))
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=3)
    out = Path(path)
    atomic_write(out, buf.getvalue())
    return out


def _control_tint(draw, control, visible, grid, layout, xy, colours) -> None:  # noqa: ANN001
    """Hex control: each visible hex a side controls, tinted faintly in its colour and edged in
    it, under the ZOC shading (a game without hex control has none)."""
    for h in visible:
        holder = control.get(grid.hex_id(h))
        if holder is None:
            continue
        r, g, b = colours.get(holder, (120, 0, 120))
        draw.polygon([xy(c) for c in grid.corners(h, layout)], fill=(r, g, b, 45), outline=(r, g, b, 90))


def picture_board(game, pos):  # noqa: ANN001, ANN201
    """The board a check picture is drawn on: the one in use that holds the most units."""
    boards = game.boards()
    used = [boards.board(n) for n in pos.boards] or [boards.default]
    return max(used, key=lambda b: sum(1 for u in pos.units if u.hex and b.holds(b.grid.parse(u.hex))))


def _kind_letter(u) -> str:
    return {"ground": "G", "air": "F" if u.type == "fighter" else "B"}.get(u.kind, "C" if u.type == "convoy" else "W")


def _font(image_font, size: int):
    try:
        return image_font.load_default(size=size)
    except TypeError:  # Pillow < 10.1
        return image_font.load_default()


def _legend(draw, pos, font, small, width: int, height: int, colours, order, drawn_map: bool = True,
            control: bool = False) -> None:
    rows = [((20, 140, 60), "line", "supply line to an Unlimited source"),
            ((230, 140, 0), "line", "supply line to a Limited source (Low)"),
            ((255, 30, 30), "cross", "unit that cannot trace supply"),
            ((255, 150, 0), "ring", "unit in Low Supply"),
            ((230, 0, 200), "box", "overstacked or illegal hex")]
    if drawn_map:  # the light map greys them; the board art has its own key
        rows.append((BARRED, "fill", "neutral or prohibited country"))
    for faction in sorted({u.faction for u in pos.units}, key=lambda f: _faction_key(f, order)):
        rows.append((colours.get(faction, (120, 0, 120)), "fill", f"{faction.capitalize()} unit; tint: its ZOC on enemies"))
    if control:
        rows.append(((200, 200, 200), "fill", "faint tint, thin edge: hexes a side controls"))
    line_h = 20
    w, h = 330, line_h * len(rows) + 10
    x0, y0 = 8, height - h - 4
    draw.rectangle([x0, y0, x0 + w, y0 + h], fill=(255, 255, 255, 220), outline=(60, 60, 60))
    for i, (rgb, kind, text) in enumerate(rows):
        y = y0 + 6 + i * line_h
        if kind == "line":
            draw.line([x0 + 8, y + 8, x0 + 34, y + 8], fill=rgb, width=4)
        elif kind == "cross":
            draw.line([x0 + 12, y + 2, x0 + 28, y + 16], fill=rgb, width=3)
            draw.line([x0 + 12, y + 16, x0 + 28, y + 2], fill=rgb, width=3)
        elif kind == "ring":
            draw.ellipse([x0 + 12, y, x0 + 28, y + 16], outline=rgb, width=3)
        elif kind == "box":
            draw.rectangle([x0 + 12, y, x0 + 28, y + 16], outline=rgb, width=3)
        else:
            draw.rectangle([x0 + 12, y, x0 + 28, y + 16], fill=rgb)
        draw.text((x0 + 42, y + 1), text, fill=(20, 20, 20), font=small)
