"""The unit and marker keys of our modules: what each does, and what it reports to the chat.

Each command is built from the engine's own traits so that it does exactly one visible thing
and says so in one chat line, or says nothing when nothing changed:

* Supply (7.1): the layer keeps its state as before (inactive = Full, active level 1 = Low,
  active level 2 = No), but players never touch the layer directly. Ctrl+U (Low Supply on/off)
  and Ctrl+Shift+U (one step: Full -> Low -> No -> Low) are Trigger Actions that drive it by
  private named keys, guarded by the layer's own ``Supply_Active`` property, so a supplied
  unit is never left with a hidden level (Embellishment.doIncrease changes the level of an
  inactive layer without showing it) and Full is always the layer off at level 1.
* Sorties (1.5): +1 / -1 on an always-active layer; second bindings for keyboards where '='
  or '-' need Shift (numpad + and -, and the '+' key of layouts that have one).
* Eliminated: the box on the card of the faction the unit's nation belongs to *in the game*:
  the nation's ``Status_<NAT>`` global property ("active western") when it names a faction,
  else the unit's own Faction property (the setup's faction); disabled when neither names one
  (a neutral's units are not in play).
* Reports (ReportState, one per command, inside the prototype that has the command): what
  changed, from the engine's snapshot of the piece before the key (``old...`` properties),
  or an empty text (no chat line) when nothing did.

Report texts are BeanShell expressions in braces (VASSAL 3.7 ``Expression``); GetString keeps
hex ids such as "0346" as text (a bare property would be read as the number 346).
"""

from __future__ import annotations

from collections.abc import Mapping

from vassal.keys import NamedKeyStroke
from vassal.pieces import Piece
from vassal.trait_codec import Trait
from vassal.traits import (
    BasicPiece,
    CalculatedProperty,
    Embellishment,
    ReportState,
    RestrictCommands,
    SendToLocation,
    TriggerAction,
)
from wargame import pieceprops as pp

CTRL, CTRL_SHIFT = 130, 195
VK_PLUS, VK_ADD, VK_SUBTRACT = 521, 107, 109  # java.awt.event.KeyEvent
FLIP = NamedKeyStroke(ord("F"), CTRL)
SUPPLY_TOGGLE = NamedKeyStroke(ord("U"), CTRL)
SUPPLY_CYCLE = NamedKeyStroke(ord("U"), CTRL_SHIFT)
SORTIE_UP = NamedKeyStroke(61, CTRL)  # Ctrl + '='
SORTIE_DOWN = NamedKeyStroke(45, CTRL)  # Ctrl + '-'
SORTIE_UP_ALSO = (NamedKeyStroke(VK_ADD, CTRL), NamedKeyStroke(VK_PLUS, CTRL))  # numpad +, a '+' key
SORTIE_DOWN_ALSO = (NamedKeyStroke(VK_SUBTRACT, CTRL),)  # numpad -
ELIMINATE = NamedKeyStroke(ord("E"), CTRL)
DELETE = NamedKeyStroke(ord("D"), CTRL)

# Private keys: no menu item, no keyboard key (VASSAL gives each name its own key code).
_LOW = NamedKeyStroke(0, 0, name="supplyLow")  # the layer's reset: active at level 1
_TOGGLE = NamedKeyStroke(0, 0, name="supplyToggle")  # the layer's on/off
_NEXT = NamedKeyStroke(0, 0, name="supplyNext")  # the layer's next level (Low <-> No)
_NORMAL = NamedKeyStroke(0, 0, name="supplyNormal")  # an inactive layer back to level 1
_STEP = NamedKeyStroke(0, 0, name="supplyStep")  # Ctrl+Shift+U's step

ELIMINATED_FACTION = "EliminatedFaction"  # calculated: the faction the unit's nation is in now
ELIMINATED_CARD = "EliminatedCard"  # calculated: the map of that faction's card
BADGE_OFFSET = 22  # layer badges sit over the counter's top corners


def _s(name: str) -> str:
    """A property as text in a report expression (``old<Name>``: before the key)."""
    return f'GetString("{name}")'


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unchanged(*names: str) -> str:
    return " && ".join(f"{_s(n)}.equals({_s('old' + n)})" for n in names)


def _report(keys: tuple[NamedKeyStroke, ...], text: str, description: str) -> ReportState:
    return ReportState.make(keys=keys, report_format="{" + text + "}", description=description)


def _trigger(
    key: NamedKeyStroke,
    actions: tuple[NamedKeyStroke, ...],
    *,
    command: str = "",
    when: str = "",
    also: tuple[NamedKeyStroke, ...] = (),
    description: str = "",
) -> TriggerAction:
    return TriggerAction.make(
        name=description, command=command, key=key, property_match=when, watch_keys=also, action_keys=actions
    )


