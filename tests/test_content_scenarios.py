"""USE scenario skeletons: they load, fit the order of battle, and bad setups fail clearly."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from wargame.content import Content, Scenario, default_folder, load_content, load_scenario, load_scenarios
from wargame.errors import DataError

from grids import USE

FOLDER = default_folder("use") / "scenarios"


@pytest.fixture(scope="module")
def use() -> Content:
    return load_content(default_folder("use"))


@pytest.fixture(scope="module")
def scenarios(use: Content) -> dict[str, Scenario]:
    return dict(load_scenarios(FOLDER, use))


def test_the_five_scenarios_load_with_their_lengths(scenarios: dict[str, Scenario]) -> None:
    assert {k: s.turns for k, s in scenarios.items()} == {
        "france_1940": 4, "barbarossa_1941": 11, "mediterranean_1941": 28, "overlord_1944": 12, "campaign_1939": 72,
    }  # fmt: skip


def test_scenario_ends_sits_on_the_last_turn(scenarios: dict[str, Scenario]) -> None:
    for scenario in scenarios.values():
        months = [p.when.month for p in scenario.setup if p.counter == "policy-ends" and p.when]
        assert scenario.last_turn in months, scenario.key


def test_every_faction_in_play_has_ground_and_air_units_on_the_map(
    use: Content, scenarios: dict[str, Scenario]
) -> None:
    for scenario in scenarios.values():
        on_map = scenario.units_at_start()
        for faction in scenario.factions:
            nations = {n for n, s in scenario.nations.items() if s.faction == faction and s.status == "active"}
            kinds = {use.units[k].kind for k in on_map if use.units[k].nation in nations}
            assert {"ground", "air"} <= kinds, (scenario.key, faction)


def test_every_scenario_rule_and_victory_condition_is_written_out(scenarios: dict[str, Scenario]) -> None:
    for scenario in scenarios.values():
        assert set(scenario.victory) == {*scenario.factions, "check"}
        assert all(len(r.text) > 40 for r in scenario.special_rules)


def test_the_campaign_uses_every_historical_unit_of_the_nations_at_war(
    use: Content, scenarios: dict[str, Scenario]
) -> None:
    campaign = scenarios["campaign_1939"]
    listed = Counter(p.counter for p in campaign.setup if p.is_unit)
    at_war = {n for n, s in campaign.nations.items() if s.status == "active"}
    for unit in use.units.values():
        if unit.what_if:
            assert unit.key not in listed
        elif unit.nation in at_war or unit.arrives.month is not None:
            assert listed[unit.key] == 1, unit.key


def test_france_1940_pits_the_german_army_against_the_allies(use: Content, scenarios: dict[str, Scenario]) -> None:
    on_map = scenarios["france_1940"].units_at_start()
    ground = Counter(use.units[k].nation for k in on_map if use.units[k].kind == "ground")
    assert ground["GER"] == 18 and ground["FRA"] == 19 and ground["UK"] == 7
    mobile = [k for k in on_map if use.units[k].nation == "GER" and use.units[k].mobile]
    assert sorted(mobile) == ["ger-xiv", "ger-xix", "ger-xli", "ger-xv", "ger-xvi"]


def test_overlord_has_the_guards_in_place_of_the_armies_they_replaced(
    use: Content, scenarios: dict[str, Scenario]
) -> None:
    on_map = scenarios["overlord_1944"].units_at_start()
    for key in on_map:
        old = use.units[key].replaces
        if old and not old.startswith("type:"):
            assert old not in on_map


def test_the_tobruk_fort_stands_where_the_rules_put_it(scenarios: dict[str, Scenario]) -> None:
    fort = [p for p in scenarios["mediterranean_1941"].setup if p.counter == "fort-tobruk"]
    assert [p.where for p in fort] == ["5339"]  # 13.1.2.1


DIPLOMACY_POLICIES = {"appeasement", "nazi_soviet_pact", "moscow_treaty"}  # 10.2.1


def _cup(scenario: Scenario, where: str = "cup") -> Counter:
    held: Counter = Counter()
    for p in scenario.setup:
        if p.where == where:
            held[p.counter] += p.count
    return held


def test_a_scenario_that_plays_the_diplomacy_phase_starts_with_markers_in_the_cup(
    scenarios: dict[str, Scenario],
) -> None:
    # 10.2.1: the Diplomacy Phase is played while Appeasement, the Pact or the Moscow Treaty is
    # in effect. The Campaign and France 1940 start under the Pact. Barbarossa (the Pact has just
    # ended), the Mediterranean and Overlord start with none of the three, and none can begin
    # before they end: the Moscow Treaty follows a USSR collapse and starts in the December of the
    # next year at the earliest (13.2.1.1), after Apr-42; the USSR is not in the Mediterranean
    # scenario and cannot collapse from 1943 on (13.2). Their cups are never drawn from.
    played = {k for k, s in scenarios.items() if DIPLOMACY_POLICIES & set(s.policies)}
    assert played == {"campaign_1939", "france_1940"}
    assert {k for k, s in scenarios.items() if _cup(s)} == played


def test_france_1940s_cup_is_the_campaigns_with_what_the_war_so_far_put_in(scenarios: dict[str, Scenario]) -> None:
    campaign, france = _cup(scenarios["campaign_1939"]), _cup(scenarios["france_1940"])
    # 13.2.2: the Axis put a Pro-Axis marker in the cup for each of Poland, Denmark and Norway
    assert france - campaign == Counter({"pro-axis": 3})
    # Karelia was ceded by Area Seized (14.2): drawn, it waits in the Holding Box (10.2.2)
    assert campaign - france == Counter({"area-seized": 1})
    assert _cup(scenarios["france_1940"], "holding_box") == Counter({"area-seized": 1})
    assert "karelia" in scenarios["france_1940"].ceded


def test_every_counter_on_the_map_has_a_hex_of_the_grid(use: Content) -> None:
    for scenario in load_scenarios(FOLDER, use, USE).values():
        assert scenario.unplaced() == (), scenario.key
        for p in scenario.setup:
            if p.where.isdigit():
                assert USE.hex_id(USE.parse(p.where)) == p.where


def test_a_hex_off_the_grid_names_the_line(use: Content, tmp_path: Path) -> None:
    path = broken(tmp_path, "france_1940", ".csv", "ger-2,2821", "ger-2,5999")
    with pytest.raises(DataError) as caught:
        load_scenario(path, use, USE)
    assert "france_1940.csv: line 2, column where" in str(caught.value)


def test_a_marker_may_start_back_side_up(scenarios: dict[str, Scenario]) -> None:
    fort = next(p for p in scenarios["mediterranean_1941"].setup if p.counter == "fort-tobruk")
    assert fort.flipped  # the British hold Tobruk in February 1941


def test_only_a_two_sided_marker_can_show_its_back(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "mediterranean_1941", ".csv", "fort-gre,4138,,,,,", "fort-gre,4138,,,,back,"))
    assert "column face" in message and "no back face" in message


# -- bad setups ---------------------------------------------------------------------------------


def broken(tmp_path: Path, name: str, file: str, old: str, new: str) -> Path:
    """A copy of one scenario with ``old`` replaced by ``new`` in its .toml or .csv."""
    for suffix in (".toml", ".csv"):
        shutil.copy(FOLDER / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    target = tmp_path / f"{name}{file}"
    text = target.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {target.name}"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / f"{name}.toml"


def fails(use: Content, path: Path) -> str:
    with pytest.raises(DataError) as caught:
        load_scenario(path, use)
    return str(caught.value)


def test_a_misspelt_policy_names_the_line_and_the_near_miss(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".toml", '"nazi_soviet_pact"', '"nazi_soviet_pakt"'))
    assert "france_1940.toml: line 7, policies" in message and '(did you mean "nazi_soviet_pact"?)' in message


def test_a_misspelt_counter_names_line_and_near_miss(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "ger-xix,", "ger-xixx,"))
    assert "france_1940.csv: line 12, column counter" in message and '(did you mean "ger-xix"?)' in message


def test_a_unit_of_a_neutral_nation_cannot_start_on_the_map(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "fra-1,2815", "bel-i,2815"))
    assert "bel-i belongs to BEL, which is neutral here" in message and "13.1.2" in message


def test_a_counter_set_up_twice_is_refused(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "fra-2,2917", "fra-1,2917"))
    assert "column count" in message and "2 fra-1 counters set up but only 1 exist" in message


def test_a_garrison_cannot_start_at_full_strength(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "fra-corse,4021,", "fra-corse,4021,full"))
    assert "column strength" in message and "always reduced" in message


def test_a_what_if_unit_is_kept_out_of_historical_scenarios(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "ger-nord,2323", "ger-graf-zeppelin,2323"))
    assert "what-if" in message


def test_a_reinforcement_after_the_scenario_is_refused(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "fra-10,Jun-40", "fra-10,Jun-41"))
    assert "column where" in message and "Jun-41 is outside the scenario" in message


def test_a_misspelt_box_suggests_the_box(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "fra-algerie,conditional", "fra-algerie,conditonal"))
    assert "column where" in message and '(did you mean "conditional"?)' in message


def test_a_faction_without_victory_conditions_is_refused(use: Content, tmp_path: Path) -> None:
    message = fails(
        use, broken(tmp_path, "france_1940", ".toml", 'western = "France is not', 'westren = "France is not')
    )
    assert "victory" in message and '(did you mean "western"?)' in message


def test_an_unknown_nation_in_the_nations_table_suggests_the_nation(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".toml", "\nUK = {", "\nUKK = {"))
    assert "nations.UKK" in message and '(did you mean "UK"?)' in message


def test_a_predecessor_and_its_upgrade_cannot_both_start(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "overlord_1944", ".csv", "ussr-3,2546", "ussr-62,2546"))
    assert "ussr-62 is set up, but ussr-8-gds" in message and "8.2" in message


def test_only_upgrade_units_wait_in_the_upgrade_box(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".csv", "fra-10,Jun-40", "fra-10,upgrade"))
    assert "fra-10 is not an Upgrade unit" in message


def test_a_scenario_without_its_setup_file_is_named(use: Content, tmp_path: Path) -> None:
    shutil.copy(FOLDER / "france_1940.toml", tmp_path / "france_1940.toml")
    message = fails(use, tmp_path / "france_1940.toml")
    assert message.endswith("france_1940.csv: file not found")


def test_broken_toml_is_one_clear_error(use: Content, tmp_path: Path) -> None:
    message = fails(use, broken(tmp_path, "france_1940", ".toml", 'last_turn = "Aug-40"', "last_turn = Aug-40"))
    assert "france_1940.toml: is not valid TOML" in message
