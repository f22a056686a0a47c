"""The renderer on its own: every grid size, givens against placed digits, pencil marks in their
mini-grid slots, a marking's shapes, and the notebook pictures of a Grid and a Candidates state."""

from __future__ import annotations

import math

import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import SYMBOLS, Grid
from sudokit.models.picture import Link, Marking, Node, draw, legend
from tests import svg_reader as svg


def full_grid(size: int) -> Grid:
    """A valid complete grid of any size: row r shifted by (r % n) * n + r // n."""
    n = math.isqrt(size)
    return Grid(tuple((c + (r % n) * n + r // n) % size + 1 for r in range(size) for c in range(size)))


def puzzle(size: int, keep: int = 3) -> Grid:
    """The full grid with every ``keep``-th cell left (a valid, if not unique, puzzle)."""
    full = full_grid(size)
    return Grid(tuple(v if i % keep == 0 else 0 for i, v in enumerate(full.values)))


def texts(root, cls: str) -> list:
    return [t for g in svg.groups(root, cls) for t in svg.children(g, "text")]


@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_every_size_draws_its_givens_in_their_cells_and_marks_in_their_slots(size):
    grid = puzzle(size)
    state = Candidates.from_grid(grid)
    root = svg.parse(draw(state, givens=grid, marks=True).svg())
    board = svg.Board.read(root)
    assert board.size == size
    givens = {board.cell_at(float(t.get("x")), float(t.get("y"))): t.text for t in texts(root, "givens")}
    assert givens == {c: SYMBOLS[v - 1] for c, v in enumerate(grid.values) if v}
    marks = {board.candidate_at(float(t.get("x")), float(t.get("y"))) for t in texts(root, "marks")}
    assert marks == {(c, d) for c in range(size * size) for d in state.digits(c)}
    for t in texts(root, "marks"):
        assert t.text == SYMBOLS[board.candidate_at(float(t.get("x")), float(t.get("y")))[1] - 1]


def test_a_25x25_grid_hides_its_pencil_marks_by_default_but_shows_what_a_marking_names():
    grid = puzzle(25)
    state = Candidates.from_grid(grid)
    cell = next(c for c in range(625) if not grid[c])
    digit = state.digits(cell)[0]
    root = svg.parse(draw(state, Marking(eliminations=((cell, digit),))).svg())
    board = svg.Board.read(root)
    assert not svg.groups(root, "marks") and svg.struck(root, board) == {(cell, digit)}


def test_placed_digits_are_told_from_givens():
    grid = puzzle(9)
    state = Candidates.from_grid(grid)
    open_cell = next(c for c in range(81) if not grid[c])
    state.place(open_cell, full_grid(9)[open_cell])
    root = svg.parse(draw(state, givens=grid).svg())
    board = svg.Board.read(root)
    placed = [board.cell_at(float(t.get("x")), float(t.get("y"))) for t in texts(root, "placed")]
    assert placed == [open_cell]
    (group,) = svg.groups(root, "givens")
    (placed_group,) = svg.groups(root, "placed")
    assert group.get("font-weight") == "bold" and placed_group.get("font-weight") is None  # not by colour alone
    assert group.get("fill") != placed_group.get("fill")


def test_a_marking_shades_cells_units_fins_and_each_als_and_draws_one_arrow_per_link():
    state = Candidates.from_grid(Grid.empty(9))
    marking = Marking(cells=(0, 1), units=(9 + 4, 18 + 8), fins=(40,), als=((60, 61), (70,)),
                      placements=((2, 5),), eliminations=((3, 4), (3, 6)),
                      links=(Link(Node(4, (3,)), Node(4, (30, 39), "group"), False),
                             Link(Node(4, (30, 39), "group"), Node(5, (30, 39), "als"), True)))
    root = svg.parse(draw(state, marking).svg())
    board = svg.Board.read(root)
    assert svg.shaded_cells(root, board, "cells") == {0, 1}
    units = [board.cells_in_rect(r) for g in svg.groups(root, "units") for r in svg.children(g, "rect")]
    assert units == [{4 + 9 * r for r in range(9)}, {60, 61, 62, 69, 70, 71, 78, 79, 80}]
    assert svg.shaded_cells(root, board, "fins") == {40}
    assert svg.als_sets(root, board) == {"1": {60, 61}, "2": {70}}
    assert svg.ringed(root, board, "placement") == {(2, 5)} and svg.struck(root, board) == {(3, 4), (3, 6)}
    arrows = svg.arrows(root)
    assert [(a.source, a.target, a.strong, a.dashed) for a in arrows] == [
        ("4r1c4", "4r45c4", False, True), ("4r45c4", "5r45c4", True, False)]
    nodes = [r for g in svg.groups(root, "nodes") for r in svg.children(g, "rect")]
    assert [(n.get("data-node"), n.get("data-kind")) for n in nodes] == [("4r45c4", "group"), ("5r45c4", "als")]


def test_links_there_and_back_bend_apart():
    a, b = Node(1, (0,)), Node(1, (8,))
    root = svg.parse(draw(Grid.empty(9), Marking(links=(Link(a, b, True), Link(b, a, False)))).svg())
    there, _ = svg.arrows(root)
    paths = [p.get("d") for g in svg.groups(root, "link") for p in svg.children(g, "path")]
    control_y = [float(d.split("Q")[1].split()[1]) for d in paths]
    assert control_y[0] < there.start[1] < control_y[1] or control_y[1] < there.start[1] < control_y[0]


def test_no_labels_and_the_legend_names_every_mark():
    root = svg.parse(draw(Grid.empty(4), labels=False).svg())
    assert not svg.groups(root, "labels")
    assert {what for what, _ in legend()} >= {"eliminated candidate", "placed candidate", "strong link", "weak link",
                                              "fin", "almost locked set"}


def test_grid_and_candidates_draw_themselves_for_notebooks():
    grid = puzzle(9)
    root = svg.parse(grid._repr_svg_())
    assert len(texts(root, "givens")) == grid.count_givens() and not svg.groups(root, "marks")  # a puzzle: no marks
    state = Candidates.from_grid(grid)
    root = svg.parse(state._repr_svg_())
    assert len(texts(root, "marks")) == sum(len(state.digits(c)) for c in range(81))
