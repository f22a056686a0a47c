"""The documentation site: every technique has its gallery section with a drawing, every command its
reference entry, the README fits on a screen and its links resolve, the front picture is current.

The whole site is built by ``mkdocs build --strict`` in CI (``.ci/run``), which draws every
gallery example (a row of the table that no longer holds stops the build); here the cheap parts
run by default and the full build is a manual test.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.solvers.human import registry
from sudokit.solvers.human.engine import find_steps
from tests.conftest import REPO, sampled

DOCS = REPO / "docs"


def _hook(name: str):
    spec = importlib.util.spec_from_file_location(f"docs_hook_{name}", DOCS / "hooks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


gallery = _hook("gallery")
cli_reference = _hook("cli_reference")


def test_every_registered_technique_has_an_example_in_the_table():
    examples = gallery.read_examples()
    assert set(registry.TECHNIQUES) <= set(examples), sorted(set(registry.TECHNIQUES) - set(examples))
    found = {e.set for e in examples.values() if e.found}
    assert found <= {"se-sample", "top95", "hardest", "easy50", "magictour"}  # bundled, permissive licences
    assert [n for n, e in examples.items() if not e.found] == []  # each drawn by the site's build


def test_every_technique_gets_a_section_and_each_example_a_drawing(tmp_path):
    table = gallery.read_examples()
    cheap = {name: e for name, e in table.items() if e.set == "se-sample" and 0 < e.number <= 60}  # quick solves
    assert cheap, "the table has no example on an easy puzzle"
    missing = gallery.gallery(tmp_path, dict(list(cheap.items())[:4]))
    page = (tmp_path / "index.md").read_text()
    for name in registry.TECHNIQUES:
        assert f"{{#{gallery.anchor(name)}}}" in page, name
    # one h1, families h2, techniques h3: the theme's table of contents lists the h1's children only
    assert page.count("\n# ") == 0 and page.startswith("# ") and "\n## Singles {#family-singles}" in page
    for name in list(cheap)[:4]:
        svg = (tmp_path / f"{name}.svg").read_text()
        assert svg.startswith("<svg") and f"]({name}.svg)" in page
        _, step = gallery.example_step(table[name])
        assert step.technique == name and step.eliminations + step.placements
    assert len(missing) == len(registry.TECHNIQUES) - 4


def test_a_registered_technique_gets_its_section_by_being_registered():
    section = gallery.section("x_wing", None, None)
    assert section.startswith("### X-Wing {#x-wing}") and "`bf2`" in section and "`full`" in section
    assert "`default`" in section and "No example" in section


# Finding these in their states takes seconds each (Sudoku Explainer's nested forcing chains): the
# site's build in CI draws them, and the manual test below.
COSTLY = {"se_nested_forcing_chain", "se_nested_multiple_forcing_chain", "se_nested_dynamic_forcing_chain",
          "se_nested_dynamic_plus_forcing_chain"}


def _check_drawn(names):
    table = gallery.read_examples()
    for name in names:
        state, step = gallery.example_step(table[name])  # checked against the solution by dancing links
        assert step.technique == name and step.eliminations + step.placements, name
        givens = gallery.puzzle_of(table[name].set, table[name].number).grid
        assert gallery.step_picture(state, step, givens).svg().startswith("<svg"), name


def _by_solve() -> dict[str, list[str]]:
    """The table's examples but the costly ones, by the solve they follow (one test each: one solve)."""
    groups: dict[str, list[str]] = {}
    for name, e in gallery.read_examples().items():
        if e.found and name not in COSTLY:
            groups.setdefault(f"{e.set}-{e.number}-{e.mode}", []).append(name)
    return groups


@pytest.mark.slow  # every 10th solve by default (the site's build in CI draws them all); all with -m manual
@pytest.mark.parametrize("names", sampled([pytest.param(n, id=k) for k, n in _by_solve().items()], 10))
def test_every_example_is_drawn_and_borne_out_by_the_solution(names):
    _check_drawn(names)


@pytest.mark.manual
def test_the_costly_examples_are_drawn_and_borne_out_too():
    _check_drawn(COSTLY)


def test_a_step_the_solution_contradicts_stops_the_build(monkeypatch):
    example = gallery.read_examples()["naked_pair"]
    _, step = gallery.example_step(example)
    cell, digit = step.eliminations[0]
    truth = gallery.solution_of(example.set, example.number)
    monkeypatch.setattr(gallery, "solution_of", lambda *_: truth.with_values({cell: digit}))
    with pytest.raises(LookupError, match="contradicts the puzzle's solution"):
        gallery.example_step(example)


