"""Position notation: a position in one line (assistant.notation), read as a save of it would be.

A rules test can state its position the way the rulebook's example does; `staffwork check`
reads a `.pos` file and prints a save's position with --notation, for bug reports."""

from __future__ import annotations

import json

import pytest

from assistant.notation import read_notation
from assistant.notation_write import to_notation
from staffwork import cli
from wargame.errors import DataError
from wargame.games import find_game
from wargame.rules.setup import setup_position

from test_check_support import M, U, position


def _essence(pos):
    """What the rules read of a position, without piece ids."""
    units = sorted(
        (
            u.nationality,
            u.type,
            u.name,
            u.key,
            u.faction,
            u.where,
            u.level,
            u.reduced,
            u.supply,
            u.sorties,
            u.elite,
            u.in_fort,
        )
        for u in pos.units
    )
    markers = sorted((m.key, m.faction, m.nationality, m.hex or m.box, m.level, m.flipped) for m in pos.markers)
    return units, markers, pos.state.month, pos.state.phase, dict(pos.state.weather), pos.state.policies


def test_the_paris_calais_example_reads_the_same_in_notation_as_in_a_save(tmp_path):  # 4.2.3.1
    text = 'use | 2914: FRA infantry "10" | 3115: FRA infantry "6" | 2915: GER tank "2P"'
    from_text = read_notation(text).position
    from_save = position(
        tmp_path,
        [
            U("FRA", "ground", "infantry", "2914", name="10"),
            U("FRA", "ground", "infantry", "3115", name="6"),
            U("GER", "ground", "tank", "2915", name="2P"),
        ],
    )
    assert _essence(from_text) == _essence(from_save)
    zoc = find_game("use").pack().check(from_text).zoc
    assert zoc.exerted_by("3015", "axis") == ("2",)  # 6 Army's ZOC, not 10 Army's


def test_a_unit_listed_below_a_fort_marker_lies_in_the_fort():  # 15.12: bottom of the stack first
    pos = read_notation("use | 3017: FRA infantry, +fort-fra, FRA fighter").position
    below, above = pos.units
    assert below.in_fort and not above.in_fort


def test_state_header_and_flags_become_the_module_s_properties_and_layers():
    pos = read_notation(
        'use Oct-39 "Axis Operations" | weather mild=Poor | policy appeasement=on '
        '| nation POL=conquered:axis | 2626: GER infantry "4" reduced low | NAO: UK convoy sorties=3'
    ).position
    ger, uk = pos.units
    assert (ger.name, ger.reduced, ger.supply, ger.faction) == ("4", True, "low", "axis")
    assert (uk.box, uk.sorties, uk.kind, uk.category) == ("NAO", 3, "naval", "convoy")
    st = pos.state
    assert (st.month, st.phase, st.weather["mild"]) == ("Oct-39", "Axis Operations", "Poor")
    assert "appeasement" in st.policies and st.nations["POL"].faction == "axis"


def test_a_unit_key_brings_its_counter_s_name_nation_and_type():
    content = find_game("use").content()
    key = next(k for k, u in content.units.items() if u.id and u.kind == "ground")
    unit = content.units[key]
    (read,) = read_notation(f"use | 2626: {key}").position.units
    assert (read.key, read.nationality, read.type, read.name) == (key, unit.nation, unit.type, unit.id)


@pytest.mark.parametrize("game", ["use", "uswc", "eto"])
def test_every_setup_of_every_game_survives_notation_and_back(game):
    g = find_game(game)
    content = g.content()
    for key, scenario in g.scenarios().items():
        boards = (scenario.board,) if getattr(scenario, "board", None) else ()
        pos, _lines = setup_position(game, scenario, content, g.mapdata(boards))
        text = to_notation(pos)
        again = read_notation(text).position
        assert to_notation(again) == text, key
        placed = [u for u in pos.units if u.hex or u.box]
        assert len(again.units) == len(placed), key


def test_the_same_position_gives_the_same_findings_from_text_and_from_its_save(tmp_path):
    pieces: list[U | M] = [
        U("GER", "ground", "infantry", "2915"),
        U("GER", "ground", "tank", "2915", reduced=True),
        U("FRA", "ground", "infantry", "3014"),
        M("no-ezoc", "No EZOC", "3015"),
    ]
    pack = find_game("use").pack()
    from_save = pack.check(position(tmp_path, pieces))
    from_text = pack.check(read_notation(to_notation(position(tmp_path, pieces, name="b.vsav"))).position)
    assert [(f.rule, f.hexes, f.reason) for f in from_save.findings] == [
        (f.rule, f.hexes, f.reason) for f in from_text.findings
    ]


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "empty position"),
        ("chess | 2914: GER infantry", "chess"),
        ("use Feb-99", "runs from"),
        ('use "Lunch"', "not a phase"),
        ("use | weather foo=Poor", "no weather zone"),
        ("use | weather mild=Sunny", "weather"),
        ("use | policy tea=on", "no policy"),
        ("use | 9999: GER infantry", "neither a hex"),
        ("use | 2914: XYZ infantry", "neither a unit key"),
        ("use | 2914: GER battleship", "not a unit type"),
        ("use | 2914: GER infantry fast", "not a unit flag"),
        ("use | 2914: GER fighter sorties=9", "sorties run"),
        ("use | 2914: +nothing", "no marker"),
        ("use | 2914 GER infantry", "neither game state"),
    ],
)
def test_a_wrong_notation_is_one_clear_error_naming_the_segment(text, words):
    with pytest.raises(DataError) as caught:
        read_notation(text, "t.pos")
    assert words in str(caught.value) and "t.pos" in str(caught.value)


def test_check_reads_a_pos_file_and_prints_a_save_s_position_in_notation(tmp_path, capsys):
    pos_file = tmp_path / "example.pos"
    pos_file.write_text("# 3.3: two ground units in one hex\nuse\n2626: GER infantry, GER tank reduced\n")
    assert cli.main(["check", str(pos_file), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert any(f["rule"] == "3.3" for f in doc["findings"])
    save = tmp_path / "game.vsav"
    position(tmp_path, [U("GER", "ground", "infantry", "2626", name="4")], name="game.vsav")
    assert cli.main(["check", str(save), "--notation"]) == 0
    assert capsys.readouterr().out.strip() == 'use | 2626: GER infantry "4"'
    assert cli.main(["check", str(pos_file), "--apply", str(tmp_path / "out.vsav")]) == 2
    assert "saved game" in capsys.readouterr().err
