"""`staffwork audit`: logs written with our own writer, legal and illegal moves, the right rules.

The Paris / Calais example of 4.2.3.1 and 6.4 runs end to end: French 10 Army in 2914, 6 Army
in 3115, German 2P Army (tank, 10 MP) in 2915, Fair weather, Axis Operations phase.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from assistant.audit import audit_log
from staffwork.commands import audit as audit_command

from logmaker import BOARD, LogMaker, unit_piece


def paris_pieces(**extra) -> dict:
    pieces = {
        "2P": (unit_piece("2P", "GER", "axis", "tank"), "2915"),
        "10A": (unit_piece("10 Army", "FRA", "western"), "2914"),
        "6A": (unit_piece("6 Army", "FRA", "western"), "3115"),
    }
    pieces.update(extra)
    return pieces


def german(uid: str, hex_id: str, utype: str = "infantry"):
    return (unit_piece(uid, "GER", "axis", utype), hex_id)


def rules(audit) -> list[tuple[int, str]]:
    """The problems (notes, such as a conditional event the move fires, left out)."""
    return [(f.step, f.rule) for f in audit.problems]


def test_paris_direct_is_flagged_with_the_same_unit_rule(tmp_path):
    log = LogMaker(paris_pieces()).move("2P", "3014", "2P drives on Paris").write(tmp_path / "a.vlog")
    audit = audit_log(log)
    assert rules(audit) == [(1, "4.2.3.1")]
    finding = audit.problems[0]
    assert finding.unit == "GER 2P" and finding.hexes == ("2915", "3014")
    assert "10 Army" in finding.reason
    assert finding.chat == ("2P drives on Paris",)


def test_legal_moves_are_not_flagged(tmp_path):
    log = (
        LogMaker(paris_pieces(inf=german("16 Army", "2923")))
        .move("2P", "2815")
        .move("2P", "2814")  # out of EZOC first, then into one
        .move("inf", "2924")
        .move("inf", "2925")
    ).write(tmp_path / "b.vlog")
    audit = audit_log(log)
    assert audit.problems == ()
    assert [(a.unit_id, a.start, a.end) for a in audit.activations] == [("2P", "2915", "2814"), ("inf", "2923", "2925")]
    assert all(a.legal for a in audit.activations)


def test_first_move_into_another_units_zoc_is_legal(tmp_path):
    log = LogMaker(paris_pieces()).move("2P", "3015").write(tmp_path / "c.vlog")
    assert audit_log(log).problems == ()


def test_calais_example_end_to_end(tmp_path):
    # 2P attacks 10 Army (3 MP); 10 Army retreats to Calais; 2P advances into 2914; 2P attacks
    # Calais (4 MP) and eliminates 10 Army; with 3 MP left it moves into Paris (3 MP).
    log = (
        LogMaker(paris_pieces())
        .move("10A", "2813", "Mobile attack: DR, 10 Army retreats to Calais")
        .move("2P", "2914", "2P advances after combat")
        .remove("10A")
        .move("2P", "3014", "2P enters Paris")
    ).write(tmp_path / "d.vlog")
    audit = audit_log(log)
    assert audit.problems == ()
    (act,) = audit.activations
    assert act.attacks == ("2914", "2813")
    assert (act.start, act.end, act.mp, act.mp_used) == ("2915", "3014", 10, 10)


def test_calais_example_cannot_leave_the_ezoc_after_the_advance(tmp_path):
    log = (
        LogMaker(paris_pieces())
        .move("10A", "2813", "DR: 10 Army retreats to Calais")
        .move("2P", "2914")
        .move("2P", "3014")
    ).write(tmp_path / "e.vlog")
    audit = audit_log(log)
    assert rules(audit) == [(3, "4.2.3.1")]
    assert "after its first move" in audit.problems[0].reason


def test_calais_example_without_advance_may_go_to_paris(tmp_path):
    log = (LogMaker(paris_pieces()).move("10A", "2813", "DR: 10 Army retreats to Calais").move("2P", "3014")).write(
        tmp_path / "f.vlog"
    )
    audit = audit_log(log)
    assert audit.problems == ()
    assert audit.activations[0].mp_used == 6  # attack 3 + Paris 3


def test_exceeding_movement_points(tmp_path):
    log = (LogMaker(paris_pieces(inf=german("16 Army", "2923"))).move("inf", "2927").move("inf", "2932")).write(
        tmp_path / "g.vlog"
    )
    audit = audit_log(log)
    assert rules(audit) == [(2, "4.2.1")]
    assert "MP" in audit.problems[0].reason


def test_across_a_water_hexside(tmp_path):
    log = (LogMaker(paris_pieces(inf=german("16 Army", "2813"))).move("inf", "2812")).write(tmp_path / "h.vlog")
    audit = audit_log(log)
    assert rules(audit) == [(1, "1.3.3")]
    assert "water hexside" in audit.problems[0].reason


def test_into_a_hex_with_a_friendly_unit_and_an_ezoc(tmp_path):
    # 3.3 example: Germans in 2915, 3015 and 3116, a French unit in Paris
    pieces = {
        "A": german("A", "2915"),
        "B": german("B", "3015"),
        "C": german("C", "3116"),
        "F": (unit_piece("Paris", "FRA", "western"), "3014"),
    }
    legal = LogMaker(pieces).move("B", "3216").write(tmp_path / "i.vlog")  # through 3116
    assert audit_log(legal).problems == ()
    illegal = LogMaker(pieces).move("B", "2915").write(tmp_path / "j.vlog")
    found = rules(audit_log(illegal))
    assert (1, "4.2.3.2") in found
    assert (1, "3.3") in found  # and it overstacks there


def test_double_activation(tmp_path):
    log = (
        LogMaker(paris_pieces(inf=german("16 Army", "2923"))).move("2P", "2916").move("inf", "2924").move("2P", "2917")
    ).write(tmp_path / "k.vlog")
    audit = audit_log(log)
    assert rules(audit) == [(3, "6.3")]


def test_overstacking_after_a_step(tmp_path):
    log = (
        LogMaker(paris_pieces(a=german("16 Army", "2923"), b=german("1 Army", "2925")))
        .move("a", "2924")
        .move("b", "2924")
    ).write(tmp_path / "l.vlog")
    audit = audit_log(log)
    assert rules(audit) == [(2, "3.3")]


def test_other_phases_do_not_audit_movement(tmp_path):
    log = LogMaker(paris_pieces(), phase="Axis Mobilization").move("2P", "3014").write(tmp_path / "m.vlog")
    assert audit_log(log).problems == ()
    assert list(rules(audit_log(log, phase="Axis Operations"))) == [(1, "4.2.3.1")]


def test_phase_changes_in_the_log_reset_activations(tmp_path):
    log = (
        LogMaker(paris_pieces(inf=german("16 Army", "2923")))
        .move("inf", "2924")
        .set_phase("Western Operations")
        .set_phase("Axis Operations")
        .move("inf", "2925")
    ).write(tmp_path / "n.vlog")
    assert audit_log(log).problems == ()


def test_cli_text_and_json(tmp_path, capsys):
    log = LogMaker(paris_pieces()).move("2P", "3014", "to Paris").write(tmp_path / "o.vlog")
    args = build_parser_with_audit().parse_args(["audit", str(log)])
    assert audit_command.run(args) == 1
    out = capsys.readouterr().out
    assert "step 1" in out and "4.2.3.1" in out and "to Paris" in out
    args = build_parser_with_audit().parse_args(["audit", str(log), "--json"])
    assert audit_command.run(args) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["findings"][0]["rule"] == "4.2.3.1"
    assert data["findings"][0]["step"] == 1


def test_cli_clean_log_exits_zero(tmp_path, capsys):
    log = LogMaker(paris_pieces()).move("2P", "3015").write(tmp_path / "p.vlog")
    assert audit_command.run(build_parser_with_audit().parse_args(["audit", str(log)])) == 0


def build_parser_with_audit():
    import argparse

    parser = argparse.ArgumentParser(prog="staffwork")
    sub = parser.add_subparsers(dest="command")
    audit_command.register(sub)
    return parser


def test_the_log_file_is_not_modified(tmp_path):
    log = LogMaker(paris_pieces()).move("2P", "3014").write(tmp_path / "q.vlog")
    before = log.read_bytes()
    audit_log(log)
    assert log.read_bytes() == before


def test_the_summary_says_what_the_log_held_that_was_not_judged(tmp_path, capsys):
    # a combat result needs the Combat Results Table, which the rulebook does not print
    log = (LogMaker(paris_pieces()).move("10A", "2813").move("2P", "2914")).write(tmp_path / "s.vlog")
    args = build_parser_with_audit().parse_args(["audit", str(log)])
    assert audit_command.run(args) == 0
    out = capsys.readouterr().out
    assert "not judged: combat results" in out and "Combat Results Table" in out and "(1 in this log)" in out
    args = build_parser_with_audit().parse_args(["audit", str(log), "--json"])
    audit_command.run(args)
    data = json.loads(capsys.readouterr().out)
    assert [k for k in data["not_judged"] if "Combat Results Table" in k]


def test_a_note_does_not_make_the_exit_status_one(tmp_path, capsys):
    # a German unit crossing from Germany into Belgium sets off West Invaded (13.8): a note
    pieces = {"ger": (unit_piece("1 Army", "GER", "axis"), "2719")}
    maker = LogMaker(pieces, properties={"Status_BEL": "active western"}).move("ger", "2718")
    log = maker.write(tmp_path / "n.vlog")
    assert audit_command.run(build_parser_with_audit().parse_args(["audit", str(log)])) == 0
    assert "note [13.8]" in capsys.readouterr().out


def test_a_save_given_as_a_log_is_refused_with_one_line(tmp_path, capsys):
    from staffwork import cli

    save = LogMaker(paris_pieces()).write_save(tmp_path / "s.vsav")
    assert cli.main(["audit", str(save)]) == 2
    err = capsys.readouterr().err
    assert "nothing to audit" in err and err.count("\n") == 1


def test_a_log_whose_moves_go_to_maps_the_game_lacks_says_it_judged_nothing(tmp_path, capsys):
    from staffwork import cli
    from vassal.commands import Log, MovePiece, encode_command
    from vassal.savefile import Node

    maker = LogMaker(paris_pieces())
    cmd = MovePiece("2P", "Some Other Map", 100, 100, None, BOARD.map_name, 0, 0, None, "player1")
    maker.steps.append(Node(encode_command(Log(encode_command(cmd)))))
    log = maker.write(tmp_path / "elsewhere.vlog")
    audit = audit_log(log)
    assert audit.pieces_moved == 0 and any("Some Other Map" in u for u in audit.unjudged)
    assert cli.main(["audit", str(log)]) == 2
    assert "nothing could be judged" in capsys.readouterr().err


def test_a_log_of_a_module_staffwork_does_not_know_is_refused_with_one_line(tmp_path, capsys):
    from staffwork import cli
    from vassal.savefile import write_saved_game

    maker = LogMaker(paris_pieces()).move("2P", "3014")
    log = tmp_path / "other.vlog"
    write_saved_game(
        log, maker.tree(), module_name="Some Other Game", module_version="1", vassal_version="3.7.26", date_saved=1
    )
    assert cli.main(["audit", str(log)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Some Other Game" in err and "not one of Staffwork's games" in err


def test_a_log_whose_moves_are_of_pieces_it_never_placed_says_it_judged_nothing(tmp_path, capsys):
    from staffwork import cli
    from vassal.commands import Log, MovePiece, encode_command
    from vassal.savefile import Node

    maker = LogMaker(paris_pieces())
    cmd = MovePiece("ghost", BOARD.map_name, 1000, 1000, None, BOARD.map_name, 0, 0, None, "player1")
    maker.steps.append(Node(encode_command(Log(encode_command(cmd)))))
    log = maker.write(tmp_path / "ghost.vlog")
    audit = audit_log(log)
    assert audit.pieces_moved == 0 and any("never placed" in u for u in audit.unjudged)
    assert cli.main(["audit", str(log)]) == 2
    assert "nothing could be judged" in capsys.readouterr().err


def test_moves_to_points_that_are_no_hex_are_not_judged_and_said(tmp_path, capsys):
    from staffwork import cli
    from vassal.commands import Log, MovePiece, encode_command
    from vassal.savefile import Node

    maker = LogMaker(paris_pieces())
    cmd = MovePiece("2P", BOARD.map_name, 99999, 99999, None, BOARD.map_name, 0, 0, None, "player1")
    maker.steps.append(Node(encode_command(Log(encode_command(cmd)))))
    log = maker.write(tmp_path / "off.vlog")
    assert cli.main(["audit", str(log)]) == 2
    assert "no hex or Map Box" in capsys.readouterr().err
    both = maker.move("10A", "2813").write(tmp_path / "both.vlog")  # and one real move: judged, and said
    assert cli.main(["audit", str(both)]) == 0
    out = capsys.readouterr().out
    assert "not judged: 1 pieces moved to a point of the map that is no hex or Map Box" in out
