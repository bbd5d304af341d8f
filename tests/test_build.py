"""`staffwork build use`: the complete module, validated, deterministic, atomic, with setups."""

from __future__ import annotations

import io
import os
import tempfile
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from builder.module import build as buildmod
from builder.module.build import build_module
from vassal.buildfile import parse_buildfile
from vassal.components import validate_buildfile
from vassal.grids import ZonedGrid, HexGrid, map_geometry, parse_grid
from vassal.inspection import inspect_save, load_module_maps
from vassal.module import check_module_references
from vassal.pieces import parse_add_piece, parse_piece, view
from wargame import pieceprops as pp
from wargame.board import load_board
from wargame.content import default_folder, load_content, load_scenarios


def _small_board() -> Image.Image:
    """A plain board of the right size: the art is not what these tests look at."""
    board = load_board("use")
    return Image.new("RGB", (board.width, board.height), (158, 190, 222))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """One full build (the real board image and every counter), shared by the tests."""
    dist = tmp_path_factory.mktemp("dist")
    report = build_module("use", dist)
    assert report.path == dist / "use.vmod"
    return report.path


@pytest.fixture(scope="module")
def archive(built):
    with zipfile.ZipFile(built) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.fixture(scope="module")
def root(archive):
    return parse_buildfile(archive["buildFile.xml"])


def test_module_has_no_validation_errors_or_warnings(root, archive):
    problems = validate_buildfile(root) + check_module_references(root, list(archive))
    assert [p.line() for p in problems] == []


def test_moduledata_names_vassal_3_7(archive):
    text = archive["moduledata"].decode()
    assert "<VassalVersion>3.7." in text and "<name>Unconditional Surrender!" in text


def test_every_piece_slot_and_prototype_decodes(root):
    texts = [e.text for e in root.iter("VASSAL.build.widget.PieceSlot", "VASSAL.build.module.PrototypeDefinition")]
    assert len(texts) > 600
    for text in texts:
        _, type_str, state_str = parse_add_piece(text)
        parse_piece(type_str, state_str)


def test_unit_pieces_carry_the_property_and_layer_names_the_assistant_reads(root):
    slots = {e.get("entryName"): e for e in root.iter("VASSAL.build.widget.PieceSlot")}
    v = view(parse_piece(*parse_add_piece(slots["GER 1"].text)[1:]))
    assert set(pp.UNIT_PROPERTIES) <= set(v.markers)
    assert v.markers[pp.FACTION] == "axis" and v.markers[pp.NATIONALITY] == "GER"
    assert "prototype;Supply" in slots["GER 1"].text and "prototype;Sorties" not in slots["GER 1"].text
    assert any(layer.name == pp.LAYER_SIDE for layer in v.layers)


def test_gpids_are_unique_and_below_next_piece_slot_id(root):
    gpids = [int(e.get("gpid")) for e in root.iter("VASSAL.build.widget.PieceSlot")]
    assert len(gpids) == len(set(gpids))
    assert int(root.get("nextPieceSlotId")) > max(gpids)


def test_main_map_is_a_zoned_grid_with_the_six_boxes_over_the_hex_grid(root):
    board_el = next(root.iter("VASSAL.build.module.map.boardPicker.Board"))
    grid = parse_grid(next(iter(board_el)))
    assert isinstance(grid, ZonedGrid) and isinstance(grid.background, HexGrid)
    assert sorted(z.name for z in grid.zones) == sorted([
        "Arabian Sea", "Central Russia", "North Atlantic Ocean", "Eastern North America",
        "South Atlantic Ocean", "Western Indian Ocean"])


def test_vassal_names_every_hex_centre_with_our_id_and_box_centres_with_the_box(root, archive):
    board = load_board("use")
    main = next(e for e in root.iter("VASSAL.build.module.Map") if e.get("mapName") == board.map_name)
    sizes = {board.image: (board.width, board.height)}
    geometry = map_geometry(main, image_size=sizes.__getitem__)
    for h in board.grid.hexes(board.layout.ref.board):
        x, y = board.center(h)
        assert geometry.location_name(round(x), round(y)) == board.grid.hex_id(h)
    names = {"ARS": "Arabian Sea", "NAO": "North Atlantic Ocean"}
    for code, name in names.items():
        assert geometry.location_name(*board.box(code).center) == name
        # a piece dropped in a box is not pulled to a hex centre
        assert geometry.snap(*board.box(code).center) == board.box(code).center


def test_board_image_has_the_size_board_toml_gives(archive):
    board = load_board("use")
    assert Image.open(io.BytesIO(archive["images/" + board.image])).size == (board.width, board.height)


