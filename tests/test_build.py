"""`staffwork build use`: the complete module, validated, deterministic, atomic, with setups."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
import zipfile
from collections import Counter
from pathlib import Path
from typing import cast

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngImageFile

from builder.module import build as buildmod
from builder.module.build import build_module
from builder.module.images import png
from vassal.buildfile import parse_buildfile
from vassal.grids import HexGrid, ZonedGrid, parse_grid
from vassal.inspection import inspect_save, load_module_maps
from vassal.mapgeometry import map_geometry
from vassal.piece_view import view
from vassal.pieces import parse_add_piece, parse_piece
from vassal.validate import check_module_references, validate_buildfile
from wargame import pieceprops as pp
from wargame.board import load_board
from wargame.content import default_folder, load_content, load_scenarios


def _small_board(board=None) -> Image.Image:
    """A plain board of the right size: the art is not what these tests look at."""
    board = board or load_board("use")
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
    assert sorted(z.name for z in grid.zones) == sorted(
        [
            "Arabian Sea",
            "Central Russia",
            "North Atlantic Ocean",
            "Eastern North America",
            "South Atlantic Ocean",
            "Western Indian Ocean",
        ]
    )


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
            on_map = Counter(
                (
                    r["properties"].get(pp.UNIT_KEY)
                    or r["markers"].get(pp.UNIT_KEY)
                    or r["markers"].get(pp.MARKER_KEY),
                    r["location"],
                )
                for r in report["pieces"]
                if r["map"] == "Europe" and r["location"].isdigit()
            )
            wanted: Counter[tuple[str, str]] = Counter()
            for p in scenario.setup:
                if p.where.isdigit():
                    wanted[(p.counter, p.where)] += p.count
            assert on_map == wanted, key
            assert all(r["location"] != "offboard" for r in report["pieces"])


def _inspect_setup(built, archive, key: str) -> dict:
    """`staffwork inspect` of one setup of the built module, as a report."""
    module = load_module_maps(str(built))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{key}.vsav"
        path.write_bytes(archive[f"{key}.vsav"])
        return inspect_save(str(path), module)


def test_a_setup_with_real_hexes_exists_and_sets_weather_and_policies(built, archive):
    report = _inspect_setup(built, archive, "france_1940")
    hexes = [r for r in report["pieces"] if r["map"] == "Europe" and r["location"].isdigit()]
    assert hexes, "France 1940 has no piece on a hex"
    assert report["properties"]["Weather_cold"] == "Fair"
    assert report["properties"]["Policy_home_defense"] == "true"


def test_setups_describe_counters_still_waiting_for_a_hex(root):
    from wargame.content import default_folder, load_content, load_scenarios

    content = load_content(default_folder("use"))
    scenarios = load_scenarios(default_folder("use") / "scenarios", content)
    described = {
        e.get("file"): e.get("description") or ""
        for e in root.iter("VASSAL.build.module.PredefinedSetup")
        if e.get("file")
    }
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


# --- Turn tracker and Diplomacy Cup in the setups (checked against VASSAL's source) ----------


def _setup_saves(archive, tmp: str) -> dict[str, Path]:
    out = {}
    for name in sorted(n for n in archive if n.endswith(".vsav")):
        path = Path(tmp) / name
        path.write_bytes(archive[name])
        out[name[: -len(".vsav")]] = path
    return out


def _list_level(text: str, items: list[str]) -> tuple[int, list[str]]:
    """One ListTurnLevel state read as turn/ListTurnLevel.java setState reads it: ';'-joined
    current index, current sub-level, first index, ','-joined active flags, then each sub-level's
    state. Returns (current index, sub-level states) after checking the other fields."""
    from vassal import sequence

    tokens = sequence.decode(text, ";")
    current, sub_level, first = int(tokens[0]), int(tokens[1]), int(tokens[2])
    assert (sub_level, first) == (0, 0)
    assert sequence.decode(tokens[3], ",") == ["true"] * len(items)
    assert 0 <= current < len(items)
    return current, tokens[4:]


def test_every_setup_starts_the_turn_tracker_at_its_first_month_and_first_phase(root, archive):
    from vassal import sequence
    from vassal.commands import SetTurn, walk
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game

    trackers = list(root.iter("VASSAL.build.module.turn.TurnTracker"))
    # UniqueIdManager("TurnTracker") names the n-th tracker built "TurnTracker<n>"
    # (turn/TurnTracker.java idMgr; tools/UniqueIdManager.add): with one tracker, TurnTracker0
    assert len(trackers) == 1
    month_el = trackers[0].find("VASSAL.build.module.turn.ListTurnLevel")
    phase_el = month_el.find("VASSAL.build.module.turn.ListTurnLevel")
    months, phases = month_el.get("list").split(","), phase_el.get("list").split(",")
    assert months[0] == "Sep-39" and months[-1] == "Aug-45" and phases[0] == "Weather"
    scenarios = load_scenarios(default_folder("use") / "scenarios", load_content(default_folder("use")))
    with tempfile.TemporaryDirectory() as tmp:
        for key, path in _setup_saves(archive, tmp).items():
            saved = read_saved_game(path)
            turns = [n.command for n in walk(saved.tree) if n.text.startswith("TURN")]
            assert isinstance(turns[0], SetTurn), key
            assert turns == [SetTurn("TurnTracker0", turns[0].state)], key
            state = replay_save(saved).turns["TurnTracker0"]
            # turn/TurnTracker.java getState: '|'-joined current top level, then each top level's state
            top = sequence.decode(state, "|")
            assert top[0] == "0" and len(top) == 2, key
            month, subs = _list_level(top[1], months)
            assert len(subs) == 1, key
            phase, leaf = _list_level(subs[0], phases)
            assert leaf == [], key
            assert (months[month], phases[phase]) == (str(scenarios[key].first_turn), phases[0]), key


def test_cup_markers_start_inside_the_diplomacy_cup_deck(root, archive):
    from vassal import sequence
    from vassal.commands import AddPiece, walk
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game

    piles = list(root.iter("VASSAL.build.module.map.DrawPile"))
    assert len(piles) == 1
    pile = piles[0]
    map_el = pile.getparent()
    assert map_el.get("mapName") == pile.get("owningBoard")  # one board at 0,0: x, y are map pixels
    scenarios = load_scenarios(default_folder("use") / "scenarios", load_content(default_folder("use")))
    assert any(p.where == "cup" for s in scenarios.values() for p in s.setup)
    with tempfile.TemporaryDirectory() as tmp:
        for key, path in _setup_saves(archive, tmp).items():
            saved = read_saved_game(path)
            position = replay_save(saved)
            assert len(position.decks) == 1, key  # written even when empty (SETUP_STACK: no new deck)
            deck = next(iter(position.decks.values()))
            # counters/Deck.java: a saved deck finds its DrawPile by the deck name in its type
            # (mySetType -> DrawPile.findDrawPile), type field 12 after "deck;"
            assert sequence.decode(deck.type, ";")[13] == deck.name == pile.get("name"), key
            # the rest of the type is the DrawPile's own settings, in Deck.getType's field order
            t = sequence.decode(deck.type, ";")
            assert t[0] == "deck" and len(t) <= 50
            assert (t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[17]) == tuple(
                pile.get(a)
                for a in (
                    "draw",
                    "color",
                    "width",
                    "height",
                    "faceDown",
                    "shuffle",
                    "allowMultiple",
                    "allowSelect",
                    "reversible",
                    "drawFaceUp",
                )
            )
            assert t[10:13] == ["", "", ""] and pile.get("reshufflable") == "false"
            assert (deck.map, deck.x, deck.y) == (pile.get("owningBoard"), int(pile.get("x")), int(pile.get("y")))
            assert deck.face_down is (pile.get("faceDown") not in ("Never", "MenuDefaultUp"))
            in_cup = Counter(
                view(parse_piece(position.pieces[m].type, position.pieces[m].state)).markers[pp.MARKER_KEY]
                for m in deck.members
            )
            wanted: Counter[str] = Counter()
            for p in scenarios[key].setup:
                if p.where == "cup":
                    wanted[p.counter] += p.count
            assert in_cup == wanted, key
            # the engine writes members before their deck: Deck.setState skips ids it does not know
            order = [n.command.id for n in walk(saved.tree) if isinstance(n.command, AddPiece)]
            assert all(order.index(m) < order.index(deck.id) for m in deck.members), key
            assert all(position.pieces[m].container == deck.id for m in deck.members)


def test_inspect_shows_the_cup_markers_in_the_cup(built, archive, capsys):
    from staffwork import cli

    with tempfile.TemporaryDirectory() as tmp:
        path = _setup_saves(archive, tmp)["campaign_1939"]
        assert cli.main(["inspect", str(path), "--module", str(built), "--json"]) == 0
    import json

    report = json.loads(capsys.readouterr().out)
    scenario = load_scenarios(default_folder("use") / "scenarios", load_content(default_folder("use")))["campaign_1939"]
    wanted = sum(p.count for p in scenario.setup if p.where == "cup")
    cup = [p for p in report["pieces"] if p["location"] == "Diplomacy Cup"]
    assert wanted > 0 and len(cup) == wanted
    assert len({p["stack"] for p in cup}) == 1 and sorted(p["stack_index"] for p in cup) == list(range(wanted))
    assert {p["name"] for p in cup} >= {"Pro-Axis", "No Event", "Political Failure"}
    assert report["turns"]["TurnTracker0"]["state"].startswith("0|0;")
    assert report["turns"]["TurnTracker0"]["turn"]  # read through the module's levels


def test_palette_panels_lay_counters_out_in_a_grid(root):
    # A PanelWidget honours nColumns only with fixed="true"; otherwise VASSAL puts every counter
    # in one row (seen in VASSAL 3.7.26 itself).
    panels = list(root.iter("VASSAL.build.widget.PanelWidget"))
    assert panels and all(p.get("fixed") == "true" and int(p.get("nColumns")) >= 4 for p in panels)


def test_every_marker_that_can_lie_in_the_cup_is_masked_and_the_cup_is_face_down(root, archive):
    from builder.module.pieces import CUP_BACK, may_enter_cup
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game
    from vassal.traits import Obscurable

    content = load_content(default_folder("use"))
    pile = next(root.iter("VASSAL.build.module.map.DrawPile"))
    assert pile.get("faceDown") == "Always" and pile.get("drawFaceUp") == "true"  # drawn markers show
    assert CUP_BACK in {n.removeprefix("images/") for n in archive}
    masked = {}
    for e in root.iter("VASSAL.build.widget.PieceSlot"):
        piece = parse_piece(*parse_add_piece(e.text)[1:])
        key = view(piece).markers.get(pp.MARKER_KEY)
        if key is not None:
            masks = [t for t in piece.traits if isinstance(t, Obscurable)]
            masked[key] = bool(masks) and masks[0].get("image_name") == CUP_BACK
            if masks:  # applied only by the cup: no menu command, a key nothing sends
                assert masks[0].get("hide_command") == "" and not view(piece).masked
    wanted = {k for k, m in content.markers.items() if may_enter_cup(m, content)}
    assert {"pro-axis", "no-event", "political-failure"} <= wanted
    assert {k for k, v in masked.items() if v} == wanted
    with tempfile.TemporaryDirectory() as tmp:
        for key, path in _setup_saves(archive, tmp).items():
            deck = next(iter(replay_save(read_saved_game(path)).decks.values()))
            assert deck.face_down is True, key


def test_setups_put_weather_and_active_nations_track_markers_on_their_tracks(built, archive):
    report = _inspect_setup(built, archive, "france_1940")
    where: dict[str, list[tuple[str, str]]] = {}
    for r in report["pieces"]:
        key = r["markers"].get(pp.MARKER_KEY)
        if key:
            where.setdefault(key, []).append((r["map"], r["location"]))
    # France 1940: the scenario fixes fair weather; Germany starts at Will 51 (france_1940.toml)
    assert where["weather-cold"] == [("Turn and Weather", "Cold Fair")]
    assert where["weather-warm"] == [("Turn and Weather", "Warm Fair")]
    assert where["will-1s-ger"] == [("Axis Card", "Will 1s 1")]
    assert where["will-10s-ger"] == [("Axis Card", "Will 10s 5")]
    assert where["will-1s-fra"][0][0] == "Western Card"
    assert where["movement-points"] == [("Turn and Weather", "Game markers")]
    # neutral and absent nations' track markers wait until they activate
    assert not any(k.endswith(("-ita", "-ussr", "-usa", "-bel")) for k in where if k.startswith(("will", "prod")))


def test_sorties_layer_counts_up_from_none_with_no_on_off_step(root):
    # VASSAL's +1 on an inactive layer only changes the hidden level (Embellishment.doIncrease),
    # so the layer is always active and its first level is blank: +1 on a fresh unit shows 1.
    from vassal.traits import Embellishment

    protos = {e.get("name"): e for e in root.iter("VASSAL.build.module.PrototypeDefinition")}
    piece = parse_piece(*parse_add_piece(protos["Sorties"].text)[1:])
    layer = next(t for t in piece.traits if isinstance(t, Embellishment))
    assert layer.get("name") == pp.LAYER_SORTIES and layer.always_active
    assert layer.get("images")[0] == "" and len(layer.get("images")) == pp.MAX_SORTIES + 1
    assert layer.get("state_value") == 1  # a new unit starts with no Sorties shown
    assert [pp.sorties_of(True, pp.sorties_level(n)) for n in range(7)] == list(range(7))
    assert pp.sorties_of(False, 4) == 0 and pp.sorties_level(9) == pp.MAX_SORTIES + 1


def test_palettes_open_in_their_own_windows_with_pages_that_fit(root):
    # VASSAL docks the first PieceWindow beside the chat, where a grid of counters collapses;
    # the first one is hidden, so the Units and Markers palettes open as windows of their own.
    from builder.module.tree import PALETTE_PAGE

    windows = [w for w in root if w.tag == "VASSAL.build.module.PieceWindow"]
    assert windows[0].get("hidden") == "true" and len(windows[0]) == 0
    assert [w.get("name") for w in windows[1:]] == ["Units", "Markers"]
    panels = list(root.iter("VASSAL.build.widget.PanelWidget"))
    assert all(0 < len(p) <= PALETTE_PAGE for p in panels)
    in_palettes = [s.get("entryName") for s in root.iter("VASSAL.build.widget.PieceSlot")]
    content = load_content(default_folder("use"))
    assert len(in_palettes) == len(content.units) + len(content.markers)  # every design once
    will = next(t for t in root.iter("VASSAL.build.widget.TabWidget") if t.get("entryName") == "Production and Will")
    assert [c.get("entryName") for c in will] == ["Axis", "Western", "Soviet", "Neutral"]


def test_check_picture_is_drawn_over_the_modules_board_art(built, archive, tmp_path):
    from assistant.board import read_position
    from assistant.report import WATER, module_board_image, render_picture
    from wargame.rules.use import check

    cache = tmp_path / "cache"
    art = module_board_image(built, cache=cache)
    board = load_board("use")
    assert art is not None and art.size == (board.width, board.height)
    save = tmp_path / "france.vsav"
    save.write_bytes(archive["france_1940.vsav"])
    position = read_position(save, module=str(built))
    result = check(position.position)
    out = render_picture(position, result, tmp_path / "p.png", base_image=art)
    found = Image.open(out).convert("RGB").getcolors(1 << 24)
    assert found is not None
    colours = cast("list[tuple[int, tuple[int, ...]]]", found)  # an RGB image's colours are tuples
    total = sum(n for n, _ in colours)
    sea = (0xB9, 0xD1, 0xE3)  # the map art's sea (art/map.toml)
    near = lambda c, t: max(abs(a - b) for a, b in zip(c, t)) <= 6  # noqa: E731
    assert sum(n for n, c in colours if near(c, sea)) > total * 0.05  # the art's sea is there
    assert sum(n for n, c in colours if c == WATER) < total * 0.01  # not the light map's
    # a picture is drawn at a scale where counters and names can be read: from the full art
    assert not list(cache.glob("*-half.png"))
    again = render_picture(position, result, tmp_path / "q.png", base_image=module_board_image(built, cache=cache))
    assert again.read_bytes() == out.read_bytes()


def test_check_picture_draws_the_modules_counters_and_names_every_unit(built, archive, tmp_path):
    import json

    from assistant.board import read_position
    from assistant.counter_art import CounterArt, faces_in
    from assistant.report import module_board_image, render_picture
    from wargame.rules.use import check

    save = tmp_path / "campaign.vsav"
    save.write_bytes(archive["campaign_1939.vsav"])
    position = read_position(save, module=str(built))
    result = check(position.position)
    faces = faces_in(save)
    assert faces and all(name.startswith(("unit_", "marker_")) for name in faces.values())
    out = render_picture(
        position,
        result,
        tmp_path / "p.png",
        base_image=module_board_image(built),
        faces=faces,
        counters=CounterArt(built),
    )
    with Image.open(out) as im:
        assert isinstance(im, PngImageFile)
        drawn = json.loads(im.text["staffwork"])
    assert any("counter as the module draws it" in t for t in drawn["legend"])
    assert not any("without counter art" in t for t in drawn["legend"])
    named = [u for label in drawn["labels"] for u in label["units"]]
    on_map = [u.id for u in position.position.units if u.hex]
    assert sorted(named) == sorted(on_map)  # no problems: every unit on the map, each named once
    assert sum(1 for label in drawn["labels"] if label["covers"] > 0) <= len(drawn["labels"]) // 20


def test_check_reads_the_weather_from_where_the_weather_markers_stand(archive, tmp_path):
    # The setups place the Weather markers on the Weather track; players move them in the
    # Weather phase, so the assistant reads the boxes (wargame.offboards), not the setup's
    # Weather_ properties, which nobody updates during play.
    import dataclasses

    from assistant.board import position_from_pieces
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game
    from wargame.games import find_game

    save = tmp_path / "france.vsav"
    save.write_bytes(archive["france_1940.vsav"])
    replayed = replay_save(read_saved_game(save))
    props = {name: value for (_c, name), value in replayed.properties.items()}
    stacks = {sid: c.members for sid, c in replayed.stacks.items()}
    poor = find_game("use").displays().tracks_board().area("Cold Poor").center
    moved = []
    for p in replayed.pieces.values():
        if view(parse_piece(p.type, p.state)).markers.get(pp.MARKER_KEY) == "weather-cold":
            p = dataclasses.replace(p, x=poor[0], y=poor[1])
        moved.append(p)
    as_set = position_from_pieces("use", replayed.pieces.values(), props, stacks).position.state.weather
    assert props["Weather_cold"] == "Fair" and as_set["cold"] == "Fair"
    after = position_from_pieces("use", moved, props, stacks).position.state.weather
    assert after["cold"] == "Poor" and after["mild"] == "Fair"


def test_policies_nations_and_ceded_areas_can_be_set_from_the_game_state_menu(root):
    # Each such GlobalProperty has a ChangePropertyButton offering a list (propChanger "E",
    # PropertyChangerConfigurer.setValue), gathered by ToolbarMenus under "Game state" so the
    # toolbar stays short; every value offered is one the rules assistant reads.
    from assistant.board import parse_status
    from vassal import sequence

    buttons = {}
    for prop in root.iter("VASSAL.build.module.properties.GlobalProperty"):
        name = prop.get("name")
        changers = list(prop.iter("VASSAL.build.module.properties.ChangePropertyButton"))
        if name.startswith(pp.WEATHER_PREFIX) or name == pp.WAIVED:
            assert not changers  # the Weather markers on the track say the weather; setups waive
            continue
        assert len(changers) == 1, name
        code, prompt, values = sequence.decode(changers[0].get("propChanger"), ",")
        options = sequence.decode(values, ",")
        assert code == "E" and prompt and prop.get("initialValue") in options, name
        if name.startswith(pp.STATUS_PREFIX):
            for option in options:
                parse_status(option, name, ("axis", "western", "soviet"))
        else:
            assert options == ["true", "false"], name
        buttons[changers[0].get("text")] = name
    menus = {
        m.get("text"): sequence.decode(m.get("menuItems"), ",") for m in root.iter("VASSAL.build.module.ToolbarMenu")
    }
    assert menus["Game state"] == ["Policies", "Nations", "Disputed areas", "Events"]
    listed = [item for key in ("Policies", "Nations", "Disputed areas", "Events") for item in menus[key]]
    assert sorted(listed) == sorted(buttons)  # every button in a menu, once
    content = load_content(default_folder("use"))
    once = [e for e in content.events.values() if e.once]
    assert len(listed) == len(content.policies) + len(content.nations) + len(content.disputed_areas) + len(once)


def test_setups_show_one_sided_units_on_their_printed_side(archive, tmp_path):
    # A garrison is always reduced (3.2.2) on its only printed side; its back names the type
    # in words. "Reduced" must not turn it over, yet the assistant still reads it as reduced.
    from assistant.board import read_position
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game

    content = load_content(default_folder("use"))
    one_sided = {k for k, u in content.units.items() if u.sides == 1}
    seen = 0
    for key in ("france_1940", "overlord_1944"):
        save = tmp_path / f"{key}.vsav"
        save.write_bytes(archive[f"{key}.vsav"])
        for p in replay_save(read_saved_game(save)).pieces.values():
            v = view(parse_piece(p.type, p.state))
            if v.markers.get(pp.UNIT_KEY) in one_sided:
                seen += 1
                side = next(layer for layer in v.layers if layer.name == pp.LAYER_SIDE)
                assert not side.active, (key, v.markers[pp.UNIT_KEY])
        units = read_position(save).position.units
        assert all(u.reduced for u in units if u.category == "garrison")
    assert seen >= 5


# --- versions, damaged cache entries and board images, output place checked first -----------


def _sea_board(board=None) -> Image.Image:
    board = board or load_board("use")
    return Image.new("RGB", (board.width, board.height), (158, 190, 222))


def _red_board(board=None) -> Image.Image:
    board = board or load_board("use")
    return Image.new("RGB", (board.width, board.height), (200, 40, 40))


@pytest.fixture(scope="module")
def plain_dist(tmp_path_factory) -> Path:
    """A build with a plain board: its cache makes the builds below quick."""
    dist = tmp_path_factory.mktemp("plain")
    build_module("use", dist, board_image=_sea_board)
    return dist


def _group(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text``, which must hold it."""
    import re

    found = re.search(pattern, text)
    assert found is not None, pattern
    return found.group(1)


