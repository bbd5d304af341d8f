"""Colour schemes and counter layout, read from the TOML data in art/.

The look of a counter sheet is data a designer edits, not code: colours per nationality
(art/nations.toml), colours per marker family (art/markers.toml) and proportions and sizes
(art/counters.toml). This module loads and checks them, and measures text contrast (WCAG 2).
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from records import frozen
from wargame.errors import DataError, near_miss
from wargame.games import art_root

ART_DIR = art_root()  # the installed art, or the data root's own art/ (staffwork --data)

RGB = tuple[int, int, int]
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@frozen
class Scheme:
    """Colours of one nationality or marker family.

    ``fg`` draws text and symbols on ``bg``; ``fill`` is the inside of the NATO symbol frame;
    ``stripe``/``stripe_fg`` are the reduced-side band across the nationality name and its text;
    ``edge`` is the thin outline that a player's eye takes as the cut line.
    """

    key: str
    name: str
    bg: RGB
    fg: RGB
    fill: RGB
    stripe: RGB
    stripe_fg: RGB
    edge: RGB


@frozen
class Layout:
    """Proportions of a counter, as fractions of its side; sizes for screen and print."""

    values: dict[str, float]
    screen_inch: float
    screen_dpi: float
    print_inch: float
    print_dpi: float
    supersample: int

    def __getitem__(self, name: str) -> float:
        try:
            return self.values[name]
        except KeyError:
            raise DataError(
                f"layout value {name!r} missing{near_miss(name, self.values)}", str(ART_DIR / "counters.toml")
            ) from None


def _colour(text: object, source: str, place: str) -> RGB:
    if not isinstance(text, str) or not _HEX.match(text):
        raise DataError(f"colour must be written #rrggbb, got {text!r}", source, place)
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def _read_toml(path: Path) -> dict:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML ({exc})", str(path)) from None


_SCHEME_FIELDS = ("bg", "fg", "fill", "stripe", "stripe_fg", "edge")


def _schemes_from(path: Path) -> dict[str, Scheme]:
    data = _read_toml(path)
    schemes: dict[str, Scheme] = {}
    for key, table in data.items():
        if not isinstance(table, dict):
            raise DataError("each scheme must be a [table]", str(path), key)
        unknown = set(table) - set(_SCHEME_FIELDS) - {"name"}
        if unknown:
            word = sorted(unknown)[0]
            raise DataError(f"unknown field {word!r}{near_miss(word, _SCHEME_FIELDS)}", str(path), key)
        colours = {}
        for field in _SCHEME_FIELDS:
            if field not in table:
                raise DataError(f"field {field!r} missing", str(path), key)
            colours[field] = _colour(table[field], str(path), f"{key}.{field}")
        schemes[key] = Scheme(key=key, name=str(table.get("name", key)), **colours)
    return schemes


@lru_cache(maxsize=4)
def load_schemes(art_dir: Path = ART_DIR) -> dict[str, Scheme]:
    """Nationality schemes (keys like "GER") and marker schemes (keys like "axis") together."""
    nations = _schemes_from(art_dir / "nations.toml")
    markers = _schemes_from(art_dir / "markers.toml")
    both = set(nations) & set(markers)
    if both:
        raise DataError(
            f"scheme {sorted(both)[0]!r} defined in both nations.toml and markers.toml", str(art_dir / "markers.toml")
        )
    return {**nations, **markers}


def scheme(key: str, art_dir: Path = ART_DIR) -> Scheme:
    schemes = load_schemes(art_dir)
    try:
        return schemes[key]
    except KeyError:
        raise DataError(f"no colour scheme {key!r}{near_miss(key, schemes)}", str(art_dir / "nations.toml")) from None


@lru_cache(maxsize=4)
def load_layout(art_dir: Path = ART_DIR) -> Layout:
    path = art_dir / "counters.toml"
    data = _read_toml(path)
    values: dict[str, float] = {}
    for section in ("unit", "marker", "factors", "stepped"):
        table = data.get(section)
        if table is None and section in ("factors", "stepped"):
            continue  # only games that print factors (and steps) on their counters need them
        if not isinstance(table, dict):
            raise DataError(f"section [{section}] missing", str(path))
        for name, value in table.items():
            if not isinstance(value, (int, float)) or not 0 <= value <= 1:
                raise DataError(
                    f"must be a fraction of the counter side, got {value!r}", str(path), f"{section}.{name}"
                )
            values[f"{section}.{name}"] = float(value)
    sizes = data.get("sizes", {})
    try:
        screen, paper = sizes["screen"], sizes["print"]
        return Layout(
            values=values,
            screen_inch=float(screen["inch"]),
            screen_dpi=float(screen["dpi"]),
            print_inch=float(paper["inch"]),
            print_dpi=float(paper["dpi"]),
            supersample=int(data.get("render", {}).get("supersample", 4)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"[sizes] needs screen and print tables with inch and dpi ({exc})", str(path)) from None


def pixels(*, dpi: float, inch: float | None = None, mm: float | None = None) -> int:
    """Side of a counter in pixels for a physical size and a resolution (rounded)."""
    if (inch is None) == (mm is None):
        raise ValueError("give the size either in inches or in millimetres")
    if dpi <= 0:
        raise ValueError(f"dpi must be positive, got {dpi}")
    side = inch if inch is not None else mm / 25.4  # type: ignore[operator]
    if side <= 0:
        raise ValueError(f"size must be positive, got {side}")
    return max(8, round(side * dpi))


def luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, 1 to 21; 4.5 is the floor for normal text."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _lab(colour: RGB) -> tuple[float, float, float]:
    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference: about 2 is just noticeable, 20 and more clearly different."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b))) ** 0.5
