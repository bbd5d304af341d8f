"""buildFile.xml: safe parsing, VASSAL-style writing, and the component-table validator."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree

from vassal import buildfile as bf
from vassal.archive import open_archive
from vassal.buildfile import (
    buildfile_bytes,
    component,
    element_text,
    parse_buildfile,
)
from vassal.errors import FormatError
from vassal.javanum import format_double, parse_int
from vassal.schema import COMPONENTS, INT
from vassal.validate import check_value, java_double_parses, validate_buildfile

from conftest import fixture, outside

TAB = "\t"
GM = "VASSAL.build.GameModule"
MOD = "VASSAL.build.module."
MAP = MOD + "map."
W = "VASSAL.build.widget."
GRID = MAP + "boardPicker.board."


def _buildfile(archive: Path, name: str) -> bytes:
    with open_archive(archive) as zf:
        return zf.read(name)


def _shape(element: etree._Element) -> tuple:
    """Tags, attributes and trimmed texts of a tree: what VASSAL's builder sees."""
    return (
        element.tag,
        dict(element.attrib),
        element_text(element),
        tuple(_shape(c) for c in element if isinstance(c.tag, str)),
    )


def example_module() -> etree._Element:
    """A small but complete hex module, built from data the way our builder will."""
    proto_text = (
        f"+/null/report;70\\,130;$location$: $newPieceName$ *;;;Report flip;false{TAB}"
        f"delete;Delete;68,130;\\{TAB}piece;;;;/-1{TAB}\\{TAB}null;0;0;;0"
    )
    unit_text = f"+/null/prototype;Common{TAB}piece;;;inf1_front.png;1st Infantry/{TAB}\\{TAB}null;0;0;1;0"
    hexgrid = component(
        GRID + "HexGrid",
        {
            "color": "0,0,0",
            "cornersLegal": False,
            "dotsVisible": False,
            "dx": 86.60254037844386,
            "dy": 100.0,
            "edgesLegal": False,
            "sideways": False,
            "snapTo": True,
            "visible": True,
            "x0": 58,
            "y0": 50,
        },
        component(
            GRID + "mapgrid.HexGridNumbering",
            {
                "color": "0,0,0",
                "first": "H",
                "fontSize": 9,
                "hDescend": False,
                "hDrawOff": 0,
                "hLeading": 1,
                "hOff": 1,
                "hType": "N",
                "locationFormat": "$gridLocation$",
                "rotateText": 0,
                "sep": "",
                "stagger": False,
                "vDescend": False,
                "vDrawOff": 0,
                "vLeading": 1,
                "vOff": 1,
                "vType": "N",
                "visible": True,
            },
        ),
    )
    board_map = component(
        MOD + "Map",
        {
            "mapName": "Main Map",
            "edgeHeight": 0,
            "edgeWidth": 0,
            "backgroundcolor": "255,255,255",
            "markMoved": "Never",
            "launch": False,
            "icon": "/images/map.gif",
        },
        component(
            MAP + "BoardPicker",
            {"slotWidth": 350, "slotHeight": 125, "slotScale": 0.2, "title": "Choose Boards"},
            component(
                MAP + "boardPicker.Board",
                {"image": "map.png", "name": "Map", "reversible": False},
                hexgrid,
            ),
        ),
        component(
            MAP + "StackMetrics",
            {
                "bottom": "40,0",
                "disabled": False,
                "down": "37,0",
                "exSepX": 6,
                "exSepY": 18,
                "top": "38,0",
                "unexSepX": 2,
                "unexSepY": 4,
                "up": "39,0",
            },
        ),
        *(
            component(MAP + n)
            for n in (
                "ForwardToKeyBuffer",
                "Scroller",
                "ForwardToChatter",
                "MenuDisplayer",
                "MapCenterer",
                "StackExpander",
                "PieceMover",
                "KeyBufferer",
                "ImageSaver",
                "CounterDetailViewer",
                "Flare",
            )
        ),
        component(MAP + "Zoomer", {"zoomLevels": "0.25,0.5,1.0", "zoomStart": 1}),
        component(MAP + "SelectionHighlighters"),
        component(MAP + "HighlightLastMoved", {"color": "255,0,0", "enabled": True, "thickness": 2}),
        component(
            MAP + "SetupStack",
            {
                "name": "Start",
                "owningBoard": "Map",
                "useGridLocation": True,
                "location": "0201",
                "x": 0,
                "y": 0,
            },
            component(
                W + "PieceSlot",
                {"entryName": "1st Infantry", "gpid": "2", "height": 64, "width": 64},
                text=unit_text,
            ),
        ),
    )
    return component(
        GM,
        {
            "ModuleOther1": "",
            "ModuleOther2": "",
            "VassalVersion": "3.7.0",
            "description": "Minimal hex wargame",
            "name": "Example Hex Game",
            "nextPieceSlotId": 3,
            "version": "1.0",
        },
        component(MOD + "BasicCommandEncoder"),
        component(MOD + "Documentation"),
        component(
            MOD + "PlayerRoster",
            {"buttonText": "Retire"},
            component("entry", text="Blue"),
            component("entry", text="Red"),
        ),
        component(
            MOD + "GlobalOptions",
            {
                "autoReport": "Always",
                "nonOwnerUnmaskable": "Never",
                "playerIdFormat": "$PlayerName$",
            },
        ),
        component(MOD + "Chatter"),
        component(MOD + "KeyNamer"),
        component(
            MOD + "PrototypesContainer",
            None,
            component(MOD + "PrototypeDefinition", {"description": "", "name": "Common"}, text=proto_text),
        ),
        board_map,
        component(
            MOD + "PieceWindow",
            {"name": "Counters", "scale": 1.0, "hidden": False},
            component(
                W + "PanelWidget",
                {"entryName": "All", "nColumns": 4},
                component(
                    W + "PieceSlot",
                    {"entryName": "1st Infantry", "gpid": "1", "height": 64, "width": 64},
                    text=unit_text,
                ),
            ),
        ),
        component(
            MOD + "DiceButton",
            {"name": "1d6", "nDice": 1, "nSides": 6, "plus": 0, "keepOption": ">", "text": "1d6"},
        ),
        component(
            "VASSAL.build.module.turn.TurnTracker",
            {"name": "Turn"},
            component(
                "VASSAL.build.module.turn.CounterTurnLevel",
                {
                    "name": "Turn",
                    "property": "Turn",
                    "start": 1,
                    "incr": 1,
                    "loop": False,
                    "loopLimit": -1,
                },
            ),
        ),
        component(
            MOD + "PredefinedSetup",
            {"file": "Scenario1.vsav", "isMenu": False, "name": "Scenario 1", "useFile": True},
        ),
    )


