"""Pictures of known steps of each family, read back from the SVG's elements (never compared as images).

Where the engine does not yet fill a step's ``chain``, ``fins`` or ``als``, the step is the engine's
own (its conclusions, cells and units) completed by hand from its notation; each hand-made link is
checked to be a real strong or weak link of the state, and every conclusion against the solution.
"""

from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import replace

import pytest

from sudokit.compare.bench.human import truth
from sudokit.compare.reports.pictures import path_states, start_of, step_only, step_picture
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.graph import AlsNode, CellNode, GroupNode
from sudokit.models.grid import Grid, geometry
from sudokit.solvers.human.engine import PRESETS, solve_logically
from sudokit.solvers.human.steps import ChainLink, ChainNode, Step
from sudokit.solvers.human.techniques.forcing import forcing_net_contradiction
from sudokit.solvers.human.view import View
from tests import svg_reader as svg
from tests.solvers.human.chain_cases import BEFORE, GRAPH_BASED, NEEDS

FISHY = load_set("hardest").puzzles[10].grid  # its solve meets a pointing pair first, and a finned X-Wing


def found_in_solve(puzzle: Grid, name: str, techniques=PRESETS["full"]) -> tuple[Candidates, Step]:
    """The first step of technique ``name`` in the engine's solve of ``puzzle``, with its state."""
    start = Candidates.from_grid(puzzle)
    return next((s, step) for s, step in path_states(start, solve_logically(puzzle, techniques).steps)
                if step.technique == name)


def node(text: str, kind: str = "", als: tuple[int, ...] = ()) -> ChainNode:
    """``9r8c78`` -> the digit 9 in r8c7 and r8c8 (a group when several cells, unless ``kind`` says;
    an ALS node's set is ``als``, or its cells)."""
    digit, rows, cols = re.fullmatch(r"(\d)r(\d+)c(\d+)", text).groups()
    cells = tuple((int(r) - 1) * 9 + int(c) - 1 for r in rows for c in cols)
    if kind == "als":
        return AlsNode(cells, int(digit), als or cells)
    return GroupNode(cells, int(digit)) if len(cells) > 1 else CellNode(cells[0], int(digit))


def chain(*links: tuple[str, str, str]) -> tuple[ChainLink, ...]:
    """Links written ``("9r4c6", "=", "8r4c6")`` (``=`` strong, ``-`` weak); ``@`` before a node: an ALS node."""
    def read(text):
        return node(text[1:], "als") if text.startswith("@") else node(text)

    return tuple(ChainLink(read(a), read(b), kind == "=") for a, kind, b in links)


# ---------------------------------------------------------------------------- checks of the test data


def is_weak(state: Candidates, a: ChainNode, b: ChainNode) -> bool:
    """Not both true: two digits of one cell, or one digit in cells that all see each other."""
    if a.digit != b.digit:
        return a.cells == b.cells and len(a.cells) == 1
    geo = state.geometry
    return all(x != y and geo.sees(x, y) for x in a.cells for y in b.cells)


def is_strong(state: Candidates, a: ChainNode, b: ChainNode, als: tuple[tuple[int, ...], ...]) -> bool:
    """One of the two true: a bivalue cell, a digit's only places in a unit, or an ALS left without one digit."""
    if a.kind == b.kind == "als":
        return any(set(a.cells) | set(b.cells) <= set(s) and _is_als(state, s) for s in als)
    if a.digit != b.digit:
        return a.cells == b.cells and len(a.cells) == 1 and set(state.digits(a.cells[0])) == {a.digit, b.digit}
    both = set(a.cells) | set(b.cells)
    return not set(a.cells) & set(b.cells) and any(
        both <= set(unit) and {c for c in unit if state.has(c, a.digit)} == both for unit in state.geometry.units)


