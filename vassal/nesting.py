"""How a piece string nests its levels, read and written as the engine does, in linear time.

A piece is a chain of traits around a base (``counters/Decorator.java``): its type and state
strings list the outermost trait first and the BasicPiece (or ``stack`` / ``deck;``) last, each
level joined to the rest with a TAB-SequenceEncoder, so level k is separated from level k+1 by
a TAB preceded by k backslashes. `vassal.pieces` reads the levels into traits; the replay of a
saved game (`vassal.replay`) and the setup writer (`vassal.savefile`) only need the levels and
what the type says about stacking and hiding (`type_info`).

    split_type(type_str) -> list[str]          level type strings, outermost first
    join_type(levels) -> str
    split_state(state_str, count=None) -> list[str]   count = number of type levels
    join_state(levels) -> str
    type_info(type_str) -> TypeInfo            piece, stack or deck; never stacks; hiding level
    forget_splits()                            a new save is read: drop the splits kept
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from itertools import compress, repeat
from itertools import count as count_from
from operator import is_not, le
from typing import Literal

from records import frozen
from vassal import sequence
from vassal.errors import FormatError
from vassal.sequence import quote_needed

__all__ = [
    "split_type",
    "join_type",
    "split_state",
    "join_state",
    "PieceKind",
    "TypeInfo",
    "SplitLevels",
    "type_levels",
    "type_info",
    "state_levels",
    "forget_splits",
]

TAB = "\t"
PieceKind = Literal["piece", "stack", "deck"]


#
# Reading a level the way the engine does -- a Decoder on the rest of the text, again at every
# level -- costs the whole rest per level: quadratic in the depth, and real pieces are a hundred
# levels deep. Both directions here are linear instead, from one fact: a TAB at depth d of a
# nested text (d levels inside the outermost) carries the d backslashes that the d outer
# encodings put before it, plus one more for every escape of its own. So the delimiter between
# level d and d+1 is the first TAB whose run of backslashes is exactly d, the text at depth d is
# the original text with d backslashes taken from before each of its TABs, and writing puts
# them back. Texts where an inner level is quoted, or where a level has spare tokens (which
# VASSAL never writes), go through an index of every TAB by its run, still linear.

_RUNS = tuple("\\" * k for k in range(258))  # backslash runs, for the depths real pieces have


def _runs(k: int) -> tuple[str, ...]:
    """Backslash runs by length, at least up to ``k``."""
    return _RUNS if k < len(_RUNS) else tuple("\\" * n for n in range(k + 1))


def _strip_runs(text: str, start: int, end: int, remove: int) -> str:
    """``text[start:end]`` with ``remove`` backslashes taken from before each TAB (every TAB in
    the range has at least that many)."""
    token = text[start:end]
    if remove and TAB in token:
        return token.replace("\\" * remove + TAB, TAB)
    return token


def _joined(parts: list[str], first: int, last: int, inner: int, end: int) -> str:
    """``parts[first..last]`` joined by TABs again, with ``inner`` backslashes taken from before
    each of those TABs and ``end`` from the end of the last part."""
    pieces = [p[: len(p) - inner] for p in parts[first:last]] if inner else parts[first:last]
    tail = parts[last]
    pieces.append(tail[: len(tail) - end] if end else tail)
    return TAB.join(pieces)


def _unquote(token: str) -> str:
    return token[1:-1] if len(token) > 1 and token[0] == "'" and token[-1] == "'" else token


def _too_few(found: int, count: int) -> FormatError:
    return FormatError(f"the state has {found} level(s) but the type has {count}")


def _split_levels(text: str, count: int | None, raw_last: bool) -> list[str]:
    """The levels of a nested text as the engine reads them, outermost first.

    Each level is the first TAB-token at its depth (further tokens are dropped); the last is
    the whole text at its depth, decoded as one token (type) or kept raw (``raw_last``, state).
    With ``count`` there are exactly that many levels (FormatError if the text has fewer).
    """
    levels = _split_canonical(text, count, raw_last)
    return _split_any(text, count, raw_last) if levels is None else levels


def _split_canonical(text: str, count: int | None, raw_last: bool) -> list[str] | None:
    """One ``str.split`` and a look at the backslashes that end each piece; None when a level
    is quoted or a level has spare tokens (a TAB with fewer backslashes than its depth): those
    go to :func:`_split_any`.

    Where pieces end in runs of exactly depth, depth + 1, ... backslashes (levels with no TAB
    of their own, most levels of real pieces) a whole stretch of levels is found by one scan
    in C (``map`` over ``str.endswith``) and taken at once; the loop turns once per stretch and
    per TAB of a level's own, not once per level (issue 20)."""
    parts = text.split(TAB)
    last = len(parts) - 1
    runs = _runs(last + 1)
    levels: list[str] = []
    stop = -1 if count is None else count - 1
    depth = first = j = 0  # parts[first] starts the level at this depth; parts[j] is looked at
    while j < last and depth != stop:
        if first == j and depth and last - j >= _STRETCH:  # (depth 0: one level, then stretches)
            end = last if stop < 0 else min(last, j + stop - depth)
            m = _regular_until(parts, j, end, runs, depth)
            if m > j:  # parts j..m-1 end the levels at depth, depth + 1, ...
                stretch = list(map(str.removesuffix, parts[j:m], runs[depth : depth + m - j]))
                # the inner texts start where these levels (but the first) and part m start
                if "\t'" in TAB.join(stretch) or parts[m].startswith("'"):
                    return None  # an inner text may be quoted
                levels += stretch
                depth += m - j
                first = j = m
                continue
        part = parts[j]  # it ends where a TAB was, after the run of backslashes of that TAB
        if not part.endswith(runs[depth]):
            return None  # fewer than ``depth``: a spare token of an outer level
        if len(part) > depth and part[-depth - 1] == "\\":
            j += 1  # more: a TAB inside this level's own token (one look, not a second endswith)
            continue
        if first == j:
            levels.append(part[: len(part) - depth] if depth else part)
        else:
            levels.append(_joined(parts, first, j, depth + 1, depth))
        if parts[j + 1].startswith("'"):
            return None  # the inner text may be quoted
        depth += 1
        first = j = j + 1
    if depth != stop and count is not None:
        raise _too_few(depth + 1, count)
    if raw_last:
        if depth:  # surplus levels stay in the last one: none may be shallower
            for part in parts[j:last]:
                if not part.endswith(runs[depth]):
                    return None
        levels.append(_joined(parts, first, last, depth, 0))
    else:
        levels.append(_joined(parts, first, last, depth + 1, 0))
    # Only the outermost token can be quoted here: every inner one starts a piece that does
    # not start with a quote. A lone last level of a type is a token too.
    if levels and (depth or not raw_last):
        levels[0] = _unquote(levels[0])
    return levels


