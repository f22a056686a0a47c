"""Process trees: every descendant's CPU counted (exited, orphaned or running), every one killed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudokit.solvers import processes
from sudokit.solvers.processes import Tree

SPIN = "import time\nwhile time.process_time() < {seconds}: pass\n"
# a child that starts a grandchild in a session of its own, which spins SECONDS of CPU, and exits at once
ORPHANING = ("import os, subprocess, sys\n"
             "subprocess.Popen([sys.executable, '-c', sys.argv[1]], start_new_session=True)\n")


def alive(pid: int) -> bool:
    """Whether ``pid`` is running (not gone, not a zombie), from /proc."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def in_a_fresh_process(check) -> None:
    """Run ``check`` in a forked child that is a subreaper, as a worker is, and has no other children
    (this process may have some, other tests'); a failure there fails the test."""
    read, write = os.pipe()
    if (pid := os.fork()) == 0:
        os.close(read)
        try:
            with processes.subreaping():
                check()
            failure = b""
        except BaseException as exc:
            failure = repr(exc).encode() or b"failed"
        os.write(write, failure)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        failure = pipe.read().decode()
    os.waitpid(pid, 0)
    assert not failure, failure


@pytest.mark.parametrize("use_cgroup", [False, True])
def test_an_orphan_in_a_session_of_its_own_is_counted_while_it_runs_and_after(use_cgroup):
    if use_cgroup and os.geteuid() != 0:
        pytest.skip("a cgroup of its own needs root (or a delegated cgroup) here")
    in_a_fresh_process(lambda: orphan_counted(use_cgroup))


def orphan_counted(use_cgroup: bool) -> None:
    tree = Tree(processes.Cgroup.enter() if use_cgroup else None)
    assert tree.cgroup is not None or not use_cgroup
    try:
        start = tree.cpu_seconds(own_last=True)
        subprocess.run([sys.executable, "-c", ORPHANING, SPIN.format(seconds=0.4)], check=True)
        running = tree.cpu_seconds()  # the orphan runs on, re-parented here
        assert processes.has_children()
        until = time.monotonic() + 20
        while [p for p in processes.descendants() if p.status() != "zombie"] and time.monotonic() < until:
            time.sleep(0.02)
        done = tree.cpu_seconds()  # (a zombie now: counted from /proc, or from the cgroup)
        assert done - start >= 0.4 - 0.02  # clock ticks: 10 ms per process
        assert running - start < done - start
        assert done - start < 0.4 + 2.0  # (two Python start-ups besides)
    finally:
        tree.close()
    assert not processes.has_children()


def test_a_tree_is_killed_however_its_members_left_its_group_and_session():
    in_a_fresh_process(tree_killed)


def tree_killed() -> None:
    child = subprocess.Popen([sys.executable, "-c", ORPHANING + "import time\ntime.sleep(60)\n",
                              SPIN.format(seconds=60)], process_group=0)
    until = time.monotonic() + 20
    while len(processes.descendants()) < 2 and time.monotonic() < until:
        time.sleep(0.02)
    members = [p.pid for p in processes.descendants()]
    assert len(members) == 2
    processes.kill_tree(child.pid)
    child.wait()
    assert not any(alive(pid) for pid in members)
    assert not processes.has_children()  # (and reaped)


def test_without_children_the_tree_is_this_process_and_what_it_reaped():
    in_a_fresh_process(reaped_counted)


def reaped_counted() -> None:
    tree = Tree()
    start = tree.cpu_seconds()
    subprocess.run([sys.executable, "-c", SPIN.format(seconds=0.2)], check=True)
    assert not processes.has_children()
    assert 0.2 <= tree.cpu_seconds() - start < 2.0
    assert tree.peak_kb() > 1000


def test_a_forked_child_that_says_so_is_a_subreaper_of_its_own():
    """(The kernel's flag is not inherited by fork: a worker forked by a subreaper must set its own.)"""
    with processes.subreaping():
        if os.fork() == 0:
            processes.become_subreaper()
            read, write = os.pipe()
            if os.fork() == 0:  # a child that leaves a grandchild behind
                if os.fork() == 0:
                    os.write(write, str(os.getppid()).encode() if not time.sleep(0.3) else b"")
                    os._exit(0)
                os._exit(0)
            os.close(write)
            adopted_by = int(os.read(read, 32))
            while processes.has_children():
                os.wait()
            os._exit(0 if adopted_by == os.getpid() else 1)
        assert os.wait()[1] == 0


def test_what_a_dead_child_left_behind_is_killed_and_nothing_of_this_group():
    """As when a worker (leading a group of its own) crashes: its orphans come here, to be killed."""
    in_a_fresh_process(orphans_killed)


def orphans_killed() -> None:
    helper = subprocess.Popen([sys.executable, "-c", "import time\ntime.sleep(60)"])  # in this group: kept
    subprocess.run([sys.executable, "-c", ORPHANING, SPIN.format(seconds=60)], process_group=0, check=True)
    until = time.monotonic() + 20
    while len(processes.child_pids()) < 2 and time.monotonic() < until:
        time.sleep(0.02)
    orphans = processes.child_pids() - {helper.pid}
    assert len(orphans) == 1
    processes.kill_children(keep=set())
    assert not any(alive(pid) for pid in orphans) and alive(helper.pid)
    helper.kill()
    helper.wait()
