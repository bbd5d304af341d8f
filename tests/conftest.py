"""Shared test fixtures, and the one way tests find files that are not made in the test.

``fixture(name)``: a file of ``tests/fixtures/`` -- ours, committed, always there (see
tests/fixtures/README.md for what each is and how it was made).
``outside(name)``: a real VASSAL file that is not ours (the engine's tour module and log) and
so is not in the repository; the test skips, saying why, when it is not at hand. It is looked
for in ``$STAFFWORK_VASSAL_FIXTURES``, else ``../shared/fixtures/vassal`` beside the checkout
(for a git worktree: beside its main checkout).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"


def fixture(name: str) -> Path:
    """A committed fixture of tests/fixtures/ (a missing one is a broken checkout: it fails)."""
    path = FIXTURES / name
    if not path.is_file():
        raise FileNotFoundError(f"{path}: a committed test fixture is missing")
    return path


def spelled_out(text: str) -> str:
    """A command text written with visible symbols (⇥ TAB, ␛ ESC, a line break after each ␛)
    as the engine's bytes."""
    return text.rstrip("\n").replace("␛\n", "\x1b").replace("␛", "\x1b").replace("⇥", "\t")


def _outside_folder() -> Path:
    """Where the VASSAL files that are not ours may be: the environment's choice, else
    ``../shared/fixtures/vassal`` beside this checkout or beside a worktree's main checkout."""
    chosen = os.environ.get("STAFFWORK_VASSAL_FIXTURES")
    if chosen:
        return Path(chosen)
    beside = REPO.parent / "shared"
    git = REPO / ".git"
    if not beside.is_dir() and git.is_file():  # a worktree: "gitdir: <main>/.git/worktrees/<name>"
        text = git.read_text(encoding="utf-8").strip()
        if text.startswith("gitdir:"):
            main = Path(text[len("gitdir:") :].strip()).parents[2]
            beside = main.parent / "shared"
    return beside / "fixtures" / "vassal"


OUTSIDE = _outside_folder()


@pytest.fixture(scope="session", autouse=True)
def compiled_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled game data cache (wargame.compiled) of this test run, commands run by the
    tests included: its own folder, never the user's ~/.cache (unless STAFFWORK_CACHE is set)."""
    import os

    if "STAFFWORK_CACHE" not in os.environ:
        os.environ["STAFFWORK_CACHE"] = str(tmp_path_factory.mktemp("staffwork-cache"))
    return Path(os.environ["STAFFWORK_CACHE"])


def outside(name: str) -> Path:
    """A real VASSAL file that is not ours (tour.mod, tour.log: the engine's own tour), or a
    skip naming it and where it was looked for."""
    path = OUTSIDE / name
    if not path.is_file():
        pytest.skip(
            f"{name} is not ours (VASSAL's tour), so not in the repository, and it is "
            f"not at {path} (set STAFFWORK_VASSAL_FIXTURES to its folder)"
        )
    return path


@pytest.fixture(scope="session")
def content():
    """The USE content tables (units, markers, nations...), loaded once."""
    from wargame.content import default_folder, load_content

    folder = default_folder("use")
    if not (folder / "units.csv").is_file():
        pytest.skip("the USE content tables are not in this checkout")
    return load_content(folder)


def _dac_override(on: bool) -> bool:
    """Turn root's power to write anywhere (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) off or on
    again for this thread; False when the kernel will not (no Linux capabilities here)."""
    import ctypes

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [
            ("effective", ctypes.c_uint32),
            ("permitted", ctypes.c_uint32),
            ("inheritable", ctypes.c_uint32),
        ]

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        header, data = Header(0x20080522, 0), (Data * 2)()  # _LINUX_CAPABILITY_VERSION_3
        if libc.capget(ctypes.byref(header), data) != 0:
            return False
        bits = (1 << 1) | (1 << 2)
        data[0].effective = (data[0].effective | bits) if on else (data[0].effective & ~bits)
        return libc.capset(ctypes.byref(header), data) == 0
    except (OSError, AttributeError):
        return False


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder this process may not create files in, for real: mode 0555. Root ignores
    modes, so when the tests run as root its override is switched off while the test runs
    (root still reads what it owns, through the owner's bits)."""
    import os

    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    as_root = os.geteuid() == 0
    if as_root and not _dac_override(False):
        folder.chmod(0o755)
        pytest.skip("running as root without a way to give up root's write override")
    try:
        yield folder
    finally:
        if as_root:
            _dac_override(True)
        folder.chmod(0o755)
