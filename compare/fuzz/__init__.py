"""Differential fuzzing: puzzles drawn at the corners, every backend judged and cross-checked, each
failure shrunk to a smallest puzzle that fails the same way (``sudokit fuzz``).

``corners`` draws the puzzles, ``verdicts`` says what failed, ``shrink`` reduces a failure,
``campaign`` runs the backends over ``compare.run``'s executors, ``techniques`` does the same for
the human engine's techniques on pencil-mark states, ``findings`` stores and prints what was found.
"""
