"""The game state a module keeps: global properties (nations, policies, disputed areas,
events, control, weather ...), the menus that change them, and the turn tracker (month and
phase) with the state a setup writes for it."""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from builder.module.spec import PROPS, TURN, M, ModuleSpec
from vassal import sequence
from vassal.buildfile import component
from wargame import pieceprops as pp

GAME_STATE_MENU = "Game state"
STATE_MENUS = ("Policies", "Nations", "Disputed areas", "Events")


def nation_statuses(factions: Sequence[str]) -> tuple[str, ...]:
    """wargame.pieceprops.STATUSES with the faction each concerns, as the Nations menu offers them."""
    return ("neutral", *(f"active {f}" for f in factions), *(f"conquered {f}" for f in factions), "ceded", "absent")


def _changer(label: str, prompt: str, values: Sequence[str]) -> etree._Element:
    """A toolbar button that asks for one of ``values`` and sets its GlobalProperty, reporting
    the change in the chat (ChangePropertyButton; propChanger "E" = pick from a list, encoded
    by PropertyChangerConfigurer.getValueString as E,prompt,values)."""
    changer = sequence.encode(["E", prompt, sequence.encode(list(values), ",") or ""], ",") or ""
    return component(
        PROPS + "ChangePropertyButton",
        {
            "canDisable": False,
            "desc": label,
            "disabledIcon": "",
            "hideWhenDisabled": False,
            "hotkey": "",
            "icon": "",
            "propChanger": changer,
            "propertyGate": "",
            "reportFormat": "<$PlayerId$> $description$: $newValue$ (was $oldValue$)",
            "text": label,
            "tooltip": prompt,
        },
    )


def global_properties(spec: ModuleSpec) -> list[etree._Element]:
    """Weather per zone (set by the setups; in play the Weather markers on the track say it),
    policies in effect, each nation's status and ceded disputed areas. The last three have a
    button each, gathered under the Game state menu, so players keep them current for
    `staffwork check`, which reads them from the save."""
    label = spec.labels.get
    rules = spec.game_state
    yes_no = ("true", "false")
    out = [
        _property(pp.WEATHER_PREFIX + zone, spec.weather_property.format(zone=zone), spec.weather_states[0])
        for zone in spec.weather_zones
    ]
    for key in spec.policies:
        name = label(key, key)
        out.append(
            _property(
                pp.POLICY_PREFIX + key,
                f"{name} in effect{_cite(rules.policy_rule)}",
                "false",
                _changer(f"Policy: {name}", f"Is {name} in effect?", yes_no),
            )
        )
    for nation, status in spec.nation_status.items():
        name = label(nation, nation)
        out.append(
            _property(
                pp.STATUS_PREFIX + nation,
                f"{name}: status and faction{_cite(rules.nation_rule)}",
                status,
                _changer(f"Nation: {name}", f"Status of {name}", nation_statuses(spec.factions)),
            )
        )
    for area in spec.disputed_areas:
        name = label(area, area)
        out.append(
            _property(
                pp.CEDED_PREFIX + area,
                f"{name} ceded{_cite(rules.ceded_rule)}",
                "false",
                _changer(f"Ceded: {name}", f"Has {name} been ceded?", yes_no),
            )
        )
    for event in spec.events:
        name = label("event:" + event, event)
        out.append(
            _property(
                pp.EVENT_PREFIX + event,
                f"{name} has happened",
                "false",
                _changer(f"Event: {name}", f"Has {name} happened?", yes_no),
            )
        )
    if spec.events:
        out.append(_property(pp.WAIVED, "Requirements the scenario's special rules waive", ""))
    for holder in spec.control:  # set by a setup, read by staffwork check: no button
        out.append(
            _property(
                pp.CONTROL_PREFIX + holder,
                f"Territory the {holder.capitalize()} side holds at the start beyond "
                f"the nations' status{_cite(rules.control_rule)}",
                "",
            )
        )
    for side in spec.sources:
        out.append(
            _property(pp.SOURCES_PREFIX + side, f"Supply sources a special rule gives the {side.capitalize()} side", "")
        )
    return out


def _cite(rule: str) -> str:
    return f" ({rule})" if rule else ""


