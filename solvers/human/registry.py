"""THE technique registry: name → finder and the community's facts about it, easiest first.

The order is HoDoKu's solving order; the facts (Sudoku Explainer rating, HoDoKu code, base score
and level) come from ``technique_reference.csv`` and HoDoKu's step table. Sudoku Explainer has no
Locked Pair/Triple (it meets them as Naked Pair/Triplet: 3.0/3.6), no finned fish, single-digit
patterns or W-Wing (it meets them as X- and XY-chains: 6.6), and no ALS moves or Sue de Coq (it
needs forcing chains for them: 7.0-7.5); those ratings are the ones it would give. Unique
rectangles and BUG+1 take SE's own (4.5-4.7, 5.6). SE rates a hidden single in a
box 1.2 and in a line 1.5: the registry keeps 1.5.

>>> TECHNIQUES["x_wing"].hodoku_code, PRESETS["basic"][:3]
('bf2', ('full_house', 'naked_single', 'hidden_single'))
"""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.models.errors import UnknownName
from sudokit.solvers.human.steps import Finder
from sudokit.solvers.human.techniques import (
    als,
    chains,
    coloring,
    fish,
    forcing,
    guessing,
    intersections,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")  # HoDoKu's difficulty levels


@dataclass(frozen=True)
class Technique:
    """A technique: its finder, its HoDoKu title and code, and how hard the community rates it."""

    name: str
    title: str
    family: str
    se_rating: float
    hodoku_code: str
    hodoku_score: int
    level: str
    find: Finder


def _registry(*techniques: Technique) -> dict[str, Technique]:
    return {t.name: t for t in techniques}


TECHNIQUES: dict[str, Technique] = _registry(
    Technique("full_house", "Full House", "singles", 1.0, "fh", 4, "easy", singles.full_house),
    Technique("naked_single", "Naked Single", "singles", 2.3, "n1", 4, "easy", singles.naked_single),
    Technique("hidden_single", "Hidden Single", "singles", 1.5, "h1", 14, "easy", singles.hidden_single),
    Technique("locked_pair", "Locked Pair", "intersections", 3.0, "l2", 40, "medium", intersections.locked_pair),
    Technique("locked_triple", "Locked Triple", "intersections", 3.6, "l3", 60, "medium",
              intersections.locked_triple),
    Technique("locked_candidates_pointing", "Locked Candidates Type 1 (Pointing)", "intersections", 2.6, "lc1", 50,
              "medium", intersections.locked_candidates_pointing),
    Technique("locked_candidates_claiming", "Locked Candidates Type 2 (Claiming)", "intersections", 2.8, "lc2", 50,
              "medium", intersections.locked_candidates_claiming),
    Technique("naked_pair", "Naked Pair", "subsets", 3.0, "n2", 60, "medium", subsets.naked_pair),
    Technique("naked_triple", "Naked Triple", "subsets", 3.6, "n3", 80, "medium", subsets.naked_triple),
    Technique("hidden_pair", "Hidden Pair", "subsets", 3.4, "h2", 70, "medium", subsets.hidden_pair),
    Technique("hidden_triple", "Hidden Triple", "subsets", 4.0, "h3", 100, "medium", subsets.hidden_triple),
    Technique("naked_quad", "Naked Quadruple", "subsets", 5.0, "n4", 120, "hard", subsets.naked_quad),
    Technique("hidden_quad", "Hidden Quadruple", "subsets", 5.4, "h4", 150, "hard", subsets.hidden_quad),
    Technique("x_wing", "X-Wing", "fish", 3.2, "bf2", 140, "hard", fish.x_wing),
    Technique("swordfish", "Swordfish", "fish", 3.8, "bf3", 150, "hard", fish.swordfish),
    Technique("jellyfish", "Jellyfish", "fish", 5.2, "bf4", 160, "hard", fish.jellyfish),
    Technique("remote_pair", "Remote Pair", "chains", 6.6, "rp", 110, "hard", chains.remote_pair),
    Technique("bug_plus_1", "Bivalue Universal Grave + 1", "uniqueness", 5.6, "bug1", 100, "hard",
              uniqueness.bug_plus_1),
    Technique("skyscraper", "Skyscraper", "single_digit", 6.6, "sk", 130, "hard", single_digit.skyscraper),
    Technique("two_string_kite", "2-String Kite", "single_digit", 6.6, "2sk", 150, "hard", single_digit.two_string_kite),
    Technique("turbot_fish", "Turbot Fish", "single_digit", 6.6, "tf", 120, "hard", single_digit.turbot_fish),
    Technique("empty_rectangle", "Empty Rectangle", "single_digit", 6.6, "er", 120, "hard", single_digit.empty_rectangle),
    Technique("w_wing", "W-Wing", "wings", 6.6, "w", 150, "hard", wings.w_wing),
    Technique("xy_wing", "XY-Wing", "wings", 4.2, "xy", 160, "hard", wings.xy_wing),
    Technique("xyz_wing", "XYZ-Wing", "wings", 4.4, "xyz", 180, "hard", wings.xyz_wing),
    Technique("unique_rectangle_1", "Uniqueness Test 1", "uniqueness", 4.5, "u1", 100, "hard",
              uniqueness.unique_rectangle_1),
    Technique("unique_rectangle_2", "Uniqueness Test 2", "uniqueness", 4.6, "u2", 100, "hard",
              uniqueness.unique_rectangle_2),
    Technique("unique_rectangle_3", "Uniqueness Test 3", "uniqueness", 4.7, "u3", 100, "hard",
              uniqueness.unique_rectangle_3),
    Technique("unique_rectangle_4", "Uniqueness Test 4", "uniqueness", 4.6, "u4", 100, "hard",
              uniqueness.unique_rectangle_4),
    Technique("hidden_rectangle", "Hidden Rectangle", "uniqueness", 4.6, "hr", 100, "hard",
              uniqueness.hidden_rectangle),
    Technique("finned_x_wing", "Finned X-Wing", "fish", 6.6, "fbf2", 130, "hard", fish.finned_x_wing),
    Technique("sashimi_x_wing", "Sashimi X-Wing", "fish", 6.6, "sbf2", 150, "hard", fish.sashimi_x_wing),
    Technique("finned_swordfish", "Finned Swordfish", "fish", 6.6, "fbf3", 200, "unfair", fish.finned_swordfish),
    Technique("sashimi_swordfish", "Sashimi Swordfish", "fish", 6.6, "sbf3", 240, "unfair", fish.sashimi_swordfish),
    Technique("finned_jellyfish", "Finned Jellyfish", "fish", 6.6, "fbf4", 250, "unfair", fish.finned_jellyfish),
    Technique("sashimi_jellyfish", "Sashimi Jellyfish", "fish", 6.6, "sbf4", 260, "unfair", fish.sashimi_jellyfish),
    Technique("sue_de_coq", "Sue de Coq", "als", 7.0, "sdc", 250, "unfair", als.sue_de_coq),
    Technique("simple_colors", "Simple Colors", "coloring", 6.5, "sc", 150, "hard", coloring.simple_colors),
    Technique("multi_colors_1", "Multi Colors 1", "coloring", 6.6, "mc1", 200, "hard", coloring.multi_colors_1),
    Technique("multi_colors_2", "Multi Colors 2", "coloring", 6.6, "mc2", 200, "hard", coloring.multi_colors_2),
    Technique("x_chain", "X-Chain", "chains", 6.6, "x", 260, "unfair", chains.x_chain),
    Technique("xy_chain", "XY-Chain", "chains", 6.6, "xyc", 260, "unfair", chains.xy_chain),
    Technique("continuous_nice_loop", "Continuous Nice Loop", "chains", 7.0, "nl", 280, "unfair",
              chains.continuous_nice_loop),
    Technique("discontinuous_nice_loop", "Discontinuous Nice Loop", "chains", 7.0, "nl", 280, "unfair",
              chains.discontinuous_nice_loop),
    Technique("aic", "AIC", "chains", 7.0, "nl", 280, "unfair", chains.aic),
    Technique("grouped_continuous_nice_loop", "Grouped Continuous Nice Loop", "chains", 7.0, "gnl", 300, "unfair",
              chains.grouped_continuous_nice_loop),
    Technique("grouped_discontinuous_nice_loop", "Grouped Discontinuous Nice Loop", "chains", 7.0, "gnl", 300,
              "unfair", chains.grouped_discontinuous_nice_loop),
    Technique("grouped_aic", "Grouped AIC", "chains", 7.0, "gnl", 300, "unfair", chains.grouped_aic),
    Technique("als_xz", "Almost Locked Set XZ-Rule", "als", 7.5, "axz", 300, "unfair", als.als_xz),
    Technique("als_xy_wing", "Almost Locked Set XY-Wing", "als", 7.5, "axy", 320, "unfair", als.als_xy_wing),
    Technique("forcing_chain_contradiction", "Forcing Chain Contradiction", "forcing", 7.5, "fcc", 500, "extreme",
              forcing.forcing_chain_contradiction),
    Technique("forcing_chain_verity", "Forcing Chain Verity", "forcing", 8.0, "fcv", 500, "extreme",
              forcing.forcing_chain_verity),
    Technique("forcing_net_contradiction", "Forcing Net Contradiction", "forcing", 8.5, "fnc", 700, "extreme",
              forcing.forcing_net_contradiction),
    Technique("forcing_net_verity", "Forcing Net Verity", "forcing", 8.5, "fnv", 700, "extreme",
              forcing.forcing_net_verity),
)

# The engine's last resort, rated as HoDoKu rates Brute Force and SE a puzzle beyond its techniques.
GUESS = Technique("guess", "Guess", "guessing", 20.0, "bf", 10000, "extreme", guessing.guess)


def _families(*families: str) -> tuple[str, ...]:
    return tuple(name for name, t in TECHNIQUES.items() if t.family in families)


PRESETS: dict[str, tuple[str, ...]] = {
    "singles": _families("singles"),
    "intersections": _families("singles", "intersections"),
    "basic": _families("singles", "intersections", "subsets"),
    "chains": _families("singles", "chains"),
    "full": tuple(TECHNIQUES),
    "no-uniqueness": tuple(name for name, t in TECHNIQUES.items() if t.family != "uniqueness"),
}


def technique(name: str) -> Technique:
    """The technique called ``name`` (or the guess); ``KeyError`` names the choices."""
    if name == GUESS.name:
        return GUESS
    try:
        return TECHNIQUES[name]
    except KeyError:
        raise UnknownName(f"unknown technique {name!r}; choose from {', '.join(TECHNIQUES)}") from None


def preset(name: str) -> tuple[str, ...]:
    """The technique names of a preset; ``KeyError`` names the choices."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UnknownName(f"unknown preset {name!r}; choose from {', '.join(PRESETS)}") from None
