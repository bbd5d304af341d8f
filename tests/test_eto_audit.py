"""ETO moves judged by `staffwork audit` on logs written with our own writer (tests/logmaker.py):
the Polish example of play first (25.3, the breakthrough's approach; the infantry's moves of
step 3), then each movement rule: infantry and enemy ZOC (25.2), armour (25.3), HQs (23.2),
weather (1.2-1.4), unsupplied units (33.1), rail (31.2, 31.3), the Soviet and Western
partnerships (42.5), the Movement phase (30.0, 30.2), and what the audit says it did not judge."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from assistant.audit import audit_log

from logmaker import LogMaker, marker_piece, unit_piece

SIDE = {"GER": "axis", "ITA": "axis", "POL": "western", "FRA": "western", "UK": "western", "USSR": "soviet"}


def u(uid: str, nation: str, type_: str, where: str, kind: str = "ground"):
    return (unit_piece(uid, nation, SIDE[nation], type_, kind), where)


def log(tmp_path, pieces: dict, phase: str = "Offensive", properties: dict | None = None) -> LogMaker:
    return LogMaker(pieces, phase=phase, properties=properties or {}, game="eto")


def problems(audit) -> list[tuple[int, str]]:
    return [(f.step, f.rule) for f in audit.problems]


def poland(**extra) -> dict:
    """September 1939, the Offensive phase of the EoP: the Polish units that face the German
    breakthroughs and the German units on the border (the EoP's hexes; Kliest's armour starts in
    East Prussia next to W3832, ours). East Prussia holds no German city resource hex on our
    map and Polish hexes cut it from Germany, so a supply marker in Konigsberg (ours) keeps its
    units supplied when they begin to move (33.1)."""
    pieces = {
        "konigsberg-supply": (marker_piece("Sea supply", "supply"), "W4032"),
        "pol-3732": u("POL 3732", "POL", "infantry", "W3732"),
        "pol-krakow": u("POL Krakow", "POL", "infantry", "W3232"),
        "pol-warsaw": u("POL Warsaw", "POL", "infantry", "W3533"),
        "pol-poznan": u("POL Poznan", "POL", "infantry", "W3629"),
        "kliest": u("Kliest armor", "GER", "armor", "W3932"),
        "inf-3831": u("GER 3831", "GER", "infantry", "W3831"),
        "inf-3832": u("GER 3832", "GER", "infantry", "W3832"),
        "inf-3833": u("GER 3833", "GER", "infantry", "W3833"),
        "inf-3134": u("GER 3134", "GER", "infantry", "W3134"),
        "inf-3132": u("GER 3132", "GER", "infantry", "W3132"),
        "inf-3131": u("GER 3131", "GER", "infantry", "W3131"),
    }
    pieces.update(extra)
    return pieces


# -- the example of play -----------------------------------------------------------------------


def test_eop_kliest_enters_w3832_in_polish_zoc_and_moves_one_more_hex_to_w3733(tmp_path):  # 25.3
    """EoP step 2-A: Kliest and his armour move to W3832, in the ZOC of the Polish unit in
    W3732; being armour it may move one more hex despite the ZOC, and goes on to W3733."""
    audit = audit_log(
        log(tmp_path, poland()).move("kliest", "W3832").move("kliest", "W3733").write(tmp_path / "a.vlog")
    )
    assert problems(audit) == []
    assert [(a.unit_id, a.start, a.end, a.mp_used) for a in audit.activations] == [("kliest", "W3932", "W3733", 2)]


def test_eop_kliest_may_not_go_a_hex_further_in_the_same_move(tmp_path):  # 25.3
    audit = audit_log(
        log(tmp_path, poland())
        .move("kliest", "W3832")
        .move("kliest", "W3733")
        .move("kliest", "W3633")
        .write(tmp_path / "b.vlog")
    )
    assert problems(audit) == [(3, "25.3")]
    assert "stop in enemy ZOC" in audit.problems[0].reason


def test_eop_the_infantry_moves_of_step_3_are_legal_once_the_breakthroughs_cleared_the_way(tmp_path):
    """EoP step 3-A, after the breakthroughs eliminated the Polish units in W3732 and Krakow:
    3831 to 3630, 3832 and 3833 to 3632, 3134 to 3433, 3132 to 3432, 3131 to 3331 - each ends
    in the ZOC of Warsaw or Poznan, where infantry stops (25.2)."""
    made = (
        log(tmp_path, poland())
        .remove("pol-3732")
        .remove("pol-krakow")
        .move("inf-3831", "W3630")
        .move("inf-3832", "W3632")
        .move("inf-3833", "W3632")
        .move("inf-3134", "W3433")
        .move("inf-3132", "W3432")
        .move("inf-3131", "W3331")
    )
    audit = audit_log(made.write(tmp_path / "c.vlog"))
    assert problems(audit) == []
    assert len(audit.activations) == 6 and all(a.legal for a in audit.activations)


def test_infantry_stops_on_entering_enemy_zoc(tmp_path):  # 25.2
    made = (
        log(tmp_path, poland())
        .remove("pol-3732")
        .move("inf-3134", "W3334")
        .move("inf-3134", "W3433")
        .move("inf-3134", "W3434")
    )
    assert problems(audit_log(made.write(tmp_path / "d.vlog"))) == [(4, "25.2")]


def warsaw(**extra) -> dict:
    """Polish units in Warsaw (W3533) and W3631; a German infantry unit in W3632, in the ZOC of
    both, as it stands after the EoP's step 3 (ours: the second Polish unit)."""
    pieces = {
        "pol-warsaw": u("POL Warsaw", "POL", "infantry", "W3533"),
        "pol-3631": u("POL 3631", "POL", "infantry", "W3631"),
        "inf": u("GER inf", "GER", "infantry", "W3632"),
    }
    pieces.update(extra)
    return pieces


