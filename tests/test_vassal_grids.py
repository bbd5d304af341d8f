"""VASSAL grid naming, placing and snapping (vassal.grids) against the engine's own answers.

Concrete values below were worked out by hand from the engine source (3.7.26, the grid code is
unchanged on master); the tour tests replay the engine's own sample log, whose chat lines are
the names VASSAL printed for each move.
"""

from __future__ import annotations

import math
import re
import zipfile
from pathlib import Path
from typing import cast

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from lxml import etree

from vassal.buildfile import AttributeValue
from vassal.errors import FormatError
from vassal.grids import (
    DEFAULT_HEX_WIDTH,
    BadLocation,
    HexGrid,
    HexGridNumbering,
    Region,
    RegionGrid,
    SquareGrid,
    SquareGridNumbering,
    Zone,
    ZonedGrid,
    grid_attributes,
    grid_indices,
    location_name,
    location_point,
    parse_board,
    parse_grid,
    snap_point,
)
from vassal.mapgeometry import OFFBOARD, board_picker_choices, image_size_reader, map_geometry

from conftest import outside

PKG = "VASSAL.build.module.map.boardPicker."
BIG = (4000, 4000)


def xml(text: str) -> etree._Element:
    return etree.fromstring(text)


# --------------------------------------------------------------------------------------------
# numbering parts: leading zeros, alphabetic names


@pytest.mark.parametrize(
    "leading,value,name",
    [
        (1, 5, "05"),
        (2, 5, "005"),
        (2, 12, "012"),
        (1, 12, "12"),
        (1, -3, "-03"),
        (1, 0, "00"),
        (0, 7, "7"),
        (0, 0, "0"),
    ],
)
def test_leading_zeros_pad_to_leading_plus_one_digits(leading: int, value: int, name: str) -> None:
    numbering = SquareGridNumbering(first="V", sep="|", h_off=0, v_off=0, v_leading=leading, h_leading=0)
    grid = SquareGrid(x0=0, y0=0, dx=10.0, dy=10.0, numbering=numbering)
    # row index `value` at y = value * 10 (rows >= 0 only: see the truncation quirk below)
    if value >= 0:
        assert location_name(grid, 0, value * 10, BIG) == f"{name}|0"
    else:
        assert location_point(grid, f"{name}|0", BIG) == (0, value * 10)


@pytest.mark.parametrize("value,name", [(0, "A"), (25, "Z"), (26, "AA"), (27, "BB"), (52, "AAA"), (-1, "-B")])
def test_alphabetic_names_repeat_the_letter_every_26(value: int, name: str) -> None:
    numbering = SquareGridNumbering(h_type="A", h_off=0, v_off=1, sep="", v_leading=0)
    grid = SquareGrid(x0=0, y0=0, dx=10.0, dy=10.0, numbering=numbering)
    assert location_name(grid, value * 10, 0, BIG) == f"{name}1"
    assert location_point(grid, f"{name}1", BIG) == (value * 10, 0)


# --------------------------------------------------------------------------------------------
# hex grids: concrete values from HexGrid / HexGridNumbering


def test_default_hex_grid_names_origin_0101_and_lowers_odd_columns() -> None:
    grid = HexGrid(numbering=HexGridNumbering())
    assert location_name(grid, 0, 32, BIG) == "0101"
    # raw hex (1, 0): snapped centre x = (int) 55.43 = 55, y = 0 + (int) 32 + 32 = 64
    assert snap_point(grid, 50, 60) == (55, 64)
    assert location_name(grid, 55, 64, BIG) == "0202"  # stagger: odd columns count one higher


def test_without_stagger_odd_columns_count_from_the_same_row() -> None:
    grid = HexGrid(numbering=HexGridNumbering(stagger=False))
    assert location_name(grid, 55, 64, BIG) == "0201"
    assert location_point(grid, "0201", BIG) == (55, 64)


def test_sideways_grid_transposes_the_picture() -> None:
    grid = HexGrid(sideways=True, numbering=HexGridNumbering())
    assert location_name(grid, 32, 0, BIG) == "0101"
    assert snap_point(grid, 60, 50) == (64, 55)
    assert location_name(grid, 64, 55, BIG) == "0202"


