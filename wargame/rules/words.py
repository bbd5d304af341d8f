"""The words a game's players use for supply, which reports, pictures and chat lines speak: what
its supply states are called, what its sources are, which rules they cite. Data of each pack
(its ``words.toml``, table ``[supply]``), so nothing outside a game's folders speaks one game's
language to another's players.

    SupplyTerms                          frozen; the defaults are plain words citing no rule
        .state(s) / .marked_as(s) / .count_word(s)   a state's name in each use
        .cite(topic) -> " (7.3)" or ""   the rule a topic rests on, ready to append
    supply_terms(table, source) -> SupplyTerms      a words.toml ``[supply]`` table, checked
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, fields
from types import MappingProxyType
from typing import Any

from records import frozen
from wargame.errors import DataError

__all__ = ["SupplyTerms", "supply_terms"]


def _frozen(d: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(d))


@frozen
class SupplyTerms:
    """How one game speaks of supply. ``states`` lists the game's own states (those its
    counters can show, in order) with the name a change line gives them ("Full -> Low");
    ``marked`` says how a counter's marking reads ("marked Low"); ``counted`` names a state
    in the summary's counts; ``sources`` and ``lines`` name the two kinds of source (a
    source of limited capacity or not) in the unit's explanation and the picture's key;
    ``check`` is the step that marks the counters, ``again`` why it is never applied twice;
    ``unchecked`` which units the step checks, ``nothing_blocks`` what it means when no hex
    nearby stops a line; ``rules`` the rule each topic cites (check, source, blocked, convoy)."""

    states: Mapping[str, str] = field(default_factory=lambda: _frozen({"full": "in supply", "none": "out of supply"}))
    marked: Mapping[str, str] = field(
        default_factory=lambda: _frozen({"full": "not marked", "none": "marked out of supply"})
    )
    counted: Mapping[str, str] = field(default_factory=lambda: _frozen({"full": "in supply", "none": "out of supply"}))
    change: str = "{before} -> {after}"
    sources: Mapping[str, str] = field(
        default_factory=lambda: _frozen({"unlimited": "unlimited", "limited": "limited-capacity"})
    )
    lines: Mapping[str, str] = field(
        default_factory=lambda: _frozen(
            {
                "unlimited": "supply line to a source",
                "limited": "supply line to a source of limited capacity",
                "sea": "dashed: the line crosses the sea between ports",
            }
        )
    )
    badges: Mapping[str, str] = field(
        default_factory=lambda: _frozen(
            {
                "none": "badge: cannot trace supply now",
                "low": "badge L: a source of limited capacity only",
            }
        )
    )
    low_letter: str = "L"
    check: str = "supply check"
    again: str = "applying it again would mark the same units twice"
    unchecked: str = "units on the map are checked"
    nothing_blocks: str = "none of the hexes its lines may use reaches a source of its nation"
    rules: Mapping[str, str] = field(default_factory=lambda: _frozen({}))

    def state(self, s: str) -> str:
        return self.states.get(s, s)

    def marked_as(self, s: str) -> str:
        return self.marked.get(s, f"marked {self.state(s)}")

    def count_word(self, s: str) -> str:
        return self.counted.get(s, self.state(s))

    def cite(self, topic: str) -> str:
        """`` (7.3)`` for a topic the game cites a rule for, else nothing."""
        rule = self.rules.get(topic, "")
        return f" ({rule})" if rule else ""


_TABLES = ("states", "marked", "counted", "sources", "lines", "badges", "rules")


def supply_terms(table: Mapping[str, Any], source: str) -> SupplyTerms:
    """The terms of a words.toml ``[supply]`` table over the defaults; DataError naming the
    file and key for an unknown key or a value of the wrong kind."""
    known = {f.name for f in fields(SupplyTerms)}
    given: dict[str, Any] = {}
    for key, value in table.items():
        if key not in known:
            raise DataError(f"unknown key (known: {', '.join(sorted(known))})", source, f"supply.{key}")
        if key in _TABLES:
            if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
                raise DataError("expected a table of texts", source, f"supply.{key}")
            value = _frozen(value)
        elif not isinstance(value, str):
            raise DataError("expected a text", source, f"supply.{key}")
        given[key] = value
    if "change" in given and ("{before}" not in given["change"] or "{after}" not in given["change"]):
        raise DataError("must hold {before} and {after}", source, "supply.change")
    return SupplyTerms(**given)
