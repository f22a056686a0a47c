"""Whose number is which (docs/concepts/ratings.md): plain ``rate`` gives Sudoku Explainer's and HoDoKu's
own figures, and no surface labels another number with their names.

Expected ER/EP/ED are SE 1.2.1.3's own (the bundled ``serate-200`` set) and the unbiased collection's
SER column (read from ../shared/data, skipped when absent); nothing is copied from the code under test.
"""

from __future__ import annotations

import csv
import json
import random
import re
import time

import pytest
from typer.testing import CliRunner

from sudokit.compare.cli import app
from sudokit.compare.sets import load_set
from tests.conftest import shared_file

runner = CliRunner()
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SERATE = [(p.grid.line(), p.meta["se_rating"], p.meta["ep"], p.meta["ed"]) for p in load_set("serate-200").puzzles]
SE_KEYS = ("se_rating", "ep", "ed")
HARDER = next(line for line, er, *_ in SERATE if 3.0 <= er <= 3.4)  # more than singles: stuck with that preset


def rated(*args: str) -> list[dict]:
    result = runner.invoke(app, ["rate", *args, "--json", "-q"])
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line) for line in result.output.splitlines()]


def rated_lines(lines: list[str], *args: str) -> list[dict]:
    """Several puzzles given on standard input."""
    result = runner.invoke(app, ["rate", "-", *args, "--json", "-q"], input="\n".join(lines) + "\n")
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line) for line in result.output.splitlines()]


def sample(rows: list, count: int, top: float) -> list:
    """``count`` rows drawn at random (fixed seed) among those SE rates at most ``top`` (fast to rate)."""
    return random.Random(30).sample([r for r in rows if r[1] <= top], count)


@pytest.mark.parametrize(("line", "er", "ep", "ed"), sample(SERATE, 4, 6.6))
def test_plain_rate_gives_ses_own_er_ep_ed(line, er, ep, ed):
    (row,) = rated(line)
    assert (row["se_rating"], row["ep"], row["ed"]) == (er, ep, ed)


@pytest.mark.manual
@pytest.mark.parametrize(("line", "er", "ep", "ed"), SERATE)
def test_plain_rate_gives_ses_own_er_ep_ed_on_all_of_serate_200(line, er, ep, ed):
    (row,) = rated(line)
    assert (row["se_rating"], row["ep"], row["ed"]) == (er, ep, ed)


def _unbiased(count: int, top: float) -> list[tuple[str, float]]:
    with open(shared_file("unbiased/cbg001_21695_ratings.csv"), newline="") as f:
        rows = [(r["puzzle"], float(r["SER"])) for r in csv.DictReader(f)]
    return sample(rows, count, top)


def test_plain_rate_gives_the_unbiased_collections_ser():
    puzzles = _unbiased(3, 6.6)
    rows = rated_lines([line for line, _ in puzzles])
    assert [r["se_rating"] for r in rows] == [ser for _, ser in puzzles]


@pytest.mark.manual
def test_plain_rate_gives_the_unbiased_collections_ser_on_a_large_sample():
    puzzles = _unbiased(150, 12.0)
    rows = rated_lines([line for line, _ in puzzles])
    assert [r["se_rating"] for r in rows] == [ser for _, ser in puzzles]


def test_plain_rates_hodoku_figures_are_hodoku_modes():
    lines = [line for line, *_ in sample(SERATE, 4, 6.6)]
    plain, hodoku = rated_lines(lines), rated_lines(lines, "--mode", "hodoku")
    keys = ("hodoku_score", "hodoku_level", "hodoku_hardest", "hodoku_techniques")
    assert [[r[k] for k in keys] for r in plain] == [[r[k] for k in keys] for r in hodoku]
    assert all(r["hodoku_level"] for r in plain)


def _er_labels_only_ses(text: str) -> None:
    """Every ``ER`` in the text is SE's (``SE ER``), and no guess's 20.0 is shown."""
    for match in re.finditer(r"\bER\b", text):
        assert text[max(0, match.start() - 3):match.start()] == "SE ", text
    assert "20.0" not in text


@pytest.mark.parametrize("args", [[], ["--mode", "se"], ["--mode", "hodoku"], ["--mode", "default"],
                                  ["--preset", "singles"], ["--allow-guess"], ["--mode", "se", "--allow-guess"]])
