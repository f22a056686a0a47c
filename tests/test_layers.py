"""The import graph between the rooms of the code: arrows run one way, and no room waits on another
that waits on it. Every import counts, those inside functions too (a lazy import is still an arrow)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

from tests.conftest import REPO

FOLDERS = ("models", "solvers", "compare")

# What each room must never import (by prefix of the installed name).
FORBIDDEN = {
    "sudokit.models": ("sudokit.solvers", "sudokit.compare"),
    "sudokit.solvers": ("sudokit.compare",),
    "sudokit.compare.run": ("sudokit.compare.reports", "sudokit.compare.workshop", "sudokit.compare.commands",
                            "sudokit.compare.app", "sudokit.compare.cli", "sudokit.compare.bench",
                            "sudokit.compare.fuzz"),
    "sudokit.compare.reports": ("sudokit.compare.workshop", "sudokit.compare.commands", "sudokit.compare.app",
                                "sudokit.compare.cli", "sudokit.compare.bench", "sudokit.compare.fuzz"),
    "sudokit.compare.workshop": ("sudokit.compare.reports", "sudokit.compare.commands", "sudokit.compare.app",
                                 "sudokit.compare.cli", "sudokit.compare.bench", "sudokit.compare.fuzz"),
    # fuzz may import run, workshop, models and solvers; only the commands (and bench) import fuzz
    "sudokit.compare.fuzz": ("sudokit.compare.reports", "sudokit.compare.commands", "sudokit.compare.app",
                             "sudokit.compare.cli", "sudokit.compare.bench"),
}
ROOMS = ("sudokit.models", "sudokit.solvers", "sudokit.compare.run", "sudokit.compare.reports",
         "sudokit.compare.workshop", "sudokit.compare.sets", "sudokit.compare.commands", "sudokit.compare.bench",
         "sudokit.compare.fuzz")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["sudokit", *parts])


def imports(path: Path) -> Iterator[str]:
    """Every ``sudokit.*`` module the file imports, wherever the import stands."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name.startswith("sudokit."))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sudokit."):
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)  # `from pkg import module`


def graph() -> dict[str, set[str]]:
    return {module_name(path): set(imports(path))
            for folder in FOLDERS for path in sorted((REPO / folder).rglob("*.py"))}


def room(module: str) -> str | None:
    return next((r for r in ROOMS if module == r or module.startswith(r + ".")), None)


def test_the_graph_sees_the_rooms() -> None:
    """The check below reads real modules: every room has some, and the lazy imports are seen."""
    found = graph()
    assert {room(m) for m in found} >= set(ROOMS)
    assert "sudokit.compare.reports.plots" in found["sudokit.compare.reports.report"]  # imported inside a function


@pytest.mark.parametrize("source", sorted(FORBIDDEN))
def test_no_arrow_against_the_layers(source: str) -> None:
    wrong = sorted(f"{module} imports {target}" for module, targets in graph().items() if room(module) == source
                   for target in targets if target.startswith(FORBIDDEN[source]))
    assert not wrong, "\n".join(wrong)


def test_no_cycles_between_rooms() -> None:
    arrows = nx.DiGraph()
    for module, targets in graph().items():
        for target in targets:
            if (a := room(module)) and (b := room(target)) and a != b:
                arrows.add_edge(a, b)
    assert list(nx.simple_cycles(arrows)) == []
