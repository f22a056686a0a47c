"""Bundled puzzle sets, addressable by name (permissive licences only; see README.md here).

>>> load_set("top95").puzzles[0].grid.count_givens()
17
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sudokit.models.grid import PuzzleError
from sudokit.models.puzzles import PuzzleSet, read_puzzles

HERE = Path(__file__).parent


@dataclass(frozen=True)
class BundledSet:
    name: str
    file: str
    summary: str
    source: str  # origin and licence

    @property
    def path(self) -> Path:
        return HERE / self.file


SETS: dict[str, BundledSet] = {
    s.name: s
    for s in (
        BundledSet("top95", "top95.txt", "95 classic hard puzzles", "norvig/pytudes, MIT"),
        BundledSet("hardest", "hardest.txt", "11 'hardest' puzzles of Norvig's essay", "norvig/pytudes, MIT"),
        BundledSet("easy50", "easy50.txt", "50 easy puzzles (Project Euler 96)", "norvig/pytudes, MIT"),
        BundledSet("17clue-1000", "17clue-1000.txt", "1,000 random 17-clue puzzles", "tdoku data (Royle), BSD-2-Clause"),
        BundledSet("magictour", "magictour1465.txt", "1,465 'moderately hard' puzzles", "tdoku data, BSD-2-Clause"),
        BundledSet("tdoku-tests", "tdoku-tests.txt", "43 puzzles with exact solution counts 0..847",
                   "t-dillon/tdoku tests, BSD-2-Clause"),
        BundledSet("multi-200", "multi-200.txt", "200 puzzles with 2+ solutions", "tdoku data, BSD-2-Clause"),
        BundledSet("msolve-difficult", "msolve-difficult.txt", "100 hardest for a backtracker",
                   "mkb2091/msolve, MIT"),
        BundledSet("se-sample", "se-sample.csv", "2,593 puzzles with Sudoku Explainer ratings 2.5..9.3",
                   "sudoku-exchange puzzle bank, public domain"),
        BundledSet("serate-200", "serate-200.csv",
                   "200 of se-sample with Sudoku Explainer 1.2.1.3's own ER/EP/ED (its serate rater)",
                   "sudoku-exchange puzzle bank, public domain; ratings computed with SE 1.2.1.3 (serate)"),
        BundledSet("gecode-9x9", "gecode-9x9.txt", "18 9x9 puzzles", "Gecode examples, MIT-style"),
        BundledSet("gecode-16x16", "gecode-16x16.txt", "55 16x16 puzzles", "Gecode examples, MIT-style"),
        BundledSet("gecode-25x25", "gecode-25x25.txt", "9 25x25 puzzles, hard for exact search",
                   "Gecode examples, MIT-style"),
        BundledSet("sudopedia", "sudopedia.csv", "20 edge cases, some invalid on purpose",
                   "Sudopedia test cases (facts)"),
        BundledSet("abzium-ladder", "abzium-ladder.csv", "14 puzzles labelled by hardest technique, some invalid",
                   "abzium/parallel-sudoku tests (facts)"),
    )
}

DEFAULT_SETS = ("top95",)


def load_set(name_or_path: str, *, skip_invalid: bool = False) -> PuzzleSet:
    """A bundled set by name, or any puzzle file by path."""
    if name_or_path in SETS:
        bundled = SETS[name_or_path]
        return read_puzzles(bundled.path, skip_invalid=skip_invalid, name=bundled.name)
    path = Path(name_or_path)
    if not path.exists():
        raise PuzzleError(f"no bundled set or file called {name_or_path!r}; sets: {', '.join(SETS)}")
    return read_puzzles(path, skip_invalid=skip_invalid)
