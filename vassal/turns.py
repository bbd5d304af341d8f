"""A turn tracker's saved state read back into the turn it shows ("1940 Spring Movement").

A save keeps each tracker as ``TURN<id>\\t<state>``: the index of the current top level, then
each top level's state, '|'-separated (``turn/TurnTracker.getState``). A level's state is
';'-separated: for a list, the current item, the current sub-level, the first item, the
active flags, then its sub-levels' states (``ListTurnLevel.getState``); for a counter, the
current value, the current sub-level, loop and loop limit, then its sub-levels' states
(``CounterTurnLevel.getState``). The text shown is ``TurnTracker.getTurnString``: the current
top level and its chain of current sub-levels, each through its own format ($value$), joined
by the tracker's format ($level1$, $level2$...).
"""

from __future__ import annotations

from collections.abc import Mapping

from records import frozen
from vassal.errors import FormatError
from vassal.grids import evaluate_format
from vassal.javanum import parse_int
from vassal.sequence import Decoder
from vassal.summary import TurnLevelSummary, TurnTrackerSummary

__all__ = ["TurnReading", "read_turn"]

_MAX_LEVELS = 15  # TurnTracker.getTurnString sets $level1$ .. $level15$


@frozen
class TurnReading:
    """What a tracker's state means: the text the tracker shows and each current level."""

    text: str
    levels: tuple[tuple[str, str], ...]  # (level name, its value) from the top level down


def _next_int(tokens: Decoder, default: int) -> int:
    """``Decoder.nextInt(default)``: the default where the token is missing or not a number."""
    if not tokens.has_more():
        return default
    value = parse_int(tokens.next_token())
    return default if value is None else value


def _level_value(level: TurnLevelSummary, state: str) -> tuple[str, int]:
    """(the level's value string, its current sub-level) from its state."""
    tokens = Decoder(state, ";")
    if level.kind == "ListTurnLevel":
        current = _next_int(tokens, 1)  # ListTurnLevel.setState: nextInt(start), start is 1
        sub = _next_int(tokens, 0)
        value = level.values[current] if 0 <= current < len(level.values) else ""
        return value, sub
    start = parse_int(level.values[0]) if level.values and level.values[0] else 1
    current = _next_int(tokens, 1 if start is None else start)
    return str(current), _next_int(tokens, 0)


def _sub_states(level: TurnLevelSummary, state: str) -> list[str]:
    """The states of a level's sub-levels: the tokens after its own fields."""
    tokens = Decoder(state, ";")
    for _ in range(4):
        if tokens.has_more():
            tokens.next_token()
    return [tokens.next_token("") if tokens.has_more() else "" for _ in level.children]


def _pick(levels: tuple[TurnLevelSummary, ...], index: int) -> int | None:
    """``TurnComponent.getTurnLevel``: past the end means the last level; none when empty."""
    if not levels or index < 0:
        return None
    return min(index, len(levels) - 1)


def read_turn(tracker: TurnTrackerSummary, state: str, properties: Mapping[str, str] | None = None) -> TurnReading:
    """The turn a tracker shows for a saved state; FormatError if a format cannot be read."""
    tokens = Decoder(state, "|")
    top = _next_int(tokens, 0)
    level_states = [tokens.next_token("") if tokens.has_more() else "" for _ in tracker.levels]
    chain: list[tuple[TurnLevelSummary, str]] = []
    index = _pick(tracker.levels, top)
    levels, states = tracker.levels, level_states
    while index is not None and len(chain) < 64:
        level, level_state = levels[index], states[index]
        value, sub = _level_value(level, level_state)
        chain.append((level, value))
        levels, states = level.children, _sub_states(level, level_state)
        index = _pick(levels, sub)
    texts = [evaluate_format(level.turn_format, {"value": value}, properties, localized=True) for level, value in chain]
    props = {f"level{i + 1}": (texts[i] if i < len(texts) else "") for i in range(_MAX_LEVELS)}
    text = evaluate_format(tracker.turn_format, props, properties, localized=True)
    return TurnReading(text=text.strip(), levels=tuple((level.name, value) for level, value in chain))


def turn_text(
    tracker: TurnTrackerSummary | None, state: str, properties: Mapping[str, str] | None = None
) -> str | None:
    """The shown turn, or None when the tracker is not known or its format cannot be read."""
    if tracker is None:
        return None
    try:
        return read_turn(tracker, state, properties).text
    except FormatError:
        return None
