"""Sudoku Explainer's chaining techniques, searched, rated and ordered exactly as SE 1.2.1 does.

SE has ten chaining "producers"; its solver asks them in this order and applies the FIRST hint of
the FIRST producer that has any (SE's rule for every technique: it does not compare producers, so
a long forcing chain rated 7.4 wins over a Nishio at 7.5). A producer gathers all its hints and
sorts them (``chain_hints.se_sorted``: difficulty, chain size, kind, gathering order). Each
producer's base rating, and the registry techniques (family ``se_chains``) its hints are filed
under:

====================================  ====  ========================================================
SE producer                           base  registry techniques (``Step.technique``)
====================================  ====  ========================================================
Forcing Chains & Cycles               6.5+  se_x_cycle, se_y_cycle (6.5), se_forcing_x_chain (6.6),
                                            se_bidirectional_cycle, se_forcing_chain (7.0)
(Aligned Triplet Exclusion, 7.5: not here; SE asks it between the first producer and Nishio)
Nishio Forcing Chains                 7.5   se_nishio
Multiple Forcing Chains               8.0   se_cell_forcing_chain, se_region_forcing_chain
Dynamic Forcing Chains                8.5   se_dynamic_forcing_chain
Dynamic Forcing Chains (+)            9.0   se_dynamic_forcing_chain_plus
... (+ Forcing Chains)               9.5   se_nested_forcing_chain
... (+ Multiple Forcing Chains)      10.0  se_nested_multiple_forcing_chain
... (+ Dynamic Forcing Chains)       10.5  se_nested_dynamic_forcing_chain
... (+ Dynamic Forcing Chains (+…)) 11.0  se_nested_dynamic_plus_forcing_chain
====================================  ====  ========================================================

Every hint's difficulty is its base plus SE's length bonus (``Step.difficulty`` is set, exactly);
``Step.length`` is SE's chain size. The techniques of one producer share one finder, which yields
ALL the producer's hints in SE's order (so "the first step of the first technique that fires",
techniques taken by ``se_rating``, is SE's choice; a mode must not re-sort them by difficulty
across producers). SE asks Aligned Triplet Exclusion (7.5) before Nishio (7.5): a stable sort by
``se_rating`` keeps it first, the registry listing SE's own techniques before its chains. A
producer's hints are computed once per state (``View.shared``), so its other techniques cost
nothing more.

What each producer searches (``chain_core`` has the links):

- Forcing Chains & Cycles (``chain_unary``): static chains of X-links, Y-links, both.
- Nishio: from each candidate of each unsolved cell, assume it on (then off) and follow X-links
  only, dynamically; a contradiction removes (places) it.
- Multiple: static chains from each candidate of cells with 3+ candidates: what all of a cell's
  candidates imply (cell forcing chains), what all of a digit's places in a unit imply (region
  forcing chains; units whose first place is such a cell).
- Dynamic: dynamic chains from every candidate of every unsolved cell: contradictions, double
  forcing chains ("on" and "off" both imply it, cells with 3+ candidates), cell and region chains.
- Dynamic (+) and the nested levels: dynamic chains that, when stuck, apply pointing/claiming,
  hidden pairs, naked pairs, X-wings (``chain_rules``), then a whole inner chaining technique on the
  grid the chain has reduced (level 2: forcing chains & cycles; 3: those and multiple chains;
  4: dynamic chains; 5: dynamic chains, then level 2); an inner hint's size adds to the outer's.

Speed without changing SE's answer: each assumption's consequences are computed once per search
(SE recomputes them for region chains); inner techniques are shared between levels and keep the
grids they have searched; inside a chain, the simple techniques look only at units the chain
removed something from (elsewhere they would need none of its removals, and SE drops them);
forcing chains and cycles are walked only from starts whose links can lead back to them (the
strongly connected groups of the strong candidates' potentials, ``chain_static``), a cycle's walk
kept to its start's group; a static cell or region chain is only followed where its starts' reach
(bitsets) meets. Inside a (+)/nested chain, an inner static search (cycles and forcing chains, or
cell and region chains) runs on thousands of reduced grids: a compiled screen (``chain_screen``,
numba; the same analysis as ``chain_static``'s, the same answers) first tells the grids where
it has nothing to walk, where to start the walks, and walks the forcing chains and the cycles;
the simple techniques there are compiled too (``rules_compiled``). Once those are loaded, every
producer follows its assumptions in compiled code (``propagate_compiled``) as far as they go
without inner techniques, a nested chain going on in Python from there; a (+) chain is walked
whole there, its simple techniques asked in the kernel where it is stuck; the first static
producers use the screen too; a dynamic search whose chains are all compiled (Nishio, dynamic,
(+)) is one kernel call (``Walker.hints``): its hints with their sizes, in its gathering order,
their chains made when read from the walks the kernel keeps (``Walker.walked``; a (+) search
that finds none leaves them to the next level, which goes on from them); an inner one (an outer
chain reads all its hints' chains) learns from one kernel call which cells' chains give a hint
(``Walker.hinting``) and makes the hints of those cells alone, from the walks kept; a producer
whose hints are applied ranks the walks' hints by their sizes, counted in the walks' tables, and
makes the chains of those read alone (``WalkHint``); a static cell and region search on a screened grid (nested level 3's inner one,
and the multiple producer) is one kernel call (``Walker.static_hints``): its hints with their
sizes and their chains' links, from which an outer chain reads what they need of its removals
(``StaticHint``), their chains made only where an outer hint holds them. Until the compiled
code is ready (numba's first compile after an install takes tens of seconds, in a thread), the
Python code runs. SE asks a level only where the levels before found nothing, and a level's
chains are those of the level before (when its inner techniques come first in this one's: (+)
after dynamic in Python, 2 and 4 after (+), 3 after 2, 5 after 4) gone on from where they
stopped: so a level takes the level before's chains of the same grid and goes on from their
ends, asking there only the techniques the level before did not have.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from functools import cache, partial
from typing import TYPE_CHECKING, Any, cast

from sudokit.models.graph import cells_of
from sudokit.solvers.human.se.chain_core import (
    ADVANCED,
    BITS,
    CELL,
    CELL_UNITS,
    UNIT_BITS,
    UNITS,
    Pot,
    Run,
    digit_cells,
    propagate,
)
from sudokit.solvers.human.se.chain_hints import (
    PLACE,
    ChainHint,
    WalkHint,
    cached_attribute,
    length_bonus,
    line_parents,
    name,
    se_sorted,
)
from sudokit.solvers.human.se.chain_rules import RuleHint, simple_rules
from sudokit.solvers.human.se.chain_static import StaticLinks, static_links
from sudokit.solvers.human.se.chain_unary import Starts, unary_hints
from sudokit.solvers.human.se.kernels import COMPILED
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View

if TYPE_CHECKING:
    import numpy as np

    from sudokit.solvers.human.se.chain_screen import Screen
    from sudokit.solvers.human.se.propagate_compiled import Contradiction, Walk, Walked

LEVEL_TECHNIQUES = {1: "se_dynamic_forcing_chain_plus", 2: "se_nested_forcing_chain",
                    3: "se_nested_multiple_forcing_chain", 4: "se_nested_dynamic_forcing_chain",
                    5: "se_nested_dynamic_plus_forcing_chain"}
CACHED_GRIDS = {False: 2048, True: 64}  # grids whose hints a producer keeps (SE: its last one), by
# whether it is a multiple or dynamic producer (their hints hold longer chains)
Runs = dict[int, Run]  # a search's chains, by start


class Chaining:
    """One of SE's chaining producers: ``multiple`` (cell/region chains), ``dynamic``, ``nishio``,
    and the nesting ``level`` (0: none, 1: (+), 2-5: nested)."""

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool = False, level: int = 0,
                 prefix: Chaining | None = None, screen: Screen | None = None, screened: bool = False,
                 inner: bool = False, first: bool = False):
        """``prefix``: a dynamic producer whose chains stop where this one's may go on (a lower
        level whose inner techniques are the first of this one's): when it has just searched the
        same grid, this one's chains go on from its chains' ends. ``screen``: for a static
        producer, ``chain_screen``'s, which tells at once where static chains find nothing
        (else the compiled one once it is loaded; ``screened``: it starts loading it). ``inner``: a nested
        level's inner technique, every hint of which an outer chain reads. ``first``: a multiple or
        dynamic search stops at the first cell whose chains give a hint, and gives that cell's (the
        default engine's last rung takes the first step it finds, as every rung of its ladder does;
        SE compares every cell's)."""
        self.multiple, self.dynamic, self.nishio, self.level = multiple, dynamic, nishio, level
        self.first = first
        self.prefix = prefix
        self.inner = inner  # whether it is a nested level's inner technique (every hint's chains read)
        self.screen = None if dynamic else screen
        self.screened = screened and not dynamic
        self._kept = False  # whether a later level goes on from its chains
        if prefix is not None:
            prefix._kept = True
        self._cache: dict[tuple[int, ...], list[ChainHint]] = {}
        self._inner: list[Chaining] | None = None
        self._walk: Walk | None = None  # the compiled walks in the grid it searches, once loaded
        self._runs: tuple[tuple[int, ...], Mapping[int, Run]] | None = None  # its last search's grid and chains, when
        # it found nothing (else SE does not ask the next level there)

    @property
    def base(self) -> float:
        if self.level >= 2:
            return 9.5 + 0.5 * (self.level - 2)
        if self.level == 1:
            return 9.0
        return 7.5 if self.nishio else 8.5 if self.dynamic else 8.0

    @property
    def technique(self) -> str:
        return LEVEL_TECHNIQUES.get(self.level) or ("se_nishio" if self.nishio else "se_dynamic_forcing_chain")

    def hints(self, marks: list[int], poll: Callable[[], None] | None = None) -> list[ChainHint]:
        """Every hint in ``marks`` (9×9 candidate bitmasks), in SE's order; ``poll`` (a solve's deadline:
        it raises once past) is called before each cell's chains, so a long search stops in time."""
        grid = tuple(marks)
        found = self._cache.get(grid)
        if found is None:
            found = []
            screen = self.screen or (None if self.dynamic else _screen(self.screened))
            meets = screen.meets(grid) if screen is not None and self.multiple else None
            known = screen.starts(grid) if screen is not None and not self.multiple else None
            if screen is None or meets is not None or known is not None:  # else the screen found nothing
                if gc.isenabled():  # (an outer search: an inner one runs with the collector paused already)
                    with _no_cycle_collection():
                        found = self._search(marks, grid, poll, meets, screen, known)
                else:
                    found = self._search(marks, grid, poll, meets, screen, known)
            if len(self._cache) >= CACHED_GRIDS[self.multiple or self.dynamic]:
                self._cache.clear()
            self._cache[grid] = found
        return found

    def _search(self, marks: list[int], grid: tuple[int, ...], poll: Callable[[], None] | None,
                meets: np.ndarray | None, screen: Screen | None, known: Starts | None) -> list[ChainHint]:
        """The hints in ``marks`` (a copy searched), in SE's order (``meets``, ``known``: the screen's)."""
        work = list(marks)
        return se_sorted(self._multiple(work, grid, poll, meets) if self.multiple or self.dynamic
                         else unary_hints(work, known, *((screen.forcing, screen.cycles) if screen else ())))

    # ---- SE's getMultipleChainsHintList

    def _multiple(self, marks: list[int], grid: tuple[int, ...], poll: Callable[[], None] | None = None,
                  meets: np.ndarray | None = None) -> list[ChainHint]:
        """``meets``: per cell, whether its static chains may meet (the screen's), when known."""
        hints: list[ChainHint] = []
        advanced = self._advanced if self.level > 0 else None
        y_links = not self.nishio
        runs: Runs = {}
        self._runs = None
        parts = COMPILED.get(start=False)
        self._walk = parts.walks(marks) if parts is not None and parts.walks is not None else None
        if self._walk is not None and meets is not None and not self.dynamic:
            if poll is not None:
                poll()
            return self._static(marks, grid, self._walk, meets)
        if self._walked_whole() and not self.inner:
            if poll is not None:
                poll()
            return self._walk_hints(marks, grid, cast("Walk", self._walk))
        links = self._links(marks, True) if meets is None else None
        hinting = self._hinting()
        have = digit_cells(marks)
        regions = _region_table(have)
        for cell in range(81):
            count = marks[cell].bit_count()
            if not (count > 2 or (count > 1 and self.dynamic)):
                continue
            if poll is not None:
                poll()
            if hinting is not None:
                if not hinting[cell]:
                    continue
            elif meets is not None:
                if not meets[cell]:
                    continue
            elif links is not None and _static_quiet(marks, regions, cell, links):
                continue
            value_on: dict[int, dict[int, Pot]] = {}
            value_off: dict[int, dict[int, Pot]] = {}
            cell_on: AbstractSet[int] | None = None  # what all its candidates imply (keys; in the first's order below)
            cell_off: AbstractSet[int] = set()
            for d0 in BITS[marks[cell]]:
                key = (cell * 9 + d0) * 2 + 1
                on_to_on, on_to_off, absurd = self._run(marks, have, key, runs, advanced, y_links)
                double = count >= 3 and not self.nishio and self.dynamic
                self._binary(marks, have, on_to_on[key], (on_to_on, on_to_off, absurd), hints, double, advanced,
                             y_links, runs)
                if not self.nishio:
                    self._regions(marks, have, regions[cell * 9 + d0], d0, on_to_on, on_to_off, hints, advanced,
                                  runs)
                value_on[d0], value_off[d0] = on_to_on, on_to_off
                if cell_on is None:
                    cell_on, cell_off = on_to_on.keys(), on_to_off.keys()
                else:  # (a dict's keys first: the smaller side is the one iterated)
                    cell_on, cell_off = on_to_on.keys() & cell_on, on_to_off.keys() & cell_off
            if not self.nishio and cell_on is not None and (count == 2 or (self.multiple and count > 2)):
                for by_value, common in ((value_on, cell_on), (value_off, cell_off)):
                    if not common:
                        continue
                    outcomes = [by_value[d0] for d0 in BITS[marks[cell]]]
                    for key in _ordered(outcomes[0], common):
                        self._add(hints, marks, key, outcomes, 5, CELL, f"r{cell // 9 + 1}c{cell % 9 + 1}")
            if hints and self.first:
                break
        if self._kept and not hints and hinting is None:
            self._runs = grid, runs
        return hints

    def _walked_whole(self) -> bool:
        """Whether the search's chains are the compiled walks' whole (dynamic, level 0 or (+);
        Nishio or multiple)."""
        return self._walk is not None and self.dynamic and self.level <= 1 and (self.nishio or self.multiple)

    def _hinting(self) -> np.ndarray | None:
        """Per cell, whether its chains give a hint, told at once by the compiled walks where the
        search's chains are theirs whole (an inner search's: its hints' chains are all read): the
        cells without are not searched again in Python, the others' chains read from the walks
        kept (``Walker.walked``). (Static searches: the screen's ``meets`` lets through only cells
        that give a hint, nearly always.)"""
        if not self._walked_whole():
            return None
        return cast("Walk", self._walk).hinting(self.nishio, self.level == 1, not self.first)

    def _walk_hints(self, marks: list[int], grid: tuple[int, ...], walk: Walk) -> list[ChainHint]:
        """The hints of a search whose chains are the compiled walks' whole, found by them in one
        call (``Walker.hints``) and made as ``_binary`` and ``_add`` make them, their chains made
        when first read (``WalkHint``); a (+) search that finds none leaves its walks to the next
        level, which goes on from them."""
        hints: list[ChainHint] = []
        rows = walk.hints(self.nishio, self.level == 1, self.first)
        walked = cast("Walked", walk.walked)
        if not rows:
            if self._kept and self.level == 1:
                self._runs = grid, walked
            return hints
        runs: Runs = {}
        for kind, key, source, cell, d0, size in rows:
            if kind == 7:
                concluded = source ^ 1  # (a contradiction's key: its candidate's "off")
                placement = ((concluded >> 1) // 9, (concluded >> 1) % 9 + 1) if concluded & 1 else None
                pattern = f"{name(source)} {'on' if source & 1 else 'off'} => {name(key)} both on & off"
                hints.append(WalkHint(self.technique, self.base, 7, _removable(marks, concluded),
                                      partial(_walked_contradiction, walked, runs, source), size,
                                      placement=placement, pattern=pattern))
                continue
            placement = ((key >> 1) // 9, (key >> 1) % 9 + 1) if key & 1 else None
            if kind == 1:
                starts = [source | 1, source & ~1]
                pattern = f"{name(source)} on & off => {name(key)} {'on' if key & 1 else 'off'}"
                kwargs: dict[str, Any] = {}
            else:
                starts, where = _starts(marks, kind, cell, source, d0)
                pattern = f"{where} => {name(key)} {'on' if key & 1 else 'off'}"
                kwargs = {"root_cause": CELL if kind == 5 else source}
            hints.append(WalkHint(self.technique, self.base, kind, _removable(marks, key),
                                  partial(_walked_ends, walked, runs, starts, key), size, placement=placement,
                                  pattern=pattern, **kwargs))
        return hints

    def _links(self, marks: list[int], y_links: bool) -> StaticLinks | None:
        """The grid's links, for static chains."""
        return None if self.dynamic else static_links(marks, y_links)

    def _run(self, marks: list[int], have: list[int], key: int, runs: Runs, advanced: Callable | None,
             y_links: bool) -> Run:
        """What assuming ``key`` (on or off) implies (each assumption once per search: SE repeats
        the region chains' ones, with the same outcome); ``have``: ``digit_cells(marks)``."""
        run = runs.get(key)
        if run is None:
            run = runs[key] = self._resumed(marks, have, key, advanced) or self._started(
                marks, have, key, advanced, y_links)
        return run

    def _started(self, marks: list[int], have: list[int], key: int, advanced: Callable | None,
                 y_links: bool) -> Run:
        """The chain from ``key``; once the compiled walks are loaded, followed by them as far as
        it goes without inner techniques (a (+) chain: with its simple techniques), then (a nested
        chain) in Python from there."""
        if self._walk is not None:
            plus = self.level == 1
            to_on, to_off, absurd = self._walk(key, y_links, self.dynamic, plus)
            if absurd is None and advanced is not None and not plus:
                absurd = propagate(marks, to_on, to_off, dynamic=True, advanced=advanced, cells=have,
                                   resume=advanced)
            return to_on, to_off, absurd
        start = Pot(key)
        to_on, to_off = ({key: start}, {}) if key & 1 else ({}, {key: start})
        absurd = propagate(marks, to_on, to_off, y_links=y_links, dynamic=self.dynamic, advanced=advanced,
                           links=self._links(marks, y_links), cells=have)
        return to_on, to_off, absurd

    def _resumed(self, marks: list[int], have: list[int], key: int, advanced: Callable | None) -> Run | None:
        """The chain from ``key`` gone on from where the prefix producer's stopped, when it has
        just searched this grid (a chain that met a contradiction is over: it is the same). Where
        it stopped, the prefix's inner techniques found nothing: only the others are asked. (A (+)
        chain the compiled walks follow whole, from the start: the same chain.)"""
        if self.level == 1 and self._walk is not None:
            return None
        prefix = self.prefix
        before = prefix._runs if prefix is not None else None
        if prefix is None or before is None or advanced is None or before[0] != tuple(marks):
            return None
        run = before[1].get(key)
        if run is None or run[2] is not None:
            return run
        to_on, to_off = run[0], run[1]
        if isinstance(before[1], dict):  # (its chains, shared, copied; the compiled walks' are made at each read)
            to_on, to_off = to_on.copy(), to_off.copy()
        known = len(prefix._inner_producers()) if prefix.level > 0 else None
        absurd = propagate(marks, to_on, to_off, dynamic=True, advanced=advanced, cells=have,
                           resume=partial(self._advanced, known=known))
        return to_on, to_off, absurd

    def _binary(self, marks: list[int], have: list[int], p_on: Pot, on_run: Run, hints: list[ChainHint],
                double: bool, advanced: Callable | None, y_links: bool, runs: Runs) -> None:
        contradiction = self.dynamic or self.nishio
        on_to_on, on_to_off, absurd = on_run
        if contradiction and absurd:
            self._binary_hint(hints, marks, absurd, p_on)
        off_to_on, off_to_off, absurd = self._run(marks, have, p_on.key - 1, runs, advanced, y_links)
        p_off = off_to_off[p_on.key - 1]
        if contradiction and absurd:
            self._binary_hint(hints, marks, absurd, p_off)
        if double:  # (a potential read only for a hint: the compiled walks make it when read)
            for key in _ordered(on_to_on, on_to_on.keys() & off_to_on.keys()):
                if _removable(marks, key):
                    self._double_hint(hints, marks, [on_to_on, off_to_on], p_on, key)
            for key in _ordered(on_to_off, on_to_off.keys() & off_to_off.keys()):
                if _removable(marks, key):
                    self._double_hint(hints, marks, [on_to_off, off_to_off], p_off, key)

    def _binary_hint(self, hints: list[ChainHint], marks: list[int], ends: Sequence[Pot], source: Pot) -> None:
        """The contradiction of ``source`` (``ends``: its "on" and "off" potentials; a compiled
        walk's: a ``WalkHint``'s, unless an outer chain reads them)."""
        concluded = source.key ^ 1  # what the hint proves
        removable = _removable(marks, concluded)
        if not removable:
            return
        placement = ((concluded >> 1) // 9, (concluded >> 1) % 9 + 1) if concluded & 1 else None
        walked = None if isinstance(ends, tuple) else cast("Contradiction", ends)
        candidate = ends[1].key if walked is None else walked.key
        pattern = f"{name(source)} {'on' if source.on else 'off'} => {name(candidate)} both on & off"
        if walked is None or self.inner:
            hints.append(ChainHint(self.technique, self.base, 7, removable, list(ends), list(ends),
                                   placement=placement, pattern=pattern))
        else:
            hints.append(WalkHint(self.technique, self.base, 7, removable, partial(list, walked), walked.size(),
                                  placement=placement, pattern=pattern))

    def _double_hint(self, hints: list[ChainHint], marks: list[int], outcomes: list[dict[int, Pot]], source: Pot,
                     key: int) -> None:
        """A double forcing chain: ``source`` on and off (their ``outcomes``) both imply ``key``."""
        removable = _removable(marks, key)
        placement = ((key >> 1) // 9, (key >> 1) % 9 + 1) if key & 1 else None
        pattern = f"{name(source)} on & off => {name(key)} {'on' if key & 1 else 'off'}"
        hints.append(self._hint(self.technique, 1, removable, outcomes, key, placement=placement, pattern=pattern))

    def _regions(self, marks: list[int], have: list[int], starts: list[tuple[int, list[int]]], d0: int,
                 on_to_on: dict[int, Pot], on_to_off: dict[int, Pot], hints: list[ChainHint], advanced: Callable | None,
                 runs: Runs) -> None:
        """The region chains of the units (``starts``: ``_region_table``'s, for the candidate) whose
        first place is the candidate assumed (its outcome ``on_to_on``, ``on_to_off``)."""
        for unit, places in starts:
            if len(places) > 2 and not self.multiple:
                continue
            outs_on, outs_off = [on_to_on], [on_to_off]
            region_on: AbstractSet[int] = on_to_on.keys()
            region_off: AbstractSet[int] = on_to_off.keys()
            for other in places[1:]:
                other_on, other_off, _ = self._run(marks, have, (other * 9 + d0) * 2 + 1, runs, advanced, True)
                outs_on.append(other_on)
                outs_off.append(other_off)
                region_on, region_off = other_on.keys() & region_on, other_off.keys() & region_off
            if region_on or region_off:
                where = f"{d0 + 1} in {_unit_name(unit)}"
                for key in _ordered(on_to_on, region_on):
                    self._add(hints, marks, key, outs_on, 6, unit, where)
                for key in _ordered(on_to_off, region_off):
                    self._add(hints, marks, key, outs_off, 6, unit, where)

    def _static(self, marks: list[int], grid: tuple[int, ...], walk: Walk, meets: np.ndarray) -> list[ChainHint]:
        """The hints of a static search (cell and region chains from the cells ``meets`` lets
        through), found by the compiled walks in one call (``Walker.static_hints``) and made as
        ``_add`` makes them, their chains (and starts and pattern) made when first read
        (``StaticHint``; an inner search's: those ``se_sorted`` keeps, which an outer chain reads)."""
        hints: list[ChainHint] = []
        runs: Runs = {}
        rows, links = walk.static_hints(meets)
        first = 0
        for key, kind, cell, unit, d0, size, last in rows:
            hints.append(StaticHint(self.base, kind, _removable(marks, key), size, links[first:last],
                                    (grid, walk, runs, key, cell, unit, d0)))
            first = last
        return hints

    def _add(self, hints: list[ChainHint], marks: list[int], key: int, outcomes: list[dict[int, Pot]], kind: int,
             cause: int, where: str) -> None:
        """A cell (kind 5) or region (6) forcing chain hint concluding ``key``, which each of
        ``outcomes`` holds."""
        technique, removable, conclusion = self._conclusion(marks, key, kind, where)
        if removable:
            hints.append(self._hint(technique, kind, removable, outcomes, key, root_cause=cause, **conclusion))

    def _conclusion(self, marks: list[int], key: int, kind: int, where: str
                    ) -> tuple[str, tuple[tuple[int, int], ...], dict[str, Any]]:
        """A cell (kind 5) or region (6) forcing chain's technique, removals and placement and
        pattern, when it concludes ``key`` (``where``: its cell or region)."""
        technique = self.technique
        if not self.dynamic:
            technique = "se_cell_forcing_chain" if kind == 5 else "se_region_forcing_chain"
        placement = ((key >> 1) // 9, (key >> 1) % 9 + 1) if key & 1 else None
        pattern = f"{where} => {name(key)} {'on' if key & 1 else 'off'}"
        return technique, _removable(marks, key), {"placement": placement, "pattern": pattern}

    def _hint(self, technique: str, kind: int, removable: tuple[tuple[int, int], ...], outcomes: list[dict[int, Pot]],
              key: int, **kwargs: Any) -> ChainHint:
        """The hint whose chains end at ``key`` in each of ``outcomes``. Where the producer's hints
        are applied (not an inner one's, whose every hint's chains an outer chain reads) and the
        chains are compiled walks', they are made only when read (``WalkHint``): ranking the
        hints needs only their sizes."""
        if self._walk is not None and not self.inner:
            size = self._walk.size(outcomes, key)
            if size is not None:
                return WalkHint(technique, self.base, kind, removable, partial(_ends, outcomes, key), size,
                                **kwargs)
        chains = [outcome[key] for outcome in outcomes]
        return ChainHint(technique, self.base, kind, removable, chains, chains, **kwargs)

    # ---- SE's getAdvancedPotentials: what a (+) or nested chain adds when it is stuck

    def _advanced(self, marks: list[int], source: list[int], to_off: dict[int, Pot], have: list[int],
                  source_have: list[int], known: int | None = None) -> list[Pot]:
        """Each inner technique's hints in turn, up to the first with hints that need the chain's
        removals, as "off" potentials (``known``: the simple rules and that many inner producers
        are known to add nothing here, and are not asked)."""
        if marks == source:
            return []  # nothing removed: no hint can need the chain
        if known is None:
            parts = COMPILED.get(start=self.level >= 2)
            first = parts.first_rules if parts is not None else None
            groups: Iterable[list] = (first(marks, source),) if first is not None else simple_rules(
                marks, source, have, source_have)  # (compiled: the first technique with any hint, the only one asked)
            for group in groups:
                found = _advanced_pots(group, marks, source, to_off, have, source_have)
                if found:
                    return found
        for producer in self._inner_producers()[known or 0:]:
            hints = producer.hints(marks)
            if hints:  # (most grids hold none)
                found = _advanced_pots(hints, marks, source, to_off, have, source_have)
                if found:
                    return found
        return []

    def _inner_producers(self) -> list[Chaining]:
        """The chaining techniques it applies inside its chains, in order."""
        if self._inner is None:
            inner: list[tuple[bool, bool, int]] = []
            if 2 <= self.level < 4:
                inner.append((False, False, 0))
                if self.level >= 3:
                    inner.append((True, False, 0))
            elif self.level >= 4:
                inner.append((True, True, 0))
                if self.level >= 5:
                    inner.append((True, True, self.level - 3))
            self._inner = [_inner_producer(*params) for params in inner]
        return self._inner


_frozen = False  # whether the objects the cycle collector leaves alone (``gc.freeze``) were frozen here


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while a search runs: a search makes millions of small
    objects (potentials, their lists, the chains' dicts), none in a reference cycle (each is freed
    as soon as unused), and the collections they set off would scan the long-lived caches again
    and again (forum-hardest #4: 2.4 s of collections without the pause, 0.4 s with it). What the
    search leaves alive is frozen at its end, so the collections after it do not scan it either
    (0.7 s, 7 % of a search, on an ER 11.1 puzzle), and goes to the oldest generation when the
    next search begins: a reference cycle among it is still collected, by a full collection. A
    program that froze objects of its own is left as it is."""
    global _frozen
    if not gc.isenabled():
        yield
        return
    if _frozen:
        gc.unfreeze()
        _frozen = False
    freeze = not gc.get_freeze_count()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
            _frozen = True
        gc.enable()


def _region_table(have: list[int]) -> _Regions:
    """Per candidate (``cell * 9 + digit - 1``), the units (SE's order) where its digit has two
    places or more and its cell is the first, with those places (ascending: SE's order); ``have``:
    ``digit_cells(marks)``."""
    return _Regions(have)


class _Regions:
    """``_region_table``'s, each candidate's made when asked (a search asks few)."""

    __slots__ = ("_have",)

    def __init__(self, have: list[int]):
        self._have = have

    def __getitem__(self, cand: int) -> list[tuple[int, list[int]]]:
        cell, d0 = divmod(cand, 9)
        found = []
        for unit in CELL_UNITS[cell]:
            places = self._have[d0] & UNIT_BITS[unit]
            if places & (places - 1) and places & -places == 1 << cell:
                cells = _PLACES.get(places)
                if cells is None:
                    cells = _PLACES[places] = cells_of(places)
                found.append((unit, cells))
        return found


_PLACES: dict[int, list[int]] = {}  # a unit's places of a digit (bits) as cells, met before: shared,
# never changed (at most 27 units × 512 sets)


def _static_quiet(marks: list[int], regions: _Regions, cell: int,
                  links: StaticLinks) -> bool:
    """Whether static chains from ``cell`` can give no cell or region forcing chain: what each
    start reaches (all of it, when it meets no contradiction) has nothing in common with the
    other starts' of the cell, nor of any unit the cell begins for a digit (``regions``:
    ``_region_table``'s)."""
    groups = [[(cell * 9 + d0) * 2 + 1 for d0 in BITS[marks[cell]]]]
    for d0 in BITS[marks[cell]]:
        for _, places in regions[cell * 9 + d0]:
            groups.append([(c * 9 + d0) * 2 + 1 for c in places])
    return not links.may_meet(groups)


def _screen(start: bool) -> Screen | None:
    """The compiled screen when loaded (``start``: begin loading it if not begun; the first
    producers, which every rating asks, use it only once nested chains have loaded it)."""
    parts = COMPILED.get(start=start)
    return parts.screen if parts is not None else None


@cache
def _inner_producer(multiple: bool, dynamic: bool, level: int) -> Chaining:
    """The chaining technique nested levels apply inside their chains: one per kind, shared, so
    a grid met again (by another start, level or step) is not searched again. The static ones
    screen the grids (thousands per search, most holding nothing: ``chain_screen``)."""
    return Chaining(multiple, dynamic, level=level, screened=True, inner=True)


def _advanced_pots(hints: Sequence[ChainHint | RuleHint], marks: list[int], source: list[int],
                   to_off: dict[int, Pot], have: list[int], source_have: list[int]) -> list[Pot]:
    """What inner ``hints`` in ``marks`` remove, as "off" potentials whose parents are the chain's
    removals each needs (those that need none are left out: SE's getAdvancedPotentials). Each
    candidate once, as the first hint removes it (``propagate`` keeps a key's first potential: a
    hint removing nothing new is not read); the chain's potentials read once each (a compiled
    walk's are made when read)."""
    found: list[Pot] = []
    made: set[int] = set()
    read: dict[int, Pot] = {}
    for hint in hints:
        keys = [key for cell, digit in hint.removable if (key := (cell * 9 + digit - 1) * 2) not in made]
        if not keys:
            continue
        parents = hint.rule_parents(source, marks, source_have, have)
        if not parents:
            continue
        real = [read[k] if k in read else read.setdefault(k, to_off[k]) for k in parents if k in to_off]
        nested = hint if isinstance(hint, ChainHint) else None
        made.update(keys)
        found += [Pot(key, real[:], ADVANCED, nested) for key in keys]
    return found


def _ends(outcomes: list[dict[int, Pot]], key: int) -> list[Pot]:
    """The potentials of ``key`` in each of ``outcomes``."""
    return [outcome[key] for outcome in outcomes]


class StaticHint(WalkHint):
    """A static cell or region chain of the compiled walks (``Chaining._static``): the "on"
    links of its chains (key, cause; ``links``), counted in the walks' tables, give what it needs
    of an outer chain's removals (``rule_parents``); its chains are made only where an outer hint
    holds it (its size, its repeats: ``WalkHint``), and its pattern where it is applied. ``found``:
    the grid, its walks, their runs read, and the chains' end (key), cell, unit and digit - 1
    (``Walker.static_hints``'s)."""

    _found: tuple[tuple[int, ...], Walk, Runs, int, int, int, int]
    _links: list[int]

    def __init__(self, base: float, sort_key: int, removable: tuple[tuple[int, int], ...], size: int,
                 links: list[int], found: tuple[tuple[int, ...], Walk, Runs, int, int, int, int]):
        key, unit = found[3], found[5]
        # (its fields set at once, the defaults (pattern, order) left to the class, as ``LineHint``'s)
        self.__dict__.update(technique="se_cell_forcing_chain" if sort_key == 5 else "se_region_forcing_chain",
                             base=base, sort_key=sort_key, removable=removable, complexity=size,
                             difficulty=base + length_bonus(size), root_cause=CELL if sort_key == 5 else unit,
                             placement=PLACE[key >> 1] if key & 1 else None, _links=links, _found=found, _flat=None)

    def _ends(self) -> list[Pot]:
        """Its chains' ends: the walks' potentials of its end from each start."""
        grid, walk, runs, key, cell, unit, d0 = self._found
        return _walked_ends(walk, runs, _starts(grid, self.sort_key, cell, unit, d0)[0], key)

    @cached_attribute
    def signed(self) -> tuple:
        """(Without its chains: each ends at its end, one a start, their potentials counted in its size.)"""
        grid, _, _, key, cell, unit, d0 = self._found
        starts = grid[cell].bit_count() if self.sort_key == 5 else sum(grid[c] >> d0 & 1 for c in UNITS[unit])
        return (key,) * starts, self.complexity

    @cached_attribute
    def pattern(self) -> str:
        """(Made when first read: a step's, which only a hint applied makes.)"""
        grid, _, _, key, cell, unit, d0 = self._found
        return f"{_starts(grid, self.sort_key, cell, unit, d0)[1]} => {name(key)} {'on' if key & 1 else 'off'}"

    def rule_parents(self, initial: list[int], current: list[int], initial_have: list[int],
                     current_have: list[int]) -> list[int]:
        """(Read from its links: static chains have none ``ADVANCED``, each start's cause its ``root_cause``.)"""
        found: dict[int, None] = {}
        links = self._links
        line_parents(found, links, range(0, len(links), 2), 1, initial, current, initial_have, current_have)
        return list(found)


def _walked_ends(walk: Walk | Walked, runs: Runs, starts: list[int], key: int) -> list[Pot]:
    """The potentials of ``key`` in the static walks from each of ``starts``, or in the dynamic
    walks kept (``Walked``), each walk read once (``runs``)."""
    ends = []
    for start in starts:
        run = runs.get(start)
        if run is None:
            run = runs[start] = walk[start] if isinstance(walk, Mapping) else walk(start, True, False)
        ends.append(run[0][key] if key & 1 else run[1][key])
    return ends


def _walked_contradiction(walked: Walked, runs: Runs, start: int) -> list[Pot]:
    """The contradiction's potentials ("on", "off") in the dynamic walk kept from ``start``."""
    run = runs.get(start)
    if run is None:
        run = runs[start] = walked[start]
    return list(cast("Contradiction", run[2]))


def _ordered(outcome: dict[int, Pot], common: AbstractSet[int]) -> list[int]:
    """The keys of ``common`` in ``outcome``'s order (the first start's: SE's gathering order). (A
    compiled walk's ``Outcome`` holds its potentials' numbers, in its order, until they are read,
    and those a chain adds later after them: sorting a few numbers is quicker than reading all.)"""
    if not common:
        return []
    if 8 * len(common) < len(outcome):
        numbers = [dict.__getitem__(outcome, key) for key in common]
        if all(number.__class__ is int for number in numbers):
            return [key for _, key in sorted(zip(numbers, common, strict=True))]
    return [key for key in outcome if key in common]


def _removable(marks: list[int], key: int) -> tuple[tuple[int, int], ...]:
    """What concluding ``key`` removes: the candidate (off), or the cell's other candidates (on)."""
    cell, d0 = divmod(key >> 1, 9)
    if key & 1:
        return tuple((cell, d + 1) for d in BITS[marks[cell]] if d != d0)
    return ((cell, d0 + 1),) if marks[cell] >> d0 & 1 else ()


def _starts(marks: Sequence[int], kind: int, cell: int, unit: int, d0: int) -> tuple[list[int], str]:
    """The "on" keys a cell (kind 5: ``cell``'s candidates) or region (6: ``d0``'s places in ``unit``)
    forcing chain starts from, and where it is, as a hint's pattern names it."""
    if kind == 5:
        return [cell * 18 + d * 2 + 1 for d in BITS[marks[cell]]], f"r{cell // 9 + 1}c{cell % 9 + 1}"
    return ([(other * 9 + d0) * 2 + 1 for other in UNITS[unit] if marks[other] >> d0 & 1],
            f"{d0 + 1} in {_unit_name(unit)}")


def _unit_name(unit: int) -> str:
    return f"b{unit + 1}" if unit < 9 else f"r{unit - 8}" if unit < 18 else f"c{unit - 17}"


# ---- the finders: one per SE producer, in SE's order

def _producers(first: bool) -> dict[str, Chaining]:
    """SE's producers by name (``first``: each stopping at its first cell with a hint)."""
    producers = {
        "cycles": Chaining(False, False, first=first),
        "nishio": Chaining(False, True, nishio=True, first=first),
        "multiple": Chaining(True, False, first=first),
        "dynamic": Chaining(True, True, first=first),
    }
    # SE asks a level only where the one before found nothing: its chains go on from that one's, when
    # the inner techniques of that one come first in its own (level 4 does not apply level 2's)
    for name_, level, prefix in (("dynamic_plus", 1, "dynamic"), ("nested_forcing", 2, "dynamic_plus"),
                                 ("nested_multiple", 3, "nested_forcing"), ("nested_dynamic", 4, "dynamic_plus"),
                                 ("nested_dynamic_plus", 5, "nested_dynamic")):
        producers[name_] = Chaining(True, True, level=level, prefix=producers[prefix], first=first)
    return producers


PRODUCERS = _producers(first=False)
FIRST_PRODUCERS = _producers(first=True)  # the default engine's last rung (``finder``'s ``first``)


def _producer_hints(producers: dict[str, Chaining], producer: str, view: View) -> list[ChainHint]:
    return producers[producer].hints(list(view.marks), view.poll)


_DERIVE = {(producer, first): partial(_producer_hints, FIRST_PRODUCERS if first else PRODUCERS, producer)
           for producer in PRODUCERS for first in (False, True)}


def hints(view: View, producer: str, first: bool = False) -> list[ChainHint]:
    """A producer's hints in a state, in SE's order (computed once per state); ``first``: those of
    the first cell whose chains give any (``Chaining.first``)."""
    if view.size != 9:
        return []
    return view.shared(_DERIVE[producer, first])


def finder(producer: str, first: bool = False) -> Callable[[View], Iterator[Step]]:
    """The finder of a producer's techniques: every hint of the producer, SE's first first. Its
    ``first`` is the finder that searches only as far as the first cell whose chains give a hint
    (the steps it yields first are those of a cell, not always SE's first)."""
    def find(view: View) -> Iterator[Step]:
        for hint in hints(view, producer, first):
            yield hint.step()

    find.__name__ = f"se_{producer}"
    if not first:
        find.ranked = partial(ranked, producer=producer)  # type: ignore[attr-defined]
        find.first = finder(producer, first=True)  # type: ignore[attr-defined]
    return find


def ranked(view: View, producer: str) -> Iterator[tuple[tuple[float, int], Callable[[], Step]]]:
    """A producer's hints as its finder yields their steps, each as the step's SE rating and length
    and how to make the step: SE's choice among them needs no step but the one it takes (a step
    holds its chains' links, made when read)."""
    for hint in hints(view, producer):
        yield (round(hint.difficulty, 1), hint.complexity), hint.step


forcing_chains_and_cycles = finder("cycles")
nishio = finder("nishio")
multiple_forcing_chains = finder("multiple")
dynamic_forcing_chains = finder("dynamic")
dynamic_forcing_chains_plus = finder("dynamic_plus")
nested_forcing_chains = finder("nested_forcing")
nested_multiple_forcing_chains = finder("nested_multiple")
nested_dynamic_forcing_chains = finder("nested_dynamic")
nested_dynamic_plus_forcing_chains = finder("nested_dynamic_plus")