def _versions(module: Path) -> dict[str, str]:
    """The module's version as moduledata, the buildFile and every setup state it."""

    with zipfile.ZipFile(module) as z:
        found = {
            "moduledata": _group(r"<version>(.*?)</version>", z.read("moduledata").decode()),
            "buildFile.xml": parse_buildfile(z.read("buildFile.xml")).get("version"),
        }
        for name in z.namelist():
            if name.endswith(".vsav"):
                with zipfile.ZipFile(io.BytesIO(z.read(name))) as save:
                    text = save.read("savedata").decode()
                found[name] = _group(r"<version>(.*?)</version>", text)
    return found


def _tile_folder(module: Path) -> str:
    """The engine's tile cache folder for a module: sha1(name + "_" + version) of moduledata
    (VASSAL 3.7 AbstractLaunchAction / GameModule.getImageTileSource)."""
    import hashlib

    with zipfile.ZipFile(module) as z:
        text = z.read("moduledata").decode()
    name = _group(r"<name>(.*?)</name>", text)
    version = _group(r"<version>(.*?)</version>", text)
    return hashlib.sha1(f"{name}_{version}".encode()).hexdigest()


def test_a_changed_board_gives_a_new_version_and_so_new_vassal_tiles(plain_dist, tmp_path):
    a = build_module("use", plain_dist, board_image=_sea_board)
    sea = tmp_path / "sea.vmod"
    sea.write_bytes(a.path.read_bytes())
    b = build_module("use", tmp_path / "red", board_image=_red_board)
    assert a.version.startswith("0.2+") and b.version.startswith("0.2+") and a.version != b.version
    assert set(_versions(sea).values()) == {a.version}
    assert set(_versions(b.path).values()) == {b.version}
    assert _tile_folder(sea) != _tile_folder(b.path)


