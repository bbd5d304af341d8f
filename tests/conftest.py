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
