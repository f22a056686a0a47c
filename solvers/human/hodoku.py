"""HoDoKu mode: HoDoKu's default technique set and order, its choice of step, its score and level.

HoDoKu's solver tries the techniques of its step table in order (``STEP_TABLE``: order, code,
whether its default solver uses it) and applies the first step found, then starts again. Its
singles come from the queues its grid fills as candidates go, not from a scan (``SINGLES``,
``hodoku_queues``). Within any other technique it takes the first step its scan meets (its scan
order where sudokit's finder scans otherwise: ``hodoku_order.SCAN``), except for the techniques it
searches exhaustively and sorts (remote pairs, turbot fish, chains, nice loops, ALS moves, forcing
chains and nets, Franken/Mutant and Kraken fish: ``EXHAUSTIVE``): there it takes the step that
places the most cells, then the one that removes the most candidates, then the one whose
eliminations come first in the grid, then the shortest chain (``preference``). Remote pairs, nice
loops, AICs and forcing chains are HoDoKu's own searches (``OWN_FINDERS``, ``hodoku_chains``); the
loops and forcing chains come in HoDoKu's order already (``RANKED``). Two kinds of step it does not take
(``accepted``): a chain or net with an almost locked set as a node (``WITHOUT_ALS``), and a Locked
Pair or Triple that removes nothing from its line outside the box or nothing from its box (a Naked
Pair or Triple to HoDoKu, found later). Several registry techniques can share one row of the table
(the three kinds of nice loop share ``nl``): their steps are compared together. The chosen step's
removals are put in HoDoKu's order (``hodoku_order.in_order``): they decide the singles after it.

A path is scored by the sum of its steps' base scores. Its level is the highest level of its
steps, raised while the score is above that level's ceiling (``MAX_SCORE``: easy 800, medium
1000, hard 1600, unfair 1800), as HoDoKu's difficulty levels do. Its ``hardest`` step is the one
of highest level, then highest base score (the earliest of equals): the step that set the level,
named also as HoDoKu names its kind (``step_code``: ``LOCKED_CANDIDATES_1``).

The mode's techniques are built from the registry by HoDoKu code, so a technique registered with
a code of HoDoKu's default set joins the mode in HoDoKu's place; codes the registry lacks are
skipped (``missing``).

>>> [row.code for row in STEP_TABLE[:3]], raised_level("easy", 801), raised_level("easy", 1001)
(['fh', 'n1', 'h1'], 'medium', 'hard')
>>> techniques()[:3]
('full_house', 'naked_single', 'hidden_single')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial

from sudokit.models.grid import geometry
from sudokit.solvers.human import hodoku_chains, hodoku_order, hodoku_queues, rating
from sudokit.solvers.human.registry import LEVELS, MODE_ONLY, TECHNIQUES, Technique, technique
from sudokit.solvers.human.steps import Finder, Step
from sudokit.solvers.human.techniques import als, uniqueness
from sudokit.solvers.human.view import View


@dataclass(frozen=True)
class Row:
    """One row of HoDoKu's step table: solving order, /lt code, library code, name, default use."""

    order: int
    code: str
    library: str  # the regression library's code ("xxxx": none)
    title: str
    default: bool  # used by HoDoKu's solver out of the box


def _rows(*rows: tuple[int, str, str, str, bool]) -> tuple[Row, ...]:
    return tuple(Row(*row) for row in rows)


