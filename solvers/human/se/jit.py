"""numba for SE mode's compiled parts, when it is there: ``compiled`` for the kernels (``chain_screen``,
``rules_compiled``, ``exclusion_compiled``, ``propagate_compiled``), each of which imports what it needs
from here, and ``Background`` for loading them (``kernels.COMPILED``). This module imports no kernel.

Numba is optional (the ``fast`` extra): without it, or with ``SUDOKIT_PURE=1`` in the environment,
the compiled parts are not built and SE mode runs its pure-Python code, the reference, which gives
the same hints. Compiled functions are cached on disk (``__pycache__``). Nothing here imports numba
before a compiled part is built."""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")


def available() -> bool:
    """Whether the compiled parts can be built: numba installed, and ``SUDOKIT_PURE`` not set."""
    return not os.environ.get("SUDOKIT_PURE") and importlib.util.find_spec("numba") is not None


@cache
def _njit() -> Callable:
    from numba import njit

    return njit(cache=True, nogil=True)


def compiled(function: Callable) -> Callable:
    """``function`` compiled (on its first call), or as it is without numba."""
    return _njit()(function) if available() else function


def cached(*modules: str) -> bool:
    """Whether numba's cache holds code of each module (a file of this package) compiled since its
    source last changed, in the module's ``__pycache__``, where numba keeps it when it can write
    there (a module's functions are compiled together; older entries, of the functions' former
    places in the file, stay beside them)."""
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
