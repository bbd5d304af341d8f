"""The VASSAL HexGrid we write for a game grid names and snaps every hex the way we draw it.

VASSAL's side is our port of the engine (vassal.grids, itself checked against the engine's own
tour log); our side is wargame.grid's `hex_id`, `center` and `hex_at`.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from builder.vassal_grid import check_vassal_hex_grid, hex_grid_element, vassal_hex_grid
from vassal.grids import HexGrid, location_name, location_point, parse_grid, snap_point
from wargame.errors import DataError
from wargame.grid import Hex, Layout

from grids import USE, eto_grid, tk_grid, use_grid

USE_LAYOUTS = [
    Layout.regular(36.0, USE.parse("0101"), x=40.0, y=36.0),
    Layout(USE.parse("0101"), 37.0, 41.0, along=75.0, across=64.5),  # stretched, like printed maps
    Layout(USE.parse("2915"), 1001.37, 1500.62, along=57.3, across=49.9),  # reference mid-map, fractional
]


def _every_hex_agrees(grid, layout: Layout, vg: HexGrid, size: tuple[int, int]) -> int:
    count = 0
    for h in grid.hexes(layout.ref.board):
        cx, cy = grid.center(h, layout)
        px, py = math.floor(cx + 0.5), math.floor(cy + 0.5)
        assert location_name(vg, px, py, size) == grid.hex_id(h)
        sx, sy = snap_point(vg, px, py)
        assert grid.hex_at(sx, sy, layout) == h
        assert abs(sx - cx) <= 2.0 and abs(sy - cy) <= 2.0
        lx, ly = location_point(vg, grid.hex_id(h), size)
        assert grid.hex_at(lx, ly, layout) == h
        count += 1
    return count


@pytest.mark.parametrize("layout", USE_LAYOUTS, ids=["regular", "stretched", "mid-map-ref"])
def test_every_use_hex_is_named_and_snapped_by_vassal_as_we_draw_it(layout: Layout) -> None:
    vg = vassal_hex_grid(USE, layout)
    assert _every_hex_agrees(USE, layout, vg, (5000, 5000)) == 58 * 64


def test_use_numbering_is_sideways_row_first_without_stagger() -> None:
    layout = USE_LAYOUTS[0]
    vg = vassal_hex_grid(USE, layout)
    cx, cy = USE.center(USE.parse("0101"), layout)
    assert vg.sideways is True
    assert (vg.x0, vg.y0) == (math.floor(cy) + 1, math.floor(cx) + 1)  # x0 runs down the map
    assert (vg.dx, vg.dy) == (layout.across, layout.along)
    n = vg.numbering
    assert n is not None
    assert (n.first, n.sep, n.h_type, n.v_type, n.h_leading, n.v_leading) == ("H", "", "N", "N", 1, 1)
    assert (n.h_off, n.v_off, n.h_descend, n.v_descend, n.stagger) == (1, 1, False, False, False)
    assert n.location_format == "$gridLocation$"


def test_even_rows_are_the_lines_vassal_shifts_east() -> None:
    layout = USE_LAYOUTS[0]
    vg = vassal_hex_grid(USE, layout)
    # VASSAL's centre of the hex with our id: rows 01 and 02 share column 01, row 02 is further east
    x1, y1 = location_point(vg, "0101", (5000, 5000))
    x2, y2 = location_point(vg, "0201", (5000, 5000))
    assert y2 > y1
    assert x2 - x1 == pytest.approx(layout.along / 2, abs=2)


def test_buildfile_element_holds_what_vassal_reads_back() -> None:
    vg = vassal_hex_grid(USE, USE_LAYOUTS[1])
    element = hex_grid_element(vg)
    assert element.tag == "VASSAL.build.module.map.boardPicker.board.HexGrid"
    assert element.get("sideways") == "true" and element.get("dx") == "64.5" and element.get("dy") == "75.0"
    numbering = element[0]
    assert numbering.get("first") == "H" and numbering.get("stagger") == "false" and numbering.get("hOff") == "1"
    assert parse_grid(etree.fromstring(etree.tostring(element))) == vg


def test_a_grid_that_misnumbers_is_caught() -> None:
    from dataclasses import replace

    layout = USE_LAYOUTS[0]
    vg = vassal_hex_grid(USE, layout)
    assert vg.numbering is not None
    wrong = replace(vg, numbering=replace(vg.numbering, stagger=True))
    with pytest.raises(DataError, match="would name hex 0201"):
        check_vassal_hex_grid(USE, layout, wrong)


def test_numbers_growing_north_or_west_need_the_board_size() -> None:
    tk = tk_grid(((1, 12), (1, 10)), ((1, 12), (1, 10)))
    with pytest.raises(DataError, match="board image size"):
        vassal_hex_grid(tk, Layout.regular(30.0, Hex(12, 1, "w"), 40.0, 40.0))


def test_tk_rows_growing_north_and_eto_east_columns_growing_west() -> None:
    tk = tk_grid(((1, 20), (1, 16)), ((1, 20), (1, 16)))
    layout = Layout(Hex(20, 1, "w"), 35.2, 40.7, along=58.0, across=50.5)
    size = (1000, 1100)
    vg = vassal_hex_grid(tk, layout, size)
    assert vg.numbering is not None and vg.numbering.v_descend and vg.numbering.location_format == "w$gridLocation$"
    assert _every_hex_agrees(tk, layout, vg, size) == 20 * 16

    eto = eto_grid(((1, 15), (1, 15)), ((1, 15), (1, 15)))
    layout = Layout(Hex(1, 15, "E"), 30.0, 30.0, along=52.0, across=45.0)
    size = (900, 800)
    vg = vassal_hex_grid(eto, layout, size)
    assert vg.numbering is not None and vg.numbering.h_descend
    assert _every_hex_agrees(eto, layout, vg, size) == 15 * 15


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    along = draw(st.floats(24.0, 110.0))
    across = along * draw(st.floats(0.7, 1.05))
    ref = Hex(draw(st.integers(1, 10)), draw(st.integers(1, 10)))
    x = draw(st.floats(-200.0, 800.0))
    y = draw(st.floats(-200.0, 800.0))
    return Layout(ref, x, y, along=along, across=across)


@settings(max_examples=40, deadline=None)
@given(layouts(), st.integers(1, 30), st.integers(1, 30))
def test_any_layout_of_a_use_window_round_trips(layout: Layout, first_row: int, first_col: int) -> None:
    window = use_grid(rows=(first_row, first_row + 7), cols=(first_col, first_col + 7))
    vg = vassal_hex_grid(window, layout)
    assert _every_hex_agrees(window, layout, vg, (5000, 5000)) == 64
