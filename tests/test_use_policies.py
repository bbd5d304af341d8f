"""USE policies (10.3.x) for every faction pair and country status, on positions written as
real saves: Appeasement and the Nazi-Soviet Pact bar the counters of each side from the
countries of the other, conquered countries included (2.3), for ZOC, movement, supply traces
and placement; the own-country clause of both (waived while Policy Evaluation is on the Turn
Track); Cooperation Limits for ground moves, placement and where a strategic move ends.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from wargame.rules.use.supply import _Tracer

from logmaker import LogMaker, layered
from test_check_support import M, U, position
from usecase import audit, found, problems, situation_of, status

APPEASEMENT = {"Policy_appeasement": "true"}
PACT = {"Policy_nazi_soviet_pact": "true"}
COOPERATION = {"Policy_cooperation_limits": "true"}
WAR = status(
    GER="active axis",
    FRA="active western",
    UK="active western",
    BEL="active western",
    USSR="active soviet",
    POL="conquered western",
)


def test_appeasement_keeps_western_counters_out_of_soviet_countries_as_well_as_axis_ones(tmp_path):
    # 10.3.4: a Western counter may not be placed in an enemy country: Axis or Soviet
    pos = position(
        tmp_path,
        [U("UK", "ground", "infantry", "2343"), U("FRA", "ground", "infantry", "2920")],
        {**WAR, **APPEASEMENT},
    )
    rules = {(f.units[0].split("#")[0], f.rule) for f in found(pos, check="placement")}
    assert len(found(pos, rule="10.3.4", check="placement")) == 2
    assert any("Soviet country USSR" in f.reason for f in found(pos, rule="10.3.4"))
    assert any("Axis country GER" in f.reason for f in found(pos, rule="10.3.4"))
    assert rules


def test_appeasement_bars_axis_counters_from_a_conquered_western_country(tmp_path):
    # 2.3: conquered Poland still belongs to the Western faction, so Appeasement keeps Axis out
    pos = position(tmp_path, [U("GER", "ground", "infantry", "2431")], {**WAR, **APPEASEMENT})
    (f,) = found(pos, rule="10.3.4")
    assert "Western country POL" in f.reason
    without = position(tmp_path, [U("GER", "ground", "infantry", "2431")], WAR, name="b.vsav")
    assert not found(without, rule="10.3.4")


def test_the_pact_bars_soviet_counters_from_axis_and_western_countries_and_axis_from_soviet(tmp_path):
    pos = position(
        tmp_path,
        [
            U("USSR", "ground", "infantry", "2242"),  # conquered Western Poland
            U("USSR", "ground", "infantry", "2920"),  # Germany
            U("GER", "ground", "infantry", "2343"),
        ],  # the USSR
        {**WAR, **PACT},
    )
    hits = found(pos, rule="10.3.5", check="placement")
    assert len(hits) == 3
    assert {f.faction for f in hits} == {"soviet", "axis"}


def test_appeasement_zoc_stops_at_the_border_both_ways(tmp_path):
    # 10.3 example: a French unit exerts no ZOC into Germany, a German one none into France
    pieces = [U("FRA", "ground", "infantry", "2919"), U("GER", "ground", "infantry", "2920")]
    sit, _zoc = situation_of(position(tmp_path, pieces, {**WAR, **APPEASEMENT}))
    fra, ger = sit.pos.units
    assert "2920" not in sit.pack.zoc_of(sit, fra) and "2919" not in sit.pack.zoc_of(sit, ger)
    sit, _zoc = situation_of(position(tmp_path, pieces, WAR, name="b.vsav"))
    fra, ger = sit.pos.units
    assert "2920" in sit.pack.zoc_of(sit, fra) and "2919" in sit.pack.zoc_of(sit, ger)


def test_the_pact_stops_soviet_zoc_at_a_conquered_western_country(tmp_path):
    sit, _zoc = situation_of(position(tmp_path, [U("USSR", "ground", "infantry", "2343")], {**WAR, **PACT}))
    reach = sit.pack.zoc_of(sit, sit.pos.units[0])
    assert "2242" not in reach and "2243" not in reach
    sit, _zoc = situation_of(position(tmp_path, [U("USSR", "ground", "infantry", "2343")], WAR, name="b.vsav"))
    assert "2242" in sit.pack.zoc_of(sit, sit.pos.units[0])


def test_supply_traces_may_not_enter_a_country_a_policy_bars(tmp_path):
    sit, zoc = situation_of(position(tmp_path, [U("UK", "ground", "infantry", "2713")], {**WAR, **APPEASEMENT}))
    tracer = _Tracer(sit, zoc)
    assert "10.3.4" in (tracer.blocked("2343", "western", "UK") or "")
    assert tracer.blocked("2714", "western", "UK") is None


def test_western_units_end_their_moves_at_home_or_in_a_map_box_under_appeasement(tmp_path):
    # 10.3 example: a French unit may not end its move in Belgium, nor a Belgian one in France
    pieces = [
        U("FRA", "ground", "infantry", "2715"),
        U("BEL", "ground", "infantry", "2714"),
        U("UK", "naval", "surface", "NAO"),
    ]
    pos = position(tmp_path, pieces, {**WAR, **APPEASEMENT})
    hits = found(pos, rule="10.3.4", check="placement")
    assert sorted(f.hexes[0] for f in hits) == ["2714", "2715"]
    assert all("own country" in f.reason for f in hits)


def test_the_own_country_clause_waits_while_policy_evaluation_is_on_the_turn_track(tmp_path):
    pieces: list[U | M] = [
        U("FRA", "ground", "infantry", "2715"),
        M("policy-evaluation", "Policy Evaluation", "track:Jun-41"),
    ]
    pos = position(tmp_path, pieces, {**WAR, **APPEASEMENT})
    assert not found(pos, rule="10.3.4")


def test_soviet_units_end_at_home_under_the_pact(tmp_path):
    pos = position(tmp_path, [U("USSR", "ground", "infantry", "2038")], {**WAR, **PACT, **status(LAT="active soviet")})
    (f,) = found(pos, rule="10.3.5")
    assert "own country (USSR)" in f.reason


def test_cooperation_limits_keep_soviet_counters_out_of_france_and_western_out_of_the_ussr(tmp_path):
    pos = position(
        tmp_path,
        [U("USSR", "ground", "infantry", "2714"), U("UK", "ground", "infantry", "2343")],
        {**WAR, **COOPERATION},
    )
    hits = found(pos, rule="10.3.2")
    assert sorted(f.faction for f in hits) == ["soviet", "western"]


def test_a_belgian_unit_may_not_move_into_france_but_a_french_one_may_enter_belgium(tmp_path):
    # 10.3 Cooperation Limits example (Appeasement not in effect)
    pieces = {
        "bel": (layered(U("BEL", "ground", "infantry", "2715")), "2715"),
        "fra": (layered(U("FRA", "ground", "infantry", "2815")), "2815"),
    }
    props = {**WAR, **COOPERATION}
    a = audit(LogMaker(pieces, "Western Operations", props).move("bel", "2714"), tmp_path, "a.vlog")
    assert problems(a) == [(1, "10.3.2")]
    b = audit(LogMaker(pieces, "Western Operations", props).move("fra", "2716"), tmp_path, "b.vlog")
    assert problems(b) == []


def test_a_zoc_reaches_into_any_friendly_country(tmp_path):
    # 10.3.2: Cooperation Limits never stop a ZOC: the Belgian unit's ZOC reaches into France
    sit, _zoc = situation_of(position(tmp_path, [U("BEL", "ground", "infantry", "2715")], {**WAR, **COOPERATION}))
    assert "2714" in sit.pack.zoc_of(sit, sit.pos.units[0])


def _strategic(tmp_path, end: str, name: str):
    pieces = {"rom": (layered(U("ROM", "ground", "infantry", "3640")), "3640")}
    props = {**status(GER="active axis", ROM="active axis", HUN="active axis", POL="conquered western"), **COOPERATION}
    return audit(LogMaker(pieces, "Axis Strategic Movement", props).move("rom", end), tmp_path, name)


def test_a_strategic_move_may_pass_through_another_active_friendly_country(tmp_path):
    # 10.3.2: Bucharest through Hungary and Germany to conquered Poland
    assert problems(_strategic(tmp_path, "2431", "a.vlog")) == []


def test_a_strategic_move_may_not_end_in_another_active_friendly_country(tmp_path):
    a = _strategic(tmp_path, "3333", "b.vlog")  # Budapest
    assert problems(a) == [(1, "10.3.2")]
    assert "pass through but not end" in a.findings[0].reason
