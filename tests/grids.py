"""The grids of the rulebooks, built by hand for the grid tests: USE (and USWC's windows on it),
TK and ETO. The games' own grids are data (scenarios/<game>/board.toml [grid]); these pin the
numbering facts of the rulebooks before and apart from any game folder."""

from __future__ import annotations

from wargame.grid import Grid, Sheet


def use_grid(rows: tuple[int, int] = (1, 58), cols: tuple[int, int] = (1, 64)) -> Grid:
    """Unconditional Surrender! (USE 2.1): RRCC, rows north to south, positions west to
    east, pointy-top, even rows half a hex east. USWC's maps are windows on the same numbering
    (USWC 2.1): build them with their own `rows` and `cols`."""
    return Grid(name="USE", boards=(Sheet(rows=rows, cols=cols, shifted="even"),))


USE = use_grid()


def tk_grid(
    west: tuple[tuple[int, int], tuple[int, int]] = ((1, 99), (1, 99)),
    east: tuple[tuple[int, int], tuple[int, int]] = ((1, 99), (1, 99)),
) -> Grid:
    """Totaler Krieg! (TK 2.1): ids like "w3825", boards w (West) and e (East), RRCC with
    rows growing north and columns east, odd rows half a hex east. The rules give neither map's
    edges, so the default extent is every id the numbering can write; pass (rows, cols) per board
    once the maps are measured. How the two maps join is not described."""
    boards = tuple(
        Sheet(prefix=p, rows=rows, cols=cols, rows_grow="north", cols_grow="east", shifted="odd")
        for p, (rows, cols) in (("w", west), ("e", east))
    )
    return Grid(name="TK", boards=boards)


def eto_grid(
    west: tuple[tuple[int, int], tuple[int, int]] = ((1, 99), (1, 99)),
    east: tuple[tuple[int, int], tuple[int, int]] = ((1, 99), (1, 99)),
) -> Grid:
    """World War II: ETO (ETO 2.1): ids like "W3533" / "E1924", RRCC. The W sheet's rows
    grow north and columns east; the E sheet runs the opposite way (rows south, columns west).
    Parity: on W, even rows sit half a hex east (Polish example: 3832 next to 3733); on E, even
    rows sit half a hex toward higher column numbers, i.e. west (inferred from the Dardanelles
    example, E4329 next to E4428 and E4429: less certain). Extents and the overlap seam between
    the sheets are not in the rules."""
    boards = (
        Sheet(prefix="W", rows=west[0], cols=west[1], rows_grow="north", cols_grow="east", shifted="even"),
        Sheet(prefix="E", rows=east[0], cols=east[1], rows_grow="south", cols_grow="west", shifted="even"),
    )
    return Grid(name="ETO", boards=boards)
