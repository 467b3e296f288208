"""A throwaway sixth game, written as a new contributor would add one: one folder
(cardgen/<name>/: plugin, cards, decks, kit with a face, rules engine), its tables
(attribute_tables/<name>/) and its rules page (docs/rules/<name>.md), and nothing else.

The code is the two toy games' (tests/toygame: cards, decks, kit; tests/toybid: the engine),
renamed, with a first serial character of the contributor's choosing (a digit by default, so
its serials can be all digits) and its colours read from its own table. tests/test_sixth_game.py
writes it into a temporary copy and runs the shared checks over it.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardgen import serial as serialcodec

HERE = Path(__file__).resolve().parent


def _source(path: str) -> str:
    return (HERE / path).read_text(encoding="utf-8")


def files(name: str = "sixth", title: str = "Sixth", prefix: str = "2") -> dict[str, str]:
    """Path (from the repository root) -> text of every file the game adds."""
    example = serialcodec.encode(prefix, 18, 2)  # the card the toy's examples name: Red 7
    package = f"cardgen.{name}"
    cards = _source("toygame/cards.py")
    cards = cards.replace('COLOURS = ("red", "green", "blue")\n', (
        'TABLES = Path(__file__).resolve().parents[2] / "attribute_tables" / "' + name + '"\n'
        'COLOURS = tuple(tomllib.loads((TABLES / "cards.toml").read_text(encoding="utf-8"))["colours"])\n'))
    cards = cards.replace("from __future__ import annotations\n", "from __future__ import annotations\n\nimport tomllib\nfrom pathlib import Path\n")
    cards = cards.replace('"toy"', f'"{name}"').replace("not a toy", f"not a {title}")
    deck = _source("toygame/deck.py").replace('"Y0JX"', f'"{example}"').replace("cardgen-toy-deck", f"cardgen-{name}-deck")
    kit = _source("toygame/kit.py").replace('"Y0JX"', f'"{example}"').replace("2x Y0JX", f"2x {example}")
    kit = kit.replace('return "Y"', f'return "{prefix}"').replace("cardgen-toy-deck", f"cardgen-{name}-deck")
    kit = re.sub(r"\bToy\b", title, kit).replace("toy deck", f"{name} deck")
    engine = _source("toybid/engine.py").replace("toy-bid", name)
    plugin = f'''"""How cardgen finds {title} (read by cardgen.games): names only."""

from __future__ import annotations

from cardgen.games import GameEntry

SERIAL_PREFIXES = "{prefix}"  # docs/serials.md: a free character

ENTRY = GameEntry(
    name="{name}",
    title="{title}",
    engine="{package}.engine:GAME",
    kit="{package}.kit:KIT",
    serial_prefixes=SERIAL_PREFIXES,
)
'''
    rules = f"""# {title}

{title} is the hidden-bid toy with cards: 3 cards a player are shuffled, each player gets 2,
hidden. Two rounds: a die (1-3) is rolled in the open, then everyone bids one card at once;
the single highest card scores the die's value. Most points wins; ties share.

## Options

| option | default | what it changes |
| --- | --- | --- |
| players | 3 | the number of players, 2 to 4 |
"""
    return {
        f"cardgen/{name}/__init__.py": f'"""{title}: a game in one folder."""\n',
        f"cardgen/{name}/plugin.py": plugin,
        f"cardgen/{name}/cards.py": cards,
        f"cardgen/{name}/deck.py": deck,
        f"cardgen/{name}/kit.py": kit,
        f"cardgen/{name}/palette.toml": _source("toygame/palette.toml"),
        f"cardgen/{name}/engine.py": engine,
        f"attribute_tables/{name}/cards.toml": '# The colours of the cards, in the order of their numbers.\ncolours = ["red", "green", "blue"]\n',
        f"docs/rules/{name}.md": rules,
    }


def write(root: Path, **options: str) -> dict[str, int]:
    """Write the game under `root` (a copy of the repository); path -> lines written."""
    out = {}
    for path, text in files(**options).items():
        target = root / path
        assert not target.exists(), f"{path} exists: a new game adds files, it edits none"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        out[path] = len(text.splitlines())
    return out
