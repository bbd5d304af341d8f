"""vassal.imagesize: a plain, whole PNG is sized from its header without Pillow (a command that
reads a module's board sizes need not import it); anything else is Pillow's to judge, as before."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image, PngImagePlugin

from vassal.errors import FormatError
from vassal.imagesize import _plain_png_size, image_size


def _png(mode: str, size: tuple[int, int], **options: object) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size).save(out, "PNG", **options)
    return out.getvalue()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


@pytest.mark.parametrize("mode", ["1", "L", "P", "RGB", "RGBA", "LA", "I;16"])
def test_every_png_pillow_writes_is_sized_from_its_header(mode: str) -> None:
    data = _png(mode, (37, 23), dpi=(150, 150))
    assert _plain_png_size(data) == (37, 23) == image_size("board.png", data)


def _with_text(data: bytes) -> bytes:
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "drawn by hand")
    out = io.BytesIO()
    Image.open(io.BytesIO(data)).save(out, "PNG", pnginfo=info)
    return out.getvalue()


def test_a_png_with_other_chunks_or_damage_is_left_to_pillow() -> None:
    good = _png("RGB", (5, 4))
    ihdr_end = 8 + 8 + 13 + 4
    broken_crc = good[: ihdr_end - 1] + bytes([good[ihdr_end - 1] ^ 1]) + good[ihdr_end:]
    cut = good[: good.index(b"IEND") - 4]  # no IEND: Pillow reads the header all the same
    texted = _with_text(good)
    for data in (broken_crc, cut, texted, good + _chunk(b"IEND", b"")):
        assert _plain_png_size(data) is None
    assert image_size("a.png", cut) == image_size("b.png", texted) == (5, 4)
    with pytest.raises(FormatError):
        image_size("c.png", broken_crc)
