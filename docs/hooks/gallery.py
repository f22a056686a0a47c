"""The technique gallery: a section per registered technique, each with an example step drawn.

The examples are a committed table, ``docs/gallery/examples.csv``: for each technique, a puzzle of
a bundled set (permissive licences only), the mode whose solve path is followed, and the step
number. The drawn step is step ``step`` of that path when it uses the technique, else the first
instance the technique finds in the state before that step (a state the engine's own steps
reached; the puzzle's givens known, as in a solve, for the avoidable rectangles). Every drawn step
is checked against the puzzle's one solution, found by an exact backend (dancing links), not by
the human engine. Nothing but the table is committed: the pictures are drawn by sudokit's own
renderer when the site is built (``on_files`` below), so they always show what the engine does
today, and a row that no longer holds (or a step that the solution contradicts) stops the build.

``python docs/hooks/gallery.py find [SECONDS]`` searches the bundled sets again and rewrites the
table (rows already there are kept while they still hold). A new technique gets its section by
being registered; the build says when it still lacks an example.
"""

from __future__ import annotations

import csv
import html
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sudokit.compare.fuzz.techniques import unsound
from sudokit.compare.reports.pictures import path_states, step_picture
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid, is_solution
from sudokit.models.puzzles import Puzzle
from sudokit.solvers.base import Status
from sudokit.solvers.human import modes, registry
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.techniques.uniqueness import remember_givens
from sudokit.solvers.human.view import Memo, View
from sudokit.solvers.registry import get_backend

sys.path.insert(0, str(Path(__file__).resolve().parent))  # (mkdocs loads a hook as a file, not as a package)
from explanations import explanation

DOCS = Path(__file__).resolve().parent.parent
TABLE = DOCS / "gallery" / "examples.csv"
FIELDS = ("technique", "set", "number", "mode", "step")
SOLVE_SECONDS = 60.0  # a solve followed for an example; the table's puzzles take well under a second or two
QUICK = 5.0  # the finder keeps only examples whose solve takes less (the site's build solves them again)

# What a family's techniques do, in sudokit's own words: the section's lead paragraph.
FAMILIES: dict[str, str] = {
    "singles": "A digit has only one place: the last empty cell of a unit, the only candidate of a cell, "
               "or the only cell of a unit where the digit can still go.",
    "intersections": "Where a box meets a row or column: when a digit's candidates in one of them all lie "
                     "in the other, the digit leaves the rest of the other.",
    "subsets": "N cells of a unit that hold only N digits between them (naked), or N digits of a unit that "
               "fit only in N cells (hidden), own those digits and cells.",
    "fish": "Base sets (rows, columns, or boxes for Franken and Mutant fish) whose candidates of one digit "
            "are all covered by as many cover sets: the digit leaves the rest of the cover sets. Fins are "
            "extra candidates in the base sets; a finned fish removes only what every fin also sees.",
    "single_digit": "Patterns of one digit built from conjugate pairs (a unit where the digit has exactly "
                    "two places): one end or the other is true, so what both ends see goes.",
    "wings": "Bivalue cells (and one trivalue cell for XYZ-Wing) arranged so that, whichever value the pivot "
             "takes, one of the pincers holds the common digit.",
    "coloring": "One digit's conjugate pairs coloured alternately: one colour is true. Two candidates of one "
                "colour that see each other make that colour false; a cell that sees both colours loses the digit.",
    "chains": "Alternating strong and weak links between candidates (grouped: a box-line group or an almost "
              "locked set as one node): if the first is false the last is true, so what sees both ends goes.",
    "uniqueness": "A puzzle with one solution cannot end in a deadly pattern (two interchangeable values in "
                  "four cells of two boxes): the candidates that would make one are removed. Off in the "
                  "no-uniqueness preset.",
    "als": "Almost locked sets (N cells with N+1 digits) linked by a restricted common digit: whichever set "
           "loses it becomes locked, and what sees every place of another common digit goes.",
    "forcing": "Every premise of a cell or a unit (or a candidate being true and false) followed by chains "
               "or nets: what all of them force is true.",
    "templates": "Templates: the ways a digit can fill the grid consistent with the givens and candidates; "
                 "what every template shares is placed, what none uses is removed.",
    "se": "Sudoku Explainer's own versions of techniques the engine also finds its own way: used by the "
          "se mode, rated as SE rates them.",
    "se_chains": "Sudoku Explainer's chains, cycles and forcing chains (nested too), as its rater finds and "
                 "rates them: used by the se mode.",
}


