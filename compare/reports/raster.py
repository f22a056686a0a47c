"""A picture as PNG, painted with matplotlib (already a dependency, for the reports' charts).

matplotlib has no SVG reader, and an SVG-to-PNG library would need cairo or a Rust build; the
scene (``sudokit.models.picture``) is plain shapes, so it is painted here shape by shape, the same
shapes the SVG writer writes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, PathPatch, Polygon, Rectangle
from matplotlib.path import Path as CurvePath

from sudokit.models.picture import Group, Paint, Picture, Shape

DPI = 100
HATCHES = {"/": "////", "\\": "\\\\\\\\", "x": "xxx", "-": "---"}


def write_png(picture: Picture, path: Path, pixels_per_unit: float = 2.0) -> Path:
    """Paint ``picture`` into a PNG at ``pixels_per_unit`` (2: a 9x9 grid about 1,100 pixels wide)."""
    fig = Figure(figsize=(picture.width * pixels_per_unit / DPI, picture.height * pixels_per_unit / DPI), dpi=DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, picture.width)
    ax.set_ylim(picture.height, 0)
    ax.set_axis_off()
    points = pixels_per_unit * 72 / DPI  # one unit in typographic points
    painter = _Painter(ax, points)
    for group in picture.groups:
        painter.group(group, Paint())
    fig.savefig(path, dpi=DPI)
    return path


class _Painter:
    def __init__(self, ax, points: float):
        self.ax, self.points, self.z = ax, points, 0

    def group(self, group: Group, inherited: Paint) -> None:
        paint = group.paint if group.paint != Paint() else inherited
        for shape in group.shapes:
            if isinstance(shape, Group):
                self.group(shape, paint)
            else:
                self.z += 1
                self.shape(shape, shape.paint or paint)

    def shape(self, shape: Shape, paint: Paint) -> None:
        ax, at = self.ax, shape.at
        if shape.kind == "text":
            ax.text(at[0], at[1], shape.text, ha="center", va="center_baseline", color=paint.fill,
                    fontsize=paint.size * self.points, fontweight="bold" if paint.bold else "normal",
                    alpha=paint.opacity, zorder=self.z)
            return
        if shape.kind == "path":
            for i in range(0, len(at), 4):
                ax.plot((at[i], at[i + 2]), (at[i + 1], at[i + 3]), **self.line(paint), zorder=self.z)
            return
        if shape.kind == "line":
            ax.plot((at[0], at[2]), (at[1], at[3]), **self.line(paint), zorder=self.z)
            return
        ax.add_patch(self.patch(shape, paint))

    def line(self, paint: Paint) -> dict:
        style: dict[str, Any] = {"color": paint.stroke, "linewidth": paint.width * self.points, "alpha": paint.opacity,
                 "solid_capstyle": "butt"}
        if paint.dash:
            style["dashes"] = [float(v) / paint.width for v in paint.dash.split()]
        return style

    def patch(self, shape: Shape, paint: Paint):
        at = shape.at
        style: dict[str, Any] = {
            "facecolor": "none" if paint.fill == "none" or paint.hatch else paint.fill,
            "edgecolor": paint.stroke, "linewidth": 0 if paint.hatch else paint.width * self.points,
            "alpha": paint.opacity, "zorder": self.z,
        }
        if paint.hatch:
            style["hatch"] = HATCHES[paint.hatch]
        if paint.dash:
            style["linestyle"] = (0, [float(v) / paint.width for v in paint.dash.split()])
        if shape.kind == "rect" and paint.rounded:
            return FancyBboxPatch((at[0], at[1]), at[2], at[3], boxstyle=f"round,pad=0,rounding_size={paint.rounded}",
                                  **style)
        if shape.kind == "rect":
            return Rectangle((at[0], at[1]), at[2], at[3], **style)
        if shape.kind == "circle":
            return Circle((at[0], at[1]), at[2], **style)
        if shape.kind == "polygon":
            return Polygon(list(zip(at[::2], at[1::2])), closed=True, **style)
        if shape.kind == "curve":
            codes = [CurvePath.MOVETO, CurvePath.CURVE3, CurvePath.CURVE3]
            return PathPatch(CurvePath([(at[0], at[1]), (at[2], at[3]), (at[4], at[5])], codes),
                             **{**style, "facecolor": "none"})
        raise ValueError(f"unknown shape {shape.kind!r}")
