"""The installed import names: `sudokit.models`, `sudokit.solvers`, `sudokit.compare`.

A console script runs with its own folder first on ``sys.path``; python-sat, for one, ships a
``models.py`` script into the environment's ``bin/``. Generic top-level names would be shadowed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import REPO

FOLDERS = {"models": "sudokit.models", "solvers": "sudokit.solvers", "compare": "sudokit.compare"}


def test_every_subpackage_is_declared() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {name: folder for folder, name in FOLDERS.items()}
    found = {
        ".".join([FOLDERS[init.parent.relative_to(REPO).parts[0]], *init.parent.relative_to(REPO).parts[1:]])
        for folder in FOLDERS
        for init in (REPO / folder).rglob("__init__.py")
    }
    assert found == set(config["packages"])


def _console_script() -> Path:
    script = Path(sys.executable).with_name("sudokit")
    if not script.exists():
        pytest.skip(f"no sudokit console script beside {sys.executable} (not installed in this environment)")
    return script


def test_cli_runs_beside_scripts_named_like_the_folders(tmp_path: Path) -> None:
    """The collision python-sat causes, made on purpose: shadowing scripts beside the console script."""
    script = tmp_path / "sudokit"
    shutil.copy(_console_script(), script)
    for name in FOLDERS:
        (tmp_path / f"{name}.py").write_text("raise SystemExit('shadowing module imported')\n")
    run = subprocess.run([sys.executable, str(script), "backends"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "bitx" in run.stdout


def test_cli_runs_beside_python_sat() -> None:
    """With python-sat installed (it ships bin/models.py), the real console script still runs."""
    script = _console_script()
    if not (script.parent / "models.py").exists():
        pytest.skip("python-sat's models.py script is not in this environment's bin/")
    run = subprocess.run([str(script), "backends"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