# HoDoKu's techniques in solving order (facts from its step table; Give Up, its last row, is left out).
STEP_TABLE = _rows(
    (100, "fh", "0000", "Full House", True), (200, "n1", "0003", "Naked Single", True),
    (300, "h1", "0002", "Hidden Single", True), (1000, "l2", "0110", "Locked Pair", True),
    (1100, "l3", "0111", "Locked Triple", True), (1200, "lc1", "0100", "Locked Candidates Type 1 (Pointing)", True),
    (1210, "lc2", "0101", "Locked Candidates Type 2 (Claiming)", True), (1300, "n2", "0200", "Naked Pair", True),
    (1400, "n3", "0201", "Naked Triple", True), (1500, "h2", "0210", "Hidden Pair", True),
    (1600, "h3", "0211", "Hidden Triple", True), (2000, "n4", "0202", "Naked Quadruple", True),
    (2100, "h4", "0212", "Hidden Quadruple", True), (2200, "bf2", "0300", "X-Wing", True),
    (2300, "bf3", "0301", "Swordfish", True), (2400, "bf4", "0302", "Jellyfish", True),
    (2500, "bf5", "0303", "Squirmbag", False), (2600, "bf6", "0304", "Whale", False),
    (2700, "bf7", "0305", "Leviathan", False), (2800, "rp", "0703", "Remote Pair", True),
    (2900, "bug1", "0610", "Bivalue Universal Grave + 1", True), (3000, "sk", "0400", "Skyscraper", True),
    (3100, "2sk", "0401", "2-String Kite", True), (3120, "tf", "0403", "Turbot Fish", True),
    (3170, "er", "0402", "Empty Rectangle", True), (3200, "w", "0803", "W-Wing", True),
    (3300, "xy", "0800", "XY-Wing", True), (3400, "xyz", "0801", "XYZ-Wing", True),
    (3500, "u1", "0600", "Uniqueness Test 1", True), (3600, "u2", "0601", "Uniqueness Test 2", True),
    (3700, "u3", "0602", "Uniqueness Test 3", True), (3800, "u4", "0603", "Uniqueness Test 4", True),
    (3900, "u5", "0604", "Uniqueness Test 5", True), (4000, "u6", "0605", "Uniqueness Test 6", True),
    (4010, "hr", "0606", "Hidden Rectangle", True), (4020, "ar1", "0607", "Avoidable Rectangle Type 1", True),
    (4030, "ar2", "0608", "Avoidable Rectangle Type 2", True), (4100, "fbf2", "0310", "Finned X-Wing", True),
    (4200, "sbf2", "0320", "Sashimi X-Wing", True), (4300, "fbf3", "0311", "Finned Swordfish", True),
    (4400, "sbf3", "0321", "Sashimi Swordfish", True), (4500, "fbf4", "0312", "Finned Jellyfish", True),
    (4600, "sbf4", "0322", "Sashimi Jellyfish", True), (4700, "fbf5", "0313", "Finned Squirmbag", False),
    (4800, "sbf5", "0323", "Sashimi Squirmbag", False), (4900, "fbf6", "0314", "Finned Whale", False),
    (5000, "sbf6", "0324", "Sashimi Whale", False), (5100, "fbf7", "0315", "Finned Leviathan", False),
    (5200, "sbf7", "0325", "Sashimi Leviathan", False), (5300, "sdc", "1101", "Sue de Coq", True),
    (5330, "sc", "xxxx", "Simple Colors", True), (5360, "mc", "xxxx", "Multi Colors", True),
    (5400, "x", "0701", "X-Chain", True), (5500, "xyc", "0702", "XY-Chain", True),
    (5600, "nl", "xxxx", "Nice Loop/AIC", True), (5650, "gnl", "xxxx", "Grouped Nice Loop/AIC", True),
    (5700, "axz", "0901", "Almost Locked Set XZ-Rule", True), (5800, "axy", "0902", "Almost Locked Set XY-Wing", True),
    (5900, "ach", "0903", "Almost Locked Set Chain", True), (6000, "db", "0904", "Death Blossom", False),
    (6100, "ff2", "0330", "Franken X-Wing", True), (6200, "ff3", "0331", "Franken Swordfish", True),
    (6300, "ff4", "0332", "Franken Jellyfish", False), (6400, "ff5", "0333", "Franken Squirmbag", False),
    (6500, "ff6", "0334", "Franken Whale", False), (6600, "ff7", "0335", "Franken Leviathan", False),
    (6700, "fff2", "0340", "Finned Franken X-Wing", True), (6800, "fff3", "0341", "Finned Franken Swordfish", True),
    (6900, "fff4", "0342", "Finned Franken Jellyfish", False),
    (7000, "fff5", "0343", "Finned Franken Squirmbag", False), (7100, "fff6", "0344", "Finned Franken Whale", False),
    (7200, "fff7", "0345", "Finned Franken Leviathan", False), (7300, "mf2", "0350", "Mutant X-Wing", False),
    (7400, "mf3", "0351", "Mutant Swordfish", False), (7500, "mf4", "0352", "Mutant Jellyfish", False),
    (7600, "mf5", "0353", "Mutant Squirmbag", False), (7700, "mf6", "0354", "Mutant Whale", False),
    (7800, "mf7", "0355", "Mutant Leviathan", False), (7900, "fmf2", "0360", "Finned Mutant X-Wing", False),
    (8000, "fmf3", "0361", "Finned Mutant Swordfish", False), (8100, "fmf4", "0362", "Finned Mutant Jellyfish", False),
    (8200, "fmf5", "0363", "Finned Mutant Squirmbag", False), (8300, "fmf6", "0364", "Finned Mutant Whale", False),
    (8400, "fmf7", "0365", "Finned Mutant Leviathan", False), (8450, "kf", "xxxx", "Kraken Fish", False),
    (8500, "fc", "xxxx", "Forcing Chain", True), (8600, "fn", "xxxx", "Forcing Net", True),
    (8700, "ts", "1201", "Template Set", False), (8800, "td", "1202", "Template Delete", False),
    (8900, "bf", "xxxx", "Brute Force", True),
)
ROWS = {row.code: row for row in STEP_TABLE}

