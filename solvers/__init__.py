"""How to solve: every backend behind one ``Solver`` protocol (see ``solvers.registry``)."""
