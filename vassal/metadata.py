"""The small metadata XML files of VASSAL archives: ``moduledata``, ``savedata``, ``extensiondata``.

VASSAL reads them to decide which build file to load, whether a module is too new for the running
engine, and what to show in its module library. The element names and their order follow the
engine's writer (``build/module/metadata/AbstractMetaData.java#save`` and the ``addElements`` of
``ModuleMetaData``, ``SaveMetaData``, ``ExtensionMetaData``): ``version``, ``extra1``, ``extra2``,
``VassalVersion``, ``dateSaved``, ``description`` (+ translations), then ``name`` (+ translations)
for modules or ``universal`` for extensions. The Transformer there indents by 2 spaces.

Reading is as tolerant as the engine's SAX handler: element text is trimmed, unknown elements are
ignored, any entry may be missing.
"""

from __future__ import annotations

from typing import Literal

from records import frozen
from vassal.errors import FormatError

__all__ = [
    "MODULE_ENTRY",
    "SAVE_ENTRY",
    "EXTENSION_ENTRY",
    "ENTRY_FOR_KIND",
    "XML_DECLARATION",
    "Kind",
    "Metadata",
    "parse_metadata",
    "metadata_bytes",
    "is_pre_bug_11929",
    "version_numbers",
]

MODULE_ENTRY = "moduledata"
SAVE_ENTRY = "savedata"
EXTENSION_ENTRY = "extensiondata"

Kind = Literal["module", "save", "extension"]
ENTRY_FOR_KIND: dict[str, str] = {
    "module": MODULE_ENTRY,
    "save": SAVE_ENTRY,
    "extension": EXTENSION_ENTRY,
}

XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
DATA_VERSION = "1"
MAX_METADATA_BYTES = 1024 * 1024

Translations = tuple[tuple[str, str], ...]


@frozen
class Metadata:
    """The fields of one metadata file; ``None`` means the element was (or will be) absent.

    ``date_saved`` is milliseconds since the epoch as VASSAL writes it (kept as text when read,
    because old files may hold anything there). Translations are ``(language, text)`` pairs.
    ``vassal_version`` None means the element is missing, which the engine treats as "the running
    version" (not the same as an empty element, which counts as version 0).
    """

    version: str = ""
    vassal_version: str | None = None
    date_saved: str | None = None
    description: str | None = None
    name: str | None = None
    extra1: str = ""
    extra2: str = ""
    description_translations: Translations = ()
    name_translations: Translations = ()
    universal: bool | None = None
    data_version: str = DATA_VERSION


def is_pre_bug_11929(vassal_version: str) -> bool:
    """True for files written before 3.6.11, which swapped a translation's language and text."""
    return version_numbers(vassal_version) < (3, 6, 11)


def version_numbers(version: str) -> tuple[int, int, int]:
    """(major, minor, incremental) as Maven's DefaultArtifactVersion reads a version string.

    VASSAL compares versions through it (``VersionUtils.truncateToMinorVersion``), so a string it
    cannot parse ('', '3.6.x', '03.6') counts as 0.0.0 -- which selects the pre-3.5 build file.
    """
    text = version.strip()
    head = text.split("-", 1)[0]
    if "." not in head and not head.startswith("0"):
        return (int(head), 0, 0) if head.isdigit() else (0, 0, 0)
    if ".." in head or head.startswith(".") or head.endswith("."):
        return (0, 0, 0)
    tokens = head.split(".")
    numbers: list[int] = []
    for token in tokens[:3]:
        if not token.isdigit() or (len(token) > 1 and token.startswith("0")):
            return (0, 0, 0)
        numbers.append(int(token))
    if len(tokens) > 3 and tokens[3].isdigit():
        return (0, 0, 0)
    while len(numbers) < 3:
        numbers.append(0)
    return (numbers[0], numbers[1], numbers[2])


def parse_metadata(data: bytes, source: str | None = None) -> Metadata:
    """Read a metadata file (any of the three kinds) tolerantly.

    Raises FormatError (with line and column) for bytes that are not well-formed XML, for DTDs
    declaring entities, or for a root element other than ``data``.
    """
    if len(data) > MAX_METADATA_BYTES:
        raise FormatError(f"metadata file is too large ({len(data)} bytes)", source)
    if b"<!ENTITY" in data or b"<!DOCTYPE" in data:
        raise FormatError("metadata must not contain a DOCTYPE or entity declarations", source, _line_of(data, b"<!"))
    root_tag, root_attrs, root_line, children = _read_xml(data, source)
    if root_tag != "data":
        raise FormatError(f"root element is <{root_tag}>, expected <data>", source, f"line {root_line}")

    fields: dict[str, str] = {}
    descriptions: list[tuple[str, str]] = []
    names: list[tuple[str, str]] = []
    universal: bool | None = None
    for tag, attrs, text in children:
        if tag in ("description", "name"):
            (descriptions if tag == "description" else names).append((attrs.get("lang", ""), text))
        elif tag == "universal":
            universal = text == "true"
        elif tag in ("version", "extra1", "extra2", "VassalVersion", "dateSaved"):
            fields[tag] = text
    vassal_version = fields.get("VassalVersion")
    swapped = is_pre_bug_11929(vassal_version) if vassal_version is not None else False

    def split(items: list[tuple[str, str]]) -> tuple[str | None, Translations]:
        if not items:
            return None, ()
        main = items[0][1]
        extra = []
        for lang, text in items[1:]:
            extra.append((text, lang) if swapped else (lang, text))
        return main, tuple(extra)

    description, description_translations = split(descriptions)
    name, name_translations = split(names)
    return Metadata(
        version=fields.get("version", ""),
        vassal_version=vassal_version,
        date_saved=fields.get("dateSaved"),
        description=description,
        name=name,
        extra1=fields.get("extra1", ""),
        extra2=fields.get("extra2", ""),
        description_translations=description_translations,
        name_translations=name_translations,
        universal=universal,
        data_version=root_attrs.get("version", DATA_VERSION),
    )


