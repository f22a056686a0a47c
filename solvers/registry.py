"""THE one place a backend is registered.

The CLI's choices, ``sudokit backends``, the contract tests and the report headers all
derive from ``BACKENDS``. Adding a backend = one module + one line here.

>>> "dlx" in BACKENDS and BACKENDS["dlx"].is_available()
True
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import metadata

from sudokit.models.errors import UnknownName
from sudokit.solvers.base import Solver


@dataclass(frozen=True)
class Backend:
    """A registered backend: where its class lives, what it needs, what it is."""

    name: str
    target: str  # "module:Class", instantiated with **options
    summary: str
    imports: tuple[str, ...] = ()  # optional packages it imports (checked lazily)
    dist: str | None = None  # the PyPI distribution whose version it reports
    extra: str | None = None  # sudokit's extra that installs it
    options: dict = field(default_factory=dict, hash=False)
    logic_only: bool = False  # may stop with status "stuck"
    max_size: int = 25  # largest grid it handles in reasonable time

    def is_available(self) -> bool:
        return _missing(self.imports) is None

    def why_unavailable(self) -> str | None:
        """None when available, else what is missing and how to install it."""
        missing = _missing(self.imports)
        if missing is None:
            return None
        return f"needs {missing}: pip install 'sudokit[{self.extra}]'"

    def version(self) -> str:
        dist = self.dist or "sudokit"
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            return "not installed" if self.dist else "dev"

    def create(self) -> Solver:
        """A fresh solver instance (imports the backend's module)."""
        module, _, attr = self.target.partition(":")
        return getattr(importlib.import_module(module), attr)(**self.options)


@cache
def _missing(imports: tuple[str, ...]) -> str | None:
    """The first package of ``imports`` that is not installed (found, not imported: listing stays fast)."""
    for name in imports:
        try:
            if importlib.util.find_spec(name) is None:
                return name
        except (ImportError, ValueError):
            return name
    return None


def _registry(*backends: Backend) -> dict[str, Backend]:
    return {b.name: b for b in backends}


BACKENDS: dict[str, Backend] = _registry(
    Backend("algx", "sudokit.solvers.algx:AlgXSolver", "Algorithm X, dict of sets (the seed article's form)"),
    Backend("dlx", "sudokit.solvers.dlx:DLXSolver", "Algorithm X, Knuth's dancing links on flat arrays"),
    Backend("bitx", "sudokit.solvers.bitx:BitXSolver", "Algorithm X, bit-parallel columns in big integers"),
    Backend("prop", "sudokit.solvers.prop:PropagatingSolver",
            "search on pencil marks, propagating at each node (option level=singles|locked|alldiff)",
            options={"level": "locked"}),
    Backend("cpsat", "sudokit.solvers.cpsat:CPSATSolver",
            "OR-Tools CP-SAT, AllDifferent model (options num_workers=N: CP-SAT's parallel portfolio; "
            "narrow=singles|locked|alldiff: domains narrowed by sudokit's propagation first)",
            imports=("ortools",), dist="ortools", extra="cpsat", options={"num_workers": 1, "narrow": "none"}),
    Backend("csp", "sudokit.solvers.csp:CSPSolver", "python-constraint, backtracking with MRV",
            imports=("constraint",), dist="python-constraint2", extra="csp", max_size=9),
    Backend("sat", "sudokit.solvers.sat:SATSolver",
            "CNF (extended encoding) on an incremental python-sat solver (MiniSat 2.2; option solver=…)",
            imports=("pysat",), dist="python-sat", extra="sat", options={"solver": "minisat22"}),
    Backend("sat-picosat", "sudokit.solvers.sat:PicoSATSolver", "CNF (extended encoding) on picosat via pycosat",
            imports=("pycosat",), dist="pycosat", extra="sat"),
    Backend("human", "sudokit.solvers.human.backend:HumanSolver", "human strategies, full preset, no guessing",
            options={"preset": "full"}, logic_only=True, max_size=16),
    Backend("human-hodoku", "sudokit.solvers.human.backend:HumanSolver",
            "human strategies as HoDoKu solves and rates: its default techniques, order, score and level",
            options={"mode": "hodoku", "preset": ""}, logic_only=True, max_size=9),
    Backend("human-basic", "sudokit.solvers.human.backend:HumanSolver", "human strategies: singles, intersections, subsets",
            options={"preset": "basic"}, logic_only=True, max_size=16),
    Backend("human-chains", "sudokit.solvers.human.backend:HumanSolver", "human strategies: singles and chains only",
            options={"preset": "chains"}, logic_only=True, max_size=16),
    Backend("human-se", "sudokit.solvers.human.backend:HumanSolver",
            "human strategies as Sudoku Explainer: its techniques, order and ER/EP/ED",
            options={"mode": "se", "preset": ""}, logic_only=True, max_size=9),
    Backend("human-singles", "sudokit.solvers.human.backend:HumanSolver", "human strategies: singles only",
            options={"preset": "singles"}, logic_only=True, max_size=25),
)


def get_backend(spec: str) -> Backend:
    """The registered backend ``name``, or ``name:key=value[:key=value…]`` with options changed
    (``sat:solver=glucose4``; colons, not commas, so a comma-separated list of backends stays one).

    A backend takes the options its registry line sets; ``UnknownName`` names the choices.

    >>> get_backend("sat:solver=glucose4").options
    {'solver': 'glucose4'}
    """
    name, _, settings = spec.partition(":")
    try:
        backend = BACKENDS[name]
    except KeyError:
        raise UnknownName(f"unknown backend {name!r}; choose from {', '.join(BACKENDS)}") from None
    if not settings:
        return backend
    options = dict(backend.options)
    for setting in settings.split(":"):
        key, _, value = setting.partition("=")
        if key not in options or not value:
            takes = ", ".join(f"{k}=…" for k in options) or "no options"
            raise UnknownName(f"backend {name!r} takes {takes}; not {setting!r}")
        options[key] = int(value) if isinstance(options[key], int) else value
    return replace(backend, name=spec, options=options)


def available_backends() -> list[Backend]:
    return [b for b in BACKENDS.values() if b.is_available()]
