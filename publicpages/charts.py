"""A line chart as an SVG string, drawn on the server. Pure.

Why not a JavaScript library: the strict CSP allows no inline script or
style, a chart of a few dozen points needs none, and an SVG in the page
works without JavaScript, prints, and scales to a phone by its viewBox.
Colours come from CSS classes (``series-0`` …), never from style attributes;
every text is escaped; the same data gives the same bytes.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 360  # the viewBox: a phone's width, so 11-unit text stays readable
PLOT_HEIGHT = 170
TOP, RIGHT, BOTTOM = 12, 12, 34
LEGEND_LINE = 16
COLOURS = 6  # series-0 … series-5 in the stylesheet
NAME_LENGTH = 40


@dataclass(frozen=True)
class Line:
    """One player's values, one per label (None: no value at that step)."""

    name: str
    values: Sequence[float | None]


def line_chart(
    lines: Sequence[Line],
    labels: Sequence[str],
    *,
    title: str,
    x_title: str = "",
    description: str = "",
) -> str:
    """The chart of ``lines`` over ``labels`` (rounds, evenings): axes, a
    zero line, tick labels, one path per line and a legend when there are
    several. ``title`` names it for screen readers (``<title>``, aria-label)."""
    values = [v for line in lines for v in line.values if v is not None]
    whole = all(isinstance(v, int) for v in values)
    ticks = nice_ticks(min([0, *values]), max([0, *values]), whole=whole)
    left = 10 + 7 * max(len(_number(t)) for t in ticks)
    legend = len(lines) * LEGEND_LINE if len(lines) > 1 else 0
    height = TOP + PLOT_HEIGHT + BOTTOM + legend
    scale = _Scale(left, WIDTH - RIGHT, TOP + PLOT_HEIGHT, TOP, ticks, len(labels))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" font-size="11" '
        f'aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    if description:
        parts.append(f"<desc>{escape(description)}</desc>")
    parts += _grid(scale, ticks)
    parts += _x_axis(scale, labels, x_title, height)
    for i, line in enumerate(lines):
        parts += _series(scale, line, i)
    if legend:
        parts += _legend(lines, left, TOP + PLOT_HEIGHT + BOTTOM)
    parts.append("</svg>")
    return "\n".join(parts)


def nice_ticks(
    low: float, high: float, most: int = 6, whole: bool = False
) -> list[float]:
    """Round tick values (1, 2 or 5 × 10ⁿ apart) from below ``low`` to above
    ``high``, at most ``most`` of them; ``whole``: at least 1 apart (points
    are whole numbers)."""
    if high <= low:
        high = low + 1
    rough = (high - low) / (most - 1)
    for step in _steps(max(rough, 1) if whole else rough):
        first, last = math.floor(low / step), math.ceil(high / step)
        if last - first + 1 <= most:
            return [_clean(k * step) for k in range(first, last + 1)]
    raise AssertionError("unreachable: steps grow without bound")


def _steps(rough: float):
    power = 10 ** math.floor(math.log10(rough))
    while True:
        for m in (1, 2, 5):
            yield m * power
        power *= 10


def _clean(x: float) -> float:
    """An integral tick as an int: "20", not "20.0"."""
    return round(x) if abs(x - round(x)) < 1e-9 else round(x, 6)


class _Scale:
    """Data to viewBox coordinates."""

    def __init__(self, left, right, bottom, top, ticks, count):
        self.left, self.right, self.bottom, self.top = left, right, bottom, top
        self.low, self.high = ticks[0], ticks[-1]
        self.count = count

    def x(self, i: int) -> float:
        if self.count <= 1:
            return (self.left + self.right) / 2
        return self.left + i * (self.right - self.left) / (self.count - 1)

    def y(self, v: float) -> float:
        share = (v - self.low) / (self.high - self.low)
        return self.bottom - share * (self.bottom - self.top)


def _grid(s: _Scale, ticks) -> list[str]:
    out = []
    for t in ticks:
        y = _c(s.y(t))
        css = "zero" if t == 0 else "gridline"
        out.append(
            f'<line class="{css}" x1="{_c(s.left)}" y1="{y}" '
            f'x2="{_c(s.right)}" y2="{y}"/>'
        )
        out.append(
            f'<text class="tick" x="{_c(s.left - 5)}" y="{_c(s.y(t) + 4)}" '
            f'text-anchor="end">{escape(_number(t))}</text>'
        )
    out.append(
        f'<line class="axis" x1="{_c(s.left)}" y1="{_c(s.top)}" '
        f'x2="{_c(s.left)}" y2="{_c(s.bottom)}"/>'
    )
    return out


def _x_axis(s: _Scale, labels, x_title: str, height: int) -> list[str]:
    every = max(1, math.ceil(len(labels) / 12))  # at most a dozen labels
    out = []
    for i, label in enumerate(labels):
        if i % every and i != len(labels) - 1:
            continue
        out.append(
            f'<text class="tick" x="{_c(s.x(i))}" y="{_c(s.bottom + 14)}" '
            f'text-anchor="middle">{escape(str(label))}</text>'
        )
    if x_title:
        middle = _c((s.left + s.right) / 2)
        out.append(
            f'<text class="axis-title" x="{middle}" y="{_c(s.bottom + 29)}" '
            f'text-anchor="middle">{escape(x_title)}</text>'
        )
    return out


def _series(s: _Scale, line: Line, i: int) -> list[str]:
    """One path (broken where a value is missing) and a dot per value."""
    css = f"series series-{i % COLOURS}"
    d, pen, dots = [], "M", []
    for n, v in enumerate(line.values[: s.count]):
        if v is None:
            pen = "M"
            continue
        x, y = _c(s.x(n)), _c(s.y(v))
        d.append(f"{pen}{x} {y}")
        dots.append(
            f'<circle class="dot series-{i % COLOURS}" cx="{x}" cy="{y}" r="2.5"/>'
        )
        pen = "L"
    shown = ", ".join(_number(v) if v is not None else "–" for v in line.values)
    label = escape(f"{_short(line.name)}: {shown}" if line.name else shown)
    path = (
        f'<path class="{css}" fill="none" stroke-width="2" d="{" ".join(d)}">'
        f"<title>{label}</title></path>"
    )
    return [path, *dots]


def _legend(lines: Sequence[Line], left: int, top: int) -> list[str]:
    out = []
    for i, line in enumerate(lines):
        y = top + i * LEGEND_LINE + 8
        out.append(
            f'<line class="series series-{i % COLOURS}" x1="{left}" y1="{y}" '
            f'x2="{left + 18}" y2="{y}" stroke-width="3"/>'
        )
        out.append(
            f'<text class="legend" x="{left + 24}" y="{y + 4}">'
            f"{escape(_short(line.name))}</text>"
        )
    return out


def _short(name: str) -> str:
    return name if len(name) <= NAME_LENGTH else name[: NAME_LENGTH - 1] + "…"


def _number(v: float) -> str:
    """A tick or value as people write it, with a real minus sign."""
    text = str(_clean(v)) if isinstance(v, float) else str(v)
    return text.replace("-", "\u2212")


def _c(x: float) -> str:
    """A coordinate with at most one decimal: short, and the same bytes
    for the same data on every machine."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text
