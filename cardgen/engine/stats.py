"""Confidence intervals for win rates (one place, used by simulate and the balance reports)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95 %


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion: `successes` out of `n` trials.

    Both may be fractional: a tie counts as a share of a win, and a weighted
    sample passes its effective size (sum of weights)^2 / (sum of squared weights).
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
