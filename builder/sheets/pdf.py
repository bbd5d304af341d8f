"""A small, exact PDF 1.4 writer for what counter sheets need: images at physical positions,
thin lines and captions in the caption font, embedded (builder/sheets/fonts.py says why).

Why our own: sheets need exact placement (a cm matrix in points), each counter design stored
once and drawn many times, PNG-predicted Flate images taken straight from Pillow's PNG
encoder, and byte-identical output (no dates, /ID from the content); that is ~150 lines,
less than adapting a general PDF library to all four.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PIL import Image

from builder.sheets.fonts import FIRST, LAST, PdfFont, load_pdf_font
from builder.sheets.geometry import MM_PER_INCH
from builder.sheets.pages import Page

PT = 72 / MM_PER_INCH  # points per millimetre
KIND_KEY = b"/Subject "  # the Info entry that says what kind of output a file is


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(value: str) -> bytes:
    raw = value.encode("cp1252", errors="replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def image_stream(image: Image.Image, jpeg_quality: int | None = None) -> tuple[bytes, bytes]:
    """(dictionary entries, stream data) of an RGB image XObject.

    Lossless by default: Pillow's PNG encoder chooses a filter per row and its IDAT chunks are
    exactly a FlateDecode stream with PNG predictors. ``jpeg_quality`` trades that for size."""
    image = image.convert("RGB")
    w, h = image.size
    buffer = io.BytesIO()
    if jpeg_quality is not None:
        image.save(buffer, format="JPEG", quality=jpeg_quality, subsampling=0)
        head = b"/Filter /DCTDecode"
        data = buffer.getvalue()
    else:
        image.save(buffer, format="PNG", compress_level=6)
        data = _idat(buffer.getvalue())
        head = (
            f"/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns {w} >>"
        ).encode()
    entries = (
        f"/Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceRGB /BitsPerComponent 8 "
    ).encode() + head
    return entries, data


def _idat(png: bytes) -> bytes:
    chunks, pos = [], 8
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        if png[pos + 4 : pos + 8] == b"IDAT":
            chunks.append(png[pos + 8 : pos + 8 + length])
        pos += 12 + length
    return b"".join(chunks)


def page_content(page: Page, names: Mapping[str, str]) -> bytes:
    """The page's drawing operators; ``names`` maps image names to XObject names."""
    h = page.height
    ops: list[str] = []
    for p in page.pictures:
        side = p.size * PT
        height = p.size if p.height is None else p.height
        tall = height * PT
        x, y = p.x * PT, (h - p.y - height) * PT
        if p.turned:
            m = f"{_num(-side)} 0 0 {_num(-tall)} {_num(x + side)} {_num(y + tall)}"
        else:
            m = f"{_num(side)} 0 0 {_num(tall)} {_num(x)} {_num(y)}"
        ops.append(f"q {m} cm /{names[p.name]} Do Q")
    state = None
    for s in page.strokes:
        wanted = (s.width, s.grey, s.dash)
        if wanted != state:
            dash = f"[{_num(s.dash * PT)}] 0 d" if s.dash else "[] 0 d"
            ops.append(f"{_num(s.grey)} G {_num(s.width * PT)} w 0 J {dash}")
            state = wanted
        ops.append(f"{_num(s.x0 * PT)} {_num((h - s.y0) * PT)} m {_num(s.x1 * PT)} {_num((h - s.y1) * PT)} l S")
    out = "\n".join(ops).encode()
    if page.captions:  # one font for all (``mono`` captions too, as on the PNG pages)
        parts = [b"\n0 g BT"]
        for c in page.captions:
            parts.append(
                f"/F1 {_num(c.size_pt)} Tf 1 0 0 1 {_num(c.x * PT)} {_num((h - c.y) * PT)} Tm ".encode()
                + _text(c.text)
                + b" Tj"
            )
        parts.append(b"ET")
        out += b"\n".join(parts)
    return out


def _font_objects(add, font: PdfFont) -> int:
    """The embedded TrueType font (whole file, deflated), its descriptor and the font."""
    packed = zlib.compress(font.data, 9)
    file_ref = add(
        f"<< /Length {len(packed)} /Length1 {len(font.data)} /Filter /FlateDecode >>\nstream\n".encode()
        + packed
        + b"\nendstream"
    )
    x0, y0, x1, y1 = font.bbox
    descriptor = add(
        f"<< /Type /FontDescriptor /FontName /{font.name} /Flags 32 "
        f"/FontBBox [{x0} {y0} {x1} {y1}] /ItalicAngle {_num(font.italic_angle)} "
        f"/Ascent {font.ascent} /Descent {font.descent} /CapHeight {font.cap_height} "
        f"/StemV 90 /FontFile2 {file_ref} 0 R >>".encode()
    )
    widths = " ".join(str(w) for w in font.widths)
    return add(
        f"<< /Type /Font /Subtype /TrueType /BaseFont /{font.name} /FirstChar {FIRST} "
        f"/LastChar {LAST} /Widths [{widths}] /FontDescriptor {descriptor} 0 R "
        "/Encoding /WinAnsiEncoding >>".encode()
    )


