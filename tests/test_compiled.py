"""wargame.compiled: game data compiled once into a cache that is never read for other inputs
than the ones it was made from, wherever the data lives (installed, or a designer's --data)."""

from __future__ import annotations

import builtins
import dataclasses
import io
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wargame import compiled, games, mapdata, mapfiles
from wargame.games import find_game, use_data_root

REPO = Path(__file__).resolve().parents[1]
USE = REPO / "scenarios" / "use"


@pytest.fixture
def own_copy(tmp_path, monkeypatch):
    """A private copy of the USE data as a --data folder, with a cache folder of its own."""
    target = tmp_path / "data" / "scenarios" / "use"
    shutil.copytree(USE, target, ignore=shutil.ignore_patterns("src", "geometry.json", "fit_report.csv", "*.md"))
    monkeypatch.setenv(compiled.ENV_CACHE, str(tmp_path / "cache"))
    use_data_root(tmp_path / "data")
    yield target
    use_data_root(None)


def _again(folder: Path) -> None:
    """What a new process does: nothing remembered but the cache files."""
    use_data_root(folder.parent.parent)


def _builds(monkeypatch) -> list[str]:
    """The map loads that went to the files (not to the cache)."""
    calls: list[str] = []
    real = mapfiles.load_for_game

    def counted(game):
        calls.append(game.key)
        return real(game)

    monkeypatch.setattr(mapfiles, "load_for_game", counted)
    return calls


def test_a_second_process_reads_the_map_from_the_cache(own_copy, monkeypatch):
    builds = _builds(monkeypatch)
    first = find_game("use").mapdata()
    assert builds == ["use"]
    _again(own_copy)
    second = find_game("use").mapdata()
    assert builds == ["use"]  # not read from its files again
    assert second == first and second is not first
    assert second.adjacent == first.adjacent and len(second.sides) == len(first.sides)
    assert second.side("2914", "2915") == first.side("2914", "2915")


def test_a_map_file_changed_at_once_and_to_the_same_size_is_seen(own_copy, monkeypatch):
    builds = _builds(monkeypatch)
    before = find_game("use").mapdata().hex("3014")
    hexes = own_copy / "map" / "hexes.csv"
    text = hexes.read_text(encoding="utf-8")
    line = next(row for row in text.splitlines() if row.startswith("3014,"))
    terrain = line.split(",")[2]
    other = {"clear": "hills", "hills": "clear", "woods": "swamp", "swamp": "woods"}[terrain]
    hexes.write_text(text.replace(line, line.replace(f",{terrain},", f",{other},", 1)), encoding="utf-8")
    assert len(hexes.read_bytes()) == len(text.encode())  # the same size, and within the same moment
    _again(own_copy)
    assert find_game("use").mapdata().hex("3014").terrain == other != before.terrain
    assert builds == ["use", "use"]


def test_a_file_added_to_the_game_makes_the_cache_again(own_copy, monkeypatch):
    builds = _builds(monkeypatch)
    find_game("use").mapdata()
    (own_copy / "map" / "notes.csv").write_text("a,b\n", encoding="utf-8")
    _again(own_copy)
    find_game("use").mapdata()
    assert builds == ["use", "use"]


def test_a_changed_loader_source_changes_the_digest(own_copy, tmp_path, monkeypatch):
    source = tmp_path / "loader.py"
    source.write_text("A = 1\n", encoding="utf-8")
    monkeypatch.setattr(compiled, "_code_files", lambda: [source])
    game = find_game("use")
    before = compiled.digest(game)
    source.write_text("A = 2\n", encoding="utf-8")
    assert compiled.digest(game) != before


def test_a_damaged_cache_file_is_made_again(own_copy, monkeypatch):
    builds = _builds(monkeypatch)
    game = find_game("use")
    game.mapdata()
    path = compiled._file_of(game)
    assert path is not None
    path.write_bytes(compiled.FORMAT + b"not a pickle")
    _again(own_copy)
    assert find_game("use").mapdata().hex("3014")
    assert builds == ["use", "use"]
    _again(own_copy)
    find_game("use").mapdata()
    assert builds == ["use", "use"]  # written whole again


