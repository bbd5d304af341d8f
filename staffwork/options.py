"""Option values checked where argparse reads them: a nonsense number (0, a negative, NaN,
infinity, a size that would take all memory) is one usage line and exit status 2, before any
work starts."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from records import frozen


@frozen
class Range:
    """Usable values from ``low`` to ``high``; ``low`` itself only when ``closed``."""

    low: float
    high: float
    closed: bool = True

    def holds(self, value: float) -> bool:
        above = value >= self.low if self.closed else value > self.low
        return math.isfinite(value) and above and value <= self.high

    def words(self) -> str:
        if self.closed:
            return f"from {self.low:g} to {self.high:g}"
        return f"above {self.low:g} and at most {self.high:g}"


def number_in(usable: Range, kind: type = float) -> Callable[[str], float]:
    """An argparse ``type`` that reads a number (float or int) and refuses one out of range."""

    def read(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a{'n integer' if kind is int else ' number'}") from None
        if not usable.holds(float(value)):
            raise argparse.ArgumentTypeError(f"{text} is out of range: use a value {usable.words()}")
        return value

    read.__name__ = kind.__name__  # argparse names the type in some messages
    return read
