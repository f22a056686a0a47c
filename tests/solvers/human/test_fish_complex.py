"""Franken, Mutant and Kraken fish on the states of real solve paths: every elimination keeps the true
digit, and each step is the fish it names, re-derived here from its units alone (base cells, fins,
endo fins, cover cells, cannibalism, the kinds of units HoDoKu allows for its name).

The exact patterns are the HoDoKu library's (test_reglib); HoDoKu's exemplars, its own solution
paths, show the same fish on their puzzles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import islice

import pytest

from sudokit.compare.bench.human import read_exemplars, truth, unsound
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.registry import PRESETS, TECHNIQUES, technique
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import Memo, View
from tests.conftest import SHARED_DATA, shared_file

SIZES = {"x_wing": 2, "swordfish": 3, "jellyfish": 4}
LARGE_SIZES = {"squirmbag": 5, "whale": 6, "leviathan": 7}
COMPLEX = tuple(f"{finned}{kind}_{name}" for finned in ("", "finned_") for kind in ("franken", "mutant")
                for name in SIZES)
LARGE = tuple(f"{finned}{kind}_{name}" for finned in ("", "finned_") for kind in ("franken", "mutant")
              for name in LARGE_SIZES)
SLOWEST = ("finned_franken_jellyfish", "finned_mutant_swordfish", "finned_mutant_jellyfish", "kraken_fish")
QUICK = tuple(n for n in COMPLEX if n not in SLOWEST)
MAGICTOUR = SHARED_DATA / "tdoku" / "magictour_top1465.txt"
NEEDS_MAGICTOUR = pytest.mark.skipif(not MAGICTOUR.exists(), reason="../shared/data/tdoku is not beside this checkout")


def magictour(count: int) -> list[Grid]:
    lines = MAGICTOUR.read_text().split("\n") if MAGICTOUR.exists() else []
    return [Grid.parse(line.split()[0]) for line in lines if line.strip()][:count]


def se_sample(count: int, low: float = 6.0) -> list[Grid]:
    puzzles = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= low]
    return puzzles[::max(1, len(puzzles) // count)][:count]


@cache
def path_states(puzzle: Grid, first: int = 0) -> tuple[tuple[Candidates, ...], Grid]:
    """The states of the full preset's path before each step beyond singles (the first ``first`` of
    them, 0: all), and the puzzle's solution."""
    state, states = Candidates.from_grid(puzzle), []
    for step in solve_logically(puzzle, PRESETS["full"]).steps:
        if step.technique not in PRESETS["singles"]:
            states.append(state.copy())
        apply_step(state, step)
    return tuple(states[:first] if first else states), truth(puzzle)


def sound_steps(names: Iterable[str], puzzles: Iterable[Grid], first: int = 0, most: int = 50
                ) -> Iterator[tuple[Candidates, Step]]:
    """Every step (up to ``most`` per technique and state) of some techniques at the path states of
    some puzzles, each checked against the solution."""
    for puzzle in puzzles:
        states, solution = path_states(puzzle, first)
        memo = Memo()  # as in a solve: a digit's fish are kept while its candidates stay
        for state in states:
            view = View(state, memo)
            for name in names:
                for step in islice(technique(name).find(view), most):
                    assert unsound([step], solution) == [], (puzzle.line(), step.explanation)
                    yield state, step