# --- reading --------------------------------------------------------------------------------


def test_reads_our_tiny_build_file() -> None:
    tiny = parse_buildfile(_buildfile(fixture("tiny.vmod"), "buildFile.xml"))
    assert tiny.tag == GM and tiny.get("name") == "TinyHex"


def test_reads_the_build_file_of_the_vassal_2_tour() -> None:
    tour = parse_buildfile(_buildfile(outside("tour.mod"), "buildFile"))
    assert tour.tag == GM and tour.get("VassalVersion") == "2.0b6"


def test_entity_declarations_are_refused_with_file_and_line() -> None:
    laughs = (
        b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
        b' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n'
        b"<VASSAL.build.GameModule name='&lol2;'/>"
    )
    with pytest.raises(FormatError, match="DOCTYPE") as info:
        parse_buildfile(laughs, "bad.vmod:buildFile.xml")
    assert info.value.source == "bad.vmod:buildFile.xml"
    assert info.value.place == "line 2"


def test_external_entities_and_external_dtds_are_refused() -> None:
    external = b'<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<a>&x;</a>'
    with pytest.raises(FormatError, match="DOCTYPE"):
        parse_buildfile(external)
    with pytest.raises(FormatError, match="external DTD"):
        parse_buildfile(b'<!DOCTYPE a SYSTEM "http://example.invalid/a.dtd">\n<a/>')


