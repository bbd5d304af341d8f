"""A game's boards: its hex grid, and each board image with where the hexes and Map Boxes sit.

The map art draws with it, the module builder writes its VASSAL grids and zones from it, and the
saved-game reader turns piece positions back into hexes and boxes with it: one geometry for all
three (docs/architecture.md), read from scenarios/<game>/board.toml.

    load_boards(game) -> Boards        Boards.grid, .map_name, .boards, .board(name), .default
    Board.center(hex) / .hex_at(x, y) / .box_at(x, y) / .holds(hex) / .hexes()
    board_for(key) -> Board            the first board of a game, by key

A board shows the whole grid or a window on it (USWC's maps are windows on USE's numbering:
``[boards.window]`` rows and columns, and a sheet prefix for games with several sheets). A board
shows the hexes of its layout's plane: ETO's one board shows both sheets, laid on one another
(``Board.sheets()``: the sheets it shows).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from records import frozen
from wargame.errors import DataError, near_miss
from wargame.grid import Grid, Hex, Layout, Sheet

if TYPE_CHECKING:
    from wargame.games import Game

ORIENTATIONS = ("pointy", "flat")
GROWS_ROWS = ("south", "north")
GROWS_COLS = ("east", "west")
PARITIES = ("even", "odd")


@frozen
class BoxArea:
    """A Map Box drawn on the board: its code (boxes.csv) and rectangle in pixels."""

    code: str
    x: int
    y: int
    width: int
    height: int

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    @property
    def center(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2


@frozen
class Window:
    """The part of the grid a board shows: one sheet (prefix) and a rectangle of rows and
    columns; None in a field means no limit."""

    sheet: str | None = None
    rows: tuple[int, int] | None = None
    cols: tuple[int, int] | None = None

    def holds(self, h: Hex) -> bool:
        if self.sheet is not None and h.board != self.sheet:
            return False
        if self.rows is not None and not self.rows[0] <= h.row <= self.rows[1]:
            return False
        return self.cols is None or self.cols[0] <= h.col <= self.cols[1]


@frozen
class Board:
    """One board image of a game: size, hex layout, the window of the grid it shows, Map Box
    rectangles, and the names VASSAL knows it by."""

    game: str
    grid: Grid
    layout: Layout
    width: int
    height: int
    boxes: tuple[BoxArea, ...]
    map_name: str
    board_name: str
    image: str
    window: Window = Window()
    title: str = ""  # what players call it ("France"): setup descriptions, the art's title
    art_title: str = ""  # the title printed on the board image (board.toml art_title)
    key_area: BoxArea | None = None  # where the art puts its Terrain Key (board.toml [boards.key])

    @property
    def name(self) -> str:
        return self.board_name

    def holds(self, hex_: Hex) -> bool:
        return self.grid.contains(hex_) and self.grid.same_plane(hex_, self.layout.ref) and self.window.holds(hex_)

    def hexes(self) -> tuple[Hex, ...]:
        return tuple(h for h in self.grid.plane_hexes(self.layout.ref.board) if self.window.holds(h))

    def sheets(self) -> tuple[str, ...]:
        """The prefixes of the sheets whose hexes the board shows (two for ETO's joined map)."""
        shown = {h.board for h in self.hexes()}
        return tuple(b.prefix for b in self.grid.boards if b.prefix in shown)

    def off_board(self, hex_: Hex) -> tuple[Hex, ...]:
        """The neighbours of a hex the board does not show (across its map-edge hexsides)."""
        out = []
        for direction in self.grid.directions:
            try:
                n = self.grid.step(hex_, direction)
            except DataError:
                continue
            if not self.holds(n):
                out.append(n)
        return tuple(out)

    def center(self, hex_: Hex) -> tuple[float, float]:
        return self.grid.center(hex_, self.layout)

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The hex drawn at a pixel, None off the board's hexes or inside a Map Box."""
        if self.box_at(x, y) is not None:
            return None
        return self.hex_under(x, y)

    def hex_under(self, x: float, y: float) -> Hex | None:
        """The board's hex at a pixel, Map Boxes not looked at (for a caller that did)."""
        try:
            found = self.grid.hex_at(x, y, self.layout)
        except DataError:
            return None
        return found if self.holds(found) else None

    def box_at(self, x: float, y: float) -> BoxArea | None:
        for b in self.boxes:
            if b.contains(x, y):
                return b
        return None

    def box(self, code: str) -> BoxArea:
        for b in self.boxes:
            if b.code == code:
                return b
        raise DataError(
            f"no Map Box {code!r} on board {self.board_name}{near_miss(code, [b.code for b in self.boxes])}"
        )

    def bounds(self) -> tuple[float, float, float, float]:
        """Pixel bounds (left, top, right, bottom) of the hexes the board shows."""
        if self.window == Window():
            return self.grid.bounds(self.layout)
        xs, ys = [], []
        for h in self.hexes():
            for x, y in self.grid.corners(h, self.layout):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)


