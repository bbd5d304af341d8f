"""Which exceptions mean "bad input" and how to print them: one line, exit status 2."""

from __future__ import annotations

import sys

OK, PROBLEMS, USAGE = 0, 1, 2


class InputError(ValueError):
    """Bad input found by the command layer itself (a missing file, a wrong option value)."""


def _bad_input_types() -> tuple[type[BaseException], ...]:
    from vassal.errors import FormatError

    types: list[type[BaseException]] = [InputError, FormatError, FileNotFoundError,
                                        IsADirectoryError, PermissionError, NotADirectoryError]
    try:
        from wargame.errors import DataError  # the game-data loader's error, once it exists
    except ImportError:
        pass
    else:
        types.append(DataError)
    return tuple(types)


def is_bad_input(exc: BaseException) -> bool:
    return isinstance(exc, _bad_input_types())


def report_bad_input(exc: BaseException) -> None:
    if isinstance(exc, OSError) and exc.filename:
        text = f"{exc.filename}: {exc.strerror or exc}"
    else:
        text = str(exc)
    sys.stderr.write(f"staffwork: {text}\n")
