"""Ratings of a solve path on the community's scales, and whose number each is.

Whose number a figure is depends on the path it rates (``docs/concepts/ratings.md``): SE mode's
path gives Sudoku Explainer's ER/EP/ED, HoDoKu mode's gives HoDoKu's score and level, and any
other path (the default mode, a preset, a guess) gives sudokit's own engine's figures, which are
on the same scales but are nobody else's numbers. ``owned`` names each figure after its owner.

- Sudoku Explainer style: the rating of the hardest step (SE rates a puzzle by its hardest step);
  a chain's length adds to its technique's rating as in SE;
- HoDoKu style: the sum of the steps' base scores, and the level of the hardest step.

A guess rates like HoDoKu's Brute Force (10000, extreme) and SE's "beyond its techniques" (20.0).
EP and ED are computed as SE's rater (serate 1.2.1.3) does: ED is the first step's rating, EP the
hardest rating up to and including the first step that places a digit (SE's direct hints and the
chains that prove a value place one; its eliminations, BUG type 1 included, do not).
On the engine's path (the default mode, a preset) these are the engine's figures, not SE's or
HoDoKu's: SE takes its steps in a different order. A guessed path's 20.0 is the engine's only; no
surface shows it as an ER (``owner``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from sudokit.solvers.human import registry
from sudokit.solvers.human.registry import GUESS, LEVELS, Technique, technique
from sudokit.solvers.human.steps import Step


@dataclass(frozen=True)
class Rating:
    """How hard a solve path is."""

    se_rating: float  # the hardest step's (SE's ER)
    score: int | None  # HoDoKu-style; None in a mode that has no such figure (SE's)
    level: str | None
    hardest: str | None  # the technique of the hardest step
    techniques: tuple[str, ...]  # every technique used, sorted
    guessed: bool
    uniqueness: bool  # the path assumed the puzzle has one solution (unique rectangles, BUG)
    ep: float = 0.0  # SE's EP: the hardest step up to the first placement
    ed: float = 0.0  # SE's ED: the first step's rating
    mode: str = "default"  # whose rating this is (``modes.MODES``)
    effort: float | None = None  # the path's human effort (``effort.path_effort``), once a solve sets it
    hardest_code: str | None = None  # HoDoKu's own name of the hardest step's kind (HoDoKu mode)

    def with_effort(self, effort: float) -> Rating:
        """The rating with the path's effort: what ``dataclasses.replace`` gives, copied at once (every solve
        that finishes makes one; a frozen dataclass's ``__init__`` sets its fields one by one)."""
        rated = object.__new__(Rating)
        rated.__dict__.update(self.__dict__, effort=effort)
        return rated

    @property
    def owner(self) -> str:
        """Whose figures these are: ``se`` (Sudoku Explainer's), ``hodoku`` (HoDoKu's) or ``engine``
        (sudokit's own engine's: the default mode, a preset, a guessed path)."""
        return owner(self.mode, self.guessed)

    def to_dict(self) -> dict:
        """The rating with its figures under their owner's names (``owned``)."""
        return {"mode": self.mode, "owner": self.owner, **owned(self, solved=True), "effort": self.effort,
                "guessed": self.guessed, "uniqueness": self.uniqueness}

    def figures(self, effort: float | None = None) -> str:
        """The rating's figures as text, under their owner's name, and the effort.

        >>> Rating(7.1, None, None, "x_wing", (), False, False, ep=7.1, ed=2.0, mode="se").figures(812.4)
        'SE ER/EP/ED 7.1/7.1/2.0, effort 812'
        >>> Rating(2.3, 48, "easy", "naked_single", (), False, False, ep=2.3, ed=2.3).figures()
        'engine rating 2.3/2.3/2.3, engine score 48 (easy)'
        """
        who = self.owner
        if who == "se":
            parts = [f"SE ER/EP/ED {self.se_rating}/{self.ep}/{self.ed}"]
        elif who == "hodoku":
            parts = [f"HoDoKu score {self.score} ({self.level})"]
        else:
            parts = [f"engine rating {self.se_rating}/{self.ep}/{self.ed}"]
            if self.score is not None:
                parts.append(f"engine score {self.score} ({self.level})")
        effort = self.effort if effort is None else effort
        if effort is not None:
            parts.append(f"effort {effort:.0f}")
        return ", ".join(parts)