@dataclass(frozen=True)
class Example:
    """One row of the table: technique, bundled set, puzzle number (from 1), mode, step number (from 1)."""

    technique: str
    set: str  # empty: searched for, and none found in the bundled sets (a rare pattern)
    number: int
    mode: str
    step: int

    @property
    def found(self) -> bool:
        return bool(self.set)


def read_examples(path: Path = TABLE) -> dict[str, Example]:
    """The committed table, by technique."""
    with open(path, encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(line for line in stream if not line.startswith("#")))
    return {r["technique"]: Example(r["technique"], r["set"], int(r["number"] or 0), r["mode"], int(r["step"] or 0))
            for r in rows}


def write_examples(examples: Iterable[Example], path: Path = TABLE) -> None:
    """The table, in the registry's order."""
    order = {name: i for i, name in enumerate(registry.TECHNIQUES)}
    rows = sorted(examples, key=lambda e: order.get(e.technique, len(order)))
    with open(path, "w", encoding="utf-8", newline="") as stream:
        stream.write("# Gallery examples, found by `python docs/hooks/gallery.py find`: bundled sets only.\n")
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(FIELDS)
        writer.writerows((e.technique, e.set, e.number or "", e.mode, e.step or "") for e in rows)


@cache
def puzzle_of(set_name: str, number: int) -> Puzzle:
    return load_set(set_name).puzzles[number - 1]


@cache
def path_of(set_name: str, number: int, mode: str) -> tuple[tuple[Candidates, Step], ...]:
    """Every step of a bundled puzzle's solve in ``mode``, with the state it was found in."""
    grid = puzzle_of(set_name, number).grid
    result = solve_logically(grid, mode=mode, time_limit=SOLVE_SECONDS)
    return tuple(path_states(Candidates.from_grid(grid), result.steps))


@cache
def solution_of(set_name: str, number: int) -> Grid:
    """A bundled puzzle's one solution, by dancing links (an exact backend: not the engine drawn)."""
    grid = puzzle_of(set_name, number).grid
    result = get_backend("dlx").create().solve(grid, limit=2, time_limit=SOLVE_SECONDS)
    if result.status is not Status.SOLVED or not is_solution(result.solution, grid):
        raise LookupError(f"{set_name} #{number}: not a puzzle with one solution ({result.status.value})")
    assert result.solution is not None
    return result.solution


def first_step(state: Candidates, name: str, givens: Grid) -> Step | None:
    """The first instance of a technique in a state of a solve of ``givens`` (which cells were given
    is known, as in the solve: the avoidable rectangles need it). One finder may yield its kin's
    steps too (Sudoku Explainer's chains: a Y-cycle's finder finds X-cycles): only its own count."""
    memo = Memo()
    remember_givens(memo, givens.values)
    return next((s for s in registry.technique(name).steps(View(state, memo)) if s.technique == name), None)


def example_step(example: Example) -> tuple[Candidates, Step]:
    """The state and the step an example draws, checked against the puzzle's solution;
    ``LookupError`` when the row no longer holds."""
    path = path_of(example.set, example.number, example.mode)
    if not 1 <= example.step <= len(path):
        raise LookupError(f"{example}: the path has {len(path)} steps")
    state, step = path[example.step - 1]
    if step.technique != example.technique:
        found = first_step(state, example.technique, puzzle_of(example.set, example.number).grid)
        if found is None:
            raise LookupError(f"{example}: {example.technique} finds nothing in the state before that step")
        step = found
    if wrong := unsound(step, solution_of(example.set, example.number)):
        raise LookupError(f"{example}: the step contradicts the puzzle's solution: {wrong}")
    return state, step


def taken_instead(example: Example) -> Step | None:
    """The step the mode itself takes where an example was found in the state before it (None: its own)."""
    _, step = path_of(example.set, example.number, example.mode)[example.step - 1]
    return None if step.technique == example.technique else step


def presets_of(name: str) -> list[str]:
    return [preset for preset, names in registry.PRESETS.items() if name in names]


def modes_of(name: str) -> list[str]:
    return [m.name for m in modes.MODES.values() if name in m.techniques]


def anchor(name: str) -> str:
    """The section's address in the gallery page: the technique's registry name."""
    return name.replace("_", "-")


