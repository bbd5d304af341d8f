"""USWC on the game seam: its maps as windows on USE's numbering, its map facts (USWC
2.10, rule numbers USWC's), and the rules where its pack differs from USE's (3.3, 4.1, 4.2.4,
5.3.4, 7.2-7.4). Positions are real saves written with our own writer (test_check_support)."""

from __future__ import annotations

import pytest

from wargame.games import find_game
from wargame.rules.position import GameState, NationState, Position, Unit
from wargame.rules.uswc import Pack

from test_check_support import M, U, position


def uswc_pack() -> Pack:
    """The game's rules pack, as the registry gives it."""
    pack = find_game("uswc").pack()
    assert isinstance(pack, Pack)
    return pack


FRANCE_1940 = {
    "Status_FRA": "active western",
    "Status_UK": "active western",
    "Status_GER": "active axis",
    "Status_BEL": "active western",
    "Status_NET": "active western",
}


@pytest.fixture(scope="module")
def m():
    return find_game("uswc").mapdata()


def hexes_of(board: str) -> set[str]:
    b = find_game("uswc").boards().board(board)
    return {b.grid.hex_id(h) for h in b.hexes()}


# ---- the maps: windows on USE's numbering ----------------------------------------------------------


def test_every_uswc_map_is_a_window_of_use_numbers_and_the_same_places():
    use, uswc = find_game("use").mapdata(), find_game("uswc").mapdata()
    assert set(uswc.hexes) <= set(use.hexes)
    for name in ("London", "Paris", "Calais", "Cherbourg", "Marseille", "Athens", "Oslo", "Palermo"):
        assert uswc.city(name).hex == use.city(name).hex


def test_the_france_map_holds_the_hexes_its_rules_name_and_its_south_edge_is_row_38():  # 5.3.4, 6.3.2.3
    france = hexes_of("France")
    assert {"2611", "2813", "3014", "2910", "2912", "3010", "3011", "3815", "3816", "3817", "2517"} <= france
    assert "3915" not in france and max(int(h[:2]) for h in france) == 38


def test_the_balkans_map_holds_balaton_and_the_italy_map_sicily():  # 1.3.3, 1.3.5
    assert {"3331", "3431"} <= hexes_of("Balkans")
    assert {"4528", "4529"} <= hexes_of("Italy")
    assert {"1622", "1922", "2125", "2126"} <= hexes_of("Norway")


def test_3815_on_the_edge_with_land_beyond_is_never_isolated_and_3816_can_be():  # 5.3.4
    pack = uswc_pack()
    assert pack.never_isolated("France", "3815")
    assert not pack.never_isolated("France", "3816")
    assert not pack.never_isolated("France", "3014")  # not on the edge at all


def test_uswc_has_no_sea_zones_and_one_weather_for_the_map(m):  # 10.0, Fast Start
    assert not m.zones and all(h.seazones == () for h in m.hexes.values())
    assert {h.weather for h in m.hexes.values() if h.weather} == {"map"}


# ---- the map facts of the rulebook (USWC 2.10) ----------------------------------------------


def test_1922_is_a_faded_dot_hex(m):  # 1.3.2
    assert m.hex("1922").faded_dot


def test_1622_is_coastal_with_oslo_across_a_water_hexside(m):  # 6.3.2.1
    oslo = m.city("Oslo")
    assert m.hex("1622").is_coastal and not m.cities_in("1622") and oslo.port
    assert m.side("1622", oslo.hex).water


@pytest.mark.parametrize("hex_id", ["2517", "2518", "2616", "2617"])
def test_the_dutch_coast_hexes_are_coastal(m, hex_id):  # 1.3.3 (2617 by USWC's own override)
    assert m.hex(hex_id).is_coastal


def test_london_is_an_inland_port(m):  # 1.3.3
    london = m.city("London")
    assert london.hex == "2611" and london.port and not m.hex("2611").is_coastal


@pytest.mark.parametrize("hex_id", ["2717", "3120", "3219"])
def test_rough_hexes_of_the_france_map(m, hex_id):  # 1.3.3
    assert m.hex(hex_id).is_rough


def test_calais_paris_and_cherbourg(m):  # 4.2.3.1, 6.3.2.3
    assert m.city("Calais").hex == "2813" and m.city("Paris").hex == "3014" and m.city("Paris").capital
    assert m.city("Cherbourg").hex == "2910" and m.city("Cherbourg").port


