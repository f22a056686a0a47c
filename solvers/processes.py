"""Process trees: the CPU time a process and all its descendants used, and killing them all.

A process that runs solvers is made a *child subreaper* (Linux's ``PR_SET_CHILD_SUBREAPER``): a
descendant whose parent exits (a double fork, a daemon that called ``setsid``) is re-parented to it
instead of to init, so every descendant stays in its tree, counted and killable, and when it exits
its CPU time reaches the subreaper's ``RUSAGE_CHILDREN`` once reaped. Where the cgroup v2 hierarchy
is writable (root, or a delegated cgroup), a ``Tree`` also moves its process into a cgroup of its
own: the kernel then counts the CPU of every process that ever ran in it to the microsecond and
kills them all at once (``cgroup.kill``), whatever they did to leave the tree.

``Tree.cpu_seconds()`` is the tree's CPU so far, on one scale whichever way it is read:

- no child process (one ``waitid`` call says so): this process's CPU (every thread) plus its reaped
  descendants' (``RUSAGE_CHILDREN``): exact;
- children, in a cgroup: the cgroup's ``usage_usec`` (every process, exited ones too), offset by the
  CPU this process used before it entered: exact to the microsecond;
- children, no cgroup: the above plus, for each live or unreaped descendant (psutil), its user and
  system time and its reaped children's: clock-tick resolution (10 ms) per descendant.

psutil is imported only where a tree has descendants to read or kill: a run of in-process backends
never loads it.

>>> tree = Tree()
>>> tree.cpu_seconds() >= 0.0
True
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import resource
import select
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psutil

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
CGROUP_PREFIX = "sudokit-"  # the name of a tree's cgroup: this prefix and the process id
REAP_SECONDS = 2.0  # how long a kill waits for the killed processes to go


@functools.cache
def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def _prctl(option: int, value: int) -> bool:
    """``prctl(option, value)``; False where it is not available (not Linux) or refused."""
    try:
        return _libc().prctl(option, value, 0, 0, 0) == 0  # type: ignore[union-attr]
    except AttributeError:
        return False


_subreaper = 0  # the process id that made itself a subreaper (a forked child is not one)


def become_subreaper() -> bool:
    """Make this process a child subreaper (once): orphaned descendants are re-parented to it."""
    global _subreaper
    if _subreaper != os.getpid() and _prctl(PR_SET_CHILD_SUBREAPER, 1):
        _subreaper = os.getpid()
    return _subreaper == os.getpid()


@contextlib.contextmanager
def subreaping() -> Iterator[None]:
    """This process a child subreaper for the block only (unless it was one before): one that lives on
    after would adopt orphans it never reaps."""
    was = _subreaper == os.getpid()
    become_subreaper()
    try:
        yield
    finally:
        if not was and _subreaper == os.getpid():
            _stop_subreaping()


def _stop_subreaping() -> None:
    global _subreaper
    if _prctl(PR_SET_CHILD_SUBREAPER, 0):
        _subreaper = 0


def die_with_parent(signum: int = signal.SIGKILL) -> bool:
    """Have the kernel send ``signum`` to this process when the thread that started it ends."""
    return _prctl(PR_SET_PDEATHSIG, signum)


def guest_setup() -> None:
    """For ``preexec_fn`` of a program sudokit starts: a subreaper (kept across ``exec``), so what it
    leaves behind stays below it, and killed when its parent dies."""
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def has_children() -> bool:
    """Whether this process has a child process (running or not yet reaped): one system call."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False
    return True