OWNERS = ("se", "hodoku", "engine")
# Each owner's figures, by key: SE's keep SE's own names (the bundled sets' columns ``se_rating, ep, ed``).
OWNED_KEYS = {
    "se": ("se_rating", "ep", "ed", "se_hardest", "se_techniques"),
    "hodoku": ("hodoku_score", "hodoku_level", "hodoku_hardest", "hodoku_techniques", "hodoku_hardest_code"),
    "engine": ("engine_rating", "engine_ep", "engine_ed", "engine_score", "engine_level", "engine_hardest",
               "engine_techniques"),
}


def owner(mode: str, guessed: bool = False) -> str:
    """Whose figures a path of ``mode`` gives: a guessed path is never SE's or HoDoKu's (neither guesses).

    >>> owner("se"), owner("se", guessed=True), owner("hodoku"), owner("default")
    ('se', 'engine', 'hodoku', 'engine')
    """
    return mode if mode in ("se", "hodoku") and not guessed else "engine"


def owned(rating: Rating, *, solved: bool) -> dict:
    """The rating's figures under its owner's keys (``OWNED_KEYS``); an unfinished path's ratings are
    null (its hardest step and techniques so far are kept).

    >>> owned(Rating(3.2, None, None, "x_wing", ("x_wing",), False, False, 3.2, 1.5, "se"), solved=True)
    {'se_rating': 3.2, 'ep': 3.2, 'ed': 1.5, 'se_hardest': 'x_wing', 'se_techniques': ['x_wing']}
    """
    who = rating.owner
    figures: tuple = {
        "se": (rating.se_rating, rating.ep, rating.ed),
        "hodoku": (rating.score, rating.level),
        "engine": (rating.se_rating, rating.ep, rating.ed, rating.score, rating.level),
    }[who]
    if not solved:
        figures = (None,) * len(figures)
    named = (rating.hardest_code,) if who == "hodoku" else ()  # HoDoKu's own name beside sudokit's
    return dict(zip(OWNED_KEYS[who], (*figures, rating.hardest, list(rating.techniques), *named), strict=True))


def unowned(why: str, *owners: str) -> dict:
    """Each owner's keys null, with ``{owner}_missing`` saying why (a mode not run, a size it does not take)."""
    return {key: value for who in owners
            for key, value in (*((k, None) for k in OWNED_KEYS[who]), (f"{who}_missing", why))}


