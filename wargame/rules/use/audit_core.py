"""The pieces every part of the USE audit judge shares: the judge's state and how it records a
finding (``JudgeState``, the base of each part), one activation (``_Act``), what changed between
two positions of a log (``_Diff``, ``diff``), what the judge reports it did not judge.

    diff(pos0, pos1) -> _Diff          moves, hits, placements, Sorties and fort changes of a step
    adjacent(sit, a, b) -> bool        two hex ids side by side (False for a Map Box)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from records import frozen
from wargame.rules.pack import Record
from wargame.rules.position import MarkerPiece, Position, Unit
from wargame.rules.results import Activation, Zoc
from wargame.rules.use.ground import Situation
from wargame.rules.use.movement import MoveCosts

if TYPE_CHECKING:
    from wargame.rules.use import Pack

CENTRAL_RUSSIA = "CRU"
SPECIAL_MARKERS = ("Airdrop", "Partisans", "Surprise Attack")  # 6.1: never during an activation
NOT_JUDGED = {
    "combat": "combat results: whether a result fits the dice needs the Combat Results Table, which "
    "the rulebook does not print (legality of the attack, retreat and advance is judged)",
    "sorties": "Sorties added to air or naval units that did not move: the log does not say which "
    "mission (Air Strike, Air Support, escort, interception) they flew or against whom",
    "supply": "supply markers changed: supply is judged on a position (staffwork check); interception "
    "of sea lines is a die roll",
    "other_side": "moves of the non-phasing side that are neither retreats nor displacements (events "
    "such as Naval Evacuation or Emergency Shipping, repatriation)",
    "placed": "units put on the map or taken off it (mobilization, reserves, events, eliminations)",
    "other_phase": "moves and placements outside the Strategic Movement and Operations phases",
    "repatriation": "units put in or next to a friendly city of their country in the Strategic Movement phase "
    "while the Strategic Move marker lay on another unit: taken as Home Defense repatriations "
    "(10.3.1.1, 10.4); whether Home Defense called for them is not judged",
    "fort_hold": "French, USSR and UK units that Home Defense holds until West Invaded, East Invaded or "
    "the Mediterranean Crisis (10.3.1): the log does not say whether those events happened",
}


@dataclass
class _Act:
    unit_id: str
    label: str
    faction: str
    first_step: int
    start: str
    at: str
    mp: int
    left: int
    started: bool = False
    attacks: list[str] = field(default_factory=list)
    advance_into: str | None = None
    legal: bool = True
    last_step: int = 0
    mobile: bool = False  # made a Mobile attack (5.3.2)
    ended: str = ""  # why the activation is over before another unit acts
    left_fort: bool = False  # it left a fort in this activation (4.2.3.6)
    invaded: str | None = None  # the hex it landed on by Amphibious Invasion
    invasion_assault: bool = False  # it Assaulted from there (6.3.2.4)
    special_marker: bool = False  # an Airdrop, Partisans or Surprise Attack marker was placed since its last move
    assault_elsewhere: str = ""  # an Assault resolved while it was active (5.3.3)
    home: tuple[str, ...] = ()  # Home Defense rules of its nation met when it began (10.3.1)
    sit_start: Any = None

    def frozen(self) -> Activation:
        return Activation(
            self.unit_id,
            self.label,
            self.faction,
            self.first_step,
            self.last_step,
            self.start,
            self.at,
            self.mp,
            self.mp - self.left,
            tuple(self.attacks),
            self.legal,
        )


@frozen
class _Diff:
    moved: tuple[tuple[Unit, Unit], ...]
    gone: tuple[Unit, ...]
    appeared: tuple[Unit, ...]
    hit: tuple[tuple[Unit, Unit | None], ...]  # ground units that moved, vanished or flipped
    sorties: tuple[tuple[Unit, Unit], ...]  # Sorties changed, no move
    supply: tuple[tuple[Unit, Unit], ...]
    fort: tuple[tuple[Unit, Unit], ...]  # in_fort changed, no move
    markers_placed: tuple[MarkerPiece, ...]


# A move held back one step in case a convoy's move next proves it a Naval Transport:
# (unit before, unit after, situation and ZOC before, situation and ZOC after, step)
Awaiting = tuple[Unit, Unit, Situation, Zoc, Situation, Zoc, int]


class JudgeState:
    """What :class:`wargame.rules.use.audit.MoveJudge` keeps while it judges a log, and how it
    records a finding. The parts of the judge (``audit_combat``, ``audit_sea``,
    ``audit_politics``) build on it, so each sees the state and the calls it makes across parts."""

    def __init__(self, pack: Pack, record: Record):
        self.pack = pack
        self.record = record
        self.told: set[tuple] = set()
        self.costs: MoveCosts = pack.costs
        self.activations: list[Activation] = []
        self.act: _Act | None = None
        self.activated: set[str] = set()
        self.strategic_done: dict[str, str] = {}
        self.pending_attacks: list[tuple[Unit, bool, Situation, int]] = []  # (defender, vacated, before, step)
        self.orphans: list[tuple[Unit, Situation, int]] = []  # hits no unit that may attack could have made
        self.phasing: str | None = None
        self.step = 0
        self.mobile_units: set[str] = set()  # made a Mobile attack this phase (5.3.1)
        self.assault_units: set[str] = set()  # designated an Assault this phase (5.3.1)
        self.advanced: set[str] = set()  # Assault target hexes already advanced into (5.3.7)
        self.assault_vacated: dict[str, tuple[str, ...]] = {}  # hex -> Assault attackers next to it
        self.displacing: dict[str, int] = {}  # hex entered with enemy air/naval units -> step
        self.convoy_moves: list[tuple[Unit, Unit, int]] = []  # this step's and the last step's
        self.handled: set[tuple[str, int]] = set()  # (unit id, step) judged with a transport
        self.awaiting: Awaiting | None = None  # a move that may yet prove a Naval Transport
        self.invasion: tuple[str, str, frozenset[str]] | None = None  # (origin, hex, naval ids)
        self.invaded_hexes: set[str] = set()  # 6.3.2.1: each hex once per Actions Sub-Phase
        self.invading_ships: set[str] = set()  # 6.3.2.1: a naval unit in one invasion per phase
        self.used_surprise: set[str] = set()  # 6.3.2.5: Surprise Attack markers an invasion used
        self.repatriated_ids: set[str] = set()  # 10.4: not activated again this turn
        self.fired: set[str] = set()
        self.skipped: Counter[str] = Counter()
        self.now: tuple[Situation, Zoc] | None = None
        self.last: tuple[Situation, Zoc] | None = None
        self.diff: _Diff | None = None

    def add(
        self,
        rule: str,
        check: str,
        unit: Unit | None,
        hexes: tuple[str, ...],
        reason: str,
        path: tuple[str, ...] = (),
        *,
        step: int | None = None,
        severity: str = "problem",
    ) -> None:
        """Record a finding once: the same rule for the same unit at the same step is told once
        (a path and the place it ends may both break Cooperation Limits)."""
        key = (step or self.step, rule, unit.id if unit else hexes)
        if key in self.told:
            return
        self.told.add(key)
        self.record(rule, check, unit, hexes, reason, path, step=step, severity=severity)

    if TYPE_CHECKING:
        # Defined by other parts of the judge; declared here so that each part may call them.
        def interrupt(self) -> None: ...
        def start_activation(self, sit0: Situation, u: Unit) -> None: ...
        def box_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None: ...
        def _attackers_of(self, sit: Situation, target: str) -> list[Unit]: ...
        def _strategic_marker(self, sit0: Situation, u: Unit) -> None: ...
        def _report_path(self, u: Unit, v: Unit, act: _Act, result: Any, step: int | None = None) -> None: ...
        def _entered(self, sit0: Situation, hex_id: str) -> None: ...
        def air_naval_end(self, sit1: Situation, zoc1: Zoc, v: Unit, *, step: int | None = None) -> None: ...
        def _axis_attack(self, sit0: Situation, target: str, attackers: tuple[str, ...]) -> None: ...
        def repatriated(self, sit0: Situation, u: Unit, v: Unit) -> bool: ...
        def _home_defense_step(self, sit0: Situation, sit1: Situation, u: Unit, *, step: int | None = None) -> None: ...


def _on_map(u: Unit | MarkerPiece | None) -> bool:
    return u is not None and (u.hex is not None or u.box is not None)


def diff(pos0: Position, pos1: Position) -> _Diff:
    now = {u.id: u for u in pos1.units}
    before = {u.id: u for u in pos0.units}
    moved: list[tuple[Unit, Unit]] = []
    gone: list[Unit] = []
    hit: list[tuple[Unit, Unit | None]] = []
    sorties: list[tuple[Unit, Unit]] = []
    supply: list[tuple[Unit, Unit]] = []
    fort: list[tuple[Unit, Unit]] = []
    for u in pos0.units:
        v = now.get(u.id)
        if not _on_map(u):
            continue
        if not _on_map(v):
            gone.append(u)
            if u.kind == "ground":
                hit.append((u, None))
            continue
        assert v is not None
        if u.where != v.where:
            moved.append((u, v))
        elif v.in_fort != u.in_fort:
            fort.append((u, v))
        if u.kind == "ground" and (u.where != v.where or u.reduced != v.reduced):
            hit.append((u, v))
        if u.where == v.where and u.sorties != v.sorties:
            sorties.append((u, v))
        if u.supply != v.supply:
            supply.append((u, v))
    appeared = tuple(v for v in pos1.units if _on_map(v) and not _on_map(before.get(v.id)))
    old_markers = {m.id: m for m in pos0.markers}
    placed = tuple(
        m
        for m in pos1.markers
        if _on_map(m) and (m.id not in old_markers or (old_markers[m.id].hex, old_markers[m.id].box) != (m.hex, m.box))
    )
    return _Diff(tuple(moved), tuple(gone), appeared, tuple(hit), tuple(sorties), tuple(supply), tuple(fort), placed)


def adjacent(sit: Situation, a: str | None, b: str | None) -> bool:
    if not a or not b or a not in sit.map.hexes or b not in sit.map.hexes:
        return False
    g = sit.map.grid
    return g.is_adjacent(g.parse(a), g.parse(b))