def test_every_setup_reads_back_with_pieces_on_the_hexes_the_scenario_names(built, archive):
    content = load_content(default_folder("use"))
    scenarios = load_scenarios(default_folder("use") / "scenarios", content)
    module = load_module_maps(str(built))
    files = [n for n in archive if n.endswith(".vsav")]
    assert sorted(files) == sorted(f"{k}.vsav" for k in scenarios)
    with tempfile.TemporaryDirectory() as tmp:
        for key, scenario in scenarios.items():
            path = Path(tmp) / f"{key}.vsav"
            path.write_bytes(archive[f"{key}.vsav"])
            report = inspect_save(str(path), module)
            on_map = Counter((r["properties"].get(pp.UNIT_KEY) or r["markers"].get(pp.UNIT_KEY)
                              or r["markers"].get(pp.MARKER_KEY), r["location"])
                             for r in report["pieces"] if r["map"] == "Europe" and r["location"].isdigit())
            wanted = Counter()
            for p in scenario.setup:
                if p.where.isdigit():
                    wanted[(p.counter, p.where)] += p.count
            assert on_map == wanted, key
            assert all(r["location"] != "offboard" for r in report["pieces"])


def test_a_setup_with_real_hexes_exists_and_sets_weather_and_policies(built, archive):
    module = load_module_maps(str(built))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "france.vsav"
        path.write_bytes(archive["france_1940.vsav"])
        report = inspect_save(str(path), module)
    hexes = [r for r in report["pieces"] if r["map"] == "Europe" and r["location"].isdigit()]
    assert hexes, "France 1940 has no piece on a hex"
    assert report["properties"]["Weather_cold"] == "Fair"
    assert report["properties"]["Policy_home_defense"] == "true"


def test_setups_describe_counters_still_waiting_for_a_hex(root):
    from wargame.content import default_folder, load_content, load_scenarios

    content = load_content(default_folder("use"))
    scenarios = load_scenarios(default_folder("use") / "scenarios", content)
    described = {e.get("file"): e.get("description") or ""
                 for e in root.iter("VASSAL.build.module.PredefinedSetup") if e.get("file")}
    assert len(described) == len(scenarios)
    for key, scenario in scenarios.items():
        waiting = len(scenario.unplaced())
        assert ("To place on map" in described[f"{key}.vsav"]) == (waiting > 0), key


def test_rebuild_without_cache_is_byte_identical(built, tmp_path):
    again = build_module("use", tmp_path, cache=False, board_image=None)
    assert again.path.read_bytes() == built.read_bytes()


def test_warm_rebuild_draws_nothing(built):
    report = build_module("use", built.parent)
    assert report.cache_misses == 0


def test_failed_build_leaves_the_previous_module_intact(built, monkeypatch):
    before = built.read_bytes()

    def broken(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(buildmod, "_check_piece_texts", broken)
    with pytest.raises(RuntimeError):
        build_module("use", built.parent, board_image=_small_board)
    assert built.read_bytes() == before
    monkeypatch.undo()
    import vassal.archive

    monkeypatch.setattr(vassal.archive.os, "replace", broken)
    with pytest.raises(RuntimeError):
        build_module("use", built.parent)
    assert built.read_bytes() == before
    assert [p for p in os.listdir(built.parent) if p.endswith(".tmp")] == []


def test_cli_prints_where_the_module_is_its_size_and_counts(built, monkeypatch, capsys):
    from staffwork import cli

    assert "build" in cli.SUBCOMMANDS
    assert cli.main(["build", "use", "--dist", str(built.parent), "-q"]) == 0
    out = capsys.readouterr().out
    assert str(built) in out and "MB" in out
    assert "maps 5" in out and "setups 5" in out and "pieces " in out


def test_cli_unknown_game_is_one_line_and_exit_2(monkeypatch, capsys, tmp_path):
    from staffwork import cli

    assert "build" in cli.SUBCOMMANDS
    assert cli.main(["build", "nosuch", "--dist", str(tmp_path)]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_setups_carry_the_scenario_politics_for_the_checker(built, archive):
    module = load_module_maps(str(built))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "france.vsav"
        path.write_bytes(archive["france_1940.vsav"])
        props = inspect_save(str(path), module)["properties"]
    assert props["Status_GER"] == "active axis"
    assert props["Status_FRA"] == "active western"
    assert props["Status_BEL"] == "neutral"  # Belgium is invaded during the scenario
    assert props["Ceded_karelia"] == "true"
