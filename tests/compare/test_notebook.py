"""Notebooks: a stored run as a DataFrame in one call, and the pictures of steps and solves in IPython."""

from __future__ import annotations

import html
import sys

import pytest

from sudokit.compare.reports import notebook
from sudokit.compare.run.errors import StoreError, UnknownName, UserError
from sudokit.compare.run.store import Record, Store
from sudokit.compare.sets import load_set
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.rating import se_rating
from tests import svg_reader as svg

HARD = load_set("hardest").puzzles[10].grid


@pytest.fixture
def stored(tmp_path):
    path = tmp_path / "r.sqlite"
    description = {"sets": [{"name": "s", "sha256": "x", "puzzles": 2, "skipped": []}],
                   "config": {"limit": 2, "timeout": 1.0, "backends": {"human": "h", "bitx": "b"}},
                   "environment": {"commit": "abc"}}
    with Store.open(path) as store:
        run = store.start_run("demo", description)
        store.add_puzzles(run, [("s", 0, "1" + "." * 80, {"se_rating": 7.1}), ("s", 1, "2" + "." * 80, {})])
        store.add(run, [
            Record("s", 0, "1" + "." * 80, "human", "solved", "x" * 81, 1, 0.25, 0.5, steps=40,
                   extra={"se_rating": 7.2, "techniques": ["x_wing"], "steps": 41}),
            Record("s", 0, "1" + "." * 80, "bitx", "solved", "x" * 81, 1, 0.0, 0.001, guesses=3),
            Record("s", 1, "2" + "." * 80, "bitx", "timeout", None, 0, 0.0, 1.0),
        ])
    return path


def test_load_run_gives_one_row_per_record_with_the_backends_figures_as_columns(stored):
    pytest.importorskip("pandas", reason="pandas is the optional extra sudokit[notebook]")
    frame = notebook.load_run("demo", stored)
    assert len(frame) == 3 and set(frame["backend"]) == {"human", "bitx"}
    human = frame[frame["backend"] == "human"].iloc[0]
    assert human["seconds"] == pytest.approx(0.75) and human["se_rating"] == 7.2
    assert human["techniques"] == ["x_wing"] and human["steps"] == 40 and human["extra_steps"] == 41
    assert human["puzzle_se_rating"] == 7.1  # the puzzle file's own rating
    assert frame.groupby("status").size().to_dict() == {"solved": 2, "timeout": 1}
    assert frame.attrs["config"]["timeout"] == 1.0 and frame.attrs["run"] == "demo"


def test_load_run_gives_a_stuck_records_grid_as_partial(tmp_path):
    pytest.importorskip("pandas", reason="pandas is the optional extra sudokit[notebook]")
    description = {"sets": [{"name": "s", "sha256": "x", "puzzles": 1, "skipped": []}], "config": {},
                   "environment": {}}
    with Store.open(tmp_path / "r.sqlite") as store:
        run = store.start_run("stuck", description)
        store.add_puzzles(run, [("s", 0, "1" + "." * 80, {})])
        store.add(run, [Record("s", 0, "1" + "." * 80, "human-singles", "stuck", "12" + "." * 79, 0, 0.0, 0.1)])
    row = notebook.load_run("stuck", tmp_path / "r.sqlite").iloc[0]
    assert row["partial"] == "12" + "." * 79 and row["solution"] is None


def test_load_run_says_what_is_missing(stored, tmp_path, monkeypatch):
    pytest.importorskip("pandas", reason="pandas is the optional extra sudokit[notebook]")
    with pytest.raises(UnknownName, match="runs: demo"):
        notebook.load_run("other", stored)
    with pytest.raises(StoreError, match="no results database"):
        notebook.load_run("demo", tmp_path / "missing.sqlite")
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if the extra were not installed
    with pytest.raises(UserError, match=r"sudokit\[notebook\]"):
        notebook.load_run("demo", stored)


class _Formatter:
    def __init__(self):
        self.registered = {}

    def for_type_by_name(self, module, name, function):
        self.registered[f"{module}.{name}"] = function


class _IPython:
    def __init__(self):
        self.formatters = {"image/svg+xml": _Formatter(), "text/html": _Formatter()}
        self.display_formatter = self


def test_the_ipython_extension_draws_steps_and_human_solves():
    ipython = _IPython()
    notebook.load_ipython_extension(ipython)
    draw_step = ipython.formatters["image/svg+xml"].registered["sudokit.solvers.human.steps.Step"]
    show_result = ipython.formatters["text/html"].registered["sudokit.solvers.human.engine.HumanResult"]
    result = solve_logically(HARD)
    step = result.steps[0]
    root = svg.parse(draw_step(step))
    assert svg.struck(root, svg.Board.read(root)) == set(step.eliminations)
    page = show_result(result)
    hardest = max(result.steps, key=se_rating)
    assert f"<title>{html.escape(hardest.explanation)}</title>" in page  # the hardest step drawn
    assert page.count("<svg") == 2 and page.count("<li>") == len(result.steps)
