"""Shared test fixtures: where the real VASSAL files of ../shared/fixtures live."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _shared_folder() -> Path:
    """``../shared`` beside this checkout; in a git worktree, beside its main checkout."""
    beside = REPO.parent / "shared"
    if beside.is_dir():
        return beside
    git = REPO / ".git"
    if git.is_file():  # a worktree: "gitdir: <main checkout>/.git/worktrees/<name>"
        text = git.read_text(encoding="utf-8").strip()
        if text.startswith("gitdir:"):
            main = Path(text[len("gitdir:"):].strip()).parents[2]
            if (main.parent / "shared").is_dir():
                return main.parent / "shared"
    return beside


SHARED = _shared_folder()
SHARED_VASSAL = SHARED / "fixtures" / "vassal"
SHARED_NOTES = SHARED / "notes"


@pytest.fixture(scope="session", autouse=True)
def compiled_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled game data cache (wargame.compiled) of this test run, commands run by the
    tests included: its own folder, never the user's ~/.cache (unless STAFFWORK_CACHE is set)."""
    import os

    if "STAFFWORK_CACHE" not in os.environ:
        os.environ["STAFFWORK_CACHE"] = str(tmp_path_factory.mktemp("staffwork-cache"))
    return Path(os.environ["STAFFWORK_CACHE"])


@pytest.fixture(scope="session")
def vassal_fixtures() -> Path:
    """The folder of real VASSAL files (tiny.vmod, tiny_vassal.vsav, tour.mod, tour.log)."""
    if not SHARED_VASSAL.is_dir():
        pytest.skip(f"the shared VASSAL fixtures are not beside the checkout ({SHARED_VASSAL})")
    return SHARED_VASSAL


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
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

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
