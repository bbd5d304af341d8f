"""The rules follow a country's faction and status as the game state gives them, not the side
printed on its counters: pinned on the findings the scenario setups first produced."""

from __future__ import annotations

from wargame.mapdata import load_game
from wargame.rules.use import check

from test_check_support import U, position

FREE_FRENCH = {"Status_FNA": "active western", "Status_FRA": "conquered western"}


def test_free_french_counters_printed_axis_fight_for_the_western_faction_their_country_joined(tmp_path):
    casablanca = load_game("use").city("Casablanca").hex
    pos = position(
        tmp_path,
        [
            U("FNA", "naval", "surface", casablanca, faction="axis"),
            U("FNA", "ground", "infantry", "4716", faction="axis"),
        ],
        FREE_FRENCH,
    )
    result = check(pos)
    assert {u.faction for u in result.situation.pos.units} == {"western"}
    assert not [f for f in result.findings if f.check == "placement"]  # Casablanca is a friendly port
    assert result.zoc.ezoc("4717", "axis") and not result.zoc.ezoc("4717", "western")
    assert {f.faction for f in result.findings} <= {"western"}


def test_a_country_still_on_its_printed_side_keeps_its_counters_there(tmp_path):
    pos = position(
        tmp_path,
        [U("FNA", "ground", "infantry", "4716", faction="axis")],
        {"Status_FNA": "active axis", "Status_FRA": "conquered western"},
    )
    assert check(pos).situation.pos.units[0].faction == "axis"


def test_french_north_africa_once_created_owns_its_cities_and_they_supply_its_units_in_full(tmp_path):
    m = load_game("use")
    algiers = m.city("Algiers").hex
    assert m.hexes[algiers].country == "FRA" and m.hexes[algiers].area == "French North Africa"
    pos = position(tmp_path, [U("FNA", "ground", "infantry", algiers, faction="axis")], FREE_FRENCH)
    result = check(pos)
    assert result.situation.owner(algiers) == "FNA" and result.situation.is_mainland(algiers, "FNA")
    found = result.supply.lines["1"]
    assert (found.state, found.source, found.limited) == ("full", "Algiers", False)


def test_while_french_north_africa_has_not_been_created_its_area_stays_french(tmp_path):
    algiers = load_game("use").city("Algiers").hex
    result = check(position(tmp_path, [U("FRA", "ground", "infantry", algiers)]))
    assert result.situation.owner(algiers) == "FRA" and not result.situation.is_mainland(algiers, "FRA")
