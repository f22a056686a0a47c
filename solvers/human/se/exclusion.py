"""Sudoku Explainer's aligned exclusions: Aligned Pair Exclusion (6.2), Aligned Triplet Exclusion (7.5).

Take two (three) base cells and the cells with two (up to three) candidates that see all of them
(the excluders, at least two). A combination of values for the base cells is impossible when two
base cells that see each other would share a value, or when it would take every candidate of an
excluder. A base cell's candidate that appears in no possible combination is eliminated.

As in SE: a base cell holds two candidates or more, sees no cell with a single candidate and has at
least one excluder; a pair of base cells need not see each other; the third cell of a triplet is an
excluder of one of the first two (so also has at most three candidates).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.graph import cells_of, peer_bits
from sudokit.models.grid import Cell
from sudokit.solvers.human.se.kernels import COMPILED
from sudokit.solvers.human.steps import Step, cells_text, removable
from sudokit.solvers.human.view import View


def aligned_pair_exclusion(view: View) -> Iterator[Step]:
    """Eliminations from two base cells by their common bivalue excluders."""
    yield from _aligned_exclusion(view, 2, "se_aligned_pair_exclusion", 6.2)


def aligned_triplet_exclusion(view: View) -> Iterator[Step]:
    """Eliminations from three base cells by their common excluders (two or three candidates)."""
    yield from _aligned_exclusion(view, 3, "se_aligned_triplet_exclusion", 7.5)


def _aligned_exclusion(view: View, degree: int, name: str, rating: float) -> Iterator[Step]:
    parts = COMPILED.get(start=False) if view.size == 9 else None  # loaded once chains nest
    found = parts.aligned(list(view.marks), degree) if parts is not None and parts.aligned else _combinations(view, degree)
    for cells, excluders, allowed in found:
        eliminations = tuple(e for i, c in enumerate(cells) for e in removable(view, (c,), view.marks[c] & ~allowed[i]))
        pattern = f"{cells_text(cells, view.size)} excluded by {cells_text(excluders, view.size)}"
        yield Step(name, view.size, eliminations=eliminations, cells=cells, fins=tuple(excluders), pattern=pattern,
                   difficulty=rating)


def _combinations(view: View, degree: int) -> Iterator[tuple[tuple[Cell, ...], list[Cell], list[int]]]:
    """The base cells (sorted) with their common excluders and the values each keeps, wherever
    something is eliminated, in SE's order (``exclusion_compiled`` gives the same, compiled)."""
    marks, geo = view.marks, view.geometry
    count = [m.bit_count() for m in marks]
    excluders: dict[Cell, int] = {}  # base cell -> its excluders as a bitset of cells
    for cell, n in enumerate(count):
        if n >= 2 and not any(count[p] == 1 for p in geo.peers[cell]):
            bits = sum(1 << p for p in geo.peers[cell] if 2 <= count[p] <= degree)
            if bits:
                excluders[cell] = bits
    base = sorted(excluders)
    base_bits = sum(1 << c for c in base)
    seen: set[tuple[Cell, ...]] = set()
    for first, second in combinations(base, 2):
        pair_common = excluders[first] & excluders[second]
        if pair_common.bit_count() < 2:
            continue
        if degree == 2:
            groups: list[tuple[Cell, ...]] = [(first, second)]
        else:
            twins = (excluders[first] | excluders[second]) & base_bits & ~(1 << first) & ~(1 << second)
            groups = [(first, second, *tail) for tail in combinations(cells_of(twins), degree - 2)]
        for cells in groups:
            common = pair_common
            for c in cells[2:]:
                common &= excluders[c]
            if common.bit_count() < 2:
                continue
            key = tuple(sorted(cells))
            if key in seen:
                continue
            seen.add(key)
            common_cells = cells_of(common)
            allowed = _kept(marks, key, common_cells, peer_bits(view.size))
            if allowed is not None:
                yield key, common_cells, allowed


def _allowed(everything: list[int], seeing: list[tuple[int, int]], blockers: list[int]) -> list[int]:
    """Per base cell (two or three, their candidates ``everything``), the values some possible
    combination gives it: no two cells that see each other (``seeing``, index pairs) share a value,
    no excluder (``blockers``) loses every candidate. Combinations are tried in order, the first
    cell's values outermost; once every value of the other cells is allowed, one combination per
    first-cell value is enough (the outcome is the same as trying every combination)."""
    first, second, third = ([[1 << (v - 1) for v in digits_of(m)] for m in everything] + [[0]])[:3]
    first_second, first_third, second_third = ((0, 1) in seeing, (0, 2) in seeing, (1, 2) in seeing)
    rest_whole = everything[1], everything[2] if len(everything) > 2 else 0
    allowed = [0, 0, 0]
    for x in first:
        for y in second:
            if first_second and x == y:
                continue
            for z in third:
                if (first_third and z == x) or (second_third and z == y):
                    continue
                taken = x | y | z
                for e in blockers:
                    if not e & ~taken:
                        break
                else:
                    allowed[0] |= x
                    allowed[1] |= y
                    allowed[2] |= z
                    if (allowed[1], allowed[2]) == rest_whole:
                        break
            else:
                continue
            break
    return allowed[:len(everything)]


def _kept(marks: Sequence[int], cells: tuple[Cell, ...], excluders: list[Cell], sight: tuple[int, ...]
          ) -> list[int] | None:
    """What each of the base ``cells`` keeps against their common ``excluders`` (``sight``: each
    cell's peers, bits), or None when it keeps every value."""
    everything = [marks[c] for c in cells]
    held = 0
    for m in everything:
        held |= m
    blockers = [marks[e] for e in excluders if not marks[e] & ~held]  # the others never lose every value
    seeing = [(i, j) for i, j in combinations(range(len(cells)), 2) if sight[cells[i]] >> cells[j] & 1]
    if not blockers and len(seeing) < len(cells) * (len(cells) - 1) // 2:
        # Only base cells that see each other exclude a combination: with two values or more each,
        # every value has a possible combination unless all of them see each other.
        return None
    allowed = _allowed(everything, seeing, blockers)
    return None if allowed == everything else allowed
