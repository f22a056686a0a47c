"""Sudoku Explainer's mode: its techniques, in its order, its step choice and its three numbers.

How SE's rater (``serate``, SE 1.2.1.3) goes: at each state it asks its hint producers, in a fixed
order, and applies the first hint any of them reports; a producer that collects its hints before
reporting (the unique loops, and every chaining producer) reports its easiest first (by rating,
ties by type for the loops and by chain length for the chains). It never looks past the first
producer that fires, so a harder hint of an earlier producer wins over an easier one of a later
producer (a hidden single in a row, 1.5, before a direct pointing, 1.7).

The producers, in order: hidden singles (last cell 1.0, box 1.2, line 1.5); direct pointing and
claiming (1.7, 1.9); direct hidden pair (2.0); naked single (2.3); direct hidden triplet (2.5);
pointing and claiming (2.6, 2.8); naked pair (3.0), X-Wing (3.2), hidden pair (3.4), naked triplet
(3.6), swordfish (3.8), hidden triplet (4.0), XY-Wing (4.2), XYZ-Wing (4.4), unique rectangles and
loops (4.5+), naked quad (5.0), jellyfish (5.2), hidden quad (5.4), BUG (5.6+), Aligned Pair
Exclusion (6.2); then the chains: cycles and forcing chains (6.5-7.4), Aligned Triplet Exclusion
(7.5), Nishio (7.5+), multiple forcing chains (8.0+), dynamic forcing chains (8.5+), dynamic (+)
(9.0+) and the nested levels (9.5+). The chains are the techniques of family ``se_chains`` in the
registry, whichever exist: ordered by rating, those under 7.5 form SE's first chaining producer
and each higher half point one producer of its own (``chain_producers``).

The path is rated as SE rates it: ER the hardest step, EP the hardest up to the first placement,
ED the first step (``rating.rate``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from sudokit.models.candidates import Candidates
from sudokit.solvers.human.rating import Rating, rate, se_rating
from sudokit.solvers.human.registry import TECHNIQUES
from sudokit.solvers.human.se.jit import Background, cached
from sudokit.solvers.human.steps import Finder, Step
from sudokit.solvers.human.view import View


@dataclass(frozen=True)
class Producer:
    """One of SE's hint producers: its techniques, and whether it reports its easiest hint first
    (else the first it finds)."""

    techniques: tuple[str, ...]
    easiest: bool = False


_BEFORE_CHAINS = (
    Producer(("se_hidden_single",)),
    Producer(("se_direct_pointing", "se_direct_claiming")),
    Producer(("se_direct_hidden_pair",)),
    Producer(("naked_single",)),
    Producer(("se_direct_hidden_triplet",)),
    Producer(("locked_candidates_pointing", "locked_candidates_claiming")),
    *(Producer((name,)) for name in ("naked_pair", "x_wing", "hidden_pair", "naked_triple", "swordfish",
                                     "hidden_triple", "xy_wing", "xyz_wing")),
    Producer(("se_unique_loop_1", "se_unique_loop_2", "se_unique_loop_3", "se_unique_loop_4"),
             easiest=True),
    *(Producer((name,)) for name in ("naked_quad", "jellyfish", "hidden_quad")),
    Producer(("se_bug_1", "se_bug_2", "se_bug_4", "se_bug_3")),
    Producer(("se_aligned_pair_exclusion",)),
)
CYCLES_BELOW = 7.5  # SE's first chaining producer: cycles and forcing chains, 6.5 up to 7.4


def chain_producers() -> tuple[Producer, ...]:
    """The chaining producers from the registry's ``se_chains`` techniques, with Aligned Triplet
    Exclusion where SE asks for it (after the cycles, before Nishio).

    SE's chaining producers have base ratings 7.5 (Nishio), 8.0 (multiple), 8.5 (dynamic), 9.0
    (dynamic +) and 9.5, 10.0, 10.5, 11.0 (nested levels 2 to 5); a chain adds at most a few tenths
    to its base. So the ``se_chains`` techniques rated 7.5 or more are grouped by the half point
    below their rating (a technique registered at 8.2 belongs with the 8.0 producer), and those
    under 7.5 form the first chaining producer, whatever names and ratings they are registered with.
    """
    chains = sorted((t for t in TECHNIQUES.values() if t.family == "se_chains"), key=lambda t: t.se_rating)
    first = tuple(t.name for t in chains if t.se_rating < CYCLES_BELOW)
    found = [Producer(first, easiest=True)] if first else []
    found.append(Producer(("se_aligned_triplet_exclusion",)))
    later = [t for t in chains if t.se_rating >= CYCLES_BELOW]
    for base in sorted({_base(t.se_rating) for t in later}):
        found.append(Producer(tuple(t.name for t in later if _base(t.se_rating) == base), easiest=True))
    return tuple(found)


def _base(rating: float) -> float:
    """The base rating of the SE chaining producer a rating belongs to: the half point below it."""
    return int(rating * 2 + 1e-9) / 2


PRODUCERS: tuple[Producer, ...] = (*_BEFORE_CHAINS, *chain_producers())
TECHNIQUE_NAMES: tuple[str, ...] = tuple(name for p in PRODUCERS for name in p.techniques)
HEAD = TECHNIQUE_NAMES[:TECHNIQUE_NAMES.index("hidden_triple") + 1]  # what ``head_compiled`` runs: up to 4.0
UNIQUENESS = frozenset({"se_unique_loop_1", "se_unique_loop_2", "se_unique_loop_3", "se_unique_loop_4",
                        "se_bug_1", "se_bug_2", "se_bug_3", "se_bug_4"})


def choose(view: View, finders: Sequence[Finder]) -> Step | None:
    """SE's next step: the first hint of the first producer that has one (its easiest, for a
    producer that sorts its hints: its finders report their steps easiest first, so a finder's
    steps are only read until one is harder than the best so far).

    Where the finders start with SE's first producers (``HEAD``) and their compiled loop is ready
    (``head_compiled``), that loop finds their steps, several states ahead (``_Plan``)."""
    start = 0
    if head := _head(tuple(finders[:len(HEAD)])):  # (a short key: asked at every step)
        view.poll()
        planned, asked = _planned(view, head)
        if planned is not None:
            return planned
        if asked:  # none of the head's producers fires here
            start = head
    for group, easiest in _grouped(tuple(finders[start:])):
        if easiest:
            best: tuple[tuple[float, int], Callable[[], Step]] | None = None
            for find in dict.fromkeys(group):  # a producer's techniques may share one finder
                view.poll()
                for order, make in _ranked(find, view):
                    if best is None or order < best[0]:
                        best = order, make
                    elif order[0] > best[0][0]:
                        break  # its steps come easiest first: none of the rest is easier
            if best is not None:
                return best[1]()
        else:
            for find in group:
                view.poll()
                for found in find(view):
                    return found
    return None


class _Plan:
    """The compiled head's steps from a state on, handed out while the state asked about is the one
    the next step was found in (kept in the solve's memo: a guess's branch, or any other state, is
    planned afresh)."""

    def __init__(self, state: Candidates, steps: list[Step], none_fires: bool):
        """``none_fires``: none of the head's techniques fires in the state after the steps."""
        self.state, self.steps, self.none_fires, self.next = state, steps, none_fires, 0

    def ahead(self, view: View) -> tuple[Step | None, bool]:
        """The step planned for the view's state and whether the plan knows that state ((None, False):
        another state)."""
        state = self.state
        if view.marks != tuple(state.marks) or view.values != tuple(state.values):
            return None, False
        if self.next == len(self.steps):
            return None, self.none_fires
        step = self.steps[self.next]
        self.next += 1
        for cell, digit in step.placements:  # (the engine's ``apply_step``)
            state.place(cell, digit)
        for cell, digit in step.eliminations:
            state.eliminate(cell, digit)
        return step, True


