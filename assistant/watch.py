"""Watching a folder or a file and re-checking every saved game or log written there.

Polling, not OS notifications: it works the same on every system and network folder and needs
no extra dependency. A file counts as written when its size and mtime have stayed the same for
``settle`` seconds since its last write (its time stamp, trusted for at most one poll interval)
and its zip reads. A changed file is checked as soon as it is seen, while it settles, and the
result is shown the moment it has held still (the watcher wakes then) if it did not change
meanwhile: the page shows the findings within a few milliseconds of the file settling
(benchmarks/watch_latency.py), and the picture follows. A half-written file is simply looked at
again on the next poll.

Each re-check (``.vsav``: the position check of the save's game's rules pack; ``.vlog``: the
audit of ``assistant.audit`` plus the check of its final position) is compared with the last
one of the same file: new problems, resolved problems, units whose supply changed. The latest
picture and a self-refreshing HTML page go to the output folder; the watched files are only
ever read. Only the latest result per file is kept, so memory stays flat however long it runs.

With ``apply`` each checked save's Supply Check (assistant.supplycheck: the faction its phase
names, or ``factions``) is also written beside the report as ``<save>-supplied.vsav``, for the
player to open in VASSAL; the changes are printed and shown on the page.

    Finding key: (rule, where, unit, reason)
    Result(name, path, findings, supply, error)          frozen; one check of one file
    Changes(new, resolved, supply)                        frozen
    check_file(path, *, module=None, phase=None) -> Result
    compare(old, new) -> Changes
    Applying(file, changes, error)                        frozen; one --apply of one save
    Watcher(target, out_dir, *, module=None, phase=None, interval=0.2, settle=0.2,
            picture=True, echo=print, board_art=None, apply=False, factions=())
            board_art(module, name) -> picture base
        .poll() -> list[tuple[Result, Changes]]   one look at the target
        .run(max_checks=None) -> int              until Ctrl-C (0) or max_checks re-checks
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from records import frozen

SUFFIXES = (".vsav", ".vlog")
TEMPLATES = Path(__file__).with_name("templates")


@frozen
class Item:
    """One finding as watch shows it; ``key`` identifies it across re-checks."""

    rule: str
    where: str
    unit: str
    reason: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.rule, self.where, self.unit, self.reason)

    def line(self) -> str:
        who = f"{self.unit} " if self.unit else ""
        return f"[{self.rule}] {who}{self.where}: {self.reason}"


@frozen
class Result:
    name: str
    path: str
    findings: tuple[Item, ...]
    supply: tuple[tuple[str, str, str], ...]  # (unit id, label, state) sorted
    error: str = ""
    game: str = ""  # the game key (its words name the supply states)


@frozen
class Applying:
    """The Supply Check written for one save: the new file (empty when not written), each
    change as a line, or why it was not written."""

    file: str
    changes: tuple[str, ...]
    error: str = ""
    todo: tuple[str, ...] = ()  # what the rules leave the player to do, a line each
    check: str = "Supply Check"  # the step applied, in the game's words (the page's heading)


@frozen
class Changes:
    new: tuple[Item, ...]
    resolved: tuple[Item, ...]
    supply: tuple[str, ...]  # "GER 2P: Full -> No"

    @property
    def any(self) -> bool:
        return bool(self.new or self.resolved or self.supply)


def _check(board):
    from wargame.games import find_game

    return find_game(board.position.game).pack().check(board.position)


def check_file(
    path: str | Path, *, module: str | None = None, phase: str | None = None, keep: dict | None = None
) -> Result:
    """Check one save or log. Bad input gives a Result with ``error`` set, never an exception.

    ``keep`` (optional) receives the board and check for drawing the picture.
    """
    from assistant.board import Overrides, read_position
    from vassal.errors import FormatError
    from wargame.errors import DataError

    p = Path(path)
    try:
        items: list[Item] = []
        if p.suffix.lower() == ".vlog":
            from assistant.audit import audit_log, position_at

            audit = audit_log(p, module=module, phase=phase)
            for f in audit.findings:
                items.append(Item(f.rule, "-".join(f.hexes), f.unit, f"step {f.step}: {f.reason}"))
            board = position_at(p, audit.steps, module=module, phase=phase)
        else:
            board = read_position(p, module=module, overrides=Overrides(phase=phase) if phase else Overrides())
        checked = _check(board)
        labels = {u.id: u.label for u in board.position.units}
        for f in checked.problems:
            unit = ", ".join(labels.get(u, u) for u in f.units[:3])
            items.append(Item(f.rule, "-".join(f.hexes), unit, f.reason))
        supply = tuple(sorted((uid, labels.get(uid, uid), line.state) for uid, line in checked.supply.lines.items()))
        if keep is not None:
            keep["board"], keep["check"] = board, checked
        return Result(p.name, str(p), tuple(sorted(set(items), key=lambda i: i.key)), supply, game=board.position.game)
    except (FormatError, DataError, OSError) as exc:
        return Result(p.name, str(p), (), (), str(exc))


def compare(old: Result | None, new: Result) -> Changes:
    before = {i.key: i for i in old.findings} if old else {}
    after = {i.key: i for i in new.findings}
    fresh = tuple(i for k, i in after.items() if k not in before)
    gone = tuple(i for k, i in before.items() if k not in after)
    supply: list[str] = []
    if old is not None:
        terms = _terms(new.game)
        was = {uid: (label, state) for uid, label, state in old.supply}
        for uid, label, state in new.supply:
            if uid in was and was[uid][1] != state:
                supply.append(f"{label}: {terms.state(was[uid][1])} -> {terms.state(state)}")
    return Changes(fresh, gone, tuple(supply))


def _terms(game: str):
    """The words the game's players use for supply (plain ones when the game is not known)."""
    from wargame.games import find_game
    from wargame.rules.words import SupplyTerms

    return find_game(game).pack().supply_terms if game else SupplyTerms()


