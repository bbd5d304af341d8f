"""The picture of a position that check, audit and watch draw: the board, then layers of marks,
then a legend that explains every mark drawn, under a title that says what the picture shows.

    render_picture(board, check, path, base_image=None, focus=(), *, title="", layers=None,
                   faces=None, counters=None, paths=()) -> Path
    picture_board(game, position) -> wargame.board.Board     the board a picture is drawn on
    Scene, Canvas, Mark                                      what a layer reads, draws on, explains
    CHECK_LAYERS, AUDIT_LAYERS                               the layers each picture draws, in order

A layer is a function ``layer(canvas, scene) -> None`` (assistant.picture_layers): it draws with
``canvas.draw`` at ``canvas.xy(board point)`` and says what each kind of mark means with
``canvas.explain(Mark(...))``, once per kind actually drawn; the legend is those marks, so a
new layer (a game's hex control, say) is one more function in the tuple, game-neutral: it reads
the pack's Check and the position, never a game by name.

The picture covers ``focus`` hexes when given, else the problems' hexes (the units in problem
findings and the hexes they name), else every unit; at a scale where a hex is at least
MIN_HEX_PX wide, so every counter and its name can be read.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field
from functools import lru_cache
from pathlib import Path
from typing import Any

from assistant.board_art import BoardArt
from records import frozen
from wargame.errors import DataError
from wargame.games import find_game
from wargame.rules.results import Check

MIN_HEX_PX = 64.0  # a hex at least this wide: a counter and its name stay legible
MAX_SIDE = 5200  # the longest side of a picture, whatever it covers
TITLE_H = 40
LAND, WATER, DOT, BARRED = (236, 228, 205), (178, 206, 230), (214, 210, 196), (224, 224, 232)
INK = (25, 25, 25)


@frozen
class Mark:
    """One kind of mark in the legend: how to draw its sample (``sample``: line, dash, cross,
    ring, box, fill, token, label, badge-none, badge-low, arrow) in ``colour``, and what it means."""

    sample: str
    colour: tuple[int, ...]
    text: str
    letter: str = ""


@frozen
class Scene:
    """What the layers read: the game, the board drawn on, the check, and the extras."""

    game: Any
    geo: Any  # wargame.board.Board
    check: Check
    on_board: frozenset[str]
    colours: dict[str, tuple[int, int, int]]
    faction_order: tuple[str, ...]
    faces: dict[str, str] = field(default_factory=dict)  # piece id -> counter image name
    counters: Any = None  # assistant.counter_art.CounterArt | None
    paths: tuple[tuple[tuple[str, ...], str], ...] = ()  # (hexes, what it is) drawn as moves
    flagged: frozenset[str] = frozenset()  # hexes outlined as illegal
    flag_text: str = "overstacked hex, or one a unit may not stand in (see the report)"
    drawn_map: bool = True  # no board art: the light map drawn from the map data

    @property
    def position(self):
        return self.check.situation.pos

    @property
    def terms(self):
        """The words the game's players use for supply (its pack's SupplyTerms)."""
        return self.game.pack().supply_terms

    def faction_colour(self, faction: str) -> tuple[int, int, int]:
        return tuple(self.colours.get(faction, (120, 0, 120)))  # type: ignore[return-value]


class Canvas:
    """The map part of the picture: board pixels -> picture pixels, and the legend's marks."""

    def __init__(self, image, left: float, top: float, scale: float, hex_px: float):
        from PIL import ImageDraw

        self.image = image
        self.draw = ImageDraw.Draw(image, "RGBA")
        self.left, self.top, self.scale, self.hex_px = left, top, scale, hex_px
        self.marks: list[Mark] = []
        self.labels: list[dict] = []  # what each unit label names and where: kept in the PNG

    def xy(self, p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - self.left) * self.scale, (p[1] - self.top) * self.scale)

    def polygon(self, xy: list[tuple[float, float]], fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """``draw.polygon``. Pillow draws an outline wider than one pixel through a mask of the
        whole picture, made and cleared for each polygon (a zone of control is a thousand
        hexes); drawn on a copy of the polygon's own box and put back, the same pixels come
        out (integer shifts round alike)."""
        if width <= 1 or outline is None:
            self.draw.polygon(xy, fill=fill, outline=outline, width=width)
            return
        from PIL import ImageDraw

        w, h = self.image.size
        x0 = max(0, math.floor(min(x for x, _ in xy)) - width - 2)
        y0 = max(0, math.floor(min(y for _, y in xy)) - width - 2)
        x1 = min(w, math.ceil(max(x for x, _ in xy)) + width + 3)
        y1 = min(h, math.ceil(max(y for _, y in xy)) + width + 3)
        if x0 >= x1 or y0 >= y1:
            return  # wholly off the picture: Pillow draws nothing there either
        box = self.image.crop((x0, y0, x1, y1))
        moved = [(x - x0, y - y0) for x, y in xy]
        ImageDraw.Draw(box, "RGBA").polygon(moved, fill=fill, outline=outline, width=width)
        self.image.paste(box, (x0, y0))

    def visible(self, p: tuple[float, float], margin: float = 0.0) -> bool:
        x, y = self.xy(p)
        return -margin <= x <= self.image.width + margin and -margin <= y <= self.image.height + margin

    def explain(self, mark: Mark) -> None:
        if all(m.text != mark.text for m in self.marks):
            self.marks.append(mark)

    def font(self, size: float, bold: bool = True):
        return font(max(8, round(size)), bold)


Layer = Callable[[Canvas, Scene], None]


@lru_cache(maxsize=32)
def font(size: int, bold: bool = True):
    """The art's condensed face (narrow, so names fit), else Pillow's own."""
    from PIL import ImageFont

    from wargame.games import art_root

    name = "BarlowCondensed-Bold.ttf" if bold else "BarlowCondensed-SemiBold.ttf"
    try:
        return ImageFont.truetype(str(art_root() / "fonts" / name), size)
    except OSError:
        try:
            return ImageFont.load_default(size=size)
        except TypeError:  # Pillow < 10.1
            return ImageFont.load_default()


def picture_board(game, pos):
    """The board a check picture is drawn on: the one in use that holds the most units."""
    boards = game.boards()
    used = [boards.board(n) for n in pos.boards] or [boards.default]
    return max(used, key=lambda b: sum(1 for u in pos.units if u.hex and b.holds(b.grid.parse(u.hex))))


def problem_hexes(check: Check, on_board: Iterable[str]) -> set[str]:
    """Where the problems are: the hexes problem findings name and where their units stand."""
    pos = check.situation.pos
    board = set(on_board)
    out: set[str] = set()
    for f in check.problems:
        out |= {h for h in f.hexes if h in board}
        for uid in f.units:
            try:
                where = pos.unit(uid).hex
            except KeyError:
                continue
            if where in board:
                out.add(where)
    return out


def render_picture(
    board,
    check: Check,
    path: str | Path,
    base_image=None,
    focus: tuple[str, ...] = (),
    *,
    title: str = "",
    layers: Sequence[Layer] | None = None,
    faces: dict[str, str] | None = None,
    counters=None,
    paths: Sequence[tuple[tuple[str, ...], str]] = (),
    outline: tuple[Sequence[str], str] | None = None,
) -> Path:
    """Draw ``check``'s position over ``base_image`` (a BoardArt, a PIL image, or None for a
    light map from the map data) and write a PNG to ``path``. ``faces``/``counters`` give the
    counter art (assistant.counter_art); ``paths`` are moves to draw (an audit's illegal ones);
    ``outline`` (hexes, what they are) replaces the check's overstacked and illegal hexes;
    ``layers`` default to CHECK_LAYERS. DataError when the board art cannot be decoded."""

    from assistant import picture_layers as pl
    from vassal.archive import atomic_write

    game = find_game(board.position.game)
    pos = check.situation.pos
    geo = picture_board(game, pos)
    grid, layout = geo.grid, geo.layout
    mp = check.situation.map
    on_board = frozenset(h for h in mp.hexes if geo.holds(grid.parse(h)))
    flagged = _flagged(check, on_board, outline)
    pts = _covered_points(check, geo, on_board, focus, paths)
    left, top, right, bottom = _extent(pts, layout.along, geo.width, geo.height)
    scale = _scale(right - left, bottom - top, layout.along)
    width, height = int((right - left) * scale) + 1, int((bottom - top) * scale) + 1
    if isinstance(base_image, BoardArt) and tuple(base_image.size) != (geo.width, geo.height):
        raise DataError(
            f"the board image is {base_image.size[0]} x {base_image.size[1]} pixels; the board "
            f"{geo.board_name} is {geo.width} x {geo.height}, so its hexes would not match",
            base_image.where,
        )
    canvas = Canvas(
        _base(base_image, left, top, right, bottom, scale, width, height), left, top, scale, layout.along * scale
    )
    scene = Scene(
        game,
        geo,
        check,
        on_board,
        dict(game.displays().picture_colours),
        tuple(game.content().settings.faction_order),
        dict(faces or {}),
        counters,
        tuple(paths),
        flagged,
        drawn_map=base_image is None,
        **({"flag_text": outline[1]} if outline is not None else {}),
    )
    for layer in pl.CHECK_LAYERS if layers is None else layers:
        layer(canvas, scene)
    title = title or default_title(board, check)
    img = _framed(canvas, title)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1, pnginfo=_record(canvas, title))
    out = Path(path)
    atomic_write(out, buf.getvalue())
    return out


