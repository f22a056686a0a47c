"""numba's on-disk cache filled once before a test run, in two processes (the machine's two cores).

Without it, a fresh checkout's first run compiles every kernel (about a minute of CPU) in each test
process, in each Dask worker and harness worker a test starts, and meanwhile runs the slower
pure-Python code; filled first, they all read the cache (about a second). ``python -m
tests.kernel_cache PART...`` builds some parts (``backend.COMPILED_PARTS``' names) in this process; with no
argument, all of them, through ``HumanSolver.warm``, the list the harness warms."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PARTS = (("se", "nets", "complex_fish"), ("singles", "loops", "head", "als"))
"""Two shares of about 30 s of CPU each (cold, 2026-12); a part missing from both is still built,
by the last step, ``HumanSolver.warm``, which then reads the rest from the cache."""

def stale() -> bool:
    """Whether a module holding kernels (one that imports ``jit.compiled``) has no entry in numba's
    cache (its ``__pycache__``) written since the module last changed."""
    from sudokit.solvers.human.se import jit

    jit.drop_stale_caches()
    for source in jit.kernel_modules():
        stamps = [index.stat().st_mtime for index in (source.parent / "__pycache__").glob(f"{source.stem}.*.nbi")]
        if not stamps or max(stamps) < source.stat().st_mtime:
            return True
    return False


def fill() -> None:
    """Fill the cache when numba is there and the cache is stale: ``PARTS`` in two processes at
    once, then the harness' warm-up in one (numba writes each cache file whole, through a rename).
    A kernel that fails to build is left to the tests that use it to report (its error is printed)."""
    from sudokit.solvers.human.se import jit

    if not jit.available() or not stale():
        return
    command = [sys.executable, "-m", "tests.kernel_cache"]
    shares = [subprocess.Popen([*command, *part], cwd=REPO) for part in PARTS]
    if not any([share.wait() for share in shares]):
        subprocess.run(command, cwd=REPO)


def build(parts: list[str]) -> None:
    """Build some parts in this process, or all of them (the harness' warm-up)."""
    from sudokit.solvers.human.backend import COMPILED_PARTS, build_compiled

    build_compiled(parts or COMPILED_PARTS)


if __name__ == "__main__":
    build(sys.argv[1:])