def check_net(state: Candidates, premise: tuple[int, int, bool], links) -> set[tuple[int, int, bool]]:
    """A net's literals follow from its premise: by singles alone (a candidate set removes its cell's
    others and its peers'; a cell's last candidate, or a digit's last place in a unit, is set), the
    premise leads to every link's target (set for a strong link, removed for a weak one). Returns
    every literal (cell, digit, set) the premise leads to."""
    geo = state.geometry
    reached = {premise}
    queue = deque([premise])  # breadth first: the shortest derivations come first, before any clash
    while queue:
        cell, digit, on = queue.popleft()
        if on:
            implied = [(cell, d, False) for d in state.digits(cell) if d != digit]
            implied += [(p, digit, False) for p in geo.peers[cell] if state.has(p, digit)]
        else:
            left = [d for d in state.digits(cell) if (cell, d, False) not in reached]
            implied = [(cell, left[0], True)] if len(left) == 1 else []
            for unit in geo.cell_units[cell]:
                places = [c for c in geo.units[unit] if state.has(c, digit) and (c, digit, False) not in reached]
                implied += [(places[0], digit, True)] if len(places) == 1 else []
        for literal in implied:
            if literal not in reached:
                reached.add(literal)
                queue.append(literal)
    for link in links:
        (b,) = link.target.cells
        assert (b, link.target.digit, link.strong) in reached, link
    return reached


def _is_als(state: Candidates, cells) -> bool:
    return len({d for c in cells for d in state.digits(c)}) == len(cells) + 1


def check_real(state: Candidates, step: Step, solution: Grid, premise: tuple[int, int, bool] | None = None) -> None:
    """The hand-made parts are the state's: every node's candidates, every link, every conclusion.

    A net's links (after its ``premise``) are checked in the state its earlier conclusions make.
    """
    for link in step.chain:
        for n in (link.source, link.target):
            assert all(state.has(c, n.digit) for c in n.cells), n
    if premise is not None:
        check_net(state, premise, step.chain)
    for link in step.chain:
        real = is_strong(state, link.source, link.target, step.als) if link.strong else is_weak(
            state, link.source, link.target)
        assert real or (premise and link.strong), link  # a net's strong links hold in the state it makes
    for cells in step.als:
        assert _is_als(state, cells)
    assert all(solution[c] != d for c, d in step.eliminations)
    assert all(solution[c] == d for c, d in step.placements)


# ---------------------------------------------------------------------------- the steps


def pointing_pair():
    state, step = found_in_solve(FISHY, "locked_candidates_pointing")
    return state, step, FISHY


def finned_x_wing():
    state, step = found_in_solve(FISHY, "finned_x_wing")
    assert step.explanation == "Finned X-Wing: 7 c1,c8 r3,r5 fr4c8 fr6c8 => r5c9<>7"
    return state, replace(step, fins=(node("7r4c8").cells[0], node("7r6c8").cells[0])), FISHY


def chain_step(name: str, explanation: str, *links: tuple[str, str, str]):
    """The first ``name`` step in the solve of its puzzle in NEEDS, checked to read ``explanation``,
    completed with the chain ``links`` (written as for ``chain``)."""
    puzzle = Grid.parse(NEEDS[name])
    state, step = found_in_solve(puzzle, name, BEFORE + GRAPH_BASED)
    assert step.explanation == explanation
    return state, replace(step, chain=chain(*links)), puzzle


def xy_chain():
    return chain_step(
        "xy_chain", "XY-Chain: 9- r4c6 -8- r3c6 -7- r2c5 -8- r8c5 -9 => r4c5<>9, r9c6<>9",
        ("9r4c6", "=", "8r4c6"), ("8r4c6", "-", "8r3c6"), ("8r3c6", "=", "7r3c6"), ("7r3c6", "-", "7r2c5"),
        ("7r2c5", "=", "8r2c5"), ("8r2c5", "-", "8r8c5"), ("8r8c5", "=", "9r8c5"))


