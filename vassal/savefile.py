"""Saved games (.vsav) and logs (.vlog) as files: the zip, its entries, the command text.

Both are zips holding ``savedGame`` (the obfuscated command text), and usually ``savedata`` and
``moduledata`` (metadata XML) -- but real files may lack the metadata (docs/vassal-formats.md 4.1),
so reading tolerates that. Writing writes both metadata entries or neither: with ``savedata``
but no ``moduledata`` VASSAL would compare the module name against "" and complain.

Public API::

    SAVED_GAME_ENTRY = "savedGame"
    SavedGame(source, form, tree, savedata, moduledata)   frozen
        .text -> str                         the command text (written again from the tree)
        .is_log -> bool                      has LOG groups (a .vlog with steps)
    read_saved_game(path, *, limits=Limits()) -> SavedGame
    decode_saved_game(data, source=None) -> tuple[str, Form]    savedGame bytes -> text
    saved_game_bytes(text, *, obfuscate=True, key=DEFAULT_KEY) -> bytes
    write_saved_game(path, commands_or_text, *, module_name, module_version, vassal_version,
                     description=None, obfuscate=True, key=DEFAULT_KEY, date_saved=None,
                     module_description="", with_metadata=True) -> None
    rewrite_saved_game(source, target, commands_or_text) -> None
        a copy of ``source`` with new command text: every other entry byte for byte, the
        text wrapped as the source's was (same form, same key)
    as_text(commands_or_text) -> str         str | Node | iterable of Node/Command -> text

    Placement(id, type, state, map, x, y)    one expanded piece to put on the table (frozen)
    setup_tree(placements, boards={}, *, extra=(), stack_ids=None, stack_layer=1) -> Node
        a scenario setup in the shape of docs/vassal-formats.md 4.9: begin_save, the pieces
        (members right before their stack), the stacks, BoardPicker layouts, ``extra``
        commands, SETUP_STACK, end_save

Every problem with the input raises :class:`~vassal.errors.FormatError` naming the file and the
place (entry name, byte offset); the input file is never modified.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import repeat
from operator import sub

from records import frozen
from vassal import sequence
from vassal.archive import Archive, Limits, open_archive, write_archive
from vassal.commands import (
    ESC,
    AddPiece,
    BeginSave,
    BoardPlacement,
    Command,
    EndSave,
    Node,
    SetBoards,
    SetupStack,
    decode_pieces,
    decode_tree,
    encode_command,
    encode_tree,
    join_pieces,
    log_steps,
)
from vassal.errors import FormatError
from vassal.metadata import (
    MODULE_ENTRY,
    SAVE_ENTRY,
    Metadata,
    metadata_bytes,
    parse_metadata,
)
from vassal.nesting import forget_splits, type_info
from vassal.obfuscation import DEFAULT_KEY, VCSK_HEAD, Form, deobfuscate, detect, vcsk_plain
from vassal.obfuscation import obfuscate as _obfuscate
from vassal.pieces import parse_piece, piece_state, with_position

__all__ = [
    "SAVED_GAME_ENTRY",
    "SavedGame",
    "read_saved_game",
    "read_moduledata",
    "decode_saved_game",
    "saved_game_bytes",
    "write_saved_game",
    "rewrite_saved_game",
    "as_text",
    "Placement",
    "setup_tree",
]

SAVED_GAME_ENTRY = "savedGame"


@frozen
class SavedGame:
    """What a .vsav / .vlog holds: its command tree (and so its plain text), the wrapping the
    text came in, and the metadata if any."""

    source: str
    form: Form
    tree: Node
    savedata: Metadata | None
    moduledata: Metadata | None

    @property
    def text(self) -> str:
        """The plain command text, written again from the tree: the same characters, as a
        node that was not in the canonical form keeps what it was read from. Not kept: a big
        save's text is tens of MB that a reader of the tree never looks at (issue 20)."""
        return encode_tree(self.tree)

    @property
    def is_log(self) -> bool:
        return bool(log_steps(self.tree))


def decode_saved_game(data: bytes, source: str | None = None) -> tuple[str, Form]:
    """The command text inside a ``savedGame`` entry and the wrapping it came in."""
    form = detect(data)
    plain = deobfuscate(data, source)
    try:
        text = plain.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"command text is not UTF-8 (byte {exc.start} of the plain text)", source) from None
    return text, form


