"""ZIP archives as VASSAL uses them (.vmod, .vsav, .vlog): careful reading, deterministic writing.

Reading guards against what a hostile or damaged file can do: not a zip, truncated, entry names
that climb out of the archive, and zip bombs (huge declared or actual sizes, absurd ratios).
Writing is deterministic (sorted entries, fixed timestamps and attributes) and atomic (written to
a temporary file beside the target, then renamed), so builds are byte-identical and an interrupted
write never leaves a broken file behind.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import struct
import zipfile
import zlib
from collections.abc import Generator, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Any

from records import frozen
from vassal.errors import FormatError

__all__ = ["Limits", "Archive", "open_archive", "write_archive", "atomic_write", "check_writable"]

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
_MIB = 1 << 20
STORED_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg", ".zip", ".vsav", ".vlog", ".mp3", ".ogg")


@frozen
class Limits:
    """How much an archive may hold before it is refused as damaged or hostile."""

    max_entries: int = 100_000
    max_entry_bytes: int = 512 * 1024 * 1024
    max_total_bytes: int = 2 * 1024 * 1024 * 1024
    max_ratio: int = 1000  # uncompressed / compressed, checked for entries over 1 MiB


class Archive:
    """An open zip archive whose entries are read with limits. Use as a context manager."""

    def __init__(self, path: str | os.PathLike[str], limits: Limits = Limits()):
        self.path = str(path)
        self.limits = limits
        try:
            self._zip = zipfile.ZipFile(self.path)
        except FileNotFoundError:
            raise
        except IsADirectoryError:
            raise
        except zipfile.BadZipFile as exc:
            raise FormatError(_zip_problem(self.path, exc), self.path) from None
        except (OSError, ValueError, EOFError) as exc:
            raise FormatError(f"cannot read as a zip archive ({exc})", self.path) from None
        try:
            self._infos = self._check_index()
        except FormatError:
            self._zip.close()
            raise
        self._read_total = 0

    def _check_index(self) -> dict[str, zipfile.ZipInfo]:
        infos = self._zip.infolist()
        if len(infos) > self.limits.max_entries:
            raise FormatError(f"too many entries ({len(infos)})", self.path)
        declared = 0
        by_name: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename
            _check_entry_name(name, self.path)
            if info.file_size > self.limits.max_entry_bytes:
                raise FormatError(f"entry is too large when unpacked ({info.file_size} bytes)", self.path, name)
            declared += info.file_size
            if declared > self.limits.max_total_bytes:
                raise FormatError("archive is too large when unpacked", self.path)
            by_name.setdefault(name, info)
        return by_name

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()

    def names(self) -> list[str]:
        """Entry names in archive order, directories left out."""
        return [n for n in self._infos if not n.endswith("/")]

    def __contains__(self, name: str) -> bool:
        return name in self._infos

    def size(self, name: str) -> int:
        return self._infos[name].file_size

    def read(self, name: str) -> bytes:
        """The bytes of one entry; FormatError if damaged or bigger than it claims or allows."""
        info, limit, most, bound = self._bounds(name)
        # One read as far as reading 1 MiB at a time and checking after each would have gone
        # before refusing: the same bytes or the same refusal, without joining a copy of a
        # big entry from its pieces (a big save's commands are tens of MB, issue 20).
        try:
            with self._zip.open(info) as stream:
                data = stream.read(bound)
        except (zipfile.BadZipFile, zlib.error) as exc:  # zlib.error: deflate data that is not deflate
            raise FormatError(f"damaged entry ({exc})", self.path, name) from None
        except (OSError, EOFError, ValueError, NotImplementedError, RuntimeError) as exc:
            raise FormatError(f"cannot unpack entry ({exc})", self.path, name) from None
        self._count(name, info, len(data), limit, most)
        return data

    def pieces(self, name: str, size: int, first: int | None = None) -> Generator[bytes, None, None]:
        """The bytes of one entry as :meth:`read` gives them, in pieces of ``size`` bytes (the
        first of ``first``), under the same limits and with the same refusals: a reader that
        works on each piece as it comes never holds a big entry twice over, and memory given
        once is given again to the next piece (a big save's commands: tens of MB, issue 20).
        An entry left before its end counts for nothing against the archive's total."""
        info, limit, most, bound = self._bounds(name)
        got = 0
        try:
            with _inflated(self.path, info) or self._zip.open(info) as stream:
                while got < bound:
                    piece = stream.read(min(first if first is not None and not got else size, bound - got))
                    if not piece:
                        break
                    got += len(piece)
                    if got > limit or got > info.file_size:
                        break  # refused below, as read() refuses it
                    yield piece
        except (zipfile.BadZipFile, zlib.error) as exc:
            raise FormatError(f"damaged entry ({exc})", self.path, name) from None
        except (OSError, EOFError, ValueError, NotImplementedError, RuntimeError) as exc:
            raise FormatError(f"cannot unpack entry ({exc})", self.path, name) from None
        self._count(name, info, got, limit, most)

    def _bounds(self, name: str) -> tuple[zipfile.ZipInfo, int, int, int]:
        """The entry, the most it may unpack to, the most its ratio allows, and how far a read
        goes before it can tell which refusal applies."""
        info = self._infos.get(name)
        if info is None:
            raise FormatError("no such entry in the archive", self.path, name)
        limit = min(self.limits.max_entry_bytes, self.limits.max_total_bytes - self._read_total)
        most = self.limits.max_ratio * max(info.compress_size, 1)  # checked over 1 MiB
        refused = max(min(limit, info.file_size, max(_MIB, most)) + 1, 1)
        return info, limit, most, -(-refused // _MIB) * _MIB

    def _count(self, name: str, info: zipfile.ZipInfo, got: int, limit: int, most: int) -> None:
        """Refuse an entry that unpacked to more than it may; else count it to the total."""
        if got > limit or got > info.file_size:
            raise FormatError("entry unpacks to more than it declares (zip bomb?)", self.path, name)
        if got > _MIB and got > most:
            raise FormatError("entry has an impossible compression ratio (zip bomb?)", self.path, name)
        self._read_total += got

    def read_text(self, name: str) -> str:
        data = self.read(name)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FormatError(f"not UTF-8 text (byte {exc.start})", self.path, name) from None


_INFLATER: Any = None  # the module that inflates and checks entries read in pieces


def _inflater() -> Any:
    """ISA-L's zlib (the same inflate and CRC-32, two and three times as fast: issue 20), or
    the standard library's on a machine without its wheel; imported when first needed."""
    global _INFLATER
    if _INFLATER is None:
        found: Any
        try:
            from isal import isal_zlib as found
        except ImportError:
            found = zlib
        _INFLATER = found
    return _INFLATER


_LOCAL_HEADER = struct.Struct("<4s5H3L2H")  # APPNOTE 4.3.7: signature ... name and extra lengths
_LOCAL_MAGIC = b"PK\x03\x04"
_TAKEN = 1 << 14  # deflated bytes read at a time: about one piece of a save's commands


class _Inflated:
    """An entry's bytes read straight from its deflated (or stored) data: what ``ZipFile.open``
    gives, with its end-of-data and CRC-32 checks, through the fastest inflater at hand. Its
    own file handle: a reader may read other entries while this one is half read."""

    def __init__(self, fh: io.BufferedReader, info: zipfile.ZipInfo):
        self._fh = fh
        self._name = info.filename
        self._crc_wanted = info.CRC
        self._left = info.compress_size  # deflated bytes not yet read
        self._out_left = info.file_size  # inflated bytes not yet given, as ZipExtFile counts
        self._z = _inflater()
        self._inflate = self._z.decompressobj(-15) if info.compress_type == zipfile.ZIP_DEFLATED else None
        self._crc = 0
        self._tail = b""  # deflated bytes read, not yet inflated
        self._done = False

    def __enter__(self) -> _Inflated:
        return self

    def __exit__(self, *exc: object) -> None:
        self._fh.close()

    def read(self, n: int) -> bytes:
        """Up to ``n`` bytes, fewer only at the end (as ``ZipExtFile.read``)."""
        got: list[bytes] = []
        want = n
        while want > 0 and not self._done:
            data = self._more(want)
            if data:
                got.append(data)
                want -= len(data)
        return got[0] if len(got) == 1 else b"".join(got)

    def _more(self, want: int) -> bytes:
        if not self._tail and self._left > 0:
            self._tail = self._fh.read(min(_TAKEN, self._left))
            if not self._tail:
                raise EOFError  # the file ends inside the entry: as ZipExtFile says
            self._left -= len(self._tail)
        if self._inflate is None:
            data, self._tail = self._tail[:want], self._tail[want:]
            self._done = self._left <= 0 and not self._tail
        else:
            try:
                data = self._inflate.decompress(self._tail, want)
            except self._z.error as exc:  # not deflate data: refused as zipfile's zlib.error is
                raise zlib.error(str(exc)) from None
            self._tail = self._inflate.unconsumed_tail
            self._done = self._inflate.eof or (self._left <= 0 and not self._tail)
            if self._done:
                data += self._inflate.flush()
        data = data[: self._out_left]
        self._out_left -= len(data)
        self._done = self._done or self._out_left <= 0
        self._crc = self._z.crc32(data, self._crc)
        if self._done and self._crc != self._crc_wanted:
            raise zipfile.BadZipFile(f"Bad CRC-32 for file {self._name!r}")
        return data


def _inflated(path: str, info: zipfile.ZipInfo) -> _Inflated | None:
    """The entry read by :class:`_Inflated`; None for anything else than a plain deflated or
    stored entry behind a local header that names it (encrypted, another method, damage),
    which ``ZipFile.open`` then reads or refuses in its own words."""
    if info.flag_bits & 0x61 or info.compress_type not in (zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED):
        return None  # encrypted, patched or strongly encrypted; bzip2, lzma ...
    fh = open(path, "rb")  # noqa: SIM115 - closed by _Inflated, or below
    try:
        fh.seek(info.header_offset)
        header = fh.read(_LOCAL_HEADER.size)
        if len(header) == _LOCAL_HEADER.size:
            fields = _LOCAL_HEADER.unpack(header)
            name = fh.read(fields[-2])
            encoding = "utf-8" if info.flag_bits & 0x800 else "cp437"
            if fields[0] == _LOCAL_MAGIC and name.decode(encoding, "replace") == info.orig_filename:
                fh.seek(fields[-1], io.SEEK_CUR)
                return _Inflated(fh, info)
    except OSError:
        pass
    fh.close()
    return None


def open_archive(path: str | os.PathLike[str], limits: Limits = Limits()) -> Archive:
    return Archive(path, limits)


def _zip_problem(path: str, exc: Exception) -> str:
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError:
        return f"not a zip archive ({exc})"
    if size == 0:
        return "empty file, not a zip archive"
    if head.startswith(b"PK\x03\x04"):
        return "damaged or truncated zip archive"
    return "not a zip archive"


def _check_entry_name(name: str, source: str) -> None:
    if "\x00" in name:
        raise FormatError("entry name contains a NUL byte", source, repr(name))
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise FormatError("entry name is an absolute path", source, name)
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if ".." in parts:
        raise FormatError("entry name climbs out of the archive ('..')", source, name)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT/SIGTERM for a moment (they arrive right after), so that a temporary file is
    never created without its name being known to the code that removes it."""
    held = {signal.SIGINT, signal.SIGTERM}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _named(exc: OSError, target: Path) -> OSError:
    """The same OS error, naming the file the caller asked for instead of our temporary one."""
    if exc.errno is None:
        return exc
    return OSError(exc.errno, exc.strerror or str(exc), str(target))


def _nearest_folder(target: Path) -> Path:
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise now (an OSError naming ``path``) if ``atomic_write(path, ...)`` would fail for
    want of a place to write: ``path`` is a folder, a parent is a file, or the nearest
    existing folder does not let us create files (permissions, read-only disk). Tried by
    creating and removing a small temporary file, the one test that holds for every user
    (root included) and file system; nothing is left behind."""
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(target))
    folder = _nearest_folder(target)
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, f"{folder} is not a folder", str(target))
    try:
        with _signals_held():
            import tempfile  # only when writing: reading a save needs none

            fd, probe = tempfile.mkstemp(prefix=".staffwork-", suffix=".tmp", dir=folder)
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write into {folder} ({exc.strerror or exc})", str(target)) from None


