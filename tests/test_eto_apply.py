"""`staffwork check SAVE --apply OUT` for ETO: the End phase's Supply step (33.3-33.5) written
into a new save with the module's own Out of Supply markers, placed right on the units that
cannot trace and taken off those that trace again; depletion (33.5) left to the player and said.

Positions are written with our own save writer; the marker pieces come from a module built here
(plain board art: only its pieces are read) or from a marker already in the save. The engine's
own view of applied saves is tests/test_eto_apply_engine.py."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from PIL import Image

import staffwork.cli as cli
from assistant.board import read_position
from assistant.savemarkers import marker_source
from assistant.supplycheck import apply_supply, checking_factions, supply_step
from builder.module.build import build_module
from vassal.commands import AddPiece, Chat, walk
from vassal.errors import FormatError
from vassal.piece_view import view
from vassal.pieces import parse_piece
from vassal.savefile import read_saved_game
from wargame import pieceprops as pp
from wargame.games import find_game

from test_check_support import M, U, write_position

FACTION = {"GER": "axis", "ITA": "axis", "UK": "western", "POL": "western", "USSR": "soviet"}
AT_WAR = {"Status_ITA": "active axis", "Status_USSR": "active soviet"}
ALL = ("axis", "western", "soviet")
OOS = "out-of-supply"


@pytest.fixture(scope="module")
def module(tmp_path_factory) -> Path:
    plain = lambda board: Image.new("RGB", (board.width, board.height), (158, 190, 222))  # noqa: E731
    return build_module("eto", tmp_path_factory.mktemp("dist"), board_image=plain, cache=False).path


@pytest.fixture(scope="module")
def m():
    return find_game("eto").mapdata()


def unit(nation: str, type_: str, where: str, kind: str = "ground") -> U:
    return U(nation, kind, type_, where, faction=FACTION[nation])


def oos(where: str) -> M:
    return M(OOS, "Out of Supply", where)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pieces(path: Path) -> dict[str, AddPiece]:
    out: dict[str, AddPiece] = {}
    for n in walk(read_saved_game(path).tree):
        if n.text.startswith("+/"):
            assert isinstance(n.command, AddPiece) and n.command.id is not None, n.text
            out[n.command.id] = n.command
    return out


def stacks(path: Path) -> dict[str, list[str]]:
    """Stack id -> its members, bottom first."""
    out = {}
    for pid, cmd in pieces(path).items():
        if cmd.type == "stack":
            out[pid] = [t for t in cmd.state.split(";")[3:] if not t.startswith("@@")]
    return out


def chat(path: Path) -> list[str]:
    return [n.command.message for n in walk(read_saved_game(path).tree) if isinstance(n.command, Chat)]


def key_of(cmd: AddPiece) -> str:
    return view(parse_piece(cmd.type, cmd.state, exact=False)).markers.get(pp.MARKER_KEY, "")


def apply(tmp_path, placed, *, module=None, factions=("axis",), props=None, name="turn.vsav"):
    """(save, out, Applied) of the factions' Supply step."""
    save = write_position(tmp_path / name, placed, {**AT_WAR, **(props or {})}, game="eto")
    pack = find_game("eto").pack()
    changes = supply_step(pack, pack.check(read_position(save).position), factions)
    out = tmp_path / f"{Path(name).stem}-supplied.vsav"
    return save, out, apply_supply(save, out, find_game("eto"), changes, factions, module=module)


def reread(out: Path):
    pack = find_game("eto").pack()
    return pack.check(read_position(out).position)


# ---- 33.3: a unit that cannot trace goes under an Out of Supply marker --------------------------


def test_a_unit_that_cannot_trace_gets_the_modules_out_of_supply_marker_right_on_it(tmp_path, m, module):
    tripoli = m.city("Tripoli").hex  # Libya holds no Italian source: cut off without a supply marker
    save, out, done = apply(tmp_path, [unit("ITA", "infantry", tripoli), unit("ITA", "armor", tripoli)], module=module)
    assert [(c.unit_id, c.before, c.after, c.rule) for c in done.changes] == [
        ("1", "full", "none", "33.3"),
        ("2", "full", "none", "33.3"),
    ]
    new = {pid: cmd for pid, cmd in pieces(out).items() if pid not in pieces(save)}
    markers = sorted(pid for pid, cmd in new.items() if cmd.type != "stack")
    assert len(markers) == 2 and all(key_of(new[pid]) == OOS for pid in markers)
    slot = marker_source(read_saved_game(save).tree, OOS, module)
    assert slot is not None and slot.origin == str(module)
    assert {new[pid].type for pid in markers} == {slot.type}  # the module's piece, prototypes expanded
    gpid = view(parse_piece(slot.type, slot.state, exact=False)).gpid
    assert gpid and all(view(parse_piece(new[p].type, new[p].state, exact=False)).gpid == gpid for p in markers)
    (members,) = stacks(out).values()
    assert members == ["1", markers[0], "2", markers[1]]  # each right on its unit
    again = reread(out)
    assert [again.position.unit(u).supply for u in ("1", "2")] == ["none", "none"]
    assert all("33.5" in f.reason for f in again.problems)


