"""Export a run's records, one row per record, as CSV or JSON Lines (both read by pandas)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from typing import TextIO

from sudokit.models.errors import UnknownName
from sudokit.compare.store import COLUMNS, Record

FORMATS = ("csv", "jsonl")


def export(records: Iterable[Record], run: str, fmt: str, out: TextIO) -> int:
    """Write the records of run ``run`` to ``out``; returns how many were written."""
    count = 0
    if fmt == "csv":
        writer = csv.DictWriter(out, fieldnames=["run", *COLUMNS], lineterminator="\n")
        writer.writeheader()
        for count, record in enumerate(records, 1):
            writer.writerow({"run": run, **record.row()})
    elif fmt == "jsonl":
        for count, record in enumerate(records, 1):
            out.write(json.dumps({"run": run, **record.row(), "extra": record.extra}) + "\n")
    else:
        raise UnknownName(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
    return count
