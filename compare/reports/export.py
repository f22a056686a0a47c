"""Export a run's records, one row per record, as CSV or JSON Lines (both read by pandas)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from typing import TextIO

from sudokit.compare.run.store import COLUMNS, Record
from sudokit.models.errors import UnknownName

FORMATS = ("csv", "jsonl")


def export(records: Iterable[Record], run: str, fmt: str, out: TextIO) -> int:
    """Write the records of run ``run`` to ``out``; returns how many were written."""
    count = 0
    if fmt == "csv":
        writer = csv.DictWriter(out, fieldnames=["run", *COLUMNS], lineterminator="\n")
        writer.writeheader()
        for record in records:
            writer.writerow({"run": run, **record.row()})
            count += 1
    elif fmt == "jsonl":
        for record in records:
            out.write(json.dumps({"run": run, **record.row(), "extra": record.extra}) + "\n")
            count += 1
    else:
        raise UnknownName(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
    return count
