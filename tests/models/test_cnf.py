"""The extended CNF encoding: its size, and the clauses a solved grid does and does not satisfy."""

from __future__ import annotations

from math import comb

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.cnf import decode, dimacs, encode, rules, variable
from sudokit.models.grid import Grid

PUZZLE = next(p for p in load_set("tdoku-tests").puzzles if p.meta["count"] == 1)
SOLUTION = Grid.parse(PUZZLE.meta["solution"])


def true_variables(grid: Grid) -> set[int]:
    return {variable(cell, digit, grid.size) for cell, digit in enumerate(grid.values) if digit}


def satisfied(clause: tuple[int, ...], true: set[int]) -> bool:
    return any((lit in true) if lit > 0 else (-lit not in true) for lit in clause)


@pytest.mark.parametrize("size", [4, 9, 16])
def test_rule_counts_follow_the_extended_encoding(size):
    long = [c for c in rules(size) if len(c) == size]
    binary = [c for c in rules(size) if len(c) == 2]
    assert len(long) == 4 * size**2  # a digit per cell, each digit once per row, column and box
    assert len(binary) == 4 * size**2 * comb(size, 2)
    assert len(long) + len(binary) == len(rules(size))


def test_9x9_clause_count():
    assert len(encode(PUZZLE.grid)) == 4 * 81 * (1 + 36) + PUZZLE.grid.count_givens()


def test_variables_cover_1_to_size_cubed_once():
    used = {abs(lit) for clause in rules(9) for lit in clause}
    assert used == set(range(1, 9**3 + 1))


def test_the_solution_satisfies_every_clause():
    true = true_variables(SOLUTION)
    assert all(satisfied(clause, true) for clause in encode(PUZZLE.grid))


@pytest.mark.parametrize("a, b", [(0, 1), (0, 9), (0, 80)])
def test_a_grid_with_two_cells_swapped_breaks_some_clause(a, b):
    values = list(SOLUTION.values)
    assert values[a] != values[b]
    values[a], values[b] = values[b], values[a]
    true = true_variables(Grid(tuple(values)))
    assert not all(satisfied(clause, true) for clause in rules(9))


def test_decode_reads_the_true_variables():
    model = [v if v in true_variables(SOLUTION) else -v for v in range(1, 730)]
    assert decode(model, 9) == SOLUTION


def test_dimacs_header_and_lines():
    lines = dimacs(PUZZLE.grid).splitlines()
    header = next(ln for ln in lines if ln.startswith("p "))
    clauses = [ln for ln in lines if not ln.startswith(("c", "p"))]
    assert header == f"p cnf 729 {len(clauses)}"
    assert [tuple(map(int, ln.split()[:-1])) for ln in clauses] == encode(PUZZLE.grid)
    assert all(ln.endswith(" 0") for ln in clauses)
