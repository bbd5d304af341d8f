"""The map board image: exact size, hexes where the grid says, every name drawn, same bytes.

The full-size render (7005 x 4910) is timed in benchmarks/map_render.py; here the same drawing
runs at a reduced scale, which keeps every shape proportional (the scale multiplies all board
pixels), so positions checked here are the full image's positions times the scale.
"""

from __future__ import annotations

import argparse
import io
from collections import Counter
from itertools import combinations

import pytest
from PIL import Image

from builder.render import mapart
from builder.render.map_lines import chain, clip_convex, dashes
from builder.render.map_style import load_style
from builder.sheets.map_tiles import PAPERS, page_tiles
from staffwork.commands import map as map_command
from wargame.board import board_for
from wargame.errors import DataError
from wargame.mapdata import load_game

SCALE = 0.5


@pytest.fixture(scope="module")
def half() -> mapart.MapRender:
    return mapart.render_map("use", scale=SCALE)


def overlaps(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def test_board_image_is_exactly_the_board_size_times_the_scale(half):
    board = board_for("use")
    assert half.image.size == (round(board.width * SCALE), round(board.height * SCALE))
    assert half.image.mode == "RGB"


def test_faded_dots_sit_on_the_hex_centres_of_the_board_grid(half):
    """The dot of a Faded Dot hex (1.3.2) is drawn at its centre: the centroid of the dark
    pixels around each sampled hex's Board.center lands within a pixel of it."""
    board, data = board_for("use"), load_game("use")
    city_hexes = {c.hex for c in data.cities}
    sample = [
        h for h in sorted(data.hexes) if data.hexes[h].faded_dot and h not in city_hexes and not data.hexes[h].transport
    ][::12]
    assert {"1805", "5640"} <= {h for h in data.hexes if data.hexes[h].faded_dot}
    sample += ["1805", "5640"]
    px = half.image.load()
    for hid in sample:
        cx, cy = (v * SCALE for v in board.center(board.grid.parse(hid)))
        xs, ys = [], []
        for y in range(int(cy) - 7, int(cy) + 8):
            for x in range(int(cx) - 7, int(cx) + 8):
                r, g, b = px[x, y]
                if r + g + b < 3 * 130:
                    xs.append(x + 0.5)
                    ys.append(y + 0.5)
        assert len(xs) >= 9, hid
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        assert abs(mx - cx) < 1.0 and abs(my - cy) < 1.0, (hid, (mx, my), (cx, cy))


def test_every_hex_number_is_drawn_centred_above_its_hex(half):
    board = board_for("use")
    numbers = {label.text: label.box for label in half.labels if label.kind == "hex"}
    assert len(numbers) == len(board.grid.hexes()) == 3712
    for hid in ("0101", "3014", "2813", "5864", "3160"):
        cx, cy = (v * SCALE for v in board.center(board.grid.parse(hid)))
        x0, _y0, x1, y1 = numbers[hid]
        assert abs((x0 + x1) / 2 - cx) <= 1.5
        assert y1 < cy  # above the centre, where counters leave it visible longest


def test_every_city_is_named_once_and_no_two_names_overlap(half):
    data = load_game("use")
    names = [label for label in half.labels if label.kind == "city"]
    assert Counter(label.text for label in names) == Counter(c.name for c in data.cities)
    w, h = half.image.size
    for label in names:
        assert label.box[0] >= 0 and label.box[2] <= w and label.box[1] >= 0 and label.box[3] <= h, label
    clashes = [(a.text, b.text) for a, b in combinations(names, 2) if overlaps(a.box, b.box)]
    assert clashes == []


def test_every_city_name_is_nearer_its_own_symbol_than_any_other_city(half):
    """A name read as its neighbour's is wrong (Malmo's name over Copenhagen's star)."""
    from builder.render.map_scene import build_scene
    from builder.render.map_style import load_style

    scene = build_scene(board_for("use"), load_game("use"), load_style())
    symbols = [(c.name, c.center[0] * SCALE, c.center[1] * SCALE) for c in scene.cities]

    def gap(box, x, y):
        return max(box[0] - x, 0, x - box[2]) ** 2 + max(box[1] - y, 0, y - box[3]) ** 2

    leaders = [label.box for label in half.labels if label.kind == "leader"]
    wrong = []
    for label in (lab for lab in half.labels if lab.kind == "city"):
        own = min(gap(label.box, x, y) for name, x, y in symbols if name == label.text)
        nearest = min(symbols, key=lambda s: gap(label.box, s[1], s[2]))
        led = any(
            gap(label.box, lx1, ly1) <= 1
            and any(abs(lx0 - x) <= 1 and abs(ly0 - y) <= 1 for name, x, y in symbols if name == label.text)
            for lx0, ly0, lx1, ly1 in leaders
        )
        if gap(label.box, nearest[1], nearest[2]) < own and not led:
            wrong.append((label.text, nearest[0]))
    assert wrong == []
    assert len(leaders) <= 8  # a leader is the exception, not the rule


def test_strait_names_cover_no_city_name_and_no_city_symbol(half):
    """ "Strait of Messina" was written over Messina: a strait's name keeps clear of cities."""
    from builder.render.map_scene import build_scene
    from builder.render.map_style import load_style

    scene = build_scene(board_for("use"), load_game("use"), load_style())
    straits = [label for label in half.labels if label.kind == "strait"]
    assert any("Messina" in label.text for label in straits)
    cities = [label.box for label in half.labels if label.kind == "city"]
    r = load_style().sizes["capital_ring"] * SCALE  # the largest city symbol
    symbols = [
        (c.center[0] * SCALE - r, c.center[1] * SCALE - r, c.center[0] * SCALE + r, c.center[1] * SCALE + r)
        for c in scene.cities
    ]
    assert [(label.text, b) for label in straits for b in cities + symbols if overlaps(label.box, b)] == []


def test_every_city_symbol_stands_on_the_land_of_its_own_hex():
    """The symbol goes to the hex centre, or to the land of its hex when the coast leaves the
    centre in the sea (Heraklion, Rotterdam)."""
    import shapely

    from builder.render.map_scene import build_scene
    from builder.render.map_style import load_style

    board = board_for("use")
    scene = build_scene(board, load_game("use"), load_style())
    land = shapely.unary_union([shapely.Polygon(p.exterior, p.holes) for p in scene.land])
    at_sea = []
    for c in scene.cities:
        hex_shape = shapely.Polygon(board.grid.corners(board.grid.parse(c.hex), board.layout))
        point = shapely.Point(c.center)
        if not hex_shape.contains(point):
            at_sea.append((c.name, "outside its hex"))
        elif land.distance(point) > 3 and hex_shape.intersection(land).area > 0.02 * hex_shape.area:
            at_sea.append((c.name, "in the sea"))
    assert at_sea == []


def test_map_boxes_are_drawn_in_their_board_rectangles_with_their_names(half):
    board, data, st = board_for("use"), load_game("use"), load_style()
    px = half.image.load()
    titles = " ".join(label.text for label in half.labels if label.kind == "box")
    for b in board.boxes:
        inside = (round((b.x + b.width / 2) * SCALE), round((b.y + b.height - 30) * SCALE))
        assert px[inside] == st.colours["box_fill"], b.code
        assert data.boxes[b.code].name.upper().split()[-1] in titles


def test_sea_zone_numbers_cover_every_zone(half):
    zones = {label.text for label in half.labels if label.kind == "zone"}
    assert {str(z) for z in load_game("use").zones} <= zones


def test_title_and_credits_are_in_the_margin(half):
    board = board_for("use")
    _, _, _, bottom = board.grid.bounds(board.layout)
    titles = [label for label in half.labels if label.kind == "title"]
    assert any("Unconditional Surrender! map of Europe, 1939" in label.text for label in titles)
    assert any("Natural Earth" in label.text and "GeoNames" in label.text for label in titles)
    assert all(label.box[1] > bottom * SCALE for label in titles)


def test_the_same_map_gives_the_same_bytes_serial_or_parallel():
    a = mapart.render_map("use", scale=0.15, workers=1).image
    b = mapart.render_map("use", scale=0.15, workers=2).image
    assert a.tobytes() == b.tobytes()
    pa, pb = io.BytesIO(), io.BytesIO()
    a.save(pa, format="PNG")
    b.save(pb, format="PNG")
    assert pa.getvalue() == pb.getvalue()


def test_print_version_has_the_stated_physical_hex_size():
    st = load_style()
    assert mapart.print_scale("use", 150) == pytest.approx(150 * st.render["print_hex_inch"] / 90)
    small = mapart.render_print("use", dpi=60)
    board = board_for("use")
    scale = 60 * st.render["print_hex_inch"] / board.layout.along
    assert small.image.size == (round(board.width * scale), round(board.height * scale))
    with pytest.raises(ValueError):
        mapart.render_print("use", dpi=5)


def test_page_tiles_are_full_pages_that_cover_the_map_with_overlap():
    image = Image.new("RGB", (2600, 1900), (200, 10, 10))
    dpi = 100
    tiles = page_tiles(image, dpi, "a4", overlap_inch=0.5)
    pw, ph = (round(v * dpi) for v in PAPERS["a4"])
    assert all(sorted(t.image.size) == sorted((pw, ph)) for t in tiles)
    covered = Image.new("L", image.size, 0)
    for t in tiles:
        covered.paste(255, t.box)
    assert covered.getextrema() == (255, 255)
    by_pos = {(t.row, t.col): t for t in tiles}
    for (r, c), t in by_pos.items():
        if (r, c + 1) in by_pos:
            assert t.box[2] - by_pos[(r, c + 1)].box[0] >= 50
        if (r + 1, c) in by_pos:
            assert t.box[3] - by_pos[(r + 1, c)].box[1] >= 50
    assert len({t.name for t in tiles}) == len(tiles)


def test_chain_joins_hexside_segments_into_one_line():
    segs: list[tuple[tuple[float, float], tuple[float, float]]] = [
        ((2, 0), (3, 0)),
        ((0, 0), (1, 0)),
        ((1, 0), (2, 0)),
        ((5, 5), (6, 5)),
    ]
    lines = sorted(chain(segs))
    assert lines == [((0, 0), (1, 0), (2, 0), (3, 0)), ((5, 5), (6, 5))] or sorted(
        tuple(reversed(line)) if line[0] > line[-1] else line for line in lines
    ) == [((0, 0), (1, 0), (2, 0), (3, 0)), ((5, 5), (6, 5))]


def test_dashes_follow_the_pattern_around_corners():
    parts = dashes(((0, 0), (10, 0), (10, 10)), (3, 2))
    assert parts[0] == ((0, 0), (3.0, 0.0))
    assert parts[2] == ((10.0, 0.0), (10.0, 3.0))
    assert len(parts) == 4


def test_clip_convex_keeps_the_part_inside_a_square():
    square = ((0, 0), (10, 0), (10, 10), (0, 10))
    clipped = clip_convex((-5, 5), (15, 5), square)
    assert clipped is not None
    (ax, ay), (bx, by) = clipped
    assert (ax, ay, bx, by) == pytest.approx((0, 5, 10, 5))
    assert clip_convex((-5, 20), (15, 20), square) is None


def test_a_bad_colour_in_the_style_names_the_file_and_key(tmp_path):
    text = (mapart.ART_DIR / "map.toml").read_text(encoding="utf-8").replace('sea = "#b9d1e3"', 'sea = "blue"')
    path = tmp_path / "map.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_style(path)
    assert "[colours] sea" in str(err.value) and "map.toml" in str(err.value)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="staffwork")
    sub = parser.add_subparsers(dest="command")
    map_command.register(sub)
    args = parser.parse_args(argv)
    return args.func(args)


