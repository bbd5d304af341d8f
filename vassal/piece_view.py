"""The reader's view of a VASSAL game piece (docs/vassal-formats.md 3.8): which side shows,
what its name is as the engine shows it, what is on it, who may see it.

Every piece of a saved game carries its own copy of the prototypes it uses, so most levels of a
big save are repeats; equal levels read by `vassal.pieces.parse_piece` share one (immutable)
trait object, and :func:`view` reads each such object once.

Public API::

    view(piece) -> PieceView                   what a rules reader needs (formats 3.8)
    PieceView, LayerView                       frozen dataclasses, see their docstrings
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from records import frozen
from vassal.pieces import Piece
from vassal.sequence import decode
from vassal.trait_codec import Trait, UnknownTrait
from vassal.traits import (
    BasicName,
    BasicPiece,
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
    UsePrototype,
)

__all__ = ["view", "PieceView", "LayerView"]


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


_Fact = tuple[Trait, str, Any]  # a trait, its role in the view, what it says there
_FACTS: dict[int, _Fact] = {}  # by id(trait); each entry holds its trait


def _facts(t: Trait) -> _Fact:
    """The trait, its role in the view and what it says there; read once per trait object, and
    the pieces of a save share the objects of equal levels (see ``vassal.pieces._shared_trait``)."""
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
    markers, dynamic, shown = _outer_answers(piece)
    known: dict[str, str] = {}
    for source in (props, markers, dynamic):
        for k, v in source.items():
            known.setdefault(k, v)
    drawn = _inside_out(shown, basic, known)
    by_name: dict[str, LayerView] = {}
    for lv in drawn.layers:
        by_name.setdefault(lv.name, lv)
    return PieceView(
        kind=_kind(piece.basic),
        name=drawn.name,
        basic_name=drawn.basic_name,
        base_image=drawn.base_image,
        image=drawn.images[-1] if drawn.images else None,
        images=drawn.images,
        map_id=place.map_id if place else None,
        x=place.x if place else 0,
        y=place.y if place else 0,
        gpid=basic.gpid if basic else "",
        properties=MappingProxyType(props),
        layers=drawn.layers,
        layer=MappingProxyType(by_name),
        markers=MappingProxyType(markers),
        dynamic=MappingProxyType(dynamic),
        labels=drawn.labels,
        prototypes=drawn.prototypes,
        masked=drawn.masked_by is not None,
        masked_by=drawn.masked_by,
        mask_name=drawn.mask_name,
        hidden=drawn.hidden_by is not None,
        hidden_by=drawn.hidden_by,
        owner=drawn.owner,
        rotation=drawn.rotation,
        moved=drawn.moved,
        unknown_traits=drawn.unknown,
    )


def _outer_answers(piece: Piece) -> tuple[dict[str, str], dict[str, str], list[_Fact]]:
    """Marker and DynamicProperty values, outermost answers first as ``getProperty`` walks
    inward, and the levels the inside-out pass looks at (most levels have no role)."""
    markers: dict[str, str] = {}
    dynamic: dict[str, str] = {}
    known = list(map(_FACTS.get, map(id, piece.traits)))  # looked up in C: most were read before
    facts = [f or _facts(t) for f, t in zip(known, piece.traits)] if None in known else cast(list[_Fact], known)
    shown = []
    for fact in compress(facts, map(itemgetter(1), facts)):  # the levels with a role; the rest skipped in C
        role = fact[1]
        if role == "marker":
            for k, v in fact[2]:
                markers.setdefault(k, v)
        elif role == "dynamic":
            dynamic.setdefault(*fact[2])
        elif role:
            shown.append(fact)
    return markers, dynamic, shown


class _Drawn(NamedTuple):
    """What the inside-out pass finds: the name and images as drawn, layers, labels, prototypes
    and unknown traits outermost first, and what masks, hides, owns, rotates or marks the piece."""

    name: str
    basic_name: str
    base_image: str
    images: tuple[str, ...]
    layers: tuple[LayerView, ...]
    labels: tuple[str, ...]
    prototypes: tuple[str, ...]
    unknown: tuple[str, ...]
    masked_by: str | None
    mask_name: str | None
    hidden_by: str | None
    owner: str | None
    rotation: float | None
    moved: bool | None


def _inside_out(shown: list[_Fact], basic: BasicPiece | None, known: Mapping[str, str]) -> _Drawn:
    """One level up per trait, inside out: the name and the images drawn."""
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
    return _Drawn(
        name=name,
        basic_name=basic_name,
        base_image=base_image,
        images=tuple(images),
        layers=tuple(reversed(layers)),
        labels=tuple(reversed(labels)),
        prototypes=tuple(reversed(prototypes)),
        unknown=tuple(reversed(unknown)),
        masked_by=masked_by,
        mask_name=mask_name,
        hidden_by=hidden_by,
        owner=owner,
        rotation=rotation,
        moved=moved,
    )


def _apply_level_name(level_name: str, name: str) -> str:
    """Layer level names: ``X`` replaces the name, ``+X`` appends X, ``X+`` prepends X."""
    parts = _level_name_parts(level_name)
    if len(parts) == 1:
        return parts[0]
    first, second = parts[0], parts[1]
    return name + second if first == "" else first + name


@lru_cache(maxsize=1 << 12)
def _level_name_parts(level_name: str) -> tuple[str, ...]:
    """A level name's tokens, read once: every piece of a big save shows its layers' names."""
    return tuple(decode(level_name, "+"))


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
