"""The live path of a match: what happens between a move and every open page showing it.

- `consumers`: one socket per open match page: moves in (the service call), fragments out;
- `move_queue`: one match's socket moves take turns in arrival order;
- `broadcast`: after a change commits, the process that made it draws the public fragment once
  per language and each seat's private fragment once, and sends them to the match's groups.

Read a move top to bottom in docs/architecture.md ("A move").
"""
