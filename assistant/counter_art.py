"""The counters a picture draws: which face each piece shows in the save, and that face's image
from the module, so a picture shows the real counter a player sees in VASSAL.

    faces_in(path, step=None) -> {piece id: image name}     the face each piece shows
    CounterArt(module).image(name, size) -> PIL image | None  the module's picture, resized

The face is the piece's own image, or the image of its Side layer when that is active (the
reduced or worded back); badges (supply, Sorties) are left to the picture's own marks.
Reading is only done for pictures; any failure just means tokens without art.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from records import frozen
from wargame import pieceprops as pp


def faces_in(path: str | Path, step: int | None = None) -> dict[str, str]:
    """Piece id -> the image name its counter shows, in a save or in a log after ``step``
    (None: its last step). Empty when the file cannot be read (the picture then draws tokens)."""
    from vassal.errors import FormatError
    from vassal.gamelog import replay_log
    from vassal.piece_view import view
    from vassal.pieces import parse_piece
    from vassal.replay import replay_save
    from vassal.savefile import read_saved_game

    try:
        saved = read_saved_game(path)
        if saved.is_log:
            log = replay_log(saved, source=str(path))
            placed = log.position_after(len(log.steps) if step is None else min(step, len(log.steps)))
        else:
            placed = replay_save(saved, source=str(path))
    except (FormatError, OSError, ValueError):
        return {}
    out: dict[str, str] = {}
    for pid, piece in placed.pieces.items():
        try:
            v = view(parse_piece(piece.type, piece.state, exact=False))
        except (FormatError, ValueError):
            continue
        side = v.layer.get(pp.LAYER_SIDE)
        image = side.image if side is not None and side.active and side.image else v.base_image
        if image:
            out[pid] = image
    return out


@frozen
class CounterArt:
    """The images of a module, read once each and kept at the sizes drawn."""

    module: Path

    def image(self, name: str, size: int):
        """The module's ``images/<name>`` as an RGBA image ``size`` pixels wide, or None."""
        st = self.module.stat()
        return _resized(str(self.module), st.st_mtime_ns, name, size)


@lru_cache(maxsize=4096)
def _resized(module: str, mtime_ns: int, name: str, size: int):
    from PIL import Image

    data = _entry(module, mtime_ns, name)
    if data is None:
        return None
    try:
        with Image.open(io.BytesIO(data)) as im:
            if im.width * im.height > 4_000_000:
                return None  # no counter is that big
            rgba = im.convert("RGBA")
            height = max(1, round(rgba.height * size / max(rgba.width, 1)))
            return rgba.resize((size, height), Image.Resampling.LANCZOS)
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


@lru_cache(maxsize=2)
def _images(module: str, mtime_ns: int) -> dict[str, bytes]:
    """Every small image of the module (counters, badges; not the boards), read in one go."""
    from vassal.archive import open_archive
    from vassal.errors import FormatError

    out: dict[str, bytes] = {}
    try:
        with open_archive(module) as archive:
            for name in archive.names():
                if name.startswith("images/") and archive.size(name) <= 1_000_000:
                    out[name[len("images/") :]] = archive.read(name)
    except (FormatError, OSError):
        return {}
    return out


def _entry(module: str, mtime_ns: int, name: str) -> bytes | None:
    return _images(module, mtime_ns).get(name)
