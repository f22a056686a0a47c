"""The technique gallery: a section per registered technique, each with an example step drawn.

The examples are a committed table, ``docs/gallery/examples.csv``: for each technique, a puzzle of
a bundled set (permissive licences only), the mode whose solve path is followed, and the step
number. The drawn step is step ``step`` of that path when it uses the technique, else the first
instance the technique finds in the state before that step. Nothing but the table is committed:
the pictures are drawn by sudokit's own renderer when the site is built (``on_files`` below), so
they always show what the engine does today, and a row that no longer holds stops the build.

``python docs/hooks/gallery.py find [SECONDS]`` searches the bundled sets again and rewrites the
table (rows already there are kept while they still hold). A new technique gets its section by
being registered; the build says when it still lacks an example.
"""

from __future__ import annotations

import csv
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sudokit.compare.reports.pictures import path_states, step_picture
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.puzzles import Puzzle
from sudokit.solvers.human import modes, registry
from sudokit.solvers.human.engine import find_steps, solve_logically
from sudokit.solvers.human.steps import Step

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


def example_step(example: Example) -> tuple[Candidates, Step]:
    """The state and the step an example draws; ``LookupError`` when the row no longer holds."""
    path = path_of(example.set, example.number, example.mode)
    if not 1 <= example.step <= len(path):
        raise LookupError(f"{example}: the path has {len(path)} steps")
    state, step = path[example.step - 1]
    if step.technique != example.technique:
        found = find_steps(state, example.technique)
        if not found:
            raise LookupError(f"{example}: {example.technique} finds nothing in the state before that step")
        step = found[0]
    return state, step


def presets_of(name: str) -> list[str]:
    return [preset for preset, names in registry.PRESETS.items() if name in names]


def modes_of(name: str) -> list[str]:
    return [m.name for m in modes.MODES.values() if name in m.techniques]


def anchor(name: str) -> str:
    """The section's address in the gallery page: the technique's registry name."""
    return name.replace("_", "-")


def section(name: str, example: Example | None, picture: str | None) -> str:
    """The Markdown of one technique's section (``picture``: the SVG file's name beside the page)."""
    t = registry.technique(name)
    facts = [
        ("name", f"`{t.name}`"),
        ("HoDoKu code", f"`{t.hodoku_code}`" if t.hodoku_code else "–"),
        ("SE rating", f"{t.se_rating}"),
        ("HoDoKu score and level", f"{t.hodoku_score}, {t.level}"),
        ("family", t.family),
        ("presets", ", ".join(f"`{p}`" for p in presets_of(name)) or "– (by name)"),
        ("modes", ", ".join(f"`{m}`" for m in modes_of(name)) or "– (by name)"),
    ]
    lines = [f"## {t.title} {{#{anchor(name)}}}", "", explanation(name, t.title, t.family) or "A technique of its own.", "",
             "| " + " | ".join(k for k, _ in facts) + " |", "|" + "---|" * len(facts),
             "| " + " | ".join(v for _, v in facts) + " |", ""]
    if example and picture and example.found:
        puzzle = puzzle_of(example.set, example.number)
        lines += [f"![{t.title}: an example step]({picture}){{ loading=lazy }}", "",
                  f"Step {example.step} of the `{example.mode}` mode's solve of puzzle {example.number} of the "
                  f"bundled set `{example.set}` (`{puzzle.grid.line()}`).", ""]
    elif example:
        lines += ["*No step of it has been found yet in the bundled puzzle sets (the engine searched part of them "
                  "with `python docs/hooks/gallery.py find`: a rare pattern).*", ""]
    else:
        lines += ["*No example found in the bundled sets yet.*", ""]
    return "\n".join(lines)


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
        body.append(f"\n# {family.replace('_', ' ').capitalize()} {{#family-{anchor(family)}}}\n")
        body.append(FAMILIES.get(family, "Techniques registered by a user.") + "\n")
        for name in names:
            example = examples.get(name)
            picture = None
            if example and example.found:
                state, step = example_step(example)
                picture = f"{name}.svg"
                givens = puzzle_of(example.set, example.number).grid
                (out / picture).write_text(step_picture(state, step, givens).svg(), encoding="utf-8")
            elif not example:
                missing.append(name)
            body.append(section(name, example, picture))
    (out / "index.md").write_text("\n".join(body), encoding="utf-8")
    return missing


GALLERY_HEAD = """\
# Technique gallery

Every technique of the human engine's registry (`sudokit techniques`), family by family in
HoDoKu's solving order: its facts, what it does, and one step the engine found in a puzzle of the
bundled sets, drawn by sudokit's own renderer when this site was built. In a picture the step's
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
    """Search the bundled sets for an example of every technique the table lacks, for about ``seconds``."""
    try:
        found = read_examples()
    except FileNotFoundError:
        found = {}
    for name, example in list(found.items()):
        if not example.found:
            continue
        began = time.monotonic()
        try:
            example_step(example)
        except LookupError:
            del found[name]
        if time.monotonic() - began > QUICK:  # the site's build solves it again: keep the build quick
            found.pop(name, None)
    began = time.monotonic()
    wanted = [n for n in registry.TECHNIQUES if n not in found or not found[n].found]
    se_names = set(modes.mode("se").techniques)
    spent: dict[str, float] = {}
    for count, (set_name, number, rating) in enumerate(_candidates(sets)):
        if not wanted or time.monotonic() - began > seconds:
            break
        for mode in ("default", "se") if any(n in se_names for n in wanted) else ("default",):
            began = time.monotonic()
            try:
                path = path_of(set_name, number, mode)
            except Exception as err:  # a search tool: say it and go on
                print(f"{set_name} #{number} {mode}: {err}", file=sys.stderr)
                continue
            if time.monotonic() - began > QUICK:
                continue
            for k, (_, step) in enumerate(path, 1):
                if step.technique in wanted:
                    found[step.technique] = Example(step.technique, set_name, number, mode, k)
                    wanted.remove(step.technique)
                    print(f"{step.technique}: {set_name} #{number} {mode} step {k}", file=sys.stderr)
            if mode == "default" and path and rating >= 4 and count % 5 == 0:
                _search_states(path, list(wanted), set_name, number, found, wanted, spent)
        path_of.cache_clear()
        write_examples(found.values())
    return found


def _search_states(path, names: list[str], set_name: str, number: int, found: dict[str, Example],
                   wanted: list[str], spent: dict[str, float]) -> None:
    """Techniques the path did not use, looked for in the states where it needed more than singles
    (each technique given 20 s in all: the rarest big fish are given up)."""
    hard = [k for k, (_, step) in enumerate(path) if registry.technique(step.technique).family != "singles"][:4]
    for name in names:
        for k in hard:
            if spent.get(name, 0.0) > 20.0:
                break
            began = time.monotonic()
            hit = bool(find_steps(path[k][0], name))
            spent[name] = spent.get(name, 0.0) + time.monotonic() - began
            if hit:
                found[name] = Example(name, set_name, number, "default", k + 1)
                wanted.remove(name)
                print(f"{name}: {set_name} #{number} default state {k + 1}", file=sys.stderr)
                break

if __name__ == "__main__":
    if sys.argv[1:2] != ["find"]:
        sys.exit("usage: python docs/hooks/gallery.py find [SECONDS]")
    result = find(float(sys.argv[2]) if len(sys.argv) > 2 else 600.0)
    lacking = [n for n in registry.TECHNIQUES if n not in result]
    print(f"{len(result)} of {len(registry.TECHNIQUES)} techniques have an example; lacking: {', '.join(lacking)}")
