"""Solvers from outside sudokit: a Python callable (``py:``), a program speaking a line protocol (``cmd:``),
and an installed distribution's entry point (group ``sudokit.backends``).

Each becomes an ordinary ``Backend`` (``solvers/registry.py``) whose options are plain data (a file path
and its hash, a module and function name, an argv), so a plug-in is checked before anything runs,
pickled to workers, judged and recorded like sudokit's own backends.

Every form answers in one grammar (a Python callable may return the same text, the program writes it
on one line):

- ``GRID`` (N² symbols, ``1``-``9`` then ``A``-``P``): a solution; **uniqueness not claimed**;
- ``unique GRID``: the only solution;
- ``multiple`` or ``multiple GRID GRID``: two or more solutions (two given are checked by the judge);
- ``unsat``: no solution;
- ``unknown``: gave up (recorded ``stuck``: it claims nothing).

A callable may also return None (no solution: ``unsat``), a list of the solutions it found up to
``limit`` (a count: one of them with ``limit`` ≥ 2 claims uniqueness), or a ``SolveResult``.

>>> read_answer("unique " + "1234341221434321", Grid.parse("1..." "..1." ".1.." "...1")).status.value
'solved'
>>> read_answer("1234341221434321", Grid.parse("1..." "..1." ".1.." "...1")).message
'uniqueness not claimed'
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import multiprocessing.util
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
import types
from collections.abc import Callable
from functools import cache
from importlib import metadata
from pathlib import Path

from sudokit.models.errors import UserError
from sudokit.models.grid import SYMBOLS, Grid
from sudokit.solvers import processes
from sudokit.solvers.base import CLAIMS_UNIQUE, DEFAULT_LIMIT, Solver, SolveResult, Status, status_for
from sudokit.solvers.isolate import Isolated
from sudokit.solvers.registry import Backend

GRAMMAR = "a grid, unique GRID, multiple [GRID GRID], unsat or unknown"
NOT_CLAIMED = "uniqueness not claimed"
STDERR_KEPT = 4096  # bytes of a program's stderr kept for error messages
LINE_BYTES = 1 << 20  # the longest answer line read (a 25×25 answer takes under 1,400)
TAIL_SHOWN = 300  # characters of it shown in a record's message


# ---------------------------------------------------------------------------- the answer grammar


def read_answer(text: str, grid: Grid) -> SolveResult:
    """A result from one answer in the plug-in grammar (see the module's docstring); garbage is an error."""
    words = text.split()
    head = words[0].lower() if words else ""
    if head in ("unsat", "unknown") and len(words) == 1:
        return SolveResult(Status.UNSAT) if head == "unsat" else SolveResult(Status.STUCK, message="answered unknown")
    if head == "multiple" and len(words) in (1, 3):
        grids = [g for w in words[1:] if isinstance(g := _grid_word(w, grid), Grid)]
        if len(grids) == len(words) - 1:
            first, also = (grids[0], [grids[1].line()]) if grids else (None, [])
            return SolveResult(Status.MULTIPLE, first, 2, stats={"also_found": also} if also else {})
    if head == "unique" and len(words) == 2 and isinstance(found := _grid_word(words[1], grid), Grid):
        return SolveResult(Status.SOLVED, found, 1)
    if len(words) == 1 and isinstance(found := _grid_word(words[0], grid), Grid):
        return SolveResult(Status.SOLVED, found, 1, stats={CLAIMS_UNIQUE: False}, message=NOT_CLAIMED)
    shown = text.strip()
    shown = shown if len(shown) <= 100 else shown[:100] + "…"
    return SolveResult(Status.ERROR, message=f"not an answer: {shown!r} (expected {GRAMMAR})")


def _grid_word(word: str, puzzle: Grid) -> Grid | str:
    """The grid a word spells (``.`` or ``0`` for a blank, for the judge to find), or what is wrong with it."""
    if len(word) != len(puzzle.values):
        return f"{len(word)} symbols for a puzzle of {len(puzzle.values)} cells"
    digits = {s: d for d, s in enumerate("." + SYMBOLS[: puzzle.size])} | {"0": 0}
    values = [digits.get(ch.upper()) for ch in word]
    if None in values:
        return f"{word[values.index(None)]!r} is not a symbol of a {puzzle.size}x{puzzle.size} grid"
    return Grid(tuple(v or 0 for v in values))


def result_of(returned: object, grid: Grid, limit: int) -> SolveResult:
    """A result from what a plug-in's callable returned (text, None, a list of solutions or a ``SolveResult``)."""
    if isinstance(returned, SolveResult):
        return returned
    if returned is None:
        return SolveResult(Status.UNSAT)
    if isinstance(returned, str):
        return read_answer(returned, grid)
    if isinstance(returned, list | tuple) and all(isinstance(s, str) for s in returned):
        return _counted(list(returned), grid, limit)
    return SolveResult(Status.ERROR, message=f"returned a {type(returned).__name__}; expected a grid line, None, "
                                             "a list of grid lines or a SolveResult")


def _counted(lines: list[str], grid: Grid, limit: int) -> SolveResult:
    """The solutions a counting callable found, up to ``limit``: as sudokit's own searches report them."""
    grids = [_grid_word(line.strip(), grid) for line in lines[:2]]
    if bad := next((g for g in grids if isinstance(g, str)), None):
        return SolveResult(Status.ERROR, message=f"returned a list with a line that is not a grid: {bad}")
    found = [g for g in grids if isinstance(g, Grid)]
    stats: dict[str, object] = {"also_found": [found[1].line()]} if len(found) > 1 else {}
    unclaimed = len(found) == 1 and limit < 2
    if unclaimed:
        stats[CLAIMS_UNIQUE] = False
    return SolveResult(status_for(len(lines), limit), found[0] if found else None, len(lines), stats=stats,
                       message=NOT_CLAIMED if unclaimed else "")


# ---------------------------------------------------------------------------- Python: callables and objects


class FunctionSolver:
    """A function ``f(puzzle: str) -> answer``, given ``limit`` and ``time_limit`` only if it accepts them.

    One that does not accept ``time_limit`` runs, when there is one, in a warm child process killed at
    the deadline (``solvers.isolate``), so it honours timeouts anyway.
    """

    def __init__(self, function: Callable, name: str):
        self.function, self.name = function, name
        accepted = _keywords(function)
        self.takes_limit, self.takes_time_limit = "limit" in accepted, "time_limit" in accepted
        self.isolated = None if self.takes_time_limit else Isolated(self._run)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        """Timed from outside, as a program is: the call, the text in and out, and the child process's pipe."""
        start = time.perf_counter()
        if self.isolated is not None and time_limit is not None:
            result = self.isolated(grid, limit=limit, time_limit=time_limit)
        else:
            result = self._run(grid, limit, time_limit)
        result.build_seconds, result.solve_seconds = 0.0, time.perf_counter() - start
        return result

    def _run(self, grid: Grid, limit: int, time_limit: float | None = None) -> SolveResult:
        keywords: dict[str, object] = {"limit": limit} if self.takes_limit else {}
        if self.takes_time_limit:
            keywords["time_limit"] = time_limit
        try:
            returned = self.function(grid.line(), **keywords)
        except TimeoutError as exc:  # its own time limit: a timeout, as sudokit's own backends report it
            return SolveResult(Status.TIMEOUT, message=f"{self.name} raised TimeoutError: {exc}")
        except Exception as exc:  # the plug-in's bug is data: an error for this puzzle
            return SolveResult(Status.ERROR, message=f"{self.name} raised {type(exc).__name__}: {exc}")
        return result_of(returned, grid, limit)


class ObjectSolver:
    """An object following sudokit's protocol (``solve(grid, *, limit, time_limit)``): its exceptions and
    answers in the plug-in grammar become results like any callable's."""

    def __init__(self, target: object, name: str):
        self.target, self.name = target, name

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        start = time.perf_counter()
        try:
            returned = self.target.solve(grid, limit=limit, time_limit=time_limit)  # type: ignore[attr-defined]
        except TimeoutError as exc:
            return SolveResult(Status.TIMEOUT, solve_seconds=time.perf_counter() - start,
                               message=f"{self.name} raised TimeoutError: {exc}")
        except Exception as exc:
            return SolveResult(Status.ERROR, solve_seconds=time.perf_counter() - start,
                               message=f"{self.name} raised {type(exc).__name__}: {exc}")
        result = result_of(returned, grid, limit)
        if not isinstance(returned, SolveResult):
            result.solve_seconds = time.perf_counter() - start
        return result


def adapted(target: object, name: str) -> Solver:
    """A solver for what a plug-in names: a class or object with ``solve`` (sudokit's protocol), or a function."""
    if isinstance(target, type):
        target = target()
    if callable(getattr(target, "solve", None)):
        return ObjectSolver(target, name)
    if callable(target):
        return FunctionSolver(target, name)
    raise UserError(f"{name} is a {type(target).__name__}, not a function or a class with solve()")


def _keywords(function: Callable) -> set[str]:
    """Which of ``limit`` and ``time_limit`` the function accepts by keyword (all, with ``**kwargs``)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: the minimal contract
        return set()
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return {"limit", "time_limit"}
    return {p.name for p in parameters if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)} & {"limit", "time_limit"}


class CallableSolver:
    """The backend of ``py:FILE.py:FUNC`` and ``py:package.module:FUNC``."""

    def __init__(self, function: str, file: str | None = None, module: str | None = None, sha256: str | None = None):
        self.name = function
        self.solver = adapted(_attribute(_module(file, module, sha256), function, file or module or ""), function)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        return self.solver.solve(grid, limit=limit, time_limit=time_limit)


class EntryPointSolver(CallableSolver):
    """The backend of an installed distribution's entry point (``package.module:attr``)."""

    def __init__(self, entry_point: str):
        module, _, attr = entry_point.partition(":")
        super().__init__(attr, module=module)


def _sha256(data: bytes) -> str:
    """The hex digest a plug-in's provenance records (the file's bytes, as read)."""
    return hashlib.sha256(data).hexdigest()


def _module(file: str | None, module: str | None, sha256: str | None) -> types.ModuleType:
    """The plug-in's module: a file run as a module of its own (its hash checked), or an importable module."""
    if file is None:
        return importlib.import_module(module or "")
    source = Path(file).read_bytes()
    digest = _sha256(source)
    if sha256 and digest != sha256:
        raise UserError(f"{file} changed since its spec was checked (sha256 {sha256[:12]}…, now {digest[:12]}…)")
    name = f"sudokit_plugin_{digest[:16]}"
    if name in sys.modules:
        return sys.modules[name]
    loaded = types.ModuleType(name)
    loaded.__file__ = file
    if (folder := str(Path(file).parent)) not in sys.path:
        sys.path.append(folder)  # the file may import its neighbours, as when run as a script
    sys.modules[name] = loaded  # (dataclasses and pickling look the module up)
    try:
        exec(compile(source, file, "exec"), loaded.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return loaded


def _attribute(module: types.ModuleType, path: str, where: str) -> object:
    """``module``'s attribute ``path`` (dotted for a nested one); a ``UserError`` naming what it has if missing."""
    found: object = module
    for part in path.split("."):
        if not hasattr(found, part):
            public = sorted(n for n, v in vars(module).items() if callable(v) and not n.startswith("_")
                            and getattr(v, "__module__", module.__name__) == module.__name__)
            has = f" (it has {', '.join(public)})" if public else ""
            raise UserError(f"{where} has no {path!r}{has}")
        found = getattr(found, part)
    return found


def python_backend(rest: str) -> Backend:
    """The backend of ``py:FILE.py:FUNC`` or ``py:package.module:FUNC``, checked now: the file or module
    imports and has FUNC. Its version is the file's sha256, or the module's distribution and version."""
    spec = f"py:{rest}"
    where, _, function = rest.rpartition(":")
    if not where or not function or not all(part.isidentifier() for part in function.split(".")):
        raise UserError(f"backend {spec!r}: write py:FILE.py:FUNC or py:package.module:FUNC")
    options: dict[str, str]
    if where.endswith(".py") or "/" in where or os.sep in where:
        path = Path(where).expanduser().resolve()
        if not path.is_file():
            raise UserError(f"backend {spec!r}: no such file {where!r}")
        digest = _sha256(path.read_bytes())
        options, provenance = {"file": str(path), "function": function, "sha256": digest}, f"sha256:{digest} {path}"
    else:
        options, provenance = {"module": where, "function": function}, ""
    solver = _checked(spec, lambda: CallableSolver(**options))
    provenance = provenance or _module_version(where)
    doc = inspect.getdoc(getattr(solver.solver, "function", None) or getattr(solver.solver, "target", None))
    summary = doc.splitlines()[0] if doc else f"Python callable {function} of {where}"
    return Backend(spec, "sudokit.solvers.plugins:CallableSolver", summary, options=options, provenance=provenance)


def _checked(spec: str, create: Callable[[], CallableSolver]) -> CallableSolver:
    """The plug-in's solver, made now; anything that stops it is a ``UserError`` naming the spec."""
    try:
        return create()
    except UserError as err:
        raise UserError(f"backend {spec!r}: {err}") from None
    except (Exception, SystemExit) as exc:
        raise UserError(f"backend {spec!r}: cannot import it: {type(exc).__name__}: {exc}") from None


def _module_version(module: str) -> str:
    """``DIST VERSION (module)`` for a module an installed distribution ships, else its file's sha256."""
    top = module.partition(".")[0]
    for dist in metadata.packages_distributions().get(top, []):
        return f"{dist} {metadata.version(dist)} ({module})"
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.origin and Path(spec.origin).is_file():
        return f"sha256:{_sha256(Path(spec.origin).read_bytes())} {spec.origin}"
    return module


@cache
def import_error(entry_point: str) -> str | None:
    """Why an entry point's plug-in cannot be used (its import error, in one line), or None."""
    module, _, attr = entry_point.partition(":")
    try:
        CallableSolver(attr, module=module)
    except (Exception, SystemExit) as exc:
        text = str(exc) if isinstance(exc, UserError) else f"{type(exc).__name__}: {exc}"
        return f"the plug-in {entry_point} cannot be imported: {' '.join(text.split())}"
    return None


# ---------------------------------------------------------------------------- programs: the line protocol


class CommandSolver:
    """A program that reads puzzles one a line on stdin and writes one answer a line on stdout.

    One process serves puzzle after puzzle, started for the first (its start-up counts in that
    puzzle's time). A puzzle past its deadline kills it and all it started (it is a child subreaper,
    so what it starts stays below it, wherever it goes) and records a timeout; the next puzzle starts
    a fresh process. A crash, an answer outside the grammar or a line too many is an error for that
    puzzle with the end of the program's stderr, and the process is replaced. ``starts`` counts the
    processes started.
    """

    def __init__(self, argv: list[str], cwd: str | None = None):
        self.argv, self.cwd, self.name = list(argv), cwd, Path(argv[0]).name
        self.process: subprocess.Popen | None = None
        self.starts = 0
        self.out, self.err = bytearray(), bytearray()

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        start = time.perf_counter()
        if self.process is None or self.process.poll() is not None:
            try:
                self._start()
            except OSError as exc:
                return SolveResult(Status.ERROR, message=f"cannot start {self.argv[0]}: {exc}")
        if stray := self._stray():
            return self._failed(f"it wrote {stray!r} before it was sent this puzzle (a line too many before?)", start)
        process = self.process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(grid.line().encode() + b"\n")
            process.stdin.flush()
        except OSError:  # it has died: say how, below
            pass
        deadline = None if time_limit is None else start + time_limit
        line = self._read_line(deadline)
        seconds = time.perf_counter() - start
        if line is None and len(self.out) > LINE_BYTES:
            return self._failed(f"it wrote more than {LINE_BYTES} bytes without ending a line", start)
        if line is None:
            if deadline is not None and time.perf_counter() >= deadline:
                self._stop()
                return SolveResult(Status.TIMEOUT, solve_seconds=seconds, message="killed at the deadline")
            return self._failed(_ended(process), start)
        if self.out.count(b"\n") or self._more_output():
            return self._failed(f"it wrote more than one line for this puzzle (first {line[:81]!r})", start)
        result = read_answer(line, grid)
        if result.status is Status.ERROR:
            return self._failed(result.message, start)
        result.solve_seconds = seconds
        return result

    def close(self) -> None:
        self._stop()

    def _start(self) -> None:
        self.process = subprocess.Popen(self.argv, cwd=self.cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, process_group=0, bufsize=0,
                                        preexec_fn=processes.guest_setup)
        self.starts += 1
        self.out.clear()
        self.err.clear()
        for stream in (self.process.stdout, self.process.stderr):
            os.set_blocking(stream.fileno(), False)  # type: ignore[union-attr]
        self._finalizer = multiprocessing.util.Finalize(self, _kill, (self.process,), exitpriority=0)

    def _stop(self) -> None:
        if self.process is not None:
            self._finalizer.cancel()
            _kill(self.process)
            self.process = None

    def _failed(self, why: str, start: float) -> SolveResult:
        """An error for this puzzle, naming what went wrong and the end of the program's stderr; a fresh
        process will serve the next puzzle."""
        assert self.process is not None and self.process.stderr is not None
        until = time.perf_counter() + 0.1  # what it wrote as it failed
        while not self.process.stderr.closed and time.perf_counter() < until:
            self._drain(0.02)
        tail = " | ".join(self.err.decode(errors="replace").strip().splitlines()[-3:])
        if len(tail) > TAIL_SHOWN:
            tail = "…" + tail[-TAIL_SHOWN:]
        self._stop()
        message = f"{self.name}: {why}" + (f"; stderr: {tail}" if tail else "")
        return SolveResult(Status.ERROR, solve_seconds=time.perf_counter() - start, message=message)

    def _read_line(self, deadline: float | None) -> str | None:
        """The next line of stdout; None at the end of its output, when ``deadline`` (perf_counter) passes
        or past ``LINE_BYTES`` without a newline."""
        assert self.process is not None and self.process.stdout is not None
        while (end := self.out.find(b"\n")) < 0:
            remaining = None if deadline is None else deadline - time.perf_counter()
            if self.process.stdout.closed or (remaining is not None and remaining <= 0) or len(self.out) > LINE_BYTES:
                return None
            self._drain(remaining)
        line = bytes(self.out[:end])
        del self.out[: end + 1]
        return line.decode(errors="replace").rstrip("\r")

    def _drain(self, timeout: float | None) -> None:
        """Read what the program writes (stdout and stderr) within ``timeout``, one read of each stream."""
        assert self.process is not None and self.process.stdout is not None and self.process.stderr is not None
        streams = [s for s in (self.process.stdout, self.process.stderr) if not s.closed]
        ready = select.select(streams, [], [], timeout)[0] if streams else []
        for stream in ready:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                stream.close()
            elif stream is self.process.stderr:
                self.err += chunk
                del self.err[:-STDERR_KEPT]
            else:
                self.out += chunk

    def _stray(self) -> bytes:
        """Output that arrived between two puzzles (none is expected)."""
        if self.process is not None:
            self._drain(0)
        return bytes(self.out[:60])

    def _more_output(self) -> bool:
        """Whether stdout already holds more than the answer read."""
        self._drain(0)
        return bool(self.out.strip())


def _ended(process: subprocess.Popen) -> str:
    """How a program that stopped answering ended."""
    try:
        code = process.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        return "it closed its output without answering"
    if code < 0:
        return f"it was killed by signal {-code} ({signal.Signals(-code).name}) without answering"
    return f"it exited with status {code} without answering"


def _kill(process: subprocess.Popen) -> None:
    """Kill a program and every process below it, and reap it."""
    processes.kill_tree(process.pid)
    process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def command_backend(rest: str) -> Backend:
    """The backend of ``cmd:COMMAND ARGS``: the program must be found now (a path, or a name on PATH);
    it runs in the current directory. Its version: the program's path and sha256 (and of each argument
    that is a file)."""
    spec = f"cmd:{rest}"
    try:
        argv = shlex.split(rest)
    except ValueError as err:
        raise UserError(f"backend {spec!r}: {err}") from None
    if not argv:
        raise UserError(f"backend {spec!r}: no program named")
    found = shutil.which(argv[0]) if os.sep not in argv[0] else (argv[0] if os.access(argv[0], os.X_OK) else None)
    if found is None or not Path(found).is_file():
        where = "is not an executable file" if os.sep in argv[0] else "is not found on PATH"
        raise UserError(f"backend {spec!r}: the program {argv[0]!r} {where}")
    program = os.path.abspath(found)  # (not resolved: a virtual environment's python is a symbolic link)
    if (script := _script(argv[1:])) and not _is_file(script):
        raise UserError(f"backend {spec!r}: no such file {script!r} (in {os.getcwd()})")
    files = [program, *(a for a in argv[1:] if _is_file(a))]
    provenance = "; ".join(f"{f} sha256:{_sha256(Path(f).read_bytes())}" for f in files)
    return Backend(spec, "sudokit.solvers.plugins:CommandSolver", f"program {shlex.join(argv)} (line protocol)",
                   options={"argv": [program, *argv[1:]], "cwd": os.getcwd()}, program=program,
                   provenance=provenance)


SCRIPT_SUFFIXES = {".py", ".sh", ".bash", ".pl", ".rb", ".js", ".mjs", ".lua", ".r", ".jl", ".php", ".tcl", ".jar"}


def _script(arguments: list[str]) -> str | None:
    """The first argument that is not an option, when it names a file to run (a script's suffix, or a
    path): None when there is none, or when an option before it gives the code (``-c``, ``-m``, ``-e``)."""
    for argument in arguments:
        if argument in ("-c", "-m", "-e"):
            return None
        if not argument.startswith("-"):
            named = Path(argument).suffix.lower() in SCRIPT_SUFFIXES or (os.sep in argument and " " not in argument)
            return argument if named else None
    return None


def _is_file(argument: str) -> bool:
    try:
        return Path(argument).is_file()
    except (OSError, ValueError):
        return False