def rate(steps: Sequence[Step], tally: dict[str, int] | None = None, effort: float | None = None) -> Rating:
    """The rating of a solve path; ``tally``, where known, its steps counted by technique (a technique
    may count 0), every step plain (no chain, no rating of its own): the steps are then read only up
    to the first placement; ``effort``, the path's (``Rating.with_effort``), where known.

    >>> from sudokit.solvers.human.steps import Step
    >>> rate([Step("hidden_single", 9), Step("x_wing", 9), Step("naked_single", 9)])
    Rating(se_rating=3.2, score=158, level='hard', hardest='x_wing', techniques=('hidden_single', 'naked_single', 'x_wing'), guessed=False, uniqueness=False, ep=3.2, ed=1.5, mode='default', effort=None, hardest_code=None)
    """
    kinds: dict[tuple[str, int, float], int]  # each (technique, chain length, own rating) met: how many steps
    if tally is not None:
        kinds = {(name, 0, 0.0): count for name, count in tally.items() if count}
    elif any(map(_LENGTH, steps)) or any(map(_DIFFICULTY, steps)):
        kinds = Counter(map(_KIND, steps))
    else:  # (the usual path, without chains or steps rated on their own: counted by technique, in C, with no
        # Counter's Python code to run: it costs most when the caches are cold)
        met = list(map(_TECHNIQUE, steps))
        kinds = {(name, 0, 0.0): met.count(name) for name in dict.fromkeys(met)}
    top = None  # the hardest step's (SE rating, level's index, technique), the largest of them
    score = level = 0
    names: set[str] = set()
    guessed = uniqueness = False
    known: dict[tuple[str, int], _Facts] = {}  # (each kind's facts, for EP and ED)
    for (name, length, difficulty), count in kinds.items():
        facts = _FACTS.get((name, length))
        if facts is None or facts.technique is not (registry.TECHNIQUES.get(name) or GUESS):  # (``_facts``, asked only then)
            facts = _facts(name, length)
        known[name, length] = facts
        rated = (difficulty or facts.se_rating, facts.level, facts.name)
        top = rated if top is None or rated > top else top
        score += facts.score * count
        level = max(level, facts.level)
        names.add(facts.name)
        guessed = guessed or facts.guess
        uniqueness = uniqueness or facts.uniqueness
    placing = 0  # the first step that places a digit, else the last
    while placing < len(steps) - 1 and not steps[placing].placements:
        placing += 1
    rated_steps = [s.difficulty or known[s.technique, s.length].se_rating for s in steps[: placing + 1]]
    made = object.__new__(Rating)  # (what ``Rating(...)`` makes, set at once: see ``Rating.with_effort``)
    made.__dict__.update(_UNRATED, se_rating=top[0] if top else 0.0, score=score, level=LEVELS[level],
                          hardest=top[2] if top else None, techniques=tuple(sorted(names)), guessed=guessed,
                          uniqueness=uniqueness, ep=max(rated_steps, default=0.0), ed=rated_steps[0] if steps else 0.0,
                          effort=effort)
    return made


_UNRATED = Rating(0.0, None, None, None, (), False, False).__dict__  # every field's default (``rate`` sets the rest)
_KIND = attrgetter("technique", "length", "difficulty")  # what a step's rating depends on
_TECHNIQUE, _LENGTH, _DIFFICULTY = attrgetter("technique"), attrgetter("length"), attrgetter("difficulty")


class _Facts(NamedTuple):
    """What rating a step of a technique needs (its chain's length given): kept per technique and length."""

    technique: Technique
    name: str
    se_rating: float  # the technique's plus the chain's (``se_rating``), for a step without its own
    level: int  # the index of its level in ``LEVELS``
    score: int
    guess: bool
    uniqueness: bool


_FACTS: dict[tuple[str, int], _Facts] = {}


def _facts(name: str, length: int) -> _Facts:
    """The rating facts of a step of technique ``name``, with a chain of ``length`` (kept while the
    registry holds the same technique under that name)."""
    used = technique(name)
    kept = _FACTS.get((name, length))
    if kept is None or kept.technique is not used:
        kept = _FACTS[name, length] = _Facts(used, used.name, round(used.se_rating + chain_bonus(length), 1),
                                             LEVELS.index(used.level), used.hodoku_score, used is GUESS,
                                             used.family == "uniqueness")
    return kept


def se_rating(step: Step) -> float:
    """A step's SE-style rating: its own (``Step.difficulty``) when it has one, else its technique's
    plus what its chain's length adds."""
    return step.difficulty or _facts(step.technique, step.length).se_rating


def chain_bonus(length: int) -> float:
    """What a chain of ``length`` nodes adds to its technique's SE rating, as Sudoku Explainer counts.

    SE adds 0.1 each time the length (less its two ends) passes a ceiling: 4, 6, 8, 12, 16, 24,
    32, 48, … (alternately times 3/2 and 4/3).

    >>> [chain_bonus(n) for n in (0, 6, 7, 10, 11, 30)]
    [0.0, 0.0, 0.1, 0.2, 0.3, 0.6]
    """
    bonus, ceiling, grow = 0.0, 4, (3, 2)
    while length - 2 > ceiling:
        bonus += 0.1
        ceiling = ceiling * grow[0] // grow[1]
        grow = (4, 3) if grow == (3, 2) else (3, 2)
    return round(bonus, 1)
