"""TK's joined board (scenarios/tk/board.toml): the West and East maps abutting on one image, a
VASSAL ZonedGrid with one zone per map that names every hex with its TK id, the seam the named
hexes give (e(r, c) = w(r, c + 26)), boxes clear of the hexes, and the saved-game reader's
pixel -> hex on both sides of the seam."""

from __future__ import annotations

from builder.vassal_grid import sheet_zone_element, sheet_zones
from vassal.grids import location_name
from wargame.games import find_game

from zoned_boards import assert_every_hex_reads_back, zoned_grid

BOARD = find_game("tk").boards().default
GRID = BOARD.grid


def test_the_board_shows_both_maps_as_one_plane() -> None:
    assert BOARD.sheets() == ("w", "e")
    assert len(BOARD.hexes()) == len(GRID.hexes()) == 2541
    assert len(GRID.hexes("w")) == 49 * 26
    left, top, right, bottom = BOARD.bounds()
    assert left > 0 and right < BOARD.width and top > 0 and bottom < BOARD.height


def test_the_maps_abut_east_column_c_continuing_west_column_c_plus_26() -> None:
    # board.toml: e(r, c) = w(r, c + 26); the maps share row numbers and no hex has two ids
    assert all(GRID.aliases(h) == (h,) for h in GRID.hexes())
    for row in (10, 35, 36, 58):
        west_edge = GRID.parse(f"w{row}26")
        assert GRID.hex_id(GRID.step(west_edge, "E")) == f"e{row}01"
    assert GRID.distance(GRID.parse("w3626"), GRID.parse("e3501")) == 2  # Breslau to Krakow, 236 km
    assert GRID.distance(GRID.parse("w3825"), GRID.parse("e4312")) == 16  # Berlin to Moscow: 1,610 km


def test_the_east_edge_runs_through_e2828_and_e5127_and_the_north_east_corner_is_cut() -> None:
    # 3.1.4 names e2828 ... e5127 the Russian hexes along the east edge: even rows end at column
    # 28, odd rows at 27; rows 52-58 end at column 16 (the corner holds Naval Zone Boxes)
    for name, last in (
        ("e2828", True),
        ("e5127", True),
        ("e2928", False),
        ("e5228", False),
        ("e5216", True),
        ("e5217", False),
        ("e5816", True),
    ):
        h = GRID._match(name, None, None)
        assert GRID.contains(h) == last, name
        if last and name not in ("e5216", "e5816"):
            assert not GRID.contains(GRID.step(h, "E")), name


def test_each_map_zone_names_its_own_hexes_and_the_seam_follows_the_hexes() -> None:
    zones = sheet_zones(BOARD)  # proven hex by hex inside
    assert [z.sheet for z in zones] == ["w", "e"]
    west, east = zones
    w, e = BOARD.center(GRID.parse("w3626")), BOARD.center(GRID.parse("e3601"))
    assert west.zone().contains(*w) and not west.zone().contains(*e)
    assert east.zone().contains(*e) and not east.zone().contains(*w)


def test_the_zone_elements_read_back_as_the_same_grid() -> None:
    # what the module writes (a ZonedGrid of the two Zone elements) names, snaps and places
    # every hex as we do, read back through our port of the engine's parser
    assert_every_hex_reads_back(BOARD)
    zone = sheet_zone_element(sheet_zones(BOARD)[1])
    assert zone.get("name") == "e sheet" and zone[0][0].get("locationFormat") == "e$gridLocation$"


def test_a_piece_on_berlin_reports_w3825_and_one_on_moscow_e4312() -> None:
    zoned = zoned_grid(BOARD)
    size = (BOARD.width, BOARD.height)
    for hex_id in ("w3825", "e4312"):
        x, y = BOARD.center(GRID.parse(hex_id))
        assert location_name(zoned, round(x), round(y), size) == hex_id


def test_pixels_on_either_side_of_the_seam_read_back_as_their_hexes() -> None:
    for hex_id in ("w3626", "e3601", "w3726", "e3701", "w1026", "e1001", "w5826", "e5801", "e3501"):
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


def test_every_box_of_the_board_is_a_box_of_the_map_data_and_game_toml() -> None:
    game = find_game("tk")
    data = game.mapdata()
    assert {b.code for b in BOARD.boxes} == set(data.boxes)
    assert {b.name for b in data.boxes.values()} == set(game.settings["map_boxes"])


WEST = find_game("tk").boards().board("West")


def test_the_west_board_shows_the_west_map_alone_each_hex_where_the_joined_board_has_it() -> None:
    # the one-map scenarios' board (Fall of France 1940): a window on the West sheet
    assert WEST.sheets() == ("w",) and len(WEST.hexes()) == 49 * 26
    assert all(WEST.center(h) == BOARD.center(h) for h in WEST.hexes())
    assert WEST.hex_at(*BOARD.center(GRID.parse("w3825"))) == GRID.parse("w3825")
    assert WEST.hex_at(*BOARD.center(GRID.parse("e3501"))) is None
    left, top, right, bottom = WEST.bounds()
    assert left > 0 and right < WEST.width and top > 0 and bottom < WEST.height


def test_the_west_board_holds_the_boxes_of_the_west_maps_naval_zones_clear_of_its_hexes() -> None:
    game = find_game("tk")
    data = game.mapdata()
    zones = {z for h in WEST.hexes() for z in data.hexes[GRID.hex_id(h)].seazones}
    names = {data.zones[z].name for z in zones}
    assert names == {
        "North Atlantic",
        "North Sea",
        "Baltic Sea",
        "Western Mediterranean",
        "Central Mediterranean",
        "Adriatic Sea",
    }
    wanted = {b.code for b in data.boxes.values() if set(b.adjacent_zones) & zones and not b.friendly}
    assert {b.code for b in WEST.boxes} == wanted | {"USC", "AFR"}  # the off-map boxes a West port reaches
    corners = [p for h in WEST.hexes() for p in GRID.corners(h, WEST.layout)]
    for area in (*WEST.boxes, WEST.key_area):
        assert area is not None and area.x + area.width <= WEST.width
        assert not [
            p for p in corners if area.x <= p[0] <= area.x + area.width and area.y <= p[1] <= area.y + area.height
        ]
    assert game.scenarios()["fall_of_france_1940"].board == "West"
