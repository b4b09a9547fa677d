"""Live pages of a class session: who to tell when something changed.

Two Channels groups per session, each told a bare "changed" after commit (every open page then
renders its own view, as the match pages do):
- the teacher's group (dashboard and projector): every change, moves at the tables included;
- the students' group (each student's class bar): only what moves a student somewhere else or
  stops them (start, pause, seating, removal, end), so thirty students' moves don't make thirty
  pages redraw thirty times.
A change is either the class's state (start, pause, resume, end, lock, seats, removals, names:
rare, and every open page must show it within a second) or activity (moves at the tables, meal
checks, a student arriving in the waiting room: thirty students make bursts of them). The message
says which: the teacher's sockets draw a state change at once and coalesce activity (see
classroom.consumers).
"""

from __future__ import annotations

from django.db import transaction

from plateful.live_layer import group_send_or_skip


def teacher_group(session_id: int) -> str:
    return f"class-{session_id}-teacher"


def students_group(session_id: int) -> str:
    return f"class-{session_id}-students"


def _send(group: str, *, activity: bool) -> None:
    # Never raises nor waits long: a channel layer outage must not undo or fail a committed
    # change (the open pages redraw in full when the layer is back).
    group_send_or_skip(group, {"type": "class.changed", "activity": activity})


def session_changed(session_id: int, *, students: bool = True, activity: bool = False) -> None:
    """Tell the session's open pages once the current transaction commits. `students`: the
    students' class bars too (their place or the class's state changed); `activity`: only play
    went on (a move, a meal check, an arrival), which the teacher's pages may draw a little later
    together with the next ones."""

    def tell() -> None:
        _send(teacher_group(session_id), activity=activity)
        if students:
            _send(students_group(session_id), activity=activity)

    transaction.on_commit(tell)
