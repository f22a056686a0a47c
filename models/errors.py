"""The mistakes a user can make, as exception types every layer can raise.

``UserError`` is bad input or usage: the CLI prints it on one line and exits with status 2.
Puzzles have their own subclass (``sudokit.models.grid.PuzzleError``), names that are not
registered theirs (``UnknownName``). Any other exception is a bug and is shown as one.

>>> str(UnknownName("unknown backend 'x'; choose from dlx, bitx"))
"unknown backend 'x'; choose from dlx, bitx"
"""

from __future__ import annotations


class UserError(Exception):
    """Bad input or usage: a path, a database, a name, an option's value."""


class UnknownName(UserError, KeyError):
    """A name that is not registered (backend, technique, preset, set, run, format, …).

    Also a ``KeyError``, as a failed look-up is; its text is the message, not its repr.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
