"""A rating given its effort is the rating ``dataclasses.replace`` gives."""

from __future__ import annotations

from dataclasses import replace

from sudokit.solvers.human.rating import rate
from sudokit.solvers.human.steps import Step


def test_a_rating_with_its_effort_is_the_replaced_rating():
    rating = rate([Step("hidden_single", 9, (1,), ((0, 1),)), Step("x_wing", 9, (2,), eliminations=((5, 2),))])
    rated = rating.with_effort(123.4)
    assert rated == replace(rating, effort=123.4) and rated.effort == 123.4 and rating.effort is None
    assert type(rated) is type(rating) and hash(rated) == hash(replace(rating, effort=123.4))


def test_a_path_without_chains_is_rated_as_by_each_steps_kind(monkeypatch):
    """Counted by technique (no step has a chain's length or its own rating), a path rates as counted by
    each step's (technique, length, own rating)."""
    from sudokit.compare.sets import load_set
    from sudokit.solvers.human import rating
    from sudokit.solvers.human.engine import solve_logically

    paths = [solve_logically(p.grid, allow_guess=True).steps for p in load_set("se-sample").puzzles[::400]]
    assert any(len({s.technique for s in path}) > 3 for path in paths)
    by_technique = [rate(path) for path in paths]
    monkeypatch.setattr(rating, "_LENGTH", lambda step: 1)  # (every path counted by kind)
    assert [rate(path) for path in paths] == by_technique


def test_a_path_rated_from_its_tally_is_rated_as_from_its_steps():
    """Given its steps counted by technique (as the compiled loop counts them), a plain path rates as
    from its steps, EP and ED included (read from its first steps), a path starting without a placement too."""
    from collections import Counter

    from sudokit.compare.sets import load_set
    from sudokit.solvers.human.engine import solve_logically

    paths = [solve_logically(p.grid, allow_guess=True).steps for p in load_set("se-sample").puzzles[::200]]
    paths = [path for path in paths if not any(s.length or s.difficulty for s in path)]
    assert len(paths) > 3
    paths.append([Step("x_wing", 9, (2,), eliminations=((5, 2),)), Step("naked_pair", 9, (1, 2), eliminations=((7, 1),)),
                  Step("hidden_single", 9, (1,), ((0, 1),))])
    for path in paths:
        assert rate(path, dict(Counter(s.technique for s in path))) == rate(path)
    rated = rate(paths[-1], {"x_wing": 1, "naked_pair": 1, "hidden_single": 1})
    assert (rated.se_rating, rated.ep, rated.ed, rated.hardest) == (3.2, 3.2, 3.2, "x_wing")
