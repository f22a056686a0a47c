"""The human engine: apply the easiest technique that fires, one step at a time, and restart.

After every step the search starts again from the first (easiest) technique of the chosen list.
Each state is read through one ``View``, shared by every technique asked about it, and what
depends on a single digit's candidates is carried from state to state (``view.Memo``). A
contradiction ends the solve as ``unsat`` with its reason; when nothing fires the solve is
``stuck``, unless guessing is allowed: then the engine guesses (a labelled step), and a guess that
leads to a contradiction becomes an elimination, so the path it reports is always sound.

>>> from sudokit.models.grid import Grid
>>> result = solve_logically(Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."),
...                          PRESETS["singles"])
>>> result.status.value, result.rating.hardest, result.state.to_grid().line()[:9]
('solved', 'naked_single', '483921657')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid, cell_name, symbol
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SearchTimeout, Status, status_for
from sudokit.solvers.human.effort import path_effort, step_effort
from sudokit.solvers.human.modes import MODES, Chooser, Mode, Rater, first_found, mode
from sudokit.solvers.human.rating import Rating, rate
from sudokit.solvers.human.registry import GUESS, LAST_RUNG, PRESETS, TECHNIQUES, technique
from sudokit.solvers.human.singles_compiled import (
    CONTRADICTION,
    HEAD,
    LADDER,
    LOADER,
    OVER_BUDGET,
    SOLVED,
    Singles,
    compiled_singles,
)
from sudokit.solvers.human.steps import Finder, Step, cached_attribute
from sudokit.solvers.human.techniques.guessing import refuted
from sudokit.solvers.human.techniques.uniqueness import remember_givens
from sudokit.solvers.human.view import Memo, View


@dataclass
class HumanResult:
    """How a solve ended, the path that got there, and the final state.

    ``state`` is the first solution found (solved, multiple), the partial state (stuck, timeout),
    or the state where the contradiction showed (unsat). ``guesses`` counts every guess tried,
    ``steps`` only the path to ``state``.
    """

    status: Status
    state: Candidates
    steps: list[Step]
    solutions: int = 0
    guesses: int = 0
    message: str = ""
    rater: Rater = field(default=mode("default").rate, repr=False)  # the mode's rating of a path
    start: Candidates | None = field(default=None, repr=False)  # the state the solve began from
    # per step, its inspections for the effort (``effort.step_effort``), when the solve recorded them
    efforts: list[float] | None = field(default=None, repr=False)
    # the path's steps counted by technique, when the solve counted them (every step plain: no chain, no
    # rating of its own) for a mode rating with ``rating.rate``, which then reads no more steps than it must
    tally: dict[str, int] | None = field(default=None, repr=False)

    @cached_attribute
    def rating(self) -> Rating:
        """The mode's rating of the path, with its effort when the solve finished (and says where it began)."""
        finished = self.status is Status.SOLVED and self.start is not None
        if self.tally is not None:
            return rate(self.steps, self.tally, path_effort(self) if finished else None)
        rating = self.rater(self.steps)
        return rating.with_effort(path_effort(self)) if finished else rating


def solve_logically(
    start: Candidates | Grid,
    techniques: Sequence[str] | None = None,
    *,
    mode: str | Mode = "default",
    allow_guess: bool = False,
    limit: int = DEFAULT_LIMIT,
    time_limit: float | None = None,
) -> HumanResult:
    """Solve a puzzle or a pencil-mark state with the given techniques, easiest first.

    With ``allow_guess`` the engine branches when stuck and counts solutions up to ``limit``
    (after the first, with singles only: that search is not shown); without it a logical solve
    that finishes proves the solution unique. ``mode`` (a name of ``modes.MODES`` or a ``Mode``)
    chooses each step and rates the path; ``techniques`` defaults to the mode's.
    """
    chosen = _mode(mode)
    deadline = Deadline(time_limit) if time_limit is not None else _NO_DEADLINE
    names = chosen.techniques if techniques is None else techniques
    if isinstance(start, Grid) and (allow_guess or not chosen.proper_only) and not start.conflicts():
        return _solve(start, names, chosen, allow_guess, limit, deadline)
    began = start.copy() if isinstance(start, Candidates) else _start_state(start)
    if clash := (start if isinstance(start, Grid) else began.to_grid()).conflicts():  # no search needed (counting a near-empty one ran past any limit)
        first, second, _, digit = clash[0]
        size = began.size
        return HumanResult(Status.UNSAT, began, [], 0, 0, f"{cell_name(first, size)} and {cell_name(second, size)} both hold "
                           f"{digit}", chosen.rate, began)
    if chosen.proper_only and not allow_guess:
        if (only := _only_solution(began)) is not None:
            return _solve(began, names, chosen, allow_guess, limit, deadline, only)
        counted = _solve(began, PRESETS["singles"], _mode("default"), True, 2, deadline)
        if counted.status is not Status.SOLVED:  # as the program the mode follows, rate only a proper puzzle
            why = counted.message or f"the puzzle has {'no solution' if counted.status is Status.UNSAT else 'several solutions'}"
            return HumanResult(counted.status, counted.state, [], counted.solutions, 0, f"not rated: {why}",
                               chosen.rate, began)
        return _solve(began, names, chosen, allow_guess, limit, deadline, counted.state)
    return _solve(began, names, chosen, allow_guess, limit, deadline)


