"""VASSAL game pieces: decorator nesting, byte-exact parsing and writing, and a reader's view.

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
one (immutable) trait object, and :func:`view` reads each such object once.

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

    view(piece) -> PieceView                   what a rules reader needs (formats 3.8)
    PieceView, LayerView                       frozen dataclasses, see their docstrings
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any, cast

from records import frozen
from vassal.errors import FormatError
from vassal.nesting import join_state, join_type, split_state, split_type
from vassal.sequence import Decoder, decode, encode
from vassal.traits import (
    BasicName,
    BasicPiece,
    Comment,
    DynamicProperty,
    FreeRotator,
    Hideable,
    Labeler,
    LayerTrait,
    Marker,
    MovementMarkable,
    Obscurable,
    Restricted,
    StackBase,
    Trait,
    UnknownTrait,
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
    "view",
    "PieceView",
    "LayerView",
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
    traits = tuple(_shared_trait(t, s) for t, s in zip(types[:-1], states[:-1]))
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
    d = Decoder(text[2:], "/")
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


# ---------------------------------------------------------------------------------------------
# Reader view.


@frozen
class LayerView:
    """One Layer (Embellishment) as it stands: ``level`` is 1-based, ``image`` is the image it
    draws now (None when inactive or the level has no image); ``follows`` names the property
    the level follows, and ``resolved`` says whether that property was found on the piece."""

    name: str
    level: int
    active: bool
    level_name: str
    image: str | None
    levels: int
    follows: str | None = None
    resolved: bool = True


@frozen
class PieceView:
    """What a rules reader needs to know about one piece: which side shows and what is on it.

    ``name`` is the piece's name with layer level names and text labels applied, as
    ``getName()`` gives it to a player the piece is not masked from (a masked piece shows
    ``mask_name`` to others); ``basic_name`` is the BasicPiece name (or a Basic Name trait's);
    ``images`` are the images drawn, bottom to top, and ``image`` the topmost one; ``layers``
    run outermost first, ``layer`` maps a layer name to its outermost layer. ``markers`` are the
    static Marker properties, ``dynamic`` the DynamicProperty values, ``properties`` the
    BasicPiece persistent properties. ``masked_by`` / ``hidden_by`` are player ids or None.
    """

    kind: str  # "piece", "stack", "deck" or "unknown"
    name: str
    basic_name: str
    base_image: str
    image: str | None
    images: tuple[str, ...]
    map_id: str | None
    x: int
    y: int
    gpid: str
    properties: Mapping[str, str]
    layers: tuple[LayerView, ...]
    layer: Mapping[str, LayerView]
    markers: Mapping[str, str]
    dynamic: Mapping[str, str]
    labels: tuple[str, ...]
    prototypes: tuple[str, ...]
    masked: bool
    masked_by: str | None
    mask_name: str | None
    hidden: bool
    hidden_by: str | None
    owner: str | None
    rotation: float | None
    moved: bool | None
    unknown_traits: tuple[str, ...] = field(default=())


def _kind(basic: Trait) -> str:
    if isinstance(basic, BasicPiece):
        return "piece"
    if basic.type == "stack":
        return "stack"
    if basic.type.startswith("deck;"):
        return "deck"
    return "unknown"


_ROLES: tuple[tuple[type[Trait], str], ...] = (
    (Marker, "marker"),
    (DynamicProperty, "dynamic"),
    (LayerTrait, "layer"),
    (Labeler, "label"),
    (Obscurable, "mask"),
    (Hideable, "hide"),
    (Restricted, "owner"),
    (FreeRotator, "rotate"),
    (MovementMarkable, "moved"),
    (UsePrototype, "prototype"),
    (BasicName, "basic name"),
    (UnknownTrait, "unknown"),
)


class _RoleTable(dict):
    """What the reader view takes from each trait class ("" = nothing), found once per class."""

    def __missing__(self, cls: type) -> str:
        role = next((r for base, r in _ROLES if issubclass(cls, base)), "")
        self[cls] = role
        return role


_ROLE_OF = _RoleTable()


_FACTS: dict[int, tuple[Trait, str, Any]] = {}  # by id(trait); each entry holds its trait


def _facts(t: Trait) -> tuple[Trait, str, Any]:
    """The trait, its role in the view and what it says there; read once per trait object, and
    the pieces of a save share the objects of equal levels (see :func:`_shared_trait`)."""
    facts = _FACTS.get(id(t))
    if facts is None:
        if len(_FACTS) >= 1 << 13:
            _FACTS.clear()
        facts = _FACTS[id(t)] = (t, *_read_facts(t))
    return facts


def _read_facts(t: Trait) -> tuple[str, Any]:
    """The role of a trait in the view and what it says there (its type depends on the role)."""
    role = _ROLE_OF[type(t)]
    if role == "marker":
        return role, tuple(t.values_by_name.items())
    if role == "dynamic":
        return role, (t.key, t.state)
    if role == "layer":  # the view of a layer that follows no property is the trait's alone
        return role, None if t.follow_property_name else _layer_view(cast(LayerTrait, t), {})
    if role == "label":
        return role, t.label
    if role == "mask":
        return role, (t.obscured_by, t.mask_name)
    if role == "hide":
        return role, t.hidden_by
    if role == "owner":
        return role, t.state or None
    if role == "rotate":
        return role, t.angle
    if role == "moved":
        return role, t.has_moved
    if role == "prototype":
        return role, t.prototype_name
    if role == "basic name":
        return role, t.name
    if role == "unknown":
        return role, t.prefix
    return role, None


def view(piece: Piece) -> PieceView:
    """The reader view of a piece (docs/vassal-formats.md 3.8)."""
    basic = piece.basic if isinstance(piece.basic, BasicPiece) else None
    place = piece.basic if isinstance(piece.basic, (BasicPiece, StackBase)) else None
    props: dict[str, str] = dict(basic.properties) if basic else {}
    markers: dict[str, str] = {}
    dynamic: dict[str, str] = {}
    facts = [_FACTS.get(id(t)) or _facts(t) for t in piece.traits]
    shown = []  # the levels the inside-out pass below looks at (most levels have no role)
    for fact in facts:  # outermost answers first, as getProperty walks inward
        role = fact[1]
        if role == "marker":
            for k, v in fact[2]:
                markers.setdefault(k, v)
        elif role == "dynamic":
            dynamic.setdefault(*fact[2])
        elif role:
            shown.append(fact)
    known: dict[str, str] = {}
    for source in (props, markers, dynamic):
        for k, v in source.items():
            known.setdefault(k, v)
    # one level up per trait, inside out: name and drawn images
    name = basic.common_name if basic else ""
    basic_name = name
    base_image = basic.image_name if basic else ""
    images: list[str] = [base_image] if base_image else []
    layers: list[LayerView] = []
    labels: list[str] = []
    masked_by = hidden_by = owner = mask_name = None
    rotation: float | None = None
    moved: bool | None = None
    prototypes: list[str] = []
    unknown: list[str] = []
    for t, role, said in reversed(shown):
        if role == "layer":
            lv = said if said is not None else _layer_view(cast(LayerTrait, t), known)
            layers.append(lv)
            if lv.active and lv.level_name:
                name = _apply_level_name(lv.level_name, name)
            if lv.image:
                images.append(lv.image)
        elif role == "label":
            labels.append(said)
            name = t.display_name(name, known)
        elif role == "mask":
            masked_by, mask_name = said
        elif role == "hide":
            hidden_by = said
        elif role == "owner":
            owner = said
        elif role == "rotate":
            rotation = said
        elif role == "moved":
            moved = said
        elif role == "prototype":
            prototypes.append(said)
        elif role == "basic name":
            basic_name = said
        elif role == "unknown":
            unknown.append(said)
    layers.reverse()
    labels.reverse()
    prototypes.reverse()
    unknown.reverse()
    by_name: dict[str, LayerView] = {}
    for lv in layers:
        by_name.setdefault(lv.name, lv)
    return PieceView(
        kind=_kind(piece.basic),
        name=name,
        basic_name=basic_name,
        base_image=base_image,
        image=images[-1] if images else None,
        images=tuple(images),
        map_id=place.map_id if place else None,
        x=place.x if place else 0,
        y=place.y if place else 0,
        gpid=basic.gpid if basic else "",
        properties=MappingProxyType(props),
        layers=tuple(layers),
        layer=MappingProxyType(by_name),
        markers=MappingProxyType(markers),
        dynamic=MappingProxyType(dynamic),
        labels=tuple(labels),
        prototypes=tuple(prototypes),
        masked=masked_by is not None,
        masked_by=masked_by,
        mask_name=mask_name,
        hidden=hidden_by is not None,
        hidden_by=hidden_by,
        owner=owner,
        rotation=rotation,
        moved=moved,
        unknown_traits=tuple(unknown),
    )


def _apply_level_name(level_name: str, name: str) -> str:
    """Layer level names: ``X`` replaces the name, ``+X`` appends X, ``X+`` prepends X."""
    parts = decode(level_name, "+")
    if len(parts) == 1:
        return parts[0]
    first, second = parts[0], parts[1]
    return name + second if first == "" else first + name


def _layer_view(t: LayerTrait, known: Mapping[str, str]) -> LayerView:
    value = t.value
    resolved = True
    follows = t.follow_property_name
    if follows:
        raw = known.get(follows)
        if raw is None:
            resolved = False
        else:
            value = t.value_following(raw)
    level = abs(value) if value else 1
    active = value > 0
    images = t.image_names
    names = t.level_names
    image = images[level - 1] if active and 0 < level <= len(images) else None
    level_name = names[level - 1] if 0 < level <= len(names) else ""
    return LayerView(
        name=t.layer_name,
        level=level,
        active=active,
        level_name=level_name or "",
        image=image or None,
        levels=len(images),
        follows=follows,
        resolved=resolved,
    )
