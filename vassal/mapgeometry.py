"""A VASSAL map laid out as the engine lays it out: which boards are in use (the saved game's
BoardPicker command or the module's default), where each sits in map pixels (edge buffer, the
boards left of and above it, image sizes read from headers), its draw piles, and
``Map.locationName`` / ``Map.snapTo`` over them (`vassal.grids` names points on one board).

    map_geometry(map_element, board_picker=None, image_size=None, map_id=None) -> MapGeometry
    board_picker_choices(command, map_name, map_id=None) -> tuple[BoardChoice, ...] | None
    image_size_reader(read) -> callable giving an image's (width, height) from its header
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import BinaryIO

from lxml import etree

from records import frozen
from vassal.errors import FormatError
from vassal.grids.elements import child_elements, element_place, int_attr, parse_board, sorted_attrs
from vassal.grids.locate import (
    location_name,
    location_point,
    needs_board_size,
    snap_point,
    zoned_region_point,
)
from vassal.grids.model import TAG_BOARD, BadLocation, Point, Size, VassalBoard, ZonedGrid
from vassal.imagesize import image_size
from vassal.javanum import java_trim, parse_int, round_int
from vassal.sequence import Decoder

__all__ = [
    "OFFBOARD",
    "BoardChoice",
    "PlacedBoard",
    "DeckSpot",
    "MapGeometry",
    "ImageSize",
    "board_picker_choices",
    "image_size_reader",
    "map_geometry",
]

OFFBOARD = "offboard"  # Map.locationName's answer when no deck, board or grid names the point
TAG_BOARD_PICKER = "VASSAL.build.module.map.BoardPicker"
TAG_DRAW_PILE = "VASSAL.build.module.map.DrawPile"
_FOLDER_PKG = "VASSAL.build.module.folder."


@frozen
class BoardChoice:
    """One board of a BoardPicker command: name, reversed flag, slot column and row."""

    name: str
    reversed: bool
    column: int
    row: int


@frozen
class PlacedBoard:
    """A board in use on a map: its slot, whether reversed, and its bounds in map pixels.

    `magnification` is Board's scale factor; no buildFile attribute sets it (always 1.0 in
    the engine), it is kept for completeness of local/global coordinates.

    When a board's image cannot be sized (missing or unreadable), `size_known` is False and
    `width`/`height` are 0; the boards after it in its row (column) then have an unknown `x`
    (`y`): `x_known`/`y_known` are False and `x`/`y` are only lower bounds."""

    board: VassalBoard
    column: int
    row: int
    reversed: bool
    x: int
    y: int
    width: int
    height: int
    magnification: float = 1.0
    size_known: bool = True
    x_known: bool = True
    y_known: bool = True

    @property
    def known(self) -> bool:
        """Place and size are both known: `contains` is the engine's answer."""
        return self.size_known and self.x_known and self.y_known

    def contains(self, x: int, y: int) -> bool:
        if not self.known or self.width <= 0 or self.height <= 0:
            return False
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def may_contain(self, x: int, y: int) -> bool:
        """Whether the point can be on the board for some size of the boards not sized."""
        if self.known:
            return self.contains(x, y)
        in_x = self.x <= x and (not (self.x_known and self.size_known) or x < self.x + self.width)
        in_y = self.y <= y and (not (self.y_known and self.size_known) or y < self.y + self.height)
        return in_x and in_y

    def local(self, x: int, y: int) -> Point:
        """``Board.localCoordinates`` of a point given relative to the board's corner."""
        if self.reversed:
            x, y = self.width - x, self.height - y
        if self.magnification != 1.0:
            x, y = round_int(x / self.magnification), round_int(y / self.magnification)
        return x, y

    def global_(self, x: int, y: int) -> Point:
        """``Board.globalCoordinates``: the inverse of `local`."""
        if self.magnification != 1.0:
            x, y = round_int(x * self.magnification), round_int(y * self.magnification)
        if self.reversed:
            x, y = self.width - x, self.height - y
        return x, y


@frozen
class DeckSpot:
    """A DrawPile of the map: its name and position (relative to its owning board if that
    board is in use, else to the map's edge)."""

    name: str
    x: int
    y: int
    owning_board: str | None = None


