"""`staffwork scenario check`: every USE setup is legal by the rules pack (placement, stacking and
supply), and a broken copy is caught."""

from __future__ import annotations

import argparse
import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from staffwork.cli import main
from staffwork.commands.scenario import check_game, run
from wargame.content import default_folder
from wargame.errors import DataError

USE = default_folder("use")


@pytest.fixture(autouse=True)
def _installed_data_again():
    """A check with --root reads another data folder from then on: back to ours after each test."""
    yield
    from wargame.games import use_data_root

    use_data_root(None)


@pytest.fixture(scope="module")
def reports():
    return {r.scenario: r for r in check_game("use")}


def _args(root: Path | None = None, as_json: bool = False, supply: bool = True) -> argparse.Namespace:
    return argparse.Namespace(game="use", root=root, json=as_json, supply=supply)


def _copy(tmp_path: Path) -> Path:
    """A private copy of the USE data (without the map's bulky geometry) under tmp_path/scenarios/use."""
    target = tmp_path / "scenarios" / "use"
    shutil.copytree(USE, target, ignore=shutil.ignore_patterns("src", "geometry.json", "fit_report.csv"))
    return target


def _move(folder: Path, scenario: str, moves: dict[str, str], note: dict[str, str] | None = None) -> None:
    path = folder / "scenarios" / f"{scenario}.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    fields = list(rows[0])
    for row in rows:
        if row["counter"] in moves:
            row["where"] = moves.pop(row["counter"])
            row["note"] = (note or {}).get(row["counter"], row["note"])
    assert not moves, f"not in {scenario}: {moves}"
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")


def test_every_setup_is_placed_and_legal(reports) -> None:
    assert set(reports) == {"france_1940", "barbarossa_1941", "mediterranean_1941", "overlord_1944", "campaign_1939"}
    for report in reports.values():
        assert report.unplaced == 0, report.scenario
        assert report.problems == (), [f.text() for f in report.problems]


def test_the_real_setups_need_no_undocumented_exception(reports) -> None:
    assert not [f for r in reports.values() for f in r.findings if not f.documented]


def test_the_documented_exceptions_are_the_supply_gaps_of_the_map(reports) -> None:
    # Units the map's Transport Lines cannot reach although history supplied them by roads,
    # railways or shipping it leaves out: the far north, East Karelia, Pskov and Albania.
    documented = {(r.scenario, f.counter, f.rule) for r in reports.values() for f in r.findings if f.documented}
    assert documented == {
        ("barbarossa_1941", "ger-norwegen", "7.4"),
        ("barbarossa_1941", "fin-lappi", "7.4"),
        ("mediterranean_1941", "gre-epirus", "7.4"),
        ("overlord_1944", "ger-16", "7.4"),
        ("overlord_1944", "ger-20-geb", "7.4"),
        ("overlord_1944", "fin-lappi", "7.4"),
        ("overlord_1944", "fin-karjala", "7.4"),
    }


def test_france_1940_counts_the_armies_of_both_sides(reports) -> None:
    assert reports["france_1940"].placed == {"GER": 33, "FRA": 28, "UK": 22}


def test_the_real_data_checks_clean(capsys) -> None:
    assert run(_args()) == 0
    out = capsys.readouterr().out
    assert "france_1940: 83 units placed (GER 33, FRA 28, UK 22)" in out


def test_a_broken_copy_fails_with_each_rule_named(tmp_path: Path, capsys) -> None:
    folder = _copy(tmp_path)
    # ger-2 joins ger-4 in Aachen; a fleet sails into Berlin; a French army enters neutral Belgium,
    # where it also has no supply line (a neutral hex blocks one, 7.4.1).
    _move(folder, "france_1940", {"ger-2": "2719", "ger-nord": "2626", "fra-1": "2717"})
    assert run(_args(tmp_path, as_json=True)) == 1
    data = json.loads(capsys.readouterr().out)
    france = next(s for s in data["scenarios"] if s["scenario"] == "france_1940")
    found = {(f["counter"], f["rule"]) for f in france["findings"]}
    assert ("ger-4", "3.3") in found or ("ger-2", "3.3") in found
    assert ("ger-nord", "4.2.4") in found
    assert ("fra-1", "2.1.1.1") in found
    assert ("fra-1", "7.4") in found
    assert data["problems"] == france["problems"] == 4


