"""Supply (7.0-7.4) pinned on the rulebook's examples (7.4.2 around 2434, 7.4.3 in the
Mediterranean, 7.3.1 Limited sources) and on the 7.2 exemptions and 7.4.1 prohibitions."""

from __future__ import annotations

from wargame.mapdata import load_game
from wargame.rules.use import check

from test_check_support import M, U, position

ITALY_ACTIVE = {"Status_ITA": "active axis"}


def line(pos, uid):
    return check(pos).supply.lines[uid]


def test_2434_traces_to_konigsberg_within_two_hexes(tmp_path):
    m = load_game("use")
    assert m.city("Konigsberg").hex == "2334" and m.hexes["2335"].transport and not m.hexes["2534"].transport
    found = line(position(tmp_path, [U("GER", "ground", "infantry", "2434")]), "1")
    assert (found.state, found.source, found.via, found.limited) == ("full", "Konigsberg", "land", False)
    assert found.path[0] == "2434" and found.path[-1] == "2334" and len(found.path) <= 3


def test_with_konigsberg_lost_and_the_west_cut_2434_goes_2535_then_along_the_line_from_warsaw_never_via_2534(tmp_path):
    m = load_game("use")
    assert m.hexes["2634"].transport and m.cities_in("2634")[0].name == "Warsaw"
    polish = sorted({c.hex for c in m.cities if c.country == "POL"})  # conquest took every Polish city
    pos = position(
        tmp_path,
        [
            U("GER", "ground", "infantry", "2434"),
            M("control-soviet", "Control", "2334", "soviet"),
            U("USSR", "ground", "infantry", "2433"),
            U("USSR", "ground", "infantry", "2335"),
            *[M("control-axis", "Control", h, "axis") for h in polish],
        ],
        {"Status_POL": "conquered western"},
    )
    found = line(pos, "1")
    assert found.state == "full" and found.path[:3] == ("2434", "2535", "2634")
    assert m.cities_in(found.path[-1])[0].country == "GER"
    assert "2534" not in found.path


def test_tripoli_supplies_two_italian_units_and_the_third_goes_without(tmp_path):
    m = load_game("use")
    tripoli = m.city("Tripoli")
    assert tripoli.factory and m.hexes[tripoli.hex].overseas
    pos = position(
        tmp_path,
        [
            U("ITA", "ground", "infantry", "5227", supply="low"),
            U("ITA", "ground", "infantry", "5226", supply="low"),
            U("ITA", "ground", "infantry", "5327", supply="low"),
        ],
        ITALY_ACTIVE,
    )
    result = check(pos)
    states = {uid: (ln.state, ln.source) for uid, ln in result.supply.lines.items()}
    assert sorted(states.values()) == [("low", "Tripoli"), ("low", "Tripoli"), ("none", "")]
    without = next(uid for uid, s in states.items() if s[0] == "none")
    finding = next(f for f in result.findings if f.units == (without,))
    assert finding.rule == "7.3.1" and "Tripoli" in finding.reason


def test_rulebook_5436_traces_two_hexes_to_5434_then_along_the_line_to_tripoli(tmp_path):
    # 7.4.3: two hexes of ground path to the coast road round the Gulf of Sirte, then along it to
    # Tripoli (a Limited source for Italians: Low Supply). On our map the road also passes 5535,
    # as close to 5436 as 5434 is, so the trace may join it there.
    pos = position(tmp_path, [U("ITA", "ground", "infantry", "5436")], ITALY_ACTIVE)
    found = line(pos, "1")
    assert (found.state, found.source) == ("low", "Tripoli")
    joined = found.path[2]
    assert joined in ("5434", "5535") and load_game("use").hexes[joined].transport


def test_a_convoy_in_port_carries_a_sea_line_to_a_mainland_port_and_six_sorties_do_not(tmp_path):
    pieces = [U("ITA", "ground", "infantry", "5227")]
    found = line(position(tmp_path, pieces + [U("ITA", "naval", "convoy", "5227", sorties=2)], ITALY_ACTIVE), "1")
    assert found.state == "full" and found.via == "sea" and found.convoy == "2" and "SZ 22" in found.path
    assert load_game("use").hexes[found.source_at].area == "Italy and Sicily"
    tired = line(
        position(tmp_path, pieces + [U("ITA", "naval", "convoy", "5227", sorties=6)], ITALY_ACTIVE, name="tired.vsav"),
        "1",
    )
    assert (tired.state, tired.source) == ("low", "Tripoli")


def test_a_warship_traces_its_own_sea_line_from_its_port_even_at_six_sorties(tmp_path):
    found = line(position(tmp_path, [U("ITA", "naval", "surface", "5227", sorties=6)], ITALY_ACTIVE), "1")
    assert (found.state, found.via, found.convoy) == ("full", "sea", "")


def test_axis_held_capital_of_a_conquered_country_is_a_limited_source_for_any_axis_unit(tmp_path):
    oslo = load_game("use").city("Oslo").hex
    pos = position(
        tmp_path,
        [U("GER", "ground", "infantry", oslo), M("control-axis", "Control", oslo, "axis")],
        {"Status_NOR": "conquered western"},
    )
    found = line(pos, "1")
    assert (found.state, found.source, found.limited) == ("low", "Oslo", True)
    neutral = line(
        position(tmp_path, [U("GER", "ground", "infantry", oslo)], {"Status_NOR": "neutral"}, name="neutral.vsav"), "1"
    )
    assert neutral.state == "none"


def test_convoys_units_in_boxes_and_island_port_garrisons_need_no_trace(tmp_path):
    valletta = load_game("use").city("Valletta").hex
    pos = position(
        tmp_path,
        [
            U("UK", "naval", "convoy", "2611"),
            U("UK", "ground", "infantry", "WIO"),
            U("UK", "ground", "garrison", valletta, category="garrison"),
        ],
    )
    lines = check(pos).supply.lines
    assert all(ln.via == "exempt" and ln.state == "full" for ln in lines.values())
    assert "island" in lines["3"].exempt


def test_an_enemy_zoc_cuts_the_line_unless_a_friendly_ground_unit_stands_in_it(tmp_path):
    from wargame.rules.use.supply import _Tracer

    cut = [U("GER", "ground", "infantry", "2434"), U("USSR", "ground", "infantry", "2234")]
    result = check(position(tmp_path, cut))
    tracer = _Tracer(result.situation, result.zoc)
    assert result.zoc.ezoc("2335", "axis") and tracer.blocked("2335", "axis", "GER") == "enemy ZOC"
    assert result.zoc.ezoc("2334", "axis") and tracer.blocked("2334", "axis", "GER") is None  # friendly city
    assert result.supply.lines["1"].path == ("2434", "2334")
    held = check(position(tmp_path, cut + [U("GER", "ground", "infantry", "2335")], name="held.vsav"))
    assert _Tracer(held.situation, held.zoc).blocked("2335", "axis", "GER") is None


def test_a_marked_state_that_the_next_check_will_change_is_a_note_not_a_problem(tmp_path):
    result = check(position(tmp_path, [U("GER", "ground", "infantry", "2626", supply="low")]))
    (finding,) = result.findings
    assert (finding.rule, finding.severity) == ("7.2", "note") and not result.problems


def test_a_unit_cut_off_steps_down_one_level_from_its_marker(tmp_path):
    oslo = load_game("use").city("Oslo").hex
    result = check(position(tmp_path, [U("GER", "ground", "infantry", oslo, supply="low")], {"Status_NOR": "neutral"}))
    (finding,) = [f for f in result.findings if f.check == "supply"]
    assert finding.rule == "7.4" and "leaves it at No Supply" in finding.reason
