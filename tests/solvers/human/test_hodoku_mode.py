"""The HoDoKu mode: HoDoKu's technique set and order, its score and level, its step choice, its CLI.

Expected scores and levels are HoDoKu's published figures (its step table: a hidden single scores
14, a naked single 4, Locked Candidates 50, a unique rectangle 100; levels end at 800, 1000, 1600
and 1800 points), written here by hand.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from sudokit.compare.bench.human import truth, unsound
from sudokit.compare.cli import app
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.human import hodoku
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.modes import mode
from sudokit.solvers.human.registry import TECHNIQUES, technique
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View
from sudokit.solvers.registry import BACKENDS
from tests.conftest import SHARED_DATA

runner = CliRunner()
SE_SAMPLE = load_set("se-sample").puzzles
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def path(*counts: tuple[str, int]) -> list[Step]:
    return [Step(name, 9) for name, count in counts for _ in range(count)]


def test_the_score_is_the_sum_of_base_scores():
    rating = mode("hodoku").rate(path(("hidden_single", 3), ("naked_single", 2), ("x_wing", 1)))
    assert rating.score == 3 * 14 + 2 * 4 + 140
    assert (rating.level, rating.hardest) == ("hard", "x_wing")


@pytest.mark.parametrize(("counts", "level"), [
    ((("hidden_single", 56), ("naked_single", 4)), "easy"),  # 800: at easy's ceiling
    ((("hidden_single", 56), ("naked_single", 5)), "medium"),  # 804
    ((("locked_candidates_pointing", 1), ("hidden_single", 65), ("naked_single", 10)), "medium"),  # 1000
    ((("locked_candidates_pointing", 1), ("hidden_single", 65), ("naked_single", 11)), "hard"),  # 1004
    ((("unique_rectangle_1", 16),), "hard"),  # 1600
    ((("unique_rectangle_1", 17),), "unfair"),  # 1700
    ((("unique_rectangle_1", 18),), "unfair"),  # 1800
    ((("unique_rectangle_1", 19),), "extreme"),  # 1900
    ((("hidden_single", 121),), "unfair"),  # 1694: easy raised three times
])
def test_the_level_is_raised_by_the_score_at_hodokus_ceilings(counts, level):
    assert mode("hodoku").rate(path(*counts)).level == level


def test_the_hardest_step_is_the_highest_level_then_the_highest_score():
    rating = mode("hodoku").rate(path(("xy_wing", 1), ("sashimi_x_wing", 1), ("finned_swordfish", 1),
                                      ("sue_de_coq", 1), ("simple_colors", 1)))
    assert rating.hardest == "sue_de_coq"  # unfair 250 beats unfair 200 and every hard step
    assert mode("hodoku").rate(path(("skyscraper", 1), ("turbot_fish", 1))).hardest == "skyscraper"
    assert mode("hodoku").rate([]).hardest is None


def test_the_techniques_are_hodokus_default_set_in_its_order():
    names = mode("hodoku").techniques
    assert set(names) <= set(TECHNIQUES) and len(names) == len(set(names))
    orders = [hodoku.row_of(name).order for name in names]
    assert orders == sorted(orders)
    assert all(hodoku.row_of(name).default for name in names)
    # HoDoKu's own order, where it differs from the difficulty: Remote Pair and BUG+1 before the
    # single-digit patterns, Sue de Coq before Simple Colors, finned fish after the uniqueness tests
    ranks = {name: i for i, name in enumerate(names)}
    assert ranks["jellyfish"] < ranks["remote_pair"] < ranks["bug_plus_1"] < ranks["skyscraper"]
    assert ranks["hidden_rectangle"] < ranks["finned_x_wing"] < ranks["sue_de_coq"] < ranks["simple_colors"]
    assert ranks["als_xy_wing"] < ranks["forcing_chain_contradiction"] < ranks["forcing_net_contradiction"]


def test_techniques_join_the_mode_by_their_hodoku_code():
    franken = replace(technique("x_wing"), name="franken_x_wing_test", hodoku_code="ff2")
    squirmbag = replace(technique("x_wing"), name="squirmbag_test", hodoku_code="bf5")  # not a default
    names = hodoku.techniques([*TECHNIQUES.values(), squirmbag, franken])
    assert "squirmbag_test" not in names
    assert names.index("als_xy_wing") < names.index("franken_x_wing_test") < names.index("forcing_chain_contradiction")


def test_the_rows_are_hodokus_step_table():
    """Row for row, HoDoKu's published step table (read from ../shared/data; skipped without it)."""
    table = SHARED_DATA / "hodoku" / "step_table.md"
    if not table.exists():
        pytest.skip("../shared/data/hodoku/step_table.md is not beside this checkout")
    published = [[cell.strip() for cell in line.strip("|").split("|")]
                 for line in table.read_text().splitlines() if line[:2] == "| " and line[2].isdigit()]
    assert [(row.order, row.title, row.code, row.library, row.default) for row in hodoku.STEP_TABLE] == \
        [(int(order), title, code, library, default == "yes")
         for order, title, code, library, _category, _level, _score, default in published]
    assert len(hodoku.ROWS) == len(hodoku.STEP_TABLE)