# Codes of one kind of step that HoDoKu scores under a row of the table (its /lt codes of the kinds).
ALIASES = {"sc1": "sc", "sc2": "sc", "mc1": "mc", "mc2": "mc", "cnl": "nl", "dnl": "nl", "aic": "nl",
           "gcnl": "gnl", "gdnl": "gnl", "gaic": "gnl", "fcc": "fc", "fcv": "fc", "fnc": "fn", "fnv": "fn",
           "kf1": "kf", "kf2": "kf"}

# HoDoKu's own name of each kind of step (its solution types), by /lt code: what its step lists and
# ``hodoku_hardest_code`` say.
NAMES = {
    "fh": "FULL_HOUSE", "n1": "NAKED_SINGLE", "h1": "HIDDEN_SINGLE", "l2": "LOCKED_PAIR", "l3": "LOCKED_TRIPLE",
    "lc1": "LOCKED_CANDIDATES_1", "lc2": "LOCKED_CANDIDATES_2", "n2": "NAKED_PAIR", "n3": "NAKED_TRIPLE",
    "h2": "HIDDEN_PAIR", "h3": "HIDDEN_TRIPLE", "n4": "NAKED_QUADRUPLE", "h4": "HIDDEN_QUADRUPLE",
    **{f"{kind}{size}": f"{prefix}{fish}" for kind, prefix in (
        ("bf", ""), ("fbf", "FINNED_"), ("sbf", "SASHIMI_"), ("ff", "FRANKEN_"), ("fff", "FINNED_FRANKEN_"),
        ("mf", "MUTANT_"), ("fmf", "FINNED_MUTANT_"))
       for size, fish in enumerate(("X_WING", "SWORDFISH", "JELLYFISH", "SQUIRMBAG", "WHALE", "LEVIATHAN"), 2)},
    "rp": "REMOTE_PAIR", "bug1": "BUG_PLUS_1", "sk": "SKYSCRAPER", "2sk": "TWO_STRING_KITE",
    "d2sk": "DUAL_TWO_STRING_KITE", "tf": "TURBOT_FISH", "er": "EMPTY_RECTANGLE", "der": "DUAL_EMPTY_RECTANGLE",
    "w": "W_WING", "xy": "XY_WING", "xyz": "XYZ_WING",
    **{f"u{n}": f"UNIQUENESS_{n}" for n in range(1, 7)},
    "hr": "HIDDEN_RECTANGLE", "ar1": "AVOIDABLE_RECTANGLE_1", "ar2": "AVOIDABLE_RECTANGLE_2", "sdc": "SUE_DE_COQ",
    "sc": "SIMPLE_COLORS_TRAP", "sc1": "SIMPLE_COLORS_TRAP", "sc2": "SIMPLE_COLORS_WRAP",
    "mc": "MULTI_COLORS_1", "mc1": "MULTI_COLORS_1", "mc2": "MULTI_COLORS_2", "x": "X_CHAIN", "xyc": "XY_CHAIN",
    "nl": "CONTINUOUS_NICE_LOOP", "cnl": "CONTINUOUS_NICE_LOOP", "dnl": "DISCONTINUOUS_NICE_LOOP", "aic": "AIC",
    "gnl": "GROUPED_CONTINUOUS_NICE_LOOP", "gcnl": "GROUPED_CONTINUOUS_NICE_LOOP",
    "gdnl": "GROUPED_DISCONTINUOUS_NICE_LOOP", "gaic": "GROUPED_AIC",
    "axz": "ALS_XZ", "axy": "ALS_XY_WING", "ach": "ALS_XY_CHAIN", "db": "DEATH_BLOSSOM",
    "kf": "KRAKEN_FISH_TYPE_1", "kf1": "KRAKEN_FISH_TYPE_1", "kf2": "KRAKEN_FISH_TYPE_2",
    "fc": "FORCING_CHAIN_CONTRADICTION", "fcc": "FORCING_CHAIN_CONTRADICTION", "fcv": "FORCING_CHAIN_VERITY",
    "fn": "FORCING_NET_CONTRADICTION", "fnc": "FORCING_NET_CONTRADICTION", "fnv": "FORCING_NET_VERITY",
    "ts": "TEMPLATE_SET", "td": "TEMPLATE_DEL", "bf": "BRUTE_FORCE",
}

