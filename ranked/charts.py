"""A rating history as an SVG line, drawn on the server (no script, no inline style)."""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 600, 200, 28


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y …"
    last: tuple[float, float]  # the last point, marked
    low: int
    high: int
    y_low: float
    y_high: float


def rating_chart(ratings: list[int]) -> Chart | None:
    """The line of ``ratings`` in order (the rating before the first match comes first); None
    with fewer than two points."""
    if len(ratings) < 2:
        return None
    low, high = min(ratings), max(ratings)
    span = max(high - low, 20)
    inner_w, inner_h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD
    step = inner_w / (len(ratings) - 1)

    def y(value: int) -> float:
        return round(PAD + inner_h * (1 - (value - low) / span), 1)

    coords = [(round(PAD + i * step, 1), y(r)) for i, r in enumerate(ratings)]
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        points=" ".join(f"{x},{yy}" for x, yy in coords),
        last=coords[-1],
        low=low,
        high=high,
        y_low=y(low),
        y_high=y(high),
    )