def test_a_cache_folder_that_cannot_be_written_costs_only_time(own_copy, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(compiled.ENV_CACHE, str(blocker / "cache"))
    _again(own_copy)
    assert find_game("use").mapdata().hex("3014")
    monkeypatch.setenv(compiled.ENV_CACHE, "off")
    assert compiled.cache_folder() is None
    _again(own_copy)
    assert find_game("use").mapdata().hex("3014")


def test_the_cache_is_the_users_never_the_packages(monkeypatch, tmp_path):
    monkeypatch.delenv(compiled.ENV_CACHE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert compiled.cache_folder() == tmp_path / "xdg" / "staffwork"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert compiled.cache_folder() == Path.home() / ".cache" / "staffwork"


def test_each_data_folder_has_its_own_cache_file(own_copy):
    mine = compiled._file_of(find_game("use"))
    use_data_root(None)
    installed = compiled._file_of(find_game("use"))
    assert mine is not None and installed is not None
    assert mine != installed and mine.parent == installed.parent


@pytest.mark.parametrize("key", [g.key for g in games.games()])
def test_every_file_the_loaders_read_is_an_input_of_the_digest(key, monkeypatch):
    """The cache is valid for its digest's inputs: a file a loader reads that the digest left
    out could change unseen. Every game's loaders, from their files (no cache)."""
    monkeypatch.setenv(compiled.ENV_CACHE, "off")
    use_data_root(None)
    game = find_game(key)  # the registry reads every game.toml: not a loader of this game
    game.settings  # noqa: B018
    opened: set[Path] = set()
    real_open = builtins.open  # io.open is the same function

    def spy(file, *args, **kwargs):
        if isinstance(file, (str, Path)):
            opened.add(Path(file).resolve())
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(io, "open", spy)
    game.content(), game.boards(), game.mapdata(), game.displays(), game.scenarios()
    monkeypatch.undo()
    inputs = {path.resolve() for _kind, _folder, path in compiled._inputs(game)}
    read = {p for p in opened if p.suffix not in (".py", ".pyc")}
    assert read, "the loaders read no file?"
    assert read <= inputs, sorted(str(p) for p in read - inputs)
    use_data_root(None)


def test_a_map_pickles_with_its_adjacency_and_sides_as_rows():
    m = find_game("use").mapdata()
    blob = compiled._dumps(m)
    back = pickle.loads(blob)
    assert isinstance(back.sides, mapdata.SideTable) and not back.sides._made  # made when asked for
    rows = back.sides._rows  # the rows themselves unpickled when first needed
    assert isinstance(rows, compiled.Deferred) and rows._blob is not None
    some = next(iter(m.sides))
    assert back.sides[some] == m.sides[some] and some in back.sides and len(back.sides) == len(m.sides)
    assert len(back.sides._made) == 1
    assert back == m
    assert "adjacent" in back.__dict__ and back.adjacent == m.adjacent
    g = m.grid
    for hid in ("3014", "0101"):
        expected = [g.hex_id(n) for n in g.neighbours(g.parse(hid)) if g.hex_id(n) in m.hexes]
        assert [n for n, _water, _line in m.adjacent[hid]] == expected
        for n, water, line in m.adjacent[hid]:
            assert (water, line) == (m.side(hid, n).water, m.side(hid, n).transport)


def test_a_grid_pickles_its_ids_and_neighbours_packed_and_unpacks_them_when_first_asked():
    """The tables a loader filled (ids parsed, neighbours found) come back equal, made when a
    lookup first needs them; the adjacency's repeated steps are one object each."""
    m = find_game("use").mapdata()
    g = m.grid
    g.parse("3014"), g.neighbours(g.parse("3014")), g.parse(" 0101 ")
    back = pickle.loads(compiled._dumps(m))
    bg = back.grid
    assert "_packed" in bg.__dict__ and "_parsed" not in bg.__dict__ and "_near" not in bg.__dict__
    assert bg.parse(" 0101 ") == g.parse(" 0101 ") and "_near" not in bg.__dict__
    assert bg._parsed == g._parsed and bg._near == g._near
    assert bg.neighbours(bg.parse("3014")) == g.neighbours(g.parse("3014"))
    again = pickle.loads(compiled._dumps(back)).grid  # packed again, with what was looked up since
    assert again._parsed == g._parsed and again._near == g._near and again == g
    steps = [step for row in back.adjacent.values() for step in row]
    assert len({id(s) for s in steps}) == len(set(steps)) < len(steps)
    boards = find_game("use").boards()
    boards.grid.hexes()
    grid = pickle.loads(compiled._dumps(boards)).grid  # a check locates pieces without them
    assert "_all_hexes" not in grid.__dict__ and grid.hexes() == boards.grid.hexes()
    assert [vars(h) for h in grid.hexes()] == [vars(h) for h in boards.grid.hexes()]


def test_a_maps_hexes_come_back_as_they_were_made_each_hex_the_grids_own():
    m = find_game("use").mapdata()
    back = pickle.loads(compiled._dumps(m))
    assert list(back.hexes) == list(m.hexes) and back.hexes == m.hexes
    for hid, info in m.hexes.items():
        again = back.hexes[hid]
        assert type(again) is mapdata.HexInfo and list(vars(again).items()) == list(vars(info).items())
    own = {id(h) for h in back.grid.hexes()}
    assert all(id(info.hex) in own for info in back.hexes.values())
    with pytest.raises(dataclasses.FrozenInstanceError):
        back.hexes["3014"].terrain = "clear"


def test_the_counters_of_a_content_stay_pickled_until_first_used():
    content = find_game("use").content()
    back = pickle.loads(compiled._dumps(content))
    assert isinstance(back.units, compiled.Deferred) and back.units._blob is not None
    assert back.markers._blob is not None and back.nations == content.nations
    assert list(back.units.items()) == list(content.units.items()) and back.units._blob is None
    assert back == content and back.marker_counters() == content.marker_counters()
    assert pickle.loads(compiled._dumps(back)) == content


def test_a_check_imports_no_picture_or_module_library(tmp_path):
    """Pillow, lxml, jinja2 and shapely are loaded only for a picture or a module."""
    sys.path.insert(0, str(REPO / "tests"))
    from test_check_support import U, write_position

    save = write_position(tmp_path / "s.vsav", [U("GER", "ground", "infantry", "2915", faction="axis")])
    code = (
        "import sys, io, contextlib\nfrom staffwork.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['check', {str(save)!r}])\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'PIL', 'lxml', 'jinja2', 'shapely'}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_a_toml_file_is_read_from_the_cache_until_it_changes(tmp_path, monkeypatch):
    monkeypatch.setenv(compiled.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setattr(compiled, "_tomls", None)
    path = tmp_path / "game.toml"
    path.write_text('title = "A"\n[map]\nrough = ["woods"]\n', encoding="utf-8")
    old = path.stat().st_ctime_ns - 3 * compiled.RACY_NS
    os.utime(path, ns=(old, old))  # the change time stays recent: the first reads parse again
    assert compiled.toml_file(path) == {"title": "A", "map": {"rough": ["woods"]}}
    monkeypatch.setattr(compiled, "_tomls", None)  # a new process
    kept = compiled._load_tomls(tmp_path / "cache" / "compiled" / "toml.pickle")
    assert kept is not None and len(kept) == 1
    key = next(iter(kept))
    signature, taken, _blob = kept[key]
    kept[key] = (signature, taken + 3 * compiled.RACY_NS, pickle.dumps({"title": "from the cache"}))
    monkeypatch.setattr(compiled, "_tomls", kept)  # as if read well after the file's last change
    assert compiled.toml_file(path) == {"title": "from the cache"}
    first = compiled.toml_file(path)
    first["title"] = "changed by a caller"
    assert compiled.toml_file(path) == {"title": "from the cache"}  # a fresh dict each time
    path.write_text('title = "B"\n', encoding="utf-8")
    assert compiled.toml_file(path) == {"title": "B"}


def test_a_broken_toml_file_says_what_tomllib_says(tmp_path, monkeypatch):
    import tomllib

    monkeypatch.setenv(compiled.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setattr(compiled, "_tomls", None)
    path = tmp_path / "game.toml"
    path.write_text("title = \n", encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError) as real:
        tomllib.loads(path.read_text(encoding="utf-8"))
    with pytest.raises(compiled.TOMLError) as ours:
        compiled.toml_file(path)
    assert str(ours.value) == str(real.value)
    with pytest.raises(FileNotFoundError):
        compiled.toml_file(tmp_path / "missing.toml")