# -- Supply ----------------------------------------------------------------------------------


def _supply_word(name: str) -> str:
    level = _s(name)
    return f'({level}.equals("1") ? "Low" : {level}.equals("2") ? "No" : "Full")'


def supply_traits(images: tuple[str, ...]) -> tuple[Trait, ...]:
    """The Supply prototype, outermost first: its report, the two player commands, the guarded
    steps they use, and the layer (badged by ``images``: Low, No)."""
    level = f"{pp.LAYER_SUPPLY}_Level"
    active = f"{pp.LAYER_SUPPLY}_Active"
    said = (
        f'{_unchanged(level)} ? "" : {_s("LocationName")} + ": " + {_s("BasicName")} + ": " + '
        f'{_supply_word("old" + level)} + " -> " + {_supply_word(level)} + " Supply *"'
    )
    return (
        _report((SUPPLY_TOGGLE, SUPPLY_CYCLE), said, "Report supply changes: from -> to (7.1)"),
        _trigger(
            SUPPLY_TOGGLE,
            (_NORMAL, _TOGGLE, _NORMAL),
            command="Low Supply on/off",
            description="Ctrl+U: Full -> Low; Low or No -> Full",
        ),
        _trigger(
            SUPPLY_CYCLE,
            (_NORMAL, _STEP),
            command="Low / No Supply",
            description="Ctrl+Shift+U: Full -> Low -> No -> Low",
        ),
        # on the step key the inner trigger answers first (TriggerAction: inner traits, then
        # itself), so a layer the first one just switched on is not stepped again
        _trigger(_STEP, (_TOGGLE,), when="{!" + active + "}", description="step: Full -> Low"),
        _trigger(_STEP, (_NEXT,), when="{" + active + "}", description="step: Low <-> No"),
        _trigger(
            _NORMAL, (_LOW, _TOGGLE), when="{!" + active + "}", description="an inactive layer (Full) rests at level 1"
        ),
        Embellishment.make(
            images=images,
            level_names=tuple(f"+ ({n})" for n in pp.SUPPLY_LEVELS),
            loop_levels=True,
            name=pp.LAYER_SUPPLY,
            always_active=False,
            activate_keystroke=_TOGGLE,
            increase_keystroke=_NEXT,
            reset_key=_LOW,
            reset_level="1",
            x_offset=-BADGE_OFFSET,
            y_offset=-BADGE_OFFSET,
            description="Supply: inactive = Full (level 1), 1 = Low, 2 = No (7.1)",
        ),
    )


# -- Sorties ---------------------------------------------------------------------------------


def sortie_level_name(n: int) -> str:
    return f"+ ({n} Sortie{'s' if n != 1 else ''})"


def sorties_traits(images: tuple[str, ...]) -> tuple[Trait, ...]:
    """The Sorties prototype: report, second bindings, the always-active layer whose first
    level is blank (no Sorties; +1 on an inactive layer would change nothing seen)."""
    level = f"{pp.LAYER_SORTIES}_Level"

    def count(name: str) -> str:
        return f"(Integer.parseInt({_s(name)}) - 1)"

    said = (
        f'{_unchanged(level)} ? "" : {_s("LocationName")} + ": " + {_s("BasicName")} + ": Sorties " + '
        f'{count("old" + level)} + " -> " + {count(level)} + " *"'
    )
    return (
        _report((SORTIE_UP, SORTIE_DOWN), said, "Report Sorties: from -> to (1.5)"),
        _trigger(
            SORTIE_UP_ALSO[0],
            (SORTIE_UP,),
            also=SORTIE_UP_ALSO[1:],
            description="+1 Sortie also on numpad + and a '+' key",
        ),
        _trigger(
            SORTIE_DOWN_ALSO[0], (SORTIE_DOWN,), also=SORTIE_DOWN_ALSO[1:], description="-1 Sortie also on numpad -"
        ),
        Embellishment.make(
            up_command="+1 Sortie",
            up_modifiers=CTRL,
            up_key="=",
            down_command="-1 Sortie",
            down_modifiers=CTRL,
            down_key="-",
            images=("",) + images,
            level_names=("",) + tuple(sortie_level_name(n) for n in range(1, pp.MAX_SORTIES + 1)),
            loop_levels=False,
            name=pp.LAYER_SORTIES,
            always_active=True,
            increase_keystroke=SORTIE_UP,
            decrease_keystroke=SORTIE_DOWN,
            x_offset=BADGE_OFFSET,
            y_offset=-BADGE_OFFSET,
            description="Sorties: level 1 = none (blank), level n = n - 1 Sorties (1.5, 15.22)",
        ),
    )


