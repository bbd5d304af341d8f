"""Game data compiled once into a fast-loading cache, so a command that only checks a save does
not parse thousands of CSV rows and rebuild the map's adjacency every time it starts.

    compiled(game, part, build, warm=None) -> object   the part from the cache, or build() stored
    toml_file(path) -> dict                            a TOML file as tomllib reads it, kept too
    cache_folder() -> Path | None                      where the cache lives (None: no cache)
    digest(game) -> str                                what a game's cache is valid for

A part (the content, the boards, the map data, the displays...) is what one loader of
wargame.games returns, pickled. A game's cache file is valid for one digest: a hash of the
contents of every file in the game's folder (and in the folders of the games it borrows from,
``map_from``), of the folders' own paths, of the Python sources of the wargame package outside
its rules packs (the classes pickled and the loaders that make them) and of the Python version.
Any change to any of them gives a new digest, and the file is made again on first use: a cache
is never read for other inputs than the ones it was made from.

Hashing every input costs a few milliseconds, a good part of a check, so the file also keeps
each input's signature (size, modification and change times, inode) as it was when the digest
was taken. Inputs whose signatures are all unchanged, and were last changed well before that
moment, are the same inputs (git's index does the same); otherwise their contents are hashed
again and the digest compared. A file changed within the file system clock's resolution of the
moment the signature was taken is always hashed (the "racy" case of git).

The cache lives in ``$STAFFWORK_CACHE`` when it is set (``off``: no cache), else in
``$XDG_CACHE_HOME/staffwork`` or ``~/.cache/staffwork``: never in the installed package, so a
plain install and a designer's ``--data DIR`` both work. A cache folder that cannot be written,
or a file that cannot be read, only costs the time of loading the data from its files.
"""

from __future__ import annotations

import os
import pickle
import sys
import time
from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from wargame.games import Game

try:  # BLAKE2 alone: hashlib would load OpenSSL too, which costs a command's start
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b

ENV_CACHE = "STAFFWORK_CACHE"
FORMAT = b"staffwork-compiled/2\n"
RACY_NS = 2_000_000_000  # inputs changed this close to the signature's moment are hashed again
_SKIP_SUFFIXES = (".md", ".pyc")
T = TypeVar("T")

Signature = tuple[tuple[str, int, int, int, int], ...]


class _Stored:
    """One game's cache file as read: its digest, the inputs' signature and when it was
    taken, and the pickled parts."""

    __slots__ = ("digest", "parts", "signature", "taken")

    def __init__(self, digest: str, signature: Signature, taken: int, parts: dict[str, bytes]):
        self.digest = digest
        self.signature = signature
        self.taken = taken
        self.parts = parts


_valid: dict[Path, _Stored] = {}  # cache file -> its checked contents, for this process


def cache_folder() -> Path | None:
    """The folder of the compiled cache, or None when ``STAFFWORK_CACHE=off``."""
    own = os.environ.get(ENV_CACHE)
    if own is not None:
        return None if own.strip().lower() in ("", "off", "0", "no") else Path(own).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "staffwork"


def clear() -> None:
    """Forget what this process read (the registry changed its data root)."""
    _valid.clear()


def _files(folder: Path, prune: tuple[str, ...] = ()) -> list[Path]:
    """Every file a loader might read in a folder, in a fixed order (docs and caches left out,
    and the folders named in ``prune``, at any depth)."""
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__" and d not in prune)
        out.extend(
            Path(dirpath, f) for f in sorted(filenames) if not f.startswith(".") and not f.endswith(_SKIP_SUFFIXES)
        )
    return out


def _code_files() -> list[Path]:
    """The sources of the classes that are pickled and of the loaders that make them: the
    wargame package without its rules packs."""
    here = Path(__file__).resolve().parent
    return [p for p in _files(here, prune=("rules",)) if p.suffix == ".py"]