def test_infantry_leaves_enemy_zoc_only_into_a_hex_free_of_it(tmp_path):  # 25.2
    """From W3632 straight into W3532, in the same two ZOCs, it may not go (and every way round
    within its allowance runs through them); into W3733, free of them, it may."""
    zoc_to_zoc = log(tmp_path, warsaw()).move("inf", "W3532")
    assert problems(audit_log(zoc_to_zoc.write(tmp_path / "e1.vlog"))) == [(1, "25.2")]
    out = log(tmp_path, warsaw()).move("inf", "W3733")
    assert problems(audit_log(out.write(tmp_path / "e2.vlog"))) == []


def test_infantry_slips_from_one_forest_hex_in_enemy_zoc_to_another_and_no_further(tmp_path):  # 25.2
    """W3832 and W3733 are forest hexes, both in the ZOC of the Polish unit in W3732: the
    infantry in W3832 may slip into W3733, and must stop there."""
    slip = log(tmp_path, poland()).move("inf-3832", "W3733")
    assert problems(audit_log(slip.write(tmp_path / "f1.vlog"))) == []
    further = log(tmp_path, poland()).move("inf-3832", "W3733").move("inf-3832", "W3734")
    assert problems(audit_log(further.write(tmp_path / "f2.vlog"))) == [(2, "25.2")]
    clear = log(tmp_path, warsaw(pol=u("POL 3732", "POL", "infantry", "W3732"))).move("inf", "W3733")
    assert problems(audit_log(clear.write(tmp_path / "f3.vlog"))) == [(1, "25.2")]  # W3632 is clear: no slip


def test_an_hq_enters_enemy_zoc_only_where_a_friendly_land_unit_stands(tmp_path):  # 23.2
    hq = {"hq-south": u("HQ South", "GER", "hq", "W3131")}
    alone = log(tmp_path, poland(**hq)).move("hq-south", "W3231")  # next to Krakow, nobody there
    assert problems(audit_log(alone.write(tmp_path / "g1.vlog"))) == [(1, "23.2")]
    eop = log(tmp_path, poland(**hq)).move("hq-south", "W3230")  # EoP step 1-B
    assert problems(audit_log(eop.write(tmp_path / "g2.vlog"))) == []


def test_mud_halves_the_allowance_except_on_the_road_net(tmp_path):  # 1.2, 1.4
    """Mud in the moderate zone: a German infantry unit (3 MP) in Poland moves two hexes, not
    three; on the road net of Germany (the mild zone of France and Germany) it moves three."""
    props = {"Weather_moderate": "Mud"}
    pieces = {"inf": u("GER inf", "GER", "infantry", "E2633"), "road": u("GER road", "GER", "infantry", "W2922")}
    mud = log(tmp_path, pieces, properties=props).move("inf", "W3433")
    assert problems(audit_log(mud.write(tmp_path / "h1.vlog"))) == [(1, "1.2")]
    two = log(tmp_path, pieces, properties=props).move("inf", "W3534")
    assert problems(audit_log(two.write(tmp_path / "h2.vlog"))) == []
    road = log(tmp_path, pieces, properties=props).move("road", "W2925")
    assert problems(audit_log(road.write(tmp_path / "h3.vlog"))) == []
    fair = log(tmp_path, pieces, properties={"Weather_moderate": "Fair"}).move("inf", "W3433")
    assert problems(audit_log(fair.write(tmp_path / "h4.vlog"))) == []


