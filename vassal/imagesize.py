"""The size VASSAL gives an image: bitmaps from their header, SVG from width/height/viewBox.

A board's size decides where the boards of a map sit and which board a point is on, so it has
to be the engine's number, to the pixel. For bitmaps that is the header (Pillow reads it; the
pixels are never decoded). For SVG the engine (``tools/image/svg/SVGImageUtils.getImageSize``,
through Batik) reads the root element's ``width``, ``height`` and ``viewBox``:

* a length is a number with an optional unit: none or ``px`` (pixels), ``in`` (96 px), ``mm``,
  ``cm``, ``pt`` (1/72 in), ``pc`` (1/6 in); units are case-sensitive; Batik works in Java
  ``float`` and the result is ``(int)(v + 0.5f)``;
* ``%`` is a percentage of a 1 x 1 viewport, so "100%" is 1 px, and times the viewBox size
  when there is a viewBox;
* a missing width (or height) takes the viewBox's, else the other side's (a square), else 0;
* a negative length, a malformed number or viewBox, upper-case units, a root that is not
  ``<svg>`` in the SVG namespace: the engine cannot size the image (an error, size 0 x 0);
* ``em``/``ex`` make the engine itself fail (Batik has no font size there), so they are
  refused too.

Nothing here follows links, loads DTDs or expands external entities.
"""

from __future__ import annotations

import io
import math
import re
import struct
import warnings
import zlib

from lxml import etree

from vassal.errors import FormatError

__all__ = ["image_size", "svg_size", "is_svg_name"]

Size = tuple[int, int]

SVG_NS = "http://www.w3.org/2000/svg"
_PIXEL_TO_MM = 0.26458333333333333333333333333333  # UserAgentAdapter.getPixelUnitToMillimeter
_SPACE = " \t\r\n"
_LENGTH = re.compile(
    r"[ \t\r\n]*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
    r"(px|pt|pc|mm|cm|in|em|ex|%)?[ \t\r\n]*"
)
_VIEWBOX_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def is_svg_name(name: str) -> bool:
    """``Op.load`` picks the SVG reader by the name's ending, case and all."""
    return name.endswith(".svg")


def image_size(name: str, data: bytes) -> Size:
    """(width, height) of an image as the engine sizes it; FormatError when it cannot."""
    if is_svg_name(name):
        return svg_size(data)
    plain = _plain_png_size(data)
    if plain is not None:
        return plain
    from PIL import Image, UnidentifiedImageError

    limit = Image.MAX_IMAGE_PIXELS
    try:
        # Only the header is read, so Pillow's guard against huge pixel counts does not apply:
        # a big map is a normal board image.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            Image.MAX_IMAGE_PIXELS = None
            with Image.open(io.BytesIO(data)) as image:
                return int(image.width), int(image.height)
    except UnidentifiedImageError:
        raise FormatError("not a PNG, GIF, JPEG, SVG or other image VASSAL reads") from None
    except (OSError, ValueError) as exc:
        raise FormatError(f"damaged image ({exc})") from None
    finally:
        Image.MAX_IMAGE_PIXELS = limit


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# the bit depths each colour type may have
_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
# chunks whose every form Pillow reads without complaint (a fixed length where it unpacks one)
_PNG_PLAIN = {
    b"IHDR": 13,
    b"PLTE": None,
    b"IDAT": None,
    b"IEND": 0,
    b"pHYs": 9,
    b"gAMA": 4,
    b"sRGB": 1,
}


