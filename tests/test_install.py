"""A plain (not editable) `pip install .` into a fresh virtual environment works from any folder:
the code, the game data and the art all ship, and a build writes ./dist there (the issue's
"installable like a library"). Slow (a real install and a real build), so one test does it all."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(sys.platform == "win32", reason="venv layout")
def test_a_plain_install_builds_a_module_in_the_folder_it_runs_in(tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", str(ROOT)], capture_output=True, text=True)
    if done.returncode != 0 and "No matching distribution" in done.stderr:
        pytest.skip("no package index reachable for the dependencies")
    assert done.returncode == 0, done.stderr[-2000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import staffwork, wargame.games as g; print(staffwork.__file__); print(g.data_root())"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert str(env_dir) in where[0] and str(env_dir) in where[1]  # not the checkout
    built = subprocess.run(
        [str(env_dir / "bin" / "staffwork"), "build", "uswc", "-q"], cwd=elsewhere, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr[-2000:]
    module = elsewhere / "dist" / "uswc.vmod"
    assert module.is_file() and module.stat().st_size > 1_000_000
    listed = subprocess.run(
        [str(env_dir / "bin" / "staffwork"), "map", "find", "use", "Paris"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "3014" in listed
