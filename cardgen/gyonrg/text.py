"""Plain-text views of Gyon-RG cards: one-line summaries, full card sheets, CSV rows."""

from __future__ import annotations

from cardgen.gyonrg.cards import Card
from cardgen.gyonrg.edition import DIRECTIONS, MAIN_SECTOR
from cardgen.gyonrg.patterns import RADIUS


def stars_text(n: int) -> str:
    return "★" * n + "☆" * (5 - n)


def summary(card: Card) -> str:
    """A short readable block: serial, stars, name, element, numbers, special."""
    s = card.ship
    sp = card.special
    drone = "  (Drone)" if card.is_drone else ""
    return (
        f"{card.serial}  {stars_text(card.stars)}  {s.name}  [{card.element.name}]{drone}\n"
        f"  costs deploy {s.deploy_cost} move {s.move_cost} rotate {s.rotate_cost} attack {s.attack_cost}"
        f" · speed {s.speed} · attack/shield {s.attack}/{s.shield}\n"
        f"  special {sp.name} ({sp.cost} AP): {sp.text}"
    )


def _pattern_rows(card: Card) -> list[str]:
    s = card.ship
    rows = []
    for dy in range(RADIUS, -RADIUS - 1, -1):
        cells = []
        for dx in range(-RADIUS, RADIUS + 1):
            w, b = (dx, dy) in s.weapon, (dx, dy) in s.blindspot
            cells.append("S" if (dx, dy) == (0, 0) else "#" if w and b else "W" if w else "b" if b else ".")
        rows.append(" ".join(cells))
    return rows


def _goal_rows(card: Card) -> list[str]:
    rows = []
    for r in range(5, 0, -1):
        mark = {5: "++", 4: "+ "}.get(r, "  ")
        cells = ["M" if (r, c) == MAIN_SECTOR else "X" if (r, c) in card.goal.sectors else "." for c in range(1, 6)]
        rows.append(f"{mark} {' '.join(cells)}")
    return rows


def sheet(card: Card) -> str:
    """Everything on the card and its statistics, as printed by `lookup`."""
    s = card.ship
    sp = card.special
    ed = card.edition
    lines = [
        f"{s.name}    {card.serial}",
        f"{card.element.name} · {stars_text(card.stars)} ({card.stars} star{'s' if card.stars > 1 else ''})"
        f" · edition {ed.letter}" + (" · Drone" if card.is_drone else ""),
        "",
        f"Action Point costs   deploy {s.deploy_cost}   move {s.move_cost}   rotate {s.rotate_cost}   attack {s.attack_cost}",
        f"Speed {s.speed}    Attack / Shield {s.attack} / {s.shield}",
        f"Ship type {s.type.name}; modifiers: {', '.join(m.name for m in s.modifiers)}",
        "",
        f"{'Weapon (W) / blindspot (b)':<28}{'Goal grid: ' + card.goal.name}",
    ]
    for left, right in zip(_pattern_rows(card), _goal_rows(card)):
        lines.append(f"  {left:<26}{right}")
    lines.append(f"  {'(top: towards opponent)':<26}(M: opponent's main sector)")
    lines.append("")
    lines.append("Deploy diagram (elements that may deploy beside this ship)")
    for d in DIRECTIONS:
        lines.append(f"  {d:<6}{', '.join(card.deploy[d]) or '-'}")
    lines += [
        "",
        f"Special  {sp.name}  (cost {sp.cost} AP)",
        f"  {sp.text}",
        "",
        "Statistics",
        f"  probability   1 in {card.odds:,}  ({float(card.probability):.4g})",
        f"  rarity        {float(card.percentile) * 100:.2f} % of all pulls are cards at least as likely as this one",
        f"  card space    {ed.count:,} cards in edition {ed.letter}",
    ]
    return "\n".join(lines)


CSV_FIELDS = [
    "serial", "edition", "name", "element", "ship_type", "modifiers", "drone", "stars",
    "deploy_cost", "move_cost", "rotate_cost", "attack_cost", "speed", "attack", "shield",
    "weapon", "blindspot", "deploy_up", "deploy_down", "deploy_left", "deploy_right",
    "goal", "goal_sectors", "special", "special_cost", "special_text",
    "effect_kind", "effect_stat", "effect_amount", "effect_target", "effect_duration",
    "probability", "odds", "percentile",
]  # fmt: skip


