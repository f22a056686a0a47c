"""THE one place a backend is registered, and the one grammar that names a backend.

The CLI's choices, ``sudokit backends``, the contract tests and the report headers all
derive from ``BACKENDS``. Adding a backend = one module + one line here.

A backend spec (what ``--backends a,b`` and each ``--backend SPEC`` take) is one of:

- ``NAME``: a registered backend (``bitx``), or one an installed distribution offers through the
  entry-point group ``sudokit.backends`` (``installed_plugins``);
- ``NAME:KEY=VALUE[:KEY=VALUE…]``: the same with options changed (``sat:solver=glucose4``,
  ``cpmpy:solver=choco:model=pairwise``). Colons, not commas, so a comma-separated list stays one.
  Every key must be one the registry line sets, a value must have its default's type and be one of
  its ``choices`` when those are listed, and a family's ``resolve`` hook checks the rest: a bad spec
  is a ``UserError`` (one line, exit 2) before anything runs;
- ``SCHEME:REST`` for a scheme of ``SCHEMES`` (``py:FILE.py:FUNC``, ``py:package.module:FUNC``,
  ``cmd:COMMAND ARGS``): REST is taken whole (spaces, commas and colons included) by the scheme's
  resolver, which returns an ordinary ``Backend`` (its ``target`` a wrapper class, its options
  what the wrapper needs), so plug-ins run, pickle and record like sudokit's own backends.

A backend family is one registry line whose options pick the member (``cpmpy:solver=choco``): its
``members`` are listed one by one by ``sudokit backends``, and its ``resolve`` hook gives each
member its own requirements (``imports``, ``dist``, ``program``) and version.

>>> "dlx" in BACKENDS and BACKENDS["dlx"].is_available()
True
>>> get_backend("prop:level=alldiff").options
{'level': 'alldiff'}
"""

from __future__ import annotations

import importlib
import importlib.util
import shutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import metadata

from sudokit.models.errors import UnknownName, UserError
from sudokit.solvers.base import Solver

ENTRY_POINT_GROUP = "sudokit.backends"


@dataclass(frozen=True)
class Backend:
    """A registered backend: where its class lives, what it needs, what it is.

    ``name`` is the spec that names it (``sat:solver=glucose4`` once options are set), so a run
    records exactly what was compared.
    """

    name: str
    target: str  # "module:Class", instantiated with **options
    summary: str
    imports: tuple[str, ...] = ()  # optional packages it imports (checked lazily)
    dist: str | None = None  # the PyPI distribution whose version it reports
    extra: str | None = None  # sudokit's extra that installs it
    options: dict = field(default_factory=dict, hash=False)
    logic_only: bool = False  # may stop with status "stuck"
    max_size: int = 25  # largest grid it handles in reasonable time
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)  # allowed option values
    program: str | None = None  # a program it runs, looked up on PATH
    apt: str | None = None  # the Debian package that brings ``program``
    members: tuple[str, ...] = ()  # a family's members, as specs, for ``sudokit backends``
    resolve: Callable[[Backend], Backend] | None = field(default=None, hash=False, repr=False)
    provenance: str | None = None  # a version fixed when the spec was resolved (a plug-in file's hash)
    check: Callable[[Backend], str | None] | None = field(default=None, hash=False, repr=False)  # why it cannot run
    by_default: bool = True  # runs in `sudokit compare` when no backend is named (False: only when named)

    def is_available(self) -> bool:
        return self.why_unavailable() is None

    def why_unavailable(self) -> str | None:
        """None when available, else what is missing and how to install it."""
        if (missing := _missing(self.imports)) is not None:
            how = f"pip install 'sudokit[{self.extra}]'" if self.extra else f"pip install {self.dist or missing}"
            return f"needs {missing}: {how}"
        if self.program and shutil.which(self.program) is None:
            how = f"apt-get install {self.apt}" if self.apt else "install it or put it on PATH"
            return f"needs the program {self.program!r} on PATH: {how}"
        return self.check(self) if self.check else None

    def version(self) -> str:
        if self.provenance:
            return self.provenance
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


