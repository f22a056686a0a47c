"""The SE speed benchmark's summary (``compare.bench.se_speed``): its figures worked out by hand."""

from __future__ import annotations

import pytest

from sudokit.compare.bench.se_speed import Timed, main, report


def test_a_groups_figures_and_the_paths_that_differ():
    timed = [Timed("hard", "a", 1.0, 1.0, True, 11.0), Timed("hard", "b", 2.0, 1.0, True, 11.0),
             Timed("hard", "c", 4.0, 1.0, False, 11.0), Timed("easy", "d", 0.5, 1.0, True, 2.0)]
    text = report(timed)
    # old 1, 2, 4 s: median 2, p90 and max 4; new 1 s each; medians 1/2; per puzzle 1, 0.5, 0.25
    assert "| hard | 3 | 2.00 | 4.00 | 4.00 | 1.00 | 1.00 | 1.00 | 0.500 | 0.500 | 1.000 |" in text
    assert "| easy | 1 | 0.50 | 0.50 | 0.50 | 1.00 | 1.00 | 1.00 | 2.000 | 2.000 | 2.000 |" in text
    assert "Paths identical on 3 of 4 puzzles." in text
    assert "- differs: c (hard)" in text


def test_a_root_that_is_no_checkout_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--old", str(tmp_path), "--hardest", "1", "--per-band", "0"])
    assert stopped.value.code == 2
    assert f"--old {tmp_path}: not a checkout of sudokit" in capsys.readouterr().err


def test_bands_can_be_chosen(tmp_path):
    from sudokit.compare.bench.se_speed import by_band

    sample = tmp_path / "se_rated"
    sample.mkdir()
    rows = [("1" * 81, 2.0), ("2" * 81, 3.9), ("3" * 81, 4.0), ("4" * 81, 9.5)]
    (sample / "se_rated_dev.csv").write_text("puzzle,se_rating\n" + "".join(f"{p},{er}\n" for p, er in rows))
    easy = by_band(tmp_path, 5, 1, ((1.0, 4.0),))
    assert sorted(p for _, p in easy) == ["1" * 81, "2" * 81]  # 4.0 is the next band's
    assert {group for group, _ in easy} == {"ER 1.0-4.0"}
    assert [p for _, p in by_band(tmp_path, 1, 1) if p[0] in "34"] == ["3" * 81, "4" * 81]
