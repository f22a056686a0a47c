"""The examples in the packages' docstrings, run as tests: one test per docstring with examples.

Each module is imported under its installed name (``sudokit.models.grid``), as a user imports it, so
its examples run against the same classes and registries as the rest of the tests. A module that
needs an optional extra is skipped, naming the missing package, where that extra is not installed.
"""

from __future__ import annotations

import doctest
import importlib
import tomllib

import pytest

from tests.conftest import REPO


def _module_names() -> list[str]:
    """Every module of the three packages, by its installed name (``[tool.setuptools.package-dir]``)."""
    package_dir = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    names = []
    for package, folder in package_dir.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            parts = path.relative_to(REPO / folder).with_suffix("").parts
            names.append(".".join([package, *(parts[:-1] if parts[-1] == "__init__" else parts)]))
    return names


def _docstring_tests() -> list:
    found = []
    finder = doctest.DocTestFinder()
    for name in _module_names():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name is None or err.name.split(".")[0] == "sudokit":
                raise  # our own module missing is a bug, not an extra left out
            found.append(pytest.param(None, id=name, marks=pytest.mark.skip(
                reason=f"{name} needs {err.name}, which is not installed (an optional extra)")))
            continue
        found += [pytest.param(test, id=test.name) for test in finder.find(module) if test.examples]
    return found


@pytest.mark.parametrize("test", _docstring_tests())
def test_docstring_examples(test: doctest.DocTest) -> None:
    report: list[str] = []
    runner = doctest.DocTestRunner(verbose=False)
    failed, _ = runner.run(test, out=report.append)
    assert not failed, "".join(report)
