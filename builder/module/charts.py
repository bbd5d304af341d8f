"""Chart images for the module's Charts window, drawn with Pillow in our own words.

Three charts: the Sequence of Play (1.2, 1.3), a Terrain Key with movement costs (1.3.x,
4.2.1) and a Supply and EZOC summary (1.7, 7.0-7.5). Every line cites the rule it sums up;
none is rulebook text. Each chart is a title plus rows of (left, right) text cells.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from builder.render import text as fit_text
from records import frozen

WIDTH = 1100
ROW = 44


@frozen
class Chart:
    name: str  # chart name in the Charts window
    image: str  # image file in the module
    title: str
    rows: tuple[tuple[str, str], ...]
    swatches: tuple[tuple[int, int, int] | None, ...] = ()


SEQUENCE = Chart("Sequence of Play", "chart_sequence.png", "Sequence of Play (1.2, 1.3) - one turn is one month", (
    ("1 Weather", "Axis rolls for the Cold, Mild and Warm zones; Desert is always Fair (11.1)"),
    ("2 Declare War", "Each faction in turn may declare war on neutrals (10.1)"),
    ("3 Economy", "Production from the factory count and multiplier; transfers (9.1)"),
    ("4 Strategic Warfare", "Axis only: strategic combat, then remove Bombed markers (9.2)"),
    ("5 Strategic Movement", "Home Defense check; move the Strategic Move marker and its unit (4.1)"),
    ("6 Operations", "Per faction: Actions one unit at a time, then Supply Check (6.0, 7.2)"),
    ("7 No Supply", "Attrition of unsupplied units, voluntary elimination (7.5)"),
    ("8 Replacements", "Pay PP to restore a reduced unit or remove 2 Sorties (8.1)"),
    ("9 Upgrade", "Swap a unit for one from the Upgrade box (8.2)"),
    ("10 Mobilization", "Buy units from the Mobilization box (8.3)"),
    ("11 Diplomacy", "Only while Appeasement, the Pact or the Moscow Treaty holds (10.2)"),
    ("12 Victory Check", "Check the scenario's conditions (12.1)"),
    ("13 End of Turn", "Advance the Turn marker; Eliminated box to Mobilization box (12.2)"),
    ("Order", "Every phase: Axis, then Western, then Soviet (1.2)"),
))

TERRAIN = Chart("Terrain Key", "chart_terrain.png", "Terrain Key and ground movement (1.3, 4.2)", (
    ("Clear", "1 MP to enter (4.2.1)"),
    ("Woods", "Rough: 2 MP to enter (1.3.3, 4.2.1)"),
    ("Hills", "Rough: 2 MP to enter (1.3.3, 4.2.1)"),
    ("Swamp", "Rough: 2 MP to enter (1.3.3, 4.2.1)"),
    ("Desert", "Rough: 2 MP to enter; Desert weather zone is always Fair (1.3.3, 1.3.9)"),
    ("River hexside", "+1 MP to cross (4.2.3.1)"),
    ("Transport Line", "Hex and hexside count as Clear along the line (4.2.3.4)"),
    ("City", "Capital, city, factory or port symbol; control changes on entry (1.3.1, 2.3.1)"),
    ("Fort marker", "A unit under the marker occupies the fort (4.2.3.5, 15.12)"),
    ("Movement", "Leg 8 MP, Mobile, air and naval 10 MP; half in Low or No Supply (4.2)"),
), swatches=((226, 232, 190), (120, 168, 104), (190, 160, 118), (140, 190, 170), (240, 222, 160),
             (40, 90, 200), (120, 60, 40), None, None, None))

SUPPLY = Chart("Supply and EZOC", "chart_supply.png", "Supply and Zones of Control - a summary (1.7, 7.0)", (
    ("Supply states", "Full (no marker), Low, No: the unit's Supply layer (7.1)"),
    ("When checked", "Supply Check Sub-Phase, and on activation (7.2)"),
    ("Sources", "Friendly controlled capitals, factories and ports as 7.3 lists"),
    ("Tracing", "A path of hexes free of enemy units and EZOC, friendly units negate (7.4)"),
    ("Map Boxes", "Units in a Map Box are always supplied (7.2)"),
    ("No Supply phase", "Unsupplied units suffer attrition (7.5)"),
    ("ZOC", "Ground units exert ZOC into the six adjacent hexes (1.7)"),
    ("No ZOC", "Units in a fort, in a Map Box, or where a No EZOC marker lies (1.7, 15.12, 15.17)"),
    ("Entering EZOC", "Ground movement stops on entering an enemy ZOC (4.2.3)"),
    ("Leaving EZOC", "Allowed at the start of a move, not from EZOC to EZOC (4.2.3)"),
))

CHARTS = (SEQUENCE, TERRAIN, SUPPLY)


def draw_chart(chart: Chart) -> bytes:
    """The chart as PNG bytes: title bar, then one row per entry, zebra-striped."""
    height = 90 + ROW * len(chart.rows) + 20
    image = Image.new("RGB", (WIDTH, height), (250, 248, 240))
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, WIDTH, 70), fill=(60, 60, 70))
    fit_text.draw(image, fit_text.fit(chart.title, (20, 12, WIDTH - 20, 58)), (250, 250, 250))
    left_w = 260
    lefts, rights, left_boxes, right_boxes = [], [], [], []
    for i, (left, right) in enumerate(chart.rows):
        y = 80 + i * ROW
        if i % 2 == 0:
            pen.rectangle((10, y, WIDTH - 10, y + ROW - 2), fill=(232, 228, 214))
        x = 20
        swatch = chart.swatches[i] if i < len(chart.swatches) else None
        if swatch is not None:
            pen.rectangle((x, y + 8, x + 40, y + ROW - 10), fill=swatch, outline=(40, 40, 40))
            x += 52
        lefts.append(left)
        left_boxes.append((x, y + 8, left_w, y + ROW - 10))
        rights.append(right)
        right_boxes.append((left_w + 20, y + 8, WIDTH - 20, y + ROW - 10))
    for block in fit_text.fit_all(lefts, left_boxes):
        fit_text.draw(image, block, (20, 20, 20))
    for block in fit_text.fit_all(rights, right_boxes, weight="semibold", max_cap=18):
        fit_text.draw(image, block, (20, 20, 20))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()
