"""``buildFile.xml``: the component tree of a VASSAL module, read safely and written VASSAL's way.

Reading hands back an lxml element tree -- the common currency of this package: other modules
read maps, grids and pieces straight from the elements. The parser never loads a DTD, never
touches the network and refuses documents that declare entities (billion laughs, external
entities). Comments and processing instructions are dropped, as VASSAL's builder ignores them.

Writing reproduces what the engine's ``Builder.writeDocument`` produces (a JDK Transformer with
indent 4 over a DOM whose attributes Xerces keeps sorted by name): the same declaration,
attributes in Java string order, four-space indentation, ``<tag/>`` for empty elements and
element text written verbatim (TABs and backslashes in piece definitions stay literal).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from lxml import etree

from vassal.errors import FormatError
from vassal.javanum import format_double, java_trim

__all__ = [
    "BUILDFILE",
    "BUILDFILE_OLD",
    "XML_DECLARATION",
    "MAX_BUILDFILE_BYTES",
    "AttributeValue",
    "parse_buildfile",
    "read_buildfile",
    "buildfile_bytes",
    "component",
    "attribute_text",
    "check_xml_text",
    "element_text",
    "element_path",
    "iter_components",
]

BUILDFILE = "buildFile.xml"
BUILDFILE_OLD = "buildFile"
XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
MAX_BUILDFILE_BYTES = 128 * 1024 * 1024
INDENT = "    "

AttributeValue = str | bool | int | float | None

_DECLARED_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_UTF8_NAMES = {"utf-8", "utf8", "us-ascii", "ascii"}


# --------------------------------------------------------------------------------------------
# reading


def parse_buildfile(data: bytes, source: str = BUILDFILE) -> etree._Element:
    """Parse build-file bytes into the root element; FormatError with line/column otherwise."""
    if len(data) > MAX_BUILDFILE_BYTES:
        raise FormatError(f"build file is too large ({len(data)} bytes, limit {MAX_BUILDFILE_BYTES})", source)
    _check_utf8(data, source)
    _refuse_doctype_prolog(data, source)
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line, column = exc.position if exc.position else (exc.lineno or 0, 0)
        raise FormatError(f"malformed XML: {exc.msg}", source, f"line {line}, column {column}") from None
    _refuse_dtd(root, data, source)
    for node in root.iter(etree.Entity):
        raise FormatError(f"unresolved entity reference &{node.name};", source, f"line {node.sourceline}")
    return root


def read_buildfile(path: str | os.PathLike[str]) -> etree._Element:
    """Parse a build file lying on disk (an unpacked module)."""
    target = Path(path)
    size = target.stat().st_size
    if size > MAX_BUILDFILE_BYTES:
        raise FormatError(f"build file is too large ({size} bytes)", str(target))
    return parse_buildfile(target.read_bytes(), str(target))


def _check_utf8(data: bytes, source: str) -> None:
    """Bytes declared (or defaulting to) UTF-8 must be UTF-8; say where they are not."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return  # UTF-16 with a byte order mark: legal XML, lxml decodes it
    match = _DECLARED_ENCODING.match(data[:200])
    if match and match.group(1).decode("ascii").lower() not in _UTF8_NAMES:
        return  # another declared encoding: the XML parser honours it, as Xerces does
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body.count(b"\n", 0, exc.start) + 1
        line_start = body.rfind(b"\n", 0, exc.start) + 1
        column = len(body[line_start : exc.start].decode("utf-8", errors="replace")) + 1
        raise FormatError(
            f"not UTF-8 (byte 0x{body[exc.start]:02X})", source, f"line {line}, column {column}"
        ) from None


_ROOT_START = re.compile(rb"<[^?!]")
_DOCTYPE = re.compile(rb"<!DOCTYPE\s+[^\s>\[]+\s*([^>\[]*)(\[)?")


def _refuse_doctype_prolog(data: bytes, source: str) -> None:
    """Refuse, before any parsing, a DOCTYPE with an external id or an internal subset.

    Checked on the bytes because libxml2 would fetch an external DTD subset while parsing.
    Encodings other than ASCII-compatible ones (UTF-16) fall through to the checks after the
    parse.
    """
    root = _ROOT_START.search(data)
    end = root.start() if root else len(data)
    index = data.find(b"<!DOCTYPE", 0, end)
    if index < 0:
        return
    match = _DOCTYPE.match(data, index)
    external = bool(match and re.search(rb"\b(SYSTEM|PUBLIC)\b", match.group(1)))
    subset = bool(match and match.group(2))
    if external or subset:
        line = data.count(b"\n", 0, index) + 1
        what = "refers to an external DTD" if external else "declares entities or elements"
        raise FormatError(f"DOCTYPE {what}; refused (VASSAL files never carry one)", source, f"line {line}")


def _refuse_dtd(root: etree._Element, data: bytes, source: str) -> None:
    info = root.getroottree().docinfo
    dtd = info.internalDTD
    declares = dtd is not None and (any(True for _ in dtd.iterentities()) or any(True for _ in dtd.iterelements()))
    external = bool(info.system_url or info.public_id)
    if declares or external:
        index = max(data.find(b"<!DOCTYPE"), 0)
        line = data.count(b"\n", 0, index) + 1
        what = "declares entities or elements" if declares else "refers to an external DTD"
        raise FormatError(f"DOCTYPE {what}; refused (VASSAL files never carry one)", source, f"line {line}")


