"""Pictures of a pencil-mark state, and of what a step marks on it: a scene of shapes, written as SVG.

``draw`` lays out a grid (4x4 … 25x25): givens in black bold, placed digits in blue, pencil marks
in each open cell's mini-grid (digit ``d`` at row ``(d-1)//n``, column ``(d-1)%n`` of an n×n
mini-grid). A ``Marking`` adds a step on top: the justifying units and cells shaded, the pattern's
digits ringed, eliminations struck through in vermillion, placements circled in bluish green, fins
and almost locked sets hatched in their own colours, and chain links as curved arrows (strong
solid, weak dashed) between candidates or between grouped and ALS nodes, each drawn as one box.
Colours are Okabe and Ito's colour-blind-safe palette, and nothing is told by colour alone:
eliminations are struck, placements ringed and bold, fins and ALS hatched, weak links dashed.

The scene is a list of plain shapes, so one drawing serves two writers: ``Picture.svg()`` here, and
a PNG through matplotlib (``sudokit.compare.reports.raster``). Elements carry ``class`` and ``data-*``
attributes (``data-cell="r1c5"``, ``data-digit``, ``data-from``/``data-to`` on links), so a
picture can be read back.

>>> from sudokit.models.grid import Grid
>>> svg = draw(Grid.parse("1...2...3..4...."), Marking(cells=(1,), eliminations=((1, 3),))).svg()
>>> svg.count('class="elimination"'), 'class="elimination" data-cell="r1c2" data-digit="3"' in svg
(1, True)
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import Cell, Digit, Grid, cell_name, symbol

Candidate = tuple[Cell, Digit]
Point = tuple[float, float]

# Okabe & Ito's palette: told apart with every common colour-vision deficiency
BLACK, BLUE, SKY, GREEN, YELLOW, ORANGE, VERMILLION, PURPLE = (
    "#000000", "#0072B2", "#56B4E9", "#009E73", "#F0E442", "#E69F00", "#D55E00", "#CC79A7")
MARK_GREY = "#444444"
ALS_COLOURS = ((PURPLE, "\\"), (SKY, "/"), (GREEN, "x"), (ORANGE, "-"))  # colour and hatch per ALS
MINI = {2: 24, 3: 18, 4: 14, 5: 12}  # the side of one pencil-mark slot, by box side: cells of 48–60 units


@dataclass(frozen=True)
class Node:
    """A chain node: a digit in one cell, or in several drawn as one node (``group``, ``als``)."""

    digit: Digit
    cells: tuple[Cell, ...]
    kind: str = "cell"


@dataclass(frozen=True)
class Link:
    """A link between two nodes: strong (drawn solid) or weak (dashed)."""

    source: Node
    target: Node
    strong: bool


@dataclass(frozen=True)
class Marking:
    """What to show on top of a state: a step's justification and conclusions."""

    cells: tuple[Cell, ...] = ()
    units: tuple[int, ...] = ()  # unit numbers: rows 0…N-1, columns N…2N-1, boxes 2N…3N-1
    digits: tuple[Digit, ...] = ()  # the pattern's digits, ringed where ``cells`` hold them
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    fins: tuple[Cell, ...] = ()
    als: tuple[tuple[Cell, ...], ...] = ()
    links: tuple[Link, ...] = ()


# ---------------------------------------------------------------------------- shapes


@dataclass(frozen=True)
class Paint:
    """How a shape is painted (SVG presentation attributes; matplotlib reads the same)."""

    fill: str = "none"
    stroke: str = "none"
    width: float = 0.0
    opacity: float = 1.0
    dash: str = ""  # SVG dash array: "6 4"
    hatch: str = ""  # "/", "\\", "x" or "-": hatching lines in the stroke colour instead of a fill
    size: float = 0.0  # font size
    bold: bool = False
    rounded: float = 0.0  # corner radius of a rectangle


