"""The VASSAL module of a game, built from its data (issue 5: `staffwork build use`).

build.py    build_module(game, dist, *, cache, board_image, progress, stage) -> BuildReport:
            load, draw (cached), assemble, write setups, validate, pack atomically
version.py  the module version: the hand-kept number + a digest of the content, so that
            VASSAL's tile cache (keyed by name and version) never shows an older board
tree.py     the buildFile tree: main map (ZonedGrid: Map Boxes over the hex grid), faction
            cards and tracks maps, palette, prototypes, dice, charts, predefined setups
spec.py     ModuleSpec, what the tree is made from, and the names its builders share
game_state.py  global properties, the menus that change them, the turn tracker
decks.py    draw piles: the factions' decks of option cards, the draw cup
images.py   every picture but the boards, asked of the image cache (counters, cards, charts)
palettes.py every piece with its gpid, and the palettes (units, markers, cards) holding them
pieces.py   prototypes (Common, Supply, Sorties, <Faction> unit), unit and marker pieces
cards.py    off-map boards (Faction Cards, Turn/Weather/Move tracks, Diplomacy Cup) as
            named rectangles, drawn and zoned from the same data
charts.py   Sequence of Play, Terrain Key, Supply and EZOC charts in our own words
setups.py   scenarios as .vsav files: hexes at VASSAL's own snapped point, boxes, tracks
cache.py    content-hashed image cache under dist/.cache/<game>/ (damaged entries redrawn)
"""

from builder.module.build import BuildReport, build_module

__all__ = ["BuildReport", "build_module"]
