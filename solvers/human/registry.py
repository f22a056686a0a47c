"""THE technique registry: name → finder and the community's facts about it, easiest first.

The order is HoDoKu's solving order; the facts (Sudoku Explainer rating, HoDoKu code, base score
and level) come from ``technique_reference.csv`` and HoDoKu's step table. Sudoku Explainer has no
Locked Pair/Triple (it meets them as Naked Pair/Triplet: 3.0/3.6), no finned fish, single-digit
patterns or W-Wing (it meets them as X- and XY-chains: 6.6), and no ALS moves or Sue de Coq (it
needs forcing chains for them: 7.0-7.5); those ratings are the ones it would give. Unique
rectangles and BUG+1 take SE's own (4.5-4.7, 5.6). Franken, Mutant and big fish take the finned
fish's 6.6, Kraken fish (chains from each fin) a forcing chain's 7.5. SE rates a hidden single in a
box 1.2 and in a line 1.5: the registry keeps 1.5.

A technique is any function ``find(view) -> Iterable[Step]``; ``register`` adds one (a researcher's
own, say) without editing this module, after the built-in ones.

>>> TECHNIQUES["x_wing"].hodoku_code, PRESETS["basic"][:3]
('bf2', ('full_house', 'naked_single', 'hidden_single'))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sudokit.models.candidates import Candidates
from sudokit.models.errors import UnknownName
from sudokit.solvers.human import steps
from sudokit.solvers.human.se import bug as se_bug
from sudokit.solvers.human.se import chaining as se_chaining
from sudokit.solvers.human.se import direct as se_direct
from sudokit.solvers.human.se import exclusion as se_exclusion
from sudokit.solvers.human.se import singles as se_singles
from sudokit.solvers.human.se import uniqueness as se_uniqueness
from sudokit.solvers.human.steps import Finder, Step
from sudokit.solvers.human.techniques import (
    als,
    chains,
    coloring,
    complex_fish,
    fish,
    forcing,
    guessing,
    intersections,
    kraken,
    single_digit,
    singles,
    subsets,
    templates,
    uniqueness,
    wings,
)
from sudokit.solvers.human.view import View

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")  # HoDoKu's difficulty levels


@dataclass(frozen=True, kw_only=True)
class Technique:
    """A technique: its finder, its HoDoKu title and code, and how hard the community rates it."""

    name: str
    title: str
    family: str
    se_rating: float
    hodoku_code: str
    hodoku_score: int
    level: str
    find: Finder  # takes a View
    in_full: bool = True  # in the "full" preset (HoDoKu's default set leaves some out: usable by name)

    def steps(self, state: Candidates | View) -> Iterator[Step]:
        """The technique's steps in a state (pencil marks or their view), as its finder yields them."""
        return iter(self.find(View.of(state)))


def _registry(*techniques: Technique) -> dict[str, Technique]:
    steps.TITLES.update((t.name, t.title) for t in techniques)
    return {t.name: t for t in techniques}


