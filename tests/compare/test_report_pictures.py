"""Pictures in reports: the hardest puzzle's hardest step, and each study rung's first step on a puzzle
that needs it; on real puzzles whose records say what the human engine (or each rung) did."""

from __future__ import annotations

import base64
import re
from contextlib import ExitStack

import pytest

from sudokit.compare.reports import report, study
from sudokit.compare.run.store import Record, Store
from sudokit.compare.sets import load_set
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.rating import se_rating
from sudokit.solvers.human.registry import TECHNIQUES
from tests import svg_reader as svg

# easy to hard: singles only, then puzzles needing more
PUZZLES = [load_set("easy50").puzzles[0].grid,
           *(p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] in (2.6, 3.4, 4.2))][:4]
PUZZLES.append(load_set("hardest").puzzles[10].grid)


def _records(backends: dict[str, tuple[str, ...]]) -> list[Record]:
    rows = []
    for index, grid in enumerate(PUZZLES):
        for backend, techniques in backends.items():
            result = solve_logically(grid, techniques)
            solved = result.status is Status.SOLVED
            rows.append(Record("s", index, grid.line(), backend, result.status.value,
                               result.state.to_grid().line(), int(solved), 0.0, 0.01, steps=len(result.steps),
                               hardest=result.rating.hardest,
                               extra={"se_rating": result.rating.se_rating if solved else None,
                                      "techniques": list(result.rating.techniques)}))
    return rows


def _summary(tmp_path, backends, extra_config=None):
    description = {"sets": [{"name": "s", "sha256": "x", "puzzles": len(PUZZLES), "skipped": []}],
                   "config": {"limit": 2, "timeout": 10.0, "repeat": 1, "transform_seed": None,
                              "backends": {b: b for b in backends}, **(extra_config or {})},
                   "environment": {"commit": "abc", "dirty": False}}
    store = OPEN.enter_context(Store.open(tmp_path / "r.sqlite"))  # the summary reads it as the report is written
    run = store.start_run("r", description)
    store.add(run, _records(backends))
    store.finish_run(run)
    return report.summarize(store, store.run("r"))


OPEN = ExitStack()


@pytest.fixture(autouse=True)
def _close_stores():
    yield
    OPEN.close()


def _title(path) -> str:
    return svg.parse(path.read_text()).find(f"{svg.SVG}title").text


def test_a_comparison_report_draws_the_hardest_puzzles_hardest_step(tmp_path):
    summary = _summary(tmp_path, {"human": tuple(TECHNIQUES)})
    out = tmp_path / "out"
    markdown = report.write_report(summary, out).read_text()
    assert "## The hardest puzzle" in markdown and "![" in markdown and "(hardest_step.svg)" in markdown
    ratings = [solve_logically(g).rating.se_rating for g in PUZZLES]
    hardest = PUZZLES[ratings.index(max(ratings))]
    assert f"`{hardest.line()}`" in markdown
    steps = solve_logically(hardest).steps
    assert _title(out / "hardest_step.svg") == max(steps, key=se_rating).explanation
    page = (out / "report.html").read_text()
    embedded = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', page)
    assert len(embedded) == 1 and base64.b64decode(embedded[0]).decode().startswith("<svg")


def test_a_report_without_ratings_draws_no_step(tmp_path):
    summary = _summary(tmp_path, {"bitx": tuple(TECHNIQUES)})  # not the human backend: its records rate nothing
    markdown = report.write_report(summary, tmp_path / "out").read_text()
    assert "## The hardest puzzle" not in markdown


@pytest.mark.slow
def test_a_study_report_draws_each_rungs_first_step_on_a_puzzle_that_needs_it(tmp_path):
    rungs, missing = study.ladder_rungs(TECHNIQUES)
    ladder = [{"backend": r.backend, "label": r.label, "adds": list(r.adds)} for r in rungs]
    config = {"study": {"ladder": ladder, "missing": missing, "full": rungs[-1].backend, "presets": [],
                        "ablation": False}}
    summary = _summary(tmp_path, {r.backend: r.techniques for r in rungs}, config)
    out = tmp_path / "out"
    markdown = report.write_report(summary, out).read_text()
    assert "## What each rung adds" in markdown
    drawn = 0
    for number, rung in enumerate(rungs):
        below = rungs[number - 1].techniques if number else ()
        needing = [i for i, g in enumerate(PUZZLES) if solve_logically(g, rung.techniques).status is Status.SOLVED
                   and (not below or solve_logically(g, below).status is not Status.SOLVED)]
        picture = out / f"rung_{rung.key}.svg"
        assert picture.exists() == bool(needing), rung.key
        if needing:
            drawn += 1
            title = _title(picture)
            steps = solve_logically(PUZZLES[needing[0]], rung.techniques).steps
            first = next(s for s in steps if s.technique in rung.adds)
            assert title == first.explanation and f"s #{needing[0] + 1}, step" in markdown
    assert drawn >= 3
