"""The fuzzer's parts: corners checked by plain backtracking (no sudokit backend), the verdicts, shrinking,
the findings' table, bad input, and Ctrl-C keeping what was found."""

from __future__ import annotations

import json
import random
import re
import shutil
import sqlite3
from dataclasses import replace

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.commands.fuzz import report
from sudokit.compare.fuzz import findings
from sudokit.compare.fuzz.campaign import SHRINK_QUICK, Summary
from sudokit.compare.fuzz.corners import CORNERS, Pool, draw
from sudokit.compare.fuzz.findings import Finding, lenient_grid, portable_spec, reproducer
from sudokit.compare.fuzz.shrink import fewest, shrink
from sudokit.compare.fuzz.verdicts import failures, is_trusted
from sudokit.models.grid import Grid, PuzzleError
from sudokit.solvers.base import SolveResult, Status
from sudokit.solvers.registry import get_backend
from tests.compare.fakes import count_solutions

runner = CliRunner()
SOLUTION_4 = Grid.parse("1234341221434321")


def corner(name: str, seed: int, size: int = 4) -> Grid:
    rng = random.Random(seed)
    return CORNERS[name][0](size, rng, Pool(rng))


@pytest.mark.parametrize("seed", range(6))
def test_each_corner_gives_what_it_aims_at(seed):  # (solutions counted by plain backtracking)
    minimal = corner("minimal", seed)
    assert len(count_solutions(minimal, 2)) == 1
    for cell in (c for c, v in enumerate(minimal.values) if v):  # every given needed
        assert len(count_solutions(minimal.with_values({cell: 0}), 2)) == 2
    assert len(count_solutions(corner("forced", seed), 2)) == 1
    assert len(count_solutions(corner("multiple", seed), 2)) == 2
    assert corner("invalid", seed).conflicts()
    unsat = corner("unsat", seed)
    assert not unsat.conflicts() and count_solutions(unsat, 1) == []  # no solution, and no clash in a unit
    assert corner("empty", seed).count_givens() <= 2 and corner("full", seed).count_givens() >= 12


@pytest.mark.parametrize(("size", "seeds"), [(4, 200), (9, 30)])
def test_an_unsat_corner_has_no_solution_and_a_multiple_one_several(size, seeds):
    for seed in range(seeds):  # (the old corner: 1..4.2..3.4..... has 2 solutions; a fifth of 4x4s had some)
        unsat = corner("unsat", seed, size)
        assert not unsat.conflicts() and count_solutions(unsat, 1) == [], unsat.line()
        assert len(count_solutions(corner("multiple", seed, size), 2)) == 2


def test_the_corners_at_16x16_are_what_they_say():  # (checked by dlx)
    dlx = get_backend("dlx").create()
    for seed in range(4):
        for name, status in (("unsat", "unsat"), ("multiple", "multiple"), ("forced", "solved")):
            grid = corner(name, seed, 16)
            assert dlx.solve(grid, limit=2, time_limit=30).status.value == status, (name, grid.line())
    rng = random.Random(1)
    pool = Pool(rng)
    drawn = {name for name, _ in (draw(16, rng, pool) for _ in range(60))}
    assert "forced" in drawn and not drawn & {"minimal", "symmetric"}  # not made minimal there, not named so


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


def test_the_verdicts_among_trusted_backends():
    puzzle = Grid.empty(4)
    other = Grid.parse("2143341212344321")  # another 4x4 solution grid

    def kinds(answers: dict[str, SolveResult], timeout: float = 1.0) -> list[tuple[str, str]]:
        return [(f.backend, f.kind) for f in failures(puzzle, answers, timeout, trusted=set(answers))]

    assert kinds({"a": answer(Status.MULTIPLE, SOLUTION_4), "b": answer(Status.UNSAT)}) == [("b", "says-unsat")]
    # (a tie: the claim with a solution wins)
    assert kinds({"a": answer(Status.SOLVED, SOLUTION_4), "b": answer(Status.SOLVED, SOLUTION_4)}) == []
    assert kinds({"a": answer(Status.SOLVED, SOLUTION_4), "b": answer(Status.SOLVED, other)}) == [("b", "says-solved")]
    slow = {"a": answer(Status.SOLVED, SOLUTION_4, 0.01), "b": answer(Status.TIMEOUT)}
    assert kinds(slow) == [("b", "timeout")]
    assert kinds(slow, 0.02) == []  # the other was not quick enough to blame the timeout
    middling = {"a": answer(Status.SOLVED, SOLUTION_4, 0.1), "b": answer(Status.TIMEOUT)}
    assert kinds(middling) == [("b", "timeout")]
    assert failures(puzzle, middling, 1.0, trusted={"a"}, quick=SHRINK_QUICK) == []  # shrinking keeps a margin
    stuck = {"a": answer(Status.SOLVED, SOLUTION_4), "h": answer(Status.STUCK), "e": answer(Status.ERROR, message="x")}
    assert kinds(stuck) == [("e", "error")]