def grouped_aic():
    return chain_step(
        "grouped_aic",
        "Grouped AIC: 9- r8c2 =9= r8c78 -9- r7c8 -7- r7c7 =7= r6c7 =9= r6c12 -9 => r4c2<>9, r5c2<>9",
        ("9r8c2", "=", "9r8c78"), ("9r8c78", "-", "9r7c8"), ("9r7c8", "=", "7r7c8"), ("7r7c8", "-", "7r7c7"),
        ("7r7c7", "=", "7r6c7"), ("7r6c7", "-", "9r6c7"), ("9r6c7", "=", "9r6c12"))


def als_loop():
    puzzle = Grid.parse(NEEDS["grouped_discontinuous_nice_loop"])
    state, step = found_in_solve(puzzle, "grouped_discontinuous_nice_loop", BEFORE + GRAPH_BASED)
    assert step.explanation == "Grouped Discontinuous Nice Loop: r6c6 -6- r4c4 -9- (9=6)r134c6 -6- r6c6 => r6c6<>6"
    als = node("9r134c6").cells
    nine = node("9r4c6", "als", als)  # of the set's cells, only r4c6 holds 9 (checked by check_real)
    six = AlsNode(tuple(c for c in als if state.has(c, 6)), 6, als)
    links = (ChainLink(node("6r6c6"), node("6r4c4"), False), ChainLink(node("6r4c4"), node("9r4c4"), True),
             ChainLink(node("9r4c4"), nine, False), ChainLink(nine, six, True), ChainLink(six, node("6r6c6"), False))
    return state, replace(step, chain=links, als=(als,)), puzzle


def forcing_net():
    puzzle = Grid.parse(".7..96.....352.68...6..47.248.....2..........51..............7.....3.5.9168.....3")
    state = solve_logically(puzzle, PRESETS["basic"]).state
    step = next(forcing_net_contradiction(View.of(state)))
    assert step.explanation.endswith("(1)r8c8 = (1)r5c8 - (1)r4c7 = (1-3)r4c6; "
                                     "(1=6)r8c8 - (6=3)r6c8 - (3)r4c7 => r8c8=1")
    links = chain(("1r8c8", "=", "1r5c8"), ("1r5c8", "-", "1r4c7"), ("1r4c7", "=", "1r4c6"), ("1r4c6", "-", "3r4c6"),
                  ("1r8c8", "=", "6r8c8"), ("6r8c8", "-", "6r6c8"), ("6r6c8", "=", "3r6c8"), ("3r6c8", "-", "3r4c7"))
    reached = check_net(state, (70, 1, False), links)  # r8c8<>1 ...
    assert all((c, 3, False) in reached for c in state.geometry.units[0 + 3] if state.has(c, 3))  # ... no 3 in r4
    return state, replace(step, chain=links), puzzle


FAMILIES = [pointing_pair, finned_x_wing, xy_chain, grouped_aic, als_loop, forcing_net]


@pytest.fixture(scope="module", params=FAMILIES, ids=[f.__name__ for f in FAMILIES])
def drawn(request):
    state, step, puzzle = request.param()
    check_real(state, step, truth(puzzle), (70, 1, False) if step.technique.startswith("forcing") else None)
    root = svg.parse(step_picture(state, step, puzzle).svg())
    return state, step, root, svg.Board.read(root)


def test_the_picture_is_titled_with_the_explanation(drawn):
    _, step, root, _ = drawn
    assert root.find(f"{svg.SVG}title").text == step.explanation


def test_the_justifying_cells_and_units_are_shaded(drawn):
    _, step, root, board = drawn
    assert svg.shaded_cells(root, board, "cells") == set(step.cells)
    units = [board.cells_in_rect(r) for g in svg.groups(root, "units") for r in svg.children(g, "rect")]
    assert sorted(map(sorted, units)) == sorted(sorted(geometry(9).units[u]) for u in step.units)


def test_the_conclusions_are_struck_or_ringed(drawn):
    _, step, root, board = drawn
    assert svg.struck(root, board) == set(step.eliminations)
    assert svg.ringed(root, board, "placement") == set(step.placements)