def _flagged(check: Check, on_board: frozenset[str], outline: tuple[Sequence[str], str] | None) -> frozenset[str]:
    """The hexes outlined as illegal: ``outline``'s when given, else the check's overstacked
    hexes and those a unit may not stand in."""
    flagged = frozenset(
        h for f in check.findings if f.check in ("stacking", "placement") for h in f.hexes if h in on_board
    )
    if outline is not None:
        flagged = frozenset(h for h in outline[0] if h in on_board)
    return flagged


def _covered_points(
    check: Check,
    geo,
    on_board: frozenset[str],
    focus: tuple[str, ...],
    paths: Sequence[tuple[tuple[str, ...], str]],
) -> list[tuple[float, float]]:
    """The board points the picture must cover: the ``focus`` hexes, else the problems' hexes,
    else every unit (with those in Map Boxes); and the moves drawn; the whole board when none."""
    pos = check.situation.pos
    grid = geo.grid
    area = {h for h in focus if h in on_board} or problem_hexes(check, on_board)
    everything = not area
    if everything:
        area = {u.hex for u in pos.units if u.hex in on_board}
    area |= {h for p, _ in paths for h in p if h in on_board}
    pts = [geo.center(grid.parse(h)) for h in area]
    if everything:  # every unit: those in the board's Map Boxes too
        boxes = {u.box for u in pos.units if u.box}
        pts += [c for b in geo.boxes if b.code in boxes for c in ((b.x, b.y), (b.x + b.width, b.y + b.height))]
    if not pts:
        b = geo.bounds()
        pts = [(b[0], b[1]), (b[2], b[3])]
    return pts


