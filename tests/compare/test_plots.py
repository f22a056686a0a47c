"""Charts that never mislead: only answers drawn as times, a style of its own for every series, and
"nothing answered" written where there is nothing to draw. Checked on the figures' data, not pixels."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from sudokit.compare.reports import plots, report
from tests.compare.test_report import PUZZLES, stored_summary


def drawn(monkeypatch) -> list:
    figures: list = []
    monkeypatch.setattr(plots, "_save", lambda fig, path: figures.append(fig) or path)
    return figures


def texts(figure) -> list[str]:
    return [t.get_text() for t in figure.axes[0].texts]


def labels(figure) -> list[str]:
    return [t.get_text() for t in figure.axes[0].get_legend().get_texts()]


def test_the_difficulty_chart_draws_no_stuck_or_timed_out_attempt_and_counts_them(tmp_path, monkeypatch):
    """The report's four backends, each puzzle rated i + 5: `giver-up` (stuck on all six, in 0.1 ms) draws
    no point; `slowpoke`'s timeout (2.1 s) is left out of its six; both say how many are left out."""
    with stored_summary(tmp_path) as summary:
        summary = dataclasses.replace(summary, ratings={("s", i): 5.0 + i for i in range(PUZZLES)})
        figures = drawn(monkeypatch)
        report._time_blocks(summary, tmp_path)
    chart = next(f for f in figures if f.axes[0].get_title() == "Time versus difficulty")
    dots = {c.get_label().split()[0]: [tuple(p) for p in c.get_offsets()] for c in chart.axes[0].collections}
    assert dots["giver-up"] == []
    assert sorted(dots["slowpoke"]) == [(5.0 + i, 500.0) for i in range(1, PUZZLES)]  # no 2,100 ms point
    assert sorted(dots["quick"]) == [(5.0 + i, pytest.approx(1.0 * (i + 1))) for i in range(PUZZLES)]
    assert "giver-up (6 not answered, not drawn)" in labels(chart)
    assert "slowpoke (1 not answered, not drawn)" in labels(chart)
    assert "quick" in labels(chart)


def test_only_answers_are_points_of_the_difficulty_chart():
    drawn_points, left_out = plots.answered_points({
        "a": [(3.0, 0.2, "solved"), (4.0, 0.3, "multiple"), (5.0, 0.4, "unsat"), (6.0, 0.0, "stuck"),
              (7.0, 9.0, "timeout"), (8.0, 0.1, "error")],
        "b": [(6.0, 0.0, "stuck")]})
    assert drawn_points == {"a": [(3.0, 0.2), (4.0, 0.3), (5.0, 0.4)], "b": []}
    assert left_out == {"a": 3, "b": 1}


@pytest.mark.parametrize("chart", ["time_ecdf", "time_vs_rating", "cactus"])
def test_thirteen_series_get_thirteen_colours_and_thirteen_markers_pairs(chart, tmp_path, monkeypatch):
    """The default run's 13 backends: every series differs from every other in (colour, marker)."""
    from matplotlib.colors import to_hex

    figures = drawn(monkeypatch)
    names = [f"backend{i}" for i in range(13)]
    if chart == "time_ecdf":
        plots.time_ecdf({b: [0.001 * (i + 1)] for i, b in enumerate(names)}, dict.fromkeys(names, 1), tmp_path / "c.png")
    elif chart == "cactus":
        plots.cactus({b: [0.001 * (i + 1)] for i, b in enumerate(names)}, "CPU", tmp_path / "c.png")
    else:
        plots.time_vs_rating({b: [(5.0, 0.01, "solved")] for b in names}, "SE", tmp_path / "c.png")
    ax = figures[0].axes[0]
    if chart == "time_vs_rating":
        styles = [(to_hex(dots.get_facecolor()[0]), tuple(dots.get_paths()[0].vertices.round(3).flatten()))
                  for dots in ax.collections]
    else:
        styles = [(to_hex(line.get_color()), line.get_marker()) for line in ax.get_lines()]
    assert len(styles) == 13 and len(set(styles)) == 13, styles
    colours = [colour for colour, _ in styles]
    assert len(set(colours[: len(plots.PALETTE)])) == len(plots.PALETTE)  # the palette first, then markers vary


def test_any_number_of_series_styles_differ_from_their_neighbours_and_the_first_63_pairwise():
    styles = [plots.backend_style(i) for i in range(200)]
    pairs = [(colour, marker) for colour, _, marker in styles]
    assert len(set(pairs[:63])) == 63 and len(set(styles)) == 200
    assert all(a[k] != b[k] for a, b in itertools.pairwise(styles) for k in range(3))


@pytest.mark.parametrize("chart", ["time_ecdf", "cactus", "time_vs_rating"])
def test_an_empty_run_says_nothing_answered_instead_of_an_empty_scale(chart, tmp_path, monkeypatch):
    figures = drawn(monkeypatch)
    if chart == "time_ecdf":
        plots.time_ecdf({"singles": [], "chains": []}, {"singles": 95, "chains": 95}, tmp_path / "c.png")
    elif chart == "cactus":
        plots.cactus({"singles": [], report.VBS: []}, "wall", tmp_path / "c.png", best=report.VBS)
    else:
        plots.time_vs_rating({"singles": [(9.0, 0.0, "stuck")]}, "SE", tmp_path / "c.png")
    ax = figures[0].axes[0]
    assert texts(figures[0]) == [plots.NOTHING_ANSWERED] == ["nothing answered"]
    assert list(ax.get_xticks()) == [] and list(ax.get_yticks()) == []  # no invented -0.04 to 0.04 scale
    assert labels(figures[0])  # the legend still names who ran


def test_a_run_with_answers_draws_scales_and_no_nothing_answered_text(tmp_path, monkeypatch):
    figures = drawn(monkeypatch)
    plots.time_ecdf({"a": [0.01], "b": []}, {"a": 2, "b": 2}, tmp_path / "c.png")
    plots.cactus({"a": [0.01], "b": []}, "wall", tmp_path / "k.png")
    assert [texts(f) for f in figures] == [[], []]
    assert figures[0].axes[0].get_xscale() == "log" and figures[1].axes[0].get_yscale() == "log"