def test_a_note_naming_the_rule_documents_the_exception(tmp_path: Path, capsys) -> None:
    folder = _copy(tmp_path)
    _move(folder, "france_1940", {"fra-1": "2717"}, {"fra-1": "exception 2.1.1.1 and 7.4: a test"})
    assert run(_args(tmp_path)) == 0
    fra_1 = [line for line in capsys.readouterr().out.splitlines() if "fra-1 at 2717" in line]
    assert len(fra_1) == 2 and all(line.endswith("[documented exception]") for line in fra_1)


def test_a_note_naming_another_rule_does_not(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _move(folder, "france_1940", {"fra-1": "2717"}, {"fra-1": "exception 3.3: wrong rule"})
    assert run(_args(tmp_path)) == 1


def test_a_counter_without_a_hex_is_a_problem(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _move(folder, "barbarossa_1941", {"ussr-8": "map"})
    barbarossa = {r.scenario: r for r in check_game("use", tmp_path)}["barbarossa_1941"]
    assert barbarossa.unplaced == 1 and [f.rule for f in barbarossa.problems] == ["setup"]


def test_a_hex_off_the_map_is_bad_input(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _move(folder, "france_1940", {"ger-2": "5999"})
    with pytest.raises(DataError, match=r"france_1940\.csv.*line 2"):
        check_game("use", tmp_path)


def test_a_control_marker_off_a_city_is_a_problem(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "scenarios" / "france_1940.csv"
    path.write_text(
        path.read_text(encoding="utf-8") + "control-axis,2720,,,,\ncontrol-axis,2920,,,,\n", encoding="utf-8"
    )
    report = next(r for r in check_game("use", tmp_path) if r.scenario == "france_1940")
    assert [(f.counter, f.where, f.rule) for f in report.problems] == [("control-axis", "2920", "2.3.1")]


def test_supply_is_checked_by_default(tmp_path: Path, capsys) -> None:
    folder = _copy(tmp_path)
    # ITA 5 on a Sardinian coast hex (4121) with no port, line or convoy within reach.
    _move(folder, "mediterranean_1941", {"ita-5": "4121"}, {"ita-5": ""})
    assert main(["scenario", "check", "use", "--root", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "mediterranean_1941.csv line 2: ita-5 at 4121: ITA 5 cannot trace supply" in out
    assert "(7.4)" in out


def test_no_supply_skips_the_supply_trace(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _move(folder, "mediterranean_1941", {"ita-5": "4121"}, {"ita-5": ""})
    assert main(["scenario", "check", "use", "--no-supply", "--root", str(tmp_path)]) == 0
    assert run(_args(tmp_path, supply=False)) == 0


def test_a_convoy_taken_away_cuts_the_albanian_front(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    # Without the Italian convoy at Durazzo the armies in Albania have no line to Italy.
    _move(folder, "mediterranean_1941", {"ita-2-convoy": "4127"})
    medi = next(r for r in check_game("use", tmp_path) if r.scenario == "mediterranean_1941")
    assert {(f.counter, f.rule) for f in medi.problems} == {("ita-9", "7.4"), ("ita-11", "7.4"), ("ita-albania", "7.4")}


def test_a_supply_exception_is_documented_by_its_note(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _move(folder, "mediterranean_1941", {"ita-5": "4121"}, {"ita-5": "exception 7.4: a test"})
    medi = next(r for r in check_game("use", tmp_path) if r.scenario == "mediterranean_1941")
    assert medi.problems == ()
    assert [(f.counter, f.rule, f.documented) for f in medi.findings if f.counter == "ita-5"] == [
        ("ita-5", "7.4", True)
    ]
