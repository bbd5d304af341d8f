"""Reading designer-edited CSV tables so that every complaint names file, line and column.

A table is a CSV file with a header row. Blank rows and rows whose first cell starts with
"#" are skipped, so a designer can leave notes in a spreadsheet. Cells are stripped.
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, overload

from records import frozen
from wargame.errors import DataError, near_miss

from .model import MONTHS, GameSettings, Month, Timing

_EVENT_RE = re.compile(r"^([a-z][a-z0-9_]*)(?:\+(\d+))?$")
_RULE_RE = re.compile(r"^\d+(\.\d+)*$")
_SEASON_RE = re.compile(r"^(?:([A-Z][a-z]+) )?(1[89]\d\d|20\d\d)$")


@frozen
class Row:
    """One data row: its cells by column name and where it came from."""

    source: str
    line: int
    cells: dict[str, str]

    def place(self, column: str) -> str:
        return f"line {self.line}, column {column}"

    def fail(self, column: str, problem: str) -> DataError:
        return DataError(problem, self.source, self.place(column))

    def text(self, column: str, *, required: bool = True) -> str:
        value = self.cells.get(column, "")
        if required and not value:
            raise self.fail(column, "is empty")
        return value

    def optional(self, column: str) -> str | None:
        return self.cells.get(column, "") or None

    # A required cell is never empty, so choice, integer and month give None only when not required.
    @overload
    def choice(self, column: str, choices: Iterable[str], *, required: Literal[True] = True) -> str: ...
    @overload
    def choice(self, column: str, choices: Iterable[str], *, required: bool) -> str | None: ...
    def choice(self, column: str, choices: Iterable[str], *, required: bool = True) -> str | None:
        value = self.text(column, required=required)
        if not value:
            return None
        options = list(choices)
        if value not in options:
            raise self.fail(column, f'"{value}" is not one of {", ".join(options)}{near_miss(value, options)}')
        return value

    def flag(self, column: str) -> bool:
        value = self.text(column)
        if value not in ("yes", "no"):
            raise self.fail(column, f'"{value}" is not yes or no{near_miss(value.lower(), ["yes", "no"])}')
        return value == "yes"

    @overload
    def integer(self, column: str, low: int, high: int, *, required: Literal[True] = True) -> int: ...
    @overload
    def integer(self, column: str, low: int, high: int, *, required: bool) -> int | None: ...
    def integer(self, column: str, low: int, high: int, *, required: bool = True) -> int | None:
        value = self.text(column, required=required)
        if not value:
            return None
        try:
            number = int(value)
        except ValueError:
            raise self.fail(column, f'"{value}" is not a whole number') from None
        if not low <= number <= high:
            raise self.fail(column, f"{number} is outside {low}..{high}")
        return number

    def items(self, column: str) -> tuple[str, ...]:
        """A ";"-separated list; empty cell = empty tuple."""
        return tuple(p.strip() for p in self.cells.get(column, "").split(";") if p.strip())

    @overload
    def month(self, column: str, *, required: Literal[True] = True) -> Month: ...
    @overload
    def month(self, column: str, *, required: bool) -> Month | None: ...
    def month(self, column: str, *, required: bool = True) -> Month | None:
        value = self.text(column, required=required)
        if not value:
            return None
        try:
            return Month.parse(value)
        except ValueError as exc:
            raise self.fail(column, str(exc)) from None

    def rules(self, column: str) -> tuple[str, ...]:
        refs = self.items(column)
        for ref in refs:
            if not _RULE_RE.match(ref):
                raise self.fail(column, f'"{ref}" is not a rule number like 13.2.2')
        return refs

    def timing(
        self, column: str, places: Sequence[str], events: Iterable[str], seasons: Mapping[str, str] | None = None
    ) -> Timing:
        """A place word, a month ("Jun-41"), an event key with optional turn offset
        ("east_invaded+6"), or in a game with seasonal turns a seasonal box ("Autumn 1940") or a
        year's order of battle ("1941")."""
        value = self.text(column)
        if value in places:
            return Timing(place=value)
        if seasons:
            found = _SEASON_RE.match(value)
            if found and found.group(1) is None:
                year = int(found.group(2))
                return Timing(month=Month(year, MONTHS.index(seasons[next(iter(seasons))]) + 1), year=year)
            if found:
                season, year = found.group(1), int(found.group(2))
                if season not in seasons:
                    raise self.fail(
                        column, f'"{season}" is not a season ({", ".join(seasons)}){near_miss(season, seasons)}'
                    )
                return Timing(month=Month(year, MONTHS.index(seasons[season]) + 1), season=season, year=year)
        if value[:1].isupper():
            return Timing(month=self.month(column))
        m = _EVENT_RE.match(value)
        known = list(events)
        if m and m.group(1) in known:
            return Timing(event=m.group(1), offset=int(m.group(2) or 0))
        word = m.group(1) if m else value
        raise self.fail(
            column,
            f'"{value}" is neither a place ({", ".join(places)}), a month like Jun-41 nor an event '
            f"key with an optional +turns{near_miss(word, [*places, *known])}",
        )


