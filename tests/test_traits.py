"""Trait codecs and key fields: engine field order and defaults, byte-exact edits, round trips.

Vectors are real trait strings from tour.mod (VASSAL 2.0 era), the docs/vassal-formats.md examples
(VASSAL 3.7) and hand-written strings in the documented field order of each trait.
"""

from __future__ import annotations

import inspect
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vassal.javanum import format_double, parse_double
from vassal.keys import (
    CTRL,
    KeyStroke,
    NamedKeyStroke,
    awt_modifiers,
    ctrl,
    format_named_key,
    format_named_key_list,
    parse_keystroke,
    parse_named_key,
    parse_named_key_list,
)
from vassal.pieces import Piece, parse_piece, piece_state, piece_type
from vassal.trait_codec import BOOL, CHAR, COLOR, DOUBLE, INT, LKEYS, NKEY, NKEYS, STR, STRS, UnknownTrait, type_prefix
from vassal.traits import (
    CODECS,
    BasicName,
    BasicPiece,
    CalculatedProperty,
    Clone,
    Comment,
    CounterGlobalKeyCommand,
    Delete,
    DynamicProperty,
    Embellishment,
    Footprint,
    FreeRotator,
    Hideable,
    Immobilized,
    Labeler,
    Marker,
    MovementMarkable,
    NonRectangular,
    Obscurable,
    OldEmbellishment,
    OldNonRectangular,
    PlaceMarker,
    Replace,
    ReportState,
    RestrictCommands,
    Restricted,
    ReturnToDeck,
    SendToLocation,
    SetGlobalProperty,
    StackBase,
    SubMenu,
    TriggerAction,
    UsePrototype,
    base_from_level,
    trait_from_level,
)

VIVE_EMB2 = (
    "emb2;;128;A;;128;;;128;;;57361,0,Fresh;1;false;0;0;deSalles_I_front.png,"
    "deSalles_I_back.png;,;false;Steps;;;false;;1;1;true;;57355,0,Battleworn;;;1.0;;true"
)
TOUR_TAILING = "emb2;Tailing;2;T;Increase;2;];Decrease;2;[;;;0;false;0;0;Tailing;;true"


# --- keys -------------------------------------------------------------------------------------


def test_plain_and_legacy_keystrokes():
    assert parse_keystroke("70,130") == KeyStroke(70, 130)
    assert parse_keystroke("F") == KeyStroke(70, CTRL)  # a bare char is Ctrl+char
    assert parse_keystroke("") is None
    assert parse_keystroke("x,y") is None
    assert ctrl("f") == KeyStroke(70, 130)


def test_old_awt_modifier_masks_normalise_to_what_vassal_writes():
    # engine test: "121\\,2" (old CTRL_MASK) equals Ctrl+F10 with CTRL_DOWN_MASK
    assert awt_modifiers(2) == 130 and awt_modifiers(128) == 130 and awt_modifiers(0) == 0
    assert KeyStroke(121, 2).normalized() == KeyStroke(121, 128).normalized()
    key = parse_named_key("121,2")
    assert key is not None and key.same_key(NamedKeyStroke(121, 130))


def test_named_keys_compare_by_name_not_by_session_code():
    a = parse_named_key("57355,0,Battleworn")
    b = parse_named_key("57400,0,Battleworn")
    assert a == NamedKeyStroke(57355, 0, "Battleworn") and a.is_named
    assert a.same_key(b) and not a.same_key(parse_named_key("57355,0,Fresh"))
    assert format_named_key(a) == "57355,0,Battleworn"


def test_named_key_edge_cases_follow_java_split():
    assert parse_named_key("70,130,") == NamedKeyStroke(70, 130)  # trailing empty part dropped
    assert parse_named_key("0,0") is None  # the null keystroke
    assert parse_named_key("") is None
    assert parse_named_key("D") == NamedKeyStroke(68, 130)
    assert parse_named_key("a,b,c") is None