def _property(name: str, description: str, initial: str, *changer: etree._Element) -> etree._Element:
    """A GlobalProperty (not numeric), with its changer button when players set it."""
    return component(
        PROPS + "GlobalProperty",
        {"description": description, "initialValue": initial, "isNumeric": False, "name": name},
        *changer,
    )


def state_menus(spec: ModuleSpec) -> list[etree._Element]:
    """Toolbar menus that gather the property buttons: Game state > Policies, Nations,
    Disputed areas (ToolbarMenu.buildMenu takes toolbar buttons by their text, a menu too)."""
    label = spec.labels.get
    items = {
        "Policies": [f"Policy: {label(k, k)}" for k in spec.policies],
        "Nations": [f"Nation: {label(n, n)}" for n in spec.nation_status],
        "Disputed areas": [f"Ceded: {label(a, a)}" for a in spec.disputed_areas],
        "Events": [f"Event: {label('event:' + e, e)}" for e in spec.events],
    }

    def menu(text: str, entries: Sequence[str], tip: str) -> etree._Element:
        return component(
            M + "ToolbarMenu",
            {
                "canDisable": False,
                "description": text,
                "disabledIcon": "",
                "hideWhenDisabled": False,
                "hotkey": "",
                "icon": "",
                "menuItems": sequence.encode(list(entries), ",") or "",
                "propertyGate": "",
                "text": text,
                "tooltip": tip,
            },
        )

    subs = [
        menu(name, entries, f"Set {name.lower()} for the rules assistant") for name, entries in items.items() if entries
    ]
    top = menu(
        GAME_STATE_MENU,
        [m.get("text") for m in subs],
        "Policies, nation statuses and ceded areas, as staffwork check reads them",
    )
    return [*subs, top]


def turn_tracker(spec: ModuleSpec) -> etree._Element:
    phase = component(
        TURN + "ListTurnLevel",
        {
            "configFirst": False,
            "configList": False,
            "list": ",".join(spec.phases),
            "name": pp.PHASE,
            "property": pp.PHASE,
            "turnFormat": "$value$",
        },
    )
    month = component(
        TURN + "ListTurnLevel",
        {
            "configFirst": False,
            "configList": False,
            "list": ",".join(spec.months),
            "name": pp.MONTH,
            "property": pp.MONTH,
            "turnFormat": "$value$",
        },
        phase,
    )
    return component(
        TURN + "TurnTracker",
        {
            "buttonText": "Turn",
            "hotkey": "",
            "icon": "",
            "name": pp.TURN_TRACKER,
            "nexthotkey": "78,195",
            "prevhotkey": "80,195",
            "reportFormat": "<$PlayerId$> $newTurn$ *",
            "tooltip": "Month and phase" + (f" ({spec.game_state.turn_rule})" if spec.game_state.turn_rule else ""),
            "turnFormat": "$level1$ - $level2$",
        },
        month,
    )


def turn_state(months: Sequence[str], phases: Sequence[str], month: str, phase: str) -> str:
    """The state of the tracker `turn_tracker` builds, standing at `month` and `phase`.

    turn/TurnTracker.java getState: '|'-joined, the index of the current top level (0: Month is
    the only one), then each top level's state. turn/ListTurnLevel.java getState: ';'-joined
    current item index, current sub-level index, first item index (0: configFirst is off),
    the ','-joined active flags (all "true": configList is off), then each sub-level's state --
    here the Phase level, whose own state nests (escaped) as the last field of the Month level.
    """
    if month not in months:
        raise ValueError(f"{month!r} is not a month of the turn tracker ({months[0]} to {months[-1]})")
    if phase not in phases:
        raise ValueError(f"{phase!r} is not a phase of the turn tracker")
    phase_level = _list_level_state(phases.index(phase), len(phases), ())
    month_level = _list_level_state(months.index(month), len(months), (phase_level,))
    return sequence.encode(["0", month_level], "|") or ""


def _list_level_state(current: int, items: int, sub_levels: Sequence[str]) -> str:
    active = sequence.encode(["true"] * items, ",") or ""
    return sequence.encode([str(current), "0", "0", active, *sub_levels], ";") or ""
