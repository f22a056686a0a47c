"""Fuzzing guests as a user does: ``py:`` and ``cmd:`` plug-ins in their own folder, named by relative paths,
judged against sudokit's trusted exact backends (never against each other), their reproducers pasted in
another folder."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.run.store import Store

runner = CliRunner()
SUDOKIT = [sys.executable, "-m", "sudokit.compare.cli"]

# Both liars stop at bitx's first solution and call it unique: on a puzzle with several solutions they agree
# with each other (the same grid), two against one trusted backend.
LIAR = '''
from sudokit.models.grid import Grid, PuzzleError
from sudokit.solvers.bitx import BitXSolver


def solve(puzzle):
    """Calls its first solution the only one."""
    try:
        found = BitXSolver().solve(Grid.parse(puzzle), limit=1).solution
    except PuzzleError:
        return "unsat"
    return f"unique {found.line()}" if found else "unsat"
'''
LIAR_PROGRAM = '''
import sys

from liar_a import solve

for line in sys.stdin:
    print(solve(line.strip()), flush=True)
'''


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The user's folder: two liars as Python files, one as a program, and the current directory."""
    home = tmp_path / "home"
    home.mkdir()
    for name in ("liar_a", "liar_b"):
        (home / f"{name}.py").write_text(LIAR)
    (home / "liar_program.py").write_text(LIAR_PROGRAM)
    monkeypatch.chdir(home)
    return home


def fuzz(*args: str) -> list[dict]:
    result = runner.invoke(app, ["fuzz", "--json", "--size", "4", "--seconds", "0.5", "--seed", "3", "--jobs", "1",
                                 "--shrink-seconds", "5", "--db", "fuzz.sqlite", *args])
    assert result.exit_code == 1, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_guests_that_lie_alike_are_each_judged_by_a_trusted_backend(home):
    objects = fuzz("--backend", "py:liar_a.py:solve", "--backend", "py:liar_b.py:solve")  # no trusted one named
    *found, summary = objects
    assert sorted((f["backend"], f["kind"]) for f in found) == [("py:liar_a.py:solve", "says-solved"),
                                                                ("py:liar_b.py:solve", "says-solved")]
    assert summary["backends"]["bitx"]["failures"] == 0  # bitx was added, and is not blamed for being outvoted
    assert summary["trusted"] == ["bitx"]
    for finding in found:
        other = "liar_b" if "liar_a" in finding["backend"] else "liar_a"
        assert finding["references"] == ["bitx"] and "bitx says multiple" in finding["detail"]
        words = shlex.split(finding["command"])
        assert words[words.index("--backend") + 1] == "bitx" and other not in finding["command"]


def test_a_reproducer_works_from_another_folder(home, tmp_path):
    program = f"cmd:{shlex.quote(sys.executable)} liar_program.py"
    found = fuzz("--backends", "dlx", "--backend", "py:liar_a.py:solve", "--backend", program)[:-1]
    assert {f["backend"] for f in found} == {"py:liar_a.py:solve", program}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for finding in found:
        command = finding["command"]
        assert f"--db {home / 'fuzz.sqlite'}" in command
        assert f"py:{home / 'liar_a.py'}:solve" in command or f"{home / 'liar_program.py'}" in command
        words = shlex.split(command)
        assert words[:2] == ["sudokit", "compare"]
        pasted = subprocess.run([*SUDOKIT, *words[1:]], cwd=elsewhere, capture_output=True, text=True, timeout=120)
        assert pasted.returncode == 1, pasted.stdout + pasted.stderr  # the disagreement again
        assert "solved 1234341221434321" in pasted.stdout  # the guest's claim, made again
    assert list(elsewhere.iterdir()) == []  # nothing written where it was pasted
    with Store.open(home / "fuzz.sqlite") as store:
        assert len(store.run_names()) == len(found)  # each reproducer's run went to the database it names
