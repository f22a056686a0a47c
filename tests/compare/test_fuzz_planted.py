"""Planted bugs, each found by ``sudokit fuzz`` with a fixed seed in a few seconds, shrunk to the givens it
needs, and its printed reproducer failing again when run. Sudokit's own backends and techniques run clean."""

from __future__ import annotations

import json
import shlex
import signal
import sqlite3
import time

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare import app as app_module
from sudokit.compare.app import app
from sudokit.compare.fuzz import techniques
from sudokit.models.candidates import Candidates
from sudokit.solvers.human import steps
from sudokit.solvers.human.registry import TECHNIQUES
from sudokit.solvers.registry import BACKENDS
from tests.compare.planted import PLANTED, PLANTED_TECHNIQUE, TRIGGER_CELL, TRIGGER_DIGIT

runner = CliRunner()


@pytest.fixture
def planted(monkeypatch, tmp_path):
    """The planted backends and technique registered (as plug-ins would be), in a scratch folder."""
    for name, backend in PLANTED.items():
        monkeypatch.setitem(BACKENDS, name, backend)
    monkeypatch.setitem(TECHNIQUES, PLANTED_TECHNIQUE.name, PLANTED_TECHNIQUE)
    monkeypatch.setitem(steps.TITLES, PLANTED_TECHNIQUE.name, PLANTED_TECHNIQUE.title)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def fuzz(*args: str) -> tuple[int, list[dict]]:
    result = runner.invoke(app, ["fuzz", "--json", "--db", "fuzz.sqlite", "--jobs", "2", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def found(objects: list[dict], backend: str) -> dict:
    findings = [o for o in objects if o.get("backend") == backend]
    assert findings, objects[-1]
    return findings[0]


def reproduces(command: str) -> bool:
    """The reproducer, run as the printed command line: it exits 1 (the failure again)."""
    args = shlex.split(command)
    assert args[0] == "sudokit"
    result = runner.invoke(app, args[1:])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code == 1


@pytest.mark.parametrize(("bug", "size", "seed", "kind", "most_givens"), [
    ("planted-wrong", "9", "5", "wrong", 1),  # (seed 5 draws r5c5 = 5 in its first round)
    ("planted-never-multiple", "9", "1", "says-solved", 0),
    ("planted-unsat", "9", "3", "says-unsat", 2),  # (seed 3 gives r1c1 and r9c9 in its first puzzle)
    ("planted-crash16", "16", "1", "error", 0),
])
def test_a_planted_backend_bug_is_found_shrunk_and_reproduced(planted, bug, size, seed, kind, most_givens):
    code, objects = fuzz("--backends", f"bitx,{bug}", "--size", size, "--seconds", "0.5", "--seed", seed)
    finding = found(objects, bug)
    assert code == 1 and finding["kind"] == kind
    assert finding["givens"] <= most_givens < finding["original_givens"] or finding["original_givens"] == 0
    if bug == "planted-wrong":  # the one given the bug needs, where it needs it
        assert finding["puzzle"][TRIGGER_CELL] == str(TRIGGER_DIGIT)
    summary = objects[-1]
    assert summary["summary"] and summary["puzzles"] > 0 and summary["seed"] == int(seed)
    assert summary["backends"][bug]["failures"] >= 1 and summary["backends"]["bitx"]["failures"] == 0
    assert reproduces(finding["command"])
    with sqlite3.connect(planted / "fuzz.sqlite") as db:  # stored in the results database, its own table
        assert db.execute("SELECT backend, kind, puzzle FROM fuzz_findings").fetchall() == \
            [(bug, kind, finding["puzzle"])]


def test_a_technique_that_eliminates_one_candidate_too_many(planted):
    code, objects = fuzz("--techniques", PLANTED_TECHNIQUE.name, "--seconds", "0.5", "--seed", "1")
    finding = found(objects, PLANTED_TECHNIQUE.name)
    assert code == 1 and finding["kind"] == "unsound" and "Naked Pair" in finding["step"]
    assert len(finding["puzzle"]) == 729 and objects[-1]["states"] > 0
    assert reproduces(finding["command"])
    state = Candidates.parse(finding["puzzle"])
    assert not reproduces(f"sudokit fuzz --techniques naked_pair --replay {state.line()}")  # the real one is sound


@pytest.mark.slow
def test_sudokits_own_exact_backends_and_the_full_preset_run_clean(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, objects = fuzz("--backends", "bitx,dlx,prop,cpsat,sat", "--seconds", "4", "--seed", "7")
    assert code == 0 and objects[-1]["puzzles"] > 0, objects
    code, objects = fuzz("--techniques", "full", "--seconds", "4", "--seed", "7")
    assert code == 0 and objects[-1]["states"] > 0, objects


@pytest.mark.manual
def test_a_minute_of_every_exact_backend_and_every_technique(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    exact = ",".join(name for name, b in BACKENDS.items() if not b.logic_only and b.is_available())
    code, objects = fuzz("--backends", exact, "--seconds", "60", "--seed", "11")
    assert code == 0, objects
    code, objects = fuzz("--techniques", "all", "--seconds", "60", "--seed", "11")
    assert code == 0, objects


def test_the_checking_processes_end_quietly_when_stopped_under_the_commands_sigterm_handling(capfd):
    """A command takes SIGTERM as Ctrl-C (``app.main``); the technique checks' forked processes, which the
    command stops with SIGTERM, must not inherit that and print a KeyboardInterrupt each."""
    before = signal.signal(signal.SIGTERM, app_module._terminated)
    try:
        with techniques._checking(2) as checked:
            assert list(checked(abs, [-1, -2, 3])) == [1, 2, 3]
            time.sleep(0.2)  # (the processes idle, waiting for work, when they are stopped)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert "KeyboardInterrupt" not in capfd.readouterr().err
