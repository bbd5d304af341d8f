"""A game's board image: where the hexes and the Map Boxes are, in pixels.

The map art draws with it, the module builder writes its VASSAL grid and zones from it, and the
saved-game reader turns piece positions back into hexes and boxes with it: one geometry for all
three (DESIGN.md), read from scenarios/<game>/board.toml.

    load_board(game) -> Board          Board.center(hex) / .hex_at(x, y) / .box_at(x, y)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from wargame.errors import DataError, near_miss
from wargame.grid import Grid, Hex, Layout, use_grid

REPO = Path(__file__).resolve().parents[1]
GRIDS = {"use": use_grid}


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Board:
    """The board image of one game: size, hex layout, Map Box rectangles, VASSAL names."""

    game: str
    grid: Grid
    layout: Layout
    width: int
    height: int
    boxes: tuple[BoxArea, ...]
    map_name: str
    board_name: str
    image: str

    def center(self, hex_: Hex) -> tuple[float, float]:
        return self.grid.center(hex_, self.layout)

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The hex drawn at a pixel, None off the grid or inside a Map Box."""
        if self.box_at(x, y) is not None:
            return None
        found = self.grid.hex_at(x, y, self.layout)
        return found if self.grid.contains(found) else None

    def box_at(self, x: float, y: float) -> BoxArea | None:
        return next((b for b in self.boxes if b.contains(x, y)), None)

    def box(self, code: str) -> BoxArea:
        for b in self.boxes:
            if b.code == code:
                return b
        raise DataError(f"no Map Box {code!r} on the board{near_miss(code, [b.code for b in self.boxes])}")


def load_board(game: str, folder: Path | None = None) -> Board:
    """Read scenarios/<game>/board.toml; DataError naming the file and key when it is wrong."""
    path = (folder or REPO / "scenarios" / game) / "board.toml"
    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError("no board settings for this game", source) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"not valid TOML ({exc})", source) from None
    if game not in GRIDS:
        raise DataError(f"no grid for game {game!r}{near_miss(game, GRIDS)}", source)
    grid = GRIDS[game]()

    def need(table: dict, key: str, kind: type, where: str):
        if key not in table:
            raise DataError(f"missing {key}", source, where)
        value = table[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise DataError(f"{key} must be a {kind.__name__}, not {value!r}", source, where)
        return value

    hexes = data.get("hexes", {})
    ref = grid.parse(need(hexes, "ref", str, "[hexes]"), source, "[hexes] ref")
    layout = Layout(ref=ref, x=need(hexes, "x", float, "[hexes]"), y=need(hexes, "y", float, "[hexes]"),
                    along=need(hexes, "along", float, "[hexes]"),
                    across=need(hexes, "across", float, "[hexes]"))
    size = data.get("image_size", {})
    width = need(size, "width", int, "[image_size]")
    height = need(size, "height", int, "[image_size]")
    left, top, right, bottom = grid.bounds(layout)
    if left < 0 or top < 0 or right > width or bottom > height:
        raise DataError(f"the hex grid ({left:.0f},{top:.0f})-({right:.0f},{bottom:.0f}) does not fit "
                        f"the {width}x{height} image", source, "[image_size]")
    boxes = []
    for code, table in sorted(data.get("boxes", {}).items()):
        where = f"[boxes.{code}]"
        box = BoxArea(code, need(table, "x", int, where), need(table, "y", int, where),
                      need(table, "width", int, where), need(table, "height", int, where))
        if box.x < 0 or box.y < 0 or box.x + box.width > width or box.y + box.height > height:
            raise DataError("the box does not fit inside the image", source, where)
        for other in boxes:
            if (box.x < other.x + other.width and other.x < box.x + box.width
                    and box.y < other.y + other.height and other.y < box.y + box.height):
                raise DataError(f"overlaps box {other.code}", source, where)
        boxes.append(box)
    return Board(game, grid, layout, width, height, tuple(boxes),
                 need(data, "map_name", str, "top level"), need(data, "board_name", str, "top level"),
                 need(data, "image", str, "top level"))


@lru_cache(maxsize=None)
def board_for(game: str) -> Board:
    """The board of a built-in game, read once."""
    return load_board(game)
