"""Drawing in forked workers, stoppable at any moment.

Why not ``multiprocessing.Pool``: its ``terminate()`` first takes the task queue's read lock,
which an idle worker holds while it waits for work, so a stop that lands while a worker is idle
can hang the parent for good (seen as a SIGTERM that never ends the command). Here each worker
has its own pipe and a fixed share of the items (item ``i`` goes to worker ``i % n``); nothing is
locked between processes, so the parent can end every worker at once and wait for it.

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


def _worker(fn: Callable[[Any, int], Any], job: Any, first: int, step: int, count: int, out: Connection) -> None:
    """One worker: Ctrl-C (sent to the whole process group) is left to the parent; SIGTERM, the
    parent's way of ending it, ends it at once without a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    try:
        for i in range(first, count, step):
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
    with _started(fn, job, count, workers) as (procs, pipes):
        n = len(procs)
        yield (_receive(pipes[i % n], procs[i % n]) for i in range(count))


@contextmanager
def as_done(fn: Callable[[J, int], T], job: J, count: int, workers: int) -> Iterator[Iterator[tuple[int, T]]]:
    """``(i, fn(job, i))`` for every ``i``, each as soon as a worker has it: no worker waits
    for the parent to take an earlier item (many small results, or one long item among them)."""
    if workers <= 1 or count <= 1 or not can_fork():
        yield ((i, fn(job, i)) for i in range(count))
        return
    with _started(fn, job, count, workers) as (procs, pipes):
        yield _as_they_come(procs, pipes, count)


def _as_they_come(procs: list[Any], pipes: list[Connection], count: int) -> Iterator[tuple[int, Any]]:
    n = len(procs)
    upcoming = list(range(n))  # worker w draws items w, w + n, w + 2n ... in turn
    left = {pipe: w for w, pipe in enumerate(pipes)}
    while left:
        for pipe in wait(list(left)):
            w = left[pipe]  # type: ignore[index]
            yield upcoming[w], _receive(pipes[w], procs[w])
            upcoming[w] += n
            if upcoming[w] >= count:
                del left[pipe]  # type: ignore[arg-type]


@contextmanager
def _started(
    fn: Callable[[J, int], T], job: J, count: int, workers: int
) -> Iterator[tuple[list[Any], list[Connection]]]:
    """The forked workers and their pipes; leaving ends every worker."""
    ctx = multiprocessing.get_context("fork")
    n = min(workers, count)
    procs: list[Any] = []
    pipes: list[Connection] = []
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)  # no stop between fork and handler
    try:
        for w in range(n):
            receive, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_worker, args=(fn, job, w, n, count, send), daemon=True)
            proc.start()
            send.close()
            procs.append(proc)
            pipes.append(receive)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
    try:
        yield procs, pipes
    finally:
        for proc in procs:
            if proc.is_alive():
                with suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGTERM)
        for proc in procs:
            proc.join()
        for pipe in pipes:
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
