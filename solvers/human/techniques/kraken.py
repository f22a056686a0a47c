"""Kraken fish (HoDoKu's): a finned fish whose fins, by chains, remove what the fish alone would.

A finned fish holds unless one of its fins is true. Type 1: a candidate of the fish's digit in a
cover, outside the body, that every fin removes by a chain (``view.implications``) goes, since the
fish would remove it too. Type 2: in each cover, a body candidate or a fin is true (without fins,
each cover holds the digit once, inside the body): a candidate that all of them remove by chains
goes. A premise that leads to a contradiction is false, and so drops out.

The fish are HoDoKu's defaults for kraken: basic and Franken, sizes 2 to 4, at most 2 fins.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.models.grid import Cell, Digit
from sudokit.solvers.human.implications import Implications, Literal, eureka
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.techniques.complex_fish import TITLES, Fish, fishes
from sudokit.solvers.human.view import View

KRAKEN_FINS = 2
KINDS = ("basic", "franken")


def kraken_fish(view: View) -> Iterator[Step]:
    """A finned fish whose every fin (type 1), or every candidate of a cover with the fins (type 2),
    leads by chains to the same removal."""
    implications = view.implications(dynamic=False)
    for digit in range(1, view.size + 1):
        for size in (2, 3, 4):
            for kind in KINDS:
                for fish in fishes(view, digit, size, kind, KRAKEN_FINS, seen=False):
                    if fish.fins:
                        yield from _type_1(view, fish, size, kind, implications)
                        yield from _type_2(view, fish, size, kind, implications)


def _title(fish: Fish, size: int, kind: str, grid: int) -> str:
    """``Finned Franken X-Wing: 5 r1b3 c17 fr2c9``."""
    return f"Finned {'' if kind == 'basic' else 'Franken '}{TITLES[size]}: {fish.pattern(grid)}"


def _removed(implications: Implications, premise: Literal) -> set[int] | None:
    """The coded removals a premise implies by chains, or None when it is false (a contradiction)."""
    outcome = implications.outcomes[premise]
    if outcome.shown:
        return None
    return {code for code in outcome.reached if not code & 1}


def _chains(implications: Implications, premises: list[Literal], target: Literal, size: int) -> str:
    """Each premise's chain to the target, in Eureka notation (a false premise: its contradiction)."""
    links, shown = implications.links, []
    for premise in premises:
        outcome = implications.outcomes[premise]
        if outcome.shown:
            shown.append(f"{eureka([premise], size)} is false ({outcome.what})")
        else:
            shown.append(eureka(outcome.path(links.code(target)), size))
    return "; ".join(shown)


def _type_1(view: View, fish: Fish, size: int, kind: str, implications: Implications) -> Iterator[Step]:
    digit, links = fish.digit, implications.links
    fins = [Literal(f, digit, True) for f in _cells(fish.fins)]
    reach = [_removed(implications, fin) for fin in fins]
    targets = [c for c in _cells(fish.covered & ~fish.body & ~fish.targets)
               if all(r is None or links.code(Literal(c, digit, False)) in r for r in reach)]
    if targets and not all(r is None for r in reach):
        first = Literal(targets[0], digit, False)
        pattern = f"Type 1, {_title(fish, size, kind, view.size)}: {_chains(implications, fins, first, view.size)}"
        yield fish.step("kraken_fish", view.size, sum(1 << c for c in targets), pattern)


def _type_2(view: View, fish: Fish, size: int, kind: str, implications: Implications) -> Iterator[Step]:
    digit, links, marks = fish.digit, implications.links, view.marks
    for cover in fish.cover:
        cells = _cells(_held(view, cover, digit) & fish.body | fish.fins)
        premises = [Literal(c, digit, True) for c in cells]
        reach = [r for p in premises if (r := _removed(implications, p)) is not None]
        if not reach:
            continue
        common = set.intersection(*reach) - {links.code(Literal(c, digit, False)) for c in cells}
        removed = sorted(links.literal(code)[:2] for code in common)
        removed = [(c, d) for c, d in removed
                   if marks[c] >> (d - 1) & 1 and not (d == digit and fish.targets >> c & 1)]
        if removed:
            first = Literal(removed[0][0], removed[0][1], False)
            name = view.geometry.unit_name(cover)
            pattern = f"Type 2, {_title(fish, size, kind, view.size)}, {name}: {_chains(implications, premises, first, view.size)}"
            digits = tuple(sorted({digit} | {d for _, d in removed}))
            step = fish.step("kraken_fish", view.size, 0, pattern)
            yield Step(step.technique, step.size, digits, eliminations=tuple(removed), cells=step.cells,
                       units=step.units, pattern=pattern, fins=step.fins)


def _held(view: View, unit: int, digit: Digit) -> int:
    return sum(1 << c for c in view.geometry.units[unit] if view.marks[c] >> (digit - 1) & 1)


def _cells(bits: int) -> list[Cell]:
    return [c for c in range(bits.bit_length()) if bits >> c & 1]
