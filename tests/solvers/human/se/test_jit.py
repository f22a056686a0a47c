"""numba's cache of the kernels: a change to any kernel module drops every module's cached code (a kernel
holds the code of the kernels it calls in other modules, which numba's own check does not see)."""

from __future__ import annotations

from pathlib import Path

from sudokit.solvers.human.se import jit

KERNEL = "from sudokit.solvers.human.se.jit import compiled\n\n\n@compiled\ndef {name}(x):\n    return x + {value}\n"


def package(root: Path) -> tuple[Path, list[Path]]:
    """A package of two kernel modules and a plain one, each with numba's cache files beside it."""
    (root / "se" / "__pycache__").mkdir(parents=True)
    (root / "__pycache__").mkdir()
    (root / "caller.py").write_text(KERNEL.format(name="caller", value=1))
    (root / "se" / "callee.py").write_text(KERNEL.format(name="callee", value=2))
    (root / "plain.py").write_text("VALUE = 3\n")
    caches = [root / "__pycache__" / "caller.caller-4.py311.nbi", root / "__pycache__" / "caller.caller-4.py311.1.nbc",
              root / "se" / "__pycache__" / "callee.callee-4.py311.nbi"]
    for cache in caches:
        cache.write_bytes(b"cached")
    return root, caches


def drop(root: Path) -> bool:
    return jit.drop_stale_caches.__wrapped__(root)


def test_a_change_to_one_kernel_module_drops_every_modules_cached_code(tmp_path):
    root, caches = package(tmp_path)
    assert jit.kernel_modules(root) == [root / "caller.py", root / "se" / "callee.py"]
    drop(root)  # (no stamp yet: whatever is cached may be stale)
    for cache in caches:
        cache.write_bytes(b"cached")  # compiled again
    assert not drop(root) and all(cache.exists() for cache in caches)  # nothing changed since
    (root / "plain.py").write_text("VALUE = 4\n")
    assert not drop(root) and all(cache.exists() for cache in caches)  # not a kernel module
    (root / "se" / "callee.py").write_text(KERNEL.format(name="callee", value=5))
    assert drop(root) and not any(cache.exists() for cache in caches)  # the caller's too


def test_a_stamp_it_cannot_write_is_no_error(tmp_path):
    root, caches = package(tmp_path)
    (root / "__pycache__" / "kernels.sha1").mkdir()  # (a stamp that cannot be written as a file)
    drop(root)
    assert not any(cache.exists() for cache in caches)
