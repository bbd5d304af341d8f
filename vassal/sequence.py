"""VASSAL's SequenceEncoder and its Decoder, byte-exact with the engine (3.4 and later).

VASSAL joins fields with a one-character delimiter and escapes the delimiter with a backslash
(``tools/SequenceEncoder.java``). Backslashes themselves are not escaped; a field that starts
with a backslash, or starts and ends with a quote, is wrapped in single quotes. Decoding undoes
exactly that, including the engine's quirks, so that decode-then-encode gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from vassal.javanum import parse_double, parse_int

__all__ = ["encode", "decode", "Decoder", "quote_needed"]


def quote_needed(token: str) -> bool:
    """Whether VASSAL wraps this (non-empty) token in single quotes when encoding it."""
    return token[0] == "\\" or (token[0] == "'" and token[-1] == "'")


def _escape(token: str, delim: str) -> str:
    escaped = token.replace(delim, "\\" + delim)
    return "'" + escaped + "'" if quote_needed(token) else escaped


def encode(tokens: Iterable[str | None], delim: str) -> str | None:
    """Join tokens the way ``SequenceEncoder.append`` does; None when there are no tokens.

    ``None`` and ``""`` tokens both encode as nothing between two delimiters.
    """
    if len(delim) != 1:
        raise ValueError("a SequenceEncoder delimiter is one character")
    items = [token or "" for token in tokens]
    if not items:
        return None
    joined = delim.join(items)
    if joined.count(delim) == len(items) - 1 and "\\" not in joined and "'" not in joined:
        return joined  # no token holds the delimiter or needs quotes: nothing to escape
    parts: list[str] | None = None
    for token in items:
        if parts is None:
            parts = []
        else:
            parts.append(delim)
        if token:
            parts.append(_escape(token, delim))
    return None if parts is None else "".join(parts)


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


class Decoder(Iterator[str]):
    """Reads tokens one at a time, with VASSAL's typed readers and their defaults.

    Missing trailing fields are how old piece strings stay readable in new VASSAL versions:
    the typed readers return their default when no token is left.
    """

    def __init__(self, value: str | None, delim: str, start: int = 0):
        """``start``: where the sequence begins in ``value`` (after a command's prefix: a
        piece command is tens of KB, and a slice would copy it to read it once)."""
        if len(delim) != 1:
            raise ValueError("a SequenceEncoder delimiter is one character")
        self._val = value
        self._start = self._origin = start
        self._delim = delim

    def has_more(self) -> bool:
        return self._val is not None

    def __iter__(self) -> Decoder:
        return self

    def __next__(self) -> str:
        if self._val is None:
            raise StopIteration
        return self.next_token()

    def next_token(self, default: str | None = None) -> str:
        val = self._val
        if val is None:
            if default is not None:
                return default
            raise IndexError("no more tokens")
        start, d = self._start, self._delim
        i = val.find(d, start)
        if i == -1 or i == self._origin or val[i - 1] != "\\":  # the token holds no escaped delimiter
            if i == -1:
                self._val = None
                token = val[start:]
            else:
                self._start = i + 1
                token = val[start:i]
            return token[1:-1] if len(token) > 1 and token[0] == "'" and token[-1] == "'" else token
        stop = len(val)
        buf: list[str] = []
        while i != -1:
            if i > self._origin and val[i - 1] == "\\":
                buf.append(val[start : i - 1])
                start = i
            else:
                buf.append(val[start:i])
                self._start = i + 1
                return _unquote("".join(buf))
            i = val.find(d, i + 1)
        buf.append(val[start:stop])
        self._val = None
        return _unquote("".join(buf))

    def next_int(self, default: int) -> int:
        if self._val is None:
            return default
        tok = self.next_token()
        value = parse_int(tok)
        return default if value is None else value

    def next_double(self, default: float) -> float:
        if self._val is None:
            return default
        tok = self.next_token()
        value = parse_double(tok)
        return default if value is None else value

    def next_bool(self, default: bool) -> bool:
        if self._val is None:
            return default
        return self.next_token() == "true"

    def next_char(self, default: str) -> str:
        if self._val is None:
            return default
        tok = self.next_token()
        return tok[0] if tok else default

    def rest(self) -> list[str]:
        """All remaining tokens."""
        return list(self)


_LONG = 1 << 16  # str.split looks at every character; str.find skips through long texts


def decode(value: str | None, delim: str) -> list[str]:
    """All tokens of an encoded sequence: ``None`` gives ``[]``, ``""`` gives ``[""]``.

    The same tokens as :class:`Decoder` gives one by one, from one ``str.split``: a piece that
    ends with a backslash had its delimiter escaped, so it joins the next one without that
    backslash; then quoted tokens lose their quotes.
    """
    if value is None:
        return []
    if len(delim) != 1:
        raise ValueError("a SequenceEncoder delimiter is one character")
    if len(value) > _LONG:  # a whole command tree: a few long tokens, each found by one search
        return list(Decoder(value, delim))
    parts = value.split(delim)
    if "\\" in value:
        tokens: list[str] = []
        held: list[str] = []
        last = len(parts) - 1
        for i, part in enumerate(parts):
            if i < last and part.endswith("\\"):
                held += (part[:-1], delim)
            elif held:
                held.append(part)
                tokens.append("".join(held))
                held = []
            else:
                tokens.append(part)
        parts = tokens
    if "'" in value:
        return [_unquote(t) for t in parts]
    return parts
