"""``sudokit graph``: export a pencil-mark state's link graph (GraphML or node-link JSON) for study."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from sudokit.compare.app import (
    FirstOption,
    RangeOption,
    app,
    fail,
    read_states,
    reporting_bad_input,
    selection,
    write_path,
)

FORMATS = (".graphml", ".json")
KINDS = ("strong", "weak", "bivalue", "aic")  # checked against models.graph.KINDS by a test


@app.command()
def graph(
    puzzle: Annotated[str, typer.Argument(help="A puzzle, a pencil-mark grid or candidate line, a file, a set, or -.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Where to write: FILE.graphml or FILE.json (node-link); "
                                      "for several puzzles, FILE-1.graphml, FILE-2.graphml, …")],
    kind: Annotated[str, typer.Option("--kind", "-k", help=f"One of: {', '.join(KINDS)}.")] = "aic",
    digit: Annotated[int | None, typer.Option("--digit", "-d", help="The digit (needed by strong and weak).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object per graph written.")] = False,
    first: FirstOption = None,
    span: RangeOption = None,
) -> None:
    """Export a link graph: strong or weak links of a digit, bivalue cells, or the AIC candidate graph."""
    import networkx as nx

    from sudokit.models.graph import exported, graph_view

    if out.suffix not in FORMATS:
        fail(f"{out}: the file name must end in {' or '.join(FORMATS)}")
    with reporting_bad_input():
        write_path(out)
        starts = read_states(puzzle, selection(first, span))
        graphs = [exported(graph_view(state), kind, digit) for _, state in starts]
    for number, found in enumerate(graphs, 1):
        path = out if len(graphs) == 1 else out.with_name(f"{out.stem}-{number}{out.suffix}")
        try:
            if out.suffix == ".graphml":
                nx.write_graphml(found, path)
            else:
                path.write_text(json.dumps(nx.node_link_data(found), indent=1) + "\n")
        except OSError as err:
            fail(f"{path}: cannot write: {err.strerror or err}")
        row = {"index": number - 1, "kind": kind, "nodes": found.number_of_nodes(),
               "edges": found.number_of_edges(), "out": str(path)}
        typer.echo(json.dumps(row) if as_json else
                   f"{kind} graph: {row['nodes']} nodes, {row['edges']} edges -> {path}")
