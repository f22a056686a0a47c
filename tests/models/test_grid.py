"""The grid model: geometry, parsing what people paste, errors, formatting, the judge."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.models.grid import CELL_COUNTS, SYMBOLS, Grid, PuzzleError, cell_name, geometry, is_solution

TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "974236158638591742125487936316754289742918563589362417867125394253649871491873625"


def pattern_solution(box: int) -> Grid:
    """A valid complete grid of any size, from the classic shifting pattern."""
    size = box * box
    return Grid(tuple((box * (r % box) + r // box + c) % size + 1 for r in range(size) for c in range(size)))


# ---- geometry


@pytest.mark.parametrize("box", [2, 3, 4, 5])
def test_geometry_units_and_peers(box):
    size = box * box
    geo = geometry(size)
    assert len(geo.units) == 3 * size
    assert all(sorted(u) == sorted(set(u)) and len(u) == size for u in geo.units)
    # every cell lies in exactly one row, one column and one box
    for cell in geo.cells:
        containing = [i for i, u in enumerate(geo.units) if cell in u]
        assert containing == sorted(geo.cell_units[cell])
        assert len(geo.peers[cell]) == 3 * (size - 1) - 2 * (box - 1)


def test_geometry_is_computed_once():
    assert geometry(9) is geometry(9)


def test_unsupported_size():
    with pytest.raises(PuzzleError, match="unsupported size 8"):
        geometry(8)


# ---- parsing


def test_line_with_any_blank_character():
    for blank in ".0-*_":
        assert Grid.parse(TOP1.replace(".", blank)).line() == TOP1


def test_picture_with_separators():
    picture = """
    +-------+-------+-------+
    | 4 . . | . . . | 8 . 5 |
    | . 3 . | . . . | . . . |
    | . . . | 7 . . | . . . |
    +-------+-------+-------+
    | . 2 . | . . . | . 6 . |
    | . . . | . 8 . | 4 . . |
    | . . . | . 1 . | . . . |
    +-------+-------+-------+
    | . . . | 6 . 3 | . 7 . |
    | 5 . . | 2 . . | . . . |
    | 1 . 4 | . . . | . . . |
    +-------+-------+-------+
    """
    assert Grid.parse(picture).line() == TOP1


def test_picture_rule_lines_without_plus():
    rows = [TOP1[i : i + 9] for i in range(0, 81, 9)]
    text = "\n".join(("---------------------\n" if i in (3, 6) else "") + r for i, r in enumerate(rows))
    assert Grid.parse(text).line() == TOP1


def test_integers_for_16x16():
    solution = pattern_solution(4)
    text = "\n".join(" ".join(str(v) for v in solution.values[r * 16 : (r + 1) * 16]) for r in range(16))
    assert Grid.parse(text) == solution
    assert Grid.parse(",".join(str(v) for v in solution.values)) == solution


def test_letters_for_16x16_and_25x25():
    for box in (4, 5):
        solution = pattern_solution(box)
        assert Grid.parse(solution.line()) == solution
        assert Grid.parse(solution.line().lower()) == solution


def test_4x4():
    grid = Grid.parse("1..4 .4.. ..1. 4..3")
    assert grid.size == 4 and grid.count_givens() == 6


@pytest.mark.parametrize(
    "text, message",
    [
        ("123", "wrong length: 3 cells; a puzzle has 16 (4x4), 81 (9x9)"),
        (TOP1[:-1] + "x", "unknown character 'x' at position 81 (r9c9)"),
        ("A" + TOP1[1:], "symbol 'A' at position 1 (r1c1) is too large for a 9x9 grid"),
        ("44" + TOP1[2:], "r1c1 and r1c2 both hold 4 (row 1)"),
        (TOP1[:9] + "4" + TOP1[10:], "r1c1 and r2c1 both hold 4 (column 1)"),
        (TOP1[:10] + "4" + TOP1[11:], "r1c1 and r2c2 both hold 4 (box 1)"),
        ("1" * 729, "729 characters is a pencil-mark line"),
        (",".join(["17"] + ["0"] * 80), "bad entry '17' at position 1 (r1c1)"),
    ],
)
def test_bad_input_names_the_rule_and_place(text, message):
    with pytest.raises(PuzzleError) as err:
        Grid.parse(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_puzzle_error_location():
    err = PuzzleError("r1c1 and r1c2 both hold 4").at("set.txt", 12)
    assert str(err) == "set.txt:12: r1c1 and r1c2 both hold 4"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(SYMBOLS + ".0-*_|+ \n,xé:#" + "\t"), max_size=700))
def test_random_text_never_crashes_the_parser(text):
    try:
        grid = Grid.parse(text)
    except PuzzleError:
        return
    assert len(grid.values) in CELL_COUNTS and not grid.conflicts()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_unicode_never_crashes_the_parser(text):
    with contextlib.suppress(PuzzleError):
        Grid.parse(text)


@st.composite
def puzzles(draw):
    """Valid puzzles: a pattern solution of any size with a random subset of cells blanked."""
    box = draw(st.sampled_from([2, 3, 4, 5]))
    solution = pattern_solution(box)
    keep = draw(st.lists(st.booleans(), min_size=len(solution.values), max_size=len(solution.values)))
    return Grid(tuple(v if k else 0 for v, k in zip(solution.values, keep)))


@settings(max_examples=100, deadline=None)
@given(puzzles())
def test_parse_format_parse_round_trip(grid):
    assert Grid.parse(grid.line()) == grid
    assert Grid.parse(grid.line(blank="0")) == grid
    assert Grid.parse(grid.picture()) == grid


# ---- formatting


def test_cell_names():
    assert cell_name(0) == "r1c1" and cell_name(80) == "r9c9" and cell_name(255, 16) == "r16c16"


def test_picture_shape():
    lines = Grid.parse(TOP1).picture().splitlines()
    assert len(lines) == 11 and lines[0].split() == ["4", ".", ".", "|", ".", ".", ".", "|", "8", ".", "5"]


# ---- the judge


@pytest.mark.parametrize("box", [2, 3, 4, 5])
def test_judge_accepts_valid_solutions(box):
    solution = pattern_solution(box)
    assert is_solution(solution, solution)
    assert is_solution(solution, Grid.empty(box * box))


def test_judge_rejects_a_changed_given_a_swap_and_a_blank():
    solution = Grid.parse(SOLVED)
    puzzle = Grid.parse(TOP1)
    assert not is_solution(solution, puzzle)  # not this puzzle's solution
    values = list(solution.values)
    values[0], values[1] = values[1], values[0]  # rows still complete, columns broken
    assert not is_solution(Grid(tuple(values)), Grid.empty())
    assert not is_solution(solution.with_values({5: 0}), Grid.empty())
    assert not is_solution(None, puzzle)


def test_judge_rejects_latin_square_with_bad_boxes():
    size = 9
    latin = Grid(tuple((r + c) % size + 1 for r in range(size) for c in range(size)))
    assert {unit // size for _, _, unit, _ in latin.conflicts()} == {2}  # only boxes repeat
    assert not is_solution(latin, Grid.empty())


def test_a_grids_clashes_found_once_are_a_fresh_list_each_time():
    """``conflicts`` keeps what it found (a grid does not change): a caller changing the list it got
    changes nothing for the next."""
    clashing = Grid((1, 1) + (0,) * 79)  # r1c1 and r1c2 both hold 1: in row 1 (unit 0) and box 1 (unit 18)
    first = clashing.conflicts()
    assert first == [(0, 1, 0, 1), (0, 1, 18, 1)]
    first.clear()
    assert clashing.conflicts() == [(0, 1, 0, 1), (0, 1, 18, 1)] and Grid.empty().conflicts() == []
