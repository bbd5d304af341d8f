"""ETO's joined board (scenarios/eto/board.toml): one image of both sheets, a VASSAL ZonedGrid
with one zone per sheet that names every hex with its id, boxes clear of the hexes, and the
saved-game reader's pixel -> hex on both sides of the seam."""

from __future__ import annotations

from builder.vassal_grid import sheet_zone_element, sheet_zones
from wargame.games import find_game

from zoned_boards import assert_every_hex_reads_back

BOARD = find_game("eto").boards().default
GRID = BOARD.grid


def test_the_board_shows_both_sheets_as_one_plane() -> None:
    assert BOARD.sheets() == ("W", "E")
    assert len(BOARD.hexes()) == len(GRID.hexes()) == 3944
    left, top, right, bottom = BOARD.bounds()
    assert left > 0 and right < BOARD.width and top > 0 and bottom < BOARD.height


def test_each_sheet_zone_names_its_own_hexes_and_the_seam_follows_the_hexes() -> None:
    zones = sheet_zones(BOARD)  # proven hex by hex inside
    assert [z.sheet for z in zones] == ["W", "E"]
    west, east = zones
    # the West zone ends where the East sheet's hexes begin: W3434 (West) and its eastern
    # neighbour E2933 (East, the overlap column) lie in different zones
    w, e = BOARD.center(GRID.parse("W3434")), BOARD.center(GRID.parse("E2933"))
    assert west.zone().contains(*w) and not west.zone().contains(*e)
    assert east.zone().contains(*e) and not east.zone().contains(*w)


def test_the_zone_elements_read_back_as_the_same_grid() -> None:
    # what the module writes (a ZonedGrid of the two Zone elements) names, snaps and places
    # every hex as we do, read back through our port of the engine's parser
    assert_every_hex_reads_back(BOARD)
    zone = sheet_zone_element(sheet_zones(BOARD)[1])
    assert [c.tag.rsplit(".", 1)[1] for c in zone] == ["HexGrid"]
    assert [c.tag.rsplit(".", 1)[1] for c in zone[0]] == ["HexGridNumbering"]
    assert zone.get("name") == "E sheet" and zone[0][0].get("locationFormat") == "E$gridLocation$"


def test_pixels_on_either_side_of_the_seam_read_back_as_their_hexes() -> None:
    for hex_id in ("W3434", "E2933", "W3335", "E3033", "E1924", "W3533", "E5111"):
        h = GRID.parse(hex_id)
        assert BOARD.hex_at(*BOARD.center(h)) == h


def test_boxes_and_key_keep_clear_of_the_hexes() -> None:
    corners = [p for h in BOARD.hexes() for p in GRID.corners(h, BOARD.layout)]
    for area in (*BOARD.boxes, BOARD.key_area):
        assert area is not None
        inside = [
            p for p in corners if area.x <= p[0] <= area.x + area.width and area.y <= p[1] <= area.y + area.height
        ]
        assert inside == [], area.code


def test_every_box_of_the_board_is_a_box_of_the_map_data() -> None:
    data = find_game("eto").mapdata()
    assert {b.code for b in BOARD.boxes} == set(data.boxes)