def test_descending_rows_count_back_from_the_board_height_over_dx() -> None:
    grid = HexGrid(numbering=HexGridNumbering(v_descend=True))
    # maxRows = floor(640 / 55.43 + 0.5) = 12 (height divided by dx, as the engine does)
    assert location_name(grid, 0, 32, (1000, 640)) == "0113"
    assert location_name(grid, 55, 64, (1000, 640)) == "0212"  # stagger counts down when descending


def test_descending_columns_count_back_from_the_board_width_over_dy() -> None:
    grid = HexGrid(numbering=HexGridNumbering(h_descend=True))
    # maxColumns = floor(1000 / 64 + 0.5) = 16
    assert location_name(grid, 0, 32, (1000, 640)) == "1701"


def test_staggered_descending_columns_with_odd_count_place_one_hex_off() -> None:
    """Engine quirk: getCenterPoint undoes the stagger with the parity of the numbered column;
    with 15 columns (960 / 64) numbered and raw parity differ, so "1502" lands on "1503"."""
    grid = HexGrid(numbering=HexGridNumbering(h_descend=True))
    size = (960, 640)
    assert location_name(grid, 55, 64, size) == "1502"
    assert location_point(grid, "1502", size) == (55, 128)
    assert location_name(grid, 55, 128, size) == "1503"


def test_hex_snap_uses_the_hex_outline_but_naming_the_rectangle() -> None:
    grid = HexGrid(numbering=HexGridNumbering())
    # (25, 60): the rectangle guess is raw column 0 (x < 27.7), but the point is right of hex
    # (0, 0)'s lower-right side (x = 21.9 at y = 60), so the outline test moves it to (1, 0) ...
    assert snap_point(grid, 25, 60) == (55, 64)
    # ... while naming keeps the engine's rectangle approximation
    assert location_name(grid, 25, 60, BIG) == "0101"
    assert snap_point(grid, 40, 5) == (55, 0)
    assert snap_point(grid, 20, 40) == (0, 32)


def test_grid_indices_are_numbered_before_offsets() -> None:
    assert grid_indices(HexGrid(numbering=HexGridNumbering()), 55, 64, BIG) == (1, 1)  # stagger
    descending = HexGrid(numbering=HexGridNumbering(h_descend=True))
    assert grid_indices(descending, 0, 32, (1000, 640)) == (16, 0)


def test_hex_edge_snapping_goes_to_side_midpoints() -> None:
    grid = HexGrid(edges_legal=True, numbering=HexGridNumbering())
    assert snap_point(grid, 27, 40) == (27, 48)  # side between raw (0,0) and (1,0)
    assert snap_point(grid, 27, 20) == (27, 16)  # side between raw (0,0) and (1,-1)
    assert snap_point(grid, 1, 33) == (0, 32)  # next to the centre: the centre


def test_no_snap_without_snap_to_unless_forced() -> None:
    grid = HexGrid(snap_to=False)
    assert snap_point(grid, 40, 5) == (40, 5)
    assert snap_point(grid, 40, 5, force=True) == (55, 0)


def test_hex_grid_attributes_are_set_in_name_order_so_dy_rescales_a_default_dx() -> None:
    only_dy = parse_grid(xml(f'<{PKG}board.HexGrid dy="100.0"/>'))
    assert isinstance(only_dy, HexGrid)
    assert only_dy.dx == pytest.approx(86.60254037844386)
    both = parse_grid(xml(f'<{PKG}board.HexGrid dy="100.0" dx="50.0"/>'))
    assert isinstance(both, HexGrid)
    assert both.dx == 50.0
    # an explicit dx equal to the default is still "the default" when dy comes after it
    default = parse_grid(xml(f'<{PKG}board.HexGrid dx="{DEFAULT_HEX_WIDTH!r}" dy="100.0"/>'))
    assert isinstance(default, HexGrid)
    assert default.dx == pytest.approx(86.60254037844386)


