"""Which exceptions mean "bad input" and how to print them: one line, exit status 2.

Also how a stop is reported: Ctrl-C (SIGINT) and SIGTERM both unwind the command as an
exception, so every ``finally`` and every temporary-file clean-up runs, and end in one line
with the shell's usual status (130, 143).
"""

from __future__ import annotations

import errno
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

OK, PROBLEMS, USAGE = 0, 1, 2
INTERRUPTED, TERMINATED = 128 + signal.SIGINT, 128 + signal.SIGTERM

# OS errors about the place the user named (not our bugs): one line, exit status 2
_PLACE_ERRNOS = frozenset(
    {
        errno.EACCES,
        errno.EPERM,
        errno.EROFS,
        errno.ENOSPC,
        errno.EDQUOT,
        errno.ENOTDIR,
        errno.EISDIR,
        errno.ENOENT,
        errno.ENAMETOOLONG,
        errno.ELOOP,
        errno.EEXIST,
        errno.EFBIG,
    }
)


class InputError(ValueError):
    """Bad input found by the command layer itself (a missing file, a wrong option value)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so the command stops the way Ctrl-C stops it."""


def _bad_input_types() -> tuple[type[BaseException], ...]:
    from vassal.errors import FormatError

    types: list[type[BaseException]] = [
        InputError,
        FormatError,
        FileNotFoundError,
        IsADirectoryError,
        PermissionError,
        NotADirectoryError,
    ]
    try:
        from wargame.errors import DataError  # the game-data loader's error, once it exists
    except ImportError:
        pass
    else:
        types.append(DataError)
    return tuple(types)


def is_bad_input(exc: BaseException) -> bool:
    if isinstance(exc, OSError) and exc.filename and exc.errno in _PLACE_ERRNOS:
        return True
    return isinstance(exc, _bad_input_types())


def report_bad_input(exc: BaseException) -> None:
    if isinstance(exc, OSError) and exc.filename:
        text = f"{exc.filename}: {exc.strerror or exc}"
    else:
        text = str(exc)
    sys.stderr.write(f"staffwork: {text}\n")


def report_stop(exc: KeyboardInterrupt) -> int:
    """One line for Ctrl-C or SIGTERM; the exit status a shell expects for that signal."""
    if isinstance(exc, Terminated):
        sys.stderr.write("staffwork: terminated\n")
        return TERMINATED
    sys.stderr.write("staffwork: interrupted\n")
    return INTERRUPTED


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` (in the main thread), as Ctrl-C raises
    KeyboardInterrupt; the handler that was there before comes back afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
