"""Shared test fixtures: where the real VASSAL files of ../shared/fixtures live."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_VASSAL = REPO.parent / "shared" / "fixtures" / "vassal"


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
