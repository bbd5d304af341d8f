"""`staffwork check SAVE --apply OUT`: the Supply Check Sub-Phase (7.2) written into a new save.

The step rule through the pack hook (drop a step, recover, stay; Limited sources capped; No stays
No; exemptions; USWC's Map Boxes), the new save (only the Supply layer of changed units differs,
the input's bytes never change, the chat lists every change, a second application is refused),
the command line (faction from the phase or --faction, one-line refusals) and the module's own
setups (real pieces with expanded prototypes). Saves are written with our writer."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

import staffwork.cli as cli
from assistant.board import read_position
from assistant.supplycheck import apply_supply, checking_factions, supply_step, with_supply_state
from vassal.commands import AddPiece, Chat, walk
from vassal.nesting import split_state, split_type
from vassal.pieces import parse_piece
from vassal.savefile import read_saved_game
from vassal.traits import LayerTrait
from wargame import pieceprops as pp
from wargame.games import find_game
from wargame.mapdata import load_game
from wargame.rules.pack import RulesPack

from test_check_support import M, U, position, write_position

ITALY_ACTIVE = {"Status_ITA": "active axis"}
NORWAY_NEUTRAL = {"Status_NOR": "neutral"}  # a German unit in Norway has no line anywhere (7.4)
NORWAY = ("1623", "1124", "0334")  # Oslo, Trondheim, Narvik


def step(tmp_path, pieces, props=None, factions=("axis",), game="use", board=None, name="g.vsav"):
    """(position, {unit id: SupplyChange}) of the factions' check."""
    pos = position(tmp_path, pieces, props, game=game, board=board, name=name)
    pack = find_game(game).pack()
    return pos, {c.unit_id: c for c in supply_step(pack, pack.check(pos), factions)}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def adds(path: Path) -> dict[str, AddPiece]:
    out: dict[str, AddPiece] = {}
    for n in walk(read_saved_game(path).tree):
        if n.text.startswith("+/"):
            assert isinstance(n.command, AddPiece) and n.command.id is not None, n.text
            out[n.command.id] = n.command
    return out


def chat(path: Path) -> list[str]:
    return [n.command.message for n in walk(read_saved_game(path).tree) if isinstance(n.command, Chat)]


def supply_value(cmd: AddPiece) -> int:
    piece = parse_piece(cmd.type, cmd.state, exact=False)
    return next(t.value for t in piece.traits if isinstance(t, LayerTrait) and t.layer_name == pp.LAYER_SUPPLY)


# ---- the step rule (7.2) through the pack -------------------------------------------------------


def test_a_unit_that_cannot_trace_drops_one_step_and_one_at_no_supply_stays(tmp_path):
    pieces = [U("GER", "ground", "infantry", h, supply=s) for h, s in zip(NORWAY, ("full", "low", "none"))]
    _pos, found = step(tmp_path, pieces, NORWAY_NEUTRAL)
    assert [(c.before, c.after) for c in found.values()] == [("full", "low"), ("low", "none"), ("none", "none")]
    assert all(c.rule == "7.2" and "cannot trace" in c.why for c in found.values())
    assert [c.changed for c in found.values()] == [True, True, False]


def test_a_unit_that_traces_to_an_unlimited_source_returns_to_full(tmp_path):
    pieces = [
        U("GER", "ground", "infantry", "2434", supply="none"),
        U("GER", "ground", "infantry", "2626", supply="low"),
        U("GER", "ground", "tank", "2527"),
    ]
    _pos, found = step(tmp_path, pieces)
    assert [(c.before, c.after) for c in found.values()] == [("none", "full"), ("low", "full"), ("full", "full")]
    assert "Konigsberg" in found["1"].why and "Unlimited" in found["1"].why