def test_named_key_lists_are_comma_sequences_of_keys():
    assert parse_named_key_list("70\\,130") == (NamedKeyStroke(70, 130),)
    keys = parse_named_key_list("39\\,130,37\\,130")
    assert keys == (NamedKeyStroke(39, 130), NamedKeyStroke(37, 130))
    assert format_named_key_list(keys) == "39\\,130,37\\,130"
    assert parse_named_key_list("") == () and parse_named_key_list(None) == ()
    assert parse_named_key_list(",70\\,130,") == (NamedKeyStroke(70, 130),)


# --- Java numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [("1.0", 1.0), (" 2 ", 2.0), ("1e3", 1000.0), ("1.5f", 1.5), ("-Infinity", -math.inf), (".5", 0.5), ("3.", 3.0)],
)
def test_parse_double_reads_like_double_parse_double(text, value):
    assert parse_double(text) == value


@pytest.mark.parametrize("text", ["inf", "nan", "1_0", "", "0x", "1,5", "e5"])
def test_parse_double_refuses_what_java_refuses(text):
    assert parse_double(text) is None


@pytest.mark.parametrize(
    "value, text",
    [
        (1.0, "1.0"),
        (0.5, "0.5"),
        (1e7, "1.0E7"),
        (1e-4, "1.0E-4"),
        (123456789.0, "1.23456789E8"),
        (0.001, "0.001"),
        (9999999.0, "9999999.0"),
        (-0.0, "-0.0"),
        (math.inf, "Infinity"),
        (-2.5e-10, "-2.5E-10"),
    ],
)
def test_format_double_writes_like_double_to_string(value, text):
    assert format_double(value) == text


@given(st.floats(allow_nan=False))
def test_format_double_text_parses_back_to_the_same_float(x):
    assert parse_double(format_double(x)) == x


# --- real strings, field by field -------------------------------------------------------------


def test_modern_two_sided_layer_reads_every_field():
    e = trait_from_level(VIVE_EMB2, "1")
    assert isinstance(e, Embellishment)
    assert e.images == ("deSalles_I_front.png", "deSalles_I_back.png")
    assert e.level_names == ("", "")
    assert e.layer_name == "Steps" and e.version == 1 and e.always_active
    assert e.reset_key == NamedKeyStroke(57361, 0, "Fresh")
    assert e.increase_keystroke == NamedKeyStroke(57355, 0, "Battleworn")
    assert e.activate_keystroke is None and e.scale == 1.0
    assert e.only_property_state == "true" and e.extra_type_tokens == ()
    assert (e.value, e.level, e.active) == (1, 1, True)


def test_old_short_layer_takes_engine_defaults_and_converts_its_keys():
    e = trait_from_level(TOUR_TAILING, "-1;")
    assert isinstance(e, Embellishment) and not e.is_version0
    assert e.get("version") == 0 and e.layer_name == ""
    assert e.get("always_active") is True  # the raw default...
    assert e.always_active is False  # ...but an activate key makes it activatable
    assert e.activate_keystroke == NamedKeyStroke(ord("T"), 130)
    assert e.decrease_keystroke == NamedKeyStroke(ord("["), 130)
    assert e.scale == 1.0 and e.only_property_state == "true"
    assert (e.value, e.active) == (-1, False)


def test_unconvertible_version0_layer_keeps_value_and_status_state():
    e = trait_from_level("emb2;Act;2;AB;;2;;;2;;;;0;false;0;0;a.png,b.png;,", "")
    assert e.is_version0 and e.value == 1  # Embellishment0 defaults to level 1
    e2 = e.with_state("-2;AB")
    assert e2.value == -2 and e2.state == "-2;AB"


def test_layer_state_is_clamped_to_the_number_of_images():
    e = Embellishment.make(images=("a", "b"))
    assert e.with_state("5").value == 2 and e.with_state("-9").value == -2
    assert e.with_state("x").value == -1 and e.with_state("").value == -1


def test_pre_3_1_layer_format():
    e = trait_from_level("emb;A;_Activate;];Up;[;Down;3;4;back.png,Back;worse.png,Worse", "")
    assert isinstance(e, OldEmbellishment)
    assert e.activate_key == "A" and e.activate_command == "Activate"
    assert e.image_names == ("back.png", "worse.png")
    assert e.level_name(2) == "Worse" and e.x_offset == 3
    assert e.value == -1 and e.with_level(2, True).value == 2