def test_an_unsupplied_armour_unit_moves_one_hex(tmp_path):  # 33.1
    """A German armour unit deep in Poland, cut off from Germany by Polish control: one hex only."""
    pieces = {"arm": u("GER arm", "GER", "armor", "W3532"), "pol": u("POL inf", "POL", "infantry", "W3629")}
    made = log(tmp_path, pieces).move("arm", "W3531").move("arm", "W3530")
    audit = audit_log(made.write(tmp_path / "i.vlog"))
    assert problems(audit) == [(2, "24.0")] and "unsupplied" in audit.problems[0].reason


def test_eop_italian_units_go_by_rail_from_sicily_to_the_french_border(tmp_path):  # 31.2, EoP
    """EoP, Movement phase: Italy moves two units from Sicily to the French border by rail."""
    pieces = {"ita1": u("ITA 1", "ITA", "infantry", "W1427"), "ita2": u("ITA 2", "ITA", "infantry", "W1328")}
    made = (
        log(tmp_path, pieces, phase="Movement", properties={"Status_ITA": "active axis"})
        .move("ita1", "W2521")
        .move("ita2", "W2421")
    )
    audit = audit_log(made.write(tmp_path / "j.vlog"))
    assert problems(audit) == []
    assert any("rail capacity" in t for t in audit.unjudged)


def test_eop_the_egyptian_rail_point_takes_a_unit_from_port_said_to_the_libyan_border(tmp_path):  # 31.4
    pieces = {"uk": u("UK 3-4", "UK", "infantry", "E5520")}
    made = log(tmp_path, pieces, phase="Movement").move("uk", "E5628")
    assert problems(audit_log(made.write(tmp_path / "k.vlog"))) == []


def test_a_rail_move_may_not_start_in_enemy_zoc(tmp_path):  # 31.3
    made = log(tmp_path, poland(), phase="Movement").move("inf-3831", "W3226")
    audit = audit_log(made.write(tmp_path / "l.vlog"))
    assert problems(audit) == [(1, "31.3")] and "may not start in enemy ZOC" in audit.problems[0].reason


def test_western_units_heed_soviet_zoc_and_never_enter_a_soviet_hex(tmp_path):  # 42.5
    pieces = {"uk": u("UK inf", "UK", "infantry", "E3032"), "sov": u("USSR inf", "USSR", "infantry", "E3030")}
    props = {"Status_USSR": "active soviet", "Status_UK": "active western"}
    through = log(tmp_path, pieces, properties=props).move("uk", "E3031").move("uk", "E3130")
    assert problems(audit_log(through.write(tmp_path / "m1.vlog"))) == [(2, "25.2")]
    onto = log(tmp_path, pieces, properties=props).move("uk", "E3031").move("uk", "E3030")
    assert (2, "42.5") in problems(audit_log(onto.write(tmp_path / "m2.vlog")))


def test_a_unit_that_moved_in_the_offensive_may_not_move_in_the_movement_phase(tmp_path):  # 30.0
    pieces = {"inf": u("GER inf", "GER", "infantry", "W3526")}
    made = log(tmp_path, pieces).move("inf", "W3527").set_phase("Movement").move("inf", "W3528")
    assert problems(audit_log(made.write(tmp_path / "n.vlog"))) == [(3, "30.0")]


def test_no_unit_crosses_into_a_neutral_country_in_the_movement_phase(tmp_path):  # 30.2
    """The Netherlands neutral: a German unit may not step in from W3622 in the Movement phase;
    in an Offensive phase the same step is an invasion, which the audit does not judge (39.x)."""
    pieces = {"inf": u("GER inf", "GER", "infantry", "W3622")}
    movement = log(tmp_path, pieces, phase="Movement").move("inf", "W3621")
    assert problems(audit_log(movement.write(tmp_path / "o1.vlog"))) == [(1, "30.2")]
    offensive = log(tmp_path, pieces, phase="Offensive").move("inf", "W3621")
    assert problems(audit_log(offensive.write(tmp_path / "o2.vlog"))) == []


def test_an_advance_after_combat_is_not_judged_and_the_audit_says_so(tmp_path):  # 27.4
    made = log(tmp_path, poland()).remove("pol-3732").move("inf-3831", "W3732").move("inf-3831", "W3632")
    audit = audit_log(made.write(tmp_path / "p.vlog"))
    assert problems(audit) == []
    assert any("advances after combat" in t for t in audit.unjudged)


