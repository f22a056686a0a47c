"""An outside program run under a deadline, killed at it with every process it started.

Killing the program alone is not enough: MiniZinc starts its solver (``fzn-gecode``) in a process
group of its own, and that solver went on computing for minutes, reparented to init, after
``minizinc`` was killed. So at the deadline the program is frozen (SIGSTOP: it starts no more
children), its descendants are found by their parent links (psutil) while they still hang from it,
frozen in turn, and then all are killed.
"""

from __future__ import annotations

import subprocess
from contextlib import suppress

import psutil


def run(command: list[str], seconds: float | None) -> subprocess.CompletedProcess[str]:
    """Run ``command``, its output captured as text; past ``seconds``, kill it and its descendants
    and raise ``subprocess.TimeoutExpired``."""
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        try:
            out, err = process.communicate(timeout=seconds)
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
    while True:  # freeze each new generation until no frozen process has an unfrozen child
        found = {child for process in tree for child in _children(process)} - tree
        if not found:
            break
        for process in found:
            with suppress(psutil.NoSuchProcess):
                process.suspend()
        tree |= found
    for process in tree:
        with suppress(psutil.NoSuchProcess):
            process.kill()
    psutil.wait_procs(tree - {root}, timeout=1)  # reaped by init, or by their parent before it died


def _children(process: psutil.Process) -> list[psutil.Process]:
    try:
        return process.children()
    except psutil.NoSuchProcess:
        return []
