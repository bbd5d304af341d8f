"""Adapter: the game's content tables (wargame.content) as faces the renderer draws.

Units map directly (symbol, ID, flags, sides). Markers get their look from art/marker_art.toml,
keyed by the marker's name; figures such as "Sorties 3" or "+DRM Attacker" are read from the
face text so the table stays the one place where a marker's words are written.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TypedDict

from builder.render.faces import (
    TYPE_WORDS,
    CounterFace,
    Marker,
    MarkerFace,
    UnitCounter,
    factor_counter,
    unit_counter,
)
from builder.render.icons import ICONS
from builder.render.option_cards import CardFace
from builder.render.style import ART_DIR, load_schemes
from wargame.content import Card, Content, Unit, UnitVocabulary
from wargame.content import Marker as ContentMarker
from wargame.errors import DataError, near_miss

_ART_FIELDS = ("icon", "reminder", "scheme", "abbrev", "text")
_FACTORS = re.compile(r"^\d+-\d+-\d+$")  # attack-defense-movement
_FIGURES = (
    (re.compile(r"^Sorties (\d)$"), lambda m: (("SORTIES",), m.group(1))),
    (
        re.compile(r"^([+-])DRM (\w+)$"),
        lambda m: ((f"{m.group(2).upper()} DRM",), "+" if m.group(1) == "+" else "\u2212"),
    ),
    (
        re.compile(r"^(Prod|Will) (10s|1s|x2)$"),
        lambda m: ((m.group(1).upper(),), "\u00d7" + {"10s": "10", "1s": "1", "x2": "2"}[m.group(2)]),
    ),
    # a number of points and their unit ("2 STP", "-100 EP"); a number alone ("+15")
    (re.compile(r"^([+-]?\d+) ([A-Z]{2,4})$"), lambda m: ((m.group(2),), m.group(1).replace("-", "\u2212"))),
    (re.compile(r"^([+-]\d+)$"), lambda m: ((), m.group(1).replace("-", "\u2212"))),
    # a short code with its meaning in brackets ("C (current)")
    (re.compile(r"^([A-Z]{1,3}) \((\w+)\)$"), lambda m: ((m.group(2).upper(),), m.group(1))),
)


@lru_cache(maxsize=2)
def marker_art(art_dir: Path = ART_DIR) -> dict[str, dict]:
    path = art_dir / "marker_art.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML ({exc})", str(path)) from None
    for name, entry in data.items():
        for field in entry:
            if field not in _ART_FIELDS:
                raise DataError(f"unknown field {field!r}{near_miss(field, _ART_FIELDS)}", str(path), name)
        if "icon" in entry and entry["icon"] != "faction" and entry["icon"] not in ICONS:
            raise DataError(f"no icon {entry['icon']!r}{near_miss(entry['icon'], ICONS)}", str(path), f"{name}.icon")
    return data


def _art_for(name: str, art: dict[str, dict]) -> dict:
    words = name.split()
    while words:
        entry = art.get(" ".join(words))
        if entry is not None:
            return entry
        words.pop()
    raise DataError(
        f"marker {name!r} has no entry in marker_art.toml{near_miss(name, art)}", str(ART_DIR / "marker_art.toml")
    )


def _scheme(marker: ContentMarker, wanted: str | None, nation: str | None) -> str:
    known = load_schemes()
    if wanted not in (None, "faction", "nation"):
        if wanted not in known:
            raise DataError(
                f"no colour scheme {wanted!r}{near_miss(wanted, known)}", str(ART_DIR / "marker_art.toml"), marker.name
            )
        return wanted
    order = [nation, marker.faction] if wanted == "nation" else [marker.faction, nation]
    for key in order:
        if key and key in known:
            return key
    return "political"


def _face(marker: ContentMarker, words: str, entry: dict) -> MarkerFace:
    figure = None
    lines: tuple[str, ...] = (entry["text"],) if "text" in entry else (words.upper(),)
    for pattern, make in _FIGURES:
        found = pattern.match(words)
        if found:
            lines, figure = make(found)
            break
    nation = marker.nation
    last = words.split()[-1] if words.split() else ""
    if last in load_schemes() and last.isupper() and last != words:
        nation = last  # a face naming its own nation ("Fort UK" on the back of Tobruk)
    abbrev = nation if entry.get("abbrev") and nation else None
    if abbrev and lines and lines[-1].endswith(" " + abbrev):
        lines = (*lines[:-1], lines[-1][: -len(abbrev) - 1])
    icon = entry.get("icon")
    if icon == "faction":
        icon = marker.faction
    return MarkerFace(
        lines,
        _scheme(marker, entry.get("scheme"), nation),
        icon=None if figure else icon,
        figure=figure,
        reminder=entry.get("reminder"),
        abbrev=abbrev,
    )


def markers_from(content: Content) -> list[Marker]:
    art = marker_art()
    result = []
    for marker in content.markers.values():
        entry = _art_for(marker.name, art)
        group = "Event markers" if marker.kind == "event" else "Tracking markers"
        back = _face(marker, marker.back, entry) if marker.back else None
        result.append(Marker(marker.key, group, _face(marker, marker.front, entry), back))
    return result


def units_from(content: Content, *, designs: bool = False) -> list[UnitCounter]:
    """Both faces of every unit row, in the nation's colours. A row with printed factors is
    drawn as the game prints it (factors, label, name); the others in USE's layout.
    ``designs``: one entry per printed design (rows that differ only by arrival share one),
    captioned with its name and how many counters the tables make of it."""
    if designs:
        counts: dict[str, int] = {}
        first: dict[str, Unit] = {}
        for u in content.units.values():
            counts[u.art_key] = counts.get(u.art_key, 0) + u.count
            first.setdefault(u.art_key, u)
        drawn = {u.key: c for u, c in zip(content.units.values(), units_from(content))}
        return [
            replace(drawn[u.key], caption=f"{u.nation} {u.name} \u00d7{counts[key]}") if u.front else drawn[u.key]
            for key, u in first.items()
        ]
    out = []
    vocabulary = content.settings.units
    for u in content.units.values():
        colours = content.nations[u.nation].scheme
        if vocabulary.layout == "stepped":
            out.append(stepped_counter(u, colours, vocabulary))
        elif u.front:
            label = "" if u.kind == "ground" else u.label
            out.append(factor_counter(colours, u.kind, u.symbol, u.id, u.nation, label, u.front, u.back))
        else:
            out.append(
                unit_counter(
                    colours,
                    u.kind,
                    u.symbol,
                    u.id,
                    u.nation,
                    elite=u.elite,
                    upgrade=u.upgrade,
                    what_if=u.what_if,
                    two_sided=u.sides == 2,
                )
            )
    return out


def physical_count(content: Content) -> int:
    """How many cardboard counters the tables describe (each design times its count)."""
    return sum(u.count for u in content.units.values()) + sum(m.count for m in content.markers.values())


class _Stepped(TypedDict):
    """What both faces of a unit in the stepped layout share."""

    nation: str
    style: str
    code: str
    delay: bool


def stepped_counter(u: Unit, colours: str, vocabulary: UnitVocabulary) -> UnitCounter:
    """Both faces of a unit in the stepped layout (steps, size, codes, stripes besides factors).

    The back is, by what the row says: a marker (its words are one of the vocabulary's
    ``marker_backs``: a Detachment, an Escort Troop Convoy), another unit type (``back_type``:
    the fortress of a port-a-fort, the carrier's strike), the unit after a step loss (``back``
    factors and ``back_steps``), or blank with the type in words."""
    tint = "elite" if u.elite else "colonial" if u.colonial else ""
    base: _Stepped = {"nation": colours, "style": "stepped", "code": u.code, "delay": u.delay}
    front = CounterFace(
        **base,
        kind=u.kind,
        unit_type=u.symbol,
        ident=u.id,
        abbrev=u.printed_nation,
        factors=u.front if u.kind == "ground" else None,
        steps=u.steps or 0,
        step_mark=vocabulary.step_mark(u.type),
        size=u.size,
        range=str(u.range) if u.range is not None else "",
        drm=u.drm,
        arrow=vocabulary.arrows.get(u.type, ""),
        tint=tint,
    )
    if u.back in vocabulary.marker_backs:
        back = CounterFace(
            **base,
            kind=u.kind,
            unit_type=u.symbol,
            ident="",
            abbrev="",
            words=u.back.upper(),
            icon=vocabulary.marker_backs[u.back],
            range=str(u.range) if u.range is not None and u.kind == "ground" else "",
        )
    elif u.back_type:
        kind = vocabulary.kind_of(u.back_type) or u.kind
        symbol = vocabulary.symbol_of(u.back_type)
        back = CounterFace(
            **base,
            kind=kind,
            unit_type=symbol,
            ident=u.id,
            abbrev=u.printed_nation,
            factors=u.back if kind == "ground" else None,
            steps=u.back_steps or 0,
            step_mark=vocabulary.step_mark(u.back_type),
            size=u.size if kind == "ground" else "",
            range=str(u.range) if u.range is not None and kind != "ground" else "",
            arrow=vocabulary.arrows.get(u.back_type, ""),
            tint=tint,
        )
    elif u.back and _FACTORS.match(u.back):
        back = replace(front, factors=u.back if u.kind == "ground" else None, steps=u.back_steps or 0)
    elif u.back:  # words: a garrison's hex, a state
        back = CounterFace(
            **base, kind=u.kind, unit_type=u.symbol, ident="", abbrev=u.printed_nation, words=u.back, steps=0
        )
    else:  # a blank back: its type in words (a support unit's in the game's own: "Sub Fleet")
        words = TYPE_WORDS[u.symbol] if u.kind == "ground" or u.label == u.type else u.label.upper()
        back = CounterFace(
            **base, kind=u.kind, unit_type=u.symbol, ident="", abbrev=u.printed_nation, words=words, steps=0
        )
    return UnitCounter(front, back)


def card_face(card: Card, content: Content) -> CardFace:
    """One option card as the card renderer draws it: the faction's name and colours, the
    state's label and colour from game.toml [cards], the marks and texts of cards.csv."""
    vocabulary = content.settings.cards
    faction = content.factions[card.faction]
    label = vocabulary.labels.get(card.state, "") if vocabulary else ""
    colour = vocabulary.colours.get(card.state, (150, 150, 150)) if vocabulary else (150, 150, 150)
    note = "our words" if not card.template else ""
    if card.rules and not card.template:
        note += f"; see {', '.join(card.rules[:3])}"
    return CardFace(
        faction=faction.name,
        scheme=faction.scheme,
        number=card.number,
        name=card.name,
        state=label,
        colour=colour,
        blitz=card.blitz,
        rearmament=card.rearmament,
        recyclable=card.recyclable,
        production=card.production,
        requires=card.requires,
        actions=card.actions,
        template=card.template,
        note=note,
    )
