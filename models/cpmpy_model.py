"""The CPMpy model of a Sudoku, shared by every solver CPMpy hands it to.

One integer variable 1 … N per cell, one equality per given, and each unit's cells all different,
written in one of three ways (``VARIANTS``), so the comparison can ask modelling questions:

- ``alldiff``: one global AllDifferent per unit (the solver propagates it as it can);
- ``pairwise``: its decomposition into binary ≠ between every two peers (each pair once);
- ``dual``: the channelled dual view: AllDifferent per unit, plus one variable per unit and digit
  holding the digit's position in the unit (0 … N−1), those all different too, channelled to the
  cells by ``cells_of_unit[position[d]] == d`` (an Element constraint). The dual view lets a solver
  see "digit d has one place left in this unit" (a hidden single) as a domain of one value.

CPMpy is imported inside the functions: importing this module never needs it.

>>> model, cells = build_model(Grid.parse("1..." "..1." ".1.." "...1"), "pairwise")  # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sudokit.models.grid import Grid, geometry

if TYPE_CHECKING:
    from cpmpy import Model

VARIANTS = ("alldiff", "pairwise", "dual")


def build_model(grid: Grid, variant: str = "alldiff") -> tuple[Model, Any]:
    """The CPMpy model of ``grid`` and its cell variables (an array, cell ``i`` at index ``i``)."""
    import cpmpy as cp

    if variant not in VARIANTS:
        raise ValueError(f"unknown model variant {variant!r}; choose from {', '.join(VARIANTS)}")
    size = grid.size
    cells = cp.intvar(1, size, shape=size * size, name="c")
    # givens as equalities, not as one-value domains: CPMpy's SAT encodings (pysat) would turn an
    # AllDifferent over fixed variables into a pseudo-Boolean constraint needing PBLib
    model = cp.Model([cells[cell] == digit for cell, digit in enumerate(grid.values) if digit])
    units = geometry(size).units
    if variant == "pairwise":
        model += [cells[a] != cells[b] for a, b in peer_pairs(grid.size)]
        return model, cells
    model += [cp.AllDifferent(cells[list(unit)]) for unit in units]
    if variant == "dual":
        for number, unit in enumerate(units):
            positions = cp.intvar(0, size - 1, shape=size, name=f"u{number}")
            model += cp.AllDifferent(positions)
            in_unit = cells[list(unit)]
            model += [in_unit[positions[digit - 1]] == digit for digit in range(1, size + 1)]
    return model, cells


def peer_pairs(size: int) -> list[tuple[int, int]]:
    """Every two cells sharing a unit, each pair once (``a < b``), in a fixed order.

    >>> len(peer_pairs(9))  # 81 cells × 20 peers / 2
    810
    """
    pairs = {(a, b) for unit in geometry(size).units for a in unit for b in unit if a < b}
    return sorted(pairs)