def test_cli_renders_the_board_at_a_scale(tmp_path, capsys):
    out = tmp_path / "board.png"
    assert run(["map", "render", "use", "-o", str(out), "--scale", "0.1"]) == 0
    w, h = round(7005 * 0.1), round(4910 * 0.1)
    assert Image.open(out).size == (w, h)
    assert f"{w}x{h} px" in capsys.readouterr().out


def test_cli_rejects_tiles_without_print_and_a_silly_dpi(tmp_path):
    from staffwork.errors import InputError

    with pytest.raises(InputError):
        run(["map", "render", "use", "-o", str(tmp_path / "x.png"), "--tiles", str(tmp_path)])
    with pytest.raises(InputError):
        run(["map", "render", "use", "-o", str(tmp_path / "x.png"), "--print", "--dpi", "5000"])


@pytest.mark.skipif(
    __import__("shutil").which("pdftoppm") is None, reason="pdftoppm missing (Debian package poppler-utils)"
)
def test_tiles_pdf_prints_each_tile_at_its_paper_size_and_scale(tmp_path):
    import subprocess

    from builder.sheets.map_tiles import tiles_pdf

    # a map with a pixel-exact pattern: a 1-px grid every 25 px on a coloured ground
    image = Image.new("RGB", (1500, 1100), (200, 60, 60))
    for x in range(0, 1500, 25):
        image.paste((20, 20, 20), (x, 0, x + 1, 1100))
    dpi = 100
    tiles = page_tiles(image, dpi, "letter")
    pdf = tmp_path / "tiles.pdf"
    pdf.write_bytes(tiles_pdf(tiles, dpi))
    assert tiles_pdf(tiles, dpi) == pdf.read_bytes()  # deterministic
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    assert f"Pages:          {len(tiles)}" in info or f"Pages: {len(tiles)}" in " ".join(info.split())
    size = next(line for line in info.splitlines() if line.startswith("Page size"))
    w_pt, h_pt = (float(v) for v in size.split(":")[1].split("pts")[0].split(" x "))
    assert sorted((round(w_pt), round(h_pt))) == [612, 792]  # letter in points, either way round
    last = tiles[-1]
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-f",
            str(len(tiles)),
            "-l",
            str(len(tiles)),
            "-singlefile",
            str(pdf),
            str(tmp_path / "page"),
        ],
        check=True,
    )
    with Image.open(tmp_path / "page.ppm") as page:
        assert page.size == last.image.size  # same pixels per inch as the map print
        grey, want = page.convert("L"), last.image.convert("L")
        for y in (100, 300, 600):
            printed = [x for x in range(page.width) if _grey(grey, x, y) < 120]
            drawn = [x for x in range(page.width) if _grey(want, x, y) < 120]
            assert len(printed) >= len(drawn) - 2  # a cross or trim mark may merge two lines
            assert all(min(abs(x - d) for d in drawn) <= 1 for x in printed)


