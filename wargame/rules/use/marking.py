"""What a Supply Check leaves on a unit's counter (7.1, 7.2), given the line traced now.

    use_marking(unit, line) -> SupplyMark

A line to an Unlimited source, or an exemption (convoys, units in Map Boxes, a UK garrison in
Gibraltar, a garrison in an island port), gives Full: any marker comes off. A line that reaches
only a Limited source gives Low, even over a No Supply marker; the supply search has already
shared each Limited source among the units it can serve (7.3.1). A unit with no line steps down
one state: Full to Low, Low to No; No stays No.

7.2 allows one step down per unit per turn, however many traces fail. A position does not
say whether a unit already stepped down this turn, so one call is one check: applying the
result to a save that already has it steps the unit down again (the caller guards that).
"""

from __future__ import annotations

from wargame.rules.pack import SupplyMark
from wargame.rules.position import Unit
from wargame.rules.results import SupplyLine

__all__ = ["STEP_DOWN", "use_marking"]

STEP_DOWN = {"full": "low", "low": "none", "none": "none"}  # 7.2: one state down, No stays No


def use_marking(unit: Unit, line: SupplyLine) -> SupplyMark:
    """The state USE's 7.2 gives ``unit`` (marked ``unit.supply``) for ``line``."""
    if line.state == "full":
        if line.via == "exempt":
            return SupplyMark("full", "7.2", line.exempt or "needs no trace")
        by_sea = " by sea" if line.via == "sea" else ""
        return SupplyMark("full", "7.2", f"traces{by_sea} to {line.source}, an Unlimited source")
    if line.state == "low":
        return SupplyMark("low", "7.2", f"traces only to {line.source}, a Limited source")
    why = line.note or "no line reaches a supply source"
    return SupplyMark(STEP_DOWN[unit.supply], "7.2", f"cannot trace supply: {why}")
