"""Every command's help names only options that command has (``rate --help`` once spoke of a ``--limit``)."""

from __future__ import annotations

import re

import pytest
from typer.main import get_command

from sudokit.compare.cli import app


def commands(group, path: tuple[str, ...] = ()):
    """Every command below a group (typer's own click, or click: a group is what has ``commands``)."""
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from commands(command, (*path, name))
        else:
            yield " ".join((*path, name)), command


COMMANDS = dict(commands(get_command(app)))  # type: ignore[arg-type]


def named_options(text: str) -> set[str]:
    """The ``--options`` a help text names as the command's own: not inside a quoted example of another
    program's command line ('cmd:./solver --fast'), nor after another command's name (compare --extend)."""
    text = re.sub(r"'[^']*'", "", text)
    text = re.sub(rf"\b(?:{'|'.join(COMMANDS)}) --[a-z][a-z0-9-]*", "", text)
    return set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_mentions_only_the_commands_own_options(name):
    command = COMMANDS[name]
    own = {flag for p in command.params for flag in (*p.opts, *p.secondary_opts)} | {"--help"}
    said = " ".join([command.help or "", *(getattr(p, "help", None) or "" for p in command.params)])
    assert named_options(said) <= own


def test_rate_and_graph_help_name_no_limit():
    for name in ("rate", "graph"):
        said = named_options(" ".join(getattr(p, "help", None) or "" for p in COMMANDS[name].params))
        assert "--limit" not in said and "--first" not in said  # (--first's help once pointed to --limit)


def test_what_counts_as_naming_an_option():
    text = "Use --first N; 'cmd:./x --fast' runs; compare --extend adds; rate --mode se; --no-report"
    assert named_options(text) == {"--first", "--no-report"}
