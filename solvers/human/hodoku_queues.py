"""HoDoKu's singles: the order in which it meets them, kept as HoDoKu keeps it.

HoDoKu does not scan the grid for singles. Its grid counts, for every unit and digit, the open
cells that still hold the digit, and keeps two queues as candidates go:

- a cell left with one candidate joins the naked-single queue (cell, digit);
- a unit left with one place for a digit puts that place on the hidden-single queue (cell, digit):
  the unit's first cell holding the digit, the units of the removed candidate's cell taken row,
  column, box.

Placing a digit removes it from the cell's peers in cell order, then empties the cell (its other
digits leave its units; a unit left with one place for one of them queues that place). A puzzle is
loaded by placing its givens in cell order on a grid of full candidates; a step's eliminations are
removed in its order. The singles are then:

- **Full House**: the first queued naked single (the queue is only read) whose cell is open and
  the last place of all other digits in one of its units;
- **Naked Single**: the naked-single queue's next entry whose cell is open (earlier ones dropped);
- **Hidden Single**: the hidden-single queue's next entry whose cell is open (earlier ones dropped)
  when the digit has one place in one of the cell's units; when it has not, HoDoKu looks no further
  this time (the entry is dropped and the next technique is tried).

``Queues`` is that bookkeeping beside the engine's own state; ``follow`` brings it to the state
after a step and rebuilds it when the state is not the one it expects (a guess, another start).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from sudokit.models.grid import Cell, Digit, Geometry
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View

Candidate = tuple[Cell, Digit]


@dataclass
class Queues:
    """HoDoKu's view of a grid: marks, the open places of each digit per unit, and the two queues."""

    geometry: Geometry
    marks: list[int]
    values: list[Digit]
    free: list[list[int]]  # free[unit][digit]: the open cells of the unit that hold the digit
    naked: deque[Candidate] = field(default_factory=deque)
    hidden: deque[Candidate] = field(default_factory=deque)
    units_of: tuple[tuple[int, ...], ...] = ()  # per cell, its units: row, column, box
    peers_of: tuple[tuple[Cell, ...], ...] = ()  # per cell, its peers in cell order

    @classmethod
    def load(cls, view: View) -> Queues:
        """The queues HoDoKu would hold for this state: the placed digits set in cell order on a grid of
        full candidates, then the state's missing candidates removed in cell order."""
        size, geometry = view.size, view.geometry
        full = (1 << size) - 1
        queues = cls(geometry, [full] * len(view.marks), [0] * len(view.marks),
                     [[len(unit)] * (size + 1) for unit in geometry.units])
        queues.units_of, queues.peers_of = _ordered(geometry)
        for cell, digit in enumerate(view.values):
            if digit:
                queues.place(cell, digit)
        for cell, mark in enumerate(view.marks):
            for digit in _digits(queues.marks[cell] & ~mark):
                queues.remove(cell, digit)
        return queues

    def matches(self, view: View) -> bool:
        return tuple(self.marks) == view.marks and tuple(self.values) == view.values

    # ---- changing, as HoDoKu's grid changes

    def remove(self, cell: Cell, digit: Digit) -> None:
        """Remove a candidate; queue what it leaves single."""
        bit = 1 << (digit - 1)
        if not self.marks[cell] & bit:
            return
        self.marks[cell] &= ~bit
        for unit in self.units_of[cell]:
            self._leave(unit, digit)
        left = self.marks[cell]
        if left and not left & (left - 1):
            self.naked.append((cell, left.bit_length()))

    def place(self, cell: Cell, digit: Digit) -> None:
        """Set a digit: out of the peers in cell order, then the cell's other digits out of its units."""
        if self.values[cell] == digit:
            return
        self.values[cell] = digit
        bit, marks = 1 << (digit - 1), self.marks
        for peer in self.peers_of[cell]:
            if marks[peer] & bit:
                self.remove(peer, digit)
        mark, self.marks[cell] = self.marks[cell], 0
        for other in _digits(mark):
            for unit in self.units_of[cell]:
                self.free[unit][other] -= 1
                if self.free[unit][other] == 1 and other != digit:
                    self._queue_place(unit, other)

    def _leave(self, unit: int, digit: Digit) -> None:
        self.free[unit][digit] -= 1
        if self.free[unit][digit] == 1:
            self._queue_place(unit, digit)

    def _queue_place(self, unit: int, digit: Digit) -> None:
        bit = 1 << (digit - 1)
        place = next((c for c in self.geometry.units[unit] if self.marks[c] & bit), None)
        if place is not None:
            self.hidden.append((place, digit))

    def apply(self, step: Step) -> None:
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.remove(cell, digit)

    # ---- the singles, as HoDoKu takes them

    def full_house(self) -> Step | None:
        for cell, digit in self.naked:
            if self.values[cell] == 0 and any(
                    all(self.free[unit][d] == 0 for d in range(1, len(self.free[unit])) if d != digit)
                    for unit in self.units_of[cell]):
                return Step("full_house", self.geometry.size, digits=(digit,), placements=((cell, digit),),
                            cells=(cell,))
        return None

    def naked_single(self) -> Step | None:
        while self.naked:
            cell, digit = self.naked.popleft()
            if self.values[cell] == 0:
                return Step("naked_single", self.geometry.size, digits=(digit,), placements=((cell, digit),),
                            cells=(cell,))
        return None

    def hidden_single(self) -> Step | None:
        while self.hidden:
            cell, digit = self.hidden.popleft()
            if self.values[cell] == 0:
                unit = next((u for u in self.units_of[cell] if self.free[u][digit] == 1), None)
                if unit is None:
                    return None  # a stale entry: HoDoKu tries the next technique
                return Step("hidden_single", self.geometry.size, digits=(digit,), placements=((cell, digit),),
                            cells=(cell,), units=(unit,))
        return None


def _digits(mask: int) -> Sequence[Digit]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


@cache
def _ordered(geometry: Geometry) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[Cell, ...], ...]]:
    """Each cell's units and peers, in order."""
    return (tuple(tuple(sorted(units)) for units in geometry.cell_units),
            tuple(tuple(sorted(peers)) for peers in geometry.peers))


def follow(view: View) -> Queues:
    """The queues for this state: the last state's, with the step taken there applied, or built afresh."""
    kept = view.memo.recall(_SLOT)
    if kept is not None:
        queues, last = kept[1]
        if last is not None:
            queues.apply(last)
        if queues.matches(view):
            return queues
    queues = Queues.load(view)
    taken(view, queues, None)
    return queues


def taken(view: View, queues: Queues, step: Step | None) -> None:
    """Remember the step chosen in this state: the next state is expected to be its result."""
    view.memo.store(_SLOT, None, (queues, step))


_SLOT = ("hodoku", "queues")