# Rows whose steps HoDoKu collects in full and sorts before taking one (the others: first found).
# (Franken fish: the first HoDoKu's scan meets, ``hodoku_order.FRANKEN``.)
EXHAUSTIVE = frozenset({"rp", "tf", "x", "xyc", "nl", "gnl", "axz", "axy", "ach", "db", "kf", "fc", "fn"}
                       | {f"{kind}{size}" for kind in ("mf", "fmf") for size in range(2, 8)})

# The singles, found as HoDoKu finds them: from its queues.
SINGLES = {"fh": hodoku_queues.Queues.full_house, "n1": hodoku_queues.Queues.naked_single,
           "h1": hodoku_queues.Queues.hidden_single}

# Rows whose steps the mode finds with HoDoKu's own search, not the registry's finder: HoDoKu's
# remote pairs are paths, sudokit's clusters; its nice loops, AICs and forcing chains come from its
# implication tables, one chain per fact reached, not sudokit's own searches (``hodoku_chains``);
# its Sue de Coq, ALS moves and rectangles from its own scans, parts and limits (``als.hodoku_*``,
# ``uniqueness.hodoku_rectangles``).
OWN_FINDERS: dict[str, tuple[Finder, ...]] = {
    "rp": (hodoku_chains.remote_pairs,), "nl": (hodoku_chains.nice_loops,),
    "gnl": (hodoku_chains.grouped_nice_loops,), "fc": (hodoku_chains.forcing_chains,),
    "sdc": (als.hodoku_sue_de_coq,), "axz": (als.hodoku_als_xz,), "axy": (als.hodoku_als_xy_wing,),
    "ach": (als.hodoku_als_chain,),
    **{code: (partial(uniqueness.hodoku_rectangles, name=name),) for code, name in (
        ("u1", "unique_rectangle_1"), ("u2", "unique_rectangle_2"), ("u3", "unique_rectangle_3"),
        ("u4", "unique_rectangle_4"), ("u5", "unique_rectangle_5"), ("u6", "unique_rectangle_6"),
        ("hr", "hidden_rectangle"))},
}

