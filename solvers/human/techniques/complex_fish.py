"""Franken and Mutant fish (HoDoKu's complex fish): base and cover sets drawn from rows, columns and boxes.

k base units hold a digit's candidates (the body); k cover units, none of them a base unit, hold
every body candidate except the fins. With no fin, the k base units (disjoint) hold the digit k
times and each cover at most once: each cover holds it exactly once, inside the body. The digit
leaves the covers' other cells, and the body cells two covers share (cannibalism). Fins are body
cells no cover holds, and endo fins, cells two base units share: either a fin is true or the fish
holds, so only candidates that see every fin go.

HoDoKu names a fish by the units it uses: basic (rows covered by columns, or columns by rows),
Franken (rows and boxes covered by columns and boxes, or columns and boxes by rows and boxes, a
box among them), Mutant (any other mix). Its defaults: at most 5 fins, 2 of them endo fins.
A fish is a pattern of one digit's candidates: found once per digit and kept while they stay the
same (``View.per_digit``); the fish without fins are those the search with fins finds that have none
(in the same order: a fin is only ever tried after the covers), so one search serves a size's
finned and unfinned techniques. On 9x9 grids a compiled search (``complex_fish_compiled``, the ``fast``
extra) finds them once loaded: the same fish, in the same order; the Python search is the reference.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from types import ModuleType

from sudokit.models.graph import cells_of
from sudokit.models.grid import Digit, geometry, symbol
from sudokit.solvers.human.se.jit import Background
from sudokit.solvers.human.steps import Step, cells_text
from sudokit.solvers.human.view import View

MAX_FINS = 5  # HoDoKu's default limits
MAX_ENDO_FINS = 2
ROWS, COLS, BOXES = 1, 2, 4  # unit kinds, as bits
SPACES = {  # per kind of fish: the (base kinds, cover kinds) to search
    "basic": ((ROWS, COLS), (COLS, ROWS)),
    "franken": ((ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)),
    "mutant": ((ROWS | COLS | BOXES, ROWS | COLS | BOXES),),
}
SIZE_NAMES = {2: "x_wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag", 6: "whale", 7: "leviathan"}
TITLES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale", 7: "Leviathan"}


@dataclass(frozen=True)
class Fish:
    """One fish of a digit: its units and cells as bitsets over the grid's cells."""

    digit: Digit
    base: tuple[int, ...]  # unit ids
    cover: tuple[int, ...]
    body: int  # the base units' candidates
    covered: int  # the cover units' candidates
    fins: int  # endo fins included
    endo: int
    targets: int  # the candidates it removes

    def kind(self, size: int) -> str:
        """basic, franken or mutant, by the units used (HoDoKu's rule)."""
        return _kind(self.base, self.cover, size)

    def pattern(self, size: int) -> str:
        """HoDoKu's notation: ``4 r15b8 c257 fr9c6 efr2c3`` (digit, base, cover, fins, endo fins)."""
        text = f"{symbol(self.digit)} {units_text(self.base, size)} {units_text(self.cover, size)}"
        exo = cells_of(self.fins & ~self.endo)
        if exo:
            text += " " + " ".join("f" + cells_text([c], size) for c in exo)
        if self.endo:
            text += " " + " ".join("ef" + cells_text([c], size) for c in cells_of(self.endo))
        return text

    def step(self, name: str, size: int, targets: int | None = None, pattern: str = "") -> Step:
        """The fish as a step of technique ``name`` removing ``targets`` (default: its own)."""
        removed = self.targets if targets is None else targets
        return Step(name, size, (self.digit,), eliminations=tuple((c, self.digit) for c in cells_of(removed)),
                    cells=tuple(cells_of(self.body & ~self.fins)), units=self.base + self.cover,
                    pattern=pattern or self.pattern(size), fins=tuple(cells_of(self.fins)))


