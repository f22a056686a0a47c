"""The committed reference reports (``results/``) in the site, beside their figures, at build time.

Each Markdown write-up and PNG chart under ``results/`` becomes a page or file of the site at the
same place (``results/top95/report.md`` …), so the results page links them and they show their
charts; nothing is copied into ``docs/``. ``results/README.md`` is the results page's own text
(``docs/results/index.md`` takes it in with a snippet).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "results"
KINDS = (".md", ".png")


LOCAL = RESULTS / "runs"  # the reports of a user's own runs (git ignores them): not the committed ones


def result_files() -> list[Path]:
    """The write-ups and charts, relative to the repository (the results README and local runs left out)."""
    return sorted(p.relative_to(ROOT) for p in RESULTS.rglob("*")
                  if p.suffix in KINDS and p.is_file() and p != RESULTS / "README.md" and LOCAL not in p.parents)


def on_files(files, config):
    from mkdocs.structure.files import File

    for path in result_files():
        files.append(File(str(path), str(ROOT), config["site_dir"], config["use_directory_urls"]))
    return files