def test_report_action_from_the_tour_module():
    formats = ",".join(f"$oldPieceName$ faces {d}" for d in ("NE", "E", "SE", "S"))
    r = trait_from_level(f"report;93\\,130;;91\\,130;{formats}", "0")
    assert isinstance(r, ReportState)
    assert r.keys == (NamedKeyStroke(93, 130),) and r.report_format == ""
    assert r.cycle_down_keys == (NamedKeyStroke(91, 130),)
    assert len(r.cycle_report_formats) == 4 and r.cycle_index == 0
    assert r.description == "" and r.no_suppress is False  # missing: engine defaults


def test_report_action_legacy_key_characters():
    r = trait_from_level("report;FX", "")
    assert r.keys == (NamedKeyStroke(70, 130), NamedKeyStroke(88, 130))
    assert r.report_format == "$location$: $newPieceName$ *" and r.cycle_index == -1
    # a comma in first place does not mark the new form (engine tests indexOf(',') > 0)
    assert trait_from_level("report;,A", "").keys == (NamedKeyStroke(44, 130), NamedKeyStroke(65, 130))


def test_text_label_fields_and_trimmed_text():
    t = trait_from_level(
        "label;65,130;Change Altitude;14;0,0,153;255,255,255;b;20;c;0;b;c;$pieceName$ ($label$)",
        "  3000 ft ",
    )
    assert isinstance(t, Labeler)
    assert t.label_key == NamedKeyStroke(65, 130) and t.font_size == 14
    assert t.background == (0, 0, 153) and t.foreground == (255, 255, 255)
    assert (t.vertical_position, t.vertical_offset, t.horizontal_position) == ("b", 20, "c")
    assert t.font_family == "Dialog" and t.property_name == "TextLabel"
    assert t.label == "3000 ft"
    assert t.display_name("Albatros", {}) == "Albatros (3000 ft)"
    assert t.with_state("").display_name("Albatros", {}) == "Albatros"


def test_rotation_fixed_facings_and_free():
    r = trait_from_level("rotate;8;93,130;91,130;Rotate CW;Rotate CCW", "3")
    assert isinstance(r, FreeRotator) and not r.is_free
    assert r.cw_key == NamedKeyStroke(93, 130) and r.ccw_text == "Rotate CCW"
    assert r.angle == -135.0
    assert r.with_state("99").angle == -315.0  # index clamped to the last facing
    free = trait_from_level("rotate;1;82,130;Rotate;;;Spin", "45.5")
    assert free.is_free and free.set_angle_key == NamedKeyStroke(82, 130)
    assert free.set_angle_text == "Rotate" and free.name == "Spin" and free.angle == 45.5
    assert isinstance(trait_from_level("rotate;x;1", "0"), UnknownTrait)


def test_mask_from_the_tour_module():
    m = trait_from_level("obs;70,130;MnvrCrdRev.jpg;Face down;P;?", "null")
    assert isinstance(m, Obscurable)
    assert m.key == NamedKeyStroke(70, 130) and m.image_name == "MnvrCrdRev.jpg"
    assert m.hide_command == "Face down" and m.style == "P" and m.peek_key is None
    assert m.mask_name == "?" and m.obscured_by is None
    assert m.auto_peek is False  # an existing (legacy) piece: auto-peek off
    assert m.with_state("Bob;p").obscured_by == "Bob"
    assert trait_from_level("obs;;x.png;Mask;Gother.png;?", "").others_image == "other.png"
    assert trait_from_level("obs;;x.png;Mask;P70,130,Look;?", "").peek_key.name == "Look"
    assert Obscurable.make().auto_peek is True


