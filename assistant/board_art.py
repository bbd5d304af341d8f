"""The board a check, audit or watch picture is drawn over: a module's board image, or a PNG the
user gives (``--board-image``). Either is checked before any drawing, and a board that cannot be
read (truncated, a pixel bomb, not an image, the wrong size) is one DataError line, never a crash.

    module_board_image(module, cache=None, board=None) -> BoardArt | None
    board_image_file(path, size) -> BoardArt          a user's PNG of the board's exact size
    BoardArt.at_scale(scale) -> (image, pixels per board pixel)
"""

from __future__ import annotations

import contextlib
import io
from functools import lru_cache
from pathlib import Path

from records import frozen
from vassal.archive import open_archive
from wargame.errors import DataError

MAX_BOARD_PIXELS = 60_000_000  # a whole board (USE's is 34 Mpx); more is a pixel bomb, not a map


def _image_module():
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = max(Image.MAX_IMAGE_PIXELS or 0, MAX_BOARD_PIXELS)
    return Image


@frozen
class BoardArt:
    """A board image, decoded only when a picture needs it.

    ``module`` is the module file (``entry`` its image inside) or, with ``entry`` empty, a PNG
    file. The full USE board takes most of a second to decode, so with a ``cache`` folder a
    half-size copy is kept there (named by the module's size and time, so a rebuilt module gets
    a new one); pictures drawn at half size or less read that instead. A folder that cannot be
    written only means no copy is kept.
    """

    module: Path
    entry: str  # the image's name in the archive ("" : ``module`` is the image file itself)
    size: tuple[int, int]  # full size, from the PNG header
    cache: Path | None = None

    @property
    def where(self) -> str:
        return f"{self.module}: {self.entry}" if self.entry else str(self.module)

    def full(self):
        st = self.module.stat()
        return _decoded(str(self.module), st.st_size, st.st_mtime_ns, self.entry)

    def at_scale(self, scale: float):
        """(image, its pixels per board pixel) good enough to draw at ``scale``."""
        if scale <= 0.5:
            half = self._half()
            return half, half.width / self.size[0]
        return self.full(), 1.0

    def _half(self):
        from vassal.archive import atomic_write

        st = self.module.stat()
        if self.cache is None:
            return self.full().reduce(2)
        cached = self.cache / f"{self.module.stem}-{st.st_size}-{st.st_mtime_ns}-{Path(self.entry).stem}-half.png"
        if cached.is_file():
            try:
                with _image_module().open(cached) as image:
                    return image.convert("RGB")
            except (OSError, ValueError):
                pass  # a damaged copy: make it again
        half = self.full().reduce(2)
        buf = io.BytesIO()
        half.save(buf, format="PNG", compress_level=1)
        with contextlib.suppress(OSError):  # no cache written: the next run makes it again
            atomic_write(cached, buf.getvalue())
        return half


@lru_cache(maxsize=2)
def _decoded(module: str, size: int, mtime_ns: int, entry: str):
    """The full board image as it is now (kept for `staffwork watch`); DataError when it
    cannot be decoded."""
    where = f"{module}: {entry}" if entry else module
    pil_image = _image_module()
    try:
        if entry:
            with open_archive(module) as archive:
                data = archive.read(entry)
        else:
            data = Path(module).read_bytes()
        image = pil_image.open(io.BytesIO(data))
        image.load()
    except (OSError, ValueError, pil_image.DecompressionBombError) as exc:  # truncated, not an image
        raise DataError(f"the board image cannot be read ({exc})", where) from None
    return image if image.mode == "RGB" else image.convert("RGB")


def _header_size(data: bytes, where: str) -> tuple[int, int]:
    """The image's size from its header, refusing what is no image or too big to be a board."""
    pil_image = _image_module()
    try:
        with pil_image.open(io.BytesIO(data)) as header:  # reads the size only
            size = header.size
    except pil_image.DecompressionBombError:
        raise DataError("the board image has more pixels than any board: no board is that big", where) from None
    except (OSError, ValueError) as exc:
        raise DataError(f"the board image cannot be read ({exc})", where) from None
    if size[0] * size[1] > MAX_BOARD_PIXELS or min(size) < 1:
        raise DataError(f"the board image is {size[0]} x {size[1]} pixels, no board is that big", where)
    return size


def module_board_image(
    module: str | Path | None, cache: Path | None = None, board: str | None = None
) -> BoardArt | None:
    """The image of a board of the module's main map (``board`` by name, else the first; for
    our builds, the map art), or None when there is no module or it has no such image. The
    picture is drawn over it; ``cache`` is a folder for its half-size copy (BoardArt). Its
    header is read here: DataError when it is no image or a pixel bomb."""
    from vassal.module import read_module

    if module is None or not Path(module).is_file():
        return None
    mod = read_module(module)
    found = next(
        (
            b
            for m in mod.root.iter("VASSAL.build.module.Map")
            for b in m.iter("VASSAL.build.module.map.boardPicker.Board")
            if board is None or b.get("name") == board
        ),
        None,
    )
    name = f"images/{found.get('image')}" if found is not None and found.get("image") else None
    if name is None or name not in mod.entries:
        return None
    with open_archive(module) as archive:
        data = archive.read(name)
    return BoardArt(Path(module), name, _header_size(data, f"{module}: {name}"), cache)


def board_image_file(path: str | Path, size: tuple[int, int]) -> BoardArt:
    """A PNG the user gives as the board: an image of exactly ``size`` (the board's pixels, so
    hexes land where they belong); DataError otherwise, before anything is drawn."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read it ({exc.strerror or exc})", str(p)) from None
    found = _header_size(data, str(p))
    if found != tuple(size):
        raise DataError(
            f"the board image is {found[0]} x {found[1]} pixels; the board is {size[0]} x {size[1]}", str(p)
        )
    return BoardArt(p, "", found)