def section(name: str, example: Example | None, picture: str | None, explained: str | None = None) -> str:
    """The Markdown of one technique's section (``picture``: the SVG file's name beside the page;
    ``explained``: the drawn step's explanation, printed under it)."""
    t = registry.technique(name)
    facts = [
        ("name", f"`{t.name}`"),
        ("family", t.family),
        ("SE rating", f"{t.se_rating}"),
        ("HoDoKu", (f"`{t.hodoku_code}`, " if t.hodoku_code else "") + f"score {t.hodoku_score}, {t.level}"),
        ("presets", ", ".join(f"`{p}`" for p in presets_of(name)) or "– (by name)"),
        ("modes", ", ".join(f"`{m}`" for m in modes_of(name)) or "– (by name)"),
    ]
    # one line of facts that wraps between them (docs/assets/extra.css: a name is never broken)
    lines = [f"### {t.title} {{#{anchor(name)}}}", "", explanation(name, t.title, t.family) or "A technique of its own.", "",
             '<p class="technique-facts" markdown>' + " · ".join(f"**{k}** {v}" for k, v in facts) + "</p>", ""]
    if example and picture and example.found:
        lines += [f"![{t.title}: an example step]({picture}){{ loading=lazy }}", ""]
        if explained:
            lines += [f'<p class="step-explanation">{html.escape(explained)}</p>', ""]
        lines += [caption(example), ""]
    elif example:
        lines += ["*No step of it has been found yet in the bundled puzzle sets (the engine searched part of them "
                  "with `python docs/hooks/gallery.py find`: a rare pattern).*", ""]
    else:
        lines += ["*No example found in the bundled sets yet.*", ""]
    return "\n".join(lines)


def caption(example: Example) -> str:
    """Where an example's step comes from: the mode's own step, or found in the state before one."""
    puzzle = f"puzzle {example.number} of the bundled set `{example.set}` " \
             f"(`{puzzle_of(example.set, example.number).grid.line()}`)"
    instead = taken_instead(example)
    if instead is None:
        return f"Step {example.step} of the `{example.mode}` mode's solve of {puzzle}."
    title = registry.technique(instead.technique).title
    return (f"Found in the state before step {example.step} of the `{example.mode}` mode's solve of {puzzle}, "
            f"where the mode itself takes a {title}.")


def gallery(out: Path, examples: dict[str, Example] | None = None) -> list[str]:
    """Write the gallery page (``out/index.md``) and one SVG per example into ``out``; return what is missing.

    A row that no longer holds raises ``LookupError``: the table must be found again.
    """
    examples = read_examples() if examples is None else examples
    out.mkdir(parents=True, exist_ok=True)
    families: dict[str, list[str]] = {}
    for name, t in registry.TECHNIQUES.items():
        families.setdefault(t.family, []).append(name)
    body = [GALLERY_HEAD]
    missing = []
    for family, names in families.items():
        body.append(f"\n## {family.replace('_', ' ').capitalize()} {{#family-{anchor(family)}}}\n")
        body.append(FAMILIES.get(family, "Techniques registered by a user.") + "\n")
        for name in names:
            example = examples.get(name)
            picture = explained = None
            if example and example.found:
                state, step = example_step(example)
                picture, explained = f"{name}.svg", step.explanation
                givens = puzzle_of(example.set, example.number).grid
                (out / picture).write_text(step_picture(state, step, givens).svg(), encoding="utf-8")
            elif not example:
                missing.append(name)
            body.append(section(name, example, picture, explained))
    (out / "index.md").write_text("\n".join(body), encoding="utf-8")
    return missing


GALLERY_HEAD = """\
# Technique gallery

Every technique of the human engine's registry (`sudokit techniques`), family by family in
HoDoKu's solving order: its facts, what it does, and one step the engine found in a puzzle of the
bundled sets, drawn by sudokit's own renderer when this site was built and checked against the
puzzle's one solution (found by dancing links, not by the engine). In a picture the step's
units are shaded sky blue and its cells yellow, its digits sit on discs, eliminations are
vermillion and struck through, placements ringed in bluish green, fins and almost locked sets
hatched, strong links solid blue arrows and weak links dashed purple ones.

Show a step yourself with `sudokit show PUZZLE --step N --out step.svg`, or every instance of a
technique with `sudokit explain PUZZLE --technique NAME --all`.
"""


# ---------------------------------------------------------------------------- the mkdocs hook

def on_files(files, config):
    """Generate the gallery into the build's temporary docs and add its files to the site."""
    import tempfile

    from mkdocs.structure.files import File

    global _TEMP
    _TEMP = tempfile.TemporaryDirectory(prefix="sudokit-gallery-")
    root = Path(_TEMP.name)
    missing = gallery(root / "gallery")
    for name in missing:
        import logging

        logging.getLogger("mkdocs.plugins.gallery").warning("gallery: no example for technique %s", name)
    for path in sorted((root / "gallery").iterdir()):
        files.append(File(str(path.relative_to(root)), str(root), config["site_dir"], config["use_directory_urls"]))
    return files


_TEMP = None


# ---------------------------------------------------------------------------- finding examples

