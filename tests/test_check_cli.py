"""`staffwork check`: exit status, JSON schema, --explain and --picture on saves we write."""

from __future__ import annotations

import json

import pytest
from test_check_support import U, write_position

import staffwork.cli as cli


@pytest.fixture(autouse=True)
def with_check(monkeypatch):
    if "check" not in cli.SUBCOMMANDS:  # until the lead lists it
        monkeypatch.setattr(cli, "SUBCOMMANDS", tuple(cli.SUBCOMMANDS) + ("check",))


def test_a_clean_position_exits_0_and_a_broken_one_exits_1(tmp_path, capsys):
    clean = write_position(tmp_path / "clean.vsav", [U("GER", "ground", "infantry", "2626")])
    assert cli.main(["check", str(clean)]) == 0
    assert "No problems found." in capsys.readouterr().out
    broken = write_position(tmp_path / "broken.vsav", [U("GER", "ground", "infantry", "2626"),
                                                      U("GER", "ground", "tank", "2626")])
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
