"""Seeded generation of Gyon-RG cards.

Card i of seed S is drawn from its own counter-based stream (BLAKE2b keyed
with S, over the edition letter and i): one 256-bit number u, uniform over
[0, total weight) by rejection (the shared rng.uniform_draws), is split by
mixed radix into one draw per attribute, and each draw picks an option by
cumulative weight. So card i is computed without cards 0..i-1, and the same
seed and edition give the same cards on every machine, process and
PYTHONHASHSEED.
"""

from __future__ import annotations

import functools
import math
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator

from cardgen import rng
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.cards import Card
from cardgen.gyonrg.edition import Edition


def generate(seed: int | str, count: int, start: int = 0, edition: Edition | None = None) -> Iterator[Card]:
    """Cards start .. start+count-1 of ``seed`` (an iterator: memory stays flat)."""
    if count < 0 or start < 0:
        raise ValueError(f"count and start must be >= 0, got count={count} start={start}")
    ed = edition or editions.current()
    return _drawer(ed)(rng.uniform_draws(seed, ("gyonrg", ed.letter, "card"), start, count, ed.total_weight))


# A card is drawn as one number below the edition's total weight, split by mixed radix into one draw per
# attribute (least significant first: the last attribute), each draw picking an option by cumulative
# weight. Attributes next to each other whose draws together span at most TABLE_SPAN values are read
# from one table (draw -> their options, the product of their weights, their share of the card number):
# one divmod and one look-up instead of a divmod, a bisection and two products each, which was half the
# time of a card. The function doing it is made once per edition, as straight code.
TABLE_SPAN = 1 << 16


@functools.lru_cache(maxsize=8)
def _drawer(ed: Edition) -> Callable[[Iterable[int]], Iterator[Card]]:
    attributes = ed.attributes
    places = [math.prod(len(a) for a in attributes[k + 1 :]) for k in range(len(attributes))]
    groups: list[list[int]] = []  # attribute indices, least significant first
    for k in reversed(range(len(attributes))):
        if groups and math.prod(attributes[j].total for j in groups[-1]) * attributes[k].total <= TABLE_SPAN:
            groups[-1].append(k)
        else:
            groups.append([k])
    names: dict[str, object] = {"Card": Card, "ED": ed, "bisect_right": bisect_right}
    lines = ["def cards(draws):", "    for u in draws:", f"        r = u % {ed.total_weight}"]
    for g, group in enumerate(groups):
        span = math.prod(attributes[k].total for k in group)
        x = "r" if g == len(groups) - 1 else "x"  # the last group's draw is what is left
        if x == "x":
            lines.append(f"        r, x = divmod(r, {span})")
        if span > TABLE_SPAN:  # one attribute of many options: bisected
            (k,) = group
            names[f"C{k}"], names[f"W{k}"] = attributes[k].cumulative, attributes[k].weights
            lines.append(f"        c{k} = bisect_right(C{k}, {x}); w{g} = W{k}[c{k}]; n{g} = c{k} * {places[k]}")
        else:
            names[f"T{g}"] = _table([attributes[k] for k in group], [places[k] for k in group])
            lines.append(f"        {', '.join(f'c{k}' for k in group)}, w{g}, n{g} = T{g}[{x}]")
    choices = ", ".join(f"c{k}" for k in range(len(attributes)))
    number = " + ".join(f"n{g}" for g in range(len(groups)))
    weight = " * ".join(f"w{g}" for g in range(len(groups)))
    lines.append(f"        yield Card(ED, ({choices},), {number}, {weight})")
    exec(compile("\n".join(lines) + "\n", f"<cardgen.gyonrg.generator {ed.letter}>", "exec"), names)  # noqa: S102 - made from the tables' sizes alone
    return names["cards"]  # type: ignore[return-value]


def _table(group: list, places: list[int]) -> list[tuple[int, ...]]:
    """Draw x (0 .. the product of the group's totals) -> each attribute's option, the product of their
    weights, their share of the card number; x splits by mixed radix, the group's first attribute least
    significant. Draws that pick the same options share one tuple."""
    combos: list[tuple[tuple[int, ...], int, int]] = [((), 1, 0)]
    draws = [0]  # draw -> index in combos
    for a, place in zip(group, places):
        m = len(combos)
        combos = [(cs + (c,), w * a.weights[c], n + c * place) for c in range(len(a)) for cs, w, n in combos]
        draws = [c * m + j for c in range(len(a)) for _ in range(a.weights[c]) for j in draws]
    entries = [(*cs, w, n) for cs, w, n in combos]
    return [entries[i] for i in draws]
