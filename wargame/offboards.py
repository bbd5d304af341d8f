"""The off-map boards of a game: one Faction Card per faction and one board for the game-wide
tracks, as named rectangles in board pixels.

The rules keep many counters off the map (use_rules.md 2.8): the Faction Card boxes (Events,
Upgrade, Mobilization, Eliminated, Conditional, Ceded Area, Surprise Attack holding box), the
Production, National Will and factory tracks, and the Turn, Weather and Move tracks with the
Diplomacy Cup. The module builder turns every rectangle into a VASSAL Zone and draws the
board from the same list; the rules assistant reads what a marker's box means (the Weather
track) from it too. One geometry for all three, as for the map (wargame.board).

    faction_card(faction, title, colour) -> OffBoard      tracks_board(first, last) -> OffBoard
    OffBoard.area(name) -> Area      OffBoard.area_at(x, y) -> Area | None
"""

from __future__ import annotations

from dataclasses import dataclass

from wargame.content import Month

CELL = 100  # a track box: room for one 80 px counter
BOX_W, BOX_H = 330, 300  # a holding box
PLACE_BOX = "To place on map"  # counters whose hex the scenario has not chosen yet


@dataclass(frozen=True)
class Area:
    """A named rectangle of an off-map board (board pixels); `kind` picks its look."""

    name: str
    x: int
    y: int
    width: int
    height: int
    label: str = ""
    kind: str = "box"  # box | cell | deck

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


@dataclass(frozen=True)
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


FACTION_BOXES = (  # (zone name, the box's title on the card: the rules' own name for it)
    ("Events", "Events box (14.0)"),
    ("Upgrade", "Upgrade box (8.2)"),
    ("Mobilization", "Mobilization box (8.3)"),
    ("Eliminated", "Eliminated box (12.2)"),
    ("Conditional", "Conditional box (13.0)"),
    ("Ceded Area", "Ceded Area box (15.5)"),
    ("Surprise Attack Holding", "Surprise Attack Holding box (14.17)"),
    ("Hand", "Will Commit markers (15.33)"),
    (PLACE_BOX, "Hex not yet given by the setup"),
)

TRACK_ROWS = (
    ("Production 1s", range(10), "Production Track, ones (15.20)"),
    ("Production 10s", range(10), "Production Track, tens (15.20)"),
    ("Will 1s", range(10), "National Will Track, ones (15.31)"),
    ("Will 10s", range(10), "National Will Track, tens (15.31)"),
    ("Factory Count", range(1, 10), "On-Map Factory Count Track: Fac Count and Fac Lost (15.9, 15.10)"),
    ("Extra Factories", range(1, 10), "Extra Factories Track (15.6, 15.13, 15.28)"),
)


def faction_card(faction: str, title: str, colour: tuple[int, int, int]) -> OffBoard:
    """The Faction Card of one faction: nine holding boxes, then six tracks of boxes."""
    areas: list[Area] = []
    margin, gap = 30, 20
    for i, (name, label) in enumerate(FACTION_BOXES):
        col, row = i % 5, i // 5
        areas.append(Area(name, margin + col * (BOX_W + gap), 90 + row * (BOX_H + gap), BOX_W, BOX_H, label))
    top = 90 + 2 * (BOX_H + gap) + 30
    for r, (name, values, label) in enumerate(TRACK_ROWS):
        y = top + r * (CELL + 50) + 40
        areas.append(Area(f"{name} label", margin, y - 40, 10 * CELL, 40, label, kind="label"))
        for j, v in enumerate(values):
            areas.append(Area(f"{name} {v}", margin + j * CELL, y, CELL, CELL, str(v), kind="cell"))
    areas.append(Area("Production Multiplier", margin + 10 * CELL + 60, top + 40, 2 * CELL, CELL,
                      "Multiplier (9.1)", kind="cell"))
    width = margin * 2 + 5 * BOX_W + 4 * gap
    height = top + len(TRACK_ROWS) * (CELL + 50) + 40
    zones = tuple(a for a in areas if a.kind != "label")
    labels = tuple(a for a in areas if a.kind == "label")
    return OffBoard(f"{title} Card", f"card_{faction}.png", f"{title} Faction Card", width, height,
                    zones + labels, colour)


WEATHER_ZONES = ("Cold", "Mild", "Warm")
WEATHER_STATES = ("Fair", "Poor", "Severe")
DECK_NAME = "Diplomacy Cup"


def tracks_board(first: Month, last: Month) -> OffBoard:
    """Turn Track (one box per month), Weather Track, Move Track, Diplomacy Cup and boxes."""
    areas: list[Area] = []
    margin = 30
    months = []
    m = first
    while m <= last:
        months.append(m)
        m = m.plus(1)
    per_row = 12
    for i, month in enumerate(months):
        col, row = i % per_row, i // per_row
        areas.append(Area(str(month), margin + col * (CELL + 10), 90 + row * (CELL + 30), CELL, CELL + 20,
                          str(month), kind="cell"))
    top = 90 + ((len(months) + per_row - 1) // per_row) * (CELL + 30) + 40
    for r, zone in enumerate(WEATHER_ZONES):
        for c, state in enumerate(WEATHER_STATES):
            areas.append(Area(f"{zone} {state}", margin + c * (CELL + 10), top + r * (CELL + 30), CELL, CELL + 20,
                              f"{zone}: {state}", kind="cell"))
    mx = margin + 3 * (CELL + 10) + 60
    for v in range(11):
        col, row = v % 6, v // 6
        areas.append(Area(f"MP {v}", mx + col * (CELL + 10), top + row * (CELL + 30), CELL, CELL + 20,
                          f"MP {v}", kind="cell"))
    bx = margin
    by = top + 3 * (CELL + 30) + 30
    areas.append(Area(DECK_NAME, bx, by, 2 * CELL, 2 * CELL, "Diplomacy Cup (10.2)", kind="deck"))
    boxes = (("Diplomacy Holding Box", "Drawn markers that wait (10.2)"),
             ("Neutral forces", "Units of neutral countries (13.1.1)"),
             ("Game markers", "Markers of no faction"))
    for i, (name, label) in enumerate(boxes):
        areas.append(Area(name, bx + 2 * CELL + 30 + i * (BOX_W + 20), by, BOX_W, BOX_H, label))
    width = max(margin * 2 + per_row * (CELL + 10), bx + 2 * CELL + 30 + len(boxes) * (BOX_W + 20) - 20 + margin)
    height = by + BOX_H + margin
    return OffBoard("Turn and Weather", "tracks.png", "Turn, Weather and Move Tracks; Diplomacy",
                    width, height, tuple(areas), (214, 208, 190))
