"""The match/session layer under every front end (DESIGN.md, "Front ends and the layer under
them"): per game, one session that owns the match, its seats, the autosave through the store
and the game's end (results written once, in one transaction). The command line and the
screens import it; the rules packages stay free of I/O, which is why it is a package of its
own rather than a module inside each game's rules package.
"""
