"""One step of the human engine, and its one-line explanation in community notation.

>>> from sudokit.solvers.human import registry  # titles the techniques
>>> s = Step("naked_pair", 9, digits=(3, 7), cells=(1, 7), pattern="3,7 in r1c2,r1c8",
...          eliminations=((3, 3), (3, 7)))
>>> s.explanation
'Naked Pair: 3,7 in r1c2,r1c8 => r1c4<>3, r1c4<>7'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from sudokit.models.candidates import digits_of
from sudokit.models.graph import AlsNode, CellNode, GroupNode
from sudokit.models.grid import Cell, Digit, cell_name, symbol

if TYPE_CHECKING:
    from sudokit.models.candidates import Candidates
    from sudokit.solvers.human.view import View

Candidate = tuple[Cell, Digit]  # a digit in a cell: what is placed or eliminated
ChainNode = CellNode | GroupNode | AlsNode  # the typed nodes of models.graph: ``cells``, ``digit``, ``kind``

# Each technique's title, as the registry names it (filled by the registry; a step of an unknown
# technique is titled by its name).
TITLES: dict[str, str] = {}

T = TypeVar("T")


class cached_attribute(Generic[T]):
    """``functools.cached_property`` without its lock, as Python 3.12's (3.11's takes one at each
    computation, and costs where the caches are cold): the value made at the first read, then kept in
    the instance's ``__dict__`` under the same name. For what is read per hint or per solve (an outer
    chain ranks hundreds of thousands of SE hints; a solve's rating), never shared between threads."""

    def __init__(self, compute: Callable[[Any], T]):
        self.compute, self.name, self.__doc__ = compute, compute.__name__, compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_attribute[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached_attribute[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


@dataclass(frozen=True, slots=True)
class ChainLink:
    """One link of a chain or net, from ``source`` to ``target``: strong (solid) or weak (dashed)."""

    source: ChainNode
    target: ChainNode
    strong: bool


@dataclass(frozen=True, slots=True)
class Step:
    """What a technique found: conclusions, and the digits, cells and units that justify them.

    ``pattern`` is the notation between the technique's title and ``=>`` (``3 in b1``);
    ``length``, for chains, the nodes they use (it adds to the SE rating, as Sudoku Explainer's does).
    What a picture of the step needs beyond that: ``chain``, the links of a chain, loop or net in
    order; ``fins``, the fin cells of a fish (or the extra cells of a pattern); ``als``, the cells
    of each almost locked set the step uses. ``difficulty``, when not 0, is the step's own SE rating
    (a technique whose rating depends on more than its chain's length sets it).
    """

    technique: str
    size: int
    digits: tuple[Digit, ...] = ()
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[Cell, ...] = ()
    units: tuple[int, ...] = ()
    pattern: str = ""
    length: int = 0
    chain: tuple[ChainLink, ...] = ()
    fins: tuple[Cell, ...] = ()
    als: tuple[tuple[Cell, ...], ...] = ()
    difficulty: float = 0.0  # the step's own SE rating, when a technique rates each step itself

    def __init__(self, technique: str, size: int, digits: tuple[Digit, ...] = (), placements: tuple[Candidate, ...] = (),
                 eliminations: tuple[Candidate, ...] = (), cells: tuple[Cell, ...] = (), units: tuple[int, ...] = (),
                 pattern: str = "", length: int = 0, chain: tuple[ChainLink, ...] = (), fins: tuple[Cell, ...] = (),
                 als: tuple[tuple[Cell, ...], ...] = (), difficulty: float = 0.0) -> None:
        """The fields in order, as the generated ``__init__`` takes them, each set through its slot (a frozen
        dataclass's own sets each with ``object.__setattr__``, at twice the cost: engines build many steps)."""
        _SLOTS[0](self, technique)
        _SLOTS[1](self, size)
        _SLOTS[2](self, digits)
        _SLOTS[3](self, placements)
        _SLOTS[4](self, eliminations)
        _SLOTS[5](self, cells)
        _SLOTS[6](self, units)
        _SLOTS[7](self, pattern)
        _SLOTS[8](self, length)
        _SLOTS[9](self, chain)
        _SLOTS[10](self, fins)
        _SLOTS[11](self, als)
        _SLOTS[12](self, difficulty)

    @property
    def explanation(self) -> str:
        """``Title: pattern => conclusions``, as HoDoKu prints a step."""
        conclusions = ", ".join(
            [f"{self.name(c)}={symbol(d)}" for c, d in self.placements]
            + [f"{self.name(c)}<>{symbol(d)}" for c, d in self.eliminations]
        )
        head = f"{self.pattern} => " if self.pattern else ""
        return f"{TITLES.get(self.technique, self.technique)}: {head}{conclusions}"

    def name(self, cell: Cell) -> str:
        return cell_name(cell, self.size)

    def to_dict(self) -> dict:
        """A JSON-ready record: technique, conclusions as ``{"cell": "r1c5", "digit": 3}``, explanation."""
        def listed(pairs):
            return [{"cell": self.name(c), "digit": d} for c, d in pairs]

        return {
            "technique": self.technique,
            "placements": listed(self.placements),
            "eliminations": listed(self.eliminations),
            "explanation": self.explanation,
        }


_SLOTS = [Step.__dict__[f.name].__set__ for f in fields(Step)]  # each field's slot setter, in order (``Step.__init__``)

Finder = Callable[["View"], Iterable[Step]]  # a technique: the steps it finds in a state


def alternating(nodes: Sequence[ChainNode], first_strong: bool = True) -> tuple[ChainLink, ...]:
    """The links of a chain of nodes whose links alternate, the first strong (or weak).

    >>> [link.strong for link in alternating([CellNode(0, 1), CellNode(0, 2), CellNode(5, 2)])]
    [True, False]
    """
    return tuple(ChainLink(a, b, (i % 2 == 0) == first_strong) for i, (a, b) in enumerate(pairwise(nodes)))


def cells_text(cells: Iterable[Cell], size: int) -> str:
    """``r1c2,r1c8``."""
    return ",".join(cell_name(c, size) for c in cells)


def digits_text(digits: Iterable[Digit]) -> str:
    """``3,7``."""
    return ",".join(map(symbol, digits))


def removable(state: View | Candidates, cells: Iterable[Cell], mask: int) -> tuple[Candidate, ...]:
    """The candidates of ``mask`` that ``cells`` still hold, in cell order."""
    marks = state.marks
    return tuple((c, d) for c in sorted(cells) if marks[c] & mask for d in digits_of(marks[c] & mask))

