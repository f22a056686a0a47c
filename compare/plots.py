"""The report's charts, drawn with matplotlib's object API (no pyplot, no display needed)."""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure


def _save(fig: Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path


def time_ecdf(times: dict[str, list[float]], path: Path) -> Path:
    """Per backend, the share of puzzles solved within a time (log scale); colours follow the dict's order."""
    fig = Figure(figsize=(7, 4.2))
    ax = fig.subplots()
    for colour, (backend, seconds) in enumerate(times.items()):
        ordered = sorted(s * 1000 for s in seconds if s > 0)
        if ordered:
            shares = [(i + 1) / len(ordered) for i in range(len(ordered))]
            ax.step(ordered, shares, where="post", label=backend, color=f"C{colour % 10}")
    ax.set(xscale="log", xlabel="milliseconds per puzzle (build + solve)", ylabel="share of puzzles answered",
           title="Time per puzzle (ECDF)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return _save(fig, path)


def time_vs_rating(points: dict[str, list[tuple[float, float]]], path: Path) -> Path:
    """Time per puzzle against the puzzle's difficulty rating, one colour per backend."""
    fig = Figure(figsize=(7, 4.2))
    ax = fig.subplots()
    for colour, (backend, pairs) in enumerate(points.items()):
        if pairs:
            ax.scatter([r for r, _ in pairs], [s * 1000 for _, s in pairs], s=6, alpha=0.5, label=backend,
                       color=f"C{colour % 10}")
    ax.set(yscale="log", xlabel="difficulty rating (Sudoku Explainer)", ylabel="milliseconds per puzzle",
           title="Time versus difficulty")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, markerscale=2)
    return _save(fig, path)


def agreement_heatmap(matrix: dict[str, dict[str, tuple[int, int]]], path: Path) -> Path:
    """Pairwise agreement: the share of puzzles both answered on which they agree."""
    names = list(matrix)
    shares = [[(a / c * 100 if c else float("nan")) for a, c in (matrix[x][y] for y in names)] for x in names]
    fig = Figure(figsize=(1.2 + 0.7 * len(names), 1 + 0.6 * len(names)))
    ax = fig.subplots()
    image = ax.imshow(shares, vmin=0, vmax=100, cmap="RdYlGn")
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right", fontsize=8)
    ax.set_yticks(range(len(names)), names, fontsize=8)
    for i, row in enumerate(matrix.values()):
        for j, (agreed, compared) in enumerate(row.values()):
            ax.text(j, i, f"{agreed}/{compared}" if compared else "–", ha="center", va="center", fontsize=6)
    ax.set_title("Agreement (agreeing / both answered)")
    fig.colorbar(image, ax=ax, label="% agreeing")
    return _save(fig, path)


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
    ax.legend(fontsize=8)
    return _save(fig, path)
