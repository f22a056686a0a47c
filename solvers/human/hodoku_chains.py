"""Remote pairs as HoDoKu finds them (its chains are paths, not clusters).

sudokit's own remote pair (``techniques/chains.py``) takes a whole cluster of cells holding one pair;
HoDoKu walks simple paths of such cells instead and takes what one path proves:

- a path starts at any cell holding only the pair, with either digit first, and goes from cell to
  a cell it sees that holds the same pair (its row, column, then box, cells in order; a box cell
  in the same row or column is reached through that line), visiting no cell twice, at most ten cells;
- a path of an even number of cells, four or more, is looked at when some cell holding the first
  digit sees both its ends; it removes both digits from every cell seeing two of its cells of
  opposite parity (an odd number of steps apart, three or more);
- of the paths removing the same candidates the shortest is kept, and HoDoKu takes the step that
  removes the most, then the one whose removals come first (``hodoku.preference``).
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.models.candidates import digits_of
from sudokit.models.grid import Cell, cell_name, symbol
from sudokit.solvers.human.steps import Candidate, Step
from sudokit.solvers.human.view import View

MAX_CELLS = 10


def remote_pairs(view: View) -> Iterator[Step]:
    """Each set of removals HoDoKu's remote-pair paths prove, with the shortest path proving it."""
    found: dict[frozenset[Candidate], tuple[Cell, ...]] = {}
    for start in view.bivalue:
        pair = view.marks[start]
        first, second = digits_of(pair)
        for digit in (first, second):
            if any(digit in view.digits(c) for c in view.geometry.peers[start]):
                _walk(view, pair, digit, [start], found)
    for removed, path in found.items():
        a, b = digits_of(view.marks[path[0]])
        text = f"{symbol(a)}/{symbol(b)} " + ",".join(cell_name(c, view.size) for c in path)
        yield Step("remote_pair", view.size, (a, b), eliminations=tuple(sorted(removed)), cells=path, pattern=text,
                   length=2 * len(path))


def _walk(view: View, pair: int, digit: int, path: list[Cell], found: dict[frozenset[Candidate], tuple[Cell, ...]]) -> None:
    marks = view.marks
    if len(path) % 2 == 0 and len(path) >= 4 and _sees_both_ends(view, digit, path):
        removed = _removals(view, pair, path)
        if removed and (removed not in found or len(found[removed]) > len(path)):
            found[removed] = tuple(path)
    if len(path) == MAX_CELLS:
        return
    here = path[-1]
    row, column, _ = view.geometry.cell_units[here]
    for unit in view.geometry.cell_units[here]:
        for cell in view.geometry.units[unit]:
            if cell == here or marks[cell] != pair or cell in path:
                continue
            if unit >= 2 * view.size and (row in view.geometry.cell_units[cell] or column in view.geometry.cell_units[cell]):
                continue  # reached through the shared line
            path.append(cell)
            _walk(view, pair, digit, path, found)
            path.pop()


def _sees_both_ends(view: View, digit: int, path: list[Cell]) -> bool:
    peers = view.geometry.peers
    return any(view.has(c, digit) for c in peers[path[0]] & peers[path[-1]])


def _removals(view: View, pair: int, path: list[Cell]) -> frozenset[Candidate]:
    """Both digits out of every cell seeing two cells of the path an odd number (3+) of steps apart."""
    peers = view.geometry.peers
    removed: set[Candidate] = set()
    for i, one in enumerate(path):
        for other in path[i + 3::2]:
            for cell in peers[one] & peers[other]:
                removed |= {(cell, d) for d in digits_of(view.marks[cell] & pair)}
    return frozenset(removed)
