"""The wrapping VASSAL puts around the command text of a saved game or log (``savedGame`` entry).

Four forms exist in the wild and all are read (docs/vassal-formats.md 4.2):

* ``!VCSK`` + two hex digits of a key + the text as hex digits, each byte XORed with the key
  (VASSAL 3.0 to 3.7, and still read by later versions) -- the form we write;
* ``VOBS`` + one raw key byte (1-255) + the raw bytes XORed with the key (VASSAL after 3.8);
* an XZ stream (magic ``FD 37 7A 58 5A 00``), proposed later and read by third-party tools;
* plain text (VASSAL 2.x, e.g. the engine's own ``tour.log``).

Public API::

    detect(data) -> "VCSK" | "VOBS" | "XZ" | "plain"
    deobfuscate(data, source=None, *, max_bytes=...) -> bytes     # FormatError on damage
    obfuscate(plain, key=DEFAULT_KEY, *, form="VCSK") -> bytes    # deterministic for a fixed key

Why the XOR at all: VASSAL's only aim is to keep players from reading hidden information with a
text editor; it is not encryption, and the key travels in the header.
"""

from __future__ import annotations

import binascii
import lzma
import re
from collections.abc import Iterable, Iterator
from typing import Literal

from vassal.errors import FormatError

__all__ = [
    "VCSK_HEADER",
    "VCSK_HEAD",
    "VOBS_HEADER",
    "XZ_MAGIC",
    "DEFAULT_KEY",
    "MAX_PLAIN_BYTES",
    "Form",
    "detect",
    "deobfuscate",
    "obfuscate",
    "vcsk_plain",
]

VCSK_HEADER = b"!VCSK"
VCSK_HEAD = len(VCSK_HEADER) + 2  # the header and two hex digits of the key
VOBS_HEADER = b"VOBS"
XZ_MAGIC = b"\xfd7zXZ\x00"
DEFAULT_KEY = 0x58  # any byte 1-255 works; fixed so that our outputs are reproducible
MAX_PLAIN_BYTES = 256 * 1024 * 1024  # far beyond any real save; guards XZ bombs

Form = Literal["VCSK", "VOBS", "XZ", "plain"]

_HEX = re.compile(rb"[0-9A-Fa-f]*")
_XOR_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _XOR_TABLES.get(key)
    if table is None:
        table = bytes(b ^ key for b in range(256))
        _XOR_TABLES[key] = table
    return table


def detect(data: bytes) -> Form:
    """Which wrapping ``data`` carries, judged by its first bytes as VASSAL does."""
    if data.startswith(VCSK_HEADER):
        return "VCSK"
    if data.startswith(VOBS_HEADER):
        return "VOBS"
    if data.startswith(XZ_MAGIC):
        return "XZ"
    return "plain"


def deobfuscate(data: bytes, source: str | None = None, *, max_bytes: int = MAX_PLAIN_BYTES) -> bytes:
    """The plain bytes inside any of the four wrappings.

    Damage (odd number of hex digits, a non-hex character, a missing or zero key, a broken or
    oversized XZ stream) raises :class:`FormatError` naming ``source`` and the byte offset.
    """
    form = detect(data)
    if form == "VCSK":
        return _from_vcsk(data, source)
    if form == "VOBS":
        return _from_vobs(data, source)
    if form == "XZ":
        return _from_xz(data, source, max_bytes)
    return data


def _from_vcsk(data: bytes, source: str | None) -> bytes:
    head = len(VCSK_HEADER)
    key_hex = data[head : head + 2]
    if len(key_hex) < 2 or not _HEX.fullmatch(key_hex):
        raise FormatError("!VCSK header without a two-hex-digit key", source, f"byte {head}")
    key = int(key_hex, 16)
    try:  # one C pass that also refuses any non-hex byte (bytes.fromhex would skip spaces)
        with memoryview(data) as view:
            return binascii.unhexlify(view[head + 2 :]).translate(_xor_table(key))
    except binascii.Error:
        pass  # damaged: find the first bad byte for the message
    body = data[head + 2 :]
    match = _HEX.match(body)
    good = match.end() if match else 0
    if good != len(body):
        bad = body[good : good + 1]
        raise FormatError(f"!VCSK data holds a non-hex character {bad!r}", source, f"byte {head + 2 + good}")
    if len(body) % 2:
        raise FormatError(
            "!VCSK data has an odd number of hex digits (truncated?)",
            source,
            f"byte {len(data) - 1}",
        )
    raise FormatError("!VCSK data is not hex", source, f"byte {head + 2}")  # not reached


def vcsk_plain(head: bytes, pieces: Iterable[bytes]) -> Iterator[bytes]:
    """The plain bytes of a ``!VCSK`` wrapping read in pieces: ``head`` is its first seven
    bytes (the header and the key), each piece holds an even number of hex digits. A big save
    is decoded one piece at a time, never as a whole copy of tens of MB (issue 20). Damage
    raises ValueError (binascii.Error) with no place: :func:`deobfuscate` of the whole gives
    the message that names it."""
    if not head.startswith(VCSK_HEADER) or len(head) != VCSK_HEAD or not _HEX.fullmatch(head[-2:]):
        raise ValueError("not a !VCSK header with its key")
    table = _xor_table(int(head[-2:], 16))
    for piece in pieces:
        yield binascii.unhexlify(piece).translate(table)


def _from_vobs(data: bytes, source: str | None) -> bytes:
    head = len(VOBS_HEADER)
    if len(data) <= head:
        raise FormatError("VOBS header without a key byte", source, f"byte {head}")
    key = data[head]
    if key == 0:
        raise FormatError("VOBS key byte is zero (a key must be 1-255)", source, f"byte {head}")
    return data[head + 1 :].translate(_xor_table(key))


def _from_xz(data: bytes, source: str | None, max_bytes: int) -> bytes:
    decomp = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    try:
        out = decomp.decompress(data, max_length=max_bytes + 1)
    except lzma.LZMAError as exc:
        raise FormatError(f"damaged XZ stream ({exc})", source) from None
    if len(out) > max_bytes or (not decomp.needs_input and not decomp.eof):
        raise FormatError(f"XZ stream unpacks to more than {max_bytes} bytes", source)
    if not decomp.eof:
        raise FormatError("truncated XZ stream", source, f"byte {len(data)}")
    return out


def obfuscate(plain: bytes, key: int = DEFAULT_KEY, *, form: Form = "VCSK") -> bytes:
    """Wrap plain bytes the way a VASSAL writer does; ``form`` "VCSK" is what 3.0-3.7 read.

    The key is fixed by the caller (VASSAL picks a random one) so outputs are reproducible.
    """
    if form == "plain":
        return bytes(plain)
    if form == "XZ":
        return lzma.compress(plain, format=lzma.FORMAT_XZ, preset=6)
    if not 1 <= key <= 255:
        raise ValueError("an obfuscation key is a byte from 1 to 255")
    xored = bytes(plain).translate(_xor_table(key))
    if form == "VOBS":
        return VOBS_HEADER + bytes([key]) + xored
    if form == "VCSK":
        return VCSK_HEADER + b"%02x" % key + binascii.hexlify(xored)
    raise ValueError(f"unknown obfuscation form {form!r}")
