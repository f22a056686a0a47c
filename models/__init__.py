"""What a Sudoku is, and how each solving paradigm formulates it."""
