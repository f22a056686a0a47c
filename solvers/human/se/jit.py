"""numba for SE mode's compiled parts, when it is there: ``compiled`` for the kernels (``chain_screen``,
``rules_compiled``, ``exclusion_compiled``, ``propagate_compiled``), each of which imports what it needs
from here, and ``Background`` for loading them (``kernels.COMPILED``). This module imports no kernel.

Numba is optional (the ``fast`` extra): without it, or with ``SUDOKIT_PURE=1`` in the environment,
the compiled parts are not built and SE mode runs its pure-Python code, the reference, which gives
the same hints. Compiled functions are cached on disk (``__pycache__``). Nothing here imports numba
before a compiled part is built."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import threading
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")

HUMAN = Path(__file__).resolve().parents[1]  # the human engine's package: every kernel module is under it
_KERNEL_MODULE = re.compile(r"^from sudokit\.solvers\.human\.se\.jit import .*\bcompiled\b", re.MULTILINE)


def available() -> bool:
    """Whether the compiled parts can be built: numba installed, and ``SUDOKIT_PURE`` not set."""
    return not os.environ.get("SUDOKIT_PURE") and importlib.util.find_spec("numba") is not None


@cache
def _njit() -> Callable:
    drop_stale_caches()
    from numba import njit

    return njit(cache=True, nogil=True)


def kernel_modules(root: Path = HUMAN) -> list[Path]:
    """The modules under ``root`` that hold kernels (those importing ``compiled``), sorted."""
    return sorted(path for path in root.rglob("*.py") if _KERNEL_MODULE.search(path.read_text(encoding="utf-8")))


def _fingerprint(root: Path) -> str:
    digest = hashlib.sha1(usedforsecurity=False)
    for path in kernel_modules(root):
        digest.update(f"{path.relative_to(root)}\0".encode() + path.read_bytes() + b"\0")
    return digest.hexdigest()


@cache
def drop_stale_caches(root: Path = HUMAN) -> bool:
    """Drop numba's cached code of every kernel module under ``root`` where any of them changed since
    it was cached (once a process); whether it did. numba checks a module's cache against that
    module's source only, but a kernel holds the code of the kernels it calls in other modules
    (``propagate_compiled``'s walks, ``rules_compiled``'s rules): after an update of the callee
    alone, the caller's cache would run the old code. The stamp (a digest of the kernel modules'
    sources) is kept beside the caches, in ``root``'s ``__pycache__``; what cannot be removed or
    written (a read-only install: numba caches elsewhere then) is left."""
    stamp = root / "__pycache__" / "kernels.sha1"
    now = _fingerprint(root)
    with suppress(OSError):
        if stamp.read_text() == now:
            return False
    dropped = False
    for kind in ("nbi", "nbc"):
        for entry in root.rglob(f"__pycache__/*.{kind}"):
            with suppress(OSError):
                entry.unlink()
                dropped = True
    with suppress(OSError):
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(now)
    return dropped


def compiled(function: Callable) -> Callable:
    """``function`` compiled (on its first call), or as it is without numba."""
    return _njit()(function) if available() else function


def cached(*modules: str) -> bool:
    """Whether numba's cache holds code of each module (a file of this package) compiled since its
    source last changed, in the module's ``__pycache__``, where numba keeps it when it can write
    there (a module's functions are compiled together; older entries, of the functions' former
    places in the file, stay beside them). Stale caches are dropped first (``drop_stale_caches``)."""
    drop_stale_caches()
    here = Path(__file__).parent
    for module in modules:
        source = here / f"{module}.py"
        stamps = [index.stat().st_mtime for index in (here / "__pycache__").glob(f"{module}.*.nbi")]
        if not stamps or max(stamps) < source.stat().st_mtime:
            return False
    return True


class Background(Generic[T]):
    """Compiled parts, built at once when numba's cache holds them (under a second), else in a
    thread of their own: numba compiles on first use (tens of seconds the first time after an
    install), and a search with a deadline must not wait for it. ``get`` is None until they are
    ready (the pure-Python code, which gives the same hints, runs meanwhile); the thread is not a
    daemon, so a process that ends first waits for the compiled code to reach the cache."""

    def __init__(self, build: Callable[[], T], ready: Callable[[], bool]):
        """``ready``: whether building is quick (the compiled code is in numba's cache)."""
        self._build, self._ready = build, ready
        self._value: T | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def get(self, start: bool = True) -> T | None:
        """The parts when ready, else None (``start``: begin building them if not begun)."""
        if self._value is None and start and self._thread is None and available():
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="sudokit-jit")
                    if self._ready():
                        self._run()
                    else:
                        self._thread.start()
        return self._value

    def now(self) -> T | None:
        """The parts, built at once (a warm-up), waiting for a build already under way; None without numba."""
        self.get()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join()
        return self._value

    def _run(self) -> None:
        self._value = self._build()
