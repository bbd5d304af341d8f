"""Which counters go on the sheets, how many of each, and their art at print resolution.

The art is the module's own rendering (builder.render) drawn at the sheet's dpi, so what is
printed is what is played. Counts come from the content tables, or from a scenario's setup
when printing for one scenario.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import field
from pathlib import Path

from PIL import Image

from builder.sheets.geometry import SheetError
from records import frozen
from wargame.content import Content
from wargame.errors import near_miss


@frozen
class CounterArt:
    """One counter design: both faces as square RGB images and how many copies to print."""

    key: str
    kind: str  # "unit" or "marker"
    nation: str  # "" when the counter belongs to no nation
    count: int
    front: Image.Image = field(compare=False, repr=False)
    back: Image.Image = field(compare=False, repr=False)


@frozen
class Choice:
    """Which counters to print; empty fields mean no restriction."""

    scenario: str | None = None
    factions: tuple[str, ...] = ()
    nations: tuple[str, ...] = ()
    markers_only: bool = False
    units_only: bool = False


def unit_faction(content: Content, nation: str) -> str:
    """The faction a nation's units fight for: the one it historically joined, else neutral."""
    info = content.nations.get(nation)
    return (info.joined or "neutral") if info else "neutral"


def chosen(
    content: Content,
    choice: Choice,
    scenarios: Path | None = None,
    grid=None,
) -> list[tuple[str, str, int]]:
    """(kind, key, count) of every counter to print, in table order: units, then markers."""
    if choice.markers_only and choice.units_only:
        raise SheetError("choose markers only or units only, not both")
    factions = {*content.factions, "neutral"}
    for key in choice.factions:
        if key not in factions:
            raise SheetError(f"no faction {key!r}{near_miss(key, factions)}")
    for key in choice.nations:
        if key not in content.nations:
            raise SheetError(f"no nation {key!r}{near_miss(key, content.nations)}")
    counts: Counter[str] | None = None
    if choice.scenario is not None:
        counts = _scenario_counts(content, choice.scenario, scenarios, grid)
    out: list[tuple[str, str, int]] = []
    if not choice.markers_only:
        for unit in content.units.values():
            if choice.nations and unit.nation not in choice.nations:
                continue
            if choice.factions and unit_faction(content, unit.nation) not in choice.factions:
                continue
            out.append(("unit", unit.key, unit.count))
    if not choice.units_only:
        for marker in content.markers.values():
            if choice.nations and marker.nation not in choice.nations:
                continue
            if choice.factions and (marker.faction or "neutral") not in choice.factions:
                continue
            out.append(("marker", marker.key, marker.count))
    if counts is not None:
        out = [(kind, key, counts[key]) for kind, key, _ in out if counts[key] > 0]
    out = [row for row in out if row[2] > 0]
    if not out:
        raise SheetError("nothing to print: no counter matches the choice")
    return out


def _scenario_counts(content: Content, name: str, folder: Path | None, grid=None) -> Counter[str]:
    """How many counters of each key a scenario sets up; ``grid`` reads its hex ids (a grid of
    sheets names hexes "W3533")."""
    from wargame.content import load_scenario

    if folder is None:
        raise SheetError("no scenarios folder for this game")
    known = sorted(p.stem for p in folder.glob("*.toml"))
    if name not in known:
        raise SheetError(f"no scenario {name!r}{near_miss(name, known)}; known: {', '.join(known) or 'none'}")
    scenario = load_scenario(folder / f"{name}.toml", content, grid)
    counts: Counter[str] = Counter()
    for placement in scenario.setup:
        counts[placement.counter] += placement.count
    return counts


def content_art(
    content: Content, rows: Sequence[tuple[str, str, int]], px: int, progress: Callable[[int, int], None] | None = None
) -> list[CounterArt]:
    """Render the chosen counters at ``px`` pixels a side with the module's renderer;
    ``progress(done, total)`` hears of each design drawn."""
    from builder.render.canvas import blank
    from builder.render.content_faces import markers_from, units_from
    from builder.render.counters import render_counter
    from builder.render.markers import render_marker
    from builder.render.style import load_layout, scheme
    from builder.render.text import TextFitError

    units = {u.key: face for u, face in zip(content.units.values(), units_from(content))}
    markers = {m.key: face for m, face in zip(content.markers.values(), markers_from(content))}
    edge = load_layout()["marker.edge"] * px
    out = []
    tally = progress or (lambda done, total: None)
    drawn: dict[str, tuple[Image.Image, Image.Image]] = {}  # counters printed alike are drawn once
    try:
        for done, (kind, key, count) in enumerate(rows, start=1):
            tally(done - 1, len(rows))
            if kind == "unit":
                design = units[key]
                art = content.units[key].art_key
                if art not in drawn:
                    drawn[art] = (render_counter(design.front, px), render_counter(design.back, px))
                front, back = drawn[art]
                nation = content.units[key].nation
            else:
                marker_design = markers[key]
                front = render_marker(marker_design.front, px)
                # A one-sided marker gets a plain back in its own colours: a finished counter.
                back = (
                    render_marker(marker_design.back, px)
                    if marker_design.back is not None
                    else blank(px, scheme(marker_design.front.scheme), edge)
                )
                nation = content.markers[key].nation or ""
            out.append(CounterArt(key, kind, nation, count, front, back))
        tally(len(rows), len(rows))
    except TextFitError as exc:
        raise SheetError(f"cannot draw counters at {px} px: {exc}") from None
    return out


def with_bleed(image: Image.Image, bleed: int) -> Image.Image:
    """The art extended by ``bleed`` pixels on every side by repeating its outermost pixels,
    so a cut slightly outside the line shows more of the counter's own outline, not white."""
    if bleed <= 0:
        return image
    w, h = image.size
    out = Image.new("RGB", (w + 2 * bleed, h + 2 * bleed))
    out.paste(image.crop((0, 0, w, 1)).resize((w, bleed)), (bleed, 0))
    out.paste(image.crop((0, h - 1, w, h)).resize((w, bleed)), (bleed, h + bleed))
    out.paste(image.crop((0, 0, 1, h)).resize((bleed, h)), (0, bleed))
    out.paste(image.crop((w - 1, 0, w, h)).resize((bleed, h)), (w + bleed, bleed))
    for x, y, ox, oy in (
        (0, 0, 0, 0),
        (w - 1, 0, w + bleed, 0),
        (0, h - 1, 0, h + bleed),
        (w - 1, h - 1, w + bleed, h + bleed),
    ):
        corner = image.getpixel((x, y))
        assert corner is not None  # a pixel of the image
        out.paste(corner, (ox, oy, ox + bleed, oy + bleed))
    out.paste(image, (bleed, bleed))
    return out
