"""TK's map art: both maps on one board, every hex numbered with its own id, the Naval Zones by
name, Rail and Road drawn apart, the Terrain Key's symbols where the data puts them, and a key
that lists only what is drawn.

Drawn at half size (every board pixel times SCALE), as test_render_eto_map.py does for ETO."""

from __future__ import annotations

from collections import Counter

import pytest

from builder.render import mapart
from builder.render.map_style import load_style
from wargame.games import find_game

SCALE = 0.5
GAME = find_game("tk")
BOARD = GAME.boards().default
DATA = GAME.mapdata()


@pytest.fixture(scope="module")
def half() -> mapart.MapRender:
    return mapart.render_map("tk", scale=SCALE)


def _texts(render: mapart.MapRender, kind: str) -> list[str]:
    return [label.text for label in render.labels if label.kind == kind]


def test_the_board_image_is_the_board_size(half):
    assert half.image.size == (round(BOARD.width * SCALE), round(BOARD.height * SCALE))


def test_every_hex_of_both_maps_carries_its_own_id_once(half):
    numbers = Counter(_texts(half, "hex"))
    assert set(numbers.values()) == {1} and set(numbers) == set(DATA.hexes)
    assert {"w3825", "e4312", "w3626", "e3601", "e2828", "e5127"} <= set(numbers)


def test_the_naval_zones_are_named(half):
    names = set(_texts(half, "zone"))
    for z in DATA.zones.values():
        assert z.name.upper() in names, z.name


def test_cities_are_named_once(half):
    assert Counter(_texts(half, "city")) == Counter(c.name for c in DATA.cities)


def test_the_key_lists_what_is_drawn_and_nothing_else(half):
    key = set(_texts(half, "key"))
    for entry in (
        "Clear",
        "Rough",
        "Swamp",
        "Rail",
        "Road",
        "Axis Strategic Hex (gray)",
        "Western Strategic Hex (green)",
        "Soviet Strategic Hex (red)",
        "Reduced US Impact hex (white star)",
        "Key Port",
        "Multi-Zone Port",
        "Canal port",
        "Restricted Waterway port",
        "Limited Stacking (3 units, 3 steps)",
        "Ice hex (no Naval Base in Snow)",
        "Provisional Capital",
        "Russian east-edge hex (Central Asia Box)",
        "Mountain hexside (blocks ZOC)",
        "Connected Strait (Rail or Road across)",
        "Canal hexside",
        "Region border",
        "Naval Zone border",
        "Weather line North / Desert",
        "Strait",
        "Where the maps meet",
        "River hexside",
        "International border",
    ):
        assert entry in key, entry
    for absent in (
        "Transport Line",
        "Factory",
        "Sea Zone border",
        "Sea area border",
        "Swamp (rough)",
        "Icebound port (W weather)",
        "Resource hex",
        "Faded Dot hex: no ground movement",
        "Edge of the sheet on top (where its numbers begin)",
    ):
        assert absent not in key, absent
    # the plates of the key print their letters
    assert {"K", "MZ", "C", "RW", "3"} <= set(key)


def test_rail_and_road_are_drawn_in_their_own_colours(half):
    st = load_style()
    px = half.image.load()

    def near(hex_id: str, colour, radius: int = 24) -> bool:
        cx, cy = (round(v * SCALE) for v in BOARD.center(BOARD.grid.parse(hex_id)))
        return any(
            px[x, y] == colour for x in range(cx - radius, cx + radius + 1) for y in range(cy - radius, cy + radius + 1)
        )

    road, rail = st.features["road"].colour, st.features["rail"].colour
    assert near("e1307", road) and not near("e1307", rail)  # Sollum: a Road hex (10.2)
    assert near("e4209", rail) and not near("e4209", road)  # a Rail hex (Glossary, Air Base)


def test_the_plates_are_printed_where_the_features_are(half):
    tags = Counter(_texts(half, "tag"))
    assert tags["MZ"] == 2  # Gibraltar and Brest
    assert tags["RW"] == sum(1 for h in DATA.hexes.values() if h.has("restricted-waterway")) == 7
    assert tags["3"] == sum(1 for h in DATA.hexes.values() if h.has("limited-stacking"))


def test_boxes_and_title(half):
    titles = " ".join(_texts(half, "box"))
    for word in ("ON STATION", "CONVOYS", "USED", "EASTERN US/CANADA", "AFRICA", "MIDDLE EAST", "CENTRAL ASIA"):
        assert word in titles
    assert any("Totaler Krieg!" in t for t in _texts(half, "title"))
    assert any("w: rows 10-58 south to north" in t and "beside w" in t for t in _texts(half, "title"))