def atomic_write(path: str | os.PathLike[str], data: bytes, *, durable: bool = True) -> None:
    """Write bytes to ``path`` through a temporary file in the same folder, then rename.

    The temporary file is removed on any failure or stop (Ctrl-C, SIGTERM raised as an
    exception); OS errors name ``path``, never the temporary file. ``durable`` syncs the bytes
    to the disk before the rename (a few ms a file); a cache whose reader checks every entry
    whole can do without."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with _signals_held():
            import tempfile

            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise _named(exc, target) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes files private; outputs are for sharing
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _named(exc, target) from None
        raise


def write_archive(
    path: str | os.PathLike[str],
    entries: Mapping[str, bytes] | Iterable[tuple[str, bytes]],
    *,
    sort: bool = True,
) -> None:
    """Write a zip deterministically and atomically.

    Entries are sorted by name (unless ``sort`` is False, for formats whose readers care about
    order), carry a fixed 1980-01-01 timestamp and fixed attributes; already-compressed
    payloads (images, nested archives) are stored, the rest deflated. The fixed date is older
    than any tile VASSAL cuts from a module's images, so VASSAL keeps using its tiles for a
    module of the same name and version: a module whose content changes must change its
    version (builder/module/version.py).
    """
    items = list(entries.items()) if isinstance(entries, Mapping) else list(entries)
    names = [n for n, _ in items]
    if len(set(names)) != len(names):
        raise ValueError("duplicate entry names")
    for name in names:
        _check_entry_name(name, str(path))
    if sort:
        items.sort(key=lambda item: item[0])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.create_system = 3
            info.external_attr = 0o644 << 16
            stored = name.lower().endswith(STORED_SUFFIXES)
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=None if stored else 6)
    atomic_write(path, buffer.getvalue())