def test_water_and_land_around_le_havre(m):  # 1.3.3, 6.3.2.3
    assert m.hex("2911").is_water and not m.hex("2912").is_water
    assert m.side("2911", "2912").water and not m.side("2912", "3011").water
    assert m.city("Le Havre").hex == "2912"
    assert all(m.hex(h).is_land for h in ("3011", "3012"))


def test_the_d_day_landing_hexes_are_coastal_without_a_port(m):  # 6.3.2.3, 14.7
    for h in ("3010", "3011"):
        assert m.hex(h).is_coastal and not any(c.port for c in m.cities_in(h))


def test_3111_is_land_not_coastal(m):  # 5.3.4
    assert m.hex("3111").is_land and not m.hex("3111").is_coastal


def test_river_hexsides_of_the_attack_example_and_2914_clear(m):  # 4.2.3.3
    assert m.side("2915", "2914").river and m.side("2914", "2813").river
    assert m.hex("2914").terrain == "clear"


def test_the_supply_example_hexes(m):  # 7.4.1
    assert not m.hex("3214").transport and m.hex("3416").transport
    vichy = m.city("Vichy").hex
    assert find_game("uswc").boards().grid.is_adjacent(m.grid.parse(vichy), m.grid.parse("3316"))


def test_marseille_3816_and_3717(m):  # 5.3.4, 5.3.5
    assert m.city("Marseille").hex == "3817" and m.side("3816", "3817").water
    assert m.hex("3717").is_land


def test_balaton_holds_water_but_is_not_coastal(m):  # 1.3.3
    for h in ("3331", "3431"):
        assert m.hex(h).lake and not m.hex(h).is_coastal


def test_transport_lines_connect_across_4528_4529_and_not_2125_2126(m):  # 1.3.5
    assert m.side("4528", "4529").transport and not m.side("2125", "2126").transport


def test_factories_and_ports_of_the_examples(m):  # 9.1.1, 6.3.2.3
    assert m.city("Lille").factory and m.hex(m.city("Lille").hex).country == "FRA"
    assert m.city("Aachen").factory and m.hex(m.city("Aachen").hex).country == "GER"
    assert m.city("Southampton").port and m.city("Plymouth").port
    assert m.cities_in(m.city("Metz").hex)


def test_the_western_mediterranean_box_is_on_the_france_map_with_no_stacking_limit(m):  # 1.3.4
    box = m.box("Western Mediterranean")
    assert "stacking" in box.printed.lower()
    assert find_game("uswc").boards().board("France").box(box.code)


def test_graniti_is_a_label_not_a_city(m):  # 1.3.1
    assert not any(c.name == "Graniti" for c in m.cities)


# ---- the rules where USWC's pack differs from USE's ------------------------------------------------


def _check(pos: Position):
    return find_game(pos.game).pack().check(pos)


def test_uk_units_at_calais_with_a_convoy_use_a_sea_line_in_use_but_in_uswc_calais_supplies_only_two(tmp_path):
    # USE 7.4.3: a convoy in a friendly port carries a sea line to England for every unit.
    # USWC 7.3/7.4: no sea lines; Calais, a Western port outside the UK, supplies two units in full;
    # the third reaches Paris along the line, a Western capital with no port: Limited, Low Supply.
    m = find_game("uswc").mapdata(("France",))
    others = [
        M("control-axis", "Control", c.hex, "axis")
        for c in m.cities
        if c.port and c.country != "UK" and c.name != "Calais"
    ]  # Calais is the only port left
    use_units = [U("UK", "ground", "infantry", h, name=f"BEF {i}") for i, h in enumerate(("2813", "2814", "2714"))]
    use = position(tmp_path, [*use_units, U("UK", "naval", "convoy", "2813"), *others], FRANCE_1940, name="use.vsav")
    lines = _check(use).supply.lines
    assert [lines[u.id].state for u in use.units if u.kind == "ground"] == ["full"] * 3
    assert {lines[u.id].via for u in use.units if u.kind == "ground"} == {"sea"}
    uswc = position(tmp_path, [*use_units, *others], FRANCE_1940, name="uswc.vsav", game="uswc", board="France")
    lines = _check(uswc).supply.lines
    states = sorted(lines[u.id].state for u in uswc.units)
    assert states == ["full", "full", "low"]
    assert {lines[u.id].source for u in uswc.units if lines[u.id].state == "full"} == {"Calais"}
    third = next(lines[u.id] for u in uswc.units if lines[u.id].state == "low")
    assert third.source == "Paris" and third.limited


