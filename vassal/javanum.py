"""Numbers the way the VASSAL engine (Java) reads, writes and computes them.

VASSAL stores numbers as text and parses them with ``Integer.parseInt`` and
``Double.parseDouble``; where those throw, the engine falls back to a default. Python's own
``int()`` and ``float()`` accept more (``1_0``, ``inf``, non-ASCII digits), so every reader in
this package goes through these functions to reach the engine's answer.

The grids compute with Java's casts and roundings (``(int)``, ``Math.round``, ``float``
arithmetic, int overflow), so that a borderline pixel gets the engine's answer; those are here
too, and only here.
"""

from __future__ import annotations

import math
import re
import struct

__all__ = [
    "java_trim",
    "is_blank",
    "parse_int",
    "require_int",
    "parse_double",
    "format_double",
    "INT_MIN",
    "INT_MAX",
    "to_int",
    "round_long",
    "round_int",
    "floor_int",
    "wrap32",
    "to_float",
    "round_float",
    "div_int",
    "point_hash",
]

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
    """``Integer.parseInt``: optional sign, ASCII digits, in the int range; None where Java
    throws."""
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
    body = body.rstrip("fFdD")
    if "x" in body.lower():
        sign = -1.0 if body.startswith("-") else 1.0
        return sign * float.fromhex(body.lstrip("+-"))
    return float(body)


def format_double(value: float) -> str:
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


# --------------------------------------------------------------------------------------------
# Java arithmetic: the engine's casts and roundings, so that borderline pixels agree


_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1


def to_int(v: float) -> int:
    """``(int) v`` for a double: truncate toward zero, NaN is 0, saturate at the int range."""
    if math.isnan(v):
        return 0
    if math.isinf(v):
        return INT_MAX if v > 0 else INT_MIN
    return max(INT_MIN, min(INT_MAX, int(v)))


def round_long(v: float) -> int:
    """``Math.round(double)``: the exact floor(v + 1/2) (ties toward +inf), as a long."""
    if math.isnan(v):
        return 0
    if math.isinf(v):
        return _LONG_MAX if v > 0 else _LONG_MIN
    f = math.floor(v)
    result = f + 1 if v - f >= 0.5 else f
    return max(_LONG_MIN, min(_LONG_MAX, result))


def round_int(v: float) -> int:
    """``(int) Math.round(double)``: the long result narrowed to 32 bits as Java does."""
    return wrap32(round_long(v))


def floor_int(v: float) -> int:
    """``(int) Math.floor(v)``."""
    return to_int(math.floor(v)) if math.isfinite(v) else to_int(v)


def wrap32(v: int) -> int:
    """Java int overflow: keep the low 32 bits, signed."""
    v &= 0xFFFFFFFF
    return v - 2**32 if v >= 2**31 else v


def to_float(v: float) -> float:
    """Round a double to the nearest float (Java ``float`` arithmetic, one operation at a time)."""
    return struct.unpack("<f", struct.pack("<f", v))[0]


def round_float(v: float) -> int:
    """``Math.round(float)`` on a float value: floor(v + 1/2), exact for any float."""
    return wrap32(math.floor(v + 0.5))


def div_int(a: int, b: int) -> int:
    """Java int division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def is_blank(s: str) -> bool:
    """``String.isBlank``: empty or only white space (Java's idea of it, no-break spaces not)."""
    return all(c.isspace() and c not in "\u00a0\u2007\u202f" for c in s)


def point_hash(x: int, y: int) -> int:
    """``java.awt.Point.hashCode`` (Point2D's), as an unsigned 32-bit value."""
    bx = struct.unpack("<Q", struct.pack("<d", float(x)))[0]
    by = struct.unpack("<Q", struct.pack("<d", float(y)))[0]
    bits = (bx ^ (by * 31)) & 0xFFFFFFFFFFFFFFFF
    return (bits & 0xFFFFFFFF) ^ (bits >> 32)
