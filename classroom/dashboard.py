"""What the teacher's live pages show: the roster, every table in brief, who is idle, the
leaderboard; and the projector's big join code, QR code and arrivals.

Everything about a game comes from its spectator view (engine.view(state, None)) and its result:
hidden cards never reach these pages.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import timedelta

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classroom import teams
from classroom.models import ClassSession, MealAttempt, Student, TableMatch
from games.catalog import game_name, score_unit, unit_words
from games.engines import get_engine
from games.engines.ranking import ranked, standings
from games.messages import level_name
from games.models import PACE_FACTOR, Match, Pace
from games.services import match_state
from nutrition.meal_words import rule_label

PROJECTOR_TOP = 10


def join_url(request_or_base, session: ClassSession) -> str:
    base = request_or_base if isinstance(request_or_base, str) else request_or_base.build_absolute_uri("/")
    return f"{base.rstrip('/')}/join?code={session.code}"


def qr_svg(url: str) -> str:
    """The join link as an inline SVG QR code (no script, scales with CSS)."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, border=2, omitsize=True, dark="#111827", light="#ffffff", title=url)
    return mark_safe(svg)  # noqa: S308 - segno's own markup; the URL in <title> is escaped by segno


# ----- tables ------------------------------------------------------------------------------------


@dataclass
class TableBrief:
    table: int
    match_id: str
    game: str
    status: str  # "playing" / "finished" / "waiting"
    version: int = 0  # moves made so far
    # name, is_bot, student_id (the seat holder's), student_ids (their team's), to_move, number, rank
    players: list[dict] = field(default_factory=list)
    standings: list[dict] = field(default_factory=list)  # the same players, best first
    number_label: str = ""
    turn: list[str] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    reason: str = ""
    closed: bool = False


# Per-seat numbers in the spectator views, most telling first: (key, how to read a seat's entry,
# unit: games.catalog.unit_words).
_PROGRESS = (
    ("scores", lambda entry: entry.get("total") if isinstance(entry, dict) else entry, "points"),
    ("points", lambda entry: entry, "points"),
    ("round_wins", lambda entry: entry, "rounds"),
    ("sheets", lambda entry: entry.get("points") if isinstance(entry, dict) else None, "points"),
    ("meals", lambda entry: len(entry) if isinstance(entry, list) else None, "meals"),
    ("stack_sizes", lambda entry: entry, "cards"),
    ("players", lambda entry: entry.get("cards") if isinstance(entry, dict) else None, "cards"),
)


def _progress(view: dict, seats: int) -> tuple[str, list]:
    for key, read, unit in _PROGRESS:
        values = view.get(key)
        if isinstance(values, list) and len(values) == seats:
            numbers = [read(entry) for entry in values]
            if all(isinstance(n, int) for n in numbers):
                return unit, numbers
    return "", [None] * seats


def _bot_name(level: str, number: int) -> str:
    return _("%(level)s bot %(number)s") % {"level": level_name(level), "number": number + 1}


# What a table's spectator view says (who is to move, the numbers per seat), by
# (match id, version, changed_at): a redraw recomputes only the tables that changed since.
_SPECTATOR: OrderedDict[tuple, tuple[list, str, list]] = OrderedDict()
_SPECTATOR_LOCK = threading.Lock()
_SPECTATOR_SIZE = 2000


def _spectator_numbers(match: Match) -> tuple[list, str, list]:
    state = match_state(match=match)
    view = get_engine(match.game).view(state, None) if state is not None else {}
    label, numbers = _progress(view, match.seats)
    return list(view.get("to_move") or []), label, numbers


def _spectator(matches: list[Match]) -> dict[str, tuple[list, str, list]]:
    keys = {m.pk: (m.pk, m.version, m.changed_at.isoformat()) for m in matches}
    found: dict[str, tuple[list, str, list]] = {}
    with _SPECTATOR_LOCK:
        for match_id, key in keys.items():
            if key in _SPECTATOR:
                found[match_id] = _SPECTATOR[key]
    missing = [match_id for match_id in keys if match_id not in found]
    if missing:
        for match in Match.objects.filter(pk__in=missing):
            numbers = _spectator_numbers(match)
            found[match.pk] = numbers
            with _SPECTATOR_LOCK:
                _SPECTATOR[(match.pk, match.version, match.changed_at.isoformat())] = numbers
                while len(_SPECTATOR) > _SPECTATOR_SIZE:
                    _SPECTATOR.popitem(last=False)
    return found


