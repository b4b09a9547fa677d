"""The live path of a match: what happens between a move and every open page showing it.

- `consumers`: one socket per open match page (moves in, views out; who it draws for);
- `move_queue`: one match's socket moves take turns in arrival order;
- `broadcast`: a committed change tells the match's group (with the rows it wrote, across
  processes);
- `snapshots`: the one bounded per-process cache of what a change left stored, so no socket
  reads it back.

Read a move top to bottom in docs/architecture.md ("A move"). Nothing is imported here: the
snapshot cache and the move queue sit below the services, the socket and the broadcast above.
"""