_NO_DEADLINE = Deadline(None)  # (never passes: shared by the solves without a time limit)


def _start_state(grid: Grid) -> Candidates:
    """``Candidates.from_grid``, compiled once the engine's compiled parts are ready."""
    kernels = LOADER.value
    return kernels.start(grid) if kernels is not None else Candidates.from_grid(grid)


def _solve(start: Candidates | Grid, names: Sequence[str], chosen: Mode, allow_guess: bool, limit: int,
           deadline: Deadline, solution: Candidates | None = None) -> HumanResult:
    """``solve_logically`` from a state or a puzzle whose placed digits do not clash (``start``, left
    unchanged); ``solution``: its one solution, when counted. A puzzle's start state is made with the
    compiled loop's first run where that loop takes the ladder's first steps (one call)."""
    finders, head = _finders(tuple(names), chosen.proper_only)
    kernels = LOADER.value or LOADER.get()  # (counting this solve toward building them until they are ready)
    steps: list[Step] = []
    efforts: list[float] = []
    ready = None
    if isinstance(start, Candidates):
        began, state = start, start.copy()
    elif kernels is not None and chosen.choose is first_found and head >= len(HEAD):
        began, state, steps, efforts, ready, tally = kernels.begin(start, head)
        if ready == SOLVED:  # (what the search would find: the compiled loop's path, one solution: ``status_for``)
            return HumanResult(Status.SOLVED, state, steps, 1, rater=chosen.rate, start=began, efforts=efforts,
                               tally=tally if chosen.rate is rate else None)
    else:
        began = _start_state(start)
        state = began.copy()
    search = _Search(finders, head, chosen.choose, allow_guess, limit, deadline, began, solution=solution,
                     singles=kernels.ladder if kernels else None, efforts=efforts, ready=ready)
    try:
        reason = search.explore(state, steps)
    except SearchTimeout:
        return HumanResult(Status.TIMEOUT, state, steps, search.solutions, search.guesses, "time limit reached",
                           chosen.rate, began)
    if search.first is not None:
        solution, path = search.first
        return HumanResult(status_for(search.solutions, limit), solution, path, search.solutions, search.guesses,
                           rater=chosen.rate, start=began, efforts=search.efforts if not search.guesses else None)
    status = Status.UNSAT if reason else Status.STUCK
    return HumanResult(status, state, steps, 0, search.guesses, reason or "no technique applies", chosen.rate,
                       began)


def _mode(chosen: str | Mode) -> Mode:
    return chosen if isinstance(chosen, Mode) else MODES.get(chosen) or mode(chosen)


_FINDERS: dict[tuple[tuple[str, ...], bool], tuple[tuple, list[Finder], int]] = {}


_LAST: list = [None, None, None]  # the last ladder asked for: its names, the registry's techniques then, what it got


def _finders(names: tuple[str, ...], proper_only: bool) -> tuple[list[Finder], int]:
    """The finders of a ladder, the last rung's asked only where the solution is unique unless the mode
    has counted the solutions (``proper_only``), and how many it starts with that are ``LADDER``'s
    (``_shared_head``); kept while the registry holds the same techniques. The ladder asked last is
    known by its names' tuple (the same object, a mode's: no names hashed) while the registry holds the
    same techniques in the same order."""
    techniques = tuple(TECHNIQUES.values())  # (each technique has its name: no name read)
    if names is _LAST[0] and proper_only in _LAST[2] and techniques == _LAST[1]:
        return _LAST[2][proper_only]
    key, registered = (names, proper_only), tuple(map(TECHNIQUES.get, names))
    kept = _FINDERS.get(key)
    if kept is None or kept[0] != registered:
        if len(_FINDERS) >= 64:  # (a study trying many ladders: keep the last few)
            _FINDERS.clear()
        gated = () if proper_only else LAST_RUNG
        finders = [_where_unique(technique(name).find) if name in gated else technique(name).find for name in names]
        kept = _FINDERS[key] = (registered, finders, _shared_head(finders))
    if names is not _LAST[0] or techniques != _LAST[1]:
        _LAST[:] = names, techniques, {}
    _LAST[2][proper_only] = kept[1], kept[2]
    return kept[1], kept[2]


