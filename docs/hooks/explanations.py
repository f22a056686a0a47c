"""What each technique does, in sudokit's own words: one or two sentences per technique of the
registry (fish and Sudoku Explainer's techniques are described from their names' parts)."""

from __future__ import annotations

TEXT: dict[str, str] = {
    "full_house": "A unit with one empty cell left: that cell takes the one digit the unit still lacks.",
    "naked_single": "A cell with a single candidate left takes it.",
    "hidden_single": "A digit with a single possible cell in a row, column or box goes there, whatever else the cell could hold.",
    "locked_pair": "A naked pair inside both a box and a line: the two digits leave the rest of the box and of the line.",
    "locked_triple": "A naked triple inside both a box and a line: its three digits leave the rest of both units.",
    "locked_candidates_pointing": "A digit whose candidates in a box all lie on one row or column must be in that box: "
                                  "it leaves the rest of that row or column.",
    "locked_candidates_claiming": "A digit whose candidates in a row or column all lie in one box must be in that line: "
                                  "it leaves the rest of the box.",
    "naked_pair": "Two cells of a unit with the same two candidates hold those two digits between them: "
                  "the digits leave the unit's other cells.",
    "naked_triple": "Three cells of a unit whose candidates together are three digits: those digits leave the unit's other cells.",
    "naked_quad": "Four cells of a unit whose candidates together are four digits: those digits leave the unit's other cells.",
    "hidden_pair": "Two digits that fit only in the same two cells of a unit fill them: those cells lose every other candidate.",
    "hidden_triple": "Three digits confined to the same three cells of a unit: those cells lose every other candidate.",
    "hidden_quad": "Four digits confined to the same four cells of a unit: those cells lose every other candidate.",
    "remote_pair": "A chain of cells that all hold the same two candidates, each seeing the next: the values alternate, "
                   "so a cell seeing two ends an odd number of links apart loses both digits.",
    "bug_plus_1": "Every open cell has two candidates but one, which has three: if that cell lost its extra digit the "
                  "puzzle would have two solutions, so it takes the digit that appears three times in its units.",
    "skyscraper": "Two conjugate pairs of one digit on parallel lines share one end's line: one of the two other ends holds "
                  "the digit, so a cell seeing both loses it.",
    "two_string_kite": "A conjugate pair in a row and one in a column, linked through a box: one of the free ends holds the "
                       "digit, so a cell seeing both loses it.",
    "turbot_fish": "Two conjugate pairs joined by a weak link between their ends: the other two ends cannot both be false.",
    "empty_rectangle": "A box whose candidates of a digit lie on one row and one column, paired with a conjugate pair "
                       "outside it: the cell where the pair's far line crosses the box's line loses the digit.",
    "w_wing": "Two cells with the same two candidates, joined by a conjugate pair of one of them: the other digit "
              "leaves every cell that sees both.",
    "xy_wing": "A pivot with candidates XY sees pincers XZ and YZ: whichever the pivot takes, a pincer is Z, so a cell "
               "seeing both pincers loses Z.",
    "xyz_wing": "A pivot with candidates XYZ sees pincers XZ and YZ: one of the three is Z, so a cell seeing all three loses Z.",
    "unique_rectangle_1": "Four cells of two boxes with the same two candidates would allow two solutions: the one cell with "
                          "more candidates loses those two.",
    "unique_rectangle_2": "A deadly rectangle whose two extra-candidate cells share one extra digit: one of them holds it, "
                          "so cells seeing both lose it.",
    "unique_rectangle_3": "A deadly rectangle whose extra digits, taken as one cell, form a naked subset with other cells "
                          "of their unit: the subset's digits leave the unit.",
    "unique_rectangle_4": "A deadly rectangle where one of its digits is a conjugate pair along the two extra cells: the "
                          "other digit leaves both.",
    "hidden_rectangle": "A rectangle corner whose opposite lines hold a digit only in the rectangle: the corner loses the other digit.",
    "sue_de_coq": "Cells where a box meets a line hold digits that split into a line set and a box set: each set's digits "
                  "leave the rest of its unit.",
    "simple_colors": "One digit's conjugate pairs coloured in two alternating colours: a colour seen twice in a unit is false, "
                     "and a cell seeing both colours loses the digit.",
    "multi_colors_1": "Two colour clusters of a digit where a colour of one sees both colours of the other: that colour is false.",
    "multi_colors_2": "Two colour clusters of a digit linked by weak links: a cell seeing the two linked colours' partners loses the digit.",
    "x_chain": "A chain of one digit alternating strong and weak links: one of its ends holds the digit, so a cell seeing "
               "both loses it.",
    "xy_chain": "A chain of bivalue cells, each linked to the next by a shared digit: the chain's end digit is in one of "
                "its two ends, so a cell seeing both loses it.",
    "continuous_nice_loop": "A closed chain of alternating links: every weak link of the loop becomes strong, and the digits "
                            "they cover leave the cells that see both ends of such a link.",
    "discontinuous_nice_loop": "A loop that breaks at one node: two strong (or weak) links meet there, so that candidate "
                               "is true (or false).",
    "aic": "An alternating inference chain over candidates of any digits: if the first is false the last is true, so what "
           "sees both ends goes.",
    "grouped_continuous_nice_loop": "A continuous nice loop whose nodes may be groups (a digit's candidates in a box-line "
                                    "intersection) or almost locked sets.",
    "grouped_discontinuous_nice_loop": "A discontinuous nice loop whose nodes may be groups or almost locked sets.",
    "grouped_aic": "An alternating inference chain whose nodes may be groups or almost locked sets.",
    "als_xz": "Two almost locked sets sharing a restricted common digit X: one of them is locked, so a digit Z common to "
              "both leaves every cell that sees all its places in the two sets.",
    "als_xy_wing": "Three almost locked sets, a pivot linked to two others by restricted common digits: a digit common to "
                   "the two others leaves the cells that see all its places in them.",
    "forcing_chain_contradiction": "Assuming a candidate leads by chains to a contradiction: the candidate is false.",
    "forcing_chain_verity": "Every candidate of a cell (or every place of a digit in a unit) leads by chains to the same "
                            "conclusion: it is true.",
    "forcing_net_contradiction": "Assuming a candidate leads by a net (chains that branch and join) to a contradiction: "
                                 "the candidate is false.",
    "forcing_net_verity": "Every premise of a cell or unit leads by nets to the same conclusion: it is true.",
    "dual_two_string_kite": "Two 2-String Kites sharing their box: both eliminations at once.",
    "dual_empty_rectangle": "Two Empty Rectangles sharing their box: both eliminations at once.",
    "unique_rectangle_5": "A deadly rectangle with one extra digit in two diagonal (or three) cells: one of them holds it, "
                          "so cells seeing all of them lose it.",
    "unique_rectangle_6": "A deadly rectangle whose digit X lies only on a diagonal of it in both rows and both columns: "
                          "X leaves the other diagonal.",
    "avoidable_rectangle_1": "Three corners of a rectangle solved (not given) as a pattern the fourth would make interchangeable: "
                             "the fourth loses the digit that would complete it.",
    "avoidable_rectangle_2": "An avoidable rectangle whose two open corners share one extra digit: cells seeing both lose it.",
    "als_chain": "A chain of almost locked sets linked by restricted common digits: a digit common to the two end sets "
                 "leaves the cells that see all its places in them.",
    "death_blossom": "A stem cell whose every candidate is linked to an almost locked set (a petal): one petal is locked, "
                     "so a digit common to all petals leaves the cells that see all its places.",
    "template_set": "Every template of a digit consistent with the grid uses this cell: the digit goes there.",
    "template_delete": "No template of a digit consistent with the grid uses this candidate: it goes.",
    "kraken_fish": "A finned fish whose fins, each followed by a chain, all lead to the same removal: it goes whichever "
                   "is true.",
    "siamese_fish": "Two finned fish on the same base sets that differ in one cover set: their eliminations shown as one step.",
}