class Watcher:
    """Polls a folder (its .vsav/.vlog files, not sub-folders) or one file."""

    def __init__(
        self,
        target: str | Path,
        out_dir: str | Path,
        *,
        module: str | None = None,
        phase: str | None = None,
        interval: float = 0.2,
        settle: float = 0.2,
        picture: bool = True,
        echo: Callable[[str], None] = print,
        board_art: Callable[[str | None, str], Any] | None = None,
        apply: bool = False,
        factions: tuple[str, ...] = (),
        counters: Callable[[str | None, str], Any] | None = None,
        module_file: Callable[[str | None, str], Any] | None = None,
    ):
        self.target = Path(target)
        if not self.target.exists():
            raise FileNotFoundError(2, "no such file or folder", str(self.target))
        self.out = Path(out_dir)
        if self.out.resolve() == self.target.resolve():
            raise ValueError("the report folder must not be the watched folder")
        self.module, self.phase = module, phase
        self.interval, self.settle = interval, settle
        self.picture = picture
        self.apply, self.factions = apply, tuple(factions)
        self.echo = echo
        self.seen: dict[str, tuple[int, int, float]] = {}  # path -> (size, mtime_ns, since)
        self.done: dict[str, tuple[int, int]] = {}  # path -> (size, mtime_ns) checked
        self.results: dict[str, Result] = {}
        self.early: dict[str, tuple[tuple[int, int], Result, dict]] = {}  # checked while settling
        self.board_art = board_art  # (module, module name) -> what the picture is drawn over
        self.boards: dict[str, object] = {}  # module name -> that (or why not), found once
        self.counters = counters  # (module, module name) -> the counter art (assistant.counter_art)
        # (module, module name) -> the module file an applied check takes marker pieces from
        self.module_file = module_file or (lambda module, _name: Path(module) if module else None)
        self.checks = 0
        self.env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html"]))
        _warm_up(module)

    def _candidates(self) -> list[Path]:
        if self.target.is_file():
            return [self.target]
        try:
            return sorted(p for p in self.target.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())
        except OSError:
            return []

    def poll(self) -> list[tuple[Result, Changes]]:
        now = time.monotonic()
        out: list[tuple[Result, Changes]] = []
        present = set()
        for p in self._candidates():
            key = str(p)
            present.add(key)
            try:
                st = os.stat(p)
            except OSError:
                continue
            sig = (st.st_size, st.st_mtime_ns)
            if self.done.get(key) == sig:
                continue
            seen = self.seen.get(key)
            if seen is None or seen[:2] != sig:
                # changed: wait until it holds still, counted from its last write; meanwhile
                # check it already, to be shown the moment it has held still
                self.seen[key] = (*sig, now - _age(st.st_mtime_ns, self.interval))
                self.early[key] = (sig, *self._check(p))
                continue
            if now - seen[2] < self.settle:
                continue
            early = self.early.pop(key, None)
            if early is not None and early[0] == sig and _signature(p) == sig:
                _sig, result, keep = early  # checked while it settled, and unchanged since
            else:
                result, keep = self._check(p)
                if result.error and sig != _signature(p):
                    continue  # it changed under us
            self.done[key] = sig
            changes = compare(self.results.get(key), result)
            self.results[key] = result
            self.checks += 1
            applied = self._apply(p, keep) if self.apply and not result.error else None
            self._report(result, changes, keep, applied)
            out.append((result, changes))
        for key in list(self.seen):
            if key not in present:  # deleted files are forgotten
                self.seen.pop(key, None)
                self.done.pop(key, None)
                self.results.pop(key, None)
                self.early.pop(key, None)
        return out

    def _check(self, p: Path) -> tuple[Result, dict]:
        """One file's check, and the board and check kept for its picture (none for an error)."""
        keep: dict = {}
        if not _zip_complete(p):
            # no whole save (yet): broken, or a copy that stopped half-way; said so when it has
            # held still (a later write is looked at again when its size or time changes)
            return Result(
                p.name,
                str(p),
                (),
                (),
                "not a complete VASSAL save or log (no readable zip archive with a savedGame entry)",
            ), keep
        return check_file(p, module=self.module, phase=self.phase, keep=keep), keep

    def _apply(self, save: Path, keep: dict) -> Applying:
        """The save's Supply Check written to ``<out>/<save>-supplied.vsav``; never raises."""
        from assistant.supplycheck import apply_supply, checking_factions, supply_step
        from vassal.errors import FormatError
        from wargame.errors import DataError
        from wargame.games import find_game

        if save.suffix.lower() != ".vsav":
            return Applying("", (), "a log: the Supply Check is applied to saved games (.vsav)")
        board, checked = keep["board"], keep["check"]
        game = find_game(board.position.game)
        pack = game.pack()
        if not pack.marks_supply:
            return Applying("", (), f"{game.short} does not mark supply on its counters")
        if not pack.supply_layer and not pack.supply_markers:
            return Applying("", (), f"{game.short} marks supply in a way that cannot be written for you")
        target = self.out / f"{save.stem}-supplied.vsav"
        try:
            factions = checking_factions(game, board.position.state.phase, self.factions)
            module = None if pack.supply_layer else self.module_file(self.module, board.module_name)
            done = apply_supply(
                save,
                target,
                game,
                supply_step(pack, checked, factions),
                factions,
                module=module,
                notes=pack.supply_step_notes(checked, factions),
            )
        except (ValueError, FormatError, DataError, OSError) as exc:
            return Applying("", (), str(exc))
        todo = tuple(c.line(done.terms) for c in done.todo) + tuple(f"{w}: {what} ({r})" for w, what, r in done.notes)
        return Applying(str(target), tuple(c.line(done.terms) for c in done.changes), todo=todo, check=done.terms.check)

    def _report(self, result: Result, changes: Changes, keep: dict, applied: Applying | None = None) -> None:
        if result.error:
            lines = [f"{result.name}: check {self.checks}, cannot be read: {result.error}"]
        else:
            lines = [f"{result.name}: check {self.checks}, {len(result.findings)} problem(s)"]
        lines += [f"  new: {i.line()}" for i in changes.new]
        lines += [f"  resolved: {i.line()}" for i in changes.resolved]
        lines += [f"  supply: {s}" for s in changes.supply]
        if applied is not None and applied.error:
            lines.append(f"  supply check not applied: {applied.error}")
        elif applied is not None:
            lines.append(f"  supply check applied, {len(applied.changes)} marking(s) changed: open {applied.file}")
            lines += [f"    {c}" for c in applied.changes]
            if applied.todo:
                lines.append(f"  left to do by hand ({len(applied.todo)}):")
                lines += [f"    {c}" for c in applied.todo]
        self.echo("\n".join(lines))
        self.out.mkdir(parents=True, exist_ok=True)
        drawing = bool(self.picture and "board" in keep and not result.error)
        # The findings go on the page at once; the pictures, which take longer, follow.
        self._page(result, changes, applied, drawing=drawing)
        if drawing:
            picture, overview, picture_error = self._pictures(Path(result.path), keep)
            self._page(result, changes, applied, picture=picture, overview=overview, picture_error=picture_error)

    def _page(
        self,
        result: Result,
        changes: Changes,
        applied: Applying | None,
        *,
        picture: str = "",
        overview: str = "",
        picture_error: str = "",
        drawing: bool = False,
    ) -> None:
        files = [self.results[k] for k in sorted(self.results)]
        page = self.env.get_template("watch.html").render(
            target=str(self.target),
            latest=result,
            checks=self.checks,
            refresh=2,
            new_keys={i.key for i in changes.new},
            resolved=changes.resolved,
            supply_changes=changes.supply,
            picture=picture,
            overview=overview,
            picture_error=picture_error,
            drawing=drawing,
            files=files,
            applied=applied,
            applied_name=Path(applied.file).name if applied and applied.file else "",
        )
        from vassal.archive import atomic_write

        atomic_write(self.out / "report.html", page.encode("utf-8"))

    def _pictures(self, path: Path, keep: dict) -> tuple[str, str, str]:
        """latest.png zoomed to where the problems are (all units when there are none) and,
        with problems, latest-all.png of every unit; (picture, overview, why not) for the page.
        A board that cannot be read is said on the page, and the light map drawn instead."""
        from assistant.counter_art import faces_in
        from assistant.report import render_picture
        from vassal.errors import FormatError
        from wargame.errors import DataError

        board, checked = keep["board"], keep["check"]
        name = board.module_name
        if name not in self.boards:  # the board art of the save's module, found once
            try:
                self.boards[name] = self.board_art(self.module, name) if self.board_art else None
            except (DataError, FormatError, OSError) as exc:
                self.boards[name] = exc
        base = self.boards[name]
        said = f"the board art cannot be used ({base}); drawn over a plain map" if isinstance(base, Exception) else ""
        base = None if isinstance(base, Exception) else base
        counters = self.counters(self.module, name) if self.counters else None
        faces = faces_in(path) if counters is not None else None
        try:
            try:
                render_picture(board, checked, self.out / "latest.png", base_image=base, faces=faces, counters=counters)
            except DataError as exc:  # the art decodes badly: once, and the plain map from now on
                self.boards[name] = exc
                said = f"the board art cannot be used ({exc}); drawn over a plain map"
                base = None
                render_picture(board, checked, self.out / "latest.png", faces=faces, counters=counters)
            if not checked.problems:
                return f"latest.png?check={self.checks}", "", said
            every = tuple(sorted({u.hex for u in board.position.units if u.hex}))
            render_picture(
                board,
                checked,
                self.out / "latest-all.png",
                base_image=base,
                focus=every,
                faces=faces,
                counters=counters,
                title=f"{path.name}: every unit",
            )
        except (DataError, OSError) as exc:
            return "", "", f"no picture: {exc}"
        return f"latest.png?check={self.checks}", f"latest-all.png?check={self.checks}", said

    def pause(self) -> float:
        """Seconds until the next look: the poll interval, or less when a changed file will
        have held still for ``settle`` sooner (it is then checked the moment it settles)."""
        now = time.monotonic()
        waits = [
            since + self.settle - now
            for key, (size, mtime, since) in self.seen.items()
            if self.done.get(key) != (size, mtime)
        ]
        return max(0.0, min([self.interval, *waits]))

    def run(self, max_checks: int | None = None) -> int:
        self.echo(f"watching {self.target} (report: {self.out / 'report.html'}); Ctrl-C ends")
        # What the warm-up loaded (maps, content, rules tables: a few hundred thousand objects)
        # stays for the whole run; frozen, the garbage collector no longer walks it at every
        # collection, which would otherwise cost a re-check more than the check itself.
        gc.freeze()
        try:
            while max_checks is None or self.checks < max_checks:
                self.poll()
                time.sleep(self.pause())
        except KeyboardInterrupt:
            self.echo("stopped")
        return 0


