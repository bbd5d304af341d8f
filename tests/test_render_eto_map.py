"""ETO's map art: both sheets on one board, every printed hex numbered with its own id, named sea
areas with their values, the feature words drawn and a key that lists only what is drawn.

Drawn at half size (every board pixel times SCALE), as test_render_map.py does for USE."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from builder.render import mapart
from builder.render.map_style import load_style
from wargame.games import find_game

SCALE = 0.5
GAME = find_game("eto")
BOARD = GAME.boards().default
DATA = GAME.mapdata()


@pytest.fixture(scope="module")
def half() -> mapart.MapRender:
    return mapart.render_map("eto", scale=SCALE)


def _texts(render: mapart.MapRender, kind: str) -> list[str]:
    return [label.text for label in render.labels if label.kind == kind]


def test_the_board_image_is_the_board_size(half):
    assert half.image.size == (round(BOARD.width * SCALE), round(BOARD.height * SCALE))


def test_every_printed_hex_has_its_own_id_and_open_ocean_none(half):
    numbers = Counter(_texts(half, "hex"))
    ungridded = {z.number for z in DATA.zones.values() if not z.gridded}
    blank = {h.id for h in DATA.hexes.values() if h.is_water and h.seazones and set(h.seazones) <= ungridded}
    assert blank and set(numbers.values()) == {1}
    assert set(numbers) == set(DATA.hexes) - blank
    assert "E3033" in numbers and "W3335" not in numbers  # the overlap column shows the East ids
    assert {"W3533", "E1924", "W0133", "E5111"} <= set(numbers)


def test_sea_areas_are_named_with_their_printed_values(half):
    names = set(_texts(half, "zone"))
    for name in ("SOUTH ATLANTIC", "ENGLISH CHANNEL", "BLACK SEA", "WESTERN MEDITERRANEAN", "ARCTIC OCEAN"):
        assert name in names
    assert "INT \u22123" in names and "MP 5" in names


def test_cities_are_named_once_and_ports_print_their_size(half):
    names = _texts(half, "city")
    assert Counter(names) == Counter(c.name for c in DATA.cities)
    boxes = [label for label in half.labels if label.kind == "city"]
    assert [
        (a.text, b.text)
        for a, b in combinations(boxes, 2)
        if min(a.box[2], b.box[2]) > max(a.box[0], b.box[0]) and min(a.box[3], b.box[3]) > max(a.box[1], b.box[1])
    ] == []
    assert Counter(_texts(half, "port")) == Counter(
        "20" if DATA.hexes[c.hex].has("major-port") else "10" for c in DATA.cities if c.port
    )


def test_the_key_lists_what_is_drawn_and_nothing_else(half):
    key = set(_texts(half, "key"))
    for entry in (
        "Forest",
        "Rough",
        "Marsh",
        "Clear",
        "City resource hex",
        "Resource hex",
        "Canal hexside",
        "Ferry crossing",
        "Fortress hexside (Maginot Line)",
        "Connected coastal hexes",
        "Resource hex linked to Moscow",
        "Iraq map edge hex (to the Iraq box)",
        "Mild zone of France and Germany",
        "Weather line Severe / Moderate",
        "Sea area border",
        "Prohibited: no unit may enter",
        "Icebound port (W weather)",
    ):
        assert entry in key, entry
    for absent in (
        "Woods (rough)",
        "Factory",
        "Faded Dot hex: no ground movement",
        "Transport Line",
        "USSR restricted line",
        "Sea Zone border",
        "Airfield",
        "Disputed border",
        "Canal",
    ):
        assert absent not in key, absent


def test_features_are_drawn_where_the_data_puts_them(half):
    st = load_style()
    px = half.image.load()

    def near(hex_id: str, colour, radius: int = 9) -> bool:
        cx, cy = (round(v * SCALE) for v in BOARD.center(BOARD.grid.parse(hex_id)))
        return any(
            px[x, y] == colour for x in range(cx - radius, cx + radius + 1) for y in range(cy - radius, cy + radius + 1)
        )

    resource = st.colours["resource"]
    assert near("W3020", resource) and near("E5111", resource)  # resource hexes without a city
    assert not near("W3025", resource)
    coastal = st.colours["coastal_sea"]
    assert any(px[x, y] == coastal for x in range(0, half.image.width, 7) for y in range(0, half.image.height, 7))


def test_boxes_and_title(half):
    titles = " ".join(_texts(half, "box"))
    for b in BOARD.boxes:
        assert DATA.boxes[b.code].name.upper().split()[-1] in titles
    assert any("European Theater of Operations" in t for t in _texts(half, "title"))
    assert any("W: rows 01-62 south to north" in t and "laid over W" in t for t in _texts(half, "title"))