def own_seconds() -> float:
    """CPU seconds of this process (every thread) and of the descendants it reaped."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _process_seconds(process: psutil.Process) -> float:
    """A process's CPU seconds and its reaped children's (0 for one that has gone)."""
    import psutil
    try:
        t = process.cpu_times()
    except psutil.Error:
        return 0.0
    return t.user + t.system + t.children_user + t.children_system


def descendants(pid: int | None = None) -> list[psutil.Process]:
    """The processes below ``pid`` (this process when None), running or not yet reaped.

    Walked down the kernel's lists of each thread's children (``/proc/PID/task/TID/children``), which
    costs the tree's size; psutil's walk reads every process of the system twice (40 ms each on a
    loaded machine here, and a kill at a deadline walks a tree twice), so it is only the fallback
    where the kernel keeps no such lists.
    """
    import psutil
    pid = os.getpid() if pid is None else pid
    if not _KERNEL_LISTS_CHILDREN:
        try:
            return psutil.Process(pid).children(recursive=True)
        except psutil.Error:
            return []
    found: list[psutil.Process] = []
    below = [pid]
    while below:
        for child in _children(below.pop()):
            with contextlib.suppress(psutil.Error):
                found.append(psutil.Process(child))
                below.append(child)
    return found


def _children(pid: int) -> list[int]:
    """The ids of process ``pid``'s children (none when it has gone), from the kernel's lists."""
    ids: list[int] = []
    with contextlib.suppress(OSError):  # gone, or a thread gone, while being read
        for thread in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/task/{thread}/children") as listed:
                ids.extend(int(child) for child in listed.read().split())
    return ids


_KERNEL_LISTS_CHILDREN = os.path.exists(f"/proc/self/task/{os.getpid()}/children")  # CONFIG_PROC_CHILDREN


# ---------------------------------------------------------------------------- cgroups


def _cgroup2_root() -> Path | None:
    """Where the cgroup v2 hierarchy is mounted, or None."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/mounts").read_text().splitlines():
            fields = line.split()
            if len(fields) > 2 and fields[2] == "cgroup2":
                return Path(fields[1])
    return None


def _own_cgroup(pid: int | str = "self") -> Path | None:
    """The cgroup v2 directory ``pid`` is in, or None."""
    root = _cgroup2_root()
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
            if line.startswith("0::"):
                return root / line[3:].lstrip("/") if root else None
    return None


class Cgroup:
    """A cgroup v2 of one tree: its CPU time, its members, killed at once."""

    def __init__(self, path: Path):
        self.path = path

    @classmethod
    def enter(cls) -> Cgroup | None:
        """Move this process into a new cgroup below its own, or None where that is not allowed."""
        here = _own_cgroup()
        if here is None:
            return None
        path = here / f"{CGROUP_PREFIX}{os.getpid()}"
        try:
            path.mkdir()
            (path / "cgroup.procs").write_text("0")
        except OSError:
            with contextlib.suppress(OSError):
                path.rmdir()
            return None
        return cls(path)

    @classmethod
    def of(cls, pid: int) -> Cgroup | None:
        """The cgroup child process ``pid`` made for its tree (``enter``), or None."""
        here = _own_cgroup()
        path = here / f"{CGROUP_PREFIX}{pid}" if here is not None else None
        return cls(path) if path is not None and path.is_dir() else None

    def usage_seconds(self) -> float:
        """CPU seconds used in this cgroup so far (every process that ran in it)."""
        for line in (self.path / "cpu.stat").read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "usage_usec":
                return int(value) / 1e6
        raise OSError(f"{self.path}/cpu.stat has no usage_usec")

    def pids(self) -> list[int]:
        with contextlib.suppress(OSError):
            return [int(p) for p in (self.path / "cgroup.procs").read_text().split()]
        return []

    def kill(self) -> list[int]:
        """SIGKILL every process in the cgroup; the process ids it had."""
        members = self.pids()
        with contextlib.suppress(OSError):
            (self.path / "cgroup.kill").write_text("1")
        return members

    def remove(self) -> None:
        """Delete the cgroup once it is empty (waiting a little for its processes to go)."""
        until = time.monotonic() + REAP_SECONDS
        while True:
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                if time.monotonic() > until:
                    return
                time.sleep(0.01)


