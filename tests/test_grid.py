"""The hex-grid library: numbering, adjacency, ranges, lines, hexsides and pixel geometry."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wargame.errors import DataError
from wargame.grid import (
    FLAT_DIRECTIONS,
    POINTY_DIRECTIONS,
    Grid,
    Hex,
    Hexside,
    Layout,
    Sheet,
)

from grids import USE, tk_grid, use_grid

TK = tk_grid()
SIZE = 20  # rows and columns of the generated grids


# ----- strategies ----------------------------------------------------------------------------


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    """Every combination of orientation, parity and numbering direction."""
    board = Sheet(
        rows=(1, SIZE),
        cols=(1, SIZE),
        rows_grow=draw(st.sampled_from(["south", "north"])),
        cols_grow=draw(st.sampled_from(["east", "west"])),
        shifted=draw(st.sampled_from(["even", "odd"])),
    )
    return Grid(name="T", boards=(board,), orientation=draw(st.sampled_from(["pointy", "flat"])))


def hexes_in(low: int = 1, high: int = SIZE) -> st.SearchStrategy[Hex]:
    return st.builds(Hex, st.integers(low, high), st.integers(low, high))


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    ref = draw(hexes_in())
    x, y = draw(st.floats(-500, 500)), draw(st.floats(-500, 500))
    if draw(st.booleans()):
        return Layout.regular(draw(st.floats(4, 80)), ref, x, y)
    return Layout(ref, x, y, along=draw(st.floats(4, 120)), across=draw(st.floats(4, 120)))


def _inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...], tol: float) -> bool:
    """Point in a convex polygon, boundary included (within `tol`)."""
    crosses = []
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        edge = math.hypot(x2 - x1, y2 - y1)
        crosses.append(((x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)) / edge)
    return all(c >= -tol for c in crosses) or all(c <= tol for c in crosses)


# ----- numbering -----------------------------------------------------------------------------


def test_use_ids_are_row_then_column_with_leading_zeros() -> None:
    assert USE.parse("0646") == Hex(6, 46)
    assert USE.hex_id(Hex(6, 5)) == "0605"
    assert USE.parse(" 2915 ") == Hex(29, 15)


def test_every_use_hex_id_round_trips() -> None:
    hexes = USE.hexes()
    assert len(hexes) == 58 * 64
    assert all(USE.parse(USE.hex_id(h)) == h for h in hexes)
    assert [USE.hex_id(h) for h in hexes] == sorted(USE.hex_id(h) for h in hexes)


def test_use_extent_is_a_parameter() -> None:
    small = use_grid(rows=(28, 32), cols=(10, 20))
    assert small.contains(Hex(30, 14)) and not small.contains(Hex(27, 14))
    with pytest.raises(DataError, match="not on the USE map"):
        small.parse("2714")


@pytest.mark.parametrize("text", ["646", "06466", "ab12", "", "29/15", "w2915", "2915x", "29 15"])
def test_malformed_ids_raise_data_error(text: str) -> None:
    with pytest.raises(DataError, match="is not a USE hex id"):
        USE.parse(text)


def test_a_non_text_id_raises_data_error() -> None:
    with pytest.raises(DataError):
        USE.parse(2915)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["5901", "0065", "0000", "0100"])
def test_ids_off_the_map_raise_data_error(text: str) -> None:
    with pytest.raises(DataError, match="not on the USE map"):
        USE.parse(text)


def test_parse_errors_name_the_file_and_place() -> None:
    with pytest.raises(DataError) as caught:
        USE.parse("99x9", source="map/hexes.csv", place="line 7, field hex")
    assert caught.value.source == "map/hexes.csv"
    assert str(caught.value).startswith("map/hexes.csv: line 7, field hex: ")


def test_board_prefix_is_case_insensitive_and_written_as_declared() -> None:
    assert TK.parse("W3825") == Hex(38, 25, "w")
    assert TK.hex_id(TK.parse("e4608")) == "e4608"


@pytest.mark.parametrize("text", ["3825", "x3825", "ww3825"])
def test_multi_board_ids_need_a_known_prefix(text: str) -> None:
    with pytest.raises(DataError, match="not a TK hex id"):
        TK.parse(text)


def test_column_first_numbering_with_a_separator() -> None:
    grid = Grid(
        name="CR", boards=(Sheet(rows=(1, 12), cols=(1, 30)),), orientation="flat", order="CR", sep=".", col_digits=3
    )
    assert grid.parse("007.03") == Hex(3, 7)
    assert grid.hex_id(Hex(11, 25)) == "025.11"
    with pytest.raises(DataError):
        grid.parse("00703")


def test_hexes_outside_the_only_set_do_not_exist() -> None:
    board = Sheet(rows=(1, 3), cols=(1, 3), only=frozenset({(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)}))
    grid = Grid(name="Holes", boards=(board,))
    assert len(grid.hexes()) == 5
    assert Hex(2, 3) not in grid.neighbours(Hex(2, 2))
    with pytest.raises(DataError, match="not on the Holes map"):
        grid.parse("0203")


@pytest.mark.parametrize(
    ("boards", "kwargs", "problem"),
    [
        ((Sheet(prefix="w"), Sheet(prefix="W")), {}, "repeat"),
        ((Sheet(prefix="w"), Sheet()), {}, "needs a prefix"),
        ((Sheet(),), {"orientation": "round"}, "orientation"),
        ((Sheet(rows=(1, 100)),), {}, "do not fit"),
        ((Sheet(shifted="both"),), {}, "shifted"),  # type: ignore[arg-type]
        ((Sheet(rows=(1, 2), cols=(1, 2), only=frozenset({(3, 3)})),), {}, "outside"),
        ((), {}, "at least one Sheet"),
    ],
)
def test_inconsistent_grids_are_refused(boards: tuple[Sheet, ...], kwargs: dict, problem: str) -> None:
    with pytest.raises(DataError, match=problem):
        Grid(name="Bad", boards=boards, **kwargs)


# ----- adjacency -----------------------------------------------------------------------------


def test_neighbours_come_in_direction_order() -> None:
    assert USE.directions == POINTY_DIRECTIONS == ("E", "NE", "NW", "W", "SW", "SE")
    assert [USE.hex_id(h) for h in USE.neighbours(USE.parse("2915"))] == [
        "2916",
        "2815",
        "2814",
        "2914",
        "3014",
        "3015",
    ]
    assert [USE.hex_id(h) for h in USE.neighbours(USE.parse("3015"))] == [
        "3016",
        "2916",
        "2915",
        "3014",
        "3115",
        "3116",
    ]


def test_neighbours_at_the_map_edge_stay_on_the_map() -> None:
    assert [USE.hex_id(h) for h in USE.neighbours(USE.parse("0101"))] == ["0102", "0201"]
    assert len(USE.neighbours(USE.parse("5864"))) == 2


def test_flat_top_neighbours_with_even_columns_shifted_down() -> None:
    grid = Grid(name="Flat", boards=(Sheet(rows=(1, 10), cols=(1, 10), shifted="even"),), orientation="flat")
    assert grid.directions == FLAT_DIRECTIONS
    assert grid.neighbours(Hex(5, 5)) == (Hex(4, 6), Hex(4, 5), Hex(4, 4), Hex(5, 4), Hex(6, 5), Hex(5, 6))
    assert grid.neighbours(Hex(5, 6)) == (Hex(5, 7), Hex(4, 6), Hex(5, 5), Hex(6, 5), Hex(6, 6), Hex(6, 7))


def test_direction_names_the_side_and_refuses_non_neighbours() -> None:
    a = USE.parse("2915")
    assert [USE.direction(a, n) for n in USE.neighbours(a)] == list(POINTY_DIRECTIONS)
    with pytest.raises(DataError, match="not adjacent"):
        USE.direction(a, USE.parse("2917"))
    with pytest.raises(DataError, match="not a direction"):
        USE.step(a, "N")


def test_step_may_leave_the_grid() -> None:
    assert not USE.contains(USE.step(USE.parse("0101"), "NW"))


def test_neighbours_of_a_hex_off_the_map_raise() -> None:
    with pytest.raises(DataError, match="not on the USE map"):
        USE.neighbours(Hex(0, 5))


def test_hexes_of_different_boards_cannot_be_measured() -> None:
    with pytest.raises(DataError, match="different boards"):
        TK.distance(TK.parse("w3825"), TK.parse("e3825"))
    assert not TK.is_adjacent(TK.parse("w3825"), TK.parse("e3826"))
    with pytest.raises(DataError, match="no board"):
        USE.distance(Hex(1, 1, "x"), Hex(1, 2, "x"))


@given(grids(), hexes_in())
def test_neighbours_are_symmetric_and_one_apart(grid: Grid, h: Hex) -> None:
    for d, n in zip(grid.directions, (grid.step(h, d) for d in grid.directions)):
        assert grid.distance(h, n) == 1
        assert grid.direction(h, n) == d
        opposite = grid.directions[(grid.directions.index(d) + 3) % 6]
        assert grid.step(n, opposite) == h
    for n in grid.neighbours(h):
        assert h in grid.neighbours(n)


@given(grids(), hexes_in(2, SIZE - 1))
def test_inner_hexes_have_six_neighbours(grid: Grid, h: Hex) -> None:
    assert len(set(grid.neighbours(h))) == 6


@given(grids(), hexes_in())
def test_axial_coordinates_round_trip(grid: Grid, h: Hex) -> None:
    q, r, s = grid.to_cube(h)
    assert q + r + s == 0
    assert grid.from_axial(q, r) == h


# ----- ranges --------------------------------------------------------------------------------


@given(grids(), hexes_in(), hexes_in(), hexes_in())
def test_distance_is_a_metric(grid: Grid, a: Hex, b: Hex, c: Hex) -> None:
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


def test_within_zero_is_the_origin_only() -> None:
    h = USE.parse("3055")
    assert USE.within(h, 0) == {h}
    assert USE.within(h, 1) == {h, *USE.neighbours(h)}
    with pytest.raises(DataError):
        USE.within(h, -1)


@given(grids(), st.integers(0, 4), st.data())
def test_within_n_holds_1_plus_3n_n_plus_1_hexes_away_from_edges(grid: Grid, n: int, data: st.DataObject) -> None:
    h = data.draw(hexes_in(1 + n, SIZE - n))
    found = grid.within(h, n)
    assert len(found) == 1 + 3 * n * (n + 1)
    assert all(grid.distance(h, x) <= n for x in found)


@settings(max_examples=30)
@given(grids(), hexes_in(), st.integers(0, 6))
def test_within_is_every_grid_hex_in_range_even_at_edges(grid: Grid, h: Hex, n: int) -> None:
    assert grid.within(h, n) == {x for x in grid.hexes() if grid.distance(h, x) <= n}


@given(grids(), st.integers(1, 4), st.data())
def test_rings_are_the_hexes_at_exactly_n(grid: Grid, n: int, data: st.DataObject) -> None:
    h = data.draw(hexes_in(1 + n, SIZE - n))
    ring = grid.ring(h, n)
    assert len(ring) == 6 * n == len(set(ring))
    assert set(ring) == grid.within(h, n) - grid.within(h, n - 1)
    assert all(grid.is_adjacent(a, b) for a, b in zip(ring, ring[1:] + ring[:1]))


def test_ring_starts_south_west_and_walks_counter_clockwise() -> None:
    h = USE.parse("3030")
    assert USE.ring(h, 0) == (h,)
    assert USE.ring(h, 1) == tuple(USE.step(h, d) for d in ("SW", "SE", "E", "NE", "NW", "W"))


def test_rings_at_the_edge_keep_only_grid_hexes() -> None:
    assert set(USE.ring(USE.parse("0101"), 1)) == {USE.parse("0102"), USE.parse("0201")}


@given(grids(), hexes_in(), hexes_in())
def test_lines_are_distance_plus_one_adjacent_hexes(grid: Grid, a: Hex, b: Hex) -> None:
    path = grid.line(a, b)
    assert len(path) == grid.distance(a, b) + 1
    assert path[0] == a and path[-1] == b
    assert all(grid.distance(x, y) == 1 for x, y in itertools.pairwise(path))
    assert grid.line(b, a) == path[::-1]


def test_a_line_along_hexsides_breaks_the_same_way_every_time() -> None:
    # 3015 -> 2815 runs straight north: the midpoint is the corner between 2915 and 2916;
    # the nudge sends it east
    a, b = USE.parse("3015"), USE.parse("2815")
    path = USE.line(a, b)
    assert path == (a, USE.parse("2916"), b)
    assert all(USE.line(a, b) == path for _ in range(3))
    assert USE.line(b, a) == path[::-1]


# ----- hexsides ------------------------------------------------------------------------------


def test_hexsides_are_unordered_pairs_named_lower_id_first() -> None:
    a, b = USE.parse("2915"), USE.parse("2914")
    side = USE.hexside(a, b)
    assert side == USE.hexside(b, a) == Hexside(a, b) == Hexside(b, a)
    assert hash(side) == hash(Hexside(a, b))
    assert USE.hexside_id(side) == "2914/2915"
    assert side.other(a) == b and side.other(b) == a


def test_hexside_names_parse_back_in_either_order() -> None:
    assert USE.parse_hexside("2915/2914") == USE.hexside(USE.parse("2914"), USE.parse("2915"))
    assert TK.hexside_id(TK.parse_hexside("w3619/W3518")) == "w3518/w3619"


@pytest.mark.parametrize("text", ["2914/2916", "2914/2914", "2914", "2914/2915/2916", "2914/x"])
def test_bad_hexside_names_raise(text: str) -> None:
    with pytest.raises(DataError):
        USE.parse_hexside(text)


def test_hexside_between_non_neighbours_raises() -> None:
    with pytest.raises(DataError, match="not adjacent"):
        USE.hexside(USE.parse("2914"), USE.parse("3116"))


def test_hexsides_of_a_hex_follow_its_neighbours() -> None:
    h = USE.parse("2915")
    names = [USE.hexside_id(s) for s in USE.hexsides_of(h)]
    assert names == ["2915/2916", "2815/2915", "2814/2915", "2914/2915", "2915/3014", "2915/3015"]
    assert len(USE.hexsides_of(USE.parse("0101"))) == 2


# ----- pixels --------------------------------------------------------------------------------


def test_regular_layout_spacing() -> None:
    layout = Layout.regular(10.0, Hex(1, 1))
    assert layout.along == pytest.approx(10 * math.sqrt(3)) and layout.across == 15.0
    with pytest.raises(DataError):
        Layout(Hex(1, 1), 0.0, 0.0, along=0.0, across=10.0)
    with pytest.raises(DataError):
        Layout(Hex(1, 1), math.nan, 0.0, along=10.0, across=10.0)


def test_pointy_centres_step_along_rows_and_across_rows() -> None:
    layout = Layout(USE.parse("2915"), 100.0, 200.0, along=60.0, across=50.0)
    assert USE.center(USE.parse("2915"), layout) == (100.0, 200.0)
    assert USE.center(USE.parse("2916"), layout) == (160.0, 200.0)
    assert USE.center(USE.parse("3015"), layout) == (130.0, 250.0)
    assert USE.center(USE.parse("2815"), layout) == (130.0, 150.0)


def test_flat_centres_step_along_columns_and_across_columns() -> None:
    grid = Grid(name="Flat", boards=(Sheet(rows=(1, 10), cols=(1, 10)),), orientation="flat")
    layout = Layout(Hex(5, 5), 0.0, 0.0, along=60.0, across=50.0)
    assert grid.center(Hex(6, 5), layout) == (0.0, 60.0)
    assert grid.center(Hex(4, 6), layout) == (50.0, -30.0)


def test_every_use_hex_is_found_at_its_own_centre() -> None:
    layout = Layout(USE.parse("0101"), 37.0, 41.0, along=75.0, across=64.5)
    assert all(USE.hex_at(*USE.center(h, layout), layout) == h for h in USE.hexes())


def test_a_layout_from_another_board_is_refused() -> None:
    layout = Layout.regular(10.0, TK.parse("w3825"))
    with pytest.raises(DataError, match="different boards"):
        TK.center(TK.parse("e3825"), layout)


@given(grids(), layouts(), hexes_in())
def test_hex_at_center_is_the_hex(grid: Grid, layout: Layout, h: Hex) -> None:
    assert grid.hex_at(*grid.center(h, layout), layout) == h


@given(grids(), layouts(), hexes_in(2, SIZE - 1))
def test_neighbours_share_their_corners_and_hexside_endpoints(grid: Grid, layout: Layout, h: Hex) -> None:
    mine = grid.corners(h, layout)
    for i, d in enumerate(grid.directions):
        other = grid.corners(grid.step(h, d), layout)
        # my side i runs corner i -> i+1; the neighbour's side i+3 runs back over the same points
        assert mine[i] == pytest.approx(other[(i + 4) % 6])
        assert mine[(i + 1) % 6] == pytest.approx(other[(i + 3) % 6])
        side = grid.hexside(h, grid.step(h, d))
        ends = grid.hexside_endpoints(side, layout)
        assert {tuple(round(v, 6) for v in p) for p in ends} == {
            tuple(round(v, 6) for v in p) for p in (mine[i], mine[(i + 1) % 6])
        }


@given(grids(), layouts(), hexes_in(2, SIZE - 1), st.integers(0, 5), st.floats(-1, 1), st.floats(-1, 1))
def test_points_near_a_corner_belong_to_a_hex_touching_it(
    grid: Grid, layout: Layout, h: Hex, i: int, ex: float, ey: float
) -> None:
    eps = 1e-3 * min(layout.along, layout.across)
    x, y = grid.corners(h, layout)[i]
    touching = {h, grid.step(h, grid.directions[i]), grid.step(h, grid.directions[i - 1])}
    assert grid.hex_at(x + ex * eps, y + ey * eps, layout) in touching


@given(grids(), layouts(), st.floats(0, 1), st.floats(0, 1))
def test_hex_at_returns_the_hex_whose_outline_holds_the_point(grid: Grid, layout: Layout, fx: float, fy: float) -> None:
    x0, y0 = grid.center(Hex(5, 5), layout)
    x1, y1 = grid.center(Hex(15, 15), layout)
    point = (x0 + fx * (x1 - x0), y0 + fy * (y1 - y0))
    h = grid.hex_at(*point, layout)
    assert _inside(point, grid.corners(h, layout), tol=1e-6 * max(layout.along, layout.across))


@given(layouts(), hexes_in(), st.floats(0, 0.999), st.integers(0, 5))
def test_points_inside_a_hex_outline_resolve_to_that_hex(layout: Layout, h: Hex, t: float, i: int) -> None:
    # a point between the centre and the middle of side i, strictly inside the outline
    cx, cy = USE.center(h, layout)
    (ax, ay), (bx, by) = USE.corners(h, layout)[i], USE.corners(h, layout)[(i + 1) % 6]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    assume(t < 0.99)
    assert USE.hex_at(cx + t * (mx - cx), cy + t * (my - cy), layout) == h


def test_bounds_enclose_every_hex_outline() -> None:
    layout = Layout.regular(10.0, USE.parse("0101"), x=10 * math.sqrt(3) / 2, y=10.0)
    left, top, right, bottom = USE.bounds(layout)
    assert (left, top) == pytest.approx((0.0, 0.0))
    # 64 hexes per row plus the half-hex shift of the even rows; 58 rows of 15 px plus 5 px
    assert right == pytest.approx(64.5 * 10 * math.sqrt(3))
    assert bottom == pytest.approx(57 * 15 + 20)