def test_invisible_movement_marker_and_return_to_deck_from_the_tour_module():
    h = trait_from_level("hide;72,130;Hide;255,255,255", "null")
    assert isinstance(h, Hideable) and h.hidden_by is None
    assert h.key == NamedKeyStroke(72, 130) and h.background == (255, 255, 255)
    assert h.transparency == 0.3 and h.with_state("p1").hidden_by == "p1"
    mm = trait_from_level("markmoved;moved.gif;30;-30;Mark Moved;77,130", "false")
    assert isinstance(mm, MovementMarkable) and mm.has_moved is False
    assert (mm.moved_icon, mm.x_offset, mm.y_offset, mm.command) == ("moved.gif", 30, -30, "Mark Moved")
    assert mm.command_true == "Mark piece as moved" and mm.with_state("true").has_moved
    rd = trait_from_level("return;Send to Reserves;82,130;Airplane Reserves", "")
    assert isinstance(rd, ReturnToDeck) and rd.deck_id == "Airplane Reserves"
    assert rd.key == NamedKeyStroke(82, 130) and rd.version == 0


def test_markers_pad_missing_values_and_ignore_surplus_ones():
    m = trait_from_level("mark;Side,Type", "Axis")
    assert isinstance(m, Marker) and m.values == ("Axis", "")
    assert trait_from_level("mark;A,B", "1,2,3").values == ("1", "2")
    assert m.with_value("Type", "Inf").state == "Axis,Inf"
    assert Marker.of({"A,B": "x,y"}).values_by_name == {"A,B": "x,y"}


def test_prototype_reference_with_parameters():
    p = trait_from_level("prototype;Army;side=Axis,n=2", "")
    assert isinstance(p, UsePrototype)
    assert p.prototype_name == "Army" and p.parameters == {"side": "Axis", "n": "2"}
    assert UsePrototype.of("Army", {"side": "Axis", "n": "2"}).type == p.type
    assert trait_from_level("prototype;Army", "").parameters == {}


def test_dynamic_property_constraints_and_value():
    d = trait_from_level("PROP;Steps;true,1,4,false;;Strength steps", "2")
    assert isinstance(d, DynamicProperty)
    assert (d.key, d.numeric, d.minimum, d.maximum, d.wrap) == ("Steps", True, 1, 4, False)
    assert d.value == "2" and d.description == "Strength steps"
    bare = trait_from_level("PROP;", "")
    assert (bare.key, bare.numeric, bare.maximum) == ("", False, 100)
    assert DynamicProperty.make(key="X").constraints == "false,0,100,false"


def test_does_not_stack_flags():
    assert trait_from_level("immob;n;V;R;", "").can_stack is False
    i = trait_from_level("immob;;N;L;", "")
    assert isinstance(i, Immobilized) and i.can_stack and not i.never_move
    assert trait_from_level("immob;;V", "").never_move
    assert trait_from_level("immob;", "").can_stack is False  # old: default never stack


def test_small_command_traits():
    assert trait_from_level("delete;Delete;68,130;", "").key == NamedKeyStroke(68, 130)
    assert trait_from_level("delete;Remove", "").key == NamedKeyStroke(68, 130)  # default D
    assert isinstance(trait_from_level("clone;Clone;67,130;", ""), Clone)
    s = trait_from_level("submenu;Combat;Attack,Defend;", "")
    assert isinstance(s, SubMenu) and s.commands == ("Attack", "Defend")
    rc = trait_from_level("hideCmd;Hide moves;Disable;{Side=='Axis'};77\\,130", "")
    assert isinstance(rc, RestrictCommands) and rc.action == "Disable"
    assert rc.watch_keys == (NamedKeyStroke(77, 130),)
    r = trait_from_level("restrict;Allies,Axis;false;true;", "Alice")
    assert isinstance(r, Restricted) and r.sides == ("Allies", "Axis") and r.owner == "Alice"
    assert trait_from_level("cmt;a note", "").comment == "a note"
    assert isinstance(trait_from_level("cmt;x", ""), Comment)
    assert trait_from_level("basicName;Real name", "").name == "Real name"
    assert isinstance(trait_from_level("basicName;x", ""), BasicName)
    c = trait_from_level("calcProp;Total;{A+B};", "")
    assert isinstance(c, CalculatedProperty) and c.expression == "{A+B}"