def test_parse_hex_grid_and_numbering_with_defaults() -> None:
    grid = parse_grid(
        xml(
            f'<{PKG}board.HexGrid sideways="TRUE" x0="-3" y0="7" snapscale="2">'
            f'<{PKG}board.mapgrid.HexGridNumbering first="Vertical first" hType="Alphabetic"'
            ' stagger="false"/>'
            f"</{PKG}board.HexGrid>"
        )
    )
    assert isinstance(grid, HexGrid)
    assert (grid.sideways, grid.x0, grid.y0, grid.dy, grid.snap_scale) == (True, -3, 7, 64.0, 2)
    n = grid.numbering
    assert n is not None
    assert (n.first, n.h_type, n.v_type, n.h_off, n.v_off, n.h_leading, n.stagger) == (
        "V",
        "A",
        "N",
        1,
        1,
        1,
        False,
    )


def test_bad_numbers_in_attributes_are_one_clear_error() -> None:
    with pytest.raises(FormatError, match=r'x0="1.5" is not a whole number'):
        parse_grid(xml(f'<{PKG}board.HexGrid x0="1.5"/>'))
    with pytest.raises(FormatError, match="HexGridNumbering"):
        numbering = f'<{PKG}board.mapgrid.HexGridNumbering first=""/>'
        parse_grid(xml(f"<{PKG}board.HexGrid>{numbering}</{PKG}board.HexGrid>"))


# --------------------------------------------------------------------------------------------
# square grids


def test_square_rows_above_the_origin_truncate_toward_zero() -> None:
    """Engine quirk: getRow casts (int) instead of flooring, so row 0 reaches 1.5 cells up."""
    grid = SquareGrid(numbering=SquareGridNumbering())
    assert location_name(grid, 24, 24, BIG) == "0101"
    assert location_name(grid, 24, -23, BIG) == "0101"  # floor would say row -1
    assert location_name(grid, 24, -50, BIG) == "0100"
    assert location_name(grid, -23, 24, BIG) == "0001"  # columns do floor


def test_square_snap_with_corners_legal() -> None:
    grid = SquareGrid(corners_legal=True)
    assert snap_point(grid, 47, 47) == (48, 48)  # a corner
    assert snap_point(grid, 30, 26) == (24, 24)  # a centre
    assert snap_point(grid, 47, 47, center_only=True) == (24, 24)


# --------------------------------------------------------------------------------------------
# region grids


def test_regions_name_the_nearest_point_and_later_duplicates_replace_earlier() -> None:
    grid = RegionGrid(regions=(Region("Alpha", 0, 0), Region("Beta", 100, 0), Region("Gamma", 100, 0)))
    assert location_name(grid, 30, 10, BIG) == "Alpha"
    assert location_name(grid, 70, 10, BIG) == "Gamma"
    assert snap_point(grid, 70, 10) == (100, 0)
    assert location_point(grid, "Alpha", BIG) == (0, 0)
    with pytest.raises(BadLocation):
        location_point(grid, "Beta", BIG)


def test_region_ties_follow_java_hashmap_order() -> None:
    # Point(0,0) hashes to 0 (bucket 0); Point(10,0) to 0x40240000, spread 0x40244024, bucket 4:
    # the HashMap meets (0,0) first whatever the document order, and a tie keeps the first.
    grid = RegionGrid(regions=(Region("Ten", 10, 0), Region("Zero", 0, 0)))
    assert [r.name for r in grid.ordered] == ["Zero", "Ten"]
    assert location_name(grid, 5, 0, BIG) == "Zero"


def test_empty_region_grid_names_nothing() -> None:
    assert location_name(RegionGrid(), 5, 5, BIG) is None
    assert snap_point(RegionGrid(), 5, 5) == (5, 5)


# --------------------------------------------------------------------------------------------
# zoned grids and location formats

SQUARE_ZONE = Zone(
    name="Track",
    location_format="$name$ $gridLocation$",
    path=((100, 100), (300, 100), (300, 200), (100, 200)),
    grid=SquareGrid(
        x0=125,
        y0=125,
        dx=50.0,
        dy=50.0,
        numbering=SquareGridNumbering(sep="-", h_leading=0, v_leading=0),
    ),
)


