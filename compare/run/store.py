"""The results store: runs, their puzzles and their records, in one SQLite file (the single writer).

WAL mode and one transaction per batch of records: a killed process leaves whole records only,
and rerunning a run name completes what is missing. A fresh run's name is claimed in a transaction
(``claim_run``), so processes started together on one database never share a run.

Schema versions: 1 had wall times only; 2 adds ``records.cpu_seconds`` (NULL in records from
version 1). An older database is brought up to date when it is opened.

>>> with Store.open(":memory:") as store:
...     run = store.start_run("demo", {"sets": [], "config": {"limit": 2}})
...     store.done(run)
set()
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path

from sudokit.compare.run.errors import StoreError, UnknownName, UserError

SCHEMA_VERSION = 2
DEFAULT_DB = Path("results") / "sudokit.sqlite"
BUSY_SECONDS = 60.0  # how long a writer waits for another process's transaction before giving up

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    started TEXT NOT NULL,
    finished TEXT,
    environment TEXT NOT NULL,   -- JSON: commit, dirty, machine, python, backend versions
    sets TEXT NOT NULL,          -- JSON: name, sha256, puzzles, skipped lines
    config TEXT NOT NULL         -- JSON: limit, timeout, repeat, transform seed, backends, ...
);
CREATE TABLE IF NOT EXISTS puzzles (
    run INTEGER NOT NULL REFERENCES runs(id),
    set_name TEXT NOT NULL,
    puzzle_index INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    meta TEXT NOT NULL,          -- JSON: the puzzle file's own fields (se_rating, count, ...)
    PRIMARY KEY (run, set_name, puzzle_index)
);
CREATE TABLE IF NOT EXISTS records (
    run INTEGER NOT NULL REFERENCES runs(id),
    set_name TEXT NOT NULL,
    puzzle_index INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    backend TEXT NOT NULL,
    status TEXT NOT NULL,
    solution TEXT,
    solutions_found INTEGER NOT NULL,
    build_seconds REAL NOT NULL,
    solve_seconds REAL NOT NULL,
    guesses INTEGER,
    steps INTEGER,
    hardest TEXT,
    message TEXT NOT NULL,
    extra TEXT NOT NULL,         -- JSON: the backend's other counters, peak memory of the worker, repeats
    cpu_seconds REAL,            -- CPU time of the solving process (all threads, its children) over build and solve
    PRIMARY KEY (run, set_name, puzzle_index, backend)
);
"""

Key = tuple[str, int, str]  # (set name, puzzle index, backend)


@dataclass(frozen=True)
class Record:
    """One backend's answer to one puzzle of a run (solutions in the original puzzle's orientation)."""

    set_name: str
    puzzle_index: int
    puzzle: str
    backend: str
    status: str
    solution: str | None
    solutions_found: int
    build_seconds: float
    solve_seconds: float
    guesses: int | None = None
    steps: int | None = None
    hardest: str | None = None
    message: str = ""
    extra: dict = field(default_factory=dict, compare=False)
    cpu_seconds: float | None = None  # None: not measured (a record from before CPU time was stored)

    @property
    def key(self) -> Key:
        return self.set_name, self.puzzle_index, self.backend

    @property
    def seconds(self) -> float:
        return self.build_seconds + self.solve_seconds

    def measure(self, kind: str) -> float:
        """The record's time by ``kind``: ``wall`` (build + solve) or ``cpu`` (wall when not measured)."""
        if kind == "cpu" and self.cpu_seconds is not None:
            return self.cpu_seconds
        return self.seconds

    def row(self) -> dict:
        """The record as a flat dict (``extra`` as JSON text), as stored and exported."""
        return dict(zip(COLUMNS, self.values()))

    def values(self) -> tuple:
        """The record's column values in order (``extra`` as JSON text)."""
        return (self.set_name, self.puzzle_index, self.puzzle, self.backend, self.status, self.solution,
                self.solutions_found, self.build_seconds, self.solve_seconds, self.guesses, self.steps,
                self.hardest, self.message, _EXTRA_JSON(self.extra), self.cpu_seconds)


COLUMNS = tuple(f.name for f in fields(Record))
_EXTRA_JSON = json.JSONEncoder(sort_keys=True).encode  # one encoder for every record (json.dumps makes one a call)


@dataclass(frozen=True)
class Run:
    """A stored run: its id, name, and the JSON documents that let a reader reproduce it."""

    id: int
    name: str
    started: str
    finished: str | None
    environment: dict
    sets: list[dict]
    config: dict


