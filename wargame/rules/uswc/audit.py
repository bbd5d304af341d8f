"""USWC movement as an audit judges it: USE's judge (wargame.rules.use.audit) with Western
Campaigns' strategic movement and Naval Transport.

* Strategic movement (4.1): as USE's, but no hex entered needs a supply line, and Map Boxes may
  not be entered, left or crossed.
* Naval Transport (4.2.4): a Western air or ground unit that starts its activation in a friendly
  port may be lifted to any other friendly port, no path needed; its activation ends there. It
  may not mix with hex movement, and the destination may hold no enemy city, fort, unit,
  Airdrop or Partisans marker. In a log this shows as a move between two friendly ports that no
  legal ground path explains.
"""

from __future__ import annotations

from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.use.audit import MoveJudge as UseMoveJudge
from wargame.rules.use.audit import _Act
from wargame.rules.use.ground import Situation
from wargame.rules.use.movement import Ground, ground_path, movement_points, strategic_path

TRANSPORTING_FACTION = "western"  # 4.2.4: Naval Transport is for Western units only
BARRING_MARKERS = ("Airdrop", "Partisans")


class MoveJudge(UseMoveJudge):
    # -- strategic movement (4.1) ------------------------------------------------------------
    def strategic_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        if u.hex is None or v.hex is None:
            self.add(
                "4.1", "strategic", u, (u.where, v.where), "strategic movement may not enter, leave or cross a Map Box"
            )
            return
        earlier = self.strategic_done.get(u.faction)
        if earlier is not None and earlier != u.id:
            self.add(
                "4.1",
                "strategic",
                u,
                (u.hex, v.hex),
                "one strategic move per faction per turn; another unit already moved",
            )
        self.strategic_done.setdefault(u.faction, u.id)
        if u.supply == "none":
            self.add("4.1", "strategic", u, (u.hex,), "only a supplied unit may move strategically")
        if not sit0.map.hexes[u.hex].transport:
            self.add("4.1", "strategic", u, (u.hex,), "strategic movement starts on a Transport Line")
        result = strategic_path(Ground(sit0, zoc0, u), u.hex, v.hex, supplied=lambda h: True)
        if not result.legal:
            self.add("4.1", "strategic", u, (u.hex, v.hex), "; ".join(x.text for x in result.violations), result.path)

    # -- Naval Transport (4.2.4) ---------------------------------------------------------------
    def ground_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        if self._naval_transport(sit0, zoc0, u, v):
            return
        super().ground_move(sit0, zoc0, u, v)

    def _naval_transport(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> bool:
        """A move between friendly ports that no legal ground path explains, judged as Naval
        Transport (True: it was, and its findings are recorded)."""
        if u.faction != TRANSPORTING_FACTION or u.hex is None or v.hex is None:
            return False
        if not (sit0.friendly_port(u.hex, u.faction) and sit0.friendly_port(v.hex, u.faction)):
            return False
        continuing = self.act is not None and self.act.unit_id == u.id
        mp = self.act.left if continuing and self.act is not None else movement_points(u.type, u.supply, self.costs)
        if ground_path(
            Ground(sit0, zoc0, u),
            u.hex,
            v.hex,
            mp=mp,
            started=bool(continuing and self.act and self.act.started),
            costs=self.costs,
        ).legal:
            return False  # an ordinary move
        if continuing and self.act is not None and self.act.started:
            self.add(
                "4.2.4",
                "naval",
                u,
                (u.hex, v.hex),
                "Naval Transport may not be combined with hex movement in one activation",
            )
        else:
            self.close()
            if u.id in self.activated:
                self.add("6.3", "activation", u, (u.hex, v.hex), "a ground unit may be activated only once per phase")
            self.activated.add(u.id)
        if (
            sit0.enemy_city(v.hex, u.faction)
            or sit0.enemy_fort(v.hex, u.faction)
            or sit0.unit_factions(v.hex) - {u.faction}
            or sit0.enemy_marker(v.hex, u.faction, BARRING_MARKERS)
        ):
            self.add(
                "4.2.4",
                "naval",
                u,
                (u.hex, v.hex),
                f"Naval Transport may not end in {v.hex}: an enemy city, fort, unit, Airdrop or "
                "Partisans marker is there",
            )
        self.act = _Act(u.id, u.label, u.faction, self.step, u.hex, v.hex, mp, 0, started=True)
        self.act.last_step = self.step
        self.close()  # the activation ends on arrival (4.2.4)
        return True
