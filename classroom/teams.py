"""Teams: two or three children sharing one seat on one device in a class game.

Each child is a `Student` of their own (counted, renamed, removed and banned like any other); a
partner's `team_of` is the seat holder, the child whose browser holds the seat. A table seat
(`TableSeat`) is the holder's, and its `partners` are the partners who played that game there:
each child gets the seat's result. The seat shows the team's names joined ("Ana & Ben"), cut
short to fit a game's name (`nicknames.MAX_VISIBLE`) when they are long.

Or, the teacher's choice per device (`Student.pass_device` on its holder) in the turn-based games
(`PASS_DEVICE_GAMES`): its children each play a seat of their own at one table, the seats holding
the device's one token, and pass it between turns (pass-and-play, games.devices). A class may have
both kinds of device. The choice counts from the next time the device is seated (the start, or
its table's next game: `classroom.seating`); a game going on is left as it is.

Reads and checks only: the writes are in `classroom.services` (joining, seating) and `classroom.roster`
(accepting, taking out, the device's choice).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext as _

from classroom.models import Student, TableSeat
from games.catalog import game_name
from nicknames import clean_nickname, nickname_key, nickname_problem

MAX_PARTNERS = 2  # a team is two or three children
# The games whose sessions may seat a device's children each in a seat of their own, passing the
# device between turns (games.devices): the turn-based ones with a hidden hand.
PASS_DEVICE_GAMES = frozenset({"duel", "snack-attack", "build-a-meal", "appetite", "snack-wars"})
CUT = "."  # not "…": NFKC makes it three dots


@dataclass(frozen=True)
class PartnerRefusal:
    message: str
    field: str  # the join form's field: "partner-1" or "partner-2"


def partners_problem(names: list[str], *, taken: set[str], lesson: bool) -> PartnerRefusal | None:
    """Why these partners' nicknames can't join with a child (None: they can). Each follows the
    site's one nickname rule and is unique in the session (`taken`: its nickname keys, the
    holder's included); a lesson has no seats to share."""
    if names and lesson:
        message = _("In a lesson each child builds their own meal: join alone, on your own device.")
        return PartnerRefusal(message, "partner-1")
    if len(names) > MAX_PARTNERS:
        return PartnerRefusal(_("Three children at most can share a device."), "partner-1")
    taken = set(taken)
    for number, name in enumerate(names, start=1):
        if problem := nickname_problem(name, taken=taken):
            message = _("Your partner's nickname %(name)s: %(problem)s") % {
                "name": clean_nickname(name),
                "problem": problem,
            }
            return PartnerRefusal(message, f"partner-{number}")
        taken.add(nickname_key(name))
    return None


def _joined(names: list[str]) -> str:
    # The same in every language: every reader of a table sees one name for the seat.
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} & {names[-1]}"


def team_name(names: list[str]) -> str:
    """The seat's name for these children: "Ana & Ben", "Ana, Ben & Cy"; each name cut shorter
    ("Alexandra. & Benjamin.") until it is a name a game seat takes; the first name alone if none is."""
    if len(names) < 2:
        return "".join(names)
    longest = max(len(name) for name in names)
    for size in range(longest, 1, -1):
        cut = [name if len(name) <= size else name[: size - 1].rstrip() + CUT for name in names]
        candidate = _joined(cut)
        if nickname_problem(candidate) is None:
            return candidate
    return names[0]


def seat_children(seat: TableSeat, *, leaving: Student | None = None) -> list[Student]:
    """The children at a seat still in the class (holder first), without `leaving` (a child
    being taken out). Uses prefetched `partners` when there are."""
    children = [seat.student] if seat.student_id is not None else []
    children += sorted(seat.partners.all(), key=lambda partner: (partner.joined_at, partner.pk))
    return [
        child
        for child in children
        if child is not None and not child.removed and (leaving is None or child.pk != leaving.pk)
    ]


def seat_name(seat: TableSeat, *, leaving: Student | None = None) -> str:
    """The name a seat shows ("" once nobody of its team is in the class)."""
    return team_name([child.nickname for child in seat_children(seat, leaving=leaving)])


def seat_student_ids(seat: TableSeat) -> list[int]:
    """Every child who played at a seat (taken out since or not): each gets its result."""
    ids = [seat.student_id] if seat.student_id is not None else []
    return ids + [partner.pk for partner in seat.partners.all()]


def playing_partners(holder: Student) -> list[Student]:
    """The holder's partners who sit with them: in the class, their names accepted."""
    return list(holder.partners.filter(removed_at__isnull=True, pending=False).order_by("joined_at", "pk"))


