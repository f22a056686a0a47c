"""A griffe extension for the API reference: a docstring's doctest lines (``>>>`` and the output
after them) shown as a Python console block, as they run in ``tests/test_doctests.py``."""

from __future__ import annotations

from typing import Any

import griffe


def fenced(text: str) -> str:
    """``text`` with each run of doctest lines (a ``>>>`` line, ``...`` lines, output) in a ``pycon`` fence."""
    out: list[str] = []
    block: list[str] = []
    for line in text.split("\n"):
        if line.lstrip().startswith(">>>") or (block and line.strip()):
            block.append(line)
            continue
        if block:
            out += ["```pycon", *block, "```"]
            block = []
        out.append(line)
    if block:
        out += ["```pycon", *block, "```"]
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence the doctests of every docstring the reference shows."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fenced(obj.docstring.value)
