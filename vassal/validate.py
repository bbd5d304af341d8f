"""Checks that a module is one VASSAL loads as we mean it: ``validate_buildfile`` holds a build
file against the component table (`vassal.schema`) -- classes, attribute values as the engine's
parsers read them, which children a class may hold, module-wide rules -- and
``check_module_references`` holds it against the archive (every image and file it names is
there, found the way the engine's DataArchive finds it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Literal

from lxml import etree

from records import frozen
from vassal import sequence
from vassal.buildfile import element_path, element_text
from vassal.javanum import parse_double, parse_int
from vassal.schema import (
    BOARD,
    CHART_WIDGET_CHILDREN,
    GRID,
    MAP,
    PIECE_WIDGET_CHILDREN,
    ROOT_TAGS,
    WIDGET,
    AttrType,
    M,
    spec_for,
)

__all__ = [
    "Problem",
    "check_value",
    "java_double_parses",
    "validate_buildfile",
    "IMAGE_DIR",
    "image_entry",
    "image_finder",
    "check_module_references",
]

Severity = Literal["error", "warning"]
IMAGE_DIR = "images/"


@frozen
class Problem:
    """One finding: ``error`` = VASSAL would fail or drop the element; ``warning`` = a value
    would be ignored or defaulted, or the editor would not allow the structure."""

    severity: Severity
    place: str
    message: str

    def line(self) -> str:
        return f"{self.severity}: {self.place}: {self.message}"


# --------------------------------------------------------------------------------------------
# value checks mirroring the Java parsers


def java_double_parses(text: str) -> bool:
    """True where ``Double.valueOf(text)`` succeeds."""
    return parse_double(text) is not None


def _color_problem(text: str) -> str | None:
    """ColorConfigurer.stringToColor: '', 'null', 0x hex, 'r,g,b' or 'r,g,b,a' in 0..255."""
    if text in ("", "null"):
        return None
    if text[:2] in ("0x", "0X"):
        body = text[2:]
        ok = re.fullmatch(r"[+-]?[0-9a-fA-F]+", body) is not None
        return None if ok and 0 <= int(body, 16) <= 0xFFFFFF else "not a colour (0x hex RGB)"
    tokens = [t for t in text.split(",") if t != ""]  # StringTokenizer skips empty tokens
    if len(tokens) < 3:
        return "not a colour ('r,g,b' or 'r,g,b,a')"
    wanted = tokens[:4] if len(tokens) > 3 else tokens[:3]
    numbers = [parse_int(t) for t in wanted]
    if any(n is None for n in numbers):
        return "not a colour ('r,g,b' or 'r,g,b,a' with whole numbers)"
    if any(not 0 <= n <= 255 for n in numbers if n is not None):
        return "colour component outside 0..255"
    return None


def check_value(kind: AttrType, value: str) -> str | None:
    """What is wrong with ``value`` for an attribute of this type, or None."""
    k = kind.kind
    if k == "int":
        return None if parse_int(value) is not None else "not a Java int"
    if k == "double":
        return None if java_double_parses(value) else "not a Java double"
    if k == "double_list":
        if value == "":
            return "empty list of numbers"
        bad = [t for t in value.split(",") if not java_double_parses(t)]
        return f"not a list of Java doubles ({bad[0]!r})" if bad else None
    if k == "bool":
        return None if value in ("true", "false") else "not true/false (VASSAL reads it as false)"
    if k == "color":
        return _color_problem(value)
    if k == "keystroke":
        if value == "":
            return None
        head, sep, tail = value.partition(",")
        if sep and parse_int(head) is not None and parse_int(tail) is not None:
            return None
        return "not a key stroke 'keyCode,modifiers' (VASSAL drops it)"
    if k == "named_keystroke":
        if value == "":
            return None
        parts = value.split(",")
        if len(parts) >= 2 and parse_int(parts[0]) is not None and parse_int(parts[1]) is not None:
            return None
        return "not a key stroke 'keyCode,modifiers[,name]' (VASSAL drops it)"
    if k == "enum":
        return None if value in kind.values else f"not one of {list(kind.values)}"
    if k == "char_enum":
        if value == "":
            return "empty (VASSAL reads its first character and fails)"
        return None if value in kind.values else f"not one of {list(kind.values)}"
    return None


# --------------------------------------------------------------------------------------------
# the validator


def validate_buildfile(root: etree._Element) -> list[Problem]:
    """Check a buildFile tree against the component table; problems in document order.

    Errors: root is not a GameModule, class not in the table, fatal attribute values, children
    a class cannot take. Warnings: unknown attributes, values VASSAL would ignore or default,
    structures the editor would not create, missing mandatory components, gpid trouble.
    """
    problems: list[Problem] = []
    if root.tag not in ROOT_TAGS:
        problems.append(
            Problem(
                "error",
                element_path(root),
                f"root element is {root.tag}, not VASSAL.build.GameModule",
            )
        )
    _walk(root, None, problems)
    _check_module(root, problems)
    return problems


def _walk(element: etree._Element, window: str | None, problems: list[Problem]) -> None:
    tag = element.tag
    spec = spec_for(tag)
    place = element_path(element)
    if spec is None:
        problems.append(Problem("error", place, f"class {tag} is not in the component table"))
        return
    if tag in (M + "PieceWindow", M + "ChartWindow"):
        window = tag
    for name, value in element.attrib.items():
        kind = spec.attributes.get(name)
        if kind is None:
            if not spec.open_attributes:
                problems.append(Problem("warning", place, f"attribute {name!r} is not read by {_short(tag)}"))
            continue
        trouble = check_value(kind, value)
        if trouble:
            fatal = kind.fatal and (kind.kind != "char_enum" or value == "")
            severity: Severity = "error" if fatal else "warning"
            problems.append(Problem(severity, place, f"attribute {name}={value!r}: {trouble}"))
    if not spec.text and not spec.any_raw_children and (element.text or "").strip():
        problems.append(Problem("warning", place, "element text is ignored by VASSAL"))
    for child in element:
        if not isinstance(child.tag, str):
            continue
        child_tag = child.tag
        if child_tag in spec.raw_children or (spec.any_raw_children and "." not in child_tag):
            continue
        if child_tag in spec.children:
            if not _fits_window(child_tag, tag, window):
                problems.append(
                    Problem(
                        "warning",
                        element_path(child),
                        f"{_short(child_tag)} does not belong in a {_short(window or '')}",
                    )
                )
        elif child_tag in spec.tolerated:
            problems.append(
                Problem(
                    "warning",
                    element_path(child),
                    f"VASSAL builds {_short(child_tag)} inside {_short(tag)} but its editor would not put it there",
                )
            )
        elif spec_for(child_tag) is not None:
            problems.append(Problem("error", element_path(child), f"{_short(tag)} cannot hold {_short(child_tag)}"))
        _walk(child, window, problems)


def _fits_window(child: str, parent: str, window: str | None) -> bool:
    if not parent.startswith(WIDGET) or window is None:
        return True
    if window == M + "PieceWindow":
        return child in PIECE_WIDGET_CHILDREN
    return child in CHART_WIDGET_CHILDREN


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def _check_module(root: etree._Element, problems: list[Problem]) -> None:
    """Module-wide rules: mandatory components, unique names the engine relies on, gpids."""
    place = element_path(root)
    present = {child.tag for child in root if isinstance(child.tag, str)}
    for mandatory in (M + "Documentation", M + "GlobalOptions"):
        if mandatory not in present:
            problems.append(
                Problem(
                    "warning",
                    place,
                    f"no {_short(mandatory)} (VASSAL adds an empty one and reports the module as incomplete)",
                )
            )
    for board in root.iter(BOARD + "Board"):
        grids = [c for c in board if isinstance(c.tag, str) and c.tag.startswith(GRID)]
        if len(grids) > 1:
            problems.append(
                Problem(
                    "warning",
                    element_path(board),
                    "a board holds more than one grid; VASSAL uses the last",
                )
            )
    for picker in root.iter(MAP + "BoardPicker"):
        if not any(c.tag == BOARD + "Board" for c in picker if isinstance(c.tag, str)):
            problems.append(Problem("warning", element_path(picker), "map has no board"))
    names: dict[str, etree._Element] = {}
    for tag in (M + "Map", M + "PrivateMap", M + "PlayerHand"):
        for map_element in root.iter(tag):
            name = map_element.get("mapName", "")
            if name in names:
                problems.append(
                    Problem(
                        "warning",
                        element_path(map_element),
                        f"map name {name!r} is used twice (saved pieces refer to maps by name)",
                    )
                )
            names.setdefault(name, map_element)
    prototypes: set[str] = set()
    for proto in root.iter(M + "PrototypeDefinition"):
        name = proto.get("name", "")
        if name in prototypes:
            problems.append(Problem("warning", element_path(proto), f"prototype name {name!r} is defined twice"))
        prototypes.add(name)
    _check_gpids(root, problems)


def _check_gpids(root: etree._Element, problems: list[Problem]) -> None:
    seen: dict[str, etree._Element] = {}
    highest = -1
    for slot in _iter_slots(root):
        gpid = slot.get("gpid", "")
        if gpid == "":
            problems.append(
                Problem(
                    "warning",
                    element_path(slot),
                    "piece slot has no gpid (Refresh Counters cannot match it)",
                )
            )
            continue
        if gpid in seen:
            problems.append(
                Problem(
                    "warning",
                    element_path(slot),
                    f"gpid {gpid!r} is also used at {element_path(seen[gpid])}",
                )
            )
        seen.setdefault(gpid, slot)
        number = parse_int(gpid)
        if number is not None:
            highest = max(highest, number)
    next_id = parse_int(root.get("nextPieceSlotId", ""))
    if seen and next_id is not None and next_id <= highest:
        problems.append(
            Problem(
                "warning",
                element_path(root),
                f"nextPieceSlotId={next_id} is not above the highest gpid {highest}; new slots would reuse ids",
            )
        )


def _iter_slots(root: etree._Element) -> Iterable[etree._Element]:
    yield from root.iter(WIDGET + "PieceSlot", WIDGET + "CardSlot")


# --------------------------------------------------------------------------------------------
# references: what the build file names against what the archive holds


def image_entry(name: str) -> str | None:
    """The archive entry VASSAL opens for an image name; None for a jar resource or nothing."""
    name = name.strip()
    if not name or name.startswith("/"):
        return None
    return IMAGE_DIR + name


_IMAGE_TOKEN = re.compile(r"[^/\\:*?\"<>|\t;,]+\.(?:png|gif|jpe?g|svg|bmp)", re.IGNORECASE)


def _piece_tokens(text: str) -> set[str]:
    """Every token of a piece definition, at every level of VASSAL's nested encodings.

    An AddPiece text is '/'-separated; its type is a TAB-separated chain of traits, each
    ';'-separated, and lists inside a trait (a layer's images) are ','-separated.
    """
    found: set[str] = set()
    delimiters = ("/", "\t", ";", ",")

    def walk(value: str, depth: int) -> None:
        found.add(value)
        for index in range(depth, len(delimiters)):
            delim = delimiters[index]
            if delim in value:
                for token in sequence.decode(value, delim):
                    if token and token != value:
                        walk(token, index + 1)
                return

    walk(text, 0)
    return found


class _Entries:
    """Archive entry names, answering "would VASSAL find this?" like DataArchive does:
    the exact name, its NFD form, then the name with ".gif" appended (old extensionless
    images); images also under ``images_<lang>/``."""

    def __init__(self, names: Iterable[str]):
        self.names = set(names)
        self.localized = {re.sub(r"^images_[^/]+/", IMAGE_DIR, n) for n in self.names if n.startswith("images_")}

    def find(self, entry: str) -> str | None:
        for candidate in (entry, unicodedata.normalize("NFD", entry), entry + ".gif"):
            if candidate in self.names or candidate in self.localized:
                return candidate
        return None


def image_finder(entry_names: Iterable[str]) -> Callable[[str], str | None]:
    """For an archive's entries: the entry VASSAL opens for an image name (``images/<name>``,
    its NFD form, or with ".gif" added), or None when the archive does not have it."""
    entries = _Entries(entry_names)

    def find(name: str) -> str | None:
        entry = image_entry(name)
        if entry is None:
            return None
        found = entries.find(entry)
        return found if found in entries.names else None

    return find


def _references(
    root: etree._Element, entries: _Entries
) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """(images certainly named, images probably named, other entries named) -> places."""
    images: dict[str, list[str]] = {}
    guessed: dict[str, list[str]] = {}
    files: dict[str, list[str]] = {}
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        spec = spec_for(element.tag)
        place = element_path(element)
        for name, value in element.attrib.items():
            kind = spec.attributes.get(name) if spec else None
            if kind is not None and kind.kind == "image":
                entry = image_entry(value)
                if entry:
                    images.setdefault(entry, []).append(place)
            elif kind is not None and kind.kind == "file":
                if name == "file" and element.get("useFile", "") != "true":
                    continue
                if value.strip():
                    files.setdefault(value.strip(), []).append(place)
            elif kind is None and ("icon" in name.lower() or "image" in name.lower()):
                entry = image_entry(value)
                if entry and (_IMAGE_TOKEN.fullmatch(value.strip()) or entries.find(entry)):
                    guessed.setdefault(entry, []).append(place)
        if spec is not None and spec.text:
            for token in _piece_tokens(element_text(element)):
                entry = image_entry(token) if "\n" not in token else None
                if not entry:
                    continue
                if _IMAGE_TOKEN.fullmatch(token.strip()) or entries.find(entry):
                    images.setdefault(entry, []).append(place)
    return images, guessed, files


def check_module_references(root: etree._Element, entry_names: Iterable[str]) -> list[Problem]:
    """Images and files the build file names versus what the archive holds.

    Images are found in image-typed attributes (component table) and in piece definitions
    (PieceSlot, CardSlot, PrototypeDefinition texts); a bare name means ``images/<name>``, a
    name starting with '/' is inside the VASSAL program and not checked. Errors: a named image
    or file entry that is missing. Warnings: an image-like attribute of a class outside the
    table that points nowhere, and an image entry nobody names (names built at run time, such
    as ``$side$.png``, cannot be seen; an image VASSAL itself ships under a bare name is
    reported missing).
    """
    entries = _Entries(entry_names)
    images, guessed, files = _references(root, entries)
    problems: list[Problem] = []
    for entry, places in sorted(images.items()):
        if entries.find(entry) is None:
            problems.append(
                Problem(
                    "error",
                    places[0],
                    f"image {entry[len(IMAGE_DIR) :]!r} is not in the archive (looked for {entry})",
                )
            )
    for entry, places in sorted(guessed.items()):
        if entries.find(entry) is None:
            problems.append(
                Problem(
                    "warning",
                    places[0],
                    f"attribute names image {entry[len(IMAGE_DIR) :]!r}, which is not in the archive",
                )
            )
    for entry, places in sorted(files.items()):
        if entry not in entries.names and unicodedata.normalize("NFD", entry) not in entries.names:
            problems.append(Problem("error", places[0], f"file {entry!r} is not in the archive"))
    named = {entries.find(e) for e in list(images) + list(guessed)}
    for entry in sorted(entries.names):
        if entry.startswith(IMAGE_DIR) and not entry.endswith("/") and entry not in named:
            problems.append(Problem("warning", entry, "image is not named by the build file"))
    return problems