def pass_problem(team: list[Student], *, game: str, max_seats: int) -> str | None:
    """Why a device's children (`team`: the holder and their accepted partners) can't each play a
    seat of their own and pass the device (None: they can)."""
    if game not in PASS_DEVICE_GAMES:
        return _(
            "In %(game)s the children on one device share one seat: passing the device is for the "
            "turn-based games with a hand of cards."
        ) % {"game": game_name(game)}
    if len(team) < 2:
        return _("%(name)s plays alone on this device: there is nobody to pass it to.") % {
            "name": team[0].nickname if team else ""
        }
    if len(team) > max_seats:
        return _(
            "%(names)s are too many for one table of %(game)s (%(seats)s seats): they share one seat."
        ) % {
            "names": team_name([child.nickname for child in team]),
            "game": game_name(game),
            "seats": max_seats,
        }
    return None


def device_children(holder: Student, *, game: str, max_seats: int) -> list[Student]:
    """The children who take a seat each for a holder's device, holder first: the holder and
    their playing partners when the teacher chose to pass this device (`Student.pass_device`),
    the game is played by passing and the team fits a table of it; else the holder alone (the
    partners share their seat)."""
    if not holder.pass_device:
        return [holder]
    team = [holder, *playing_partners(holder)]
    return team if pass_problem(team, game=game, max_seats=max_seats) is None else [holder]


def table_children(students: list[Student | None], *, game: str, max_seats: int) -> list[Student | None]:
    """A table's seats (None: a bot) with each holder's device children next to them, each
    child once. A partner comes with their holder, who seats them as the device's choice says
    now (a seat of their own, or their holder's seat shared)."""
    holders = {student.pk for student in students if student is not None and not student.team_of_id}
    seated: list[Student | None] = []
    for student in students:
        if student is None:
            group: list[Student | None] = [None]
        elif student.team_of_id in holders:
            continue
        elif student.team_of_id:  # a partner seated without their holder
            group = [student]
        else:
            group = list(device_children(student, game=game, max_seats=max_seats))
        seated += [child for child in group if child is None or child not in seated]
    return seated


def device_units(children: list[Student]) -> list[list[Student]]:
    """Children in seats grouped by device (holder and partners), in the order they come."""
    units: dict[int, list[Student]] = {}
    for child in children:
        units.setdefault(child.team_of_id or child.pk, []).append(child)
    return list(units.values())


def split_tables(units: list[list[Student]], size: int) -> list[list[Student]]:
    """Tables of at most `size` children, as even as can be (7 children, 4 seats: 4 and 3), a
    device's children (a unit) never split; a unit bigger than a table gets a table of its own."""
    total = sum(len(unit) for unit in units)
    if not total:
        return []
    count = math.ceil(total / size)
    base, extra = divmod(total, count)
    targets = [base + (1 if index < extra else 0) for index in range(count)]
    tables: list[list[Student]] = [[] for _target in targets]
    for unit in units:
        fits = [t for t, table in enumerate(tables) if len(table) + len(unit) <= targets[t]]
        fits = fits or [t for t, table in enumerate(tables) if len(table) + len(unit) <= size]
        if not fits:
            tables.append([])
            targets.append(len(unit))
            fits = [len(tables) - 1]
        tables[fits[0]] += unit
    return [table for table in tables if table]


def holder_team_name(holder: Student) -> str:
    """The name of a holder's seat at their next table."""
    return team_name([holder.nickname, *(partner.nickname for partner in playing_partners(holder))])


def team_label(student: Student) -> str:
    """What a team's device calls its children ("Ana & Ben"); a child alone: their nickname."""
    holder = student.team_of if student.team_of_id else student
    others = holder.partners.filter(removed_at__isnull=True).order_by("joined_at", "pk")
    return team_name([holder.nickname, *(partner.nickname for partner in others)])


def teammates(student: Student) -> list[Student]:
    """The other children of a student's team, still in the class."""
    holder = student.team_of if student.team_of_id else student
    team = [holder, *holder.partners.order_by("joined_at", "pk")]
    return [child for child in team if child.pk != student.pk and not child.removed]


def teammates_by_student(students: list[Student]) -> dict[int, list[str]]:
    """For each of a session's students, the nicknames of the other children of their team among
    `students` still in the class (no query: `team_of_id` links them)."""
    team_of = {student.pk: student.team_of_id or student.pk for student in students}
    names: dict[int, list[str]] = {}
    for student in students:
        names[student.pk] = [
            other.nickname
            for other in students
            if other.pk != student.pk and not other.removed and team_of[other.pk] == team_of[student.pk]
        ]
    return names


def successor(holder: Student) -> Student | None:
    """Who takes the seat when the holder leaves: the first partner whose name is accepted, else
    the first still waiting for it."""
    partners = holder.partners.filter(removed_at__isnull=True).order_by("pending", "joined_at", "pk")
    return partners.first()