def tables_brief(session: ClassSession) -> list[TableBrief]:
    current = list(
        TableMatch.objects.filter(session=session, current=True)
        .select_related("match")
        .defer("match__state", "match__options", "match__deck")
        .prefetch_related("seats__student", "seats__partners", "match__seat_set")
        .order_by("table")
    )
    spectator = _spectator([table.match for table in current])
    briefs = []
    for table in current:
        match = table.match
        by_seat = {seat.seat: seat for seat in table.seats.all()}
        bot_levels = {seat.number: seat.bot_level for seat in match.seat_set.all()}
        to_move, label, numbers = spectator[match.pk]
        result = match.result or {}
        if result.get("scores") and len(result["scores"]) == match.seats:
            label, numbers = score_unit(match.game), list(result["scores"])
        players = []
        for number in range(match.seats):
            seat = by_seat.get(number)
            student = seat.student if seat is not None else None
            players.append(
                {
                    "number": number,
                    # A team's seat: every child's name ("Ana & Ben", classroom.teams).
                    "name": teams.seat_name(seat)
                    if student
                    else _bot_name(bot_levels.get(number) or session.bot_level, number),
                    "student_id": student.pk if student else None,
                    "student_ids": [child.pk for child in teams.seat_children(seat)] if student else [],
                    "is_bot": student is None,
                    "to_move": number in to_move,
                    "progress": numbers[number] if number < len(numbers) else None,
                }
            )
        for player in players:
            progress = player["progress"]
            counted = label and isinstance(progress, int)
            player["progress_words"] = unit_words(label, progress) if counted else ""
        # Standings, best first (games.engines.ranking): the winners, then by the numbers so far.
        for rank, number in standings([p["progress"] for p in players], result.get("winners", [])):
            players[number]["rank"] = rank
        ranked_players = sorted(players, key=lambda p: p["rank"])
        winners = [players[w]["name"] for w in result.get("winners", []) if 0 <= w < len(players)]
        briefs.append(
            TableBrief(
                table=table.table,
                match_id=match.pk,
                game=game_name(match.game),
                status=match.status,
                version=match.version,
                players=players,
                standings=ranked_players,
                number_label=label,
                turn=[p["name"] for p in players if p["to_move"]],
                winners=winners,
                reason=result.get("reason", ""),
                closed=bool(result.get("closed")),
            )
        )
    return briefs


# ----- students ----------------------------------------------------------------------------------


def leaderboard(session: ClassSession, *, limit: int | None = None) -> list[dict]:
    """The class ranked (games.engines.ranking: ties share a rank, 1, 1, 3; a name orders a tie).

    A game session: most wins, then most games played (finished by their rules); at the relaxed
    pace (games.models.Pace) most wins alone, equal wins sharing a rank.
    A lesson: most balanced meals; then the best attempt (fewest rules missed in one meal);
    then having tried at all; a student who has not checked a meal yet comes last. So a student
    who tried and missed one rule ranks above one who missed three, and both above the ones who
    have done nothing yet."""
    rows = []
    students = list(
        session.students.filter(removed_at__isnull=True, pending=False).prefetch_related("attempts")
    )
    if session.is_lesson:
        for student in students:
            attempts = list(student.attempts.all())
            fewest_missed = min((len(a.failed_rules or []) for a in attempts), default=None)
            rows.append(
                {
                    "student": student,
                    "points": sum(1 for a in attempts if a.balanced),
                    "played": len(attempts),
                    "key": (
                        sum(1 for a in attempts if a.balanced),
                        -fewest_missed if fewest_missed is not None else -1_000,
                        bool(attempts),
                    ),
                }
            )
    else:
        relaxed = session.pace == Pace.RELAXED
        wins = {student.pk: 0 for student in students}
        played = {student.pk: 0 for student in students}
        seats = (
            session.table_matches.filter(match__status="finished")
            .select_related("match")
            .prefetch_related("seats__partners")
        )
        for table in seats:
            result = table.match.result or {}
            if result.get("closed"):
                continue
            for seat in table.seats.all():
                for student_id in teams.seat_student_ids(seat):  # a team's game is each child's
                    if student_id in played:
                        played[student_id] += 1
                        if seat.seat in result.get("winners", []):
                            wins[student_id] += 1
        rows = [
            {
                "student": s,
                "points": wins[s.pk],
                "played": played[s.pk],
                # At the relaxed pace more games played never ranks anyone higher: a quicker
                # player fits more games into the lesson, and speed earns nothing there.
                "key": (wins[s.pk],) if relaxed else (wins[s.pk], played[s.pk]),
            }
            for s in students
        ]
    board = []
    for rank, row in ranked(rows, lambda r: r["key"], then=lambda r: r["student"].nickname.casefold()):
        row["rank"] = rank
        board.append(row)
    return board[:limit] if limit else board


