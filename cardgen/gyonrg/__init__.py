"""Gyon-RG: a trading card game of randomly generated ship cards on a 5x5 grid."""
