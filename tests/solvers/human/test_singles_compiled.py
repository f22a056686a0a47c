"""The compiled head of the ladder (singles, locked sets, intersections, subsets, basic fish) gives the
engine the path its pure-Python finders give, step for step."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human import singles_compiled
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.registry import PRESETS, technique
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.view import View

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

SE_SAMPLE = load_set("se-sample").puzzles
TDOKU = load_set("tdoku-tests").puzzles
EASY = [p for p in SE_SAMPLE if p.meta["se_rating"] < 4.0][::16]  # singles, then locked sets and subsets
HARDER = [p for p in SE_SAMPLE if 4.0 <= p.meta["se_rating"] < 7.0][::120]  # singles between harder steps
UNSAT_OR_MULTIPLE = [p for p in TDOKU if p.meta["count"] != 1][:6]
# se-sample puzzles whose default paths take the rarer compiled rungs (found with the pure finders)
RARER = {
    "locked_triple": "009000200000903000080060090800090007500000004130507062000846000000000000026309850",
    "naked_triple": "503900802060008010200000004040283006000106000600794080300000008090800070801002903",
    "x_wing": "001000400509030108600801002320000085400506007000000000800403001040000050900010004",
    "swordfish": "809401607007096500062000010005304000000050000000608700090000170001740300706103905",
    "jellyfish": "000506000060020090280301067650000012920050076300000005000000000000402000510080029",
    "hidden_triple, naked_quad": "000705000000000000070619030306000908000203000010000020090000010107050604400108005",
}


def both(monkeypatch, grid, **options):
    """The solve with the pure-Python singles, then with the compiled loop."""
    compiled = singles_compiled.LOADER.now()
    monkeypatch.setattr(singles_compiled.LOADER, "thread", object())  # never built in the background here
    monkeypatch.setattr(singles_compiled.LOADER, "value", None)
    pure = solve_logically(grid, **options)
    monkeypatch.setattr(singles_compiled.LOADER, "value", compiled)
    return pure, solve_logically(grid, **options)


def same(a, b) -> None:
    assert (a.status, a.message, a.solutions, a.guesses) == (b.status, b.message, b.solutions, b.guesses)
    assert a.steps == b.steps
    assert a.state.line() == b.state.line()
    assert (a.start.line(), a.rating) == (b.start.line(), b.rating)  # (the compiled path's rating counted as it went)


@pytest.mark.parametrize("puzzle", EASY + HARDER, ids=lambda p: f"{p.meta['se_rating']}-{p.grid.line()[:10]}")
def test_the_default_path_is_the_same(monkeypatch, puzzle):
    pure, fast = both(monkeypatch, puzzle.grid)
    assert any(step.technique in singles_compiled.HEAD for step in fast.steps)
    same(pure, fast)


@pytest.mark.parametrize(("techniques", "line"), RARER.items(), ids=list(RARER))
def test_the_rarer_rungs_give_the_same_steps(monkeypatch, techniques, line):
    pure, fast = both(monkeypatch, Grid.parse(line))
    assert set(techniques.split(", ")) <= {step.technique for step in fast.steps}
    same(pure, fast)


@pytest.mark.parametrize("puzzle", EASY[:4], ids=lambda p: p.grid.line()[:12])
def test_a_ladder_sharing_part_of_the_head_runs_the_rest_as_finders(monkeypatch, puzzle):
    """A ladder with the singles and locked pairs, then claiming before pointing: the compiled loop
    takes the shared rungs only, and the path is the finders'."""
    order = (*singles_compiled.LADDER[:4], "locked_candidates_claiming", "locked_candidates_pointing", "naked_pair")
    same(*both(monkeypatch, puzzle.grid, techniques=order))


@pytest.mark.parametrize("puzzle", load_set("gecode-16x16").puzzles[:2], ids=lambda p: p.grid.line()[:12])
def test_a_16x16_path_is_the_same(monkeypatch, puzzle):
    same(*both(monkeypatch, puzzle.grid, techniques=PRESETS["basic"], allow_guess=True))


@pytest.mark.parametrize("puzzle", UNSAT_OR_MULTIPLE, ids=lambda p: p.grid.line()[:12])
@pytest.mark.parametrize("allow_guess", [False, True])
def test_contradictions_and_counting_are_the_same(monkeypatch, puzzle, allow_guess):
    same(*both(monkeypatch, puzzle.grid, techniques=PRESETS["basic"], allow_guess=allow_guess))


def test_a_ladder_not_headed_by_the_singles_runs_its_finders(monkeypatch):
    """Where hidden singles come before naked singles, the compiled loop (naked first) must not run."""
    grid = EASY[0].grid
    order = ("full_house", "hidden_single", "naked_single", "locked_candidates_pointing")
    pure, fast = both(monkeypatch, grid, techniques=order)
    same(pure, fast)
    assert [s.technique for s in fast.steps] != [s.technique for s in solve_logically(grid, PRESETS["singles"]).steps]


