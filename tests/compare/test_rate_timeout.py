"""Plain ``rate --timeout T``: SE's mode and HoDoKu's each get the whole T, and each mode's status is its
own (a mode stuck in a moment is stuck, not "time limit reached" because an earlier mode spent the time)."""

from __future__ import annotations

import time

from sudokit.compare.commands import human
from sudokit.models.grid import Grid
from sudokit.solvers.human import cited

# forum hardest, SE ER 11.0: SE mode needs seconds of chains; HoDoKu mode is stuck on it without them
FORUM = Grid.parse("98.7.....7...6.9....6..5...4......3..9..2...4..85..7...3.....1...96..8.......1..2")


def test_each_mode_gets_the_whole_limit_and_keeps_its_own_status(monkeypatch):
    real = cited.solve_logically
    given: dict[str, float | None] = {}

    def spending(start, techniques, *, mode, allow_guess, time_limit):
        """SE mode spends its budget (a real timeout after a sleep); HoDoKu's runs as it would."""
        given[mode] = time_limit
        if mode == "se":
            time.sleep(0.3)
            return real(start, techniques, mode=mode, allow_guess=allow_guess, time_limit=1e-9)
        return real(start, techniques, mode=mode, allow_guess=allow_guess, time_limit=time_limit)

    monkeypatch.setattr(cited, "solve_logically", spending)
    status, record, message = cited.rating_record(FORUM, cited.CITED, time_limit=60.0)
    assert given == {"se": 60.0, "hodoku": 60.0}  # not 60 less what SE mode spent
    assert record["se_missing"].endswith("time limit reached")
    assert record["hodoku_missing"].startswith("stuck: no technique applies")
    # (SE mode's time runs out while it counts the solutions, "not rated: ...", or, where the compiled
    # count has them at once, while it rates)
    assert status.value == "timeout" and message.startswith("mode se: ")
    assert "time limit reached; mode hodoku: no technique applies" in message


def test_workers_are_killed_only_past_the_check_and_every_mode(monkeypatch):
    seen = []

    class Runner:
        def run(self, chunks, settings):
            seen.append(settings)
            yield from ()

    rater = human.Rater(cited.CITED)
    list(human._rated(rater, _puzzles(2), 5.0, Runner()))
    (settings,) = seen
    assert settings.timeout == 5.0 and settings.budget is not None and settings.budget >= 3 * 5.0


def _puzzles(n: int):
    from sudokit.compare.sets import load_set

    return load_set("easy50").puzzles[:n]