def test_the_buildfile_names_the_version_only_on_the_module_element(plain_dist):
    # the build digests a buildFile made with the plain number, then sets the version there
    report = build_module("use", plain_dist, board_image=_sea_board)
    with zipfile.ZipFile(report.path) as z:
        text = z.read("buildFile.xml").decode()
    assert text.count(report.version) == 1
    assert parse_buildfile(text.encode()).get("version") == report.version


def test_the_same_inputs_give_the_same_version_and_bytes(plain_dist, tmp_path):
    a = build_module("use", plain_dist, board_image=_sea_board)
    b = build_module("use", tmp_path, board_image=_sea_board, cache=False)
    assert a.version == b.version and a.path.read_bytes() == b.path.read_bytes()


def _board_entry(dist: Path) -> Path:
    """The board's file in the image cache, found by the key the build gives it."""
    import hashlib

    from builder.module.cache import fingerprint
    from wargame.games import find_game

    board = load_board("use")
    parts = (
        "board",
        "use",
        board.board_name,
        fingerprint(buildmod._board_sources(find_game("use"))),
        _sea_board.__qualname__,
    )
    key = hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()
    entry = dist / ".cache" / "use" / key[:2] / f"{key}.png"
    assert entry.is_file()
    return entry


def _pixel_bomb() -> bytes:
    """A small, well-formed PNG that claims to be 100000 x 100000 pixels."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


@pytest.mark.parametrize("damage", ["truncated", "pixel bomb", "other size"])
def test_a_damaged_board_in_the_image_cache_is_drawn_again(damage, plain_dist, tmp_path):
    dist = tmp_path / "dist"
    shutil.copytree(plain_dist / ".cache", dist / ".cache")
    entry = _board_entry(dist)
    good = entry.read_bytes()
    entry.write_bytes(
        {
            "truncated": good[: len(good) // 2],
            "pixel bomb": _pixel_bomb(),
            "other size": png(Image.new("RGB", (64, 64))),
        }[damage]
    )
    report = build_module("use", dist, board_image=_sea_board)
    assert report.cache_misses == 1
    assert entry.read_bytes() == good
    with zipfile.ZipFile(report.path) as z:
        board = Image.open(io.BytesIO(z.read("images/" + load_board("use").image)))
        board.load()
    assert board.size == _sea_board().size


@pytest.mark.parametrize("damage", ["truncated", "pixel bomb"])
def test_a_board_image_that_cannot_be_read_is_a_data_error_not_a_crash(damage, tmp_path):
    from wargame.errors import DataError

    source = tmp_path / "board.png"
    good = png(_sea_board())
    source.write_bytes(good[: len(good) // 3] if damage == "truncated" else _pixel_bomb())

    def board_from_file(board=None) -> Image.Image:
        return Image.open(source)

    with pytest.raises(DataError, match="board image"):
        build_module("use", tmp_path / "dist", board_image=board_from_file, cache=False)
    assert not (tmp_path / "dist" / "use.vmod").exists()


def test_a_read_only_dist_is_found_before_any_work_and_named(read_only_folder, monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("loaded the game before checking where the module goes")

    monkeypatch.setattr(buildmod, "find_game", no_work)
    with pytest.raises(PermissionError) as err:
        build_module("use", read_only_folder / "dist")
    assert err.value.filename == str(read_only_folder / "dist" / "use.vmod")
    assert ".tmp" not in str(err.value)


def test_the_long_steps_report_their_counts(plain_dist):
    seen: dict[str, list[tuple[int, int]]] = {}

    def stage(label: str, unit: str):
        return lambda done, total: seen.setdefault(f"{label} {unit}", []).append((done, total))

    build_module("use", plain_dist, board_image=_sea_board, stage=stage)
    counts = seen["counters designs"]
    assert counts[-1][0] == counts[-1][1] > 600 and len(counts) == counts[-1][1]


def test_a_nations_units_and_markers_carry_the_faction_it_has_in_the_setup(built, archive):
    # Overlord 1944: French North Africa fights with the Western faction (13.1.1), though the
    # palette's counters, like the country's 1939 alignment, say Axis
    report = _inspect_setup(built, archive, "overlord_1944")
    fna = [r["markers"] for r in report["pieces"] if r["markers"].get(pp.NATIONALITY) == "FNA"]
    assert {m.get(pp.KIND, "marker") for m in fna} >= {"ground", "air", "marker"}  # units, Will, Production
    assert {m[pp.FACTION] for m in fna} == {"western"}
    assert report["properties"][pp.STATUS_PREFIX + "FNA"] == "active western"


def test_the_turn_report_is_not_starred_twice(root):
    # turn/TurnTracker.java puts "* " before the report itself
    tracker = next(root.iter("VASSAL.build.module.turn.TurnTracker"))
    assert not tracker.get("reportFormat").startswith("*") and "$newTurn$" in tracker.get("reportFormat")