def _where_unique(last: Finder) -> Finder:
    """A last-rung finder (SE's chains, 9x9 only) asked only in a state with exactly one solution: in one
    with several they search every nested level and find next to nothing (SE rates proper puzzles only).
    Its search stops at the first cell whose chains give a step (``chaining.finder``'s ``first``), as
    every rung of the ladder takes the first step it finds."""
    find = getattr(last, "first", last)

    def find_where_unique(view: View) -> Iterator[Step]:
        if view.size == 9 and view.shared(_one_solution):
            yield from find(view)
    return find_where_unique


_START, _START_SOLUTION = "engine.start", "engine.start_solution"


def _one_solution(view: View) -> bool:
    """Whether the state has exactly one solution. A solve only removes candidates, so its states'
    solutions are among its start's: where the start has exactly one, a state has one exactly when that
    one still fits it (no count); otherwise each state is counted (singles and guesses)."""
    start = view.memo.recall(_START)
    if start is None:
        return _counted(view.candidates(), view) is not None
    only = view.memo.get(_START_SOLUTION, None, lambda: _counted(start[1], view))
    if only is None:  # no solution or several: a step assuming uniqueness may have removed some
        return _counted(view.candidates(), view) is not None
    return all(value == only[cell] if value else mark >> (only[cell] - 1) & 1
               for cell, (value, mark) in enumerate(zip(view.values, view.marks, strict=True)))


def _only_solution(state: Candidates) -> Candidates | None:
    """The state's one solution, where the compiled count finds exactly one; None where it finds none
    or several, or is not asked (the engine's count then tells which, and why)."""
    found, values = _compiled_count(state)
    return Candidates(state.size, [0] * len(values), values) if found == 1 else None


def _compiled_count(state: Candidates) -> tuple[int, list[int]]:
    """How many solutions the state has, up to two, and the first, counted by ``count_compiled``
    once it is ready (9×9 and smaller); ``OVER_BUDGET`` where it is not ready or gives up."""
    kernels = LOADER.value
    return kernels.solutions(state, 2) if kernels is not None and state.size <= 9 else (OVER_BUDGET, [])


def _counted(state: Candidates, view: View) -> tuple[int, ...] | None:
    """The state's values in its one solution; None with none or several (counted with singles and guesses)."""
    found, values = _compiled_count(state)
    if found != OVER_BUDGET:
        return tuple(values) if found == 1 else None
    remaining = view.deadline.remaining() if view.deadline is not None else None
    counted = solve_logically(state, PRESETS["singles"], allow_guess=True, time_limit=remaining)
    if counted.status is Status.TIMEOUT:
        raise SearchTimeout
    return tuple(counted.state.values) if counted.status is Status.SOLVED else None


def _counted_step(efforts: list[float], state: Candidates, step: Step) -> list[float] | None:
    """``efforts`` with the inspections of ``step`` in ``state`` (``effort.step_effort``); None for a
    step placing a digit the state does not hold (which the effort's walk would skip)."""
    if not all(state.marks[cell] >> (digit - 1) & 1 for cell, digit in step.placements):
        return None
    efforts.append(step_effort(state, step))
    return efforts


def keeps(solution: Candidates, step: Step) -> None:
    """Fail (a bug: a technique is wrong) unless ``step`` keeps the puzzle's one ``solution``."""
    values = solution.values
    wrong = [f"places {symbol(d)} in {cell_name(c, solution.size)}" for c, d in step.placements if values[c] != d]
    wrong += [f"removes {symbol(d)} from {cell_name(c, solution.size)}" for c, d in step.eliminations if values[c] == d]
    if wrong:
        raise AssertionError(f"{step.technique} {', '.join(wrong)}: not the puzzle's one solution")


def apply_step(state: Candidates, step: Step) -> None:
    """Make a step's placements and eliminations."""
    for cell, digit in step.placements:
        state.place(cell, digit)
    for cell, digit in step.eliminations:
        state.eliminate(cell, digit)


def find_steps(state: Candidates | View, name: str) -> list[Step]:
    """Every instance of one technique in a state (as HoDoKu's "find all steps")."""
    return list(technique(name).steps(state))


