"""What a game's map says beyond USE's columns: feature words on hexes and hexsides (checked
against game.toml [map]), sea-area columns, and the mapmaker's feature inputs."""

from __future__ import annotations

import pytest
from test_map_loader import SMALL, write_small

from wargame.errors import DataError
from wargame.mapdata import Vocabulary, vocabulary_of
from wargame.mapfiles import load

WORDS = Vocabulary(hex_features=("resource", "major-port"), side_features=("ferry", "canal"))


def _with_features(tmp_path, hex_words: str = "resource", side_words: str = "ferry"):
    write_small(tmp_path)
    hexes = (tmp_path / "hexes.csv").read_text().splitlines()
    hexes = [hexes[0] + ",features"] + [r + ("," + hex_words if r.startswith("0102") else ",") for r in hexes[1:]]
    (tmp_path / "hexes.csv").write_text("\n".join(hexes) + "\n")
    sides = (tmp_path / "hexsides.csv").read_text().splitlines()
    sides = [sides[0] + ",features"] + [r + ("," + side_words if r.startswith("0102/0103") else ",") for r in sides[1:]]
    (tmp_path / "hexsides.csv").write_text("\n".join(sides) + "\n")
    return tmp_path


def test_feature_words_load_as_sets_on_hexes_and_hexsides(tmp_path):
    m = load(_with_features(tmp_path, "resource;major-port", "ferry"), SMALL, WORDS)
    assert m.hex("0102").features == {"resource", "major-port"} and m.hex("0102").has("resource")
    assert m.hex("0103").features == frozenset()
    assert m.side("0102", "0103").has("ferry") and not m.side("0102", "0202").features
    assert not m.side("0101", "0201").features  # unlisted all-water sides have none


def test_a_word_the_game_does_not_know_names_file_line_and_the_near_miss(tmp_path):
    _with_features(tmp_path, "resorce")
    with pytest.raises(
        DataError,
        match=r'hexes.csv: line 3, features: "resorce" is not a feature word of this game'
        r'.*did you mean "resource"',
    ):
        load(tmp_path, SMALL, WORDS)


def test_feature_words_need_the_game_to_declare_them(tmp_path):
    _with_features(tmp_path, "", "ferry")
    with pytest.raises(DataError, match=r"hexsides.csv: line 2, features: .*game.toml \[map\] has no side_features"):
        load(tmp_path, SMALL)


def test_a_map_without_the_new_columns_loads_as_before(tmp_path):
    m = load(write_small(tmp_path), SMALL)
    assert not m.sea_areas
    z = m.zones[1]
    assert (z.entry_mp, z.interception, z.gridded) == (0, 0, True)
    assert all(not h.features for h in m.hexes.values())


def test_sea_area_columns_give_entry_cost_interception_and_grid(tmp_path):
    write_small(
        tmp_path,
        seazones="zone,name,water_hexes,coastal_hexes,weather,entry_mp,interception,gridded\n"
        "1,South Atlantic,2,1,mild,20,-3,\n",
    )
    m = load(tmp_path, SMALL)
    z = m.zones[1]
    assert m.sea_areas and (z.entry_mp, z.interception, z.gridded) == (20, -3, False)


def test_game_toml_declares_the_feature_words():
    vocab = vocabulary_of({"map": {"hex_features": ["resource"], "side_features": ["ferry", "canal"]}}, "game.toml")
    assert vocab.hex_features == ("resource",) and vocab.side_features == ("ferry", "canal")
    with pytest.raises(DataError, match="hex_features must be a list of words"):
        vocabulary_of({"map": {"hex_features": "resource"}}, "game.toml")
    with pytest.raises(DataError, match="unknown setting"):
        vocabulary_of({"map": {"hexfeatures": []}}, "game.toml")


def test_the_feature_input_says_why_and_uses_the_games_words(tmp_path):
    pytest.importorskip("numpy")
    from builder.mapmaker.features import apply

    path = tmp_path / "features.toml"
    path.write_text('[[hex]]\nhexes = ["0102"]\nfeatures = ["resource"]\nwhy = ""\n')
    with pytest.raises(DataError, match=r'features.toml: \[\[hex\]\] 1: say "why"'):
        apply(path, SMALL, None, None, None, [], [], {}, {}, [], WORDS)  # type: ignore[arg-type]  # refused first
    path.write_text('[[side]]\nsides = ["0102/0103"]\nfeatures = ["bridge"]\nwhy = "test"\n')
    with pytest.raises(DataError, match=r"features \['bridge'\] are not words of game.toml \[map\] side_features"):
        apply(path, SMALL, None, None, None, [], [], {}, {}, [], WORDS)  # type: ignore[arg-type]  # refused first