# --------------------------------------------------------------------------------------------
# building elements from data


def attribute_text(value: AttributeValue) -> str | None:
    """How VASSAL spells a typed attribute value: booleans lower-case, doubles Java-style."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return format_double(value)
    return str(value)


def check_xml_text(text: str, what: str) -> None:
    """Refuse characters XML 1.0 cannot carry (C0 controls other than TAB, CR, LF, and more)."""
    for index, ch in enumerate(text):
        code = ord(ch)
        if (code < 0x20 and ch not in "\t\r\n") or code in (0xFFFE, 0xFFFF) or 0xD800 <= code <= 0xDFFF:
            raise ValueError(
                f"{what}: character U+{code:04X} at position {index} cannot be "
                f"written to XML 1.0 (only TAB, CR and LF among control characters)"
            )


def component(
    tag: str,
    attributes: Mapping[str, AttributeValue] | None = None,
    *children: etree._Element,
    text: str | None = None,
) -> etree._Element:
    """One buildFile element from data, ElementMaker style: ``component(tag, {...}, *kids)``.

    Attribute values may be str, bool, int or float (spelt as VASSAL does); ``None`` leaves the
    attribute out. ``text`` is the element text (a piece definition keeps its TABs and
    backslashes). Characters XML 1.0 cannot hold raise ValueError naming the element.
    """
    attrs: dict[str, str] = {}
    for name, value in (attributes or {}).items():
        spelt = attribute_text(value)
        if spelt is None:
            continue
        check_xml_text(spelt, f"<{tag}> attribute {name!r}")
        attrs[name] = spelt
    element = etree.Element(tag, {name: attrs[name] for name in sorted(attrs, key=_java_order)})
    if text:
        check_xml_text(text, f"<{tag}> text")
        element.text = text
    for child in children:
        element.append(child)
    return element


def _java_order(name: str) -> bytes:
    """Sort key equal to Java's String.compareTo (UTF-16 code units)."""
    return name.encode("utf-16-be")


# --------------------------------------------------------------------------------------------
# writing


def buildfile_bytes(root: etree._Element) -> bytes:
    """The bytes VASSAL's editor would write for this tree (deterministic).

    The tree is not modified. Whitespace-only text around child elements is re-indented; an
    element holding both text and children (mixed content) is written as it stands.
    """
    if not isinstance(root.tag, str):
        raise ValueError("the build file root must be an element")
    canonical = _canonical(root, 0)
    body = etree.tostring(canonical, encoding="UTF-8", xml_declaration=False)
    return XML_DECLARATION + body + b"\n"


def _canonical(element: etree._Element, depth: int) -> etree._Element:
    attrs = sorted(element.attrib.items(), key=lambda item: _java_order(item[0]))
    copy = etree.Element(element.tag, dict(attrs))
    kids = [child for child in element if isinstance(child.tag, str)]
    text = element.text or ""
    mixed = bool(kids) and (text.strip() != "" or any((k.tail or "").strip() for k in kids))
    if mixed:
        copy.text = text or None
        for kid in kids:
            inner = _verbatim(kid)
            inner.tail = kid.tail
            copy.append(inner)
        return copy
    if not kids:
        copy.text = text or None
        return copy
    inside = "\n" + INDENT * (depth + 1)
    copy.text = inside
    for kid in kids:
        inner = _canonical(kid, depth + 1)
        inner.tail = inside
        copy.append(inner)
    copy[-1].tail = "\n" + INDENT * depth
    return copy


def _verbatim(element: etree._Element) -> etree._Element:
    """A copy with attributes sorted but whitespace untouched (inside mixed content)."""
    attrs = sorted(element.attrib.items(), key=lambda item: _java_order(item[0]))
    copy = etree.Element(element.tag, dict(attrs))
    copy.text = element.text or None
    for kid in element:
        if not isinstance(kid.tag, str):
            continue
        inner = _verbatim(kid)
        inner.tail = kid.tail
        copy.append(inner)
    return copy


# --------------------------------------------------------------------------------------------
# small helpers for readers


def element_text(element: etree._Element) -> str:
    """Text as VASSAL's ``Builder.getText`` reads it: the element's own text nodes, trimmed.

    Java's ``String.trim`` strips every character up to U+0020, not just whitespace.
    """
    parts: list[str] = [element.text or ""]
    parts.extend(child.tail or "" for child in element)
    return java_trim("".join(parts))


def element_path(element: etree._Element) -> str:
    """A short, readable place for messages: short tag names from the root, plus the line."""
    names: list[str] = []
    node: etree._Element | None = element
    while node is not None:
        label = node.tag.rsplit(".", 1)[-1] if isinstance(node.tag, str) else "?"
        name = node.get("name") or node.get("mapName") or node.get("entryName")
        names.append(f"{label}[{name}]" if name else label)
        node = node.getparent()
    line = f" (line {element.sourceline})" if element.sourceline else ""
    return "/".join(reversed(names)) + line


def iter_components(root: etree._Element) -> Iterable[etree._Element]:
    """Every element below and including ``root``, comments excluded."""
    return (el for el in root.iter() if isinstance(el.tag, str))
