"""The CLI reference, generated from the typer app when the site is built: never written by hand.

Every command of ``sudokit`` gets a section: its help text, a usage line, a table of its
arguments and options (names, type, default, help) and its exit statuses (the ones every command
shares, and what its own help says about status 1). ``cli_reference()`` returns the page; the
mkdocs hook ``on_page_markdown`` puts it in place of the ``<!-- cli-reference -->`` marker of
``docs/reference/cli.md``.
"""

from __future__ import annotations

import re
from typing import Any

import typer

from sudokit.compare.app import EXIT_CODES
from sudokit.compare.cli import app

MARKER = "<!-- cli-reference -->"
_EXIT_SENTENCE = re.compile(r"Exit (?:status )?\d[^.]*\.")


def commands() -> dict[str, Any]:
    """The app's commands by name, in the order ``sudokit --help`` lists them."""
    group = typer.main.get_command(app)  # typer's own click (vendored): read by duck typing
    ctx = group.context_class(group, info_name="sudokit")
    return {name: command for name in group.list_commands(ctx)
            if (command := group.get_command(ctx, name)) is not None and not command.hidden}


def _is_option(param: Any) -> bool:
    return param.param_type_name == "option"


def _type(param: Any, ctx: Any) -> str:
    if _is_option(param) and param.is_flag:
        return "flag"
    display = getattr(param, "display_type", None)
    text = display(ctx) if callable(display) else param.type.name
    return str(text).strip("<>") if text else param.type.name


def _default(param: Any) -> str:
    if param.required:
        return "required"
    if _is_option(param) and param.is_flag and param.secondary_opts:
        return param.opts[0] if param.default else param.secondary_opts[0]
    default = param.default
    if default is None or default == () or default == []:
        return ""
    if _is_option(param) and param.is_flag:
        return "on" if default else "off"
    value = getattr(default, "value", default)  # an Enum's value
    return f"`{value}`"


def _names(param: Any) -> str:
    if not _is_option(param):
        return f"`{param.name.upper()}`" + (" …" if param.nargs != 1 else "")
    names = [*param.opts, *param.secondary_opts]
    return ", ".join(f"`{n}`" for n in names)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _help(param: Any) -> str:
    text = getattr(param, "help", None) or ""
    return _cell(re.sub(r"\s*\[default: [^\]]*\]", "", text))


def exit_statuses(command: Any) -> str:
    """What the command's exit status says: its own sentence about status 1, and the shared ones."""
    own = " ".join(_EXIT_SENTENCE.findall(" ".join((command.help or "").split())))
    shared = "2 bad input or usage (one line on stderr), 3 an internal error (a bug), 4 interrupted (Ctrl-C)"
    return (f"{own} " if own else "0 done; ") + f"{shared}. See [exit statuses](../concepts/exit-statuses.md)."


def section(name: str, command: Any) -> str:
    """One command's reference entry."""
    ctx = command.context_class(command, info_name=f"sudokit {name}")
    params = [p for p in command.get_params(ctx) if p.name != "help"]
    usage = " ".join(command.collect_usage_pieces(ctx))
    lines = [f"## `sudokit {name}` {{#sudokit-{name}}}", "", inspect_help(command.help or ""), "",
             "```text", f"sudokit {name} {usage}", "```", ""]
    arguments = [p for p in params if not _is_option(p)]
    options = [p for p in params if _is_option(p)]
    for title, group in (("Arguments", arguments), ("Options", options)):
        if not group:
            continue
        lines += [f"**{title}**", "", "| name | type | default | what |", "|---|---|---|---|"]
        lines += [f"| {_names(p)} | {_cell(_type(p, ctx))} | {_cell(_default(p))} | {_help(p)} |" for p in group]
        lines.append("")
    lines += [f"**Exit statuses**: {exit_statuses(command)}", ""]
    return "\n".join(lines)


def inspect_help(text: str) -> str:
    """A command's help as Markdown paragraphs (typer's ``\\b`` markers dropped)."""
    import inspect

    return inspect.cleandoc(text).replace("\b\n", "")


def cli_reference() -> str:
    """The whole reference: every command's section, after the app's own help."""
    head = [f"`sudokit --version` prints the version; `sudokit COMMAND --help` the same text as below. "
            f"{EXIT_CODES}", ""]
    index = ["| command | what |", "|---|---|"]
    index += [f"| [`{name}`](#sudokit-{name}) | {_cell(command.get_short_help_str(200))} |"
              for name, command in commands().items()]
    return "\n".join([*head, *index, "", *(section(name, c) for name, c in commands().items())])


def on_page_markdown(markdown: str, page, config, files) -> str:
    """mkdocs hook: the generated reference in place of the marker."""
    return markdown.replace(MARKER, cli_reference()) if MARKER in markdown else markdown
