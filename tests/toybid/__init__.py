"""The hidden-bid toy: a game with a rules engine and no cards, in one folder (plugin.py names it,
engine.py plays it). docs/adding-a-game.md walks through it; tests/engine/conftest.py registers it."""
