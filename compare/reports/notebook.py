"""sudokit in a notebook: a stored run as a pandas DataFrame, and pictures of steps and solves.

``Grid`` and ``Candidates`` draw themselves in Jupyter (their ``_repr_svg_``). Steps and human
solve results are drawn once this module is imported in a running IPython kernel (or loaded with
``%load_ext sudokit.compare.reports.notebook``): it registers their picture with IPython's display formatters.

    from sudokit.compare.reports.notebook import load_run
    runs = load_run("my-study", "results/sudokit.sqlite")   # one row per (puzzle, backend)
    runs.groupby("backend")["seconds"].median()

pandas is the optional extra ``sudokit[notebook]``.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sudokit.compare.reports.export import EXPORTED, exported_row
from sudokit.compare.run.store import DEFAULT_DB, Store
from sudokit.models.errors import UserError

if TYPE_CHECKING:
    import pandas

    from sudokit.solvers.human.engine import HumanResult


def load_run(name: str, db: str | Path = DEFAULT_DB) -> pandas.DataFrame:
    """A stored run as a DataFrame: one row per record, the backend's own figures as columns.

    Columns: the record's (``set_name``, ``puzzle_index``, ``puzzle``, ``backend``, ``status``, ``solution``, and
    ``partial``: the grid a ``stuck`` backend reached, …),
    ``seconds`` (build + solve), then each key of the record's ``extra`` (a human record's rating under
    its owner's names: ``se_rating`` only in SE mode, ``hodoku_level`` in HoDoKu mode, ``engine_rating``
    on the engine's path; ``techniques``, …; ``extra_``-prefixed where it repeats a record column) and the puzzle's own
    fields from its file as ``puzzle_``-prefixed columns. The run's configuration, environment and
    sets are in ``DataFrame.attrs``.
    """
    try:
        import pandas
    except ImportError:
        raise UserError("load_run needs pandas: pip install 'sudokit[notebook]'") from None
    with Store.open(db, create=False) as store:
        run = store.run(name)
        records = store.records(run)
        meta = store.puzzle_meta(run)
    rows = []
    for r in records:
        row: dict[str, Any] = {k: v for k, v in exported_row(r).items() if k != "extra"}  # stuck: ``partial``
        row["seconds"] = r.seconds
        row.update({(f"extra_{k}" if k in row else k): v for k, v in r.extra.items()})
        row.update({f"puzzle_{k}": v for k, v in meta.get((r.set_name, r.puzzle_index), {}).items()})
        rows.append(row)
    frame = pandas.DataFrame(rows, columns=None if rows else [c for c in EXPORTED if c != "extra"] + ["seconds"])
    frame.attrs.update(run=run.name, config=run.config, environment=run.environment, sets=run.sets)
    return frame


def result_html(result: HumanResult) -> str:
    """A human solve for a notebook: how it ended, its hardest step drawn, the final grid, every step."""
    from sudokit.compare.reports.pictures import path_states, start_of, step_picture
    from sudokit.models.picture import draw
    from sudokit.solvers.human.rating import se_rating

    start = start_of(result)
    givens = start.to_grid()
    rating = result.rating
    parts = [f"<p><b>{result.status}</b> in {len(result.steps)} steps; {rating.figures()}</p>"]
    states = list(path_states(start, result.steps))
    if states:
        number = max(range(len(states)), key=lambda i: (se_rating(states[i][1]), -i))
        state, step = states[number]
        parts.append(f"<p>Hardest, step {number + 1}: <code>{html.escape(step.explanation)}</code></p>"
                     f"<div style='display:flex;gap:1em;flex-wrap:wrap'>{step_picture(state, step, givens).svg()}"
                     f"{draw(result.state, givens=givens, title='final grid').svg()}</div>")
    items = "".join(f"<li><code>{html.escape(s.explanation)}</code></li>" for s in result.steps)
    parts.append(f"<details><summary>every step</summary><ol>{items}</ol></details>")
    return "".join(parts)


def step_svg(step) -> str:
    """A step on its own (its state is not known): the cells and candidates it names on an empty grid."""
    from sudokit.compare.reports.pictures import step_only

    return step_only(step).svg()


def load_ipython_extension(ipython) -> None:
    """Register the pictures of steps and human solve results with IPython's display formatters."""
    formatters = ipython.display_formatter.formatters
    formatters["image/svg+xml"].for_type_by_name("sudokit.solvers.human.steps", "Step", step_svg)
    formatters["text/html"].for_type_by_name("sudokit.solvers.human.engine", "HumanResult", result_html)


def _register_in_running_kernel() -> None:
    try:
        from IPython import get_ipython
    except ImportError:
        return
    if (ipython := get_ipython()) is not None:
        load_ipython_extension(ipython)


_register_in_running_kernel()