def test_guests_that_agree_on_a_lie_do_not_outvote_the_trusted_backend():
    puzzle = Grid.empty(4)
    liars = {"py:a.py:f": answer(Status.SOLVED, SOLUTION_4), "cmd:./b": answer(Status.SOLVED, SOLUTION_4)}
    answers = {**liars, "bitx": answer(Status.MULTIPLE, SOLUTION_4)}
    found = failures(puzzle, answers, 1.0, trusted={"bitx"})
    assert [(f.backend, f.kind) for f in found] == [("py:a.py:f", "says-solved"), ("cmd:./b", "says-solved")]
    assert all("bitx says multiple" in f.detail for f in found)
    assert failures(puzzle, liars, 1.0, trusted=set()) == []  # no trusted answer: guests are not judged by guests
    timed_out = {**liars, "py:c.py:f": answer(Status.TIMEOUT), "bitx": answer(Status.TIMEOUT)}
    assert failures(puzzle, timed_out, 1.0, trusted={"bitx"}) == []  # a guest's speed blames no one


def test_only_sudokits_own_exact_searches_are_trusted(tmp_path):
    solver = tmp_path / "solver.py"
    solver.write_text("def solve(puzzle):\n    return None\n")
    assert all(is_trusted(get_backend(spec)) for spec in ("bitx", "dlx", "algx", "prop:level=alldiff"))
    assert not any(is_trusted(get_backend(spec)) for spec in ("human", "cpsat", f"py:{solver}:solve"))
    impostor = replace(get_backend("bitx"), target="tests.compare.planted:NeverMultiple")
    assert not is_trusted(impostor)


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


def test_a_reproducer_names_compare_for_a_disagreement_and_replay_for_the_rest(tmp_path):
    puzzle = Grid.parse("1...............")
    db = tmp_path / "f.sqlite"
    assert reproducer("x", "says-unsat", puzzle, ["bitx"], 5, db).startswith(
        "sudokit compare 1............... --backend bitx --backend x")
    invalid = Grid((1, 1) + (0,) * 14)
    assert "fuzz --replay 11.............." in reproducer("x", "says-unsat", invalid, ["bitx"], 5, db)
    assert "'cmd:/my solver'" in reproducer("cmd:/my solver", "error", puzzle, [], 5, db)
    for kind in ("says-unsat", "error"):
        assert reproducer("x", kind, puzzle, [], 5, db).endswith(f"--db {db}")


def test_a_plug_ins_spec_is_spelt_with_absolute_paths(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "solver.py").write_text("def solve(puzzle):\n    return None\n")
    (tmp_path / "data.txt").write_text("x")
    assert portable_spec(get_backend("py:solver.py:solve")) == f"py:{tmp_path / 'solver.py'}:solve"
    program = get_backend("cmd:python3 ./solver.py data.txt --fast")
    assert portable_spec(program) == f"cmd:{shutil.which('python3')} {tmp_path / 'solver.py'} {tmp_path / 'data.txt'} --fast"
    assert portable_spec(get_backend("prop:level=singles")) == "prop:level=singles"


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


def test_without_seed_each_run_draws_its_own_and_prints_it(tmp_path):
    def run() -> tuple[int, int]:
        result = runner.invoke(app, ["fuzz", "--backends", "bitx", "--size", "4", "--seconds", "0.2", "--jobs", "1",
                                     "--db", str(tmp_path / "f.sqlite")])
        assert result.exit_code == 0, result.output
        first = re.search(r"seed (\d+) \(repeat this run with --seed \1\)", result.stderr)
        last = re.search(r", seed (\d+):", result.stdout)
        assert first and last, result.output
        return int(first[1]), int(last[1])

    (start, end), (again, again_end) = run(), run()
    assert start == end and again == again_end and start != again
