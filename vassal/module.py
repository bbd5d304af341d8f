"""A VASSAL module (.vmod) as a whole: open it the way the engine does, report it, write it.

Opening follows ``MetaDataFactory.buildMetaData`` and ``GameModule.build``: a save or an
extension is not a module; ``moduledata`` (when present) gives the VassalVersion that picks the
build file -- ``buildFile`` before 3.5, ``buildFile.xml`` from 3.5 on (running version when the
metadata is missing); without metadata the build file's first lines must name the module class.

Writing is deterministic and atomic (``vassal.archive.write_archive``) and refuses a module
VASSAL would load wrongly: metadata name different from the GameModule name, an image or file
the build file names but the archive lacks, a metadata VassalVersion that would make VASSAL look
for the old build-file name.

What a module holds is `vassal.summary`; the checks a written module passes are
`vassal.validate` (against the component table of `vassal.schema`, and against the archive).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

from lxml import etree

from records import frozen
from vassal.archive import Archive, open_archive, write_archive
from vassal.buildfile import BUILDFILE, BUILDFILE_OLD, buildfile_bytes, parse_buildfile
from vassal.errors import FormatError
from vassal.metadata import (
    EXTENSION_ENTRY,
    MODULE_ENTRY,
    Metadata,
    metadata_bytes,
    parse_metadata,
    version_numbers,
)
from vassal.schema import COMPONENTS
from vassal.summary import ModuleSummary, summarize
from vassal.validate import IMAGE_DIR, Problem, check_module_references, validate_buildfile

__all__ = [
    "Module",
    "IMAGE_DIR",
    "SAVE_ENTRY_GAME",
    "buildfile_name_for",
    "read_module",
    "module_report",
    "write_module",
    "known_classes",
]

SAVE_ENTRY_GAME = "savedGame"
_MODULE_CLASSES = ("VASSAL.launch.BasicModule", "VASSAL.build.GameModule")


@frozen(eq=False)
class Module:
    """An opened module. ``root`` is the buildFile's root element (lxml)."""

    path: str
    metadata: Metadata | None
    buildfile_name: str
    root: etree._Element
    entries: tuple[str, ...]
    images: tuple[str, ...]
    summary: ModuleSummary
    notes: tuple[str, ...] = ()


# --------------------------------------------------------------------------------------------
# reading


def buildfile_name_for(vassal_version: str | None) -> str:
    """The build-file entry VASSAL reads for a metadata VassalVersion (None = missing)."""
    if vassal_version is None:
        return BUILDFILE
    major, minor, _ = version_numbers(vassal_version)
    return BUILDFILE_OLD if (major, minor) < (3, 5) else BUILDFILE


def read_module(path: str | os.PathLike[str]) -> Module:
    """Open a .vmod (or VASSAL 2.x .mod); FormatError naming file and place for bad input."""
    source = str(path)
    with open_archive(source) as archive:
        names = archive.names()
        if SAVE_ENTRY_GAME in archive:
            raise FormatError("this is a saved game or log, not a module", source)
        if BUILDFILE not in archive and BUILDFILE_OLD not in archive:
            raise FormatError("no buildFile.xml (or old buildFile) in the archive", source)
        if EXTENSION_ENTRY in archive:
            raise FormatError("this is a module extension (it has extensiondata), not a module", source)
        notes: list[str] = []
        metadata: Metadata | None = None
        vassal_version: str | None = None
        if MODULE_ENTRY in archive:
            try:
                metadata = parse_metadata(archive.read(MODULE_ENTRY), f"{source}:{MODULE_ENTRY}")
                vassal_version = metadata.vassal_version
            except FormatError as exc:
                # The engine logs an unreadable moduledata and carries on as if it were absent
                # (running version, so buildFile.xml).
                notes.append(f"moduledata ignored: {exc.line()}")
        else:
            vassal_version = _fallback_version(archive, source)
        chosen = buildfile_name_for(vassal_version)
        if chosen not in archive:
            other = BUILDFILE_OLD if chosen == BUILDFILE else BUILDFILE
            said = "missing" if vassal_version is None else repr(vassal_version)
            raise FormatError(
                f"VassalVersion {said} makes VASSAL read {chosen}, which is missing (the archive has {other})",
                source,
                MODULE_ENTRY,
            )
        root = parse_buildfile(archive.read(chosen), f"{source}:{chosen}")
    images = tuple(sorted(n for n in names if n.startswith(IMAGE_DIR) and not n.endswith("/")))
    return Module(
        path=source,
        metadata=metadata,
        buildfile_name=chosen,
        root=root,
        entries=tuple(names),
        images=images,
        summary=summarize(root),
        notes=tuple(notes),
    )