def test_trigger_global_key_and_global_property_fields():
    t = trait_from_level("macro;Flip all;;84,130;{Moved};70\\,130;71\\,130,72\\,130;true", "")
    assert isinstance(t, TriggerAction)
    assert t.key == NamedKeyStroke(84, 130) and t.property_match == "{Moved}"
    assert t.watch_keys == (NamedKeyStroke(70, 130),) and len(t.action_keys) == 2
    assert t.loop is True and t.loop_type == "counted" and t.index_start == "1"
    g = trait_from_level("globalkey;Rally;82,130;57400,0,Rally;{Side=='Axis'};true;3", "")
    assert isinstance(g, CounterGlobalKeyCommand)
    assert g.global_key.name == "Rally" and g.restrict_range and g.range == 3
    assert g.report_single is True and g.select_from_deck == "-1"
    sp = trait_from_level("setprop;Turn;true,1,10,true;;;Named Zone;Track", "")
    assert isinstance(sp, SetGlobalProperty)
    assert sp.property_level == "Named Zone" and sp.search_name == "Track"


def test_send_to_location_and_its_remembered_position():
    s = trait_from_level("sendto;To box;66,130;Main Map;;120;240;Back;67,130", "Main Map;10;20")
    assert isinstance(s, SendToLocation)
    assert (s.map_name, s.x, s.y, s.back_command) == ("Main Map", "120", "240", "Back")
    assert s.destination == "L" and s.x_offset == "1"
    assert (s.back_map, s.back_x, s.back_y) == ("Main Map", "10", "20")


def test_place_marker_embeds_a_piece_definition():
    spec = "+/null/mark;Type\tpiece;;;oog.png;Out of supply/Supply\tnull;0;0;5;0"
    p = PlaceMarker.make(command="Mark OOS", key=NamedKeyStroke(79, 130), marker_spec=spec)
    back = trait_from_level(p.type, "")
    assert isinstance(back, PlaceMarker) and back.marker_spec == spec
    assert back.version == 1 and back.placement == 0
    r = trait_from_level("replace" + p.type[len("placemark") :], "")
    assert isinstance(r, Replace) and r.marker_spec == spec


def test_footprint_state_points():
    f = trait_from_level("footprint;84,130;Movement Trail", "true;Main Map;2;10,20;30,40;true;2")
    assert isinstance(f, Footprint) and f.points == ((10, 20), (30, 40))
    assert f.circle_radius == 10 and f.line_color == (0, 0, 0)


def test_non_rectangular_shape_text_is_kept_whole():
    n = trait_from_level("nonRect2;1.5;m,0,0;l,10,0;c;", "")
    assert isinstance(n, NonRectangular) and n.scale == 1.5
    assert n.shape_spec == "m,0,0;l,10,0;c;"
    assert isinstance(trait_from_level("nonRect;m,0,0", ""), OldNonRectangular)


def test_basic_piece_states_of_every_era():
    b = base_from_level("piece;;;front.png;1st Infantry", "null;0;0;459;3;ClickedX;1247;ppScale;1.0;ClickedY;600")
    assert isinstance(b, BasicPiece)
    assert b.properties == {"ClickedX": "1247", "ppScale": "1.0", "ClickedY": "600"}
    old = base_from_level("piece;;Z;AlbC.GIF;Albatros C", "null;35;56")
    assert (old.map_id, old.x, old.y, old.gpid, old.properties) == (None, 35, 56, "", {})
    assert old.delete_key == "Z" and old.image_name == "AlbC.GIF"
    short = base_from_level("piece;;;a.png;A", "Map;1;2;7;2;OnlyKey")
    assert short.properties == {"OnlyKey": "", "": ""}  # the engine reads missing tokens as ""


def test_stack_state():
    s = base_from_level("stack", "Main Map;60;46;a;b;@@1")
    assert isinstance(s, StackBase)
    assert (s.map_id, s.x, s.y, s.members, s.layer) == ("Main Map", 60, 46, ("a", "b"), 1)
    assert base_from_level("stack", "null;0;0").members == ("0", "0")  # engine quirk
    assert StackBase.of("M", 1, 2, ["x"]).state == "M;1;2;x;@@1"
    assert base_from_level("stack", "Main Map;1;2;a").layer is None


