"""KeyStroke and NamedKeyStroke fields inside trait strings.

VASSAL writes a key as ``keyCode,modifiers`` (``HotKeyConfigurer``) and a named key as
``keyCode,modifiers,name`` (``NamedHotKeyConfigurer``); an empty field means no key, and a legacy
field holding a single character ``X`` means Ctrl+X. Lists of named keys are joined with a
``,``-SequenceEncoder, so ``70,130`` becomes ``70\\,130`` inside the list.

These functions read what a field *means*; trait codecs keep the original text so that
re-encoding an unchanged field is byte-exact even when the engine would normalise it (for
example old-style modifiers ``70,2`` that AWT reports as ``70,130``).

Public API::

    KeyStroke(code, modifiers)                   frozen; .normalized() = AWT's old|new mask form
    NamedKeyStroke(code, modifiers, name=None)   frozen; .is_named, .same_key(other)
    CTRL, SHIFT, ALT, META                       modifier values as VASSAL writes them
    ctrl(char) -> KeyStroke                      Ctrl+<char>, as typed in VASSAL's editor
    awt_modifiers(m) -> int                      what ``KeyStroke.getModifiers()`` reports
    parse_keystroke(text) -> KeyStroke | None    ``SequenceEncoder.Decoder.nextKeyStroke``
    format_keystroke(key) -> str
    parse_named_key(text) -> NamedKeyStroke | None   ``nextNamedKeyStroke``
    format_named_key(key) -> str
    parse_named_key_list(text) -> tuple[NamedKeyStroke, ...]
    format_named_key_list(keys) -> str
"""

from __future__ import annotations

from collections.abc import Iterable

from records import frozen
from vassal.javanum import require_int
from vassal.sequence import decode, encode

__all__ = [
    "KeyStroke",
    "NamedKeyStroke",
    "CTRL",
    "SHIFT",
    "ALT",
    "META",
    "ctrl",
    "awt_modifiers",
    "parse_keystroke",
    "format_keystroke",
    "parse_named_key",
    "format_named_key",
    "parse_named_key_list",
    "format_named_key_list",
]

# (old mask, new "down" mask) pairs from java.awt.event.InputEvent.
_MASK_PAIRS = ((1, 64), (2, 128), (4, 256), (8, 512), (16, 1024), (32, 8192))

SHIFT = 65
CTRL = 130
META = 260
ALT = 520


def awt_modifiers(modifiers: int) -> int:
    """The modifiers AWT reports for a stroke built from ``modifiers``: old and new masks both
    set."""
    out = modifiers
    for old, new in _MASK_PAIRS:
        if modifiers & (old | new):
            out |= old | new
    return out


@frozen
class KeyStroke:
    """A key code (``java.awt.event.KeyEvent.VK_*``, equal to the upper-case ASCII code for
    letters and digits) and its modifier mask."""

    code: int
    modifiers: int = 0

    def normalized(self) -> KeyStroke:
        return KeyStroke(self.code, awt_modifiers(self.modifiers))


@frozen
class NamedKeyStroke:
    """A key that may carry a name; VASSAL matches named keys by name, not by code.

    The code of a named key is a per-session private code (U+E000 range) that differs from
    file to file, so compare named keys with :meth:`same_key`.
    """

    code: int
    modifiers: int = 0
    name: str | None = None

    @property
    def is_named(self) -> bool:
        return bool(self.name)

    @property
    def stroke(self) -> KeyStroke:
        return KeyStroke(self.code, self.modifiers)

    def same_key(self, other: NamedKeyStroke | None) -> bool:
        """Whether VASSAL treats the two as the same key (names if named, else code+modifiers)."""
        if other is None:
            return False
        if self.is_named or other.is_named:
            return self.name == other.name
        return self.stroke.normalized() == other.stroke.normalized()


def ctrl(char: str) -> KeyStroke:
    """Ctrl+<char>: ``ctrl('F') == KeyStroke(70, 130)``."""
    if len(char) != 1:
        raise ValueError("ctrl() takes one character")
    return KeyStroke(ord(char.upper()), CTRL)


def _two_ints(text: str) -> tuple[int, int] | None:
    parts = text.split(",")
    if len(parts) < 2:
        return None
    try:
        return require_int(parts[0]), require_int(parts[1])
    except ValueError:
        return None


def parse_keystroke(text: str) -> KeyStroke | None:
    """A plain KeyStroke field: empty = none, one character = Ctrl+char, else ``code,mods``.

    Mirrors ``HotKeyConfigurer.decode``: the text after the first comma must be one integer.
    """
    if not text:
        return None
    if "," not in text:
        return KeyStroke(ord(text[0]), CTRL)
    head, _, tail = text.partition(",")
    try:
        return KeyStroke(require_int(head), require_int(tail))
    except ValueError:
        return None


def format_keystroke(key: KeyStroke | None) -> str:
    return "" if key is None else f"{key.code},{key.modifiers}"


def parse_named_key(text: str, legacy_char: bool = True) -> NamedKeyStroke | None:
    """A NamedKeyStroke field: empty = none, one char = Ctrl+char, else ``code,mods[,name]``.

    Like Java's ``String.split(",")`` only the third comma-separated part is the name; a key
    that cannot be read is no key (``NamedKeyStroke.NULL_KEYSTROKE``). Inside key lists the
    engine does not apply the single-character rule (``legacy_char=False``).
    """
    if not text:
        return None
    if "," not in text:
        return NamedKeyStroke(ord(text[0]), CTRL) if legacy_char else None
    parts = text.split(",")
    while parts and parts[-1] == "":  # Java's split drops trailing empty strings
        parts.pop()
    pair = _two_ints(",".join(parts[:2])) if len(parts) >= 2 else None
    if pair is None:
        return None
    name = parts[2] if len(parts) > 2 else None
    key = NamedKeyStroke(pair[0], pair[1], name)
    if key.code == 0 and key.modifiers == 0 and not key.is_named:
        return None
    return key


def format_named_key(key: NamedKeyStroke | None) -> str:
    if key is None:
        return ""
    text = f"{key.code},{key.modifiers}"
    return text + "," + (key.name or "") if key.is_named else text


def parse_named_key_list(text: str | None) -> tuple[NamedKeyStroke, ...]:
    """``NamedKeyStrokeArrayConfigurer.decode``: empty entries and unreadable keys are skipped."""
    keys = (parse_named_key(tok, legacy_char=False) for tok in decode(text, ",") if tok)
    return tuple(k for k in keys if k is not None)


def format_named_key_list(keys: Iterable[NamedKeyStroke]) -> str:
    return encode((format_named_key(k) for k in keys), ",") or ""
