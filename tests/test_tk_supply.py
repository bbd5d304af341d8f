"""TK supply (10): each counter's line traced now, with its path, on the real map, as the
rulebook's examples read (10.2, Glossary "Open Port", "Air Base", 10.3), then each restriction.

Positions are written in position notation (docs/position-notation.md). Countries a line crosses
that the examples take for granted are set with `nation` pairs: Turkey on the Axis side in the
Istanbul example, France as Vichy (a Conquered Allied Country) where Syria's hexes are crossed."""

from __future__ import annotations

import pytest

from assistant.notation import read_notation
from wargame.games import find_game
from wargame.rules.results import Check, SupplyLine
from wargame.rules.tk.supply import Tracer

GAME = find_game("tk")
PACK = GAME.pack()
# The Axis road from the Middle East to Germany: Turkey Axis, the Balkans taken, Austria and
# Czechoslovakia annexed (Reich Annex markers in Vienna and Prague).
BALKANS = (
    "nation TUR=active:axis BUL=active:axis HUN=active:axis FRA=conquered:western "
    "GRE=conquered:western YUG=conquered:western | w3325: +reich-annex | w3524: +reich-annex"
)


def check(text: str) -> Check:
    return PACK.check(read_notation(text).position)


def line_at(result: Check, where: str, nation: str = "") -> SupplyLine:
    (unit,) = [u for u in result.position.units if u.where == where and (not nation or u.nationality == nation)]
    return result.supply.lines[unit.id]


# -- the examples of 10.2 -------------------------------------------------------------------------


def test_e1919_traces_two_hexes_to_the_rail_at_e2119_through_ankara_and_the_istanbul_strait() -> None:
    result = check(f"tk Sep-41 | {BALKANS} | e1919: ger-inf-1-2-3")
    line = line_at(result, "e1919")
    assert line.state == "full" and line.via == "land"
    assert line.path[:3] == ("e1919", "e2019", "e2118")  # two free hexes, the second on the Rail
    assert {"e2412", "e2508", "e2507"} <= set(line.path)  # Ankara, then across the Bosporus
    assert GAME.mapdata().hexes[line.source_at].country in ("GER", "CZ", "AUST")
    assert "Connected Strait" in line.note


def test_e1819_reaches_the_road_at_e2019_and_so_may_not_use_the_connected_strait() -> None:
    line = line_at(check(f"tk Sep-41 | {BALKANS} | e1819: ger-inf-1-2-3"), "e1819")
    assert line.state == "none"
    assert "second Road stretch or a Connected Strait" in line.note


def test_a_line_needing_two_separate_road_stretches_is_no_line() -> None:
    # 10.2's Damascus example: the Road near Jerusalem, then Rail, then the Road from Sollum.
    # On our map Damascus reaches the Rail at Beirut within its free hexes, so the example is
    # played from e1517, east of Jerusalem, whose line must take both Road stretches to Tobruk.
    # Axis Detachments hold the Palestinian and Egyptian cities (else they stop the line, 10.2).
    held = " | ".join(
        f"{h}: ger-inf-1-2-3-det reduced"
        for h in ("e1615", "e1515", "e1312", "e1212", "e1211", "e1209", "e1307", "e1213")
    )
    text = (
        "tk Sep-41 | nation ITA=active:axis FRA=conquered:western | e1406: ger-inf-1-2-3 "
        f"| CM-CV: +convoy-ita flipped | w3325: +reich-annex | {held}"
    )
    assert line_at(check(f"{text} | e1716: ita-mechanized-exp"), "e1716").state == "full"
    blocked = line_at(check(f"{text} | e1517: ita-mechanized-exp"), "e1517")
    assert blocked.state == "none" and "second Road stretch" in blocked.note


def test_the_us_unit_in_e1206_traces_round_tobruks_zoc_to_suez_and_the_middle_east_box() -> None:
    # The Axis unit in Tobruk exerts a ZOC into e1306; Suez is an Open Port (a British unit holds
    # it: a Dependent's port needs one, Glossary); the Arabian Sea has its inherent Western
    # Supply Convoy, so the line ends in the Middle East Box, a Western source (10.1).
    result = check(
        "tk Sep-41 | nation ITA=active:axis US=active:western | e1406: ger-inf-1-2-3 "
        "| e1206: US infantry | e1213: br-inf-1-2-2"
    )
    line = line_at(result, "e1206")
    assert line.state == "full" and line.via == "sea"
    assert "e1306" not in line.path and line.path[1] == "e1207"
    assert line.path[-3:] == ("e1213", "Arabian Sea", "MEA") and line.source == "Middle East Box"
    assert "e1306" in result.zoc.hexes("western")