def test_a_local_external_dtd_is_never_read(tmp_path: Path) -> None:
    dtd = tmp_path / "evil.dtd"
    dtd.write_text('<!ENTITY leak "secret">')
    data = f'<!DOCTYPE a SYSTEM "{dtd.as_uri()}">\n<a>&leak;</a>'.encode()
    with pytest.raises(FormatError, match="external DTD") as info:
        parse_buildfile(data)
    assert info.value.place == "line 1"


def test_a_bare_doctype_is_harmless_and_accepted() -> None:
    assert parse_buildfile(b"<!DOCTYPE a>\n<a/>").tag == "a"


def test_malformed_xml_gives_line_and_column() -> None:
    with pytest.raises(FormatError, match="malformed XML") as info:
        parse_buildfile(b"<a>\n  <b x='1'>\n</a>", "m.xml")
    assert info.value.source == "m.xml"
    assert info.value.place is not None and info.value.place.startswith("line 3, column")


def test_bytes_that_are_not_utf8_give_line_and_column() -> None:
    data = b'<?xml version="1.0" encoding="UTF-8"?>\n<a>\n  <b>caf\xe9</b>\n</a>'
    with pytest.raises(FormatError, match="not UTF-8") as info:
        parse_buildfile(data, "x.xml")
    assert info.value.place == "line 3, column 9"


def test_a_declared_latin1_file_is_decoded_as_declared() -> None:
    root = parse_buildfile(b'<?xml version="1.0" encoding="ISO-8859-1"?>\n<a n="caf\xe9"/>')
    assert root.get("n") == "café"


def test_oversized_build_files_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bf, "MAX_BUILDFILE_BYTES", 10)
    with pytest.raises(FormatError, match="too large"):
        parse_buildfile(b"<a>0123456789</a>")


def test_comments_and_processing_instructions_are_dropped() -> None:
    root = parse_buildfile(b"<a><!-- note --><?pi x?><b/></a>")
    assert [c.tag for c in root] == ["b"]


def test_element_text_is_trimmed_like_java() -> None:
    root = parse_buildfile(b"<a>\t\n x\ty \x20\n</a>")
    assert element_text(root) == "x\ty"


def test_read_buildfile_reads_an_unpacked_module(tmp_path: Path) -> None:
    path = tmp_path / "buildFile.xml"
    path.write_bytes(b"<VASSAL.build.GameModule name='X'/>")
    assert bf.read_buildfile(path).get("name") == "X"


# --- writing --------------------------------------------------------------------------------


VASSAL_STYLE = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    '<VASSAL.build.GameModule ModuleOther1="" VassalVersion="3.7.0" description="a &amp; b '
    '&quot;c&quot; &lt;d&gt;" name="G" nextPieceSlotId="2" version="1.0">\n'
    "    <VASSAL.build.module.BasicCommandEncoder/>\n"
    '    <VASSAL.build.module.PlayerRoster buttonText="Retire">\n'
    "        <entry>Blue</entry>\n"
    "        <entry>Red</entry>\n"
    "    </VASSAL.build.module.PlayerRoster>\n"
    '    <VASSAL.build.module.PieceWindow name="P">\n'
    '        <VASSAL.build.widget.PanelWidget entryName="All" nColumns="4">\n'
    '            <VASSAL.build.widget.PieceSlot entryName="U" gpid="1" height="64" width="64">'
    f"+/null/emb2;Flip;;;inf1_back.png;;;{TAB}piece;;;u.png;U &gt; V/-1{TAB}\\{TAB}null;0;0;1;0"
    "</VASSAL.build.widget.PieceSlot>\n"
    "        </VASSAL.build.widget.PanelWidget>\n"
    "    </VASSAL.build.module.PieceWindow>\n"
    "</VASSAL.build.GameModule>\n"
).encode()


def test_a_file_in_vassal_style_is_written_back_byte_for_byte() -> None:
    assert buildfile_bytes(parse_buildfile(VASSAL_STYLE)) == VASSAL_STYLE


def test_tiny_fixture_round_trips_byte_for_byte() -> None:
    # tiny.vmod was written by our own writer, so reading and writing it gives its bytes back.
    data = _buildfile(fixture("tiny.vmod"), "buildFile.xml")
    original = parse_buildfile(data)
    assert buildfile_bytes(original) == data
    assert b"\n    <VASSAL.build.module.BasicCommandEncoder/>\n" in data


