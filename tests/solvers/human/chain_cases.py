"""Puzzles of the SE-rated sample whose solve needs a given colouring or chain technique, and the check."""

from __future__ import annotations

from sudokit.compare.bench.human import truth, unsound
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import apply_step, find_steps, solve_logically
from sudokit.solvers.human.registry import PRESETS, TECHNIQUES

# (in the full preset's order: the techniques it asks before the first colouring one)
BEFORE = [n for n in PRESETS["full"][:PRESETS["full"].index("simple_colors")]
          if TECHNIQUES[n].family in ("singles", "intersections", "subsets", "fish")]
GRAPH_BASED = [n for n, t in TECHNIQUES.items() if t.family in ("coloring", "chains") and t.in_full]

# technique -> a puzzle of ../shared's SE-rated sample (bundled as "se-sample") whose solve uses it
NEEDS = {
    "simple_colors": "73.....28..5...4....92.17...1..6..3.2...9...7..6...8...67...58.3..6.8..1....7....",
    "multi_colors_1": "6...3...2.945..73..1...9.5...8....9.2.......8.4....1...8.7...2..63..247.7...4...1",
    "x_chain": ".5.69.3.8..6....1.2..7.........6.9...72.5.86...4.8.........2..7.1....6..9.7.46.8.",
    "xy_chain": "17.....49...4.....3..9..6.56.....52...15.43...35.....49.2..3..8.....1...78.....16",
    "continuous_nice_loop": "12...7.4..53..8...7....93..5.........4..5..6.........1..26....8...2..91..3.8...24",
    "discontinuous_nice_loop": "6.......4..1.5.3...8..1..6.8..9.4..7..........4.175.3.5.......2..48.29...2.5.7.1.",
    "aic": "3....6..8....7.61.....457........26.6..7.8..1.41........258.....16.9....8..6....7",
    "grouped_continuous_nice_loop": ".1.....9...5.4.8...7..9..4.....8......31.95.....756.....82643....7...6...2.....1.",
    "grouped_discontinuous_nice_loop":  # through an ALS: r6c6 -6- r4c4 -9- (9=6)r134c6 -6- r6c6
        ".4.59.2...2...1.358.........8..1...36..3.2..43...4..9.........226.7...5...5.28.7.",
    "grouped_aic": "...986.....1...5..6.9...3.72..3.7..6..3...8......1.......1.5...3..7.2..8..6...4..",
}


def check_solve_uses(name: str) -> None:
    """The engine (basic techniques, fish, colouring, chains) advances on the puzzle soundly, using
    ``name``; where ``name`` first fires, every instance of every graph-based technique is sound."""
    puzzle = Grid.parse(NEEDS[name])
    solution = truth(puzzle)
    result = solve_logically(puzzle, BEFORE + GRAPH_BASED)
    assert unsound(result.steps, solution) == []
    end = result.state  # solved, or stuck keeping every true digit
    assert all(end.values[c] == solution[c] or end.has(c, solution[c]) for c in solution.geometry.cells)
    used = [s.technique for s in result.steps]
    assert name in used
    state = Candidates.from_grid(puzzle)
    for step in result.steps[: used.index(name)]:
        apply_step(state, step)
    for other in GRAPH_BASED:
        assert unsound(find_steps(state, other), solution) == [], other
