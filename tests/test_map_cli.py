"""`staffwork map info|find|preview` on the committed USE map."""

from __future__ import annotations

import argparse
import json

import pytest
from PIL import Image

from staffwork.commands import map as map_command
from staffwork.errors import is_bad_input


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="staffwork")
    sub = parser.add_subparsers(dest="command")
    map_command.register(sub)
    args = parser.parse_args(argv)
    return args.func(args)


def test_info_describes_paris_and_its_six_hexsides(capsys):
    assert run(["map", "info", "use", "3014"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("hex 3014: land, clear, FRA")
    assert "city Paris (capital, factory)" in out
    assert out.count("\n  ") >= 7


def test_info_json_has_the_hex_its_city_and_sides(capsys):
    assert run(["map", "info", "use", "2914", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hex"]["terrain"] == "clear" and len(data["hexsides"]) == 6
    assert {s["to"] for s in data["hexsides"] if s["river"]} >= {"2915", "2813"}


def test_find_gives_the_hex_of_a_city_and_a_box(capsys):
    assert run(["map", "find", "use", "paris"]) == 0
    assert capsys.readouterr().out.startswith("Paris: 3014")
    assert run(["map", "find", "use", "Central Russia"]) == 0
    assert "Map Box CRU" in capsys.readouterr().out


def test_find_an_unknown_name_is_bad_input_with_a_near_miss():
    with pytest.raises(Exception) as err:
        run(["map", "find", "use", "Pariss"])
    assert is_bad_input(err.value) and 'did you mean "Paris"' in str(err.value)


def test_info_on_a_hex_off_the_map_is_bad_input():
    with pytest.raises(Exception) as err:
        run(["map", "info", "use", "9999"])
    assert is_bad_input(err.value)


def test_unknown_game_is_bad_input():
    with pytest.raises(Exception) as err:
        run(["map", "info", "nosuchgame", "3014"])
    assert is_bad_input(err.value)


@pytest.mark.parametrize("layer", ["terrain", "countries", "seazones", "weather", "transport"])
def test_preview_draws_every_layer(tmp_path, layer):
    out = tmp_path / f"{layer}.png"
    assert run(["map", "preview", "use", "-o", str(out), "--layer", layer, "--hex-size", "4"]) == 0
    with Image.open(out) as im:
        assert im.size[0] > 400 and im.size[1] > 300
        colours = im.convert("RGB").getcolors(1_000_000)
        assert colours is not None and len(colours) > 20


def test_preview_is_the_same_twice(tmp_path):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    run(["map", "preview", "use", "-o", str(a), "--hex-size", "4"])
    run(["map", "preview", "use", "-o", str(b), "--hex-size", "4"])
    assert a.read_bytes() == b.read_bytes()


def test_range_lists_the_hexes_by_their_range_and_counts_as_rule_1_4(capsys):
    # 1.4 example: a 5-hex range from 3055 reaches 3060; 3055 itself lies in the range
    assert run(["map", "range", "use", "3055", "--within", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hexes"]["0"] == ["3055"] and "3060" in data["hexes"]["5"]
    assert len(data["hexes"]["1"]) == 6
    assert run(["map", "range", "use", "3055", "--to", "3060"]) == 0
    assert capsys.readouterr().out.strip() == "3055 to 3060: 5 hexes"


def test_range_of_a_bad_hex_or_width_is_one_line_and_bad_input():
    from staffwork.cli import main

    assert main(["map", "range", "use", "9999", "--within", "2"]) == 2
    assert main(["map", "range", "use", "3055", "--within", "-1"]) == 2


def _help(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit):
        run([*argv, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "action,words",
    [
        ("info", ["game folder under scenarios/", "hex number as printed"]),
        ("find", ["game folder under scenarios/", "Map Box name or code", "one word"]),
        (
            "preview",
            ["game folder under scenarios/", "PNG file to write", "what to colour", "hex radius in pixels, 2 to 60"],
        ),
        ("compile", ["game folder under scenarios/", "mapmaker extra"]),
    ],
)
def test_each_action_explains_its_arguments_in_its_help(action, words, capsys):
    text = " ".join(_help(["map", action], capsys).split())
    for word in words:
        assert word in text, word


def test_find_takes_one_word_of_a_map_box_name_and_says_so(capsys):
    assert run(["map", "find", "use", "arabian"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Arabian Sea: Map Box ARS") and '"arabian"' in out


def test_find_a_word_several_names_share_lists_them_all():
    with pytest.raises(Exception) as err:
        run(["map", "find", "use", "Atlantic"])
    text = str(err.value)
    assert is_bad_input(err.value)
    assert "North Atlantic Ocean (Map Box NAO)" in text and "South Atlantic Ocean (Map Box SAO)" in text


def test_find_nothing_says_it_looked_at_cities_and_map_boxes():
    with pytest.raises(Exception) as err:
        run(["map", "find", "use", "Atlantis"])
    assert is_bad_input(err.value)
    assert "no city or Map Box" in str(err.value) and "boxes.csv" in str(err.value)


@pytest.mark.parametrize("size", ["0", "nan", "1e5", "-3"])
def test_preview_refuses_a_nonsense_hex_size_before_drawing(size, tmp_path, capsys):
    from staffwork import cli

    with pytest.raises(SystemExit) as exit_:
        cli.main(["map", "preview", "use", "-o", str(tmp_path / "p.png"), "--hex-size", size])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1 and not list(tmp_path.iterdir())
