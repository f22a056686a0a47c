"""Plug-in backends one by one: Python callables, protocol programs and entry points, right and wrong."""

from __future__ import annotations

import pickle
import sys

import pytest

from sudokit.compare.run.agreement import judged
from sudokit.compare.sets import load_set
from sudokit.models.errors import UserError
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers import registry
from sudokit.solvers.base import SolveResult, Status, claims_unique
from sudokit.solvers.plugins import import_error
from sudokit.solvers.registry import get_backend, listed_backends
from tests.solvers.plugin_fakes import EXAMPLES, callables, program, starts

EASY = [p.grid for p in load_set("easy50").puzzles[:3]]
TWO_SOLUTIONS = Grid.parse("1..." "..1." ".1.." "...1")
SOLVER = EXAMPLES / "python_solver.py"


def solve(spec: str, grid: Grid, **options) -> SolveResult:
    return judged(get_backend(spec).create().solve(grid, **options), grid)


def test_a_minimal_callable_is_judged_and_claims_no_uniqueness():
    result = solve(f"py:{SOLVER}:solve", EASY[0])
    assert result.status is Status.SOLVED and is_solution(result.solution, EASY[0])
    assert not claims_unique(result.stats) and result.message == "uniqueness not claimed"


def test_a_counting_callable_gets_the_limit_and_claims_what_it_counted():
    unique = solve(f"py:{SOLVER}:count", EASY[0])
    assert unique.status is Status.SOLVED and claims_unique(unique.stats)
    several = solve(f"py:{SOLVER}:count", TWO_SOLUTIONS)
    assert several.status is Status.MULTIPLE and several.solutions_found == 2 and len(several.stats["also_found"]) == 1
    assert solve(f"py:{SOLVER}:count", TWO_SOLUTIONS, limit=1).message == "uniqueness not claimed"


@pytest.mark.parametrize(("function", "status", "says"), [
    ("wrong", Status.ERROR, "the judge rejected the returned solution: contradicts a given: r1c3 holds 1, the given is 3"),
    ("no_solution", Status.UNSAT, ""),
    ("false_multiple", Status.MULTIPLE, ""),
    ("raises", Status.ERROR, "raises raised ZeroDivisionError: it divided by zero"),
    ("number", Status.ERROR, "returned a int; expected a grid line"),
    ("Counting", Status.UNSAT, ""),
])
def test_each_callable_answer_gets_its_status_and_message(tmp_path, function, status, says):
    result = solve(f"py:{callables(tmp_path)}:{function}", EASY[0])
    assert result.status is status and result.message.startswith(says)


def test_a_program_whose_script_is_given_as_code_or_a_module_is_not_taken_for_a_file():
    for spec in ("cmd:python3 -c 'print(1/2)'", "cmd:python3 -m some.module", "cmd:python3 -u"):
        assert get_backend(spec).name == spec


def test_a_callable_that_ignores_the_time_limit_is_stopped_at_it(tmp_path):
    solver = get_backend(f"py:{callables(tmp_path)}:hangs").create()
    result = solver.solve(EASY[0], time_limit=0.3)
    assert result.status is Status.TIMEOUT


@pytest.mark.parametrize(("spec", "says"), [
    ("py:nosuch.py:solve", "no such file 'nosuch.py'"),
    ("py:{solver}:solv", "has no 'solv' (it has count, solve)"),
    ("py:{solver}", "write py:FILE.py:FUNC or py:package.module:FUNC"),
    ("py:nosuch_module_xyz:solve", "cannot import it: ModuleNotFoundError"),
    ("py:{broken}:solve", "cannot import it: SyntaxError"),
    ("cmd:nosuch-program-xyz --fast", "the program 'nosuch-program-xyz' is not found on PATH"),
    ("cmd:./nosuch", "the program './nosuch' is not an executable file"),
    ("cmd:prog 'unclosed", "No closing quotation"),
    ("cmd:python3 missing.py", "no such file 'missing.py'"),
    ("cmd:python3 -u lib/missing_solver", "no such file 'lib/missing_solver'"),
])
def test_a_bad_plugin_spec_is_one_line_before_anything_runs(tmp_path, spec, says):
    (tmp_path / "broken.py").write_text("def solve(:\n")
    with pytest.raises(UserError) as caught:
        get_backend(spec.format(solver=SOLVER, broken=tmp_path / "broken.py"))
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_a_plugin_file_is_recorded_by_its_hash_and_pickles_as_plain_data(tmp_path):
    backend = get_backend(f"py:{SOLVER}:count")
    assert backend.version().startswith("sha256:") and str(SOLVER) in backend.version()
    again = pickle.loads(pickle.dumps(backend))
    assert again == backend and again.create().solve(EASY[1]).status is Status.SOLVED
    command = get_backend(f"cmd:{sys.executable} {EXAMPLES / 'protocol_solver.py'}")
    assert "sha256:" in command.version() and "protocol_solver.py" in command.version()
    assert pickle.loads(pickle.dumps(command)) == command


