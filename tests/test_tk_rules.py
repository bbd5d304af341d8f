"""TK's rules pack (wargame/rules/tk): stacking (9) and the phase it is due by, where units may
stand, owners and zones of control (8, 13.6.1.1), each pinned on a position of the real map, as
the rulebook's cases read. Supply: test_tk_supply.py; moves: test_tk_audit.py."""

from __future__ import annotations

from itertools import count

import pytest

from wargame.games import find_game
from wargame.rules.position import GameState, MarkerPiece, NationState, Position, Unit

GAME = find_game("tk")
C = GAME.content()
PACK = GAME.pack()
_ids = count(1)
AT_WAR = {
    "GER": NationState("active", "axis"),
    "BR": NationState("active", "western"),
    "FRA": NationState("active", "western"),
    "POL": NationState("active", "western"),
    "HUN": NationState("active", "axis"),
    "RUM": NationState("active", "axis"),
    "RUS": NationState("active", "soviet"),
    "CZ": NationState("absent", None),
}


def unit(key: str, where: str, *, reduced: bool = False, faction: str | None = None) -> Unit:
    d = C.units[key]
    faction = faction or AT_WAR[d.nation].faction or ""
    hex_id, box = (where, None) if where[:1] in "we" and where[1:].isdigit() else (None, where)
    return Unit(
        id=f"{key}#{next(_ids)}",
        name=d.id,
        key=key,
        faction=faction,
        nationality=d.nation,
        kind=d.kind,
        type=d.type,
        category=d.category,
        reduced=reduced,
        hex=hex_id,
        box=box,
    )


def check(*pieces: Unit | MarkerPiece):
    units = tuple(p for p in pieces if isinstance(p, Unit))
    markers = tuple(p for p in pieces if isinstance(p, MarkerPiece))
    return PACK.check(Position("tk", units, markers, GameState(month="Sep-39", nations=AT_WAR)))


def problems(*pieces, check_kind: str = "") -> list[tuple[str, str]]:
    """(rule, reason) of each problem; a stacking reason without the phase it is due by."""
    return [
        (f.rule, f.reason.split(", to be put right")[0])
        for f in check(*pieces).problems
        if not check_kind or f.check == check_kind
    ]


def test_three_units_of_six_steps_stand_in_berlin_and_a_seventh_step_is_too_many() -> None:
    # 9.2: an army (3 steps), an army group (3) fill a hex; a panzer corps (1) is one step over
    assert problems(unit("ger-infantry-4", "w3825"), unit("ger-hq-nord", "w3825")) == []
    found = problems(
        unit("ger-infantry-4", "w3825"),
        unit("ger-infantry-3", "w3825"),
        unit("ger-arm-2-2-4", "w3825"),
    )
    assert found == [("9.2", "7 steps where 6 may stand")]


def test_a_reduced_army_counts_the_steps_of_its_back() -> None:
    # 9.2 with 4.2.6.2: a 5-6-2 army flipped to its 3-4-2 side has two steps
    assert (
        problems(
            unit("ger-infantry-4", "w3825", reduced=True),
            unit("ger-infantry-3", "w3825"),
            unit("ger-arm-2-2-4", "w3825"),
        )
        == []
    )


def test_four_units_never_stand_in_one_hex() -> None:
    found = problems(*(unit("ger-arm-2-2-4", "w3825") for _ in range(4)))
    assert found == [("9.2", "4 ground units where 3 may stand")]


def test_malta_holds_three_units_of_three_steps() -> None:
    # 9.2 design note: Malta w1824 shows the Limited Stacking symbol
    assert problems(*(unit("br-inf-1-2-2", "w1824") for _ in range(3))) == []
    found = problems(
        unit("br-inf-1-2-2", "w1824"),
        unit("br-fortress-gib", "w1824"),
        unit("br-arm-2-1-4", "w1824"),
    )
    assert found == [("9.2", "4 steps where 3 may stand (Limited Stacking)")]


def test_two_hqs_or_two_fortresses_never_share_a_hex() -> None:
    # 9.1
    assert problems(unit("ger-hq-nord", "w3825"), unit("ger-hq-sud", "w3825")) == [("9.1", "2 hq units in one hex")]
    assert problems(unit("ger-fortress-wall", "w3520"), unit("ger-fortress-wall", "w3520")) == [
        ("9.1", "2 fortress units in one hex")
    ]


def test_a_port_a_fort_flipped_to_its_fortress_counts_as_a_fortress() -> None:
    # 2.3.2.2: GD's back is a one-step fortress; 9.1 then forbids a second fortress with it
    assert problems(unit("ger-mechanized-gd", "w3520"), unit("ger-fortress-wall", "w3520")) == []
    assert problems(unit("ger-mechanized-gd", "w3520", reduced=True), unit("ger-fortress-wall", "w3520")) == [
        ("9.1", "2 fortress units in one hex")
    ]


