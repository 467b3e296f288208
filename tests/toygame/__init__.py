"""A toy game that lives only in the tests: one folder with a plugin and a kit, and every shared
card command works for it (tests/test_kit.py). docs/adding-a-game.md walks through the same shape."""
