"""What every trait codec of `vassal.traits` is built from: typed fields over byte-exact strings.

A trait level is a pair of strings, its *type* and its *state*. :class:`Trait` keeps both
exactly as read and decodes declared fields from them on demand (each `Field` has a `Kind`: how
one token reads, with the engine's defaults, and how a value is written back); writers build a
fresh trait with :meth:`Trait.make` or change a few tokens with :meth:`Trait.with_fields`,
refusing values VASSAL could not read back as written. `vassal.traits` declares one subclass
per engine trait.

Public API::

    Trait(type, state="")            base; .prefix, .type_tokens, .state_tokens, .fields(),
                                     .state_fields(), .get(name), .with_fields(**v),
                                     .with_state(s), .with_state_fields(**v), Cls.make(**v)
    UnknownTrait(type, state)        any trait kept verbatim
    type_prefix(type) -> str         text up to and including the first ';' (or the whole text)
    Field(name, kind, default)       one typed field; kinds STR INT DOUBLE BOOL CHAR STRS KEY
                                     NKEY NKEYS LKEYS COLOR (module constants)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Self

from records import frozen
from vassal.errors import FormatError
from vassal.javanum import format_double, parse_double, parse_int, require_int
from vassal.keys import (
    NamedKeyStroke,
    format_keystroke,
    format_named_key,
    format_named_key_list,
    parse_keystroke,
    parse_named_key,
    parse_named_key_list,
)
from vassal.sequence import decode, encode

# ---------------------------------------------------------------------------------------------
# Field kinds: how one token reads (with the engine's default rules) and how a value is written.


@frozen
class Kind:
    """How one field token reads and writes."""

    name: str
    read: Callable[[str, Any], Any]
    write: Callable[[Any], str]


def _read_int(tok: str, default: Any) -> Any:
    value = parse_int(tok)
    return default if value is None else value


def _read_double(tok: str, default: Any) -> Any:
    value = parse_double(tok)
    return default if value is None else value


def _read_strs(tok: str, default: Any) -> tuple[str, ...]:
    return tuple(decode(tok, ",")) if tok else ()


def _write_strs(values: Iterable[str | None]) -> str:
    return encode((v or "" for v in values), ",") or ""


def _read_color(tok: str, default: Any) -> tuple[int, ...] | None:
    if not tok:
        return None
    parts = tok.split(",")
    try:
        return tuple(require_int(p.strip()) for p in parts)
    except ValueError:
        return default


def _write_color(value: tuple[int, ...] | None) -> str:
    return "" if value is None else ",".join(str(v) for v in value)


STR = Kind("str", lambda tok, d: tok, lambda v: "" if v is None else str(v))
INT = Kind("int", _read_int, lambda v: str(int(v)))
DOUBLE = Kind("double", _read_double, lambda v: format_double(float(v)))
BOOL = Kind("bool", lambda tok, d: tok == "true", lambda v: "true" if v else "false")
CHAR = Kind("char", lambda tok, d: tok[0] if tok else d, lambda v: v or "")
STRS = Kind("strs", _read_strs, _write_strs)
KEY = Kind("key", lambda tok, d: parse_keystroke(tok), format_keystroke)
NKEY = Kind("nkey", lambda tok, d: parse_named_key(tok), format_named_key)
NKEYS = Kind("nkeys", lambda tok, d: parse_named_key_list(tok), format_named_key_list)
COLOR = Kind("color", _read_color, _write_color)


@frozen
class Field:
    """One field of a trait's type or state: its name, kind and the engine's default.

    ``default`` is what the engine uses when the token is missing (old strings); ``write`` is
    what :meth:`Trait.make` writes when the caller gives no value (VASSAL 3.7's fresh trait),
    which is the default unless stated.
    """

    name: str
    kind: Kind
    default: Any = ""
    write: Any = None

    def written_default(self) -> Any:
        return self.default if self.write is None else self.write


def _normalized(kind: Kind, value: Any) -> Any:
    """A written value in the form its kind reads back, for the faithfulness check."""
    if kind in (STRS, NKEYS, LKEYS, COLOR) and value is not None:
        return tuple(value)
    if kind is INT:
        return int(value)
    if kind is DOUBLE:
        return float(value)
    if kind is BOOL:
        return bool(value)
    if kind in (NKEY,) and isinstance(value, NamedKeyStroke) and value.name == "":
        return replace(value, name=None)
    return value


def _write_checked(f: Field, value: Any) -> str:
    """Write one field, refusing values VASSAL could not read back as written (a list item or
    key name with the wrong separator, a value ending in a backslash inside a list…)."""
    text = f.kind.write(value)
    back = f.kind.read(text, f.default)
    want = _normalized(f.kind, value)
    if f.kind is DOUBLE and math.isnan(want) and math.isnan(back):
        return text
    if f.kind is STRS:
        want = tuple(v or "" for v in want)
        if want == ("",):  # one empty item and no items are the same text, as in the engine
            want = ()
    if back != want:
        raise ValueError(f"field {f.name!r}: {value!r} would read back as {back!r}")
    return text


def _encode_checked(tokens: list[str], delim: str) -> str:
    if not tokens:
        return ""
    text = encode(tokens, delim) or ""
    if decode(text, delim) != tokens:
        raise ValueError("a field ends with a backslash and is followed by another: VASSAL would misread it")
    return text


def _field_accessor(name: str) -> property:
    """The attribute that reads one declared field (``Trait.get``)."""

    def read(self: Trait) -> Any:
        return self.get(name)

    return property(read)


class _ReadOnce:
    """A property computed on first use and then kept in the instance (what
    ``functools.cached_property`` does, without the lock Python 3.11 takes on every first read:
    a big save reads a hundred thousand traits)."""

    def __init__(self, func: Callable[[Any], Any]):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


_MISSING = object()
_FIELD_INDEXES: dict[tuple[int, int], tuple[Any, Any, dict[str, tuple[bool, int, Field]]]] = {}


def _field_index(type_fields: tuple[Field, ...], state_fields: tuple[Field, ...]) -> dict[str, tuple[bool, int, Field]]:
    """Where each field of a layout is (in the state?, index, field), built once per layout so
    that reading a field is one look-up; the first field of a name wins, type before state."""
    key = (id(type_fields), id(state_fields))
    entry = _FIELD_INDEXES.get(key)
    if entry is None or entry[0] is not type_fields or entry[1] is not state_fields:
        index: dict[str, tuple[bool, int, Field]] = {}
        for i, f in enumerate(type_fields):
            index.setdefault(f.name, (False, i, f))
        for i, f in enumerate(state_fields):
            index.setdefault(f.name, (True, i, f))
        entry = (type_fields, state_fields, index)  # holding the tuples keeps their ids unique
        _FIELD_INDEXES[key] = entry
    return entry[2]


# ---------------------------------------------------------------------------------------------
# The base class.


def type_prefix(type_str: str) -> str:
    """``BasicCommandEncoder.typePrefix``: text up to and including the first ';'."""
    i = type_str.find(";")
    return type_str if i < 0 else type_str[: i + 1]


def _canonical(value: str, delim: str | None) -> bool:
    """Whether ``value`` is exactly what the encoder writes for its own tokens."""
    if delim is None or ("\\" not in value and "'" not in value):
        return True  # nothing escaped and nothing quoted: decoding is a plain split
    return encode(decode(value, delim), delim) == value


@frozen
class Trait:
    """One decorator level: its exact type and state strings, with typed fields on top.

    Subclasses declare ``ID`` (the prefix), ``TYPE_DELIM`` / ``TYPE_FIELDS`` for the text after
    the prefix and ``STATE_DELIM`` / ``STATE_FIELDS`` for the state (delimiter ``None`` = the
    whole text is one field). Each declared field is also readable as an attribute.

    Subclasses add no dataclass fields, so they are not decorated again: this class's frozen
    dataclass methods (init, repr, eq by class, hash, no assignment to ``type`` / ``state``)
    serve them all, and reading a save does not pay ~0.5 ms per trait class to generate the
    same methods 33 more times (tests/test_traits.py pins that they behave alike).
    """

    type: str
    state: str = ""

    ID: ClassVar[str] = ""
    TYPE_DELIM: ClassVar[str | None] = ";"
    TYPE_FIELDS: ClassVar[tuple[Field, ...]] = ()
    STATE_DELIM: ClassVar[str | None] = None
    STATE_FIELDS: ClassVar[tuple[Field, ...]] = ()

    ALT_TYPE_FIELDS: ClassVar[tuple[Field, ...]] = ()  # another layout (FreeRotator)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for group in ("TYPE_FIELDS", "ALT_TYPE_FIELDS", "STATE_FIELDS"):
            for f in cls.__dict__.get(group, ()):
                if f.name not in cls.__dict__:  # a hand-written accessor wins
                    setattr(cls, f.name, _field_accessor(f.name))

    if TYPE_CHECKING:
        # every declared field is an attribute, made by __init_subclass__: tell the checker

        def __getattr__(self, name: str) -> Any: ...

    def __post_init__(self) -> None:
        if not isinstance(self.type, str) or not isinstance(self.state, str):
            raise FormatError("trait type and state must be strings")
        if self.ID and type_prefix(self.type) != self.ID:
            raise FormatError(f"type {self.type[:40]!r} is not a {self.ID!r} trait")
        self._check()

    def _check(self) -> None:
        """Extra checks a codec needs before it can read the strings at all."""

    @property
    def canonical(self) -> bool:
        """Whether both strings are exactly what VASSAL's encoder writes for their tokens, so
        that :meth:`with_fields` changes nothing but the fields it is given."""
        return _canonical(self.body, self.TYPE_DELIM) and _canonical(self.state, self.STATE_DELIM)

    # -- raw access -------------------------------------------------------------------------

    @property
    def prefix(self) -> str:
        return type_prefix(self.type)

    @property
    def body(self) -> str:
        """The type text after the prefix."""
        return self.type[len(self.ID) :] if self.ID else self.type

    @_ReadOnce
    def type_tokens(self) -> tuple[str, ...]:
        if self.TYPE_DELIM is None:
            return (self.body,)
        return tuple(decode(self.body, self.TYPE_DELIM))

    @_ReadOnce
    def state_tokens(self) -> tuple[str, ...]:
        if self.STATE_DELIM is None:
            return (self.state,)
        return tuple(decode(self.state, self.STATE_DELIM))

    # -- typed access -----------------------------------------------------------------------

    def type_layout(self) -> tuple[Field, ...]:
        """The type fields of this trait (most codecs have one layout)."""
        return self.TYPE_FIELDS

    @classmethod
    def _layout_for(cls, values: Mapping[str, Any]) -> tuple[Field, ...]:
        return cls.TYPE_FIELDS

    @staticmethod
    def _find_in(
        name: str, type_fields: tuple[Field, ...], state_fields: tuple[Field, ...], owner: str
    ) -> tuple[bool, int, Field]:
        found = _field_index(type_fields, state_fields).get(name)
        if found is None:
            raise KeyError(f"{owner} has no field {name!r}")
        return found

    def _find(self, name: str) -> tuple[bool, int, Field]:
        return self._find_in(name, self.type_layout(), self.STATE_FIELDS, type(self).__name__)

    def get(self, name: str) -> Any:
        """The typed value of one field, with the engine's default when the token is missing.

        Values are read once per trait and kept (the strings never change and every kind reads
        to an immutable value), since readers such as the piece view ask for the same fields
        many times.
        """
        known = self.__dict__.get("_read_values")
        if known is None:
            known = self.__dict__["_read_values"] = {}
        else:
            value = known.get(name, _MISSING)
            if value is not _MISSING:
                return value
        found = _field_index(self.type_layout(), self.STATE_FIELDS).get(name)  # _find, inline
        if found is None:
            raise KeyError(f"{type(self).__name__} has no field {name!r}")
        in_state, i, f = found
        tokens = self.state_tokens if in_state else self.type_tokens
        value = f.default if i >= len(tokens) else f.kind.read(tokens[i], f.default)
        known[name] = value
        return value

    def fields(self) -> dict[str, Any]:
        """All typed type fields, in VASSAL's order."""
        return {f.name: self.get(f.name) for f in self.type_layout()}

    def state_fields(self) -> dict[str, Any]:
        return {f.name: self.get(f.name) for f in self.STATE_FIELDS}

    @property
    def extra_type_tokens(self) -> tuple[str, ...]:
        """Trailing type tokens this codec does not know (written by a newer VASSAL)."""
        layout = self.type_layout()
        return self.type_tokens[len(layout) :] if layout else ()

    # -- writing ----------------------------------------------------------------------------

    @classmethod
    def _encode_type(cls, tokens: list[str]) -> str:
        if cls.TYPE_DELIM is None:
            return cls.ID + tokens[0]
        return cls.ID + _encode_checked(tokens, cls.TYPE_DELIM)

    @classmethod
    def _encode_state(cls, tokens: list[str]) -> str:
        if cls.STATE_DELIM is None:
            return tokens[0] if tokens else ""
        return _encode_checked(tokens, cls.STATE_DELIM)

    @staticmethod
    def _set_tokens(tokens: list[str], fields: tuple[Field, ...], values: Mapping[str, Any]) -> list[str]:
        out = list(tokens)
        positions = {f.name: i for i, f in enumerate(fields)}
        for name, value in values.items():
            i = positions[name]
            while len(out) < i:  # a field the text lacked: write what the engine assumed
                out.append(fields[len(out)].kind.write(fields[len(out)].default))
            text = _write_checked(fields[i], value)
            if i == len(out):
                out.append(text)
            else:
                out[i] = text
        return out

    def _split_values(self, values: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        t: dict[str, Any] = {}
        s: dict[str, Any] = {}
        for name, value in values.items():
            in_state, _, _ = self._find(name)
            (s if in_state else t)[name] = value
        return t, s

    def with_fields(self, **values: Any) -> Self:
        """A copy with some type or state fields changed; every other token is kept as is."""
        tvals, svals = self._split_values(values)
        new_type, new_state = self.type, self.state
        if tvals:
            base = list(self.type_tokens)
            new_type = self._encode_type(self._set_tokens(base, self.type_layout(), tvals))
        if svals:
            base = list(self.state_tokens)
            new_state = self._encode_state(self._set_tokens(base, self.STATE_FIELDS, svals))
        return replace(self, type=new_type, state=new_state)

    def with_state_fields(self, **values: Any) -> Self:
        return self.with_fields(**values)

    def with_state(self, state: str) -> Self:
        return replace(self, state=state)

    @classmethod
    def make(cls, **values: Any) -> Self:
        """A fresh trait with every field written the way VASSAL 3.7 writes it."""
        layout = cls._layout_for(values)
        for name in values:
            cls._find_in(name, layout, cls.STATE_FIELDS, cls.__name__)
        ttok = [_write_checked(f, values[f.name] if f.name in values else f.written_default()) for f in layout]
        stok = [
            _write_checked(f, values[f.name] if f.name in values else f.written_default()) for f in cls.STATE_FIELDS
        ]
        if cls.TYPE_DELIM is None and not ttok:
            ttok = [""]
        return cls(cls._encode_type(ttok), cls._encode_state(stok))


class UnknownTrait(Trait):
    """A level kept verbatim: a trait we have no codec for (VASSAL itself turns unknown
    prefixes into an empty Marker), a Deck, or text a codec cannot read at all."""

    TYPE_DELIM: ClassVar[str | None] = None


# ---------------------------------------------------------------------------------------------
# A kind of old modules' key lists.


def _read_legacy_keys(tok: str, default: Any) -> tuple[NamedKeyStroke, ...]:
    """Key lists that old modules wrote as a run of characters, each meaning Ctrl+char
    (ReportState, TriggerAction, RestrictCommands: a comma after the first char = new form)."""
    if tok.find(",") > 0:
        return parse_named_key_list(tok)
    return tuple(NamedKeyStroke(ord(c), 130) for c in tok)


LKEYS = Kind("legacy-keys", _read_legacy_keys, format_named_key_list)