def test_a_marker_or_air_unit_moving_is_counted_not_judged(tmp_path):
    pieces = {
        "ftr": u("GER ftr", "GER", "fighter", "W3626", "air"),
        "fort": (marker_piece("Fortification", "fortification"), "W3526"),
    }
    made = log(tmp_path, pieces, phase="Naval and Air").move("ftr", "W3533")
    audit = audit_log(made.write(tmp_path / "q.vlog"))
    assert problems(audit) == [] and any("air and naval" in t for t in audit.unjudged)


def test_staffwork_audit_on_an_eto_log_flags_what_the_rules_forbid(tmp_path, capsys):
    """The command on the Polish example gone wrong: Kliest a hex too far; the summary lists
    what it did not judge."""
    import argparse
    import json

    from staffwork.commands import audit as audit_command

    parser = argparse.ArgumentParser(prog="staffwork")
    audit_command.register(parser.add_subparsers(dest="command"))
    made = (
        log(tmp_path, poland())
        .remove("pol-krakow")
        .move("kliest", "W3832")
        .move("kliest", "W3733")
        .move("kliest", "W3633")
        .write(tmp_path / "r.vlog")
    )
    assert audit_command.run(parser.parse_args(["audit", str(made)])) == 1
    out = capsys.readouterr().out
    assert "step 4" in out and "[25.3]" in out and "not judged" in out
    assert audit_command.run(parser.parse_args(["audit", str(made), "--json"])) == 1
    data = json.loads(capsys.readouterr().out)
    assert [(f["step"], f["rule"]) for f in data["findings"]] == [(4, "25.3")]


def test_hexes_a_land_unit_passed_through_are_its_sides_for_a_later_rail_move(tmp_path):  # 24.4, 31.3
    """German infantry walks into Poland in the Offensive phase; in the Movement phase another
    German unit goes by rail along the hexes it took, but not beyond them into Polish-held ones."""
    pieces = {
        "walker": u("GER walker", "GER", "infantry", "W3430"),
        "rail": u("GER rail", "GER", "infantry", "W3427"),
        "pol": u("POL", "POL", "infantry", "W3629"),
    }
    along = log(tmp_path, pieces).move("walker", "W3432").set_phase("Movement").move("rail", "W3432")
    audit = audit_log(along.write(tmp_path / "s1.vlog"))
    assert problems(audit) == [] and any("rail capacity" in t for t in audit.unjudged)
    beyond = log(tmp_path, pieces).move("walker", "W3432").set_phase("Movement").move("rail", "W3434")
    assert [r for _s, r in problems(audit_log(beyond.write(tmp_path / "s2.vlog")))] == ["31.3"]


def test_eop_new_german_units_go_one_row_behind_the_french_zoc(tmp_path):  # 37.6, 23.1, EoP
    """EoP, Construction: the three new infantry go to W2923, W3223 and W3322, because French
    units in the Maginot Line put the border hexes in their ZOC, where arriving units may not go."""
    maginot = {
        f"fra{i}": u(f"FRA {h}", "FRA", "infantry", h) for i, h in enumerate(("W2921", "W3021", "W3121", "W3122"))
    }
    made = log(tmp_path, maginot, phase="Seasonal: Construction")
    for i, h in enumerate(("W2923", "W3223", "W3322")):
        made.add(f"new{i}", unit_piece(f"GER new {i}", "GER", "axis", "infantry"), h)
    assert problems(audit_log(made.write(tmp_path / "t1.vlog"))) == []
    border = (
        log(tmp_path, maginot, phase="Seasonal: Construction")
        .add("new", unit_piece("GER new", "GER", "axis", "infantry"), "W3222")
        .add("hq", unit_piece("GER HQ", "GER", "axis", "hq"), "W3022")
    )
    assert problems(audit_log(border.write(tmp_path / "t2.vlog"))) == [(1, "37.6"), (2, "23.1")]


def test_eop_hq_south_moves_in_step_1b_and_again_in_step_3c(tmp_path):  # 23.2, EoP
    """EoP: HQ South goes to W3230 in step 1-B and, after the breakthroughs took Krakow, on to
    Krakow in step 3-C: two moves of up to three hexes; a third is one too many."""
    hq = {"hq-south": u("HQ South", "GER", "hq", "W3129")}
    made = (
        log(tmp_path, poland(**hq))
        .move("hq-south", "W3230")
        .remove("pol-krakow")
        .move("inf-3134", "W3234")
        .move("hq-south", "W3232")
    )
    assert problems(audit_log(made.write(tmp_path / "u1.vlog"))) == []
    again = made.move("inf-3131", "W3331").move("hq-south", "W3333")
    assert problems(audit_log(again.write(tmp_path / "u2.vlog"))) == [(6, "23.2")]
