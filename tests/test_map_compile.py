"""The map compiler's parts (builder.mapmaker). Parts needing the optional mapmaker extra skip
when it is missing; the full compile runs only with STAFFWORK_MAP_COMPILE=1 and the sources."""

from __future__ import annotations

import csv
import hashlib
import os
from pathlib import Path
from typing import ClassVar

import pytest

REPO = Path(__file__).resolve().parents[1]
MAP = REPO / "scenarios" / "use" / "map"

np = pytest.importorskip("numpy")
shapely = pytest.importorskip("shapely")


def test_committed_fit_report_puts_every_control_point_inside_its_hex():
    with open(MAP / "fit_report.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 30
    for r in rows:
        assert r["final_hex"] in r["hex"].split("/"), r["name"]
        assert float(r["final_error_hexes"]) < 0.01


def test_committed_fit_report_holds_the_issue_control_points():
    with open(MAP / "fit_report.csv", encoding="utf-8") as f:
        got = {r["name"]: r["hex"] for r in csv.DictReader(f)}
    want = {
        "Paris": "3014",
        "London": "2611",
        "Calais": "2813",
        "Cherbourg": "2910",
        "Le Havre": "2912",
        "Hamburg": "2422",
        "Leningrad": "1546",
        "Volkhov": "1548",
        "Tobruk": "5339",
        "Batum": "4058",
        "Samsun": "4052",
        "Catania": "4628",
    }
    assert want.items() <= got.items()
    assert got["Konigsberg"] in {"2234", "2235", "2334", "2336"}


def test_fit_lands_each_control_point_in_its_hex():
    pytest.importorskip("scipy")
    from builder.mapmaker.fit import Projection, fit, read_control_points
    from wargame.mapdata import UNIT_LAYOUT

    from grids import use_grid

    grid = use_grid()
    warp = fit(read_control_points(MAP / "src" / "control_points.toml"), grid, UNIT_LAYOUT, Projection("lonlat"))
    assert all(p.inside for p in warp.placed)
    back = warp.inverse(warp.forward(np.array([2.35, 30.3]), np.array([48.86, 59.9])))
    assert np.allclose(back, [[2.35, 48.86], [30.3, 59.9]], atol=1e-6)


def test_lonlat_projection_fits_the_rulebook_better_than_equal_area():
    pytest.importorskip("scipy")
    pytest.importorskip("pyproj")
    from builder.mapmaker.fit import Projection, fit, read_control_points
    from wargame.mapdata import UNIT_LAYOUT

    from grids import use_grid

    pts = read_control_points(MAP / "src" / "control_points.toml")
    rms = {}
    for kind in ("lonlat", "laea"):
        warp = fit(pts, use_grid(), UNIT_LAYOUT, Projection(kind))
        rms[kind] = float(np.sqrt(np.mean([p.affine_error**2 for p in warp.placed])))
    assert rms["lonlat"] < 1.0 < rms["laea"]


def test_topojson_rings_crossing_the_antimeridian_do_not_wrap_over_europe():
    from builder.mapmaker import topo

    # One polygon from 170E eastward across 180 to 170W, between 60N and 70N.
    t = {
        "type": "Topology",
        "objects": {
            "x": {
                "type": "GeometryCollection",
                "geometries": [{"type": "Polygon", "arcs": [[0]], "properties": {"name": "Chukotka"}}],
            }
        },
        "arcs": [
            [[170, 60], [179, 60], [-179, 60], [-170, 60], [-170, 70], [-179, 70], [179, 70], [170, 70], [170, 60]]
        ],
    }
    europe = list(topo.geometries(t, "x", (-30.0, 20.0, 65.0, 75.0)))
    pacific = list(topo.geometries(t, "x", (160.0, 50.0, 180.0, 75.0)))
    assert europe == []
    assert len(pacific) == 1 and pacific[0][2].bounds[0] == pytest.approx(170.0)


def test_majority_breaks_ties_the_same_way_every_time():
    pytest.importorskip("scipy")  # the compile's modules need the mapmaker extra
    from builder.mapmaker.cells import majority

    values = np.array(["GER", "POL", "POL", "GER", "FRA"], dtype=object)
    owner = np.array([0, 0, 0, 0, 1])
    got, share = majority(values, owner, 2)
    assert got == ["GER", "FRA"] and share.tolist() == [0.5, 1.0]


def test_tiles_keep_the_area_of_a_big_polygon():
    pytest.importorskip("scipy")
    from shapely.geometry import Point

    from builder.mapmaker.geography import tiles

    big = Point(0, 0).buffer(10, 256)
    pieces = tiles(big, max_vertices=50)
    assert len(pieces) > 4
    assert sum(p.area for p in pieces) == pytest.approx(big.area)
    assert all(shapely.get_num_coordinates(p) <= 60 for p in pieces)


def test_bad_override_names_its_file_and_rule_need(tmp_path):
    pytest.importorskip("scipy")
    from builder.mapmaker.overrides import apply_hex_overrides
    from wargame.errors import DataError
    from wargame.mapdata import Vocabulary

    class Cells:
        index: ClassVar[dict[str, int]] = {"3014": 0}

    with pytest.raises(DataError, match=r'overrides.toml: \[hex."3014"\]: say "why"'):
        apply_hex_overrides(
            {"hex": {"3014": {"kind": "water", "why": ""}}},
            Cells(),
            ["land"],
            ["clear"],
            ["FRA"],
            ["x"],
            Vocabulary(),
            "overrides.toml",
        )
    with pytest.raises(DataError, match='kind "sea" must be land, coastal or water'):
        apply_hex_overrides(
            {"hex": {"3014": {"kind": "sea", "why": "test"}}},
            Cells(),
            ["land"],
            ["clear"],
            ["FRA"],
            ["x"],
            Vocabulary(),
            "overrides.toml",
        )


def _sources_present() -> bool:
    try:
        from builder.mapmaker import sources

        sources.find()
    except Exception:
        return False
    return True


@pytest.mark.skipif(
    os.environ.get("STAFFWORK_MAP_COMPILE") != "1" or not _sources_present(),
    reason="full compile: set STAFFWORK_MAP_COMPILE=1 with the mapmaker sources installed",
)
@pytest.mark.parametrize("game", ["use", "eto", "tk"])
def test_compile_reproduces_the_committed_files_byte_for_byte(tmp_path, game):
    from builder.mapmaker.compile import compile_map

    compile_map(REPO / "scenarios" / game, out_dir=tmp_path)
    for name in (
        "hexes.csv",
        "hexsides.csv",
        "cities.csv",
        "seazones.csv",
        "seazone_links.csv",
        "fit_report.csv",
        "geometry.json",
    ):
        committed = REPO / "scenarios" / game / "map" / name
        assert (
            hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
            == hashlib.sha256(committed.read_bytes()).hexdigest()
        ), name


def test_eto_cities_fit_equal_area_better_than_longitude_and_latitude():
    # settings.toml: the nine city hexes the rules give, on both sheets of one plane, fit an
    # affine map from Lambert equal-area far better than from plain longitude and latitude
    pytest.importorskip("scipy")
    pytest.importorskip("pyproj")
    from builder.mapmaker.fit import Projection, fit, read_control_points
    from wargame.board import load_boards_file
    from wargame.mapdata import unit_layout

    eto = REPO / "scenarios" / "eto"
    grid = load_boards_file(eto / "board.toml", "eto").grid
    stated = {"Warsaw", "Poznan", "Krakow", "Danzig", "Algiers", "Moscow", "Lvov", "Beirut", "Tobruk"}
    pts = [p for p in read_control_points(eto / "map" / "src" / "control_points.toml") if p.name in stated]
    assert len(pts) == 9
    rms = {}
    for kind in ("lonlat", "laea"):
        warp = fit(pts, grid, unit_layout(grid), Projection(kind, 52.0, 20.0))
        rms[kind] = float(np.sqrt(np.mean([p.affine_error**2 for p in warp.placed])))
    assert rms["laea"] < 0.5 < 1.0 < rms["lonlat"]


def test_the_unit_layout_of_use_is_the_committed_one():
    from wargame.mapdata import UNIT_LAYOUT, unit_layout

    from grids import use_grid

    assert unit_layout(use_grid()) == UNIT_LAYOUT


def test_the_eto_sheets_line_up_where_board_toml_lays_them():
    # board.toml: of every whole shift of the East sheet over the West sheet, E(r, c) = W(63 - r,
    # 68 - c) lets one similarity transform from an equal-area projection carry the nine city
    # hexes of both sheets to their hexes best, clearly ahead of the next
    pyproj = pytest.importorskip("pyproj")
    from wargame.grid import Grid, Layout, Sheet

    from grids import eto_grid

    cities = [
        ("W3533", 21.012, 52.230),
        ("W3629", 16.925, 52.406),
        ("W3232", 19.945, 50.065),
        ("W3931", 18.647, 54.352),
        ("W1316", 3.059, 36.754),
        ("E1924", 37.617, 55.756),
        ("E3032", 24.030, 49.840),
        ("E5118", 35.502, 33.894),
        ("E5629", 23.976, 32.084),
    ]
    tr = pyproj.Transformer.from_crs(
        "EPSG:4326", "+proj=laea +lat_0=52 +lon_0=20 +ellps=WGS84 +units=km", always_xy=True
    )
    x, y = tr.transform([c[1] for c in cities], [c[2] for c in cities])
    west, _east = eto_grid().boards
    rms = {}
    for r0 in range(55, 72, 2):  # odd: the even-row shifts of the sheets agree only then
        for c0 in range(60, 78):
            grid = Grid(
                "ETO",
                (
                    west,
                    Sheet("E", rows_grow="south", cols_grow="west", shifted="even", over="W", offset=(2 * c0 + 1, -r0)),
                ),
            )
            lay = Layout.regular(1.0, grid.parse("W0101"))
            px = np.array([grid.center(grid.parse(c[0]), lay) for c in cities])
            a = np.zeros((18, 4))
            a[0::2] = np.c_[x, -np.array(y), np.ones(9), np.zeros(9)]  # x' = s.x - t.y' ...
            a[1::2] = np.c_[y, x, np.zeros(9), np.ones(9)]  # (pixel y grows down: y' = -y)
            b = np.ravel(np.c_[px[:, 0], -px[:, 1]])
            sol, *_ = np.linalg.lstsq(a, b, rcond=None)
            miss = (a @ sol - b).reshape(-1, 2)
            rms[(r0, c0)] = float(np.sqrt(np.mean((miss**2).sum(axis=1)))) / lay.along  # in hex widths
    ranked = sorted(rms, key=rms.__getitem__)
    assert ranked[0] == (63, 68)
    assert rms[ranked[1]] - rms[ranked[0]] > 0.08
    assert rms[(63, 68)] < 0.45


def _tk_rule_points():
    """The control points of TK's map that the rules name (not the ones marked ours)."""
    from builder.mapmaker.fit import read_control_points

    pts = read_control_points(REPO / "scenarios" / "tk" / "map" / "src" / "control_points.toml")
    return [p for p in pts if "(ours" not in p.rule]


def test_tk_named_hexes_fit_equal_area_better_than_longitude_and_latitude():
    # settings.toml: the 61 hexes the rules name, on both maps of one plane, fit an affine map
    # from Lambert equal-area far better than from plain longitude and latitude
    pytest.importorskip("scipy")
    pytest.importorskip("pyproj")
    from builder.mapmaker.fit import Projection, fit
    from wargame.board import load_boards_file
    from wargame.mapdata import unit_layout

    grid = load_boards_file(REPO / "scenarios" / "tk" / "board.toml", "tk").grid
    pts = _tk_rule_points()
    assert len(pts) == 61
    rms = {}
    for kind in ("lonlat", "laea"):
        warp = fit(pts, grid, unit_layout(grid), Projection(kind, 48.0, 25.0))
        rms[kind] = float(np.sqrt(np.mean([p.affine_error**2 for p in warp.placed])))
    assert rms["laea"] < 0.6 < 1.4 < rms["lonlat"]


def test_the_tk_maps_line_up_where_board_toml_lays_them():
    # board.toml: of every rigid placement of the East map on the West map's plane, e(r, c) =
    # w(r, c + 26) (a doubled offset of (52, 0)) lets one similarity transform from an equal-area
    # projection carry the 61 named hexes of both maps to their hexes best, ahead of the next
    pyproj = pytest.importorskip("pyproj")
    from wargame.grid import Grid, Layout, Sheet

    from grids import tk_grid

    pts = _tk_rule_points()
    tr = pyproj.Transformer.from_crs(
        "EPSG:4326", "+proj=laea +lat_0=48 +lon_0=25 +ellps=WGS84 +units=km", always_xy=True
    )
    x, y = tr.transform([p.lon for p in pts], [p.lat for p in pts])
    west, _ = tk_grid().boards
    n = len(pts)
    rms = {}
    for oy in range(-4, 5):
        for ox in range(40, 66):
            if (ox + oy) % 2:
                continue  # the rows' half-hex shifts of the two maps agree only then
            grid = Grid(
                "TK", (west, Sheet("e", rows_grow="north", cols_grow="east", shifted="odd", over="w", offset=(ox, oy)))
            )
            lay = Layout.regular(1.0, grid.parse("w3825"))
            px = np.array([grid.center(grid.parse(p.target), lay) for p in pts])
            a = np.zeros((2 * n, 4))
            a[0::2] = np.c_[x, -np.array(y), np.ones(n), np.zeros(n)]
            a[1::2] = np.c_[y, x, np.zeros(n), np.ones(n)]
            b = np.ravel(np.c_[px[:, 0], -px[:, 1]])
            sol, *_ = np.linalg.lstsq(a, b, rcond=None)
            miss = (a @ sol - b).reshape(-1, 2)
            rms[(ox, oy)] = float(np.sqrt(np.mean((miss**2).sum(axis=1)))) / lay.along
    ranked = sorted(rms, key=rms.__getitem__)
    assert ranked[0] == (52, 0)
    assert rms[ranked[1]] - rms[ranked[0]] > 0.05
    assert rms[(52, 0)] < 0.6
