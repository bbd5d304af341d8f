"""The values a hex grid is built from and answers in: a Hex in a game's printed numbers, the
Hexside between two hexes, one map Sheet's numbering, the Layout of hexes in an image. The
Grid that relates them is wargame.grid.core's; the package docstring has the API."""

from __future__ import annotations

import math
from typing import Literal

from records import frozen
from wargame.errors import DataError

Orientation = Literal["pointy", "flat"]
Point = tuple[float, float]


@frozen(order=True)
class Hex:
    """A hex in the game's printed numbers; `board` is the map prefix ("" for one-map games)."""

    row: int
    col: int
    board: str = ""


@frozen(order=True)
class Hexside:
    """The side between two adjacent hexes, stored with the smaller Hex first so that
    Hexside(a, b) == Hexside(b, a). Build it with Grid.hexside to have adjacency checked."""

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        if self.b < self.a:
            first, second = self.b, self.a
            object.__setattr__(self, "a", first)
            object.__setattr__(self, "b", second)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        """The hex across this side from `h`."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise DataError(f"{h} is not on the hexside {self.a}/{self.b}")


@frozen
class Sheet:
    """One map sheet's numbering: id prefix, extent, and which way its numbers run.

    `rows_grow` / `cols_grow`: the compass direction in which printed numbers increase.
    `shifted`: the straight lines (rows if pointy, columns if flat) whose parity this names sit
    half a hex further toward increasing position numbers. `over` / `offset`: a sheet laid on
    another (ETO's East sheet on the West sheet's edge) shares its plane, moved by `offset` in
    doubled coordinates; where both sheets have a hex, the sheet laid on top names it."""

    prefix: str = ""
    rows: tuple[int, int] = (1, 99)
    cols: tuple[int, int] = (1, 99)
    rows_grow: Literal["south", "north"] = "south"
    cols_grow: Literal["east", "west"] = "east"
    shifted: Literal["even", "odd"] = "even"
    only: frozenset[tuple[int, int]] | None = None  # (row, col) pairs that exist, if not all
    over: str = ""  # the prefix of the sheet this one is laid on ("": a plane of its own)
    offset: tuple[int, int] = (0, 0)  # doubled (X, Y) added to its own to reach that plane

    def holds(self, row: int, col: int) -> bool:
        return (
            self.rows[0] <= row <= self.rows[1]
            and self.cols[0] <= col <= self.cols[1]
            and (self.only is None or (row, col) in self.only)
        )


@frozen
class Layout:
    """Where the hexes sit in an image: pixel centre (x, y) of hex `ref`, and the spacing.

    `along`: centre distance between neighbours on a straight line (row if pointy, column if
    flat); `across`: distance between two straight lines. Unequal ratios give the stretched
    hexes some published maps (and VASSAL grids) use."""

    ref: Hex
    x: float
    y: float
    along: float
    across: float

    def __post_init__(self) -> None:
        for name in ("x", "y", "along", "across"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise DataError(f"layout {name} must be a finite number, not {value!r}")
        if self.along <= 0 or self.across <= 0:
            raise DataError(f"layout spacing must be positive (along={self.along}, across={self.across})")

    @classmethod
    def regular(cls, size: float, ref: Hex, x: float = 0.0, y: float = 0.0) -> Layout:
        """Regular hexes whose centre-to-corner distance is `size` pixels."""
        return cls(ref=ref, x=x, y=y, along=math.sqrt(3) * size, across=1.5 * size)
