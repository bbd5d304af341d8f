"""The whole `staffwork check` command timed in fresh processes, shared by the game benchmarks
(eto_check.py, tk_check.py): wall time, and the processor time a loaded machine does not inflate;
and the environment every benchmark runs its commands in (quick_env)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CPU: dict[str, float] = {}  # the whole command's best processor time (user + system), by label


def quick_env(cache: Path | None = None) -> dict[str, str]:
    """The environment of an installed command: byte-compiled modules (a shell's
    PYTHONDONTWRITEBYTECODE would have every run compile what it imports again), this checkout
    on the path, and with ``cache`` a compiled cache of its own."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    if cache is not None:
        env["STAFFWORK_CACHE"] = str(cache)
    return env


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def whole(save: Path, *extra: str, runs: int = 3) -> float:
    """Best of ``runs`` wall times of the whole command in a fresh process; its best processor
    time goes into CPU under the save's stem (and the first option given)."""
    times, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), _children_cpu()
        subprocess.run(
            [sys.executable, "-m", "staffwork", "check", str(save), *extra],
            cwd=REPO,
            env=quick_env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        times.append(time.perf_counter() - t)
        cpu.append(_children_cpu() - c)
    CPU[f"{save.stem} {' '.join(extra[:1])}".strip()] = min(cpu)
    return min(times)