def test_a_plugin_file_changed_after_its_spec_was_checked_is_refused(tmp_path):
    path = callables(tmp_path)
    backend = get_backend(f"py:{path}:wrong")
    path.write_text(path.read_text() + "\n# changed\n")
    with pytest.raises(UserError, match="changed since its spec was checked"):
        backend.create()


def test_one_program_serves_many_puzzles():
    spec = f"cmd:{sys.executable} {EXAMPLES / 'protocol_solver.py'}"
    solver = get_backend(spec).create()
    results = [judged(solver.solve(grid, time_limit=10), grid) for grid in [*EASY, TWO_SOLUTIONS]]
    assert [r.status for r in results] == [Status.SOLVED] * 3 + [Status.MULTIPLE]
    assert all(claims_unique(r.stats) for r in results[:3]) and results[3].stats["also_found"]
    assert solver.starts == 1
    solver.close()


@pytest.mark.parametrize(("mode", "status", "says"), [
    ("crash", Status.ERROR, "it exited with status 3 without answering; stderr: Traceback: something broke inside"),
    ("garbage", Status.ERROR, "not an answer: 'hello world'"),
    ("twice", Status.ERROR, "it wrote more than one line for this puzzle"),
    ("hang", Status.TIMEOUT, "killed at the deadline"),
])
def test_a_misbehaving_program_costs_that_puzzle_only_and_a_fresh_process_goes_on(tmp_path, mode, status, says):
    spec, log = program(tmp_path, mode)
    solver = get_backend(spec).create()
    # a process's start-up counts in its first puzzle's time, and a loaded machine starts Python slowly
    limits = [30.0, 2.0 if mode == "hang" else 30.0, 30.0]
    results = [solver.solve(grid, time_limit=limit) for grid, limit in zip(EASY, limits, strict=True)]
    assert results[1].status is status and says in results[1].message
    assert results[0].status is results[2].status is Status.SOLVED
    assert solver.starts == starts(log) == 2
    if mode == "garbage":
        assert "stderr: solved it, trust me" in results[1].message
    solver.close()


ENTRY_POINTS = """[sudokit.backends]
tiny = tinyplugin:solve
broken = brokenplugin:solve
bitx = tinyplugin:solve
"""


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """A distribution ``tiny-plugin`` 2.5 on sys.path offering three entry points (one shadowed by sudokit's own)."""
    (tmp_path / "tinyplugin.py").write_text(f"import sys\nsys.path.insert(0, {str(EXAMPLES)!r})\n"
                                            "from python_solver import solve\n")
    (tmp_path / "brokenplugin.py").write_text("import nosuch_dependency_xyz\n")
    info = tmp_path / "tiny_plugin-2.5.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-plugin\nVersion: 2.5\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("tinyplugin", "brokenplugin"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    registry.installed_plugins.cache_clear()
    import_error.cache_clear()
    yield tmp_path
    registry.installed_plugins.cache_clear()
    import_error.cache_clear()


def test_entry_points_are_found_without_importing_them_and_listed_with_their_distribution(installed):
    found = registry.installed_plugins()
    assert set(found) == {"tiny", "broken"} and "tinyplugin" not in sys.modules
    tiny = get_backend("tiny")
    assert tiny.version() == "2.5" and "tiny-plugin" in tiny.summary
    assert tiny.is_available() and tiny.create().solve(EASY[0]).status is Status.SOLVED
    assert {"tiny", "broken"} <= {b.name for b in listed_backends()}


def test_an_entry_point_that_fails_to_import_is_unavailable_with_its_error(installed):
    reason = get_backend("broken").why_unavailable()
    assert reason is not None and "No module named 'nosuch_dependency_xyz'" in reason and "\n" not in reason


def test_an_entry_point_listing_survives_a_broken_plugin(installed):
    assert {b.name: b.is_available() for b in listed_backends()}.items() >= {"tiny": True, "broken": False}.items()
