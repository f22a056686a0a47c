"""The site's generated parts that explain themselves: the backend table from the registry, each gallery
drawing's explanation on the page, and no drawn example whose text claims more than its drawing shows."""

from __future__ import annotations

from sudokit.solvers.registry import BACKENDS, get_backend
from tests.test_docs import DOCS, _hook, gallery

backends = _hook("backends")


def table_rows() -> dict[str, list[str]]:
    lines = [line for line in backends.backend_table().splitlines() if line.startswith("| `")]
    rows = [line.strip("|").split(" | ") for line in lines]
    return {cells[0].strip().strip("`"): [c.strip() for c in cells] for cells in rows}


def test_the_backend_table_has_every_backend_and_every_family_member():
    rows = table_rows()
    members = [m for b in BACKENDS.values() for m in (b.members or (b.name,))]
    assert list(rows) == members
    assert {"human-se", "human-hodoku", "cpmpy:solver=choco", "minizinc:solver=gecode", "dimacs:solver=cadical"} <= set(rows)


def test_each_row_says_its_extra_and_what_it_needs():
    rows = table_rows()
    assert rows["cpsat"][2] == "`sudokit[cpsat]`" and rows["cpsat"][3] == "`ortools`"
    assert rows["dlx"][2] == "core" and rows["dlx"][3] == "–"
    assert rows["cpmpy:solver=choco"][3] == "`cpmpy`, `pychoco`"  # the member's own package, not the family's
    assert rows["cpmpy:solver=choco"][2] == f"`sudokit[{get_backend('cpmpy:solver=choco').extra}]`"
    assert rows["dimacs:solver=minisat"][3] == "the program `minisat` (`apt-get install minisat`)"
    assert "may stop `stuck`" in rows["human-se"][1] and rows["human-se"][4] == "up to 9×9"
    assert rows["csp"][5] == "when named" and rows["bitx"][5] == "yes"


def test_the_compare_guide_takes_the_generated_table_and_no_hand_written_one():
    page = (DOCS / "guide" / "compare.md").read_text(encoding="utf-8")
    assert page.count(backends.MARKER) == 1 and "| backend | what |" not in page
    built = backends.on_page_markdown(page, None, None, None)
    assert "| `human-hodoku` |" in built and backends.MARKER not in built


def test_a_drawn_step_has_its_explanation_printed_under_the_drawing():
    section = gallery.section("x_wing", gallery.read_examples()["x_wing"], "x_wing.svg",
                              "X-Wing: 4 c19 r28 => r2c5<>4")
    picture, explained = section.index("](x_wing.svg)"), section.index('<p class="step-explanation">')
    assert picture < explained < section.index("Step ") and "X-Wing: 4 c19 r28 =&gt; r2c5&lt;&gt;4" in section


def test_the_kraken_fish_example_removes_what_its_chains_show():
    """Its text shows one chain per premise to one removal: the example removes that one only."""
    _, step = gallery.example_step(gallery.read_examples()["kraken_fish"])
    assert len(step.eliminations) + len(step.placements) == 1
    cell, digit = step.eliminations[0]
    assert step.explanation.endswith(f"=> r{cell // 9 + 1}c{cell % 9 + 1}<>{digit}")
