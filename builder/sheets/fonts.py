"""The caption font for PDFs, read from its TrueType file: what a PDF needs to embed it.

Why embed: a PDF that only names a standard font (Helvetica) leaves the drawing to whatever
font the reader substitutes, with Helvetica's widths; the glyphs then do not fill their
advances ("S taffwork" on screen and in extracted text). Embedding the font we draw the PNG
pages with (art/fonts, SIL Open Font License, which allows embedding) gives the same letters
everywhere, and the widths come from the same file.

Only the tables a simple WinAnsi TrueType font needs are read: head, hhea, hmtx, cmap
(Windows Unicode BMP, format 4), OS/2 and post.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

from builder.render.style import ART_DIR
from records import frozen

CAPTION_FONT = ART_DIR / "fonts" / "BarlowCondensed-SemiBold.ttf"
FIRST, LAST = 32, 255  # the WinAnsi codes a caption may use


class FontFileError(ValueError):
    """A font file without the tables or the glyphs a PDF needs."""


@frozen
class PdfFont:
    """A TrueType font as a PDF simple font: name, metrics in 1/1000 em, and the file."""

    name: str  # PostScript-safe name for /BaseFont
    widths: tuple[int, ...]  # advance of each code FIRST..LAST (WinAnsi)
    bbox: tuple[int, int, int, int]
    ascent: int
    descent: int
    cap_height: int
    italic_angle: float
    data: bytes  # the whole .ttf

    def width(self, text: str, size: float) -> float:
        """Advance of ``text`` at ``size`` (same unit as size), as the PDF will lay it out."""
        codes = text.encode("cp1252", errors="replace")
        return sum(self.widths[c - FIRST] if FIRST <= c <= LAST else 0 for c in codes) * size / 1000


def _tables(data: bytes, path: Path) -> dict[bytes, bytes]:
    if len(data) < 12 or data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        raise FontFileError(f"{path}: not a TrueType font")
    (count,) = struct.unpack(">H", data[4:6])
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag] = data[offset : offset + length]
    missing = [t.decode() for t in (b"head", b"hhea", b"hmtx", b"cmap", b"OS/2", b"post") if t not in tables]
    if missing:
        raise FontFileError(f"{path}: no {', '.join(missing)} table")
    return tables


def _unicode_map(cmap: bytes, path: Path) -> dict[int, int]:
    """Character code -> glyph index from the Windows Unicode BMP subtable (format 4)."""
    (count,) = struct.unpack(">H", cmap[2:4])
    for i in range(count):
        platform, encoding, offset = struct.unpack(">HHI", cmap[4 + 8 * i : 12 + 8 * i])
        if (platform, encoding) != (3, 1) or struct.unpack(">H", cmap[offset : offset + 2])[0] != 4:
            continue
        (segs2,) = struct.unpack(">H", cmap[offset + 6 : offset + 8])
        ends_at = offset + 14
        starts_at = ends_at + segs2 + 2
        deltas_at = starts_at + segs2
        ranges_at = deltas_at + segs2
        out: dict[int, int] = {}
        for s in range(segs2 // 2):
            end, start = (struct.unpack(">H", cmap[at + 2 * s : at + 2 * s + 2])[0] for at in (ends_at, starts_at))
            (delta,) = struct.unpack(">h", cmap[deltas_at + 2 * s : deltas_at + 2 * s + 2])
            (range_offset,) = struct.unpack(">H", cmap[ranges_at + 2 * s : ranges_at + 2 * s + 2])
            for char in range(start, min(end, 0xFFFE) + 1):
                if range_offset == 0:
                    glyph = (char + delta) & 0xFFFF
                else:
                    at = ranges_at + 2 * s + range_offset + 2 * (char - start)
                    (glyph,) = struct.unpack(">H", cmap[at : at + 2])
                    glyph = (glyph + delta) & 0xFFFF if glyph else 0
                if glyph:
                    out[char] = glyph
        return out
    raise FontFileError(f"{path}: no Windows Unicode (3,1) format 4 character map")


@lru_cache(maxsize=4)
def load_pdf_font(path: Path = CAPTION_FONT) -> PdfFont:
    data = Path(path).read_bytes()
    t = _tables(data, Path(path))
    units = struct.unpack(">H", t[b"head"][18:20])[0]
    x0, y0, x1, y1 = struct.unpack(">hhhh", t[b"head"][36:44])
    (metrics,) = struct.unpack(">H", t[b"hhea"][34:36])
    advances = struct.unpack(f">{metrics * 2}H", t[b"hmtx"][: metrics * 4])[0::2]
    glyphs = _unicode_map(t[b"cmap"], Path(path))
    os2 = t[b"OS/2"]
    ascent, descent = struct.unpack(">hh", os2[68:72])  # sTypoAscender, sTypoDescender
    cap = struct.unpack(">h", os2[88:90])[0] if len(os2) >= 90 else ascent
    angle = struct.unpack(">i", t[b"post"][4:8])[0] / 65536

    def em(value: float) -> int:
        return round(value * 1000 / units)

    widths = []
    for code in range(FIRST, LAST + 1):
        char = bytes([code]).decode("cp1252", errors="ignore")
        glyph = glyphs.get(ord(char)) if char else None
        widths.append(em(advances[min(glyph, metrics - 1)]) if glyph is not None else 0)
    if not widths[ord("S") - FIRST]:
        raise FontFileError(f"{path}: no glyphs for the Latin alphabet")
    name = "".join(c for c in Path(path).stem if c.isalnum() or c in "-_")
    return PdfFont(name, tuple(widths), (em(x0), em(y0), em(x1), em(y1)), em(ascent), em(descent), em(cap), angle, data)
