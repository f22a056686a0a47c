"""Kraken fish (HoDoKu's): a finned fish whose fins, by chains, remove what the fish alone would.

A finned fish holds unless one of its fins is true. Type 1: a candidate of the fish's digit in a
cover, outside the body, that every fin removes by a chain (``view.implications``) goes, since the
fish would remove it too. Type 2: in each cover, a body candidate or a fin is true (without fins,
each cover holds the digit once, inside the body): a candidate that all of them remove by chains
goes. A premise that leads to a contradiction is false, and so drops out.

The fish searched: basic and Franken, sizes 2 to 4, at most 2 fins (our bound, kept small: each
fin needs its chain). Each conclusion is shown once, by the first fish found for it.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.models.graph import cells_of
from sudokit.models.grid import Cell, Digit
from sudokit.solvers.human.implications import Literal, eureka
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.techniques.complex_fish import TITLES, Fish, bits, fishes
from sudokit.solvers.human.view import View

KRAKEN_FINS = 2
KINDS = ("basic", "franken")


def kraken_fish(view: View) -> Iterator[Step]:
    """A finned fish whose every fin (type 1), or every candidate of a cover with the fins (type 2),
    leads by chains to the same removal."""
    kraken = _Kraken(view)
    for digit in range(1, view.size + 1):
        for size in (2, 3, 4):
            for kind in KINDS:
                for fish in fishes(view, digit, size, kind, KRAKEN_FINS, seen=False):
                    if fish.fins:
                        yield from kraken.type_1(fish, size, kind)
                        yield from kraken.type_2(fish, size, kind)


class _Kraken:
    """A state's chains, what each premise removes by them, and the conclusions already shown (each
    once, by the first, smallest fish that shows it)."""

    def __init__(self, view: View):
        self.view, self.size = view, view.size
        self.implications = view.implications(dynamic=False)
        self.links = self.implications.links
        self.reach: dict[Literal, frozenset[int] | None] = {}
        self.shown: set[frozenset[int]] = set()

    def removed(self, premise: Literal) -> frozenset[int] | None:
        """The coded removals a premise implies by chains, or None when it is false (a contradiction)."""
        if premise not in self.reach:
            outcome = self.implications.outcomes[premise]
            self.reach[premise] = None if outcome.shown else frozenset(k for k in outcome.reached if not k & 1)
        return self.reach[premise]

    def off(self, cell: Cell, digit: Digit) -> int:
        return self.links.code(Literal(cell, digit, False))

    def type_1(self, fish: Fish, size: int, kind: str) -> Iterator[Step]:
        digit = fish.digit
        fins = [Literal(f, digit, True) for f in cells_of(fish.fins)]
        reach = [r for r in map(self.removed, fins) if r is not None]
        if not reach:
            return
        targets = [c for c in cells_of(fish.covered & ~fish.body & ~fish.targets)
                   if all(self.off(c, digit) in r for r in reach)]
        key = frozenset(self.off(c, digit) for c in targets)
        if targets and key not in self.shown:
            self.shown.add(key)
            chains = self.chains(fins, Literal(targets[0], digit, False))
            pattern = f"Type 1, {_title(fish, size, kind, self.size)}: {chains}"
            yield fish.step("kraken_fish", self.size, sum(1 << c for c in targets), pattern)

    def type_2(self, fish: Fish, size: int, kind: str) -> Iterator[Step]:
        digit = fish.digit
        for cover in fish.cover:
            cells = cells_of(_held(self.view, cover, digit) & fish.body | fish.fins)
            premises = [Literal(c, digit, True) for c in cells]
            reach = [r for r in map(self.removed, premises) if r is not None]
            if not reach:
                continue
            common = frozenset.intersection(*reach) - {self.off(c, digit) for c in cells_of(fish.targets | fish.body)}
            if not common or common in self.shown:
                continue
            self.shown.add(common)
            removed = sorted(self.links.literal(code)[:2] for code in common)
            chains = self.chains(premises, Literal(*removed[0], False))
            name = self.view.geometry.unit_name(cover)
            pattern = f"Type 2, {_title(fish, size, kind, self.size)}, {name}: {chains}"
            step = fish.step("kraken_fish", self.size, 0, pattern)
            yield Step(step.technique, step.size, tuple(sorted({digit} | {d for _, d in removed})),
                       eliminations=tuple(removed), cells=step.cells, units=step.units, pattern=pattern,
                       fins=step.fins)

    def chains(self, premises: list[Literal], target: Literal) -> str:
        """Each premise's chain to the target, in Eureka notation (a false premise: its contradiction)."""
        shown = []
        for premise in premises:
            outcome = self.implications.outcomes[premise]
            if outcome.shown:
                shown.append(f"{eureka([premise], self.size)} is false ({outcome.what})")
            else:
                shown.append(eureka(outcome.path(self.links.code(target)), self.size))
        return "; ".join(shown)


def _title(fish: Fish, size: int, kind: str, grid: int) -> str:
    """``Finned Franken X-Wing: 5 r1b3 c17 fr2c9``."""
    return f"Finned {'' if kind == 'basic' else 'Franken '}{TITLES[size]}: {fish.pattern(grid)}"


def _held(view: View, unit: int, digit: Digit) -> int:
    return bits(view.size)[0][unit] & view.holding[digit]
