"""A kit printed alone is enough to learn the game: its reference pages are the player's rulebook
with the card anatomy picture, and nothing in it points at this repository."""

from __future__ import annotations

import re

import pytest

from cardgen import rulebook
from cardgen.print import anatomy
from tests.print.test_kit import KIT_GAMES, built, spans

# what a home player does not have: the repository's folders and files
REPOSITORY = re.compile(r"docs/|attribute_tables|cardgen/|tests/|\.md\b|\.toml\b|\.py\b|shared/rules")


@pytest.mark.parametrize("name", KIT_GAMES)
def test_the_kit_names_no_repository_path(name):
    kit = built(name, "a4")
    texts = [t for page in spans(kit.data) for t, _ in page]
    found = [t for t in texts if REPOSITORY.search(t)]
    assert found == []


@pytest.mark.parametrize("name", KIT_GAMES)
def test_the_reference_pages_are_the_rulebook_with_the_anatomy_picture(name):
    kit = built(name, "a4")
    reference = [lab for lab in kit.labels() if kit.pages[lab.page].part == "reference"]
    said = " ".join(lab.text for lab in reference)
    for key in ("minute", "goal", "components", "setup", "turn", "fight", "end", "anatomy"):
        assert rulebook.part(name, key).heading in said, key
    assert rulebook.example(name).heading in said
    pictures = [lab for lab in reference if lab.picture]
    assert pictures or name == "gyre", "a card face drawn whole on a reference page"
    names = {lab.text for lab in reference}
    assert set(anatomy.names(name)) <= names  # every callout of the picture
    assert "Print at 100 %" in said
