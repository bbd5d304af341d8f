"""The games Staffwork knows: one registry that every other place asks.

A game is a folder of data under the data root (``scenarios/<key>/``: game.toml, board.toml, map
data, content, displays, scenarios) plus the rules pack its game.toml names. Nothing else in the
project globs for games or names one: the CLI, the builder and the assistant ask this module
(the idea of python-chess's ``VARIANTS`` / ``find_variant``).

    data_root() -> Path            where the game folders are (installed data, or --data DIR)
    art_root() -> Path             fonts, colour schemes and counter layouts
    use_data_root(path)            point everything at a designer's own copy (--data)
    games() -> tuple[Game, ...]    every game, in key order
    find_game(key) -> Game         by key ("use"), DataError with the near miss otherwise
    game_for_module(name) -> Game  the game whose VASSAL module carries this name

Game data is found where its package (``staffwork_data.scenarios``) is installed, so a plain
``pip install .`` works from any folder; an editable install reads the checkout itself.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from records import frozen
from wargame.compiled import TOMLError, compiled, toml_file
from wargame.errors import DataError, near_miss

if TYPE_CHECKING:
    from wargame.board import Boards
    from wargame.content import Content, Scenario
    from wargame.displays import Displays
    from wargame.mapdata import MapData
    from wargame.rules.pack import RulesPack

ENV_DATA = "STAFFWORK_DATA"  # a designer's own data folder, as --data gives it
_root_override: Path | None = None


def _package_dir(name: str) -> Path:
    """The folder of an installed data package (its spec; importlib.resources as the fallback,
    which costs a command's start more)."""
    spec = importlib.util.find_spec(name)
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    from importlib.resources import files

    return Path(str(files(name)))


def use_data_root(path: str | Path | None) -> None:
    """Read game data from ``path`` from now on (None: the installed data again).

    ``path`` holds the game folders, either directly or in a ``scenarios/`` folder beside an
    optional ``art/`` folder. DataError when it holds no game."""
    global _root_override
    if path is None:
        _root_override = None
    else:
        folder = Path(path).expanduser()
        if not folder.is_dir():
            raise DataError("not a folder of game data", str(path))
        if (folder / "scenarios").is_dir():
            folder = folder / "scenarios"
        if not any(folder.glob("*/game.toml")):
            raise DataError("no game folder (one holding a game.toml) in it", str(path))
        _root_override = folder
    _clear_caches()


def data_root_overridden() -> bool:
    return _root_override is not None


def data_root() -> Path:
    """The folder holding one folder per game."""
    if _root_override is not None:
        return _root_override
    env = os.environ.get(ENV_DATA)
    if env:
        folder = Path(env).expanduser()
        return folder / "scenarios" if (folder / "scenarios").is_dir() else folder
    return _package_dir("staffwork_data.scenarios")


def art_root() -> Path:
    """Fonts, colour schemes and counter layouts: the data root's own art/ when it has one."""
    own = data_root().parent / "art"
    if own.is_dir() and (own / "nations.toml").is_file():
        return own
    return _package_dir("staffwork_data.art")


@frozen
class Game:
    """One game: where its data is and which rules pack judges it. Loaders are cached per game."""

    key: str
    title: str  # the name its VASSAL module carries; saves record it
    short: str
    folder: Path
    rules: str  # the rules pack: a module under wargame.rules
    module_names: tuple[str, ...]  # every module name that means this game (title first)

    # -- data ------------------------------------------------------------------------------
    def content(self) -> Content:
        return _content(self)

    def scenarios(self) -> dict[str, Scenario]:
        return dict(_scenarios(self))

    def boards(self) -> Boards:
        """The board images of the game's VASSAL maps and where the hexes sit on them."""
        return _boards(self)

    def mapdata(self, boards: tuple[str, ...] = ()) -> MapData:
        """The game's map: every hex of every board, or of the boards named (the ones a
        scenario or a saved game uses; USWC's maps are separate windows on one grid)."""
        whole = _mapdata(self)
        if not boards or set(boards) >= set(self.boards().names()):
            return whole
        return _mapdata_of(self, tuple(sorted(set(boards))))

    def displays(self) -> Displays:
        """Off-map displays (cards, tracks, cups), phases, charts and palette tabs."""
        return _displays(self)

    def pack(self) -> RulesPack:
        return _pack(self)

    @cached_property
    def settings(self) -> dict[str, Any]:
        """game.toml as written (the content loader checks its keys)."""
        return _read_toml(self.folder / "game.toml")

    def file(self, *parts: str) -> Path:
        return self.folder.joinpath(*parts)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return toml_file(path)
    except FileNotFoundError:
        raise DataError("file not found", str(path)) from None
    except (TOMLError, UnicodeDecodeError) as exc:
        raise DataError(f"not valid TOML ({exc})", str(path)) from None


def _game_from(folder: Path) -> Game:
    data = _read_toml(folder / "game.toml")
    source = str(folder / "game.toml")
    for key in ("title", "short", "rules"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise DataError(f"{key} must be set (text)", source)
    aliases = data.get("module_names", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise DataError("module_names must be a list of texts", source)
    return Game(
        key=folder.name,
        title=data["title"],
        short=data["short"],
        folder=folder,
        rules=data["rules"],
        module_names=(data["title"], *aliases),
    )


@cache
def _games(root: Path) -> tuple[Game, ...]:
    found = [_game_from(p.parent) for p in sorted(root.glob("*/game.toml"))]
    titles: dict[str, str] = {}
    for g in found:
        for name in g.module_names:
            if name in titles:
                raise DataError(
                    f'module name "{name}" is claimed by games {titles[name]} and {g.key}', str(g.folder / "game.toml")
                )
            titles[name] = g.key
    return tuple(found)


def games() -> tuple[Game, ...]:
    return _games(data_root())


def find_game(key: str) -> Game:
    for g in games():
        if g.key == key:
            return g
    keys = [g.key for g in games()]
    raise DataError(f'unknown game "{key}" (known: {", ".join(keys)}){near_miss(key, keys)}')


def game_for_module(name: str | None, source: str = "") -> Game:
    """The game of a saved game or module by the module name it carries.

    DataError (one line, naming ``source``) for a module that is not one of ours."""
    known = games()
    if not name:
        if len(known) == 1:
            return known[0]
        raise DataError("the file does not name its module; give --module or --game", source or None)
    for g in known:
        if name in g.module_names:
            return g
    names = [n for g in known for n in g.module_names]
    raise DataError(f'the module "{name}" is not one of Staffwork\'s games{near_miss(name, names)}', source or None)


# -- cached loaders (keyed by the frozen Game, so a new data root loads afresh) ------------------


# Each loader's result also goes into the compiled cache (wargame.compiled): a later process
# reads it from there instead of the files, for as long as the files are the same.


@cache
def _content(game: Game) -> Content:
    def build() -> Content:
        from wargame.content import load_content

        return load_content(game.folder)

    return compiled(game, "content", build)


@cache
def _scenarios(game: Game) -> tuple[tuple[str, Scenario], ...]:
    def build() -> tuple[tuple[str, Scenario], ...]:
        from wargame.content import load_scenarios

        folder = game.folder / "scenarios"
        if not folder.is_dir():
            return ()
        return tuple(load_scenarios(folder, game.content(), game.boards().grid).items())

    return compiled(game, "scenarios", build)


@cache
def _boards(game: Game) -> Boards:
    def build() -> Boards:
        from wargame.board import load_boards

        return load_boards(game)

    return compiled(game, "boards", build)


def _warm_map(data: MapData) -> None:
    """What every check derives from a map, computed before the map is stored."""
    data.adjacent  # noqa: B018 - a cached property, kept with the map


@cache
def _mapdata(game: Game) -> MapData:
    def build() -> MapData:
        from wargame.mapfiles import load_for_game

        return load_for_game(game)

    return compiled(game, "mapdata", build, _warm_map)


@cache
def _mapdata_of(game: Game, boards: tuple[str, ...]) -> MapData:
    def build() -> MapData:
        layout = game.boards()
        keep = frozenset(h for name in boards for h in layout.board(name).hexes())
        return _mapdata(game).only(keep)

    return compiled(game, "mapdata:" + ",".join(boards), build, _warm_map)


@cache
def _displays(game: Game) -> Displays:
    def build() -> Displays:
        from wargame.displays import load_displays

        return load_displays(game)

    return compiled(game, "displays", build)


@cache
def _pack(game: Game) -> RulesPack:
    try:
        module = importlib.import_module(f"wargame.rules.{game.rules}")
    except ModuleNotFoundError:
        raise DataError(
            f'no rules pack "{game.rules}" (a module under wargame.rules)', str(game.folder / "game.toml"), "rules"
        ) from None
    return module.Pack(game)


def _clear_caches() -> None:
    from wargame import compiled as compiled_cache

    compiled_cache.clear()
    for f in (_games, _content, _scenarios, _boards, _mapdata, _mapdata_of, _displays, _pack):
        f.cache_clear()