TECHNIQUES: dict[str, Technique] = _registry(
    Technique(name="full_house", title="Full House", family="singles",
              se_rating=1.0, hodoku_code="fh", hodoku_score=4, level="easy",
              find=singles.full_house),
    Technique(name="naked_single", title="Naked Single", family="singles",
              se_rating=2.3, hodoku_code="n1", hodoku_score=4, level="easy",
              find=singles.naked_single),
    Technique(name="hidden_single", title="Hidden Single", family="singles",
              se_rating=1.5, hodoku_code="h1", hodoku_score=14, level="easy",
              find=singles.hidden_single),
    Technique(name="locked_pair", title="Locked Pair", family="intersections",
              se_rating=3.0, hodoku_code="l2", hodoku_score=40, level="medium",
              find=intersections.locked_pair),
    Technique(name="locked_triple", title="Locked Triple", family="intersections",
              se_rating=3.6, hodoku_code="l3", hodoku_score=60, level="medium",
              find=intersections.locked_triple),
    Technique(name="locked_candidates_pointing", title="Locked Candidates Type 1 (Pointing)", family="intersections",
              se_rating=2.6, hodoku_code="lc1", hodoku_score=50, level="medium",
              find=intersections.locked_candidates_pointing),
    Technique(name="locked_candidates_claiming", title="Locked Candidates Type 2 (Claiming)", family="intersections",
              se_rating=2.8, hodoku_code="lc2", hodoku_score=50, level="medium",
              find=intersections.locked_candidates_claiming),
    Technique(name="naked_pair", title="Naked Pair", family="subsets",
              se_rating=3.0, hodoku_code="n2", hodoku_score=60, level="medium",
              find=subsets.naked_pair),
    Technique(name="naked_triple", title="Naked Triple", family="subsets",
              se_rating=3.6, hodoku_code="n3", hodoku_score=80, level="medium",
              find=subsets.naked_triple),
    Technique(name="hidden_pair", title="Hidden Pair", family="subsets",
              se_rating=3.4, hodoku_code="h2", hodoku_score=70, level="medium",
              find=subsets.hidden_pair),
    Technique(name="hidden_triple", title="Hidden Triple", family="subsets",
              se_rating=4.0, hodoku_code="h3", hodoku_score=100, level="medium",
              find=subsets.hidden_triple),
    Technique(name="naked_quad", title="Naked Quadruple", family="subsets",
              se_rating=5.0, hodoku_code="n4", hodoku_score=120, level="hard",
              find=subsets.naked_quad),
    Technique(name="hidden_quad", title="Hidden Quadruple", family="subsets",
              se_rating=5.4, hodoku_code="h4", hodoku_score=150, level="hard",
              find=subsets.hidden_quad),
    Technique(name="x_wing", title="X-Wing", family="fish",
              se_rating=3.2, hodoku_code="bf2", hodoku_score=140, level="hard",
              find=fish.x_wing),
    Technique(name="swordfish", title="Swordfish", family="fish",
              se_rating=3.8, hodoku_code="bf3", hodoku_score=150, level="hard",
              find=fish.swordfish),
    Technique(name="jellyfish", title="Jellyfish", family="fish",
              se_rating=5.2, hodoku_code="bf4", hodoku_score=160, level="hard",
              find=fish.jellyfish),
    Technique(name="remote_pair", title="Remote Pair", family="chains",
              se_rating=6.6, hodoku_code="rp", hodoku_score=110, level="hard",
              find=chains.remote_pair),
    Technique(name="bug_plus_1", title="Bivalue Universal Grave + 1", family="uniqueness",
              se_rating=5.6, hodoku_code="bug1", hodoku_score=100, level="hard",
              find=uniqueness.bug_plus_1),
    Technique(name="skyscraper", title="Skyscraper", family="single_digit",
              se_rating=6.6, hodoku_code="sk", hodoku_score=130, level="hard",
              find=single_digit.skyscraper),
    Technique(name="two_string_kite", title="2-String Kite", family="single_digit",
              se_rating=6.6, hodoku_code="2sk", hodoku_score=150, level="hard",
              find=single_digit.two_string_kite),
    Technique(name="turbot_fish", title="Turbot Fish", family="single_digit",
              se_rating=6.6, hodoku_code="tf", hodoku_score=120, level="hard",
              find=single_digit.turbot_fish),
    Technique(name="empty_rectangle", title="Empty Rectangle", family="single_digit",
              se_rating=6.6, hodoku_code="er", hodoku_score=120, level="hard",
              find=single_digit.empty_rectangle),
    Technique(name="w_wing", title="W-Wing", family="wings",
              se_rating=6.6, hodoku_code="w", hodoku_score=150, level="hard",
              find=wings.w_wing),
    Technique(name="xy_wing", title="XY-Wing", family="wings",
              se_rating=4.2, hodoku_code="xy", hodoku_score=160, level="hard",
              find=wings.xy_wing),
    Technique(name="xyz_wing", title="XYZ-Wing", family="wings",
              se_rating=4.4, hodoku_code="xyz", hodoku_score=180, level="hard",
              find=wings.xyz_wing),
    Technique(name="unique_rectangle_1", title="Uniqueness Test 1", family="uniqueness",
              se_rating=4.5, hodoku_code="u1", hodoku_score=100, level="hard",
              find=uniqueness.unique_rectangle_1),
    Technique(name="unique_rectangle_2", title="Uniqueness Test 2", family="uniqueness",
              se_rating=4.6, hodoku_code="u2", hodoku_score=100, level="hard",
              find=uniqueness.unique_rectangle_2),
    Technique(name="unique_rectangle_3", title="Uniqueness Test 3", family="uniqueness",
              se_rating=4.7, hodoku_code="u3", hodoku_score=100, level="hard",
              find=uniqueness.unique_rectangle_3),
    Technique(name="unique_rectangle_4", title="Uniqueness Test 4", family="uniqueness",
              se_rating=4.6, hodoku_code="u4", hodoku_score=100, level="hard",
              find=uniqueness.unique_rectangle_4),
    Technique(name="hidden_rectangle", title="Hidden Rectangle", family="uniqueness",
              se_rating=4.6, hodoku_code="hr", hodoku_score=100, level="hard",
              find=uniqueness.hidden_rectangle),
    Technique(name="finned_x_wing", title="Finned X-Wing", family="fish",
              se_rating=6.6, hodoku_code="fbf2", hodoku_score=130, level="hard",
              find=fish.finned_x_wing),
    Technique(name="sashimi_x_wing", title="Sashimi X-Wing", family="fish",
              se_rating=6.6, hodoku_code="sbf2", hodoku_score=150, level="hard",
              find=fish.sashimi_x_wing),
    Technique(name="finned_swordfish", title="Finned Swordfish", family="fish",
              se_rating=6.6, hodoku_code="fbf3", hodoku_score=200, level="unfair",
              find=fish.finned_swordfish),
    Technique(name="sashimi_swordfish", title="Sashimi Swordfish", family="fish",
              se_rating=6.6, hodoku_code="sbf3", hodoku_score=240, level="unfair",
              find=fish.sashimi_swordfish),
    Technique(name="finned_jellyfish", title="Finned Jellyfish", family="fish",
              se_rating=6.6, hodoku_code="fbf4", hodoku_score=250, level="unfair",
              find=fish.finned_jellyfish),
    Technique(name="sashimi_jellyfish", title="Sashimi Jellyfish", family="fish",
              se_rating=6.6, hodoku_code="sbf4", hodoku_score=260, level="unfair",
              find=fish.sashimi_jellyfish),
    Technique(name="sue_de_coq", title="Sue de Coq", family="als",
              se_rating=7.0, hodoku_code="sdc", hodoku_score=250, level="unfair",
              find=als.sue_de_coq),
    Technique(name="simple_colors", title="Simple Colors", family="coloring",
              se_rating=6.5, hodoku_code="sc", hodoku_score=150, level="hard",
              find=coloring.simple_colors),
    Technique(name="multi_colors_1", title="Multi Colors 1", family="coloring",
              se_rating=6.6, hodoku_code="mc1", hodoku_score=200, level="hard",
              find=coloring.multi_colors_1),
    Technique(name="multi_colors_2", title="Multi Colors 2", family="coloring",
              se_rating=6.6, hodoku_code="mc2", hodoku_score=200, level="hard",
              find=coloring.multi_colors_2),
    Technique(name="x_chain", title="X-Chain", family="chains",
              se_rating=6.6, hodoku_code="x", hodoku_score=260, level="unfair",
              find=chains.x_chain),
    Technique(name="xy_chain", title="XY-Chain", family="chains",
              se_rating=6.6, hodoku_code="xyc", hodoku_score=260, level="unfair",
              find=chains.xy_chain),
    Technique(name="continuous_nice_loop", title="Continuous Nice Loop", family="chains",
              se_rating=7.0, hodoku_code="nl", hodoku_score=280, level="unfair",
              find=chains.continuous_nice_loop),
    Technique(name="discontinuous_nice_loop", title="Discontinuous Nice Loop", family="chains",
              se_rating=7.0, hodoku_code="nl", hodoku_score=280, level="unfair",
              find=chains.discontinuous_nice_loop),
    Technique(name="aic", title="AIC", family="chains",
              se_rating=7.0, hodoku_code="nl", hodoku_score=280, level="unfair",
              find=chains.aic),
    Technique(name="grouped_continuous_nice_loop", title="Grouped Continuous Nice Loop", family="chains",
              se_rating=7.0, hodoku_code="gnl", hodoku_score=300, level="unfair",
              find=chains.grouped_continuous_nice_loop),
    Technique(name="grouped_discontinuous_nice_loop", title="Grouped Discontinuous Nice Loop", family="chains",
              se_rating=7.0, hodoku_code="gnl", hodoku_score=300, level="unfair",
              find=chains.grouped_discontinuous_nice_loop),
    Technique(name="grouped_aic", title="Grouped AIC", family="chains",
              se_rating=7.0, hodoku_code="gnl", hodoku_score=300, level="unfair",
              find=chains.grouped_aic),
    Technique(name="als_xz", title="Almost Locked Set XZ-Rule", family="als",
              se_rating=7.5, hodoku_code="axz", hodoku_score=300, level="unfair",
              find=als.als_xz),
    Technique(name="als_xy_wing", title="Almost Locked Set XY-Wing", family="als",
              se_rating=7.5, hodoku_code="axy", hodoku_score=320, level="unfair",
              find=als.als_xy_wing),
    Technique(name="forcing_chain_contradiction", title="Forcing Chain Contradiction", family="forcing",
              se_rating=7.5, hodoku_code="fcc", hodoku_score=500, level="extreme",
              find=forcing.forcing_chain_contradiction),
    Technique(name="forcing_chain_verity", title="Forcing Chain Verity", family="forcing",
              se_rating=8.0, hodoku_code="fcv", hodoku_score=500, level="extreme",
              find=forcing.forcing_chain_verity),
    Technique(name="forcing_net_contradiction", title="Forcing Net Contradiction", family="forcing",
              se_rating=8.5, hodoku_code="fnc", hodoku_score=700, level="extreme",
              find=forcing.forcing_net_contradiction),
    Technique(name="forcing_net_verity", title="Forcing Net Verity", family="forcing",
              se_rating=8.5, hodoku_code="fnv", hodoku_score=700, level="extreme",
              find=forcing.forcing_net_verity),
    # --- HoDoKu's fish beyond basic/finned/sashimi (issue 13) ---
    Technique(name="franken_x_wing", title="Franken X-Wing", family="fish",
              se_rating=6.6, hodoku_code="ff2", hodoku_score=300, level="unfair",
              find=complex_fish.franken_x_wing),
    Technique(name="franken_swordfish", title="Franken Swordfish", family="fish",
              se_rating=6.6, hodoku_code="ff3", hodoku_score=350, level="unfair",
              find=complex_fish.franken_swordfish),
    Technique(name="franken_jellyfish", title="Franken Jellyfish", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="ff4", hodoku_score=370, level="unfair",
              find=complex_fish.franken_jellyfish),
    Technique(name="finned_franken_x_wing", title="Finned Franken X-Wing", family="fish",
              se_rating=6.6, hodoku_code="fff2", hodoku_score=390, level="unfair",
              find=complex_fish.finned_franken_x_wing),
    Technique(name="finned_franken_swordfish", title="Finned Franken Swordfish", family="fish",
              se_rating=6.6, hodoku_code="fff3", hodoku_score=410, level="unfair",
              find=complex_fish.finned_franken_swordfish),
    Technique(name="finned_franken_jellyfish", title="Finned Franken Jellyfish", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fff4", hodoku_score=430, level="unfair",
              find=complex_fish.finned_franken_jellyfish),
    Technique(name="mutant_x_wing", title="Mutant X-Wing", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="mf2", hodoku_score=450, level="extreme",
              find=complex_fish.mutant_x_wing),
    Technique(name="mutant_swordfish", title="Mutant Swordfish", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="mf3", hodoku_score=450, level="extreme",
              find=complex_fish.mutant_swordfish),
    Technique(name="mutant_jellyfish", title="Mutant Jellyfish", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="mf4", hodoku_score=450, level="extreme",
              find=complex_fish.mutant_jellyfish),
    Technique(name="finned_mutant_x_wing", title="Finned Mutant X-Wing", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fmf2", hodoku_score=470, level="extreme",
              find=complex_fish.finned_mutant_x_wing),
    Technique(name="finned_mutant_swordfish", title="Finned Mutant Swordfish", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fmf3", hodoku_score=470, level="extreme",
              find=complex_fish.finned_mutant_swordfish),
    Technique(name="finned_mutant_jellyfish", title="Finned Mutant Jellyfish", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fmf4", hodoku_score=470, level="extreme",
              find=complex_fish.finned_mutant_jellyfish),
    # 5-7 units: HoDoKu has them but leaves them off (slow; usable by name)
    Technique(name="franken_squirmbag", title="Franken Squirmbag", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="ff5", hodoku_score=470, level="extreme",
              find=complex_fish.franken_squirmbag),
    Technique(name="franken_whale", title="Franken Whale", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="ff6", hodoku_score=470, level="extreme",
              find=complex_fish.franken_whale),
    Technique(name="franken_leviathan", title="Franken Leviathan", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="ff7", hodoku_score=470, level="extreme",
              find=complex_fish.franken_leviathan),
    Technique(name="finned_franken_squirmbag", title="Finned Franken Squirmbag", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fff5", hodoku_score=470, level="extreme",
              find=complex_fish.finned_franken_squirmbag),
    Technique(name="finned_franken_whale", title="Finned Franken Whale", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fff6", hodoku_score=470, level="extreme",
              find=complex_fish.finned_franken_whale),
    Technique(name="finned_franken_leviathan", title="Finned Franken Leviathan", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fff7", hodoku_score=470, level="extreme",
              find=complex_fish.finned_franken_leviathan),
    Technique(name="mutant_squirmbag", title="Mutant Squirmbag", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="mf5", hodoku_score=470, level="extreme",
              find=complex_fish.mutant_squirmbag),
    Technique(name="mutant_whale", title="Mutant Whale", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="mf6", hodoku_score=470, level="extreme",
              find=complex_fish.mutant_whale),
    Technique(name="mutant_leviathan", title="Mutant Leviathan", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="mf7", hodoku_score=470, level="extreme",
              find=complex_fish.mutant_leviathan),
    Technique(name="finned_mutant_squirmbag", title="Finned Mutant Squirmbag", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fmf5", hodoku_score=470, level="extreme",
              find=complex_fish.finned_mutant_squirmbag),
    Technique(name="finned_mutant_whale", title="Finned Mutant Whale", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fmf6", hodoku_score=470, level="extreme",
              find=complex_fish.finned_mutant_whale),
    Technique(name="finned_mutant_leviathan", title="Finned Mutant Leviathan", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="fmf7", hodoku_score=470, level="extreme",
              find=complex_fish.finned_mutant_leviathan),
    Technique(name="kraken_fish", title="Kraken Fish", family="fish", in_full=False,
              se_rating=7.5, hodoku_code="kf", hodoku_score=500, level="extreme",
              find=kraken.kraken_fish),
    Technique(name="squirmbag", title="Squirmbag", family="fish",
              se_rating=6.6, hodoku_code="bf5", hodoku_score=470, level="unfair",
              find=fish.squirmbag, in_full=False),
    Technique(name="whale", title="Whale", family="fish",
              se_rating=6.6, hodoku_code="bf6", hodoku_score=470, level="unfair",
              find=fish.whale, in_full=False),
    Technique(name="leviathan", title="Leviathan", family="fish",
              se_rating=6.6, hodoku_code="bf7", hodoku_score=470, level="unfair",
              find=fish.leviathan, in_full=False),
    Technique(name="finned_squirmbag", title="Finned Squirmbag", family="fish",
              se_rating=6.6, hodoku_code="fbf5", hodoku_score=470, level="unfair",
              find=fish.finned_squirmbag, in_full=False),
    Technique(name="sashimi_squirmbag", title="Sashimi Squirmbag", family="fish",
              se_rating=6.6, hodoku_code="sbf5", hodoku_score=470, level="unfair",
              find=fish.sashimi_squirmbag, in_full=False),
    Technique(name="finned_whale", title="Finned Whale", family="fish",
              se_rating=6.6, hodoku_code="fbf6", hodoku_score=470, level="unfair",
              find=fish.finned_whale, in_full=False),
    Technique(name="sashimi_whale", title="Sashimi Whale", family="fish",
              se_rating=6.6, hodoku_code="sbf6", hodoku_score=470, level="unfair",
              find=fish.sashimi_whale, in_full=False),
    Technique(name="finned_leviathan", title="Finned Leviathan", family="fish",
              se_rating=6.6, hodoku_code="fbf7", hodoku_score=470, level="unfair",
              find=fish.finned_leviathan, in_full=False),
    Technique(name="sashimi_leviathan", title="Sashimi Leviathan", family="fish",
              se_rating=6.6, hodoku_code="sbf7", hodoku_score=470, level="unfair",
              find=fish.sashimi_leviathan, in_full=False),
    Technique(name="siamese_fish", title="Siamese Fish", family="fish", in_full=False,
              se_rating=6.6, hodoku_code="", hodoku_score=0, level="unfair",
              find=fish.siamese_fish),
    # --- HoDoKu's other techniques (issue 13) ---
    # (in HoDoKu's order among themselves; the HoDoKu mode orders them among the others)
    Technique(name="dual_two_string_kite", title="Dual 2-String Kite", family="single_digit", in_full=False,
              se_rating=6.6, hodoku_code="d2sk", hodoku_score=150, level="hard",
              find=single_digit.dual_two_string_kite),
    Technique(name="dual_empty_rectangle", title="Dual Empty Rectangle", family="single_digit", in_full=False,
              se_rating=6.6, hodoku_code="der", hodoku_score=120, level="hard",
              find=single_digit.dual_empty_rectangle),
    Technique(name="unique_rectangle_5", title="Uniqueness Test 5", family="uniqueness",
              se_rating=4.6, hodoku_code="u5", hodoku_score=100, level="hard",
              find=uniqueness.unique_rectangle_5),
    Technique(name="unique_rectangle_6", title="Uniqueness Test 6", family="uniqueness",
              se_rating=4.6, hodoku_code="u6", hodoku_score=100, level="hard",
              find=uniqueness.unique_rectangle_6),
    Technique(name="avoidable_rectangle_1", title="Avoidable Rectangle Type 1", family="uniqueness",
              se_rating=4.5, hodoku_code="ar1", hodoku_score=100, level="hard",
              find=uniqueness.avoidable_rectangle_1),
    Technique(name="avoidable_rectangle_2", title="Avoidable Rectangle Type 2", family="uniqueness",
              se_rating=4.6, hodoku_code="ar2", hodoku_score=100, level="hard",
              find=uniqueness.avoidable_rectangle_2),
    Technique(name="als_chain", title="Almost Locked Set Chain", family="als",
              se_rating=7.5, hodoku_code="ach", hodoku_score=340, level="unfair",
              find=als.als_chain),
    Technique(name="death_blossom", title="Death Blossom", family="als", in_full=False,
              se_rating=7.5, hodoku_code="db", hodoku_score=360, level="unfair",
              find=als.death_blossom),
    # SE has no templates: a template argument is one digit's Nishio (SE's Nishio Forcing Chain, 7.5+)
    Technique(name="template_set", title="Template Set", family="templates", in_full=False,
              se_rating=7.5, hodoku_code="ts", hodoku_score=10000, level="extreme",
              find=templates.template_set),
    Technique(name="template_delete", title="Template Delete", family="templates", in_full=False,
              se_rating=7.5, hodoku_code="td", hodoku_score=10000, level="extreme",
              find=templates.template_delete),
    # --- Sudoku Explainer's own techniques, its mode only (family "se") ---
    Technique(name="se_hidden_single", title="Hidden Single", family="se",
              se_rating=1.0, hodoku_code="h1", hodoku_score=14, level="easy",
              find=se_singles.hidden_single),
    Technique(name="se_direct_pointing", title="Direct Pointing", family="se",
              se_rating=1.7, hodoku_code="lc1", hodoku_score=50, level="medium",
              find=se_direct.direct_pointing),
    Technique(name="se_direct_claiming", title="Direct Claiming", family="se",
              se_rating=1.9, hodoku_code="lc2", hodoku_score=50, level="medium",
              find=se_direct.direct_claiming),
    Technique(name="se_direct_hidden_pair", title="Direct Hidden Pair", family="se",
              se_rating=2.0, hodoku_code="h2", hodoku_score=70, level="medium",
              find=se_direct.direct_hidden_pair),
    Technique(name="se_direct_hidden_triplet", title="Direct Hidden Triplet", family="se",
              se_rating=2.5, hodoku_code="h3", hodoku_score=100, level="medium",
              find=se_direct.direct_hidden_triplet),
    Technique(name="se_unique_loop_1", title="Unique Loop type 1", family="se",
              se_rating=4.5, hodoku_code="u1", hodoku_score=100, level="hard",
              find=se_uniqueness.unique_loop_1),
    Technique(name="se_unique_loop_2", title="Unique Loop type 2", family="se",
              se_rating=4.5, hodoku_code="u2", hodoku_score=100, level="hard",
              find=se_uniqueness.unique_loop_2),
    Technique(name="se_unique_loop_3", title="Unique Loop type 3", family="se",
              se_rating=4.5, hodoku_code="u3", hodoku_score=100, level="hard",
              find=se_uniqueness.unique_loop_3),
    Technique(name="se_unique_loop_4", title="Unique Loop type 4", family="se",
              se_rating=4.5, hodoku_code="u4", hodoku_score=100, level="hard",
              find=se_uniqueness.unique_loop_4),
    Technique(name="se_bug_1", title="BUG type 1", family="se",
              se_rating=5.6, hodoku_code="bug1", hodoku_score=100, level="hard",
              find=se_bug.bug_1),
    Technique(name="se_bug_2", title="BUG type 2", family="se",
              se_rating=5.7, hodoku_code="bug1", hodoku_score=100, level="hard",
              find=se_bug.bug_2),
    Technique(name="se_bug_3", title="BUG type 3", family="se",
              se_rating=5.7, hodoku_code="bug1", hodoku_score=100, level="hard",
              find=se_bug.bug_3),
    Technique(name="se_bug_4", title="BUG type 4", family="se",
              se_rating=5.7, hodoku_code="bug1", hodoku_score=100, level="hard",
              find=se_bug.bug_4),
    Technique(name="se_aligned_pair_exclusion", title="Aligned Pair Exclusion", family="se",
              se_rating=6.2, hodoku_code="", hodoku_score=300, level="unfair",
              find=se_exclusion.aligned_pair_exclusion),
    Technique(name="se_aligned_triplet_exclusion", title="Aligned Triplet Exclusion", family="se",
              se_rating=7.5, hodoku_code="", hodoku_score=400, level="unfair",
              find=se_exclusion.aligned_triplet_exclusion),
    # --- Sudoku Explainer's chains, its mode only (family "se_chains") ---
    Technique(name="se_x_cycle", title="Bidirectional X-Cycle", family="se_chains",
              se_rating=6.5, hodoku_code="x", hodoku_score=260, level="unfair",
              find=se_chaining.forcing_chains_and_cycles),
    Technique(name="se_y_cycle", title="Bidirectional Y-Cycle", family="se_chains",
              se_rating=6.5, hodoku_code="nl", hodoku_score=280, level="unfair",
              find=se_chaining.forcing_chains_and_cycles),
    Technique(name="se_forcing_x_chain", title="Forcing X-Chain", family="se_chains",
              se_rating=6.6, hodoku_code="x", hodoku_score=260, level="unfair",
              find=se_chaining.forcing_chains_and_cycles),
    Technique(name="se_bidirectional_cycle", title="Bidirectional Cycle", family="se_chains",
              se_rating=7.0, hodoku_code="nl", hodoku_score=280, level="unfair",
              find=se_chaining.forcing_chains_and_cycles),
    Technique(name="se_forcing_chain", title="Forcing Chain", family="se_chains",
              se_rating=7.0, hodoku_code="nl", hodoku_score=280, level="unfair",
              find=se_chaining.forcing_chains_and_cycles),
    Technique(name="se_nishio", title="Nishio Forcing Chains", family="se_chains",
              se_rating=7.5, hodoku_code="fcc", hodoku_score=500, level="extreme",
              find=se_chaining.nishio),
    Technique(name="se_cell_forcing_chain", title="Cell Forcing Chains", family="se_chains",
              se_rating=8.0, hodoku_code="fcv", hodoku_score=500, level="extreme",
              find=se_chaining.multiple_forcing_chains),
    Technique(name="se_region_forcing_chain", title="Region Forcing Chains", family="se_chains",
              se_rating=8.0, hodoku_code="fcv", hodoku_score=500, level="extreme",
              find=se_chaining.multiple_forcing_chains),
    Technique(name="se_dynamic_forcing_chain", title="Dynamic Forcing Chains", family="se_chains",
              se_rating=8.5, hodoku_code="fnc", hodoku_score=700, level="extreme",
              find=se_chaining.dynamic_forcing_chains),
    Technique(name="se_dynamic_forcing_chain_plus", title="Dynamic Forcing Chains (+)", family="se_chains",
              se_rating=9.0, hodoku_code="fnc", hodoku_score=700, level="extreme",
              find=se_chaining.dynamic_forcing_chains_plus),
    Technique(name="se_nested_forcing_chain", title="Dynamic Forcing Chains (+ Forcing Chains)", family="se_chains",
              se_rating=9.5, hodoku_code="", hodoku_score=700, level="extreme",
              find=se_chaining.nested_forcing_chains),
    Technique(name="se_nested_multiple_forcing_chain", title="Dynamic Forcing Chains (+ Multiple Forcing Chains)", family="se_chains",
              se_rating=10.0, hodoku_code="", hodoku_score=700, level="extreme",
              find=se_chaining.nested_multiple_forcing_chains),
    Technique(name="se_nested_dynamic_forcing_chain", title="Dynamic Forcing Chains (+ Dynamic Forcing Chains)", family="se_chains",
              se_rating=10.5, hodoku_code="", hodoku_score=700, level="extreme",
              find=se_chaining.nested_dynamic_forcing_chains),
    Technique(name="se_nested_dynamic_plus_forcing_chain", title="Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", family="se_chains",
              se_rating=11.0, hodoku_code="", hodoku_score=700, level="extreme",
              find=se_chaining.nested_dynamic_plus_forcing_chains),
)