def is_its_pattern(state: Candidates, step: Step) -> None:
    """The step is the fish it names: re-derived from its base and cover units."""
    geo, size = state.geometry, state.size
    name = step.technique.removeprefix("finned_")
    kind, _, fish = name.partition("_")
    k = (SIZES | LARGE_SIZES)[fish]
    (digit,) = step.digits
    base, cover = step.units[:k], step.units[k:]
    assert len(cover) == k and not set(base) & set(cover)
    kinds = ({u // size for u in base}, {u // size for u in cover})
    franken = (kinds[0] <= {0, 2} and kinds[1] <= {1, 2}) or (kinds[0] <= {1, 2} and kinds[1] <= {0, 2})
    assert kinds not in (({0}, {1}), ({1}, {0}))  # a basic fish is not one of these
    assert franken == (kind == "franken")
    holds = {c for c in geo.cells if state.marks[c] >> (digit - 1) & 1}
    in_base = Counter(c for u in base for c in geo.units[u] if c in holds)
    in_cover = Counter(c for u in cover for c in geo.units[u] if c in holds)
    fins = {c for c, times in in_base.items() if times > 1 or c not in in_cover}
    assert set(step.fins) == fins and bool(fins) == step.technique.startswith("finned_")
    assert all(in_base.keys() & set(geo.units[u]) for u in cover)  # each cover holds a body cell
    removable = {c for c in in_cover if c not in in_base or (in_cover[c] > 1 and c not in fins)}
    seeing = {c for c in geo.cells if all(geo.sees(c, f) for f in fins)}
    assert {c for c, _ in step.eliminations} == removable & seeing
    assert {d for _, d in step.eliminations} == {digit}


@pytest.mark.slow
@NEEDS_MAGICTOUR
def test_complex_fish_are_their_patterns_on_real_puzzles():
    """Every technique found, sound and exactly its pattern, at the path states of hard puzzles."""
    found = Counter()
    for state, step in sound_steps(QUICK, magictour(1)):  # each found there (at 2,000-odd states of three: 20 s)
        is_its_pattern(state, step)
        found[step.technique] += 1
    assert set(found) == set(QUICK), found


@pytest.mark.slow
def test_the_slowest_fish_on_real_puzzles():
    """Finned Franken Jellyfish, finned Mutant Swordfish and Jellyfish, and Kraken fish: found, sound,
    and (but the Kraken) exactly their pattern, at the first hard states of two puzzles."""
    found = Counter()
    for state, step in sound_steps(SLOWEST, se_sample(6, low=7.0)[:2], first=1, most=5):
        if step.technique != "kraken_fish":
            is_its_pattern(state, step)
        found[step.technique] += 1
    assert set(found) == set(SLOWEST), found


@pytest.mark.slow
def test_fish_of_five_units_on_a_real_puzzle():
    """Franken and Mutant Squirmbags (5 units; off by default, as in HoDoKu): sound and exactly their
    pattern at the first hard state of a puzzle, each of the four found there."""
    names = [n for n in LARGE if n.endswith("squirmbag")]
    found = Counter()
    for state, step in sound_steps(names, se_sample(10, low=7.0)[2:3], first=1):
        is_its_pattern(state, step)
        found[step.technique] += 1
    assert set(found) == set(names), found


@pytest.mark.manual
def test_the_largest_fish_on_real_puzzles():
    """Every Franken and Mutant fish of 5-7 units (HoDoKu's Squirmbag, Whale, Leviathan): sound and
    exactly their pattern at the first hard state of a few puzzles, all but the unfinned Franken
    ones found there (about a minute a puzzle)."""
    found = Counter()
    for state, step in sound_steps(LARGE, se_sample(3, low=7.0), first=1, most=20):
        is_its_pattern(state, step)
        found[step.technique] += 1
    assert set(found) >= {n for n in LARGE if n.startswith(("finned_", "mutant_"))}, found


def test_a_kraken_fish_follows_its_fins():
    """Each Kraken step names a finned fish with fins and removes what its chains show."""
    state, solution = path_states(se_sample(6, low=7.0)[0], first=1)
    steps = list(islice(technique("kraken_fish").find(View(state[0])), 30))
    assert steps and unsound(steps, solution) == []
    for step in steps:
        assert step.fins and "Finned" in step.pattern and (step.pattern.startswith("Type 1, ") or
                                                            step.pattern.startswith("Type 2, "))
        if step.pattern.startswith("Type 1, "):
            assert step.pattern.count(";") == len(step.fins) - 1  # one chain per fin


@NEEDS_MAGICTOUR
def test_the_notation_is_hodokus():
    """Base, cover and fins as HoDoKu writes them (``4 r15b8 c257 fr9c6``)."""
    explanations = [step.explanation for _, step in sound_steps(QUICK, magictour(1), first=6)]
    assert any(e.startswith("Franken X-Wing: ") for e in explanations)
    pattern = r"^(Finned )?(Franken|Mutant) (X-Wing|Swordfish|Jellyfish): \d (r\d+)?(c\d+)?(b\d+)? " \
              r"(r\d+)?(c\d+)?(b\d+)?( e?fr\dc\d)* => (r\dc\d<>\d(, )?)+$"
    import re

    assert all(re.match(pattern, e) for e in explanations), [e for e in explanations if not re.match(pattern, e)]


def test_only_hodokus_default_complex_fish_are_in_the_full_preset():
    complex_fish = {n for n in TECHNIQUES if n in COMPLEX + LARGE or n == "kraken_fish"}
    assert complex_fish & set(PRESETS["full"]) == {"franken_x_wing", "franken_swordfish", "finned_franken_x_wing",
                                                  "finned_franken_swordfish"}
    assert all(technique(n).family == "fish" for n in complex_fish)


EXEMPLARS = shared_file("hodoku/exemplars-1.0-dev.txt") if (SHARED_DATA / "hodoku").exists() else None
SECTIONS = {"0332": "franken_jellyfish", "0341": "finned_franken_swordfish", "0342": "finned_franken_jellyfish",
            "0362": "finned_mutant_jellyfish"}


@pytest.mark.slow
@pytest.mark.skipif(EXEMPLARS is None, reason="../shared/data/hodoku is not beside this checkout")
@pytest.mark.parametrize("code", list(SECTIONS))
def test_hodoku_exemplars_show_their_fish(code):
    """The first three puzzles of HoDoKu's exemplar section each hold its fish, soundly, at a state of
    our path (our order differs from HoDoKu's: the fish is looked for at every state beyond singles)."""
    exemplars_hold_their_fish(code, 3)


@pytest.mark.manual
@pytest.mark.skipif(EXEMPLARS is None, reason="../shared/data/hodoku is not beside this checkout")
@pytest.mark.parametrize("code", list(SECTIONS))
def test_every_hodoku_exemplar_shows_its_fish(code):
    """As above, every puzzle of the section (2 to 10)."""
    exemplars_hold_their_fish(code)


def exemplars_hold_their_fish(code: str, first: int | None = None) -> None:
    name = SECTIONS[code]
    (puzzles,) = [p[:first] for section, p in read_exemplars(EXEMPLARS).items() if section.startswith(code)]
    assert puzzles
    missing = []
    for puzzle in puzzles:
        if not any(True for _ in islice(sound_steps([name], [puzzle.grid], most=1), 1)):
            missing.append(puzzle.grid.line())
    assert missing == []


@pytest.mark.manual
def test_every_complex_fish_is_sound_on_a_thousand_puzzles():
    """Every step of every new fish at the first state beyond singles of 500 SE-rated and 500 magictour
    puzzles; the slowest fish on every tenth puzzle."""
    puzzles = se_sample(500, low=0.0) + magictour(500)
    found = Counter(step.technique for _, step in sound_steps(QUICK + SLOWEST[:1], puzzles, first=1))
    found.update(step.technique for _, step in sound_steps(SLOWEST[1:], puzzles[::10], first=1))
    print(sorted(found.items()))
    assert set(found) == set(COMPLEX) | {"kraken_fish"}, found
