"""The ``sudokit`` command line: a thin typer layer over plain functions.

Each theme's commands live in ``compare/commands/<theme>.py`` and register on the one app;
importing them here is what makes them part of ``sudokit``.
"""

from __future__ import annotations

import importlib

from compare.app import app

COMMAND_MODULES = ("solve", "human", "runs", "graph")


def _register() -> None:
    for name in COMMAND_MODULES:
        try:
            importlib.import_module(f"compare.commands.{name}")
        except ModuleNotFoundError as err:  # a theme not written yet in this checkout
            if err.name != f"compare.commands.{name}":
                raise


_register()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
