"""Export a run's records, one row per record, as CSV or JSON Lines (both read by pandas)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping
from typing import TextIO

from sudokit.compare.run.store import COLUMNS, Record
from sudokit.models.errors import UnknownName
from sudokit.solvers.base import Status

FORMATS = ("csv", "jsonl")
EXPORTED = tuple(c for column in COLUMNS for c in ((column, "partial") if column == "solution" else (column,)))


def exported_row(record: Record) -> dict:
    """The record's columns as exported (``extra`` as JSON text). A ``stuck`` record's grid is the
    partial grid its backend reached, not a solution: it goes under ``partial`` (the store keeps it
    under ``solution``), as in ``sudokit solve --json``."""
    row = record.row()
    stuck = record.status == Status.STUCK.value
    answer = {"solution": None if stuck else row["solution"], "partial": row["solution"] if stuck else None}
    return {column: answer[column] if column in answer else row[column] for column in EXPORTED}


def export(records: Iterable[Record], run: str, fmt: str, out: TextIO,
           meta: Mapping[tuple[str, int], dict] | None = None) -> int:
    """Write the records of run ``run`` to ``out``; returns how many were written.

    ``meta`` (``Store.puzzle_meta``) adds each puzzle's own fields from its input file as
    ``puzzle_``-prefixed columns (``puzzle_se_rating`` …), as ``notebook.load_run`` does.
    """
    meta = meta or {}
    fields = list(dict.fromkeys(f"puzzle_{k}" for row in meta.values() for k in row))
    count = 0
    if fmt == "csv":
        writer = csv.DictWriter(out, fieldnames=["run", *EXPORTED, *fields], lineterminator="\n")
        writer.writeheader()
        for record in records:
            writer.writerow({"run": run, **exported_row(record), **_own_fields(meta, record)})
            count += 1
    elif fmt == "jsonl":
        for record in records:
            out.write(json.dumps({"run": run, **exported_row(record), "extra": record.extra,
                                  **_own_fields(meta, record)}) + "\n")
            count += 1
    else:
        raise UnknownName(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
    return count


def _own_fields(meta: Mapping[tuple[str, int], dict], record: Record) -> dict:
    return {f"puzzle_{k}": v for k, v in meta.get((record.set_name, record.puzzle_index), {}).items()}
