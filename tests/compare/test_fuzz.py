"""The fuzzer's parts: corners checked by plain backtracking (no sudokit backend), the verdicts, shrinking,
the findings' table, bad input, and Ctrl-C keeping what was found."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.commands.fuzz import report
from sudokit.compare.fuzz import findings
from sudokit.compare.fuzz.campaign import Summary
from sudokit.compare.fuzz.corners import CORNERS, Pool, draw
from sudokit.compare.fuzz.findings import Finding, lenient_grid, reproducer
from sudokit.compare.fuzz.shrink import fewest, shrink
from sudokit.compare.fuzz.verdicts import failures
from sudokit.models.grid import Grid, PuzzleError
from sudokit.solvers.base import SolveResult, Status
from tests.compare.fakes import count_solutions

runner = CliRunner()
SOLUTION_4 = Grid.parse("1234341221434321")


def corner(name: str, seed: int, size: int = 4) -> Grid:
    rng = random.Random(seed)
    return CORNERS[name][0](size, rng, Pool(rng))


@pytest.mark.parametrize("seed", range(6))
def test_each_corner_gives_what_it_aims_at(seed):
    minimal = corner("minimal", seed)
    assert len(count_solutions(minimal, 2)) == 1
    for cell in (c for c, v in enumerate(minimal.values) if v):  # every given needed
        assert len(count_solutions(minimal.with_values({cell: 0}), 2)) == 2
    assert len(count_solutions(corner("forced", seed), 2)) == 1
    assert len(count_solutions(corner("multiple", seed), 2)) == 2
    assert corner("invalid", seed).conflicts()
    unsat = corner("unsat", seed)
    assert not unsat.conflicts()  # the clash is not in a unit
    assert corner("empty", seed).count_givens() <= 2 and corner("full", seed).count_givens() >= 12


def test_the_same_seed_draws_the_same_puzzles_and_sizes_mix():
    def puzzles(seed: int) -> list[tuple[str, Grid]]:
        rng = random.Random(seed)
        pool = Pool(rng)
        return [draw(None, rng, pool) for _ in range(40)]

    first = puzzles(3)
    assert first == puzzles(3) and first != puzzles(4)
    assert {g.size for _, g in first} >= {4, 9} and len({name for name, _ in first}) >= 5


def answer(status: Status, grid: Grid | None = None, seconds: float = 0.01, message: str = "") -> SolveResult:
    return SolveResult(status, grid, solve_seconds=seconds, message=message)


def test_the_verdicts():
    puzzle = Grid.empty(4)
    other = Grid.parse("2143341212344321")  # another 4x4 solution grid
    assert failures(puzzle, {"a": answer(Status.MULTIPLE, SOLUTION_4), "b": answer(Status.UNSAT)}, 1.0)[0].kind \
        == "says-unsat"  # a tie: the claim with a solution wins
    assert failures(puzzle, {"a": answer(Status.SOLVED, SOLUTION_4), "b": answer(Status.SOLVED, SOLUTION_4)}, 1.0) == []
    assert [f.kind for f in failures(puzzle, {"a": answer(Status.SOLVED, SOLUTION_4),
                                              "b": answer(Status.SOLVED, other)}, 1.0)] == ["says-solved"]
    slow = {"a": answer(Status.SOLVED, SOLUTION_4, 0.01), "b": answer(Status.TIMEOUT)}
    assert [f.kind for f in failures(puzzle, slow, 1.0)] == ["timeout"]
    assert failures(puzzle, slow, 0.02) == []  # the other was not quick enough to blame the timeout
    stuck = {"a": answer(Status.SOLVED, SOLUTION_4), "h": answer(Status.STUCK), "e": answer(Status.ERROR, message="x")}
    assert [(f.backend, f.kind) for f in failures(puzzle, stuck, 1.0)] == [("e", "error")]


def test_shrinking_keeps_the_failure_and_is_one_minimal():
    calls = []

    def needs(kept: list[list[int]]) -> list[bool]:
        calls.append(len(kept))
        return [{3, 17, 40} <= set(k) for k in kept]

    assert fewest(list(range(50)), needs, None) == [3, 17, 40]
    puzzle = corner("minimal", 1, 9)
    kept = [c for c, v in enumerate(puzzle.values) if v][:2]
    small = shrink(puzzle, lambda grids: [all(g.values[c] for c in kept) for g in grids])
    assert [c for c, v in enumerate(small.values) if v] == kept and sorted(v for v in small.values if v) == [1, 2]


def test_a_reproducer_names_compare_for_a_disagreement_and_replay_for_the_rest():
    puzzle = Grid.parse("1...............")
    assert reproducer("x", "says-unsat", puzzle, ["bitx"], 5).startswith("sudokit compare 1............... "
                                                                          "--backend bitx --backend x")
    invalid = Grid((1, 1) + (0,) * 14)
    assert "fuzz --replay 11.............." in reproducer("x", "says-unsat", invalid, ["bitx"], 5)
    assert "'cmd:./my solver'" in reproducer("cmd:./my solver", "error", puzzle, [], 5)


def test_lenient_grid_takes_repeated_givens_but_not_garbage():
    assert lenient_grid("11..............").values[:2] == (1, 1)
    for bad in ("1x..............", "5..............."):
        with pytest.raises(PuzzleError):
            lenient_grid(bad)


def test_replay_of_repeated_givens_is_unsat_for_honest_backends(tmp_path):
    ok = runner.invoke(app, ["fuzz", "--replay", "11..............", "--backends", "bitx,dlx", "--db", str(tmp_path / "f")])
    assert ok.exit_code == 0 and "unsat" in ok.output  # repeated givens: both say unsat


@pytest.mark.parametrize("args", [["--size", "5"], ["--backends", "nosuch"], ["--techniques", "nosuch"],
                                  ["--replay", "12x"], ["--techniques", "naked_pair", "--replay", "not a state"]])
def test_bad_input_is_one_line_and_exit_2(args, tmp_path):
    result = runner.invoke(app, ["fuzz", "--seconds", "0", "--db", str(tmp_path / "f.sqlite"), *args])
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "error" in result.output


def test_ctrl_c_keeps_what_was_found_and_exits_4(tmp_path):
    found = Finding("x", "wrong", "a grid the judge rejects", "1" + "." * 15, "12" + "." * 14, "sudokit …")

    def interrupted(seconds: float, summary: Summary):
        summary.findings += 1
        yield found
        raise KeyboardInterrupt

    db = tmp_path / "f.sqlite"
    with pytest.raises(SystemExit) as stop:
        try:
            report(interrupted, Summary(seed=1), "s", 1.0, db, True, True)
        except Exception as exit_:  # typer.Exit
            raise SystemExit(exit_.exit_code) from None
    assert stop.value.code == 4
    with sqlite3.connect(db) as connection:
        assert [f["puzzle"] for f in findings.stored(connection)] == [found.puzzle]


def test_a_clean_run_of_sudokits_own_backends_exits_0(tmp_path):
    result = runner.invoke(app, ["fuzz", "--backends", "bitx,dlx", "--size", "4", "--seconds", "0.3", "--seed", "2",
                                 "--jobs", "1", "--json", "--db", str(tmp_path / "f.sqlite")])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.splitlines()[-1])
    assert summary["puzzles"] > 0 and set(summary["backends"]) == {"bitx", "dlx"} and summary["findings"] == 0
