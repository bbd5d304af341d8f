"""VASSAL game pieces: decorator nesting, byte-exact parsing and writing, and editing.

A piece is a chain of traits around a base (``counters/Decorator.java``): strings list the
outermost trait first and the BasicPiece (or ``stack`` / ``deck;``) last, each level joined to
the rest with a TAB-SequenceEncoder, so level k is separated from level k+1 by a TAB preceded
by k backslashes. The engine reads the two strings asymmetrically, and so do we:

* type: every level, the last one included, is the first token of a TAB-decode
  (``BasicCommandEncoder.createPiece``); further tokens at one level are ignored;
* state: each trait takes the first token and hands the second, as is, to the next level; the
  base piece gets the remaining text without decoding (``Decorator.setState``). A state with
  fewer levels than the type is an error (the engine throws); a state with more levels than
  the type leaves the surplus inside the base piece's state string, exactly as the engine
  does (it then misreads the base's last field), and :func:`piece_state` gives it back intact.

Writing is byte-exact: for any strings that :func:`parse_piece` accepts (with ``exact=True``,
the default), :func:`piece_type` and :func:`piece_state` give back the same bytes. Strings the
engine would read but never writes itself (a level quoted in the pre-3.4 style, spare tokens at
one level) raise :class:`FormatError` with ``exact=True``; with ``exact=False`` they are read
like the engine reads them and written back in the canonical form (except a pre-3.4 level
ending in a backslash, which cannot be written back: ``join_type`` / ``join_state``
raise ValueError, as they do for any level VASSAL would misread).

Reading and writing take time linear in the strings at any nesting depth (a real piece has a
hundred levels or more): the levels are split and joined by `vassal.nesting`. Every piece of
a saved game carries its own copy of the prototypes it uses, so most levels of a big save are
repeats: equal levels read by :func:`parse_piece` share
one (immutable) trait object, and `vassal.piece_view.view` reads each such object once.

Sections cited as "formats N" are those of docs/vassal-formats.md.

Public API::

    Piece(traits, basic)                       frozen; traits outermost first, basic = base level
        .levels                                traits + (basic,)
    parse_piece(type_str, state_str, *, exact=True) -> Piece
    piece_type(piece) -> str                   the type string (prototypes not expanded)
    piece_state(piece) -> str
    parse_add_piece(text) -> tuple[str | None, str, str]   ``+/id/type/state`` -> (id, type, state)
    format_add_piece(piece_id, piece) -> str               (PieceSlot text: piece_id None)

    with_position(piece, map_id, x, y) -> Piece          BasicPiece map/x/y (map None = off-map)
    with_gpid(piece, gpid) -> Piece
    with_property(piece, key, value) -> Piece            BasicPiece persistent property
    with_layer(piece, layer_name, level=None, active=None) -> Piece   Layer (emb2) state
    with_trait_state(piece, index, state) -> Piece       raw state of traits[index]
    with_marker(piece, key, value) -> Piece              Marker (mark;) value
    with_dynamic_property(piece, key, value) -> Piece    DynamicProperty (PROP;) value
    with_label(piece, text, index=0) -> Piece            Text Label (label;) text
    expand_prototypes(piece, prototypes) -> Piece        what VASSAL puts in a save (formats 3.6)

What a rules reader needs from a piece (formats 3.8) is `vassal.piece_view`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache

from records import frozen
from vassal.errors import FormatError
from vassal.nesting import join_state, join_type, split_state, split_type
from vassal.sequence import Decoder, encode
from vassal.trait_codec import Trait
from vassal.traits import (
    BasicPiece,
    Comment,
    DynamicProperty,
    Labeler,
    LayerTrait,
    Marker,
    UsePrototype,
    base_from_level,
    trait_from_level,
)

__all__ = [
    "Piece",
    "parse_piece",
    "piece_type",
    "piece_state",
    "parse_add_piece",
    "format_add_piece",
    "with_position",
    "with_gpid",
    "with_property",
    "with_layer",
    "with_trait_state",
    "with_marker",
    "with_dynamic_property",
    "with_label",
    "expand_prototypes",
]

# ---------------------------------------------------------------------------------------------
# The piece.


@frozen
class Piece:
    """A piece definition and state: its traits, outermost first, around its base level.

    ``basic`` is a :class:`~vassal.traits.BasicPiece` for ordinary pieces; Stack, Deck and
    unrecognised bases are kept as :class:`~vassal.traits.UnknownTrait`.
    """

    traits: tuple[Trait, ...]
    basic: Trait

    def __post_init__(self) -> None:
        object.__setattr__(self, "traits", tuple(self.traits))

    @property
    def levels(self) -> tuple[Trait, ...]:
        return self.traits + (self.basic,)


@lru_cache(maxsize=1 << 13)
def _shared_trait(type_str: str, state_str: str) -> Trait:
    """The trait of one level, one object for equal levels: every piece of a saved game carries
    its own copy of the prototypes it uses (``PieceCloner``), so most levels of a big save are
    repeats, and a trait is immutable (it also keeps the fields it has read)."""
    return trait_from_level(type_str, state_str)


def parse_piece(type_str: str, state_str: str, *, exact: bool = True) -> Piece:
    """Read a piece from its type and state strings (as in ``+/id/type/state``)."""
    if not isinstance(type_str, str) or not isinstance(state_str, str):
        raise FormatError("piece type and state must be text")
    types = split_type(type_str)
    if types == [""]:
        raise FormatError("empty piece type")
    states = split_state(state_str, len(types))
    traits = tuple(map(_shared_trait, types[:-1], states[:-1]))  # a loop in C: a hundred levels a piece
    piece = Piece(traits, base_from_level(types[-1], states[-1]))
    if exact:
        try:
            written = piece_type(piece), piece_state(piece)
        except ValueError as exc:  # pre-3.4 quoting of a level that ends in a backslash
            raise FormatError(f"the piece cannot be written back: {exc}") from None
        if written[0] != type_str:
            raise FormatError(
                "the piece type is not in the canonical form VASSAL writes "
                "(quoted or spare level tokens); read it with exact=False"
            )
        if written[1] != state_str:
            raise FormatError(
                "the piece state is not in the canonical form VASSAL writes "
                "(quoted or spare level tokens); read it with exact=False"
            )
    return piece


def piece_type(piece: Piece) -> str:
    return join_type([t.type for t in piece.levels])


def piece_state(piece: Piece) -> str:
    return join_state([t.state for t in piece.levels])


def parse_add_piece(text: str) -> tuple[str | None, str, str]:
    """Split an AddPiece command / PieceSlot text ``+/id/type/state`` (id ``null`` = none)."""
    if not text.startswith("+/"):
        raise FormatError("an AddPiece command starts with '+/'")
    d = Decoder(text, "/", 2)
    try:
        piece_id = d.next_token()
        type_str = d.next_token()
        state_str = d.next_token()
    except IndexError:
        raise FormatError("an AddPiece command has an id, a type and a state") from None
    return (None if piece_id == "null" else piece_id), type_str, state_str


def format_add_piece(piece_id: str | None, piece: Piece) -> str:
    """``+/id/type/state`` as ``BasicCommandEncoder`` writes it (PieceSlot text: id None)."""
    return "+/" + (encode([piece_id or "null", piece_type(piece), piece_state(piece)], "/") or "")


# ---------------------------------------------------------------------------------------------
# Editing helpers for writers.


def _basic(piece: Piece) -> BasicPiece:
    if not isinstance(piece.basic, BasicPiece):
        raise ValueError("this piece has no BasicPiece (it is a stack, a deck or unknown)")
    return piece.basic


def with_position(piece: Piece, map_id: str | None, x: int, y: int) -> Piece:
    """Put the piece on a map (``None`` = on no map) at map coordinates x, y."""
    basic = _basic(piece).with_fields(map_id=map_id or "null", x=int(x), y=int(y))
    return replace(piece, basic=basic)


def with_gpid(piece: Piece, gpid: str) -> Piece:
    return replace(piece, basic=_basic(piece).with_fields(gpid=str(gpid)))


def with_property(piece: Piece, key: str, value: str) -> Piece:
    """Set (or add) a BasicPiece persistent property such as ``UniqueID``."""
    return replace(piece, basic=_basic(piece).with_property(key, value))


def with_trait_state(piece: Piece, index: int, state: str) -> Piece:
    """Replace the raw state of ``piece.traits[index]``."""
    traits = list(piece.traits)
    traits[index] = traits[index].with_state(state)
    return replace(piece, traits=tuple(traits))


def _edit_first(piece: Piece, match: Callable[[Trait], bool], edit: Callable[[Trait], Trait], what: str) -> Piece:
    traits = list(piece.traits)
    for i, t in enumerate(traits):
        if match(t):
            traits[i] = edit(t)
            return replace(piece, traits=tuple(traits))
    raise KeyError(f"the piece has no {what}")


def with_layer(piece: Piece, layer_name: str, level: int | None = None, active: bool | None = None) -> Piece:
    """Set the 1-based level and/or the active flag of the outermost Layer named ``layer_name``."""

    def edit(t: Trait) -> Trait:
        assert isinstance(t, LayerTrait)
        return t.with_level(level, active)

    return _edit_first(
        piece,
        lambda t: isinstance(t, LayerTrait) and t.layer_name == layer_name,
        edit,
        f"layer {layer_name!r}",
    )


def with_marker(piece: Piece, key: str, value: str) -> Piece:
    return _edit_first(
        piece,
        lambda t: isinstance(t, Marker) and key in t.names,
        lambda t: t.with_value(key, value),
        f"marker property {key!r}",
    )


def with_dynamic_property(piece: Piece, key: str, value: str) -> Piece:
    return _edit_first(
        piece,
        lambda t: isinstance(t, DynamicProperty) and t.key == key,
        lambda t: t.with_state(value),
        f"dynamic property {key!r}",
    )


def with_label(piece: Piece, text: str, index: int = 0) -> Piece:
    labels = [i for i, t in enumerate(piece.traits) if isinstance(t, Labeler)]
    if index >= len(labels):
        raise KeyError(f"the piece has no text label number {index}")
    return with_trait_state(piece, labels[index], text)


def expand_prototypes(piece: Piece, prototypes: Mapping[str, Piece], *, _depth: int = 0) -> Piece:
    """Replace each ``prototype;Name`` level by the prototype's traits and drop Comments.

    This is what VASSAL does when a piece enters a game (``PieceCloner.clonePiece``), so pieces
    written into a saved game must be expanded. Prototypes may use prototypes; an unknown
    prototype name is dropped (the engine then has nothing to add). Prototype parameters
    (``prototype;Name;k=v``) are substituted as ``$k$`` in the prototype's type strings.
    """
    if _depth > 50:
        raise FormatError("prototypes nest more than 50 deep (a prototype uses itself?)")
    out: list[Trait] = []
    for t in piece.traits:
        if isinstance(t, Comment):
            continue
        if isinstance(t, UsePrototype):
            proto = prototypes.get(t.prototype_name)
            if proto is None:
                continue
            params = t.parameters
            if params:
                proto = _substitute(proto, params)
            inner = expand_prototypes(proto, prototypes, _depth=_depth + 1)
            out.extend(inner.traits)
            continue
        out.append(t)
    return replace(piece, traits=tuple(out))


def _substitute(proto: Piece, params: Mapping[str, str]) -> Piece:
    """``PrototypeDefinition.getPiece(props)``: the whole ``+/null/type/state`` text goes
    through VASSAL's FormattedString with the parameters as the only property source, so
    ``$k$`` becomes the parameter's value and any other ``$name$`` loses its dollar signs
    (an engine quirk we reproduce rather than fix)."""
    text = _format_string(format_add_piece(None, proto), params)
    _, type_str, state_str = parse_add_piece(text)
    return parse_piece(type_str, state_str, exact=False)


def _format_string(text: str, values: Mapping[str, str]) -> str:
    """``FormattedStringExpression.evaluate`` with a property source that knows ``values``."""
    out: list[str] = []
    d = Decoder(text, "$")
    is_property = True
    while d.has_more():
        token = d.next_token()
        is_property = not is_property
        if not token:
            continue
        if not is_property or not d.has_more():
            out.append(token)
        else:
            out.append(values.get(token, token))
    return "".join(out)