# Rows whose own finder gives its steps in HoDoKu's order (its comparison applied to its list as
# found, where ties keep that list's order): the first is taken.
RANKED = frozenset({"nl", "gnl", "fc"})

# Rows whose chains HoDoKu's default solver builds without almost locked sets as nodes.
WITHOUT_ALS = frozenset({"gnl", "fc", "fn"})

# A level's ceiling: a path scoring more is raised to the next level (extreme has none).
MAX_SCORE = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}


def row_of(name: str | Technique) -> Row | None:
    """The step-table row a technique is scored under (None: not a HoDoKu technique)."""
    found = technique(name) if isinstance(name, str) else name
    if found.family in MODE_ONLY:
        return None
    return ROWS.get(ALIASES.get(found.hodoku_code, found.hodoku_code))


def code_of(name: str | Technique) -> str | None:
    """HoDoKu's own name of a technique's kind of step (``LOCKED_CANDIDATES_1``; None: not HoDoKu's)."""
    found = technique(name) if isinstance(name, str) else name
    if row_of(found) is None:
        return None
    own = found.name.upper()  # the kinds of nice loop are named alike (aic: AIC)
    return own if own in _ROW_OF_NAME else NAMES.get(found.hodoku_code)


def step_code(step: Step) -> str | None:
    """HoDoKu's own name of a step's kind: ``code_of`` its technique, a Simple Colors step told trap
    (it removes from cells outside the cluster) from wrap (from the cluster's own cells)."""
    code = code_of(step.technique)
    if code == "SIMPLE_COLORS_TRAP" and step.eliminations and all(c in step.cells for c, _ in step.eliminations):
        return "SIMPLE_COLORS_WRAP"
    return code


def row_of_code(code: str) -> Row | None:
    """The step-table row of HoDoKu's name of a kind of step (``GROUPED_AIC`` -> ``gnl``)."""
    return _ROW_OF_NAME.get(code)


def techniques(registered: Iterable[Technique] | None = None) -> tuple[str, ...]:
    """HoDoKu's default set in its order: every registered technique of a default row, row by row."""
    table = list(TECHNIQUES.values() if registered is None else registered)
    by_row: dict[str, list[str]] = {}
    for t in table:
        if (row := row_of(t)) is not None:
            by_row.setdefault(row.code, []).append(t.name)
    return tuple(name for row in STEP_TABLE if row.default for name in by_row.get(row.code, []))


def missing() -> tuple[Row, ...]:
    """The rows of HoDoKu's step table that no registered technique fills (Brute Force is the
    engine's guess); those of its default set are skipped by the mode."""
    have = {row.code for name in TECHNIQUES if (row := row_of(name)) is not None}
    return tuple(row for row in STEP_TABLE if row.code not in have | {"bf"})


_ROW_OF_NAME = {name: ROWS[ALIASES.get(code, code)] for code, name in NAMES.items()
                if ALIASES.get(code, code) in ROWS}
_ROW_OF_NAME |= {"DUAL_TWO_STRING_KITE": ROWS["2sk"], "DUAL_EMPTY_RECTANGLE": ROWS["er"]}


# ---- the choice of step


def preference(step: Step) -> tuple[int, int, int, int, int]:
    """How HoDoKu ranks the steps of an exhaustive search (smallest first): most placements, most
    eliminations, eliminations earliest in the grid (its weighted index sum), shortest chain, fewest
    ALS cells."""
    if step.placements:
        where = sum(cell for cell, _ in step.placements)
    else:
        ordered = sorted(step.eliminations, key=lambda c: (c[1], c[0]))
        where = sum(cell * (1 + 80 * i) + digit for i, (cell, digit) in enumerate(ordered))
    return (-len(step.placements), -len(step.eliminations), where, step.length,
            sum(len(cells) for cells in step.als))