def test_a_us_unit_traces_to_any_uk_city_in_uswc(tmp_path):  # 7.3
    pos = position(
        tmp_path,
        [U("USA", "ground", "infantry", "2709", name="1")],
        {**FRANCE_1940, "Status_USA": "active western"},
        game="uswc",
        board="France",
    )
    line = _check(pos).supply.lines[pos.units[0].id]
    assert line.state == "full" and line.source == "Bristol" and not line.limited


def test_the_french_unit_of_the_supply_example_traces_to_vichy_or_along_the_line(tmp_path):  # 7.4.1 example
    pos = position(tmp_path, [U("FRA", "ground", "infantry", "3216")], FRANCE_1940, game="uswc", board="France")
    line = _check(pos).supply.lines[pos.units[0].id]
    assert line.state == "full" and line.path[0] == "3216" and line.path[1] in ("3316", "3215", "3217")


def test_a_western_capital_without_a_port_is_a_limited_source_for_uk_units(tmp_path):  # 7.3: Paris
    m = find_game("uswc").mapdata()
    far = [c.hex for c in m.cities if c.country == "UK"]
    axis_cities = [M("control-axis", "Control", h, "axis") for h in far]  # no UK city to reach
    ports = [
        M("control-axis", "Control", c.hex, "axis")
        for c in m.cities
        if c.port and c.country != "UK" and c.hex in {h.id for h in m.hexes.values()}
    ]
    pos = position(
        tmp_path,
        [U("UK", "ground", "infantry", "3014"), *axis_cities, *ports],
        FRANCE_1940,
        game="uswc",
        board="France",
    )
    line = _check(pos).supply.lines[pos.units[0].id]
    assert (line.state, line.source, line.limited) == ("low", "Paris", True)


def test_uswc_stacks_one_fighter_one_bomber_and_one_ground_unit(tmp_path):  # 3.3
    fine = position(
        tmp_path,
        [U("GER", "ground", "infantry", "2719"), U("GER", "air", "fighter", "2719"), U("GER", "air", "bomber", "2719")],
        FRANCE_1940,
        game="uswc",
        board="France",
        name="fine.vsav",
    )
    assert not [f for f in _check(fine).findings if f.check == "stacking"]
    over = position(
        tmp_path,
        [U("GER", "ground", "infantry", "2719"), U("GER", "ground", "tank", "2719")],
        FRANCE_1940,
        game="uswc",
        board="France",
        name="over.vsav",
    )
    found = [f for f in _check(over).findings if f.check == "stacking"]
    assert len(found) == 1 and found[0].rule == "3.3" and "2 ground" in found[0].reason


def test_a_unit_in_a_uswc_map_box_is_not_checked_for_supply(tmp_path):  # 7.2, 1.3.4
    pos = position(tmp_path, [U("UK", "ground", "infantry", "WMED")], FRANCE_1940, game="uswc", board="France")
    line = _check(pos).supply.lines[pos.units[0].id]
    assert line.via == "exempt" and "not checked" in line.exempt


def test_a_save_of_the_uswc_module_is_judged_by_uswc_rules_and_names_its_board(tmp_path):
    pos = position(
        tmp_path, [U("GER", "ground", "infantry", "3331")], {"Status_GER": "active axis"}, game="uswc", board="Balkans"
    )
    assert pos.game == "uswc" and pos.boards == ("Balkans",)
    assert find_game(pos.game).pack().__module__ == "wargame.rules.uswc"


def test_supply_never_leaves_the_board_in_play():  # 5.3.4: a map's edge is the edge of the world
    g = find_game("uswc")
    state = GameState(nations={"GER": NationState("active", "axis")})
    unit = Unit("1", "1", "", "axis", "GER", "ground", "infantry", hex="2522")
    pos = Position("uswc", (unit,), (), state, ("France",))
    sit = g.pack().situation(pos)
    assert "2523" not in sit.map.hexes and "2522" in sit.map.hexes


# ---- audits: strategic movement and Naval Transport --------------------------------------------------