_STRETCH = 16  # fewer pieces left than this: the plain loop costs less than setting up a scan


def _regular_until(parts: list[str], j: int, end: int, runs: tuple[str, ...], depth: int) -> int:
    """The first k in ``j..end`` (``end`` if none) where ``parts[k]`` does not end in exactly
    ``depth + k - j`` backslashes. Exactly n means: ends with the run of n and not with the run
    of n + 1. ``removesuffix`` gives back the very string when it does not end so -- a test
    far cheaper than ``endswith``, whose arguments Python 3.11 parses at every call. As
    booleans, the miss is where "at least n" is <= "at least n + 1". (A run of none is never
    found so: the level at depth 0 goes the plain way.)"""
    seg = parts[j:end]  # slices, not islices: a pointer copy each, where islice costs a call a part
    at_least = map(is_not, map(str.removesuffix, seg, runs[depth : depth + len(seg)]), seg)
    one_more = map(is_not, map(str.removesuffix, seg, runs[depth + 1 : depth + 1 + len(seg)]), seg)
    return next(compress(count_from(j), map(le, at_least, one_more)), end)


_TAB_RUN = re.compile(r"(?<!\\)\\*\t")


def _split_any(text: str, count: int | None, raw_last: bool) -> list[str]:
    """The general reading: every TAB indexed by its run of backslashes, then per depth the
    first TAB of run d is the delimiter and the second one (if any) ends the inner token."""
    by_run: dict[int, list[int]] = {}
    for m in _TAB_RUN.finditer(text):
        tab = m.end() - 1
        by_run.setdefault(tab - m.start(), []).append(tab)
    levels: list[str] = []
    start, end, depth = 0, len(text), 0
    last = -1 if count is None else count - 1
    while depth != last:
        positions = by_run.get(depth, [])
        k = bisect_left(positions, start)
        if k == len(positions) or positions[k] >= end:
            if count is not None:
                raise _too_few(depth + 1, count)
            break
        q = positions[k]
        levels.append(_unquote(_strip_runs(text, start, q - depth, depth + 1)))
        if k + 1 < len(positions) and positions[k + 1] < end:
            end = positions[k + 1] - depth  # a spare token: the inner one ends before it
        start = q + 1
        if end - start > 1 and text[start] == "'" and text[end - 1] == "'":
            start, end = start + 1, end - 1
        depth += 1
    if raw_last:
        levels.append(_strip_runs(text, start, end, depth))
    else:
        levels.append(_unquote(_strip_runs(text, start, end, depth + 1)))
    return levels


