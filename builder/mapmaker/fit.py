"""Fit the geography to the USE hex numbering: projection, affine fit, thin-plate-spline warp.

The printed USE map is art, not a projection: its rows and columns stretch from place to place
(London 2611, Calais 2813 and Paris 3014 are two rows apart each though Calais is four times
nearer London than Paris). So the compile fits an affine map from the projection to the grid's
pixel plane over the control points, then bends it with a thin-plate spline through the
residuals so that every control point sits at the centre of its hex (or the middle of its
hexside). Far from the points the spline tends to the affine map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike
from scipy.interpolate import RBFInterpolator

from builder.mapmaker.inputs import field as get
from builder.mapmaker.inputs import read_toml
from records import frozen
from wargame.errors import DataError
from wargame.grid import Grid, Layout


@frozen
class ControlPoint:
    name: str
    lon: float
    lat: float
    kind: str  # "hex", "side" or "adjacent"
    target: str  # the hex id, hexside id, or the hex it is adjacent to
    rule: str


@frozen
class Placed:
    """A control point with the hex it was given and where the fit put it."""

    point: ControlPoint
    hex_id: str  # the hex that holds it, or for a side the hexside id "AAAA/BBBB"
    target: tuple[float, float]  # pixel position asked for
    affine_error: float  # distance from target after the affine fit alone, in hex widths
    final_hex: str  # the hex the warped point falls in (either hex of a side)

    @property
    def inside(self) -> bool:
        return self.final_hex in self.hex_id.split("/")

    final_error: float  # distance from target after the warp, in hex widths


def read_control_points(path: Path) -> list[ControlPoint]:
    data = read_toml(path)
    points = []
    for i, e in enumerate(data.get("point", [])):
        place = f"point {i + 1}"
        name = get(e, "name", str, str(path), place)
        place = f"point {i + 1} ({name})"
        kinds = [k for k in ("hex", "side", "adjacent_to") if k in e]
        if len(kinds) != 1:
            raise DataError('give exactly one of "hex", "side" or "adjacent_to"', str(path), place)
        kind = kinds[0]
        points.append(
            ControlPoint(
                name=name,
                lon=get(e, "lon", float, str(path), place),
                lat=get(e, "lat", float, str(path), place),
                kind="adjacent" if kind == "adjacent_to" else kind,
                target=get(e, kind, str, str(path), place),
                rule=get(e, "rule", str, str(path), place, ""),
            )
        )
    if len(points) < 4:
        raise DataError("at least four control points are needed for the fit", str(path))
    return points


class Projection:
    """lon/lat degrees to a plane: "lonlat" (the identity) or "laea" (km, through pyproj)."""

    def __init__(self, kind: str, lat0: float = 48.0, lon0: float = 18.0):
        if kind not in ("lonlat", "laea"):
            raise DataError(f'projection kind must be "lonlat" or "laea", not "{kind}"')
        self.kind = kind
        self._tr = None
        if kind == "laea":
            import pyproj

            self._tr = pyproj.Transformer.from_crs(
                "EPSG:4326", f"+proj=laea +lat_0={lat0} +lon_0={lon0} +ellps=WGS84 +units=km", always_xy=True
            )

    def __call__(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        lon, lat = np.asarray(lon, float), np.asarray(lat, float)
        if self._tr is None:
            return np.stack([lon, lat], axis=-1)
        x, y = self._tr.transform(lon, lat)
        return np.stack([x, y], axis=-1)


@dataclass
class Warp:
    """lon/lat -> grid pixels of the unit layout, and back."""

    projection: Projection
    affine: np.ndarray  # 3x2: [X, Y, 1] @ affine = pixel
    spline: RBFInterpolator
    placed: list[Placed] = field(default_factory=list)

    def forward(self, lon: ArrayLike, lat: ArrayLike) -> np.ndarray:
        """Pixel positions (n, 2) of the given points."""
        p = self.projection(np.ravel(lon), np.ravel(lat))
        if len(p) == 0:
            return np.zeros((0, 2))
        out = np.empty_like(p)
        step = 200_000
        for i in range(0, len(p), step):
            out[i : i + step] = self.spline(p[i : i + step])
        return out

    def inverse(self, xy: np.ndarray) -> np.ndarray:
        """lon/lat (n, 2) of pixel positions, by Newton steps on the forward map."""
        xy = np.asarray(xy, float).reshape(-1, 2)
        a = self.affine
        # Start from the inverse of the affine part (exact for lonlat, close for laea).
        lin = np.linalg.inv(a[:2])
        guess = (xy - a[2]) @ lin
        if self.projection.kind == "laea":
            import pyproj

            assert self.projection._tr is not None  # a laea projection has its transformer
            tr = pyproj.Transformer.from_crs(self.projection._tr.target_crs, "EPSG:4326", always_xy=True)
            lon, lat = tr.transform(guess[:, 0], guess[:, 1])
            guess = np.stack([lon, lat], axis=-1)
        h = 1e-4
        for _ in range(8):
            f = self.forward(guess[:, 0], guess[:, 1])
            fx = self.forward(guess[:, 0] + h, guess[:, 1])
            fy = self.forward(guess[:, 0], guess[:, 1] + h)
            j = np.stack([(fx - f) / h, (fy - f) / h], axis=-1)  # j[:, i, k] = d pixel_i / d ll_k
            err = f - xy
            step = np.linalg.solve(j, err[..., None])[..., 0]
            guess = guess - step
            if np.abs(err).max() < 1e-6:
                break
        return guess


def fit(
    points: list[ControlPoint], grid: Grid, layout: Layout, projection: Projection, source: str = "control_points.toml"
) -> Warp:
    """Affine fit then exact thin-plate spline; adjacency clues resolved to the nearest neighbour."""
    fixed = [p for p in points if p.kind != "adjacent"]
    targets: dict[str, tuple[str, tuple[float, float]]] = {}
    for p in fixed:
        targets[p.name] = _target(p, grid, layout, source)
    warp = _solve(fixed, [targets[p.name][1] for p in fixed], projection)
    for p in points:
        if p.kind == "adjacent":
            anchor = grid.parse(p.target, source, p.name)
            at = warp.forward([p.lon], [p.lat])[0]
            best = min(
                grid.neighbours(anchor),
                key=lambda n: (float(np.hypot(*(np.subtract(grid.center(n, layout), at)))), grid.hex_id(n)),
            )
            targets[p.name] = (grid.hex_id(best), grid.center(best, layout))
    warp = _solve(points, [targets[p.name][1] for p in points], projection)
    proj = projection(np.array([p.lon for p in points]), np.array([p.lat for p in points]))
    aff = np.c_[proj, np.ones(len(points))] @ warp.affine
    final = warp.forward(np.array([p.lon for p in points]), np.array([p.lat for p in points]))
    width = layout.along
    for p, a, f in zip(points, aff, final):
        hex_id, t = targets[p.name]
        fh = grid.hex_at(float(f[0]), float(f[1]), layout)
        warp.placed.append(
            Placed(
                point=p,
                hex_id=hex_id,
                target=t,
                affine_error=float(np.hypot(*(a - t)) / width),
                final_hex=grid.hex_id(fh) if grid.contains(fh) else "off-map",
                final_error=float(np.hypot(*(f - t)) / width),
            )
        )
    return warp


def _target(p: ControlPoint, grid: Grid, layout: Layout, source: str) -> tuple[str, tuple[float, float]]:
    if p.kind == "hex":
        h = grid.parse(p.target, source, p.name)
        return grid.hex_id(h), grid.center(h, layout)
    side = grid.parse_hexside(p.target, source, p.name)
    (ax, ay), (bx, by) = grid.center(side.a, layout), grid.center(side.b, layout)
    return grid.hexside_id(side), ((ax + bx) / 2, (ay + by) / 2)


def _solve(points: list[ControlPoint], targets: list[tuple[float, float]], projection: Projection) -> Warp:
    proj = projection(np.array([p.lon for p in points]), np.array([p.lat for p in points]))
    tgt = np.asarray(targets, float)
    a = np.c_[proj, np.ones(len(points))]
    affine, *_ = np.linalg.lstsq(a, tgt, rcond=None)
    spline = RBFInterpolator(proj, tgt, kernel="thin_plate_spline", degree=1, smoothing=0.0)
    return Warp(projection=projection, affine=affine, spline=spline)
