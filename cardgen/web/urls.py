"""Moved to cardgen.lookup (the core lookup module); kept while callers move."""

from cardgen.lookup import DEFAULT_LOOKUP_BASE, ENV_VAR, lookup_base, lookup_url, serial_from_url

__all__ = ["DEFAULT_LOOKUP_BASE", "ENV_VAR", "lookup_base", "lookup_url", "serial_from_url"]
