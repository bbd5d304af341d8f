"""Numbers the way the VASSAL engine (Java) reads and writes them.

VASSAL stores numbers as text and parses them with ``Integer.parseInt`` and
``Double.parseDouble``; where those throw, the engine falls back to a default. Python's own
``int()`` and ``float()`` accept more (``1_0``, ``inf``, non-ASCII digits), so every reader in
this package goes through these functions to reach the engine's answer.
"""

from __future__ import annotations

import math
import re

__all__ = ["java_trim", "parse_int", "require_int", "parse_double", "double_str", "INT_MIN", "INT_MAX"]

INT_MIN, INT_MAX = -(2**31), 2**31 - 1

_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DOUBLE = re.compile(
    r"[+-]?(?:NaN|Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?"
    r"|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+[fFdD]?)",
    re.ASCII,
)


def java_trim(text: str) -> str:
    """``String.trim``: drop leading and trailing characters up to U+0020."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


def parse_int(text: str) -> int | None:
    """``Integer.parseInt``: optional sign, ASCII digits, in the int range; None where Java throws."""
    if not _INT.fullmatch(text):
        return None
    value = int(text)
    return value if INT_MIN <= value <= INT_MAX else None


def require_int(text: str) -> int:
    """``Integer.parseInt``, raising ValueError where Java throws."""
    value = parse_int(text)
    if value is None:
        raise ValueError(f"not a Java int: {text!r}")
    return value


def parse_double(text: str) -> float | None:
    """``Double.parseDouble``: blanks around allowed, NaN, Infinity, f/d suffix, hex floats;
    None where Java throws (underscores, ``inf``, ``nan``, non-ASCII digits)."""
    body = java_trim(text)
    if not _DOUBLE.fullmatch(body):
        return None
    if body.endswith(("NaN", "Infinity")):
        return float(body.replace("Infinity", "inf"))
    body = body.rstrip("fFdD") if "x" not in body.lower() else body.rstrip("fFdD")
    if "x" in body.lower():
        sign = -1.0 if body.startswith("-") else 1.0
        return sign * float.fromhex(body.lstrip("+-"))
    return float(body)


def double_str(value: float) -> str:
    """``Double.toString``: shortest digits; plain for 1e-3 <= |v| < 1e7, else ``d.dddE<n>``."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    sign = "-" if value < 0 else ""
    from decimal import Decimal  # only for floats, and costly to import

    _, digit_tuple, exponent = Decimal(repr(abs(value))).normalize().as_tuple()
    digits = "".join(map(str, digit_tuple))
    assert isinstance(exponent, int)
    if 1e-3 <= abs(value) < 1e7:
        point = len(digits) + exponent
        if point <= 0:
            whole, frac = "0", "0" * -point + digits
        elif point >= len(digits):
            whole, frac = digits + "0" * (point - len(digits)), "0"
        else:
            whole, frac = digits[:point], digits[point:]
        return f"{sign}{whole}.{frac}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{len(digits) - 1 + exponent}"