def test_a_limited_source_gives_low_to_two_units_and_the_third_steps_down(tmp_path):
    # 7.3.1: Tripoli (an overseas factory) supplies at most two Italian units, at Low.
    tripoli = load_game("use").city("Tripoli").hex
    assert tripoli == "5227"
    pieces = [
        U("ITA", "ground", "infantry", "5227", supply="none"),
        U("ITA", "ground", "infantry", "5226"),
        U("ITA", "ground", "infantry", "5327", supply="low"),
    ]
    _pos, found = step(tmp_path, pieces, ITALY_ACTIVE)
    after = {uid: c.after for uid, c in found.items()}
    assert sorted(after.values()) == ["low", "low", "none"]
    capped = next(c for c in found.values() if c.after == "none")
    assert capped.before == "low" and "Tripoli" in capped.why and "already supplies 2" in capped.why
    assert all("Tripoli" in c.why and "Limited" in c.why for c in found.values() if c.after == "low")


def test_units_that_need_no_trace_return_to_full(tmp_path):  # 7.2: convoys, Map Boxes
    pieces = [U("UK", "naval", "convoy", "2611", supply="low"), U("UK", "ground", "infantry", "WIO", supply="none")]
    _pos, found = step(tmp_path, pieces, factions=("western",))
    assert [(c.before, c.after) for c in found.values()] == [("low", "full"), ("none", "full")]
    assert "convoys" in found["1"].why and "Map Box" in found["2"].why


def test_only_the_checking_factions_units_are_marked(tmp_path):
    pieces = [U("GER", "ground", "infantry", "1623"), U("USSR", "ground", "infantry", "1124")]
    _pos, found = step(tmp_path, pieces, NORWAY_NEUTRAL)
    assert list(found) == ["1"]
    _pos, both = step(tmp_path, pieces, NORWAY_NEUTRAL, factions=("axis", "soviet"), name="both.vsav")
    assert [c.after for c in both.values()] == ["low", "low"]


def test_uswc_steps_units_in_hexes_and_leaves_a_map_box_unit_as_marked(tmp_path):  # USWC 7.2
    france = {"Status_FRA": "active western", "Status_UK": "active western", "Status_GER": "active axis"}
    pieces = [U("UK", "ground", "infantry", "WMED", supply="low"), U("FRA", "ground", "infantry", "3216", supply="low")]
    _pos, found = step(tmp_path, pieces, france, factions=("western",), game="uswc", board="France")
    assert (found["1"].before, found["1"].after) == ("low", "low") and "not checked" in found["1"].why
    assert (found["2"].before, found["2"].after) == ("low", "full")


def test_the_base_pack_marks_no_supply():
    assert RulesPack.marks_supply is False and find_game("use").pack().marks_supply
    with pytest.raises(NotImplementedError):
        RulesPack(find_game("use")).supply_marking(None, None)  # type: ignore[arg-type]  # raises before reading them


# ---- the layer state: what the module's keys leave ----------------------------------------------


def test_low_and_no_are_the_layer_active_at_levels_1_and_2_and_full_turns_it_off_at_level_1(tmp_path):
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2626", supply="none")])
    cmd = adds(save)["1"]
    assert supply_value(cmd) == 2
    for state, value in (("low", 1), ("none", 2), ("full", -1)):  # Ctrl+U from No: off, at level 1
        new = with_supply_state(cmd.type, cmd.state, state)
        assert supply_value(AddPiece("1", cmd.type, new)) == value
        before, after = split_state(cmd.state, len(split_type(cmd.type))), split_state(new, len(split_type(cmd.type)))
        assert sum(a != b for a, b in zip(before, after)) == (state != "none")  # only the Supply level


def test_a_piece_without_a_supply_layer_is_refused(tmp_path):
    save = write_position(tmp_path / "g.vsav", [M("no-ezoc", "No EZOC", "3014")])
    (cmd,) = [c for c in adds(save).values() if c.type != "stack"]
    with pytest.raises(ValueError, match="no Supply layer"):
        with_supply_state(cmd.type, cmd.state, "low")


# ---- the new save -------------------------------------------------------------------------------


