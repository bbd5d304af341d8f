"""Where the CLI writes and finds built modules: ``./dist`` of the folder it runs in.

The games themselves are wargame.games' registry; this module only knows the output folder.
"""

from __future__ import annotations

from pathlib import Path

from wargame.errors import DataError


def dist_dir() -> Path:
    """``./dist`` of the working folder: builds go there, pictures find our modules there."""
    return Path.cwd() / "dist"


def module_path(key: str, dist: Path | None = None) -> Path:
    return (dist or dist_dir()) / f"{key}.vmod"


def built_module_for(module_name: str | None) -> Path | None:
    """Our built module for a saved game's module name, if that game is ours and is built."""
    from wargame.games import game_for_module

    if not module_name:
        return None
    try:
        game = game_for_module(module_name)
    except DataError:
        return None
    path = module_path(game.key)
    return path if path.is_file() else None


def board_art_for(module: str | Path | None, module_name: str | None, board: str | None = None):
    """The board a check picture is drawn over: the map art of the module given, else of our
    build of the save's module (assistant.board_art.BoardArt), or None (a light map is drawn
    from the map data). Only our own dist/ keeps the half-size copy that makes it quick:
    nothing is written beside a module of the user's."""
    from assistant.board_art import module_board_image

    path = Path(module) if module else built_module_for(module_name)
    ours = path is not None and path.resolve().parent == dist_dir().resolve()
    return module_board_image(path, cache=dist_dir() / ".cache" / "pictures" if ours else None, board=board)


def counters_for(module: str | Path | None, module_name: str | None):
    """The counter art a picture draws (assistant.counter_art.CounterArt): the module given,
    else our build of the save's module, else None (tokens with the units' IDs)."""
    from assistant.counter_art import CounterArt

    path = Path(module) if module else built_module_for(module_name)
    return CounterArt(path) if path is not None and path.is_file() else None


def module_file_for(module: str | Path | None, module_name: str | None) -> Path | None:
    """The module a command takes a game's pieces from: the one given, else our build of the
    save's module, else None."""
    if module:
        return Path(module)
    return built_module_for(module_name)
