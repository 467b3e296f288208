"""Gog & Magog: generated creature cards, decks, print-and-play and the rules engine."""
