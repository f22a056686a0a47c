"""Puzzle files: line formats with metadata, CSV, pictures, bad lines named."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import SETS, load_set
from sudokit.models.grid import Grid, PuzzleError
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


STREAMED = """# a comment
{a}:1:{sa}
{b} 4.2 extra

3 {c}
{bad}
"""


@pytest.mark.parametrize("skip_invalid", [True, False])
def test_a_streamed_file_yields_what_reading_it_whole_yields(tmp_path, skip_invalid):
    from sudokit.models.puzzles import PuzzleFile, stream_puzzles

    top = load_set("top95").puzzles
    bad = "1" + top[0].grid.line()[1:].replace(".", "1", 1)  # a repeated given
    path = tmp_path / "mixed.txt"
    path.write_text(STREAMED.format(a=top[0].grid.line(), sa="9" * 81, b=top[1].grid.line(),
                                    c=top[2].grid.line(), bad=bad))
    if not skip_invalid:
        with pytest.raises(PuzzleFileError) as streamed_error:
            stream_puzzles(path)
        with pytest.raises(PuzzleFileError) as whole_error:
            read_puzzles(path)
        assert str(streamed_error.value) == str(whole_error.value)
        return
    whole, streamed = read_puzzles(path, skip_invalid=True), stream_puzzles(path, skip_invalid=True)
    assert isinstance(streamed, PuzzleFile)
    assert [(p.index, p.grid, p.line, p.meta) for p in streamed] == [(p.index, p.grid, p.line, p.meta) for p in whole]
    assert [p.grid for p in streamed] == [p.grid for p in whole]  # again: each pass reads the file afresh
    assert (len(streamed), streamed.sha256, streamed.sizes) == (3, whole.sha256, {9: 3})
    assert [str(e) for e in streamed.skipped] == [str(e) for e in whole.skipped] and len(whole.skipped) == 1


def test_a_streamed_csv_and_a_streamed_picture(tmp_path):
    from sudokit.models.puzzles import stream_puzzles

    grid = load_set("top95").puzzles[0].grid
    csv_file = tmp_path / "p.csv"
    csv_file.write_text(f"id,puzzle,rating\n7,{grid.line()},3.5\n")
    assert [(p.grid, p.meta) for p in stream_puzzles(csv_file)] == [(grid, {"id": 7, "rating": 3.5})]
    picture = tmp_path / "one.txt"
    picture.write_text(grid.picture())
    assert [p.grid for p in stream_puzzles(picture)] == [grid]
    bad_bytes = tmp_path / "latin.txt"
    bad_bytes.write_bytes(grid.line().encode() + b"\n\xe9\n")
    with pytest.raises(PuzzleError, match=r"not a UTF-8 text file \(byte 82\)"):
        stream_puzzles(bad_bytes)


def test_a_checked_file_read_again_gives_the_same_grids(tmp_path):
    """The second pass over a streamed file takes plain lines as they are: the grids ``Grid.parse`` gives."""
    from sudokit.models.puzzles import iter_puzzles

    lines = [*(p.grid.line() for p in load_set("17clue-1000").puzzles[:200]), "0" * 80 + "5", "1" + "." * 79 + "1"]
    fast = list(iter_puzzles(lines, bad=set()))
    assert [p.grid for p in fast if not isinstance(p, PuzzleError)] == [Grid.parse(line) for line in lines]