def test_a_hand_indented_build_file_round_trips_semantically() -> None:
    # a build file indented by hand (2 spaces): its content comes back, in VASSAL's layout
    original = parse_buildfile(
        b"<?xml version='1.0'?>\n<" + GM.encode() + b" name='T'>\n"
        b"  <VASSAL.build.module.BasicCommandEncoder/>\n</" + GM.encode() + b">\n"
    )
    written = buildfile_bytes(original)
    assert _shape(parse_buildfile(written)) == _shape(original)
    assert buildfile_bytes(parse_buildfile(written)) == written
    assert b"\n    <VASSAL.build.module.BasicCommandEncoder/>\n" in written


def test_tour_round_trips_semantically_with_attributes_sorted() -> None:
    original = parse_buildfile(_buildfile(outside("tour.mod"), "buildFile"))
    written = buildfile_bytes(original)
    assert _shape(parse_buildfile(written)) == _shape(original)
    assert b'<VASSAL.build.GameModule VassalVersion="2.0b6" name="VASSAL Tour" version="1.3">' in written


def test_writing_does_not_change_the_tree() -> None:
    root = parse_buildfile(b"<a z='1' b='2'>\n <c/>\n</a>")
    before = etree.tostring(root)
    buildfile_bytes(root)
    assert etree.tostring(root) == before


def test_piece_text_keeps_literal_tabs_and_backslashes() -> None:
    text = f"+/null/piece;;;a.png;A/{TAB}\\{TAB}null;0;0;1;0"
    out = buildfile_bytes(component(GM, {"name": "G"}, component(W + "PieceSlot", text=text)))
    assert f">{text}</".encode() in out
    assert b"&#9;" not in out


def test_attribute_values_escape_tabs_and_newlines() -> None:
    out = buildfile_bytes(component("a", {"v": 'x\ty\nz"<&>'}))
    assert b'v="x&#9;y&#10;z&quot;&lt;&amp;&gt;"' in out


def test_attributes_come_in_java_string_order() -> None:
    element = component("a", {"name": "n", "VassalVersion": "3", "ModuleOther1": "", "b": "1"})
    assert list(element.attrib) == ["ModuleOther1", "VassalVersion", "b", "name"]


def test_values_are_spelt_the_way_vassal_spells_them() -> None:
    element = component("a", {"flag": True, "off": False, "n": 3, "d": 100.0, "none": None})
    assert dict(element.attrib) == {"d": "100.0", "flag": "true", "n": "3", "off": "false"}


@pytest.mark.parametrize(
    "value, text",
    [
        (100.0, "100.0"),
        (0.2, "0.2"),
        (86.60254037844386, "86.60254037844386"),
        (1e-4, "1.0E-4"),
        (1.5e7, "1.5E7"),
        (12345678.9, "1.23456789E7"),
        (0.001, "0.001"),
        (-2.5, "-2.5"),
        (0.0, "0.0"),
    ],
)
def test_doubles_print_like_java(value: float, text: str) -> None:
    assert format_double(value) == text


def test_empty_text_writes_a_self_closing_element() -> None:
    assert buildfile_bytes(component("a", None, component("b", text=""))) == (
        b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<a>\n    <b/>\n</a>\n'
    )


def test_control_characters_are_refused_with_the_element_named() -> None:
    with pytest.raises(ValueError, match=r"PieceSlot> text: character U\+001B"):
        component(W + "PieceSlot", text="mark;\x1b")
    with pytest.raises(ValueError, match="attribute 'name'"):
        component(GM, {"name": "bad\x00"})


def test_mixed_content_is_written_as_it_stands() -> None:
    root = parse_buildfile(b"<a><b>text <c/> tail</b><d/></a>")
    out = buildfile_bytes(root)
    assert b"<b>text <c/> tail</b>" in out


def test_output_is_deterministic() -> None:
    assert buildfile_bytes(example_module()) == buildfile_bytes(example_module())


# --- component table and validator ----------------------------------------------------------


def test_the_example_module_passes_validation_cleanly() -> None:
    assert validate_buildfile(example_module()) == []


