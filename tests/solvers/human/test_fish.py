"""Fish on the states of real solve paths: every elimination keeps the true digit, and each step is
the fish it names: base lines covered by as many cross lines, fins in one box, exactly the
eliminations the pattern allows (and the fins a picture needs)."""

from __future__ import annotations

from collections import Counter

import pytest

from sudokit.solvers.human.registry import PRESETS
from tests.solvers.human.pattern_cases import family, instances, states_using
from tests.solvers.human.test_fish_complex import NEEDS_MAGICTOUR, magictour, sound_steps

SIZES = {"x_wing": 2, "swordfish": 3, "jellyfish": 4, "squirmbag": 5, "whale": 6, "leviathan": 7}
BASIC = tuple(n for n in family("fish") if n.removeprefix("finned_").removeprefix("sashimi_") in SIZES)
FISH = tuple(n for n in BASIC if n in PRESETS["full"])  # (complex ones: test_fish_complex)
BIG = tuple(n for n in BASIC if n not in FISH)  # sizes 5 to 7, off by default as in HoDoKu


def test_every_fish_is_its_pattern():
    found = instances(FISH, states_using(FISH, (3.2, 6.6), every=5))
    assert set(Counter(step.technique for _, step, _ in found)) == set(FISH)
    for state, step, _ in found:
        is_its_pattern(state, step)


@pytest.mark.slow
@NEEDS_MAGICTOUR
def test_big_fish_are_their_patterns():
    """Squirmbag, Whale and Leviathan (basic, finned, sashimi) at the path states of three of the
    hardest puzzles: sound and exactly their pattern. The biggest are rare (a Leviathan is an X-Wing
    of the other lines); these states hold a Squirmbag, finned Squirmbags and finned Whales."""
    found = list(sound_steps(BIG, magictour(3), most=5))
    assert {step.technique for _, step in found} >= {"squirmbag", "finned_squirmbag", "finned_whale"}
    for state, step in found:
        is_its_pattern(state, step)


def is_its_pattern(state, step):
    """Base lines covered by as many cross lines, fins in one box, exactly the eliminations allowed."""
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
        return
    assert fins and len({geo.box_of(f) for f in fins}) == 1
    bodies = [len({c for c in geo.units[u] if c in base_cells and c in cover_cells}) for u in base]
    assert (min(bodies) <= 1) == step.technique.startswith("sashimi_")


@pytest.mark.slow
@NEEDS_MAGICTOUR
def test_siamese_fish_join_two_fish_of_one_base():
    """Each Siamese step, at the path states of hard puzzles, is sound and removes more than either
    of two finned or sashimi fish on its base lines, whose removals it joins."""
    found = list(sound_steps(["siamese_fish"], magictour(12), most=3))
    assert found
    for state, step in found:
        halves = [s for n in FISH if n.startswith(("finned_", "sashimi_"))
                  for s in instances_at(state, n) if s.digits == step.digits
                  and s.units[:len(s.units) // 2] == step.units[:len(s.units) // 2]]
        joined = [set(h.eliminations) for h in halves if set(h.eliminations) < set(step.eliminations)]
        assert len(joined) >= 2 and set().union(*joined) == set(step.eliminations)


def instances_at(state, name):
    from sudokit.solvers.human.registry import technique

    return list(technique(name).steps(state))
