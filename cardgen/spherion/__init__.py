"""Spherion: monsters on a hex-tiled sphere, dice and simultaneous turns."""
