"""The module's version: the hand-kept number plus a digest of what was built.

Why: VASSAL 3.7 cuts a module's large images into tiles once and keeps them in
``<cache>/tiles/<sha1(name + "_" + version)>/``, where name and version come from the module's
``moduledata`` (when the Module Manager or Player slices tiles: ``AbstractLaunchAction``) and
from the ``GameModule`` element (when the Player reads them: ``GameModule.getImageTileSource``).
A tile set counts as fresh while every tile file is newer than its image's zip entry date
(``TilingHandler.isFresh``: ``ZipArchive.getMTime`` against ``ImageTileDiskCache.getMTime``).
Our entries all carry one fixed date so that builds are byte-identical; that date is older than
any tile, so a rebuilt module with the same name and version would be shown with the tiles of
the one before it. A digest of the content in the version gives every different build its own
tile folder, and the same inputs still give the same version, the same bytes, the same tiles.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

DIGITS = 10  # hex digits of the digest kept: 40 bits, no two builds a player meets collide


def content_version(base: str, *parts: Mapping[str, bytes] | bytes) -> str:
    """``base`` + "+" + a digest of the parts (name -> bytes mappings, or plain bytes), e.g.
    "0.2+3f9a1c2e07". The parts must not contain the result (build them with ``base``)."""
    digest = hashlib.sha256()
    for part in parts:
        items = sorted(part.items()) if isinstance(part, Mapping) else [("", part)]
        digest.update(b"\x01")
        for name, data in items:
            digest.update(name.encode("utf-8") + b"\x00" + len(data).to_bytes(8, "big") + data)
    return f"{base}+{digest.hexdigest()[:DIGITS]}"


def tile_cache_folder(name: str, version: str) -> str:
    """The folder under VASSAL's ``tiles/`` that holds this module's tiles (engine's rule)."""
    return hashlib.sha1(f"{name}_{version}".encode()).hexdigest()