def test_zone_with_its_own_grid_names_inside_the_polygon() -> None:
    grid = ZonedGrid(zones=(SQUARE_ZONE,), background=RegionGrid(regions=(Region("Sea", 0, 0),)))
    assert location_name(grid, 230, 130, BIG) == "Track 3-1"  # floor(105 / 50 + 0.5) = 2, +1
    assert location_name(grid, 50, 50, BIG) == "Sea"
    assert location_name(grid, 300, 150, BIG) == "Sea"  # polygon edges are half-open
    assert location_point(grid, "Track 3-1", BIG) == (225, 125)
    assert location_point(grid, "Sea", BIG) == (0, 0)
    with pytest.raises(BadLocation):
        location_point(grid, "Track 9-9", BIG)  # matches the format, but outside the zone


def test_zone_numbering_descends_from_its_own_bounds() -> None:
    numbering = SquareGridNumbering(v_descend=True, sep=".", h_leading=0, v_leading=0)
    zone = Zone(
        name="Z",
        location_format="$gridLocation$",
        path=SQUARE_ZONE.path,
        grid=SquareGrid(x0=125, y0=125, dx=50.0, dy=50.0, numbering=numbering),
    )
    # the zone is 200 x 100: maxRows = (int)(100 / 50 + 0.5) = 2, row 0 is numbered 2 + 1
    assert location_name(ZonedGrid(zones=(zone,)), 130, 130, BIG) == "1.3"


def test_zone_using_parent_grid_names_with_the_background_grid() -> None:
    background = SquareGrid(x0=0, y0=0, dx=100.0, dy=100.0, numbering=SquareGridNumbering(sep=","))
    zone = Zone(
        name="Town",
        location_format="$name$@$gridLocation$",
        path=SQUARE_ZONE.path,
        use_parent_grid=True,
    )
    grid = ZonedGrid(zones=(zone,), background=background)
    assert location_name(grid, 210, 110, BIG) == "Town@03,02"
    assert location_name(grid, 10, 10, BIG) == "01,01"


def test_zone_without_grid_places_a_name_at_its_vertex_centroid() -> None:
    zone = Zone(name="Lake", path=((0, 0), (10, 0), (10, 7), (0, 7)))
    grid = ZonedGrid(zones=(zone,))
    assert location_name(grid, 3, 3, BIG) == "Lake"
    assert location_point(grid, "Lake", BIG) == (5, 3)  # (20 / 4, 14 / 4) with int division
    assert location_name(grid, 50, 50, BIG) is None


@pytest.mark.parametrize(
    "fmt,name",
    [
        ("", ""),
        ("   ", ""),
        ("007", "7"),  # a format that reads as a whole number is that number
        ("Harbour", "Harbour"),
        ("  $name$ ($gridLocation$)  ", "Z ()"),  # trimmed; a zone without grid has no gridLocation
        ("$name$-$weather$", "Z-weather"),  # unknown property: its own name (not localized)
    ],
)
def test_zone_location_formats_evaluate_like_formatted_string(fmt: str, name: str) -> None:
    zone = Zone(name="Z", location_format=fmt, path=((0, 0), (10, 0), (10, 10), (0, 10)))
    assert location_name(ZonedGrid(zones=(zone,)), 5, 5, BIG) == name


def test_numbering_formats_drop_unknown_properties_unless_given() -> None:
    grid = HexGrid(numbering=HexGridNumbering(location_format="$weather$$column$/$row$"))
    assert location_name(grid, 0, 32, BIG) == "01/01"
    assert location_name(grid, 0, 32, BIG, {"weather": "Mud "}) == "Mud 01/01"
    assert location_point(grid, "02/02", BIG) == (55, 64)


def test_beanshell_location_format_is_refused() -> None:
    grid = HexGrid(numbering=HexGridNumbering(location_format="{GridLocation + 1}"))
    with pytest.raises(FormatError, match="BeanShell"):
        location_name(grid, 0, 32, BIG)


def test_zone_path_skips_unreadable_points() -> None:
    zone = parse_grid(
        xml(
            f"<{PKG}board.ZonedGrid>"
            f'<{PKG}board.mapgrid.Zone name="Z" path="0,0;x,3;10, 0;10,10;7"/>'
            f"</{PKG}board.ZonedGrid>"
        )
    )
    assert isinstance(zone, ZonedGrid)
    assert zone.zones[0].path == ((0, 0), (10, 0), (10, 10))


# --------------------------------------------------------------------------------------------
# boards on a map