def test_units_of_two_minor_countries_never_stack_but_an_exp_unit_may() -> None:
    # 9.1: Hungarian and Rumanian armies apart; the Rumanian Exp corps may join the Hungarians
    assert problems(unit("hun-infantry-1", "e3201"), unit("rum-infantry-3", "e3201")) == [
        ("9.1", "units of 2 Minor Countries (HUN, RUM) in one hex")
    ]
    assert (
        problems(
            unit("hun-infantry-1", "e3201"),
            unit("rum-infantry-exp", "e3201"),
            unit("ger-arm-2-2-4", "e3201"),
        )
        == []
    )


def test_units_of_two_factions_never_share_a_hex() -> None:
    # 3.1.4: only an overrun enters an enemy-held hex, and it eliminates the defender
    assert problems(unit("ger-arm-2-2-4", "e3501"), unit("pol-infantry-kra", "e3501")) == [
        ("3.1.4", "units of axis and western in one hex")
    ]


def test_ground_units_stand_on_land_of_active_countries() -> None:
    # Glossary (Land hex); 13.4: nothing enters a Neutral country (Switzerland here)
    assert problems(unit("ger-infantry-3", "e4002")) == [
        ("Glossary", "a ground unit stands on a Land hex of the map's countries")
    ]
    assert problems(unit("ger-infantry-3", "w3220")) == [("13.4", "SWI is Neutral: no unit may be in its hexes")]


def test_off_map_boxes_take_only_their_factions_units_and_naval_boxes_no_ground_units() -> None:
    # Glossary (off-map boxes): only units friendly to the box's owner; 2.2.3.1: On Station boxes
    # hold support units
    assert problems(unit("br-col-sa", "AFR")) == []
    assert problems(unit("ger-arm-2-2-4", "AFR")) == [("Glossary", "only western units may be in the Africa Box")]
    assert problems(unit("ger-arm-2-2-4", "NS-OS")) == [
        ("2.2.3.1", "no ground unit stands in the North Sea On Station")
    ]
    assert problems(unit("br-surface-fleet-home", "NS-OS")) == []
    assert problems(unit("br-surface-fleet-home", "w3916")) == [
        ("2.2.3.1", "a fleet stands in an All-Sea hex or an On Station box, not on land")
    ]


def test_a_reich_annex_marker_in_prague_makes_czechoslovakia_german() -> None:
    # 13.2.1, 14.30: a Country with the Reich Annex marker in its Capital is part of Germany
    annex = MarkerPiece(id="annex", key="reich-annex", name="Reich Annex", hex="w3524")
    state = GameState(nations=AT_WAR)
    plain = PACK.situation(Position("tk", (), (), state))
    annexed = PACK.situation(Position("tk", (), (annex,), state))
    assert plain.owner("w3525") == "CZ" and annexed.owner("w3525") == "GER"
    assert annexed.owner("w3325") == "AUST"  # Vienna: Austria's Capital holds no marker here


@pytest.mark.parametrize(
    ("at", "not_into", "why"),
    [
        (
            "w3524",
            {"w3523", "w3625"},
            "4.2.5.1: Prague's mountain hexsides toward Leipzig's neighbours",
        ),
        ("e3306", {"e3206"}, "8.2: Cernauti's mountain hexside"),
        (
            "w4224",
            {"w4124", "w4225"},
            "4.2.5.2: Copenhagen's Strait to Malmo and All-Sea side to w4225",
        ),
    ],
)
def test_zoc_does_not_cross_mountain_strait_or_all_sea_hexsides(at: str, not_into: set[str], why: str) -> None:
    zoc = PACK.zoc_of(PACK.situation(Position("tk", (), (), GameState(nations=AT_WAR))), unit("ger-arm-2-2-4", at))
    assert not zoc & not_into, why
    assert len(zoc) == 6 - len(not_into)


def test_support_units_and_markers_project_no_zoc() -> None:
    sit = PACK.situation(Position("tk", (), (), GameState(nations=AT_WAR)))
    assert PACK.zoc_of(sit, unit("ger-air-force-lf-1", "w3825")) == frozenset()


def test_a_setup_starts_no_ground_unit_inside_an_active_enemy_country() -> None:
    # ours (setup_problems): a German army in Poznan when the war begins needs its note to say why
    pos = Position(
        "tk",
        (unit("ger-infantry-8", "w3726"), unit("ger-infantry-8", "w3725")),
        (),
        GameState(nations=AT_WAR),
    )
    found = PACK.setup_problems(pos, GAME.mapdata())
    assert [(p[1], p[2]) for p in found] == [("setup", "starts in POL, an active country of the western faction")]
    assert found[0][0] == pos.units[0].id


def test_both_scenarios_check_clean_on_the_real_map() -> None:
    # `staffwork scenario check tk`: every counter on a hex or box of the map, legal by the pack
    from staffwork.commands.scenario import check_game

    reports = {r.scenario: r for r in check_game("tk")}
    assert set(reports) == {"campaign_1939", "fall_of_france_1940"}
    assert {k: [f.text() for f in r.findings] for k, r in reports.items()} == {k: [] for k in reports}
    assert reports["campaign_1939"].placed == {"RUS": 25, "GER": 21, "FRA": 18, "BR": 16, "POL": 7}
    assert reports["fall_of_france_1940"].placed == {"GER": 24, "FRA": 18, "BR": 12, "BH": 4}


