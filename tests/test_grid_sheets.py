"""Sheets laid on one another: one plane, one hex per place, both ids of an overlapped hex
resolve to it, and adjacency, distance and lines run across the seam as on a single sheet.

The reference for every cross-seam answer is a single sheet numbered like the bottom sheet and
wide enough to hold both: a hex of the top sheet is mapped to it by the numbering relation the
placement states (for ETO: E(r, c) = W(63 - r, 68 - c))."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargame.board import load_boards_file
from wargame.errors import DataError
from wargame.grid import Grid, Hex, Layout, Sheet

ROOT = Path(__file__).resolve().parents[1]
ETO = load_boards_file(ROOT / "scenarios" / "eto" / "board.toml", "eto").grid


def _pair(orientation: str = "pointy", offset: tuple[int, int] = (137, -63)) -> Grid:
    """W 10 columns, E laid over it reversed in both numbers (ETO's two sheets, cut down)."""
    west = Sheet(prefix="W", rows=(1, 12), cols=(1, 10), rows_grow="north", cols_grow="east", shifted="even")
    east = Sheet(
        prefix="E",
        rows=(51, 62),
        cols=(58, 60),
        rows_grow="south",
        cols_grow="west",
        shifted="even",
        over="W",
        offset=offset,
    )
    return Grid(name="Pair", boards=(west, east), orientation=orientation)  # type: ignore[arg-type]


def _as_west(h: Hex) -> Hex:
    """ETO's numbering relation: a hex of either sheet in the West sheet's numbers."""
    return Hex(h.row, h.col, "W") if h.board == "W" else Hex(63 - h.row, 68 - h.col, "W")


REFERENCE = Grid(
    name="Ref",
    boards=(Sheet(prefix="W", rows=(0, 63), cols=(0, 70), rows_grow="north", cols_grow="east", shifted="even"),),
)


def test_the_east_sheet_lies_where_both_ids_name_one_place() -> None:
    pair = _pair()
    for r in range(51, 63):
        # E columns 58-60 are W columns 10, 9, 8 of rows 12 ... 1: the overlap is W 08-10
        for c in range(58, 61):
            east = Hex(r, c, "E")
            west_id = f"W{63 - r:02d}{68 - c:02d}"
            assert pair.parse(west_id) == east == pair.parse(pair.hex_id(east))
            assert pair.hex_id(pair.parse(west_id)) == pair.hex_id(east)
            assert set(pair.aliases(east)) == {east, Hex(63 - r, 68 - c, "W")}
            assert not pair.contains(Hex(63 - r, 68 - c, "W"))
    assert len(pair.hexes()) == 12 * 10  # the overlap counted once
    assert len(pair.hexes("W")) == 12 * 7


def test_a_seam_hex_has_six_neighbours_across_both_sheets() -> None:
    pair = _pair()
    inner = pair.parse("W0607")  # the last W column before the overlap
    ns = pair.neighbours(inner)
    assert len(ns) == 6
    assert {n.board for n in ns} == {"W", "E"}
    for n in ns:
        assert pair.is_adjacent(inner, n) and pair.distance(inner, n) == 1
        assert (
            pair.direction(n, inner)
            == {"E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}[pair.direction(inner, n)]
        )


def test_a_sheet_half_a_hex_off_is_refused() -> None:
    with pytest.raises(DataError, match="half a hex off"):
        _pair(offset=(136, -63))


def test_a_sheet_laid_on_an_unknown_or_later_sheet_is_refused() -> None:
    east = Sheet(prefix="E", over="W")
    west = Sheet(prefix="W")
    with pytest.raises(DataError, match="not a board listed before it"):
        Grid(name="Bad", boards=(east, west))


def test_separate_sheets_still_refuse_to_measure_between_them() -> None:
    two = Grid(
        name="Two", boards=(Sheet(prefix="a", rows=(1, 5), cols=(1, 5)), Sheet(prefix="b", rows=(1, 5), cols=(1, 5)))
    )
    with pytest.raises(DataError, match="different boards"):
        two.distance(Hex(1, 1, "a"), Hex(1, 1, "b"))
    assert not two.is_adjacent(Hex(1, 1, "a"), Hex(1, 2, "b"))


# ----- the game's grid (scenarios/eto/board.toml) ---------------------------------------------


def test_the_game_grid_lines_the_sheets_up_at_63_and_68() -> None:
    overlap = [h for h in ETO.hexes("E") if len(ETO.aliases(h)) == 2]
    assert len(overlap) == 62  # one column: E col 33 is W col 35, rows 01-62
    for h in overlap:
        east, west = ETO.aliases(h)
        assert east == h and west == Hex(63 - h.row, 68 - h.col, "W")
        assert ETO.parse(ETO.hex_id(west)) == h
    assert ETO.hex_id(ETO.parse("W3335")) == "E3033"  # the East sheet lies on top: its id wins
    assert (len(ETO.hexes()), len(ETO.hexes("W")), len(ETO.hexes("E"))) == (3944, 2108, 1836)


def test_the_rules_hexes_print_as_the_rules_print_them() -> None:
    for hex_id in (
        "W3533",
        "W3734",
        "W3134",
        "W1316",
        "W0133",
        "W5225",
        "E1924",
        "E3032",
        "E5629",
        "E5111",
        "E4808",
        "E4428",
    ):
        assert ETO.hex_id(ETO.parse(hex_id)) == hex_id


def test_the_iraq_edge_is_the_first_hex_of_its_rows() -> None:
    # 24.1: the map edge hexes of Iraq, E5111 to E4808: the East sheet's south-east corner is cut
    for hex_id in ("E4808", "E4909", "E5010", "E5111"):
        h = ETO.parse(hex_id)
        assert len(ETO.neighbours(h)) < 6
    with pytest.raises(DataError, match="not on the ETO map"):
        ETO.parse("E4807")


ids = st.sampled_from([ETO.hex_id(h) for h in ETO.hexes()])
ON_ETO = frozenset(_as_west(h) for h in ETO.hexes())


@settings(max_examples=300, deadline=None)
@given(ids, ids)
def test_distance_adjacency_and_lines_agree_with_one_big_sheet(a_id: str, b_id: str) -> None:
    a, b = ETO.parse(a_id), ETO.parse(b_id)
    ra, rb = _as_west(a), _as_west(b)
    assert ETO.distance(a, b) == REFERENCE.distance(ra, rb)
    assert ETO.is_adjacent(a, b) == REFERENCE.is_adjacent(ra, rb)
    assert [_as_west(h) for h in ETO.line(a, b)] == list(REFERENCE.line(ra, rb))


@settings(max_examples=200, deadline=None)
@given(ids)
def test_neighbours_and_pixels_agree_with_one_big_sheet(a_id: str) -> None:
    a = ETO.parse(a_id)
    mine = {_as_west(n) for n in ETO.neighbours(a)}
    theirs = {n for n in REFERENCE.neighbours(_as_west(a)) if n in ON_ETO}
    assert mine == theirs
    layout = Layout.regular(10.0, ETO.parse("W0101"), 0.0, 0.0)
    ref_layout = Layout.regular(10.0, Hex(1, 1, "W"), 0.0, 0.0)
    assert ETO.center(a, layout) == pytest.approx(REFERENCE.center(_as_west(a), ref_layout))
    assert ETO.hex_at(*ETO.center(a, layout), layout) == a
