"""The Sudoku exact-cover matrix, checked against the rules written out independently."""

from __future__ import annotations

import itertools
import math

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.exact_cover import choice_columns, column_count, sudoku_cover
from sudokit.models.grid import Grid


def clash(a: tuple[int, int], b: tuple[int, int], size: int) -> bool:
    """True when the rules forbid both choices: one cell, or one digit twice in a row, column or box."""
    (cell_a, digit_a), (cell_b, digit_b) = a, b
    (row_a, col_a), (row_b, col_b) = divmod(cell_a, size), divmod(cell_b, size)
    box = math.isqrt(size)
    same_box = (row_a // box, col_a // box) == (row_b // box, col_b // box)
    return cell_a == cell_b or (digit_a == digit_b and (row_a == row_b or col_a == col_b or same_box))


def all_choices(size: int) -> list[tuple[int, int]]:
    return [(cell, digit) for cell in range(size * size) for digit in range(1, size + 1)]


@pytest.mark.parametrize("size", [4, 9])
def test_two_rows_share_a_column_exactly_when_the_rules_forbid_both(size):
    columns = {choice: set(choice_columns(size, choice)) for choice in all_choices(size)}
    for a, b in itertools.combinations(columns, 2):
        assert bool(columns[a] & columns[b]) == clash(a, b, size), (a, b)


@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_the_empty_grid_has_every_row_and_every_column_holds_n_of_them(size):
    cover = sudoku_cover(Grid.empty(size))
    assert len(cover.rows) == size**3
    assert cover.columns == tuple(range(column_count(size)))
    holders = {column: 0 for column in cover.columns}
    for columns in cover.rows.values():
        assert len(set(columns)) == 4
        for column in columns:
            holders[column] += 1
    assert set(holders.values()) == {size}


def test_givens_leave_the_blank_cells_choices_that_agree_with_them():
    grid = load_set("top95").puzzles[0].grid
    cover = sudoku_cover(grid)
    givens = [(cell, digit) for cell, digit in enumerate(grid.values) if digit]
    expected = {
        (cell, digit)
        for cell, digit in all_choices(9)
        if not grid[cell] and not any(clash((cell, digit), given, 9) for given in givens)
    }
    assert set(cover.rows) == expected
    covered = {column for given in givens for column in choice_columns(9, given)}
    assert set(cover.columns) == set(range(324)) - covered


@pytest.mark.parametrize(
    "values",
    [(1, 1) + (0,) * 14, (1,) + (0,) * 3 + (1,) + (0,) * 11, (5,) + (0,) * 15, (-1,) + (0,) * 15],
    ids=["same row", "same column", "digit too large", "negative digit"],
)
def test_givens_that_break_a_rule_have_no_cover(values):
    assert sudoku_cover(Grid(values)) is None


def test_a_complete_grid_leaves_nothing_to_cover():
    solution = Grid.parse(load_set("tdoku-tests").puzzles[0].meta["solution"])
    cover = sudoku_cover(solution)
    assert cover.rows == {} and cover.columns == ()
    assert cover.decode([]) == solution


def test_decode_writes_the_chosen_rows_into_the_givens():
    grid = Grid.parse("1..." "..1." ".1.." "...1")
    assert sudoku_cover(grid).decode([(1, 2), (2, 3)]).line() == "123...1..1.....1"
