""".vmod reading (as the engine chooses), summary, reference checks and writing."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree

from vassal.archive import open_archive, write_archive
from vassal.buildfile import buildfile_bytes, component
from vassal.errors import FormatError
from vassal.metadata import Metadata, metadata_bytes
from vassal.module import buildfile_name_for, module_report, read_module, write_module
from vassal.summary_text import module_text
from vassal.validate import check_module_references

from conftest import fixture, outside
from test_buildfile import example_module  # tests/ is on sys.path (pytest rootdir conftest)

MOD = "VASSAL.build.module."
W = "VASSAL.build.widget."
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
META = Metadata(
    version="1.0",
    vassal_version="3.7.0",
    date_saved="1700000000000",
    description="Minimal hex wargame",
    name="Example Hex Game",
)
IMAGES = {"images/map.png": PNG, "images/inf1_front.png": PNG}
FILES = {**IMAGES, "Scenario1.vsav": b"PK\x05\x06" + b"\x00" * 18}


def _zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return path


# --- reading the fixtures -------------------------------------------------------------------


def test_tiny_module_is_read_with_its_metadata_and_grid() -> None:
    module = read_module(fixture("tiny.vmod"))
    assert module.buildfile_name == "buildFile.xml"
    assert module.metadata is not None and module.metadata.name == "TinyHex"
    s = module.summary
    assert (s.name, s.version, s.vassal_version, s.description) == (
        "TinyHex",
        "0.1",
        "3.7.26",
        "tiny test",
    )
    assert module.images == (
        "images/board.png",
        "images/inf1_back.png",
        "images/inf1_front.png",
        "images/unit.png",
    )
    [main] = s.maps
    assert (main.identifier, main.at_start_stacks) == ("Main Map", 0)
    [board] = main.boards
    assert board.image == "board.png"
    assert board.grid is not None and board.grid.kind == "HexGrid"
    assert board.grid.attributes["dx"] == "40.0"
    assert board.grid.numbering is not None and board.grid.numbering["stagger"] == "true"
    assert s.piece_slots == 2 and s.prototype_count == 0
    assert s.piece_windows[0].identifier == "Pieces"
    assert s.unknown_classes == ()


def test_tour_is_read_through_the_old_build_file_name() -> None:
    module = read_module(outside("tour.mod"))
    assert module.metadata is None
    assert module.buildfile_name == "buildFile"
    s = module.summary
    assert [m.identifier for m in s.maps] == ["Main Map", "Force Pool"]
    assert [b.name for b in s.maps[0].boards] == ["plain", "VIP", "SL", "Empty"]
    vip = s.maps[0].boards[1]
    assert vip.grid is not None and vip.grid.kind == "ZonedGrid" and len(vip.zones) == 6
    assert s.maps[1].decks == 3
    assert (s.piece_slots, s.card_slots, s.prototype_count) == (10, 11, 2)
    assert [(d.kind, d.dice, d.sides) for d in s.dice_buttons] == [("SpecialDiceButton", 2, 4)]
    assert [w.identifier for w in s.piece_windows] == ["Counters", "Hidden"]


def test_tour_references_resolve_including_extensionless_gifs() -> None:
    module = read_module(outside("tour.mod"))
    problems = check_module_references(module.root, module.entries)
    assert [p for p in problems if p.severity == "error"] == []
    unreferenced = {p.place for p in problems}
    assert "images/AlbC.GIF.gif" not in unreferenced  # named as AlbC.GIF in a piece
    assert "images/ge1.gif" in unreferenced  # really unused


def test_report_is_json_ready_text_too() -> None:
    import json

    report = module_report(fixture("tiny.vmod"))
    assert json.loads(json.dumps(report))["maps"][0]["boards"][0]["image"] == "board.png"
    assert "board 'Board' image 'board.png': HexGrid + HexGridNumbering" in module_text(report)


# --- which build file -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "version, name",
    [
        (None, "buildFile.xml"),
        ("3.7.26", "buildFile.xml"),
        ("3.5", "buildFile.xml"),
        ("3.5.0-beta1", "buildFile.xml"),
        ("3.4.12", "buildFile"),
        ("", "buildFile"),
        ("2.0b6", "buildFile"),
        ("3.6.x", "buildFile"),
    ],
)
def test_the_build_file_is_chosen_by_vassal_version(version: str | None, name: str) -> None:
    assert buildfile_name_for(version) == name


def test_metadata_naming_a_missing_build_file_is_refused(tmp_path: Path) -> None:
    old = Metadata(vassal_version="3.4.0", name="X")
    path = _zip(
        tmp_path / "m.vmod",
        {
            "moduledata": metadata_bytes(old),
            "buildFile.xml": b"<VASSAL.build.GameModule name='X'/>",
        },
    )
    with pytest.raises(FormatError, match="makes VASSAL read buildFile, which is missing"):
        read_module(path)


def test_without_metadata_the_build_file_must_name_the_module_class(tmp_path: Path) -> None:
    path = _zip(tmp_path / "m.vmod", {"buildFile.xml": b"<foo/>\n"})
    with pytest.raises(FormatError, match="would not open it") as info:
        read_module(path)
    assert info.value.place == "buildFile.xml"


def test_unreadable_moduledata_is_noted_and_ignored_like_the_engine(tmp_path: Path) -> None:
    path = _zip(
        tmp_path / "m.vmod",
        {
            "moduledata": b"<data><name>x</data>",
            "buildFile.xml": b"<VASSAL.build.GameModule name='X'/>",
        },
    )
    module = read_module(path)
    assert module.metadata is None and module.buildfile_name == "buildFile.xml"
    assert module.notes and "moduledata ignored" in module.notes[0]


# --- bad input ------------------------------------------------------------------------------


def test_not_a_zip(tmp_path: Path) -> None:
    path = tmp_path / "x.vmod"
    path.write_bytes(b"<VASSAL.build.GameModule/>")
    with pytest.raises(FormatError, match="not a zip") as info:
        read_module(path)
    assert info.value.source == str(path)


def test_truncated_zip(tmp_path: Path) -> None:
    data = fixture("tiny.vmod").read_bytes()
    path = tmp_path / "cut.vmod"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(FormatError) as info:
        read_module(path)
    assert info.value.source == str(path)


def test_no_build_file(tmp_path: Path) -> None:
    path = _zip(tmp_path / "x.vmod", {"moduledata": metadata_bytes(META)})
    with pytest.raises(FormatError, match=r"no buildFile\.xml"):
        read_module(path)


def test_build_file_with_entities(tmp_path: Path) -> None:
    xml = b'<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">]>\n<VASSAL.build.GameModule name=\'&a;\'/>'
    path = _zip(tmp_path / "x.vmod", {"buildFile.xml": xml})
    with pytest.raises(FormatError, match="DOCTYPE") as info:
        read_module(path)
    assert info.value.source == f"{path}:buildFile.xml" and info.value.place == "line 2"


def test_malformed_build_file(tmp_path: Path) -> None:
    path = _zip(
        tmp_path / "x.vmod",
        {"buildFile.xml": b"<VASSAL.build.GameModule name='X'>\n<a>\n</VASSAL.build.GameModule>"},
    )
    with pytest.raises(FormatError, match="malformed XML") as info:
        read_module(path)
    assert info.value.source == f"{path}:buildFile.xml"
    assert info.value.place is not None and info.value.place.startswith("line 3, column")


def test_non_utf8_build_file(tmp_path: Path) -> None:
    path = _zip(
        tmp_path / "x.vmod",
        {"buildFile.xml": b"<VASSAL.build.GameModule name='X'>\n<a n='\xff'/>\n</VASSAL.build.GameModule>"},
    )
    with pytest.raises(FormatError, match="not UTF-8") as info:
        read_module(path)
    assert info.value.place == "line 2, column 7"


def test_entry_names_that_climb_out_are_refused(tmp_path: Path) -> None:
    path = _zip(tmp_path / "x.vmod", {"buildFile.xml": b"<VASSAL.build.GameModule/>", "../evil.png": PNG})
    with pytest.raises(FormatError, match=r"\.\.") as info:
        read_module(path)
    assert info.value.place == "../evil.png"


def test_saves_and_extensions_are_not_modules(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="saved game"):
        read_module(fixture("tiny_engine.vsav"))
    path = _zip(
        tmp_path / "x.vmdx",
        {"buildFile.xml": b"<VASSAL.build.module.ModuleExtension/>", "extensiondata": b"<data/>"},
    )
    with pytest.raises(FormatError, match="extension"):
        read_module(path)


# --- summary of a module from data ----------------------------------------------------------


def _rich_module() -> etree._Element:
    root = example_module()
    root.append(component(MOD + "Map", {"mapName": ""}, component("VASSAL.build.module.map.BoardPicker")))
    root.append(
        component(
            MOD + "PredefinedSetup",
            {"name": "Campaigns", "isMenu": True},
            component(MOD + "PredefinedSetup", {"name": "1941", "useFile": True, "file": "c41.vsav"}),
            component(MOD + "PredefinedSetup", {"name": "Blank", "useFile": False}),
        )
    )
    props = component(
        MOD + "properties.GlobalProperties",
        None,
        component(
            MOD + "properties.GlobalProperty",
            {"name": "VP", "initialValue": "10", "isNumeric": True, "min": "0", "max": "40"},
        ),
    )
    root.append(props)
    root.append(
        component(
            MOD + "ChartWindow",
            {"name": "Charts"},
            component(W + "Chart", {"chartName": "CRT", "fileName": "crt.png"}),
        )
    )
    root.append(component("com.example.Gadget"))
    tracker = root.find(".//VASSAL.build.module.turn.TurnTracker")
    assert tracker is not None
    tracker.append(
        component(
            "VASSAL.build.module.turn.ListTurnLevel",
            {"name": "Phase", "property": "Phase", "list": "Move,Combat"},
        )
    )
    return root


def test_summary_of_a_module_built_from_data() -> None:
    from vassal.summary import summarize

    s = summarize(_rich_module())
    assert [m.identifier for m in s.maps] == ["Main Map", "Map1"]
    assert s.maps[0].at_start_stacks == 1
    assert s.piece_slots == 2 and s.prototypes == ("Common",)
    palette = s.piece_windows[0]
    assert palette.piece_slots == 1 and palette.widgets[0].kind == "PanelWidget"
    menu = s.predefined_setups[1]
    assert menu.is_menu and [(c.name, c.file) for c in menu.children] == [
        ("1941", "c41.vsav"),
        ("Blank", None),
    ]
    [tracker] = s.turn_trackers
    assert [(lv.kind, lv.values) for lv in tracker.levels] == [
        ("CounterTurnLevel", ("1", "1", "false", "-1")),
        ("ListTurnLevel", ("Move", "Combat")),
    ]
    assert [(p.name, p.numeric, p.owner) for p in s.global_properties] == [("VP", True, "module")]
    assert s.player_sides == ("Blue", "Red")
    assert [(d.name, d.dice, d.sides) for d in s.dice_buttons] == [("1d6", 1, 6)]
    assert [(c.window, c.name, c.file) for c in s.charts] == [("Charts", "CRT", "crt.png")]
    assert s.unknown_classes == (("com.example.Gadget", 1),)


# --- references -----------------------------------------------------------------------------


def test_images_in_piece_texts_and_attributes_are_checked() -> None:
    root = example_module()
    problems = check_module_references(root, ["images/map.png", "Scenario1.vsav", "images/unused.png"])
    lines = [p.line() for p in problems]
    assert any("error" in x and "'inf1_front.png' is not in the archive" in x for x in lines)
    assert any(x.startswith("warning: images/unused.png") for x in lines)
    assert not any("map.gif" in x for x in lines)  # '/images/map.gif' is inside VASSAL


def test_localized_images_and_unused_setup_files_are_handled() -> None:
    root = example_module()
    setup = root.find(f"{MOD}PredefinedSetup")
    assert setup is not None
    setup.set("useFile", "false")
    problems = check_module_references(root, ["images_de/map.png", "images/inf1_front.png"])
    assert problems == []


def test_a_missing_scenario_file_is_an_error() -> None:
    problems = check_module_references(example_module(), list(IMAGES))
    assert [p.message for p in problems] == ["file 'Scenario1.vsav' is not in the archive"]


# --- writing --------------------------------------------------------------------------------


def test_written_module_reads_back_and_is_byte_identical_twice(tmp_path: Path) -> None:
    first, second = tmp_path / "a.vmod", tmp_path / "b.vmod"
    assert write_module(first, example_module(), META, FILES) == []
    write_module(second, example_module(), META, FILES)
    assert first.read_bytes() == second.read_bytes()
    module = read_module(first)
    assert module.metadata == META
    assert module.summary.name == "Example Hex Game"
    with open_archive(first) as zf:
        assert zf.names() == sorted(zf.names())
        assert zf.read("buildFile.xml") == buildfile_bytes(example_module())


def test_bytes_are_accepted_as_the_build_file(tmp_path: Path) -> None:
    write_module(tmp_path / "m.vmod", buildfile_bytes(example_module()), META, FILES)
    assert read_module(tmp_path / "m.vmod").summary.piece_slots == 2


def test_metadata_name_must_match_the_module_name(tmp_path: Path) -> None:
    wrong = Metadata(vassal_version="3.7.0", name="Other Game")
    with pytest.raises(FormatError, match="differs from the GameModule name"):
        write_module(tmp_path / "m.vmod", example_module(), wrong, FILES)
    assert not (tmp_path / "m.vmod").exists()


def test_metadata_version_must_match_the_module_version(tmp_path: Path) -> None:
    # VASSAL slices tiles under moduledata's name+version, and reads them under the GameModule's
    other = Metadata(version="1.0+changed", vassal_version="3.7.0", name="Example Hex Game")
    with pytest.raises(FormatError, match=r"differs from the GameModule version '1\.0'"):
        write_module(tmp_path / "m.vmod", example_module(), other, FILES)
    assert not (tmp_path / "m.vmod").exists()


def test_missing_images_refuse_the_write(tmp_path: Path) -> None:
    files = dict(FILES)
    del files["images/inf1_front.png"]
    with pytest.raises(FormatError, match=r"inf1_front\.png"):
        write_module(tmp_path / "m.vmod", example_module(), META, files)
    assert list(tmp_path.iterdir()) == []


def test_unreferenced_images_are_reported(tmp_path: Path) -> None:
    problems = write_module(tmp_path / "m.vmod", example_module(), META, {**FILES, "images/spare.png": PNG})
    assert [p.line() for p in problems] == ["warning: images/spare.png: image is not named by the build file"]


def test_old_vassal_version_in_metadata_is_refused(tmp_path: Path) -> None:
    old = Metadata(vassal_version="3.4.0", name="Example Hex Game")
    with pytest.raises(FormatError, match=r"below 3\.5"):
        write_module(tmp_path / "m.vmod", example_module(), old, FILES)


def test_reserved_entries_cannot_be_passed_as_files(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="must not contain 'moduledata'"):
        write_module(tmp_path / "m.vmod", example_module(), META, {**FILES, "moduledata": b""})


def test_validation_errors_refuse_unless_not_strict(tmp_path: Path) -> None:
    root = example_module()
    grid = root.find(".//VASSAL.build.module.map.boardPicker.board.HexGrid")
    assert grid is not None
    grid.set("x0", "58.0")
    with pytest.raises(FormatError, match="not a Java int"):
        write_module(tmp_path / "m.vmod", root, META, FILES)
    problems = write_module(tmp_path / "m.vmod", root, META, FILES, strict=False)
    assert [p.severity for p in problems] == ["error"]


def test_an_existing_module_is_never_modified_by_reading(tmp_path: Path) -> None:
    copy = tmp_path / "tiny.vmod"
    copy.write_bytes(fixture("tiny.vmod").read_bytes())
    before = copy.read_bytes()
    read_module(copy)
    module_report(copy)
    assert copy.read_bytes() == before


def test_rewriting_tiny_keeps_its_summary(tmp_path: Path) -> None:
    module = read_module(fixture("tiny.vmod"))
    assert module.metadata is not None
    with open_archive(module.path) as zf:
        files = {n: zf.read(n) for n in zf.names() if n.startswith("images/")}
    warnings = write_module(tmp_path / "t.vmod", module.root, module.metadata, files)
    assert all(p.severity == "warning" for p in warnings)
    assert read_module(tmp_path / "t.vmod").summary == module.summary


def test_write_archive_is_what_writes(tmp_path: Path) -> None:
    # write_module relies on write_archive's fixed timestamps for determinism
    write_archive(tmp_path / "z.zip", {"b": b"1", "a": b"2"})
    with zipfile.ZipFile(tmp_path / "z.zip") as zf:
        assert [i.date_time for i in zf.infolist()] == [(1980, 1, 1, 0, 0, 0)] * 2