def _planned(view: View, head: int) -> tuple[Step | None, bool]:
    """The head's step in the view's state, and whether the head was asked (False: it is not ready)."""
    slot = (_Plan, head)
    kept = view.memo.recall(slot)
    if kept is None:  # a solve's first state
        _SOLVES[0] += 1
        view.memo.store(slot, None, None)
    elif kept[1] is not None:
        step, known = kept[1].ahead(view)
        if known:
            return step, True
    run = HEAD_RUN.get(start=_SOLVES[0] >= WARM_AFTER)
    if run is None:
        return None, False
    state = view.candidates()
    plan = _Plan(state, *run(state, head))
    view.memo.store(slot, None, plan)
    return plan.ahead(view)


def _load_head() -> Callable[[Candidates, int], tuple[list[Step], bool]]:
    from sudokit.solvers.human.se.head_compiled import load

    return load()


HEAD_RUN: Background[Callable[[Candidates, int], tuple[list[Step], bool]]] = Background(
    _load_head, lambda: cached("head_compiled"))
WARM_AFTER = 2  # SE solves in a process before the compiled head is built (a single one never waits for numba)
_SOLVES = [0]  # SE solves begun in this process


@lru_cache(maxsize=32)
def _head(finders: tuple[Finder, ...]) -> int:
    """How many finders a list starts with that are ``HEAD``'s, in its order (given its first ``len(HEAD)``)."""
    shared = 0
    for find, name in zip(finders, HEAD, strict=False):
        if find is not TECHNIQUES[name].find:
            break
        shared += 1
    return shared


def rate_path(steps: Sequence[Step]) -> Rating:
    """SE's ER/EP/ED of a path (``rating.rate``), saying when it assumed a unique solution."""
    rating = rate(steps)
    if rating.uniqueness or UNIQUENESS.isdisjoint([s.technique for s in steps]):
        return rating
    return replace(rating, uniqueness=True)


def _ranked(find: Finder, view: View) -> Iterator[tuple[tuple[float, int], Callable[[], Step]]]:
    """A finder's steps as their SE rating and length and how to make each: a chaining finder's
    (``chaining.ranked``) made only when taken."""
    ranked = getattr(find, "ranked", None)
    if ranked is not None:
        yield from ranked(view)
        return
    for step in find(view):
        yield (se_rating(step), step.length), partial(_same, step)


def _same(step: Step) -> Step:
    return step


@lru_cache(maxsize=32)
def _grouped(finders: tuple[Finder, ...]) -> tuple[tuple[tuple[Finder, ...], bool], ...]:
    """The finders, in the order given, with consecutive finders of one SE producer grouped; a
    finder SE does not know is a producer of its own that reports its first hint."""
    producer_of = {TECHNIQUES[name].find: p for p in PRODUCERS for name in p.techniques if name in TECHNIQUES}
    groups: list[tuple[list[Finder], Producer | None]] = []
    for find in finders:
        producer = producer_of.get(find)
        if groups and producer is not None and groups[-1][1] is producer:
            groups[-1][0].append(find)
        else:
            groups.append(([find], producer))
    return tuple((tuple(found), bool(p and p.easiest)) for found, p in groups)
