"""Symmetry orbits: a partition of the cells that each symmetry's maps keep (checked with the test's own maps)."""

from __future__ import annotations

import pytest

from sudokit.models.errors import UnknownName
from sudokit.models.symmetry import SYMMETRIES, orbits

# Each symmetry as the list of (row, col) -> (row, col) images a symmetric pattern must be closed under.
IMAGES = {
    "none": [],
    "rotational": [lambda r, c, n: (n - 1 - r, n - 1 - c)],
    "quarter": [lambda r, c, n: (c, n - 1 - r), lambda r, c, n: (n - 1 - r, n - 1 - c), lambda r, c, n: (n - 1 - c, r)],
    "horizontal": [lambda r, c, n: (n - 1 - r, c)],
    "vertical": [lambda r, c, n: (r, n - 1 - c)],
    "diagonal": [lambda r, c, n: (c, r)],
    "antidiagonal": [lambda r, c, n: (n - 1 - c, n - 1 - r)],
    "orthogonal": [lambda r, c, n: (n - 1 - r, c), lambda r, c, n: (r, n - 1 - c)],
    "bidiagonal": [lambda r, c, n: (c, r), lambda r, c, n: (n - 1 - c, n - 1 - r)],
    "dihedral": [lambda r, c, n: (c, n - 1 - r), lambda r, c, n: (c, r), lambda r, c, n: (n - 1 - r, c)],
}


def test_every_symmetry_is_tested():
    assert set(IMAGES) == set(SYMMETRIES)


@pytest.mark.parametrize("size", [4, 9, 16])
@pytest.mark.parametrize("name", list(SYMMETRIES))
def test_orbits_partition_the_cells_and_are_closed_under_the_maps(name, size):
    found = orbits(size, name)
    cells = [cell for orbit in found for cell in orbit]
    assert sorted(cells) == list(range(size * size))  # every cell once
    for orbit in found:
        for cell in orbit:
            r, c = divmod(cell, size)
            for image in IMAGES[name]:
                r2, c2 = image(r, c, size)
                assert r2 * size + c2 in orbit


@pytest.mark.parametrize("name, largest", [("none", 1), ("rotational", 2), ("quarter", 4), ("diagonal", 2),
                                           ("orthogonal", 4), ("dihedral", 8)])
def test_orbit_sizes(name, largest):
    assert max(len(o) for o in orbits(9, name)) == largest


def test_an_unknown_symmetry_names_the_choices():
    with pytest.raises(UnknownName, match="rotational"):
        orbits(9, "spiral")