def _borrowed(game: Game) -> list[Game]:
    """The games whose data this one reads too (game.toml ``map_from``), nearest first."""
    from wargame.games import find_game

    out: list[Game] = []
    current = game
    while isinstance(current.settings.get("map_from"), str) and len(out) < 8:
        try:
            current = find_game(current.settings["map_from"])
        except Exception:
            break
        if current in out or current == game:
            break
        out.append(current)
    return out


def _inputs(game: Game) -> list[tuple[str, Path, Path]]:
    """(kind, folder, file) of every input of a game's parts, in a fixed order."""
    out = [
        ("data", folder, path)
        for folder in [game.folder, *(g.folder for g in _borrowed(game))]
        for path in _files(folder)
    ]
    here = Path(__file__).resolve().parent
    return out + [("code", here, path) for path in _code_files()]


def _signature(inputs: list[tuple[str, Path, Path]]) -> Signature:
    out = []
    for _kind, _folder, path in inputs:
        st = path.stat()
        out.append((str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
    return tuple(out)


def _hash(game: Game, inputs: list[tuple[str, Path, Path]]) -> str:
    h = blake2b(digest_size=20)
    h.update(f"{FORMAT!r}|{sys.version_info[:3]}|{sys.implementation.name}|{game.folder.resolve()}".encode())
    for kind, folder, path in inputs:
        h.update(f"\0{kind}\0{folder.resolve()}\0{os.path.relpath(path, folder)}\0".encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def digest(game: Game) -> str:
    """The hash of the contents of everything a game's compiled parts are made from."""
    return _hash(game, _inputs(game))


def _file_of(game: Game) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    where = blake2b(str(game.folder.resolve()).encode(), digest_size=6).hexdigest()
    return folder / "compiled" / f"{game.key}-{where}.pickle"


def _load_file(path: Path) -> _Stored | None:
    try:
        raw = path.read_bytes()
        if not raw.startswith(FORMAT):
            return None
        loaded = pickle.loads(memoryview(raw)[len(FORMAT) :])
        return _Stored(loaded["digest"], loaded["signature"], loaded["taken"], dict(loaded["parts"]))
    except Exception:
        return None


def _current(game: Game, path: Path) -> _Stored:
    """The cache file of a game checked against the inputs as they are now: its parts when
    they were made from these inputs, else none (with the digest and signature of now)."""
    kept = _valid.get(path)
    if kept is not None:
        return kept
    inputs = _inputs(game)
    taken = time.time_ns()
    signature = _signature(inputs)
    stored = _load_file(path)
    if stored is not None and stored.signature == signature and all(s[3] < stored.taken - RACY_NS for s in signature):
        found = stored  # unchanged since they were hashed (and not racily so)
    else:
        now = _hash(game, inputs)
        parts = stored.parts if stored is not None and stored.digest == now else {}
        found = _Stored(now, signature, taken, parts)
        if parts:
            _write(path, found)  # the same contents, new signatures: not hashed next time
    _valid[path] = found
    return found


def _write(path: Path, stored: _Stored) -> None:
    """Store the file atomically (a temporary name, then renamed); silently not when the cache
    folder cannot be written."""
    import tempfile

    blob = {"digest": stored.digest, "signature": stored.signature, "taken": stored.taken, "parts": stored.parts}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(FORMAT)
                f.write(pickle.dumps(blob, protocol=pickle.HIGHEST_PROTOCOL))
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
    stored = _current(game, path)
    blob = stored.parts.get(part)
    if blob is not None:
        try:
            return _loads(blob)
        except Exception:
            pass
    value = build()
    if warm is not None:
        warm(value)
    try:
        blob = _dumps(value)
    except (pickle.PicklingError, TypeError, AttributeError):
        return value  # not picklable: used as built, never stored
    stored.parts = {**stored.parts, part: blob}
    _write(path, stored)
    return value


def _loads(blob: bytes) -> Any:
    """Unpickled with the cyclic garbage collector paused: tens of thousands of new objects
    would otherwise set off collections that walk them all again and again (a third of the
    time); nothing made here is garbage."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        return pickle.loads(blob)
    finally:
        if paused:
            gc.enable()


def mapping_proxy(items: dict[Any, Any]) -> MappingProxyType:
    """A read-only mapping again after unpickling (MappingProxyType itself cannot be pickled)."""
    return MappingProxyType(items)


class Deferred(Mapping[Any, Any]):
    """A read-only mapping kept pickled in the compiled cache until it is first used: a part's
    big tables that a check may never look at (a game's unit and marker counters: a check reads
    them off the save's pieces) cost no unpickling then (issue 20)."""

    __slots__ = ("_blob", "_items")

    def __init__(self, items: Mapping[Any, Any], blob: bytes | None = None):
        self._items = items
        self._blob = blob

    def _loaded(self) -> Mapping[Any, Any]:
        if self._blob is not None:
            self._items = _loads(self._blob)
            self._blob = None
        return self._items

    def __getitem__(self, key: Any) -> Any:
        return self._loaded()[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    def __contains__(self, key: object) -> bool:
        return key in self._loaded()

    def get(self, key: Any, default: Any = None) -> Any:
        return self._loaded().get(key, default)

    def keys(self) -> KeysView[Any]:
        return self._loaded().keys()

    def values(self) -> ValuesView[Any]:
        return self._loaded().values()

    def items(self) -> ItemsView[Any, Any]:
        return self._loaded().items()

    def __repr__(self) -> str:
        return repr(self._loaded())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_deferred, (_dumps(self._loaded()),))


def _deferred(blob: bytes) -> Deferred:
    return Deferred({}, blob)


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


class TOMLError(ValueError):
    """A TOML file that tomllib refuses: its TOMLDecodeError again, same message (a caller
    need not import tomllib to catch it)."""


_tomls: dict[str, tuple[Signature, int, bytes]] | None = None  # the TOML cache file, as read


def toml_file(path: Path) -> dict[str, Any]:
    """``tomllib.loads`` of a file's text; raises what reading it raises (OSError,
    UnicodeDecodeError, TOMLError). A check reads a few small TOML files (every game.toml, its
    rules pack's): tomllib's import and parsing were a twentieth of its time (issue 20). So
    the parsed tables are kept in the cache folder by the file's signature (size, change
    times, inode), trusted as the compiled parts' signatures are (not when the file changed
    within the file system clock's resolution of the moment it was read)."""
    global _tomls
    folder = cache_folder()
    st = path.stat()
    key = f"{sys.version_info[:2]}|{os.path.abspath(path)}"
    signature: Signature = ((key, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino),)
    store = folder / "compiled" / "toml.pickle" if folder is not None else None
    if store is not None and _tomls is None:
        stored = _load_tomls(store)
        _tomls = stored if stored is not None else {}
    kept = _tomls.get(key) if store is not None and _tomls is not None else None
    if kept is not None and kept[0] == signature and st.st_ctime_ns < kept[1] - RACY_NS:
        try:
            return pickle.loads(kept[2])  # a fresh dict, as tomllib gives
        except Exception:
            pass
    taken = time.time_ns()
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise TOMLError(str(exc)) from None
    if store is not None and _tomls is not None:
        try:
            _tomls[key] = (signature, taken, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError):
            return data
        _write_tomls(store, _tomls)
    return data


def _load_tomls(path: Path) -> dict[str, tuple[Signature, int, bytes]] | None:
    try:
        raw = path.read_bytes()
        if not raw.startswith(FORMAT):
            return None
        loaded = pickle.loads(memoryview(raw)[len(FORMAT) :])
        return loaded if isinstance(loaded, dict) else None
    except Exception:
        return None


def _write_tomls(path: Path, tables: dict[str, tuple[Signature, int, bytes]]) -> None:
    """Stored atomically; silently not when the cache folder cannot be written."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(FORMAT)
                f.write(pickle.dumps(tables, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return
