"""TK moves judged by `staffwork audit` on logs written with our own writer (tests/logmaker.py),
on the real map: the rulebook's examples first (Kiev's costs and minimum move, 3.1.1; the
Cernauti ZOC, 8.2; the overruns, 3.2; the beachhead and the Port-to-Port moves, 3.1.1, 3.1.2),
then each rule: weather and EZOC (11.3-11.5), the Reserve Movement Phase (5), supply as a unit
begins to move (3, 10.3), where units may not go (3.1.4, 13.4), one procedure a phase, the
off-map boxes, stacking at the end of a phase (9.2), the phase read from the turn tracker, and
what the audit says it does not judge."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from assistant.audit import Audit, audit_log
from wargame.games import find_game

from logmaker import LogMaker, layered
from test_check_support import M, U

CONTENT = find_game("tk").content()
SIDE = {
    "GER": "axis",
    "ITA": "axis",
    "RUS": "soviet",
    "BR": "western",
    "FRA": "western",
    "US": "western",
    "POL": "western",
}
AXIS_MOVES = "Axis 3 Operational Movement"
ANNEXED = {"annex-vienna": ("reich-annex", "w3325"), "annex-prague": ("reich-annex", "w3524")}


def unit(key: str, where: str, *, reduced: bool = False, faction: str = ""):
    d = CONTENT.units[key]
    piece = U(
        d.nation,
        d.kind,
        d.type,
        where,
        faction=faction or SIDE[d.nation],
        name=d.id,
        key=key,
        reduced=reduced,
    )
    return (layered(piece), where)


def marker(key: str, where: str, *, flipped: bool = False, faction: str = "", nation: str = ""):
    m = CONTENT.markers[key]
    piece = M(key, m.name, where, faction or m.faction or "", nation or m.nation or "", flipped)
    return (layered(piece), where)


def annexed() -> dict:
    return {pid: marker(key, where) for pid, (key, where) in ANNEXED.items()}


def run(
    tmp_path,
    pieces: dict,
    moves: list[tuple[str, str]],
    phase: str | None = AXIS_MOVES,
    properties: dict | None = None,
    name: str = "a.vlog",
) -> Audit:
    made = LogMaker(pieces, phase=phase, properties=properties or {}, game="tk")
    for pid, where in moves:
        if pid == "phase":
            made.set_phase(where)
        else:
            made.move(pid, where)
    return audit_log(made.write(tmp_path / name))


def found(audit: Audit) -> list[tuple[int, str]]:
    return [(f.step, f.rule) for f in audit.problems]


# -- 3.1.1: Kiev ----------------------------------------------------------------------------------


def test_kiev_the_hq_pays_one_mp_into_e3608_and_then_has_too_little_for_the_swamp_of_e3707(
    tmp_path,
):
    audit = run(
        tmp_path,
        {"hq": unit("rus-hq-sw", "e3609")},
        [("hq", "e3608"), ("hq", "e3707")],
        "Soviet 3 Operational Movement",
    )
    assert found(audit) == [(2, "3.1.1")]
    assert "2 MP to enter, 1 MP left" in audit.problems[0].reason


def test_kiev_the_hq_may_cross_the_river_into_the_swamp_of_e3708_for_three_mp_as_its_minimum_move(
    tmp_path,
):
    audit = run(
        tmp_path,
        {"hq": unit("rus-hq-sw", "e3609")},
        [("hq", "e3708")],
        "Soviet 3 Operational Movement",
    )
    assert found(audit) == []
    assert [(a.start, a.end, a.mp, a.mp_used) for a in audit.activations] == [("e3609", "e3708", 2, 3)]
    further = run(
        tmp_path,
        {"hq": unit("rus-hq-sw", "e3609")},
        [("hq", "e3708"), ("hq", "e3707")],
        "Soviet 3 Operational Movement",
        name="b.vlog",
    )
    assert found(further) == [(2, "3.1.1")] and "minimum move" in further.problems[0].reason


# -- 8.2: Cernauti --------------------------------------------------------------------------------

CERNAUTI = {"Status_RUM": "active axis", "Status_HUN": "active axis"}


def cernauti(**extra) -> dict:
    """The Russian 18th Army in Cernauti (e3306), the Ukrainian HQ behind it (e3308), German
    infantry in e3107 and in e3207 (ours: Rumania and Hungary Axis, Austria and Czechoslovakia
    annexed, so the Germans trace supply home)."""
    pieces = {
        **annexed(),
        "ru18": unit("rus-infantry-18", "e3306"),
        "hq": unit("rus-hq-sw", "e3308"),
        "x": unit("ger-inf-1-2-3", "e3107"),
        "y": unit("ger-inf-1-2-3", "e3207"),
    }
    pieces.update(extra)
    return pieces


def test_cernauti_the_german_infantry_in_e3207_lets_the_one_from_e3107_pass_on_to_e3307(tmp_path):
    audit = run(tmp_path, cernauti(), [("x", "e3207"), ("x", "e3307")], properties=CERNAUTI)
    assert found(audit) == []


def test_cernauti_without_a_friendly_unit_there_the_infantry_stops_in_e3207(tmp_path):
    pieces = cernauti()
    del pieces["y"]
    audit = run(tmp_path, pieces, [("x", "e3207"), ("x", "e3307")], properties=CERNAUTI)
    assert found(audit) == [(2, "8.2")]


def test_in_snow_a_unit_stops_on_entering_an_ezoc_hex_whatever_stands_there(tmp_path):
    # 11.5: friendly units do not negate EZOC in Snow (the Weather track's reminder, no Month)
    audit = run(
        tmp_path,
        cernauti(),
        [("x", "e3207"), ("x", "e3307")],
        properties={**CERNAUTI, "Weather_north": "Snow"},
    )
    assert found(audit) == [(2, "11.5")]


def test_in_mud_a_unit_never_leaves_an_ezoc_hex_and_the_turn_track_brings_mud_in_apr_may(tmp_path):
    # 11.3, 11.1's example: Mud in the North in Apr-May, read from the turn (the Month), not the
    # Weather track; the friendly unit in e3207 does not help
    audit = run(tmp_path, cernauti(), [("y", "e3107")], properties={**CERNAUTI, "Month": "Apr-41"})
    assert found(audit) == [(1, "11.3")]
    fair = run(
        tmp_path,
        cernauti(),
        [("y", "e3107")],
        properties={**CERNAUTI, "Month": "Jun-41"},
        name="b.vlog",
    )
    assert found(fair) == []


def test_in_the_reserve_movement_phase_a_unit_neither_enters_nor_leaves_an_ezoc_hex(tmp_path):
    audit = run(
        tmp_path,
        cernauti(),
        [("x", "e3207"), ("y", "e3107")],
        "Axis 5 Reserve Movement",
        properties=CERNAUTI,
    )
    assert [(f.step, f.rule, f.hexes) for f in audit.problems] == [
        (1, "5", ("e3107", "e3207")),
        (2, "5", ("e3207", "e3107")),
    ]


# -- 3.2: overruns --------------------------------------------------------------------------------
# The example's Antwerp-Calais-Amiens-Reims-Verdun is played on the Polish-Russian border: on our
# map Calais's land neighbours, Amiens and Verdun are all Cities, which give a defender a shift
# (4.2.3.8) and so forbid any overrun there. Here the panzer army starts in Poland (e3606,
# conquered), a lone Russian one-step unit stands in e3507 and a Russian army in e3608: both
# project a ZOC into e3607, the one hex between, and the army's reaches e3507 as well.

BORDER = {"Status_POL": "conquered western"}


def border(**extra) -> dict:
    pieces = {
        "p1": unit("ger-armor-1-pz", "e3606"),
        "inf": unit("ger-inf-1-2-3", "e3606"),
        "lone": unit("rus-arm-1-1-4", "e3507"),
        "army": unit("rus-infantry-6", "e3608"),
    }
    pieces.update(extra)
    return pieces


def test_an_army_may_not_overrun_a_multi_step_unit(tmp_path):
    audit = run(tmp_path, border(army=unit("rus-infantry-6", "e3607")), [("p1", "e3607")], properties=BORDER)
    assert found(audit) == [(1, "3.2")] and "lone one-step" in audit.problems[0].reason


def test_no_overrun_through_a_hex_where_another_enemy_units_zoc_stops_the_army(tmp_path):
    # it may ignore the ZOC of the unit it overruns, not the army's
    audit = run(tmp_path, border(), [("p1", "e3607"), ("p1", "e3507")], properties=BORDER)
    assert found(audit) == [(2, "8.2")]


def test_with_its_infantry_in_the_hex_between_the_panzer_army_overruns_the_lone_unit(tmp_path):
    # the infantry stops in e3607 and negates every EZOC there; the army then overruns the lone
    # unit in e3507 and must stop there, in the Russian army's ZOC
    made = LogMaker(border(), phase=AXIS_MOVES, properties=BORDER, game="tk")
    made.move("inf", "e3607").move("p1", "e3607").move("p1", "e3507").remove("lone")
    assert found(audit_log(made.write(tmp_path / "a.vlog"))) == []
    made.move("p1", "e3506")
    assert found(audit_log(made.write(tmp_path / "b.vlog"))) == [(5, "8.2")]


def test_no_overrun_where_the_defender_would_have_a_shift(tmp_path):
    # 3.2's 3P in w3619 and the BEF in Verdun across a river (on our map Verdun is a City too);
    # a supplied HQ of the defender within its range (the Russian HQ two hexes off)
    audit = run(
        tmp_path,
        {"p3": unit("ger-armor-3-pz", "w3619"), "bef": unit("br-infantry-bef", "w3518")},
        [("p3", "w3518")],
        properties={"Status_BH": "conquered western"},
    )
    assert found(audit) == [(1, "3.2")]
    assert "the river hexside" in audit.problems[0].reason and "its City" in audit.problems[0].reason
    moves = [("inf", "e3607"), ("p1", "e3607"), ("p1", "e3507")]
    hq = run(tmp_path, border(hq=unit("rus-hq-sw", "e3409")), moves, properties=BORDER, name="b.vlog")
    assert found(hq) == [(3, "3.2")] and "supplied HQ" in hq.problems[0].reason


def test_no_overrun_in_the_reserve_movement_phase(tmp_path):
    audit = run(
        tmp_path,
        border(inf=unit("ger-inf-1-2-3", "e3607")),
        [("p1", "e3607")],
        "Axis 5 Reserve Movement",
        properties=BORDER,
    )
    assert found(audit) == [(1, "5")]


# -- 3.1.1, 3.1.2: beachheads and ports -----------------------------------------------------------

CHANNEL = {"Status_FRA": "conquered western"}


def test_the_first_army_moves_onto_the_beachhead_and_off_it_to_cherbourg_but_not_back(tmp_path):
    # 3.1.1's example: a Western Beachhead in w3815 faces Cherbourg (w3714), Axis-held (Occupied
    # France); the 1st Army moves onto it from Southampton (w3915) and must stop; in the next
    # Movement Phase it goes off to Cherbourg, never back to Southampton
    pieces = {
        "bh": marker("beachhead", "w3815", faction="western"),
        "first": unit("br-infantry-1", "w3915"),
    }
    moves = [
        ("phase", "Western 3 Operational Movement"),
        ("first", "w3815"),
        ("phase", "Western 5 Reserve Movement"),
        ("first", "w3714"),
    ]
    assert found(run(tmp_path, pieces, moves, None, CHANNEL)) == []
    back = moves[:-1] + [("first", "w3915")]
    assert found(run(tmp_path, pieces, back, None, CHANNEL, name="b.vlog")) == [(4, "3.1.1")]
    further = moves[:2] + [("first", "w3714")]
    assert found(run(tmp_path, pieces, further, None, CHANNEL, name="c.vlog")) == [(3, "3.1.4")]


def test_london_to_brest_by_a_british_troop_convoy_and_on_through_gibraltar_to_malta(tmp_path):
    # 3.1.2's example: a German Air Force on station in the North Sea, no German ground unit in
    # France: Brest is a Western Open Port; with a French Troop Convoy in the North Atlantic and
    # a British one in the Western Mediterranean the unit goes on through the Multi-Zone Ports of
    # Brest and Gibraltar to Malta (friendly units hold those two: a Dependent's Port needs one)
    pieces = {
        "inf": unit("br-inf-1-2-2", "w3916"),
        "lf": unit("ger-air-force-lf-3", "NS-OS"),
        "ns": marker("convoy-br", "NS-CV"),
        "malta": unit("br-inf-1-2-2", "w1824"),
        "gib": unit("br-fortress-gib", "w2208"),
    }
    moves = [("phase", "Western 3 Operational Movement"), ("inf", "w3612")]
    assert found(run(tmp_path, pieces, moves, None)) == []
    far = {**pieces, "na": marker("convoy-fra", "NA-CV"), "wm": marker("convoy-br", "WM-CV")}
    assert found(run(tmp_path, far, moves[:1] + [("inf", "w1824")], None, name="b.vlog")) == []
    assert found(run(tmp_path, pieces, moves[:1] + [("inf", "w1824")], None, name="c.vlog")) == [(2, "3.1.1")]


def test_only_the_us_fleet_train_carries_a_multi_step_unit(tmp_path):
    pieces = {"army": unit("br-infantry-1", "w3916"), "ns": marker("convoy-br", "NS-CV")}
    moves = [("phase", "Western 3 Operational Movement"), ("army", "w3612")]
    audit = run(tmp_path, pieces, moves, None)
    assert found(audit) == [(2, "3.1.1")] and "Troop Convoy" in audit.problems[0].reason


def test_off_map_boxes_one_to_the_next_as_printed_and_central_asia_from_the_east_edge(tmp_path):
    # 3.1.3: Eastern US/Canada is next to Africa, not to the Middle East; 3.1.1: a Soviet unit
    # enters Central Asia from an east-edge hex, and an Axis unit may not enter those hexes
    pieces = {
        "can": unit("br-col-can", "USC"),
        "cav": unit("rus-cav", "e4127"),
        "ger": unit("ger-inf-1-2-3", "e4126"),
    }
    ok = [
        ("phase", "Western 3 Operational Movement"),
        ("can", "AFR"),
        ("phase", "Soviet 3 Operational Movement"),
        ("cav", "CAS"),
    ]
    assert found(run(tmp_path, pieces, ok, None)) == []
    bad = [
        ("phase", "Western 3 Operational Movement"),
        ("can", "MEA"),
        *ok[2:],
        ("phase", "Axis 5 Reserve Movement"),
        ("ger", "e4127"),
    ]
    assert found(run(tmp_path, pieces, bad, None, name="b.vlog")) == [(2, "3.1.2"), (6, "3.1.4")]


# -- who moves, and where it may not go -----------------------------------------------------------


def test_an_unsupplied_unit_may_not_move_in_the_operational_phase_but_may_in_the_reserve_phase(
    tmp_path,
):
    # 3, 10.3, 5: a German unit in Libya (an Italian Dependent, no home city) with no convoy
    pieces = {"ger": unit("ger-inf-1-2-3", "e1406")}
    props = {"Status_ITA": "active axis"}
    audit = run(tmp_path, pieces, [("ger", "e1405")], properties=props)
    assert found(audit) == [(1, "3")] and "not supplied" in audit.problems[0].reason
    assert found(run(tmp_path, pieces, [("ger", "e1405")], "Axis 5 Reserve Movement", props, "b.vlog")) == []


def test_only_the_phasing_factions_units_move(tmp_path):
    audit = run(tmp_path, {"pol": unit("pol-infantry-kra", "e3501")}, [("pol", "e3502")])
    assert found(audit) == [(1, "3")]


def test_no_unit_enters_a_neutral_country_nor_a_non_german_axis_unit_another_axis_country(tmp_path):
    # 13.4: Switzerland; 3.1.4: an Italian infantry unit may not enter Germany, an Exp unit may
    props = {"Status_ITA": "active axis"}
    pieces = {
        "ger": unit("ger-inf-1-2-3", "w3321"),
        "ita": unit("ita-infantry-1", "w3223"),
        "exp": unit("ita-mechanized-exp", "w3223"),
    }
    audit = run(
        tmp_path,
        {**annexed(), **pieces},
        [("ger", "w3221"), ("ita", "w3323"), ("exp", "w3323")],
        properties=props,
    )
    assert [(f.step, f.rule) for f in audit.problems] == [(1, "13.4"), (2, "3.1.4")]


def test_one_procedure_a_phase(tmp_path):
    # 3.1.4: a unit that moved hex to hex does not then go port to port
    pieces = {"inf": unit("br-inf-1-2-2", "w3915"), "ns": marker("convoy-br", "NS-CV")}
    moves = [("phase", "Western 3 Operational Movement"), ("inf", "w3916"), ("inf", "w3612")]
    assert found(run(tmp_path, pieces, moves, None)) == [(3, "3.1.1")]


# -- stacking at the end of a phase (9.2), the phase from the tracker -----------------------------


def test_a_stack_may_be_over_its_limits_inside_a_phase_but_not_when_it_ends(tmp_path):
    pieces = {f"a{n}": unit("ger-arm-2-2-4", "w3825") for n in range(3)}
    pieces["b"] = unit("ger-arm-2-2-4", "w3824")
    inside = run(tmp_path, pieces, [("b", "w3825"), ("b", "w3824")])
    assert [f for f in inside.findings if f.check == "stacking"] == []
    ended = run(tmp_path, pieces, [("b", "w3825"), ("phase", "Axis 4 Combat")], name="b.vlog")
    assert [(f.step, f.rule, f.severity) for f in ended.findings] == [
        (1, "9.2", "problem"),
        (2, "9.2", "note"),
    ]
    assert "at the end of Axis 3 Operational Movement" in ended.findings[0].reason
    log_end = run(tmp_path, pieces, [("b", "w3825")], name="c.vlog")
    assert [(f.rule, f.severity) for f in log_end.findings] == [("9.2", "note")]


def test_the_audit_reads_the_phase_from_the_turn_tracker_as_the_module_keeps_it(tmp_path):
    made = LogMaker({"hq": unit("rus-hq-sw", "e3609")}, phase=None, game="tk")
    made.turn("Sep-41", "Soviet 5 Reserve Movement").move("hq", "e3608").move("hq", "e3607")
    audit = audit_log(made.write(tmp_path / "t.vlog"))
    assert [p for _step, p in audit.phases] == ["", "Soviet 5 Reserve Movement"]
    assert found(audit) == []  # 1/2 MP a Rail hexside in the Reserve phase (ours): two hexes for 1 MP


def test_the_audit_says_what_it_did_not_judge(tmp_path):
    pieces = cernauti()
    moves = [("phase", "Axis 4 Combat"), ("y", "e3108"), ("lf", "w3825")]
    pieces["lf"] = unit("ger-air-force-lf-1", "w3726")
    audit = run(tmp_path, pieces, moves, properties=CERNAUTI)
    told = " | ".join(audit.unjudged)
    assert "outside the Movement Phases" in told and "support units" in told


def test_watch_checks_tk_saves_and_logs(tmp_path):
    # `staffwork watch`: a save's check (each unit's supply now) and a log's audit
    from assistant.watch import check_file

    from test_check_support import write_position

    save = write_position(
        tmp_path / "s.vsav",
        [U("GER", "ground", "infantry", "w3825", faction="axis", key="ger-inf-1-2-3")],
        game="tk",
    )
    result = check_file(save)
    assert not result.error and [state for _uid, _label, state in result.supply] == ["full"]
    log = LogMaker({"hq": unit("rus-hq-sw", "e3609")}, phase="Soviet 3 Operational Movement", game="tk")
    watched = check_file(log.move("hq", "e3608").move("hq", "e3707").write(tmp_path / "w.vlog"))
    assert [i.rule for i in watched.findings] == ["3.1.1"]


def test_a_friendly_airdrop_marker_negates_the_ezoc_as_a_unit_would(tmp_path):
    # 3.1, 8.1: the German airborne unit flipped to its Airdrop marker in e3207
    pieces = cernauti(y=unit("ger-airborne-7-fl", "e3207", reduced=True))
    assert found(run(tmp_path, pieces, [("x", "e3207"), ("x", "e3307")], properties=CERNAUTI)) == []


# -- straits and canals (3.1.1, 3.1.2) -----------------------------------------------------------

TURKEY = {"Status_TUR": "active axis", "Status_BUL": "active axis"}


def test_the_rail_across_the_connected_strait_at_istanbul_costs_the_rail_rate(tmp_path):
    # 3.1.1: a Connected Strait is crossed at Road/Rail cost; the Dardanelles, a plain Strait,
    # cost the hex and a strait hexside (ours: 1 + 1 MP)
    pieces = {**annexed(), "inf": unit("ger-inf-1-2-3", "e2509"), "other": unit("ger-inf-1-2-3", "e2506")}
    rail = run(tmp_path, pieces, [("inf", "e2508"), ("inf", "e2507")], "Axis 5 Reserve Movement", TURKEY)
    assert found(rail) == [] and rail.activations[0].mp_used == 1
    across = run(tmp_path, pieces, [("other", "e2406")], "Axis 5 Reserve Movement", TURKEY, "b.vlog")
    assert found(across) == [] and across.activations[0].mp_used == 2


def test_one_one_step_unit_a_phase_goes_through_the_suez_canal_between_friendly_open_ports(tmp_path):
    # 3.1.2: both canal ports friendly Open Ports (a Dependent's need a friendly unit: one holds
    # Port Said); an Axis unit's ZOC keeps the units out of e1312 in the Reserve phase hex to
    # hex, not through the canal; a second unit the same phase, or a multi-step one, may not
    pieces = {
        "a": unit("br-inf-1-2-2", "e1213"),
        "b": unit("br-inf-1-2-2", "e1213"),
        "said": unit("br-inf-1-2-2", "e1312"),
        "axis": unit("ger-inf-1-2-3", "e1311"),
        "army": unit("br-infantry-1", "e1213"),
    }
    phase = "Western 5 Reserve Movement"
    props = {"Status_ITA": "active axis"}
    assert found(run(tmp_path, pieces, [("phase", phase), ("a", "e1312")], None, props)) == []
    twice = run(tmp_path, pieces, [("phase", phase), ("a", "e1312"), ("b", "e1312")], None, props, "b.vlog")
    assert found(twice) == [(3, "5")] and "has already gone through" in twice.problems[0].reason
    army = run(tmp_path, pieces, [("phase", phase), ("army", "e1312")], None, props, "c.vlog")
    assert "only a one-step unit" in army.problems[0].reason