def test_an_exhaustive_row_takes_the_step_removing_most():
    """Where the engine's first XY-Chain is not the one removing most, HoDoKu's choice is."""
    before_chains = mode("hodoku").techniques[:mode("hodoku").techniques.index("x_chain")]
    for puzzle in SE_SAMPLE[1500::10]:
        view = View(solve_logically(puzzle.grid, before_chains, mode="hodoku").state)
        found = list(technique("xy_chain").find(view))
        most = max((len(s.eliminations) for s in found), default=0)
        if found and len(found[0].eliminations) < most:
            break
    else:
        pytest.fail("no state in the sample whose first XY-Chain removes fewer than another")
    chosen = hodoku.choose(view, [technique("xy_chain").find])
    assert chosen in found and len(chosen.eliminations) == most
    assert mode("default").choose(view, [technique("xy_chain").find]) == found[0]


def test_preference_ranks_placements_then_eliminations_then_position_then_length():
    a = Step("aic", 9, eliminations=((10, 3), (20, 3)), length=8)
    b = Step("aic", 9, eliminations=((10, 3),), length=4)
    c = Step("aic", 9, eliminations=((11, 3), (20, 3)), length=4)
    d = Step("aic", 9, eliminations=((10, 3), (20, 3)), length=6)
    e = Step("forcing_chain_verity", 9, placements=((50, 1),))
    assert sorted([a, b, c, d, e], key=hodoku.preference) == [e, d, a, c, b]


@pytest.mark.slow
def test_hodoku_paths_are_sound_and_in_hodokus_order():
    """About 50 puzzles of every SE rating up to 7.5: each step agrees with the solution, and no
    technique of an earlier row of HoDoKu's order had a step where the path took a later one."""
    chosen = [p for p in SE_SAMPLE if p.meta["se_rating"] <= 7.5][::36]
    assert len(chosen) >= 45
    names = mode("hodoku").techniques
    rows = [hodoku.row_of(name).order for name in names]
    for number, puzzle in enumerate(chosen):
        result = solve_logically(puzzle.grid, mode="hodoku")
        assert result.status is Status.SOLVED, puzzle.grid.line()
        solution = result.state.to_grid()
        assert is_solution(solution, puzzle.grid) and solution == truth(puzzle.grid)
        assert unsound(result.steps, solution) == []
        if number % 5 == 0:  # the order, on every fifth path (it asks every earlier technique again)
            assert_in_order(puzzle.grid, result.steps, names, rows)