def _sat_solver(backend: Backend) -> Backend:
    """``sat:solver=NAME`` names a solver python-sat has (checked when python-sat is installed)."""
    if backend.is_available():
        from sudokit.solvers.sat import solver_names

        if backend.options["solver"] not in (known := solver_names()):
            raise UserError(f"backend 'sat': unknown solver {backend.options['solver']!r}; "
                            f"python-sat has {', '.join(known)}")
    return backend


def _cpmpy_member(backend: Backend) -> Backend:
    """``cpmpy:solver=NAME`` needs CPMpy and that solver's package, and reports both versions."""
    from sudokit.solvers.cpmpy_family import SOLVERS

    module, dist = SOLVERS[backend.options["solver"]]
    member = replace(backend, imports=("cpmpy", module), dist=dist)
    if member.is_available():
        member = replace(member, provenance=f"{metadata.version(dist)} (cpmpy {metadata.version('cpmpy')})")
    return member


def _minizinc_member(backend: Backend) -> Backend:
    """``minizinc:solver=NAME`` names a solver configured in MiniZinc (checked when MiniZinc is installed)."""
    if not backend.is_available():
        return backend
    from sudokit.solvers.minizinc import configured_solvers, minizinc_version

    known = configured_solvers()
    if (version := known.get(backend.options["solver"])) is None:
        raise UserError(f"backend 'minizinc': no MiniZinc solver {backend.options['solver']!r}; "
                        f"this MiniZinc has {', '.join(sorted(known))}")
    return replace(backend, provenance=f"{version} (MiniZinc {minizinc_version()})")


def _dimacs_member(backend: Backend) -> Backend:
    """``dimacs:solver=PROGRAM`` runs that program (Debian's package named when sudokit knows it)."""
    from sudokit.solvers.dimacs import PACKAGES, program_version

    program = backend.options["solver"]
    if not program.replace("-", "").replace("_", "").replace(".", "").isalnum():
        raise UserError(f"backend 'dimacs': solver takes a program's name, not {program!r}")
    member = replace(backend, program=program, apt=PACKAGES.get(program))
    return replace(member, provenance=program_version(program)) if member.is_available() else member


def _human(name: str, summary: str, max_size: int, **options: str) -> Backend:
    """A backend of the human engine: a logic-only solver with a preset or a mode's techniques."""
    return Backend(name, "sudokit.solvers.human.backend:HumanSolver", summary, options=options, logic_only=True,
                   max_size=max_size)


def _registry(*backends: Backend) -> dict[str, Backend]:
    return {b.name: b for b in backends}