def test_the_german_unit_in_tobruk_traces_across_the_central_med_to_taranto_and_germany() -> None:
    text = "tk Sep-41 | nation ITA=active:axis | e1406: ger-inf-1-2-3 | w3325: +reich-annex"
    line = line_at(check(f"{text} | CM-CV: +convoy-ita flipped"), "e1406")
    assert line.state == "full" and line.via == "sea"
    assert line.path[:3] == ("e1406", "Central Mediterranean", "w2426")  # Taranto
    assert GAME.mapdata().hexes[line.source_at].country in ("GER", "AUST")
    # its Troop side is no Supply Convoy; without one the zone is closed to the line
    assert line_at(check(f"{text} | CM-CV: +convoy-ita"), "e1406").state == "none"


def test_an_axis_fleet_on_station_closes_the_north_atlantic_to_western_lines() -> None:
    # 10.2: any Port of a Naval Zone with an enemy Fleet on station is no Open Port
    text = "tk Sep-41 | w2208: br-inf-1-2-2 | w1824: br-inf-1-2-2"
    line = line_at(check(text), "w2208")
    assert line.state == "full" and "North Atlantic" in line.path
    closed = line_at(check(f"{text} | NA-OS: ger-sub-fleet-u-boote"), "w2208")
    assert "North Atlantic" not in closed.path


def test_an_air_base_hex_traces_two_hexes_to_the_railway_back_to_germany() -> None:
    # Glossary "Air Base": a German unit in the Rail hex e4209 traces e4208, e4207 and along the
    # railway to Germany. e4208 is a Russian City on our map, which stops a German line unless
    # German units hold it (10.2): one does here.
    text = "tk Sep-41 | nation BS=conquered:soviet | e4209: ger-inf-1-2-3"
    line = line_at(check(f"{text} | e4208: ger-inf-1-2-3"), "e4209")
    assert line.state == "full" and line.path[:3] == ("e4209", "e4208", "e4207")
    assert GAME.mapdata().hexes[line.source_at].country == "GER"
    assert line_at(check(text), "e4209").state == "none"


# -- Open Ports (Glossary) ------------------------------------------------------------------------


def _tracer(text: str) -> Tracer:
    sit = PACK.situation(read_notation(text).position)
    return Tracer(sit, PACK.zoc(sit))


def test_brest_with_a_german_air_force_in_it_is_no_western_open_port_in_either_zone() -> None:
    na, ns = 1, 2
    assert _tracer("tk Sep-41").open_port("w3612", na, "western")
    tracer = _tracer("tk Sep-41 | w3612: ger-air-force-lf-3")
    assert not tracer.open_port("w3612", na, "western") and not tracer.open_port("w3612", ns, "western")


def test_an_air_force_on_station_closes_the_ports_within_three_hexes_of_its_naval_base() -> None:
    # A German Air Force in the North Sea On Station box and a supplied Italian unit in Cherbourg
    # (an Italian Naval Base): Brest is no Western Open Port in the North Sea, but is one in the
    # North Atlantic
    tracer = _tracer("tk Sep-41 | nation ITA=active:axis | NS-OS: ger-air-force-lf-3 | w3714: ita-mechanized-exp")
    assert not tracer.open_port("w3612", 2, "western")
    assert tracer.open_port("w3612", 1, "western")
    # an Axis Sub Fleet there instead closes every North Sea Port to the West
    fleet = _tracer("tk Sep-41 | NS-OS: ger-sub-fleet-u-boote")
    assert not fleet.open_port("w3916", 2, "western") and fleet.open_port("w3612", 1, "western")


def test_athens_needs_no_unit_while_greece_is_western_but_the_axis_needs_one_once_it_conquers() -> None:
    assert _tracer("tk Sep-41 | nation GRE=active:western").open_port("e2204", 6, "western")
    conquered = "tk Sep-41 | nation GRE=conquered:western"
    assert not _tracer(conquered).open_port("e2204", 6, "axis")
    assert _tracer(f"{conquered} | e2204: ger-inf-1-2-3").open_port("e2204", 6, "axis")


def test_malta_a_dependent_needs_a_friendly_unit_to_be_a_western_open_port() -> None:
    assert not _tracer("tk Sep-41").open_port("w1824", 5, "western")
    assert _tracer("tk Sep-41 | w1824: br-inf-1-2-2").open_port("w1824", 5, "western")


