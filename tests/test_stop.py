"""Stopping a command (SIGTERM as a service manager or `timeout` sends it, Ctrl-C's SIGINT):
one line, the shell's status (143, 130), no traceback, no worker left, no temporary file left.

Real processes, real signals: each test starts `python -m staffwork ...` in its own process
group and signals it at the moment named (workers drawing the board; the module being written).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(
    not Path("/proc/self/task").is_dir(), reason="finds worker processes through Linux's /proc"
)


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _from_a_terminal() -> None:
    """A command started from a terminal has Ctrl-C at its default, even when the tests run as a
    background job (whose commands the shell starts with SIGINT ignored, which Python keeps)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(argv: list[str], cwd: Path, script: str | None = None) -> subprocess.Popen:
    command = [sys.executable, "-c", script, *argv] if script else [sys.executable, "-m", "staffwork", *argv]
    return subprocess.Popen(
        command,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        preexec_fn=_from_a_terminal,
    )


@pytest.mark.parametrize(
    "signum,to_group,status,word",
    [
        (signal.SIGTERM, False, 143, "terminated"),  # kill PID, systemd
        (signal.SIGTERM, True, 143, "terminated"),  # timeout(1), kill -- -PGID
        (signal.SIGINT, True, 130, "interrupted"),  # Ctrl-C in a terminal
    ],
)
def test_a_stop_while_the_board_is_drawn_is_one_line_and_ends_every_worker(signum, to_group, status, word, tmp_path):
    out = tmp_path / "board.png"
    proc = _start(["map", "render", "use", "-o", str(out)], tmp_path)
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < 2:  # the strip workers are at work
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.05)
    time.sleep(0.3)
    if to_group:
        os.killpg(proc.pid, signum)
    else:
        os.kill(proc.pid, signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == status
    assert err == f"staffwork: {word}\n"
    deadline = time.monotonic() + 10
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _group_alive(proc.pid), "a worker outlived the command"
    assert list(tmp_path.iterdir()) == []


# The build, with a plain board (the art is not what is tested), stopped by SIGTERM exactly
# while the module's temporary file is being written: right after its bytes reach the disk.
_BUILD_STOPPED_WHILE_WRITING = """
import os, signal, sys
from PIL import Image
import builder.module.build as build
def plain_board(game, progress=None):
    return lambda board: Image.new("RGB", (board.width, board.height), (158, 190, 222))

build.default_board_image = plain_board
real_fsync = os.fsync

def fsync(fd):
    real_fsync(fd)
    if os.path.basename(os.readlink(f"/proc/self/fd/{fd}")).startswith(".use.vmod."):
        os.kill(os.getpid(), signal.SIGTERM)

os.fsync = fsync
from staffwork import cli
sys.exit(cli.main(sys.argv[1:]))
"""


def test_sigterm_while_the_module_is_written_leaves_no_temporary_file(tmp_path):
    dist = tmp_path / "dist"
    proc = _start(["build", "use", "--dist", str(dist), "-q"], tmp_path, script=_BUILD_STOPPED_WHILE_WRITING)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 143, err
    assert err == "staffwork: terminated\n"
    assert sorted(p.name for p in dist.iterdir()) == [".cache"]  # no use.vmod, no .use.vmod.*.tmp
