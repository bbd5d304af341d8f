"""The committed USE content: complete against the rules' lists and plausible as an order of battle."""

from __future__ import annotations

import csv
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from wargame.content import Content, Month, default_folder, load_content

# Country list 16.0: abbreviation -> (National Will, factories); None = not tracked (USA).
COUNTRY_LIST = {
    "BEL": (2, 1), "BUL": (4, 1), "DEN": (2, 1), "EST": (2, 1), "FIN": (4, 2), "FRA": (30, 8),
    "FNA": (5, 2), "GER": (45, 13), "GRE": (4, 1), "HUN": (4, 1), "IRQ": (2, 1), "IRE": (3, 1),
    "ITA": (12, 6), "LAT": (2, 1), "LIT": (2, 1), "NET": (2, 1), "NOR": (3, 1), "POL": (12, 3),
    "POR": (4, 1), "ROM": (6, 2), "SPA": (8, 4), "SWE": (4, 2), "SYR": (2, 1), "TUR": (8, 3),
    "UK": (20, 9), "USA": (10, None), "USSR": (85, 9), "VIC": (6, 2), "YUG": (6, 2),
}  # fmt: skip

# Disputed area list 17.0: name -> (part of, may be ceded to).
DISPUTED = {
    "Alsace-Lorraine": ("FRA", "GER"), "Bessarabia": ("ROM", "USSR"), "Eastern Poland": ("POL", "USSR"),
    "Estonia": ("EST", "USSR"), "Karelia": ("FIN", "USSR"), "Latvia": ("LAT", "USSR"),
    "Lithuania": ("LIT", "USSR"), "Polish Corridor": ("POL", "GER"),
}  # fmt: skip

# Every marker named in 14.0 and 15.0 (USE 4.4), by the name our table uses.
RULE_MARKERS = {
    "Airdrop", "Area Seized", "Convoy Action", "Free Forces", "Ground Support", "Heavy Arty", "Jets",
    "Naval Evacuation", "No Event", "Partisans", "Political Failure", "Political Success", "Rockets",
    "SNAFU", "Submarines", "Surface Action", "Surprise Attack", "Tanks", "ULTRA",
    "DRM Attacker", "DRM Defender", "Appsmt or Pact Ends", "Assault", "Bombed", "Ceded",
    "Commonwealth Trade", "Control", "Economic Reforms", "Fac Count", "Fac Lost", "Factory", "Fort",
    "Lend Lease to UK", "Lend Lease to USSR", "Moscow Treaty", "Movement Points", "Mulberry", "No EZOC",
    "Nuclear Strike", "Pro-Axis", "Pro-Western", "Pro-Soviet", "Prod 1s", "Prod 10s", "Prod x2",
    "Policy Evaluation", "Sorties 1", "Sorties 2", "Sorties 3", "Sorties 4", "Sorties 5", "Sorties 6",
    "Russian Winter", "Strategic Move", "Strict Neutrality", "Supply", "Turn", "Urals Fac", "USA Entry",
    "Variable Entry", "Weather", "Will 1s", "Will 10s", "Will Commit",
}  # fmt: skip


# Areas of the country list the map data does not draw yet (reported to the map's owner).
MAP_GAPS: set[str] = set()


@pytest.fixture(scope="module")
def use() -> Content:
    return load_content(default_folder("use"))


def test_every_country_of_the_country_list_is_a_nation_with_its_will_and_factories(use: Content) -> None:
    assert {n: (v.will, v.factories) for n, v in use.nations.items()} == COUNTRY_LIST


def test_the_majors_are_the_six_great_powers(use: Content) -> None:
    assert {n for n, v in use.nations.items() if v.major} == {"GER", "ITA", "FRA", "UK", "USA", "USSR"}


def test_vichy_north_africa_and_syria_exist_only_after_the_fall_of_france(use: Content) -> None:
    assert {n for n, v in use.nations.items() if v.conditional} == {"FNA", "SYR", "VIC"}


def test_overseas_areas_follow_the_country_list(use: Content) -> None:
    assert use.nations["GER"].mainland == ("Germany and East Prussia",)
    assert use.nations["ITA"].overseas == ("Albania", "Libya", "Rhodes", "Sardinia")
    assert set(use.nations["UK"].overseas) == {
        "Cyprus", "Egypt", "Gibraltar", "Kuwait", "Malta", "Palestine", "Trans-Jordan",
    }  # fmt: skip
    assert use.nations["USA"].mainland == ("Eastern North America",)