def test_unknown_prefixes_and_deck_are_kept_verbatim():
    u = trait_from_level("pivot;Pivot Left;80,195;-25;48;true;-90.0", "")
    assert isinstance(u, UnknownTrait) and u.prefix == "pivot;"
    assert isinstance(base_from_level("deck;true;0,0,0", "Map;1;2;false;a,b"), UnknownTrait)
    assert type_prefix("stack") == "stack" and type_prefix("mark;A;B") == "mark;"


# --- byte-exact editing ------------------------------------------------------------------------


def test_editing_an_old_string_keeps_it_short():
    e = trait_from_level(TOUR_TAILING, "-1;")
    assert e.with_fields(activate_command="Tail").type == TOUR_TAILING.replace("Tailing;2", "Tail;2", 1)
    assert e.with_level(1, True).state == "1;"


def test_setting_a_field_past_the_end_fills_the_gap_with_what_the_engine_assumed():
    d = trait_from_level("delete;Remove", "")
    assert d.with_fields(description="bin it").type == "delete;Remove;68,130;bin it"


def test_newer_trailing_fields_survive_reading_and_editing():
    t = trait_from_level(VIVE_EMB2 + ";future;more", "1")
    assert t.extra_type_tokens == ("future", "more")
    edited = t.with_fields(name="Side")
    assert edited.type == VIVE_EMB2.replace(";Steps;", ";Side;") + ";future;more"


def test_non_canonical_text_is_read_like_the_engine_and_flagged():
    m = trait_from_level("mark;'A'", "'x'")
    assert isinstance(m, Marker) and m.names == ("A",) and m.values == ("x",)
    assert not m.canonical and trait_from_level("mark;A", "x").canonical


def test_writers_refuse_values_vassal_would_misread():
    with pytest.raises(ValueError):
        Delete.make(command_name="trailing\\")
    with pytest.raises(ValueError):
        SubMenu.make(commands=("a\\", "b"))
    with pytest.raises(ValueError):
        Delete.make(key=NamedKeyStroke(68, 130, "a,b"))
    with pytest.raises(ValueError):
        Labeler.make(vertical_position="")  # an empty char reads back as the default
    with pytest.raises(KeyError):
        Delete.make(nonsense=1)


def test_make_writes_the_full_3_7_field_list():
    for cls in CODECS.values():
        if cls.TYPE_FIELDS and cls not in (OldEmbellishment,):
            t = cls.make()
            assert len(t.type_tokens) == len(t.type_layout()), cls.__name__
            assert trait_from_level(t.type, t.state) == t, cls.__name__
    assert Delete.make().type == "delete;Delete;68,130;"
    assert ReportState.make().state == "-1"


# --- generated round trips ---------------------------------------------------------------------

SAFE_TEXT = st.text(
    alphabet=st.sampled_from(["a", "Z", " ", ";", ",", "'", "\\", "$", "=", "\t", "é", "/"]),
    max_size=8,
).filter(lambda s: not s.endswith("\\"))
NAME = st.text(alphabet=st.sampled_from(["a", "B", " ", ";", "'", "$"]), min_size=1, max_size=6)
NAMED_KEY = st.builds(
    NamedKeyStroke,
    st.integers(1, 0xF8FE),
    st.sampled_from([0, 65, 130, 195, 520, 260]),
    st.none() | NAME,
)

KIND_STRATEGIES: dict[Any, st.SearchStrategy[Any]] = {
    STR: SAFE_TEXT,
    INT: st.integers(-(2**31), 2**31 - 1),
    DOUBLE: st.floats(allow_nan=False),
    BOOL: st.booleans(),
    CHAR: st.sampled_from(list("tcblrxyzAB")),
    STRS: st.lists(SAFE_TEXT, max_size=4).filter(lambda v: v != [""]).map(tuple),
    NKEY: st.none() | NAMED_KEY,
    NKEYS: st.lists(NAMED_KEY, max_size=3).map(tuple),
    LKEYS: st.lists(NAMED_KEY, max_size=3).map(tuple),
    COLOR: st.none() | st.tuples(*[st.integers(0, 255)] * 3),
}

