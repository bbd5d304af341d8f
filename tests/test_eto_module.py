"""`staffwork build eto`: the module of a game that prints factors, joins two map sheets and has
seasonal turns, built through the same code as USE's (the board art is replaced by a plain
image of its size: these tests look at everything else)."""

from __future__ import annotations

import tempfile
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from builder.module.build import build_module
from vassal.buildfile import parse_buildfile
from vassal.inspection import inspect_save, load_module_maps
from vassal.mapgeometry import map_geometry
from vassal.validate import check_module_references, validate_buildfile
from wargame import pieceprops as pp
from wargame.games import find_game


def _plain(board) -> Image.Image:
    return Image.new("RGB", (board.width, board.height), (158, 190, 222))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module("eto", tmp_path_factory.mktemp("dist"), board_image=_plain).path


@pytest.fixture(scope="module")
def archive(built):
    with zipfile.ZipFile(built) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.fixture(scope="module")
def root(archive):
    return parse_buildfile(archive["buildFile.xml"])


def _report(built, archive, key: str) -> dict:
    module = load_module_maps(str(built))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{key}.vsav"
        path.write_bytes(archive[f"{key}.vsav"])
        return inspect_save(str(path), module)


def test_the_module_validates_and_names_every_setup(root, archive):
    problems = validate_buildfile(root) + check_module_references(root, list(archive))
    assert [p.line() for p in problems] == []
    setups = {e.get("name") for e in root.iter("VASSAL.build.module.PredefinedSetup")}
    assert {"Case White", "Battle of the Bulge", "Barbarossa"} <= setups
    assert len(setups) == len(find_game("eto").scenarios())


def test_vassal_names_hexes_of_both_sheets_as_the_rules_print_them(root):
    game = find_game("eto")
    board = game.boards().default
    main = next(e for e in root.iter("VASSAL.build.module.Map") if e.get("mapName") == board.map_name)
    geometry = map_geometry(main, image_size={board.image: (board.width, board.height)}.__getitem__)
    m = game.mapdata()
    for name, hex_id in (("Moscow", "E1924"), ("Warsaw", "W3533")):
        assert m.city(name).hex == hex_id
        x, y = board.center(board.grid.parse(hex_id))
        assert geometry.location_name(round(x), round(y)) == hex_id


def test_one_palette_slot_per_printed_design_and_no_supply_or_sorties_layers(root):
    content = find_game("eto").content()
    slots = list(root.iter("VASSAL.build.widget.PieceSlot"))
    designs = {u.art_key for u in content.units.values()}
    assert len(slots) == len(designs) + len(content.markers)
    prototypes = {e.get("name") for e in root.iter("VASSAL.build.module.PrototypeDefinition")}
    assert pp.LAYER_SUPPLY not in prototypes and "Sorties" not in prototypes
    text = "\n".join(e.text or "" for e in slots)
    assert "+ (depleted)" in text and "+ (damaged)" in text and "+ (previously activated)" in text
    assert "Send to Force Pool box" in "\n".join(
        e.text or "" for e in root.iter("VASSAL.build.module.PrototypeDefinition")
    )


def test_case_white_sets_up_on_the_hexes_the_text_gives(built, archive):  # Scn 4.1
    report = _report(built, archive, "case_white")
    polish = Counter(
        r["location"]
        for r in report["pieces"]
        if r["markers"].get(pp.NATIONALITY) == "POL" and r["map"] == "European Theater"
    )
    assert polish == Counter(
        {"W3533": 4, "W3931": 1, "W3629": 1, "W3232": 1, "E3032": 1, "W3732": 1, "W3734": 1, "W3431": 1}
    )
    assert all(r["location"] != "offboard" for r in report["pieces"])


def test_every_setup_reads_back_with_its_counters_where_the_scenario_puts_them(built, archive):
    game = find_game("eto")
    grid = game.boards().grid
    for key, scenario in game.scenarios().items():
        report = _report(built, archive, key)
        on_hexes = Counter(
            (r["markers"].get(pp.UNIT_KEY) or r["markers"].get(pp.MARKER_KEY), r["location"])
            for r in report["pieces"]
            if r["map"] == "European Theater"
        )
        wanted: Counter[tuple[str, str]] = Counter()
        for p in scenario.setup:
            if p.on_hex:
                wanted[(p.counter, p.where)] += p.count
        got = Counter({k: v for k, v in on_hexes.items() if k in wanted or _is_hex(grid, k[1])})
        assert got == wanted, key


