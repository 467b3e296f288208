"""Card lookup pages and the local server the QR codes point to (the addresses themselves: cardgen.lookup)."""