def idle_seconds(session: ClassSession) -> float:
    """How long a student may go without a move on their turn before they seem stuck: at the
    relaxed pace three times as long (games.models.PACE_FACTOR), like every timer of its games."""
    return settings.CLASSROOM_IDLE_SECONDS * PACE_FACTOR.get(session.pace, 1.0)


def device_choice(
    session: ClassSession, holder: Student, partners: list[Student], seat_of: dict[int, tuple]
) -> dict | None:
    """What the dashboard says of a device of two or three children, on its holder's row, in a
    game played by passing (classroom.teams): whether its children each play a seat and pass it
    (`passes`) or share one; `later` when that is not how they play now (it counts from their
    table's next game); `problem` when they can't pass it (too many for a table); `together`
    when they can't move to another table one by one (each has a seat, or will have)."""
    if session.is_lesson or session.ended or holder.team_of_id or not partners:
        return None
    if session.game not in teams.PASS_DEVICE_GAMES:
        return None
    max_seats = get_engine(session.game).max_seats
    problem = teams.pass_problem([holder, *partners], game=session.game, max_seats=max_seats)
    passes = holder.pass_device and problem is None
    apart = any(seat_of[p.pk][1]["student_id"] == p.pk for p in partners if p.pk in seat_of)
    return {
        "passes": passes,
        "problem": problem or "",
        "later": holder.pk in seat_of and passes != apart,
        "together": passes or apart,
        "names": teams.team_name([holder.nickname, *(p.nickname for p in partners)]),
    }