@dataclass(frozen=True)
class Shape:
    """One element: ``rect`` (x, y, w, h), ``circle`` (cx, cy, r), ``line`` (x1, y1, x2, y2),
    ``text`` (x, y), ``curve`` (a quadratic Bézier: x0, y0, cx, cy, x1, y1) or ``polygon`` (points)."""

    kind: str
    at: tuple[float, ...]
    paint: Paint | None = None  # None: the group's
    text: str = ""
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Group:
    """Shapes drawn together, with a class, ``data-*`` attributes and a paint they share."""

    cls: str
    shapes: tuple[Shape | Group, ...]
    paint: Paint = Paint()
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Picture:
    """A drawn scene, in user units (a 9x9 cell is 54 units wide); ``svg()`` writes it."""

    width: float
    height: float
    groups: tuple[Group, ...]
    title: str = ""
    scale: float = 1.0  # displayed size per unit

    def svg(self) -> str:
        """The picture as one self-contained ``<svg>`` element (fit for a file or inline HTML)."""
        hatches: dict[tuple[str, str], str] = {}
        body = "".join(_svg_group(g, hatches) for g in self.groups)
        defs = "".join(_svg_hatch(pid, hatch, colour) for (hatch, colour), pid in hatches.items())
        title = f"<title>{html.escape(self.title)}</title>" if self.title else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(self.width)} {_n(self.height)}" '
                f'width="{_n(self.width * self.scale)}" height="{_n(self.height * self.scale)}" '
                f'font-family="DejaVu Sans, Arial, sans-serif" text-anchor="middle" dominant-baseline="central">'
                f"{title}{'<defs>' + defs + '</defs>' if defs else ''}{body}</svg>")


