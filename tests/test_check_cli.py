"""`staffwork check`: exit status, JSON schema, --explain and --picture on saves we write."""

from __future__ import annotations

import json

import pytest

import staffwork.cli as cli

from test_check_support import U, write_position


@pytest.fixture(autouse=True)
def with_check(monkeypatch):
    if "check" not in cli.SUBCOMMANDS:  # until the lead lists it
        monkeypatch.setattr(cli, "SUBCOMMANDS", tuple(cli.SUBCOMMANDS) + ("check",))


def test_a_clean_position_exits_0_and_a_broken_one_exits_1(tmp_path, capsys):
    clean = write_position(tmp_path / "clean.vsav", [U("GER", "ground", "infantry", "2626")])
    assert cli.main(["check", str(clean)]) == 0
    assert "No problems found." in capsys.readouterr().out
    broken = write_position(
        tmp_path / "broken.vsav", [U("GER", "ground", "infantry", "2626"), U("GER", "ground", "tank", "2626")]
    )
    assert cli.main(["check", str(broken)]) == 1
    assert "3.3" in capsys.readouterr().out


def test_json_follows_the_documented_schema(tmp_path, capsys):
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    cli.main(["check", str(save), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["schema"] == "staffwork.check/1"
    assert set(doc) >= {"file", "game", "state", "findings", "units", "ezoc", "summary", "skipped_pieces"}
    (unit,) = doc["units"]
    assert unit["supply"]["source"] == "Konigsberg" and unit["supply"]["path"][0] == "2434"


def test_explain_tells_the_path_and_picture_writes_a_png(tmp_path, capsys):
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434", name="4")])
    png = tmp_path / "out.png"
    assert cli.main(["check", str(save), "--explain", "GER 4", "--picture", str(png)]) == 0
    out = capsys.readouterr().out
    assert "Konigsberg" in out and "Path: 2434" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    (tmp_path / "junk.vsav").write_bytes(b"not a zip")
    assert cli.main(["check", str(tmp_path / "junk.vsav")]) == 2
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    assert cli.main(["check", str(save), "--policy", "apeasement=on"]) == 2
    assert cli.main(["check", str(save), "--explain", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "appeasement" in err and err.count("\n") == 3


@pytest.mark.parametrize(
    "option, value, says",
    [
        ("--month", "Feb-99", "runs from Sep-39"),
        ("--month", "Smarch-40", "not a month"),
        ("--phase", "Lunch", "not a phase of USE"),
        ("--weather", "foo=Poor", "no weather zone 'foo'"),
        ("--weather", "mild=Sunny", "weather is Fair, Poor, Severe"),
        ("--weather", "desert=Poor", "always Fair"),
    ],
)
def test_values_the_game_does_not_have_are_refused_with_one_line(tmp_path, capsys, option, value, says):
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    assert cli.main(["check", str(save), option, value]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_a_phase_may_name_the_faction_that_plays_it(tmp_path, capsys):
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    assert cli.main(["check", str(save), "--phase", "Axis Operations"]) == 0


def test_explain_of_a_name_several_units_share_lists_them_instead_of_picking_one(tmp_path, capsys):
    save = write_position(
        tmp_path / "g.vsav",
        [U("GER", "ground", "infantry", "2434", name="10"), U("UK", "ground", "infantry", "2611", name="10")],
    )
    assert cli.main(["check", str(save), "--explain", "10"]) == 2
    err = capsys.readouterr().err
    assert "2 units are called '10'" in err and "GER 10" in err and "UK 10" in err
    assert cli.main(["check", str(save), "--explain", "UK 10"]) == 0


def test_check_of_a_log_judges_the_position_after_its_last_step(tmp_path, capsys):
    from logmaker import LogMaker, unit_piece

    path = LogMaker({"7": (unit_piece("7", "GER", "axis"), "2626")}).move("7", "2627").write(tmp_path / "g.vlog")
    assert cli.main(["check", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [u["where"] for u in doc["units"]] == ["2627"]


def test_a_save_of_another_game_is_judged_by_that_games_rules(tmp_path, capsys):
    save = write_position(
        tmp_path / "g.vsav",
        [U("GER", "ground", "infantry", "2719")],
        {"Status_GER": "active axis"},
        game="uswc",
        board="France",
    )
    assert cli.main(["check", str(save), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "uswc" and doc["factions"] == ["axis", "western"] and doc["boards"] == ["France"]


@pytest.mark.parametrize("picture", [False, True])
def test_a_module_given_that_cannot_be_read_is_one_line_before_any_report(tmp_path, capsys, picture):
    import zipfile

    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    bad = tmp_path / "bad.vmod"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("buildFile.xml", "<not closed")
        z.writestr("moduledata", "<data/>")
    argv = ["check", str(save), "--module", str(bad)] + (["--picture", str(tmp_path / "p.png")] if picture else [])
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "bad.vmod" in captured.err


@pytest.mark.parametrize("command", ["check", "audit"])
@pytest.mark.parametrize("broken", ["malformed build file", "no build file"])
def test_an_unreadable_module_is_one_line_and_exit_2_for_check_and_audit_with_or_without_picture(
    tmp_path, capsys, command, broken
):
    import zipfile

    from logmaker import LogMaker, unit_piece

    if command == "check":
        target = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2434")])
    else:
        target = LogMaker({"7": (unit_piece("7", "GER", "axis"), "2626")}).move("7", "2627").write(tmp_path / "g.vlog")
    bad = tmp_path / "bad.vmod"
    with zipfile.ZipFile(bad, "w") as z:
        if broken == "malformed build file":
            z.writestr("buildFile.xml", "<not closed")
        z.writestr("moduledata", "<data/>")
    for picture in ([], ["--picture", str(tmp_path / "p.png")]):
        assert cli.main([command, str(target), "--module", str(bad), *picture]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and "bad.vmod" in captured.err
        assert not (tmp_path / "p.png").exists()