def csv_row(card: Card) -> dict:
    """One flat CSV row (lists joined with ';', squares as 'dx,dy')."""
    d = card.to_dict()
    return {
        **{k: d[k] for k in ("serial", "edition", "name", "element", "stars")},
        **_csv_kind(d),
        **_csv_numbers(d),
        **{f"deploy_{k}": ";".join(v) for k, v in d["deploy"].items()},
        **_csv_goal(d),
        **_csv_statistics(d),
    }


# csv_row's groups, each from the fields of one of Card.to_dict's groups (Card.kind_fields...)


def _csv_kind(d: dict) -> dict:
    return {"ship_type": d["ship_type"], "modifiers": ";".join(d["modifiers"]), "drone": "yes" if d["drone"] else "no"}


def _csv_numbers(d: dict) -> dict:
    return {
        **{k: d[k] for k in ("deploy_cost", "move_cost", "rotate_cost", "attack_cost", "speed", "attack", "shield")},
        "weapon": ";".join(f"{x},{y}" for x, y in d["weapon"]),
        "blindspot": ";".join(f"{x},{y}" for x, y in d["blindspot"]),
    }


def _csv_goal(d: dict) -> dict:
    eff = d["special"]["effect"]
    return {
        "goal": d["goal"],
        "goal_sectors": ";".join(f"{r},{c}" for r, c in d["goal_sectors"]),
        "special": d["special"]["name"],
        "special_cost": d["special"]["cost"],
        "special_text": d["special"]["text"],
        "effect_kind": eff["kind"],
        "effect_stat": eff.get("stat", ""),
        "effect_amount": eff["amount"],
        "effect_target": eff["target"],
        "effect_duration": eff["duration"],
    }


def _csv_statistics(d: dict) -> dict:
    return {k: d[k] for k in ("probability", "odds", "percentile")}


# ----- generate's JSON and CSV rows in parts (cardgen.cardlines.Parts) ----------------------------
#
# A card's fields come from few choices: its ship type and modifiers (the ship), its element, its
# deploy diagram, goal and special, and its weight (stars and statistics). The writer encodes each
# part once per key and checks the joined text against the whole row on the first cards.


def _vector(card: Card) -> tuple:
    """The choices (element, ship type, modifiers, goal, special, the four deploy sides), weight, serial."""
    return (*card.choices, card.weight, card.serial)


def _parts() -> object:
    from cardgen.cardlines import Part, Parts

    ship, element, goal_special, weight, serial = (1, 2), (0,), (3, 4), (9,), (10,)
    numbers = ("deploy_cost", "move_cost", "rotate_cost", "attack_cost", "speed", "attack", "shield", "weapon", "blindspot")
    name = Part(("edition", "name"), ship, row=Card.name_fields)
    head = (Part(("serial",), serial, value=True), name, Part(("element",), element))
    stars = Part(("stars",), weight, row=lambda c: {"stars": c.stars})
    return Parts(
        _vector,
        json=(*head, Part(("ship_type", "modifiers", "drone"), ship, row=Card.kind_fields), stars,
              Part(numbers, ship, row=Card.number_fields),
              Part(("deploy",), (5, 6, 7, 8), inner=tuple(Part((d,), (5 + k,)) for k, d in enumerate(DIRECTIONS))),
              Part(("goal", "goal_sectors", "main_sector", "special"), goal_special, row=Card.goal_fields),
              Part(("probability", "probability_float", "odds", "percentile"), weight, row=Card.statistics_fields)),
        csv=(*head, Part(("ship_type", "modifiers", "drone"), ship, row=lambda c: _csv_kind(c.kind_fields())),
             stars, Part(numbers, ship, row=lambda c: _csv_numbers(c.number_fields())),
             *(Part((f"deploy_{d}",), (5 + k,)) for k, d in enumerate(DIRECTIONS)),
             Part(("goal", "goal_sectors", "special", "special_cost", "special_text", "effect_kind", "effect_stat",
                   "effect_amount", "effect_target", "effect_duration"), goal_special, row=lambda c: _csv_goal(c.goal_fields())),
             Part(("probability", "odds", "percentile"), weight, row=lambda c: _csv_statistics(c.statistics_fields()))),
    )  # fmt: skip
