"""What VASSAL 3.7 does with a key pressed on one of our pieces, for the traits our modules use.

Enough of the engine to pin the behaviour of the module's keys in tests (the real engine's
answers, by vassal-check --keys, are in the session notes; this follows the same Java):

* counters/Decorator.java keyEvent: a trait answers the key itself, then passes it inwards;
  TriggerAction.java and ReportState.java pass it inwards first, then answer.
* Embellishment.java myKeyEvent: activate flips the sign of the signed level; increase /
  decrease move the level (looping or capped), keeping the sign, also when inactive; reset
  sets level and activity.
* TriggerAction.java: on its key or a watch key, if its property match holds, each action key
  goes through the whole piece again from the outermost trait.
* RestrictCommands.java: a watch key is swallowed while the match holds.

Property matches understood: ``{Name_Active}``, ``{!Name_Active}`` (our guards) and the
``EliminatedFaction`` test (treated as "has a faction"). Anything else raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vassal.keys import NamedKeyStroke
from vassal.pieces import Piece
from vassal.traits import Embellishment, RestrictCommands, TriggerAction


def same(a: NamedKeyStroke | None, b: NamedKeyStroke | None) -> bool:
    return a is not None and a.same_key(b)


@dataclass
class Sim:
    piece: Piece
    levels: dict[str, int] = field(default_factory=dict)  # layer name -> signed level
    faction: str = "axis"
    depth: int = 0

    def __post_init__(self) -> None:
        for t in self.piece.traits:
            if isinstance(t, Embellishment):
                self.levels.setdefault(t.layer_name, t.value)

    def prop(self, name: str) -> bool:
        layer, _, what = name.partition("_")
        if what == "Active":
            return self.levels[layer] > 0
        raise AssertionError(f"the simulator does not know property {name!r}")

    def matches(self, expression: str) -> bool:
        if not expression:
            return True
        text = expression.strip()
        assert text.startswith("{") and text.endswith("}"), text
        body = text[1:-1].strip()
        if "EliminatedFaction" in body:
            return not self.faction
        if body.startswith("!"):
            return not self.prop(body[1:])
        return self.prop(body)

    def press(self, key: NamedKeyStroke) -> None:
        self.depth += 1
        assert self.depth < 20, "keys loop"
        self._from(0, key)
        self.depth -= 1

    def _from(self, i: int, key: NamedKeyStroke) -> None:
        traits = self.piece.traits
        if i >= len(traits):
            return
        t = traits[i]
        if isinstance(t, TriggerAction):
            self._from(i + 1, key)
            hit = same(t.get("key"), key) or any(same(w, key) for w in t.get("watch_keys"))
            if hit and self.matches(t.get("property_match")):
                for action in t.get("action_keys"):
                    self.press(action)
            return
        if (
            isinstance(t, RestrictCommands)
            and any(same(w, key) for w in t.get("watch_keys"))
            and self.matches(t.get("property_match"))
        ):
            return
        if isinstance(t, Embellishment):
            self._layer(t, key)
        self._from(i + 1, key)

    def _layer(self, t: Embellishment, key: NamedKeyStroke) -> None:
        name, n = t.layer_name, len(t.image_names)
        v = self.levels[name]
        if same(t.activate_keystroke, key) and not t.always_active:
            v = -v
        if same(t.increase_keystroke, key):
            up = abs(v) + 1
            up = (1 if t.get("loop_levels") else n) if up > n else up
            v = up if v > 0 else -up
        if same(t.decrease_keystroke, key):
            down = abs(v) - 1
            down = (n if t.get("loop_levels") else 1) if down < 1 else down
            v = down if v > 0 else -down
        if same(t.get("reset_key"), key):
            level = int(t.get("reset_level"))
            v = abs(level) if level > 0 else -abs(level)
        self.levels[name] = v
