"""Ground and strategic movement (4.1, 4.2.3): legal paths, costs and what blocks a move.

Positions are built by hand on the real USE map; the Paris / Calais example of 4.2.3.1 and
6.4 is the backbone (French 10 Army in 2914, 6 Army in 3115, German 2P Army in 2915).
"""

from __future__ import annotations

from types import MappingProxyType

import pytest

from wargame.errors import DataError
from wargame.rules.position import GameState, NationState, Position, Unit
from wargame.rules.use.ground import situation
from wargame.rules.use.movement import (
    Ground,
    attack_cost,
    ground_path,
    load_costs,
    movement_points,
    step_cost,
    strategic_path,
)
from wargame.rules.use.zoc import zoc_map

NATIONS = MappingProxyType(
    {
        "FRA": NationState("active", "western"),
        "GER": NationState("active", "axis"),
        "UK": NationState("active", "western"),
        "BEL": NationState("active", "western"),
        "NET": NationState("active", "western"),
    }
)


def unit(
    uid: str, hex_id: str, nation: str = "FRA", faction: str = "western", utype: str = "infantry", supply: str = "full"
) -> Unit:
    return Unit(uid, uid, uid, faction, nation, "ground", utype, "field", supply=supply, hex=hex_id)


def german(uid: str, hex_id: str, utype: str = "tank", supply: str = "full") -> Unit:
    return unit(uid, hex_id, "GER", "axis", utype, supply)


def ground_for(mover: Unit, *others: Unit, weather: str = "Fair") -> Ground:
    state = GameState(weather=MappingProxyType(dict.fromkeys(("cold", "mild", "warm"), weather)), nations=NATIONS)
    sit = situation(Position("use", (mover, *others), (), state))
    return Ground(sit, zoc_map(sit), mover)


@pytest.fixture()
def paris() -> tuple[Unit, Unit, Unit]:
    return german("2P", "2915"), unit("10 Army", "2914"), unit("6 Army", "3115")


def test_movement_points_are_halved_out_of_full_supply():
    costs = load_costs()
    assert movement_points("infantry", "full", costs) == 8
    assert movement_points("tank", "full", costs) == 10
    assert movement_points("garrison", "low", costs) == 4
    assert movement_points("motorized", "none", costs) == 5


def test_paris_is_barred_because_10_army_zocs_both_hexes(paris):
    g = ground_for(*paris)
    result = ground_path(g, "2915", "3014", mp=10)
    assert not result.legal
    assert [v.rule for v in result.violations] == ["4.2.3.1"]
    assert "10 Army" in result.violations[0].text
    assert result.cheapest_legal is None


def test_first_move_may_go_into_a_different_units_zoc(paris):
    assert ground_path(ground_for(*paris), "2915", "3015", mp=10).legal


def test_first_move_out_of_ezoc_then_into_any_ezoc(paris):
    result = ground_path(ground_for(*paris), "2915", "2814", mp=10)
    assert result.legal
    assert result.path == ("2915", "2815", "2814")


def test_an_ezoc_is_sticky_after_the_first_move(paris):
    # once it has moved, 2P may not leave an EZOC hex: 3015 -> 3016 is barred
    g = ground_for(german("2P", "3015"), paris[1], paris[2])
    blocked = ground_path(g, "3015", "3016", mp=10, started=True)
    assert not blocked.legal
    assert blocked.violations[0].rule == "4.2.3.1"
    assert ground_path(g, "3015", "3016", mp=10).legal  # but fine as a first move


def test_attack_costs_match_the_example(paris):
    g = ground_for(*paris)
    assert attack_cost(g, "2915", "2914") == 3  # clear + river + Fair attack
    # after 10 Army retreats to Calais and 2P advances into 2914
    g2 = ground_for(german("2P", "2914"), unit("10 Army", "2813"), paris[2])
    assert attack_cost(g2, "2914", "2813") == 4  # enemy city + river + Fair attack


def test_poor_weather_makes_attacks_dearer(paris):
    assert attack_cost(ground_for(*paris, weather="Poor"), "2915", "2914") == 4


def test_friendly_unit_in_an_ezoc_cannot_be_entered():
    # 3.3 example: Germans in 2915, 3015, 3116; French in Paris
    mover = german("inf B", "3015", "infantry")
    g = ground_for(
        mover, german("inf A", "2915", "infantry"), german("inf C", "3116", "infantry"), unit("Paris garrison", "3014")
    )
    through = ground_path(g, "3015", "2916", mp=8)
    assert through.legal and "2915" not in through.path
    into = ground_path(g, "3015", "2915", mp=8)
    assert not into.legal
    assert "4.2.3.2" in {v.rule for v in into.violations}
    assert ground_path(g, "3015", "3216", mp=8).legal  # through 3116: no EZOC there


def test_exceeding_movement_points_names_the_cost():
    g = ground_for(german("inf", "2915", "infantry", supply="low"))
    result = ground_path(g, "2915", "2923", mp=4)
    assert not result.legal
    assert result.violations[0].rule == "4.2.1"
    assert result.cheapest_legal is not None and result.cheapest_legal > 4


def test_a_water_hexside_is_not_crossed():
    # 2812 (England) and Calais 2813 touch across the Channel: an all-water hexside
    g = ground_for(unit("BEF", "2812", "UK"))
    result = ground_path(g, "2812", "2813", mp=10)
    assert not result.legal
    assert [v.rule for v in result.violations] == ["1.3.3"]
    assert "water hexside" in result.violations[0].text


def test_transport_line_makes_steps_clear_but_not_into_enemy_cities():
    # 2919 -> 2920: woods, with a line across; the city in 3020 (Strasbourg, French in 1939)
    # lies across the Rhine with a line across
    g = ground_for(german("Pz", "2919"))
    assert step_cost(g, "2919", "2920") == (1, True)
    german_pz = ground_for(german("Pz", "2920"))
    assert step_cost(german_pz, "2920", "3020") == (3, False)  # enemy city 2 + river 1, no benefit
    assert step_cost(ground_for(unit("7 Army", "2920")), "2920", "3020") == (1, True)


def test_strategic_move_follows_lines_and_avoids_ezoc(paris):
    mover = german("2P", "2923")
    g = ground_for(mover, paris[1], paris[2])
    ok = strategic_path(g, "2923", "2923", supplied=lambda h: True)
    assert ok.legal
    far = strategic_path(g, "2923", "3014", supplied=lambda h: True)
    assert not far.legal
    assert {v.rule for v in far.violations} <= {"4.1.3", "1.3.3", "2.1.1.1", "1.3.2"}


def test_a_broken_costs_file_is_one_clear_error(tmp_path):
    bad = tmp_path / "movement.toml"
    bad.write_text("[points]\nleg = 'eight'\n")
    with pytest.raises(DataError, match="leg"):
        load_costs(bad)