def _n(value: float) -> str:
    """A coordinate, short: ``27``, ``13.5``."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


_SVG_GEOMETRY = {
    "rect": ("x", "y", "width", "height"),
    "circle": ("cx", "cy", "r"),
    "line": ("x1", "y1", "x2", "y2"),
    "text": ("x", "y"),
}


def _svg_paint(paint: Paint, hatches: dict[tuple[str, str], str]) -> str:
    attrs = []
    if paint.hatch:
        pid = hatches.setdefault((paint.hatch, paint.stroke), f"hatch{len(hatches)}")
        attrs.append(f'fill="url(#{pid})"')
    elif paint.fill != "none" or paint.size == 0:
        attrs.append(f'fill="{paint.fill}"')
    if paint.stroke != "none" and not paint.hatch:
        attrs.append(f'stroke="{paint.stroke}" stroke-width="{_n(paint.width)}"')
    if paint.opacity != 1.0:
        attrs.append(f'opacity="{paint.opacity:g}"')
    if paint.dash:
        attrs.append(f'stroke-dasharray="{paint.dash}"')
    if paint.size:
        attrs.append(f'font-size="{_n(paint.size)}"')
    if paint.bold:
        attrs.append('font-weight="bold"')
    if paint.rounded:
        attrs.append(f'rx="{_n(paint.rounded)}"')
    return " ".join(attrs)


def _svg_data(data: tuple[tuple[str, str], ...]) -> str:
    return "".join(f' data-{key}="{html.escape(value)}"' for key, value in data)


def _svg_group(group: Group, hatches: dict[tuple[str, str], str]) -> str:
    paint = _svg_paint(group.paint, hatches) if group.paint != Paint() else ""
    inner = "".join(_svg_group(s, hatches) if isinstance(s, Group) else _svg_shape(s, hatches) for s in group.shapes)
    return f'<g class="{group.cls}"{_svg_data(group.data)}{" " + paint if paint else ""}>{inner}</g>'


def _svg_shape(shape: Shape, hatches: dict[tuple[str, str], str]) -> str:
    paint = " " + _svg_paint(shape.paint, hatches) if shape.paint else ""
    data = _svg_data(shape.data)
    if shape.kind == "curve":
        x0, y0, cx, cy, x1, y1 = map(_n, shape.at)
        return f'<path d="M{x0} {y0}Q{cx} {cy} {x1} {y1}"{paint}{data}/>'
    if shape.kind == "polygon":
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in zip(shape.at[::2], shape.at[1::2]))
        return f'<polygon points="{points}"{paint}{data}/>'
    if shape.kind == "path":  # straight segments: x0 y0 x1 y1 per segment
        d = "".join(f"M{_n(a)} {_n(b)}L{_n(c)} {_n(e)}" for a, b, c, e in _quads(shape.at))
        return f'<path d="{d}"{paint}{data}/>'
    geometry = " ".join(f'{name}="{_n(v)}"' for name, v in zip(_SVG_GEOMETRY[shape.kind], shape.at))
    if shape.kind == "text":
        return f"<text {geometry}{paint}{data}>{html.escape(shape.text)}</text>"
    return f"<{shape.kind} {geometry}{paint}{data}/>"


def _quads(values: tuple[float, ...]) -> Iterator[tuple[float, float, float, float]]:
    for i in range(0, len(values), 4):
        yield values[i], values[i + 1], values[i + 2], values[i + 3]


def _svg_hatch(pid: str, hatch: str, colour: str) -> str:
    lines = {"/": "M0 8L8 0M-2 2L2 -2M6 10L10 6", "\\": "M0 0L8 8M6 -2L10 2M-2 6L2 10",
             "x": "M0 8L8 0M0 0L8 8", "-": "M0 4L8 4"}[hatch]
    return (f'<pattern id="{pid}" width="8" height="8" patternUnits="userSpaceOnUse">'
            f'<path d="{lines}" stroke="{colour}" stroke-width="1.6"/></pattern>')


# ---------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Layout:
    """Where things go: the board's origin and the sizes of a cell and of one pencil-mark slot."""

    size: int
    box: int
    mini: int
    left: float
    top: float

    @property
    def cell(self) -> int:
        return self.mini * self.box

    def corner(self, cell: Cell) -> Point:
        return self.left + cell % self.size * self.cell, self.top + cell // self.size * self.cell

    def centre(self, cell: Cell) -> Point:
        x, y = self.corner(cell)
        return x + self.cell / 2, y + self.cell / 2

    def slot(self, cell: Cell, digit: Digit) -> Point:
        """The centre of a digit's pencil-mark slot in a cell."""
        x, y = self.corner(cell)
        row, col = divmod(digit - 1, self.box)
        return x + (col + 0.5) * self.mini, y + (row + 0.5) * self.mini

    def unit_box(self, unit: int) -> tuple[float, float, float, float]:
        kind, index = divmod(unit, self.size)
        whole = self.size * self.cell
        if kind == 0:
            return self.left, self.top + index * self.cell, whole, self.cell
        if kind == 1:
            return self.left + index * self.cell, self.top, self.cell, whole
        side = self.box * self.cell
        row, col = divmod(index, self.box)
        return self.left + col * side, self.top + row * side, side, side


def layout(size: int, labels: bool = True) -> Layout:
    box = math.isqrt(size)
    mini = MINI[box]
    margin = round(mini * 1.6) if labels else 4
    return Layout(size, box, mini, margin, margin)


# ---------------------------------------------------------------------------- drawing


def draw(
    state: Candidates | Grid,
    marking: Marking | None = None,
    *,
    givens: Grid | None = None,
    marks: bool | None = None,
    labels: bool = True,
    title: str = "",
) -> Picture:
    """The picture of a state (a ``Grid`` is drawn as its full pencil marks), with ``marking`` on top.

    ``givens`` tells givens (black, bold) from placed digits (blue); without it every value is drawn
    as a given. ``marks`` shows the pencil marks (by default for a pencil-mark state up to 16x16, not
    for a ``Grid``); candidates the marking names are always shown.
    """
    if isinstance(state, Grid):
        givens = givens or state
        marks = False if marks is None else marks
        state = Candidates.from_grid(state)
    marking = marking or Marking()
    size = state.size
    at = layout(size, labels)
    whole = size * at.cell
    show_marks = size <= 16 if marks is None else marks
    groups = [Group("background", (Shape("rect", (0, 0, at.left * 2 + whole, at.top * 2 + whole)),),
                    Paint(fill="#ffffff"))]
    groups += _shading(at, marking)
    groups += _candidate_marks(at, state, marking, show_marks)
    groups.append(_grid_lines(at))
    groups.append(_values(at, state, givens))
    if labels:
        groups.append(_labels(at))
    groups += _links(at, marking.links)
    return Picture(at.left * 2 + whole, at.top * 2 + whole, tuple(groups), title, scale=_scale(size))