def test_a_marked_unit_that_traces_again_loses_its_marker(tmp_path, m):  # 33.4
    berlin = m.city("Berlin").hex
    save, out, done = apply(tmp_path, [unit("GER", "infantry", berlin), oos(berlin), unit("GER", "armor", berlin)])
    (c,) = done.changes
    assert (c.unit_id, c.before, c.after, c.rule) == (
        "1",
        "none",
        "full",
        "33.4",
    ) and "Berlin" in c.why
    assert "2" not in pieces(out) and stacks(out) == {s: ["1", "3"] for s in stacks(save)}
    assert reread(out).position.unit("1").supply == "full"
    assert chat(out)[1] == f"* {berlin}: GER infantry: Out of Supply -> in supply (33.4: traces to Berlin)"


def test_a_marked_unit_still_cut_off_keeps_its_marker_and_its_depletion_is_left_to_the_player(tmp_path, m, capsys):
    tripoli = m.city("Tripoli").hex
    placed = [
        unit("ITA", "infantry", tripoli),
        oos(tripoli),
        unit("ITA", "fighter", tripoli, kind="air"),
        oos(tripoli),
    ]
    save, out, done = apply(tmp_path, placed)
    assert done.changes == () and [c.unit_id for c in done.todo] == ["1"]  # 33.7: the air unit is never depleted
    assert pieces(out).keys() == pieces(save).keys()
    lines = chat(out)
    assert lines[0].endswith("to turn.vsav: no marking changed, 1 left to do by hand")
    assert lines[1].startswith(f"* {tripoli}: ITA infantry: Out of Supply, to do: deplete it, or eliminate it")
    assert "(33.5: marked and still cannot trace: " in lines[1] and len(lines) == 2
    cli.main(["check", str(save), "--json", "--apply", str(tmp_path / "j.vsav"), "--faction", "axis"])
    doc = json.loads(capsys.readouterr().out)
    assert [(t["id"], t["rule"], t["marked"]) for t in doc["applied"]["to_do"]] == [("1", "33.5", "none")]
    cli.main(["check", str(save), "--apply", str(tmp_path / "t.vsav"), "--faction", "axis"])
    text = capsys.readouterr().out
    assert "Supply step applied for Axis (33.3): no marking changed" in text
    assert "Left for you to do by hand (1):\n  ITA infantry" in text


def test_units_of_one_stack_are_marked_each_on_its_own(tmp_path, m):  # 33.3
    """An air supply marker supplies one unit (32.4): of two units in its hex, the one marked the
    turn before keeps supply (33.3) and loses its marker; the other gets one, right on it."""
    benghazi = m.city("Benghazi").hex
    placed = [
        unit("ITA", "infantry", benghazi),
        unit("ITA", "infantry", benghazi),
        oos(benghazi),
        M("air-supply", "Air supply", benghazi),
    ]
    save, out, done = apply(tmp_path, placed)
    assert [(c.unit_id, c.before, c.after) for c in done.changes] == [
        ("1", "full", "none"),
        ("2", "none", "full"),
    ]
    (members,) = stacks(out).values()
    (new,) = (p for p in members if p not in pieces(save))
    assert members == ["1", new, "2", "4"] and key_of(pieces(out)[new]) == OOS
    assert pieces(out)[new].type == pieces(save)["3"].type  # copied from the save's own marker
    again = reread(out).position
    assert [again.unit(u).supply for u in ("1", "2")] == ["none", "full"]


