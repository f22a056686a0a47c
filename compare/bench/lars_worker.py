"""A worker for side-by-side runs: solve the puzzles read from stdin with larsdoku, one JSON line each.

larsdoku (AGPL) is never a dependency of sudokit: run this file with the Python of a throwaway
environment that has it (``python3 -m venv /tmp/lars-venv && /tmp/lars-venv/bin/pip install larsdoku``).
Its result says whether it had to guess (an ``ORACLE_ONLY`` placement); the CPU seconds are this
process's.
"""

from __future__ import annotations

import json
import sys
import time


def main() -> None:
    import larsdoku  # compiles its kernels on import

    for line in sys.stdin:
        puzzle = line.strip()
        began = time.process_time()
        result = larsdoku.solve(puzzle)
        seconds = time.process_time() - began
        counts = result.get("technique_counts") or {}
        guessed = any("ORACLE" in name for name in counts)
        print(json.dumps({"status": "solved" if result.get("success") else "stuck", "guessed": guessed,
                          "seconds": seconds}), flush=True)


if __name__ == "__main__":
    main()