def test_strategic_movement_in_uswc_needs_no_supply_in_the_hexes_it_enters():  # 4.1 (USE 4.1.2 does)
    from wargame.rules.uswc.audit import MoveJudge

    g = find_game("uswc")
    found: list[tuple] = []
    judge = MoveJudge(uswc_pack(), lambda *a, **k: found.append(a))
    state = GameState(nations={"FRA": NationState("active", "western"), "GER": NationState("active", "axis")})
    m = g.mapdata(("France",))
    line = [h for h in ("3416", "3415", "3315") if m.hexes[h].transport]
    u = Unit("1", "7", "", "western", "FRA", "ground", "infantry", hex=line[0])
    v = Unit("1", "7", "", "western", "FRA", "ground", "infantry", hex=line[-1])
    pack = g.pack()
    s0 = pack.situation(Position("uswc", (u,), (), state, ("France",)))
    s1 = pack.situation(Position("uswc", (v,), (), state, ("France",)))
    judge.compare(s0, pack.zoc(s0), s1, pack.zoc(s1), "Western Strategic Movement", 1)
    assert not [f for f in found if f[0] == "4.1.2"]


def test_naval_transport_lifts_a_western_unit_from_dover_to_calais_and_ends_its_activation():  # 4.2.4
    from wargame.rules.uswc.audit import MoveJudge

    pack = uswc_pack()
    found: list[tuple] = []
    judge = MoveJudge(pack, lambda *a, **k: found.append(a))
    state = GameState(nations={n: NationState("active", "western") for n in ("FRA", "UK")})
    u = Unit("1", "BEF", "", "western", "UK", "ground", "infantry", hex="2812")  # Dover
    v = Unit("1", "BEF", "", "western", "UK", "ground", "infantry", hex="2813")  # Calais
    s0 = pack.situation(Position("uswc", (u,), (), state, ("France",)))
    s1 = pack.situation(Position("uswc", (v,), (), state, ("France",)))
    judge.new_phase("Western Operations")
    judge.compare(s0, pack.zoc(s0), s1, pack.zoc(s1), "Western Operations", 1)
    judge.close()
    assert found == []
    assert judge.activations and judge.activations[0].end == "2813" and judge.activations[0].legal


# ---- the module and the other commands ---------------------------------------------------------------


@pytest.fixture(scope="module")
def uswc_module(tmp_path_factory):
    from builder.module.build import build_module

    dist = tmp_path_factory.mktemp("dist")
    return build_module("uswc", dist, board_image=lambda board: _plain(board))


def _plain(board):
    from PIL import Image

    return Image.new("RGB", (board.width, board.height), (158, 190, 222))


def test_the_uswc_module_has_one_map_with_a_board_per_uswc_map_and_each_setup_picks_its_own(uswc_module):
    from vassal.module import read_module
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game

    mod = read_module(uswc_module.path)
    maps = [m for m in mod.root.iter("VASSAL.build.module.Map") if m.get("mapName") == "Western Campaigns"]
    boards = [b.get("name") for b in maps[0].iter("VASSAL.build.module.map.boardPicker.Board")]
    assert boards == ["France", "Italy", "Balkans", "Norway"]
    import zipfile

    with zipfile.ZipFile(uswc_module.path) as z:
        for name, board in (
            ("france_1940.vsav", "France"),
            ("balkans_1941.vsav", "Balkans"),
            ("normandy_1944.vsav", "France"),
        ):
            path = uswc_module.path.parent / name
            path.write_bytes(z.read(name))
            chosen = replay_save(read_saved_game(path)).boards
            assert [p.name for placements in chosen.values() for p in placements] == [board]


def test_a_uswc_setup_checks_clean_with_its_documented_exceptions(uswc_module, tmp_path):
    import zipfile

    from assistant.board import read_position

    with zipfile.ZipFile(uswc_module.path) as z:
        (tmp_path / "f.vsav").write_bytes(z.read("france_1940.vsav"))
    pos = read_position(tmp_path / "f.vsav").position
    assert pos.game == "uswc" and pos.boards == ("France",) and len([u for u in pos.units if u.hex]) >= 50
    assert not find_game("uswc").pack().check(pos).problems


def test_uswc_sheets_contact_sheet_and_map_commands_work(tmp_path, capsys):
    from staffwork import cli

    assert cli.main(["sheets", "uswc", "-o", str(tmp_path / "c.pdf"), "--nation", "BEL"]) == 0
    assert cli.main(["art", "contact-sheet", "uswc", "-o", str(tmp_path / "c.png")]) == 0
    assert cli.main(["map", "find", "uswc", "Oslo"]) == 0
    assert (
        cli.main(["map", "render", "uswc", "--board", "Norway", "--scale", "0.25", "-o", str(tmp_path / "n.png")]) == 0
    )
    out = capsys.readouterr().out
    assert "Oslo:" in out and (tmp_path / "n.png").stat().st_size > 10_000