BACKENDS: dict[str, Backend] = _registry(
    Backend("algx", "sudokit.solvers.algx:AlgXSolver", "Algorithm X, dict of sets (the seed article's form)"),
    Backend("dlx", "sudokit.solvers.dlx:DLXSolver", "Algorithm X, Knuth's dancing links on flat arrays"),
    Backend("bitx", "sudokit.solvers.bitx:BitXSolver", "Algorithm X, bit-parallel columns in big integers"),
    Backend("prop", "sudokit.solvers.prop:PropagatingSolver",
            "search on pencil marks, propagating at each node (option level=singles|locked|alldiff)",
            options={"level": "locked"}, choices={"level": ("singles", "locked", "alldiff")}),
    Backend("cpsat", "sudokit.solvers.cpsat:CPSATSolver",
            "OR-Tools CP-SAT, AllDifferent model (options num_workers=N: CP-SAT's parallel portfolio; "
            "narrow=singles|locked|alldiff: domains narrowed by sudokit's propagation first; "
            "model=alldiff|pairwise|dual: global AllDifferent, its ≠ decomposition, channelled dual view)",
            imports=("ortools",), dist="ortools", extra="cpsat", options={"num_workers": 1, "narrow": "none", "model": "alldiff"},
            choices={"narrow": ("none", "singles", "locked", "alldiff"), "model": ("alldiff", "pairwise", "dual")}),
    # csp runs when named: plain backtracking leaves 10 of top95 past the 10 s timeout, half the main job's time
    Backend("csp", "sudokit.solvers.csp:CSPSolver", "python-constraint, backtracking with MRV",
            imports=("constraint",), dist="python-constraint2", extra="csp", max_size=9, by_default=False),
    Backend("sat", "sudokit.solvers.sat:SATSolver",
            "CNF (extended encoding) on an incremental python-sat solver (MiniSat 2.2; option solver=…)",
            imports=("pysat",), dist="python-sat", extra="sat", options={"solver": "minisat22"}, resolve=_sat_solver),
    Backend("sat-picosat", "sudokit.solvers.sat:PicoSATSolver", "CNF (extended encoding) on picosat via pycosat",
            imports=("pycosat",), dist="pycosat", extra="sat"),
    Backend("cpmpy", "sudokit.solvers.cpmpy_family:CPMpySolver",
            "CPMpy's shared Sudoku model on the solver it names (options solver=NAME; "
            "model=alldiff|pairwise|dual: global AllDifferent, its ≠ decomposition, channelled dual view)",
            imports=("cpmpy", "ortools"), dist="ortools", extra="field", options={"solver": "ortools", "model": "alldiff"},
            choices={"solver": ("ortools", "choco", "pumpkin", "exact", "z3", "pindakaas", "pysat"),
                     "model": ("alldiff", "pairwise", "dual")},
            members=tuple(f"cpmpy:solver={name}" for name in ("ortools", "choco", "pumpkin", "exact", "z3",
                                                                 "pindakaas", "pysat")),
            resolve=_cpmpy_member, by_default=False),
    Backend("minizinc", "sudokit.solvers.minizinc:MiniZincSolver",
            "MiniZinc's model (models/sudoku.mzn) on a configured MiniZinc solver (option solver=gecode|…)",
            options={"solver": "gecode"}, program="minizinc", apt="minizinc",
            members=("minizinc:solver=gecode",), resolve=_minizinc_member, by_default=False),
    Backend("dimacs", "sudokit.solvers.dimacs:DIMACSSolver",
            "CNF (extended encoding) in DIMACS to a SAT-competition program on PATH (option solver=PROGRAM)",
            options={"solver": "cadical"}, program="cadical", apt="cadical",
            members=tuple(f"dimacs:solver={name}" for name in ("cadical", "minisat", "picosat", "cryptominisat")),
            resolve=_dimacs_member, by_default=False),
    _human("human", "human strategies, full preset, no guessing", 16, preset="full"),
    _human("human-hodoku", "human strategies as HoDoKu solves and rates: its default techniques, order, score and level",
           9, mode="hodoku", preset=""),
    _human("human-basic", "human strategies: singles, intersections, subsets", 16, preset="basic"),
    _human("human-chains", "human strategies: singles and chains only", 16, preset="chains"),
    _human("human-se", "human strategies as Sudoku Explainer: its techniques, order and ER/EP/ED", 9, mode="se",
           preset=""),
    _human("human-singles", "human strategies: singles only", 25, preset="singles"),
)


# Schemes whose spec's rest is taken whole: "py:FILE.py:FUNC", "cmd:COMMAND ARGS". Each resolver is
# "module:function" taking the rest and returning a Backend (imported only when the scheme is used).
SCHEMES: dict[str, str] = {
    "py": "sudokit.solvers.plugins:python_backend",
    "cmd": "sudokit.solvers.plugins:command_backend",
}


def get_backend(spec: str) -> Backend:
    """The backend a spec names (see the module's docstring for the grammar); a ``UserError`` if none.

    >>> get_backend("sat:solver=glucose4").options
    {'solver': 'glucose4'}
    >>> get_backend("cpsat:num_workers=abc")
    Traceback (most recent call last):
    ...
    sudokit.models.errors.UserError: backend 'cpsat': num_workers takes a whole number, not 'abc'
    """
    name, _, settings = spec.strip().partition(":")
    if name in SCHEMES:
        if not settings.strip():
            raise UserError(f"backend spec {spec!r}: nothing after '{name}:'")
        module, _, function = SCHEMES[name].partition(":")
        return getattr(importlib.import_module(module), function)(settings.strip())
    backend = BACKENDS.get(name) or installed_plugins().get(name)
    if backend is None:
        raise UnknownName(f"unknown backend {name!r}; choose from {', '.join(BACKENDS)}"
                          f"{''.join(f', {p}' for p in installed_plugins())} (or py:…, cmd:…)")
    options = dict(backend.options)
    for setting in settings.split(":") if settings else ():
        key, _, value = setting.partition("=")
        if key not in options or not value:
            takes = ", ".join(f"{k}=…" for k in options) or "no options"
            raise UnknownName(f"backend {name!r} takes {takes}; not {setting!r}")
        options[key] = _option_value(name, key, value, options[key], backend.choices.get(key))
    if settings:
        backend = replace(backend, name=f"{name}:{settings}", options=options)
    return backend.resolve(backend) if backend.resolve else backend