def _candidates(sets: Iterable[str]) -> Iterator[tuple[str, int, float]]:
    """Puzzles to search, easiest first in rounds: the r-th puzzle of every rating, ratings ascending.

    Easy puzzles come first so that the examples' solves stay quick when the site is built.
    """
    for name in sets:
        by_rating: dict[float, list[Puzzle]] = {}
        for p in load_set(name, skip_invalid=True).puzzles:
            by_rating.setdefault(float(p.meta.get("se_rating", 0) or 0), []).append(p)
        for r in range(max(len(ps) for ps in by_rating.values())):
            for rating in sorted(by_rating):
                if r < len(by_rating[rating]):
                    yield name, by_rating[rating][r].index + 1, rating


def find(seconds: float, sets: tuple[str, ...] = ("se-sample", "top95", "hardest")) -> dict[str, Example]:
    """Search the bundled sets for an example of every technique the table lacks, for about ``seconds``.

    Each puzzle is solved in the mode a technique belongs to (``se`` for Sudoku Explainer's own, else
    ``default``); a step of the path that uses the technique is taken first, else the first instance
    the technique finds in a state of the path (each technique given ``SEARCH_SECONDS`` of such
    searching in all). A step is kept only if the puzzle's solution bears it out.
    """
    found = _still_holding()
    wanted = [n for n in registry.TECHNIQUES if n not in found]
    began = time.monotonic()
    spent: dict[str, float] = {}
    for set_name, number, _ in _candidates(sets):
        if not wanted or time.monotonic() - began > seconds:
            break
        for mode in ("default", "se"):
            names = [n for n in wanted if mode_for(n) == mode]
            path = _quick_path(set_name, number, mode) if names else None
            if path:
                found.update(_search_path(set_name, number, mode, path, names, spent))
        wanted = [n for n in wanted if n not in found]
        path_of.cache_clear()
        write_examples([*found.values(), *(Example(n, "", 0, "none", 0) for n in wanted)])
    return found


SEARCH_SECONDS = 90.0  # state searching per technique in one run of the finder: the rarest are given up


def mode_for(name: str) -> str:
    """The mode whose solve paths an example of a technique is looked for in."""
    se_only = set(modes.mode("se").techniques) - set(modes.mode("default").techniques)
    return "se" if name in se_only else "default"


def _still_holding() -> dict[str, Example]:
    """The table's examples that still hold (their solves were quick when they were found)."""
    try:
        table = read_examples()
    except FileNotFoundError:
        return {}
    kept = {}
    for name, example in table.items():
        try:
            if example.found and example_step(example):
                kept[name] = example
        except LookupError as err:
            print(err, file=sys.stderr)
    return kept


def _quick_path(set_name: str, number: int, mode: str) -> tuple[tuple[Candidates, Step], ...] | None:
    """A puzzle's solve path in a mode, if it is quick (the site's build solves it again)."""
    began = time.monotonic()
    try:
        path = path_of(set_name, number, mode)
        solution_of(set_name, number)
    except Exception as err:  # a search tool: say it and go on
        print(f"{set_name} #{number} {mode}: {err}", file=sys.stderr)
        return None
    return path if time.monotonic() - began <= QUICK else None


def _search_path(set_name: str, number: int, mode: str, path: tuple[tuple[Candidates, Step], ...],
                 names: list[str], spent: dict[str, float]) -> dict[str, Example]:
    """Examples of ``names`` in one solve path: a step of the path itself, else one found in a state."""
    found = {}
    for k, (_, step) in enumerate(path, 1):
        if step.technique in names and step.technique not in found:
            found[step.technique] = Example(step.technique, set_name, number, mode, k)
    givens, solution = puzzle_of(set_name, number).grid, solution_of(set_name, number)
    for name in (n for n in names if n not in found):
        for k, (state, _) in enumerate(path, 1):
            if spent.get(name, 0.0) > SEARCH_SECONDS:
                break
            began = time.monotonic()
            hit = first_step(state, name, givens)
            spent[name] = spent.get(name, 0.0) + time.monotonic() - began
            if hit and not unsound(hit, solution):
                found[name] = Example(name, set_name, number, mode, k)
                break
    for example in found.values():
        print(f"{example.technique}: {set_name} #{number} {mode} step {example.step}", file=sys.stderr)
    return found


if __name__ == "__main__":
    if sys.argv[1:2] != ["find"]:
        sys.exit("usage: python docs/hooks/gallery.py find [SECONDS]")
    result = find(float(sys.argv[2]) if len(sys.argv) > 2 else 600.0)
    lacking = [n for n in registry.TECHNIQUES if n not in result]
    print(f"{len(result)} of {len(registry.TECHNIQUES)} techniques have an example; lacking: {', '.join(lacking)}")
