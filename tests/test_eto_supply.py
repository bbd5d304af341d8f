"""ETO supply (32.0-33.5) on positions written by our own save writer: the examples of play
first, then each part of the rule: the hexes a line may use (32.3, 24.1, 45.6), the sources
(32.1, 32.2, 41.3, 43.2), isolation (32.8), the sources of limited capacity shared so that as
many units as possible are supplied (32.1, 32.4), and the Out of Supply markers (33.3-33.5)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from wargame.games import find_game
from wargame.rules.eto.supply import Tracer

from test_check_support import M, U, position

FACTION = {
    "GER": "axis",
    "ITA": "axis",
    "FRA": "western",
    "UK": "western",
    "USA": "western",
    "POL": "western",
    "USSR": "soviet",
}
AT_WAR_1939 = {"Status_ITA": "active axis", "Status_USSR": "active soviet"}


@pytest.fixture(scope="module")
def m():
    return find_game("eto").mapdata()


def unit(nation: str, type_: str, where: str, kind: str = "ground", **kw) -> U:
    return U(nation, kind, type_, where, faction=kw.pop("faction", FACTION[nation]), **kw)


def check(tmp_path, *pieces, properties=None):
    pos = position(tmp_path, list(pieces), {**AT_WAR_1939, **(properties or {})}, game="eto")
    return find_game("eto").pack().check(pos)


def state(result, uid: str) -> str:
    return result.supply.lines[uid].state


def ring(m, h: str, n: int) -> list[str]:
    return [m.grid.hex_id(x) for x in m.grid.ring(m.grid.parse(h), n) if m.grid.hex_id(x) in m.hexes]


# -- examples of play ----------------------------------------------------------------------------


def test_eop_one_supply_marker_in_tripoli_supplies_the_italians_in_africa(tmp_path, m):  # 32.4, EoP
    """EoP, Naval and Air phase: an Italian supply marker shipped to Tripoli supplies up to four
    units, one more than Italy has in Africa; Libya has no Italian source of its own."""
    tripoli = m.city("Tripoli").hex
    italians = [unit("ITA", "infantry", h) for h in (tripoli, "W0725", "W0625")]
    supplied = check(tmp_path, *italians, M("supply", "Sea supply", tripoli))
    assert [state(supplied, u) for u in ("1", "2", "3")] == ["full"] * 3
    assert {supplied.supply.lines[u].source_at for u in ("1", "2", "3")} == {tripoli}
    without = check(tmp_path, *italians)
    assert [state(without, u) for u in ("1", "2", "3")] == ["none"] * 3


def test_eop_the_marker_supplies_four_units_and_no_fifth(tmp_path, m):  # 32.4
    tripoli = m.city("Tripoli").hex
    five = [unit("ITA", "infantry", h) for h in (tripoli, tripoli, "W0725", "W0725", "W0625")]
    result = check(tmp_path, *five, M("supply", "Sea supply", tripoli))
    assert sorted(state(result, str(i)) for i in range(1, 6)) == ["full"] * 4 + ["none"]
    assert [f.rule for f in result.problems if f.check == "supply"] == ["32.4"]


def test_eop_british_units_landed_at_calais_need_their_supply_marker(tmp_path, m):  # 32.1, EoP
    """EoP: the B.E.F. lands at Calais with a supply marker; British units in France trace to no
    French source (a country's sources serve its own units), so the marker supplies them."""
    calais = m.city("Calais").hex
    bef = [unit("UK", "infantry", calais), unit("UK", "infantry", "W3418")]
    assert [state(check(tmp_path, *bef), u) for u in ("1", "2")] == ["none", "none"]
    marked = check(tmp_path, *bef, M("supply", "Sea supply", calais))
    assert [state(marked, u) for u in ("1", "2")] == ["full", "full"]
    french = check(tmp_path, unit("FRA", "infantry", calais))
    assert state(french, "1") == "full" and french.supply.lines["1"].source in {"Lille", "Paris"}


# -- 32.3: the hexes a line may use --------------------------------------------------------------


def test_a_line_avoids_enemy_units_enemy_zoc_and_hexes_the_side_does_not_hold(tmp_path, m):
    plain = "W3017"  # a French hex south of Paris
    result = check(
        tmp_path, unit("FRA", "infantry", plain), unit("GER", "infantry", "W3218"), unit("FRA", "infantry", "W3117")
    )
    tracer = Tracer(result.situation, result.zoc)
    assert tracer.closed("W3218", "western") == "enemy unit"  # and held by the Axis through it
    in_zoc = next(
        h
        for h in ring(m, "W3218", 1)
        if result.zoc.ezoc(h, "western") and m.hexes[h].terrain == "clear" and not result.situation.ground_units(h)
    )
    assert tracer.closed(in_zoc, "western") == "enemy ZOC"
    assert tracer.closed("W3117", "western") is None or m.hexes["W3117"].terrain == "forest"
    assert tracer.closed(m.city("Berlin").hex, "western") == "held by the axis side"
    assert tracer.closed(m.city("Stockholm").hex, "western") == "neutral"
    line = result.supply.lines["1"]
    assert line.state == "full"
    for h in line.path[1:-1]:
        assert not result.zoc.ezoc(h, "western") or result.situation.ground_units(h) or m.hexes[h].terrain == "forest"


def test_forest_and_a_friendly_partisan_let_a_line_through_enemy_zoc(tmp_path, m):  # 24.1, 45.6
    forest = next(
        h
        for h in sorted(m.hexes)
        if m.hexes[h].country == "USSR" and m.hexes[h].terrain == "forest" and m.hexes[h].kind == "land"
    )
    clear = next(
        h
        for h in sorted(m.hexes)
        if m.hexes[h].country == "USSR"
        and m.hexes[h].terrain == "clear"
        and m.hexes[h].kind == "land"
        and not m.cities_in(h)
    )
    enemies = [unit("GER", "infantry", sorted(ring(m, h, 1))[0]) for h in (forest, clear)]
    result = check(tmp_path, *enemies)
    tracer = Tracer(result.situation, result.zoc)
    assert result.zoc.ezoc(forest, "soviet") and tracer.closed(forest, "soviet") is None
    assert result.zoc.ezoc(clear, "soviet") and tracer.closed(clear, "soviet") == "enemy ZOC"
    partisan = check(tmp_path, *enemies, unit("USSR", "partisan", clear))
    assert Tracer(partisan.situation, partisan.zoc).closed(clear, "soviet") is None


def test_a_unit_ringed_by_enemy_zoc_is_cut_off_until_friendly_units_hold_a_corridor(tmp_path, m):
    """A French unit with German units two hexes away all round: every hex next to it is in
    enemy ZOC, so no line leaves. Friendly units in the two hexes of a gap open it (32.3)."""
    centre = "W3017"
    around = sorted(ring(m, centre, 2))
    gap = next(h for h in around if all(m.hexes[x].terrain != "forest" for x in (h,)))
    inner = next(h for h in ring(m, centre, 1) if m.grid.is_adjacent(m.grid.parse(h), m.grid.parse(gap)))
    germans = [unit("GER", "infantry", h) for h in around if h != gap]
    cut = check(tmp_path, unit("FRA", "infantry", centre), *germans)
    assert state(cut, "1") == "none" and any(w == "enemy ZOC" for _h, w in cut.supply.lines["1"].blocked)
    opened = check(
        tmp_path,
        unit("FRA", "infantry", centre),
        *germans,
        unit("FRA", "infantry", inner),
        unit("FRA", "infantry", gap),
    )
    assert state(opened, "1") == "full" and opened.supply.lines["1"].path[:3] == (centre, inner, gap)


# -- 32.1, 32.2, 41.3: sources --------------------------------------------------------------------


def test_a_minor_countrys_units_trace_only_to_their_own_sources(tmp_path, m):  # 41.3
    paris = m.city("Paris").hex
    result = check(tmp_path, unit("POL", "infantry", paris), unit("FRA", "infantry", paris))
    assert state(result, "1") == "none" and state(result, "2") == "full"


def test_us_units_use_british_sources_and_the_boxes_serve_the_units_in_them(tmp_path, m):  # 32.1, 32.2
    london = m.city("London").hex
    result = check(
        tmp_path,
        unit("USA", "infantry", london),
        unit("UK", "infantry", "CAN"),
        unit("USA", "infantry", "US"),
        unit("UK", "infantry", "US"),
    )
    assert state(result, "1") == "full" and result.supply.lines["1"].source == "London"
    assert [state(result, u) for u in ("2", "3", "4")] == ["full", "full", "full"]
    neutral = check(tmp_path, unit("UK", "infantry", "US"), properties={"Status_USA": "neutral"})
    assert state(neutral, "1") == "none"  # the U.S. box serves the UK once the US is at war


def test_colonial_cities_supply_their_colonial_power(tmp_path, m):  # 32.1
    result = check(
        tmp_path,
        unit("FRA", "infantry", m.city("Algiers").hex),
        unit("UK", "infantry", m.city("Cairo").hex),
        unit("ITA", "infantry", m.city("Durazzo").hex),
        unit("ITA", "infantry", m.city("Benghazi").hex),
    )
    assert [result.supply.lines[u].source for u in ("1", "2", "3")] == ["Algiers", "Cairo", "Durazzo"]
    assert state(result, "4") == "none"


def test_a_captured_source_serves_its_captor_no_one(tmp_path, m):  # 32.1
    paris = m.city("Paris").hex
    result = check(tmp_path, unit("GER", "infantry", paris), unit("FRA", "infantry", "W3017"))
    assert result.supply.lines["2"].source != "Paris" and state(result, "2") == "full"
    assert state(result, "1") == "none"  # Paris is no German source, and France round it is French


def test_riga_supplies_soviet_units_once_the_baltic_states_are_taken(tmp_path, m):  # 32.1, 43.2
    riga = m.city("Riga").hex
    before = check(tmp_path, unit("USSR", "infantry", riga), properties={"Status_LAT": "neutral"})
    assert before.supply.lines["1"].source != "Riga"
    taken = check(tmp_path, unit("USSR", "infantry", riga), properties={"Status_LAT": "conquered soviet"})
    assert taken.supply.lines["1"].source == "Riga"


def test_an_isolated_home_source_serves_nobody(tmp_path, m):  # 32.8
    """Hamburg cut off by a ring of British units: it reaches no other German source, so the
    German unit in it traces to nothing; Berlin, which reaches the rest, still serves."""
    hamburg = m.city("Hamburg").hex
    ring2 = [h for h in ring(m, hamburg, 2) if m.hexes[h].is_land]
    result = check(
        tmp_path,
        unit("GER", "infantry", hamburg),
        *(unit("UK", "infantry", h) for h in ring2),
        unit("GER", "infantry", m.city("Berlin").hex),
    )
    assert state(result, "1") == "none" and "isolated" in result.supply.lines["1"].note
    assert state(result, str(len(ring2) + 2)) == "full"


# -- 32.1, 32.4: sources of limited capacity --------------------------------------------------------


def test_an_air_supply_marker_supplies_one_unit(tmp_path, m):  # 32.4
    benghazi = m.city("Benghazi").hex
    result = check(
        tmp_path,
        unit("ITA", "infantry", benghazi),
        unit("ITA", "infantry", benghazi),
        M("air-supply", "Air supply", benghazi),
    )
    assert sorted(state(result, u) for u in ("1", "2")) == ["full", "none"]


def test_the_limited_sources_are_shared_so_that_the_most_units_are_supplied(tmp_path, m):
    """Two air supply markers, one in Benghazi and one in Tripoli: a unit that reaches both and
    one that reaches only Benghazi are both supplied (a first-come choice would supply one)."""
    tripoli, benghazi = m.city("Tripoli").hex, m.city("Benghazi").hex
    cut = ring(m, benghazi, 2)
    blockers = [unit("UK", "infantry", h) for h in cut if m.hexes[h].is_land]
    inside = sorted(h for h in ring(m, benghazi, 1) if m.hexes[h].is_land)[0]
    result = check(
        tmp_path,
        unit("ITA", "infantry", tripoli),
        unit("ITA", "infantry", inside),
        *blockers,
        M("air-supply", "Air supply", benghazi),
        M("air-supply", "Air supply", tripoli),
        properties={"Control_axis": f"{benghazi}; {inside}"},
    )
    # unit 1 (Tripoli) reaches Tripoli only; unit 2 reaches Benghazi only (ringed): both supplied
    assert state(result, "1") == "full" and state(result, "2") == "full"


def test_a_permanent_fortification_supplies_one_unit_in_its_hex(tmp_path, m):  # 32.1
    maginot = "W3121"  # a French hex with a fortress hexside
    germans = [
        unit("GER", "infantry", h) for h in ring(m, maginot, 2) if m.hexes[h].is_land and m.hexes[h].country != "SWI"
    ]
    result = check(tmp_path, unit("FRA", "infantry", maginot), unit("FRA", "armor", maginot), *germans)
    assert sorted(state(result, u) for u in ("1", "2")) == ["full", "none"]
    assert "permanent fortification" in {result.supply.lines[u].source for u in ("1", "2")}


def test_a_supply_marker_belongs_to_whoever_holds_its_hex(tmp_path, m):  # 32.4
    tripoli = m.city("Tripoli").hex
    result = check(
        tmp_path, unit("UK", "infantry", tripoli), unit("ITA", "infantry", "W0625"), M("supply", "Sea supply", tripoli)
    )
    assert state(result, "1") == "full" and result.supply.lines["1"].source == "supply marker"
    assert state(result, "2") == "none"


def test_the_iraq_box_supply_marker_supplies_the_iraq_map_edge(tmp_path, m):  # 24.1
    """Mosul in Axis hands and the way west to Cairo held by the Axis: the British unit on the
    Iraq map edge is supplied only through a marker in the Iraq box."""
    edge = "E4909"
    cut = {"Control_axis": f"{m.city('Mosul').hex}; area:Transjordan; area:Palestine; area:Lebanon-Syria"}
    lone = [unit("UK", "infantry", edge)]
    assert state(check(tmp_path, *lone, properties=cut), "1") == "none"
    fed = check(tmp_path, *lone, M("supply", "Sea supply", "IRQ"), properties=cut)
    assert state(fed, "1") == "full" and fed.supply.lines["1"].source_at == "IRQ"


# -- 33.3-33.5: Out of Supply markers ----------------------------------------------------------------


def test_an_out_of_supply_marker_on_a_unit_marks_it_and_the_supply_step_says_what_follows(tmp_path, m):
    tripoli = m.city("Tripoli").hex
    pack = find_game("eto").pack()
    marked = check(tmp_path, unit("ITA", "infantry", tripoli), M("out-of-supply", "Out of Supply", tripoli))
    u = marked.position.unit("1")
    assert u.supply == "none"
    assert "depletes it" in marked.problems[0].reason  # 33.5
    assert pack.supply_marking(u, marked.supply.lines["1"]).rule == "33.5"
    below = check(tmp_path, M("out-of-supply", "Out of Supply", tripoli), unit("ITA", "infantry", tripoli))
    assert below.position.unit("2").supply == "full"  # a marker under the unit marks nothing
    fed = check(
        tmp_path,
        unit("ITA", "infantry", tripoli),
        M("out-of-supply", "Out of Supply", tripoli),
        M("supply", "Sea supply", tripoli),
    )
    notes = [f for f in fed.findings if f.rule == "33.4"]
    assert notes and notes[0].severity == "note" and "activated or attacked" in notes[0].reason
    assert pack.supply_marking(fed.position.unit("1"), fed.supply.lines["1"]).state == "full"


def test_ships_partisans_hqs_and_generals_trace_no_line(tmp_path, m):  # 33.8, 45.4
    tripoli = m.city("Tripoli").hex
    result = check(
        tmp_path,
        unit("ITA", "bb", tripoli, kind="naval"),
        unit("ITA", "hq", tripoli),
        unit("USSR", "partisan", "E2430"),
    )
    assert all(line.via == "exempt" for line in result.supply.lines.values())
    assert not result.problems


def test_a_marker_marks_the_unit_it_stands_on_not_the_units_further_down_the_stack(tmp_path, m):  # 33.3
    """Units of one stack may differ (33.3): the marker right on a unit (above it, below the
    next unit up) marks that unit only; other markers between them change nothing."""
    tripoli = m.city("Tripoli").hex
    oos = M("out-of-supply", "Out of Supply", tripoli)
    result = check(tmp_path, unit("ITA", "infantry", tripoli), unit("ITA", "armor", tripoli), oos)
    assert [result.position.unit(u).supply for u in ("1", "2")] == ["full", "none"]
    lower = check(
        tmp_path,
        unit("ITA", "infantry", tripoli),
        oos,
        M("activated-standby", "Activated", tripoli),
        unit("ITA", "armor", tripoli),
    )
    assert [lower.position.unit(u).supply for u in ("1", "4")] == ["none", "full"]


def test_where_supply_runs_short_the_units_marked_before_are_supplied_first(tmp_path, m):  # 33.3
    """33.3: with too little limited supply the owner picks who goes without, and may restore the
    units marked the turn before so that none is depleted: the matching supplies them first."""
    benghazi = m.city("Benghazi").hex
    air = M("air-supply", "Air supply", benghazi)
    fresh, marked = unit("ITA", "infantry", benghazi), unit("ITA", "infantry", benghazi)
    result = check(tmp_path, fresh, marked, M("out-of-supply", "Out of Supply", benghazi), air)
    assert (state(result, "1"), state(result, "2")) == ("none", "full")
    pack = find_game("eto").pack()
    marks = {u: pack.supply_marking(result.position.unit(u), result.supply.lines[u]) for u in ("1", "2")}
    assert (marks["1"].state, marks["1"].rule) == ("none", "33.3")  # marked now
    assert (marks["2"].state, marks["2"].rule) == ("full", "33.4")  # its marker comes off
    assert not any(f.rule == "33.5" for f in result.findings)


def test_an_air_unit_still_out_of_supply_stays_marked_and_is_never_depleted(tmp_path, m):  # 33.7, 33.5
    tripoli = m.city("Tripoli").hex
    oos = M("out-of-supply", "Out of Supply", tripoli)
    result = check(tmp_path, unit("ITA", "fighter", tripoli, kind="air"), oos, unit("ITA", "infantry", tripoli), oos)
    pack = find_game("eto").pack()
    air, land = (pack.supply_marking(result.position.unit(u), result.supply.lines[u]) for u in ("1", "3"))
    assert (air.state, air.rule, air.todo) == ("none", "33.7", "")
    assert (land.state, land.rule) == ("none", "33.5") and land.todo.startswith("deplete it")
    reasons = {f.units[0]: f.reason for f in result.problems}
    assert "never depleted (33.7)" in reasons["1"] and "depletes it" in reasons["3"]


def test_a_ships_out_of_supply_marker_follows_its_upkeep_not_the_supply_step(tmp_path, m):  # 33.8
    tripoli = m.city("Tripoli").hex
    result = check(tmp_path, unit("ITA", "bb", tripoli, kind="naval"), M("out-of-supply", "Out of Supply", tripoli))
    mark = find_game("eto").pack().supply_marking(result.position.unit("1"), result.supply.lines["1"])
    assert (mark.state, mark.rule) == ("none", "33.8")
