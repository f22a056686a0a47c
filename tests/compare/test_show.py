"""``sudokit show``: a grid or pencil-mark state as SVG (stdout or a file) or PNG, or one step of its solve."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sudokit.compare.cli import app
from sudokit.compare.sets import load_set
from sudokit.models.grid import SYMBOLS
from sudokit.solvers.human.engine import solve_logically
from tests import svg_reader as svg

runner = CliRunner()
EASY = load_set("easy50").puzzles[0].grid


def test_show_prints_the_svg_of_a_puzzle_with_its_givens_and_pencil_marks():
    result = runner.invoke(app, ["show", EASY.line()])
    assert result.exit_code == 0
    root = svg.parse(result.stdout)
    board = svg.Board.read(root)
    givens = {board.cell_at(float(t.get("x")), float(t.get("y"))): t.text
              for g in svg.groups(root, "givens") for t in svg.children(g, "text")}
    assert givens == {c: SYMBOLS[v - 1] for c, v in enumerate(EASY.values) if v}
    assert svg.groups(root, "marks")
    assert not svg.groups(svg.parse(runner.invoke(app, ["show", EASY.line(), "--no-marks"]).stdout), "marks")


def test_show_a_step_of_the_solve_draws_it_in_its_state(tmp_path):
    out = tmp_path / "step.svg"
    result = runner.invoke(app, ["show", EASY.line(), "--step", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    step = solve_logically(EASY).steps[2]
    root = svg.parse(out.read_text())
    assert root.find(f"{svg.SVG}title").text == step.explanation
    assert svg.ringed(root, svg.Board.read(root), "placement") == set(step.placements)


def test_show_writes_a_png(tmp_path):
    from PIL import Image

    out = tmp_path / "grid.png"
    result = runner.invoke(app, ["show", "easy50", "--number", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    image = Image.open(out).convert("L")
    assert image.size[0] > 800 and image.size[0] == image.size[1]
    dark = sum(1 for v in image.tobytes() if v < 100)
    assert 0.02 < dark / (image.size[0] * image.size[1]) < 0.5  # digits and lines on white


@pytest.mark.parametrize("args, message", [
    (["--out", "grid.gif"], "must end in .svg or .png"),
    (["--number", "2"], "--number 2 is beyond"),
    (["--step", "500"], "--step 500 is beyond"),
])
def test_show_bad_usage_is_one_line_and_exit_2(args, message):
    result = runner.invoke(app, ["show", EASY.line(), *args])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_step_of_a_puzzle_with_several_solutions_says_so():
    result = runner.invoke(app, ["show", "1" + "." * 80, "--step", "3"])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "several solutions" in result.stderr and "--step 3 is beyond" in result.stderr


def test_show_a_bad_puzzle_is_one_line_and_exit_2():
    result = runner.invoke(app, ["show", "11" + "." * 79])
    assert result.exit_code == 2 and "r1c1 and r1c2 both hold 1" in result.stderr