# -- sources (10.1) -------------------------------------------------------------------------------


def test_a_unit_in_a_home_country_city_is_supplied_without_a_line() -> None:
    line = line_at(check("tk Sep-39 | w3825: ger-inf-1-2-3"), "w3825")
    assert (line.state, line.via, line.source, line.path) == (
        "full",
        "source",
        "Berlin",
        ("w3825",),
    )


def test_a_dependents_cities_are_no_home_country_cities() -> None:
    # Libyan cities are no sources for Italian units (Glossary "Home Country City")
    result = check("tk Sep-41 | nation ITA=active:axis | e1406: ita-mechanized-exp")
    assert line_at(result, "e1406").state == "none"


def test_the_western_boxes_supply_every_western_unit_and_central_asia_every_soviet_one() -> None:
    result = check("tk Sep-41 | AFR: br-col-sa | CAS: rus-cav")
    assert line_at(result, "AFR").source == "Africa Box" and line_at(result, "AFR").via == "source"
    assert line_at(result, "CAS").source == "Central Asia Box"


def test_the_east_edge_hexes_are_the_central_asia_box_for_a_soviet_line() -> None:
    result = check("tk Sep-41 | e4126: rus-cav")
    line = line_at(result, "e4126")
    assert line.state == "full" and line.source == "Central Asia Box"
    assert line.source_at in GAME.pack().situation(result.position).tables.edge


def test_a_partisan_base_supplies_only_the_units_of_its_minor_country() -> None:
    # 10.1: a Partisan Base in Yugoslavia supplies Yugoslav units only (here cut off from their
    # cities by German units on the roads)
    text = "tk Sep-41 | nation YUG=active:western | e2803: +partisan-base, YUG infantry, br-inf-1-2-2"
    result = check(text)
    assert line_at(result, "e2803", "YUG").via == "source"
    assert line_at(result, "e2803", "YUG").source == "Partisan Base"
    assert line_at(result, "e2803", "BR").state == "none"


def test_a_city_with_an_enemy_logistics_marker_is_no_source() -> None:
    # 10.1: nor is one with an enemy unit, Airdrop or Detachment in it
    text = "tk Sep-41 | e3501: POL infantry"
    assert line_at(check(text), "e3501").via == "source"
    taken = line_at(check(f"{text}, +logistics-okh"), "e3501")
    assert taken.via != "source"


# -- what stops a line (10.2) ---------------------------------------------------------------------


def test_an_enemy_zoc_stops_a_line_unless_another_friendly_unit_is_in_the_hex() -> None:
    # A German unit in Poznan's neighbour w3725 traces one hex to Dresden w3625; a Polish unit
    # next to Dresden puts it in enemy ZOC, and a second German unit there lets the line pass
    base = "tk Sep-39 | w3725: ger-inf-1-2-3 | w3524: +reich-annex"
    assert line_at(check(base), "w3725").path == ("w3725", "w3625")
    cut = check(f"{base} | w3624: pol-infantry-res")
    assert "w3625" not in line_at(cut, "w3725").path
    negated = check(f"{base} | w3624: pol-infantry-res | w3625: ger-inf-1-2-3")
    assert line_at(negated, "w3725").path == ("w3725", "w3625")


def test_a_unit_in_enemy_zoc_or_with_an_enemy_marker_still_traces_out_of_its_hex() -> None:
    # 10.2: the counter's own hex is not part of the line
    result = check("tk Sep-39 | w3726: ger-inf-1-2-3, rus-inf-det reduced faction=western | e3701: POL infantry")
    assert line_at(result, "w3726", "GER").state == "full"


def test_a_neutral_country_blocks_a_line() -> None:
    # 13.4: Swiss hexes stop a French line; Switzerland active on the Western side lets it pass
    text = "tk Sep-39 | w3319: FRA infantry"
    result = check(text)
    tracer = Tracer(PACK.situation(result.position), result.zoc)
    who = tracer.who(result.position.units[0])
    assert tracer.blocked("w3220", who) == "SWI is Neutral (13.4)"
    active = check(f"{text} | nation SWI=active:western")
    assert Tracer(PACK.situation(active.position), active.zoc).blocked("w3220", who) is None