def _fallback_version(archive: Archive, source: str) -> str | None:
    """No moduledata: MetaDataFactory's first-ten-lines test, then ModuleMetaData's reading.

    ModuleMetaData only reads the old ``buildFile``; there it takes the root's lower-case
    ``vassalVersion`` attribute (absent = ''), else it keeps the running version.
    """
    first = BUILDFILE if BUILDFILE in archive else BUILDFILE_OLD
    head = archive.read(first)[: 64 * 1024].decode("utf-8", errors="replace").splitlines()[:10]
    if not any(line.find(cls) > 0 for line in head for cls in _MODULE_CLASSES):
        raise FormatError(
            "no moduledata, and the build file does not start with a "
            "VASSAL.build.GameModule element, so VASSAL would not open it",
            source,
            first,
        )
    if BUILDFILE_OLD not in archive:
        return None
    match = re.search(
        r"<(?:VASSAL\.launch\.BasicModule|VASSAL\.build\.GameModule)\b([^>]*)>",
        archive.read(BUILDFILE_OLD)[: 64 * 1024].decode("utf-8", "replace"),
    )
    if not match:
        return None
    version = re.search(r"""\svassalVersion\s*=\s*["']([^"']*)["']""", match.group(1))
    return version.group(1) if version else ""


def module_report(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Everything ``read_module`` learns, as plain JSON-ready data (for ``staffwork inspect``)."""
    module = read_module(path)
    report: dict[str, Any] = {
        "file": module.path,
        "buildfile": module.buildfile_name,
        "metadata": dataclasses.asdict(module.metadata) if module.metadata else None,
        "images": len(module.images),
        "notes": list(module.notes),
    }
    report.update(dataclasses.asdict(module.summary))
    report["prototype_count"] = module.summary.prototype_count
    return report


# --------------------------------------------------------------------------------------------
# writing


def write_module(
    path: str | os.PathLike[str],
    buildfile: etree._Element | bytes,
    metadata: Metadata,
    files: Mapping[str, bytes],
    *,
    strict: bool = True,
) -> list[Problem]:
    """Write a .vmod deterministically and atomically; returns the problems it let through.

    Refuses (FormatError, nothing written) when: the metadata name or version differs from
    the GameModule's; the metadata VassalVersion would make VASSAL read the old ``buildFile``;
    ``files`` holds ``buildFile.xml``/``buildFile``/``moduledata`` itself or a bad entry name;
    a named image or file is missing; and, when ``strict``, ``validate_buildfile`` finds errors
    (without ``strict`` those come back in the returned list with the warnings).
    """
    target = str(path)
    if isinstance(buildfile, bytes):
        data = buildfile
        root = parse_buildfile(data, BUILDFILE)
    else:
        root = buildfile
        data = buildfile_bytes(root)
    for reserved in (BUILDFILE, BUILDFILE_OLD, MODULE_ENTRY, EXTENSION_ENTRY, SAVE_ENTRY_GAME):
        if reserved in files:
            raise FormatError(
                f"files must not contain {reserved!r}; it is written from the other arguments",
                target,
                reserved,
            )
    for name in files:
        if name.endswith("/") or PurePosixPath(name).is_absolute() or ".." in name.split("/"):
            raise FormatError("not a usable archive entry name", target, name)
    module_name = root.get("name", "").strip()
    if (metadata.name or "").strip() != module_name:
        raise FormatError(
            f"moduledata name {metadata.name!r} differs from the GameModule name {module_name!r}",
            target,
            MODULE_ENTRY,
        )
    if buildfile_name_for(metadata.vassal_version) != BUILDFILE:
        raise FormatError(
            f"moduledata VassalVersion {metadata.vassal_version!r} is below "
            f"3.5, so VASSAL would look for the old 'buildFile' entry",
            target,
            MODULE_ENTRY,
        )
    module_version = root.get("version", "").strip()
    if (metadata.version or "").strip() != module_version:
        # VASSAL cuts tiles into a folder named from moduledata's name and version and reads
        # them from one named from the GameModule's: they must agree
        raise FormatError(
            f"moduledata version {metadata.version!r} differs from the GameModule version {module_version!r}",
            target,
            MODULE_ENTRY,
        )
    references = check_module_references(root, list(files) + [BUILDFILE, MODULE_ENTRY])
    validation = validate_buildfile(root)
    errors = [p for p in references if p.severity == "error"]
    if strict:
        errors = [p for p in validation if p.severity == "error"] + errors
    if errors:
        listing = "; ".join(p.line() for p in errors[:5])
        more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        raise FormatError(f"module not written: {listing}{more}", target)
    entries = dict(files)
    entries[BUILDFILE] = data
    entries[MODULE_ENTRY] = metadata_bytes(metadata, "module")
    write_archive(target, entries)
    return [p for p in validation + references if p not in errors]


def known_classes() -> tuple[str, ...]:
    """The classes the component table covers (for reports)."""
    return tuple(sorted(COMPONENTS))