@frozen
class MapGeometry:
    """One map as the engine lays it out: boards in use with their map-pixel bounds, decks.

    `location_name(x, y)` is ``Map.locationName``: a deck exactly at the point, else the first
    board containing it (its grid's name for the board-local point), else "offboard"."""

    name: str
    boards: tuple[PlacedBoard, ...]
    decks: tuple[DeckSpot, ...] = ()
    edge_width: int = 0
    edge_height: int = 0

    def board_at(self, x: int, y: int) -> PlacedBoard | None:
        for placed in self.boards:
            if placed.contains(x, y):
                return placed
        return None

    def board_named(self, name: str) -> PlacedBoard | None:
        for placed in self.boards:
            if placed.board.name == name:
                return placed
        return None

    @property
    def unsized(self) -> tuple[str, ...]:
        """Names of the boards in use whose image could not be sized."""
        return tuple(p.board.name or "" for p in self.boards if not p.size_known)

    def deck_position(self, deck: DeckSpot) -> Point | None:
        """Where a deck is drawn; None when it hangs off a board whose place is not known."""
        owner = self.board_named(deck.owning_board) if deck.owning_board is not None else None
        if owner is None:
            return deck.x + self.edge_width, deck.y + self.edge_height
        if not (owner.x_known and owner.y_known):
            return None
        return deck.x + owner.x, deck.y + owner.y

    def location_name(self, x: int, y: int, properties: Mapping[str, str] | None = None) -> str | None:
        """``Map.locationName`` of a map point. None only when a board could not be sized and
        the answer depends on its size: which board the point is on, or a name that needs
        the size (descending numbering, a reversed board). A point that can only be on one
        board, whose corner is known, is taken to be on it even though its far edges are not
        known (the engine, which sizes a missing image 0 x 0, would call it offboard). A deck
        that hangs off a board whose place is not known names no point."""
        x, y = int(x), int(y)
        for deck in self.decks:
            if self.deck_position(deck) == (x, y):
                return deck.name
        for index, placed in enumerate(self.boards):
            if placed.contains(x, y):
                return self._name_on(placed, x, y, properties)
            if placed.known or not placed.may_contain(x, y):
                continue
            rivals = any(other.may_contain(x, y) for other in self.boards[index + 1 :])
            if rivals or not (placed.x_known and placed.y_known):
                return None
            return self._name_on(placed, x, y, properties)
        return OFFBOARD

    def _name_on(self, placed: PlacedBoard, x: int, y: int, properties: Mapping[str, str] | None) -> str | None:
        if not placed.size_known and (placed.reversed or needs_board_size(placed.board.grid)):
            return None
        lx, ly = placed.local(x - placed.x, y - placed.y)
        name = location_name(placed.board.grid, lx, ly, (placed.width, placed.height), properties)
        return OFFBOARD if name is None else name

    def snap(self, x: int, y: int) -> Point:
        """``Map.snapTo(p)``: snap on the board under the point, re-snap on the board the result
        falls on, and pull a point one pixel off the board's far edge back onto it."""
        x, y = int(x), int(y)
        placed = self.board_at(x, y)
        if placed is None:
            return x, y
        sx, sy = self._board_snap(placed, x, y)
        landed = self.board_at(sx, sy)
        if landed is not None and landed is not placed:
            sx, sy = self._board_snap(landed, sx, sy)
        if self.board_at(sx, sy) is None:
            lx, ly = sx - placed.x, sy - placed.y
            if lx == placed.width:
                lx = placed.width - 1
            elif lx == -1:
                lx = 0
            if ly == placed.height:
                ly = placed.height - 1
            elif ly == -1:
                ly = 0
            sx, sy = lx + placed.x, ly + placed.y
        return sx, sy

    def _board_snap(self, placed: PlacedBoard, x: int, y: int) -> Point:
        if placed.board.grid is None:
            return x, y
        lx, ly = placed.local(x - placed.x, y - placed.y)
        gx, gy = placed.global_(*snap_point(placed.board.grid, lx, ly))
        return gx + placed.x, gy + placed.y

    def location_point(self, name: str, board: str | None = None) -> Point:
        """Map pixels for a location name, as an at-start stack placed by grid location finds
        them: the named board's grid (or each board in turn), plus the board's corner; on a
        zoned grid a region name is accepted too. BadLocation when no board knows it."""
        candidates = self.boards if board is None else tuple(b for b in self.boards if b.board.name == board)
        if not candidates:
            raise BadLocation(f'map "{self.name}" has no board "{board}" in use')
        for placed in candidates:
            grid = placed.board.grid
            try:
                lx, ly = location_point(grid, name, (placed.width, placed.height))
            except BadLocation:
                if not isinstance(grid, ZonedGrid):
                    continue
                found = zoned_region_point(grid, name)
                if found is None:
                    continue
                lx, ly = found
            return lx + placed.x, ly + placed.y
        raise BadLocation(f'no board of map "{self.name}" has a location "{name}"')