# -- Flip ------------------------------------------------------------------------------------


def flip_traits(
    back_image: str, level_name: str, turned_to: tuple[str, str], named_as_shown: bool = False
) -> tuple[Trait, ...]:
    """The Side layer and its report: ``turned_to`` = (what the back is, what the front is),
    e.g. ("its reduced side", "its full-strength side"). The report names the piece by its
    BasicName, or with ``named_as_shown`` by the name it showed before the flip (a marker whose
    back has a name of its own: "Scenario Ends flipped to Appsmt or Pact Ends")."""
    active = f"{pp.LAYER_SIDE}_Active"
    back, front = turned_to
    name = _s("oldlocalizedName") if named_as_shown else _s("BasicName")  # PropertyExporter.LOCALIZED_NAME
    said = (
        f'{_unchanged(active)} ? "" : {_s("LocationName")} + ": " + {name} + " flipped to " + '
        f'({_s(active)}.equals("true") ? {_quoted(back)} : {_quoted(front)}) + " *"'
    )
    return (
        _report((FLIP,), said, "Report a flip: which side now shows"),
        Embellishment.make(
            activate_command="Flip",
            activate_modifiers=CTRL,
            activate_key="F",
            images=(back_image,),
            level_names=(level_name,),
            name=pp.LAYER_SIDE,
            always_active=False,
            activate_keystroke=FLIP,
            description="Side: active = the back of the counter",
        ),
    )


# -- Eliminated and Delete -------------------------------------------------------------------


def eliminated_faction_expression(factions: tuple[str, ...]) -> str:
    """BeanShell: the faction the unit's nation is in now, from ``Status_<Nationality>``
    ("active western"), else the piece's Faction; "" when neither names one."""
    status = f'GetString("{pp.STATUS_PREFIX}" + {_s(pp.NATIONALITY)})'
    branches = [f'{status}.endsWith(" {key}") ? "{key}"' for key in factions]
    branches += [f'{_s(pp.FACTION)}.equals("{key}") ? "{key}"' for key in factions]
    return "{" + " : ".join(branches + ['""']) + "}"


def eliminated_card_expression(cards: Mapping[str, str]) -> str:
    """BeanShell: the card map of that faction (``cards``: faction key -> map name); the first
    card when there is none, so the engine always finds a box to show the (disabled) command."""
    faction = _s(ELIMINATED_FACTION)
    branches = [f'{faction}.equals("{key}") ? {_quoted(card)}' for key, card in cards.items()]
    return "{" + " : ".join(branches + [_quoted(next(iter(cards.values())))]) + "}"


def eliminate_traits(cards: Mapping[str, str], box: str) -> tuple[Trait, ...]:
    """Send to the ``box`` of the card of the unit's faction in the game (``cards``: faction key
    -> card map), reported with the place it left; disabled when it has no faction."""
    said = (
        f'{_unchanged("LocationName", "CurrentMap")} ? "" : {_s("oldLocationName")} + ": " + '
        f'{_s("BasicName")} + " eliminated, to the " + {_s("LocationName")} + " box of the " + '
        f'{_s("CurrentMap")} + " *"'
    )
    card = f"${ELIMINATED_CARD}$"
    rule = " (12.2)" if box == "Eliminated" else ""
    return (
        _report((ELIMINATE,), said, "Report an elimination: the place left and the box"),
        RestrictCommands.make(
            name="No faction, no box",
            action="Disable",
            property_match="{" + _s(ELIMINATED_FACTION) + ".length() == 0}",
            watch_keys=(ELIMINATE,),
        ),
        SendToLocation.make(
            command_name=f"Send to {box} box",
            key=ELIMINATE,
            map_name=card,
            board_name=card,
            destination="Z",
            zone=box,
            description=f"{box} box of the card of the unit's faction in the game{rule}",
        ),
        CalculatedProperty.make(
            name=ELIMINATED_CARD,
            expression=eliminated_card_expression(cards),
            description="The card whose box the unit goes to",
        ),
        CalculatedProperty.make(
            name=ELIMINATED_FACTION,
            expression=eliminated_faction_expression(tuple(cards)),
            description="The faction the unit's nation is in now",
        ),
    )


def delete_report() -> ReportState:
    """Delete, reported with the masked name a cup marker shows (the snapshot's name)."""
    return ReportState.make(
        keys=(DELETE,), report_format="$oldLocation$: $oldPieceName$ deleted *", description="Report a deletion"
    )


def prototype_piece(traits: tuple[Trait, ...]) -> Piece:
    return Piece(traits, BasicPiece.make())