def sweep_cgroups() -> int:
    """Kill what is left in the tree cgroups below this process's own whose maker has gone, and delete
    them: the processes a run killed with SIGKILL could not clean up (a daemon its backend left), and
    the empty cgroups of workers that died. How many were deleted."""
    here = _own_cgroup()
    swept = 0
    with contextlib.suppress(OSError):
        for path in here.glob(f"{CGROUP_PREFIX}*") if here is not None else ():
            maker = path.name.removeprefix(CGROUP_PREFIX)
            if not maker.isdigit() or _running(int(maker)):
                continue
            cgroup = Cgroup(path)
            if cgroup.pids():
                cgroup.kill()
            cgroup.remove()
            swept += not path.exists()
    return swept


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie (one dead but not yet reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


# ---------------------------------------------------------------------------- the tree's CPU


class Tree:
    """This process and every descendant: their CPU time so far, and how to kill the descendants."""

    def __init__(self, cgroup: Cgroup | None = None):
        self.cgroup = cgroup
        self.offset = own_seconds() - (cgroup.usage_seconds() if cgroup else 0.0)  # CPU before the cgroup

    @classmethod
    def of_worker(cls) -> Tree:
        """A worker's tree: a subreaper, in a cgroup of its own where the system allows."""
        become_subreaper()
        return cls(Cgroup.enter() if not has_children() else None)

    def cpu_seconds(self, own_last: bool = False) -> float:
        """CPU seconds of the tree so far (see the module's docstring for how, and how precise).

        Looking for descendants costs this process CPU time: a reading that starts an interval reads
        this process's own clock last (``own_last``), one that ends it first, so that cost falls
        outside the interval.
        """
        if not has_children():
            return own_seconds()
        if self.cgroup is not None:
            time.process_time()  # (brings this process's own CPU in the cgroup's count up to date)
            with contextlib.suppress(OSError, ValueError):
                return self.cgroup.usage_seconds() + self.offset
        if own_last:
            others = sum(_process_seconds(p) for p in descendants())
            return others + own_seconds()
        own = own_seconds()
        return own + sum(_process_seconds(p) for p in descendants())

    def peak_kb(self) -> int:
        """Peak resident memory in KiB: this process's high-water mark, or the largest reaped
        descendant's, plus the resident memory of the live descendants now."""
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        reaped = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        if not has_children():
            return max(own, reaped)
        import psutil
        live = 0
        for process in descendants():
            with contextlib.suppress(psutil.Error):
                live += process.memory_info().rss // 1024
        return max(own + live, reaped)

    def kill_descendants(self) -> None:
        """Kill every process below this one."""
        if has_children():
            _killed(_stopped_tree(os.getpid(), stop_root=False))

    def close(self) -> None:
        """Kill every descendant and leave the cgroup."""
        self.kill_descendants()
        if self.cgroup is not None:
            with contextlib.suppress(OSError):
                (self.cgroup.path.parent / "cgroup.procs").write_text("0")
            self.cgroup.remove()
            self.cgroup = None


_this: tuple[int, Tree] | None = None


def this_tree(worker: bool = False) -> Tree:
    """This process's tree, made once per process: a worker's (``Tree.of_worker``) or a plain one (no
    subreaper: a process that lives on must not adopt orphans it never reaps)."""
    global _this
    if _this is None or _this[0] != os.getpid():  # (a forked child has its own)
        _this = os.getpid(), Tree.of_worker() if worker else Tree()
    return _this[1]


def tree_seconds(pid: int) -> float | None:
    """CPU seconds of process ``pid`` and its descendants, read from outside (psutil: clock ticks),
    None when it has gone."""
    import psutil
    try:
        root = psutil.Process(pid)
        return _process_seconds(root) + sum(_process_seconds(p) for p in descendants(pid))
    except psutil.Error:
        return None


# ---------------------------------------------------------------------------- killing


def kill_tree(pid: int, *, reap_root: bool = False) -> None:
    """SIGKILL process ``pid`` and every descendant, however far they went from its group and session.

    In a tree cgroup the kernel kills all its members at once; otherwise the tree is stopped
    (SIGSTOP, so nothing forks any more) until no new member appears, then killed. Killed
    descendants that end up this process's children are reaped; the root is reaped only with
    ``reap_root`` (its owner, a ``Popen`` or ``Process``, usually waits for it; then ``forget``).
    """
    cgroup = Cgroup.of(pid)
    if cgroup is not None:
        members = set(cgroup.kill())
        members.discard(os.getpid())
    else:
        members = _killed(_stopped_tree(pid), reap=False)
    if not reap_root:
        members.discard(pid)
    _reap(members)
    if reap_root:
        forget(pid)


def exited_cleanly(pid: int, timeout: float) -> bool:
    """Whether child ``pid`` exits with status 0 within ``timeout`` seconds; it is left unreaped (its id
    cannot be reused while its owner may still kill its tree)."""
    try:
        handle = os.pidfd_open(pid)
    except (OSError, AttributeError):  # gone already, or no pidfd here
        return False
    try:
        if not select.select([handle], [], [], timeout)[0]:
            return False
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except OSError:
        return False
    finally:
        os.close(handle)
    return info is not None and info.si_code == os.CLD_EXITED and info.si_status == 0


def forget(pid: int) -> None:
    """Remove the cgroup of a reaped child's tree, if it made one."""
    if (cgroup := Cgroup.of(pid)) is not None:
        cgroup.remove()


def child_pids() -> set[int]:
    """The ids of this process's children."""
    import psutil
    with contextlib.suppress(psutil.Error):
        return {child.pid for child in psutil.Process().children()}
    return set()


def kill_children(keep: set[int]) -> None:
    """Kill the trees of this process's children that left its process group, but those in ``keep``:
    what a dead child (a worker, leading a group of its own) left behind and was re-parented here."""
    import psutil
    group = os.getpgrp()
    with contextlib.suppress(psutil.Error):
        for child in psutil.Process().children():
            with contextlib.suppress(OSError):
                if child.pid not in keep and os.getpgid(child.pid) != group:
                    kill_tree(child.pid, reap_root=True)


def _stopped_tree(pid: int, stop_root: bool = True) -> list[psutil.Process]:
    """Process ``pid``'s descendants (and itself with ``stop_root``), each sent SIGSTOP, looked for
    again until none is new: a stopped process forks no more."""
    import psutil
    try:
        root = psutil.Process(pid)
    except psutil.Error:
        return []
    members = {root, *descendants(pid)}
    stopped: set[psutil.Process] = set() if stop_root else {root}
    while new := members - stopped:
        for process in new:
            with contextlib.suppress(psutil.Error):
                process.send_signal(signal.SIGSTOP)
        stopped |= new
        members.update(descendants(pid))
    return [p for p in members if stop_root or p != root]


def _killed(processes: list[psutil.Process], reap: bool = True) -> set[int]:
    """SIGKILL each process (reaping them with ``reap``); their ids."""
    pids = {p.pid for p in processes}
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    if reap:
        _reap(set(pids))
    return pids


def _reap(pids: set[int]) -> None:
    """Wait (a little) until killed processes have gone, reaping those that are this process's children."""
    if not pids:
        return
    import psutil
    until = time.monotonic() + REAP_SECONDS
    while pids and time.monotonic() < until:
        for pid in list(pids):
            try:
                if os.waitpid(pid, os.WNOHANG)[0] == pid:
                    pids.discard(pid)
            except ChildProcessError:  # someone else's (yet): gone when it no longer exists, or is init's zombie
                with contextlib.suppress(psutil.Error):  # (init may reap late; another parent's may come here)
                    process = psutil.Process(pid)
                    if process.status() != psutil.STATUS_ZOMBIE or process.ppid() != 1:
                        continue
                pids.discard(pid)
        if pids:
            time.sleep(0.005)