# The engine's last resort, rated as HoDoKu rates Brute Force and SE a puzzle beyond its techniques.
GUESS = Technique(name="guess", title="Guess", family="guessing", se_rating=20.0, hodoku_code="bf", hodoku_score=10000,
                  level="extreme", find=guessing.guess)


steps.TITLES[GUESS.name] = GUESS.title


def register(find: Finder, *, name: str | None = None, title: str | None = None, family: str = "custom",
             se_rating: float = 0.0, hodoku_code: str = "", hodoku_score: int = 0, level: str = "hard",
             replace: bool = False) -> Technique:
    """Add a technique to the registry, after the built-in ones: usable by name in any technique list.

    ``name`` defaults to the function's, ``title`` to the name. The SE rating and HoDoKu's score
    and level are what a path using it is rated with. An existing name is refused unless ``replace``.
    """
    name = name or getattr(find, "__name__", "")
    if not name or name == GUESS.name:
        raise UnknownName(f"a technique needs a name of its own, not {name!r}")
    if name in TECHNIQUES and not replace:
        raise UnknownName(f"technique {name!r} is already registered (replace=True replaces it)")
    if level not in LEVELS:
        raise UnknownName(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    added = Technique(name=name, title=title or name, family=family, se_rating=se_rating, hodoku_code=hodoku_code,
                      hodoku_score=hodoku_score, level=level, find=find)
    TECHNIQUES[name] = added
    steps.TITLES[name] = added.title
    return added


def _families(*families: str) -> tuple[str, ...]:
    return tuple(name for name, t in TECHNIQUES.items() if t.family in families)


# Families of techniques that only one mode's technique set uses (Sudoku Explainer's own
# versions of what the engine finds its own way): never in the presets below, but for the last rung.
MODE_ONLY = frozenset({"se", "se_chains"})

# The full preset's last rung, for what the engine's own ladder cannot do (the forum's hardest, ER 11+):
# Sudoku Explainer's chains, easiest first, up to its nested dynamic forcing chains. They finish every
# puzzle SE mode finishes, so the engine never has to guess; after each of their steps the ladder starts
# again from the easiest technique, and the path's rating stays the engine's own. As every rung, it takes
# the first step it finds: a level's search stops at the first cell whose chains give one (SE compares
# every cell's chains, so its chains are often shorter and its rating lower: ``chaining.finder``).
LAST_RUNG = tuple(sorted(_families("se_chains"), key=lambda name: TECHNIQUES[name].se_rating))


PRESETS: dict[str, tuple[str, ...]] = {
    "singles": _families("singles"),
    "intersections": _families("singles", "intersections"),
    "basic": _families("singles", "intersections", "subsets"),
    "chains": _families("singles", "chains"),
    "full": tuple(name for name, t in TECHNIQUES.items() if t.family not in MODE_ONLY and t.in_full) + LAST_RUNG,
    "no-uniqueness": tuple(name for name, t in TECHNIQUES.items()
                           if t.family not in MODE_ONLY | {"uniqueness"} and t.in_full) + LAST_RUNG,
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