_PIECE = 1 << 18  # hex digits decoded at a time: memory reused piece after piece
_ESC = ESC.encode()  # one byte in UTF-8, never inside another character's bytes


def _streamed_pieces(archive: Archive) -> tuple[list[str], list[int]] | None:
    """The command texts of a ``!VCSK`` savedGame entry (what the engine writes) as
    :func:`~vassal.commands.decode_pieces` takes them, unzipped, decoded and cut at each ESC a
    piece of the entry at a time: whole, the entry, its plain bytes, their text and the
    texts cut from it were four copies of tens of MB, and a fresh page of memory costs more
    than the work done on it (issue 20). None for another wrapping or any damage: the whole
    entry is then read again the plain way, which gives the message that names the place."""
    pieces = archive.pieces(SAVED_GAME_ENTRY, _PIECE, first=VCSK_HEAD)  # a generator: closed below
    try:
        head = next(pieces, b"")
        if detect(head) != "VCSK":
            return None
        texts: list[str] = []
        runs: list[int] = []
        held: list[bytes] = []  # the start of a command whose ESC is still to come
        for plain in vcsk_plain(head, pieces):
            cut = _cut(plain)
            held.append(cut[0])
            if len(cut) == 1:
                continue
            ended = cut[:-1]
            ended[0] = b"".join(held)
            held = [cut[-1]]
            bare = list(map(bytes.rstrip, ended, repeat(b"\\")))
            runs.extend(map(sub, map(len, ended), map(len, bare)))
            texts.extend(map(bytes.decode, bare))  # UTF-8; ESC ends no character halfway
        texts.append(b"".join(held).decode())
        runs.append(-1)
    except (FormatError, ValueError):  # binascii.Error and UnicodeDecodeError are ValueErrors
        return None
    finally:
        pieces.close()
    return texts, runs


def _cut(plain: bytes) -> list[bytes]:
    """``plain.split(ESC)``: a command is thousands of bytes, and ``find`` skips to the next ESC
    (memchr) where ``split`` looks at every byte in turn."""
    cut = []
    start = 0
    at = plain.find(_ESC)
    while at >= 0:
        cut.append(plain[start:at])
        start = at + 1
        at = plain.find(_ESC, start)
    cut.append(plain[start:] if start else plain)
    return cut


def read_saved_game(path: str | os.PathLike[str], *, limits: Limits = Limits()) -> SavedGame:
    """Open a .vsav or .vlog, check it, and decode its command tree."""
    source = str(path)
    forget_splits()  # the pieces of another save are not read again
    with open_archive(path, limits) as archive:
        if SAVED_GAME_ENTRY not in archive:
            raise FormatError("no savedGame entry: not a VASSAL saved game or log", source)
        streamed = _streamed_pieces(archive) if archive.size(SAVED_GAME_ENTRY) > _PIECE else None
        data = archive.read(SAVED_GAME_ENTRY) if streamed is None else b""
        savedata = _read_meta(archive, SAVE_ENTRY, source)
        moduledata = _read_meta(archive, MODULE_ENTRY, source)
    place = SAVED_GAME_ENTRY
    try:
        if streamed is None:
            text, form = decode_saved_game(data)
            tree = decode_tree(text)
        else:
            form = "VCSK"
            found = decode_pieces(*streamed)
            tree = decode_tree(join_pieces(*streamed)) if found is None else found
    except FormatError as exc:
        raise _placed(exc, source, place) from None
    return SavedGame(source, form, tree, savedata, moduledata)


def read_moduledata(path: str | os.PathLike[str], *, limits: Limits = Limits()) -> Metadata | None:
    """The module a .vsav or .vlog names (its ``moduledata``), without decoding its commands."""
    source = str(path)
    with open_archive(path, limits) as archive:
        if SAVED_GAME_ENTRY not in archive:
            raise FormatError("no savedGame entry: not a VASSAL saved game or log", source)
        return _read_meta(archive, MODULE_ENTRY, source)


def _placed(exc: FormatError, source: str, entry: str) -> FormatError:
    place = f"{entry}, {exc.place}" if exc.place else entry
    return FormatError(exc.problem, exc.source or source, place)


def _read_meta(archive, entry: str, source: str) -> Metadata | None:
    if entry not in archive:
        return None
    try:
        return parse_metadata(archive.read(entry), None)
    except FormatError as exc:
        raise _placed(exc, source, entry) from None


