"""``sudokit graph``: export a pencil-mark state's link graph (GraphML or node-link JSON) for study."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import networkx as nx
import typer

from sudokit.compare.app import app, fail, read_text, reporting_bad_input
from sudokit.models.candidates import Candidates
from sudokit.models.graph import KINDS, exported, graph_view

WRITERS = {".graphml": lambda graph, path: nx.write_graphml(graph, path),
           ".json": lambda graph, path: path.write_text(json.dumps(nx.node_link_data(graph), indent=1) + "\n")}


@app.command()
def graph(
    puzzle: Annotated[str, typer.Argument(help="A puzzle, a pencil-mark grid or candidate line, a file, or -.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Where to write: FILE.graphml or FILE.json (node-link).")],
    kind: Annotated[str, typer.Option("--kind", "-k", help=f"One of: {', '.join(KINDS)}.")] = "aic",
    digit: Annotated[int | None, typer.Option("--digit", "-d", help="The digit (needed by strong and weak).")] = None,
) -> None:
    """Export a link graph: strong or weak links of a digit, bivalue cells, or the AIC candidate graph."""
    if out.suffix not in WRITERS:
        fail(f"{out}: the file name must end in {' or '.join(WRITERS)}")
    with reporting_bad_input():
        found = exported(graph_view(Candidates.parse(read_text(puzzle))), kind, digit)
    WRITERS[out.suffix](found, out)
    typer.echo(f"{kind} graph: {found.number_of_nodes()} nodes, {found.number_of_edges()} edges -> {out}")
