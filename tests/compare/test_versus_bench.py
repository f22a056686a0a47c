"""The side-by-side bench's own machinery (``compare.bench.versus``), without larsdoku or hodoku-py:
the bands and the draw, the ratios and their statistics, and a stuck worker killed and started again."""

from __future__ import annotations

import math
import sys

import pytest

from sudokit.compare.bench import versus
from sudokit.compare.bench.versus import FORUM_BAND, Puzzle, Worker

# A fake engine: answers at once, says how many lines it has read since it started, and spins
# (a stuck engine, burning CPU) on the puzzle "slow".
FAKE = """
import json, sys, time
seen = 0
for line in sys.stdin:
    seen += 1
    while line.strip() == "slow":
        pass
    print(json.dumps({"status": "solved", "guessed": False, "seconds": 0.001, "seen": seen,
                      "at": time.time()}), flush=True)
"""


def _line(k: int) -> str:
    return f"{k:081d}"


def test_the_bands_take_the_sample_by_rating_and_the_forum_from_er_10_6():
    sample = [(_line(1), 3.9), (_line(2), 4.0), (_line(3), 8.9), (_line(4), 9.0), (_line(5), 1.5)]
    forum = [(_line(6), 10.5), (_line(7), 10.6), (_line(8), 11.3)]
    found = versus.pools(sample, forum)
    assert [p.line for p in found["SE 1.5–4"]] == [_line(1), _line(5)]
    assert [p.line for p in found["SE 4–6"]] == [_line(2)]
    assert [p.line for p in found["SE 8–9"]] == [_line(3)]
    assert [p.line for p in found["SE 9+"]] == [_line(4)]
    assert [p.line for p in found[FORUM_BAND]] == [_line(7), _line(8)]
    assert found["SE 6–7"] == []


def test_the_draw_is_seeded_leaves_the_warm_up_out_and_takes_per_band_of_each():
    sample = [(_line(k), 2.0 + 8 * k / 400) for k in range(400)]  # ratings 2.0 to 9.98
    forum = [(_line(1000 + k), 10.6 + k / 100) for k in range(80)]  # 10.6 to 11.39
    candidates = versus.pools(sample, forum)
    warm_up, chosen = versus.choose(candidates, 5, seed=1)
    assert [p.band for p in warm_up] == ["SE 1.5–4", "SE 9+", FORUM_BAND] and warm_up[2].rating >= 11.0
    assert not set(warm_up) & set(chosen)
    assert all(sum(p.band == band for p in chosen) == 5 for band in versus.BANDS)
    assert versus.choose(candidates, 5, seed=1) == (warm_up, chosen)
    assert versus.choose(candidates, 5, seed=2)[1] != chosen
    few = versus.choose(candidates, 1000, seed=1)[1]  # a band smaller than asked: all of it but the warm-up
    assert sum(p.band == "SE 9+" for p in few) == len(candidates["SE 9+"]) - 1


def _record(band: str, **answers: tuple[str, bool, float]) -> dict:
    return {"band": band, "puzzle": _line(0), "rating": 5.0,
            "answers": {name: {"status": s, "guessed": g, "seconds": t} for name, (s, g, t) in answers.items()}}


def test_ratios_are_per_puzzle_over_what_both_solved_with_their_median_and_p90():
    records = [_record("SE 4–6", default=("solved", False, 2.0), larsdoku=("solved", False, 1.0)),
               _record("SE 4–6", default=("solved", True, 4.0), larsdoku=("solved", False, 1.0)),
               _record("SE 4–6", default=("solved", False, 6.0), larsdoku=("solved", False, 3.0)),
               _record("SE 4–6", default=("stuck", False, 9.0), larsdoku=("solved", False, 1.0)),
               _record("SE 4–6", default=("timeout", False, math.inf), larsdoku=("solved", False, 1.0))]
    assert versus.ratios(records, "default", "larsdoku") == [2.0, 4.0, 2.0]
    text = versus.report(records, timeout=120)
    # ratios 2, 2, 4: median 2, p90 at 1.8 of the order statistics: 2 + 0.8 * (4 - 2) = 3.6
    assert "| SE 4–6 | 2.00 / 3.60 (3) |" in text
    # default's times 2, 4, 6, 9, inf: median 6 s, p90 among the timeouts; larsdoku's 1, 1, 1, 1, 3
    assert "| SE 4–6 | 5 | 6.00 s / > 120 s | 1.00 s / 2.20 s |" in text
    assert "| SE 4–6 | 2/5 (1 guessed, 1 stuck, 1 timeout) | 5/5 |" in text


