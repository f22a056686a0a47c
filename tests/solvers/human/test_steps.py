"""``Step``'s own ``__init__`` (it sets each slot directly) takes what the dataclass's would."""

from __future__ import annotations

import inspect
import pickle
from dataclasses import FrozenInstanceError, fields, replace

import pytest

from sudokit.solvers.human.steps import Step


def test_the_init_takes_the_fields_in_order_with_their_defaults():
    parameters = list(inspect.signature(Step.__init__).parameters.values())[1:]
    assert [(p.name, p.default) for p in parameters] == [
        (f.name, inspect.Parameter.empty if f.default is f.default_factory else f.default) for f in fields(Step)]


def test_a_step_is_built_frozen_compared_and_copied_as_a_dataclass():
    step = Step("naked_pair", 9, (3, 7), eliminations=((3, 3), (3, 7)), cells=(1, 7), units=(0,), pattern="3,7 in r1c2,r1c8")
    assert [getattr(step, f.name) for f in fields(Step)] == [
        "naked_pair", 9, (3, 7), (), ((3, 3), (3, 7)), (1, 7), (0,), "3,7 in r1c2,r1c8", 0, (), (), (), 0.0]
    twin = Step("naked_pair", 9, (3, 7), (), ((3, 3), (3, 7)), (1, 7), (0,), "3,7 in r1c2,r1c8")
    assert step == twin and hash(step) == hash(twin) and pickle.loads(pickle.dumps(step)) == step
    assert replace(step, pattern="").pattern == "" and replace(step, pattern="") != step
    with pytest.raises(FrozenInstanceError):
        step.size = 4  # type: ignore[misc]
