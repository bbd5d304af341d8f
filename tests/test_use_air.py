"""Air movement (4.2.2), the ranges of air missions (6.2, 14.1, 14.17), Map Box moves (Central
Russia), displacement of air and naval units (4.2.3.7) and the Home Defense examples of 10.3
that move air units: positions written as real saves, logs written with tests/logmaker.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from wargame.rules.use.air import air_path, mission_reach

from logmaker import LogMaker, layered
from test_check_support import M, U, position
from usecase import audit, problems, reasons, situation_of, status

KONIGSBERG, BERLIN, WARSAW, DANZIG, BRESLAU = "2334", "2626", "2634", "2432", "2830"
HULL, HAMBURG, ANTWERP, PARIS, CHERBOURG = "2411", "2422", "2616", "3014", "2910"
SEP_39 = {
    **status(
        GER="active axis",
        POL="neutral",
        FRA="active western",
        UK="active western",
        BEL="neutral",
        NET="neutral",
        DEN="neutral",
        USSR="active soviet",
    ),
    "Policy_home_defense": "true",
    "Policy_neutral_non_violation": "true",
}


def east_front(**extra):
    """10.3 example: two air and three field units in German hexes bordering neutral Poland."""
    return {
        "air1": (layered(U("GER", "air", "fighter", DANZIG)), DANZIG),
        "air2": (layered(U("GER", "air", "bomber", BRESLAU)), BRESLAU),
        "inf1": (layered(U("GER", "ground", "infantry", "2729")), "2729"),
        "inf2": (layered(U("GER", "ground", "infantry", "2730")), "2730"),
        "inf3": (layered(U("GER", "ground", "infantry", "2831")), "2831"),
        **extra,
    }


def test_the_konigsberg_air_unit_flies_ten_hexes_over_the_baltic(tmp_path):
    # 10.3 examples: Poland is neutral, so the air path goes over Baltic water; the two air units
    # on the border still fill the East Front rule, so the move is allowed
    pieces = east_front(air3=(layered(U("GER", "air", "fighter", KONIGSBERG)), KONIGSBERG))
    a = audit(LogMaker(pieces, "Axis Operations", SEP_39).move("air3", BERLIN), tmp_path)
    assert problems(a) == []
    sit, _zoc = situation_of(position(tmp_path, [U("GER", "air", "fighter", KONIGSBERG)], SEP_39))
    found = air_path(sit, sit.pos.units[0], KONIGSBERG, BERLIN)
    assert found.legal and found.hexes == 10
    assert any(sit.map.hexes[h].is_water for h in found.path)
    assert not any(sit.owner(h) == "POL" for h in found.path)


def test_a_unit_that_fills_home_defense_may_not_leave_it_unmet(tmp_path):
    # 10.3 example: one of the three field units moves toward France: the East Front rule would
    # no longer be met, so the move must end on the Polish border or not be made
    a = audit(LogMaker(east_front(), "Axis Operations", SEP_39).move("inf1", "2727"), tmp_path, "a.vlog")
    assert problems(a) == [(1, "10.3.1")]
    assert "Germany East Front" in a.findings[0].reason
    b = audit(LogMaker(east_front(), "Axis Operations", SEP_39).move("inf1", "2628"), tmp_path, "b.vlog")
    assert problems(b) == []


def test_an_air_unit_that_fills_a_rule_may_move_if_it_still_fills_it_at_the_end(tmp_path):
    # 10.3 example: the air unit moves to East Prussia, still inside the East Front area
    a = audit(LogMaker(east_front(), "Axis Operations", SEP_39).move("air1", KONIGSBERG), tmp_path)
    assert problems(a) == []


def test_air_moves_that_break_the_rules(tmp_path):
    pieces = {
        "air": (layered(U("GER", "air", "fighter", KONIGSBERG)), KONIGSBERG),
        "tired": (layered(U("GER", "air", "fighter", BERLIN, sorties=6)), BERLIN),
    }
    neutral = audit(LogMaker(pieces, "Axis Operations", SEP_39).move("air", WARSAW), tmp_path, "a.vlog")
    assert "2.1.1.1" in {r for _s, r in problems(neutral)}
    far = audit(LogMaker(pieces, "Axis Operations", SEP_39).move("air", PARIS), tmp_path, "b.vlog")
    assert "4.2.1" in {r for _s, r in problems(far)}
    tired = audit(LogMaker(pieces, "Axis Operations", SEP_39).move("tired", "2526"), tmp_path, "c.vlog")
    assert (1, "6.2") in problems(tired)


def test_only_ussr_air_units_fly_between_the_east_edge_and_central_russia(tmp_path):
    props = status(GER="active axis", USSR="active soviet", UK="active western")
    pieces = {
        "ussr": (layered(U("USSR", "air", "fighter", "2064")), "2064"),
        "ger": (layered(U("GER", "air", "fighter", "2063")), "2063"),
        "uk": (layered(U("UK", "air", "fighter", "2611")), "2611"),
    }
    ok = audit(LogMaker(pieces, "Soviet Operations", props).move("ussr", "CRU"), tmp_path, "a.vlog")
    assert problems(ok) == []
    ger = audit(LogMaker(pieces, "Axis Operations", props).move("ger", "CRU"), tmp_path, "b.vlog")
    assert problems(ger)
    uk = audit(LogMaker(pieces, "Western Operations", props).move("uk", "NAO"), tmp_path, "c.vlog")
    assert problems(uk) == [(1, "4.2.2")]


def test_the_ranges_of_air_missions(tmp_path):
    pos = position(
        tmp_path,
        [U("UK", "air", "bomber", HULL), U("GER", "air", "fighter", ANTWERP), U("GER", "air", "fighter", PARIS)],
        status(
            GER="active axis",
            UK="active western",
            BEL="conquered western",
            FRA="conquered western",
            NET="conquered western",
            DEN="conquered western",
        ),
    )
    sit, _zoc = situation_of(pos)
    bomber, antwerp, paris = sit.pos.units
    run = mission_reach(sit, bomber, HAMBURG, "bombing_run")  # 6.2.6: 20 hexes
    assert run.legal and run.hexes == 11 and all(h.startswith("24") for h in run.path)  # due east
    assert any(mission_reach(sit, antwerp, h, "air_interception").legal for h in run.path)  # 6.2.5.2
    assert mission_reach(sit, paris, CHERBOURG, "air_interception").legal  # 6.2.5.2
    assert mission_reach(sit, paris, "3055", "air_strike").legal is False  # 7 hexes
    assert mission_reach(sit, paris, "3009", "air_support").legal  # 5 hexes
    assert not mission_reach(sit, paris, "3009", "airdrop").legal  # 3 hexes
    assert mission_reach(sit, paris, "3016", "surprise_attack").legal  # 2: plain range
    assert not mission_reach(sit, paris, "3017", "surprise_attack").legal


def test_markers_an_air_unit_places_must_be_in_its_range(tmp_path):
    props = status(GER="active axis", UK="active western", FRA="active western", NET="conquered western")
    pieces = {
        "bomber": (layered(U("UK", "air", "bomber", HULL)), HULL),
        "ger": (layered(U("GER", "air", "fighter", BERLIN)), BERLIN),
    }
    bombed = layered(M("bombed", "Bombed", HAMBURG))
    near = audit(LogMaker(pieces, "Western Operations", props).add("b1", bombed, HAMBURG), tmp_path, "a.vlog")
    assert problems(near) == []
    pieces["bomber"] = (layered(U("UK", "air", "bomber", "4806")), "4806")
    far = audit(LogMaker(pieces, "Western Operations", props).add("b1", bombed, HAMBURG), tmp_path, "b.vlog")
    assert problems(far) == [(1, "6.2.6")]
    drop = layered(M("airdrop-ger", "Airdrop", "2520", "axis", "GER"))
    out = audit(LogMaker(pieces, "Axis Operations", props).add("d1", drop, "2520"), tmp_path, "c.vlog")
    assert problems(out) == [(1, "14.1")]


# -- Map Boxes and displacement ------------------------------------------------------------------


def test_only_ussr_ground_units_move_between_the_east_edge_and_central_russia(tmp_path):
    props = status(GER="active axis", USSR="active soviet")
    pieces = {
        "ussr": (layered(U("USSR", "ground", "infantry", "2063")), "2063"),
        "ger": (layered(U("GER", "ground", "infantry", "2062")), "2062"),
    }
    ok = audit(LogMaker(pieces, "Soviet Operations", props).move("ussr", "CRU"), tmp_path, "a.vlog")
    assert problems(ok) == []
    back = audit(
        LogMaker({"ussr": (layered(U("USSR", "ground", "infantry", "CRU")), "CRU")}, "Soviet Operations", props).move(
            "ussr", "2063"
        ),
        tmp_path,
        "b.vlog",
    )
    assert problems(back) == []
    ger = audit(LogMaker(pieces, "Axis Operations", props).move("ger", "CRU"), tmp_path, "c.vlog")
    assert "4.2.3" in {r for _s, r in problems(ger)}


def test_enemy_air_and_naval_units_are_displaced_by_a_ground_unit_that_enters(tmp_path):
    # 4.2.3.7: the UK air unit in Cherbourg moves out by air movement; no stacking finding
    props = status(GER="active axis", FRA="active western", UK="active western")
    pieces = {
        "ger": (layered(U("GER", "ground", "tank", "3011")), "3011"),
        "raf": (layered(U("UK", "air", "fighter", CHERBOURG)), CHERBOURG),
        "convoy": (layered(U("UK", "naval", "convoy", CHERBOURG)), CHERBOURG),
    }
    gone = LogMaker(pieces, "Axis Operations", props).move("ger", CHERBOURG).move("raf", PARIS).move("convoy", "2807")
    assert problems(audit(gone, tmp_path, "a.vlog")) == []
    stayed = LogMaker(pieces, "Axis Operations", props).move("ger", CHERBOURG).move("raf", PARIS)
    a = audit(stayed, tmp_path, "b.vlog")
    assert problems(a) == [(2, "4.2.3.7")]
    assert "UK convoy" in reasons(a, "4.2.3.7")[0]


def test_one_units_action_is_finished_before_another_unit_acts(tmp_path):
    # 6.0 example: no Air Rebase in the middle of a ground unit's move; 6.1 example: no Airdrop
    # marker placed during an activation; 3.3 example: an air unit may pass through a friendly
    # air unit's hex but not end there
    props = status(GER="active axis", FRA="active western", UK="active western")
    pieces = {
        "inf": (layered(U("GER", "ground", "infantry", "2923")), "2923"),
        "air": (layered(U("GER", "air", "fighter", "3016")), "3016"),
        "air2": (layered(U("GER", "air", "fighter", "3015")), "3015"),
    }
    a = audit(
        LogMaker(pieces, "Axis Operations", props).move("inf", "2924").move("air", "2626").move("inf", "2925"),
        tmp_path,
        "a.vlog",
    )
    assert (3, "6.3") in problems(a)
    drop = layered(M("airdrop-ger", "Airdrop", "3014", "axis", "GER"))
    b = audit(
        LogMaker(pieces, "Axis Operations", props).move("inf", "2924").add("d", drop, "3014").move("inf", "2925"),
        tmp_path,
        "b.vlog",
    )
    assert (3, "6.1") in problems(b)
    c = audit(LogMaker(pieces, "Axis Operations", props).move("air", "3015"), tmp_path, "c.vlog")
    assert (1, "3.3") in problems(c)


def test_fighters_escort_and_intercept_in_the_sea_zones_of_their_hex(tmp_path):
    # 6.2.4.2: a UK fighter in Malta escorts in Malta and Sea Zone 22; 6.2.5.2 / 6.2.5.3: one in
    # Antwerp intercepts naval movement in Sea Zones 10 and 11; the Sicily example (6.3.2.6): the
    # German fighter in Palermo reaches Sea Zone 19, the one in Taranto not Sea Zone 22; 1.3.6:
    # London is an inland port in Sea Zone 10; Paris, inland, intercepts at sea nowhere
    from wargame.rules.use.air import air_sea_zones

    sit, _zoc = situation_of(position(tmp_path, [U("UK", "air", "fighter", "4828")], status(UK="active western")))
    assert air_sea_zones(sit, "4828") == {22}
    assert air_sea_zones(sit, ANTWERP) == {10, 11}
    assert 19 in air_sea_zones(sit, "4527") and 22 not in air_sea_zones(sit, "4229")
    assert air_sea_zones(sit, "2611") == {10} and air_sea_zones(sit, PARIS) == set()


def test_a_bomber_may_trace_its_run_out_of_a_fighters_reach(tmp_path):
    # 6.2.5.2 example: the Hull bomber's run due east to Hamburg passes within five hexes of the
    # Axis fighter in Antwerp; it may instead trace a path of at most 20 hexes that never comes
    # within five hexes of Antwerp
    from collections import deque

    from wargame.rules.use.air import air_barred

    pos = position(
        tmp_path,
        [U("UK", "air", "bomber", HULL)],
        status(GER="active axis", UK="active western", NET="conquered western", BEL="conquered western"),
    )
    sit, _zoc = situation_of(pos)
    bomber = sit.pos.units[0]
    g = sit.map.grid
    far = {h for h in sit.map.hexes if g.distance(g.parse(h), g.parse(ANTWERP)) > 5}
    steps = {HULL: 0}
    todo = deque([HULL])
    while todo:
        here = todo.popleft()
        for n in g.neighbours(g.parse(here)):
            nid = g.hex_id(n)
            if nid in far and nid not in steps and air_barred(sit, nid, bomber) is None:
                steps[nid] = steps[here] + 1
                todo.append(nid)
    assert HAMBURG in steps and steps[HAMBURG] <= 20


def test_an_airdrop_between_two_activations(tmp_path):
    # 6.1 example: after three ground units in France have finished, the Airdrop marker goes in
    # Paris before the next unit activates (a German air unit within three hexes)
    props = status(GER="active axis", FRA="active western", UK="active western")
    pieces = {
        "a": (layered(U("GER", "ground", "infantry", "2916")), "2916"),
        "b": (layered(U("GER", "ground", "infantry", "2917")), "2917"),
        "c": (layered(U("GER", "ground", "infantry", "2918")), "2918"),
        "d": (layered(U("GER", "ground", "infantry", "3116")), "3116"),
        "air": (layered(U("GER", "air", "fighter", "2916")), "2916"),
    }
    drop = layered(M("airdrop-ger", "Airdrop", PARIS, "axis", "GER"))
    a = audit(
        LogMaker(pieces, "Axis Operations", props)
        .move("a", "3016")
        .move("b", "3017")
        .move("c", "3018")
        .add("dr", drop, PARIS)
        .move("d", "3117"),
        tmp_path,
    )
    assert problems(a) == []


def test_the_west_front_may_fall_short_in_the_western_phase(tmp_path):
    # 10.3 "Home Defense Not Satisfied" example: France attacks one of the three German units on
    # the French border and it retreats away from the border; the West Front rule binds Germany
    # only in its own Strategic Movement and Operations phases, so the retreat breaks nothing
    props = {
        **status(GER="active axis", FRA="active western", UK="active western", POL="conquered western"),
        "Policy_home_defense": "true",
    }
    pieces = {
        "g1": (layered(U("GER", "ground", "infantry", "2920")), "2920"),
        "g2": (layered(U("GER", "ground", "infantry", "3021")), "3021"),
        "g3": (layered(U("GER", "ground", "infantry", "2819")), "2819"),
        "a1": (layered(U("GER", "air", "fighter", "2921")), "2921"),
        "a2": (layered(U("GER", "air", "fighter", "3021")), "3021"),
        "f": (layered(U("FRA", "ground", "infantry", "3020")), "3020"),
    }
    a = audit(LogMaker(pieces, "Western Operations", props).move("f", "3019").move("g1", "2820"), tmp_path)
    assert [rule for _s, rule in problems(a)] == []
    from wargame.rules.use.home_defense import home_defense

    after = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", "2820"),
            U("GER", "ground", "infantry", "3021"),
            U("GER", "ground", "infantry", "2819"),
            U("GER", "air", "fighter", "2921"),
            U("GER", "air", "fighter", "3021"),
        ],
        props,
        name="after.vsav",
    )
    sit, _zoc = situation_of(after)
    west = next(r for r in home_defense(sit) if r.name.startswith("Germany West Front"))
    assert not west.satisfied  # the rule is unmet now: the Axis repatriates at its next phase (10.3.1.1)
