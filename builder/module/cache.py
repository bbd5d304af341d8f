"""A content-hashed cache of rendered images, so a rebuild with nothing changed skips drawing.

Each image is keyed by a SHA-256 of everything that decides its pixels: what is drawn (the
face data, the size) and a fingerprint of the drawing code and art files. A changed renderer or
art file changes the fingerprint and so every key: stale images are never reused. Entries are
written atomically, so an interrupted build leaves no half-written PNG behind; they are not
synced to the disk one by one (a thousand syncs were seconds of a cold build), since a read
takes an entry only whole (``png_size``: every chunk's CRC and the end), and one a crash
damaged is drawn again.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import cast

from vassal.archive import atomic_write

REPO = Path(__file__).resolve().parents[2]


def fingerprint(paths: Iterable[Path]) -> str:
    """SHA-256 over the names and bytes of the given files (folders: every file inside)."""
    digest = hashlib.sha256()
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        elif path.is_file():
            files.append(path)
    for f in sorted(set(files)):
        digest.update(str(f.relative_to(REPO) if f.is_relative_to(REPO) else f).encode())
        digest.update(b"\0")
        digest.update(f.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PIXELS = 100_000_000  # far above any board (the USE map is 34 Mpx), far below a pixel bomb


def png_size(data: bytes, max_pixels: int = MAX_PIXELS) -> tuple[int, int] | None:
    """(width, height) of a whole, undamaged PNG, or None: not a PNG, cut short (no IEND), a
    chunk whose CRC does not match, no pixel data, or more pixels than ``max_pixels`` (a
    "pixel bomb": a few bytes that claim a giant image). Cheap: CRCs, no decoding."""
    if not data.startswith(PNG_SIGNATURE):
        return None
    pos, size, idat = len(PNG_SIGNATURE), None, False
    while pos + 12 <= len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        end = pos + 12 + length
        if end > len(data):
            return None
        body = data[pos + 8 : end - 4]
        if zlib.crc32(kind + body) != int.from_bytes(data[end - 4 : end], "big"):
            return None
        if size is None:
            if kind != b"IHDR" or length != 13:
                return None
            width, height = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
            if not (width > 0 and height > 0 and width * height <= max_pixels):
                return None
            size = (width, height)
        idat = idat or kind == b"IDAT"
        if kind == b"IEND":
            return size if idat and end == len(data) else None
        pos = end
    return None


def _any_size(size: tuple[int, int]) -> bool:
    return True


class Pending:
    """An image asked for in a deferred cache, to be drawn with the others (``draw_pending``)."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


class ImageCache:
    """PNG bytes by key; `folder` None keeps nothing (every image is drawn).

    A stored entry is used only when it is a whole PNG (``png_size``) that ``accept`` takes
    (e.g. the board's exact size); a damaged or hostile one is drawn again and replaced.

    With ``deferred``, an image not in the cache is not drawn when asked for: ``get`` gives a
    ``Pending`` and ``draw_pending`` draws them all at once in forked workers (a cold build
    draws a thousand counters; builder.render.forkpool), in the order asked."""

    def __init__(self, folder: Path | None, *, deferred: bool = False) -> None:
        self.folder = folder
        self.deferred = deferred
        self.hits = 0
        self.misses = 0
        self.replaced = 0
        self._pending: list[tuple[Path | None, Callable[[], bytes]]] = []
        self._pending_keys: dict[str, Pending] = {}

    def _path(self, parts: tuple[object, ...]) -> tuple[str, Path | None]:
        key = hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()
        return key, None if self.folder is None else self.folder / key[:2] / f"{key}.png"

    def lookup(
        self, parts: tuple[object, ...], accept: Callable[[tuple[int, int]], bool] = _any_size
    ) -> bytes | Pending | None:
        """The stored image (or the one already waiting to be drawn), None when it must be drawn."""
        key, path = self._path(parts)
        if path is not None and key in self._pending_keys:  # drawn once, then read back: a hit
            self.hits += 1
            return self._pending_keys[key]
        if path is not None and path.is_file():
            try:
                data = path.read_bytes()
            except OSError:
                data = b""
            size = png_size(data)
            if size is not None and accept(size):
                self.hits += 1
                return data
            self.replaced += 1
        return None

    def make(self, parts: tuple[object, ...], make: Callable[[], bytes]) -> bytes | Pending:
        """Draw an image that ``lookup`` did not find (later, in a deferred cache) and store it."""
        key, path = self._path(parts)
        self.misses += 1
        if self.deferred:
            pending = self._pending_keys[key] = Pending(len(self._pending))
            self._pending.append((path, make))
            return pending
        data = make()
        if path is not None:
            atomic_write(path, data, durable=False)
        return data

    def get(
        self,
        parts: tuple[object, ...],
        make: Callable[[], bytes],
        accept: Callable[[tuple[int, int]], bool] = _any_size,
    ) -> bytes | Pending:
        found = self.lookup(parts, accept)
        return self.make(parts, make) if found is None else found

    def draw_pending(self, workers: int, progress: Callable[[int, int], None]) -> list[bytes]:
        """Every pending image drawn, in the order asked, each stored as it comes."""
        from builder.render import forkpool

        todo, self._pending, self._pending_keys = self._pending, [], {}
        drawn: list[bytes | None] = [None] * len(todo)
        progress(0, len(todo))
        with forkpool.as_done(_draw, todo, len(todo), workers) as results:
            for done, (i, data) in enumerate(results, start=1):
                path = todo[i][0]
                if path is not None:
                    atomic_write(path, data, durable=False)
                drawn[i] = data
                progress(done, len(todo))
        if any(data is None for data in drawn):  # pragma: no cover - as_done gives every item
            raise RuntimeError("an image was not drawn")
        return cast(list[bytes], drawn)


def _draw(todo: list[tuple[Path | None, Callable[[], bytes]]], index: int) -> bytes:
    return todo[index][1]()
