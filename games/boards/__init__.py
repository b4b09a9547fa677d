"""Game boards' own layouts: one presenter module per game (or family of games).

The generic renderer (games.rendering) already turned the seat's view into card pictures with
their move buttons; a presenter only regroups that, with the facts a child needs next to each
card (whose card it is, which creature is lowest, the score sheet). Everything comes from the
seat's own view, its legal moves and the names, so no hidden card can get in. Each presenter
is a function the board's template calls through a tag (games/templatetags/boards.py) and
returns a plain dict for games/play/<slug>.html.
"""