def _token(level: str) -> str:
    """One level written as a SequenceEncoder token (TABs escaped, quoted when needed)."""
    if not level:
        return ""
    escaped = level.replace(TAB, "\\\t") if TAB in level else level
    return "'" + escaped + "'" if quote_needed(level) else escaped


def _nest(tokens: Sequence[str], inner: str) -> str:
    """``tokens`` (outermost first, already written as tokens) nested around ``inner``, each
    level the first token of a TAB-encoding whose second token is the rest: what
    ``encode([token, rest], TAB)`` gives level by level, built in one pass."""
    n = len(tokens)
    if not n:
        return inner
    # Which inner texts the encoder quotes: it looks at each one's first and last character.
    quoted = [False] * (n + 1)
    tail = inner[-1:]
    if inner:
        quoted[n] = inner[0] == "\\" or (inner[0] == "'" and tail == "'")
    for k in range(n - 1, 0, -1):
        tail = "'" if quoted[k + 1] else (tail if k + 1 < n or inner else TAB)
        first = tokens[k][:1] or TAB
        quoted[k] = first == "\\" or (first == "'" and tail == "'")
    parts = [tokens[0]]
    for k in range(1, n + 1):
        parts.append("\\" * (k - 1) + TAB)
        if quoted[k]:
            parts.append("'")
        text = tokens[k] if k < n else inner
        parts.append(text.replace(TAB, "\\" * k + TAB) if TAB in text else text)
    parts.extend("'" for k in range(n, 0, -1) if quoted[k])
    return "".join(parts)


def split_type(type_str: str) -> list[str]:
    """The level type strings of a piece type, outermost first (engine reading, spares dropped)."""
    return list(_levels(type_str, None, False))


_SPLITS: dict[tuple[str | int, int | None, bool], tuple[str, tuple[str, ...]]] = {}


def _levels(text: str, count: int | None, raw_last: bool) -> tuple[str, ...]:
    """:func:`_split_levels`, kept for the strings read last: the replay of a save splits each
    piece's type and state for its levels, and whoever reads the pieces after it (the check's
    board, ``inspect``) splits the same strings again (issue 20). A type is kept by its text:
    many pieces of a save share one (half or more of a real setup's), and hashing it costs a
    tenth of splitting it (the replay hashes it anyway, to know each type once). A state is
    nearly always a piece's own, so it is kept by the string's identity, unhashed; that entry
    holds its string, so the identity is never another's."""
    key = (id(text) if raw_last else text, count, raw_last)
    found = _SPLITS.get(key)
    if found is not None and (found[0] is text or not raw_last):
        return found[1]
    levels = tuple(_split_levels(text, count, raw_last))
    if len(_SPLITS) >= _MOST_SPLITS:
        _SPLITS.clear()
    _SPLITS[key] = (text, levels)
    return levels


