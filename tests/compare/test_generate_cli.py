"""``sudokit generate`` end to end: its files read back, runs reproduce, bad input is one line, Ctrl-C keeps work."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.models.grid import Grid
from sudokit.models.puzzles import read_puzzles
from sudokit.solvers.registry import get_backend
from tests.conftest import REPO

runner = CliRunner()


def generate(*args: str):
    return runner.invoke(app, ["generate", "--quiet", *args])


def lines(path: Path) -> list[str]:
    return [ln for ln in path.read_text().splitlines() if not ln.startswith("#")]


def test_a_file_that_solve_rate_and_study_read_back(tmp_path, monkeypatch):
    out = tmp_path / "made.txt"
    result = generate("-n", "1", "--seed", "5", "-t", "xy_wing", "-t", "naked_pair", "-j", "2", "-o", str(out))  # (seed 5: 21 attempts; seed 4 took 52)
    assert result.exit_code == 0, result.output
    made = read_puzzles(out)
    assert [p.meta["fields"][2:] for p in made] == [["xy_wing", "xy_wing"], ["naked_pair", "naked_pair"]]
    assert runner.invoke(app, ["solve", str(out), "--backend", "dlx"]).exit_code == 0  # every one unique
    rated = runner.invoke(app, ["rate", str(out), "--json"])
    assert rated.exit_code == 0, rated.output
    records = [json.loads(line) for line in rated.stdout.splitlines()]
    for puzzle, record in zip(made, records, strict=True):  # plain rate: the target is SE's hardest step, same ER
        rating, _, _, wanted = puzzle.meta["fields"]
        assert record["status"] == "solved" and record["se_hardest"] == wanted
        assert float(rating) == record["se_rating"]
    monkeypatch.chdir(tmp_path)
    studied = runner.invoke(app, ["study", str(out), "--no-ablation", "--no-report", "--db", "s.sqlite", "-j", "1"])
    assert studied.exit_code == 0, studied.output


def test_the_same_seed_makes_the_same_file_whatever_the_jobs(tmp_path):
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.txt"
        assert generate("-n", "4", "--seed", "11", "--symmetry", "rotational", "-j", jobs, "-o", str(out)).exit_code == 0
        outputs.append(out.read_text())
    assert outputs[0] == outputs[1]
    assert "--seed 11" in outputs[0].splitlines()[0]
    other = tmp_path / "other.txt"
    generate("-n", "4", "--seed", "12", "--symmetry", "rotational", "-j", "1", "-o", str(other))
    assert lines(other) != lines(tmp_path / "j1.txt")


def test_standard_output_and_the_seed_in_the_header_remakes_the_puzzles(tmp_path):
    first = generate("-n", "2", "-j", "1")
    assert first.exit_code == 0
    header = first.stdout.splitlines()[0]
    seed = header.split("--seed ")[1].split()[0]
    again = generate("-n", "2", "-j", "1", "--seed", seed)
    assert again.stdout == first.stdout
    for line in lines_of(first.stdout):
        assert get_backend("dlx").create().solve(Grid.parse(line.split()[0])).status.value == "solved"


def test_the_header_remakes_the_file_with_every_option(tmp_path):
    out = tmp_path / "made.txt"
    shaped = ("-n", "1", "--seed", "2", "--symmetry", "rotational", "--mode", "hodoku", "-t", "naked_pair",
              "--strategy", "filter", "--tries", "500")
    assert generate(*shaped, "-j", "1", "-o", str(out)).exit_code == 0
    header = out.read_text().splitlines()[0]
    assert all(word in header for word in ("--mode hodoku", "--strategy filter", "--tries 500", "rotational"))
    again = tmp_path / "again.txt"
    words = header.removeprefix("# sudokit generate ").split()
    assert generate(*words, "-j", "1", "-o", str(again)).exit_code == 0
    assert again.read_text() == out.read_text()


def lines_of(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln and not ln.startswith("#")]


@pytest.mark.parametrize("args, says", [
    (["--mode", "strict"], "unknown mode 'strict'"),
    (["-t", "xwing"], "unknown technique 'xwing'"),
    (["--rating", "hard"], "--rating 'hard': give LO-HI"),
    (["--rating", "5-4"], "LO <= HI"),
    (["--symmetry", "spiral"], "unknown symmetry 'spiral'"),
    (["--size", "25"], "sizes are 4, 9, 16"),
    (["--unbiased", "--symmetry", "rotational"], "--unbiased cannot be combined with --symmetry"),
    (["--strategy", "luck", "-t", "x_wing"], "unknown strategy 'luck'"),
    (["--workers", "2"], "--workers needs --executor dask"),
    (["-o", "."], "is a directory"),
])
def test_bad_input_is_one_line_and_exit_2(args, says):
    result = generate("-n", "1", *args)
    assert result.exit_code == 2
    assert says in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_puzzle_that_cannot_be_made_exits_1_with_what_was_tried(tmp_path):
    out = tmp_path / "none.txt"
    result = generate("-n", "2", "-t", "full_house", "--mode", "default", "--tries", "2", "-j", "1",
                      "-o", str(out))
    assert result.exit_code == 1
    assert "0 puzzles" in result.stderr and "2 given up" in result.stderr
    assert lines(out) == []


def _default_sigint() -> None:
    """Ctrl-C as at a terminal: a test run started in the background (``pytest &`` from a script)
    ignores SIGINT, and so would the command it starts."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_the_workers_and_keeps_the_puzzles_made(tmp_path):
    """SIGINT mid-run: exit 4, every line written is a whole puzzle, and no worker is left running."""
    out = tmp_path / "interrupted.txt"
    args = [sys.executable, "-m", "sudokit.compare.cli", "generate", "-n", "40", "-t", "naked_pair", "--seed", "1",
            "-j", "2", "-o", str(out)]
    run = subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(REPO)},
                           preexec_fn=_default_sigint)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or len(lines(out)) < 1):
        time.sleep(0.2)
    run.send_signal(signal.SIGINT)
    _, stderr = run.communicate(timeout=30)
    assert run.returncode == 4, stderr
    assert "interrupted" in stderr and "puzzles made are kept" in stderr
    made = read_puzzles(out)  # whole lines only: the file parses
    assert 1 <= len(made) < 40
    for puzzle in made:
        assert get_backend("dlx").create().solve(puzzle.grid).status.value == "solved"
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-f", str(out)], capture_output=True, text=True).stdout.split()
    assert left == []  # the workers (forks of the command, same command line) are gone


def test_runs_on_a_local_dask_cluster(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "dask.txt"
    result = generate("-n", "3", "--seed", "4", "--executor", "dask", "--workers", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    local = tmp_path / "local.txt"
    assert generate("-n", "3", "--seed", "4", "-j", "1", "-o", str(local)).exit_code == 0
    assert out.read_text() == local.read_text()