def _map(boards: str, edge: str = 'edgeWidth="10" edgeHeight="20"', extra: str = "") -> etree._Element:
    return xml(
        f'<VASSAL.build.module.Map mapName="Main" {edge}>'
        f"<VASSAL.build.module.map.BoardPicker>{boards}</VASSAL.build.module.map.BoardPicker>{extra}"
        f"</VASSAL.build.module.Map>"
    )


SQUARE_BOARD = (
    f'<{PKG}Board name="A" width="300" height="200" reversible="true">'
    f'<{PKG}board.SquareGrid x0="50" y0="50" dx="100.0" dy="100.0">'
    f'<{PKG}board.mapgrid.SquareGridNumbering sep="," h_off="1"/>'
    f"</{PKG}board.SquareGrid></{PKG}Board>"
    f'<{PKG}Board name="B" width="400" height="100"/>'
)


def test_boards_sit_after_the_edge_and_the_boards_left_of_and_above_them() -> None:
    geo = map_geometry(_map(SQUARE_BOARD), "MainBoardPicker\tA/rev\t0\t0\tB\t1\t0\tA\t0\t1")
    placed = [(b.board.name, b.reversed, b.x, b.y, b.width, b.height) for b in geo.boards]
    assert placed == [
        ("A", True, 10, 20, 300, 200),
        ("B", False, 310, 20, 400, 100),
        ("A", False, 10, 220, 300, 200),
    ]
    # reversed board: map (15, 25) is board-local (5, 5), seen from the far corner as (295, 195)
    assert geo.location_name(15, 25) == "03,02"
    assert geo.location_name(15, 225) == "01,01"
    assert geo.location_name(400, 50) == OFFBOARD  # board B has no grid
    assert geo.location_name(5, 5) == OFFBOARD  # the edge buffer
    assert geo.snap(20, 30) == (10 + 300 - 250, 20 + 200 - 150)
    assert geo.location_point("02,01", "A") == (10 + 150, 20 + 50)


def test_reversed_flag_applies_only_to_reversible_boards() -> None:
    geo = map_geometry(_map(SQUARE_BOARD), "MainBoardPicker\tB/rev\t0\t0")
    assert geo.boards[0].reversed is False


def test_single_non_reversible_board_is_the_default_and_unknown_boards_are_skipped() -> None:
    only_b = f'<{PKG}Board name="B" width="400" height="100"/>'
    assert [b.board.name for b in map_geometry(_map(only_b)).boards] == ["B"]
    assert map_geometry(_map(SQUARE_BOARD)).boards == ()  # two boards: the player must choose
    by_id = map_geometry(_map(SQUARE_BOARD), "Map0BoardPicker\tX\t0\t0\tB\t0\t0", map_id="Map0")
    assert [b.board.name for b in by_id.boards] == ["B"]
    setup = f"<setup>MainBoardPicker\tB\t0\t0</setup>{SQUARE_BOARD}"
    assert [b.board.name for b in map_geometry(_map(setup)).boards] == ["B"]


def test_board_picker_command_for_another_map_is_refused() -> None:
    with pytest.raises(FormatError, match="not for map"):
        map_geometry(_map(SQUARE_BOARD), "OtherBoardPicker\tA\t0\t0")
    assert board_picker_choices("OtherBoardPicker\tA\t0\t0", "Main") is None


def test_board_picker_names_may_hold_escaped_slashes() -> None:
    choices = board_picker_choices("MainBoardPicker\tNorth\\/South/rev\t2\t1\tEast\tx", "Main")
    assert choices is not None
    assert [(c.name, c.reversed, c.column, c.row) for c in choices] == [
        ("North/South", True, 2, 1),
        ("East", False, 0, 0),
    ]


def test_legacy_edge_attribute_and_deck_positions() -> None:
    deck = '<VASSAL.build.module.map.DrawPile name="Cards" x="5" y="6" owningBoard="B"/>'
    loose = (
        '<VASSAL.build.module.folder.MapSubFolder><VASSAL.build.module.map.DrawPile name="Pile"/>'
        "</VASSAL.build.module.folder.MapSubFolder>"
    )
    geo = map_geometry(_map(SQUARE_BOARD, 'edge="7,8"', deck + loose), "MainBoardPicker\tA\t0\t0\tB\t1\t0")
    assert (geo.edge_width, geo.edge_height) == (7, 8)
    assert geo.location_name(7 + 300 + 5, 8 + 6) == "Cards"
    assert geo.location_name(7 + 100, 8 + 100) == "Pile"  # default position, off the edge buffer