@frozen
class Boards:
    """Every board of a game, on one VASSAL map, and the grid they share."""

    game: str
    grid: Grid
    map_name: str
    boards: tuple[Board, ...]

    @property
    def default(self) -> Board:
        return self.boards[0]

    def board(self, name: str) -> Board:
        for b in self.boards:
            if b.board_name == name:
                return b
        names = [b.board_name for b in self.boards]
        raise DataError(f'no board "{name}" (boards: {", ".join(names)}){near_miss(name, names)}')

    def names(self) -> tuple[str, ...]:
        return tuple(b.board_name for b in self.boards)


class _Toml:
    """board.toml with typed reads that name the file and the key on error."""

    def __init__(self, path: Path):
        import tomllib  # only when the boards are not compiled yet

        self.source = str(path)
        try:
            self.data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DataError("no board settings for this game", self.source) from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise DataError(f"not valid TOML ({exc})", self.source) from None

    def need(self, table: dict[str, Any], key: str, kind: type, where: str) -> Any:
        if key not in table:
            raise DataError(f"missing {key}", self.source, where)
        return self.typed(table[key], key, kind, where)

    def typed(self, value: Any, key: str, kind: type, where: str) -> Any:
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise DataError(f"{key} must be a {kind.__name__}, not {value!r}", self.source, where)
        return value

    def pair(self, table: dict[str, Any], key: str, where: str) -> tuple[int, int] | None:
        value = table.get(key)
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or value[0] > value[1]
        ):
            raise DataError(f"{key} must be [first, last] whole numbers, not {value!r}", self.source, where)
        return value[0], value[1]

    def choice(self, table: dict[str, Any], key: str, allowed: tuple[str, ...], default: str, where: str) -> str:
        value = table.get(key, default)
        if value not in allowed:
            raise DataError(
                f'{key} "{value}" is not one of {", ".join(allowed)}{near_miss(str(value), allowed)}',
                self.source,
                where,
            )
        return value


SHEET_KEYS = ("prefix", "rows", "cols", "rows_grow", "cols_grow", "shifted", "cols_by_row", "over", "same_place")


def grid_from(doc: _Toml) -> Grid:
    """The [grid] table: orientation and one [[grid.sheets]] per numbering. A sheet laid on
    another (``over``) names one place by both sheets' ids (``same_place``), which puts it on
    that sheet's plane; ``cols_by_row`` gives a ragged edge (the columns each listed row has)."""
    table = doc.data.get("grid")
    if not isinstance(table, dict):
        raise DataError("missing table [grid]", doc.source)
    orientation = doc.choice(table, "orientation", ORIENTATIONS, "pointy", "[grid]")
    name = doc.need(table, "name", str, "[grid]")
    sheets: list[Sheet] = []
    for i, s in enumerate(table.get("sheets", [])):
        where = f"[[grid.sheets]] #{i + 1}"
        unknown = [k for k in s if k not in SHEET_KEYS]
        if unknown:
            raise DataError(f"unknown setting {unknown[0]}{near_miss(unknown[0], SHEET_KEYS)}", doc.source, where)
        rows, cols = doc.pair(s, "rows", where) or (1, 99), doc.pair(s, "cols", where) or (1, 99)
        sheet = Sheet(
            prefix=doc.typed(s.get("prefix", ""), "prefix", str, where),
            rows=rows,
            cols=cols,
            rows_grow=doc.choice(s, "rows_grow", GROWS_ROWS, "south", where),  # type: ignore[arg-type]
            cols_grow=doc.choice(s, "cols_grow", GROWS_COLS, "east", where),  # type: ignore[arg-type]
            shifted=doc.choice(s, "shifted", PARITIES, "even", where),  # type: ignore[arg-type]
            only=_ragged(doc, s, rows, cols, where),
        )
        if "over" in s:
            sheet = _laid_over(doc, s, sheet, sheets, name, orientation, where)
        sheets.append(sheet)
    if not sheets:
        raise DataError("the grid needs at least one [[grid.sheets]]", doc.source, "[grid]")
    try:
        return Grid(name=name, boards=tuple(sheets), orientation=orientation)  # type: ignore[arg-type]
    except DataError as exc:
        raise DataError(str(exc), doc.source, "[grid]") from None