def board_picker_choices(command: str, map_name: str, map_id: str | None = None) -> tuple[BoardChoice, ...] | None:
    """The boards of a ``<map>BoardPicker`` command (``name[/rev]⇥col⇥row`` …); None when the
    command is not for this map (neither its id "MapN" nor its name prefixes it)."""
    prefixes = [f"{map_name}BoardPicker\t"]
    if map_id is not None:
        prefixes.insert(0, f"{map_id}BoardPicker\t")
    if not any(command.startswith(p) for p in prefixes):
        return None
    tokens = Decoder(command, "\t")
    tokens.next_token()
    out = []
    while tokens.has_more():
        name_part = Decoder(tokens.next_token(), "/")
        name = name_part.next_token()
        reversed_ = name_part.has_more() and name_part.next_token() == "rev"
        column = tokens.next_int(0)
        row = tokens.next_int(0)
        out.append(BoardChoice(name, reversed_, column, row))
    return tuple(out)


ImageSize = Callable[[str], Size]


def image_size_reader(read: Callable[[str], bytes | BinaryIO]) -> ImageSize:
    """A cached image-size function over `read(name)`, which gives the bytes (or a binary file)
    of ``images/<name>``: bitmaps from their header (the pixels are never decoded), SVG from its
    width, height and viewBox as the engine reads them (`vassal.imagesize`)."""
    cache: dict[str, Size] = {}

    def size(name: str) -> Size:
        if name not in cache:
            data = read(name)
            if not isinstance(data, (bytes, bytearray)):
                data = data.read()
            try:
                cache[name] = image_size(name, bytes(data))
            except FormatError as exc:
                raise FormatError(
                    f"cannot read the size of board image ({exc.problem})", None, f"images/{name}"
                ) from None
        return cache[name]

    return size


def _map_edges(el: etree._Element) -> tuple[int, int]:
    width = height = 0
    for key, value in sorted_attrs(el):
        if key == "edge":
            i = value.find(",")
            if i > 0:
                w, h = parse_int(value[:i]), parse_int(value[i + 1 :])
                if w is None or h is None:
                    raise FormatError(f'attribute edge="{value}" is not "width,height"', None, element_place(el))
                width, height = w, h
        elif key == "edgeWidth":
            width = int_attr(el, key, value)
        elif key == "edgeHeight":
            height = int_attr(el, key, value)
    return width, height


def _flattened(el: etree._Element) -> Iterable[etree._Element]:
    """Children, looking inside folders as ``getComponentsOf`` does."""
    for child in child_elements(el):
        if str(child.tag).startswith(_FOLDER_PKG):
            yield from _flattened(child)
        else:
            yield child


def _deck_spots(map_el: etree._Element) -> tuple[DeckSpot, ...]:
    decks = []
    for child in _flattened(map_el):
        if str(child.tag) != TAG_DRAW_PILE:
            continue
        name, x, y, owner = "", 100, 100, None
        for key, value in sorted_attrs(child):
            if key == "name":
                name = value
            elif key == "x":
                x = int_attr(child, key, value)
            elif key == "y":
                y = int_attr(child, key, value)
            elif key == "owningBoard":
                # "<any>" resolves to the first selected board, of which there is none while
                # the module is being built: the deck then hangs off the map edge.
                owner = None if value in ("", "<any>") else value
        decks.append(DeckSpot(name, x, y, owner))
    return tuple(decks)


