"""Rules packs as objects: the pipeline every game shares, and the hooks a game overrides.

A pack judges a frozen :class:`~wargame.rules.position.Position` of its game. The base owns the
order of work (situation -> ZOC -> supply -> stacking -> placement -> findings) and the pieces
reports and pictures read (:mod:`wargame.rules.results`); a game's pack overrides the named
hooks below. A game with small differences is a subclass plus a TOML file (USWC from USE): the
pack's TOML files are read along the class hierarchy, each subclass's tables over its base's,
so a subclass's rules.toml says only what differs. As python-chess's variants override a
board's hooks.

Hooks (override what differs):
    situation(position, mapdata) -> the pack's view of the position (owners, control, ...)
    enemies(a, b) / hostile()    who is whose enemy (default: every other faction)
    zoc_of(sit, unit)            the hexes one unit's ZOC reaches
    supply(sit, zoc)             every unit's supply line and the supply findings
    stacking(sit), placement(sit, zoc), setup_problems(position, mapdata)
    move_judge(record)           the movement search an audit of a log uses (None: not judged)
    marks_supply                 True where counters carry a supply state (the base: False,
                                 supply is traced when needed and never marked)
    supply_marking(unit, line)   the state a unit's counter shows after its faction's supply
                                 check, as a SupplyMark (only asked where marks_supply)
    supply_layer                 True where that state is a layer of the unit pieces, which
                                 `check --apply` sets (False: marker counters, see supply_markers)
    supply_markers               state -> the markers.csv key of the marker counter that shows it
                                 on a unit, where supply_layer is False (`check --apply` places
                                 and removes them; empty: nothing it can write)
    supply_check_factions(phase) the factions whose supply check a phase holds (the base: the
                                 faction an Operations phase names)
    supply_terms                 the words reports, pictures and chat lines use for supply
                                 (SupplyTerms, from the pack's words.toml)
    supply_step_notes(check, factions)  what the player does besides the units' markings when
                                 the check is applied (the base: nothing)
    control(sit)                 hex -> controlling faction, for a game with hex control (the
                                 base: none); the check carries it to reports and pictures
    setup_supply_findings(sit, zoc)  the supply findings a scenario setup must answer for (the
                                 base: every supply problem)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from records import frozen
from wargame.compiled import TOMLError, toml_file
from wargame.errors import DataError
from wargame.rules import Finding
from wargame.rules.position import Position, Unit
from wargame.rules.results import Check, SupplyLine, SupplyReport, Zoc
from wargame.rules.words import SupplyTerms
from wargame.rules.words import supply_terms as read_terms

if TYPE_CHECKING:
    from wargame.games import Game
    from wargame.mapdata import MapData

Record = Callable[..., None]


@frozen
class SupplyMark:
    """What a supply check leaves on one counter: ``state`` full / low / none (the states of
    :data:`wargame.rules.position.SUPPLY_STATES`), the ``rule`` that gives it and ``why`` in
    words, for the report and the chat line a player reads; ``todo``: what the rules make the
    player do to the unit besides, which the check leaves to him (deplete it, say)."""

    state: str
    rule: str
    why: str
    todo: str = ""


class RulesPack:
    """The rules of one game. Subclasses live in ``wargame/rules/<pack>/`` as class ``Pack``."""

    marks_supply = False  # True: supply states are marked on the counters (and can be applied)
    supply_layer = True  # the marking is a layer of the unit pieces that `check --apply` sets
    # (False: marker counters stacked on the units, named by supply_markers)
    judged: tuple[str, ...] = ("stacking", "placement", "supply", "zoc")  # what check() looks at

    def __init__(self, game: Game):
        self.game = game

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.{type(self).__name__} for {self.game.key}>"

    # -- data ------------------------------------------------------------------------------
    def folders(self) -> tuple[Path, ...]:
        """The pack folders along the class hierarchy, the most basic first."""
        out: list[Path] = []
        for cls in reversed(type(self).__mro__):
            if cls is object or not issubclass(cls, RulesPack) or cls is RulesPack:
                continue
            folder = Path(inspect.getfile(cls)).parent
            if folder not in out:
                out.append(folder)
        return tuple(out)

    def toml(self, name: str) -> Mapping[str, Any]:
        """A pack TOML file merged along the hierarchy: a subclass's tables replace keys of its
        base's tables one by one; a subclass without the file inherits it whole."""
        merged: dict[str, Any] = {}
        found = False
        for folder in self.folders():
            path = folder / name
            if not path.is_file():
                continue
            found = True
            try:
                data = toml_file(path)
            except (OSError, TOMLError, UnicodeDecodeError) as exc:
                raise DataError(f"cannot read the rules data ({exc})", str(path)) from None
            for key, value in data.items():
                if isinstance(value, dict) and isinstance(merged.get(key), dict):
                    merged[key] = {**merged[key], **value}
                else:
                    merged[key] = value
        if not found:
            raise DataError(f"no {name} in the rules pack", str(self.folders()[-1] if self.folders() else ""))
        return MappingProxyType(merged)

    def rule_sources(self, name: str) -> tuple[str, ...]:
        return tuple(str(f / name) for f in self.folders() if (f / name).is_file())

    @cached_property
    def factions(self) -> tuple[str, ...]:
        return tuple(self.game.content().settings.faction_order)

    @cached_property
    def supply_terms(self) -> SupplyTerms:
        """The words of the pack's words.toml ``[supply]`` (merged along the hierarchy), or
        plain words citing no rule for a pack without one."""
        if not self.rule_sources("words.toml"):
            return SupplyTerms()
        return read_terms(self.toml("words.toml").get("supply", {}), " + ".join(self.rule_sources("words.toml")))

    @property
    def supply_markers(self) -> Mapping[str, str]:
        """State -> the markers.csv key of the marker counter stacked on a unit to show it, for a
        pack whose marking is not a layer (the base: none)."""
        return MappingProxyType({})

    # -- who fights whom ---------------------------------------------------------------------
    def enemies(self, a: str, b: str) -> bool:
        """Two factions at war (default: every two different factions); no faction is nobody's."""
        return bool(a) and bool(b) and a != b

    def hostile(self) -> Mapping[str, frozenset[str]]:
        return MappingProxyType({f: frozenset(g for g in self.factions if self.enemies(f, g)) for f in self.factions})

    # -- the pipeline -----------------------------------------------------------------------
    def check(self, position: Position, mapdata: MapData | None = None) -> Check:
        """Everything about a position, the findings sorted."""
        sit = self.situation(position, mapdata)
        zoc = self.zoc(sit)
        supply = self.supply(sit, zoc)
        findings = [*self.stacking(sit), *self.placement(sit, zoc), *supply.findings]
        return Check(
            tuple(sorted(findings, key=Finding.sort_key)), zoc, supply, sit, MappingProxyType(dict(self.control(sit)))
        )

    def control(self, sit: Any) -> Mapping[str, str]:
        """Hex -> the faction controlling it, for a game that keeps hex control (default: none)."""
        return {}

    def situation(self, position: Position, mapdata: MapData | None = None) -> Any:
        """The position on the game's map with what its rules read (owners, control, weather):
        every pack gives its own, so the base has none."""
        raise NotImplementedError

    def zoc(self, sit: Any) -> Zoc:
        out: dict[str, list[tuple[str, str]]] = {}
        for unit in sit.pos.units:
            for h in self.zoc_of(sit, unit):
                out.setdefault(h, []).append((unit.id, unit.faction))
        return Zoc({h: tuple(sorted(v)) for h, v in sorted(out.items())}, self.hostile())

    def zoc_of(self, sit: Any, unit: Unit) -> frozenset[str]:
        """The hexes ``unit`` projects a zone of control into: a rule every game states its own way."""
        raise NotImplementedError

    def supply(self, sit: Any, zoc: Zoc) -> SupplyReport:
        """Every unit's supply line and the findings: each game traces by its own rules."""
        raise NotImplementedError

    def stacking(self, sit: Any) -> list[Finding]:
        """The stacking findings: each game's limits and who may share a hex are its own."""
        raise NotImplementedError

    def placement(self, sit: Any, zoc: Zoc) -> list[Finding]:
        return []

    def setup_problems(self, position: Position, mapdata: MapData) -> list[tuple[str, str, str]]:
        """(piece id, rule, problem) a scenario setup has beyond a position's findings."""
        return []

    def setup_supply_findings(self, sit: Any, zoc: Zoc) -> list[Finding]:
        """The supply findings a scenario setup must answer for: every supply problem (a game
        whose setups may rely on supply still to be shipped narrows them)."""
        return [f for f in self.supply(sit, zoc).findings if f.severity == "problem"]

    def supply_check_factions(self, phase: str) -> tuple[str, ...]:
        """The factions whose supply check comes in ``phase`` (the base: the faction whose
        Operations phase it is; none for any other phase)."""
        kind, faction = self.phase_kind(phase) if phase else ("other", None)
        return (faction,) if kind == "operations" and faction is not None else ()

    def supply_step_notes(self, check: Check, factions: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
        """(where, what the player does, rule) besides the units' markings when the factions'
        supply check is applied: what the rules make of the sources it used, say (the base: none)."""
        return ()

    def supply_marking(self, unit: Unit, line: SupplyLine) -> SupplyMark:
        """The supply state ``unit``'s counter shows once its faction's supply check is done,
        given the line the check found now and the state marked before (``unit.supply``).
        Only asked of a pack whose ``marks_supply`` is True."""
        raise NotImplementedError(f"{type(self).__name__} does not mark supply on counters")

    # -- audits -----------------------------------------------------------------------------
    def move_judge(self, record: Record) -> Any | None:
        """The movement judge an audit of a log drives (see assistant.audit), or None when the
        pack does not judge moves yet; ``record(rule, check, unit, hexes, reason, path=())``."""
        return None

    def phase_kind(self, phase: str) -> tuple[str, str | None]:
        """("operations" | "strategic" | "other", faction or None) for a phase name."""
        low = phase.lower()
        faction = next((f for f in self.factions if f in low), None)
        if "strategic" in low and "warfare" not in low:
            return "strategic", faction
        if "operation" in low or "action" in low:
            return "operations", faction
        return "other", faction
