"""``$``-formats as VASSAL's ``FormattedString`` evaluates them (location names, turn texts),
and the regular expression the engine builds from one to read a name back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping

from vassal.errors import FormatError
from vassal.javanum import is_blank, java_trim, parse_int
from vassal.sequence import Decoder


def _evaluate_format(
    fmt: str,
    props: Mapping[str, str | None],
    globals_: Mapping[str, str] | None,
    localized: bool,
) -> str:
    """What ``FormattedString.getText`` gives for a location format.

    Blank formats give ""; a format that reads as a whole number gives that number; one with
    "$" substitutes $name$ tokens (an unknown name: the global property if given, else nothing
    when `localized`, else the name itself); anything else is literal text."""
    if fmt is None or is_blank(fmt):
        return ""
    t = java_trim(fmt)
    if t.startswith("{") and t.endswith("}"):
        raise FormatError(f'location format "{fmt}" is a BeanShell expression, which is not supported')
    number = parse_int(t)
    if number is not None:
        return str(number)
    if "$" not in t:
        return fmt
    out: list[str] = []
    for token, is_property in _format_tokens(t):
        if not is_property:
            out.append(token)
        elif token in props:
            value = props[token]
            if value is not None:
                out.append(value)
        elif globals_ is not None and token in globals_:
            out.append(globals_[token])
        elif not localized:
            out.append(token)
    return "".join(out)


def evaluate_format(
    fmt: str,
    props: Mapping[str, str | None],
    globals_: Mapping[str, str] | None = None,
    localized: bool = True,
) -> str:
    """``FormattedString.getText`` for a $-format (location and turn formats alike); see
    `_evaluate_format`. FormatError for a BeanShell format."""
    return _evaluate_format(fmt, props, globals_, localized)


def _format_regex(fmt: str, wanted: Callable[[str], str | None]) -> str:
    """The regular expression VASSAL builds from a location format for getLocation: literal
    text quoted; each $property$ replaced by `wanted(name)` (None drops the property)."""
    parts: list[str] = []
    for token, is_property in _format_tokens(fmt):
        if not is_property:
            parts.append(re.escape(token))
        else:
            piece = wanted(token)
            if piece is not None:
                parts.append(piece)
    return "".join(parts)


def _format_tokens(fmt: str) -> Iterator[tuple[str, bool]]:
    """The non-empty pieces of a ``$``-format and whether each is a property name, as
    FormattedString reads them: pieces alternate literal / name, and a last piece with no
    closing ``$`` is literal."""
    tokens = Decoder(fmt, "$")
    is_property = True
    while tokens.has_more():
        token = tokens.next_token()
        is_property = not is_property
        if token:
            yield token, is_property and tokens.has_more()