Child = tuple[str, dict[str, str], str]  # tag, attributes, all its text (trimmed)


def _read_xml(data: bytes, source: str | None) -> tuple[str, dict[str, str], int, list[Child]]:
    """The root element (tag, attributes, line) and its children, each with all the text inside
    it (comments and processing instructions left out): read with the standard library's expat,
    so reading a save needs no lxml. An encoding expat does not know is read by lxml instead."""
    from xml.parsers import expat

    parser = expat.ParserCreate()
    root: list = []
    children: list[tuple[str, dict[str, str], list[str]]] = []
    depth = 0

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth == 1:
            root.extend((tag, attrs, parser.CurrentLineNumber))
        elif depth == 2:
            children.append((tag, attrs, []))

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    def text(chunk: str) -> None:
        if depth >= 2:
            children[-1][2].append(chunk)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        if exc.code == expat.errors.codes[expat.errors.XML_ERROR_UNKNOWN_ENCODING]:
            return _read_xml_lxml(data, source)
        raise FormatError(
            f"malformed XML ({expat.errors.messages[exc.code]})", source, f"line {exc.lineno}, column {exc.offset + 1}"
        ) from None
    return root[0], root[1], root[2], [(tag, attrs, "".join(parts).strip()) for tag, attrs, parts in children]


def _read_xml_lxml(data: bytes, source: str | None) -> tuple[str, dict[str, str], int, list[Child]]:
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True, remove_pis=True
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (0, 0)
        raise FormatError(f"malformed XML ({exc.msg})", source, f"line {line}, column {col}") from None
    children = [
        (child.tag, dict(child.attrib), "".join(child.itertext()).strip())
        for child in root
        if isinstance(child.tag, str)
    ]
    return root.tag, dict(root.attrib), root.sourceline or 0, children


def _line_of(data: bytes, needle: bytes) -> str:
    index = max(data.find(needle), 0)
    line = data.count(b"\n", 0, index) + 1
    return f"line {line}"


def metadata_bytes(meta: Metadata, kind: Kind = "module") -> bytes:
    """The file VASSAL would write for these fields, byte for byte (2-space indent, UTF-8).

    As the engine does, a module always gets ``description`` and ``name`` elements (empty when
    unset), an extension always gets ``description`` and ``universal``, and a save gets a
    ``description`` only when it has comments. ``date_saved`` None writes ``0``: VASSAL stamps
    the current time, which would make builds differ from run to run.
    Translations are written sorted by language (VASSAL's order is a hash order).
    """
    if kind not in ENTRY_FOR_KIND:
        raise ValueError(f"unknown metadata kind {kind!r}")
    from lxml import etree  # only for writing: reading a save needs none

    root = etree.Element("data", version=meta.data_version or DATA_VERSION)

    def add(tag: str, text: str, lang: str | None = None) -> None:
        _check_text(text, tag)
        element = etree.SubElement(root, tag)
        if lang is not None:
            element.set("lang", lang)
        element.text = text or None

    add("version", meta.version)
    add("extra1", meta.extra1)
    add("extra2", meta.extra2)
    add("VassalVersion", meta.vassal_version or "")
    date = meta.date_saved if meta.date_saved is not None else "0"
    add("dateSaved", date)
    description = meta.description
    if description is None and kind != "save":
        description = ""
    if description is not None:
        add("description", description)
        for lang, text in sorted(meta.description_translations):
            add("description", text, lang)
    if kind == "module":
        add("name", meta.name or "")
        for lang, text in sorted(meta.name_translations):
            add("name", text, lang)
    elif kind == "extension":
        add("universal", "true" if meta.universal else "false")
    body = etree.tostring(root, encoding="UTF-8", xml_declaration=False, pretty_print=True)
    return XML_DECLARATION + body


def _check_text(text: str, field: str) -> None:
    for ch in text:
        if (ord(ch) < 0x20 and ch not in "\t\r\n") or ch in "\ufffe\uffff":
            raise ValueError(f"metadata {field}: character U+{ord(ch):04X} is not allowed in XML 1.0")
