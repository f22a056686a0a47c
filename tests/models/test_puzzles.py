"""Puzzle files: line formats with metadata, CSV, pictures, bad lines named."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import SETS, load_set
from sudokit.models.grid import PuzzleError
from sudokit.models.puzzles import PuzzleFileError, parse_puzzles, read_puzzles

TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_lines_comments_and_metadata():
    text = f"# a comment\n\n{TOP1}\n{TOP1}:1:{'1' * 81}\n7 {TOP1}\n{TOP1}  SE 9.1 hard\n"
    puzzles, errors = parse_puzzles(text)
    assert not errors
    assert [p.line for p in puzzles] == [3, 4, 5, 6]
    assert puzzles[1].meta == {"count": 1, "solution": "1" * 81}
    assert puzzles[2].meta == {"id": 7}
    assert puzzles[3].meta == {"fields": ["SE", "9.1", "hard"]}
    assert all(p.grid.line() == TOP1 for p in puzzles)


def test_csv_with_puzzle_column():
    puzzles, errors = parse_puzzles(f"name,puzzle,se_rating\nfirst,{TOP1},9.1\n")
    assert not errors and puzzles[0].meta == {"name": "first", "se_rating": 9.1}


def test_a_file_holding_one_picture():
    rows = [" ".join(TOP1[i : i + 9]) for i in range(0, 81, 9)]
    puzzles, errors = parse_puzzles("\n".join(rows))
    assert not errors and len(puzzles) == 1 and puzzles[0].grid.line() == TOP1


def test_every_bad_line_is_named(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(f"{TOP1}\n{TOP1[:-2]}\n{'44' + TOP1[2:]}\n")
    with pytest.raises(PuzzleFileError) as err:
        read_puzzles(bad)
    lines = [(e.line, e.reason) for e in err.value.errors]
    assert lines[0][0] == 2 and "wrong length: 79" in lines[0][1]
    assert lines[1][0] == 3 and "r1c1 and r1c2 both hold 4" in lines[1][1]
    assert str(err.value).startswith(f"{bad}:2: wrong length") and "(and 1 more bad lines: lines 3)" in str(err.value)
    kept = read_puzzles(bad, skip_invalid=True)
    assert len(kept) == 1 and len(kept.skipped) == 2 and len(kept.sha256) == 64


def test_unreadable_files(tmp_path):
    with pytest.raises(PuzzleError, match="cannot read"):
        read_puzzles(tmp_path / "missing.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(PuzzleError, match="not a UTF-8 text file"):
        read_puzzles(binary)


@pytest.mark.parametrize("name", sorted(SETS))
def test_bundled_sets_load(name):
    loaded = load_set(name, skip_invalid=True)
    assert len(loaded) > 0
    invalid_on_purpose = {"sudopedia": 3, "abzium-ladder": 1}
    assert len(loaded.skipped) == invalid_on_purpose.get(name, 0)


def test_unknown_set_name():
    with pytest.raises(PuzzleError, match="no bundled set or file called 'nope'"):
        load_set("nope")
