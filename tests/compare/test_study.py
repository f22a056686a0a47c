"""The technique ladder against puzzles labelled with the hardest technique they need (QQWing's labels)."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.sets import load_set

# puzzle name in abzium-ladder -> the first rung that solves it without guessing (None: QQWing guesses,
# so no rung up to subsets, the last of QQWing's techniques, may solve it; chains or beyond may)
FIRST_RUNG = {"logic1": "naked_singles", "logic2": "singles", "logic6": "intersections", "logic5": "subsets",
              "logic9": None}
QQWING_RUNGS = {f"ladder/{r}" for r in ("naked_singles", "singles", "intersections", "subsets")}


def test_each_labelled_puzzle_is_first_solved_on_its_rung(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    puzzles = {p.meta["name"]: p for p in load_set("abzium-ladder", skip_invalid=True)}
    (tmp_path / "ladder.txt").write_text("\n".join(puzzles[n].grid.line() for n in FIRST_RUNG) + "\n")
    result = CliRunner().invoke(app, ["study", "ladder.txt", "--name", "s", "--presets", "singles"])
    assert result.exit_code == 0, result.output
    records = [json.loads(x) for x in CliRunner().invoke(app, ["export", "s", "-f", "jsonl"]).stdout.splitlines()]
    summary = json.loads((tmp_path / "results/runs/s/summary.json").read_text())
    rungs = [r["backend"] for r in summary["ladder"]]
    for index, expected in enumerate(FIRST_RUNG.values()):
        solved = [r["backend"] for r in records if r["puzzle_index"] == index and r["status"] == "solved"]
        first = next((rung for rung in rungs if rung in solved), None)
        if expected:
            assert first == f"ladder/{expected}"
        else:
            assert first not in QQWING_RUNGS
    assert [r["solved"] for r in summary["ladder"][:4]] == [1, 2, 3, 4]
    assert "preset/singles" in {r["backend"] for r in records}
    assert (tmp_path / "results/runs/s/ladder.png").exists()
    # the study leads with the ladder, on the terminal and in the report, and ranks no variants by speed
    assert result.stdout.startswith("study s: technique ladder") and "fastest" not in result.stdout
    report = (tmp_path / "results/runs/s/report.md").read_text()
    assert next(line for line in report.splitlines() if line.startswith("## ")) == "## Technique ladder"
    out = result.stdout
    sections = [out.index(title) for title in ("technique ladder", "techniques used", "ablation:", "variants' speed")]
    assert sections == sorted(sections)  # which technique solves what, then the speed table
    speed = out[out.index("variants' speed"):].splitlines()[1]
    assert speed.split()[0] == "backend"  # no rank column
    assert "virtual best" not in report and not (tmp_path / "results/runs/s/cactus.png").exists()
    assert not re.search(r"\bSE \d", report)  # the set has no SE ratings: every rating is the engine's, named so
    assert "Warning" not in result.stderr  # (matplotlib's warnings about the charts, among others)