@pytest.mark.parametrize("grid", [p.grid for p in EASY[:3] + UNSAT_OR_MULTIPLE[:2] + load_set("gecode-16x16").puzzles[:1]]
                         + [Grid.parse("1.3." + "." * 12), Grid((1, 1) + (0,) * 79), Grid.empty(25)], ids=lambda g: g.line()[:12])
def test_the_compiled_start_state_is_from_grids(grid):
    """A puzzle's start state (sizes 4 to 25, a clash of givens too) is ``Candidates.from_grid``'s."""
    start = singles_compiled.LOADER.now().start(grid)
    expected = Candidates.from_grid(grid)
    assert (start.size, start.marks, start.values) == (expected.size, expected.marks, expected.values)


def test_a_single_solve_does_not_load_numba():
    """One solve in a fresh process stays pure Python: numba is imported only after several."""
    code = ("import sys; from sudokit.models.grid import Grid; from sudokit.solvers.human.engine import "
            f"solve_logically; solve_logically(Grid.parse({EASY[0].grid.line()!r})); print('numba' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


def first_compiled(state, rung: int):
    """The first step of one rung of the compiled head in ``state``, as a ``Step`` (or None)."""
    import numpy as np

    from sudokit.solvers.human import basics_compiled

    units, cell_units, _ = singles_compiled.geometry_arrays(state.size)
    cells = len(state.marks)
    found = np.zeros((1, singles_compiled.WIDTH), dtype=np.int64)
    removed = np.zeros((cells * state.size, 2), dtype=np.int64)
    scratch = np.zeros((6, cells), dtype=np.int64)
    end = basics_compiled._rung(rung, np.array(state.values, dtype=np.int64), np.array(state.marks, dtype=np.int64),
                                units, cell_units, found, 0, removed, 0, scratch)
    return None if end < 0 else singles_compiled._step(state.size, found[0].tolist(), removed[:end].tolist())


@pytest.mark.parametrize("puzzle", SE_SAMPLE[5::260], ids=lambda p: f"{p.meta['se_rating']}-{p.grid.line()[:10]}")
def test_each_rung_finds_its_finders_first_step(puzzle):
    """Rung by rung, on the states along a path: the compiled rung's first step is its finder's
    (whether or not an earlier rung fires there; the hidden quad, rare on a path, is checked here)."""
    singles_compiled.LOADER.now()
    state, fired = Candidates.from_grid(puzzle.grid), set()
    for step in solve_logically(puzzle.grid).steps:
        view = View(state)
        for rung, name in enumerate(singles_compiled.LADDER):
            expected = next(iter(technique(name).find(view)), None)
            assert first_compiled(state, rung) == expected, (name, state.line())
            if expected:
                fired.add(name)
        apply_step(state, step)
    assert len(fired) > 5


@pytest.mark.parametrize("puzzle", SE_SAMPLE[11::400] + UNSAT_OR_MULTIPLE[:2] + load_set("gecode-16x16").puzzles[:1],
                         ids=lambda p: p.grid.line()[:12])
def test_a_glance_from_kept_unit_tallies_is_the_survey(puzzle):
    """Along a path (guesses and contradictions too), the ladder's look at a state from the units' kept
    placed digits and open cells (``_glance``) sees what the full look (``_survey``) sees."""
    import numpy as np

    from sudokit.solvers.human import basics_compiled as kernel

    singles_compiled.LOADER.now()
    result = solve_logically(puzzle.grid, allow_guess=True, time_limit=20)
    units, _, _ = singles_compiled.geometry_arrays(result.state.size)
    state, looked = Candidates.from_grid(puzzle.grid), 0
    for step in [*result.steps, None]:
        values, marks = np.array(state.values, dtype=np.int64), np.array(state.marks, dtype=np.int64)
        placed, open_counts = np.empty(len(units), dtype=np.int64), np.empty(len(units), dtype=np.int64)
        assert kernel._unit_tallies(values, marks, units, placed, open_counts)
        seen = [np.zeros(kernel.AVAILABLE + 1, dtype=np.int64) for _ in range(2)]
        stamps = [np.zeros(len(values) * state.size, dtype=np.int64) for _ in range(2)]
        full = kernel._survey(values, marks, units, seen[0], stamps[0], 1)
        assert kernel._glance(values, marks, units, placed, open_counts, seen[1], stamps[1], 1) == full
        assert seen[0].tolist() == seen[1].tolist()
        looked += 1
        if step is not None:
            apply_step(state, step)
    assert looked > 1
