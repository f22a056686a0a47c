"""Reading a sudokit picture back: which cells are shaded, which candidates struck, where arrows go.

Positions are worked out here from the board's outline alone (its corner and side, read from the
SVG) and the convention that digit d sits in row (d-1)//n, column (d-1)%n of a cell's n×n mini-grid;
nothing is taken from the renderer's own layout code.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """Every ``<g>`` whose class list holds ``cls``."""
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def children(element: ET.Element, tag: str) -> list[ET.Element]:
    return [e for e in element.iter(f"{SVG}{tag}")]


@dataclass(frozen=True)
class Board:
    """The board's outline: where cell r1c1 starts, a cell's side, the grid's size."""

    x: float
    y: float
    cell: float
    size: int

    @classmethod
    def read(cls, root: ET.Element) -> Board:
        outline = next(r for r in root.iter(f"{SVG}rect") if r.get("data-board"))
        size = int(outline.get("data-board"))
        width = float(outline.get("width"))
        assert math.isclose(width, float(outline.get("height")))
        return cls(float(outline.get("x")), float(outline.get("y")), width / size, size)

    @property
    def box(self) -> int:
        return math.isqrt(self.size)

    def cell_at(self, x: float, y: float) -> int:
        col, row = int((x - self.x) // self.cell), int((y - self.y) // self.cell)
        assert 0 <= row < self.size and 0 <= col < self.size, (x, y)
        return row * self.size + col

    def candidate_at(self, x: float, y: float) -> tuple[int, int]:
        """The (cell, digit) whose pencil-mark slot holds the point."""
        cell = self.cell_at(x, y)
        slot = self.cell / self.box
        col = int((x - self.x - cell % self.size * self.cell) // slot)
        row = int((y - self.y - cell // self.size * self.cell) // slot)
        return cell, row * self.box + col + 1

    def slot_centre(self, cell: int, digit: int) -> tuple[float, float]:
        slot = self.cell / self.box
        row, col = divmod(digit - 1, self.box)
        return (self.x + cell % self.size * self.cell + (col + 0.5) * slot,
                self.y + cell // self.size * self.cell + (row + 0.5) * slot)

    def cells_in_rect(self, rect: ET.Element) -> set[int]:
        """The cells a rectangle covers."""
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        return {self.cell_at(x + (c + 0.5) * self.cell, y + (r + 0.5) * self.cell)
                for r in range(round(h / self.cell)) for c in range(round(w / self.cell))}


def shaded_cells(root: ET.Element, board: Board, cls: str) -> set[int]:
    return {c for g in groups(root, cls) for rect in children(g, "rect") for c in board.cells_in_rect(rect)}


def als_sets(root: ET.Element, board: Board) -> dict[str, set[int]]:
    """Each almost locked set drawn (by its ``data-als`` number): the cells it shades."""
    return {g.get("data-als"): {c for r in children(g, "rect") for c in board.cells_in_rect(r)}
            for g in groups(root, "als")}


def struck(root: ET.Element, board: Board) -> set[tuple[int, int]]:
    """The candidates under a strike line: the line's midpoint names the slot; the digit shown must match."""
    found = set()
    for g in groups(root, "elimination"):
        (line,) = children(g, "line")
        x = (float(line.get("x1")) + float(line.get("x2"))) / 2
        y = (float(line.get("y1")) + float(line.get("y2"))) / 2
        cell, digit = board.candidate_at(x, y)
        (text,) = children(g, "text")
        assert text.text == "123456789ABCDEFGHIJKLMNOP"[digit - 1]
        found.add((cell, digit))
    return found


def ringed(root: ET.Element, board: Board, cls: str) -> set[tuple[int, int]]:
    """The candidates marked by a circle in groups of class ``cls`` (placements, pattern digits, nodes)."""
    return {board.candidate_at(float(c.get("cx")), float(c.get("cy")))
            for g in groups(root, cls) for c in children(g, "circle")}


@dataclass(frozen=True)
class Arrow:
    strong: bool
    dashed: bool
    start: tuple[float, float]
    tip: tuple[float, float]
    source: str
    target: str


def arrows(root: ET.Element) -> list[Arrow]:
    """Each link drawn: its style, where its line starts and where its head points."""
    found = []
    for g in groups(root, "link"):
        (path,) = children(g, "path")
        (head,) = children(g, "polygon")
        start = tuple(float(v) for v in path.get("d")[1:].split("Q")[0].split())
        tip = tuple(float(v) for v in head.get("points").split()[0].split(","))
        found.append(Arrow("strong" in g.get("class").split(), bool(path.get("stroke-dasharray")),
                           start, tip, g.get("data-from"), g.get("data-to")))
    return found
