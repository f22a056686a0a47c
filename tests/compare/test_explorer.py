"""The step explorer page: self-contained, one section per step with its picture and ratings, and a real
browser that steps through it with the arrow keys."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudokit.compare.cli import app
from sudokit.compare.reports.explorer import explorer_page
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import technique
from tests import svg_reader as svg
from tests.browser import Browser, chromium

runner = CliRunner()
EASY = load_set("easy50").puzzles[0].grid
HARD = load_set("hardest").puzzles[10].grid  # 101 steps: pointing pairs, X-Wings, kites, nice loops


class _Page(HTMLParser):
    """The page's sections (id -> text and SVG markup), list entries, and every external reference."""

    def __init__(self):
        super().__init__()
        self.sections: dict[str, list[str]] = {}
        self.items: list[str] = []
        self.external: list[str] = []
        self._section: str | None = None
        self._in_item = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("src", "href"):
            if attrs.get(key) and not attrs[key].startswith("#"):
                self.external.append(attrs[key])
        if tag == "link":
            self.external.append(str(attrs))
        if tag == "section":
            self._section = attrs["id"]
            self.sections[self._section] = []
        self._in_item = tag == "a" and bool(attrs.get("href", "").startswith("#step-"))

    def handle_endtag(self, tag):
        if tag == "section":
            self._section = None
        self._in_item = False

    def handle_data(self, data):
        if self._section:
            self.sections[self._section].append(data)
        if self._in_item:
            self.items.append(data)


@pytest.fixture(scope="module")
def hard_page():
    result = solve_logically(HARD)
    return result, explorer_page(Candidates.from_grid(HARD), result)


def test_a_section_per_step_then_the_final_grid_each_with_its_explanation_and_ratings(hard_page):
    result, page = hard_page
    parsed = _Page()
    parsed.feed(page)
    assert list(parsed.sections) == [f"step-{n}" for n in range(1, len(result.steps) + 1)] + ["step-final"]
    assert len(parsed.items) == len(result.steps) + 1
    for number, step in enumerate(result.steps, 1):
        text = "".join(parsed.sections[f"step-{number}"])
        known = technique(step.technique)
        assert step.explanation in text and f"{known.hodoku_code} score {known.hodoku_score}" in text
        assert re.search(r"engine rating \d+\.\d", text) and "SE " not in text  # the engine's path: not SE's
    assert "Solution" in "".join(parsed.sections["step-final"])


def test_the_page_is_self_contained(hard_page):
    _, page = hard_page
    parsed = _Page()
    parsed.feed(page)
    assert parsed.external == []
    assert "@import" not in page and "url(http" not in page and "fetch(" not in page


def test_every_picture_parses_and_the_final_grid_is_the_solution(hard_page):
    result, page = hard_page
    pictures = re.findall(r"<svg .*?</svg>", page, flags=re.S)
    assert len(pictures) == len(result.steps) + 1
    final = svg.parse(pictures[-1])
    board = svg.Board.read(final)
    shown = {board.cell_at(float(t.get("x")), float(t.get("y"))): t.text
             for cls in ("givens", "placed") for g in svg.groups(final, cls) for t in svg.children(g, "text")}
    assert "".join(shown[c] for c in range(81)) == result.state.to_grid().line()
    givens = {board.cell_at(float(t.get("x")), float(t.get("y"))) for g in svg.groups(final, "givens")
              for t in svg.children(g, "text")}
    assert givens == {c for c in range(81) if HARD[c]}


def test_explain_html_writes_the_page_and_keeps_the_text(tmp_path):
    out = tmp_path / "easy.html"
    result = runner.invoke(app, ["explain", EASY.line(), "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert "  1. " in result.stdout and "solved" in result.stdout  # the text explanation still printed
    page = out.read_text()
    assert page.count('<section class="step"') == len(solve_logically(EASY).steps) + 1


@pytest.mark.parametrize("args, message", [
    (["easy50"], "one puzzle"),
    ([EASY.line(), "--technique", "naked_single"], "--technique"),
    ([EASY.line(), "--html", "/nonexistent-folder/x.html"], "does not exist"),
])
def test_explain_html_bad_usage_is_one_line_and_exit_2(tmp_path, args, message):
    command = ["explain", *args] if "--html" in args else ["explain", *args, "--html", str(tmp_path / "x.html")]
    result = runner.invoke(app, command)
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------------------- in a real browser


SHOWN = "document.querySelector('section.step.shown').id"


@contextmanager
def page_in_chromium(tmp_path: Path, puzzle: Grid, address: str = "") -> Iterator[Browser]:
    """Headless Chromium showing the explorer page of ``puzzle`` (at ``address``, e.g. ``#7``); the test
    is skipped where Chromium is not installed."""
    binary = chromium()
    if binary is None:
        pytest.skip("Chromium is not installed (Debian package chromium)")
    page = tmp_path / "page.html"
    page.write_text(explorer_page(Candidates.from_grid(puzzle), solve_logically(puzzle)), encoding="utf-8")
    with Browser(binary, tmp_path / "profile") as browser:
        browser.open(page.as_uri() + address)
        yield browser


@pytest.mark.parametrize("puzzle", [EASY, HARD], ids=["easy", "hard"])
def test_the_page_steps_forward_with_the_right_arrow_in_chromium(tmp_path, puzzle):
    from PIL import Image  # matplotlib's dependency: always there

    with page_in_chromium(tmp_path, puzzle) as browser:
        assert browser.evaluate(SHOWN) == "step-1"
        first = browser.screenshot(tmp_path / "step1.png")
        browser.press("ArrowRight", 39)
        assert browser.evaluate(SHOWN) == "step-2"
        assert browser.evaluate("document.getElementById('where').textContent").startswith("step 2 of ")
        assert browser.evaluate("document.querySelector('#list a[aria-current]').getAttribute('href')") == "#step-2"
        second = browser.screenshot(tmp_path / "step2.png")
        browser.press("ArrowLeft", 37)
        assert browser.evaluate(SHOWN) == "step-1"
        browser.press("End", 35)
        assert browser.evaluate(SHOWN) == "step-final"
        assert browser.evaluate("window.scrollY") == 0  # the header stays in view
    shots = [Image.open(path).convert("RGB") for path in (first, second)]
    for shot in shots:
        assert shot.size == (1280, 900)
        colours = shot.getcolors(maxcolors=1 << 16) or []
        assert len(colours) > 50  # text, a grid and its shading: not a blank page
        dark = sum(count for count, (r, g, b) in colours if r + g + b < 200)
        assert dark > 5000  # digits and grid lines drawn
    assert shots[0].tobytes() != shots[1].tobytes()  # the key press changed what is shown


def test_a_page_opened_at_an_address_shows_that_step(tmp_path):
    with page_in_chromium(tmp_path, EASY, "#7") as browser:
        assert browser.evaluate(SHOWN) == "step-7"
        browser.evaluate("document.querySelector('#list a[href=\"#step-3\"]').click()")
        assert browser.evaluate(SHOWN) == "step-3" and browser.evaluate("location.hash") == "#3"


def test_a_grid_with_no_step_to_explain_still_gets_a_page():
    solved = Grid.parse(solve_logically(EASY).state.to_grid().line())
    page = explorer_page(Candidates.from_grid(solved), solve_logically(solved))
    assert page.count('<section class="step"') == 1 and "step-final" in page
