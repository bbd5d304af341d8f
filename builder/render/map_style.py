"""The map's look, read from art/map.toml: colours, widths, sizes, fonts, the terrain colours
and symbols, the weather lines' colours, the drawing of each feature word, the key's words."""

from __future__ import annotations

import tomllib
from dataclasses import field
from pathlib import Path

from builder.render.style import ART_DIR, RGB
from records import frozen
from wargame.errors import DataError

SYMBOLS = ("trees", "hills", "tufts", "stipple")  # the terrain symbols mapart can draw
FEATURE_DRAWS = {
    "hex": ("resource", "airfield", "ring", "icebound", "edge", "outline", "port-size", "frame", "star", "tag"),
    "side": ("canal", "ferry", "lake", "impassable", "fortress", "link", "rail", "road"),
}
MARK_DRAWS = ("resource", "airfield", "ring", "edge", "frame", "star", "tag")  # symbols of a hex
TRACK_DRAWS = ("rail", "road")  # networks drawn from hex centre to hex centre, as Transport Lines


@frozen
class FeatureStyle:
    """How one feature word is drawn ([features."word"] of art/map.toml) and its key label."""

    word: str
    draw: str  # one of FEATURE_DRAWS (hex or side)
    label: str
    colour: RGB
    ships: int = 0  # port-size: the number printed by the anchor
    text: str = ""  # tag: the letters printed in the hex ("K" for a Key Port)


@frozen
class MapStyle:
    """art/map.toml: colours, widths (board px), sizes (board px), font weights, area labels, the
    symbol of each terrain word and the drawing of each feature word. Words of any game: a game
    draws the terrains and features its map data holds that the style knows."""

    colours: dict[str, RGB]
    terrain: dict[str, RGB]
    terrain_ink: dict[str, RGB]
    weather: dict[str, RGB]
    widths: dict[str, float]
    sizes: dict[str, float]
    fonts: dict[str, str]
    area_labels: dict[str, str]
    area_min_hexes: int
    render: dict[str, float]
    terrain_symbol: dict[str, str] = field(default_factory=dict)
    features: dict[str, FeatureStyle] = field(default_factory=dict)
    key_labels: dict[str, str] = field(default_factory=dict)


def _hex_colour(value: object, source: str, place: str) -> RGB:
    text = str(value)
    if len(text) != 7 or text[0] != "#":
        raise DataError(f'colour "{text}" must be written "#rrggbb"', source, place)
    try:
        return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)
    except ValueError:
        raise DataError(f'colour "{text}" must be written "#rrggbb"', source, place) from None


def load_style(path: Path = ART_DIR / "map.toml") -> MapStyle:
    """Read the map's look; DataError naming the table and key when something is missing."""
    source = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError("map style file not found", source) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML ({exc})", source) from None

    def table(name: str) -> dict:
        if not isinstance(data.get(name), dict):
            raise DataError(f"missing table [{name}]", source)
        return data[name]

    def colours(name: str, need: tuple[str, ...] = ()) -> dict[str, RGB]:
        t = table(name)
        for key in need:
            if key not in t:
                raise DataError(f"missing {key}", source, f"[{name}]")
        return {k: _hex_colour(v, source, f"[{name}] {k}") for k, v in t.items()}

    def numbers(name: str) -> dict[str, float]:
        out = {}
        for k, v in table(name).items():
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise DataError(f"{k} must be a number, not {v!r}", source, f"[{name}]")
            out[k] = float(v)
        return out

    labels = dict(table("area_labels"))
    min_hexes = labels.pop("min_hexes", 6)
    symbols = {k: str(v) for k, v in data.get("terrain_symbol", {}).items()}
    for k, v in symbols.items():
        if v not in SYMBOLS:
            raise DataError(f'symbol "{v}" is not one of {", ".join(SYMBOLS)}', source, f"[terrain_symbol] {k}")
    features = {}
    for word, t in data.get("features", {}).items():
        place = f'[features."{word}"]'
        draw = str(t.get("draw", ""))
        if draw not in FEATURE_DRAWS["hex"] + FEATURE_DRAWS["side"]:
            raise DataError(
                f'draw "{draw}" is not one of {", ".join(FEATURE_DRAWS["hex"] + FEATURE_DRAWS["side"])}', source, place
            )
        if draw == "tag" and not str(t.get("text", "")):
            raise DataError('a "tag" feature prints its `text`: give it', source, place)
        features[word] = FeatureStyle(
            word,
            draw,
            str(t.get("label", word)),
            _hex_colour(t.get("colour", "#000000"), source, place),
            int(t.get("ships", 0)),
            str(t.get("text", "")),
        )
    return MapStyle(
        colours=colours("colours"),
        terrain=colours("terrain", ("clear",)),
        terrain_ink=colours("terrain_ink"),
        weather=colours("weather"),
        widths=numbers("widths"),
        sizes=numbers("sizes"),
        fonts={k: str(v) for k, v in table("fonts").items()},
        area_labels={k: str(v) for k, v in labels.items()},
        area_min_hexes=int(min_hexes),
        render=numbers("render"),
        terrain_symbol=symbols,
        features=features,
        key_labels={k: str(v) for k, v in data.get("key_labels", {}).items()},
    )