def _scale(size: int) -> float:
    """Displayed size per unit: about 500 px for a 9x9 grid, a 25x25 grid about 1,100."""
    return {4: 1.4, 9: 1.0, 16: 0.8, 25: 0.7}[size]


def _cell_rect(at: Layout, cell: Cell) -> Shape:
    x, y = at.corner(cell)
    return Shape("rect", (x, y, at.cell, at.cell), data=(("cell", cell_name(cell, at.size)),))


def _shading(at: Layout, marking: Marking) -> list[Group]:
    groups = []
    if marking.units:
        groups.append(Group("units", tuple(
            Shape("rect", at.unit_box(u), data=(("unit", _unit_name(u, at.size)),)) for u in marking.units),
            Paint(fill=SKY, opacity=0.22)))
    if marking.cells:
        groups.append(Group("cells", tuple(_cell_rect(at, c) for c in marking.cells),
                            Paint(fill=YELLOW, opacity=0.5)))
    if marking.fins:
        fins = tuple(_cell_rect(at, c) for c in marking.fins)
        groups.append(Group("fins", fins, Paint(fill=ORANGE, opacity=0.45)))
        groups.append(Group("fin-hatch", fins, Paint(stroke=ORANGE, hatch="/", opacity=0.9)))
    for number, cells in enumerate(marking.als, 1):
        colour, hatch = ALS_COLOURS[(number - 1) % len(ALS_COLOURS)]
        shapes = tuple(_cell_rect(at, c) for c in cells)
        data = (("als", str(number)),)
        groups.append(Group("als", shapes, Paint(fill=colour, opacity=0.25), data))
        groups.append(Group("als-hatch", shapes, Paint(stroke=colour, hatch=hatch, opacity=0.6), data))
    return groups


def _unit_name(unit: int, size: int) -> str:
    kind, index = divmod(unit, size)
    return f"{'rcb'[kind]}{index + 1}"


def _candidate_marks(at: Layout, state: Candidates, marking: Marking, show_marks: bool) -> list[Group]:
    """Plain pencil marks, and the marked ones (pattern, chain node, eliminated, placed) each as a group."""
    eliminated, placed = set(marking.eliminations), set(marking.placements)
    nodes = {(c, link_node.digit) for link in marking.links for link_node in (link.source, link.target)
             if link_node.kind == "cell" for c in link_node.cells}
    pattern_cells = set(marking.cells) | set(marking.fins) | {c for cells in marking.als for c in cells}
    pattern = {(c, d) for c in pattern_cells for d in marking.digits if state.has(c, d)}
    marked = eliminated | placed | nodes | pattern
    radius = at.mini * 0.46
    font = at.mini * 0.78
    plain, rings, special = [], [], []
    for cell in range(state.size * state.size):
        if state.values[cell]:
            continue
        for digit in digits_of(state.marks[cell]):
            x, y = at.slot(cell, digit)
            if (cell, digit) not in marked:
                if show_marks:
                    plain.append(Shape("text", (x, y), text=symbol(digit)))
                continue
            data = (("cell", cell_name(cell, at.size)), ("digit", str(digit)))
            if (cell, digit) in eliminated:
                special.append(_struck(x, y, radius, font, digit, data))
            elif (cell, digit) in placed:
                special.append(_placed(x, y, radius, font, digit, data))
            else:
                ring = Paint(fill=SKY, stroke=BLUE, width=1.2, opacity=0.9) if (cell, digit) in nodes else Paint(
                    fill=SKY, opacity=0.55)
                rings.append(Group("node" if (cell, digit) in nodes else "pattern", (
                    Shape("circle", (x, y, radius), ring),
                    Shape("text", (x, y), Paint(fill=BLACK, size=font), symbol(digit))), data=data))
    groups = [Group("marks", tuple(plain), Paint(fill=MARK_GREY, size=font))] if plain else []
    return [*groups, Group("marked", tuple(rings + special))] if rings or special else groups