_MOST_SPLITS = 1 << 15  # a type and a state each for the pieces of the biggest saves, and more


def forget_splits() -> None:
    """Let go of the splits kept so far: a new save is being read, and the strings of the last
    one will not be split again (a long ``watch`` holds one save's worth, never more)."""
    _SPLITS.clear()


def _check_joinable(levels: Sequence[str]) -> None:
    if not levels:
        raise ValueError("a piece has at least one level")
    for k, level in enumerate(levels[:-1]):
        if level.endswith("\\") and not quote_needed(level):
            raise ValueError(f"level {k} ends with a backslash: VASSAL would read it as joined to the next")


def join_type(levels: Sequence[str]) -> str:
    """Inverse of :func:`split_type`: nest level type strings, outermost first."""
    _check_joinable(levels)
    return _nest([_token(level) for level in levels[:-1]], _token(levels[-1]))


def split_state(state_str: str, count: int | None = None) -> list[str]:
    """The level state strings, outermost first; the last keeps its raw text.

    With ``count`` (the number of type levels) exactly that many levels come back, the last one
    holding whatever remains; :class:`FormatError` if there are fewer. Without it, splitting
    stops at the first level that has no inner part.
    """
    if count is not None and count < 1:
        raise ValueError("a piece has at least one level")
    return list(_levels(state_str, count, True))


def join_state(levels: Sequence[str]) -> str:
    """Inverse of :func:`split_state`."""
    _check_joinable(levels)
    return _nest([_token(level) for level in levels[:-1]], levels[-1])


# ---------------------------------------------------------------------------------------------
# What the replay needs of a piece string: its levels and what its type says


@frozen(slots=True)
class TypeInfo:
    kind: PieceKind
    levels: int
    no_stack: bool
    hide_level: int | None
    deck_name: str | None


class SplitLevels:
    """The levels of a piece string as ``split_type``/``split_state`` read them (in time
    linear in the string at any depth): each level's own token, and the innermost text."""

    def __init__(self, owns: list[str], last_rest: str):
        self.owns = owns
        self.last_rest = last_rest

    def own(self, depth: int) -> str:
        return self.owns[depth]

    def starts_with(self, depth: int, prefix: str | tuple[str, ...]) -> bool:
        return self.owns[depth].startswith(prefix)

    def rest(self, depth: int) -> str:
        assert depth == len(self.owns) - 1
        return self.last_rest


_WATCHED = ("immob;", "mat;", "hide;")  # the traits that decide stacking and hiding


def type_levels(type_str: str) -> tuple[int, SplitLevels]:
    owns = split_type(type_str)
    return len(owns), SplitLevels(owns, owns[-1])


def type_info(type_str: str) -> TypeInfo:
    count, nest = type_levels(type_str)
    if count == 1:
        base = nest.own(0)
        prefix = base[: base.index(";") + 1] if ";" in base else base
        if prefix == "stack":
            return TypeInfo("stack", 1, False, None, None)
        if prefix == "deck;":
            tokens = sequence.decode(base, ";")
            name = tokens[13] if len(tokens) > 13 else "Deck"
            return TypeInfo("deck", 1, True, None, name)
    no_stack: bool | None = None
    hide_level: int | None = None
    owns = nest.owns[: count - 1]
    # the few levels that matter, found by a scan in C: a hundred levels are mostly others
    for index in compress(count_from(), map(str.startswith, owns, repeat(_WATCHED))):
        own = owns[index]
        if no_stack is None and own.startswith("immob;"):
            options = sequence.Decoder(own, ";")
            options.next_token()
            options.next_token("")
            options.next_token("")
            stacking = options.next_token("R")
            no_stack = not stacking.startswith("L")
        elif no_stack is None and own.startswith("mat;"):
            no_stack = True
        elif hide_level is None and own.startswith("hide;"):
            hide_level = index
    return TypeInfo("piece", count, bool(no_stack), hide_level, None)


def state_levels(state: str, count: int) -> SplitLevels:
    """The state's levels for a type of ``count`` levels; FormatError if it has fewer."""
    levels = split_state(state, count)
    return SplitLevels(levels, levels[-1])