class Store:
    """A results database; open it with ``Store.open(path)``."""

    def __init__(self, connection: sqlite3.Connection):
        self.db = connection

    @classmethod
    @contextmanager
    def open(cls, path: str | Path = DEFAULT_DB, *, create: bool = True) -> Iterator[Store]:
        """Open (creating if needed and ``create``) a results database, checking its schema version.

        Whatever keeps the file from being used (a folder, a file that is not SQLite, a corrupt or
        read-only database, a missing one with ``create=False``) raises ``StoreError``, one line.
        """
        memory = str(path) == ":memory:"
        if not memory:
            path = Path(path)
            if path.is_dir():
                raise StoreError(f"{path}: is a directory, not a results database")
            if not path.exists():
                if not create:
                    raise StoreError(f"{path}: no results database there (run `sudokit compare` first)")
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as err:
                    raise StoreError(f"{path}: cannot create its folder: {err.strerror or err}") from None
        try:
            db = sqlite3.connect(path, timeout=BUSY_SECONDS)
        except sqlite3.Error as err:
            raise StoreError(f"{path}: cannot open the results database: {err}") from None
        try:
            give_up = time.monotonic() + BUSY_SECONDS
            while True:
                try:
                    _prepare(db, path, memory)
                    break
                except sqlite3.OperationalError as err:  # (another process making the same new database: again)
                    if "locked" not in str(err) or time.monotonic() > give_up:
                        raise StoreError(f"{path}: not a usable results database ({err})") from None
                    time.sleep(0.02)
                except sqlite3.DatabaseError as err:
                    raise StoreError(f"{path}: not a usable results database ({err})") from None
            yield cls(db)
        finally:
            db.close()

    # ---- runs

    def claim_run(self, base: str) -> str:
        """A new run's name, ``base`` or ``base-2``, ``base-3`` …, claimed in one transaction: the database
        decides, so any number of processes claiming at once each get their own. ``start_run`` then
        fills the claimed run in."""
        self.db.execute("BEGIN IMMEDIATE")  # (a writer's lock: claims are taken one after another)
        try:
            taken = {n for (n,) in self.db.execute("SELECT name FROM runs WHERE name = ? OR name LIKE ?",
                                                   (base, base + "-%"))}
            name = next(n for n in (base, *(f"{base}-{k}" for k in range(2, len(taken) + 3))) if n not in taken)
            self.db.execute("INSERT INTO runs (name, started, environment, sets, config) VALUES (?, ?, '{}', ?, ?)",
                            (name, _now(), "[]", json.dumps(CLAIMED)))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return name

    def start_run(self, name: str, description: dict) -> Run:
        """The run called ``name``: created from ``description`` (or filling in a claimed name), or the
        stored one to resume.

        Resuming needs the same sets and configuration (backends may be added: the command that
        resumes decides whether that is allowed, see ``extension``).
        """
        stored = self.find_run(name)
        values = tuple(json.dumps(description.get(k, {})) for k in ("environment", "sets", "config"))
        if stored is None:
            with self.db:  # (OR IGNORE: another process may have created it since; then this one resumes it)
                created = self.db.execute("INSERT OR IGNORE INTO runs (name, started, environment, sets, config) "
                                          "VALUES (?, ?, ?, ?, ?)", (name, _now(), *values)).rowcount
            if created:
                return self.run(name)
            stored = self.run(name)
        if stored.config == CLAIMED:
            with self.db:
                self.db.execute("UPDATE runs SET started = ?, environment = ?, sets = ?, config = ? WHERE id = ?",
                                (_now(), *values, stored.id))
            return self.run(name)
        _check_resumable(stored, description)
        backends = {**stored.config.get("backends", {}), **description["config"].get("backends", {})}
        config = {**stored.config, "backends": backends}
        new = description["config"]
        if "report" in new:  # (how to report is the latest command's choice)
            config["report"] = new["report"]
        if skipped := {**stored.config.get("skipped", {}), **new.get("skipped", {})}:
            config["skipped"] = skipped
        if new.get("execution") not in (None, stored.config.get("execution")):  # resumed another way: recorded
            config["resumed_with"] = [*stored.config.get("resumed_with", []), new["execution"]]
        with self.db:
            self.db.execute("UPDATE runs SET config = ?, finished = NULL WHERE id = ?", (json.dumps(config), stored.id))
        return self.run(name)

    def finish_run(self, run: Run, environment: dict | None = None) -> None:
        """Mark the run finished; ``environment`` adds to what is stored of it (the machine at the end)."""
        with self.db:
            if environment:
                self.db.execute("UPDATE runs SET environment = ? WHERE id = ?",
                                (json.dumps({**run.environment, **environment}), run.id))
            self.db.execute("UPDATE runs SET finished = ? WHERE id = ?", (_now(), run.id))

    def find_run(self, name: str) -> Run | None:
        row = self.db.execute(
            "SELECT id, name, started, finished, environment, sets, config FROM runs WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            return None
        run_id, run_name, started, finished, environment, sets, config = row
        return Run(run_id, run_name, started, finished, json.loads(environment), json.loads(sets), json.loads(config))

    def run(self, name: str) -> Run:
        """The stored run called ``name``; ``KeyError`` lists the runs there are."""
        found = self.find_run(name)
        if found is None:
            names = [r for (r,) in self.db.execute("SELECT name FROM runs ORDER BY id")]
            raise UnknownName(f"no run called {name!r}; runs: {', '.join(names) or 'none yet'}")
        return found

    def run_names(self) -> list[str]:
        return [name for (name,) in self.db.execute("SELECT name FROM runs ORDER BY id")]

    def overview(self) -> list[dict]:
        """Every stored run: name, dates, sets, backends, records by status, and whether it finished."""
        counts: dict[int, dict[str, int]] = {}
        for run_id, status, count in self.db.execute(
                "SELECT run, status, count(*) FROM records GROUP BY run, status"):
            counts.setdefault(run_id, {})[status] = count
        rows = []
        for run_id, name, started, finished, sets, config in self.db.execute(
                "SELECT id, name, started, finished, sets, config FROM runs ORDER BY id"):
            statuses = counts.get(run_id, {})
            rows.append({
                "name": name, "started": started, "finished": finished,
                "status": "finished" if finished else "unfinished",
                "sets": [s.get("name") for s in json.loads(sets)],
                "backends": sorted(json.loads(config).get("backends", {})),
                "records": sum(statuses.values()), "statuses": statuses,
            })
        return rows

    # ---- puzzles and records

    def add_puzzles(self, run: Run, puzzles: Iterable[tuple[str, int, str, dict]]) -> None:
        """Remember the run's puzzles (set name, index, line, metadata); known ones are kept."""
        with self.db:
            self.db.executemany(
                "INSERT OR IGNORE INTO puzzles VALUES (?, ?, ?, ?, ?)",
                ((run.id, s, i, line, json.dumps(meta, default=str) if meta else "{}") for s, i, line, meta in puzzles),
            )

    def puzzle_meta(self, run: Run) -> dict[tuple[str, int], dict]:
        return dict(self.each_puzzle_meta(run))

    def each_puzzle_meta(self, run: Run) -> Iterator[tuple[tuple[str, int], dict]]:
        """Each puzzle's metadata, one at a time (puzzles without any are left out)."""
        rows = self.db.execute("SELECT set_name, puzzle_index, meta FROM puzzles WHERE run = ? AND meta != '{}'",
                               (run.id,))
        return (((s, i), json.loads(meta)) for s, i, meta in rows)

    def add(self, run: Run, records: Iterable[Record]) -> None:
        """Write records in one transaction (all of them or none)."""
        columns = ", ".join(COLUMNS)
        marks = ", ".join("?" * (len(COLUMNS) + 1))
        with self.db:
            self.db.executemany(
                f"INSERT OR REPLACE INTO records (run, {columns}) VALUES ({marks})",
                ((run.id, *r.values()) for r in records),
            )

    def done(self, run: Run) -> set[Key]:
        """The (set, puzzle index, backend) triples already recorded."""
        query = "SELECT set_name, puzzle_index, backend FROM records WHERE run = ?"
        return set(self.db.execute(query, (run.id,)))

    def done_counts(self, run: Run) -> dict[str, int]:
        """Per backend, how many records the run has."""
        query = "SELECT backend, count(*) FROM records WHERE run = ? GROUP BY backend"
        return dict(self.db.execute(query, (run.id,)))

    def done_between(self, run: Run, set_name: str, first: int, last: int) -> set[tuple[int, str]]:
        """The (puzzle index, backend) pairs recorded for puzzles ``first`` to ``last`` of a set."""
        query = "SELECT puzzle_index, backend FROM records WHERE run = ? AND set_name = ? AND puzzle_index BETWEEN ? AND ?"
        return set(self.db.execute(query, (run.id, set_name, first, last)))

    def records(self, run: Run) -> list[Record]:
        """Every record of a run, ordered by set, puzzle and backend."""
        return list(self.each_record(run))

    def each_record(self, run: Run, where: str = "", params: tuple = ()) -> Iterator[Record]:
        """The run's records one at a time (those matching the SQL condition ``where``), ordered by set,
        puzzle and backend: memory for one record, however many there are."""
        condition = f" AND ({where})" if where else ""
        query = (f"SELECT {', '.join(COLUMNS)} FROM records WHERE run = ?{condition} "
                 "ORDER BY set_name, puzzle_index, backend")
        return map(_record, self.db.execute(query, (run.id, *params)))



class RunRecords:
    """A run's records as a view of its store: each pass streams them afresh, ordered by set, puzzle
    and backend, so a report over any number of records holds one at a time (use it while the store
    is open)."""

    def __init__(self, store: Store, run: Run):
        self.store, self.run = store, run

    def __iter__(self) -> Iterator[Record]:
        return self.store.each_record(self.run)

    def __len__(self) -> int:
        return self.store.db.execute("SELECT count(*) FROM records WHERE run = ?", (self.run.id,)).fetchone()[0]

    def where(self, condition: str, *params) -> Iterator[Record]:
        """The records matching an SQL condition on the record columns."""
        return self.store.each_record(self.run, condition, params)

    def puzzle_count(self) -> int:
        """How many puzzles have a record."""
        query = "SELECT count(*) FROM (SELECT DISTINCT set_name, puzzle_index FROM records WHERE run = ?)"
        return self.store.db.execute(query, (self.run.id,)).fetchone()[0]

    def puzzle(self, set_name: str, index: int) -> str | None:
        """The line of a puzzle with a record (None when it has none)."""
        query = "SELECT puzzle FROM records WHERE run = ? AND set_name = ? AND puzzle_index = ? LIMIT 1"
        row = self.store.db.execute(query, (self.run.id, set_name, index)).fetchone()
        return row[0] if row else None


def _record(row: tuple) -> Record:
    values = dict(zip(COLUMNS, row))
    return Record(**{**values, "extra": json.loads(values["extra"])})


# configuration a resumption may change: backends (see ``extension``), how to report, how the work is
# executed (an interrupted run may be finished on another executor: recorded under ``resumed_with``), and the
# backends skipped (the unavailable ones may differ; each resumption's are added)
UNCHECKED = ("backends", "report", "execution", "resumed_with", "skipped")
CLAIMED = {"claimed": True}  # the configuration of a run whose name is claimed and not filled in yet


def extension(stored: Run, backends: Iterable[str]) -> list[str]:
    """The backends a resumption would add to a stored run (empty: the same backends, or fewer)."""
    return [b for b in backends if b not in stored.config.get("backends", {})]


def _prepare(db: sqlite3.Connection, path: str | Path, memory: bool) -> None:
    """Check an opened database and bring its schema up to this one. SQLite may answer "database is
    locked" at once, without waiting, where processes make one new database together (a statement's
    read turned write after another's commit): the caller tries again; each step may be repeated."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path} has schema version {version}; this sudokit reads up to {SCHEMA_VERSION}")
    if not memory and (problem := db.execute("PRAGMA quick_check(1)").fetchone()[0]) != "ok":
        detail = problem.replace("\n", "; ")
        raise StoreError(f"{path}: the results database is corrupt ({detail})")
    if not memory and not os.access(path, os.W_OK):
        raise StoreError(f"{path}: the results database is read-only")
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")  # whole transactions survive a kill; no fsync each
    if version < SCHEMA_VERSION:
        with db:
            _migrate(db, version)
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring a database of an older schema ``version`` up to this one (0: a new, empty database)."""
    has_records = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records'").fetchone()
    if has_records and version < 2:
        columns = {row[1] for row in db.execute("PRAGMA table_info(records)")}
        if "cpu_seconds" not in columns:
            db.execute("ALTER TABLE records ADD COLUMN cpu_seconds REAL")


def _check_resumable(stored: Run, description: dict) -> None:
    """Refuse to resume a run with other puzzles or another configuration (naming what differs)."""
    old, new = ({k: v for k, v in c.items() if k not in UNCHECKED} for c in (stored.config, description["config"]))
    if old != new:
        differ = ", ".join(f"{k} {old.get(k)!r} -> {new.get(k)!r}" for k in sorted(old.keys() | new.keys(), key=str)
                           if old.get(k) != new.get(k))
        raise UserError(f"run {stored.name!r} exists with another configuration ({differ}): choose another --name")
    old_sets = [(s["name"], s["sha256"]) for s in stored.sets]
    new_sets = [(s["name"], s["sha256"]) for s in description["sets"]]
    if old_sets != new_sets:
        raise UserError(f"run {stored.name!r} exists for other puzzles ({old_sets}): choose another --name")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
