"""cardgen's games for other frameworks' agents: OpenSpiel (cardgen.interop.openspiel) and
PettingZoo (cardgen.interop.pettingzoo). Both need the optional extra: pip install 'cardgen[rl]'.

The bridges are thin: they read every game through the protocol (cardgen.engine.protocol) and the
registry, and write no rule of any game.
"""