def as_text(commands_or_text: str | Node | Iterable[Node | Command]) -> str:
    """The plain command text of a ready text, a tree, or a list of commands.

    A list becomes the sub-commands of ``begin_save`` (added if the list does not start with
    it), with ``end_save`` appended if the list does not end with it -- the flat shape that the
    engine reads the same as its own nesting (docs/vassal-formats.md 4.9).
    """
    if isinstance(commands_or_text, str):
        return commands_or_text
    if isinstance(commands_or_text, Node):
        return encode_tree(commands_or_text)
    items = [c if isinstance(c, Node) else Node(encode_command(c)) for c in commands_or_text]
    if items and items[0].text == "begin_save" and not items[0].children:
        items = items[1:]
    if not items or items[-1].text != "end_save":
        items.append(Node(encode_command(EndSave())))
    return encode_tree(Node(encode_command(BeginSave()), tuple(items)))


def saved_game_bytes(text: str, *, obfuscate: bool = True, key: int = DEFAULT_KEY) -> bytes:
    """The ``savedGame`` entry for a command text: ``!VCSK`` hex (readable by 3.0-3.7+) or plain."""
    plain = text.encode("utf-8")
    return _obfuscate(plain, key, form="VCSK") if obfuscate else plain


def write_saved_game(
    path: str | os.PathLike[str],
    commands_or_text: str | Node | Iterable[Node | Command],
    *,
    module_name: str,
    module_version: str,
    vassal_version: str,
    description: str | None = None,
    obfuscate: bool = True,
    key: int = DEFAULT_KEY,
    date_saved: int | None = None,
    module_description: str = "",
    with_metadata: bool = True,
) -> None:
    """Write a .vsav (or .vlog) atomically: ``savedGame``, then ``savedata`` and ``moduledata``.

    ``description`` is the save's comment (VASSAL omits the element when there is none).
    ``date_saved`` is milliseconds since the epoch; pass it (and keep the default ``key``) for
    byte-identical output, otherwise the current time is used as VASSAL does.
    """
    text = as_text(commands_or_text)
    entries: list[tuple[str, bytes]] = [(SAVED_GAME_ENTRY, saved_game_bytes(text, obfuscate=obfuscate, key=key))]
    if with_metadata:
        stamp = str(int(time.time() * 1000) if date_saved is None else int(date_saved))
        save_meta = Metadata(
            version=module_version,
            vassal_version=vassal_version,
            date_saved=stamp,
            description=description or None,
        )
        module_meta = Metadata(
            version=module_version,
            vassal_version=vassal_version,
            date_saved=stamp,
            description=module_description,
            name=module_name,
        )
        entries.append((SAVE_ENTRY, metadata_bytes(save_meta, "save")))
        entries.append((MODULE_ENTRY, metadata_bytes(module_meta, "module")))
    write_archive(path, entries, sort=False)


def rewrite_saved_game(
    source: str | os.PathLike[str],
    target: str | os.PathLike[str],
    commands_or_text: str | Node | Iterable[Node | Command],
    *,
    limits: Limits = Limits(),
) -> None:
    """Write ``target`` atomically: the saved game ``source`` with its command text replaced.

    Every other entry (``savedata``, ``moduledata``, anything else) keeps its bytes and its
    place; the new text is wrapped as the source's was (``!VCSK`` or ``VOBS`` with the same
    key, XZ or plain), so the file differs from the source only where the text does. The
    source is only read; a target that is the source is refused (ValueError).
    """
    if os.path.exists(target) and os.path.samefile(source, target):
        raise ValueError(f"{target}: would overwrite the saved game it is made from")
    src = str(source)
    with open_archive(source, limits) as archive:
        if SAVED_GAME_ENTRY not in archive:
            raise FormatError("no savedGame entry: not a VASSAL saved game or log", src)
        entries = [(name, archive.read(name)) for name in archive.names()]
    old = dict(entries)[SAVED_GAME_ENTRY]
    deobfuscate(old, src)  # a damaged wrapping is refused here, before anything is written
    form = detect(old)
    key = _key_of(old, form)
    plain = as_text(commands_or_text).encode("utf-8")
    data = _obfuscate(plain, key, form=form)
    write_archive(target, [(n, data if n == SAVED_GAME_ENTRY else b) for n, b in entries], sort=False)


