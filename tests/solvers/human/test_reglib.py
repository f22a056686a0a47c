"""HoDoKu's regression library: for every case of an implemented technique, exactly the library's conclusions.

The library is GPL-3.0 and read from ../shared/data; without it these tests skip. Lines of
techniques this engine does not implement are not collected.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers.human.reglib import UNLISTED, Case, check, read_library
from tests.conftest import SHARED_DATA

LIBRARY = SHARED_DATA / "hodoku" / "reglib-1.3-dev.txt"
CASES = [c for c in read_library(LIBRARY) if c.technique] if LIBRARY.exists() else []


@pytest.mark.skipif(not CASES, reason="../shared/data/hodoku/reglib-1.3-dev.txt is not beside this checkout")
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_library_case(case: Case):
    assert check(case) is None, check(case)


@pytest.mark.skipif(not CASES, reason="../shared/data/hodoku/reglib-1.3-dev.txt is not beside this checkout")
def test_every_technique_has_library_cases():
    from solvers.human.registry import TECHNIQUES

    assert {c.technique for c in CASES} == set(TECHNIQUES) - UNLISTED


@pytest.mark.skipif(not CASES, reason="../shared/data/hodoku/reglib-1.3-dev.txt is not beside this checkout")
def test_a_changed_expectation_fails():
    """The check can fail: a case with one expected elimination dropped, or turned into a fail case."""
    case = next(c for c in CASES if len(c.eliminations) > 1)
    fewer = replace(case, eliminations=frozenset(sorted(case.eliminations)[1:]))
    assert check(fewer) is not None
    assert check(replace(case, fail=True)) is not None
