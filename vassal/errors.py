"""The one error type for bad VASSAL input.

Every reader in this package raises :class:`FormatError` for input it cannot accept, so a
command-line front end can print one line (file, place, problem) and exit with status 2.
"""

from __future__ import annotations


class FormatError(ValueError):
    """Input that is not a valid VASSAL file or string.

    ``source`` names the file (or entry inside an archive), ``place`` says where inside it
    (an entry name, a line, a command index, a trait), ``problem`` says what is wrong.
    """

    def __init__(self, problem: str, source: str | None = None, place: str | None = None):
        self.problem = problem
        self.source = source
        self.place = place
        super().__init__(self.line())

    def line(self) -> str:
        parts = [p for p in (self.source, self.place) if p]
        return ": ".join(parts + [self.problem])

    def within(self, source: str | None = None, place: str | None = None) -> FormatError:
        """The same error with a file or place filled in where it was not known before."""
        return FormatError(
            self.problem,
            self.source or source,
            self.place or place,
        )
