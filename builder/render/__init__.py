"""Counter and marker art, drawn with Pillow from data (USE 4.1-4.4).

    faces.py          what is drawn: CounterFace / UnitCounter / MarkerFace / Marker (frozen)
    style.py          colour schemes and layout from art/*.toml; WCAG contrast; inch/mm -> px
    text.py           text fitted into boxes with the shipped font, never clipped
    symbols.py        NATO symbols, aircraft and ship silhouettes (vector shapes)
    icons.py          marker icons (vector shapes)
    canvas.py         the supersampled face: blank, finish -> Rendered, fit_short
    counters.py       draw_unit(face, px) -> Rendered; render_counter(face, px) -> Image
    markers.py        draw_marker(face, px) -> Rendered; render_marker(face, px) -> Image
    contact_sheet.py  contact_sheet(units, markers, px) -> (Image, SheetStats)
    samples.py        a built-in set showing every unit type and every marker
    content_faces.py  adapter from wargame.content (the game's tables) to faces

The map board: mapart.py (entry points) draws map_scene.py's shapes (map_style.py: the look
from art/map.toml; map_lines.py: line geometry) strip by strip
(map_strips.py, with map_symbols.py, map_features.py, map_margins.py), then the text
(map_text.py, map_labels.py). Nothing here imports builder.sheets: printed pages (counter
sheets, map tiles) are laid out there, from the images drawn here.

Sizes: art/counters.toml says 0.5 in at 160 px/in (80 px) for the module and 300 dpi for
print; any size from 40 px up renders every face of USE.
"""
