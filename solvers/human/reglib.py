"""HoDoKu's regression library: one technique case per line, read into a pencil-mark state.

A line is ``:code[-variant]:digits:givens:deleted:eliminations:placements:extra`` (see the
library's header). ``givens`` marks placed (not given) cells with ``+``; ``deleted`` lists the
candidates removed after placing them; each entry is ``<digit><row><col>``. A ``-x`` variant is a
fail case: the technique must find nothing for those digits. The library is GPL-3.0: it is read
from where it lies, never copied.

Counted over the whole library, a case of a technique this engine lacks fails; ``title`` names
HoDoKu's technique of any code. ``python -m sudokit.solvers.human.reglib [LIBRARY]`` prints the
pass rate by code and over every case.

>>> case = parse_case(":0100:3:" + "." * 81 + ":311:315 317::", 7)
>>> case.technique, case.digits, sorted(case.eliminations), case.state.has(0, 3)
('locked_candidates_pointing', (3,), [(4, 3), (6, 3)], False)
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from sudokit.models.candidates import Candidates
from sudokit.models.errors import UnknownName
from sudokit.models.grid import Grid, PuzzleError
from sudokit.solvers.human.engine import find_steps
from sudokit.solvers.human.hodoku import STEP_TABLE
from sudokit.solvers.human.steps import Candidate
from sudokit.solvers.human.techniques.uniqueness import remember_givens
from sudokit.solvers.human.view import Memo, View

# The library's technique codes, for the techniques this engine implements.
LIBRARY_CODES = {
    "0000": "full_house", "0002": "hidden_single", "0003": "naked_single",
    "0100": "locked_candidates_pointing", "0101": "locked_candidates_claiming",
    "0110": "locked_pair", "0111": "locked_triple",
    "0200": "naked_pair", "0201": "naked_triple", "0202": "naked_quad",
    "0210": "hidden_pair", "0211": "hidden_triple", "0212": "hidden_quad",
    "0300": "x_wing", "0301": "swordfish", "0302": "jellyfish",
    "0310": "finned_x_wing", "0311": "finned_swordfish", "0320": "sashimi_x_wing", "0321": "sashimi_swordfish",
    "0312": "finned_jellyfish", "0322": "sashimi_jellyfish",
    "0800": "xy_wing", "0801": "xyz_wing", "0803": "w_wing",
    "0901": "als_xz", "0902": "als_xy_wing", "1101": "sue_de_coq",
    "0400": "skyscraper", "0401": "two_string_kite", "0402": "empty_rectangle", "0403": "turbot_fish",
    "0600": "unique_rectangle_1", "0601": "unique_rectangle_2", "0602": "unique_rectangle_3",
    "0603": "unique_rectangle_4", "0606": "hidden_rectangle", "0610": "bug_plus_1",
    "0500": "simple_colors", "0501": "simple_colors", "0502": "multi_colors_1", "0503": "multi_colors_2",
    "0703": "remote_pair", "0701": "x_chain", "0702": "xy_chain",
    "0706": "continuous_nice_loop", "0707": "discontinuous_nice_loop", "0708": "aic",
    "0709": "grouped_continuous_nice_loop", "0710": "grouped_discontinuous_nice_loop", "0711": "grouped_aic",
    "0404": "dual_two_string_kite", "0405": "dual_empty_rectangle",
    "0604": "unique_rectangle_5", "0605": "unique_rectangle_6", "0607": "avoidable_rectangle_1",
    "0608": "avoidable_rectangle_2", "0903": "als_chain", "0904": "death_blossom",
    "1201": "template_set", "1202": "template_delete",
    "0330": "franken_x_wing", "0331": "franken_swordfish", "0332": "franken_jellyfish",
    "0340": "finned_franken_x_wing", "0341": "finned_franken_swordfish", "0342": "finned_franken_jellyfish",
    "0350": "mutant_x_wing", "0351": "mutant_swordfish", "0352": "mutant_jellyfish",
    "0360": "finned_mutant_x_wing", "0361": "finned_mutant_swordfish", "0362": "finned_mutant_jellyfish",
    "0333": "franken_squirmbag", "0334": "franken_whale", "0335": "franken_leviathan",
    "0343": "finned_franken_squirmbag", "0344": "finned_franken_whale", "0345": "finned_franken_leviathan",
    "0353": "mutant_squirmbag", "0354": "mutant_whale", "0355": "mutant_leviathan",
    "0363": "finned_mutant_squirmbag", "0364": "finned_mutant_whale", "0365": "finned_mutant_leviathan",
    "03111": "siamese_fish", "03121": "siamese_fish", "03211": "siamese_fish", "03221": "siamese_fish",
    "03411": "finned_franken_swordfish", "03421": "finned_franken_jellyfish",  # Siamese (HoDoKu's two fish
    "03621": "finned_mutant_jellyfish",  # with one base, their removals joined): one of ours removes them all
}

# The techniques the library has no section for (HoDoKu's code "xxxx"): the exemplars and the
# soundness checks cover them.
UNLISTED = frozenset({"forcing_chain_contradiction", "forcing_chain_verity", "forcing_net_contradiction",
                      "forcing_net_verity",
                      # fish the dev library has no case of
                      "franken_x_wing", "mutant_x_wing", "mutant_swordfish", "mutant_jellyfish",
                      "finned_mutant_x_wing", "finned_mutant_swordfish", "kraken_fish", "squirmbag", "whale",
                      "leviathan", "finned_squirmbag", "sashimi_squirmbag", "finned_whale", "sashimi_whale",
                      "finned_leviathan", "sashimi_leviathan", "franken_squirmbag", "franken_whale",
                      "franken_leviathan", "finned_franken_squirmbag", "finned_franken_whale",
                      "finned_franken_leviathan", "mutant_squirmbag", "mutant_whale", "mutant_leviathan",
                      "finned_mutant_leviathan"})


# HoDoKu's names of the library codes its step table does not list (kinds scored under one row).
KINDS = {"0404": "Dual 2-String Kite", "0405": "Dual Empty Rectangle", "0500": "Simple Colors Trap",
         "0501": "Simple Colors Wrap", "0502": "Multi Colors 1", "0503": "Multi Colors 2",
         "0706": "Continuous Nice Loop", "0707": "Discontinuous Nice Loop", "0708": "AIC",
         "0709": "Grouped Continuous Nice Loop", "0710": "Grouped Discontinuous Nice Loop", "0711": "Grouped AIC"}
TITLES = {**{row.library: row.title for row in STEP_TABLE if row.library != "xxxx"}, **KINDS}


def title(code: str) -> str:
    """HoDoKu's name for a library code (a variant's base; a five-digit code is a variant of its first four).

    >>> title("0330-1"), title("03111")
    ('Franken X-Wing', 'Finned Swordfish (variant 03111)')
    """
    base = code.partition("-")[0]
    if base in TITLES:
        return TITLES[base]
    return f"{TITLES.get(base[:4], 'unknown technique')} (variant {base})"


@dataclass(frozen=True)
class Case:
    """One library case: a state, a technique, and exactly what it must find for some digits."""

    line: int
    code: str  # as written, variant included
    technique: str | None  # None: a technique this engine does not implement
    fail: bool
    digits: tuple[int, ...]
    state: Candidates
    eliminations: frozenset[Candidate]
    placements: frozenset[Candidate]
    givens: tuple[int, ...] = ()  # the puzzle's givens (its placed cells are 0): avoidable rectangles need them

    @property
    def id(self) -> str:
        return f"{self.code}:{self.line}"


def read_library(path: str | Path) -> list[Case]:
    """Every case of a library file, in file order."""
    lines = Path(path).read_text().splitlines()
    return [parse_case(text, no) for no, text in enumerate(lines, 1) if text.startswith(":")]


def parse_case(text: str, line: int = 0) -> Case:
    """One library line as a case."""
    fields = (text.strip() + ":::::::").split(":")
    code, digits, givens, deleted, eliminations, placements = fields[1:7]
    base, _, variant = code.partition("-")
    try:
        state = Candidates.from_grid(Grid.parse(givens.replace("+", "")))
    except PuzzleError as err:
        raise err.at(line=line) from None
    for cell, digit in _candidates(deleted):
        state.eliminate(cell, digit)
    placed = _placed(givens)
    return Case(line, code, LIBRARY_CODES.get(base), variant == "x", tuple(int(d) for d in digits), state,
                frozenset(_candidates(eliminations)), frozenset(_candidates(placements)),
                tuple(0 if cell in placed else value for cell, value in enumerate(state.values)))


def _placed(givens: str) -> set[int]:
    """The cells a library grid marks ``+`` (placed by solving, not given)."""
    cells, cell, marked = set(), 0, False
    for ch in givens:
        if ch == "+":
            marked = True
            continue
        if marked:
            cells.add(cell)
        cell, marked = cell + 1, False
    return cells


def check(case: Case) -> str | None:
    """None when the engine finds the case's step (HoDoKu's rule), else what it found instead.

    Some step of the technique for the case's digits must make exactly the expected placements
    and eliminations; a fail case must find none. Other instances may exist: the library's
    cases are unique within HoDoKu's own search limits, and a chain search without those limits
    also finds other (sound) chains for the same digits.
    """
    if case.technique is None:
        raise UnknownName(f"no technique of this engine for HoDoKu's {case.code} (line {case.line})")
    memo = Memo()
    remember_givens(memo, case.givens)
    steps = [s for s in find_steps(View(case.state, memo), case.technique) if s.digits == case.digits]
    if case.fail:
        return f"found {steps[0].explanation}" if steps else None
    if not steps:
        return "found nothing"
    expected = (case.eliminations, case.placements)
    if any((set(s.eliminations), set(s.placements)) == expected for s in steps):
        return None
    return f"found {steps[0].explanation}" + (f" (and {len(steps) - 1} more)" if len(steps) > 1 else "")


def tally(cases: list[Case]) -> dict[str, tuple[int, int]]:
    """Per base code: (cases passed, cases), every case of the library counted (a missing technique's fail)."""
    passed: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case in cases:
        base = case.code.partition("-")[0]
        total[base] += 1
        passed[base] += case.technique is not None and check(case) is None
    return {code: (passed[code], total[code]) for code in sorted(total)}


def _candidates(text: str) -> list[Candidate]:
    """``"315 317"`` → ``[(4, 3), (6, 3)]``: (cell, digit) pairs."""
    return [((int(e[1]) - 1) * 9 + int(e[2]) - 1, int(e[0])) for e in text.split()]


def main(argv: list[str]) -> None:
    """Print the library's pass rate by code and over every case."""
    path = Path(argv[0]) if argv else Path(__file__).resolve().parents[2].parent / "shared/data/hodoku/reglib-1.3-dev.txt"
    counts = tally(read_library(path))
    for code, (passed, total) in counts.items():
        implemented = LIBRARY_CODES.get(code) or "not implemented"
        print(f"{code:<6} {passed:>3}/{total:<3} {title(code):<40} {implemented}")
    passed, total = (sum(column) for column in zip(*counts.values()))
    print(f"all    {passed}/{total} ({100 * passed / total:.1f} %)")


if __name__ == "__main__":
    main(sys.argv[1:])
