"""The compare guide's backend table, generated from the registry when the site is built.

Every line of ``solvers.registry.BACKENDS`` gets a row, a family (``cpmpy``, ``minizinc``,
``dimacs``) a row per member, with what the registry says: its summary, the extra that installs it,
the packages it imports and the program it runs (with the Debian package), the sizes it takes and
whether plain ``sudokit compare`` runs it. Nothing depends on what the building machine has
installed. The mkdocs hook ``on_page_markdown`` puts the table in place of the ``<!-- backends -->``
marker of ``docs/guide/compare.md``.
"""

from __future__ import annotations

from dataclasses import replace

from sudokit.solvers.registry import BACKENDS, Backend, get_backend

MARKER = "<!-- backends -->"
HEADER = ["| backend | what | extra | imports, program | sizes | in plain `compare` |", "|---|---|---|---|---|---|"]


def rows() -> list[tuple[Backend, str | None]]:
    """Each registered backend, a family member by member (with its own requirements), in registry
    order; a later member names the first, whose summary it shares."""
    found = []
    for backend in BACKENDS.values():
        members = backend.members or (backend.name,)
        found += [(replace(get_backend(m) if backend.members else backend, provenance=None),
                   members[0] if i else None) for i, m in enumerate(members)]
    return found


def needs(backend: Backend) -> str:
    """The packages it imports and the program it runs, each with how to get it."""
    parts = [f"`{name}`" for name in backend.imports]
    if backend.program:
        how = f"`apt-get install {backend.apt}`" if backend.apt else "on PATH"
        parts.append(f"the program `{backend.program}` ({how})")
    return ", ".join(parts) or "–"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def row(backend: Backend, like: str | None = None) -> str:
    """One backend's row; ``like``: the family member whose summary it shares."""
    what = f"as `{like}`, on another solver" if like else backend.summary
    what += "; may stop `stuck` (logic only)" if backend.logic_only and not like else ""
    extra = f"`sudokit[{backend.extra}]`" if backend.extra else "core"
    default = "yes" if backend.by_default else "when named"
    size = f"up to {backend.max_size}×{backend.max_size}"
    return f"| `{backend.name}` | {_cell(what)} | {extra} | {_cell(needs(backend))} | {size} | {default} |"


def backend_table() -> str:
    """The Markdown table (one row per backend or family member)."""
    return "\n".join(['<div class="backend-table" markdown>', "", *HEADER,
                      *(row(backend, like) for backend, like in rows()), "", "</div>"])


def on_page_markdown(markdown: str, page, config, files) -> str:
    """mkdocs hook: the generated table in place of the marker."""
    return markdown.replace(MARKER, backend_table()) if MARKER in markdown else markdown
