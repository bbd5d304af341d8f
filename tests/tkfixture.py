"""A stand-in map for the TK content tests: a copy of scenarios/tk with a plain board.toml and a
blank map folder of our own, so the module, the decks and the setups can be built and opened
before the compiled maps exist (the real ones come from the map's own work, board.toml and
map/). The grid numbers hexes as TK does (w and e sheets, rows growing north, columns east, odd
rows shifted east) over every row and column the rulebook's named hexes use; the East sheet is
laid beside the West one on one plane (its column 01 on the West's column 28), a choice of this
fixture only. Every Map Box game.toml names gets a rectangle in the margin."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEST = ((10, 52), (1, 28))   # rows, columns
EAST = ((10, 52), (1, 30))
ALONG = 60.0                 # hexes 60 px across: a small plain board


def _grid_toml() -> str:
    return f'''map_name = "Europe"

[grid]
name = "TK"
orientation = "pointy"

[[grid.sheets]]
prefix = "w"
rows = [{WEST[0][0]}, {WEST[0][1]}]
cols = [{WEST[1][0]}, {WEST[1][1]}]
rows_grow = "north"
cols_grow = "east"
shifted = "odd"

[[grid.sheets]]
prefix = "e"
rows = [{EAST[0][0]}, {EAST[0][1]}]
cols = [{EAST[1][0]}, {EAST[1][1]}]
rows_grow = "north"
cols_grow = "east"
shifted = "odd"
over = "w"
same_place = ["e3001", "w3028"]
'''


def _boards_toml(boxes: list[str], width: int, height: int, ref_y: float) -> str:
    lines = [f'''
[[boards]]
name = "Europe"
image = "tk-map.png"
art_title = "fixture"
width = {width}
height = {height}

[boards.hexes]
along = {ALONG}
across = {ALONG * 0.8660254037844386}
ref = "w{WEST[0][0]:02d}01"
x = 300.0
y = {ref_y}
''']
    for i, code in enumerate(boxes):
        lines.append(f"[boards.boxes.B{i:02d}]\nx = 10\ny = {20 + i * 110}\nwidth = 260\nheight = 100\n")
    return "\n".join(lines)


def tk_data_root(tmp: Path) -> Path:
    """A data root holding the TK game with the stand-in board and map; returns its folder."""
    target = tmp / "scenarios" / "tk"
    shutil.copytree(ROOT / "scenarios" / "tk", target, ignore=shutil.ignore_patterns("map", "board.toml"))
    settings = tomllib.loads((target / "game.toml").read_text(encoding="utf-8"))
    boxes = list(settings["map_boxes"])
    rows = WEST[0][1] - WEST[0][0] + 1
    height = max(int(rows * ALONG * 0.87 + 200), 20 + len(boxes) * 110 + 40)
    width = int(300 + (WEST[1][1] + EAST[1][1]) * ALONG + 200)
    ref_y = height - 100.0  # row 10 at the bottom: rows grow north
    (target / "board.toml").write_text(_grid_toml() + _boards_toml(boxes, width, height, ref_y), encoding="utf-8")
    _map_folder(target / "map", boxes)
    return tmp / "scenarios"


def _map_folder(folder: Path, boxes: list[str]) -> None:
    folder.mkdir(parents=True)
    hexes = ["hex,kind,terrain,country,area,overseas,disputed,line,weather,seazones,lake,faded_dot,prohibited,"
             "restricted,transport,land_pct"]
    for prefix, ((r0, r1), (c0, c1)) in (("w", WEST), ("e", EAST)):
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                if prefix == "w" and c == WEST[1][1]:
                    continue  # under the East sheet's column 01
                hexes.append(f"{prefix}{r:02d}{c:02d},land,clear,,,,,,,,,,,,,100")
    (folder / "hexes.csv").write_text("\n".join(hexes) + "\n", encoding="utf-8")
    (folder / "hexsides.csv").write_text("hexside,water,river,border,land_border,line,strait,strait_zones,transport,"
                                         "land_pct\n", encoding="utf-8")
    (folder / "seazones.csv").write_text("zone,name,water_hexes,coastal_hexes,weather\n", encoding="utf-8")
    (folder / "seazone_links.csv").write_text("zone_a,zone_b,kind,via,note\n", encoding="utf-8")
    (folder / "cities.csv").write_text("hex,name,capital,factory,port,country,seazones,lat,lon,geonameid,note\n",
                                       encoding="utf-8")
    rows = ["box,name,friendly,adjacent_boxes,adjacent_zones,ground_edge,note"]
    rows += [f'B{i:02d},"{name}",,,,,' for i, name in enumerate(boxes)]
    (folder / "boxes.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
