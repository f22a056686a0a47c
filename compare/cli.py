"""The ``sudokit`` command line: a thin typer layer over plain functions.

Each theme's commands live in ``compare/commands/<theme>.py`` and register on the one app;
importing them here is what makes them part of ``sudokit``.
"""

from __future__ import annotations

from sudokit.compare.app import app, main
from sudokit.compare.commands import (  # noqa: F401  (registers the commands, in help order)
    fuzz,
    generate,
    graph,
    human,
    pictures,
    runs,
    solve,
    table,
)

__all__ = ["app", "main"]


if __name__ == "__main__":
    main()
