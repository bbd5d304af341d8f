"""The games Staffwork knows (one folder each under scenarios/) and where their modules are built."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "scenarios"
DIST = REPO / "dist"


@dataclass(frozen=True)
class GameInfo:
    key: str  # folder name, e.g. "use"
    title: str  # the module name the game's VASSAL module carries
    folder: Path

    @property
    def module_path(self) -> Path:
        return DIST / f"{self.key}.vmod"


def known_games() -> list[GameInfo]:
    games = []
    for settings in sorted(SCENARIOS.glob("*/game.toml")):
        try:
            data = tomllib.loads(settings.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        games.append(GameInfo(settings.parent.name, str(data.get("title", "")), settings.parent))
    return games


def built_module_for(module_name: str | None) -> Path | None:
    """Our built module for a saved game's module name, if that game is ours and is built."""
    if not module_name:
        return None
    for game in known_games():
        if game.title == module_name and game.module_path.is_file():
            return game.module_path
    return None


def board_art_for(module: str | Path | None, module_name: str | None):
    """The board a check picture is drawn over: the map art of the module given, else of our
    build of the save's module (assistant.report.BoardArt), or None (a light map is drawn from
    the map data). Only our own dist/ keeps the half-size copy that makes it quick: nothing
    is written beside a module of the user's."""
    from assistant.report import module_board_image

    path = Path(module) if module else built_module_for(module_name)
    ours = path is not None and path.resolve().parent == DIST.resolve()
    return module_board_image(path, cache=DIST / ".cache" / "pictures" if ours else None)