def test_the_input_is_never_written_and_the_output_re_read_agrees_with_the_rules(tmp_path, m, module):
    tripoli, berlin = m.city("Tripoli").hex, m.city("Berlin").hex
    placed: list[U | M] = [
        unit("ITA", "infantry", tripoli),
        unit("GER", "infantry", berlin),
        oos(berlin),
        unit("ITA", "infantry", "W0625"),
        oos("W0625"),
        unit("USSR", "infantry", "E1924"),
    ]
    save = write_position(tmp_path / "turn.vsav", placed, AT_WAR, game="eto")
    before = digest(save)
    pack = find_game("eto").pack()
    changes = supply_step(pack, pack.check(read_position(save).position), ALL)
    apply_supply(save, tmp_path / "a.vsav", find_game("eto"), changes, ALL, module=module)
    apply_supply(save, tmp_path / "b.vsav", find_game("eto"), changes, ALL, module=module)
    assert digest(save) == before
    # the same save gives the same file
    assert digest(tmp_path / "a.vsav") == digest(tmp_path / "b.vsav")
    marked = {u.id: u.supply for u in reread(tmp_path / "a.vsav").position.units}
    assert {c.unit_id: c.after for c in changes} == marked
    assert marked == {"1": "none", "2": "full", "4": "none", "6": "full"}
    old = pieces(save)
    fresh = [p for p in pieces(tmp_path / "a.vsav") if p not in old]
    assert all(int(p) > max(int(i) for i in old) for p in fresh)  # new ids, none of the save's


def test_a_unit_alone_on_the_map_gets_a_stack_with_its_marker(tmp_path, m, module):
    """A piece the save keeps outside any stack (written by hand, say): the marker and the unit
    form a new stack, as a drop onto it makes one."""
    from vassal.commands import Node
    from vassal.savefile import rewrite_saved_game

    tripoli = m.city("Tripoli").hex
    save = write_position(tmp_path / "turn.vsav", [unit("ITA", "infantry", tripoli)], AT_WAR, game="eto")
    tree = read_saved_game(save).tree
    loose = tmp_path / "loose.vsav"
    rewrite_saved_game(save, loose, Node(tree.text, tuple(k for k in tree.children if "/stack/" not in k.text)))
    assert stacks(loose) == {}
    pack = find_game("eto").pack()
    changes = supply_step(pack, pack.check(read_position(loose).position), ("axis",))
    apply_supply(loose, tmp_path / "out.vsav", find_game("eto"), changes, ("axis",), module=module)
    (members,) = stacks(tmp_path / "out.vsav").values()
    assert members[0] == "1" and key_of(pieces(tmp_path / "out.vsav")[members[1]]) == OOS
    assert reread(tmp_path / "out.vsav").position.unit("1").supply == "none"


# ---- refusals: one line, nothing written ---------------------------------------------------------