def roster(session: ClassSession, tables: list[TableBrief]) -> list[dict]:
    """Every student with where they are, what they do, and whether they seem stuck (the ones
    whose name waits for the teacher's OK are listed apart: `dashboard_context`'s "pending"); a
    device's holder also with the teacher's choice for it (`device_choice`)."""
    now = timezone.now()
    idle_after = timedelta(seconds=idle_seconds(session))
    seat_of: dict[int, tuple[TableBrief, dict]] = {}
    for brief in tables:
        for player in brief.players:
            for student_id in player["student_ids"]:
                seat_of[student_id] = (brief, player)
    last_attempt = {}
    if session.is_lesson:
        for attempt in MealAttempt.objects.filter(student__session=session).order_by("created_at"):
            last_attempt[attempt.student_id] = attempt
    rows = []
    students = list(session.students.filter(pending=False))
    team = teams.teammates_by_student(students)  # each row says who they share a device with
    for student in students:
        quiet = now - (student.last_active_at or student.joined_at)
        row = {"student": student, "table": None, "doing": "", "idle": False, "quiet_minutes": 0}
        row["team"] = team[student.pk]
        partners = [other for other in students if other.team_of_id == student.pk and not other.removed]
        row["device"] = None if student.removed else device_choice(session, student, partners, seat_of)
        row["quiet_minutes"] = int(quiet.total_seconds() // 60)
        if student.removed:
            row["doing"] = _("Banned") if student.banned else _("Removed")
        elif session.is_lesson:
            attempt = last_attempt.get(student.pk)
            if attempt is None:
                row["doing"] = _("Building a first meal")
            elif attempt.balanced:
                row["doing"] = _("Last meal: balanced")
            else:
                row["doing"] = _("Last meal: not balanced yet")
            row["idle"] = session.status == ClassSession.Status.PLAYING and quiet > idle_after
        elif student.pk in seat_of:
            brief, player = seat_of[student.pk]
            row["table"] = brief.table
            if brief.status == "finished":
                row["doing"] = _("Game over")
                row["idle"] = quiet > idle_after
            elif player["to_move"]:
                row["doing"] = _("Their turn")
                row["idle"] = quiet > idle_after
            else:
                row["doing"] = _("Playing")
        elif session.status == "playing" and student.team_of_id in seat_of:
            row["doing"] = _("Plays from their table's next game")  # a late partner, passing the device
        else:
            row["doing"] = _("Waiting for a table") if session.status == "playing" else _("Waiting to start")
        if session.paused or session.ended:
            row["idle"] = False
        rows.append(row)
    return rows


def failed_rule_counts(session: ClassSession) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for failed in MealAttempt.objects.filter(student__session=session).values_list("failed_rules", flat=True):
        for rule in failed:
            counts[rule] = counts.get(rule, 0) + 1
    return sorted(((rule_label(rule), n) for rule, n in counts.items()), key=lambda item: -item[1])


# ----- the pages ---------------------------------------------------------------------------------


def dashboard_context(session: ClassSession) -> dict:
    session.refresh_from_db()
    tables = tables_brief(session) if not session.is_lesson else []
    students = Student.objects.filter(session=session)
    rows = roster(session, tables)
    return {
        "session": session,
        "tables": tables,
        "roster": rows,
        # Removed and banned names stay hidden until the teacher clicks to show them.
        "hidden_names": any(row["student"].removed for row in rows),
        "leaderboard": leaderboard(session),
        "active_count": students.filter(removed_at__isnull=True, pending=False).count(),
        # "I approve names": the names waiting for the teacher's OK, oldest first.
        "pending": list(
            students.filter(removed_at__isnull=True, pending=True)
            .select_related("team_of")
            .order_by("joined_at")
        ),
        "idle_seconds": idle_seconds(session),
        "failed_rules": failed_rule_counts(session) if session.is_lesson else [],
        "table_numbers": [brief.table for brief in tables],
        "table_options": [(brief.table, _("Table %(n)s") % {"n": brief.table}) for brief in tables],
        "base": f"/teach/sessions/{session.pk}/",
    }


def class_progress(session: ClassSession, tables: list[TableBrief]) -> dict | None:
    """How far the class is, for the projector's bar: a game session counts the tables whose
    current game has finished; a lesson counts the students with a balanced meal."""
    if session.is_lesson:
        students = session.students.filter(removed_at__isnull=True, pending=False)
        total = students.count()
        done = students.filter(attempts__balanced=True).distinct().count()
        text = ngettext(
            "%(done)s of %(total)s student has a balanced meal",
            "%(done)s of %(total)s students have a balanced meal",
            total,
        )
    else:
        total = len(tables)
        done = sum(1 for table in tables if table.status == "finished")
        text = ngettext(
            "%(done)s of %(total)s table has finished its game",
            "%(done)s of %(total)s tables have finished their game",
            total,
        )
    if not total:
        return None
    return {
        "done": done,
        "total": total,
        "percent": round(100 * done / total),
        "text": text % {"done": done, "total": total},
    }


def projector_context(session: ClassSession) -> dict:
    session.refresh_from_db()
    started = session.status != ClassSession.Status.OPEN
    tables = tables_brief(session) if started and not session.is_lesson else []
    top = leaderboard(session, limit=PROJECTOR_TOP) if started else []
    return {
        "session": session,
        # The big code and QR code only while a student may still join with them.
        "joining_open": not session.ended and not session.locked,
        # Never a removed, banned or not yet accepted name on the big screen.
        "arrivals": list(
            session.students.filter(removed_at__isnull=True, pending=False).order_by("joined_at")
        ),
        "top": top,
        # Top players once there is something to rank (a game finished, a meal checked).
        "show_top": any(row["played"] for row in top),
        "tables": tables,
        "progress": class_progress(session, tables) if started else None,
    }


def dashboard_html(session: ClassSession, *, oob: bool = False) -> str:
    return render_to_string("classroom/session.html#dashboard", {**dashboard_context(session), "oob": oob})


def projector_html(session: ClassSession, *, oob: bool = False) -> str:
    return render_to_string("classroom/projector.html#live", {**projector_context(session), "oob": oob})
