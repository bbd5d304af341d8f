"""`staffwork inspect` on what real modules and saves of other games do: maps in chart windows,
missing and SVG board images, stacks on no map, maps the module lacks, zoned boards with a hex
background, turn trackers, module properties, a log's moves. Every file is made here, small,
with our own writers (tests/modmaker.py); the expected numbers were checked against the real
engine (vassal-check --ids) where it can say."""

from __future__ import annotations

import json
import re

import pytest

from staffwork.cli import main
from vassal.commands import (
    AddPiece,
    BoardPlacement,
    Command,
    MovePiece,
    Node,
    RemovePiece,
    SetGlobalProperty,
    encode_command,
)
from vassal.imagesize import svg_size
from vassal.mapgeometry import map_geometry
from vassal.replay import replay_save

from conftest import outside
from modmaker import (
    WIDGET,
    board,
    chart_window,
    counter_level,
    game_map,
    hex_grid,
    list_level,
    png,
    square_grid,
    svg,
    turn_tracker,
    write_game,
    write_module,
    zone,
    zoned_grid,
)


def _inspect(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["inspect", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys, *argv: str) -> tuple[dict, str]:
    code, out, err = _inspect(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out), err


def _by_name(report: dict) -> dict[str, dict]:
    return {p["name"]: p for p in report["pieces"]}


# --------------------------------------------------------------------------------------------
# maps wherever they are nested


def test_pieces_on_a_map_inside_a_chart_window_get_its_locations(tmp_path, capsys):
    sheet = game_map(
        "Sheet",
        board("S", square_grid(50, 50, 25, 25), width=400, height=300),
        tag=WIDGET + "WidgetMap",
    )
    module = write_module(
        tmp_path / "m.vmod",
        game_map("Main", board("A", width=100, height=100)),
        chart_window(sheet),
    )
    save = write_game(tmp_path / "g.vsav", pieces=[("3", "OnSheet", "Sheet", 130, 180)], boards={"Sheet": ["S"]})
    report, err = _json(capsys, str(save), "--module", str(module))
    assert _by_name(report)["OnSheet"]["location"] == "2,3"  # the engine names it so too
    assert "warning" not in err


def test_maps_are_numbered_across_chart_windows_as_the_engine_numbers_them(tmp_path, capsys):
    # Map0 "Main", Map1 the widget map, Map2 the nameless map: a save names it "Map2".
    sheet = game_map("Sheet", board("S", width=100, height=100), tag=WIDGET + "WidgetMap")
    nameless = game_map("", board("N", square_grid(10, 10, 5, 5), width=300, height=300))
    module = write_module(
        tmp_path / "m.vmod",
        game_map("Main", board("A", width=99, height=99)),
        chart_window(sheet),
        nameless,
    )
    save = write_game(tmp_path / "g.vsav", pieces=[("4", "OnNameless", "Map2", 55, 77)], boards={"Map2": ["N"]})
    report, _ = _json(capsys, str(save), "--module", str(module))
    assert _by_name(report)["OnNameless"]["location"] == "5,7"
    code, out, _ = _inspect(capsys, str(module))
    assert code == 0 and "WidgetMap 'Sheet'" in out and "Map 'Map2'" in out


def test_boards_chosen_under_the_maps_id_apply_to_pieces_saved_under_its_name(tmp_path, capsys):
    # BoardPicker.decode answers to the map's id (Map0) and to its name alike.
    main = game_map(
        "Main",
        board("A", square_grid(10, 10, 5, 5), width=100, height=100),
        board("B", square_grid(10, 10, 5, 5), width=100, height=100),
    )
    module = write_module(tmp_path / "m.vmod", main)
    save = write_game(tmp_path / "g.vsav", pieces=[("1", "P", "Main", 125, 35)], boards={"Map0": ["A", "B"]})
    report, _ = _json(capsys, str(save), "--module", str(module))
    assert _by_name(report)["P"]["location"] == "2,3"  # on B, right of A


def test_a_map_class_of_the_modules_own_holding_boards_is_a_map(tmp_path, capsys):
    custom = game_map(
        "Custom",
        board("C", square_grid(10, 10, 5, 5), width=100, height=100),
        tag="org.example.game.SpecialMap",
    )
    module = write_module(tmp_path / "m.vmod", custom)
    save = write_game(tmp_path / "g.vsav", pieces=[("1", "P", "Custom", 25, 35)], boards={"Custom": ["C"]})
    report, _ = _json(capsys, str(save), "--module", str(module))
    assert _by_name(report)["P"]["location"] == "2,3"


# --------------------------------------------------------------------------------------------
# board images: lazily, SVG sized, missing ones warned about


def test_a_broken_image_of_a_board_the_save_does_not_use_changes_nothing(tmp_path, capsys):
    used = board("A", square_grid(50, 50, 25, 25), image="a.png")
    unused = board("B", square_grid(50, 50, 25, 25), image="missing.png")
    broken = board("C", image="broken.png")
    module = write_module(
        tmp_path / "m.vmod",
        game_map("Main", used, unused, broken),
        images={"a.png": png(200, 200), "broken.png": b"not an image"},
    )
    save = write_game(tmp_path / "g.vsav", pieces=[("1", "P", "Main", 130, 180)], boards={"Main": ["A"]})
    report, err = _json(capsys, str(save), "--module", str(module))
    assert _by_name(report)["P"]["location"] == "2,3"
    assert report["warnings"] == [] and err == ""


def test_svg_boards_are_sized_from_width_height_and_units_as_the_engine_does(tmp_path, capsys):
    # Board A is 10in x 2.5in = 960 x 240 px; B sits to its right, C below it: a point's
    # column on B and row on C say where the engine puts them (checked with vassal-check).
    a = board("A", image="a.svg")
    b = board("B", square_grid(1, 100, 0, 50), width=2000, height=240)
    c = board("C", square_grid(2000, 1, 1000, 0), width=960, height=2000)
    module = write_module(
        tmp_path / "m.vmod",
        game_map("Main", a, b, c),
        images={"a.svg": svg('width="10in" height="2.5in"')},
    )
    save = write_game(
        tmp_path / "g.vsav",
        pieces=[
            ("1", "OnB", "Main", 960 + 37, 10),
            ("2", "OnC", "Main", 5, 240 + 123),
            ("5", "OnA", "Main", 100, 100),
        ],
        boards={"Main": ["A", "B", BoardPlacement("C", x=0, y=1)]},
    )
    report, err = _json(capsys, str(save), "--module", str(module))
    pieces = _by_name(report)
    assert pieces["OnB"]["location"] == "37,0"
    assert pieces["OnC"]["location"] == "0,123"
    assert pieces["OnA"]["location"] == "offboard"  # board A has no grid
    assert err == ""


@pytest.mark.parametrize(
    "attributes, size",
    [
        ('width="100" height="50"', (100, 50)),
        ('width="100px" height="50.6px"', (100, 51)),
        ('width="10in" height="2.5in"', (960, 240)),
        ('width="100mm" height="33.3mm"', (378, 126)),
        ('width="10cm" height="7cm"', (378, 265)),
        ('width="72pt" height="100pt"', (96, 133)),
        ('width="6pc" height="3pc"', (96, 48)),
        ('viewBox="10 20 300.4 200.6"', (300, 201)),
        ('viewBox="0,0,250,150"', (250, 150)),
        ('width="120" viewBox="0 0 300 200"', (120, 200)),
        ('width="100%" height="50%" viewBox="0 0 300 200"', (300, 100)),
        ('width="100%" height="50%"', (1, 1)),
        ('width="120"', (120, 120)),
        ('height="80"', (80, 80)),
        ("", (0, 0)),
        ('width="2.6458333mm" height="0.13229166mm"', (10, 1)),  # float arithmetic, as Batik's
        ('width="0.0052083in" height="0.015625in"', (0, 2)),
        ('width="1e10" height="10"', (2147483647, 10)),
        ('width="30" viewBox="0 0 0 150"', (30, 0)),
    ],
)
def test_svg_sizes_match_the_engine(attributes, size):
    # Each pair was read by the engine's own SVGImageUtils.getImageSize (VASSAL 3.7.26, Batik).
    assert svg_size(svg(attributes)) == size


@pytest.mark.parametrize(
    "attributes",
    [
        'width="-5" height="40"',
        'width="abc"',
        'width="1IN"',
        'width="10em"',
        'width="100 px"',
        'viewBox="0 0 300" width="30"',
        'viewBox="0 0 -10 150" width="30"',
        'width="NaN"',
    ],
)
def test_svg_sizes_the_engine_cannot_read_are_refused(attributes):
    from vassal.errors import FormatError

    with pytest.raises(FormatError):
        svg_size(svg(attributes))


def test_svg_that_is_not_svg_or_not_xml_is_refused_without_reading_anything_else():
    from vassal.errors import FormatError

    for data in (
        b"not xml",
        b'<?xml version="1.0"?><svg width="1" height="1"/>',
        b'<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<svg xmlns="http://www.w3.org/2000/svg" width="&x;" height="1"/>',
    ):
        with pytest.raises(FormatError):
            svg_size(data)


def test_a_used_board_whose_image_is_missing_warns_and_still_names_hexes(tmp_path, capsys):
    a = board("A", square_grid(50, 50, 25, 25), image="gone.png")
    module = write_module(tmp_path / "m.vmod", game_map("Main", a))
    save = write_game(tmp_path / "g.vsav", pieces=[("1", "P", "Main", 130, 180)], boards={"Main": ["A"]})
    code, out, err = _inspect(capsys, str(save), "--module", str(module))
    assert code == 0 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "warning" in lines[0] and "gone.png" in lines[0]
    assert '"A"' in lines[0] and "not in the module" in lines[0]
    row = next(line for line in out.splitlines() if " P " in line)
    assert "2,3" in row


def test_a_missing_image_leaves_unnamed_only_what_depends_on_its_size(tmp_path, capsys):
    # A (missing image) at column 0, B to its right: where B starts depends on A's width,
    # so neither a point right of A's corner nor B's pieces can be placed; C has its own row.
    a = board("A", square_grid(50, 50, 25, 25), image="gone.png")
    b = board("B", square_grid(50, 50, 25, 25), width=300, height=300)
    c = board("C", square_grid(50, 50, 25, 25), width=300, height=300)
    descending = board("D", square_grid(50, 50, 25, 25, vDescend=True), image="gone.png")
    module = write_module(tmp_path / "m.vmod", game_map("Main", a, b, c), game_map("Down", descending))
    save = write_game(
        tmp_path / "g.vsav",
        pieces=[
            ("1", "Far", "Main", 5000, 10),
            ("2", "Below", "Main", 10, -5),
            ("3", "Down", "Down", 30, 30),
        ],
        boards={"Main": ["A", "B"], "Down": ["D"]},
    )
    report, err = _json(capsys, str(save), "--module", str(module))
    pieces = _by_name(report)
    assert pieces["Far"]["location"] is None  # on A or on B? only A's width can tell
    assert pieces["Below"]["location"] == "offboard"  # above every board, whatever the sizes
    assert pieces["Down"]["location"] is None  # descending rows count from the unknown edge
    assert len(report["warnings"]) == 2 and len(err.strip().splitlines()) == 2
    assert all("gone.png" in w for w in report["warnings"])


def test_layout_with_an_unsized_board_keeps_the_known_ones_exact():
    a = board("A", square_grid(50, 50, 25, 25), image="gone.png")
    b = board("B", square_grid(50, 50, 25, 25), width=300, height=300)
    c = board("C", square_grid(50, 50, 25, 25), width=300, height=300)
    element = game_map("Main", a, b, c)
    geometry = map_geometry(element, "MainBoardPicker\tA\t0\t0\tB\t1\t0\tC\t1\t1", lambda image: None)
    placed = {p.board.name: p for p in geometry.boards}
    assert not placed["A"].size_known and placed["A"].x_known and placed["A"].y_known
    assert not placed["B"].x_known and placed["B"].y_known
    assert geometry.unsized == ("A",)
    assert geometry.location_name(10, 10) is None  # A, or B if A were narrower than 10 px


# --------------------------------------------------------------------------------------------
# positions and maps of the save


def test_pieces_in_a_stack_on_no_map_keep_the_stacks_recorded_point(tmp_path):
    tree = Node(
        "begin_save",
        (
            Node(encode_command(AddPiece("1", "piece;;;;Lost", "null;0;0;;0"))),
            Node(encode_command(AddPiece("9", "stack", "null;345;678;1;@@1"))),
            Node("end_save"),
        ),
    )
    position = replay_save(tree)
    piece = position.pieces["1"]
    assert piece.map is None and (piece.x, piece.y) == (345, 678)
    assert position.stacks["9"].members == ("1",)


def test_a_save_whose_maps_the_module_lacks_says_so_in_one_line(tmp_path, capsys):
    module = write_module(tmp_path / "m.vmod", game_map("Main", board("A", width=100, height=100)))
    save = write_game(
        tmp_path / "g.vsav",
        pieces=[("1", "P", "Europe", 10, 10), ("2", "Q", "Pacific", 10, 10)],
        boards={"Europe": ["X"]},
    )
    code, _, err = _inspect(capsys, str(save), "--module", str(module))
    assert code == 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and '"Europe"' in lines[0] and '"Pacific"' in lines[0]
    assert "warning" in lines[0] and "m.vmod" in lines[0]


# --------------------------------------------------------------------------------------------
# what inspect shows of a module: zoned boards, turn trackers


def test_module_shows_a_zoned_boards_background_hex_grid_and_its_numbering(tmp_path, capsys):
    grid = zoned_grid(zone("Box", "0,0;100,0;100,100;0,100"), hex_grid(dx=56.25, dy=64.5))
    module = write_module(tmp_path / "m.vmod", game_map("Main", board("A", grid, width=900, height=900)))
    code, out, _ = _inspect(capsys, str(module))
    assert code == 0
    assert "ZonedGrid, background HexGrid + HexGridNumbering" in out
    assert "dx=56.25 dy=64.5" in out and "stagger=true" in out
    report, _ = _json(capsys, str(module))
    background = report["maps"][0]["boards"][0]["grid"]["background"]
    assert background["kind"] == "HexGrid" and background["numbering"]["first"] == "H"


def _tracker():
    return turn_tracker(
        "Turn",
        "$level1$ / $level2$",
        list_level(
            "Year",
            ["1939", "1940", "1941"],
            list_level("Season", ["Spring", "Summer", "Fall"]),
            counter_level("Round", 5, 2),
        ),
        counter_level("Extra", 3),
    )


def test_module_shows_turn_tracker_levels_and_formats(tmp_path, capsys):
    module = write_module(tmp_path / "m.vmod", game_map("Main", board("A", width=9, height=9)), _tracker())
    code, out, _ = _inspect(capsys, str(module))
    assert code == 0
    assert "turn tracker 'Turn' (TurnTracker0): 2 level(s), shown as '$level1$ / $level2$'" in out
    assert "level 1 'Year', property 'Year': list of 3: 1939, 1940, 1941" in out
    assert "  level 2 'Round', property 'Round': counter from 5 by 2" in out


def test_a_saved_turn_is_shown_as_the_tracker_shows_it(tmp_path, capsys):
    # The state VASSAL 3.7.26 wrote for this tracker in a new game (File > Save As).
    state = "0|1;0;0;true,true,true;1\\;0\\;0\\;true,true,true;5\\;0\\;false\\;-1|3;0;false;-1"
    module = write_module(tmp_path / "m.vmod", game_map("Main", board("A", width=9, height=9)), _tracker())
    save = write_game(tmp_path / "g.vsav", extra=[Node(f"TURNTurnTracker0\t{state}")])
    report, _ = _json(capsys, str(save), "--module", str(module))
    turn = report["turns"]["TurnTracker0"]
    assert turn["state"] == state and turn["turn"] == "1940 / Summer"
    assert turn["levels"] == [
        {"level": "Year", "value": "1940"},
        {"level": "Season", "value": "Summer"},
    ]
    later = "1|2;1;0;true,true,true;0\\;0\\;0\\;true,true,true;9\\;0\\;false\\;-1|7;0;false;-1"
    save = write_game(tmp_path / "h.vsav", extra=[Node(f"TURNTurnTracker0\t{later}")])
    code, out, _ = _inspect(capsys, str(save), "--module", str(module))
    assert code == 0 and 'turn "Turn" (TurnTracker0): "7 /"' in out


# --------------------------------------------------------------------------------------------
# properties


def test_module_properties_are_listed_under_their_own_names(tmp_path, capsys):
    save = write_game(
        tmp_path / "g.vsav",
        extra=[
            SetGlobalProperty("Weather", "Fair", "Module"),  # as VASSAL 3.7 writes them
            SetGlobalProperty("Phase", "Movement", ""),  # as older files do
            SetGlobalProperty("Supply", "Low", "Main"),  # a map's property
            SetGlobalProperty("Owner", "Axis", "Main:Paris"),
        ],
    )  # a zone's
    report, _ = _json(capsys, str(save))
    assert report["properties"] == {
        "Weather": "Fair",
        "Phase": "Movement",
        "Main:Supply": "Low",
        "Main:Paris:Owner": "Axis",
    }


# --------------------------------------------------------------------------------------------
# a log's steps


def test_each_step_of_a_log_says_which_piece_went_where(tmp_path, capsys):
    module = write_module(
        tmp_path / "m.vmod",
        game_map("Main", board("A", square_grid(50, 50, 25, 25), width=500, height=500)),
        game_map("Dead", board("D", width=100, height=100)),
    )
    steps: list[list[Command]] = [
        [MovePiece("1", "Main", 125, 25, None, "Main", 25, 25, None, "p1")],
        [
            MovePiece("1", "Dead", 10, 10, None, "Main", 125, 25, None, "p1"),
            MovePiece("2", "Main", 75, 75, None, "Main", 25, 75, None, "p1"),
        ],
        [RemovePiece("2")],
    ]
    log = write_game(
        tmp_path / "g.vlog",
        pieces=[("1", "Tank", "Main", 25, 25), ("2", "Rifle", "Main", 25, 75)],
        boards={"Main": ["A"], "Dead": ["D"]},
        steps=steps,
    )
    report, _ = _json(capsys, str(log), "--module", str(module))
    moves = [
        [(m["name"], m["from"] and m["from"]["location"], m["to"] and m["to"]["location"]) for m in s["moves"]]
        for s in report["steps"]
    ]
    assert moves == [
        [("Tank", "0,0", "2,0")],
        [("Tank", "2,0", "offboard"), ("Rifle", "0,1", "1,1")],
        [("Rifle", "1,1", None)],
    ]
    assert report["steps"][1]["moves"][0]["to"]["map"] == "Dead"
    _, out, _ = _inspect(capsys, str(log), "--module", str(module))
    assert 'Tank: Main "0,0" 25,25 -> Main "2,0" 125,25' in out
    assert 'Rifle: Main "1,1" 75,75 -> (removed)' in out


def test_tour_log_moves_name_the_locations_the_engine_printed(capsys):
    # The tour's chat says "X moves A -> B" for each move the engine made: ours must agree.
    report, _ = _json(capsys, str(outside("tour.log")), "--module", str(outside("tour.mod")))
    checked = 0
    for step in report["steps"]:
        for line in step["chat"]:
            said = re.fullmatch(r"\* (.+?) moves (.+) -> (.+) \*", line.strip())
            if not said or len(step["moves"]) != 1:
                continue
            move = step["moves"][0]
            name, start, end = said.groups()
            assert (move["from"]["location"], move["to"]["location"]) == (start, end), line
            assert name in (move["name"], "?"), line  # "?": the piece was masked to the viewer
            checked += 1
    assert checked >= 10


# --------------------------------------------------------------------------------------------
# an unreadable module is bad input, before anything is printed


@pytest.mark.parametrize(
    "entries",
    [
        {"buildFile.xml": b"<VASSAL.build.GameModule><a></VASSAL.build.GameModule>"},
        {"moduledata": b"<data/>"},
        {"buildFile.xml": b""},
    ],
)
def test_an_unreadable_module_is_one_line_and_status_2(tmp_path, capsys, entries):
    from vassal.archive import write_archive

    module = tmp_path / "bad.vmod"
    write_archive(module, entries)
    save = write_game(tmp_path / "g.vsav", pieces=[("1", "P", "Main", 10, 10)])
    code, out, err = _inspect(capsys, str(save), "--module", str(module))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and str(module) in err
