"""The grid model's Grid: numbering, adjacency, distance, lines and pixels over the values of
wargame.grid.parts (Hex, Hexside, Sheet, Layout). The package docstring has the API."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Literal

from records import frozen
from wargame.errors import DataError, near_miss
from wargame.grid.packed import pack, pack_hexes, unpack_hexes, unpack_near, unpack_parsed
from wargame.grid.parts import Hex, Hexside, Layout, Orientation, Point, Sheet

POINTY_DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")
FLAT_DIRECTIONS = ("NE", "N", "NW", "SW", "S", "SE")

# Steps in doubled coordinates (X, Y grow right and down on the map), in direction order.
_POINTY_STEPS = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
_FLAT_STEPS = ((1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2), (1, 1))

# Corners as fractions of (along, across); corner i and i+1 bound the side in direction i.
_POINTY_CORNERS = ((0.5, 1 / 3), (0.5, -1 / 3), (0.0, -2 / 3), (-0.5, -1 / 3), (-0.5, 1 / 3), (0.0, 2 / 3))
_FLAT_CORNERS = ((2 / 3, 0.0), (1 / 3, -0.5), (-1 / 3, -0.5), (-2 / 3, 0.0), (-1 / 3, 0.5), (1 / 3, 0.5))

# Added to both ends of a line so that lines through hex corners always break the same way
# (and line(b, a) is line(a, b) reversed).
_NUDGE = (1e-6, 2e-6, -3e-6)


@frozen
class Grid:
    """A game's hex grid: orientation, id format and its boards. See the module docstring."""

    name: str
    boards: tuple[Sheet, ...]
    orientation: Orientation = "pointy"
    order: Literal["RC", "CR"] = "RC"  # which number comes first in an id
    row_digits: int = 2
    col_digits: int = 2
    sep: str = ""

    def __post_init__(self) -> None:
        problems = _grid_problems(self)
        if problems:
            raise DataError(f"grid {self.name}: " + "; ".join(problems))

    # ----- numbering -------------------------------------------------------------------------

    @property
    def directions(self) -> tuple[str, ...]:
        return POINTY_DIRECTIONS if self.orientation == "pointy" else FLAT_DIRECTIONS

    @cached_property
    def _boards(self) -> dict[str, Sheet]:
        return {b.prefix: b for b in self.boards}

    @cached_property
    def _planes(self) -> dict[str, str]:
        """Each sheet's plane: the prefix of the sheet at the bottom of its stack."""
        out = {}
        for b in self.boards:
            base = b
            while base.over:
                base = self._boards[base.over]
            out[b.prefix] = base.prefix
        return out

    @cached_property
    def _offsets(self) -> dict[str, tuple[int, int]]:
        """Each sheet's offset to its plane, added along its stack."""
        out = {}
        for b in self.boards:
            x, y, s = 0, 0, b
            while s.over:
                x, y = x + s.offset[0], y + s.offset[1]
                s = self._boards[s.over]
            out[b.prefix] = (x, y)
        return out

    @cached_property
    def _stacks(self) -> dict[str, tuple[Sheet, ...]]:
        """The sheets of each plane, the one on top first (a sheet lies over those listed before
        it on its plane, since it is listed after the sheet it is laid on)."""
        out: dict[str, list[Sheet]] = {}
        for b in self.boards:
            out.setdefault(self._planes[b.prefix], []).append(b)
        return {k: tuple(reversed(v)) for k, v in out.items()}

    @cached_property
    def _covered(self) -> frozenset[Hex]:
        """Hexes of a sheet that a sheet on top of it also has: aliases, not hexes of the grid."""
        found = set()
        for b in self.boards:
            stack = self._stacks[self._planes[b.prefix]]
            above = stack[: stack.index(b)]
            if not above:
                continue
            for r in range(b.rows[0], b.rows[1] + 1):
                for c in range(b.cols[0], b.cols[1] + 1):
                    if b.holds(r, c):
                        x, y = self._doubled(Hex(r, c, b.prefix))
                        if any(self._held(t, x, y) for t in above):
                            found.add(Hex(r, c, b.prefix))
        return frozenset(found)

    @cached_property
    def _id_pattern(self) -> re.Pattern[str]:
        first, second = (self.row_digits, self.col_digits) if self.order == "RC" else (self.col_digits, self.row_digits)
        prefixes = "|".join(re.escape(b.prefix) for b in sorted(self.boards, key=lambda b: -len(b.prefix)))
        return re.compile(
            rf"(?P<prefix>{prefixes})(?P<first>\d{{{first}}}){re.escape(self.sep)}(?P<second>\d{{{second}}})",
            re.IGNORECASE,
        )

    @cached_property
    def _all_hexes(self) -> tuple[Hex, ...]:
        packed = self.__dict__.get("_packed_hexes")  # from the compiled cache (wargame.grid.packed)
        if packed is not None:
            return unpack_hexes(packed)
        covered = self._covered
        found = [
            Hex(r, c, b.prefix)
            for b in self.boards
            for r in range(b.rows[0], b.rows[1] + 1)
            for c in range(b.cols[0], b.cols[1] + 1)
            if b.holds(r, c) and Hex(r, c, b.prefix) not in covered
        ]
        return tuple(sorted(found, key=self.hex_id))

    def _board(self, h: Hex) -> Sheet:
        if not isinstance(h, Hex):
            raise DataError(f"expected a Hex, got {h!r}")
        try:
            return self._boards[h.board]
        except KeyError:
            raise DataError(f'{self.name} has no board "{h.board}" (hex {h})') from None

    def hex_id(self, h: Hex) -> str:
        """The id as printed on the map, e.g. "2915" (USE) or "w3825" (TK)."""
        self._board(h)
        for value, digits in ((h.row, self.row_digits), (h.col, self.col_digits)):
            if not 0 <= value < 10**digits:
                raise DataError(
                    f"{h} cannot be written as a {self.name} hex id ({value} needs more than {digits} digits)"
                )
        row, col = f"{h.row:0{self.row_digits}d}", f"{h.col:0{self.col_digits}d}"
        body = row + self.sep + col if self.order == "RC" else col + self.sep + row
        return h.board + body

    def _match(self, text: str, source: str | None, place: str | None) -> Hex:
        """The hex an id names in its own sheet's numbering, on that sheet or not."""
        if not isinstance(text, str):
            raise DataError(f"a {self.name} hex id must be text, not {text!r}", source, place)
        match = self._id_pattern.fullmatch(text.strip())
        if match is None:
            example = self.hex_id(self._all_hexes[0]) if self._all_hexes else ""
            raise DataError(f'"{text}" is not a {self.name} hex id (like "{example}")', source, place)
        prefix = next(b.prefix for b in self.boards if b.prefix.lower() == match["prefix"].lower())
        first, second = int(match["first"]), int(match["second"])
        return Hex(first, second, prefix) if self.order == "RC" else Hex(second, first, prefix)

    @cached_property
    def _parsed(self) -> dict[str, Hex]:
        """Ids parsed so far (a map's files name each hex many times); from the compiled cache,
        unpacked when first needed (wargame.grid.packed)."""
        packed = self.__dict__.get("_packed")
        return {} if packed is None else unpack_parsed(packed, self._all_hexes)

    @cached_property
    def _near(self) -> dict[Hex, tuple[Hex, ...]]:
        """Neighbours found so far (sheets laid on one another make each lookup dear); from the
        compiled cache, unpacked when first needed."""
        packed = self.__dict__.get("_packed")
        return {} if packed is None else unpack_near(packed, self._all_hexes)

    def parse(self, text: str, source: str | None = None, place: str | None = None) -> Hex:
        """The hex named by `text`; malformed ids and hexes off the map raise DataError. An id of
        a sheet's hex that another sheet lies over gives the hex of the sheet on top (the grid's
        one hex for that place): both ids of an overlapped hex parse to the same Hex."""
        found = self._parsed.get(text) if isinstance(text, str) else None
        if found is not None:
            return found
        found = self._parse(text, source, place)
        self._parsed[text] = found
        return found

    def _parse(self, text: str, source: str | None, place: str | None) -> Hex:
        h = self._match(text, source, place)
        board = self._boards[h.board]
        if not board.holds(h.row, h.col):
            hint = near_miss(text.strip(), (self.hex_id(x) for x in self._all_hexes))
            rows = "-".join(f"{n:0{self.row_digits}d}" for n in board.rows)
            cols = "-".join(f"{n:0{self.col_digits}d}" for n in board.cols)
            raise DataError(
                f"hex {text.strip()} is not on the {self.name} map (rows {rows}, columns {cols}){hint}",
                source,
                place,
            )
        return self.canonical(h)

    def canonical(self, h: Hex) -> Hex:
        """The grid's own hex for the place `h` names: `h` itself, or for a hex of a sheet that
        another sheet covers, the covering sheet's hex."""
        if h not in self._covered:
            return h
        x, y = self._doubled(h)
        for top in self._stacks[self._planes[h.board]]:
            if self._held(top, x, y):
                return self._own(top, x, y)
        return h  # pragma: no cover - a covered hex is held by a sheet above

    def aliases(self, h: Hex) -> tuple[Hex, ...]:
        """Every sheet's hex at the place of `h`, the grid's own first (one for most hexes)."""
        x, y = self._doubled(h)
        held = [self._own(b, x, y) for b in self._stacks[self._planes[h.board]] if self._held(b, x, y)]
        return tuple(held) or (h,)

    def contains(self, h: Hex) -> bool:
        """Whether `h` is a hex of the grid (an overlapped sheet's alias is not: see canonical)."""
        board = self._boards.get(h.board) if isinstance(h, Hex) else None
        return board is not None and board.holds(h.row, h.col) and h not in self._covered

    def hexes(self, board: str | None = None) -> tuple[Hex, ...]:
        """Every hex on the grid (or with one board's prefix), sorted by id."""
        if board is None:
            return self._all_hexes
        if board not in self._boards:
            raise DataError(f'{self.name} has no board "{board}"{near_miss(board, self._boards)}')
        return tuple(h for h in self._all_hexes if h.board == board)

    def plane_hexes(self, board: str) -> tuple[Hex, ...]:
        """Every hex on the plane of a board: its own and those of the sheets laid with it."""
        if board not in self._boards:
            raise DataError(f'{self.name} has no board "{board}"{near_miss(board, self._boards)}')
        plane = self._planes[board]
        return tuple(h for h in self._all_hexes if self._planes[h.board] == plane)

    def same_plane(self, a: Hex, b: Hex) -> bool:
        """Whether two hexes lie on one plane (one sheet, or sheets laid on one another)."""
        return self._planes[self._board(a).prefix] == self._planes[self._board(b).prefix]

    def _on_grid(self, h: Hex) -> Hex:
        self._board(h)
        if not self.contains(h):
            raise DataError(f"hex {self.hex_id(h)} is not on the {self.name} map")
        return h

    # ----- coordinates -----------------------------------------------------------------------

    def _doubled(self, h: Hex) -> tuple[int, int]:
        """Doubled coordinates on the hex's plane: X, Y grow right and down; neighbours are
        _STEPS apart."""
        b = self._board(h)
        down = h.row if b.rows_grow == "south" else -h.row
        right = h.col if b.cols_grow == "east" else -h.col
        ox, oy = self._offsets[b.prefix]
        if self.orientation == "pointy":
            shift = (1 if b.cols_grow == "east" else -1) if _is_shifted(b, h.row) else 0
            return 2 * right + shift + ox, down + oy
        shift = (1 if b.rows_grow == "south" else -1) if _is_shifted(b, h.col) else 0
        return right + ox, 2 * down + shift + oy

    def _own(self, b: Sheet, x: int, y: int) -> Hex:
        """The hex of sheet `b` at plane point (x, y), in that sheet's numbering."""
        ox, oy = self._offsets[b.prefix]
        x, y = x - ox, y - oy
        if self.orientation == "pointy":
            row = y if b.rows_grow == "south" else -y
            shift = (1 if b.cols_grow == "east" else -1) if _is_shifted(b, row) else 0
            right = (x - shift) // 2
            return Hex(row, right if b.cols_grow == "east" else -right, b.prefix)
        col = x if b.cols_grow == "east" else -x
        shift = (1 if b.rows_grow == "south" else -1) if _is_shifted(b, col) else 0
        down = (y - shift) // 2
        return Hex(down if b.rows_grow == "south" else -down, col, b.prefix)

    def _held(self, b: Sheet, x: int, y: int) -> bool:
        h = self._own(b, x, y)
        return b.holds(h.row, h.col)

    def _from_doubled(self, x: int, y: int, board: str) -> Hex:
        """The hex at plane point (x, y) of `board`'s plane: the top sheet's that has it, or
        `board`'s own numbering where no sheet does (off the grid)."""
        b = self._boards[board]
        stack = self._stacks[self._planes[board]]
        if len(stack) > 1:
            for top in stack:
                if self._held(top, x, y):
                    return self._own(top, x, y)
        return self._own(b, x, y)

    def _parity(self, board: str) -> int:
        """(X - Y) mod 2 (pointy) or (Y - X) mod 2 (flat), the same for every hex of a plane."""
        plane = self._boards[self._planes[board]]
        return 0 if plane.shifted == "odd" else 1

    def to_axial(self, h: Hex) -> tuple[int, int]:
        """Axial (q, r) of `h` on its board's plane (r grows down the map)."""
        x, y = self._doubled(h)
        k = self._parity(h.board)
        if self.orientation == "pointy":
            return (x - y - k) // 2, y
        return x, (y - x - k) // 2

    def from_axial(self, q: int, r: int, board: str = "") -> Hex:
        if board not in self._boards:
            raise DataError(f'{self.name} has no board "{board}"')
        k = self._parity(board)
        if self.orientation == "pointy":
            return self._from_doubled(2 * q + r + k, r, board)
        return self._from_doubled(q, 2 * r + q + k, board)

    def to_cube(self, h: Hex) -> tuple[int, int, int]:
        q, r = self.to_axial(h)
        return q, r, -q - r

    # ----- adjacency -------------------------------------------------------------------------

    def _steps(self) -> tuple[tuple[int, int], ...]:
        return _POINTY_STEPS if self.orientation == "pointy" else _FLAT_STEPS

    def step(self, h: Hex, direction: str) -> Hex:
        """The hex next to `h` in `direction` (whether or not it is on the grid)."""
        if direction not in self.directions:
            raise DataError(
                f'"{direction}" is not a direction of {self.name} hexes{near_miss(direction, self.directions)}'
            )
        x, y = self._doubled(h)
        sx, sy = self._steps()[self.directions.index(direction)]
        return self._from_doubled(x + sx, y + sy, h.board)

    def __getstate__(self) -> dict[str, object]:
        """Pickled with its sorted hexes and the ids and neighbours found so far packed as
        numbers (wargame.grid.packed), made objects again when first needed: the compiled cache
        loads the tables of a map's thousands of hexes for every check (issue 20). Tables that
        hold a hex not among the grid's own are pickled as they are, each hex one object."""
        state = dict(self.__dict__)
        tables = {"_parsed", "_near", "_packed"} & state.keys()
        if "_all_hexes" in state or "_packed_hexes" in state or tables:
            state.pop("_packed_hexes", None)
            hexes = pack_hexes(self._all_hexes)
            if hexes is None:
                state["_all_hexes"] = self._all_hexes
            else:
                state.pop("_all_hexes", None)
                state["_packed_hexes"] = hexes
        if not tables:
            return state
        state.pop("_packed", None)
        packed = pack(self._parsed, self._near, self._all_hexes)
        if packed is not None:
            state.pop("_parsed", None)
            state.pop("_near", None)
            state["_packed"] = packed
            return state
        one = {h: h for h in self._all_hexes}
        state["_parsed"] = {k: one.setdefault(h, h) for k, h in self._parsed.items()}
        state["_near"] = {one.setdefault(h, h): tuple(one.setdefault(n, n) for n in near)
                          for h, near in self._near.items()}  # fmt: skip
        return state

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The adjacent hexes on the grid, in `directions` order."""
        found = self._near.get(h)
        if found is None:
            self._on_grid(h)
            found = tuple(n for n in (self.step(h, d) for d in self.directions) if self.contains(n))
            self._near[h] = found
        return found

    def direction(self, a: Hex, b: Hex) -> str:
        """The direction of adjacent hex `b` seen from `a`."""
        ax, ay = self._doubled(a)
        bx, by = self._doubled(self._same_board(a, b))
        try:
            return self.directions[self._steps().index((bx - ax, by - ay))]
        except ValueError:
            raise DataError(f"hexes {self.hex_id(a)} and {self.hex_id(b)} are not adjacent") from None

    def is_adjacent(self, a: Hex, b: Hex) -> bool:
        return self.same_plane(a, b) and self.distance(a, b) == 1

    def _same_board(self, a: Hex, b: Hex) -> Hex:
        """`b`, once it is known to share a plane with `a` (one sheet, or sheets laid together)."""
        if not self.same_plane(a, b):
            raise DataError(
                f"hexes {self.hex_id(a)} and {self.hex_id(b)} are on different boards; "
                f"{self.name} does not describe how its boards join"
            )
        return b

    # ----- ranges ----------------------------------------------------------------------------

    def distance(self, a: Hex, b: Hex) -> int:
        """Hexes to count from `a` to `b`, not counting `a` (rule 1.4)."""
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(self._same_board(a, b))
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def within(self, h: Hex, n: int) -> frozenset[Hex]:
        """Hexes on the grid at most `n` away; `h` itself is inside the range (rule 1.4)."""
        self._on_grid(h)
        if n < 0:
            raise DataError(f"a range cannot be negative ({n})")
        q, r = self.to_axial(h)
        found = set()
        for dq in range(-n, n + 1):
            for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
                other = self.from_axial(q + dq, r + dr, h.board)
                if self.contains(other):
                    found.add(other)
        return frozenset(found)

    def ring(self, h: Hex, n: int) -> tuple[Hex, ...]:
        """Hexes on the grid exactly `n` away, walking counter-clockwise from the one `n` steps
        in the fifth direction (SW if pointy, S if flat)."""
        self._on_grid(h)
        if n < 0:
            raise DataError(f"a ring radius cannot be negative ({n})")
        if n == 0:
            return (h,)
        x, y = self._doubled(h)
        steps = self._steps()
        x, y = x + n * steps[4][0], y + n * steps[4][1]
        walked = []
        for sx, sy in steps:
            for _ in range(n):
                walked.append(self._from_doubled(x, y, h.board))
                x, y = x + sx, y + sy
        return tuple(w for w in walked if self.contains(w))

    def line(self, a: Hex, b: Hex) -> tuple[Hex, ...]:
        """The hexes a straight line from the centre of `a` to the centre of `b` passes through,
        both ends included: distance + 1 hexes, each adjacent to the next. Where the line runs
        along a hexside a fixed nudge decides (toward the south-east of the map), so the answer
        is always the same and line(b, a) is line(a, b) reversed. The hexes in between may lie
        off the grid when the map edge is ragged."""
        n = self.distance(a, b)
        (aq, ar, as_), (bq, br, bs) = self.to_cube(a), self.to_cube(b)
        ends = [(aq + _NUDGE[0], ar + _NUDGE[1], as_ + _NUDGE[2]), (bq + _NUDGE[0], br + _NUDGE[1], bs + _NUDGE[2])]
        out = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            q = ends[0][0] + (ends[1][0] - ends[0][0]) * t
            r = ends[0][1] + (ends[1][1] - ends[0][1]) * t
            out.append(self.from_axial(*_cube_round(q, r), a.board))
        return tuple(out)

    # ----- hexsides --------------------------------------------------------------------------

    def hexside(self, a: Hex, b: Hex) -> Hexside:
        """The side between two adjacent hexes; DataError if they are not adjacent."""
        self.direction(a, b)
        return Hexside(a, b)

    def hexside_id(self, side: Hexside) -> str:
        """ "2914/2915": both ids, the lower first."""
        first, second = sorted((self.hex_id(side.a), self.hex_id(side.b)))
        return f"{first}/{second}"

    def parse_hexside(self, text: str, source: str | None = None, place: str | None = None) -> Hexside:
        """The hexside named like "2914/2915" (either order); the two hexes must be adjacent."""
        parts = text.split("/") if isinstance(text, str) else []
        if len(parts) != 2:
            raise DataError(f'"{text}" is not a hexside (write two adjacent hex ids like "2914/2915")', source, place)
        a, b = (self.parse(p, source, place) for p in parts)
        if not self.same_plane(a, b) or self.distance(a, b) != 1:
            raise DataError(
                f'hexside "{text}": hexes {self.hex_id(a)} and {self.hex_id(b)} are not adjacent', source, place
            )
        return Hexside(a, b)

    def hexsides_of(self, h: Hex) -> tuple[Hexside, ...]:
        """The sides `h` shares with hexes on the grid, in `directions` order."""
        return tuple(Hexside(h, n) for n in self.neighbours(h))

    # ----- pixels ----------------------------------------------------------------------------

    def _scale(self, layout: Layout) -> tuple[float, float]:
        """Pixels per doubled-coordinate unit along X and Y."""
        if self.orientation == "pointy":
            return layout.along / 2, layout.across
        return layout.across, layout.along / 2

    def center(self, h: Hex, layout: Layout) -> Point:
        """Pixel centre of `h` (any hex of the layout's plane, on the grid or not)."""
        x, y = self._doubled(h)
        rx, ry = self._doubled(self._same_board(h, layout.ref))
        sx, sy = self._scale(layout)
        return layout.x + (x - rx) * sx, layout.y + (y - ry) * sy

    def hex_at(self, x: float, y: float, layout: Layout) -> Hex:
        """The hex of the layout's plane whose outline contains pixel (x, y). Check
        `contains` on the answer: a point in the margin gives a hex off the grid."""
        rx, ry = self._doubled(layout.ref)
        sx, sy = self._scale(layout)
        fx, fy = rx + (x - layout.x) / sx, ry + (y - layout.y) / sy
        k = self._parity(layout.ref.board)
        if self.orientation == "pointy":
            q, r = (fx - fy - k) / 2, fy
        else:
            q, r = fx, (fy - fx - k) / 2
        return self.from_axial(*_cube_round(q, r), layout.ref.board)

    def corners(self, h: Hex, layout: Layout) -> tuple[Point, ...]:
        """The six corners, counter-clockwise; corners i and i+1 end the side in direction i."""
        cx, cy = self.center(h, layout)
        if self.orientation == "pointy":
            return tuple((cx + fx * layout.along, cy + fy * layout.across) for fx, fy in _POINTY_CORNERS)
        return tuple((cx + fx * layout.across, cy + fy * layout.along) for fx, fy in _FLAT_CORNERS)

    def bounds(self, layout: Layout, board: str | None = None) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) pixel box around every hex outline of the layout's plane
        (or of one board's hexes)."""
        hexes = self.plane_hexes(layout.ref.board) if board is None else self.hexes(board)
        points = [p for h in hexes for p in self.corners(h, layout)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    def hexside_endpoints(self, side: Hexside, layout: Layout) -> tuple[Point, Point]:
        """The two corners a hexside runs between (for drawing rivers and borders)."""
        i = self.directions.index(self.direction(side.a, side.b))
        points = self.corners(side.a, layout)
        return points[i], points[(i + 1) % 6]


def _is_shifted(board: Sheet, number: int) -> bool:
    return (number % 2 == 0) == (board.shifted == "even")


def _cube_round(q: float, r: float) -> tuple[int, int]:
    """The axial hex containing fractional axial point (q, r)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def _grid_problems(grid: Grid) -> list[str]:
    problems = []
    if grid.orientation not in ("pointy", "flat"):
        problems.append(f'orientation must be "pointy" or "flat", not {grid.orientation!r}')
    if grid.order not in ("RC", "CR"):
        problems.append(f'order must be "RC" or "CR", not {grid.order!r}')
    if grid.row_digits < 1 or grid.col_digits < 1:
        problems.append("row_digits and col_digits must be at least 1")
    if not isinstance(grid.boards, tuple) or not grid.boards:
        problems.append("needs a tuple of at least one Sheet")
        return problems
    prefixes = [b.prefix.lower() for b in grid.boards]
    if len(set(prefixes)) != len(prefixes):
        problems.append(f"board prefixes repeat: {prefixes}")
    if len(grid.boards) > 1 and "" in prefixes:
        problems.append("with more than one board every board needs a prefix")
    for b in grid.boards:
        if any(ch.isdigit() for ch in b.prefix):
            problems.append(f'board prefix "{b.prefix}" must not contain digits')
        if b.rows_grow not in ("south", "north") or b.cols_grow not in ("east", "west"):
            problems.append(f'board "{b.prefix}": rows_grow is south/north and cols_grow east/west')
        if b.shifted not in ("even", "odd"):
            problems.append(f'board "{b.prefix}": shifted must be "even" or "odd"')
        for what, (low, high), digits in (("rows", b.rows, grid.row_digits), ("cols", b.cols, grid.col_digits)):
            if not 0 <= low <= high < 10**digits:
                problems.append(f'board "{b.prefix}": {what} {low}-{high} do not fit {digits} digits')
        if b.only is not None:
            outside = sorted(
                rc for rc in b.only if not (b.rows[0] <= rc[0] <= b.rows[1] and b.cols[0] <= rc[1] <= b.cols[1])
            )
            if outside:
                problems.append(f'board "{b.prefix}": hexes {outside[:5]} lie outside its rows and cols')
    listed: list[str] = []
    for b in grid.boards:
        if b.over and b.over not in listed:
            problems.append(f'board "{b.prefix}" is laid over "{b.over}", which is not a board listed before it')
        listed.append(b.prefix)
    if problems:
        return problems
    for b in grid.boards:
        if not b.over:
            continue
        x, y = grid._doubled(Hex(b.rows[0], b.cols[0], b.prefix))
        odd = (x - y) % 2 if grid.orientation == "pointy" else (y - x) % 2
        if odd != grid._parity(b.prefix):
            problems.append(
                f'board "{b.prefix}": its offset {b.offset} puts its hexes half a hex off the grid of "{b.over}"'
            )
    return problems
