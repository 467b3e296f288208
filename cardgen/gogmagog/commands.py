"""Gog & Magog's own commands (the shared ones come from its kit): `cardgen gogmagog stats`."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import click

from .cards import current


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(as_json: bool) -> None:
    """Size of the card space, and how the cards spread over kinds, stars and mana costs (exact)."""
    ed = current()
    cards = ed.cards()
    total = ed.total_weight

    def share(key: Any) -> dict:
        out: Counter = Counter()
        for c in cards:
            out[key(c)] += c.weight
        return {str(k): v / total for k, v in sorted(out.items())}

    data: dict[str, Any] = {"edition": ed.letter, "fingerprint": ed.fingerprint, "card_space": ed.count, "serial_length": ed.serial_length + 2,
            "pulls_by_kind": share(lambda c: c.kind_name), "pulls_by_stars": share(lambda c: c.stars),
            "creature_pulls_by_cost": share(lambda c: c.cost if c.is_creature else "not a creature"),
            "cards_by_stars": {str(s): n for s, n in sorted(Counter(c.stars for c in cards).items())}}  # fmt: skip
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    out = [f"Gog & Magog edition {ed.letter} (tables {ed.fingerprint}): {ed.count:,} distinct cards, serials of {ed.serial_length + 2} characters"]
    for key in ("pulls_by_kind", "pulls_by_stars", "creature_pulls_by_cost"):
        out.append(key.replace("_", " ") + ": " + ", ".join(f"{k} {v * 100:.1f} %" for k, v in data[key].items()))
    out.append("cards by stars: " + ", ".join(f"{k}★ {v:,}" for k, v in data["cards_by_stars"].items()))
    click.echo("\n".join(out))
