"""USE's policies (10.3) as questions a check or an audit asks of a place.

    policy_barred(sit, hex, faction, nationality)      Appeasement, Pact, Moscow Treaty bans (10.3.4-10.3.6)
    cooperation_barred(sit, hex, faction, nationality) Cooperation Limits (10.3.2)
    end_barred(sit, unit, hex, box)                    where a move may not end (10.3.2, 10.3.4, 10.3.5)
    attack_barred(sit, attacker, defender, hex)        attacks a policy forbids (10.3.2, 10.3.4-10.3.6)
    policy_evaluation_on_track(sit)                    the Policy Evaluation marker on the Turn Track (15.21)

A policy bans a counter from a country "in every way" the rule lists: moving, retreating,
tracing a path, being placed. Which country a hex is in follows cessions and created countries
(``Situation.owner``); a conquered country still belongs to the faction it joined (2.3), so the
bans reach it too. Cooperation Limits are kept apart because ZOC and supply lines ignore them
(10.3.2); strategic and canal moves may pass through but not end in the country they bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.rules.position import Unit

if TYPE_CHECKING:
    from wargame.rules.use.ground import Situation

OCCUPIED_USSR = "Occupied USSR"
EXEMPT_FROM_COOPERATION = frozenset({"FRA", "GER", "UK", "USA", "USSR"})  # 10.3.2
BARRED_FOR_SOVIETS = ("FRA", "UK")  # 10.3.2: Soviet counters never in France or the UK
POLICY_EVALUATION = "policy-evaluation"  # markers.csv key (15.21)

Bar = tuple[str, str] | None


def _enemy_side(mine: str, theirs: str | None) -> bool:
    return theirs is not None and theirs != mine


def policy_barred(sit: Situation, hex_id: str, faction: str, nationality: str) -> Bar:
    policies = sit.pos.state.policies
    if not policies:
        return None
    side = sit.country_side(hex_id)
    owner = sit.owner(hex_id)
    if "appeasement" in policies:
        if faction == "axis" and side == "western":
            return ("10.3.4", f"Appeasement keeps Axis counters out of the Western country {owner}")
        if faction == "western" and side is not None and _enemy_side("western", side):
            return ("10.3.4", f"Appeasement keeps Western counters out of the {side.capitalize()} country {owner}")
    if "nazi_soviet_pact" in policies:
        if faction == "axis" and side == "soviet":
            return ("10.3.5", f"the Nazi-Soviet Pact keeps Axis counters out of the Soviet country {owner}")
        if faction == "soviet" and side is not None and _enemy_side("soviet", side):
            return (
                "10.3.5",
                f"the Nazi-Soviet Pact keeps Soviet counters out of the {side.capitalize()} country {owner}",
            )
    if "moscow_treaty" in policies:
        ussr = owner == "USSR"
        occupied = ussr and sit.map.hexes[hex_id].line == OCCUPIED_USSR
        if faction == "axis" and ussr and not occupied:
            return ("10.3.6", "the Moscow Treaty keeps Axis counters out of the active USSR")
        if faction == "soviet" and occupied:
            return ("10.3.6", "the Moscow Treaty keeps Soviet counters out of Occupied USSR")
        if nationality == "USSR" and not (ussr and not occupied):
            return ("10.3.6", "the Moscow Treaty keeps USSR counters inside the active USSR")
    return None


def cooperation_barred(sit: Situation, hex_id: str, faction: str, nationality: str) -> Bar:
    if "cooperation_limits" not in sit.pos.state.policies:
        return None
    owner = sit.owner(hex_id)
    if faction == "soviet" and owner in BARRED_FOR_SOVIETS:
        return ("10.3.2", f"Cooperation Limits keep Soviet counters out of {owner}")
    if faction == "western" and owner == "USSR":
        return ("10.3.2", "Cooperation Limits keep Western counters out of the USSR")
    state = sit.pos.state
    if (
        nationality not in EXEMPT_FROM_COOPERATION
        and owner
        and owner != nationality
        and state.status(owner) == "active"
        and state.faction_of(owner) == faction
    ):
        return (
            "10.3.2",
            f"Cooperation Limits keep {nationality} counters out of another active friendly country ({owner})",
        )
    return None


def policy_evaluation_on_track(sit: Situation) -> bool:
    return POLICY_EVALUATION in sit.pos.state.turn_track


def end_barred(sit: Situation, unit: Unit, hex_id: str | None, box: str | None = None) -> Bar:
    """Where a move of ``unit`` may not end beyond where it may not go at all: outside its own
    country or a Map Box while Appeasement (Western units) or the Pact (Soviet units) holds and
    the Policy Evaluation marker is not on the Turn Track (10.3.4, 10.3.5); in another active
    friendly country under Cooperation Limits (10.3.2: strategic and canal moves pass through)."""
    if hex_id is None:
        return None
    barred = cooperation_barred(sit, hex_id, unit.faction, unit.nationality)
    if barred:
        return barred
    policies = sit.pos.state.policies
    owner = sit.owner(hex_id)
    if owner == unit.nationality or policy_evaluation_on_track(sit):
        return None
    for policy, faction, rule, name in (
        ("appeasement", "western", "10.3.4", "Appeasement"),
        ("nazi_soviet_pact", "soviet", "10.3.5", "the Nazi-Soviet Pact"),
    ):
        if policy in policies and unit.faction == faction:
            return (
                rule,
                f"while {name} holds and Policy Evaluation is not on the Turn Track, "
                f"{faction.capitalize()} units end their moves in their own country "
                f"({unit.nationality}) or a Map Box, not in {owner or hex_id}",
            )
    return None


def attack_barred(sit: Situation, attacker: Unit, defender: Unit, target: str) -> Bar:
    """Attacks a policy forbids: Western and Axis units under Appeasement, Soviet and Axis units
    under the Pact (10.3.4, 10.3.5); under the Moscow Treaty and Cooperation Limits an attack
    into a hex the attacker's counters may not enter (10.3.2, 10.3.6)."""
    policies = sit.pos.state.policies
    pair = {attacker.faction, defender.faction}
    if "appeasement" in policies and pair == {"axis", "western"}:
        return ("10.3.4", "under Appeasement Western and Axis units may not attack each other")
    if "nazi_soviet_pact" in policies and pair == {"axis", "soviet"}:
        return ("10.3.5", "under the Nazi-Soviet Pact Soviet and Axis units may not attack each other")
    if "moscow_treaty" in policies:
        barred = policy_barred(sit, target, attacker.faction, attacker.nationality)
        if barred and barred[0] == "10.3.6":
            return barred
    return cooperation_barred(sit, target, attacker.faction, attacker.nationality)