def _is_hex(grid, where: str) -> bool:
    try:
        grid.parse(where)
    except Exception:
        return False
    return True


def test_track_markers_show_each_nations_starting_points(built, archive):
    report = _report(built, archive, "war_in_europe")  # Scn 12: Germany 80 EPs, 2 offensives; France 16 EPs
    where: dict[str, list[tuple[str, str]]] = {}
    for r in report["pieces"]:
        key = r["markers"].get(pp.MARKER_KEY)
        if key:
            where.setdefault(key, []).append((r["map"], r["location"]))
    assert where["ep-ger-10"] == [("Axis Card", "Economic Points 8")]
    assert where["ep-ger-1"] == [("Axis Card", "Economic Points 0")]
    assert where["offensives-ger"] == [("Axis Card", "Offensives 2")]
    assert where["ep-fra-10"] == [("Western Allies Card", "Economic Points 1")]
    assert where["ep-fra-1"] == [("Western Allies Card", "Economic Points 6")]
    assert where["month"] == [("Turn and Weather", "Sep-39")] and where["year"] == [("Turn and Weather", "Year 1939")]
    assert where["weather-severe"] == [("Turn and Weather", "Severe Fair")]


def test_a_negative_amount_shows_the_markers_back(built, archive):
    report = _report(built, archive, "poised_for_onslaught")  # Scn 14: Germany starts at -50 EPs
    ep10 = next(r for r in report["pieces"] if r["markers"].get(pp.MARKER_KEY) == "ep-ger-10")
    assert ep10["location"] == "Economic Points 5" and ep10["layers"][pp.LAYER_SIDE]["active"]
    ep1 = next(r for r in report["pieces"] if r["markers"].get(pp.MARKER_KEY) == "ep-ger-1")
    assert ep1["location"] == "Economic Points 0" and ep1["layers"][pp.LAYER_SIDE]["active"]


def test_setups_start_the_tracker_at_their_first_phase(archive):
    from vassal import sequence
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game

    phases = find_game("eto").displays().phases
    with tempfile.TemporaryDirectory() as tmp:
        for key, phase in (
            ("case_white", "Offensive"),
            ("blitzkrieg", "Seasonal: Minor Partner Activation"),
            ("sink_the_bismarck", "Naval and Air"),
        ):
            path = Path(tmp) / f"{key}.vsav"
            path.write_bytes(archive[f"{key}.vsav"])
            state = replay_save(read_saved_game(path)).turns["TurnTracker0"]
            month_level = sequence.decode(sequence.decode(state, "|")[1], ";")
            phase_level = sequence.decode(month_level[-1], ";")
            assert phases[int(phase_level[0])] == phase, key


def test_every_setup_save_checks_with_only_supply_a_marker_could_bring(built, archive, root):
    """`staffwork check` on each setup the module writes (issue 15): the save carries the
    scenario's starting territory and special sources (Control_, Sources_ global properties the
    module declares); the only problems left are units whose supply must still be shipped, each
    finding naming the port or airbase a marker could reach (the scenario book's set-up rules)."""
    from assistant.board import read_position

    declared = {e.get("name") for e in root.iter("VASSAL.build.module.properties.GlobalProperty")}
    assert {"Control_axis", "Control_western", "Control_soviet", "Control_neutral", "Sources_western"} <= declared
    pack = find_game("eto").pack()
    with tempfile.TemporaryDirectory() as tmp:
        for key in find_game("eto").scenarios():
            path = Path(tmp) / f"{key}.vsav"
            path.write_bytes(archive[f"{key}.vsav"])
            pos = read_position(path).position
            result = pack.check(pos)
            odd = [f.reason for f in result.problems if f.check != "supply" or "a supply marker landed" not in f.reason]
            assert odd == [], key
            if key == "battle_of_the_bulge":
                assert pos.state.control["western"] == ("W3521", "W3421")
                assert pos.state.sources["western"] == ("Antwerp", "ports:France")
                assert result.problems == ()