def test_areas_and_capitals_are_the_ones_the_map_names(use: Content) -> None:
    # Cross-check with the committed map data (scenarios/use/map/), read as plain CSV.
    folder = default_folder("use") / "map"
    if not (folder / "hexes.csv").is_file() or not (folder / "cities.csv").is_file():
        pytest.skip("the map data is not committed yet")
    with (folder / "hexes.csv").open(encoding="utf-8", newline="") as handle:
        hexes = list(csv.DictReader(handle))
    areas = {row["area"] for row in hexes} | set(use.settings.map_boxes)
    assert {row["disputed"] for row in hexes} - {""} == {a.name for a in use.disputed_areas.values()}
    with (folder / "cities.csv").open(encoding="utf-8", newline="") as handle:
        cities = {row["name"]: row["country"] for row in csv.DictReader(handle)}
    for nation in use.nations.values():
        if nation.conditional:  # Vichy, French North Africa and Syria are carved out of France later
            assert nation.capital in cities
            continue
        assert set(nation.mainland + nation.overseas) - areas <= MAP_GAPS, nation.abbr
        if nation.capital:
            assert cities.get(nation.capital) == nation.abbr, nation.abbr


def test_disputed_areas_follow_rule_17(use: Content) -> None:
    got = {a.name: (a.part_of, a.ceded_to) for a in use.disputed_areas.values()}
    assert got == DISPUTED
    assert {a.part_of for a in use.disputed_areas.values() if a.whole_country} == {"EST", "LAT", "LIT"}


def test_every_nation_and_faction_names_a_colour_scheme_of_the_art(use: Content) -> None:
    # The colours themselves live in art/ (one source of truth for the renderer and the module).
    art = Path(__file__).resolve().parents[1] / "art"
    nations = tomllib.loads((art / "nations.toml").read_text(encoding="utf-8"))
    markers = tomllib.loads((art / "markers.toml").read_text(encoding="utf-8"))
    assert {n.scheme for n in use.nations.values()} <= set(nations)
    assert {f.scheme for f in use.factions.values()} <= set(markers)


def test_every_nation_fields_ground_units_and_the_majors_air_and_naval_units(use: Content) -> None:
    kinds = Counter((u.nation, u.kind) for u in use.units.values() if not u.what_if)
    for abbr, nation in use.nations.items():
        assert kinds[abbr, "ground"] >= 1, abbr  # Home Defense needs one (10.3.1)
        if nation.major:
            assert kinds[abbr, "ground"] >= 10, abbr
            assert kinds[abbr, "air"] >= 4, abbr
            assert kinds[abbr, "naval"] >= 4, abbr
            assert any(u.type == "convoy" for u in use.units_of(abbr)), abbr


def test_the_order_of_battle_has_the_weight_of_the_war(use: Content) -> None:
    ground = Counter(u.nation for u in use.units.values() if u.kind == "ground" and not u.what_if)
    assert ground["USSR"] > ground["GER"] > ground["UK"] > ground["ITA"] > ground["POL"]
    assert ground["FRA"] > ground["UK"]  # in 1940 France fielded far more armies than Britain
    assert 300 <= use.unit_counters() <= 600


def test_counter_total_is_near_the_published_mix(use: Content) -> None:
    total = use.unit_counters() + use.marker_counters()
    published = use.settings.published_counters
    assert published is not None and 0.8 * published <= total <= 1.2 * published


def test_germany_and_its_allies_have_no_upgrade_units(use: Content) -> None:
    # 8.2: the historical scenarios give the Axis no Upgrade unit.
    axis = {n for n, v in use.nations.items() if v.joined == "axis"}
    assert not [u.key for u in use.units.values() if u.upgrade and u.nation in axis]


def test_shock_and_guards_armies_are_elite_and_guards_are_motorized_upgrades(use: Content) -> None:
    soviet = use.units_of("USSR")
    shock = [u for u in soviet if "Shock" in u.id]
    guards = [u for u in soviet if u.id.endswith("Gds")]
    assert len(shock) == 5 and all(u.elite and u.type == "infantry" for u in shock)
    assert len(guards) >= 8 and all(u.elite and u.upgrade and u.type == "motorized" for u in guards)


def test_upgrades_replace_an_existing_unit_of_their_own_nation(use: Content) -> None:
    for unit in use.units.values():
        if unit.replaces and not unit.replaces.startswith("type:"):
            old = use.units[unit.replaces]
            assert old.nation == unit.nation and not old.upgrade
            assert old.arrives.month is None or unit.arrives.month is None or old.arrives.month < unit.arrives.month


def test_field_units_have_two_sides_and_everything_else_one(use: Content) -> None:
    for unit in use.units.values():
        assert unit.sides == (2 if unit.category == "field" else 1), unit.key


