"""The designer's desk: `cardgen GAME design`, one self-contained HTML report of what a game's
tables make (model: the figures; report: compare and render; balance: the games; watch: rebuild
on save). A game takes part by naming its design module in its kit (`Kit.design`)."""
