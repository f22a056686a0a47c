"""Pencil marks: built from puzzles, read from the community's formats, written back, checked."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates, digits_of, mask_of
from sudokit.models.grid import Grid, PuzzleError

EASY = load_set("easy50").puzzles[0].grid
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"  # EASY, solved


def test_full_marks_keep_the_solution_and_respect_the_givens():
    pm = Candidates.from_grid(EASY)
    solution = Grid.parse(SOLVED)
    for cell in range(81):
        if EASY[cell]:
            assert pm.values[cell] == EASY[cell] and pm.marks[cell] == 0
        else:
            assert pm.has(cell, solution[cell])
            assert not any(pm.has(cell, EASY[p]) for p in pm.geometry.peers[cell] if EASY[p])


def test_place_removes_the_digit_from_the_peers_only():
    pm = Candidates.from_grid(Grid.empty(9))
    pm.place(0, 5)
    assert pm.values[0] == 5 and pm.digits(0) == ()
    assert all(not pm.has(p, 5) for p in pm.geometry.peers[0])
    assert pm.has(80, 5) and pm.digits(80) == tuple(range(1, 10))


@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_line_and_picture_read_back(size):
    pm = Candidates.from_grid(Grid.empty(size))
    pm.place(0, size)
    pm.eliminate(size + 2, 1)
    assert len(pm.line()) == size**3
    for text in (pm.line(), pm.picture()):
        back = Candidates.parse(text)
        assert (back.size, back.marks, back.values) == (size, pm.marks, pm.values)


HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_MARKS = """
.------------------------.------------------------.----------------------.
| 4      1679    12679   | 139    2369    1269    | 8      1239   5      |
| 26789  3       1256789 | 14589  24569   1245689 | 12679  1249   124679 |
| 2689   15689   125689  | 7      234569  1245689 | 12369  12349  123469 |
:------------------------+------------------------+----------------------:
| 3789   2       135789  | 3459   34579   4579    | 13579  6      13789  |
| 3679   15679   135679  | 359    8       25679   | 4      12359  12379  |
| 36789  456789  356789  | 3459   1       245679  | 23579  23589  23789  |
:------------------------+------------------------+----------------------:
| 289    89      289     | 6      459     3       | 1259   7      12489  |
| 5      6789    36789   | 2      479     14789   | 1369   13489  134689 |
| 1      6789    4       | 589    579     5789    | 23569  23589  23689  |
'------------------------'------------------------'----------------------'
"""  # HoDoKu's pencil marks of HARD before any step


def test_reads_a_hodoku_pencil_mark_grid():
    pm = Candidates.parse(HARD_MARKS)
    assert pm.values[0] == 4 and pm.digits(1) == (1, 6, 7, 9) and pm.digits(80) == (2, 3, 6, 8, 9)
    assert pm.marks == Candidates.from_grid(Grid.parse(HARD)).marks


def test_a_puzzle_line_is_read_as_its_full_marks():
    assert Candidates.parse(EASY.line()).marks == Candidates.from_grid(EASY).marks


def test_a_single_candidate_is_a_placement():
    pm = Candidates.parse("1........" + "123456789" * 80)  # r1c1 shows only 1
    assert pm.values[0] == 1 and not pm.has(1, 1) and not pm.has(10, 1) and pm.has(80, 1)


@pytest.mark.parametrize("text, rule", [
    ("1........" * 2 + "123456789" * 79, "both hold 1"),
    ("X" * 729, "r1c1: 'X' is not a digit"),
    ("1" * 80, "wrong length"),
])
def test_bad_states_are_refused_with_the_rule(text, rule):
    with pytest.raises(PuzzleError, match=rule):
        Candidates.parse(text)


def test_contradictions_name_the_cell_or_the_unit():
    pm = Candidates.from_grid(EASY)
    assert pm.contradiction() is None
    open_cell = next(c for c in range(81) if not EASY[c])
    for digit in pm.digits(open_cell):
        pm.eliminate(open_cell, digit)
    assert pm.contradiction() == f"r{open_cell // 9 + 1}c{open_cell % 9 + 1} has no candidate left"
    row = Candidates.from_grid(Grid.empty(4))
    for cell in range(4):
        row.eliminate(cell, 3)
    assert row.contradiction() == "3 has no place in r1"


def test_masks_and_digits_are_inverse():
    assert digits_of(mask_of((2, 5, 9))) == (2, 5, 9)
    assert mask_of(digits_of(0b1_0110_0001)) == 0b1_0110_0001


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="123456789.0|-+:' \nabcXYZ", max_size=800))
def test_garbage_is_a_puzzle_error_never_a_crash(text):
    try:
        pm = Candidates.parse(text)
    except PuzzleError:
        return
    assert pm.size in (4, 9, 16, 25)