def test_the_table_covers_every_class_we_write() -> None:
    wanted = (
        ["GameModule"]
        + [
            MOD + n
            for n in (
                "BasicCommandEncoder",
                "Documentation",
                "PlayerRoster",
                "GlobalOptions",
                "Chatter",
                "KeyNamer",
                "PrototypesContainer",
                "PrototypeDefinition",
                "Map",
                "PrivateMap",
                "PieceWindow",
                "DiceButton",
                "PredefinedSetup",
                "ChartWindow",
                "ToolbarMenu",
                "properties.GlobalProperties",
                "properties.GlobalProperty",
                "turn.TurnTracker",
                "turn.CounterTurnLevel",
                "turn.ListTurnLevel",
                "map.BoardPicker",
                "map.StackMetrics",
                "map.Zoomer",
                "map.CounterDetailViewer",
                "map.HighlightLastMoved",
                "map.DrawPile",
                "map.SetupStack",
                "map.boardPicker.Board",
                "map.boardPicker.board.HexGrid",
                "map.boardPicker.board.SquareGrid",
                "map.boardPicker.board.ZonedGrid",
                "map.boardPicker.board.mapgrid.Zone",
                "map.boardPicker.board.mapgrid.HexGridNumbering",
            )
        ]
        + [W + n for n in ("TabWidget", "PanelWidget", "ListWidget", "BoxWidget", "PieceSlot", "Chart")]
    )
    missing = [t for t in wanted if (t if "." in t else "VASSAL.build." + t) not in COMPONENTS]
    assert missing == []
    assert COMPONENTS[GRID + "HexGrid"].attributes["x0"] == INT


def test_our_tiny_module_has_no_problems_at_all() -> None:
    tiny = validate_buildfile(parse_buildfile(_buildfile(fixture("tiny.vmod"), "buildFile.xml")))
    assert tiny == []


def test_hand_made_faults_are_warnings_not_errors() -> None:
    # the faults of a module put together by hand: a key stroke without its modifiers, a slot
    # straight in a piece window
    root = parse_buildfile(
        b"<" + GM.encode() + b" name='T'><VASSAL.build.module.Map mapName='M'>"
        b"<VASSAL.build.module.map.StackMetrics top='38'/></VASSAL.build.module.Map>"
        b"<VASSAL.build.module.PieceWindow name='P'><VASSAL.build.widget.PieceSlot "
        b"entryName='A' gpid='1'>+/null/piece;;;a.png;A/null;0;0;1;0"
        b"</VASSAL.build.widget.PieceSlot></VASSAL.build.module.PieceWindow></" + GM.encode() + b">"
    )
    problems = validate_buildfile(root)
    assert [p for p in problems if p.severity == "error"] == []
    messages = " | ".join(p.message for p in problems)
    assert "top='38': not a key stroke" in messages
    assert "PieceSlot inside PieceWindow" in messages


def test_the_tour_has_no_errors() -> None:
    tour = validate_buildfile(parse_buildfile(_buildfile(outside("tour.mod"), "buildFile")))
    assert [p for p in tour if p.severity == "error"] == []


def _problems_after(change: Callable[[etree._Element], object]) -> list[str]:
    root = example_module()
    change(root)
    return [f"{p.severity}: {p.message}" for p in validate_buildfile(root)]


def _find(root: etree._Element, tag: str) -> etree._Element:
    found = root.find(f".//{tag}")
    assert found is not None
    return found


def test_an_int_attribute_with_a_decimal_point_is_an_error() -> None:
    problems = _problems_after(lambda r: _find(r, GRID + "HexGrid").set("x0", "58.0"))
    assert problems == ["error: attribute x0='58.0': not a Java int"]