def assert_in_order(grid: Grid, steps: list[Step], names: tuple[str, ...], rows: list[int]) -> None:
    state = Candidates.from_grid(grid)
    for step in steps:
        order = hodoku.row_of(step.technique).order
        view = View(state)
        earlier = [name for name, row in zip(names, rows) if row < order and any(acceptable(s) for s in technique(name).find(view))]
        assert earlier == [], f"{step.explanation} taken while {earlier[0]} fires"
        apply_step(state, step)


def acceptable(step: Step) -> bool:
    """Whether HoDoKu's default solver would take this step."""
    return hodoku.accepted(hodoku.row_of(step.technique).code, step)


def test_a_locked_pair_must_remove_from_its_box_and_its_line():
    """HoDoKu's Locked Pair: r1c1,r1c2 in b1 and r1 (units 18 and 0); else it is a Naked Pair to it."""
    both = Step("locked_pair", 9, (7, 9), cells=(0, 1), units=(18, 0), eliminations=((2, 7), (5, 9)))
    box_only = replace(both, eliminations=((2, 7), (10, 9)))
    line_only = replace(both, eliminations=((5, 7), (8, 9)))
    assert hodoku.accepted("l2", both)
    assert not hodoku.accepted("l2", box_only) and not hodoku.accepted("l2", line_only)
    assert hodoku.accepted("n2", replace(box_only, technique="naked_pair"))


def test_rate_mode_hodoku_on_the_command_line():
    rated = runner.invoke(app, ["rate", EASY, "--mode", "hodoku", "--json"])
    assert rated.exit_code == 0, rated.output
    row = json.loads(rated.output)
    explained = runner.invoke(app, ["explain", EASY, "--mode", "hodoku", "--json"])
    steps = json.loads(explained.output)["steps"]
    singles = {"full_house": 4, "naked_single": 4, "hidden_single": 14}
    assert {s["technique"] for s in steps} <= set(singles)
    score = sum(singles[s["technique"]] for s in steps)
    assert row["hodoku_score"] == score and row["hodoku_level"] == ("easy" if score <= 800 else "medium")
    assert row["hodoku_hardest"] in singles and row["se_rating"] is None


def test_the_human_hodoku_backend_uses_the_mode():
    solver = BACKENDS["human-hodoku"].create()
    assert solver.mode.name == "hodoku" and solver.techniques == mode("hodoku").techniques
    result = solver.solve(Grid.parse(EASY))
    assert result.status is Status.SOLVED and result.stats["mode"] == "hodoku"


@pytest.mark.slow
def test_hodoku_chains_use_no_als_nodes():
    chosen = [p for p in SE_SAMPLE if 7.0 <= p.meta["se_rating"] <= 8.0][::40]
    for puzzle in chosen:
        steps = solve_logically(puzzle.grid, mode="hodoku").steps
        assert not [s.explanation for s in steps if s.als and hodoku.row_of(s.technique).code in hodoku.WITHOUT_ALS]



def test_techniques_marks_hodokus_default_set_and_lists_what_the_registry_lacks():
    result = runner.invoke(app, ["techniques", "--json", "--mode", "hodoku"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    registered = [r for r in rows if r["name"] is not None]
    assert [r["name"] for r in registered] == list(TECHNIQUES)
    assert {r["name"] for r in registered if r["in_preset"]} == set(mode("hodoku").techniques)
    by_name = {r["name"]: r for r in registered}
    assert by_name["x_wing"]["hodoku_default"] is True and by_name["forcing_net_verity"]["hodoku_default"] is True
    lacking = {r["hodoku_code"]: r for r in rows if r["name"] is None}
    assert "bf" not in lacking and not {r["hodoku_code"] for r in registered} & set(lacking)
    filled = {row.code for r in registered if (row := hodoku.row_of(r["name"])) is not None}
    assert filled | set(lacking) | {"bf"} == {row.code for row in hodoku.STEP_TABLE}  # every HoDoKu technique shows
    text = runner.invoke(app, ["techniques"]).output
    assert re.search(r"yes +X-Wing", text) and "(not implemented)" not in text