def _grey(image: Image.Image, x: int, y: int) -> float:
    """The grey level of an "L" image's pixel."""
    value = image.getpixel((x, y))
    assert isinstance(value, (int, float))
    return value


def _striped(size: tuple[int, int]) -> Image.Image:
    """A background with edges under the text, so blending shows any difference."""
    image = Image.new("RGB", size, (185, 209, 227))
    for x in range(0, size[0], 7):
        image.paste((120, 160, 90), (x, 0, x + 3, size[1]))
    return image


def test_text_recorded_elsewhere_and_replayed_gives_the_pixels_of_text_drawn_at_once():
    import pickle

    from builder.render.map_text import Recording, TextLayer

    st = load_style()
    direct = _striped((400, 160))
    recording = Recording(direct.size)
    for target in (direct, recording):
        t = TextLayer(target, 1.0, st)
        name = t.font(st.fonts["name"], 22)
        t.text("city", (120.4, 40.7), "Königsberg", name, (20, 20, 20), halo=(255, 255, 255), halo_px=3)
        t.blended("zone", (300.5, 90.2), "13", t.font(st.fonts["zone"], 70), (70, 100, 140), 0.75)
        t.spaced("area", (150.0, 120.3), "POLAND", name, (90, 60, 40), 4.0)
        t.leader((10.0, 10.0), (60, 30, 180, 52), (20, 20, 20))
    replayed = _striped(direct.size)
    pickle.loads(pickle.dumps(recording)).replay(replayed)  # as a worker sends it back
    assert replayed.tobytes() == direct.tobytes()
    assert replayed.tobytes() != _striped(direct.size).tobytes()


def test_a_pen_draws_a_long_line_on_its_strip_as_pillow_draws_the_whole_line():
    from PIL import ImageDraw

    from builder.render.map_symbols import Pen

    coast = [(x * 37.0 + 0.3, 80.0 + ((x * 53) % 140) - 70 + x % 3 * 0.4) for x in range(-40, 60)]
    coast += [(2000.0, 49.0), (300.0, 48.6), (-200.0, 49.2)]  # just above the strip: its width reaches in
    for width in (1.0, 2.0, 5.0):  # no joints, then rounded joints, then joints with gap lines
        strip = Image.new("RGB", (900, 60), (200, 220, 240))
        Pen(strip, 2.0, 100.0).line(coast, (30, 60, 90), width)
        whole = Image.new("RGB", (900, 60), (200, 220, 240))
        w = max(1, round(width * 2.0))
        xy = [(x * 2.0, y * 2.0 - 100.0) for x, y in coast]
        ImageDraw.Draw(whole).line(xy, fill=(30, 60, 90), width=w, joint="curve" if w > 2 else None)
        assert strip.tobytes() == whole.tobytes()
        assert strip.getcolors(10) != [(900 * 60, (200, 220, 240))]