def choose(view: View, finders: Sequence[Finder]) -> Step | None:
    """HoDoKu's next step: the first row (in the finders' order) that finds one; within a row, the
    first found, or the best by ``preference`` for an exhaustive row; singles as HoDoKu's queues
    give them (``hodoku_queues``)."""
    queues = hodoku_queues.follow(view)
    found = _choose(view, finders, queues)
    step = hodoku_order.in_order(found[0], found[1], view.geometry) if found else None
    hodoku_queues.taken(view, queues, step)
    return step


def _choose(view: View, finders: Sequence[Finder], queues: hodoku_queues.Queues) -> tuple[str, Step] | None:
    """The row and step HoDoKu takes next."""
    for code, group in _groups(tuple(finders)):
        group = OWN_FINDERS.get(code, group)
        step: Step | None
        if code in SINGLES:
            step = SINGLES[code](queues)
        elif code in RANKED:
            step = next(_accepted_steps(view, code, group), None)
        elif code in EXHAUSTIVE:
            step = min(_accepted_steps(view, code, group), key=preference, default=None)
        elif code in hodoku_order.SCAN:
            scan = hodoku_order.SCAN[code]
            step = min(_accepted_steps(view, code, group), key=lambda s: scan(s, view.geometry), default=None)
        else:
            step = next(_accepted_steps(view, code, group), None)
        if step is not None:
            return code, step
    return None


def _accepted_steps(view: View, code: str, group: Sequence[Finder]) -> Iterator[Step]:
    """The steps a row's finders find that HoDoKu takes, the deadline polled before each finder."""
    for find in group:
        view.poll()
        yield from (step for step in find(view) if accepted(code, step))


def accepted(code: str, step: Step) -> bool:
    """Whether HoDoKu's default solver takes this step of the row ``code``."""
    if code in WITHOUT_ALS:
        return not step.als
    if code in ("l2", "l3"):
        box = set(geometry(step.size).units[step.units[0]])
        return any(cell in box for cell, _ in step.eliminations) and any(
            cell not in box for cell, _ in step.eliminations)
    return True


@cache
def _groups(finders: tuple[Finder, ...]) -> tuple[tuple[str, tuple[Finder, ...]], ...]:
    """The finders in runs that share a step-table row (a finder of no row runs alone)."""
    code_of = {t.find: (row.code if (row := row_of(t.name)) else "") for t in TECHNIQUES.values()}
    runs: list[tuple[str, list[Finder]]] = []
    for find in finders:
        code = code_of.get(find, "")
        if runs and code and runs[-1][0] == code:
            runs[-1][1].append(find)
        else:
            runs.append((code, [find]))
    return tuple((code, tuple(group)) for code, group in runs)


# ---- the rating


def raised_level(level: str, score: int) -> str:
    """``level`` raised while ``score`` is above its ceiling (HoDoKu's difficulty levels)."""
    while level in MAX_SCORE and score > MAX_SCORE[level]:
        level = LEVELS[LEVELS.index(level) + 1]
    return level


def hardest(steps: Sequence[Step]) -> Step | None:
    """The step of highest level, then highest base score; the earliest of equals."""
    def weight(step: Step) -> tuple[int, int]:
        t = technique(step.technique)
        return LEVELS.index(t.level), t.hodoku_score

    return max(steps, key=weight, default=None)


def rate(steps: Sequence[Step]) -> rating.Rating:
    """A path rated as HoDoKu rates it: the score is the sum of base scores, the level the highest
    step level raised by the score, the hardest step HoDoKu's; the SE figures as in any mode."""
    base = rating.rate(steps)
    score = sum(technique(step.technique).hodoku_score for step in steps)
    top = hardest(steps)
    level = raised_level(technique(top.technique).level, score) if top else LEVELS[0]
    return replace(base, score=score, level=level, hardest=top.technique if top else None,
                   hardest_code=step_code(top) if top else None)
