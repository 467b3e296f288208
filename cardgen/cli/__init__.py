"""Command-line interface: thin click groups, one module per game plus shared commands."""