def test_er_labels_only_ses_own_number_in_every_mode(args):
    for puzzle in (EASY, HARDER):
        text = runner.invoke(app, ["rate", puzzle, "-q", *args]).output
        _er_labels_only_ses(text)
        (row,) = rated(puzzle, *args)
        se_ran = "se" in row["modes"] and not row["guessed"]
        if not se_ran:
            assert all(row[k] is None for k in SE_KEYS) and row["se_missing"]
        elif row["status"] == "solved":
            assert row["se_rating"] is not None and row["se_missing"] is None
        if row["status"] == "solved" and "hodoku" not in row["modes"]:
            assert row["hodoku_score"] is None and row["hodoku_missing"]
    if args and args[0] == "--preset":
        return
    explained = runner.invoke(app, ["explain", EASY, *args[:2]]).output
    _er_labels_only_ses(explained)
    rating = json.loads(runner.invoke(app, ["explain", EASY, "--json", *args[:2]]).output)["rating"]
    assert ("se_rating" in rating) == (rating["owner"] == "se")


def test_the_explorer_names_whose_figures_it_shows(tmp_path):
    page = tmp_path / "page.html"
    for mode, owner in (("default", "engine rating"), ("se", "SE ER/EP/ED"), ("hodoku", "HoDoKu score")):
        assert runner.invoke(app, ["explain", EASY, "--mode", mode, "--html", str(page)]).exit_code == 0
        text = page.read_text()
        assert owner in text
        _er_labels_only_ses(text)
        if mode != "se":
            assert not re.search(r"\bSE \d", text)


def test_a_size_a_mode_does_not_take_is_refused_up_front_and_plain_rate_says_why():
    sixteen = next(p.grid.line() for p in load_set("gecode-16x16").puzzles)
    for mode in ("se", "hodoku"):
        result = runner.invoke(app, ["rate", sixteen, "--mode", mode])
        assert result.exit_code == 2 and result.output.count("\n") == 1 and "9×9 puzzles only" in result.output
        made = runner.invoke(app, ["generate", "-n", "1", "--size", "16", "--mode", mode])
        assert made.exit_code == 2 and "9×9 puzzles only" in made.output
    (row,) = rated(sixteen)
    assert row["se_rating"] is None and "9×9" in row["se_missing"] and row["hodoku_level"] is None
    assert row["engine_rating"] is not None and row["modes"] == ["default"]


@pytest.mark.slow
def test_a_25x25_rate_or_show_with_timeout_2_ends_in_about_2_seconds():
    puzzle = next(p.grid.line() for p in load_set("gecode-25x25").puzzles)
    began = time.monotonic()
    result = runner.invoke(app, ["rate", puzzle, "--timeout", "2"])
    assert time.monotonic() - began < 6  # 2 s of search, and loading CP-SAT and building its model
    assert result.exit_code == 1 and result.output.startswith("#1 timeout") and "time limit" in result.output
    began = time.monotonic()
    shown = runner.invoke(app, ["show", puzzle, "--step", "400", "--timeout", "2"])
    assert time.monotonic() - began < 8  # (a step of the 25x25 solve may overrun the deadline; without one, minutes)
    assert shown.exit_code == 1 and shown.output.startswith("sudokit: timeout") and "not drawn" in shown.output


def test_a_stuck_mode_says_which_mode_goes_further():
    hard = SERATE[-1][0]  # SE 9.x: the default mode's techniques stop short of it
    (row,) = rated(hard, "--mode", "default", "--preset", "basic")
    assert row["status"] == "stuck" and "rate --mode se goes further" in row["engine_missing"]


def test_rate_resumes_from_its_results_file_keeping_whole_lines(tmp_path):
    puzzles, out = tmp_path / "eight.txt", tmp_path / "rated.jsonl"
    puzzles.write_text("".join(p.grid.line() + "\n" for p in load_set("easy50").puzzles[:8]))
    first = runner.invoke(app, ["rate", str(puzzles), "-q", "--out", str(out)])
    assert first.exit_code == 0 and len(out.read_text().splitlines()) == 8
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][:30])  # stopped mid-line after 3 puzzles
    again = runner.invoke(app, ["rate", str(puzzles), "--out", str(out)])
    assert again.exit_code == 0 and len(again.stdout.splitlines()) == 5, again.output
    assert re.search(rf"5 rated in \d+s \(8 in {re.escape(str(out))}\); solved 8; SE ER ", again.stderr)  # all 8
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["index"] for r in rows) == list(range(8))
    other = runner.invoke(app, ["rate", str(puzzles), "--mode", "se", "--out", str(out)])
    assert other.exit_code == 2 and "rated with mode se+hodoku" in other.output