def test_quantiles_reaching_a_timeout_are_infinite():
    assert versus.quantile([1.0, 2.0, math.inf], 50) == 2.0
    assert versus.quantile([1.0, 2.0, math.inf], 90) == math.inf
    assert versus.quantile([1.0, math.inf, math.inf], 50) == math.inf  # both order statistics infinite
    assert math.isnan(versus.quantile([], 50))


def test_paths_are_compared_only_where_the_baseline_solved_without_guessing():
    def answer(status: str, guessed: bool, digest: str) -> dict:
        return {"status": status, "guessed": guessed, "seconds": 1.0, "path_sha256": digest, "steps": 3,
                "hardest": "x_wing", "se": 3.2}

    records = [{"band": "SE 4–6", "puzzle": _line(k), "rating": 4.5,
                "answers": {"default": answer("solved", False, "a"), "baseline": answer(*old)}}
               for k, old in enumerate([("solved", False, "a"), ("solved", False, "b"), ("stuck", False, "c"),
                                        ("solved", True, "d")])]
    found = versus.differences(records)
    assert len(found) == 1 and _line(1) in found[0]
    assert versus.compared(records) == 2
    assert "on the 2 puzzles the baseline solved without guessing: 1 differ:" in versus.full_report(records)


def test_a_worker_past_the_timeout_is_killed_recorded_and_started_warm_again():
    worker = Worker("fake", [sys.executable, "-c", FAKE], timeout=0.5, warm_up=["w1", "w2"])
    worker.start()
    try:
        first_process = worker.process
        assert worker.solve("p1")["seen"] == 3  # after the two warm-up puzzles
        late = worker.solve("slow")
        assert late["status"] == "timeout" and late["seconds"] == math.inf
        assert first_process.poll() is not None and worker.restarts == 1
        assert worker.solve("p2")["seen"] == 3  # a new process, warmed again
    finally:
        worker.stop()


def test_a_warm_up_puzzle_past_the_timeout_is_left_out():
    worker = Worker("fake", [sys.executable, "-c", FAKE], timeout=0.5, warm_up=["slow", "w2"])
    worker.start()
    try:
        assert worker.solve("p1")["seen"] == 2  # a fresh process, warmed with "w2" only
    finally:
        worker.stop()


def test_run_rotates_the_workers_and_keeps_every_answer(tmp_path):
    puzzles = [Puzzle("SE 4–6", "p1", 4.5), Puzzle("SE 9+", "slow", 9.1), Puzzle("SE 9+", "p3", 9.2),
               Puzzle("SE 4–6", "p4", 4.6)]
    fakes = [Worker(name, [sys.executable, "-c", FAKE], timeout=0.5) for name in ("default", "larsdoku")]
    raw = tmp_path / "raw.jsonl"
    records = versus.run(puzzles, fakes, raw, progress=False)
    assert [r["answers"]["default"]["status"] for r in records] == ["solved", "timeout", "solved", "solved"]
    assert [list(r["answers"]) for r in records] == [["default", "larsdoku"]] * 4
    first = [min(r["answers"], key=lambda name: r["answers"][name]["at"]) for r in records if "at" in
             r["answers"]["default"]]
    assert first == ["default", "default", "larsdoku"]  # puzzles 1, 3 and 4: the order turns each puzzle
    assert [fake.restarts for fake in fakes] == [1, 1]
    assert raw.read_text().count("\n") == 4
    versus.main(["--from-raw", str(raw), "--out", str(tmp_path / "bench.md")])
    assert "| SE 9+ | 1/2 (1 timeout) | 1/2 (1 timeout) |" in (tmp_path / "bench.md").read_text()


def test_a_bad_shard_is_refused_in_one_line(capsys):
    assert versus.shard("1/2") == (1, 2)
    with pytest.raises(SystemExit) as stopped:
        versus.main(["--shard", "2/2"])
    assert stopped.value.code == 2
    assert "'2/2' is no shard: give I/N with 0 <= I < N" in capsys.readouterr().err


def test_bands_and_engines_are_chosen_by_name_and_an_unknown_one_is_refused(capsys):
    assert versus.names(versus.BANDS)("SE 9+, ER ≥ 10.6") == ["SE 9+", "ER ≥ 10.6"]
    with pytest.raises(SystemExit) as stopped:
        versus.main(["--engines", "default,larsdok"])
    assert stopped.value.code == 2
    assert "unknown: larsdok; choose among default, SE mode" in capsys.readouterr().err