def test_an_enemy_countrys_city_blocks_a_line_unless_friendly_units_hold_it() -> None:
    # A German line from Poznan w3726 to Breslau w3626 is direct; Polish cities on the way east
    # block lines into Poland unless German units hold them
    result = check("tk Sep-39 | e3702: ger-inf-1-2-3")
    sit = PACK.situation(result.position)
    tracer = Tracer(sit, result.zoc)
    who = tracer.who(result.position.units[0])
    assert tracer.blocked("e3701", who) == "a City or Port of an enemy Country"
    held = check("tk Sep-39 | e3702: ger-inf-1-2-3 | e3701: ger-inf-1-2-3")
    sit = PACK.situation(held.position)
    assert Tracer(sit, held.zoc).blocked("e3701", who) is None


def test_a_policy_affected_country_stops_allied_lines_and_keeps_its_own_inside() -> None:
    # 13.6.1.1: Russia under the Nazi-Soviet Pact in Limited War; a Polish line may not enter
    # Russian hexes, and a Russian one stays in countries under the Pact
    text = "tk Sep-39 | track:Posture Russia: +policy-pact | track:War State Limited War: +war-state"
    sit = PACK.situation(read_notation(f"{text} | e3609: rus-infantry-5 | e3501: POL infantry").position)
    tracer = Tracer(sit, PACK.zoc(sit))
    polish, russian = (tracer.who(u) for u in sorted(sit.pos.units, key=lambda u: u.nationality))
    assert russian.policy == "pact" and not polish.policy
    assert "under pact" in (tracer.blocked("e3608", polish) or "")
    assert tracer.blocked("e3608", russian) is None
    assert "outside the countries under pact" in (tracer.blocked("e3502", russian) or "")


def test_an_all_sea_hexside_is_closed_to_a_line_but_a_strait_is_not() -> None:
    # 10.2, 4.2.5.2: Copenhagen's All-Sea hexside to w4225 stops the free hexes; the Bosporus,
    # a Strait (here not the Connected one), lets a free hex cross from e2409 to Istanbul
    result = check("tk Sep-41 | nation DN=conquered:western | w4224: ger-inf-1-2-3")
    tracer = Tracer(PACK.situation(result.position), result.zoc)
    free = {p[-1] for p in tracer._free("w4224", tracer.who(result.position.units[0]))}
    assert "w4225" not in free and "w4223" in free
    result = check(f"tk Sep-41 | {BALKANS} | e2409: ger-inf-1-2-3")
    tracer = Tracer(PACK.situation(result.position), result.zoc)
    free = {p[-1] for p in tracer._free("e2409", tracer.who(result.position.units[0]))}
    assert "e2508" in free


# -- what the check says --------------------------------------------------------------------------


def test_an_unsupplied_unit_is_a_note_saying_what_it_may_not_do_and_tk_marks_nothing() -> None:
    result = check("tk Sep-41 | nation ITA=active:axis | e1406: ita-mechanized-exp")
    (note,) = [f for f in result.findings if f.check == "supply"]
    assert note.severity == "note" and note.rule == "10.2"
    assert "may not move in the Operational Movement Phase" in note.reason and "(10.3)" in note.reason
    assert result.supply.marks is False and PACK.marks_supply is False
    assert result.problems == ()


@pytest.mark.parametrize("kind", ["air", "naval"])
def test_support_units_trace_no_line_of_their_own(kind: str) -> None:
    key = "ger-air-force-lf-1" if kind == "air" else "ger-sub-fleet-u-boote"
    where = "w3825" if kind == "air" else "NA-OS"
    line = line_at(check(f"tk Sep-41 | {where}: {key}"), where)
    assert line.via == "exempt" and "2.2.3" in line.exempt


def test_the_picture_draws_a_line_across_the_sea_dashed_and_says_so_in_its_key(tmp_path) -> None:
    import json

    from PIL import Image

    from staffwork import cli

    pos = tmp_path / "tobruk.pos"
    pos.write_text(
        "tk Sep-41 | nation ITA=active:axis | e1406: ger-inf-1-2-3 | w3325: +reich-annex | CM-CV: +convoy-ita flipped\n"
    )
    out = tmp_path / "tobruk.png"
    cli.main(["check", str(pos), "--picture", str(out)])
    with Image.open(out) as im:
        legend = json.loads(im.text["staffwork"])["legend"]  # type: ignore[attr-defined]
    assert any(text.startswith("dashed") for text in legend)
    # the same unit without the convoy traces no line: nothing dashed, nothing said
    pos.write_text("tk Sep-41 | nation ITA=active:axis | e1406: ger-inf-1-2-3 | w3325: +reich-annex\n")
    cli.main(["check", str(pos), "--picture", str(out)])
    with Image.open(out) as im:
        legend = json.loads(im.text["staffwork"])["legend"]  # type: ignore[attr-defined]
    assert not any(text.startswith("dashed") for text in legend)
