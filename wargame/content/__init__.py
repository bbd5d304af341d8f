"""A game's content (nations, order of battle, markers, policies, events) loaded from its files.

The loaders (load_content, load_scenarios ...) and the scenario model are imported when first
used: a check of a saved game reads the content from the compiled cache (wargame.compiled) and
needs no scenario, and every module imported costs a command's start."""

from typing import TYPE_CHECKING, Any

from .model import (
    Card,
    CardVocabulary,
    Content,
    DisputedArea,
    Event,
    Faction,
    GameSettings,
    Marker,
    Month,
    Nation,
    Policy,
    Timing,
    Unit,
    UnitVocabulary,
)

if TYPE_CHECKING:  # what __getattr__ below imports when first asked, as the type checker sees it
    from .load import FILES, default_folder, load_content
    from .scenario import NationStart, Placement, Rule, Scenario, load_scenario, load_scenarios

_LOAD_NAMES = ("FILES", "default_folder", "load_content")
_SCENARIO_NAMES = ("NationStart", "Placement", "Rule", "Scenario", "load_scenario", "load_scenarios")


def __getattr__(name: str) -> Any:
    if name in _LOAD_NAMES:
        from . import load

        return getattr(load, name)
    if name in _SCENARIO_NAMES:
        from . import scenario

        return getattr(scenario, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FILES",
    "Card",
    "CardVocabulary",
    "Content",
    "DisputedArea",
    "Event",
    "Faction",
    "GameSettings",
    "Marker",
    "Month",
    "Nation",
    "Policy",
    "Timing",
    "Unit",
    "UnitVocabulary",
    "NationStart",
    "Placement",
    "Rule",
    "Scenario",
    "default_folder",
    "load_content",
    "load_scenario",
    "load_scenarios",
]
