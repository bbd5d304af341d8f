"""The house style holds over the whole tree: ruff's lint and format, and mypy, as configured in
pyproject.toml (issue 21). Here so that the README's test command, and so `.ci/run`, runs them;
`.ci/style PATH...` runs the same tools on what a change touched."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["vassal", "wargame", "builder", "assistant", "staffwork", "records"]


def _tool(name: str) -> list[str]:
    """The tool installed beside this Python (the project's venv), else on the PATH."""
    beside = Path(sys.executable).with_name(name)
    if beside.exists():
        return [str(beside)]
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]' installs it")
    return [found]


def _run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(cmd[1:])} found problems:\n{done.stdout[-6000:]}{done.stderr[-2000:]}")


def test_ruff_finds_nothing_to_say_about_the_code() -> None:
    _run([*_tool("ruff"), "check", "--no-cache", "."])


def test_every_file_is_already_in_ruff_format() -> None:
    _run([*_tool("ruff"), "format", "--check", "--no-cache", "."])


def test_mypy_passes_on_the_packages() -> None:
    _run([*_tool("mypy"), *PACKAGES])


def test_mypy_passes_on_tests_and_benchmarks() -> None:
    _run([*_tool("mypy"), "--follow-imports=silent", "tests", "benchmarks"])
