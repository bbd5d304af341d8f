"""A contact sheet: every unit and marker, front and back side by side, with captions.

For people to judge the art at a glance (and at VASSAL's 50% zoom), grouped by nationality
for units and by kind for markers.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from builder.render import text
from builder.render.counters import draw_unit
from builder.render.faces import CounterFace, Marker, MarkerFace, UnitCounter
from builder.render.markers import draw_marker
from builder.render.style import scheme
from records import frozen

PAPER = (226, 224, 218)
INK = (30, 30, 30)


@frozen
class SheetStats:
    counters: int  # physical counters (a unit or a marker)
    faces: int  # faces drawn (two for two-sided counters)


Face = CounterFace | MarkerFace


def _sections(units: Sequence[UnitCounter], markers: Sequence[Marker], majors: Collection[str] | None):
    """(title, [(caption, front image-maker, back image-maker or None)]) in sheet order: a
    section per major power (every nation, when ``majors`` is None), the minors together."""
    by_nation: dict[str, list[UnitCounter]] = {}
    for unit in units:
        key = unit.front.nation if majors is None or unit.front.nation in majors else "minor"
        by_nation.setdefault(key, []).append(unit)
    sections: list[tuple[str, list[tuple[str, Face, Face | None]]]] = []
    for nation, group in by_nation.items():
        items: list[tuple[str, Face, Face | None]] = [
            (u.caption or f"{u.front.ident or u.front.unit_type} ({u.front.unit_type})", u.front, u.back) for u in group
        ]
        if nation == "minor":
            items = [
                (caption if u.caption else f"{u.front.abbrev} {caption}", f, b)
                for u, (caption, f, b) in zip(group, items)
            ]
            title = "Units: minor countries"
        else:
            title = f"Units: {scheme(nation).name}"
        sections.append((title, items))
    by_group: dict[str, list[Marker]] = {}
    for marker in markers:
        by_group.setdefault(marker.group, []).append(marker)
    for title, marker_group in by_group.items():
        sections.append((f"Markers: {title}", [(m.name, m.front, m.back) for m in marker_group]))
    return sections


def _face_image(face, px: int) -> Image.Image:
    if hasattr(face, "unit_type"):
        return draw_unit(face, px).image
    return draw_marker(face, px).image


@frozen
class _Grid:
    gap: int  # between the two faces of one counter
    cell_w: int  # a pair plus room between pairs
    caption_h: int
    cell_h: int
    header_h: int
    margin: int
    width: int
    height: int


def _grid(sections, px: int, columns: int) -> _Grid:
    gap = max(2, px // 16)
    cell_w = 2 * px + gap + px // 3
    caption_h = max(12, round(px * 0.36))
    cell_h = px + caption_h + px // 8
    header_h = max(18, round(px * 0.42))
    margin = px // 3
    bands = sum((len(items) + columns - 1) // columns for _, items in sections)
    return _Grid(
        gap,
        cell_w,
        caption_h,
        cell_h,
        header_h,
        margin,
        2 * margin + columns * cell_w,
        2 * margin + len(sections) * header_h + bands * cell_h,
    )


def sheet_size(
    units: Sequence[UnitCounter],
    markers: Sequence[Marker],
    px: int,
    columns: int = 10,
    majors: Collection[str] | None = None,
) -> tuple[int, int]:
    """(width, height) of the sheet ``contact_sheet`` would draw, without drawing it."""
    g = _grid(_sections(units, markers, majors), px, columns)
    return g.width, g.height


def contact_sheet(
    units: Sequence[UnitCounter],
    markers: Sequence[Marker],
    px: int,
    columns: int = 10,
    majors: Collection[str] | None = None,
) -> tuple[Image.Image, SheetStats]:
    """All counters at ``px`` pixels a side, ``columns`` front/back pairs per row; a section
    for each of the game's ``majors`` (the nations.csv rows of a major power), then the minors."""
    sections = _sections(units, markers, majors)
    g = _grid(sections, px, columns)
    gap, cell_w, caption_h, cell_h = g.gap, g.cell_w, g.caption_h, g.cell_h
    header_h, margin, width, height = g.header_h, g.margin, g.width, g.height
    sheet = Image.new("RGB", (width, height), PAPER)
    pen = ImageDraw.Draw(sheet)
    y = margin
    faces = counters = 0
    for title, items in sections:
        block = text.fit(
            title,
            (margin, y + header_h * 0.2, width - margin, y + header_h * 0.9),
            weight="bold",
            max_cap=header_h * 0.5,
            min_px=8,
        )
        block = text.TextBlock(
            block.lines,
            block.weight,
            block.px,
            ((margin - (block.ink[0][0] - block.origins[0][0]), block.origins[0][1]),),
            block.ink,
            block.box,
        )
        text.draw(sheet, block, INK)
        pen.line([(margin, y + header_h - 2), (width - margin, y + header_h - 2)], fill=INK, width=1)
        y += header_h
        for start in range(0, len(items), columns):
            for col, (caption, front, back) in enumerate(items[start : start + columns]):
                x = margin + col * cell_w
                sheet.paste(_face_image(front, px), (x, y + px // 16))
                faces += 1
                if back is not None:
                    sheet.paste(_face_image(back, px), (x + px + gap, y + px // 16))
                    faces += 1
                counters += 1
                box = (x, y + px + px // 16 + 2, x + 2 * px + gap, y + px + px // 16 + caption_h)
                label = text.fit(
                    caption, box, weight="semibold", max_cap=caption_h * 0.42, min_px=7, max_lines=2, gap=0.1
                )
                text.draw(sheet, label, INK)
            y += cell_h
    return sheet, SheetStats(counters=counters, faces=faces)
