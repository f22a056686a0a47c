"""The backend spec grammar: names, options checked before anything runs, lists and whole specs."""

from __future__ import annotations

import pytest

from sudokit.models.errors import UnknownName, UserError
from sudokit.solvers.registry import BACKENDS, get_backend, listed_backends, parse_backends


@pytest.mark.parametrize(("spec", "says"), [
    ("nosuch", "unknown backend 'nosuch'"),
    ("prop:level=nosuch", "level takes singles or locked or alldiff, not 'nosuch'"),
    ("prop:depth=3", "takes level=…; not 'depth=3'"),
    ("prop:level=", "not 'level='"),
    ("cpsat:num_workers=abc", "num_workers takes a whole number, not 'abc'"),
    ("cpsat:num_workers=0", "at least 1"),
    ("cpsat:narrow=some", "narrow takes none or singles or locked or alldiff"),
    ("bitx:x=1", "takes no options"),
])
def test_a_bad_spec_is_a_user_error_naming_what_is_wrong(spec: str, says: str) -> None:
    with pytest.raises(UserError) as caught:
        get_backend(spec)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_an_unknown_sat_solver_is_refused_when_python_sat_is_there() -> None:
    pytest.importorskip("pysat")
    with pytest.raises(UserError, match="unknown solver 'nosuch'"):
        get_backend("sat:solver=nosuch")
    assert get_backend("sat:solver=glucose4").options == {"solver": "glucose4"}


def test_options_take_their_defaults_types_and_the_spec_names_the_backend() -> None:
    backend = get_backend("cpsat:num_workers=2:narrow=locked")
    assert backend.options == {"num_workers": 2, "narrow": "locked", "model": "alldiff"}
    assert backend.name == "cpsat:num_workers=2:narrow=locked"
    assert get_backend("bitx") is BACKENDS["bitx"]


def test_lists_and_whole_specs_combine_once_each() -> None:
    chosen = parse_backends(" bitx,,dlx ", ["bitx", "prop:level=singles"])
    assert [b.name for b in chosen] == ["bitx", "dlx", "prop:level=singles"]
    assert parse_backends(None, []) == []
    with pytest.raises(UnknownName):
        parse_backends("bitx,nosuch")


def test_every_listed_backend_resolves_from_its_own_name() -> None:
    for backend in listed_backends():
        assert get_backend(backend.name).name == backend.name