def _struck(x: float, y: float, r: float, font: float, digit: Digit, data) -> Group:
    """An eliminated candidate: a vermillion-ringed disc, the digit in vermillion, struck through."""
    reach = r * 1.05
    return Group("elimination", (
        Shape("circle", (x, y, r), Paint(fill=VERMILLION, opacity=0.3)),
        Shape("circle", (x, y, r), Paint(stroke=VERMILLION, width=1.4)),
        Shape("text", (x, y), Paint(fill=VERMILLION, size=font, bold=True), symbol(digit)),
        Shape("line", (x - reach, y + reach, x + reach, y - reach), Paint(stroke=VERMILLION, width=2.4)),
    ), data=data)


def _placed(x: float, y: float, r: float, font: float, digit: Digit, data) -> Group:
    """A placement: the candidate ringed in bluish green on a pale disc, bold."""
    return Group("placement", (
        Shape("circle", (x, y, r), Paint(fill=GREEN, stroke=GREEN, width=2.2, opacity=0.35)),
        Shape("circle", (x, y, r), Paint(stroke=GREEN, width=2.2)),
        Shape("text", (x, y), Paint(fill=BLACK, size=font, bold=True), symbol(digit)),
    ), data=data)


def _grid_lines(at: Layout) -> Group:
    whole = at.size * at.cell
    thin: list[float] = []
    thick: list[float] = []
    for i in range(at.size + 1):
        offset = i * at.cell
        segments = (at.left + offset, at.top, at.left + offset, at.top + whole,
                    at.left, at.top + offset, at.left + whole, at.top + offset)
        (thick if i % at.box == 0 else thin).extend(segments)
    return Group("grid", (
        Shape("path", tuple(thin), Paint(stroke="#999999", width=0.8)),
        Shape("path", tuple(thick), Paint(stroke=BLACK, width=2.2)),
        Shape("rect", (at.left, at.top, whole, whole), Paint(stroke=BLACK, width=2.2), data=(("board", str(at.size)),)),
    ))


def _values(at: Layout, state: Candidates, givens: Grid | None) -> Group:
    font = at.cell * 0.62
    given: list[Shape] = []
    placed: list[Shape] = []
    for cell, value in enumerate(state.values):
        if value:
            shape = Shape("text", at.centre(cell), text=symbol(value), data=(("cell", cell_name(cell, at.size)),))
            (given if givens is None or givens[cell] else placed).append(shape)
    return Group("values", (Group("givens", tuple(given), Paint(fill=BLACK, size=font, bold=True)),
                            Group("placed", tuple(placed), Paint(fill=BLUE, size=font))))


def _labels(at: Layout) -> Group:
    font = at.mini * 0.7
    shapes = []
    for i in range(at.size):
        middle = (i + 0.5) * at.cell
        shapes.append(Shape("text", (at.left + middle, at.top / 2), text=str(i + 1)))
        shapes.append(Shape("text", (at.left / 2, at.top + middle), text=str(i + 1)))
    return Group("labels", tuple(shapes), Paint(fill="#666666", size=font))


# ---------------------------------------------------------------------------- chains


@dataclass(frozen=True)
class _Box:
    """Where a node is drawn: its centre and half sizes (a disc for one candidate)."""

    x: float
    y: float
    half_w: float
    half_h: float
    round: bool = field(default=True)

    def exit(self, toward: Point) -> Point:
        """The point where a ray from the centre toward ``toward`` leaves the node."""
        dx, dy = toward[0] - self.x, toward[1] - self.y
        length = math.hypot(dx, dy) or 1.0
        if self.round:
            return self.x + dx / length * self.half_w, self.y + dy / length * self.half_w
        t = min(self.half_w / abs(dx) if dx else math.inf, self.half_h / abs(dy) if dy else math.inf)
        return self.x + dx * t, self.y + dy * t