def test_board_image_sizes_come_from_the_image_header(tmp_path: Path) -> None:
    from PIL import Image

    path = tmp_path / "map.png"
    Image.new("RGB", (123, 45)).save(path)
    reads = []

    def read(name: str) -> bytes:
        reads.append(name)
        return (tmp_path / name).read_bytes()

    board = f'<{PKG}Board name="M" image="map.png" width="1" height="1"/>'
    sizes = image_size_reader(read)
    geo = map_geometry(_map(board), None, sizes)
    assert (geo.boards[0].width, geo.boards[0].height) == (123, 45)
    assert sizes("map.png") == (123, 45) and reads == ["map.png"]  # read once, cached
    with pytest.raises(FormatError, match="image reader"):
        map_geometry(_map(board))


def test_unknown_grid_classes_are_refused() -> None:
    with pytest.raises(FormatError, match="unsupported grid class"):
        parse_board(xml(f'<{PKG}Board name="X"><custom.TerrainHexGrid/></{PKG}Board>'))


def test_grid_attributes_round_trip_through_parse() -> None:
    from vassal.buildfile import component

    grid = HexGrid(
        sideways=True,
        x0=12,
        y0=-4,
        dx=51.0,
        dy=58.88972746,
        numbering=HexGridNumbering(sep="/", stagger=False),
    )
    assert grid.numbering is not None
    numbering_attrs = cast(dict[str, AttributeValue], grid_attributes(grid.numbering))
    child = component(PKG + "board.mapgrid.HexGridNumbering", numbering_attrs)
    element = component(PKG + "board.HexGrid", cast(dict[str, AttributeValue], grid_attributes(grid)), child)
    assert parse_grid(etree.fromstring(etree.tostring(element))) == grid


# --------------------------------------------------------------------------------------------
# the engine's sample module and log


def _tour() -> tuple[zipfile.ZipFile, dict[str, etree._Element], list[str]]:
    mod = zipfile.ZipFile(outside("tour.mod"))
    root = etree.fromstring(mod.read("buildFile"))
    maps = {m.get("mapName"): m for m in root if m.tag == "VASSAL.build.module.Map"}
    text = zipfile.ZipFile(outside("tour.log")).read("savedGame").decode("utf-8")
    commands = [c.removeprefix("LOG\t").rstrip("\\") for c in text.split("\x1b")]
    return mod, maps, commands


def test_tour_log_names_every_move_as_the_engine_reported_it() -> None:
    """Each move or creation in tour.log is followed by the engine's chat report naming the
    location (square grid with descending rows, zones and regions, alphabetic hexes)."""
    mod, maps, commands = _tour()
    sizes = image_size_reader(lambda name: mod.read("images/" + name))
    geo = None
    pending: tuple[tuple[int, int], tuple[int, int] | None] | None = None
    checked = []
    for command in commands:
        if command.startswith("Main MapBoardPicker"):
            geo, pending = map_geometry(maps["Main Map"], command, sizes), None
        elif m := re.match(r"M/\d+/Main Map/(\d+)/(\d+)/null/Main Map/(\d+)/(\d+)/", command):
            pending = ((int(m[1]), int(m[2])), (int(m[3]), int(m[4])))
        elif m := re.match(r"\+/\d+/(?:stack/Main Map;(\d+);(\d+);|.*\tMain Map;(\d+);(\d+)$)", command):
            pending = (
                (int(m[1] or m[3]), int(m[2] or m[4])),
                None,
            )  # a new stack, or a piece's own state
        elif (m := re.match(r"CHAT\* .* (?:created in|moves (.*) ->) (.*?)(?: \*)?$", command)) and pending:
            assert geo is not None
            new, old = pending
            assert (old is None) == (m[1] is None)
            assert geo.location_name(*new) == m[2], (new, m[2])
            if old is not None:
                assert geo.location_name(*old) == m[1], (old, m[1])
            checked.append(m[2])
            pending = None
    assert len(checked) == 25
    expected = {
        "0,0",
        "2,-5",
        "Japanese Islands",
        "Japan",
        "Okinawa",
        "Turn 7 Returns",
        "G7",
        "P3",
        "J4",
        "dungeon",
    }
    assert expected <= set(checked)


