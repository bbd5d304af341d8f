"""Progress bars for long work, on standard error.

Shown when standard error is a terminal, or when asked (``--progress``); otherwise silent, so
logs, pipes and tests stay clean. On a terminal the bar redraws in place; elsewhere it prints
a line at each tenth of the work, which reads well in a log file.

The builder never imports this: its long functions take a ``progress(done, total)`` callable,
and a command hands them ``bar.stage("label", "unit")``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

Tally = Callable[[int, int], None]
WIDTH = 24


def _silent(done: int, total: int) -> None:
    return None


class Bar:
    """Draws one stage at a time: ``label [#####-----] done/total unit``."""

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        enabled: bool | None = None,
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.live = _is_terminal(self.stream)
        self.enabled = self.live if enabled is None else enabled
        self.interval = interval
        self.clock = clock
        self._open = False  # a live line is on screen without its newline

    def stage(self, label: str, unit: str = "") -> Tally:
        """A ``progress(done, total)`` callable for one piece of work."""
        if not self.enabled:
            return _silent
        state = {"shown": -1.0, "tenth": -1, "started": self.clock()}

        def tally(done: int, total: int) -> None:
            total = max(total, 1)
            done = min(max(done, 0), total)
            finished = done == total
            now = self.clock()
            if self.live:
                if not finished and now - state["shown"] < self.interval:
                    return
                state["shown"] = now
                self._draw(self._line(label, unit, done, total, now - state["started"]), end="\n" if finished else "")
            else:
                tenth = done * 10 // total
                if tenth == state["tenth"]:
                    return
                state["tenth"] = tenth
                self._draw(self._line(label, unit, done, total, now - state["started"]), end="\n")

        return tally

    def close(self) -> None:
        """End a bar left open (work stopped part way), so the next line starts clean."""
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
            self._open = False

    def _line(self, label: str, unit: str, done: int, total: int, seconds: float) -> str:
        filled = round(WIDTH * done / total)
        counts = f"{done}/{total}" + (f" {unit}" if unit else "")
        return f"{label} [{'#' * filled}{'-' * (WIDTH - filled)}] {counts}, {seconds:.0f} s"

    def _draw(self, text: str, end: str) -> None:
        if self.live:
            self.stream.write("\r\x1b[2K" + text + end)
        else:
            self.stream.write(text + end)
        self.stream.flush()
        self._open = self.live and not end


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show progress bars even when standard error is not a terminal (they show by default on a terminal)",
    )


def bar_for(args: argparse.Namespace) -> Bar:
    """The bar a command uses: on a terminal unless --quiet, or wherever --progress asks."""
    if getattr(args, "progress", False):
        return Bar(enabled=True)
    if getattr(args, "quiet", False):
        return Bar(enabled=False)
    return Bar()
