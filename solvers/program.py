"""An outside program run under a deadline, killed at it with every process it started.

Killing the program alone is not enough: MiniZinc starts its solver (``fzn-gecode``) in a process
group of its own, and that solver went on computing for minutes, reparented to init, after
``minizinc`` was killed. So the program is started as a child subreaper (``processes.guest_setup``:
what its children leave behind stays below it), and at the deadline its whole tree is killed
(``processes.kill_tree``: a cgroup's kill, or every member frozen until no new one shows, then killed).
"""

from __future__ import annotations

import subprocess

from sudokit.solvers import processes


def run(command: list[str], seconds: float | None, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``command`` fed ``stdin``, its output captured as text; past ``seconds``, kill it and its
    descendants and raise ``subprocess.TimeoutExpired``."""
    feed = None if stdin is None else subprocess.PIPE
    with subprocess.Popen(command, stdin=feed, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=processes.guest_setup) as process:
        try:
            out, err = process.communicate(stdin, timeout=seconds)
        except subprocess.TimeoutExpired:
            processes.kill_tree(process.pid)
            process.wait()
            raise
    return subprocess.CompletedProcess(command, process.returncode, out, err)