def test_fins_and_almost_locked_sets_are_hatched_in_their_own_colours(drawn):
    _, step, root, board = drawn
    assert svg.shaded_cells(root, board, "fins") == set(step.fins)
    assert svg.shaded_cells(root, board, "fin-hatch") == set(step.fins)
    assert svg.als_sets(root, board) == {str(n): set(cells) for n, cells in enumerate(step.als, 1)}
    hatched = root.find(f".//{svg.SVG}pattern") is not None  # a fin is told from a pattern cell without colour
    assert hatched == bool(step.fins or step.als)


def test_one_arrow_per_link_from_its_source_to_its_target_solid_or_dashed(drawn):
    _, step, root, board = drawn
    drawn_arrows = svg.arrows(root)
    assert len(drawn_arrows) == len(step.chain)
    for arrow, link in zip(drawn_arrows, step.chain):
        assert arrow.strong == link.strong and arrow.dashed == (not link.strong)
        assert _near(board, arrow.start, link.source) and _near(board, arrow.tip, link.target)


def _near(board: svg.Board, point, node: ChainNode) -> bool:
    """Whether a point lies on the edge of a node's drawing: within a slot of the box around its candidates."""
    slots = [board.slot_centre(c, node.digit) for c in node.cells]
    xs, ys = [x for x, _ in slots], [y for _, y in slots]
    reach = board.cell / board.box * 0.75
    return min(xs) - reach <= point[0] <= max(xs) + reach and min(ys) - reach <= point[1] <= max(ys) + reach and (
        len(slots) > 1 or math.dist(point, slots[0]) > reach / 3)  # one candidate: the arrow starts on its rim


def test_grouped_and_als_nodes_are_each_one_box(drawn):
    _, step, root, board = drawn
    wide = {n for link in step.chain for n in (link.source, link.target) if n.kind != "cell"}
    boxes = [r for g in svg.groups(root, "nodes") for r in svg.children(g, "rect")]
    assert len(boxes) == len(wide)
    for n in wide:
        (box,) = [b for b in boxes if all(_inside(b, board.slot_centre(c, n.digit)) for c in n.cells)
                  and b.get("data-kind") == n.kind]
        assert (box.get("stroke-dasharray") is not None) == (n.kind == "als")


def _inside(rect, point) -> bool:
    x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def test_chain_candidates_are_ringed_and_show_without_pencil_marks():
    state, step, puzzle = xy_chain()
    root = svg.parse(step_picture(state, step, puzzle, marks=False).svg())
    board = svg.Board.read(root)
    ends = {(c, link_node.digit) for link in step.chain for link_node in (link.source, link.target) for c in link_node.cells}
    assert svg.ringed(root, board, "node") == ends
    assert svg.struck(root, board) == set(step.eliminations)
    assert not svg.groups(root, "marks")


def test_real_engine_steps_draw_what_the_engine_fills():
    """Every step of a real solve: its placements ringed, eliminations struck, cells and units shaded."""
    result = solve_logically(FISHY)
    for state, step in list(path_states(start_of(result), result.steps))[:15]:
        root = svg.parse(step_picture(state, step, FISHY).svg())
        board = svg.Board.read(root)
        assert svg.struck(root, board) == set(step.eliminations), step.explanation
        assert svg.ringed(root, board, "placement") == set(step.placements), step.explanation
        assert svg.shaded_cells(root, board, "cells") == set(step.cells), step.explanation


def test_start_of_a_result_gives_back_the_puzzle():
    result = solve_logically(FISHY)
    assert start_of(result).to_grid() == FISHY


def test_a_step_alone_is_drawn_on_an_empty_grid():
    _, step, _ = xy_chain()
    root = svg.parse(step_only(step).svg())
    board = svg.Board.read(root)
    assert svg.struck(root, board) == set(step.eliminations) and len(svg.arrows(root)) == len(step.chain)
    assert not [t for g in svg.groups(root, "givens") for t in svg.children(g, "text")]