def _plain_png_size(data: bytes) -> Size | None:
    """The header's size of a PNG that Pillow would open without a doubt: every chunk whole,
    its CRC right, a valid header first, only chunks of ``_PNG_PLAIN``, IEND last. None for
    anything else, which Pillow judges (a command that reads a module's board sizes then
    does without importing Pillow)."""
    if not data.startswith(_PNG_SIGNATURE):
        return None
    pos, size = len(_PNG_SIGNATURE), None
    while pos + 12 <= len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        end = pos + 12 + length
        want = _PNG_PLAIN.get(kind, -1)
        if end > len(data) or want == -1 or (want is not None and want != length):
            return None
        if zlib.crc32(data[pos + 4 : end - 4]) != int.from_bytes(data[end - 4 : end], "big"):
            return None
        body = data[pos + 8 : end - 4]
        if size is None:
            if kind != b"IHDR":
                return None
            depth, colour, compression, filtering, interlace = body[8:13]
            size = (int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big"))
            valid = depth in _PNG_DEPTHS.get(colour, ()) and not compression and not filtering
            if not valid or interlace > 1 or not (0 < size[0] < 2**31 and 0 < size[1] < 2**31):
                return None
        elif kind == b"IHDR":
            return None
        if kind == b"IEND":
            return size if end == len(data) else None
        pos = end
    return None


def _f(v: float) -> float:
    """One Java ``float`` operation's result."""
    if math.isinf(v) or math.isnan(v):
        return v
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def _f2i(v: float) -> int:
    """``(int) f``: toward zero, NaN 0, saturating."""
    if math.isnan(v):
        return 0
    if math.isinf(v):
        return _INT_MAX if v > 0 else _INT_MIN
    return max(_INT_MIN, min(_INT_MAX, int(v)))


def _length(text: str, what: str) -> tuple[float, bool]:
    """A width or height in user units (pixels) and whether it was a percentage;
    (-1, False) when the attribute is absent or empty."""
    if text == "":
        return -1.0, False
    match = _LENGTH.fullmatch(text)
    if match is None:
        raise FormatError(f'SVG {what}="{text}" is not a length VASSAL reads')
    value = _f(float(match.group(1)))
    unit = match.group(2) or ""
    if value < 0:
        raise FormatError(f'SVG {what}="{text}" is negative')
    if unit in ("em", "ex"):
        raise FormatError(f'SVG {what}="{text}": VASSAL cannot size an image in {unit} units')
    p = _f(_PIXEL_TO_MM)
    if unit in ("", "px"):
        pixels = value
    elif unit == "mm":
        pixels = _f(value / p)
    elif unit == "cm":
        pixels = _f(_f(value * 10.0) / p)
    elif unit == "in":
        pixels = _f(_f(value * _f(25.4)) / p)
    elif unit == "pt":
        pixels = _f(_f(value * _f(25.4)) / _f(72.0 * p))
    elif unit == "pc":
        pixels = _f(_f(value * _f(25.4)) / _f(6.0 * p))
    else:  # % of the 1 x 1 viewport Batik has outside a rendering
        pixels = _f(_f(1.0 * value) / 100.0)
    return pixels, "%" in text


def _viewbox(text: str) -> tuple[float, float] | None:
    """The viewBox's width and height; None when one of them is 0 (Batik's "no viewBox")."""
    parts = [p for p in re.split(r"[ \t\r\n]*,[ \t\r\n]*|[ \t\r\n]+", text.strip(_SPACE)) if p != ""]
    if len(parts) != 4 or not all(_VIEWBOX_NUMBER.fullmatch(p) for p in parts):
        raise FormatError(f'SVG viewBox="{text}" is not four numbers')
    width, height = _f(float(parts[2])), _f(float(parts[3]))
    if width < 0 or height < 0:
        raise FormatError(f'SVG viewBox="{text}" has a negative size')
    if width == 0 or height == 0:
        return None
    return width, height


def _root(data: bytes) -> etree._Element:
    parser = etree.XMLParser(
        resolve_entities="internal",
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise FormatError(f"not well-formed SVG ({exc})") from None
    if root is None or root.tag != f"{{{SVG_NS}}}svg":
        raise FormatError("the root element is not an SVG <svg> element")
    return root


def svg_size(data: bytes) -> Size:
    """``SVGImageUtils.getImageSize`` for the bytes of an SVG file."""
    root = _root(data)
    w, w_pct = _length(root.get("width", ""), "width")
    h, h_pct = _length(root.get("height", ""), "height")
    box_text = root.get("viewBox", "")
    box = _viewbox(box_text) if box_text != "" else None
    if w < 0 or h < 0:
        if box_text != "":
            if box is not None:
                if w < 0:
                    w = box[0]
                elif w_pct:
                    w = _f(w * box[0])
                if h < 0:
                    h = box[1]
                elif h_pct:
                    h = _f(h * box[1])
        elif h >= 0:
            w = h
        elif w >= 0:
            h = w
        else:
            w = h = 0.0
    elif box is not None:
        if w_pct:
            w = _f(w * box[0])
        if h_pct:
            h = _f(h * box[1])
    return _f2i(_f(w + 0.5)), _f2i(_f(h + 0.5))