def test_the_rulebook_example_units_exist(use: Content) -> None:
    ids = {(u.nation, u.id) for u in use.units.values()}
    for example in [("GER", "Afrika"), ("GER", "2 Pz"), ("FRA", "10"), ("FRA", "6"), ("ITA", "5"), ("ITA", "10"),
                    ("ITA", "1 Fleet"), ("ITA", "2 Fleet"), ("ITA", "1 Convoy"), ("ITA", "2 Convoy"),
                    ("ITA", "1 Air"), ("UK", "Force H"), ("USSR", "5 Shock"), ("USSR", "11 Gds")]:  # fmt: skip
        assert example in ids
    assert use.units["uk-force-h"].type == "carrier"


def test_what_if_units_are_few_and_marked(use: Content) -> None:
    what_if = [u for u in use.units.values() if u.what_if]
    assert 1 <= len(what_if) <= 10


def test_border_and_reserve_units_wait_for_their_events(use: Content) -> None:
    by_event = Counter(u.arrives.event for u in use.units.values() if u.arrives.event)
    assert by_event["ussr_northern_border"] == 2  # 13.6: two USSR ground units
    assert by_event["ussr_southern_border"] == 2  # 13.7
    reserves = [u for u in use.units.values() if u.arrives.event == "east_invaded" and u.arrives.offset == 6]
    assert len(reserves) == 4 and {u.nation for u in reserves} == {"USSR"}  # 13.3: four reserves at +6
    crisis = {u.nation for u in use.units.values() if u.arrives.event == "mediterranean_crisis"}
    assert crisis == {"FRA", "UK"}  # 13.4: French and UK reserves


def test_every_marker_of_rules_14_and_15_is_in_the_table(use: Content) -> None:
    names = {m.name for m in use.markers.values()}
    assert names >= RULE_MARKERS
    assert {m.name for m in use.markers.values() if m.kind == "event"} == {n for n in RULE_MARKERS if n in {
        "Airdrop", "Area Seized", "Convoy Action", "Free Forces", "Ground Support", "Heavy Arty", "Jets",
        "Naval Evacuation", "No Event", "Partisans", "Political Failure", "Political Success", "Rockets",
        "SNAFU", "Submarines", "Surface Action", "Surprise Attack", "Tanks", "ULTRA"}}  # fmt: skip


def test_two_sided_markers_have_both_faces(use: Content) -> None:
    faces = {m.key: (m.front, m.back) for m in use.markers.values()}
    assert faces["supply"] == ("Low Supply", "No Supply")
    assert faces["policy-ends"] == ("Appsmt or Pact Ends", "Scenario Ends")
    assert faces["usa-entry"] == ("USA Entry", "Variable Arrival")
    assert faces["fort-tobruk"] == ("Fort ITA", "Fort UK")


def test_marker_limits_of_the_rules_are_respected(use: Content) -> None:
    markers = use.markers
    assert markers["bombed"].count == 8  # 15.4
    assert all(markers[f"pro-{f}"].count == 8 for f in use.factions)  # 15.19
    assert all(markers[f"sorties-{s}"].count >= 1 for s in range(1, 7))  # 15.22
    assert sum(m.count for m in markers.values() if m.name == "Strategic Move") == len(use.factions)  # 4.1


def test_each_disputed_area_has_its_ceded_marker(use: Content) -> None:
    ceded = {m.about for m in use.markers.values() if m.name == "Ceded"}
    assert ceded == set(use.disputed_areas)


def test_every_nation_tracks_will_and_all_but_the_usa_production(use: Content) -> None:
    for name in ("Will 1s", "Will 10s", "Prod 1s", "Prod 10s"):
        owners = {m.nation for m in use.markers.values() if m.name == name}
        expected = set(use.nations) - ({"USA"} if name.startswith("Prod") else set())
        assert owners == expected, name


def test_weather_markers_cover_the_zones_that_roll(use: Content) -> None:
    zones = {m.about for m in use.markers.values() if m.name == "Weather"}
    assert zones == set(use.settings.weather_zones) - {"desert"}  # the desert is always fair (11.0)


def test_policies_are_the_six_of_rule_10_3(use: Content) -> None:
    assert {p.rules[0] for p in use.policies.values()} == {f"10.3.{i}" for i in range(1, 7)}


def test_one_time_events_are_marked_once(use: Content) -> None:
    once = {k for k, e in use.events.items() if e.once}
    assert {"east_invaded", "west_invaded", "mediterranean_crisis", "usa_entry"} <= once
    assert "country_conquered" not in once


def test_turn_arithmetic_counts_like_rule_1_6() -> None:
    assert Month.parse("Jun-41").plus(6) == Month.parse("Dec-41")
    assert str(Month.parse("Nov-44").plus(3)) == "Feb-45"
    assert Month.parse("Sep-39") < Month.parse("Jan-40")