def read_table(path: Path, required: Sequence[str], optional: Sequence[str] = ()) -> Iterator[Row]:
    """Rows of a CSV file whose header must hold ``required`` and may hold ``optional``."""
    source = str(path)
    try:
        handle = path.open(newline="", encoding="utf-8-sig")  # spreadsheets often write a BOM
    except FileNotFoundError:
        raise DataError("file not found", source) from None
    with handle:
        reader = csv.reader(handle)
        try:
            header = [h.strip() for h in next(reader)]
        except StopIteration:
            raise DataError("file is empty (expected a header row)", source, "line 1") from None
        except UnicodeDecodeError:
            raise DataError("is not UTF-8 text", source) from None
        known = [*required, *optional]
        for name in header:
            if name not in known:
                raise DataError(f'unknown column "{name}"{near_miss(name, known)}', source, "line 1")
        if len(set(header)) != len(header):
            twice = sorted({h for h in header if header.count(h) > 1})
            raise DataError(f"column {twice[0]} appears twice", source, "line 1")
        for name in required:
            if name not in header:
                raise DataError(f"missing column {name}", source, "line 1")
        line = reader.line_num
        try:
            for cells in reader:
                start, line = line + 1, reader.line_num
                if not any(c.strip() for c in cells) or cells[0].strip().startswith("#"):
                    continue
                if len(cells) > len(header):
                    raise DataError(
                        f"has {len(cells)} cells but the header has {len(header)} columns",
                        source,
                        f"line {start}",
                    )
                values = {h: (cells[i].strip() if i < len(cells) else "") for i, h in enumerate(header)}
                yield Row(source, start, values)
        except UnicodeDecodeError:
            raise DataError("is not UTF-8 text", source, f"after line {line}") from None
        except csv.Error as exc:
            raise DataError(f"cannot be read as CSV ({exc})", source, f"line {reader.line_num}") from None


class TomlDoc:
    """A parsed TOML file whose errors point at the line of the setting or value concerned."""

    def __init__(self, source: str, text: str, data: dict[str, Any]):
        self.source, self.lines, self.data = source, text.splitlines(), data

    @classmethod
    def read(cls, path: Path) -> TomlDoc:
        source = str(path)
        try:
            text = path.read_text(encoding="utf-8-sig")
            return cls(source, text, tomllib.loads(text))
        except FileNotFoundError:
            raise DataError("file not found", source) from None
        except UnicodeDecodeError:
            raise DataError("is not UTF-8 text", source) from None
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"is not valid TOML ({exc})", source) from None

    def line_of(self, key: str, value: str | None = None) -> int | None:
        """First line holding the quoted ``value``, else the first that sets ``key`` or opens ``[key]``."""
        if value is not None:
            for number, line in enumerate(self.lines, start=1):
                if f'"{value}"' in line:
                    return number
        pattern = re.compile(rf"^\s*(\[+\s*)?{re.escape(key)}\b")
        for number, line in enumerate(self.lines, start=1):
            if pattern.match(line):
                return number
        return None

    def fail(self, key: str, problem: str, value: str | None = None) -> DataError:
        line = self.line_of(key.split(".")[-1], value)
        return DataError(problem, self.source, f"line {line}, {key}" if line else key)

    def only(self, known: Sequence[str]) -> None:
        """Refuse top-level settings not in ``known``."""
        for name in self.data:
            if name not in known:
                raise self.fail(name, f'unknown setting "{name}"{near_miss(name, known)}')

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if not isinstance(value, str) or not value:
            raise self.fail(key, "must be a non-empty text" if key in self.data else "is missing")
        return value

    def month(self, key: str) -> Month:
        text = self.text(key)
        try:
            return Month.parse(text)
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(key, "must be a list of names" if key in self.data else "is missing")
        return tuple(value)

    def names(self, key: str, known: Mapping[str, Any], what: str, *, required: bool = True) -> tuple[str, ...]:
        """A list of keys of ``known``, each at most once."""
        if key not in self.data and not required:
            return ()
        value = self.strings(key) if self.data.get(key) != [] else ()
        for name in value:
            if name not in known:
                raise self.fail(key, f'no {what} "{name}"{near_miss(name, known)}', name)
        if len(set(value)) != len(value):
            raise self.fail(key, "lists a name twice")
        return value


# -- checks the content tables share ----------------------------------------------------------


def _ref(row: Row, column: str, value: str | None, known: Mapping[str, Any] | Iterable[str], what: str) -> None:
    """Fail unless ``value`` (when given) names one of ``known``."""
    options = list(known)
    if value is not None and value not in options:
        raise row.fail(column, f'no {what} "{value}"{near_miss(value, options)}')


def _flag(row: Row, column: str) -> bool:
    """An optional yes/no column: no when the table leaves it out."""
    return row.flag(column) if column in row.cells else False


def _ours(row: Row) -> bool:
    """The optional ``ours`` flag: a value of the row is ours, not the game's text."""
    return row.flag("ours") if "ours" in row.cells else False


def _timing_in_game(row: Row, column: str, timing: Timing, settings: GameSettings) -> Timing:
    if timing.year is not None:
        if not settings.first_turn.year <= timing.year <= settings.last_turn.year:
            raise row.fail(column, f"{timing} is outside the game ({settings.first_turn} to {settings.last_turn})")
        return timing
    if timing.month is not None and not settings.first_turn <= timing.month <= settings.last_turn:
        raise row.fail(column, f"{timing.month} is outside the game ({settings.first_turn} to {settings.last_turn})")
    if timing.month is not None and timing.season is None and not settings.is_turn(timing.month):
        raise row.fail(column, settings.not_a_turn(timing.month))
    return timing
