"""An outside program run under a deadline, killed at it with every process it started.

Killing the program alone is not enough: MiniZinc starts its solver (``fzn-gecode``) in a process
group of its own, and that solver went on computing for minutes, reparented to init, after
``minizinc`` was killed. So at the deadline the program is frozen (SIGSTOP: it starts no more
children), its descendants are found by their parent links (psutil) while they still hang from it,
frozen in turn until no new one shows, and then all are killed. (A descendant that has already left
the tree, its parent gone, is not found: that needs the kernel's help, a subreaper or a cgroup.)
"""

from __future__ import annotations

import subprocess
from contextlib import suppress

import psutil


def run(command: list[str], seconds: float | None, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``command`` fed ``stdin``, its output captured as text; past ``seconds``, kill it and its
    descendants and raise ``subprocess.TimeoutExpired``."""
    feed = None if stdin is None else subprocess.PIPE
    with subprocess.Popen(command, stdin=feed, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        try:
            out, err = process.communicate(stdin, timeout=seconds)
        except subprocess.TimeoutExpired:
            kill_tree(process.pid)
            process.wait()
            raise
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def kill_tree(pid: int) -> None:
    """Kill process ``pid`` and all its descendants, whatever process group or session they are in."""
    try:
        root = psutil.Process(pid)
        root.suspend()
    except psutil.NoSuchProcess:
        return
    tree = {root}
    while fresh := set(_descendants(root)) - tree:  # one caught starting a child shows it on the next look
        for process in fresh:
            with suppress(psutil.NoSuchProcess):
                process.suspend()
        tree |= fresh
    for process in tree:  # SIGKILL ends a stopped process too; the caller reaps the program, init the rest
        with suppress(psutil.NoSuchProcess):
            process.kill()


def _descendants(process: psutil.Process) -> list[psutil.Process]:
    try:
        return process.children(recursive=True)
    except psutil.NoSuchProcess:
        return []
