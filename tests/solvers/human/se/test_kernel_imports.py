"""SE mode's compiled kernels import ``jit`` for what they need, and nothing imports back: ``jit``
imports no module of the package, and only ``kernels`` names all four (no circle, lazy imports counted)."""

from __future__ import annotations

import ast
from pathlib import Path

import sudokit.solvers.human.se as se

PACKAGE = "sudokit.solvers.human.se."
KERNELS = ("chain_screen", "rules_compiled", "exclusion_compiled", "propagate_compiled")


def imports() -> dict[str, set[str]]:
    """Each module of the package: the package's modules it imports anywhere (inside functions and
    ``TYPE_CHECKING`` blocks too)."""
    found = {}
    for path in Path(se.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[path.stem] = {node.module.removeprefix(PACKAGE) for node in ast.walk(tree)
                            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE)}
    return found


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += graph.get(module, ())
    return seen


def test_jit_imports_no_module_of_the_package():
    assert imports()["jit"] == set()


def test_no_kernel_or_jit_is_on_an_import_circle():
    graph = imports()
    for module in ("jit", "kernels", *KERNELS):
        assert module not in reaches(graph, module), module


def test_the_kernels_import_jit_and_only_kernels_names_them_all():
    graph = imports()
    assert all("jit" in graph[kernel] for kernel in KERNELS)
    assert [m for m, used in graph.items() if set(KERNELS) <= used] == ["kernels"]
    assert not any("kernels" in graph[m] for m in ("jit", *KERNELS))