def _key_of(data: bytes, form: Form) -> int:
    """The XOR key a wrapped ``savedGame`` carries in its header (DEFAULT_KEY where none)."""
    if form == "VCSK":
        return int(data[len("!VCSK") : len("!VCSK") + 2], 16)
    if form == "VOBS":
        return data[len("VOBS")]
    return DEFAULT_KEY


# --------------------------------------------------------------------------------------------
# Building a scenario setup


@frozen
class Placement:
    """One piece of a setup: its id, its expanded type and state (prototypes already expanded,
    one state level per type level), and where it goes (``map`` None = off the table).

    The BasicPiece map/x/y inside ``state`` are overwritten with ``map``/``x``/``y``.
    """

    id: str
    type: str
    state: str
    map: str | None
    x: int
    y: int


def setup_tree(
    placements: Iterable[Placement],
    boards: Mapping[str, Sequence[BoardPlacement]] | None = None,
    *,
    extra: Iterable[Node | Command] = (),
    stack_ids: Iterator[str] | None = None,
    stack_layer: int = 1,
) -> Node:
    """The command tree of a scenario setup, flat under ``begin_save`` (docs/vassal-formats.md 4.9).

    Pieces that share a map and point and may stack (no "never stack" trait) form one Stack in
    the order given, bottom first; the members are written right before their stack, because
    the engine looks members up by id when it reads the stack. Stack ids come from
    ``stack_ids``; by default they continue after the largest numeric piece id (VASSAL's ids
    are millisecond counts), or are ``stack1``, ``stack2``... when piece ids are not numbers.
    """
    items = list(placements)
    seen: set[str] = set()
    for item in items:
        if not item.id or item.id == "null":
            raise ValueError(f"piece id {item.id!r} is not usable (empty or 'null')")
        if item.id in seen:
            raise ValueError(f"piece id {item.id!r} is used twice")
        seen.add(item.id)
    ids = stack_ids if stack_ids is not None else _default_stack_ids(items)

    groups: dict[tuple[str, int, int], list[Placement]] = {}
    order: list[tuple[str, tuple[str, int, int] | None, Placement | None]] = []
    for item in items:
        if item.map is not None and not type_info(item.type).no_stack:
            key = (item.map, int(item.x), int(item.y))
            if key not in groups:
                groups[key] = []
                order.append(("stack", key, None))
            groups[key].append(item)
        else:
            order.append(("alone", None, item))

    children: list[Node] = []
    for kind, at, alone in order:
        if kind == "alone":
            assert alone is not None
            children.append(_add_node(alone))
            continue
        assert at is not None
        key = at
        members = groups[key]
        children.extend(_add_node(m) for m in members)
        stack_id = next(ids)
        if stack_id in seen or not stack_id or stack_id == "null":
            raise ValueError(f"stack id {stack_id!r} is not usable")
        seen.add(stack_id)
        state_tokens = [key[0], str(key[1]), str(key[2])] + [m.id for m in members]
        state_tokens.append(f"@@{stack_layer}")
        children.append(Node(encode_command(AddPiece(stack_id, "stack", sequence.encode(state_tokens, ";") or ""))))
    layouts = boards or {}
    for map_id in sorted(layouts):
        children.append(Node(encode_command(SetBoards(map_id, tuple(layouts[map_id])))))
    children.extend(c if isinstance(c, Node) else Node(encode_command(c)) for c in extra)
    children.append(Node(encode_command(SetupStack())))
    children.append(Node(encode_command(EndSave())))
    return Node(encode_command(BeginSave()), tuple(children))


def _add_node(item: Placement) -> Node:
    try:
        piece = parse_piece(item.type, item.state, exact=False)
    except FormatError as exc:
        raise exc.within(place=f"piece {item.id}") from None
    try:
        placed = with_position(piece, item.map, int(item.x), int(item.y))
    except ValueError as exc:
        raise FormatError(str(exc), place=f"piece {item.id}") from None
    state = piece_state(placed)
    return Node(encode_command(AddPiece(item.id, item.type, state)))


def _default_stack_ids(items: list[Placement]) -> Iterator[str]:
    if items and all(i.id.isascii() and i.id.isdigit() for i in items):
        start = max(int(i.id) for i in items) + 1
        n = start
        while True:
            yield str(n)
            n += 1
    n = 1
    while True:
        yield f"stack{n}"
        n += 1
