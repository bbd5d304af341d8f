"""Rules packs: pure functions over a frozen position that return findings with rule numbers.

A game's pack lives in ``wargame/rules/<game>/``. Every pack reads the same frozen
:class:`~wargame.rules.position.Position` (built from a saved game by ``assistant.board``, or
by hand in tests) and answers with :class:`Finding` records, so reports and pictures need not
know which game they are about.

    Finding(rule, check, faction, units, hexes, reason, path=(), severity="problem")
"""

from __future__ import annotations

from records import frozen

CHECKS = ("stacking", "placement", "supply", "zoc")


@frozen
class Finding:
    """One thing a rules check has to say about a position.

    ``rule`` is the rule number the finding rests on ("3.3"); ``units`` are piece ids, ``hexes``
    hex ids or Map Box codes; ``path`` a traced path when there is one (hex ids, "SZ 22",
    box codes). ``severity`` is "problem" (the position breaks a rule or a unit cannot trace
    supply) or "note" (a marked state that the next supply check will change).
    """

    rule: str
    check: str
    faction: str
    units: tuple[str, ...]
    hexes: tuple[str, ...]
    reason: str
    path: tuple[str, ...] = ()
    severity: str = "problem"

    def sort_key(self) -> tuple:
        return (self.faction, self.check, self.hexes, self.units, self.rule, self.reason)