def test_tour_locations_place_pieces_where_the_log_has_them() -> None:
    mod, maps, _ = _tour()
    sizes = image_size_reader(lambda name: mod.read("images/" + name))
    main = maps["Main Map"]
    plain = map_geometry(main, "Main MapBoardPicker\tplain\t0\t0", sizes)
    assert plain.location_point("2,-5") == (600, 744)  # vDescend over 1008 px: 21 rows
    hexes = map_geometry(main, "Main MapBoardPicker\tSL\t0\t0", sizes)
    assert hexes.location_point("G7") == (337, 419)
    assert hexes.location_point("H6") == (393, 386)  # odd column: (int)(5 * 64.5 + 32.25) + 32
    assert hexes.snap(340, 410) == (337, 419)
    vip = map_geometry(main, "Main MapBoardPicker\tVIP\t0\t0", sizes)
    assert vip.location_point("Okinawa") == (1125, 623)
    assert vip.location_name(77, 62) == "POC Track"  # a zone whose format is plain text
    assert vip.snap(80, 70) == (77, 62)  # snapped by the zone's own square grid
    # the reversible hex board turned round: the same pixel is named from the far corner
    flipped = map_geometry(main, "Main MapBoardPicker\tSL/rev\t0\t0", sizes)
    assert flipped.location_name(1799 - 337, 645 - 419) == "G7"


def test_tour_force_pool_names_decks_by_exact_position() -> None:
    mod, maps, _ = _tour()
    geo = map_geometry(maps["Force Pool"], None, image_size_reader(lambda name: mod.read("images/" + name)))
    assert [b.board.name for b in geo.boards] == ["Board 1"]
    assert geo.location_name(658, 94) == "Cards"
    assert geo.location_name(62, 56) == "Airplane Reserves"
    assert geo.location_name(62, 57) == OFFBOARD  # the board has no grid; decks match exactly
    assert geo.location_name(900, 10) == OFFBOARD  # beyond the 750 x 200 image


# --------------------------------------------------------------------------------------------
# properties over every numbering option

FORMATS = ["$gridLocation$", "Hex $gridLocation$!", "$column$:$row$", "$row$ $column$"]

numberings = st.builds(
    HexGridNumbering,
    first=st.sampled_from("HV"),
    sep=st.sampled_from(["", ",", "-", " / "]),
    h_type=st.sampled_from("NA"),
    v_type=st.sampled_from("NA"),
    h_leading=st.integers(0, 3),
    v_leading=st.integers(0, 3),
    h_off=st.integers(-5, 5),
    v_off=st.integers(-5, 5),
    h_descend=st.booleans(),
    v_descend=st.booleans(),
    location_format=st.sampled_from(FORMATS),
    stagger=st.booleans(),
)


@st.composite
def hex_grids(draw: st.DrawFn) -> tuple[HexGrid, tuple[int, int]]:
    dy = draw(st.floats(24.0, 120.0))
    dx = dy * draw(st.floats(0.7, 1.1))
    n = draw(numberings)
    grid = HexGrid(
        sideways=draw(st.booleans()),
        x0=draw(st.integers(-40, 40)),
        y0=draw(st.integers(-40, 40)),
        dx=dx,
        dy=dy,
        numbering=n,
    )
    size = (draw(st.integers(300, 3000)), draw(st.integers(300, 3000)))
    return grid, size


def _unambiguous(n: HexGridNumbering | SquareGridNumbering) -> bool:
    """Both parts run together with nothing between them can be split two ways (VASSAL's own
    regex then picks one): "AAAA", or digits whose widths vary."""
    return n.sep != "" or n.h_type != n.v_type or n.location_format in ("$column$:$row$", "$row$ $column$")


