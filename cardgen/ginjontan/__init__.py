"""Gin-jon-tan: a fixed family of cards, personal 33-card decks, a combination scorer and the game."""
