"""Naval movement (4.2.4, 6.4): paths through ports, Sea Zones and Map Boxes with their MP, the
rulebook's examples as tests (4.2.4, 4.2.4.4, 1.3.5, 6.4.3.2, 6.4.4), straits and canals that
close, the boxes a faction may not enter, where a move may end, Naval Transport in a log.

The strait cost is ours (rules.toml [movement] strait = 1: the Player Aid Sheet's value is not
in the rulebook); the examples say only how many straits each route pays for.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from wargame.rules.use.naval import naval_path, zones_within

from logmaker import LogMaker, layered
from test_check_support import M, U, position
from usecase import audit, problems, situation_of, status

WEST = status(
    UK="active western",
    FRA="active western",
    NET="active western",
    BEL="active western",
    GER="active axis",
    ITA="active axis",
    USA="active western",
)
ROTTERDAM, AMSTERDAM, BREST, PORT_SAID, SUEZ = "2516", "2517", "3107", "5347", "5547"
PLYMOUTH, CARDIFF, ALEXANDRIA, GIBRALTAR, CHERBOURG = "2807", "2608", "5443", "4806", "2910"
ISTANBUL, SAMSUN, ATHENS, SEVASTOPOL, VALLETTA = "4044", "4052", "4538", "3649", "4828"


def _mover(tmp_path, unit: U, props: dict, *extra):
    sit, _zoc = situation_of(position(tmp_path, [unit, *extra], props))
    return sit, sit.pos.units[0]


@pytest.mark.parametrize(
    "start, end, mp",
    [
        (ROTTERDAM, BREST, 3),  # 4.2.4: Sea Zones 11, 10 and 7; ports cost nothing
        (ROTTERDAM, AMSTERDAM, 1),  # 4.2.4: into Sea Zone 11 first, even for the next port
        (PORT_SAID, SUEZ, 2),  # 4.2.4: through the canal
        ("ENA", "NAO", 3),  # 4.2.4: a Map Box costs 3
        ("ENA", "SAO", 3),
        ("NAO", "ENA", 3),  # 1.3.5: an arrow joins them
        ("NAO", "WIO", 6),  # 1.3.5: no arrow: by the South Atlantic
        ("ARS", "SZ 31", 1),  # 1.3.5: a box and the Sea Zones it lists
        ("ARS", "SZ 32", 1),
        (PLYMOUTH, "WIO", 10),  # 6.4.4: SZ 7, NAO, SAO, WIO
        ("WIO", ALEXANDRIA, 7),  # 6.4.4: Arabian Sea, SZ 31, Suez, the canal, Port Said, SZ 26
        (ALEXANDRIA, SUEZ, 3),  # 6.4.4: SZ 26, Port Said, the canal
    ],
)
def test_the_rulebooks_naval_routes_cost_what_it_says(tmp_path, start, end, mp):
    sit, ship = _mover(tmp_path, U("UK", "naval", "surface", ROTTERDAM), WEST)
    found = naval_path(sit, ship, start, end, mp=10)
    assert found.legal and found.mp == mp, found


@pytest.mark.parametrize(
    "start, end, straits",
    [
        (ISTANBUL, SAMSUN, 0),  # 4.2.4.4: the strait points at Istanbul: no need to cross it
        (ISTANBUL, ATHENS, 1),  # 4.2.4.4: the Dardanelles (4141/4241)
        (ATHENS, SEVASTOPOL, 2),  # 4.2.4.4: two straits
    ],
)
def test_a_strait_is_paid_for_only_when_the_move_must_cross_it(tmp_path, start, end, straits):
    props = status(TUR="active soviet", GRE="active soviet", USSR="active soviet")
    sit, ship = _mover(tmp_path, U("USSR", "naval", "surface", ISTANBUL), props)
    found = naval_path(sit, ship, start, end, mp=10)
    zones = sum(1 for p in found.path if p.startswith("SZ "))
    assert found.legal and found.mp == zones + straits * sit.pack.costs.strait, found
    assert sit.map.hexes["4141"].country == "TUR"


def test_a_strait_closes_with_an_enemy_city_at_either_end_or_two_neutral_hexes(tmp_path):
    # 6.4.4's premise: Gibraltar taken by the Axis shuts the strait, so the way east is round Africa
    held = [M("control-axis", "Control", GIBRALTAR, "axis")]
    sit, ship = _mover(tmp_path, U("UK", "naval", "surface", PLYMOUTH), WEST, *held)
    around = naval_path(sit, ship, PLYMOUTH, ALEXANDRIA, mp=30)
    assert around.legal and "WIO" in around.path and around.mp == 17
    sit, ship = _mover(tmp_path, U("UK", "naval", "surface", PLYMOUTH), WEST)
    assert "WIO" not in naval_path(sit, ship, PLYMOUTH, ALEXANDRIA, mp=30).path
    sit, ship = _mover(
        tmp_path, U("USSR", "naval", "surface", SEVASTOPOL), status(GRE="active soviet", USSR="active soviet")
    )
    shut = naval_path(sit, ship, SEVASTOPOL, ATHENS, mp=10)
    assert not shut.legal and any("neutral" in why for _r, why in shut.problems)


def test_a_canal_closes_with_an_enemy_unit_next_to_it(tmp_path):
    sit, ship = _mover(tmp_path, U("UK", "naval", "surface", PORT_SAID), WEST, U("GER", "ground", "infantry", "5447"))
    found = naval_path(sit, ship, PORT_SAID, SUEZ, mp=10)
    assert not found.legal and found.problems[0][0] == "4.2.4.1"


@pytest.mark.parametrize(
    "nation, where, box", [("GER", BREST, "NAO"), ("USSR", "1546", "NAO"), ("UK", PLYMOUTH, "CRU")]
)
def test_the_map_boxes_a_naval_unit_may_not_enter(tmp_path, nation, where, box):
    # 4.2.4.1: no Map Box for the Axis; no Central Russia for the others; USSR only that one
    props = {**WEST, **status(USSR="active soviet", SWE="active western", DEN="active western")}
    sit, ship = _mover(
        tmp_path, U(nation, "naval", "surface", where), props, M("control-axis", "Control", BREST, "axis")
    )
    found = naval_path(sit, ship, where, box, mp=40)
    assert not found.legal and "4.2.4.1" in {rule for rule, _why in found.problems}
    assert any("Map Box" in why or "Central Russia" in why for _r, why in found.problems)


def test_naval_interception_reaches_two_sea_zones_without_straits(tmp_path):
    # 6.4.3.2 examples: from Malta Sea Zones 19, 22 and 24, not 21 (a strait); from the North
    # Atlantic box, Sea Zone 7. 1.4: a plain range of Sea Zones crosses straits.
    sit, _ship = _mover(tmp_path, U("UK", "naval", "surface", VALLETTA), WEST)
    assert zones_within(sit, VALLETTA, 2, straits=False, canals=False) == {19, 22, 24}
    assert zones_within(sit, "NAO", 1) == {7}
    assert 21 in zones_within(sit, VALLETTA, 2)


# -- in a log ------------------------------------------------------------------------------------


def _west_pieces(**extra):
    return {
        "convoy": (layered(U("USA", "naval", "convoy", CARDIFF)), CARDIFF),
        "ship": (layered(U("UK", "naval", "surface", PLYMOUTH)), PLYMOUTH),
        "air": (layered(U("UK", "air", "fighter", PLYMOUTH)), PLYMOUTH),
        "gib": (layered(M("control-axis", "Control", GIBRALTAR, "axis")), GIBRALTAR),
        **extra,
    }


def test_the_naval_transport_example_round_africa(tmp_path):
    # 6.4.4: the convoy rebases to Plymouth; the air unit activates and the convoy carries it to
    # the Western Indian Ocean (10 MP) with the warship as escort; again to Alexandria (7 MP);
    # the naval units go on to Suez
    maker = (
        LogMaker(_west_pieces(), "Western Operations", WEST)
        .move("convoy", PLYMOUTH)
        .move("air", "WIO")
        .move("convoy", "WIO")
        .move("ship", "WIO")
        .move("air", ALEXANDRIA)
        .move("convoy", ALEXANDRIA)
        .move("ship", ALEXANDRIA)
        .move("convoy", SUEZ)
        .move("ship", SUEZ)
    )
    a = audit(maker, tmp_path)
    assert problems(a) == []


def test_naval_transport_with_the_convoy_moving_first_or_after(tmp_path):
    pieces = {
        "inf": (layered(U("UK", "ground", "infantry", PLYMOUTH)), PLYMOUTH),
        "convoy": (layered(U("UK", "naval", "convoy", PLYMOUTH)), PLYMOUTH),
    }
    first = LogMaker(pieces, "Western Operations", WEST).move("convoy", CHERBOURG).move("inf", CHERBOURG)
    after = LogMaker(pieces, "Western Operations", WEST).move("inf", CHERBOURG).move("convoy", CHERBOURG)
    assert problems(audit(first, tmp_path, "a.vlog")) == []
    assert problems(audit(after, tmp_path, "b.vlog")) == []
    more = (
        LogMaker(pieces, "Western Operations", WEST)
        .move("inf", CHERBOURG)
        .move("convoy", CHERBOURG)
        .move("inf", "3010")
    )
    assert problems(audit(more, tmp_path, "c.vlog")) == [(3, "6.3")]


def test_a_ground_unit_may_not_move_and_then_sail(tmp_path):
    # 4.2.3.2: hex movement and Naval Transport do not mix in one activation
    pieces = {
        "inf": (layered(U("UK", "ground", "infantry", "2708")), "2708"),
        "convoy": (layered(U("UK", "naval", "convoy", PLYMOUTH)), PLYMOUTH),
    }
    maker = (
        LogMaker(pieces, "Western Operations", WEST)
        .move("inf", PLYMOUTH)
        .move("convoy", CHERBOURG)
        .move("inf", CHERBOURG)
    )
    assert (3, "4.2.3.2") in problems(audit(maker, tmp_path))


def test_naval_moves_that_break_the_rules(tmp_path):
    pieces = {
        "ship": (layered(U("UK", "naval", "surface", PLYMOUTH, sorties=6)), PLYMOUTH),
        "ger": (layered(U("GER", "naval", "surface", BREST)), BREST),
        "brest": (layered(M("control-axis", "Control", BREST, "axis")), BREST),
    }
    props = {**WEST, **status(FRA="conquered western")}
    tired = audit(LogMaker(pieces, "Western Operations", props).move("ship", CHERBOURG), tmp_path, "a.vlog")
    assert problems(tired) == [(1, "6.4")]
    enemy = audit(LogMaker(pieces, "Axis Operations", props).move("ger", "NAO"), tmp_path, "b.vlog")
    assert {rule for _s, rule in problems(enemy)} == {"4.2.4.1"}
    port = audit(LogMaker(pieces, "Axis Operations", props).move("ger", ROTTERDAM), tmp_path, "c.vlog")
    assert {rule for _s, rule in problems(port)} == {"4.2.4"}


def test_naval_transport_into_a_map_box_in_either_order(tmp_path):
    pieces = {
        "inf": (layered(U("UK", "ground", "infantry", PLYMOUTH)), PLYMOUTH),
        "convoy": (layered(U("UK", "naval", "convoy", PLYMOUTH)), PLYMOUTH),
    }
    first = LogMaker(pieces, "Western Operations", WEST).move("inf", "NAO").move("convoy", "NAO")
    assert problems(audit(first, tmp_path, "a.vlog")) == []
    after = LogMaker(pieces, "Western Operations", WEST).move("convoy", "NAO").move("inf", "NAO")
    assert problems(audit(after, tmp_path, "b.vlog")) == []
    alone = LogMaker(pieces, "Western Operations", WEST).move("inf", "NAO")
    assert problems(audit(alone, tmp_path, "c.vlog")) == [(1, "4.2.3")]
    inland = LogMaker(pieces, "Western Operations", WEST).move("inf", "2412")  # no port: judged as a move
    assert [s for s, _r in problems(audit(inland, tmp_path, "d.vlog"))] == [1]


def test_a_naval_move_may_not_end_where_an_enemy_unit_lies(tmp_path):
    # 4.2.4.1: Brest is a friendly port, but a German warship lies there
    pieces = {
        "c": (layered(U("UK", "naval", "convoy", PLYMOUTH)), PLYMOUTH),
        "x": (layered(U("GER", "naval", "surface", BREST)), BREST),
    }
    a = audit(LogMaker(pieces, "Western Operations", WEST).move("c", BREST), tmp_path)
    assert "4.2.4.1" in {rule for _s, rule in problems(a)}


def test_the_eastern_north_america_stacks_sail_to_britain(tmp_path):
    # 3.3 example: two convoys, a warship and two ground units of the USA in the Eastern North
    # America Box make two stacks (units in a box count as stacked as the owner chooses): each
    # convoy carries one ground unit to Britain, the warship escorting one of them
    pieces = {
        "i1": (layered(U("USA", "ground", "infantry", "ENA")), "ENA"),
        "i2": (layered(U("USA", "ground", "infantry", "ENA")), "ENA"),
        "c1": (layered(U("USA", "naval", "convoy", "ENA")), "ENA"),
        "c2": (layered(U("USA", "naval", "convoy", "ENA")), "ENA"),
        "w": (layered(U("USA", "naval", "surface", "ENA")), "ENA"),
    }
    maker = (
        LogMaker(pieces, "Western Operations", WEST)
        .move("i1", PLYMOUTH)
        .move("c1", PLYMOUTH)
        .move("w", PLYMOUTH)
        .move("i2", "2408")
        .move("c2", "2408")
    )  # Liverpool: ENA, NAO, SZ 7, 9, 8 (6 MP)
    assert problems(audit(maker, tmp_path)) == []


def test_an_escort_sails_with_its_convoy_and_the_interdicted_convoy_reaches_tripoli(tmp_path):
    # 6.4.2 example: the Italian warship escorts the convoy from Taranto to Benghazi, both in Sea
    # Zone 24 (1 MP); 5.2.1 example: the convoy from Catania enters Sea Zone 22 and is put in
    # Tripoli, a port of that zone (entering a port costs nothing)
    props = status(ITA="active axis", GER="active axis", UK="active western")
    pieces = {
        "c": (layered(U("ITA", "naval", "convoy", "4229")), "4229"),
        "w": (layered(U("ITA", "naval", "surface", "4229")), "4229"),
        "c2": (layered(U("ITA", "naval", "convoy", "4628")), "4628"),
    }
    a = audit(
        LogMaker(pieces, "Axis Operations", props).move("c", "5335").move("w", "5335").move("c2", "5227"), tmp_path
    )
    assert problems(a) == []
    sit, ship = _mover(tmp_path, U("ITA", "naval", "convoy", "4628"), props)
    assert naval_path(sit, ship, "4628", "5227", mp=10).mp == 1


def test_interception_from_a_strait_port_and_from_catania(tmp_path):
    # 6.4.3.1 example: a warship in Gibraltar ignores the strait pointing at it and intercepts in
    # Sea Zone 16 or 17; 6.3.2.6 example: the Italian warship in Catania (Sea Zone 22) intercepts
    # in Sea Zone 19, the UK carrier in Malta in 22 and 24 (6.4.3.3)
    sit, _ship = _mover(tmp_path, U("UK", "naval", "surface", GIBRALTAR), WEST)
    assert {16, 17} <= zones_within(sit, GIBRALTAR, 2, straits=False, canals=False)
    assert 19 in zones_within(sit, "4628", 2, straits=False, canals=False)
    assert {22, 24} <= zones_within(sit, VALLETTA, 2, straits=False, canals=False)