def _option_value(name: str, key: str, value: str, default: object, choices: tuple[str, ...] | None) -> object:
    """``value`` as its default's type, one of ``choices`` if listed; a ``UserError`` naming the option if not."""
    if isinstance(default, bool):
        if value not in ("true", "false"):
            raise UserError(f"backend {name!r}: {key} takes true or false, not {value!r}")
        return value == "true"
    if isinstance(default, int):
        try:
            number = int(value)
        except ValueError:
            raise UserError(f"backend {name!r}: {key} takes a whole number, not {value!r}") from None
        if number < 1:
            raise UserError(f"backend {name!r}: {key} takes a number of at least 1, not {value!r}")
        return number
    if isinstance(default, float):
        try:
            return float(value)
        except ValueError:
            raise UserError(f"backend {name!r}: {key} takes a number, not {value!r}") from None
    if choices and value not in choices:
        raise UserError(f"backend {name!r}: {key} takes {' or '.join(choices)}, not {value!r}")
    return value


def parse_backends(listed: str | None = None, each: Iterable[str] = ()) -> list[Backend]:
    """The backends of a comma-separated list (``--backends a,b``) and of whole specs (each ``--backend``).

    Every spec is checked before anything runs; a name given twice is one backend.

    >>> [b.name for b in parse_backends("bitx, dlx", ["prop:level=singles", "bitx"])]
    ['bitx', 'dlx', 'prop:level=singles']
    """
    specs = [part.strip() for part in (listed or "").split(",") if part.strip()]
    specs += [spec.strip() for spec in each if spec.strip()]
    chosen: dict[str, Backend] = {}
    for spec in specs:
        backend = get_backend(spec)
        chosen.setdefault(backend.name, backend)
    return list(chosen.values())


@cache
def installed_plugins() -> dict[str, Backend]:
    """Backends installed distributions offer (entry-point group ``sudokit.backends``), none imported yet.

    Each entry point names a callable or a backend class (``package.module:attr``); it is imported
    only when its availability is asked (``sudokit backends``, or a run that names it) or the backend
    is created, so a plug-in that fails to import is listed as unavailable with its error rather than
    stopping sudokit. The first distribution to offer a name keeps it; sudokit's own names win.
    """
    found: dict[str, Backend] = {}
    for point in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if point.name in BACKENDS or point.name in SCHEMES or point.name in found:
            continue
        dist = point.dist.name if point.dist else None
        found[point.name] = Backend(
            point.name, "sudokit.solvers.plugins:EntryPointSolver",
            f"plug-in {point.value} from the distribution {dist or 'unknown'}",
            dist=dist, options={"entry_point": point.value}, check=_plugin_import_error)
    return found


def _plugin_import_error(backend: Backend) -> str | None:
    """Why an entry point's plug-in cannot run: its import error (it is imported to know)."""
    from sudokit.solvers.plugins import import_error

    return import_error(backend.options["entry_point"])


def listed_backends() -> list[Backend]:
    """What ``sudokit backends`` lists: each registered backend (a family member by member), then the
    installed plug-ins."""
    listed = [get_backend(m) for b in BACKENDS.values() for m in (b.members or (b.name,))]
    return [*listed, *installed_plugins().values()]


def available_backends() -> list[Backend]:
    return [b for b in BACKENDS.values() if b.is_available()]


def default_backends() -> list[Backend]:
    """What ``sudokit compare`` runs when no backend is named: the available ones marked ``by_default``.

    The field's families (cpmpy, minizinc, dimacs) run only when named: a fresh model, hand-over or
    process per puzzle costs 10–1000 ms at 9×9, which would take the default run past its budget.
    """
    return [b for b in available_backends() if b.by_default]
