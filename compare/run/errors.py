"""User errors of the harness: the CLI prints them on one line and exits with status 2.

The base types live in ``sudokit.models.errors`` (every layer raises them); what only the
harness can get wrong is defined here.
"""

from __future__ import annotations

from sudokit.models.errors import UnknownName, UserError

__all__ = ["ExecutorLost", "StoreError", "UnknownName", "UserError"]


class StoreError(UserError):
    """The results database cannot be used: missing, read-only, not SQLite, corrupt, locked."""


class ExecutorLost(Exception):
    """The executor went away mid-run (a Dask scheduler that stopped answering): the run is interrupted,
    its finished records are kept, and the same ``--name`` resumes it."""
