"""Fish on the states of real solve paths: every elimination keeps the true digit, and each step is
the fish it names: base lines covered by as many cross lines, fins in one box, exactly the
eliminations the pattern allows (and the fins a picture needs)."""

from __future__ import annotations

from collections import Counter

from tests.solvers.human.pattern_cases import family, instances, states_using

FISH = tuple(n for n in family("fish") if n.removeprefix("finned_").removeprefix("sashimi_") in
             ("x_wing", "swordfish", "jellyfish"))  # the basic fish (complex ones: test_fish_complex)
STATES = states_using(FISH, (3.2, 6.6), every=5)
SIZES = {"x_wing": 2, "swordfish": 3, "jellyfish": 4}


def test_every_fish_is_its_pattern():
    found = instances(FISH, STATES)
    assert set(Counter(step.technique for _, step, _ in found)) == set(FISH)
    for state, step, _ in found:
        geo = state.geometry
        name = step.technique.removeprefix("finned_").removeprefix("sashimi_")
        size = SIZES[name]
        (digit,) = step.digits
        base, cover = step.units[:size], step.units[size:]
        assert len(cover) == size and {u // 9 for u in base} | {u // 9 for u in cover} == {0, 1}
        base_cells = {c for u in base for c in geo.units[u] if state.marks[c] >> (digit - 1) & 1}
        cover_cells = {c for u in cover for c in geo.units[u]}
        fins = base_cells - cover_cells
        assert set(step.fins) == fins
        seeing_fins = set.intersection(*(set(geo.peers[f]) for f in fins)) if fins else set(range(81))
        expected = {(c, digit) for c in cover_cells - base_cells if state.marks[c] >> (digit - 1) & 1
                    and c in seeing_fins}
        assert set(step.eliminations) == expected
        if step.technique == name:
            assert not fins
            continue
        assert fins and len({geo.box_of(f) for f in fins}) == 1
        bodies = [len({c for c in geo.units[u] if c in base_cells and c in cover_cells}) for u in base]
        assert (min(bodies) <= 1) == step.technique.startswith("sashimi_")
