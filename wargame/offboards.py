"""The off-map boards of a game: one Faction Card per faction and one board for the game-wide
tracks, as named rectangles in board pixels.

Games keep many counters off the map: holding boxes on each faction's card (USE: Events,
Upgrade, Mobilization, Eliminated ...), tracks of boxes (production, will), and a board of
game-wide tracks (turns, weather, movement) with a draw cup. What each game has is data
(wargame.displays, from displays.toml); this module lays it out. The module builder turns every
rectangle into a VASSAL Zone and draws the board from the same list; the rules assistant reads
what a marker's box means (the Weather track) from it too. One geometry for all three, as for
the map (wargame.board).

    faction_card(card, faction, title, colour) -> OffBoard      tracks_board(displays) -> OffBoard
    OffBoard.area(name) -> Area      OffBoard.area_at(x, y) -> Area | None
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from records import frozen

if TYPE_CHECKING:
    from wargame.displays import CardSpec, Displays, TracksSpec

CELL = 100  # a track box: room for one 80 px counter
BOX_W, BOX_H = 330, 300  # a holding box
BOXES_PER_ROW = 5


@frozen
class Area:
    """A named rectangle of an off-map board (board pixels); `kind` picks its look."""

    name: str
    x: int
    y: int
    width: int
    height: int
    label: str = ""
    kind: str = "box"  # box | cell | deck (a draw cup) | cards (a deck of cards) | label
    accent: bool = False  # drawn with the game's accent (a seasonal turn's red box)

    @property
    def center(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2

    def path(self) -> str:
        """The Zone ``path`` attribute: the four corners, clockwise."""
        r, b = self.x + self.width, self.y + self.height
        return f"{self.x},{self.y};{r},{self.y};{r},{b};{self.x},{b}"

    def slots(self, size: int = 85) -> list[tuple[int, int]]:
        """Counter positions inside the rectangle, row by row (a counter per slot)."""
        cols = max(1, (self.width - 10) // size)
        rows = max(1, (self.height - 40) // size)
        x0 = self.x + (self.width - cols * size) // 2 + size // 2
        y0 = self.y + 36 + size // 2
        return [(x0 + c * size, y0 + r * size) for r in range(rows) for c in range(cols)]


@frozen
class OffBoard:
    """One off-map board: its VASSAL map and board name, image, size and areas."""

    map_name: str
    image: str
    title: str
    width: int
    height: int
    areas: tuple[Area, ...]
    colour: tuple[int, int, int]

    def area(self, name: str) -> Area:
        for a in self.areas:
            if a.name == name:
                return a
        raise KeyError(f"{self.map_name} has no box {name!r}")

    def area_at(self, x: float, y: float) -> Area | None:
        """The box or track cell holding the point (labels are not places), or None."""
        for a in self.areas:
            if a.kind != "label" and a.x <= x < a.x + a.width and a.y <= y < a.y + a.height:
                return a
        return None


def faction_card(card: CardSpec, faction: str, title: str, colour: tuple[int, int, int]) -> OffBoard:
    """The Faction Card of one faction: its holding boxes (five to a row), then its tracks of
    boxes, then the multiplier cell, as the game's displays.toml lists them."""
    areas: list[Area] = []
    margin, gap = 30, 20
    boxes = (*card.boxes, *card.own.get(faction, ()))
    decks = (card.deck,) if card.deck is not None else ()
    for i, (name, label) in enumerate((*boxes, *decks)):
        col, row = i % 5, i // 5
        areas.append(
            Area(
                name,
                margin + col * (BOX_W + gap),
                90 + row * (BOX_H + gap),
                BOX_W,
                BOX_H,
                label,
                kind="cards" if i >= len(boxes) else "box",
            )
        )
    rows = max(1, (len(boxes) + len(decks) + 4) // 5)
    top = 90 + rows * (BOX_H + gap) + 30
    if card.pool is not None:  # a large box the width of the card, three boxes tall
        name, label = card.pool
        areas.append(Area(name, margin, top - 30, 5 * BOX_W + 4 * gap, 3 * BOX_H, label))
        top += 3 * BOX_H + gap
    for r, (name, values, label) in enumerate(card.tracks):
        y = top + r * (CELL + 50) + 40
        areas.append(Area(f"{name} label", margin, y - 40, 10 * CELL, 40, label, kind="label"))
        for j, v in enumerate(values):
            areas.append(Area(f"{name} {v}", margin + j * CELL, y, CELL, CELL, str(v), kind="cell"))
    if card.multiplier is not None:
        areas.append(
            Area(card.multiplier[0], margin + 10 * CELL + 60, top + 40, 2 * CELL, CELL, card.multiplier[1], kind="cell")
        )
    width = max(
        margin * 2 + 5 * BOX_W + 4 * gap,
        max((margin * 2 + len(values) * CELL for _n, values, _l in card.tracks), default=0),
    )
    height = top + len(card.tracks) * (CELL + 50) + 40
    zones = tuple(a for a in areas if a.kind != "label")
    labels = tuple(a for a in areas if a.kind == "label")
    return OffBoard(
        f"{title} Card", f"card_{faction}.png", f"{title} Faction Card", width, height, zones + labels, colour
    )


def tracks_board(displays: Displays) -> OffBoard:
    """Turn Track (one box per month), Weather Track (a row per zone whose weather changes),
    Move Track, the draw cup and holding boxes, as the game's displays.toml lists them."""
    spec = displays.tracks
    margin = 30
    areas, per_row, top = _turn_track(displays, margin)
    areas += _weather_and_move_tracks(displays, margin, top)
    bx = margin
    by = top + max(3, len(displays.weather_zones)) * (CELL + 30) + 30
    more, by = _more_tracks(spec, margin, by)
    areas += more
    x = bx
    if spec.cup is not None:
        areas.append(Area(spec.cup[0], bx, by, 2 * CELL, 2 * CELL, spec.cup[1], kind="deck"))
        x = bx + 2 * CELL + 30
    for i, (name, label) in enumerate(spec.boxes):  # five boxes to a row
        col, row = i % BOXES_PER_ROW, i // BOXES_PER_ROW
        areas.append(Area(name, x + col * (BOX_W + 20), by + row * (BOX_H + 20), BOX_W, BOX_H, label))
    box_cols = min(len(spec.boxes), BOXES_PER_ROW)
    box_rows = max(1, (len(spec.boxes) + BOXES_PER_ROW - 1) // BOXES_PER_ROW)
    width = max(
        margin * 2 + per_row * (CELL + 10),
        x + box_cols * (BOX_W + 20) - 20 + margin,
        max((margin * 2 + len(values) * (CELL + 10) for _n, values, _l in spec.rows), default=0),
    )
    height = by + box_rows * (BOX_H + 20) - 20 + margin
    zones_first = tuple(a for a in areas if a.kind != "label") + tuple(a for a in areas if a.kind == "label")
    return OffBoard(spec.map_name, spec.image, spec.title, width, height, zones_first, (214, 208, 190))


def _turn_track(displays: Displays, margin: int) -> tuple[list[Area], int, int]:
    """The Turn Track: its cells (and year labels), how many cells its widest row holds, and
    where the track below it starts."""
    spec = displays.tracks
    if displays.turn_names and spec.months:
        return _named_turn_track(displays, margin)
    if displays.seasons and spec.months:
        return _seasonal_turn_track(displays, margin)
    return _month_turn_track(displays, margin)


def _named_turn_track(displays: Displays, margin: int) -> tuple[list[Area], int, int]:
    """A year to a row, a box per turn, the seasonal turns boxed in the accent colour."""
    from wargame.content.model import MONTHS

    areas: list[Area] = []
    per_row = len(displays.turn_names)
    order = list(displays.turn_names)
    turns = displays.turn_months()
    first_year = turns[0].year if turns else displays.first.year
    year_w = 90  # each row starts with its year; the boxes show the turn's months
    for month in turns:
        col, row = order.index(MONTHS[month.month - 1]), month.year - first_year
        name = displays.turn_label(month)
        areas.append(
            Area(
                name,
                margin + year_w + col * (CELL + 10),
                90 + row * (CELL + 30),
                CELL,
                CELL + 20,
                displays.turn_names[MONTHS[month.month - 1]],
                kind="cell",
                accent=displays.is_seasonal(month),
            )
        )
    rows_used = (turns[-1].year - first_year + 1) if turns else 0
    for row in range(rows_used):
        areas.append(
            Area(
                f"Year {first_year + row}",
                margin,
                90 + row * (CELL + 30) + CELL // 2 - 10,
                year_w - 10,
                60,
                str(first_year + row),
                kind="label",
            )
        )
    per_row += 1  # room for the year column
    return areas, per_row, 90 + rows_used * (CELL + 30) + 40


def _seasonal_turn_track(displays: Displays, margin: int) -> tuple[list[Area], int, int]:
    """A year to a row, each seasonal box before the month it opens."""
    areas: list[Area] = []
    order = [c for m in range(1, 13) for c in _year_cells(displays.seasons, m)]
    first_year = displays.first.year
    rows_used = 0
    for cell in displays.turn_cells():
        year = int(cell.split()[1]) if " " in cell else 1900 + int(cell[-2:])
        key = cell.split()[0] if " " in cell else cell[:3]
        col, row = order.index(key), year - first_year
        rows_used = row + 1
        areas.append(Area(cell, margin + col * (CELL + 10), 90 + row * (CELL + 30), CELL, CELL + 20, cell, kind="cell"))
    return areas, len(order), 90 + rows_used * (CELL + 30) + 40


def _month_turn_track(displays: Displays, margin: int) -> tuple[list[Area], int, int]:
    """One box per month of the game, twelve to a row (none when the track shows no months)."""
    areas: list[Area] = []
    months = []
    m = displays.first
    while displays.tracks.months and m <= displays.last:
        months.append(m)
        m = m.plus(1)
    per_row = 12
    for i, month in enumerate(months):
        col, row = i % per_row, i // per_row
        areas.append(
            Area(
                str(month),
                margin + col * (CELL + 10),
                90 + row * (CELL + 30),
                CELL,
                CELL + 20,
                str(month),
                kind="cell",
            )
        )
    return areas, per_row, 90 + ((len(months) + per_row - 1) // per_row) * (CELL + 30) + 40


def _weather_and_move_tracks(displays: Displays, margin: int, top: int) -> list[Area]:
    """The Weather Track (a row of states per zone) and, to its right, the Move Track."""
    areas: list[Area] = []
    spec = displays.tracks
    for r, zone in enumerate(displays.weather_zones):
        for c, state in enumerate(displays.weather_states):
            areas.append(
                Area(
                    f"{zone} {state}",
                    margin + c * (CELL + 10),
                    top + r * (CELL + 30),
                    CELL,
                    CELL + 20,
                    f"{zone}: {state}",
                    kind="cell",
                )
            )
    mx = margin + max(3, len(displays.weather_states)) * (CELL + 10) + 60
    if spec.move_track is not None:
        for v in range(spec.move_track[0], spec.move_track[1] + 1):
            i = v - spec.move_track[0]
            col, row = i % 6, i // 6
            areas.append(
                Area(
                    f"MP {v}", mx + col * (CELL + 10), top + row * (CELL + 30), CELL, CELL + 20, f"MP {v}", kind="cell"
                )
            )
    return areas


def _more_tracks(spec: TracksSpec, margin: int, by: int) -> tuple[list[Area], int]:
    """More tracks, each a row of cells under its label, from ``by`` down; and where they end."""
    areas: list[Area] = []
    for name, values, label in spec.rows:
        areas.append(Area(f"{name} label", margin, by, len(values) * (CELL + 10), 40, label, kind="label"))
        for j, mark in enumerate(values):
            areas.append(Area(f"{name} {mark}", margin + j * (CELL + 10), by + 40, CELL, CELL, str(mark), kind="cell"))
        by += CELL + 70
    return areas, by


def _year_cells(seasons, month: int) -> list[str]:
    """The turn track's cells for one month of the year: its seasonal box, if it opens one."""
    from wargame.content.model import MONTHS

    name = MONTHS[month - 1]
    opens = [season for season, m in seasons.items() if m == name]
    return [*opens, name]
