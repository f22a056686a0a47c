"""Almost locked sets: N cells of one unit holding N+1 digits between them.

Take one digit away and an ALS is a locked set. Two ALSs share a *restricted common* digit ``X``
when every ``X`` of one sees every ``X`` of the other: then ``X`` lies in at most one of them, so
the other is locked. Steps name the digits they eliminate (HoDoKu's convention for ALS moves).

- ALS-XZ: ALSs ``A`` and ``B`` with a restricted common ``X``: for any other common digit ``Z``,
  one of them holds ``Z``, so a cell seeing every ``Z`` of both loses it. With two restricted
  commons (doubly linked) both sets are locked: each digit leaves what sees all its cells in them.
- ALS-XY-Wing: ``A`` and ``B`` each share a restricted common (``X``, ``Y``) with a pivot ALS ``C``:
  ``Z`` common to ``A`` and ``B`` leaves what sees every ``Z`` of both.
- ALS-Chain: ALSs ``A1 … An`` (four or more), each tied to the next by a restricted common
  ``Xi``, consecutive ones different. If ``A1`` lacked ``Z`` it would be locked, so ``X1`` would be
  in it and not in ``A2``, locking ``A2``, and so on: ``An`` would be locked and hold ``Z``. So
  ``Z`` (common to ``A1`` and ``An``, neither ``X1`` nor the last link's digit) is in ``A1`` or
  ``An``, and leaves what sees all of those: cells of the sets between may lose it too (as in
  HoDoKu, whose library has such cases; the ends may overlap as well).
- Death Blossom: a stem cell, and for each of its digits ``d`` an ALS (a petal) whose ``d`` all see
  the stem: whichever digit the stem holds, its petal is locked without it. A digit ``Z`` of every
  petal (not the stem's) is in one of them, and leaves what sees all of those. Petals may overlap
  (the argument holds petal by petal), as in HoDoKu's library.
- Sue de Coq: two or three cells of a box-line intersection, with cells of the rest of the line
  and of the rest of the box, hold as many digits as cells (the two parts sharing none): each
  digit leaves the house it is locked in.

The sets and their restricted commons are the ``View``'s (``View.als``, ``View.restricted_commons``),
found once per state for every technique that asks. On a 9x9 grid, once the engine runs its compiled
parts, the sets (in ``View.als``'s order) and their restricted commons, the scans of ALS-XZ and
ALS-XY-Wing, the search of ALS-Chains and that of Sue de Coq run compiled (``als_compiled``); the
Python code here is the reference, and builds every step (making only the sets it names).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache, partial
from itertools import combinations
from operator import itemgetter
from types import ModuleType
from typing import TYPE_CHECKING, overload

from sudokit.models.candidates import digits_of
from sudokit.models.graph import Als, cells_of, unit_subsets
from sudokit.models.grid import Cell, Digit, Geometry
from sudokit.solvers.human.se.jit import Background
from sudokit.solvers.human.steps import Candidate, Step, cells_text, digits_text, removable
from sudokit.solvers.human.view import View

if TYPE_CHECKING:
    from sudokit.solvers.human.als_compiled import Sets


def als_xz(view: View) -> Iterator[Step]:
    """Two ALSs with a restricted common digit: a common digit ``Z`` leaves what sees all its cells in both."""
    if (compiled := _compiled(view)) is not None:
        (kernels, found), names, at = compiled, _digit_names(view.size), -1
        sets: Sequence[Als] = view.shared(_made)
        while (at := kernels.xz_next(at + 1, *found.scanned)[0]) >= 0:
            i, j = int(found.owner[at]), int(found.near[at])
            restricted = names[found.digits[at]]
            zs = int(found.seen_digits[i]) & int(found.seen_digits[j]) & ~(1 << (restricted[0] - 1))
            if step := _xz_step(view, sets[i], sets[j], restricted, _sight(sets[i]), _sight(sets[j]), zs):
                yield step  # (always: the scan found it eliminates)
        return
    sets, links, sight = view.als, view.restricted_commons, view.shared(_sights)
    seen = view.shared(_seen_digits)
    for i, j, restricted in ((i, j, r) for i, near in enumerate(links) for j, r in near if i < j):
        zs = seen[i] & seen[j] & ~(1 << (restricted[0] - 1))
        if len(restricted) == 1 and not zs:
            continue  # no Z to eliminate
        if step := _xz_step(view, sets[i], sets[j], restricted, sight[i], sight[j], zs):
            yield step


def _xz_step(view: View, a: Als, b: Als, restricted: tuple[Digit, ...], sa: dict[Digit, int], sb: dict[Digit, int],
             zs: int) -> Step | None:
    """The ALS-XZ of ``a`` and ``b`` (each digit's cells seeing all of it in them: ``sa``, ``sb``),
    linked by ``restricted``; ``zs``: the digits but the link's that both could eliminate."""
    if len(restricted) == 1:
        groups = [(z, sa[z] & sb[z]) for z in digits_of(zs)]
    else:  # doubly linked: both sets locked
        groups = [(x, sa[x] & sb[x]) for x in restricted]
        groups += [(d, sight[d]) for s, sight in ((a, sa), (b, sb)) for d in digits_of(s.mask) if d not in restricted]
    if eliminations := _eliminations(view.holding, groups, ~(a.bits | b.bits)):
        return _step(view, "als_xz", eliminations, (a, b),
                     f"A={a.text(view.size)}, B={b.text(view.size)}, X={digits_text(restricted)}")
    return None


def als_xy_wing(view: View) -> Iterator[Step]:
    """ALSs ``A`` and ``B`` each tied to a pivot ``C`` by different restricted commons: a ``Z`` of both goes."""
    if (compiled := _compiled(view)) is not None:
        (kernels, found), names, at = compiled, _digit_names(view.size), (0, 0, 0)
        sets: Sequence[Als] = view.shared(_made)
        while (hit := kernels.xy_next(*at, *found.scanned))[0] >= 0:
            c, p, q = hit
            listed = [(int(j), x) for j, digits in zip(found.near[found.at[c]:found.at[c + 1]],
                                                       found.digits[found.at[c]:found.at[c + 1]])
                      for x in names[digits]]  # the pivot's wings, as the pure scan lists them
            (i, x), (j, y) = listed[p], listed[q]
            zs = int(found.seen_digits[i]) & int(found.seen_digits[j]) & ~(1 << (x - 1)) & ~(1 << (y - 1))
            if step := _xy_step(view, sets[i], sets[j], sets[c], x, y, _sight(sets[i]), _sight(sets[j]), zs):
                yield step
            at = (c, p, q + 1)
        return
    sets, links, sight = view.als, view.restricted_commons, view.shared(_sights)
    seen = view.shared(_seen_digits)
    for c, near in zip(sets, links):
        wings = [(j, x, seen[j] & ~(1 << (x - 1))) for j, restricted in near for x in restricted]  # Zs: not X
        for (i, x, zi), (j, y, zj) in combinations(wings, 2):
            if x == y or not (zs := zi & zj):  # A and B may overlap: one of them is locked either way
                continue
            if step := _xy_step(view, sets[i], sets[j], c, x, y, sight[i], sight[j], zs):
                yield step


def _xy_step(view: View, a: Als, b: Als, c: Als, x: Digit, y: Digit, sa: dict[Digit, int], sb: dict[Digit, int],
             zs: int) -> Step | None:
    """The ALS-XY-Wing of wings ``a`` and ``b`` (their sight: ``sa``, ``sb``) tied to pivot ``c`` by
    ``x`` and ``y``; ``zs``: the digits but those that both could eliminate."""
    groups = [(z, sa[z] & sb[z]) for z in digits_of(zs)]
    if eliminations := _eliminations(view.holding, groups, ~(a.bits | b.bits | c.bits)):
        size = view.size
        return _step(view, "als_xy_wing", eliminations, (a, b, c),
                     f"A={a.text(size)}, B={b.text(size)}, C={c.text(size)}, X,Y={digits_text((x, y))}")
    return None


def als_chain(view: View) -> Iterator[Step]:
    """A chain of four or more ALSs linked by restricted commons: a ``Z`` of both ends goes.

    Searched breadth first from each set and first link, over (set, digit of the link into it),
    so each end is reached by its shortest chain of three links or more; only ends that could
    share an elimination with the start are looked at; one step per elimination set.
    """
    if (compiled := _compiled(view)) is not None:
        yield from _compiled_chains(view, *compiled)
        return
    sets, sight, holders = view.als, view.shared(_sights), view.holding
    neighbours, partners = view.shared(_neighbours), view.shared(_partners)
    seen: set[tuple[Candidate, ...]] = set()
    for i, first in enumerate(sets):
        later = -1 << (i + 1)  # a chain and its reverse eliminate alike: each pair of ends once
        for x1, nearest in neighbours[i].items():
            hopeful = {z: ends & later for z, ends in partners[i].items() if z != x1 and ends & later}
            if not hopeful:
                continue
            levels = _levels(neighbours, i, x1, nearest)
            for depth in range(3, len(levels)):
                for last, reached in levels[depth].items():
                    ends = 0
                    for z, good in hopeful.items():
                        if z != last:
                            ends |= good
                    for n in cells_of(reached & ends):
                        eliminations = _chain_eliminations(holders, first, sets[n], sight[i], sight[n], x1, last)
                        if eliminations and eliminations not in seen:
                            seen.add(eliminations)
                            yield _chain_step(view, sets, neighbours, levels, depth, n, last, (i, x1), eliminations)


def _compiled_chains(view: View, kernels: ModuleType, found: Sets) -> Iterator[Step]:
    """``als_chain``'s steps, its search compiled (``chain_hits``): the first, then more as asked for."""
    sets, holders, most, done = view.shared(_made), view.holding, 1, 0
    while True:
        hits = kernels.chain_hits(most, *found.scanned).tolist()
        for i, x1, depth, last, n in hits[done:]:
            neighbours = view.shared(_neighbours)
            levels = _levels(neighbours, i, x1, neighbours[i][x1])
            eliminations = _chain_eliminations(holders, sets[i], sets[n], _sight(sets[i]), _sight(sets[n]), x1, last)
            yield _chain_step(view, sets, neighbours, levels, depth, n, last, (i, x1), eliminations)
        if len(hits) < most:
            return
        done, most = len(hits), 16 * most


def _chain_eliminations(holders: Sequence[int], first: Als, end: Als, sight_first: dict[Digit, int],
                        sight_end: dict[Digit, int], x1: Digit, last: Digit) -> tuple[Candidate, ...]:
    """What an ALS-Chain from ``first`` (over ``x1``) to ``end`` (over ``last``) eliminates."""
    zs = first.mask & end.mask & ~(1 << (x1 - 1)) & ~(1 << (last - 1))
    groups = [(z, sight_first[z] & sight_end[z]) for z in digits_of(zs)]
    return _eliminations(holders, groups, ~(first.bits | end.bits))


def _chain_step(view: View, sets: Sequence[Als], neighbours: Neighbours, levels: Levels, depth: int, end: int,
                last: Digit, start: tuple[int, Digit], eliminations: tuple[Candidate, ...]) -> Step:
    """The ALS-Chain to ``end`` (reached over ``last`` after ``depth`` links) from ``start``'s set and first link."""
    path = _path(neighbours, levels, depth, end, last, start)
    chain = [sets[k] for k, _ in path]
    links = "".join(f" -{x}- {sets[k].text(view.size)}" for k, x in path[1:])
    return _step(view, "als_chain", eliminations, chain, f"{chain[0].text(view.size)}{links}")


def death_blossom(view: View) -> Iterator[Step]:
    """A stem cell whose every digit ``d`` has a petal ALS with all its ``d`` seeing the stem: a digit
    of every petal (not the stem's) leaves what sees all of it in the petals."""
    sets, sight, holders, marks = view.als, view.shared(_sights), view.holding, view.marks
    petals_of = view.shared(_petals)
    for stem in range(len(marks)):
        digits = digits_of(marks[stem])
        if len(digits) < 2 or any(d not in petals_of[stem] for d in digits):
            continue
        for chosen in _blossoms(sets, sight, holders, marks[stem], [petals_of[stem][d] for d in digits]):
            petals = [sets[k] for k in chosen]
            common, used = -1, 1 << stem
            for p in petals:
                common &= p.mask
                used |= p.bits
            groups = []
            for z in digits_of(common & ~marks[stem]):
                seeing = -1
                for k in chosen:
                    seeing &= sight[k][z]
                groups.append((z, seeing))
            if eliminations := _eliminations(holders, groups, ~used):
                size = view.size
                named = ", ".join(f"{d}: {p.text(size)}" for d, p in zip(digits, petals))
                yield _step(view, "death_blossom", eliminations, petals,
                            f"stem {cells_text((stem,), size)}, {named}", stem=stem)


def sue_de_coq(view: View) -> Iterator[Step]:
    """Cells of a box-line intersection locked with cells of the rest of the line and of the rest of the box."""
    marks = view.marks
    if (kernels := _kernels() if view.size == 9 else None) is not None:
        yield from _compiled_sue_de_coqs(view, kernels)
        return
    for box, line, around in _box_lines(view.geometry):
        content = around(marks)  # all a Sue de Coq here reads
        yield from view.memo.get((_sue_de_coq_at, box, line), content, partial(_sue_de_coq_list, view, box, line))


def _compiled_sue_de_coqs(view: View, kernels: ModuleType) -> Iterator[Step]:
    """``sue_de_coq``'s steps, the box-lines whose content changed searched at once, compiled
    (``als_compiled.sue_de_coqs``), and kept as ``_sue_de_coq_at``'s."""
    marks, memo, box_lines = view.marks, view.memo, _box_lines(view.geometry)
    contents = [around(marks) for _, _, around in box_lines]
    kept = [memo.recall((_sue_de_coq_at, box, line)) for box, line, _ in box_lines]
    changed = [k for k, (held, content) in enumerate(zip(kept, contents)) if held is None or held[0] != content]
    found = kernels.sue_de_coqs(view, [box_lines[k][:2] for k in changed]) if changed else []
    for k, hits in zip(changed, found):
        box, line, _ = box_lines[k]
        steps = [step for core, d, e in hits
                 if (step := _sue_de_coq_step(view, set(view.geometry.units[line]), set(view.geometry.units[box]),
                                              core, d, e))]
        memo.store((_sue_de_coq_at, box, line), contents[k], steps)
        kept[k] = (contents[k], steps)
    for held in kept:
        assert held is not None
        yield from held[1]


@cache
def _box_lines(geo: Geometry) -> tuple[tuple[int, int, itemgetter], ...]:
    """Each box with each line crossing it (rows, then columns): what reads their cells' marks."""
    return tuple((box, line, itemgetter(*geo.units[box], *geo.units[line]))
                 for box in range(2 * geo.size, 3 * geo.size)
                 for line in sorted({u for c in geo.units[box] for u in geo.cell_units[c][:2]}))


def _sue_de_coq_list(view: View, box: int, line: int) -> list[Step]:
    return list(_sue_de_coq_at(view, box, line))


def sue_de_coq_cells(view: View, box: int, line: int) -> tuple[list[Cell], list[Cell], list[Cell]]:
    """A box-line's open cells: in both, in the rest of the line, in the rest of the box (in their units' order)."""
    geo, marks = view.geometry, view.marks
    box_cells, line_cells = set(geo.units[box]), set(geo.units[line])
    return ([c for c in geo.units[line] if marks[c] and c in box_cells],
            [c for c in geo.units[line] if marks[c] and c not in box_cells],
            [c for c in geo.units[box] if marks[c] and c not in line_cells])


def _sue_de_coq_at(view: View, box: int, line: int) -> Iterator[Step]:
    geo, marks = view.geometry, view.marks
    box_cells, line_cells = set(geo.units[box]), set(geo.units[line])
    inside, line_rest, box_rest = sue_de_coq_cells(view, box, line)
    if len(inside) < 2:
        return
    rests: list[list[tuple[tuple[Cell, ...], int]]] = []  # the sets of line_rest and box_rest, when first needed
    for core in (core for k in (2, 3) for core in combinations(inside, k)):
        v = _union(marks, core)
        spare = v.bit_count() - len(core)  # the core's digits that the other two parts must take
        if spare < 2:
            continue
        rests = rests or [unit_subsets(marks, line_rest), unit_subsets(marks, box_rest)]
        box_parts = list(_parts(rests[1], v))
        for d, vd, d_gain in _parts(rests[0], v):
            for e, ve, e_gain in box_parts:
                if not vd & ve and d_gain + e_gain == spare and (
                        step := _sue_de_coq_step(view, line_cells, box_cells, core, d, e)):
                    yield step


def _sue_de_coq_step(view: View, line_cells: set[Cell], box_cells: set[Cell], core: tuple[Cell, ...],
                     d: tuple[Cell, ...], e: tuple[Cell, ...]) -> Step | None:
    """The Sue de Coq of a core in a box-line intersection, a part ``d`` in the rest of the line and a
    part ``e`` in the rest of the box, if it eliminates something."""
    marks, size = view.marks, view.size
    v, vd, ve = _union(marks, core), _union(marks, d), _union(marks, e)
    locked = {*core, *d, *e}
    eliminations = sorted({*removable(view, line_cells - locked, (v | vd) & ~ve),
                           *removable(view, box_cells - locked, (v | ve) & ~vd)})
    if not eliminations:
        return None
    parts = ", ".join(f"{cells_text(cells, size)} {{{digits_text(digits_of(mask))}}}"
                      for cells, mask in ((core, v), (d, vd), (e, ve)))
    digits = tuple(sorted({digit for _, digit in eliminations}))
    return Step("sue_de_coq", size, digits, eliminations=tuple(eliminations), cells=tuple(sorted(locked)),
                pattern=parts, als=(core, d, e))


def hodoku_sue_de_coq(view: View) -> Iterator[Step]:
    """Sue de Coq as HoDoKu searches it, in its order (its mode takes the first).

    Rows, then columns; per line, the boxes in order; in their intersection, the cores (the first
    and second open cell, then each third after them …). The line's part is any set of the line's
    other open cells (the intersection's included) taking some of the core's digits, with fewer
    digits of its own (extras) than cells and leaving at least one core digit to the box. The box's
    part is a set of the box's other open cells, outside the line's part and holding none of the
    core digits it took, grown cell by cell while it takes no more core digits than are left (a
    prefix that takes more ends the branch): one that takes exactly those left completes the
    pattern. The parts may share extras: such a digit lies in each part, so it leaves the rest of
    the box and of the line. Removals: the rest of the box first, then the rest of the line, cell
    by cell.
    """
    marks = view.marks
    for line, box, inside, around in _crossings(view.geometry):
        if sum(1 for c in inside if marks[c]) >= 2:
            yield from view.memo.get((_hodoku_sue_de_coq_at, line, box), tuple(marks[c] for c in around),
                                     partial(_hodoku_sue_de_coq_list, view, line, box))


@cache
def _crossings(geo: Geometry) -> tuple[tuple[int, int, tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """Each line (rows, then columns) with each box it crosses, in order: their shared cells, and the
    cells of both (all a Sue de Coq there reads)."""
    size = geo.size
    return tuple((line, box, tuple(c for c in geo.units[line] if c in geo.units[box]), geo.units[box] + geo.units[line])
                 for line in range(2 * size) for box in range(2 * size, 3 * size)
                 if set(geo.units[line]) & set(geo.units[box]))


def _hodoku_sue_de_coq_list(view: View, line: int, box: int) -> list[Step]:
    return list(_hodoku_sue_de_coq_at(view, line, box))


def _hodoku_sue_de_coq_at(view: View, line: int, box: int) -> Iterator[Step]:
    geo, marks, size = view.geometry, view.marks, view.size
    line_open = [c for c in geo.units[line] if marks[c]]
    box_open = [c for c in geo.units[box] if marks[c]]
    inside = [c for c in line_open if c in box_open]
    for core in _hodoku_cores(inside):
        v = _union(marks, core)
        spare = v.bit_count() - len(core)
        if spare < 2:
            continue
        line_rest = [c for c in line_open if c not in core]
        for d, vd in unit_subsets(marks, line_rest):
            taken, gain = vd & v, len(d) - (vd & ~v).bit_count()
            if not taken or gain <= 0 or gain >= spare:
                continue
            box_rest = [c for c in box_open if c not in core and c not in d]
            allowed = [c for c in box_rest if not marks[c] & taken]
            for e, ve in _prefix_subsets(marks, allowed, v, spare - gain):
                if not ve & v or len(e) - (ve & ~v).bit_count() != spare - gain:
                    continue
                shared = vd & ve & ~v
                eliminations = (removable(view, set(box_open) - set(core) - set(e), ((v | ve) & ~vd) | shared)
                                + removable(view, set(line_rest) - set(d), ((v | vd) & ~ve) | shared))
                if eliminations:
                    parts = ", ".join(f"{cells_text(cells, size)} {{{digits_text(digits_of(mask))}}}"
                                      for cells, mask in ((core, v), (d, vd), (e, ve)))
                    digits = tuple(sorted({digit for _, digit in eliminations}))
                    yield Step("sue_de_coq", size, digits, eliminations=eliminations,
                               cells=tuple(sorted({*core, *d, *e})), pattern=parts, als=(core, d, e))


# ---- HoDoKu's searches for ALS moves, for its mode
#
# HoDoKu lists the ALSs as ``View.als`` does (unit by unit, depth first, each set once) and their
# restricted commons pair by pair (the first set before the second, both in that order), at most
# two digits a pair. A set's *reach* for a digit: the cells outside it holding the digit and seeing
# all of the set's cells with it.

Rc = tuple[int, int, tuple[Digit, ...]]  # (first set, second set, restricted common digits)


def _hodoku_rcs(view: View) -> list[Rc]:
    """The restricted commons in HoDoKu's order: by first set, then second (a later one)."""
    return sorted((i, j, digits[:2]) for i, near in enumerate(view.restricted_commons)
                  for j, digits in near if j > i)


def _reach(view: View) -> list[dict[Digit, int]]:
    """Per ALS, per digit: its reach (a bitset of cells)."""
    holders = view.holding
    return [{d: seen & holders[d] & ~s.bits for d, seen in sight.items()}
            for s, sight in zip(view.als, view.shared(_sights))]


def _hodoku_common(view: View, i: int, j: int, excluded: Iterable[Digit]) -> list[Candidate]:
    """The digits of both sets but ``excluded``, digit by digit, in the cells both reach."""
    reach, sets = view.shared(_reach), view.als
    common = sets[i].mask & sets[j].mask
    for x in excluded:
        common &= ~(1 << (x - 1))
    return [(c, z) for z in digits_of(common) for c in cells_of(reach[i][z] & reach[j][z])]


def _hodoku_locked(view: View, i: int, j: int, restricted: tuple[Digit, ...]) -> list[Candidate]:
    """A doubly linked pair's set ``i`` locked: its other digits leave what it reaches outside ``j``."""
    reach, sets = view.shared(_reach), view.als
    rest = sets[i].mask & ~sum(1 << (x - 1) for x in restricted)
    return [(c, d) for d in digits_of(rest) for c in cells_of(reach[i][d] & ~sets[j].bits)]


def _mask(digits: Iterable[Digit]) -> int:
    return sum({1 << (d - 1) for d in digits})


def _hodoku_step(view: View, name: str, removed: Iterable[Candidate], chain: Sequence[int], pattern: str) -> Step:
    sets = view.als
    return _step(view, name, tuple(dict.fromkeys(removed)), [sets[k] for k in chain], pattern)


def hodoku_als_xz(view: View) -> Iterator[Step]:
    """The first ALS-XZ of HoDoKu's scan (it takes the first): restricted commons in order; with two
    digits, the other common digits for each, then each set locked."""
    sets = view.als
    for i, j, restricted in _hodoku_rcs(view):
        removed = _hodoku_common(view, i, j, restricted[:1])
        if len(restricted) == 2:
            removed += (_hodoku_common(view, i, j, restricted[1:]) + _hodoku_locked(view, i, j, restricted)
                        + _hodoku_locked(view, j, i, restricted))
        if removed:
            size = view.size
            yield _hodoku_step(view, "als_xz", removed, (i, j),
                               f"A={sets[i].text(size)}, B={sets[j].text(size)}, X={digits_text(restricted)}")
            return


def hodoku_als_xy_wing(view: View) -> Iterator[Step]:
    """The first ALS-XY-Wing of HoDoKu's scan: pairs of restricted commons in order (the first, then a
    later one) sharing a set, the pivot; not both the same single digit; the wings disjoint. What
    both wings hold but the links' digits leaves what both reach."""
    sets, rcs, seen = view.als, _hodoku_rcs(view), view.shared(_seen_digits)
    touching: list[list[int]] = [[] for _ in sets]  # per set, the restricted commons it is in (ascending)
    for n, (i, j, _) in enumerate(rcs):
        touching[i].append(n)
        touching[j].append(n)
    for n, (i, j, first) in enumerate(rcs):
        for m in sorted({m for k in (i, j) for m in touching[k] if m > n}):
            k, k2, second = rcs[m]
            if len(first) == len(second) == 1 and first == second:
                continue
            pivot = i if i in (k, k2) else j
            a, b = j if pivot == i else i, k2 if k == pivot else k
            if sets[a].bits & sets[b].bits or not seen[a] & seen[b] & ~_mask((*first, *second)):
                continue  # overlapping wings, or no digit both could remove
            if removed := _hodoku_common(view, a, b, (*first, *second)):
                size = view.size
                yield _hodoku_step(view, "als_xy_wing", removed, (a, b, pivot),
                                   f"A={sets[a].text(size)}, B={sets[b].text(size)}, C={sets[pivot].text(size)}, "
                                   f"X,Y={digits_text((*first, *second))}")
                return


def hodoku_als_chain(view: View) -> Iterator[Step]:
    """HoDoKu's best ALS-Chain: its search goes only forward (each set later in the list than the one
    before), so a chain is a rising sequence of sets, three links or more.

    A link's digit must differ from the one before it. A doubly linked first link counts as either
    digit; a doubly linked later link uses the digit the one before does not (both when neither is
    that digit; the link after it is then checked against the first of the two only, as HoDoKu
    does). The ends' common digits but the first and last links' leave what both ends reach. Among
    the sets of removals, HoDoKu takes the most removals, then the earliest in the grid (its weighted
    sum). Searched breadth first per start and first digit over (set, last link's digits), as
    ``als_chain`` is.
    """
    sets = view.als
    forward: list[list[tuple[int, tuple[Digit, ...]]]] = [[] for _ in sets]
    for i, j, restricted in _hodoku_rcs(view):
        forward[i].append((j, restricted))
    partners = view.shared(_partners)
    found: dict[tuple[Candidate, ...], tuple[int, int]] = {}
    for start in range(len(sets)):
        hopeful = 0
        for ends in partners[start].values():
            hopeful |= ends
        if not hopeful or not forward[start]:
            continue
        firsts: dict[Digit, dict[State, int]] = {}
        for j, restricted in forward[start]:
            for x in restricted:
                level = firsts.setdefault(x, {})
                level[(x, 1 << (x - 1))] = level.get((x, 1 << (x - 1)), 0) | 1 << j
        for x, level in firsts.items():
            for (_, used), reached in _chain_ends(forward, level):
                for end in cells_of(reached & hopeful):
                    removed = _hodoku_common(view, start, end, (x, *digits_of(used)))
                    if removed:
                        key = tuple(sorted(removed, key=lambda c: (c[1], c[0])))
                        found.setdefault(key, (start, end))
    if found:
        best = min(found, key=lambda key: (-len(key), sum(c * (1 + 80 * n) + d for n, (c, d) in enumerate(key))))
        start, end = found[best]
        size = view.size
        yield _hodoku_step(view, "als_chain", best, (start, end),
                           f"{sets[start].text(size)} - ... - {sets[end].text(size)}")


State = tuple[Digit, int]  # the digit the next link is checked against, and the last link's digits (a mask)


def _chain_ends(forward: list[list[tuple[int, tuple[Digit, ...]]]], first: dict[State, int]
                ) -> Iterator[tuple[State, int]]:
    """From the sets reached by the first link (per state), the sets reached by three links or more,
    per state of the last link (bitsets; a set may come in several states)."""
    steps: dict[tuple[int, Digit], dict[State, int]] = {}

    def onward(node: int, against: Digit) -> dict[State, int]:
        if (node, against) not in steps:
            out: dict[State, int] = {}
            for target, restricted in forward[node]:
                if len(restricted) == 1:
                    x = restricted[0]
                    if x == against:
                        continue
                    state = (x, 1 << (x - 1))
                else:
                    x, y = restricted
                    state = ((y, 1 << (y - 1)) if against == x else (x, 1 << (x - 1)) if against == y
                             else (x, 1 << (x - 1) | 1 << (y - 1)))
                out[state] = out.get(state, 0) | 1 << target
            steps[node, against] = out
        return steps[node, against]

    seen: list[dict[State, int]] = [{}, dict(first), {}, {}]
    level, depth = first, 1
    while level:
        depth += 1
        kept = seen[min(depth, 3)]
        following: dict[State, int] = {}
        for (against, _), reached in level.items():
            for node in cells_of(reached):
                for state, targets in onward(node, against).items():
                    if new := targets & ~kept.get(state, 0) & ~following.get(state, 0):
                        following[state] = following.get(state, 0) | new
        for state, new in following.items():
            kept[state] = kept.get(state, 0) | new
        level = following
    yield from seen[3].items()


def _hodoku_cores(cells: Sequence[Cell]) -> Iterator[tuple[Cell, ...]]:
    """Pairs and triples of ``cells`` in HoDoKu's order: each pair, then the triples extending it."""
    for i, a in enumerate(cells):
        for j in range(i + 1, len(cells)):
            yield a, cells[j]
            for k in range(j + 1, len(cells)):
                yield a, cells[j], cells[k]


def _prefix_subsets(marks: Sequence[int], cells: Sequence[Cell], core: int, most: int
                    ) -> Iterator[tuple[tuple[Cell, ...], int]]:
    """The non-empty subsets of ``cells`` with their candidates, depth first; a subset whose cells
    outnumber its digits outside ``core`` by more than ``most`` is given but not grown."""
    def grow(start: int, chosen: tuple[Cell, ...], mask: int) -> Iterator[tuple[tuple[Cell, ...], int]]:
        for i in range(start, len(cells)):
            subset, union = (*chosen, cells[i]), mask | marks[cells[i]]
            yield subset, union
            if len(subset) - (union & ~core).bit_count() <= most:
                yield from grow(i + 1, subset, union)

    yield from grow(0, (), 0)


# ---- helpers


Neighbours = list[dict[Digit, int]]  # per ALS, per restricted common digit: the ALSs it links to (a bitset)


def _neighbours(view: View) -> Neighbours:
    """Per ALS of the view, per restricted common digit, the sets sharing it (indices as a bitset)."""
    compiled = _compiled(view)
    links = view.restricted_commons if compiled is None else compiled[0].links(compiled[1])
    found: Neighbours = [{} for _ in links]
    for i, near in enumerate(links):
        for j, digits in near:
            for x in digits:
                found[i][x] = found[i].get(x, 0) | 1 << j
    return found


def _partners(view: View) -> list[dict[Digit, int]]:
    """Per ALS, per digit ``Z`` it holds: the ALSs (a bitset of indices) such that some cell outside
    both, holding ``Z``, sees every ``Z`` of both; the ends a chain from it could eliminate with."""
    sets, sight, holders = view.als, view.shared(_sights), view.holding
    found: list[dict[Digit, int]] = [{} for _ in sets]
    for z in range(1, view.size + 1):
        seeing: dict[Cell, int] = {}  # per cell holding z outside some sets, those whose every z it sees
        for k, s in enumerate(sets):
            if z in s.places and (reach := sight[k][z] & holders[z] & ~s.bits):
                for target in cells_of(reach):
                    seeing[target] = seeing.get(target, 0) | 1 << k
        for ends in seeing.values():
            for k in cells_of(ends):
                found[k][z] = found[k].get(z, 0) | ends & ~(1 << k)
    return [{z: ends for z, ends in near.items() if ends} for near in found]


Levels = list[dict[Digit, int]]  # per chain length: per digit of the last link, the sets first reached so


def _levels(neighbours: Neighbours, start: int, x1: Digit, nearest: int) -> Levels:
    """Breadth first from ``start`` over the link ``x1``: per number of links, per digit of the last
    link, the sets (a bitset) reached so for the first time (lengths 1, 2 and 3+ counted apart, so
    a set reached early is reached again by a longer chain)."""
    other = ~(1 << start)
    levels: Levels = [{}, {x1: nearest & other}]
    seen: list[dict[Digit, int]] = [{}, {x1: nearest & other}, {}, {}]
    while levels[-1]:
        depth = len(levels)
        kept = seen[min(depth, 3)]
        following: dict[Digit, int] = {}
        for y, reached in levels[-1].items():
            while reached:  # each set reached over y (cells_of, inlined: this loop is the search's cost)
                low = reached & -reached
                reached ^= low
                for x, near in neighbours[low.bit_length() - 1].items():
                    if x != y and (new := near & other & ~kept.get(x, 0) & ~following.get(x, 0)):
                        following[x] = following.get(x, 0) | new
        for x, new in following.items():
            kept[x] = kept.get(x, 0) | new
        levels.append(following)
    return levels


def _path(neighbours: Neighbours, levels: Levels, depth: int, end: int, last: Digit, start: tuple[int, Digit]
          ) -> list[tuple[int, Digit]]:
    """A chain to ``end`` (reached over ``last`` after ``depth`` links): (set, digit into it), from the start."""
    path = [(end, last)]
    for d in range(depth - 1, 0, -1):
        n, x = path[-1]
        path.append(next((k, y) for y, reached in levels[d].items() if y != x
                         for k in cells_of(reached) if neighbours[k].get(x, 0) >> n & 1))
    return [start, *reversed(path)]


def _petals(view: View) -> list[dict[Digit, list[int]]]:
    """Per cell, per digit: the ALSs (indices) not holding the cell whose cells with the digit all see it."""
    found: list[dict[Digit, list[int]]] = [{} for _ in view.marks]
    for k, s in enumerate(view.als):
        for digit, (_, seeing) in s.sight.items():
            for cell in cells_of(seeing & view.holding[digit] & ~s.bits):
                found[cell].setdefault(digit, []).append(k)
    return found


def _blossoms(sets: Sequence[Als], sight: list[dict[Digit, int]], holders: Sequence[int], stem_mask: int,
              choices: list[list[int]]) -> Iterator[list[int]]:
    """Petals, one from each of ``choices``, sharing a digit the stem lacks that some cell holding it
    (outside them) sees in all of them."""
    def grow(level: int, common: int, targets: dict[Digit, int], chosen: list[int]) -> Iterator[list[int]]:
        if level == len(choices):
            yield chosen
            return
        for k in choices[level]:
            s = sets[k]
            if not common & s.mask:
                continue
            narrowed = {z: t & sight[k][z] for z, t in targets.items() if s.mask >> (z - 1) & 1}
            narrowed = {z: t for z, t in narrowed.items() if t & ~s.bits}
            if narrowed:
                yield from grow(level + 1, common & s.mask, narrowed, [*chosen, k])

    start = {z: holders[z] for z in range(1, len(holders)) if not stem_mask >> (z - 1) & 1}
    yield from grow(0, ~stem_mask, start, [])



def _sights(view: View) -> list[dict[Digit, int]]:
    """Per ALS of the view, per digit: the cells that see every cell of the set holding it (a bitset)."""
    return [{digit: seen for digit, (_, seen) in s.sight.items()} for s in view.als]


def _seen_digits(view: View) -> list[int]:
    """Per ALS of the view: the digits (a mask) with a candidate seeing every cell of the set holding
    the digit (the only digits the set can eliminate)."""
    holders = view.holding
    return [sum(1 << (d - 1) for d, seen in sight.items() if seen & holders[d]) for sight in view.shared(_sights)]


def _eliminations(holders: Sequence[int], groups: Iterable[tuple[Digit, int]], outside: int) -> tuple[Candidate, ...]:
    """For each (digit, cells seeing what must hold it): the digit in those cells, within ``outside``."""
    found: set[Candidate] = set()
    for digit, seeing in groups:
        if seeing := seeing & holders[digit] & outside:
            found.update((c, digit) for c in cells_of(seeing))
    return tuple(sorted(found))


def _parts(subsets: Iterable[tuple[tuple[Cell, ...], int]], v: int) -> Iterator[tuple[tuple[Cell, ...], int, int]]:
    """Of some sets of cells with their candidates, those taking one or more of ``v``'s digits: each
    with its candidates and how many of those digits it takes."""
    for part, mask in subsets:
        gain = len(part) - (mask & ~v).bit_count()
        if gain > 0:
            yield part, mask, gain


def _union(marks: Sequence[int], cells: Iterable[Cell]) -> int:
    mask = 0
    for c in cells:
        mask |= marks[c]
    return mask


def _sight(s: Als) -> dict[Digit, int]:
    """Per digit of a set, the cells seeing all its cells holding it (as ``_sights`` lists them)."""
    return {digit: seen for digit, (_, seen) in s.sight.items()}


@cache
def _digit_names(size: int) -> tuple[tuple[Digit, ...], ...]:
    """Per mask of digits, its digits."""
    return tuple(digits_of(mask) for mask in range(1 << size))


# ---- the compiled scans (``als_compiled``), on 9x9 grids once the engine runs its compiled parts


class _Made(Sequence[Als]):
    """The view's sets (``View.als``'s) as the compiled scans found them (``Sets``), each made when
    first asked for."""

    def __init__(self, view: View, found: Sets):
        self._marks, self._ptr, self._idx = view.marks, found.ptr.tolist(), found.idx
        self._made: dict[int, Als] = {}

    def __len__(self) -> int:
        return len(self._ptr) - 1

    @overload
    def __getitem__(self, k: int) -> Als: ...

    @overload
    def __getitem__(self, k: slice) -> Sequence[Als]: ...

    def __getitem__(self, k: int | slice) -> Als | Sequence[Als]:
        if isinstance(k, slice):
            return [self[n] for n in range(len(self))[k]]
        if (made := self._made.get(k)) is None:
            made = self._made[k] = Als.of(self._idx[self._ptr[k]:self._ptr[k + 1]].tolist(), self._marks)
        return made


def _made(view: View) -> _Made:
    """The view's sets as the compiled scans found them (``_compiled``'s), made as asked for."""
    compiled = _compiled(view)
    assert compiled is not None
    return _Made(view, compiled[1])


def _compiled(view: View) -> tuple[ModuleType, Sets] | None:
    """The compiled scans, with the view's sets and restricted commons as they read them, when they
    run; else None."""
    kernels = _kernels() if view.size == 9 else None
    return None if kernels is None else (kernels, view.shared(kernels.sets_of))


def _kernels() -> ModuleType | None:
    """The compiled scans once ready: loaded once the default ladder's compiled parts are
    (``singles_compiled.LOADER``), in the background; None until then."""
    from sudokit.solvers.human.singles_compiled import LOADER

    return KERNELS.get() if LOADER.value is not None else None


def _load_kernels() -> ModuleType:
    from sudokit.solvers.human import als_compiled

    als_compiled.warm()
    return als_compiled


KERNELS: Background[ModuleType] = Background(_load_kernels, lambda: False)  # (a thread: the solve goes on meanwhile)


def _step(view: View, name: str, eliminations: tuple[Candidate, ...], sets: Sequence[Als], pattern: str,
          stem: Cell | None = None) -> Step:
    digits = tuple(sorted({d for _, d in eliminations}))
    cells = sorted({c for s in sets for c in s.cells} | ({stem} if stem is not None else set()))
    return Step(name, view.size, digits, eliminations=eliminations, cells=tuple(cells), pattern=pattern,
                als=tuple(s.cells for s in sets), fins=(stem,) if stem is not None else ())
