"""What the renderer draws: one face of a unit counter or a marker, as frozen data.

These are the renderer's own input, independent of how the game's tables are stored; an
adapter turns content rows into faces (USE 4.1-4.4 for the conventions).
"""

from __future__ import annotations

import re
from typing import TypedDict

from records import frozen

UNIT_TYPES: dict[str, tuple[str, ...]] = {
    "ground": (
        "infantry",
        "paratroop",
        "mountain",
        "garrison",
        "cavalry",
        "motorized",
        "mechanized",
        "tank",
        "hq",
        "general",
        "partisan",
        "ski",
        "marine",
        "cav-mech",
        "helicopter",
        "fortress",
        "port-a-fort",
    ),
    "air": ("fighter", "bomber", "fighter-bomber", "naval-air"),
    "naval": ("carrier", "surface", "convoy", "battleship", "cruiser", "destroyer", "submarine"),
}

# The back of a one-sided unit carries its type in words (3.2).
TYPE_WORDS: dict[str, str] = {
    "infantry": "INFANTRY",
    "paratroop": "PARATROOP",
    "mountain": "MOUNTAIN",
    "garrison": "GARRISON",
    "cavalry": "CAVALRY",
    "motorized": "MOTORIZED",
    "mechanized": "MECHANIZED",
    "tank": "TANK",
    "fighter": "FIGHTER",
    "bomber": "BOMBER",
    "carrier": "CARRIER",
    "surface": "SURFACE FLEET",
    "convoy": "CONVOY",
    "hq": "HQ",
    "general": "GENERAL",
    "partisan": "PARTISAN",
    "fighter-bomber": "FIGHTER-BOMBER",
    "naval-air": "NAVAL AIR",
    "battleship": "BATTLESHIP",
    "cruiser": "CRUISER",
    "destroyer": "DESTROYER",
    "submarine": "SUBMARINE",
    "ski": "SKI",
    "marine": "MARINE",
    "cav-mech": "CAVALRY-MECH",
    "helicopter": "HELICOPTER",
    "fortress": "FORTRESS",
    "port-a-fort": "PORT-A-FORT",
}


@frozen
class CounterFace:
    """One side of a unit counter.

    ``nation`` names a colour scheme (art/nations.toml); ``abbrev`` is printed at the bottom.
    ``back_text`` set means this is the back of a one-sided unit, showing its type in words.

    A game that prints factors on its counters gives ``factors`` ("6-3", "4*-4/3", "4-11-28"):
    the face is then drawn with the factors along the bottom, the abbreviation and ``label``
    ("BB", "Ftr") along the top and the ``ident`` (a ship's or general's name) under them.
    ``words`` replace the symbol on a back that is a state, not a strength ("previously
    activated"); ``reduced`` puts the reduced side's stripe behind the factors and ``damaged``
    lightens a ship's background.
    """

    nation: str
    kind: str
    unit_type: str
    ident: str
    abbrev: str
    reduced: bool = False
    elite: bool = False
    upgrade: bool = False
    what_if: bool = False
    back_text: str | None = None
    factors: str | None = None
    label: str = ""
    words: str | None = None
    damaged: bool = False
    # The stepped layout (a game whose counters print steps, size and codes): ``steps`` pips
    # ("dot" or "square" ``step_mark``), the organisation ``size``, the reinforcement ``code``,
    # a ``delay`` stripe, the ``range``, a ``drm`` square, an ``arrow`` ("up", "down"), the type
    # symbol tinted "colonial" (white) or "elite" (coloured); ``icon`` draws a back that is a
    # marker (a Detachment's pennant) with its ``words``.
    style: str = ""
    steps: int = 0
    step_mark: str = "dot"
    size: str = ""
    code: str = ""
    delay: bool = False
    range: str = ""
    drm: str = ""
    arrow: str = ""
    tint: str = ""
    icon: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in UNIT_TYPES:
            raise ValueError(f"unit kind must be one of {', '.join(UNIT_TYPES)}, got {self.kind!r}")
        if self.unit_type not in UNIT_TYPES[self.kind]:
            raise ValueError(
                f"{self.kind} unit type must be one of {', '.join(UNIT_TYPES[self.kind])}, got {self.unit_type!r}"
            )


