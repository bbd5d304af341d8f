"""Drawing in forked workers, stoppable at any moment.

Why not ``multiprocessing.Pool``: its ``terminate()`` first takes the task queue's read lock,
which an idle worker holds while it waits for work, so a stop that lands while a worker is idle
can hang the parent for good (seen as a SIGTERM that never ends the command). Here each worker
has its own two pipes: the parent hands it the next item's number whenever it sends a result
back (two in hand, so it never waits for the parent), and so a worker given a long item (the
board's PNG) draws fewer of the others; nothing is locked between processes, so the parent can
end every worker at once and wait for it.

    ordered(fn, job, count, workers) -> context manager yielding fn(job, i) for i in range(count)
    as_done(fn, job, count, workers) -> context manager yielding (i, fn(job, i)) as they come

``fn`` and ``job`` reach the workers by fork, never by pickling; only results travel back.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

T = TypeVar("T")
J = TypeVar("J")

_HELD = {signal.SIGINT, signal.SIGTERM}


def _worker(
    fn: Callable[[Any, int], Any], job: Any, tasks: Connection, out: Connection, others: list[Connection]
) -> None:
    """One worker: draws each item number the parent sends until it sends None. Ctrl-C (sent to
    the whole process group) is left to the parent; SIGTERM, the parent's way of ending it,
    ends it at once without a traceback. The parent's ends of its own and the earlier workers'
    pipes, which the fork copied, are closed: a worker whose parent has gone reads the end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    for other in others:
        other.close()
    try:
        while (i := tasks.recv()) is not None:
            try:
                result = (True, fn(job, i))
            except Exception as exc:
                out.send((False, exc))
                return
            out.send(result)
    except (BrokenPipeError, EOFError):  # the parent has gone
        pass
    finally:
        out.close()


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


@contextmanager
def ordered(fn: Callable[[J, int], T], job: J, count: int, workers: int) -> Iterator[Iterator[T]]:
    """``fn(job, i)`` for ``i`` in order, drawn by ``workers`` forked processes when that helps.
    Leaving the block for any reason (the results read, an error, a stop) ends every worker."""
    if workers <= 1 or count <= 1 or not can_fork():
        yield (fn(job, i) for i in range(count))
        return
    with _started(fn, job, count, workers) as crew:
        yield _in_order(crew.results())


def _in_order(results: Iterator[tuple[int, T]]) -> Iterator[T]:
    early: dict[int, T] = {}  # items drawn before an earlier one
    wanted = 0
    for i, value in results:
        early[i] = value
        while wanted in early:
            yield early.pop(wanted)
            wanted += 1


@contextmanager
def as_done(fn: Callable[[J, int], T], job: J, count: int, workers: int) -> Iterator[Iterator[tuple[int, T]]]:
    """``(i, fn(job, i))`` for every ``i``, each as soon as a worker has it: no worker waits
    for the parent to take an earlier item (many small results, or one long item among them)."""
    if workers <= 1 or count <= 1 or not can_fork():
        yield ((i, fn(job, i)) for i in range(count))
        return
    with _started(fn, job, count, workers) as crew:
        yield crew.results()


class _Crew:
    """The workers, the items each has in hand (in the order it draws them), the next item."""

    AHEAD = 2  # items a worker holds: it starts the next one while the parent reads a result

    def __init__(self, procs: list[Any], tasks: list[Connection], pipes: list[Connection], count: int) -> None:
        self.procs, self.tasks, self.pipes, self.count = procs, tasks, pipes, count
        self.held: list[list[int]] = [[] for _ in procs]
        self.next = 0

    def _hand(self, w: int) -> None:
        """Worker ``w``'s next item; None (it ends) once it holds none and none is left. A
        worker that has stopped (an error, sent ahead of it) is not an error here."""
        with suppress(BrokenPipeError):
            if self.next < self.count:
                self.held[w].append(self.next)
                self.next += 1
                self.tasks[w].send(self.held[w][-1])
            elif not self.held[w]:
                self.tasks[w].send(None)

    def start(self) -> None:
        """Every worker's first items, handed as soon as it is forked, not when the caller first
        asks for a result."""
        for _ in range(self.AHEAD):
            for w in range(len(self.procs)):
                if self.next < self.count:
                    self._hand(w)

    def results(self) -> Iterator[tuple[int, Any]]:
        left = {pipe: w for w, pipe in enumerate(self.pipes)}
        while left:
            for pipe in wait(list(left)):
                w = left[pipe]  # type: ignore[index]
                value = _receive(self.pipes[w], self.procs[w])
                i = self.held[w].pop(0)
                self._hand(w)
                yield i, value
                if not self.held[w]:
                    del left[pipe]  # type: ignore[arg-type]


@contextmanager
def _started(fn: Callable[[J, int], T], job: J, count: int, workers: int) -> Iterator[_Crew]:
    """The forked workers and their pipes; leaving ends every worker."""
    ctx = multiprocessing.get_context("fork")
    n = min(workers, count)
    procs: list[Any] = []
    tasks: list[Connection] = []
    pipes: list[Connection] = []
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)  # no stop between fork and handler
    try:
        for _ in range(n):
            task_out, task_in = ctx.Pipe(duplex=False)
            receive, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(
                target=_worker, args=(fn, job, task_out, send, [*tasks, *pipes, task_in, receive]), daemon=True
            )
            proc.start()
            send.close()
            task_out.close()
            procs.append(proc)
            tasks.append(task_in)
            pipes.append(receive)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
    try:
        crew = _Crew(procs, tasks, pipes, count)
        crew.start()
        yield crew
    finally:
        for proc in procs:
            if proc.is_alive():
                with suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGTERM)
        for proc in procs:
            proc.join()
        for pipe in pipes + tasks:
            pipe.close()


def _receive(pipe: Connection, proc: Any) -> Any:
    try:
        ok, value = pipe.recv()
    except EOFError:
        proc.join()
        raise RuntimeError(f"a drawing worker stopped unexpectedly (exit status {proc.exitcode})") from None
    if not ok:
        raise value
    return value
