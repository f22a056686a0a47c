"""The human engine's statistics as a typed record: written by the backend, stored, and read back by
reports and studies as the same record."""

from __future__ import annotations

from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.reports import study
from sudokit.compare.run.store import DEFAULT_DB, Store
from sudokit.compare.sets import load_set
from sudokit.solvers.human.backend import HumanSolver
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.stats import HumanStats

PUZZLES = [p.grid for p in load_set("se-sample").puzzles[::400]]  # SE 2.5 to 9: singles to forcing chains


def test_a_stored_solve_reads_back_as_the_engine_rated_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.txt").write_text("\n".join(g.line() for g in PUZZLES) + "\n")
    result = CliRunner().invoke(app, ["compare", "p.txt", "--backends", "human,dlx", "--name", "r", "--no-report",
                                       "--timeout", "300"])  # no timeout, however loaded the machine
    assert result.exit_code == 0, result.output
    with Store.open(tmp_path / DEFAULT_DB, create=False) as store:
        records = store.records(store.run("r"))
    read = {r.puzzle_index: study.human_stats(r) for r in records if r.backend == "human"}
    assert all(study.human_stats(r) is None for r in records if r.backend == "dlx")
    for index, grid in enumerate(PUZZLES):
        rating = solve_logically(grid, PRESETS["full"]).rating
        stats = read[index]
        assert stats is not None
        assert (stats.se_rating, stats.hardest, stats.techniques) == (rating.se_rating, rating.hardest,
                                                                      rating.techniques)


def test_the_backend_reports_the_record():
    grid = PUZZLES[-1]
    stats = HumanSolver().solve(grid).stats
    record = HumanStats.from_stored(stats["steps"], stats["guesses"], stats["hardest"], stats)
    assert record is not None and record.to_dict() == stats
    assert record.se_rating == solve_logically(grid).rating.se_rating


def test_a_stuck_solve_is_not_rated():
    stats = HumanSolver("singles").solve(PUZZLES[-1]).stats
    record = HumanStats.from_stored(stats["steps"], stats["guesses"], stats["hardest"], stats)
    assert record is not None and record.se_rating is None and record.level is None and record.techniques
