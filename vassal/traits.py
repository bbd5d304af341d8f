"""One codec per VASSAL trait (decorator): typed fields over byte-exact strings.

A trait level of a piece is a pair of strings, its *type* (what the trait is, e.g.
``emb2;Flip;128;F;…``) and its *state* (what it currently shows, e.g. ``-1``). Every codec here
keeps both strings exactly as read and decodes typed fields from them on demand, so an
unchanged trait re-encodes byte-identically whatever VASSAL version wrote it: old strings that
stop early keep stopping early (readers get the engine's defaults), newer strings with extra
trailing fields keep them. Writers either build a trait with :meth:`Trait.make`, which spells
out every field the way VASSAL 3.7 writes it, or change a few fields with
:meth:`Trait.with_fields` / :meth:`Trait.with_state_fields`, which touch only those tokens.

A typed codec reads its fields exactly as the engine does (SequenceEncoder decoding, Java
number rules, the engine's defaults), also from hand-edited or pre-3.4 text. Editing such a
non-canonical trait (``Trait.canonical`` False) re-encodes its other tokens the way VASSAL
itself would on saving. Prefixes we have no codec for, and text a codec cannot read at all, are
kept as :class:`UnknownTrait`, byte-identical.

The machinery every codec is built from (`Trait`, `UnknownTrait`, `Field` and its kinds,
`type_prefix`) is `vassal.trait_codec`.

Public API::

    trait_from_level(type, state) -> Trait    pick the codec by prefix (``BasicCommandEncoder``)
    CODECS: dict[prefix, class]      every typed codec
    base_from_level(type, state) -> Trait     innermost level: BasicPiece, StackBase, else verbatim
    LayerTrait                       what Embellishment and OldEmbellishment share (reader view)

Codecs (prefix → class): see ``CODECS`` at the end of the module.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar, Self

from vassal.errors import FormatError
from vassal.javanum import java_trim, require_int
from vassal.keys import NamedKeyStroke, awt_modifiers, parse_named_key
from vassal.sequence import Decoder, decode, encode
from vassal.trait_codec import (
    BOOL,
    CHAR,
    COLOR,
    DOUBLE,
    INT,
    LKEYS,
    NKEY,
    STR,
    STRS,
    Field,
    Kind,
    Trait,
    UnknownTrait,
    _read_double,
    _read_int,
    type_prefix,
)

# ---------------------------------------------------------------------------------------------
# Helpers shared by several codecs.


def _ctrl_named(char: str) -> NamedKeyStroke:
    return NamedKeyStroke(ord(char), 130)


# ---------------------------------------------------------------------------------------------
# Base pieces.


class BasicPiece(Trait):
    """``piece;cloneKey;deleteKey;image;name`` / ``map;x;y;gpid;n;key;value…`` (BasicPiece.java).

    Old states stop after y (VASSAL 2.x) or after gpid (3.1-3.3); the readers default them.
    """

    ID: ClassVar[str] = "piece;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("clone_key", CHAR, ""),
        Field("delete_key", CHAR, ""),
        Field("image_name", STR, ""),
        Field("common_name", STR, ""),
    )
    STATE_DELIM: ClassVar[str | None] = ";"
    STATE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("map_token", STR, "null"),
        Field("x", INT, 0),
        Field("y", INT, 0),
        Field("gpid", STR, ""),
        Field("property_count", INT, 0),
    )

    @property
    def map_id(self) -> str | None:
        """The map identifier, None when the piece is on no map (``null``)."""
        token = self.get("map_token")
        return None if token == "null" else token

    @property
    def properties(self) -> dict[str, str]:
        """Persistent properties in file order (``UniqueID``, values set by traits…)."""
        tokens = self.state_tokens
        out: dict[str, str] = {}
        for i in range(max(0, self.property_count)):
            key = tokens[5 + 2 * i] if 5 + 2 * i < len(tokens) else ""
            value = tokens[6 + 2 * i] if 6 + 2 * i < len(tokens) else ""
            out[key] = value
        return out

    def with_fields(self, **values: Any) -> Self:
        if "map_id" in values:
            values["map_token"] = values.pop("map_id") or "null"
        return super().with_fields(**values)

    def with_property(self, key: str, value: str) -> Self:
        props = self.properties
        props[key] = value
        return self.with_properties(props)

    def with_properties(self, props: Mapping[str, str]) -> Self:
        """Replace all persistent properties (tokens after them, if any, are kept)."""
        tokens = list(self.state_tokens) if self.state else []
        old_count = max(0, self.property_count)
        tail = tokens[5 + 2 * old_count :]
        head = tokens[:4]
        defaults = ["null", "0", "0", ""]
        head += defaults[len(head) :]
        pairs = [t for kv in props.items() for t in kv]
        state = encode(head + [str(len(props))] + pairs + tail, ";") or ""
        return replace(self, state=state)

    @classmethod
    def make(cls, **values: Any) -> Self:
        props = values.pop("properties", None)
        if "map_id" in values:
            values["map_token"] = values.pop("map_id") or "null"
        piece = super().make(**values)
        return piece.with_properties(props) if props else piece


class StackBase(Trait):
    """``stack`` / ``map;x;y;id1;…;@@layer`` (Stack.java): members bottom first."""

    ID: ClassVar[str] = "stack"
    TYPE_DELIM: ClassVar[str | None] = None
    STATE_DELIM: ClassVar[str | None] = ";"

    def _check(self) -> None:
        if self.type != "stack":
            raise FormatError("a Stack type is exactly 'stack'")

    @property
    def map_id(self) -> str | None:
        token = self.state_tokens[0]
        return None if token == "null" else token

    @property
    def x(self) -> int:
        return _read_int(self.state_tokens[1], 0) if len(self.state_tokens) > 1 else 0

    @property
    def y(self) -> int:
        return _read_int(self.state_tokens[2], 0) if len(self.state_tokens) > 2 else 0

    @property
    def members(self) -> tuple[str, ...]:
        """Member piece ids, bottom first (with map ``null`` the engine also reads x, y as ids)."""
        tokens = self.state_tokens
        body = tokens[1:] if self.map_id is None else tokens[3:]
        return tuple(t for t in body if not t.startswith("@@"))

    @property
    def layer(self) -> int | None:
        for t in self.state_tokens[1:]:
            if t.startswith("@@"):
                return _read_int(t[2:], -1)
        return None

    @classmethod
    def of(cls, map_id: str | None, x: int, y: int, members: Iterable[str], layer: int = 1) -> StackBase:
        tokens = [map_id or "null", str(x), str(y), *members, f"@@{layer}"]
        return cls("stack", encode(tokens, ";") or "")


# ---------------------------------------------------------------------------------------------
# Layers.


class LayerTrait(Trait):
    """What the reader needs from any Layer codec (``emb2;`` current/v0, ``emb;`` legacy)."""

    @property
    def layer_name(self) -> str:
        return ""

    @property
    def image_names(self) -> tuple[str, ...]:
        return ()

    def level_name(self, level: int) -> str:
        """The name of a 1-based level ('' when none)."""
        return ""

    @property
    def value(self) -> int:
        """Signed 1-based level: > 0 active (drawn), < 0 inactive; clamped like the engine."""
        return 1

    @property
    def level(self) -> int:
        return abs(self.value) or 1

    @property
    def active(self) -> bool:
        return self.value > 0

    @property
    def follow_property_name(self) -> str | None:
        return None

    def value_following(self, raw: str) -> int:
        return self.value

    def with_level(self, level: int | None = None, active: bool | None = None) -> LayerTrait:
        """The same layer at another 1-based level and/or activity; other state text kept."""
        n = max(1, len(self.image_names))
        lvl = self.level if level is None else int(level)
        if not 1 <= lvl <= n:
            raise ValueError(f"layer {self.layer_name!r} has levels 1..{n}, not {lvl}")
        act = self.active if active is None else bool(active)
        tokens = list(decode(self.state, ";")) if self.state else []
        text = str(lvl if act else -lvl)
        tokens = [text] + tokens[1:]
        return replace(self, state=encode(tokens, ";") or "")

    def _clamp(self, value: int) -> int:
        n = len(self.image_names)
        return min(max(-n, value), n)


class Embellishment(LayerTrait):
    """Layer, ``emb2;`` (Embellishment.java / Embellishment0.java for version 0).

    State: signed 1-based level (``value``); version-0 layers whose keys are longer than one
    character keep the older ``value;activationStatus`` state.
    """

    ID: ClassVar[str] = "emb2;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("activate_command", STR, ""),
        Field("activate_modifiers", INT, 128),
        Field("activate_key", STR, "A"),
        Field("up_command", STR, ""),
        Field("up_modifiers", INT, 128),
        Field("up_key", STR, ""),
        Field("down_command", STR, ""),
        Field("down_modifiers", INT, 128),
        Field("down_key", STR, ""),
        Field("reset_command", STR, ""),
        Field("reset_key", NKEY, None),
        Field("reset_level", STR, "1"),
        Field("draw_underneath_when_selected", BOOL, False),
        Field("x_offset", INT, 0),
        Field("y_offset", INT, 0),
        Field("images", STRS, ()),
        Field("level_names", STRS, ()),
        Field("loop_levels", BOOL, True),
        Field("name", STR, ""),
        Field("random_key", NKEY, None),
        Field("random_text", STR, ""),
        Field("follow_property", BOOL, False),
        Field("property_name", STR, ""),
        Field("first_level_value", INT, 1),
        Field("version", INT, 0, write=1),
        Field("always_active", BOOL, True),
        Field("activate_keystroke", NKEY, None),
        Field("increase_keystroke", NKEY, None),
        Field("decrease_keystroke", NKEY, None),
        Field("description", STR, ""),
        Field("scale", DOUBLE, 1.0),
        Field("only_property_name", STR, ""),
        Field("only_property_state", STR, "true"),
    )
    STATE_DELIM: ClassVar[str | None] = ";"
    STATE_FIELDS: ClassVar[tuple[Field, ...]] = (Field("state_value", INT, -1, write=-1),)

    @classmethod
    def make(cls, **values: Any) -> Self:
        """A current (version 1) Layer; ``level_names`` is padded to one name per image, as the
        engine always writes it. The state defaults to level 1, inactive unless
        ``always_active`` (give ``state_value`` to choose)."""
        images = tuple(values.get("images", ()))
        names = tuple(values.get("level_names", ()))
        if len(names) < len(images):
            values["level_names"] = names + ("",) * (len(images) - len(names))
        if "state_value" not in values:
            values["state_value"] = 1 if values.get("always_active", True) else -1
        return super().make(**values)

    @property
    def is_version0(self) -> bool:
        """Whether the engine reads this with ``Embellishment0`` (old keys it cannot convert)."""
        if self.get("version") != 0:
            return False
        keys = (self.get("activate_key"), self.get("up_key"), self.get("down_key"))
        return any(len(k) > 1 for k in keys)

    @property
    def always_active(self) -> bool:
        """Whether the layer is always drawn (no activate command). Version-0 layers say so by
        having no activate key (the engine converts them on reading); ``get`` gives the raw
        field."""
        if self.get("version") == 0:
            return self.get("activate_key") == ""
        return self.get("always_active")

    def _legacy_key(self, key_field: str, mods_field: str, named_field: str) -> Any:
        if self.get("version") != 0 or self.is_version0:
            return self.get(named_field)
        key = self.get(key_field)
        if not key:
            return None
        return NamedKeyStroke(ord(key[0]), awt_modifiers(self.get(mods_field)))

    @property
    def activate_keystroke(self) -> NamedKeyStroke | None:
        """The activate key; for a converted version-0 layer, built from the legacy char and
        modifiers as the engine does."""
        return self._legacy_key("activate_key", "activate_modifiers", "activate_keystroke")

    @property
    def increase_keystroke(self) -> NamedKeyStroke | None:
        return self._legacy_key("up_key", "up_modifiers", "increase_keystroke")

    @property
    def decrease_keystroke(self) -> NamedKeyStroke | None:
        return self._legacy_key("down_key", "down_modifiers", "decrease_keystroke")

    @property
    def layer_name(self) -> str:
        return self.get("name")

    @property
    def image_names(self) -> tuple[str, ...]:
        images = self.get("images")
        if self.is_version0:
            return images
        return images or ("",)  # nextStringArray(1): at least one level

    def level_name(self, level: int) -> str:
        names = self.get("level_names")
        return (names[level - 1] or "") if 0 < level <= len(names) else ""

    @property
    def value(self) -> int:
        default = 1 if self.is_version0 else -1
        tokens = self.state_tokens
        raw = _read_int(tokens[0], default) if tokens else default
        return raw if self.is_version0 else self._clamp(raw)

    @property
    def follow_property_name(self) -> str | None:
        if self.get("follow_property") and self.get("property_name"):
            return self.get("property_name")
        return None

    def value_following(self, raw: str) -> int:
        first = self.get("first_level_value")
        text = raw if raw else str(first)
        try:
            v = require_int(text) - first + 1
        except ValueError:
            return self.value
        v = min(max(v, 1), len(self.image_names))
        return v if self.active else -v


class OldEmbellishment(LayerTrait):
    """Layer in the pre-3.1 form ``emb;`` (``Embellishment.originalSetType``).

    Type: ``emb;<activateKey;resetCommand;resetKey;resetLevel>;[_]activateCommand;upKey;
    upCommand;downKey;downCommand;xOff;yOff;image,name;image,name;…``; state as ``emb2``.
    """

    ID: ClassVar[str] = "emb;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("activation", STR, ""),
        Field("activate_command_raw", STR, ""),
        Field("up_key", STR, ""),
        Field("up_command", STR, ""),
        Field("down_key", STR, ""),
        Field("down_command", STR, ""),
        Field("x_offset", INT, 0),
        Field("y_offset", INT, 0),
    )
    STATE_DELIM: ClassVar[str | None] = ";"

    @property
    def activate_key(self) -> str:
        return decode(self.get("activation"), ";")[0].upper()

    @property
    def activate_command(self) -> str:
        raw = self.get("activate_command_raw")
        return raw[1:] if raw.startswith("_") else raw

    @property
    def levels_raw(self) -> tuple[str, ...]:
        return self.type_tokens[8:]

    @property
    def image_names(self) -> tuple[str, ...]:
        return tuple(decode(t, ",")[0] for t in self.levels_raw)

    def level_name(self, level: int) -> str:
        if not 0 < level <= len(self.levels_raw):
            return ""
        parts = decode(self.levels_raw[level - 1], ",")
        return parts[1] if len(parts) > 1 else ""

    @property
    def value(self) -> int:
        default = -1 if self.activate_key else 1
        tokens = self.state_tokens
        return self._clamp(_read_int(tokens[0], default) if tokens else default)


# ---------------------------------------------------------------------------------------------
# Properties and names.


class Marker(Trait):
    """Static properties, ``mark;A,B`` / ``valueA,valueB`` (Marker.java)."""

    ID: ClassVar[str] = "mark;"
    TYPE_DELIM: ClassVar[str | None] = ","
    STATE_DELIM: ClassVar[str | None] = ","

    @property
    def names(self) -> tuple[str, ...]:
        return self.type_tokens

    @property
    def values(self) -> tuple[str, ...]:
        """One value per name: missing values are '', surplus ones ignored (as the engine)."""
        vals = list(self.state_tokens[: len(self.names)])
        return tuple(vals + [""] * (len(self.names) - len(vals)))

    @property
    def values_by_name(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for k, v in zip(self.names, self.values):
            out.setdefault(k, v)
        return out

    def with_value(self, name: str, value: str) -> Marker:
        i = self.names.index(name)
        tokens = list(self.state_tokens) if self.state else []
        while len(tokens) <= i:
            tokens.append("")
        tokens[i] = value
        return replace(self, state=encode(tokens, ",") or "")

    @classmethod
    def of(cls, properties: Mapping[str, str]) -> Marker:
        if not properties:
            raise ValueError("a Marker holds at least one property")
        return cls("mark;" + (encode(properties.keys(), ",") or ""), encode(properties.values(), ",") or "")


class DynamicProperty(Trait):
    """``PROP;name;numeric,min,max,wrap;keyCommands;description`` / value (DynamicProperty.java).

    ``key_commands`` is kept as text (a ``,``-list of ``:``-encoded menu/key/action entries).
    """

    ID: ClassVar[str] = "PROP;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("key", STR, "name"),
        Field("constraints", STR, "", write="false,0,100,false"),
        Field("key_commands", STR, ""),
        Field("description", STR, ""),
    )

    @property
    def value(self) -> str:
        return self.state

    def _constraint(self, i: int, kind: Kind, default: Any) -> Any:
        toks = decode(self.get("constraints"), ",")
        return kind.read(toks[i], default) if i < len(toks) else default

    @property
    def numeric(self) -> bool:
        return self._constraint(0, BOOL, False)

    @property
    def minimum(self) -> int:
        return self._constraint(1, INT, 0)

    @property
    def maximum(self) -> int:
        return self._constraint(2, INT, 100)

    @property
    def wrap(self) -> bool:
        return self._constraint(3, BOOL, False)

    @staticmethod
    def constraints_text(numeric: bool, minimum: int, maximum: int, wrap: bool) -> str:
        return f"{BOOL.write(numeric)},{minimum},{maximum},{BOOL.write(wrap)}"


class CalculatedProperty(Trait):
    """``calcProp;name;expression;description`` (CalculatedProperty.java); no state."""

    ID: ClassVar[str] = "calcProp;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("name", STR, ""),
        Field("expression", STR, ""),
        Field("description", STR, ""),
    )


class BasicName(Trait):
    """``basicName;name`` (BasicName.java): overrides the BasicName property; no state."""

    ID: ClassVar[str] = "basicName;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (Field("name", STR, ""),)


class Labeler(Trait):
    """Text Label, ``label;…`` (Labeler.java); state = the label text (trimmed when read)."""

    ID: ClassVar[str] = "label;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("label_key", NKEY, None),
        Field("menu_command", STR, "Change label"),
        Field("font_size", INT, 10),
        Field("background", COLOR, None),
        Field("foreground", COLOR, (0, 0, 0)),
        Field("vertical_position", CHAR, "t"),
        Field("vertical_offset", INT, 0),
        Field("horizontal_position", CHAR, "c"),
        Field("horizontal_offset", INT, 0),
        Field("vertical_justification", CHAR, "b"),
        Field("horizontal_justification", CHAR, "c"),
        Field("name_format", STR, "$pieceName$ ($label$)"),
        Field("font_family", STR, "Dialog"),
        Field("font_style", INT, 0),
        Field("rotate_degrees", INT, 0),
        Field("property_name", STR, "TextLabel"),
        Field("description", STR, ""),
        Field("always_use_format", BOOL, False),
    )

    @property
    def label(self) -> str:
        return java_trim(self.state)

    def display_name(self, inner_name: str, properties: Mapping[str, str]) -> str:
        """The piece name through this label (``Labeler.getName``): unchanged while the label is
        empty, else ``name_format`` with $pieceName$, $label$ and the piece's own properties;
        other ``$…$`` references are left as written."""
        if not self.label and not self.get("always_use_format"):
            return inner_name
        values = dict(properties)
        values["pieceName"] = inner_name
        values["label"] = self.label
        return re.sub(
            r"\$([^$]+)\$",
            lambda m: values.get(m.group(1), m.group(0)),
            self.get("name_format"),
        )


# ---------------------------------------------------------------------------------------------
# Prototypes, comments, reports, menus.


class UsePrototype(Trait):
    """``prototype;name[;k=v,k=v]`` (UsePrototype.java); state empty."""

    ID: ClassVar[str] = "prototype;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("prototype_name", STR, ""),
        Field("parameters_text", STR, ""),
    )

    @property
    def parameters(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for item in decode(self.get("parameters_text") or None, ","):
            kv = decode(item, "=")
            if len(kv) >= 2:
                out[kv[0]] = kv[1]
        return out

    @classmethod
    def of(cls, name: str, parameters: Mapping[str, str] | None = None) -> UsePrototype:
        tokens = [name]
        if parameters:
            tokens.append(encode((encode([k, v], "=") for k, v in parameters.items()), ",") or "")
        return cls("prototype;" + (encode(tokens, ";") or ""), "")


class Comment(Trait):
    """``cmt;text`` (Comment.java); dropped when a piece enters a game."""

    ID: ClassVar[str] = "cmt;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (Field("comment", STR, ""),)


class ReportState(Trait):
    """Report Action, ``report;keys;format;cycleDownKeys;cycleFormats;description;noSuppress``;
    state = cycle index (``-1`` none)."""

    ID: ClassVar[str] = "report;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("keys", LKEYS, ()),
        Field("report_format", STR, "$location$: $newPieceName$ *"),
        Field("cycle_down_keys", LKEYS, ()),
        Field("cycle_report_formats", STRS, ()),
        Field("description", STR, ""),
        Field("no_suppress", BOOL, False),
    )
    STATE_FIELDS: ClassVar[tuple[Field, ...]] = (Field("cycle_index", INT, -1, write=-1),)


class Delete(Trait):
    """``delete;command;key;description`` (Delete.java); state empty."""

    ID: ClassVar[str] = "delete;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("command_name", STR, "", write="Delete"),
        Field("key", NKEY, _ctrl_named("D")),
        Field("description", STR, ""),
    )


class Clone(Trait):
    """``clone;command;key;description`` (Clone.java); state empty."""

    ID: ClassVar[str] = "clone;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("command_name", STR, "", write="Clone"),
        Field("key", NKEY, _ctrl_named("C")),
        Field("description", STR, ""),
    )


class SubMenu(Trait):
    """``submenu;menuName;subcommands;description`` (SubMenu.java); state empty."""

    ID: ClassVar[str] = "submenu;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("menu_name", STR, "", write="Sub-Menu"),
        Field("commands", STRS, ()),
        Field("description", STR, ""),
    )


class RestrictCommands(Trait):
    """``hideCmd;name;action;propertyMatch;watchKeys`` (RestrictCommands.java); state empty."""

    ID: ClassVar[str] = "hideCmd;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("name", STR, ""),
        Field("action", STR, "Hide"),
        Field("property_match", STR, ""),
        Field("watch_keys", LKEYS, ()),
    )


class TriggerAction(Trait):
    """``macro;…`` (TriggerAction.java); state empty."""

    ID: ClassVar[str] = "macro;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("name", STR, ""),
        Field("command", STR, "Trigger"),
        Field("key", NKEY, _ctrl_named("T")),
        Field("property_match", STR, ""),
        Field("watch_keys", LKEYS, ()),
        Field("action_keys", LKEYS, ()),
        Field("loop", BOOL, False),
        Field("pre_loop_key", NKEY, None),
        Field("post_loop_key", NKEY, None),
        Field("loop_type", STR, "counted"),
        Field("while_expression", STR, ""),
        Field("until_expression", STR, ""),
        Field("loop_count", STR, ""),
        Field("index", BOOL, False),
        Field("index_property", STR, ""),
        Field("index_start", STR, "1"),
        Field("index_step", STR, "1"),
    )


class CounterGlobalKeyCommand(Trait):
    """``globalkey;…`` (CounterGlobalKeyCommand.java); ``target`` and ``parameters`` kept as
    text; state empty."""

    ID: ClassVar[str] = "globalkey;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("command_name", STR, "Global Command"),
        Field("key", NKEY, _ctrl_named("G")),
        Field("global_key", NKEY, _ctrl_named("K")),
        Field("properties_filter", STR, ""),
        Field("restrict_range", BOOL, False),
        Field("range", INT, 1),
        Field("report_single", BOOL, True),
        Field("fixed_range", BOOL, True),
        Field("range_property", STR, ""),
        Field("description", STR, ""),
        Field("select_from_deck", STR, "-1"),
        Field("target", STR, ""),
        Field("suppress_sounds", BOOL, False),
        Field("parameters", STR, ""),
    )


class SetGlobalProperty(Trait):
    """``setprop;name;constraints;keyCommands;description;level;searchName``
    (SetGlobalProperty.java)."""

    ID: ClassVar[str] = "setprop;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("key", STR, "name"),
        Field("constraints", STR, "", write="false,0,100,false"),
        Field("key_commands", STR, ""),
        Field("description", STR, ""),
        Field("property_level", STR, "Current Zone/Current Map/Module"),
        Field("search_name", STR, ""),
    )


# ---------------------------------------------------------------------------------------------
# Movement, location and visibility.


class SendToLocation(Trait):
    """``sendto;…`` (SendToLocation.java); state ``backMap;backX;backY``."""

    ID: ClassVar[str] = "sendto;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("command_name", STR, ""),
        Field("key", NKEY, None),
        Field("map_name", STR, ""),
        Field("board_name", STR, ""),
        Field("x", STR, "0"),
        Field("y", STR, "0"),
        Field("back_command", STR, ""),
        Field("back_key", NKEY, None),
        Field("x_index", STR, "0"),
        Field("y_index", STR, "0"),
        Field("x_offset", STR, "1"),
        Field("y_offset", STR, "1"),
        Field("description", STR, ""),
        Field("destination", STR, "L"),
        Field("zone", STR, ""),
        Field("region", STR, ""),
        Field("property_filter", STR, ""),
        Field("grid_location", STR, ""),
    )
    STATE_DELIM: ClassVar[str | None] = ";"
    STATE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("back_map", STR, ""),
        Field("back_x", STR, ""),
        Field("back_y", STR, ""),
    )


class ReturnToDeck(Trait):
    """``return;command;key;deckId;prompt;description;version;deckSelect;deckExpression``."""

    ID: ClassVar[str] = "return;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("command", STR, ""),
        Field("key", NKEY, None),
        Field("deck_id", STR, ""),
        Field("select_prompt", STR, "Select destination"),
        Field("description", STR, ""),
        Field("version", INT, 0, write=2),
        Field("deck_select", BOOL, True),
        Field("deck_expression", STR, ""),
    )


class Immobilized(Trait):
    """Does Not Stack, ``immob;selectFlags;moveFlag;stackFlag;description`` (Immobilized.java)."""

    ID: ClassVar[str] = "immob;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("select_options", STR, ""),
        Field("move_options", STR, "", write="N"),
        Field("stack_options", STR, "R"),
        Field("description", STR, ""),
    )

    @property
    def can_stack(self) -> bool:
        return self.get("stack_options")[:1] == "L"

    @property
    def never_move(self) -> bool:
        return self.get("move_options")[:1] == "V" or "n" in self.get("select_options")


class MovementMarkable(Trait):
    """``markmoved;icon;x;y;command;key;description;ignoreSame;cmdTrue;keyTrue;cmdFalse;keyFalse``;
    state ``true`` / ``false``."""

    ID: ClassVar[str] = "markmoved;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("moved_icon", STR, ""),
        Field("x_offset", INT, 0),
        Field("y_offset", INT, 0),
        Field("command", STR, "Toggle whether piece marked as moved"),
        Field("key", NKEY, _ctrl_named("M")),
        Field("description", STR, ""),
        Field("ignore_same_location", BOOL, False),
        Field("command_true", STR, "Mark piece as moved"),
        Field("key_true", NKEY, None),
        Field("command_false", STR, "Mark piece as unmoved"),
        Field("key_false", NKEY, None),
    )

    @property
    def has_moved(self) -> bool:
        return self.state == "true"


class Footprint(Trait):
    """Movement trail, ``footprint;…`` (Footprint.java); state
    ``visible;startMap;n;x,y;…;everInitialized;lastSize``."""

    ID: ClassVar[str] = "footprint;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("trail_key", NKEY, _ctrl_named("T")),
        Field("menu_command", STR, "Movement Trail"),
        Field("initially_visible", BOOL, False),
        Field("globally_visible", BOOL, False),
        Field("circle_radius", INT, 10),
        Field("fill_color", COLOR, (255, 255, 255)),
        Field("line_color", COLOR, (0, 0, 0)),
        Field("selected_transparency", INT, 100),
        Field("unselected_transparency", INT, 50),
        Field("edge_point_buffer", INT, 20),
        Field("edge_display_buffer", INT, 30),
        Field("line_width", DOUBLE, 1.0),
        Field("trail_key_on", NKEY, None),
        Field("trail_key_off", NKEY, None),
        Field("trail_key_clear", NKEY, None),
        Field("description", STR, ""),
        Field("ignore_same_location", BOOL, False),
    )
    STATE_DELIM: ClassVar[str | None] = ";"

    @classmethod
    def make(cls, **values: Any) -> Self:
        """A fresh trail: hidden, no start map, no points, never initialised."""
        return super().make(**values).with_state("false;;0;false;0")

    @property
    def visible(self) -> bool:
        return BOOL.read(self.state_tokens[0], False)

    @property
    def points(self) -> tuple[tuple[int, int], ...]:
        tokens = self.state_tokens
        n = _read_int(tokens[2], 0) if len(tokens) > 2 else 0
        out = []
        for tok in tokens[3 : 3 + max(0, n)]:
            if tok:
                xy = decode(tok, ",")
                out.append((_read_int(xy[0], 0), _read_int(xy[1], 0) if len(xy) > 1 else 0))
        return tuple(out)


class FreeRotator(Trait):
    """Can Rotate, ``rotate;n;…`` (FreeRotator.java). With n == 1 (free rotation) the state is
    degrees; otherwise it is a facing index i, angle ``-i*360/n``."""

    ID: ClassVar[str] = "rotate;"
    _TAIL: ClassVar[tuple[Field, ...]] = (
        Field("random_key", NKEY, None),
        Field("random_text", STR, ""),
        Field("name", STR, ""),
        Field("description", STR, ""),
        Field("direct_key", NKEY, None),
        Field("direct_text", STR, ""),
        Field("direct_expression", STR, ""),
        Field("direct_type_facing", BOOL, True),
    )
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("angles", INT, 6),
        Field("cw_key", NKEY, None),
        Field("ccw_key", NKEY, None),
        Field("cw_text", STR, ""),
        Field("ccw_text", STR, ""),
    ) + _TAIL
    ALT_TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("angles", INT, 1),
        Field("set_angle_key", NKEY, None),
        Field("set_angle_text", STR, ""),
    ) + _TAIL

    def _check(self) -> None:
        try:
            if require_int(self.type_tokens[0]) < 1:
                raise ValueError
        except ValueError:
            raise FormatError("rotate; needs a positive number of facings") from None

    def type_layout(self) -> tuple[Field, ...]:
        return self.ALT_TYPE_FIELDS if require_int(self.type_tokens[0]) == 1 else self.TYPE_FIELDS

    @classmethod
    def _layout_for(cls, values: Mapping[str, Any]) -> tuple[Field, ...]:
        return cls.ALT_TYPE_FIELDS if values.get("angles", 6) == 1 else cls.TYPE_FIELDS

    @property
    def is_free(self) -> bool:
        return self.get("angles") == 1

    @property
    def angle(self) -> float:
        """Current angle in degrees, as the engine computes it (0 when unreadable)."""
        n = self.get("angles")
        if n == 1:
            return _read_double(self.state, 0.0)
        i = _read_int(self.state, 0)
        i = min(i, n - 1)
        return -i * (360.0 / n)


class Obscurable(Trait):
    """Mask, ``obs;key;image;command;style;maskName;access;peekCommand;description;autoPeek;
    dealKey;dealExpression``; state ``obscuredBy;options`` (``null`` = not masked)."""

    ID: ClassVar[str] = "obs;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("key", NKEY, None),
        Field("image_name", STR, ""),
        Field("hide_command", STR, "Mask"),
        Field("display_style", STR, "I"),
        Field("mask_name", STR, "?"),
        Field("access", STR, ""),
        Field("peek_command", STR, "Peek"),
        Field("description", STR, ""),
        Field("auto_peek", BOOL, True, write=True),
        Field("deal_key", NKEY, None),
        Field("deal_expression", STR, ""),
    )
    STATE_DELIM: ClassVar[str | None] = ";"
    STATE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("obscured_by_token", STR, "null", write="null"),
        Field("options", STR, ""),
    )

    @property
    def obscured_by(self) -> str | None:
        token = self.get("obscured_by_token")
        return None if token == "null" else token

    @property
    def auto_peek(self) -> bool:
        if len(self.type_tokens) > 8:
            return BOOL.read(self.type_tokens[8], False)
        return len(self.type_tokens) <= 3  # legacy pieces (with a style token) default to off

    @property
    def style(self) -> str:
        return (self.get("display_style") or "I")[0]

    @property
    def peek_key(self) -> NamedKeyStroke | None:
        s = self.get("display_style")
        if not s.startswith("P") or len(s) < 2:
            return None
        return _ctrl_named(s[1]) if len(s) == 2 else parse_named_key(s[1:])

    @property
    def others_image(self) -> str | None:
        s = self.get("display_style")
        return s[1:] if s.startswith("G") and len(s) > 1 else None


class Hideable(Trait):
    """Invisible, ``hide;key;command;bgColor;access;transparency;description;noAutoReport``;
    state = id of the player who hid it, or ``null``."""

    ID: ClassVar[str] = "hide;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("key", NKEY, _ctrl_named("I")),
        Field("command", STR, "Invisible"),
        Field("background", COLOR, None),
        Field("access", STR, ""),
        Field("transparency", DOUBLE, 0.3),
        Field("description", STR, ""),
        Field("disable_auto_report_move", BOOL, False),
    )

    @property
    def hidden_by(self) -> str | None:
        return None if self.state == "null" else self.state


class Restricted(Trait):
    """Restricted Access, ``restrict;sides;byPlayer;restrictMovement;description``;
    state = owning player id."""

    ID: ClassVar[str] = "restrict;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("sides", STRS, ()),
        Field("restrict_by_player", BOOL, False),
        Field("restrict_movement", BOOL, True),
        Field("description", STR, ""),
    )

    @property
    def owner(self) -> str:
        return self.state


class NonRectangular(Trait):
    """Non-rectangular shape, ``nonRect2;scale;shape…`` (the shape text is everything after the
    scale, kept verbatim); ``nonRect;`` is the older form whose whole body is the shape."""

    ID: ClassVar[str] = "nonRect2;"
    TYPE_DELIM: ClassVar[str | None] = None

    @property
    def scale(self) -> float:
        d = Decoder(self.body, ";")
        return d.next_double(1.0)

    @property
    def shape_spec(self) -> str:
        i = self.body.find(";")
        return "" if i < 0 else self.body[i + 1 :]


class OldNonRectangular(Trait):
    """The pre-3.2 non-rectangular shape trait: kept as read, never drawn."""

    ID: ClassVar[str] = "nonRect;"
    TYPE_DELIM: ClassVar[str | None] = None

    @property
    def shape_spec(self) -> str:
        return self.body


class PlaceMarker(Trait):
    """Place Marker, ``placemark;command;key;markerSpec;markerText;x;y;matchRotation;
    afterBurnerKey;description;gpid;placement;above;copyDPs;parameters;version``.
    ``marker_spec`` embeds a whole ``+/null/type/state`` piece definition."""

    ID: ClassVar[str] = "placemark;"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("command", STR, ""),
        Field("key", NKEY, None),
        Field("marker_spec", STR, "null"),
        Field("marker_text", STR, "null"),
        Field("x_offset", STR, "0"),
        Field("y_offset", STR, "0"),
        Field("match_rotation", BOOL, False),
        Field("after_burner_key", NKEY, None),
        Field("description", STR, ""),
        Field("gpid", STR, ""),
        Field("placement", INT, 0),
        Field("above", BOOL, False),
        Field("copy_dps_by_name", BOOL, False),
        Field("parameters", STR, ""),
        Field("version", INT, 0, write=1),
    )


class Replace(PlaceMarker):
    """Replace with Other, ``replace;`` + the PlaceMarker fields (Replace.java)."""

    ID: ClassVar[str] = "replace;"


# ---------------------------------------------------------------------------------------------
# Registry.

CODECS: dict[str, type[Trait]] = {
    cls.ID: cls
    for cls in (
        Embellishment,
        OldEmbellishment,
        Marker,
        UsePrototype,
        ReportState,
        Delete,
        Clone,
        SendToLocation,
        RestrictCommands,
        Restricted,
        Labeler,
        DynamicProperty,
        CalculatedProperty,
        Obscurable,
        Hideable,
        FreeRotator,
        Immobilized,
        TriggerAction,
        SubMenu,
        MovementMarkable,
        CounterGlobalKeyCommand,
        SetGlobalProperty,
        Footprint,
        NonRectangular,
        OldNonRectangular,
        PlaceMarker,
        Replace,
        ReturnToDeck,
        Comment,
        BasicName,
    )
}

BASE_CODECS: dict[str, type[Trait]] = {"piece;": BasicPiece, "stack": StackBase}


def trait_from_level(type_str: str, state_str: str) -> Trait:
    """The codec for one trait level, chosen by prefix; :class:`UnknownTrait` when none fits
    exactly (unknown prefix, or text the codec could not re-encode byte for byte)."""
    cls = CODECS.get(type_prefix(type_str))
    if cls is not None:
        try:
            return cls(type_str, state_str)
        except FormatError:
            pass
    return UnknownTrait(type_str, state_str)


def base_from_level(type_str: str, state_str: str) -> Trait:
    """The codec for the innermost level: BasicPiece, Stack, else (Deck, unknown) verbatim."""
    cls = BASE_CODECS.get(type_prefix(type_str))
    if cls is not None:
        try:
            return cls(type_str, state_str)
        except FormatError:
            pass
    return UnknownTrait(type_str, state_str)