def _norway_save(tmp_path) -> Path:
    pieces: list[U | M] = [
        U("GER", "ground", "infantry", "1623", name="20 Geb"),
        U("GER", "ground", "infantry", "1124", supply="low"),
        U("GER", "ground", "infantry", "0334", supply="none"),
        U("GER", "ground", "infantry", "2626", supply="low"),
        U("USSR", "ground", "infantry", "0141", supply="low"),
        M("no-ezoc", "No EZOC", "3014"),
    ]
    return write_position(tmp_path / "turn.vsav", pieces, NORWAY_NEUTRAL)


def test_only_the_supply_layer_of_changed_units_differs_and_the_input_is_untouched(tmp_path, capsys):
    save = _norway_save(tmp_path)
    before = digest(save)
    out = tmp_path / "applied.vsav"
    assert cli.main(["check", str(save), "--apply", str(out), "--faction", "axis"]) == 1  # cut-off units
    assert digest(save) == before
    text = capsys.readouterr().out
    assert "Supply Check applied for Axis (7.2): 3 units changed" in text
    assert "GER 20 Geb (1623): Full -> Low (7.2: cannot trace supply" in text
    assert "GER infantry (2626): Low -> Full" in text and "0334" not in text.split("Supply Check applied")[1]
    old, new = adds(save), adds(out)
    assert list(old) == list(new)  # same pieces, same ids, same order (stacks included)
    changed = {pid for pid in old if old[pid] != new[pid]}
    assert changed == {"1", "2", "4"}
    for pid in changed:
        assert old[pid].type == new[pid].type
        a = split_state(old[pid].state, len(split_type(old[pid].type)))
        b = split_state(new[pid].state, len(split_type(new[pid].type)))
        assert [i for i, (x, y) in enumerate(zip(a, b)) if x != y] == [1]  # the Supply layer's level only
    assert [supply_value(new[p]) for p in ("1", "2", "3", "4", "5")] == [1, 2, 2, -1, 1]
    with zipfile.ZipFile(save) as z1, zipfile.ZipFile(out) as z2:
        assert z1.namelist() == z2.namelist()
        assert all(z1.read(n) == z2.read(n) for n in z1.namelist() if n != "savedGame")
    assert chat(out) == [
        "* Staffwork applied the Axis Supply Check (7.2) to turn.vsav: 3 units changed",
        "* 1623: GER 20 Geb: Full -> Low Supply (7.2: cannot trace supply: no line reaches a supply source)",
        "* 1124: GER infantry: Low -> No Supply (7.2: cannot trace supply: no line reaches a supply source)",
        "* 2626: GER infantry: Low -> Full Supply (7.2: traces to Berlin, an Unlimited source)",
    ]


def test_the_applied_save_rechecked_shows_every_marking_as_the_rules_give_it(tmp_path):
    save = _norway_save(tmp_path)
    out = tmp_path / "applied.vsav"
    assert cli.main(["check", str(save), "--apply", str(out), "--faction", "axis"]) == 1
    pack = find_game("use").pack()
    first = pack.check(read_position(save).position)
    want = {c.unit_id: c.after for c in supply_step(pack, first, ("axis",))}
    again = pack.check(read_position(out).position)
    marked = {u.id: u.supply for u in again.position.units}
    assert {uid: marked[uid] for uid in want} == want
    assert marked["5"] == "low"  # the Soviet unit is not the Axis's to mark
    notes = [f for f in again.findings if f.rule == "7.2" and f.faction == "axis"]
    assert notes == []  # nothing marked against what the check gives
    lines = {uid: line.state for uid, line in again.supply.lines.items() if uid in want}
    assert all(marked[uid] == s for uid, s in lines.items() if s != "none")


