"""``sudokit explain``, ``rate`` and ``techniques``: exit codes, text and the documented JSON shapes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sudokit.compare.cli import app
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.human.registry import TECHNIQUES

runner = CliRunner()
EASY = load_set("easy50").puzzles[0].grid
HARD = next(p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9)


def test_explain_json_shape_and_solution():
    result = runner.invoke(app, ["explain", EASY.line(), "--json"])
    assert result.exit_code == 0
    out = json.loads(result.output)
    assert out["status"] == "solved" and is_solution(Grid.parse(out["solution"]), EASY)
    assert set(out["rating"]) >= {"engine_rating", "engine_score", "engine_level", "engine_hardest",
                                  "engine_techniques", "guessed", "effort"}
    assert "se_rating" not in out["rating"]  # the default mode's path is the engine's, not SE's
    step = out["steps"][0]
    assert set(step) == {"technique", "placements", "eliminations", "explanation"}
    assert step["placements"][0].keys() == {"cell", "digit"} and step["placements"][0]["cell"].startswith("r")


def test_explain_text_numbers_the_steps_and_shows_the_grid():
    result = runner.invoke(app, ["explain", EASY.line(), "--show-grid", "--preset", "singles"])
    assert result.exit_code == 0
    assert "  1. " in result.output and ".---" in result.output and "solved:" in result.output


def test_explain_stuck_and_with_guessing():
    stuck = runner.invoke(app, ["explain", HARD.line(), "--preset", "basic"])
    assert stuck.exit_code == 1 and "stuck" in stuck.output
    guessed = runner.invoke(app, ["explain", HARD.line(), "--preset", "singles", "--allow-guess", "--json"])
    out = json.loads(guessed.output)
    assert guessed.exit_code == 0 and out["rating"]["guessed"]
    assert any(s["technique"] == "guess" for s in out["steps"])


def test_explain_all_instances_of_one_technique_in_a_pencil_mark_state(tmp_path):
    from sudokit.models.candidates import Candidates

    marks = tmp_path / "marks.txt"
    marks.write_text(Candidates.from_grid(EASY).picture())
    first = runner.invoke(app, ["explain", str(marks), "--technique", "naked_single"])
    every = runner.invoke(app, ["explain", str(marks), "--technique", "naked_single", "--all", "--json"])
    assert first.exit_code == every.exit_code == 0
    assert first.output.count("Naked Single:") == 1
    steps = [json.loads(line) for line in every.output.splitlines()]
    assert len(steps) > 1 and all(s["technique"] == "naked_single" for s in steps)


def test_rate_json_lines():
    result = runner.invoke(app, ["rate", "easy50", "--json", "-q"])
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert result.exit_code == 0 and len(rows) == 50
    owners = {f"{who}_{key}" for who, keys in (("se", ("hardest", "techniques", "missing")),
              ("hodoku", ("score", "level", "hardest", "hardest_code", "techniques", "missing")),
              ("engine", ("rating", "ep", "ed", "score", "level", "hardest", "techniques", "missing"))) for key in keys}
    assert set(rows[0]) == {"index", "number", "puzzle", "status", "modes", "se_rating", "ep", "ed", "effort",
                            "guessed", "uniqueness", *owners}
    assert all(r["status"] == "solved" and not r["guessed"] and r["modes"] == ["se", "hodoku"] for r in rows)
    assert all(r["hodoku_level"] and r["engine_rating"] is None and r["engine_missing"] for r in rows)
    # an easy puzzle's first step is a single, so SE's ED is a single's rating and EP no harder
    assert all(r["ed"] <= r["ep"] <= r["se_rating"] and r["ed"] <= 2.3 for r in rows)


def test_mode_is_chosen_by_name_and_a_bad_one_refused():
    result = runner.invoke(app, ["rate", "easy50", "--mode", "nosuch"])
    assert result.exit_code == 2 and "unknown mode 'nosuch'" in result.output
    singles = runner.invoke(app, ["rate", "easy50", "--json", "--mode", "default", "--preset", "singles"])
    used = {name for line in singles.stdout.splitlines() for name in json.loads(line)["engine_techniques"]}
    assert used and used <= {"full_house", "naked_single", "hidden_single"}


def test_techniques_json_lists_the_registry():
    result = runner.invoke(app, ["techniques", "--json", "--preset", "singles"])
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r["name"] for r in rows] == list(TECHNIQUES)
    assert {r["name"] for r in rows if r["in_preset"]} == {"full_house", "naked_single", "hidden_single"}
    assert next(r for r in rows if r["name"] == "naked_pair")["hodoku_code"] == "n2"


def test_bad_input_is_one_line_and_exit_2():
    for args in (["explain", "12345"], ["explain", EASY.line(), "--preset", "nope"],
                 ["explain", EASY.line(), "--technique", "nope"], ["explain", EASY.line(), "--all"],
                 ["rate", "no/such/file.txt"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert result.output.count("\n") == 1 and "error" in result.output


def test_each_mode_shows_only_the_figures_it_has():
    """SE has no score or level: SE mode leaves them out (null in JSON) rather than show a HoDoKu sum."""
    se = json.loads(runner.invoke(app, ["rate", EASY.line(), "--mode", "se", "--json"]).output)
    hodoku = json.loads(runner.invoke(app, ["rate", EASY.line(), "--mode", "hodoku", "--json"]).output)
    assert (se["modes"], se["hodoku_score"], se["hodoku_level"]) == (["se"], None, None) and se["se_rating"] > 0
    assert hodoku["modes"] == ["hodoku"] and hodoku["hodoku_score"] > 0 and hodoku["hodoku_level"] == "easy"
    assert hodoku["se_rating"] is None and "rate --mode se" in hodoku["se_missing"]
    line = runner.invoke(app, ["rate", EASY.line(), "--mode", "se"]).output
    assert "SE ER/EP/ED" in line and "score" not in line and "se_hidden_single" in line
    explained = runner.invoke(app, ["explain", EASY.line(), "--mode", "se"]).output.splitlines()
    assert "SE ER/EP/ED" in explained[-2] and "HoDoKu" not in explained[-2]
    assert "HoDoKu score" in runner.invoke(app, ["explain", EASY.line(), "--mode", "hodoku"]).output


def test_the_step_explorer_in_se_mode_shows_no_hodoku_figures(tmp_path):
    page = tmp_path / "se.html"
    assert runner.invoke(app, ["explain", EASY.line(), "--mode", "se", "--html", str(page)]).exit_code == 0
    text = page.read_text()
    assert "SE ER/EP/ED" in text and "HoDoKu" not in text
    runner.invoke(app, ["explain", EASY.line(), "--html", str(page)])
    text = page.read_text()
    assert "engine rating" in text and "SE " not in text and "ER/EP/ED" not in text
