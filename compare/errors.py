"""User errors other than bad puzzles: the CLI prints them on one line and exits with status 2.

``sudokit.models.grid.PuzzleError`` is for puzzles; everything else a user can get wrong (a path,
a database, an option's value) raises a ``UserError``. Any other exception is a bug and is shown
as one, with its traceback.
"""

from __future__ import annotations


class UserError(Exception):
    """Bad input or usage that is not a puzzle: a path, a database, a name, an option."""


class StoreError(UserError):
    """The results database cannot be used: missing, read-only, not SQLite, corrupt, locked."""