def test_a_second_application_of_the_same_check_is_refused(tmp_path, capsys):
    save = _norway_save(tmp_path)
    out, twice = tmp_path / "applied.vsav", tmp_path / "twice.vsav"
    assert cli.main(["check", str(save), "--apply", str(out), "--faction", "axis"]) == 1
    capsys.readouterr()
    assert cli.main(["check", str(out), "--apply", str(twice), "--faction", "axis"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already applied" in err and "applied.vsav" in err
    assert not twice.exists()
    assert cli.main(["check", str(out), "--apply", str(twice), "--faction", "soviet"]) == 1  # another faction's


def test_a_position_with_nothing_to_change_still_writes_the_save_and_says_so(tmp_path, capsys):
    save = write_position(tmp_path / "g.vsav", [U("GER", "ground", "infantry", "2626")])
    out = tmp_path / "out.vsav"
    assert cli.main(["check", str(save), "--apply", str(out), "--phase", "Axis Operations"]) == 0
    assert "no marking changed" in capsys.readouterr().out
    assert chat(out) == ["* Staffwork applied the Axis Supply Check (7.2) to g.vsav: no marking changed"]
    assert adds(out) == adds(save)


def test_json_lists_the_changes(tmp_path, capsys):
    save = _norway_save(tmp_path)
    out = tmp_path / "applied.vsav"
    cli.main(["check", str(save), "--json", "--apply", str(out), "--faction", "Axis"])
    doc = json.loads(capsys.readouterr().out)
    applied = doc["applied"]
    assert applied["file"] == str(out) and applied["factions"] == ["Axis"]
    assert [(c["id"], c["before"], c["after"]) for c in applied["changes"]] == [
        ("1", "full", "low"),
        ("2", "low", "none"),
        ("4", "low", "full"),
    ]


def test_a_failed_write_leaves_no_output_and_the_input_intact(tmp_path, monkeypatch):
    import vassal.archive

    save = _norway_save(tmp_path)
    before = digest(save)

    def broken(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(vassal.archive.os, "replace", broken)
    with pytest.raises(OSError):
        game = find_game("use")
        pack = game.pack()
        changes = supply_step(pack, pack.check(read_position(save).position), ("axis",))
        apply_supply(save, tmp_path / "out.vsav", game, changes, ("axis",))
    assert digest(save) == before and sorted(p.name for p in tmp_path.iterdir()) == ["turn.vsav"]


# ---- the command line ---------------------------------------------------------------------------


def test_the_phase_names_the_faction_and_without_it_faction_is_required(tmp_path, capsys):
    save = _norway_save(tmp_path)
    out = tmp_path / "o.vsav"
    assert cli.main(["check", str(save), "--apply", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--faction" in err and "turn.vsav" in err and not out.exists()
    assert cli.main(["check", str(save), "--apply", str(out), "--phase", "Axis Strategic Movement"]) == 2
    assert "'Axis Strategic Movement' holds no faction's Supply Check" in capsys.readouterr().err
    assert cli.main(["check", str(save), "--apply", str(out), "--phase", "Axis Operations"]) == 1
    assert "Supply Check applied for Axis" in capsys.readouterr().out and out.exists()
    phased = write_position(
        tmp_path / "p.vsav", [U("GER", "ground", "infantry", "1623")], {**NORWAY_NEUTRAL, "Phase": "Axis Operations"}
    )
    assert cli.main(["check", str(phased), "--apply", str(tmp_path / "p2.vsav")]) == 1


def test_bad_apply_requests_are_one_line_and_exit_2(tmp_path, capsys):
    save = _norway_save(tmp_path)
    before = digest(save)
    alias = tmp_path / "alias.vsav"
    alias.hardlink_to(save)
    bad = [
        ["--apply", str(save), "--faction", "axis"],  # the input itself
        ["--apply", str(tmp_path / "." / "turn.vsav"), "--faction", "axis"],  # by another path
        ["--apply", str(alias), "--faction", "axis"],  # the same file, another name
        ["--apply", str(tmp_path / "out.vlog"), "--faction", "axis"],
        ["--apply", str(tmp_path / "out.vsav"), "--faction", "axiz"],
        ["--faction", "axis"],  # --faction alone
    ]
    for args in bad:
        assert cli.main(["check", str(save), *args]) == 2, args
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, (args, err)
    assert digest(save) == before and not (tmp_path / "out.vsav").exists()
    log = tmp_path / "game.vlog"
    log.write_bytes(save.read_bytes())
    assert cli.main(["check", str(log), "--apply", str(tmp_path / "o.vsav"), "--faction", "axis"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a log" in err


def test_a_game_that_does_not_mark_supply_has_nothing_to_apply(tmp_path, capsys, monkeypatch):
    save = _norway_save(tmp_path)
    monkeypatch.setattr(type(find_game("use").pack()), "marks_supply", False)
    assert cli.main(["check", str(save), "--apply", str(tmp_path / "o.vsav"), "--faction", "axis"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not mark supply" in err and not (tmp_path / "o.vsav").exists()


def test_checking_factions_reads_keys_and_names():
    use = find_game("use")
    assert checking_factions(use, "", ("Soviet", "axis", "AXIS")) == ("soviet", "axis")
    assert checking_factions(use, "Western Operations") == ("western",)
    with pytest.raises(ValueError, match="no such faction"):
        checking_factions(use, "", ("allies",))


# ---- the module's own setups --------------------------------------------------------------------


@pytest.fixture(scope="module")
def setups(tmp_path_factory):
    """Every setup of a freshly built USE module (a plain board image: the art is not looked at)."""
    from PIL import Image

    from builder.module.build import build_module
    from wargame.board import load_board

    def plain(board=None):
        board = board or load_board("use")
        return Image.new("RGB", (board.width, board.height), (158, 190, 222))

    dist = tmp_path_factory.mktemp("dist")
    built = build_module("use", dist, board_image=plain, cache=False).path
    folder = tmp_path_factory.mktemp("setups")
    with zipfile.ZipFile(built) as z:
        for name in z.namelist():
            if name.endswith(".vsav"):
                (folder / name).write_bytes(z.read(name))
    return folder


def test_every_setup_of_the_module_takes_every_factions_check(setups, tmp_path):
    names = sorted(p.name for p in setups.iterdir())
    assert len(names) == 5
    pack = find_game("use").pack()
    for name in names:
        save = setups / name
        before = digest(save)
        out = tmp_path / f"applied-{name}"
        pos = read_position(save).position
        changes = supply_step(pack, pack.check(pos), ("axis", "western", "soviet"))
        done = apply_supply(save, out, find_game("use"), changes, ("axis", "western", "soviet"))
        assert digest(save) == before
        old, new = adds(save), adds(out)
        assert list(old) == list(new)
        assert {p for p in old if old[p] != new[p]} == {c.unit_id for c in done.changes}, name
        again = read_position(out).position
        marked = {u.id: u.supply for u in again.units}
        assert all(marked[c.unit_id] == c.after for c in changes), name
        assert len(chat(out)) == 3 + len(done.changes)
    overlord = {
        c.label: (c.before, c.after)
        for c in supply_step(pack, pack.check(read_position(setups / "overlord_1944.vsav").position), ("axis",))
        if c.changed
    }
    for cut_off in ("GER 16", "GER 20 Geb", "FIN Lappi", "FIN Karjala"):  # the map's documented supply gaps
        assert overlord[cut_off] == ("full", "low")


# ---- staffwork watch --apply --------------------------------------------------------------------


def _poll(watcher, seconds: float = 3.0) -> list:
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = watcher.poll()
        if found:
            return found
        time.sleep(0.05)
    return []


def test_watch_writes_each_saves_supply_check_beside_the_report(tmp_path):
    from assistant.watch import Watcher

    folder, out = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    said: list[str] = []
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=said.append, apply=True, factions=("axis",))
    save = _norway_save(folder)
    before = digest(save)
    assert _poll(w)
    applied = out / "turn-supplied.vsav"
    text = "\n".join(said)
    assert f"supply check applied, 3 marking(s) changed: open {applied}" in text
    assert "GER 20 Geb (1623): Full -> Low" in text
    assert chat(applied)[0].startswith("* Staffwork applied the Axis Supply Check")
    assert digest(save) == before and sorted(p.name for p in folder.iterdir()) == ["turn.vsav"]
    page = (out / "report.html").read_text(encoding="utf-8")
    assert 'href="turn-supplied.vsav"' in page and "GER 20 Geb (1623): Full -&gt; Low" in page


def test_watch_says_why_a_save_is_not_applied(tmp_path):
    from assistant.watch import Watcher

    folder, out = tmp_path / "pbem", tmp_path / "out"
    folder.mkdir()
    said: list[str] = []
    w = Watcher(folder, out, interval=0.05, settle=0.1, picture=False, echo=said.append, apply=True)
    _norway_save(folder)
    assert _poll(w)
    assert "supply check not applied: the save does not say whose Supply Check" in "\n".join(said)
    assert not (out / "turn-supplied.vsav").exists()


def test_watch_refuses_a_faction_without_apply_or_unknown(tmp_path, capsys):
    assert cli.main(["watch", str(tmp_path), "--out", str(tmp_path / "o"), "--faction", "axis"]) == 2
    assert cli.main(["watch", str(tmp_path), "--out", str(tmp_path / "o"), "--apply", "--faction", "allies"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "allies" in err


def test_convoys_that_carry_sea_lines_are_listed_for_their_sorties(tmp_path, capsys):  # 7.4.3
    save = write_position(
        tmp_path / "g.vsav",
        [
            U("ITA", "ground", "infantry", "5227", supply="low"),
            U("ITA", "ground", "tank", "5227"),
            U("ITA", "naval", "convoy", "5227", sorties=2),
        ],
        ITALY_ACTIVE,
    )
    out = tmp_path / "o.vsav"
    cli.main(["check", str(save), "--apply", str(out), "--faction", "axis"])
    text = capsys.readouterr().out
    assert "add their Sorties by hand (7.4.3" in text and "  ITA convoy (5227): 2 traces\n" in text
    assert "ITA infantry (5227): Low -> Full (7.2: traces by sea to" in text
    old, new = adds(save), adds(out)
    assert old["3"] == new["3"]  # its Sorties stay as they were
    cli.main(["check", str(save), "--json", "--apply", str(tmp_path / "j.vsav"), "--faction", "axis"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["applied"]["convoys"] == [{"unit": "ITA convoy", "where": "5227", "traces": 2, "spare_sorties": 4}]


def test_a_convoy_asked_for_more_traces_than_it_has_sorties_to_spare_is_flagged(tmp_path, capsys):  # 7.4.3
    units = [U("ITA", "ground", "infantry", h) for h in ("5227", "5226", "5327")]
    save = write_position(tmp_path / "g.vsav", units + [U("ITA", "naval", "convoy", "5227", sorties=4)], ITALY_ACTIVE)
    cli.main(["check", str(save), "--apply", str(tmp_path / "o.vsav"), "--faction", "axis"])
    assert "ITA convoy (5227): 3 traces - more than its 2 Sorties to spare" in capsys.readouterr().out


def test_each_factions_chat_line_counts_its_own_changes(tmp_path, capsys):
    save = _norway_save(tmp_path)
    out = tmp_path / "both.vsav"
    cli.main(["check", str(save), "--apply", str(out), "--faction", "axis", "--faction", "soviet"])
    heads = [line for line in chat(out) if line.startswith("* Staffwork applied")]
    assert heads == [
        "* Staffwork applied the Axis Supply Check (7.2) to turn.vsav: 3 units changed",
        "* Staffwork applied the Soviet Supply Check (7.2) to turn.vsav: 1 unit changed",
    ]
