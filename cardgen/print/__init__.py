"""Game-independent print machinery: a game supplies a Face, this package does the rest.

    imp = impose(Layout(paper=parse_paper("a4"), card=parse_card_size("poker"), backs="long-edge"))
    summary = write_pdf(cards, face, imp, "deck.pdf", progress=bar.update)
    write_pngs(cards, face, card=imp.layout.card, folder="png/", key=lambda c: c.serial)
"""
