"""A content-hashed cache of rendered images, so a rebuild with nothing changed skips drawing.

Each image is keyed by a SHA-256 of everything that decides its pixels: what is drawn (the
face data, the size) and a fingerprint of the drawing code and art files. A changed renderer or
art file changes the fingerprint and so every key: stale images are never reused. Entries are
written atomically, so an interrupted build leaves no half-written PNG behind.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path

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


class ImageCache:
    """PNG bytes by key; `folder` None keeps nothing (every image is drawn)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.hits = 0
        self.misses = 0

    def get(self, parts: tuple[object, ...], make: Callable[[], bytes]) -> bytes:
        key = hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()
        path = None if self.folder is None else self.folder / key[:2] / f"{key}.png"
        if path is not None and path.is_file():
            self.hits += 1
            return path.read_bytes()
        self.misses += 1
        data = make()
        if path is not None:
            atomic_write(path, data)
        return data