def units_text(units: tuple[int, ...], size: int) -> str:
    """``r15b8``: unit numbers grouped by kind (rows, columns, boxes), as HoDoKu writes them."""
    text = ""
    for kind, letter in enumerate("rcb"):
        numbers = sorted(u % size + 1 for u in units if u // size == kind)
        if numbers:
            text += letter + ("" if size <= 9 else ",").join(map(str, numbers))
    return text


@cache
def bits(size: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """Per unit its cells, per cell its peers (bitsets), per cell its units."""
    geo = geometry(size)
    units = tuple(sum(1 << c for c in cells) for cells in geo.units)
    peers = tuple(sum(1 << p for p in geo.peers[c]) for c in geo.cells)
    return units, peers, geo.cell_units




def fishes(view: View, digit: Digit, size: int, kind: str, max_fins: int, seen: bool = True) -> list[Fish]:
    """Every fish of a digit, size and kind with at most ``max_fins`` fins (kept per digit). With
    ``seen``, fins must have a common peer holding the digit (else the fish can remove nothing)."""
    return view.per_digit(_search, digit, size, kind, max_fins, seen)


def _search(view: View, digit: Digit, size: int, kind: str, max_fins: int, seen: bool) -> list[Fish]:
    """The fish by the compiled search when it is ready (9x9 grids), else by ``python_search``."""
    kernels = _compiled() if view.size == 9 else None
    if kernels is None:
        return python_search(view, digit, size, kind, max_fins, seen)
    return [Fish(digit, *row) for row in kernels.search(view.holding[digit], size, kind, max_fins, seen)]


def python_search(view: View, digit: Digit, size: int, kind: str, max_fins: int, seen: bool) -> list[Fish]:
    """The fish of one digit, size and kind (the pure-Python search, the reference)."""
    search = _Search(view, digit, size, kind, max_fins, seen)
    for base_kinds, cover_kinds in SPACES[kind]:
        search.run(base_kinds, cover_kinds)
    return search.found


class _Search:
    """One digit's fish of one size and kind: base sets by combination, then their cover sets, a
    cell at a time (the first body cell not yet covered: each unit holding it, or a fin)."""

    def __init__(self, view: View, digit: Digit, size: int, kind: str, max_fins: int, seen: bool):
        self.n = view.size
        self.units, self.peers, self.cell_units = bits(self.n)
        self.holding = view.holding[digit]
        self.held = [u & self.holding for u in self.units]
        self.digit, self.size, self.kind, self.max_fins, self.seen = digit, size, kind, max_fins, seen
        self.found: list[Fish] = []

    def run(self, base_kinds: int, cover_kinds: int) -> None:
        n, held, peers = self.n, self.held, self.peers
        bases = [u for u in range(3 * n) if 1 << (u // n) & base_kinds and held[u]]
        self.cover_ok = [bool(1 << (u // n) & cover_kinds) for u in range(3 * n)]
        for base in combinations(bases, self.size):
            body = endo = 0
            for u in base:
                endo |= body & held[u]
                body |= held[u]
            if endo and endo.bit_count() > min(self.max_fins, MAX_ENDO_FINS):
                continue
            common = self.holding
            for f in cells_of(endo):
                common &= peers[f]
            if self.seen and endo and not common:
                continue
            self.base, self.body, self.endo = base, body, endo
            self.in_base = sum(1 << u for u in base)
            self.covers(body & ~endo, (), 0, endo, common)

    def covers(self, todo: int, chosen: tuple[int, ...], banned: int, fins: int, common: int) -> None:
        """Every way to add covers to ``chosen`` that hold ``todo`` but for fins; ``banned`` units may
        not be added, ``common`` are the cells holding the digit that see every fin so far."""
        if len(chosen) == self.size:
            self.leaf(todo, chosen, fins, common)
            return
        if not todo:
            return  # fewer covers hold the body: a smaller fish
        low = todo & -todo
        cell = low.bit_length() - 1
        for u in self.cell_units[cell]:
            if self.cover_ok[u] and not (banned | self.in_base) >> u & 1:
                self.covers(todo & ~self.units[u], (*chosen, u), banned, fins, common)
                banned |= 1 << u  # a later choice covers this cell otherwise: no cover set twice
        if fins.bit_count() < self.max_fins and (not self.seen or common & self.peers[cell]):
            self.covers(todo & ~low, chosen, banned, fins | low, common & self.peers[cell])

    def leaf(self, todo: int, cover: tuple[int, ...], fins: int, common: int) -> None:
        """A complete cover set: what is left of the body are fins too."""
        fins |= todo
        if fins.bit_count() > self.max_fins:
            return
        for cell in cells_of(todo):
            common &= self.peers[cell]
        if self.seen and fins and not common:
            return
        covered = shared = 0
        for u in cover:
            shared |= covered & self.held[u]
            covered |= self.held[u]
        body = self.body
        targets = ((covered & ~body) | (shared & body & ~fins)) & (common if fins else -1)
        if (targets or not self.seen) and _kind(self.base, cover, self.n) == self.kind:
            self.found.append(Fish(self.digit, self.base, tuple(sorted(cover)), body, covered, fins, self.endo,
                                   targets))


def _kind(base: tuple[int, ...], cover: tuple[int, ...], size: int) -> str:
    """basic, franken or mutant, by the kinds of units used (HoDoKu's rule)."""
    b = c = 0
    for u in base:
        b |= 1 << (u // size)
    for u in cover:
        c |= 1 << (u // size)
    if (b, c) in ((ROWS, COLS), (COLS, ROWS)):
        return "basic"
    if (not b & COLS and not c & ROWS) or (not b & ROWS and not c & COLS):
        return "franken"
    return "mutant"


def _compiled() -> ModuleType | None:
    """The compiled search (``complex_fish_compiled``) once it is ready: loaded once the default
    ladder's compiled parts are (``singles_compiled.LOADER``), in the background; None until then."""
    from sudokit.solvers.human.singles_compiled import LOADER

    return COMPILED.get() if LOADER.value is not None else None


def _build() -> ModuleType:
    from sudokit.solvers.human import complex_fish_compiled

    complex_fish_compiled.warm()
    return complex_fish_compiled


COMPILED: Background[ModuleType] = Background(_build, lambda: False)  # (a thread: the solve goes on meanwhile)


def _finder(kind: str, size: int, finned: bool):
    name = ("finned_" if finned else "") + f"{kind}_{SIZE_NAMES[size]}"

    def find(view: View) -> Iterator[Step]:
        for digit in range(1, view.size + 1):  # (the fish without fins: the finned search's that have none, in order)
            for fish in fishes(view, digit, size, kind, MAX_FINS):
                if fish.targets and bool(fish.fins) == finned:
                    yield fish.step(name, view.size)

    find.__name__ = name
    find.__doc__ = f"{'Finned ' if finned else ''}{kind.title()} {TITLES[size]}: {size} base and cover units " \
                   f"of rows, columns and boxes{' with fins' if finned else ''}."
    return find


franken_x_wing = _finder("franken", 2, False)
franken_swordfish = _finder("franken", 3, False)
franken_jellyfish = _finder("franken", 4, False)
franken_squirmbag = _finder("franken", 5, False)
franken_whale = _finder("franken", 6, False)
franken_leviathan = _finder("franken", 7, False)
finned_franken_x_wing = _finder("franken", 2, True)
finned_franken_swordfish = _finder("franken", 3, True)
finned_franken_jellyfish = _finder("franken", 4, True)
finned_franken_squirmbag = _finder("franken", 5, True)
finned_franken_whale = _finder("franken", 6, True)
finned_franken_leviathan = _finder("franken", 7, True)
mutant_x_wing = _finder("mutant", 2, False)
mutant_swordfish = _finder("mutant", 3, False)
mutant_jellyfish = _finder("mutant", 4, False)
mutant_squirmbag = _finder("mutant", 5, False)
mutant_whale = _finder("mutant", 6, False)
mutant_leviathan = _finder("mutant", 7, False)
finned_mutant_x_wing = _finder("mutant", 2, True)
finned_mutant_swordfish = _finder("mutant", 3, True)
finned_mutant_jellyfish = _finder("mutant", 4, True)
finned_mutant_squirmbag = _finder("mutant", 5, True)
finned_mutant_whale = _finder("mutant", 6, True)
finned_mutant_leviathan = _finder("mutant", 7, True)
