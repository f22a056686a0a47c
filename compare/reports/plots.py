"""The report's charts, drawn with matplotlib's object API (no pyplot, no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from sudokit.compare.reports.stats import ANSWERS, percent


def _save(fig: Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path


# Paul Tol's "muted" scheme: nine colours told apart with every common colour-vision deficiency
PALETTE = ("#332288", "#CC6677", "#117733", "#88CCEE", "#882255", "#44AA99", "#999933", "#AA4499", "#DDCC77")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")  # as many as no palette size divides: see backend_style
LINES = ("-", "--", ":", "-.")
NOTHING_ANSWERED = "nothing answered"


def backend_style(index: int) -> tuple[str, str, str]:
    """The colour, line style and marker of the ``index``-th backend of a chart. Colours, markers and line
    styles each cycle on their own; their counts (9, 7, 4) share no factor, so the first 63 backends differ
    in colour-and-marker (dots) and the first 252 in all three (lines), each from its neighbours in all.

    >>> backend_style(0), backend_style(9), backend_style(10)
    (('#332288', '-', 'o'), ('#332288', '--', '^'), ('#CC6677', ':', 'D'))
    """
    return PALETTE[index % len(PALETTE)], LINES[index % len(LINES)], MARKERS[index % len(MARKERS)]


def _say_nothing(ax, what: str = NOTHING_ANSWERED) -> None:
    """Write ``what`` across an axes that has no data to show, its ticks hidden (no invented scale)."""
    ax.text(0.5, 0.5, what, transform=ax.transAxes, ha="center", va="center", fontsize=12, color="dimgrey")
    ax.set_xticks([])
    ax.set_yticks([])


def _legend_outside(ax) -> None:
    """The legend to the right of the axes, where it can never cover data."""
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, frameon=False)


def _plain_log(axis, low: float, high: float) -> None:
    """A log axis labelled with plain numbers (100, not 10²); over less than two decades the 2s and 5s
    between the powers of ten are labelled too (matplotlib's own minor labels run into each other)."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    plain = FuncFormatter(lambda value, _: f"{value:g}")
    axis.set_major_formatter(plain)
    axis.set_minor_locator(LogLocator(subs=(2.0, 5.0)))
    axis.set_minor_formatter(plain if high / max(low, 1e-12) < 100 else NullFormatter())


def _finished(fig, ax, drawn: bool, log: str, *, path: Path, **labels) -> Path:
    """The chart saved: its ``log`` axis ("x" or "y") on a plain-labelled log scale, ``labels`` set and a
    grid where something was drawn, else "nothing answered" across it; the legend outside."""
    if drawn:
        ax.set(**{f"{log}scale": "log"}, **labels)
        axis = ax.xaxis if log == "x" else ax.yaxis
        _plain_log(axis, *(ax.get_xlim() if log == "x" else ax.get_ylim()))
        ax.grid(alpha=0.3)
    else:
        _say_nothing(ax)
    _legend_outside(ax)
    return _save(fig, path)


def time_ecdf(answered: dict[str, list[float]], attempted: dict[str, int], path: Path) -> Path:
    """Per backend, the share of the puzzles it attempted that it answered within a time (log scale).

    A curve ends at the share actually answered: a backend that answered nothing draws no curve, and
    when no backend answered anything the figure says so instead of drawing an empty scale.
    """
    fig = Figure(figsize=(8, 4.2))
    ax = fig.subplots()
    for index, (backend, seconds) in enumerate(answered.items()):
        ordered = sorted(max(s, 1e-6) * 1000 for s in seconds)
        label = f"{backend} ({percent(len(ordered), attempted[backend])} answered)"
        colour, line, marker = backend_style(index)
        style: dict[str, Any] = {"label": label, "color": colour, "linestyle": line, "marker": marker, "markersize": 4}
        if ordered:
            shares = [(i + 1) / attempted[backend] for i in range(len(ordered))]
            ax.step(ordered, shares, where="post", markevery=0.1, **style)
        else:
            ax.plot([], [], **style)
    ax.set(title="Time per puzzle (ECDF)")
    return _finished(fig, ax, any(answered.values()), "x", ylim=(0, 1.02), xlabel="milliseconds per puzzle (build + solve)",
                     ylabel="share of attempted puzzles answered", path=path)


def answered_points(points: dict[str, list[tuple[float, float, str]]]
                    ) -> tuple[dict[str, list[tuple[float, float]]], dict[str, int]]:
    """Split each backend's (rating, seconds, status) triples into the (rating, seconds) of its answers
    and the count of the rest: a stuck, timed-out or failed attempt's seconds are no time to an answer.

    >>> answered_points({"a": [(5.0, 0.1, "solved"), (9.0, 0.0, "stuck"), (7.0, 2.0, "timeout")]})
    ({'a': [(5.0, 0.1)]}, {'a': 2})
    """
    drawn = {b: [(r, s) for r, s, status in triples if status in ANSWERS] for b, triples in points.items()}
    return drawn, {b: len(points[b]) - len(drawn[b]) for b in points}


def time_vs_rating(points: dict[str, list[tuple[float, float, str]]], rating: str, path: Path) -> Path:
    """Time per puzzle against the puzzle's difficulty rating (``rating`` names which), a style per backend
    (the same as in ``time_ecdf``: the charts share their backends' order). ``points`` holds each attempt's
    (rating, seconds, status); only answers are drawn, and each legend entry counts the attempts left out."""
    fig = Figure(figsize=(8, 4.2))
    ax = fig.subplots()
    drawn, left_out = answered_points(points)
    for index, (backend, pairs) in enumerate(drawn.items()):
        colour, _, marker = backend_style(index)
        label = backend + (f" ({left_out[backend]} not answered, not drawn)" if left_out[backend] else "")
        ax.scatter([r for r, _ in pairs], [max(s, 1e-6) * 1000 for _, s in pairs], s=9, alpha=0.6,
                   label=label, color=colour, marker=marker)
    ax.set(title="Time versus difficulty")
    return _finished(fig, ax, any(drawn.values()), "y", xlabel=rating, ylabel="milliseconds per answered puzzle",
                     path=path)


def ladder_chart(rungs: list[tuple[str, float]], path: Path) -> Path:
    """The technique ladder: share of puzzles solved without guessing per cumulative technique set."""
    fig = Figure(figsize=(7, 0.9 + 0.45 * len(rungs)))
    ax = fig.subplots()
    labels, percents = [label for label, _ in rungs][::-1], [p for _, p in rungs][::-1]
    ax.barh(labels, percents, color="tab:blue")
    for y, p in enumerate(percents):
        ax.text(p + 1, y, f"{p:.1f} %", va="center", fontsize=8)
    ax.set(xlim=(0, 110), xlabel="% of puzzles solved without guessing", title="Technique ladder")
    return _save(fig, path)


def technique_chart(usage: list[tuple[str, int, int]], path: Path) -> Path:
    """Per technique: puzzles whose path used it, and puzzles where it was the hardest."""
    fig = Figure(figsize=(7, 0.9 + 0.3 * len(usage)))
    ax = fig.subplots()
    names = [t for t, _, _ in usage][::-1]
    ax.barh(names, [u for _, u, _ in usage][::-1], color="tab:blue", label="used")
    ax.barh(names, [h for _, _, h in usage][::-1], color="tab:orange", label="hardest")
    ax.set(xlabel="puzzles", title="Technique frequency")
    ax.tick_params(axis="y", labelsize=8)
    _legend_outside(ax)
    return _save(fig, path)


def cactus(solved: dict[str, list[float]], measure: str, path: Path, best: str | None = None) -> Path:
    """Puzzles answered (x) against the time each took, in order (y, log scale): one line per backend,
    as solver competitions draw it; ``best`` names the virtual best's line, drawn black and dashed.
    With nothing answered the figure says so (no scale around no data)."""
    fig = Figure(figsize=(8, 4.2))
    ax = fig.subplots()
    index = 0
    for name, seconds in solved.items():
        ordered = sorted(max(s, 1e-6) for s in seconds)
        if name == best:
            ax.plot(range(1, len(ordered) + 1), ordered, label=f"{name} ({len(ordered)})", color="black",
                    linestyle="--", linewidth=1.2)
            continue
        colour, line, marker = backend_style(index)
        index += 1
        ax.plot(range(1, len(ordered) + 1), ordered, label=f"{name} ({len(ordered)})", color=colour, linestyle=line,
                marker=marker, markersize=4, markevery=0.1)
    ax.set(title=f"Cactus plot ({measure} time)")
    if any(solved.values()):
        ax.set(yscale="log", xlabel="puzzles answered", ylabel=f"{measure} seconds per puzzle")
        ax.grid(alpha=0.3)
    else:
        _say_nothing(ax)
    _legend_outside(ax)
    return _save(fig, path)


def scatter(pairs: list[tuple[float, float]], names: tuple[str, str], limit: float, measure: str, path: Path) -> Path:
    """One point per puzzle: backend A's time (x) against B's (y), log-log, the diagonal drawn; a puzzle
    a backend did not answer sits on the border at ``limit`` (the timeout, or past the longest time)."""
    fig = Figure(figsize=(5.2, 5))
    ax = fig.subplots()
    floor = min([v for pair in pairs for v in pair if v > 0] or [1e-6]) / 1.5
    xs = [min(max(a, floor), limit) for a, _ in pairs]
    ys = [min(max(b, floor), limit) for _, b in pairs]
    ax.scatter(xs, ys, s=8, alpha=0.6, color="C0", label=f"{len(pairs)} puzzles")
    ax.plot([floor, limit], [floor, limit], color="grey", linewidth=0.8, label="equal time")
    ax.axhline(limit, color="red", linewidth=0.6, linestyle=":", label="not answered")
    ax.axvline(limit, color="red", linewidth=0.6, linestyle=":")
    ax.set(xscale="log", yscale="log", xlim=(floor, limit * 1.5), ylim=(floor, limit * 1.5),
           xlabel=f"{names[0]}: {measure} seconds", ylabel=f"{names[1]}: {measure} seconds",
           title=f"{names[0]} against {names[1]}")
    ax.set_aspect("equal")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    return _save(fig, path)