def test_an_avoidable_rectangle_is_found_with_the_givens_known():
    """Its corners must be placed cells, not givens: the state alone cannot tell them apart."""
    example = gallery.read_examples()["avoidable_rectangle_1"]
    state, step = gallery.example_step(example)
    givens = gallery.puzzle_of(example.set, example.number).grid.values
    assert step.technique == "avoidable_rectangle_1" and not any(givens[c] for c in step.cells)
    assert find_steps(state, "avoidable_rectangle_1") == []  # every placed cell taken for a given


def test_the_caption_says_whether_the_mode_takes_the_step_itself():
    table = gallery.read_examples()
    own = next(e for e in table.values() if e.found and e.set == "se-sample" and e.number <= 60
               and gallery.taken_instead(e) is None)
    assert gallery.caption(own).startswith(f"Step {own.step} of the `{own.mode}` mode's solve")
    state_found = table["leviathan"]
    instead = gallery.taken_instead(state_found)
    assert instead is not None and instead.technique != "leviathan"
    assert gallery.caption(state_found).startswith(f"Found in the state before step {state_found.step}")
    assert registry.technique(instead.technique).title in gallery.caption(state_found)


def test_every_command_has_its_reference_entry_with_every_option():
    page = cli_reference.cli_reference()
    for name, command in cli_reference.commands().items():
        assert f"## `sudokit {name}` {{#sudokit-{name}}}" in page
        entry = page.split(f"{{#sudokit-{name}}}")[1].split("\n## ")[0]
        assert "**Exit statuses**" in entry
        for param in command.params:
            if param.name != "help":
                shown = [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]
                assert any(f"`{o}`" in entry for o in shown) or f"`{param.name.upper()}`" in entry, (name, param.name)
    assert len(cli_reference.commands()) >= 15


def test_the_reference_says_each_commands_own_exit_status_1():
    page = cli_reference.cli_reference()
    solve = page.split("{#sudokit-solve}")[1].split("\n## ")[0]
    assert "1 if not" in solve and "4 interrupted" in solve


def test_readme_fits_on_a_screen_and_its_links_resolve():
    text = (REPO / "README.md").read_text()
    assert len(text.splitlines()) <= 200
    for target in re.findall(r"\]\(([^)#]+)[^)]*\)|src=\"([^\"]+)\"", text):
        link = next(t for t in target if t)
        if not link.startswith("http"):
            assert (REPO / link).exists(), link
    assert "notebook" in text and "--first" in text


def test_the_nav_names_pages_that_exist():
    nav = re.findall(r":\s+(\S+\.md)\s*$", (REPO / "mkdocs.yml").read_text(), re.M)
    generated = {"gallery/index.md"}
    assert nav and all((DOCS / page).exists() or page in generated for page in nav), nav


def test_the_front_picture_is_current(tmp_path):
    out = tmp_path / "x-wing.svg"
    puzzle = "97.3.6.428.5...1.9....5....2.7...3.4.1..2..8.4..738..1...9.5............1..847..3"  # se-sample #201
    result = CliRunner().invoke(app, ["show", puzzle, "--step", "16", "--out", str(out)])
    assert result.exit_code == 0 and "X-Wing" in result.output
    assert out.read_text() == (DOCS / "assets" / "x-wing.svg").read_text()


def test_doctests_are_shown_as_console_blocks():
    pytest.importorskip("griffe")
    fenced = _hook("doctest_blocks").fenced("Text.\n\n>>> 1 + 1\n2\n\nMore.")
    assert fenced == "Text.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nMore."


@pytest.mark.manual
def test_the_site_builds_with_warnings_as_errors(tmp_path):
    mkdocs = Path(sys.executable).with_name("mkdocs")
    if not mkdocs.exists() and not shutil.which("mkdocs"):
        pytest.skip("mkdocs is not installed: pip install -e '.[docs]'")
    done = subprocess.run([str(mkdocs), "build", "--strict", "-d", str(tmp_path / "site")], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "site" / "gallery" / "x_wing.svg").exists()


def test_a_unique_loop_type_3_is_drawn_with_its_unit():
    """The gallery found it: SE's Unique Loop type 3 named its subset's cells as units, and drawing it failed."""
    example = gallery.read_examples()["se_unique_loop_3"]
    state, step = gallery.example_step(example)
    assert all(0 <= unit < 3 * step.size for unit in step.units) and step.units
    assert "<svg" in gallery.step_picture(state, step).svg()
