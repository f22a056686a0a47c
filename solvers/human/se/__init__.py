"""Sudoku Explainer's mode: its own techniques (``singles``, ``direct``, ``exclusion``,
``uniqueness``), its step choice and its rating (``mode``)."""