# Once a solution is found, the search for another only counts: its steps are never shown.
_COUNTING = [technique(name).find for name in PRESETS["singles"]]
_LADDER = [technique(name).find for name in LADDER]


def _shared_head(finders: Sequence[Finder]) -> int:
    """How many finders a ladder starts with that are ``LADDER``'s, in its order."""
    shared = 0
    for find, compiled in zip(finders, _LADDER, strict=False):
        if find is not compiled:
            break
        shared += 1
    return shared


_COUNTING_HEAD = _shared_head(_COUNTING)


@dataclass
class _Search:
    """One solve: the finders in order, whether to guess, and what was found so far."""

    finders: Sequence[Finder]
    head: int  # how many of them are ``LADDER``'s first (``_shared_head``)
    choose: Chooser
    allow_guess: bool
    limit: int
    deadline: Deadline
    began: Candidates  # the state the solve began from (left unchanged)
    solutions: int = 0
    guesses: int = 0
    first: tuple[Candidates, list[Step]] | None = field(default=None)
    memo: Memo = field(default_factory=Memo)  # what one state's view leaves to the next
    singles: Singles | None = field(default_factory=compiled_singles)  # the compiled singles, once ready
    # how the compiled loop's first run ended, where the start state was made with it (``Kernels.begin``): the
    # first ``deduce`` takes it instead of running the loop
    ready: int | None = None
    solution: Candidates | None = None  # the one solution, when counted: each step is checked against it
    # each step's inspections for the effort (``effort.step_effort``), recorded while the compiled loop runs
    # (it counts as it goes); None once a step is taken without (the effort then walks the path)
    efforts: list[float] | None = field(default_factory=list)

    def view(self, state: Candidates, deadline: Deadline | None) -> View:
        """A state's view for the finders; the first tells the solve's memo what the later finders need
        to know of its start (not before: most easy solves never leave the compiled loop)."""
        if self.memo.recall(_START) is None:
            remember_givens(self.memo, self.began.values)  # the avoidable rectangles tell givens from placed cells
            self.memo.store(_START, None, self.began)  # the last rung's gate counts its solutions once (``_one_solution``)
        return View(state, self.memo, deadline)

    def explore(self, state: Candidates, steps: list[Step]) -> str | None:
        """Solve ``state`` in place, appending to ``steps``; why it has no solution, if it plainly has none."""
        found_before = self.solutions
        while True:
            if reason := self.deduce(state, steps):
                return reason if self.solutions == found_before else None
            if state.is_solved():
                self.solutions += 1
                self.first = self.first or (state, steps)
                return None
            if not self.allow_guess:
                return None
            guess = next(iter(GUESS.find(self.view(state, None))))
            branch = state.copy()
            apply_step(branch, guess)
            self.guesses += 1
            failure = self.explore(branch, [*steps, guess])
            if self.solutions >= self.limit:
                return None
            state.eliminate(*guess.placements[0])
            if failure:
                steps.append(refuted(guess, failure))

    def deduce(self, state: Candidates, steps: list[Step]) -> str | None:
        """Apply the easiest step that fires until none does; the contradiction met, if any.

        Where the ladder starts with the singles and the compiled loop is ready, that loop takes the
        rungs the ladder shares with ``LADDER`` (the same steps, ``singles_compiled``) and the finders
        after them the rest.
        """
        counting = self.first is not None
        finders = _COUNTING if counting else self.finders
        choose = first_found if counting else self.choose
        rungs = (_COUNTING_HEAD if counting else self.head) if choose is first_found and self.singles else 0
        singles = self.singles if rungs >= len(HEAD) else None
        rest = finders[rungs:] if singles else finders
        if not singles and not counting:
            self.efforts = None
        while True:
            if singles:
                end = singles(state, steps, rungs, None if counting else self.efforts) if self.ready is None else self.ready
                self.ready = None
                if end == CONTRADICTION:
                    return state.contradiction()
                if end == SOLVED:
                    return None
            elif self.solution is None and (reason := state.contradiction()):
                return reason
            if self.deadline.passed():
                raise SearchTimeout
            if not singles and state.is_solved():  # no candidate left: nothing can fire
                return None
            step = choose(self.view(state, self.deadline), rest)
            if step is None:
                return state.contradiction() if self.solution is not None else None
            if self.solution is not None:  # (then no state can contradict but by a wrong step: checked here)
                keeps(self.solution, step)
            if self.efforts is not None and not counting:
                self.efforts = _counted_step(self.efforts, state, step)
            apply_step(state, step)
            steps.append(step)
