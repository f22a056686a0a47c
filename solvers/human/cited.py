"""The figures people cite for a puzzle, each under its owner's name (``docs/concepts/ratings.md``).

A rating is somebody's: Sudoku Explainer's ER/EP/ED come from SE mode's path, HoDoKu's score,
level and hardest technique from HoDoKu mode's, and any other path (the default mode, a preset, a
guess) gives sudokit's own engine's figures. ``rating_record`` rates a puzzle in the modes asked for
and returns one flat record with every owner's keys (``rating.OWNED_KEYS``): the figures of the
modes that ran and finished, and for each owner whose figures are missing, null values and
``{owner}_missing`` saying why (a mode not run, a size its program does not take, a guess, stuck).

``CITED`` (what plain ``sudokit rate`` runs) is SE mode then HoDoKu mode on a 9×9 puzzle; both
programs rate 9×9 puzzles only, so on another size plain ``rate`` gives the engine's figures and
says why SE's and HoDoKu's are null.
"""

from __future__ import annotations

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import HumanResult, solve_logically
from sudokit.solvers.human.rating import OWNERS, owned, owner, unowned

CITED = ("se", "hodoku")  # plain ``rate``: Sudoku Explainer's figures, then HoDoKu's
NINE_ONLY = {"se": "Sudoku Explainer", "hodoku": "HoDoKu"}  # modes whose program rates 9×9 puzzles only
# When a mode stops stuck, the mode that goes further (SE's chains reach the forum's ER 11+ puzzles).
FURTHER = {"default": "se", "hodoku": "se"}
OWNER_MODE = {"se": "se", "hodoku": "hodoku", "engine": "default"}


def unsupported_size(mode: str, size: int) -> str | None:
    """Why ``mode`` cannot rate a ``size``×``size`` puzzle, or None when it can.

    >>> unsupported_size("se", 16)
    'mode se rates 9×9 puzzles only (Sudoku Explainer takes no other size); 16×16 given'
    >>> unsupported_size("default", 16) is None
    True
    """
    if mode in NINE_ONLY and size != 9:
        return f"mode {mode} rates 9×9 puzzles only ({NINE_ONLY[mode]} takes no other size); {size}×{size} given"
    return None


def stuck_hint(mode: str, size: int = 9, command: str = "rate") -> str:
    """What to try when ``mode`` stops stuck on a ``size``×``size`` puzzle, naming the running ``command``.

    >>> print(stuck_hint("hodoku"))
    rate --mode se goes further (SE's chains)
    >>> print(stuck_hint("default", command="explain"))
    explain --mode se goes further (SE's chains)
    >>> print(stuck_hint("default", 16))
    --allow-guess finishes (the engine's figures)
    """
    further = FURTHER.get(mode) if size == 9 else None
    return f"{command} --mode {further} goes further (SE's chains)" if further else "--allow-guess finishes (the engine's figures)"


def rating_record(start: Candidates | Grid, modes: tuple[str, ...] = CITED, *, techniques: tuple[str, ...] | None = None,
                  allow_guess: bool = False, time_limit: float | None = None) -> tuple[Status, dict, str]:
    """Rate a puzzle in each of ``modes`` (in turn, each with the whole ``time_limit``: a mode's status is
    its own, never a budget an earlier mode spent): its status, its record (every owner's keys; see the
    module docstring) and a message (empty, or why a mode stopped).

    The status is ``solved`` when a mode rated the puzzle, else the first mode's. ``effort`` is measured
    on the path of the last mode that finished (HoDoKu's in plain ``rate``).
    """
    size = start.size
    if modes == CITED and size != 9:
        modes = ("default",)  # neither program takes this size: the engine's figures, and why theirs are null
    results = {name: solve_logically(start, techniques, mode=name, allow_guess=allow_guess, time_limit=time_limit)
               for name in modes}
    record: dict = {"modes": list(modes)}
    for who in OWNERS:
        record.update(unowned(_missing(who, modes, results, size), who))
    for result in results.values():
        solved = result.status is Status.SOLVED
        figures = owned(result.rating, solved=solved)
        if not solved:  # keep the hardest step and techniques so far, not the lower-bound ratings
            figures = {k: v for k, v in figures.items() if v is not None}
        record.update(figures)
        if solved:
            record[f"{result.rating.owner}_missing"] = None
    finished = [r for r in results.values() if r.status is Status.SOLVED]
    record["effort"] = finished[-1].rating.effort if finished else None
    record["guessed"] = any(r.rating.guessed for r in results.values())
    record["uniqueness"] = any(r.rating.uniqueness for r in results.values())
    first = next(iter(results.values()))
    status = Status.SOLVED if finished else first.status
    message = "; ".join(f"mode {name}: {r.message}" for name, r in results.items()
                        if r.status is not Status.SOLVED and r.message)
    if not finished:
        record["so_far"] = _so_far(first)
    return status, record, message


def _missing(who: str, modes: tuple[str, ...], results: dict[str, HumanResult], size: int) -> str:
    """Why ``who``'s figures are not in the record (before the results are read: overwritten when present)."""
    mode = OWNER_MODE[who]
    if who in NINE_ONLY and size != 9:
        return f"{NINE_ONLY[who]} rates 9×9 puzzles only"
    ran = [r for name, r in results.items() if owner(name) == who or name == mode]
    if not ran:
        runs = " and ".join(f"mode {name}" for name in modes)
        return f"not computed: {runs} ran (rate --mode {mode} gives them)"
    result = ran[0]
    if result.rating.guessed or (mode in NINE_ONLY and owner(mode, result.rating.guessed) != who):
        return f"the path guessed: {NINE_ONLY.get(mode, 'the engine')} never guesses"
    if result.status is Status.STUCK:
        return f"stuck: {result.message or 'no technique applies'}; {stuck_hint(mode, size)}"
    return result.message or result.status.value


def _so_far(result: HumanResult) -> dict:
    """How far an unfinished solve got (its ratings there would be lower bounds: not given)."""
    return {"mode": result.rating.mode, "steps": len(result.steps), "empty_cells": result.state.values.count(0),
            "hardest": result.rating.hardest}
