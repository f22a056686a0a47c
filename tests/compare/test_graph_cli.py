"""``sudokit graph``: the files it writes read back as the graphs of the pencil marks; bad input exits 2."""

from __future__ import annotations

import json

import networkx as nx
import pytest
from typer.testing import CliRunner

from sudokit.compare.cli import app
from sudokit.models.candidates import Candidates

runner = CliRunner()
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
STATE = Candidates.parse(PUZZLE)


def test_graphml_of_the_candidate_link_graph(tmp_path):
    out = tmp_path / "links.graphml"
    result = runner.invoke(app, ["graph", PUZZLE, "--out", str(out)])
    assert result.exit_code == 0, result.output
    graph = nx.read_graphml(out)
    assert graph.number_of_nodes() == sum(len(STATE.digits(c)) for c in range(81))
    assert graph.nodes["r1c2:1"] == {"cells": "r1c2", "digit": 1}  # r1c2 holds 1 (its peers do not)
    assert f"{graph.number_of_nodes()} nodes" in result.output


def test_json_of_a_digits_strong_links(tmp_path):
    out = tmp_path / "strong.json"
    result = runner.invoke(app, ["graph", PUZZLE, "--kind", "strong", "--digit", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    graph = nx.node_link_graph(json.loads(out.read_text()))
    # the units where 4 has exactly two places, read off the pencil marks
    pairs = {frozenset(cells) for unit in range(27) if len(cells := STATE.places(unit).get(4, [])) == 2}
    names = {frozenset(f"r{c // 9 + 1}c{c % 9 + 1}" for c in pair) for pair in pairs}
    assert {frozenset(e) for e in graph.edges} == names


@pytest.mark.parametrize("args", [
    ["--kind", "strong"],  # a digit's graph without the digit
    ["--kind", "cycles"],
    ["--digit", "0"],
])
def test_bad_options_exit_2_and_write_nothing(tmp_path, args):
    out = tmp_path / "g.json"
    result = runner.invoke(app, ["graph", PUZZLE, "--out", str(out), *args])
    assert result.exit_code == 2 and "error" in result.output and not out.exists()


def test_a_bad_puzzle_or_file_name_exits_2(tmp_path):
    assert runner.invoke(app, ["graph", "12345", "--out", str(tmp_path / "g.json")]).exit_code == 2
    assert runner.invoke(app, ["graph", PUZZLE, "--out", str(tmp_path / "g.txt")]).exit_code == 2
