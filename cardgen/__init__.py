"""cardgen: procedurally generated card games, from tables to printed decks and played games."""

__version__ = "0.1.0"