FIELD_CODECS = sorted([c for c in CODECS.values() if c.TYPE_FIELDS] + [BasicPiece], key=lambda c: c.__name__)


@pytest.mark.parametrize("cls", FIELD_CODECS, ids=lambda c: c.__name__)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_generated_traits_of_every_typed_kind_round_trip(cls, data):
    layout = cls.TYPE_FIELDS
    values: dict[str, Any] = {}
    if cls is FreeRotator:
        angles = data.draw(st.integers(1, 36))
        layout = FreeRotator.ALT_TYPE_FIELDS if angles == 1 else FreeRotator.TYPE_FIELDS
    for f in layout + cls.STATE_FIELDS:
        values[f.name] = data.draw(KIND_STRATEGIES[f.kind], label=f.name)
    if cls is FreeRotator:
        values["angles"] = angles
    if cls is Embellishment:  # the engine always writes one level name per image
        values["level_names"] = data.draw(
            st.lists(SAFE_TEXT, min_size=len(values["images"]), max_size=len(values["images"])).map(tuple)
        )
        if values["level_names"] == ("",):
            values["level_names"] = ()
    trait = cls.make(**values)
    back = (base_from_level if cls is BasicPiece else trait_from_level)(trait.type, trait.state)
    assert type(back) is cls
    for name, value in values.items():
        got = back.get(name)
        if isinstance(value, float) and math.isnan(value):
            assert math.isnan(got)
        else:
            assert got == value, name
    if cls is not BasicPiece:
        piece = Piece((trait,), BasicPiece.make(common_name="U"))
        again = parse_piece(piece_type(piece), piece_state(piece))
        assert again.traits == (trait,)


@given(st.dictionaries(SAFE_TEXT, SAFE_TEXT, min_size=1, max_size=4))
def test_generated_markers_round_trip(props):
    m = Marker.of(props)
    back = trait_from_level(m.type, m.state)
    assert isinstance(back, Marker)
    expected: dict[str, str] = {}
    for k, v in props.items():
        expected.setdefault(k, v)
    if list(props) == [""]:
        assert back.names == ("",)
    assert back.values_by_name == expected


@given(st.lists(SAFE_TEXT.filter(lambda s: "@@" not in s[:2] and s), max_size=5), st.integers(-1, 5))
def test_generated_stacks_round_trip(members, layer):
    s = StackBase.of("Main Map", 10, 20, members, layer)
    back = base_from_level("stack", s.state)
    assert back.members == tuple(members) and back.layer == layer


@given(st.text(max_size=30), st.text(max_size=10))
def test_any_level_text_gives_a_trait_that_keeps_its_bytes(type_str, state_str):
    for prefix in ["", *CODECS]:
        t = trait_from_level(prefix + type_str, state_str)
        assert (t.type, t.state) == (prefix + type_str, state_str)
        t.fields()
        t.state_fields()


def test_every_trait_class_behaves_as_the_frozen_dataclass_trait_is():
    """Trait subclasses are not decorated again (their fields are Field lists): they still
    compare by class and strings, hash, print and refuse new values for type and state."""
    import dataclasses

    import vassal.traits as traits

    classes = [c for c in vars(traits).values() if isinstance(c, type) and issubclass(c, traits.Trait)]
    assert len(classes) > 30
    for cls in classes:
        assert dataclasses.is_dataclass(cls)
        assert [f.name for f in dataclasses.fields(cls)] == ["type", "state"]
        if cls is not traits.Trait:
            assert not [k for k, v in inspect.get_annotations(cls).items() if "ClassVar" not in str(v)]
    a, b = trait_from_level("cmt;a note", ""), trait_from_level("cmt;a note", "")
    assert type(a).__name__ == "Comment" and a == b and hash(a) == hash(b) and a is not b
    assert a != traits.UnknownTrait("cmt;a note", "")  # another class, the same strings
    assert repr(a) == "Comment(type='cmt;a note', state='')"
    for name in ("type", "state"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a, name, "x")
    assert dataclasses.replace(a, state="s") == trait_from_level("cmt;a note", "s")
