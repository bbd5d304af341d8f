"""Strategic movement (4.1): the rulebook's example from Kharkov to Palermo (4.1.4), which
crosses the Strait of Messina on its Transport Line as a supply line does; a unit under a
Strategic Move marker does not activate in the Operations Phase (4.1.4); no fort at the end.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from wargame.rules.use.movement import Ground, strategic_path

from logmaker import LogMaker, layered
from test_check_support import M, U, position
from usecase import audit, problems, situation_of, status

DEC_41 = status(
    GER="active axis",
    ITA="active axis",
    ROM="active axis",
    HUN="active axis",
    USSR="active soviet",
    POL="conquered western",
    YUG="conquered western",
    FRA="conquered western",
)


def _example(**extra):
    return {
        "air": (layered(U("GER", "air", "fighter", "2951")), "2951"),
        "kharkov": (layered(U("USSR", "ground", "infantry", "2952")), "2952"),
        "kiev": (layered(M("control-axis", "Control", "2946", "axis")), "2946"),
        **extra,
    }


def test_the_kharkov_to_palermo_example_is_a_legal_strategic_move(tmp_path):
    # 4.1.4 example: the German air unit starts in the EZOC of the USSR unit in Kharkov, follows
    # the Transport Line around every EZOC all the way to Palermo, a supply line from each hex
    a = audit(
        LogMaker(_example(), "Axis Strategic Movement", {**DEC_41, "Month": "Dec-41"}).move(
            "air", "4527", "the Luftwaffe goes south"
        ),
        tmp_path,
    )
    assert problems(a) == []


def test_the_strategic_path_crosses_messina_on_its_transport_line(tmp_path):
    pos = position(
        tmp_path,
        [
            U("GER", "air", "fighter", "2951"),
            U("USSR", "ground", "infantry", "2952"),
            M("control-axis", "Control", "2946", "axis"),
        ],
        DEC_41,
    )
    sit, zoc = situation_of(pos)
    found = strategic_path(Ground(sit, zoc, sit.pos.units[0]), "2951", "4527", supplied=lambda h: True)
    assert found.legal
    assert ("4529", "4528") in list(zip(found.path, found.path[1:]))
    assert sit.map.side("4528", "4529").water and sit.map.side("4528", "4529").transport


def test_entering_an_ezoc_on_the_way_is_not_allowed(tmp_path):
    # 4.1.3: the same move into a hex next to Kharkov: a second USSR unit's ZOC blocks 2950
    pieces = _example(blocker=(layered(U("USSR", "ground", "infantry", "3050")), "3050"))
    a = audit(LogMaker(pieces, "Axis Strategic Movement", DEC_41).move("air", "2950"), tmp_path)
    assert problems(a) == [(1, "4.1.3")]
    assert "EZOC" in a.findings[0].reason


def test_a_unit_under_a_strategic_move_marker_does_not_activate_in_operations(tmp_path):
    pieces = {
        "tank": (layered(U("GER", "ground", "tank", "2626")), "2626"),
        "sm": (layered(M("strategic-move-axis", "Strategic Move", "2626", "axis")), "2626"),
        "inf": (layered(U("GER", "ground", "infantry", "2525")), "2525"),
    }
    a = audit(LogMaker(pieces, "Axis Operations", DEC_41).move("inf", "2524").move("tank", "2627"), tmp_path)
    assert problems(a) == [(2, "4.1.4")]


def test_a_strategic_move_may_not_end_in_a_fort(tmp_path):
    # 4.1.4: moving into the fort hex without staying on top of the marker occupies it
    pieces = {
        "inf": (layered(U("GER", "ground", "infantry", "3124")), "3124"),
        "fort": (layered(M("fort-ger", "Fort", "3223", "axis", "GER")), "3223"),
    }
    a = audit(LogMaker(pieces, "Axis Strategic Movement", DEC_41).move("inf", "3223"), tmp_path, "a.vlog")
    assert problems(a) == [(1, "4.1.4")]
    b = audit(LogMaker(pieces, "Axis Strategic Movement", DEC_41).move("inf", "3223", under="fort"), tmp_path, "b.vlog")
    assert problems(b) == []


def test_every_hex_a_strategic_move_enters_needs_a_supply_line(tmp_path):
    # 4.1.2: along the Libyan coast road the Italian unit traces to Tripoli; a German unit there has
    # no source it can trace to (no convoy carries a sea line for it), so it may not move
    props = status(GER="active axis", ITA="active axis", UK="active western", FRA="active western")
    for nation, expected in (("ITA", []), ("GER", [(1, "4.1.2")])):
        pieces = {"u": (layered(U(nation, "ground", "infantry", "5227")), "5227")}
        a = audit(LogMaker(pieces, "Axis Strategic Movement", props).move("u", "5335"), tmp_path, f"{nation}.vlog")
        assert problems(a) == expected