def _default_choices(
    picker: etree._Element | None, boards: list[etree._Element], name: str, map_id: str | None
) -> tuple[BoardChoice, ...]:
    """``BoardPicker.getDefaultSetup``: the (trimmed) <setup> text, else the only board when it
    is not reversible (a board without a name is never encoded, so it gives nothing)."""
    if picker is not None:
        for setup in picker.iter("setup"):
            text = java_trim((setup.text or "") + "".join(c.tail or "" for c in setup))
            if text:
                return board_picker_choices(text, name, map_id) or ()
            break
    if len(boards) == 1:
        only = parse_board(boards[0])
        if not only.reversible and only.name is not None:
            return (BoardChoice(only.name, False, 0, 0),)
    return ()


def map_geometry(
    map_element: etree._Element,
    board_picker: str | None = None,
    image_size: Callable[[str], Size | None] | None = None,
    map_id: str | None = None,
    magnification: float = 1.0,
) -> MapGeometry:
    """A Map element laid out like the engine: boards from the saved game's BoardPicker command
    (`board_picker`), or else the module's default (its <setup>, or its only board when that is
    not reversible); board sizes from the images (`image_size`, e.g. `image_size_reader`),
    else the Board's width and height; origins after the edge buffer and the boards to the left
    of and above each slot. `map_id` ("Map0", …) also matches commands keyed by id.

    Only the boards in use are read (their grids parsed, their images sized), so a broken board
    the game does not use changes nothing. `image_size` may answer None for an image it cannot
    size: that board's size, and the place of the boards after it, are then not known
    (`PlacedBoard.size_known`, `x_known`, `y_known`)."""
    name = map_element.get("mapName", "")
    edge_w, edge_h = _map_edges(map_element)
    pickers = [c for c in child_elements(map_element) if str(c.tag) == TAG_BOARD_PICKER]
    picker = pickers[-1] if pickers else None
    elements = [b for b in child_elements(picker) if str(b.tag) == TAG_BOARD] if picker is not None else []

    if board_picker is not None:
        found = board_picker_choices(board_picker, name, map_id)
        if found is None:
            raise FormatError(f'BoardPicker command is not for map "{name}"', None, board_picker[:60])
        choices = found
    else:
        choices = _default_choices(picker, elements, name, map_id)

    chosen: list[tuple[VassalBoard, BoardChoice]] = []
    for choice in choices:
        element = next((b for b in elements if b.get("name") == choice.name), None)
        if element is None:
            continue  # the engine warns "board not found" and leaves it out
        chosen.append((parse_board(element), choice))

    sizes: list[Size | None] = []
    for board, _ in chosen:
        if board.image is not None:
            if image_size is None:
                raise FormatError(f'board "{board.name}" has image {board.image} but no image reader was given')
            size = image_size(board.image)
            if size is not None and magnification != 1.0:
                size = round_int(magnification * size[0]), round_int(magnification * size[1])
        else:
            size = board.width, board.height
        sizes.append(size)

    widths: dict[tuple[int, int], int | None] = {}
    heights: dict[tuple[int, int], int | None] = {}
    for (_board, choice), size in zip(chosen, sizes):
        widths[(choice.column, choice.row)] = None if size is None else size[0]
        heights[(choice.column, choice.row)] = None if size is None else size[1]
    placed = []
    for (board, choice), size in zip(chosen, sizes):
        left = [widths.get((c, choice.row), 0) for c in range(choice.column)]
        above = [heights.get((choice.column, r), 0) for r in range(choice.row)]
        placed.append(
            PlacedBoard(
                board=board,
                column=choice.column,
                row=choice.row,
                reversed=choice.reversed and board.reversible,
                x=sum(w or 0 for w in left) + edge_w,
                y=sum(h or 0 for h in above) + edge_h,
                width=0 if size is None else size[0],
                height=0 if size is None else size[1],
                magnification=magnification,
                size_known=size is not None,
                x_known=None not in left,
                y_known=None not in above,
            )
        )
    decks = _deck_spots(map_element)
    return MapGeometry(name=name, boards=tuple(placed), decks=decks, edge_width=edge_w, edge_height=edge_h)
