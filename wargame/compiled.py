"""Game data compiled once into a fast-loading cache, so a command that only checks a save does
not parse thousands of CSV rows and rebuild the map's adjacency every time it starts.

    compiled(game, part, build) -> object     the part from the cache, or build() stored there
    cache_folder() -> Path | None             where the cache lives (None: no cache)
    digest(game) -> str                       what a game's cache is valid for

A part (the content, the boards, the map data, the displays...) is what one loader of
wargame.games returns, pickled. The cache of a game is valid for one digest: a hash of every
file in the game's folder (and in the folders of the games it borrows from, ``map_from``), of
the folder's own path, of the Python sources of the wargame package outside its rules packs
(the classes pickled and the loaders that make them) and of the Python version. Any change to
any of them gives a new digest, and the stale file is replaced on first use: the cache is never
read for other inputs than the ones it was made from.

The cache lives in ``$STAFFWORK_CACHE`` when it is set (``off``: no cache), else in
``$XDG_CACHE_HOME/staffwork`` or ``~/.cache/staffwork``: never in the installed package, so a
plain install and a designer's ``--data DIR`` both work. A cache folder that cannot be written,
or a file that cannot be read, only costs the time of loading the data from its files.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from wargame.games import Game

ENV_CACHE = "STAFFWORK_CACHE"
FORMAT = b"staffwork-compiled/1\n"
_SKIP_SUFFIXES = (".md", ".pyc")
T = TypeVar("T")

try:  # BLAKE2 alone: hashlib would load OpenSSL too, which costs a command's start
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b

_digests: dict[Path, str] = {}  # game folder -> digest, for this process (cleared with the registry)
_parts: dict[Path, tuple[str, dict[str, bytes]]] = {}  # cache file -> (digest, part -> pickle)


def cache_folder() -> Path | None:
    """The folder of the compiled cache, or None when ``STAFFWORK_CACHE=off``."""
    own = os.environ.get(ENV_CACHE)
    if own is not None:
        return None if own.strip().lower() in ("", "off", "0", "no") else Path(own).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "staffwork"


def clear() -> None:
    """Forget this process's digests and read files (the registry changed its data root)."""
    _digests.clear()
    _parts.clear()


def _files(folder: Path) -> list[Path]:
    """Every file a loader might read in a folder, in a fixed order (docs and caches left out)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        out.extend(Path(dirpath, f) for f in sorted(filenames)
                   if not f.startswith(".") and not f.endswith(_SKIP_SUFFIXES))
    return out


def _code_files() -> list[Path]:
    """The sources of the classes that are pickled and of the loaders that make them: the
    wargame package without its rules packs."""
    here = Path(__file__).resolve().parent
    return [p for p in _files(here) if p.suffix == ".py" and "rules" not in p.relative_to(here).parts]


def _borrowed(game: Game) -> list[Game]:
    """The games whose data this one reads too (game.toml ``map_from``), nearest first."""
    from wargame.games import find_game

    out: list[Game] = []
    current = game
    while isinstance(current.settings.get("map_from"), str) and len(out) < 8:
        try:
            current = find_game(current.settings["map_from"])
        except Exception:  # noqa: BLE001 - the loader reports a bad map_from, with its file
            break
        if current in out or current == game:
            break
        out.append(current)
    return out


def digest(game: Game) -> str:
    """The hash of everything a game's compiled parts are made from (see the module's doc)."""
    found = _digests.get(game.folder)
    if found is not None:
        return found
    h = blake2b(digest_size=20)
    h.update(f"{sys.version_info[:3]}|{sys.implementation.name}|{game.folder.resolve()}".encode())
    for folder in [game.folder, *(g.folder for g in _borrowed(game))]:
        h.update(b"\0folder\0" + str(folder.resolve()).encode())
        for path in _files(folder):
            h.update(b"\0" + str(path.relative_to(folder)).encode() + b"\0")
            h.update(path.read_bytes())
    for path in _code_files():
        h.update(b"\0code\0" + path.name.encode() + b"\0")
        h.update(path.read_bytes())
    found = h.hexdigest()
    _digests[game.folder] = found
    return found


def _file_of(game: Game) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    where = blake2b(str(game.folder.resolve()).encode(), digest_size=6).hexdigest()
    return folder / "compiled" / f"{game.key}-{where}.pickle"


def _read(path: Path, want: str) -> dict[str, bytes]:
    """The parts stored for digest ``want`` ({} when the file is absent, stale or unreadable)."""
    kept = _parts.get(path)
    if kept is not None and kept[0] == want:
        return kept[1]
    parts: dict[str, bytes] = {}
    try:
        raw = path.read_bytes()
        head = FORMAT + want.encode() + b"\n"
        if raw.startswith(head):
            loaded = pickle.loads(memoryview(raw)[len(head):])
            if isinstance(loaded, dict):
                parts = loaded
    except Exception:  # noqa: BLE001 - a damaged or foreign cache file is rebuilt, never trusted
        parts = {}
    _parts[path] = (want, parts)
    return parts


def _write(path: Path, want: str, parts: dict[str, bytes]) -> None:
    """Store the parts atomically (a temporary name, then renamed); silently not when the cache
    folder cannot be written."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(FORMAT + want.encode() + b"\n")
                f.write(pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return


def compiled(game: Game, part: str, build: Callable[[], T], warm: Callable[[T], object] | None = None) -> T:
    """``build()`` of a game as compiled before, or built now and stored for the next process.

    ``warm`` is called on a fresh build before it is stored: derived tables it computes and
    keeps on the object (the map's adjacency) are stored with it."""
    path = _file_of(game)
    if path is None:
        return build()
    want = digest(game)
    parts = _read(path, want)
    blob = parts.get(part)
    if blob is not None:
        try:
            return pickle.loads(blob)
        except Exception:  # noqa: BLE001 - an unreadable part is built again
            pass
    value = build()
    if warm is not None:
        warm(value)
    try:
        blob = _dumps(value)
    except (pickle.PicklingError, TypeError, AttributeError):
        return value  # not picklable: used as built, never stored
    parts = dict(parts)
    parts[part] = blob
    _parts[path] = (want, parts)
    _write(path, want, parts)
    return value


def mapping_proxy(items: dict[Any, Any]) -> MappingProxyType:
    """A read-only mapping again after unpickling (MappingProxyType itself cannot be pickled)."""
    return MappingProxyType(items)


def _dumps(value: object) -> bytes:
    import copyreg
    import io

    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    table = copyreg.dispatch_table.copy()
    table[MappingProxyType] = lambda m: (mapping_proxy, (dict(m),))
    pickler.dispatch_table = table
    pickler.dump(value)
    return out.getvalue()