def _ragged(
    doc: _Toml, s: dict[str, Any], rows: tuple[int, int], cols: tuple[int, int], where: str
) -> frozenset[tuple[int, int]] | None:
    """``cols_by_row``: {row = [first, last]} for the rows whose columns stop short of `cols`."""
    table = s.get("cols_by_row")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise DataError("cols_by_row must be a table of row = [first, last]", doc.source, where)
    limits = {}
    for key, value in table.items():
        if not key.isdigit() or not rows[0] <= int(key) <= rows[1]:
            raise DataError(f'cols_by_row: "{key}" is not a row of the sheet ({rows[0]}-{rows[1]})', doc.source, where)
        pair = doc.pair({key: value}, key, where + " cols_by_row")
        if pair is None or pair[0] < cols[0] or pair[1] > cols[1]:
            raise DataError(f"cols_by_row {key}: columns {value} lie outside {list(cols)}", doc.source, where)
        limits[int(key)] = pair
    held: set[tuple[int, int]] = set()
    for r in range(rows[0], rows[1] + 1):
        first, last = limits.get(r, cols)
        held.update((r, c) for c in range(first, last + 1))
    return frozenset(held)


def _laid_over(
    doc: _Toml, s: dict[str, Any], sheet: Sheet, below: list[Sheet], name: str, orientation: str, where: str
) -> Sheet:
    """The sheet moved onto the plane of the sheet it lies on, so that the two ids of
    ``same_place`` (one of each sheet) name one hex."""
    over = doc.typed(s["over"], "over", str, where)
    base = next((b for b in below if b.prefix == over), None)
    if base is None:
        raise DataError(
            f'over "{over}" is not a sheet listed before this one{near_miss(over, [b.prefix for b in below])}',
            doc.source,
            where,
        )
    pair = s.get("same_place")
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
        raise DataError(
            f'same_place must be two ids naming one place, like ["{sheet.prefix}0101", "{over}0101"]', doc.source, where
        )
    loose = Grid(name=name, boards=(*below, replace(sheet, over="", offset=(0, 0))), orientation=orientation)  # type: ignore[arg-type]
    here, there = (loose._match(p, doc.source, where + " same_place") for p in pair)
    if {here.board, there.board} != {sheet.prefix, over}:
        raise DataError(
            f'same_place must give one id of sheet "{sheet.prefix}" and one of sheet "{over}"', doc.source, where
        )
    if here.board != sheet.prefix:
        here, there = there, here
    hx, hy = loose._doubled(here)  # own frame: the sheet is not placed yet
    tx, ty = loose._doubled(there)  # the plane of the sheet below
    return replace(sheet, over=over, offset=(tx - hx, ty - hy))


def _board_from(doc: _Toml, game: str, grid: Grid, map_name: str, table: dict[str, Any], n: int) -> Board:
    name = doc.need(table, "name", str, f"[[boards]] #{n}")
    where = f'board "{name}"'
    window_t = table.get("window", {})
    window = Window(
        sheet=window_t.get("sheet"),
        rows=doc.pair(window_t, "rows", where + " [window]"),
        cols=doc.pair(window_t, "cols", where + " [window]"),
    )
    layout = _layout_from(doc, grid, table.get("hexes", {}), where)
    width = doc.need(table, "width", int, where)
    height = doc.need(table, "height", int, where)
    board = Board(
        game,
        grid,
        layout,
        width,
        height,
        (),
        map_name,
        name,
        doc.need(table, "image", str, where),
        window,
        table.get("title", name),
        table.get("art_title", ""),
    )
    if not board.hexes():
        raise DataError("the board's window holds no hex of the grid", doc.source, where + " [window]")
    left, top, right, bottom = board.bounds()
    if left < 0 or top < 0 or right > width or bottom > height:
        raise DataError(
            f"the hex grid ({left:.0f},{top:.0f})-({right:.0f},{bottom:.0f}) does not fit the {width}x{height} image",
            doc.source,
            where,
        )
    boxes = _box_areas(doc, table, where, width, height)
    key_area = _key_area(doc, table, where, width, height)
    return Board(
        game,
        grid,
        layout,
        width,
        height,
        boxes,
        map_name,
        name,
        board.image,
        window,
        board.title,
        board.art_title,
        key_area,
    )


