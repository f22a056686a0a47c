"""One pencil-mark state as every technique reads it: the marks, and what techniques derive from them.

The engine builds a ``View`` per state and hands it to each technique in turn. What several
techniques need is derived on first use and then kept for the state: each unit's places per
digit, the cells holding each digit (bitsets), the bivalue cells, the networkx link graphs
(``graphs``, a ``models.graph.GraphView``), the almost locked sets and their restricted commons,
the forcing implications. A technique's own result shared by several techniques (its nice loops,
its fish) is kept with ``shared``.

Incremental where it pays: a result that depends only on one digit's candidates (a fish, an
X-chain, a colouring, the digit's link graphs) is kept by ``per_digit`` in the solve's ``Memo``
under the cells holding that digit, and a later state whose digit has not changed reuses it (most
steps change few digits); so are a unit's subsets (``per_cells``), a unit's ALSs (under its cells' candidates), an ALS's links and a
box-line's Sue de Coq. The forcing implications are found afresh per state, every premise at once. Every kept
value is stored with what it was computed from, so a state with other content never gets it.

>>> from sudokit.models.grid import Grid
>>> view = View(Candidates.from_grid(Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")))
>>> view.digits(1), list(view.strong(4).edges)
((1, 6, 7, 9), [(58, 62)])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.graph import Als, GraphView, holding_bits, restricted_commons, unit_sets
from sudokit.models.grid import Cell, Digit, Geometry
from sudokit.solvers.base import Deadline, SearchTimeout

if TYPE_CHECKING:
    import networkx as nx

    from sudokit.solvers.human.implications import Implications

T = TypeVar("T")


class Memo:
    """What one solve keeps from state to state: one slot per (function, place), holding the value
    with the content it was computed from; a state with other content computes it afresh."""

    def __init__(self) -> None:
        self._slots: dict[Hashable, tuple[Hashable, Any]] = {}

    def get(self, slot: Hashable, content: Hashable, compute: Callable[[], T]) -> T:
        kept = self._slots.get(slot)
        if kept is not None and kept[0] == content:
            return kept[1]
        value = compute()
        self._slots[slot] = (content, value)
        return value

    def recall(self, slot: Hashable) -> tuple[Any, Any] | None:
        """What a slot holds, (content, value), for a caller that can tell what of it still holds."""
        return self._slots.get(slot)

    def store(self, slot: Hashable, content: Hashable, value: object) -> None:
        self._slots[slot] = (content, value)


class View:
    """A read-only pencil-mark state, with what techniques derive from it computed once."""

    def __init__(self, state: Candidates, memo: Memo | None = None, deadline: Deadline | None = None):
        self.size = state.size
        self.marks: tuple[int, ...] = tuple(state.marks)
        self.values: tuple[Digit, ...] = tuple(state.values)
        self.geometry: Geometry = state.geometry
        self.memo = memo if memo is not None else Memo()
        self._shared: dict[Callable, Any] = {}
        self.deadline = deadline  # a solve's; choosers poll it between finders

    def poll(self) -> None:
        """Raise ``SearchTimeout`` once the solve's deadline has passed."""
        if self.deadline is not None and self.deadline.passed():
            raise SearchTimeout

    @classmethod
    def of(cls, state: Candidates | View) -> View:
        """A view of a state (a view is its own)."""
        return state if isinstance(state, View) else cls(state)

    def candidates(self) -> Candidates:
        """The state as (new, mutable) pencil marks."""
        return Candidates(self.size, list(self.marks), list(self.values))

    # ---- the marks

    def digits(self, cell: Cell) -> tuple[Digit, ...]:
        return digits_of(self.marks[cell])

    def has(self, cell: Cell, digit: Digit) -> bool:
        return bool(self.marks[cell] >> (digit - 1) & 1)

    def places(self, unit: int) -> dict[Digit, list[Cell]]:
        """Each digit not yet placed in a unit, with the cells of the unit that still hold it
        (as ``Candidates.places``; found once per unit, and shared: do not change the lists)."""
        found = self._places[unit]
        if found is None:
            marks, values = self.marks, self.values
            cells = self.geometry.units[unit]
            placed = {values[c] for c in cells}
            found = {d: [] for d in range(1, self.size + 1) if d not in placed}
            for cell in cells:
                for digit in digits_of(marks[cell]):
                    found[digit].append(cell)
            self._places[unit] = found
        return found

    @cached_property
    def _places(self) -> list[dict[Digit, list[Cell]] | None]:
        return [None] * len(self.geometry.units)

    @cached_property
    def holding(self) -> tuple[int, ...]:
        """Per digit (index 1 … N), the cells holding it as a bitset."""
        return holding_bits(self.marks, self.size)

    @cached_property
    def bivalue(self) -> tuple[Cell, ...]:
        """The cells with exactly two candidates."""
        return tuple(c for c, m in enumerate(self.marks) if m.bit_count() == 2)

    # ---- derived structures

    @cached_property
    def graphs(self) -> GraphView:
        """The networkx link graphs (built on first use, each graph when first asked for)."""
        return GraphView(self.size, self.marks, self.memo)

    def strong(self, digit: Digit) -> nx.Graph:
        """A digit's strong links (conjugate pairs), as a networkx graph."""
        return self.graphs.strong(digit)

    @cached_property
    def als(self) -> tuple[Als, ...]:
        """Every almost locked set, unit by unit (as ``models.graph.almost_locked_sets``); a unit's
        sets are kept for later states while its cells' candidates stay the same."""
        marks, found = self.marks, dict[int, Als]()
        for unit, cells in enumerate(self.geometry.units):
            def sets(cells: tuple[Cell, ...] = cells) -> list[Als]:
                return [Als.of(subset, marks) for subset, _ in unit_sets(marks, cells)]

            for s in self.memo.get((Als, self.size, unit), tuple(marks[c] for c in cells), sets):
                found.setdefault(s.bits, s)
        return tuple(found.values())

    @cached_property
    def restricted_commons(self) -> list[list[tuple[int, tuple[Digit, ...]]]]:
        """Per ALS of ``als``: the disjoint ALSs it shares restricted common digits with, and those digits."""
        return restricted_commons(self.size, self.als)

    def implications(self, dynamic: bool) -> Implications:
        """Where each premise (a candidate set, or removed) leads: by chains, or by nets (``dynamic``)."""
        from sudokit.solvers.human.implications import Implications

        return self.shared(Implications.nets if dynamic else Implications.chains)

    # ---- results techniques share

    def shared(self, derive: Callable[[View], T]) -> T:
        """``derive(self)``, computed once for this state."""
        if derive not in self._shared:
            self.poll()  # (what is derived can take seconds on a big grid: the deadline is looked at first)
            self._shared[derive] = derive(self)
        return self._shared[derive]

    def computed(self, derive: Callable[[View], T]) -> T | None:
        """``derive(self)`` if it was computed for this state (``shared``), else None."""
        return self._shared.get(derive)

    def per_cells(self, derive: Callable[..., T], cells: tuple[Cell, ...], *args: Hashable) -> T:
        """``derive(self, *args)`` for a function of the candidates of ``cells`` alone (a unit's, a
        box-line's): kept for later states where those cells' candidates are the same."""
        marks = self.marks
        return self.memo.get((derive, *args), tuple([marks[c] for c in cells]), lambda: self._polled(derive, *args))

    def per_digit(self, derive: Callable[..., T], digit: Digit, *args: Hashable) -> T:
        """``derive(self, digit, *args)`` for a function of the digit's candidates alone: kept for
        later states where the digit's candidates are the same."""
        return self.memo.get((derive, digit, *args), self.holding[digit], lambda: self._polled(derive, digit, *args))

    def _polled(self, derive: Callable[..., T], *args: Hashable) -> T:
        """``derive(self, *args)`` once the deadline has been looked at (``poll``)."""
        self.poll()
        return derive(self, *args)
