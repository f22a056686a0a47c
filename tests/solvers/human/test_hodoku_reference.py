"""HoDoKu mode beside HoDoKu's own verdicts: hodoku-py 0.2.1's level, score, hardest step and path on
bundled permissive puzzles (``results/hodoku-reference.jsonl.gz``; how it was made:
``results/hodoku-mode.md``). The expected figures are HoDoKu's, read from that data.

The fast checks take a sample of the puzzles HoDoKu rates easy to hard, with the floors the mode
reaches there today; ``-m manual`` runs every puzzle of the reference.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from itertools import takewhile

import pytest
from typer.testing import CliRunner

from sudokit.compare.bench.hodoku import REFERENCE, Verdict, divergence, read_verdicts
from sudokit.compare.cli import app
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid, geometry
from sudokit.solvers.base import Status
from sudokit.solvers.human import hodoku
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.hodoku_order import in_order
from sudokit.solvers.human.hodoku_queues import Queues
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View


@cache
def verdicts() -> list[Verdict]:
    """HoDoKu's verdicts (read by the first test that needs them, not by each test process collecting)."""
    return read_verdicts(REFERENCE)


@cache
def sample() -> list[Verdict]:
    """About 60 of the puzzles HoDoKu rates easy to hard."""
    easier = [v for v in verdicts() if v.level in ("easy", "medium", "hard")]
    return easier[::max(1, len(easier) // 60)]


def agreement(verdicts: Sequence[Verdict]) -> dict[str, float]:
    """The shares of puzzles where the mode's score, level and hardest step's name are HoDoKu's."""
    same = {"score": 0, "level": 0, "hardest": 0}
    for verdict in verdicts:
        result = solve_logically(Grid.parse(verdict.puzzle), mode="hodoku")
        rating = result.rating
        solved = result.status is Status.SOLVED
        same["score"] += solved and rating.score == verdict.score
        same["level"] += solved and rating.level == verdict.level
        same["hardest"] += solved and rating.hardest_code == verdict.hardest
    return {key: count / len(verdicts) for key, count in same.items()}


def test_the_reference_is_big_and_varied():
    assert len(verdicts()) >= 3000
    assert {v.level for v in verdicts()} == {"easy", "medium", "hard", "unfair", "extreme"}
    assert all(hodoku.row_of_code(m.name) is not None for v in verdicts() for m in v.path)  # kinds of HoDoKu's table


@pytest.mark.slow
def test_score_level_and_hardest_step_are_hodokus_on_a_sample():
    assert len(sample()) >= 50
    shares = agreement(sample())
    assert shares["level"] == 1.0
    assert shares["score"] >= 0.95 and shares["hardest"] >= 0.95, shares


@pytest.mark.slow
def test_the_path_is_hodokus_step_by_step_on_a_sample():
    chosen = sample()[::2]
    split = [(v.puzzle, d.index, d.cause) for v in chosen if (d := divergence(v)) is not None]
    assert len(split) <= 0.05 * len(chosen), split


@pytest.mark.manual
def test_score_level_and_hardest_step_are_hodokus_on_every_puzzle():
    shares = agreement(verdicts())
    assert shares["level"] >= 0.99 and shares["score"] >= 0.99 and shares["hardest"] >= 0.99, shares


def test_rate_names_the_hardest_step_by_hodokus_own_code():
    verdict = next(v for v in verdicts() if v.hardest == "LOCKED_CANDIDATES_1" and v.path and len(v.path) < 70
                   and divergence(v) is None)
    rated = CliRunner().invoke(app, ["rate", verdict.puzzle, "--mode", "hodoku", "--json"])
    row = json.loads(rated.output)
    assert (row["hodoku_score"], row["hodoku_level"]) == (verdict.score, verdict.level)
    assert (row["hodoku_hardest"], row["hodoku_hardest_code"]) == ("locked_candidates_pointing", "LOCKED_CANDIDATES_1")
    text = CliRunner().invoke(app, ["rate", verdict.puzzle, "--mode", "hodoku"]).output
    assert f"HoDoKu {verdict.score} {verdict.level} (LOCKED_CANDIDATES_1)" in text


def test_singles_come_in_the_order_hodokus_queues_give_them():
    """The first moves of HoDoKu's paths: singles met as candidates go, not in cell order."""
    kinds = {"FULL_HOUSE": "full_house", "NAKED_SINGLE": "naked_single", "HIDDEN_SINGLE": "hidden_single"}
    for verdict in verdicts()[:20]:
        singles = list(takewhile(lambda m: m.name in kinds, verdict.path))
        steps = solve_logically(Grid.parse(verdict.puzzle), mode="hodoku").steps[:len(singles)]
        assert [(s.technique, s.placements) for s in steps] == [(kinds[m.name], tuple(m.placements)) for m in singles]


def test_a_stale_hidden_single_makes_hodoku_try_the_next_technique():
    """A queued place the unit no longer needs (the digit has two places again nowhere: it was
    removed) ends HoDoKu's hidden-single search for this state."""
    view = View(Candidates.from_grid(Grid.parse(verdicts()[0].puzzle)))
    queues = Queues.load(view)
    queues.hidden.clear()
    open_cell = next(c for c, v in enumerate(queues.values) if v == 0)
    digit = next(d for d in range(1, 10) if queues.marks[open_cell] >> (d - 1) & 1
                 and all(queues.free[u][d] > 1 for u in view.geometry.cell_units[open_cell]))
    queues.hidden.extend([(open_cell, digit), (open_cell, digit)])
    assert queues.hidden_single() is None and len(queues.hidden) == 1


def test_a_naked_subset_removes_unit_by_unit_in_hodokus_order():
    """A pair sharing a row and a box: HoDoKu removes from the row first, then the box."""
    pair = Step("locked_pair", 9, (3, 7), cells=(0, 1), units=(18, 0),
                eliminations=((2, 3), (9, 7), (5, 7), (10, 3)))
    assert in_order("l2", pair, geometry(9)).eliminations == ((2, 3), (5, 7), (9, 7), (10, 3))


def test_remote_pairs_are_hodokus_paths_not_clusters():
    """Puzzles whose remote pair removes less or more in HoDoKu (one path of the pair's cells) than in
    a whole cluster of them: the mode's path is HoDoKu's."""
    puzzles = {"................12..3.45...........4...16.....74...5.....3.....12.......8..9...6.",
               "..............1..2..3.4..5............4..6.3..2...71.....53..4..1..8.....7.......",
               "........1.......2...3..4........54...1.......6.2.........23..7.4..1.....5..6..8.."}
    chosen = [v for v in verdicts() if v.puzzle in puzzles]
    assert len(chosen) == 3 and all(any(m.name == "REMOTE_PAIR" for m in v.path) for v in chosen)
    assert [divergence(v) for v in chosen] == [None] * 3


# Positions of the reference where sudokit's own loop and forcing-chain finders took another step
# than HoDoKu (the first step where the path parted before the mode used HoDoKu's tables), by the
# rule of HoDoKu's search that decides them: puzzle, the step's index in HoDoKu's path, HoDoKu's
# kind of step there.
TABLE_RULES = {
    # the chain to a fact is the one breadth-first path that reached it first: HoDoKu's path from
    # r4c6<>4 to r4c6=4 passes r3c9 twice (a lasso) and is dropped, so the Discontinuous Nice Loop
    # sudokit finds there (three removals) is not HoDoKu's, which takes an AIC removing two
    "a lasso is dropped": ("3....2..7.4...5.8...513.9..93....2....2...8....7....49..3.467...5.9...3.6..2....8", 14, "AIC"),
    # in a bivalue cell the other digit is reached by the link inside the cell, one link long: no
    # loop closes there, so the continuous loop through r1c5 sudokit finds is not HoDoKu's
    "the link inside the cell comes first": (
        "9....3..7..1..73...3.5..16....3.....5..218..3.....4....57..2.9...28..7..3..9....8", 24,
        "DISCONTINUOUS_NICE_LOOP"),
    # from r9c7<>7 to r9c7=4: two strong ends of different digits make a continuous loop (r9c7 keeps
    # 4 and 7), which removes nine candidates
    "strong ends of two digits: continuous": (
        "8...1...7.2.....4....5.3....3.1.7.8...96.23..6...5...1..5.3.8....14.59...........", 4,
        "GROUPED_CONTINUOUS_NICE_LOOP"),
    # an AIC ends on a candidate, never a group: sudokit's grouped AIC removing two candidates is
    # not HoDoKu's, which takes a loop removing one
    "an AIC ends on a candidate": ("..5..8..18......9.......78....4.....64....9......53..2.6.........138..5....9.714.", 9,
                                   "GROUPED_DISCONTINUOUS_NICE_LOOP"),
    # HoDoKu builds grouped loops without almost locked sets: sudokit's shortest chain for r2c1<>9 has
    # one (dropped), so an ALS-XZ came first; HoDoKu's grouped loop is found now
    "no ALS nodes": ("..17.83...........3.......1....6....7...5...6..4.1.2...3..8..2.21.5.3.695.62.17.3", 20,
                     "GROUPED_DISCONTINUOUS_NICE_LOOP"),
    # HoDoKu's forcing chains run on the same tables, groups as nodes: r1c7=1 leaves r7c7 empty (its 3
    # through the group r23c7), a contradiction sudokit's forcing chains miss; removing one candidate
    # as theirs does, it comes first in the grid
    "forcing chains on the tables": (
        "...3.....81...4...6...5..742.9....43..7.9.5..35....2.994..7...6...4...57.....6...", 20,
        "FORCING_CHAIN_CONTRADICTION"),
}


@pytest.mark.parametrize("rule", TABLE_RULES)
def test_loops_aics_and_forcing_chains_are_those_hodokus_tables_find(rule: str):
    puzzle, index, kind = TABLE_RULES[rule]
    verdict = next(v for v in verdicts() if v.puzzle == puzzle)
    assert verdict.path[index].name == kind
    assert divergence(verdict, until=index + 1) is None