def _warm_up(module: str | None) -> None:
    """Load the map, content and rules data once before watching, so that the first re-check
    is as quick as the others (the loaders cache what they read): the game of ``module`` when
    given, else every game Staffwork knows."""
    from wargame.games import game_for_module, games
    from wargame.rules.position import GameState, Position

    chosen = games()
    if module:
        from assistant.board import module_name_of

        chosen = (game_for_module(module_name_of(module), module),)
    from wargame.errors import DataError

    for game in chosen:
        try:
            game.pack().check(Position(game.key, (), (), GameState()))
        except DataError:
            if module:
                raise
            # a game whose data or rules pack is not all there yet: nothing to warm up, and a
            # save of it gets the error when it is checked


def _age(mtime_ns: int, most: float) -> float:
    """Seconds since a file was last written, by its time stamp, between 0 and ``most``: the
    file was seen unchanged within the last poll, and the clock of a network folder may differ
    from ours. Counting the settling time from the write, not from when the change was noticed,
    lets a save be checked the moment it settles rather than up to one poll later."""
    return min(max(time.time() - mtime_ns / 1e9, 0.0), most)


def _signature(p: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(p)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


def _zip_complete(p: Path) -> bool:
    """The zip's central directory is there and names a savedGame entry."""
    import zipfile

    try:
        with zipfile.ZipFile(p) as z:
            return "savedGame" in z.namelist()
    except (OSError, zipfile.BadZipFile, EOFError):
        return False
