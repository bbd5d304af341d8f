"""The ``staffwork`` command: one entry point, one module per subcommand.

Exit status for every subcommand: 0 all well, 1 the check found problems, 2 bad input or usage.
Bad input is reported as one line on standard error, never as a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence

from staffwork.errors import (
    USAGE,
    is_bad_input,
    report_bad_input,
    report_stop,
    sigterm_as_interrupt,
)

# Each name is a module in staffwork.commands with register(subparsers) and run(args) -> int.
SUBCOMMANDS: tuple[str, ...] = ("build", "sheets", "check", "audit", "watch", "inspect", "scenario", "map", "art")

# Commands over in a moment that make many objects and few reference cycles: Python's cyclic
# garbage collector is paused while they run (it would walk every object they made, again and
# again, for nothing: a tenth of a check). Long runs (build, sheets, watch) keep it.
QUICK: tuple[str, ...] = ("check", "inspect")


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message} (try --help)\n")
        raise SystemExit(USAGE)


class _Top(_Parser):
    """The top-level parser: its epilog (the games) is read only when help is shown."""

    def format_help(self) -> str:
        if self.epilog is None:
            self.epilog = _games_line()
        return super().format_help()


class _Version(argparse.Action):
    """--version, looked up only when asked for (importlib.metadata costs a command's start)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: object):
        super().__init__(
            option_strings,
            dest=dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="show the program's version number and exit",
        )

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        sys.stdout.write(_version() + "\n")
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``command``, only that subcommand's module is imported and
    registered (what ``main`` does when the command line names one: a quick start)."""
    parser = _Top(
        prog="staffwork",
        description="Build VASSAL modules, print counter sheets and check saved games for hex-and-counter wargames.",
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument(
        "--data",
        metavar="DIR",
        default=None,
        help="read game data from DIR (a designer's own copy: DIR/scenarios/<game>/ "
        "or DIR/<game>/, and optionally DIR/art/) instead of the installed data",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in SUBCOMMANDS if command is None else (command,):
        importlib.import_module(f"staffwork.commands.{name}").register(sub)
    return parser


def _named_command(argv: Sequence[str]) -> str | None:
    """The subcommand a command line names before anything but --data (None: help, version,
    a typo or no command: then every subcommand is registered, for the full message)."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--data":
            i += 2
            continue
        if word.startswith("--data="):
            i += 1
            continue
        return word if word in SUBCOMMANDS else None
    return None


def _games_line() -> str:
    """The games Staffwork knows, for --help (none named here: the registry lists them)."""
    try:
        from wargame.games import games

        return "Games: " + ", ".join(f"{g.key} ({g.title})" for g in games())
    except Exception:
        return ""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"staffwork {version('staffwork')}"
    except PackageNotFoundError:
        return "staffwork (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    """The ``staffwork`` command; ``argv`` None: the process's own command line (the process
    ends after it), else a command run in a longer process (tests, tools)."""
    whole_process = argv is None
    argv = sys.argv[1:] if argv is None else list(argv)
    command = _named_command(argv)
    collecting = gc.isenabled()
    if command in QUICK:
        gc.disable()
    try:
        return _run(argv, command)
    finally:
        if command in QUICK and whole_process:
            gc.freeze()  # the process ends now: no last collection over all it made (a sixth of a check)
        if collecting:
            gc.enable()


def _run(argv: list[str], command: str | None) -> int:
    parser = build_parser(command)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return USAGE
    try:
        if args.data is not None:
            from wargame.games import use_data_root

            use_data_root(args.data)
        with sigterm_as_interrupt():
            return int(args.func(args))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM (Terminated)
        return report_stop(stop)
    except Exception as exc:
        if is_bad_input(exc):
            report_bad_input(exc)
            return USAGE
        raise
    finally:
        _installed_data()


def _installed_data() -> None:
    """Back to the installed game data after a command that read a --data / --root folder
    (main may run again in the same process: tests, watch)."""
    games = sys.modules.get("wargame.games")  # never imported: no folder was read either
    if games is not None and games.data_root_overridden():
        games.use_data_root(None)


if __name__ == "__main__":
    raise SystemExit(main())
