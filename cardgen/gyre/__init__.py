"""Gyre: claim tiles on a torus and turn the gyres you own (rules: cardgen.gyre.engine)."""
