"""The VASSAL module of a game, built from its data (issue 5: `staffwork build use`).

    build.py    build_module(game, dist, *, cache, board_image, progress) -> BuildReport:
                load, draw (cached), assemble, write setups, validate, pack atomically
    tree.py     the buildFile tree: main map (ZonedGrid: Map Boxes over the hex grid), faction
                cards and tracks maps, palette, prototypes, dice, turn tracker, global
                properties, charts, predefined setups
    pieces.py   prototypes (Common, Supply, Sorties, <Faction> unit), unit and marker pieces
    cards.py    off-map boards (Faction Cards, Turn/Weather/Move tracks, Diplomacy Cup) as
                named rectangles, drawn and zoned from the same data
    charts.py   Sequence of Play, Terrain Key, Supply and EZOC charts in our own words
    setups.py   scenarios as .vsav files: hexes at VASSAL's own snapped point, boxes, tracks
    cache.py    content-hashed image cache under dist/.cache/<game>/
"""

from builder.module.build import BuildReport, build_module

__all__ = ["BuildReport", "build_module"]
