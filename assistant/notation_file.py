"""Which files `staffwork check` reads as a position in notation (assistant.notation) rather than
as a save: kept apart from the reader, so a check of a save does not import it."""

from __future__ import annotations

from pathlib import Path

SUFFIXES = (".pos",)  # a file `staffwork check` reads as notation


def is_notation_file(path: str | Path) -> bool:
    return Path(path).suffix.lower() in SUFFIXES
