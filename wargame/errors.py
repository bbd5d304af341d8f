"""The one error type for bad game data (map, rosters, scenarios, rules settings)."""

from __future__ import annotations

from collections.abc import Iterable


class DataError(ValueError):
    """Game data that cannot be used. ``source`` is the file, ``place`` the line and field."""

    def __init__(self, problem: str, source: str | None = None, place: str | None = None):
        self.problem = problem
        self.source = source
        self.place = place
        super().__init__(": ".join([p for p in (source, place) if p] + [problem]))


def near_miss(word: str, choices: Iterable[str]) -> str:
    """' (did you mean "X"?)' for the closest choice, or '' when nothing is close."""
    import difflib  # only when something is misspelt

    best = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f' (did you mean "{best[0]}"?)' if best else ""
