"""wargame.mapdata: loading the committed map files, and one clear error for bad ones."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wargame.errors import DataError
from wargame.mapdata import load_game
from wargame.mapfiles import load

from grids import use_grid

REAL = Path(__file__).resolve().parents[1] / "scenarios" / "use" / "map"
FILES = ("hexes.csv", "hexsides.csv", "cities.csv", "seazones.csv", "seazone_links.csv", "boxes.csv")
SMALL = use_grid((1, 2), (1, 3))  # six hexes: 0101-0103, 0201-0203


def write_small(folder: Path, **replace: str) -> Path:
    """A tiny valid map on a 2 x 3 grid; `replace` swaps whole files (name without .csv)."""
    head = (
        "hex,kind,terrain,country,area,overseas,disputed,line,weather,seazones,lake,faded_dot,prohibited,"
        "restricted,transport,land_pct\n"
    )
    rows = [
        "0101,water,,,,,,,mild,1,,,,,,0",
        "0102,coastal,clear,FRA,Continental France,,,,mild,1,,,,,yes,60",
        "0103,land,hills,GER,Germany and East Prussia,,,,mild,,,,,,yes,100",
        "0201,water,,,,,,,mild,1,,,,,,0",
        "0202,land,woods,FRA,Continental France,,,,mild,,,yes,,,,100",
        "0203,land,clear,SWI,Switzerland,,,,mild,,,,yes,,,100",
    ]
    files = {
        "hexes": head + "\n".join(rows) + "\n",
        "hexsides": "hexside,water,river,border,land_border,line,strait,strait_zones,transport,land_pct\n"
        "0102/0103,,yes,international,yes,,,,yes,100\n0102/0202,,,,,,,,,100\n",
        "cities": "hex,name,capital,factory,port,country,seazones,lat,lon,geonameid,note\n"
        "0102,Calais,,,yes,FRA,1,50.95,1.85,3029276,\n",
        "seazones": "zone,name,water_hexes,coastal_hexes,weather\n1,Channel,2,1,mild\n",
        "seazone_links": "zone_a,zone_b,kind,via,note\n",
        "boxes": (
            "box,name,friendly,adjacent_boxes,adjacent_zones,ground_edge,note\nNAO,North Atlantic Ocean,Western,,1,,\n"
        ),
    }
    files.update(replace)
    for name, text in files.items():
        (folder / f"{name}.csv").write_text(text, encoding="utf-8")
    return folder


def test_small_map_loads_with_its_facts(tmp_path):
    m = load(write_small(tmp_path), SMALL)
    assert m.hex("0102").is_coastal and m.hex("0103").is_rough and m.hex("0202").faded_dot
    assert m.hex("0203").prohibited and m.hex("0101").is_water
    s = m.side("0103", "0102")
    assert s.river and s.land_border and s.transport and s.id == "0102/0103"
    assert m.city("calais").hex == "0102" and m.cities_in("0102")[0].port
    assert m.box("North Atlantic Ocean").adjacent_zones == (1,)


def test_unlisted_hexsides_are_all_water(tmp_path):
    m = load(write_small(tmp_path), SMALL)
    s = m.side("0101", "0201")
    assert s.water and not s.river and not s.border


def test_a_bad_flag_names_file_line_and_column(tmp_path):
    text = (tmp_path / "x").as_posix()
    write_small(tmp_path)
    hexes = (
        (tmp_path / "hexes.csv")
        .read_text()
        .replace(
            "0202,land,woods,FRA,Continental France,,,,mild,,,yes",
            "0202,land,woods,FRA,Continental France,,,,mild,,,maybe",
        )
    )
    (tmp_path / "hexes.csv").write_text(hexes)
    with pytest.raises(DataError) as err:
        load(tmp_path, SMALL)
    assert "hexes.csv" in str(err.value) and "line 6, faded_dot" in str(err.value) and "maybe" in str(err.value)
    assert text  # the folder is only read


def test_unknown_terrain_suggests_the_near_miss(tmp_path):
    write_small(tmp_path)
    p = tmp_path / "hexes.csv"
    p.write_text(p.read_text().replace("hills,GER", "hils,GER"))
    with pytest.raises(DataError, match='did you mean "hills"'):
        load(tmp_path, SMALL)


def test_a_hex_off_the_grid_is_refused(tmp_path):
    write_small(tmp_path)
    p = tmp_path / "cities.csv"
    p.write_text(p.read_text().replace("0102,Calais", "0909,Calais"))
    with pytest.raises(DataError, match=r"cities.csv.*line 2, hex.*0909"):
        load(tmp_path, SMALL)


def test_a_missing_hex_is_refused(tmp_path):
    write_small(tmp_path)
    p = tmp_path / "hexes.csv"
    p.write_text("\n".join(line for line in p.read_text().splitlines() if not line.startswith("0203")) + "\n")
    with pytest.raises(DataError, match="1 hexes of the grid are missing"):
        load(tmp_path, SMALL)


def test_a_missing_column_is_refused(tmp_path):
    write_small(tmp_path, seazones="zone,name\n1,Channel\n")
    with pytest.raises(DataError, match=r"seazones.csv: line 1: missing columns"):
        load(tmp_path, SMALL)


def test_a_zone_that_does_not_exist_is_refused(tmp_path):
    write_small(tmp_path, seazone_links="zone_a,zone_b,kind,via,note\n1,7,open,,\n")
    with pytest.raises(DataError, match=r"Sea Zone 7 is not in seazones\.csv"):
        load(tmp_path, SMALL)


def test_hexsides_must_join_adjacent_hexes(tmp_path):
    write_small(
        tmp_path,
        hexsides="hexside,water,river,border,land_border,line,strait,strait_zones,transport,land_pct\n"
        "0101/0103,,,,,,,,,0\n",
    )
    with pytest.raises(DataError, match="not adjacent"):
        load(tmp_path, SMALL)


def test_unknown_city_suggests_the_near_miss(tmp_path):
    m = load(write_small(tmp_path), SMALL)
    with pytest.raises(DataError, match='did you mean "Calais"'):
        m.city("Calis")


def test_loading_never_writes(tmp_path):
    write_small(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    load(tmp_path, SMALL)
    assert before == {p.name: p.read_bytes() for p in tmp_path.iterdir()}


def test_committed_use_map_covers_the_whole_grid():
    m = load_game("use")
    assert len(m.hexes) == len(m.grid.hexes()) == 58 * 64
    assert {h.kind for h in m.hexes.values()} == {"land", "coastal", "water"}
    assert all(h.terrain for h in m.hexes.values() if h.is_land)
    assert all(h.country for h in m.hexes.values() if h.is_land)
    assert all(h.seazones for h in m.hexes.values() if h.is_coastal)


def test_committed_files_are_all_present():
    for name in FILES + ("geometry.json", "fit_report.csv"):
        assert (REAL / name).is_file(), name


def test_committed_map_copied_elsewhere_loads_the_same(tmp_path):
    for name in FILES:
        shutil.copy(REAL / name, tmp_path / name)
    b = load_game("use")
    a = load(tmp_path, b.grid)
    assert a.hexes == b.hexes and a.sides == b.sides and a.cities == b.cities
