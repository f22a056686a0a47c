"""Shared test fixtures: the bundled sets, and ../shared/data when it exists."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


def shared_file(relative: str) -> Path:
    """A file of ../shared/data; the calling test is skipped when it is absent."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"../shared/data/{relative} is not beside this checkout")
    return path
