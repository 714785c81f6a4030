"""A small line chart drawn on the server as SVG coordinates: a player's
rating over time without a chart library or script (the pages allow no
inline script). The template draws the ``<svg>``; this only does the sums.
"""

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 320, 120  # fits a 360 px phone with the page's margins
LEFT, RIGHT, TOP, BOTTOM = 40, 6, 8, 8  # room for the value labels at the left


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # "x,y x,y …" for a <polyline>
    dots: list[tuple[float, float]]
    high: float  # the value at the top and at the bottom, for the labels
    low: float
    high_y: float
    low_y: float
    zero_y: float | None  # a base line when 0 lies within the range
    left: int = LEFT  # where the plot starts; the labels end just before


def line_chart(
    values: Sequence[float], width: int = WIDTH, height: int = HEIGHT
) -> Chart | None:
    """Evenly spaced points, top = highest value; None without values."""
    if not values:
        return None
    high, low = max(values), min(values)
    span = (high - low) or 1.0
    inner_w, inner_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    step = inner_w / (len(values) - 1) if len(values) > 1 else 0.0

    def y(v: float) -> float:
        if high == low:
            return round(TOP + inner_h / 2, 1)
        return round(TOP + (high - v) / span * inner_h, 1)

    def x(i: int) -> float:
        return round(LEFT + (i * step if len(values) > 1 else inner_w / 2), 1)

    dots = [(x(i), y(v)) for i, v in enumerate(values)]
    return Chart(
        width=width,
        height=height,
        dots=dots,
        points=" ".join(f"{a},{b}" for a, b in dots),
        high=high,
        low=low,
        high_y=y(high),
        low_y=y(low),
        zero_y=y(0.0) if low < 0 < high else None,
    )
