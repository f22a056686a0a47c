"""numba for SE mode's compiled parts (``chain_screen``, ``rules_compiled``), when it is there.

Numba is optional (the ``fast`` extra): without it, or with ``SUDOKIT_PURE=1`` in the environment,
``jit`` is None, the compiled parts are not built and SE mode runs its pure-Python code, the
reference, which gives the same hints. Compiled functions are cached on disk (``__pycache__``)."""

from __future__ import annotations

import os
from collections.abc import Callable


def _compiler() -> Callable | None:
    if os.environ.get("SUDOKIT_PURE"):
        return None
    try:
        from numba import njit
    except ImportError:
        return None
    return njit(cache=True, nogil=True)


jit = _compiler()


def compiled(function: Callable) -> Callable:
    """``function`` compiled (on its first call), or as it is without numba."""
    return jit(function) if jit is not None else function
