"""Making a class table's game: the children of the table in its seats (a device's children
each in a seat of their own when the teacher chose to pass that device: classroom.teams), bots
in the rest. Called inside the seating services' transactions (classroom.services)."""

from __future__ import annotations

from django.db.models import Max

from classroom import class_matches, teams
from classroom.models import ClassSession, Student, TableMatch, TableSeat
from games import services as games
from games.bots import bot_levels


def session_card_records(session: ClassSession) -> list[dict] | None:
    """The card records a session's games deal (None: the Eat Right deck as the site has it)."""
    return list(session.deck_cards) if session.deck_cards else None


def bot_level(session: ClassSession) -> str:
    levels = bot_levels(session.game)
    return session.bot_level if session.bot_level in levels else (levels[0] if levels else "")


def max_seats(session: ClassSession) -> int:
    return games.engine_get(game=session.game).max_seats


def device_children(session: ClassSession, holder: Student) -> list[Student]:
    """The children of a holder's device who each take a seat (just the holder: a shared seat)."""
    return teams.device_children(holder, game=session.game, max_seats=max_seats(session))


def table_create(
    session: ClassSession, table: int, students: list[Student | None], seed: int | None = None
) -> TableMatch:
    """A new game at a table: these students in these seats, bots in the rest (None or missing).
    `seed`: the deal (None: games.services picks it)."""
    by_seat = teams.table_children(students, game=session.game, max_seats=max_seats(session))
    size = max(session.seats_per_table, sum(student is not None for student in by_seat))
    by_seat += [None] * (size - len(by_seat))
    while len(by_seat) > size:  # a device's children came in the bots' seats
        by_seat.pop(len(by_seat) - 1 - by_seat[::-1].index(None))
    # Children of one device each in a seat (pass-and-play): their seats share its one token.
    device = [student.team_of_id or student.pk for student in by_seat if student is not None]
    shared = {key for key in device if device.count(key) > 1}
    specs = []
    for student in by_seat:
        if student is None:
            specs.append(games.SeatSpec(kind="bot", bot_level=bot_level(session)))
        elif (key := student.team_of_id or student.pk) in shared:
            specs.append(games.SeatSpec(kind="human", nickname=student.nickname, device=str(key)))
        else:
            specs.append(games.SeatSpec(kind="human", nickname=teams.holder_team_name(student)))
    match, tokens = games.match_create(
        game=session.game,
        seats=specs,
        options=session.options,
        cards=session_card_records(session),
        seed=seed,
        owner=class_matches.CLASSROOM_OWNER,
        pace=session.pace,
    )
    TableMatch.objects.filter(session=session, table=table, current=True).update(current=False)
    table_match = TableMatch.objects.create(session=session, table=table, match=match, current=True)
    seats = TableSeat.objects.bulk_create(
        TableSeat(table_match=table_match, seat=seat, student=student, token=tokens.get(seat, ""))
        for seat, student in enumerate(by_seat)
    )
    for seat in seats:
        if seat.student is not None and (seat.student.team_of_id or seat.student.pk) not in shared:
            seat.partners.set(teams.playing_partners(seat.student))
    return table_match


def table_again(
    session: ClassSession, table: int, students: list[Student | None], seed: int | None = None
) -> TableMatch:
    """A table's next game with the same children, each device seated as its holder's choice says
    now. When its devices passed between their children now need more seats than a table of the
    game has, the children are shared out into tables as at the start (`teams.split_tables`): the
    first keeps the table's number, the others get new ones. Returns the first table's game."""
    by_seat = teams.table_children(students, game=session.game, max_seats=max_seats(session))
    children = [child for child in by_seat if child is not None]
    if len(children) <= max_seats(session):
        return table_create(session, table, students, seed)
    groups = teams.split_tables(teams.device_units(children), session.seats_per_table)
    last = session.table_matches.aggregate(last=Max("table"))["last"] or table
    fresh = table_create(session, table, list(groups[0]), seed)
    for number, group in enumerate(groups[1:], start=last + 1):
        table_create(session, number, list(group))
    return fresh
