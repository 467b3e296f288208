"""Card lookup: the addresses printed in QR codes and the pages they point to."""
