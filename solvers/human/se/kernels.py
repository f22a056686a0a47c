"""SE mode's compiled kernels, loaded together in the background (``jit.Background``) once a search
needs them: the one place that names all four. The kernels import ``jit``; nothing imports back."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from sudokit.solvers.human.se.jit import Background, cached

if TYPE_CHECKING:
    from sudokit.solvers.human.se.chain_screen import Screen
    from sudokit.solvers.human.se.exclusion_compiled import Aligned
    from sudokit.solvers.human.se.propagate_compiled import Walks
    from sudokit.solvers.human.se.rules_compiled import FirstRules


class Parts(NamedTuple):
    """SE mode's compiled parts (each None without numba)."""

    screen: Screen | None  # what static chains walk, on the grids nested chains reduce (``chain_screen``)
    first_rules: FirstRules | None  # the simple techniques inside chains (``rules_compiled``)
    aligned: Aligned | None  # aligned exclusions (``exclusion_compiled``)
    walks: Walks | None  # each assumption followed, static or dynamic (``propagate_compiled``)


MODULES = ("chain_screen", "rules_compiled", "exclusion_compiled", "propagate_compiled")


def _parts() -> Parts:
    from sudokit.solvers.human.se.chain_screen import screen
    from sudokit.solvers.human.se.exclusion_compiled import aligned
    from sudokit.solvers.human.se.propagate_compiled import walks
    from sudokit.solvers.human.se.rules_compiled import first_rules

    return Parts(screen, first_rules, aligned, walks)


COMPILED: Background[Parts] = Background(_parts, lambda: cached(*MODULES))
"""Loaded (numba imported) only once chains nest: nested levels ask the screen and the simple
techniques thousands of times a search; the (+) level and aligned exclusions use them once loaded."""
