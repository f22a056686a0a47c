"""The field bench goes in pieces: a rerun skips what its JSON already holds, and each row says
under which commit, cap and load it was measured."""

from __future__ import annotations

import json

from sudokit.compare.bench import field


def test_a_rerun_skips_what_is_stored_and_adds_the_rest(tmp_path, capsys):
    out = tmp_path / "bench"
    field.main(["--sets", "top95", "--sample", "2", "--backends", "bitx", "--out", str(out)])
    first = json.loads(out.with_suffix(".json").read_text())
    field.main(["--sets", "top95", "--sample", "2", "--backends", "bitx,dlx", "--out", str(out)])
    printed = capsys.readouterr().out
    second = json.loads(out.with_suffix(".json").read_text())
    (key,) = second
    assert "top95 bitx: already in" in printed
    assert second[key]["rows"][0] == first[key]["rows"][0]  # kept as measured, not measured again
    assert [row["backend"] for row in second[key]["rows"]] == ["bitx", "dlx"]
    row = second[key]["rows"][1]
    assert (row["solved"], row["cap"], row["puzzles"]) == (2, 10.0, 2)
    assert row["commit"] and row["load_before"] >= 0 and row["version"]
    assert "| dlx |" in out.with_suffix(".md").read_text()


def test_another_cap_is_stored_apart(tmp_path):
    out = tmp_path / "bench"
    for cap in ("10", "5"):
        field.main(["--sets", "top95", "--sample", "1", "--backends", "bitx", "--cap", cap, "--out", str(out)])
    assert sorted(json.loads(out.with_suffix(".json").read_text())) == [
        "top95, cap 10 s, the first 1 of 95", "top95, cap 5 s, the first 1 of 95"]