def _node_box(at: Layout, node: Node) -> _Box:
    slots = [at.slot(c, node.digit) for c in node.cells]
    pad = at.mini * 0.5
    if node.kind == "cell" and len(slots) == 1:
        return _Box(*slots[0], pad, pad)
    xs, ys = [x for x, _ in slots], [y for _, y in slots]
    return _Box((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2,
                (max(xs) - min(xs)) / 2 + pad, (max(ys) - min(ys)) / 2 + pad, round=False)


def node_label(node: Node, size: int) -> str:
    """``5r4c89``-like text of a node, as the ``data-from``/``data-to`` of a link."""
    rows = sorted({c // size + 1 for c in node.cells})
    cols = sorted({c % size + 1 for c in node.cells})
    if len(rows) == 1 or len(cols) == 1:
        return f"{symbol(node.digit)}r{''.join(map(str, rows))}c{''.join(map(str, cols))}"
    return f"{symbol(node.digit)}" + ",".join(cell_name(c, size) for c in node.cells)


def _links(at: Layout, links: Iterable[Link]) -> list[Group]:
    """Group and ALS nodes as boxes, then one arrow per link."""
    links = tuple(links)
    if not links:
        return []
    boxes: dict[Node, _Box] = {}
    outlines = []
    for link in links:
        for node in (link.source, link.target):
            if node in boxes:
                continue
            boxes[node] = box = _node_box(at, node)
            if not box.round:
                colour = PURPLE if node.kind == "als" else BLUE
                outlines.append(Shape("rect", (box.x - box.half_w, box.y - box.half_h, 2 * box.half_w, 2 * box.half_h),
                                      Paint(stroke=colour, width=1.6, dash="3 2" if node.kind == "als" else "",
                                            rounded=at.mini * 0.4),
                                      data=(("node", node_label(node, at.size)), ("kind", node.kind))))
    arrows = tuple(_arrow(at, link, boxes[link.source], boxes[link.target]) for link in links)
    return [Group("nodes", tuple(outlines)), Group("links", arrows)]


def _arrow(at: Layout, link: Link, source: _Box, target: _Box) -> Group:
    """A curved arrow from node to node, bent to its left so that links there and back stay apart."""
    (x0, y0), (x1, y1) = (source.x, source.y), (target.x, target.y)
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    bend = min(0.22 * length, 1.2 * at.cell)
    control = ((x0 + x1) / 2 + dy / length * bend, (y0 + y1) / 2 - dx / length * bend)
    start, end = source.exit(control), target.exit(control)
    head = at.mini * 0.55
    ex, ey = end[0] - control[0], end[1] - control[1]
    norm = math.hypot(ex, ey) or 1.0
    ux, uy = ex / norm, ey / norm
    base = (end[0] - ux * head, end[1] - uy * head)
    wing = head * 0.45
    polygon = (end[0], end[1], base[0] - uy * wing, base[1] + ux * wing, base[0] + uy * wing, base[1] - ux * wing)
    colour = BLUE if link.strong else PURPLE
    line = Paint(stroke=colour, width=1.8, dash="" if link.strong else "5 3")
    return Group("link strong" if link.strong else "link weak", (
        Shape("curve", (*start, *control, *base), line),
        Shape("polygon", polygon, Paint(fill=colour)),
    ), data=(("from", node_label(link.source, at.size)), ("to", node_label(link.target, at.size))))


def legend() -> list[tuple[str, str]]:
    """What each mark means, for a page's legend: (what, how it is drawn)."""
    return [
        ("cells of the pattern", f"shaded yellow ({YELLOW})"),
        ("units of the pattern", f"shaded sky blue ({SKY})"),
        ("the pattern's digits", "on a sky-blue disc"),
        ("eliminated candidate", f"vermillion ({VERMILLION}), struck through"),
        ("placed candidate", f"bluish-green ring ({GREEN}), bold"),
        ("fin", f"orange ({ORANGE}), hatched /"),
        ("almost locked set", "purple, sky, green or orange, hatched"),
        ("strong link", f"solid blue arrow ({BLUE})"),
        ("weak link", f"dashed purple arrow ({PURPLE})"),
        ("group or ALS node", "one box around its candidates (ALS: dashed purple)"),
    ]
