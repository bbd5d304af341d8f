"""Ground combat as far as a position can judge it: who may attack whom and how (Mobile or
Assault), where a defeated unit may retreat, when a defender is Isolated (4.2.3.3, 5.3.x, 11.2).

Combat results need the Combat Results Table, which the rulebook does not print: nothing here
says what a result should have been, only whether an attack, a retreat or an advance is one the
rules allow.

    attack_problems(sit, attacker, at, defender, *, mobile) -> [(rule, reason)]
    retreat_problems(sit, zoc, defender, start, end, attackers, *, amphibious=False) -> [(rule, reason)]
    retreat_hexes(sit, zoc, defender, attackers, *, amphibious=False) -> tuple[str, ...]
    isolated(sit, zoc, defender, attackers) -> bool
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.use.policies import attack_barred

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation

CENTRAL_RUSSIA = "CRU"
BAD_WEATHER = ("Poor", "Severe")  # no Mobile attack into such a hex (5.3.1, 11.2)

Problem = tuple[str, str]


def adjacent(sit: Situation, a: str, b: str) -> bool:
    g = sit.map.grid
    return g.is_adjacent(g.parse(a), g.parse(b))


def attack_problems(sit: Situation, attacker: Unit, at: str | None, defender: Unit, *, mobile: bool) -> list[Problem]:
    """What bars ``attacker`` (standing at ``at``: a hex, or None for a Map Box) from a Mobile
    attack (``mobile``) or an Assault on ``defender``; empty when the attack is allowed."""
    out: list[Problem] = []
    target = defender.hex
    if at is None or at in sit.map.boxes:
        return [("5.3.1", f"{attacker.label} is in a Map Box and may attack only by Amphibious Invasion")]
    if target is None or defender.kind != "ground":
        return [("4.2.3.3", "only an enemy ground unit in a hex may be attacked")]
    if not sit.pack.enemies(attacker.faction, defender.faction):
        return [("4.2.3.3", f"{defender.label} is not an enemy unit")]
    if not adjacent(sit, at, target):
        return [("4.2.3.3", f"{target} is not adjacent to {at}")]
    if sit.occupies_fort(attacker) and attacker.hex == at:
        out.append(("4.2.3.5", f"{attacker.label} occupies a fort and must leave it before attacking"))
    side = sit.side_barred(at, target)
    if side:
        out.append(
            (
                "4.2.3.3",
                f"the hexside {at}/{target} is closed to ground movement ({side[1]}), so it may not attack across it",
            )
        )
    info = sit.map.hexes[target]
    if info.restricted and defender.nationality == "USSR" and attacker.nationality != "USSR":
        out.append(("1.3.10", f"a USSR unit in the restricted hex {target} may not be attacked"))
    else:
        barred = sit.ground_barred(target, attacker.faction, attacker.nationality)
        if barred:
            out.append(("4.2.3.3", f"{attacker.label} may attack only into a hex it may enter; {target}: {barred[1]}"))
    policy = attack_barred(sit, attacker, defender, target)
    if policy and policy not in out:
        out.append(policy)
    if mobile:
        if sit.occupies_fort(defender):
            out.append(("5.3.1", f"{defender.label} occupies a fort: it may only be Assaulted"))
        weather = sit.weather(target)
        if weather in BAD_WEATHER:
            out.append(("5.3.1", f"{target} has {weather} weather: no Mobile attack into it, only an Assault (11.2)"))
    return out


def _ezoc(zoc: Zoc, hex_id: str, faction: str) -> bool:
    return zoc.ezoc(hex_id, faction)


def retreat_problems(
    sit: Situation,
    zoc: Zoc,
    defender: Unit,
    start: str,
    end: str,
    attackers: tuple[str, ...],
    *,
    amphibious: bool = False,
) -> list[Problem]:
    """Why a retreat from ``start`` to ``end`` breaks 5.3.5 / 5.3.5.1 (empty: it is legal).

    ``attackers`` are the hexes of the attacking units; the defender moves away from any one of
    them (5.3.5), keeping a one-hex gap unless the only attacker invaded from the sea or a ground
    prohibited hexside lies between the retreat hex and that attacker. ``zoc`` is the position
    before the retreat."""
    faction, nation = defender.faction, defender.nationality
    if end == CENTRAL_RUSSIA:
        if nation == "USSR" and start in sit.east_edge:
            return []
        return [("5.3.5", "only a USSR unit on the east map edge may retreat into Central Russia")]
    if end not in sit.map.hexes:
        return [("5.3.5", f"a retreat ends in a hex, not in {end}")]
    if not adjacent(sit, start, end):
        return [("5.3.5", f"a retreat is a one-hex move; {end} is not adjacent to {start}")]
    out: list[Problem] = []
    side = sit.side_barred(start, end)
    if side:
        out.append(("5.3.5.1", f"the retreat crosses the hexside {start}/{end}: {side[1]}"))
    barred = sit.move_barred(end, faction, nation)
    if barred:
        out.append(("5.3.5.1", f"no retreat into {end}: {barred[1]} ({barred[0]})"))
    if sit.enemy_city(end, faction):
        out.append(("5.3.5.1", f"no retreat into {end}: an enemy city"))
    if sit.enemy_fort(end, faction):
        out.append(("5.3.5.1", f"no retreat into {end}: an enemy fort"))
    others = [u for u in sit.pos.units_in(end) if u.id != defender.id and u.kind == "ground"]
    if any(u.faction != faction for u in others):
        out.append(("5.3.5.1", f"no retreat into {end}: an enemy ground unit is there"))
    elif others:
        out.append(("5.3.5.1", f"no retreat into {end}: a friendly ground unit is there (stacking, 3.3)"))
    if out:
        return out
    in_ezoc = _ezoc(zoc, end, faction)
    safe = sit.friendly_city(end, faction) or sit.fort_faction(end) == faction
    if not attackers:
        return []
    gap_failures = []
    for a in attackers:
        touching = adjacent(sit, end, a)
        gap = not touching or (amphibious and len(attackers) == 1) or sit.side_barred(end, a) is not None
        if not gap:
            gap_failures.append(a)
            continue
        if in_ezoc and not (safe and not touching):
            continue
        return []
    if in_ezoc and len(gap_failures) < len(attackers):
        return [
            (
                "5.3.5.1",
                f"{end} is in an enemy ZOC; a retreat may enter one only into a friendly city "
                "or fort while keeping a one-hex gap from the attacker",
            )
        ]
    return [
        ("5.3.5", f"{end} is adjacent to the attacker in {', '.join(gap_failures)}: a retreat must leave a one-hex gap")
    ]


def retreat_hexes(
    sit: Situation, zoc: Zoc, defender: Unit, attackers: tuple[str, ...], *, amphibious: bool = False
) -> tuple[str, ...]:
    """Every hex (or Central Russia) the defender could retreat into."""
    start = defender.hex
    if start is None:
        return ()
    g = sit.map.grid
    cands = [g.hex_id(n) for n in g.neighbours(g.parse(start)) if g.hex_id(n) in sit.map.hexes]
    if defender.nationality == "USSR" and start in sit.east_edge:
        cands.append(CENTRAL_RUSSIA)
    return tuple(
        c for c in cands if not retreat_problems(sit, zoc, defender, start, c, attackers, amphibious=amphibious)
    )


def isolated(sit: Situation, zoc: Zoc, defender: Unit, attackers: tuple[str, ...]) -> bool:
    """5.3.4: no hex to retreat into and no friendly city, fort or ground unit next to it across
    a hexside ground units may cross; a fort occupant on an island is never Isolated."""
    start = defender.hex
    if start is None:
        return False
    if sit.occupies_fort(defender) and _island(sit, start):
        return False
    if retreat_hexes(sit, zoc, defender, attackers):
        return False
    g = sit.map.grid
    for n in g.neighbours(g.parse(start)):
        nid = g.hex_id(n)
        if nid not in sit.map.hexes or sit.side_barred(start, nid):
            continue
        if (
            sit.friendly_city(nid, defender.faction)
            or sit.fort_faction(nid) == defender.faction
            or sit.friendly_ground(nid, defender.faction)
        ):
            return False
    return True


def _island(sit: Situation, hex_id: str) -> bool:
    from wargame.rules.use.supply import _Tracer

    return _Tracer(sit, sit.pack.zoc(sit)).island(hex_id)