def _layout_from(doc: _Toml, grid: Grid, hexes: Any, where: str) -> Layout:
    """[boards.hexes]: where the reference hex's centre lies on the image and the hex spacing."""
    ref = grid.parse(doc.need(hexes, "ref", str, where + " [hexes]"), doc.source, where + " [hexes] ref")
    return Layout(
        ref=ref,
        x=doc.need(hexes, "x", float, where + " [hexes]"),
        y=doc.need(hexes, "y", float, where + " [hexes]"),
        along=doc.need(hexes, "along", float, where + " [hexes]"),
        across=doc.need(hexes, "across", float, where + " [hexes]"),
    )


def _box_areas(doc: _Toml, table: dict[str, Any], where: str, width: int, height: int) -> tuple[BoxArea, ...]:
    """[boards.boxes]: the Map Boxes drawn on the image, each inside it and none overlapping."""
    boxes: list[BoxArea] = []
    for code, bt in sorted(table.get("boxes", {}).items()):
        bw = f"{where} [boxes.{code}]"
        box = BoxArea(
            code,
            doc.need(bt, "x", int, bw),
            doc.need(bt, "y", int, bw),
            doc.need(bt, "width", int, bw),
            doc.need(bt, "height", int, bw),
        )
        if box.x < 0 or box.y < 0 or box.x + box.width > width or box.y + box.height > height:
            raise DataError("the box does not fit inside the image", doc.source, bw)
        for other in boxes:
            if (
                box.x < other.x + other.width
                and other.x < box.x + box.width
                and box.y < other.y + other.height
                and other.y < box.y + box.height
            ):
                raise DataError(f"overlaps box {other.code}", doc.source, bw)
        boxes.append(box)
    return tuple(boxes)


def _key_area(doc: _Toml, table: dict[str, Any], where: str, width: int, height: int) -> BoxArea | None:
    """[boards.key]: where the map key lies on the image (None: no key)."""
    key_area = None
    if "key" in table:
        kt, kw = table["key"], f"{where} [key]"
        key_area = BoxArea(
            "key",
            doc.need(kt, "x", int, kw),
            doc.need(kt, "y", int, kw),
            doc.need(kt, "width", int, kw),
            doc.need(kt, "height", int, kw),
        )
        if (
            key_area.x < 0
            or key_area.y < 0
            or key_area.x + key_area.width > width
            or key_area.y + key_area.height > height
        ):
            raise DataError("the key does not fit inside the image", doc.source, kw)
    return key_area


def load_boards_file(path: Path, game: str) -> Boards:
    """Read a board.toml; DataError naming the file and key when it is wrong."""
    doc = _Toml(path)
    grid = grid_from(doc)
    map_name = doc.need(doc.data, "map_name", str, "top level")
    tables = doc.data.get("boards")
    if not isinstance(tables, list) or not tables:
        raise DataError("no [[boards]]", doc.source)
    boards = tuple(_board_from(doc, game, grid, map_name, t, i + 1) for i, t in enumerate(tables))
    names = [b.board_name for b in boards]
    if len(set(names)) != len(names):
        raise DataError(f"two boards share a name ({names})", doc.source)
    return Boards(game, grid, map_name, boards)


def load_boards(game: Game) -> Boards:
    return load_boards_file(game.folder / "board.toml", game.key)


def board_for(key: str) -> Board:
    """The first board of a game, by key (most games have one)."""
    from wargame.games import find_game

    return find_game(key).boards().default


def load_board(key: str) -> Board:
    """The same as :func:`board_for` (older name)."""
    return board_for(key)