def test_a_counter_off_the_board_its_scenario_is_played_on_is_a_problem(tmp_path) -> None:
    # Fall of France is played on the West board: a unit on Krakow (East map) is not in play
    import shutil

    from staffwork.commands.scenario import check_game
    from wargame.games import use_data_root

    target = tmp_path / "scenarios" / "tk"
    shutil.copytree(GAME.folder, target, ignore=shutil.ignore_patterns("src", "geometry.json", "fit_report.csv"))
    path = target / "scenarios" / "fall_of_france_1940.csv"
    text = path.read_text(encoding="utf-8")
    assert "\nger-inf-1-2-3,w3825," in text
    path.write_text(text.replace("\nger-inf-1-2-3,w3825,", "\nger-inf-1-2-3,e3501,"), encoding="utf-8")
    try:
        reports = {r.scenario: r for r in check_game("tk", tmp_path)}
    finally:
        use_data_root(None)
    assert [(f.where, f.rule, f.problem) for f in reports["fall_of_france_1940"].problems] == [
        ("e3501", "setup", "not on the West board the scenario is played on")
    ]
    assert reports["campaign_1939"].problems == ()


def test_a_stack_over_its_limits_is_due_by_the_end_of_the_phase_the_save_stands_in() -> None:
    # 9.2: the limits hold at the end of every phase and segment: the finding says which
    units = tuple(unit("ger-arm-2-2-4", "w3825") for _ in range(4))
    during = PACK.check(Position("tk", units, (), GameState(phase="Axis 3 Operational Movement", nations=AT_WAR)))
    (found,) = during.problems
    assert found.reason == (
        "4 ground units where 3 may stand, to be put right by the end of Axis 3 Operational Movement"
    )


def test_detachment_and_airdrop_markers_on_unit_backs_neither_stack_nor_project_a_zoc() -> None:
    # 9.2: only ground units count; 8: markers project no ZOC (2.3.5, 14.1)
    dets = [unit("ger-inf-1-2-3-det", "w3825", reduced=True) for _ in range(4)]
    assert problems(*dets) == []
    sit = PACK.situation(Position("tk", tuple(dets), (), GameState(nations=AT_WAR)))
    assert PACK.zoc_of(sit, dets[0]) == frozenset()
    assert PACK.zoc_of(sit, unit("ger-inf-1-2-3-det", "w3825")) != frozenset()  # its unit side


def test_a_fortress_projects_a_zoc_like_any_ground_unit() -> None:
    # 8: every ground unit, no fort exception
    sit = PACK.situation(Position("tk", (), (), GameState(nations=AT_WAR)))
    assert len(PACK.zoc_of(sit, unit("ger-fortress-wall", "w3520"))) == 6


def test_no_zoc_reaches_into_a_policy_affected_country_nor_comes_from_its_units() -> None:
    # 13.6.1.1 with Russia under the Nazi-Soviet Pact: the Polish army by the Russian border
    # projects no ZOC into Russia, and the Russian army projects none at all
    pact = GameState(nations=AT_WAR, tracked_all={"policy-pact": ("Posture Russia",)})
    pole, russian = unit("pol-infantry-lod", "e3506"), unit("rus-infantry-5", "e3607")
    sit = PACK.situation(Position("tk", (pole, russian), (), pact))
    assert sit.owner("e3607") == "RUS" and "e3607" not in PACK.zoc_of(sit, pole)
    assert PACK.zoc_of(sit, russian) == frozenset()
    at_war = PACK.situation(Position("tk", (pole, russian), (), GameState(nations=AT_WAR)))
    assert "e3607" in PACK.zoc_of(at_war, pole) and PACK.zoc_of(at_war, russian)


def test_a_zoc_crosses_the_beachhead_hexside_facing_the_shore_it_lands_on() -> None:
    # 8, 3.1.1: a Western Beachhead in the Channel (w3815) facing German-held Cherbourg (w3714):
    # its units and Cherbourg's project ZOC across that hexside, not toward Southampton (w3915)
    beach = MarkerPiece(id="bh", key="beachhead", name="Beachhead", hex="w3815")
    british, german = unit("br-infantry-1", "w3815"), unit("ger-inf-1-2-3", "w3714")
    sit = PACK.situation(Position("tk", (british, german), (beach,), GameState(nations=AT_WAR)))
    assert PACK.zoc_of(sit, british) == frozenset({"w3714"})
    assert "w3815" in PACK.zoc_of(sit, german)
    no_beach = PACK.situation(Position("tk", (british, german), (), GameState(nations=AT_WAR)))
    assert "w3815" not in PACK.zoc_of(no_beach, german)