def pdf_bytes(
    pages: Sequence[Page],
    images: Mapping[str, Image.Image],
    *,
    title: str,
    kind: str = "",
    jpeg_quality: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The document: every image once, pages in order, deterministic to the byte. ``kind``
    (e.g. "counter sheets") goes into the Info dictionary, so a later run can tell what an
    existing file is (``pdf_kind``); ``progress(done, total)`` hears of each image stored."""
    objects: list[bytes] = [b"", b""]  # 1 catalog, 2 page tree (filled in at the end)

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font_refs = ""
    if any(page.captions for page in pages):
        font_refs = f"/F1 {_font_objects(add, load_pdf_font())} 0 R"
    used = sorted({p.name for page in pages for p in page.pictures})
    xobject: dict[str, tuple[str, int]] = {}
    seen: dict[bytes, tuple[str, int]] = {}
    tally = progress or (lambda done, total: None)
    for done, name in enumerate(used, start=1):
        tally(done, len(used))
        entries, data = image_stream(images[name], jpeg_quality)
        digest = hashlib.sha256(entries + data).digest()
        if digest not in seen:  # identical faces (plain backs) are stored once
            number = add(b"<< " + entries + f" /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream")
            seen[digest] = (f"Im{len(seen) + 1}", number)
        xobject[name] = seen[digest]
    kids = []
    for page in pages:
        names = {p.name: xobject[p.name][0] for p in page.pictures}
        content = zlib.compress(page_content(page, names), 6)
        stream = add(f"<< /Length {len(content)} /Filter /FlateDecode >>\nstream\n".encode() + content + b"\nendstream")
        refs = " ".join(f"/{xobject[n][0]} {xobject[n][1]} 0 R" for n in sorted(set(names)))
        resources = (f"/Font << {font_refs} >>" if font_refs else "") + (f" /XObject << {refs} >>" if refs else "")
        kids.append(
            add(
                f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_num(page.width * PT)} "
                f"{_num(page.height * PT)}] /Resources << {resources} >> "
                f"/Contents {stream} 0 R >>".encode()
            )
        )
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = (f"<< /Type /Pages /Count {len(kids)} /Kids [" + " ".join(f"{k} 0 R" for k in kids) + "] >>").encode()
    info = add(
        b"<< /Title "
        + _text(title)
        + (KIND_KEY + _text(kind) if kind else b"")
        + b" /Producer (Staffwork) /Creator (Staffwork) >>"
    )
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    hasher = hashlib.md5()
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        chunk = f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
        hasher.update(chunk)
        out.write(chunk)
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    ident = hasher.hexdigest()
    out.write(
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info {info} 0 R "
        f"/ID [<{ident}> <{ident}>] >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return out.getvalue()


def pdf_kind(path: str | Path) -> str | None:
    """What kind of Staffwork output the PDF at ``path`` is ("counter sheets", ...): None when
    it is missing, not ours, damaged, or older than the kind entry. Follows the trailer's
    /Info reference through the cross-reference table, reading only a few small pieces."""
    try:
        with open(path, "rb") as fh:
            size = fh.seek(0, 2)
            fh.seek(max(0, size - 1024))
            tail = fh.read()
            info = re.search(rb"/Info (\d+) 0 R", tail)
            start = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", tail)
            if not (info and start):
                return None
            number, xref = int(info.group(1)), int(start.group(1))
            fh.seek(xref)
            table = re.match(rb"xref\n0 (\d+)\n", fh.read(32))
            if not table or number >= int(table.group(1)):
                return None
            fh.seek(xref + table.end() + 20 * number)
            offset = int(fh.read(10))
            fh.seek(offset)
            body = fh.read(4096)
    except (OSError, ValueError):
        return None
    if not body.startswith(f"{number} 0 obj".encode()) or b"/Producer (Staffwork)" not in body:
        return None
    kind = re.search(re.escape(KIND_KEY) + rb"\(([^)]*)\)", body)
    return kind.group(1).decode("cp1252", errors="replace") if kind else None
