"""Shared test fixtures: the bundled sets, and ../shared/data when it exists; numba's cache filled
before the test processes start (``kernel_cache``)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


def pytest_configure(config: pytest.Config) -> None:
    """In the main process (not in an xdist worker), before the workers start: numba's cache filled
    when stale, so that the workers, and the processes tests start, read the kernels instead of
    each compiling them."""
    if not hasattr(config, "workerinput") and not config.option.collectonly and not config.option.help:
        from tests.kernel_cache import fill

        fill()


def shared_file(relative: str) -> Path:
    """A file of ../shared/data; the calling test is skipped when it is absent."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"../shared/data/{relative} is not beside this checkout")
    return path


def sampled(cases, every: int = 10) -> list:
    """A long parametrised data sweep: every ``every``-th case (the first among them) in the default run,
    the others marked ``manual`` (``pytest -m manual`` runs them; together with the default, all)."""
    kept = []
    for index, case in enumerate(cases):
        if index % every == 0:
            kept.append(case)
        elif isinstance(case, type(pytest.param(None))):
            kept.append(pytest.param(*case.values, id=case.id, marks=[*case.marks, pytest.mark.manual]))
        else:
            kept.append(pytest.param(case, marks=pytest.mark.manual))
    return kept
