"""Pairwise agreement: answers that claim something are compared; rejected answers always disagree."""

from __future__ import annotations

from sudokit.compare.run.agreement import REJECTED, agree, agreement_matrix, disagreements, refuted_answers
from sudokit.compare.run.store import Record

A, B = "1" * 81, "2" * 81


def answer(backend: str, status: str, solution: str | None = None, index: int = 0, message: str = "") -> Record:
    return Record("s", index, "." * 81, backend, status, solution, 1, 0.0, 0.0, message=message)


def test_claims_are_compared_and_silence_is_not_a_claim():
    assert agree(answer("x", "solved", A), answer("y", "solved", A))
    assert not agree(answer("x", "solved", A), answer("y", "solved", B))
    assert not agree(answer("x", "solved", A), answer("y", "unsat"))
    assert agree(answer("x", "multiple", A), answer("y", "multiple", B))
    for silent in ("stuck", "timeout", "error"):
        assert agree(answer("x", "solved", A), answer("y", silent)) is None


def test_disagreements_list_each_puzzle_once_with_every_answer():
    records = [answer("x", "solved", A, 0), answer("y", "unsat", None, 0), answer("z", "timeout", None, 0),
               answer("x", "solved", A, 1), answer("y", "solved", A, 1),
               answer("x", "error", B, 2, REJECTED)]
    found = disagreements(records)
    assert [d.puzzle_index for d in found] == [0, 2]
    assert set(found[0].answers) == {"x", "y", "z"}


def test_the_matrix_counts_agreeing_and_compared_puzzles():
    records = [answer("x", "solved", A, 0), answer("y", "solved", A, 0),
               answer("x", "solved", A, 1), answer("y", "solved", B, 1),
               answer("x", "solved", A, 2), answer("y", "stuck", None, 2)]
    matrix = agreement_matrix(records, ["x", "y"])
    assert matrix["x"]["y"] == matrix["y"]["x"] == (1, 2)
    assert matrix["x"]["x"] == (3, 3)


def test_a_second_valid_grid_refutes_a_false_unique_claim_and_blames_its_maker_alone():
    """Three solutions: two exact backends say multiple with both grids; a plug-in claims one of them unique."""
    records = [answer("bitx", "multiple", A), answer("dlx", "multiple", A), answer("liar", "solved", A)]
    records[0].extra["also_found"] = [B]
    records[1].extra["also_found"] = [B]
    (found,) = disagreements(records)
    assert found.refuted == {"liar"} and found.unsettled == frozenset()
    assert found.reasons == {"liar": "claims the only solution, but bitx returned another that passed the judge"}
    assert refuted_answers([found]) == {("s", 0, "liar")}


def test_a_conflict_no_grid_settles_names_every_side_and_refutes_none():
    records = [answer("bitx", "solved", A), answer("dlx", "solved", A), answer("plug", "multiple")]
    (found,) = disagreements(records)
    assert found.unsettled == {"bitx", "dlx", "plug"} and found.refuted == frozenset()
    assert found.reasons["plug"] == "conflicts with bitx, dlx (not settled by the judge)"
    assert found.reasons["dlx"] == "conflicts with plug (not settled by the judge)"
    assert refuted_answers([found]) == set()


def test_a_rejected_grid_and_a_false_unsat_are_refuted():
    records = [answer("bitx", "solved", A), answer("bad", "error", B, message=REJECTED + ": not a solution"),
               answer("none", "unsat")]
    (found,) = disagreements(records)
    assert found.refuted == {"bad", "none"} and not found.unsettled


def test_with_solution_limit_1_two_different_first_solutions_are_no_conflict():
    """A search stopped at its first solution claims no uniqueness: the harness records it so."""
    from sudokit.compare.run.executors import Outcome, Settings, Task
    from sudokit.compare.run.harness import Plan
    from sudokit.models.grid import Grid
    from sudokit.solvers.base import SolveResult, Status

    empty = Grid.parse("." * 16)
    grids = [Grid.parse("1234341221434321"), Grid.parse("1234342121434312")]  # two solutions of the empty 4x4
    for limit, conflict in ((1, False), (2, True)):
        plan = Plan([], [], Settings(limit=limit))
        records = [plan.record(Outcome(name, Task("s", 0, empty), SolveResult(Status.SOLVED, grid, 1)))
                   for name, grid in zip(("x", "y"), grids)]
        assert agree(*records) is not conflict, limit