@frozen
class UnitCounter:
    """A unit's two faces: full and reduced for field units, else front and a worded back.
    ``caption`` names the design on a contact sheet (empty: its ID and type)."""

    front: CounterFace
    back: CounterFace
    caption: str = ""


def unit_counter(
    nation: str,
    kind: str,
    unit_type: str,
    ident: str,
    abbrev: str | None = None,
    *,
    elite: bool = False,
    upgrade: bool = False,
    what_if: bool = False,
    two_sided: bool | None = None,
) -> UnitCounter:
    """Both faces of a unit, following 3.2: field ground units flip to a reduced side; a
    garrison has one side, always reduced; air and naval units have one state.
    ``two_sided`` overrides the guess from kind and type (the content tables know it)."""
    if two_sided is None:
        two_sided = kind == "ground" and unit_type != "garrison"
    front = CounterFace(
        nation,
        kind,
        unit_type,
        ident,
        abbrev or nation,
        reduced=(kind == "ground" and not two_sided),
        elite=elite,
        upgrade=upgrade,
        what_if=what_if,
    )
    if two_sided:
        back = CounterFace(
            nation,
            kind,
            unit_type,
            ident,
            abbrev or nation,
            reduced=True,
            elite=elite,
            upgrade=upgrade,
            what_if=what_if,
        )
    else:
        back = CounterFace(
            nation, kind, unit_type, ident, abbrev or nation, reduced=front.reduced, back_text=TYPE_WORDS[unit_type]
        )
    return UnitCounter(front, back)


@frozen
class MarkerFace:
    """One side of a marker.

    ``lines`` is the text, top to bottom (a single line may be wrapped to fit); ``icon`` a
    name from icons.ICONS; ``figure`` one big value ("3", "+", "x10"); ``reminder`` the
    after-use note in the corner (3.1: "die", "4T", "5P", "S+1"); ``abbrev`` a country
    abbreviation at the bottom for nationality markers.
    """

    lines: tuple[str, ...]
    scheme: str
    icon: str | None = None
    figure: str | None = None
    reminder: str | None = None
    abbrev: str | None = None

    def __post_init__(self) -> None:
        if not (self.lines or self.icon or self.figure):
            raise ValueError("a marker face needs text, an icon or a figure")
        if self.icon and self.figure:
            raise ValueError("a marker face shows an icon or a figure, not both")


@frozen
class Marker:
    """A marker counter: its name, group (for the contact sheet) and one or two faces."""

    name: str
    group: str
    front: MarkerFace
    back: MarkerFace | None = None


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'.*/-]+", text)


class _Shared(TypedDict):
    """What both faces of a unit with printed factors share."""

    nation: str
    kind: str
    unit_type: str
    ident: str
    abbrev: str
    label: str


def factor_counter(
    scheme: str, kind: str, symbol: str, ident: str, abbrev: str, label: str, front: str, back: str
) -> UnitCounter:
    """Both faces of a counter that prints its factors (a game like ETO).

    The back is the reduced side when it prints factors ("3-3"; a ship's back is damaged),
    a state when it prints words ("previously activated": the words replace the symbol and the
    front's factors stay), and blank for a one-step unit (its type in words). A front without
    figures ("U-boat") shows only what its words add to the label; its back likewise."""

    def figures(text: str) -> bool:
        return any(c.isdigit() for c in text)

    label_words = {w.lower() for w in _words(label)}
    if figures(front):
        front_band = front
    else:
        front_band = " ".join(w for w in _words(front) if w.lower() not in label_words).upper()
    base: _Shared = {
        "nation": scheme,
        "kind": kind,
        "unit_type": symbol,
        "ident": ident,
        "abbrev": abbrev,
        "label": label,
    }
    front_face = CounterFace(**base, factors=front_band)
    if not back:
        back_face = CounterFace(**base, factors="", words=TYPE_WORDS[symbol])
    elif figures(back):
        back_face = CounterFace(**base, factors=back, reduced=True, damaged=kind == "naval")
    elif figures(front):
        back_face = CounterFace(**base, factors=front, words=back.upper())
    else:
        seen = label_words | {w.lower() for w in _words(front)}
        extra = " ".join(w for w in _words(back) if w.lower() not in seen).upper()
        back_face = CounterFace(**base, factors=extra, reduced=True, damaged=kind == "naval")
    return UnitCounter(front_face, back_face)