def _record(canvas: Canvas, title: str):
    """What the picture shows, as a PNG text chunk "staffwork": its title, the legend, and each
    unit label (unit ids, box in picture pixels, how much of it covers counters or labels)."""
    import json

    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text(
        "staffwork",
        json.dumps(
            {"title": title, "legend": [m.text for m in canvas.marks], "labels": canvas.labels, "top": TITLE_H},
            sort_keys=True,
        ),
    )
    return info


def default_title(board, check: Check) -> str:
    st = check.situation.pos.state
    when = " ".join(w for w in (st.month, st.phase) if w)
    n = len(check.problems)
    return (
        f"Check of {Path(board.file).name}: {board.position.game.upper()}"
        + (f", {when}" if when else "")
        + f" - {n} problem{'s' if n != 1 else ''}"
    )


def _extent(pts, along: float, width: int, height: int) -> tuple[float, float, float, float]:
    pad = along * 1.6
    cx = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2
    cy = (min(p[1] for p in pts) + max(p[1] for p in pts)) / 2
    span = along * 4.5  # at least nine hexes across: a single unit has its surroundings
    pts = list(pts) + [(cx - span, cy - span * 0.7), (cx + span, cy + span * 0.7)]
    return (
        max(0.0, min(p[0] for p in pts) - pad),
        max(0.0, min(p[1] for p in pts) - pad),
        min(float(width), max(p[0] for p in pts) + pad),
        min(float(height), max(p[1] for p in pts) + pad),
    )


def _scale(w: float, h: float, along: float) -> float:
    """Big enough to read (a hex MIN_HEX_PX wide), no bigger than the board's own pixels
    unless the area is small, and never past MAX_SIDE."""
    readable = MIN_HEX_PX / along
    fit = min(2200 / max(w, 1), 1600 / max(h, 1))
    scale = max(readable, min(fit, 1.25))
    return min(scale, MAX_SIDE / max(w, h, 1))


def _base(base_image, left, top, right, bottom, scale, width, height):
    from PIL import Image

    img = Image.new("RGB", (width, height), WATER)
    if base_image is None:
        return img
    if isinstance(base_image, BoardArt):
        base, k = base_image.at_scale(scale)
    else:
        base, k = base_image, 1.0
    img.paste(
        base.resize(
            (width, height), Image.Resampling.BICUBIC, reducing_gap=2.0, box=(left * k, top * k, right * k, bottom * k)
        ),
        (0, 0),
    )
    return img


def _framed(canvas: Canvas, title: str):
    """Title band, the map, the legend of every mark drawn."""
    from PIL import Image, ImageDraw

    from assistant.picture_legend import draw_legend, legend_size

    width = max(canvas.image.width, 720)
    _lw, lh = legend_size(canvas.marks, width)
    out = Image.new("RGB", (width, TITLE_H + canvas.image.height + lh), (255, 255, 255))
    out.paste(canvas.image, (0, TITLE_H))
    d = ImageDraw.Draw(out, "RGBA")
    d.rectangle([0, 0, width, TITLE_H - 1], fill=(38, 44, 56))
    d.text((12, TITLE_H / 2), title, fill=(255, 255, 255), font=font(22), anchor="lm")
    draw_legend(d, canvas.marks, 0, TITLE_H + canvas.image.height, width)
    return out