def _hex_quirk(grid: HexGrid, size: tuple[int, int]) -> bool:
    """The engine's off-by-one hex in getCenterPoint (see the test above)."""
    n = grid.numbering
    assert n is not None
    if not n.stagger:
        return False
    if grid.sideways:
        return n.v_descend and math.floor(size[1] / grid.dx + 0.5) % 2 == 1
    return n.h_descend and math.floor(size[0] / grid.dy + 0.5) % 2 == 1


def _raw_center(grid: HexGrid, col: int, row: int) -> tuple[float, float]:
    u = grid.x0 + col * grid.dx
    v = grid.y0 + row * grid.dy + (grid.dy / 2 if col % 2 else 0)
    return (v, u) if grid.sideways else (u, v)


@settings(max_examples=300, deadline=None)
@given(hex_grids(), st.integers(-3, 30), st.integers(-3, 30))
def test_hex_name_of_the_point_of_a_name_is_that_name(
    case: tuple[HexGrid, tuple[int, int]], col: int, row: int
) -> None:
    grid, size = case
    assert grid.numbering is not None
    assume(_unambiguous(grid.numbering) and not _hex_quirk(grid, size))
    x, y = _raw_center(grid, col, row)
    centre = snap_point(grid, round(x), round(y))
    name = location_name(grid, *centre, size)
    assert name is not None
    point = location_point(grid, name, size)
    assert location_name(grid, *point, size) == name
    snapped = snap_point(grid, *point)
    assert max(abs(snapped[0] - point[0]), abs(snapped[1] - point[1])) <= 2
    assert location_name(grid, *snapped, size) == name


@settings(max_examples=300, deadline=None)
@given(hex_grids(), st.integers(-100, 2500), st.integers(-100, 2500))
def test_hex_point_of_the_name_of_any_point_snaps_to_that_hex(
    case: tuple[HexGrid, tuple[int, int]], x: int, y: int
) -> None:
    grid, size = case
    assert grid.numbering is not None
    assume(_unambiguous(grid.numbering) and not _hex_quirk(grid, size))
    name = location_name(grid, x, y, size)
    assert name is not None
    point = location_point(grid, name, size)
    snapped = snap_point(grid, *point)
    assert location_name(grid, *snapped, size) == name
    assert snap_point(grid, *snapped) == snapped


@settings(max_examples=200, deadline=None)
@given(hex_grids(), st.integers(-100, 2500), st.integers(-100, 2500))
def test_hex_snap_is_idempotent_and_near_the_point(case: tuple[HexGrid, tuple[int, int]], x: int, y: int) -> None:
    grid, _ = case
    sx, sy = snap_point(grid, x, y)
    assert snap_point(grid, sx, sy) == (sx, sy)
    assert math.hypot(sx - x, sy - y) <= max(grid.dx, grid.dy)


square_numberings = st.builds(
    SquareGridNumbering,
    first=st.sampled_from("HV"),
    sep=st.sampled_from(["", ",", "-"]),
    h_type=st.sampled_from("NA"),
    v_type=st.sampled_from("NA"),
    h_leading=st.integers(0, 3),
    v_leading=st.integers(0, 3),
    h_off=st.integers(-5, 5),
    v_off=st.integers(-5, 5),
    h_descend=st.booleans(),
    v_descend=st.booleans(),
    location_format=st.sampled_from(FORMATS),
)


@settings(max_examples=300, deadline=None)
@given(
    square_numberings,
    st.floats(10.0, 90.0),
    st.floats(10.0, 90.0),
    st.integers(-30, 30),
    st.integers(-30, 30),
    st.integers(-3, 30),
    st.integers(0, 30),
    st.tuples(st.integers(100, 3000), st.integers(100, 3000)),
)
def test_square_name_of_the_point_of_a_name_is_that_name(
    n: SquareGridNumbering,
    dx: float,
    dy: float,
    x0: int,
    y0: int,
    col: int,
    row: int,
    size: tuple[int, int],
) -> None:
    assume(_unambiguous(n))
    grid = SquareGrid(x0=x0, y0=y0, dx=dx, dy=dy, numbering=n)
    centre = snap_point(grid, round(x0 + col * dx), round(y0 + row * dy))
    name = location_name(grid, *centre, size)
    assert name is not None
    point = location_point(grid, name, size)
    assert location_name(grid, *point, size) == name
    assert snap_point(grid, *point) == centre