def test_without_a_marker_in_the_save_or_a_module_it_says_so_in_one_line(tmp_path, m, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no dist/ build of the module here
    tripoli = m.city("Tripoli").hex
    save = write_position(tmp_path / "turn.vsav", [unit("ITA", "infantry", tripoli)], AT_WAR, game="eto")
    out = tmp_path / "out.vsav"
    assert cli.main(["check", str(save), "--apply", str(out), "--faction", "axis"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no Out of Supply marker to copy" in err and "--module" in err
    assert not out.exists()


def test_a_second_supply_step_on_the_same_save_is_refused(tmp_path, m, module):  # 33.5
    tripoli = m.city("Tripoli").hex
    _save, out, _done = apply(tmp_path, [unit("ITA", "infantry", tripoli)], module=module)
    pack = find_game("eto").pack()
    changes = supply_step(pack, pack.check(read_position(out).position), ("axis",))
    with pytest.raises(FormatError, match=r"Supply step is already applied .* would deplete"):
        apply_supply(out, tmp_path / "again.vsav", find_game("eto"), changes, ("axis",), module=module)
    assert not (tmp_path / "again.vsav").exists()


def test_the_end_phase_holds_every_partnerships_supply_step():  # Sequence of Play, 33.3
    eto = find_game("eto")
    assert checking_factions(eto, "End") == ALL
    with pytest.raises(ValueError, match=r"whose Supply step .* 'Offensive' holds no faction's Supply step"):
        checking_factions(eto, "Offensive")


def test_the_cli_applies_the_end_phase_supply_step_with_the_module_given(tmp_path, m, module, capsys):
    tripoli = m.city("Tripoli").hex
    london = m.city("London").hex
    save = write_position(
        tmp_path / "turn.vsav",
        [unit("ITA", "infantry", tripoli), unit("UK", "infantry", london)],
        {**AT_WAR, "Phase": "End"},
        game="eto",
    )
    out = tmp_path / "out.vsav"
    assert cli.main(["check", str(save), "--module", str(module), "--apply", str(out)]) == 1
    text = capsys.readouterr().out
    assert "Supply step applied for Axis, Western Allies and Soviet (33.3): 1 unit changed" in text
    assert f"ITA infantry ({tripoli}): in supply -> Out of Supply (33.3: cannot trace supply" in text
    assert chat(out)[:3] == [
        "* Staffwork applied the Axis Supply step (33.3) to turn.vsav: 1 unit changed",
        "* Staffwork applied the Western Allies Supply step (33.3) to turn.vsav: no marking changed",
        "* Staffwork applied the Soviet Supply step (33.3) to turn.vsav: no marking changed",
    ]


# ---- the module's own setups -----------------------------------------------------------------


def test_every_setup_of_the_module_takes_the_supply_step(module, tmp_path):
    """Every ETO setup the module carries, every partnership's step: the units that cannot trace
    (the supply still to be shipped of the setups) get a marker each, nothing else changes."""
    import zipfile

    pack, eto = find_game("eto").pack(), find_game("eto")
    with zipfile.ZipFile(module) as z:
        names = sorted(n for n in z.namelist() if n.endswith(".vsav"))
        for name in names:
            (tmp_path / name).write_bytes(z.read(name))
    assert len(names) == len(eto.scenarios())
    marked_somewhere = 0
    for name in names:
        save = tmp_path / name
        checked = pack.check(read_position(save).position)
        changes = supply_step(pack, checked, ALL)
        out = tmp_path / f"applied-{name}"
        done = apply_supply(save, out, eto, changes, ALL, module=module)
        cut = {uid for uid, line in checked.supply.lines.items() if line.state == "none"}
        assert {c.unit_id for c in done.changes} == cut, name
        old, new = pieces(save), pieces(out)
        # no piece changed
        assert all(new[p] == old[p] for p in old if old[p].type != "stack"), name
        added = [p for p in new if p not in old]
        assert len(added) == len(cut) and all(key_of(new[p]) == OOS for p in added), name
        again = {u.id: u.supply for u in reread(out).position.units}
        assert all(again[c.unit_id] == c.after for c in changes), name
        marked_somewhere += bool(cut)
    # most setups leave supply still to be shipped (scenarios/eto/README.md)
    assert marked_somewhere >= 10


# ---- watch --apply ---------------------------------------------------------------------------


def test_watch_writes_the_supply_step_beside_the_report(tmp_path, m, module):
    import time

    from assistant.watch import Watcher

    folder, report = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    said: list[str] = []
    w = Watcher(
        folder,
        report,
        module=str(module),
        interval=0.05,
        settle=0.1,
        picture=False,
        echo=said.append,
        apply=True,
        factions=("axis",),
    )
    tripoli = m.city("Tripoli").hex
    write_position(folder / "turn.vsav", [unit("ITA", "infantry", tripoli), oos(tripoli)], AT_WAR, game="eto")
    end = time.monotonic() + 5
    while time.monotonic() < end and not w.poll():
        time.sleep(0.05)
    text = "\n".join(said)
    assert f"supply check applied, 0 marking(s) changed: open {report / 'turn-supplied.vsav'}" in text
    assert "left to do by hand (1):" in text and "ITA infantry" in text
    page = (report / "report.html").read_text(encoding="utf-8")
    assert "Supply step applied" in page and "Left for you to do by hand" in page
    assert os.path.exists(report / "turn-supplied.vsav")


def test_the_supply_markers_a_step_uses_are_listed_to_take_off(tmp_path, m, capsys):  # 32.4
    """A supply marker that supplies a unit in the Supply step is used up (32.4): the fewest
    markers that served the units are listed for the player, who may keep them instead."""
    tripoli = m.city("Tripoli").hex
    five = [unit("ITA", "infantry", h) for h in (tripoli, tripoli, "W0725", "W0725", "W0625")]
    placed: list[U | M] = [*five, M("supply", "Sea supply", tripoli), M("supply", "Sea supply", tripoli)]
    save = write_position(tmp_path / "turn.vsav", placed, AT_WAR, game="eto")
    cli.main(["check", str(save), "--apply", str(tmp_path / "out.vsav"), "--faction", "axis"])
    text = capsys.readouterr().out
    note = f"{tripoli}: 2 of the 2 supply markers there supplied 5 units: take them off the map"
    assert f"Left for you to do by hand (1):\n  {note}" in text and "(32.4)" in text
    assert (
        chat(tmp_path / "out.vsav")[-1] == f"* {note.replace(': ', ': to do: ', 1)} (or leave units out of "
        "supply to keep them) (32.4)"
    )
    one = write_position(tmp_path / "one.vsav", [*five[:3], placed[5]], AT_WAR, game="eto")
    cli.main(["check", str(one), "--json", "--apply", str(tmp_path / "o.vsav"), "--faction", "axis"])
    (todo,) = json.loads(capsys.readouterr().out)["applied"]["to_do"]
    assert (todo["where"], todo["rule"], todo["id"]) == (tripoli, "32.4", "")
    assert todo["what"].startswith("the supply marker there supplied 3 units: take it off")