def test_rate_with_two_jobs_gives_the_same_records_in_order():
    lines = [line for line, *_ in SERATE[:3]]
    one, two = rated_lines(lines), rated_lines(lines, "-j", "2")
    assert [r["index"] for r in two] == [0, 1, 2] and one == two


def test_rate_on_a_local_dask_cluster_gives_the_records_of_one_process():
    pytest.importorskip("distributed")
    lines = [line for line, *_ in SERATE[3:6]]
    on_dask = runner.invoke(app, ["rate", "-", "--executor", "dask", "--workers", "1", "--json", "-q"],
                            input="\n".join(lines) + "\n")
    assert on_dask.exit_code == 0, on_dask.output
    assert [json.loads(line) for line in on_dask.stdout.splitlines()] == rated_lines(lines)


def test_a_rating_worker_past_the_timeout_is_killed_and_the_puzzle_is_a_timeout():
    """SE mode polls its deadline between techniques: on forum-hardest puzzles one chain search may run
    for seconds past it; with workers the deadline is the executor's too."""
    hardest = [line.split()[0] for line in shared_file("tdoku/forum_hardest_1905_11plus.txt").read_text().splitlines()[:2]]
    began = time.monotonic()
    rows = rated_lines([*hardest, SERATE[0][0]], "--mode", "se", "-j", "2", "--timeout", "0.5")
    assert [r["status"] for r in rows] == ["timeout", "timeout", "solved"]
    assert time.monotonic() - began < 15  # (one such puzzle takes 10-70 s to rate)


def test_cluster_options_need_the_dask_executor():
    result = runner.invoke(app, ["rate", SERATE[0][0], "--scheduler", "tcp://nowhere:8786"])
    assert result.exit_code == 2 and "--scheduler needs --executor dask" in result.output


def test_generate_writes_what_plain_rate_gives_and_its_header_remakes_the_file(tmp_path):
    out = tmp_path / "made.txt"
    made = runner.invoke(app, ["generate", "-n", "3", "--seed", "7", "-j", "1", "-q", "--mode", "se", "-o", str(out)])
    assert made.exit_code == 0, made.output
    header, *_ = out.read_text().splitlines()
    assert "--mode se" in header
    again = tmp_path / "again.txt"
    words = header.removeprefix("# sudokit ").split()
    assert runner.invoke(app, [*words, "-j", "1", "-q", "-o", str(again)]).exit_code == 0
    assert again.read_text() == out.read_text()  # the header reproduces the file exactly
    lines = [line.split() for line in out.read_text().splitlines() if not line.startswith("#")]
    rows = rated(str(out))
    assert [float(fields[1]) for fields in lines] == [r["se_rating"] for r in rows]
    assert [fields[2] for fields in lines] == [r["hodoku_level"] for r in rows]
    summary = runner.invoke(app, ["generate", "-n", "2", "--seed", "7", "-j", "1"]).output
    assert "SE ER" in summary and "HoDoKu levels" in summary and not re.search(r"\bSE \d", summary)


@pytest.mark.slow
def test_ctrl_c_on_rate_says_interrupted_exits_4_and_keeps_whole_lines(tmp_path):
    import os
    import signal
    import subprocess
    import sys

    from tests.compare.test_generate_cli import _default_sigint
    from tests.conftest import REPO

    out = tmp_path / "rated.jsonl"
    args = [sys.executable, "-m", "sudokit.compare.cli", "rate", "serate-200", "-j", "2", "-o", str(out)]
    run = subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(REPO)}, preexec_fn=_default_sigint)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or not out.read_text().count("\n")):
        time.sleep(0.2)
    run.send_signal(signal.SIGINT)
    _, stderr = run.communicate(timeout=30)
    assert run.returncode == 4 and "interrupted" in stderr and "run the same command to resume" in stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]  # whole lines only
    assert 1 <= len(rows) < 200
