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