@pytest.mark.parametrize(
    "tag, name, value, expected",
    [
        (GRID + "HexGrid", "dy", "abc", "error: attribute dy='abc': not a Java double"),
        (
            GRID + "HexGrid",
            "color",
            "300,0,0",
            "warning: attribute color='300,0,0': colour component outside 0..255",
        ),
        (
            GRID + "HexGrid",
            "snapTo",
            "yes",
            "warning: attribute snapTo='yes': not true/false (VASSAL reads it as false)",
        ),
        (
            GRID + "mapgrid.HexGridNumbering",
            "first",
            "",
            "error: attribute first='': empty (VASSAL reads its first character and fails)",
        ),
        (
            MAP + "Zoomer",
            "zoomLevels",
            "0.5,x",
            "error: attribute zoomLevels='0.5,x': not a list of Java doubles ('x')",
        ),
        (
            MOD + "Map",
            "markMoved",
            "Sometimes",
            "warning: attribute markMoved='Sometimes': not one of ['Always', 'Never', 'Use Preferences Setting']",
        ),
        (MAP + "StackMetrics", "exSepX", "six", "warning: attribute exSepX='six': not a Java int"),
        (MOD + "Map", "colour", "1", "warning: attribute 'colour' is not read by Map"),
    ],
)
def test_broken_values_are_reported(tag: str, name: str, value: str, expected: str) -> None:
    assert _problems_after(lambda r: _find(r, tag).set(name, value)) == [expected]


def test_an_unknown_class_is_an_error_reported_by_tag() -> None:
    problems = _problems_after(lambda r: r.append(etree.Element("com.example.Custom")))
    assert problems == ["error: class com.example.Custom is not in the component table"]


def test_a_child_in_the_wrong_parent_is_an_error() -> None:
    def move_board(root: etree._Element) -> None:
        board = _find(root, MAP + "boardPicker.Board")
        _find(root, MOD + "Map").append(board)

    assert "error: Map cannot hold Board" in _problems_after(move_board)


def test_a_chart_in_a_piece_palette_does_not_belong() -> None:
    problems = _problems_after(lambda r: _find(r, W + "PanelWidget").append(etree.Element(W + "Chart")))
    assert problems == ["warning: Chart does not belong in a PieceWindow"]


def test_module_wide_rules() -> None:
    def break_things(root: etree._Element) -> None:
        root.remove(_find(root, MOD + "GlobalOptions"))
        root.set("nextPieceSlotId", "1")
        _find(root, MAP + "SetupStack/" + W + "PieceSlot").set("gpid", "1")

    problems = _problems_after(break_things)
    assert any("no GlobalOptions" in p for p in problems)
    assert any("gpid '1' is also used" in p for p in problems)
    assert any("nextPieceSlotId=1 is not above the highest gpid 1" in p for p in problems)


def test_root_must_be_a_game_module() -> None:
    problems = validate_buildfile(parse_buildfile(b"<VASSAL.build.module.Chatter/>"))
    assert problems[0].severity == "error" and "not VASSAL.build.GameModule" in problems[0].message


@pytest.mark.parametrize(
    "text, value",
    [
        ("5", 5),
        ("+5", 5),
        ("-0", 0),
        ("2147483647", 2147483647),
        ("-2147483648", -2147483648),
        ("2147483648", None),
        (" 5", None),
        ("5.0", None),
        ("", None),
        ("0x10", None),
    ],
)
def test_java_int_accepts_what_integer_parse_int_accepts(text: str, value: int | None) -> None:
    assert parse_int(text) == value


@pytest.mark.parametrize(
    "text, ok",
    [
        ("1", True),
        ("1.", True),
        (".5", True),
        ("1e5", True),
        (" 2.5 ", True),
        ("NaN", True),
        ("-Infinity", True),
        ("1d", True),
        ("0x1p3", True),
        ("1.2.3", False),
        ("", False),
        ("1,5", False),
        ("e5", False),
    ],
)
def test_java_double_accepts_what_double_value_of_accepts(text: str, ok: bool) -> None:
    assert java_double_parses(text) is ok


def test_key_strokes_and_colours() -> None:
    from vassal.schema import COLOR, KEYSTROKE, NAMED_KEYSTROKE

    assert check_value(KEYSTROKE, "38,0") is None
    assert check_value(KEYSTROKE, "") is None
    assert check_value(KEYSTROKE, "38,0,Name") is not None
    assert check_value(NAMED_KEYSTROKE, "70,130,Flip") is None
    assert check_value(COLOR, "255,255,255,128") is None
    assert check_value(COLOR, "0xFF00FF") is None
    assert check_value(COLOR, "") is None
    assert check_value(COLOR, "red") is not None