_SIZES = {"x_wing": 2, "swordfish": 3, "jellyfish": 4, "squirmbag": 5, "whale": 6, "leviathan": 7}
_KINDS = {
    "": "rows as base sets and columns as cover sets (or the reverse)",
    "franken": "base and cover sets from lines and boxes (a box on one side, as HoDoKu sorts Franken fish)",
    "mutant": "base and cover sets that mix rows, columns and boxes freely",
}

_SE_TEXT = {
    "se_hidden_single": "Sudoku Explainer's hidden single, rated 1.2 in a box and 1.5 in a line.",
    "se_aligned_pair_exclusion": "Two cells that see each other's digits' cells: the pairs of values they could take "
                                 "together, less those another cell or subset rules out, leave candidates that no pair uses.",
    "se_aligned_triplet_exclusion": "Aligned pair exclusion for three cells: the value triples they could take together, "
                                    "and the candidates none of them uses.",
    "se_nishio": "Sudoku Explainer's Nishio: a candidate assumed true leads by chains of one digit to a contradiction.",
}


def explanation(name: str, title: str, family: str) -> str:
    """One technique's explanation, or '' when sudokit has none for it (a user's own technique)."""
    if name in TEXT:
        return TEXT[name]
    if family == "fish":
        return _fish(name)
    if name in _SE_TEXT:
        return _SE_TEXT[name]
    if family in ("se", "se_chains"):
        return (f"Sudoku Explainer's {title}, found as its rater finds it and rated as it rates it "
                f"(chain lengths add to the rating): used by the se mode.")
    return ""


def _fish(name: str) -> str:
    parts = name.split("_")
    shape = next(s for s in _SIZES if name.endswith(s))
    size = _SIZES[shape]
    finned = "finned" in parts or "sashimi" in parts
    kind = next((k for k in ("franken", "mutant") if k in parts), "")
    text = (f"{size} base sets whose candidates of one digit lie within {size} cover sets, using {_KINDS[kind]}: "
            f"the digit leaves the cover sets' other cells.")
    if finned:
        text += " Extra candidates in the base sets (fins) allow only the removals that every fin also sees"
        text += (", and a sashimi fish is a finned one whose pattern would be degenerate without its fins." if "sashimi" in parts
                 else ".")
    elif size >= 5 and not kind:
        text += (f" In a 9×9 grid it has a twin of at most {9 - size} lines the other way round, removing the same "
                 f"candidates (the cover direction's lines it leaves out, covered by the base direction's): the "
                 f"engine finds that smaller fish first, so this size earns its place in 16×16 and 25×25 grids.")
    return text
