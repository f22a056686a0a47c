"""How to solve: every backend behind one ``Solver`` protocol (see ``sudokit.solvers.registry``)."""
