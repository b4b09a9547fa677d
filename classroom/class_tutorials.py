"""Learn to play first: a class session's guided first game, one for each student (issue 23).

A teacher who ticks "Learn to play first" for a game session gives every student a first step on
their class page while they wait for the start: their own guided first game (games.tutorials)
against bots, at the relaxed pace. The table game still starts when the teacher presses Start
(the class bar then takes the student to their table).

The tutorial match is the student's alone, and holds nothing about them:
- its owner is `TUTORIAL_OWNER`, whose gate (`tutorial_gate`) lets in only the browser that holds
  its seat (the seat token its session keeps, as quick play does): nobody else opens it, not even
  with its address, so there is no one to show anything private to;
- it is dealt with no name (the learner reads "You"), so nothing of the class outlives the class's
  own data: it is purged with other old matches (games.retention);
- the browser remembers it per class session (`TUTORIALS_KEY`), so the class page says "go on" or
  "done", and another click goes back to it instead of dealing a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from classroom.models import ClassSession, Student
from classroom.services import ClassroomError, class_url, student_place
from games.access import viewer_of
from games.lessons import lesson_done, tutorial_create
from games.models import Match
from games.tutorials import LEARNER, tutorial_for
from games.views import SESSION_KEY

TUTORIAL_OWNER = "class-tutorial"  # games.Match.owner of a student's guided first game
TUTORIALS_KEY = "class_tutorials"  # browser session: {class session id: its tutorial's match id}


def tutorial_offered(session: ClassSession) -> bool:
    """Whether this session's students learn to play first (a game that has a guided game)."""
    return (
        session.kind == ClassSession.Kind.GAME
        and session.tutorial_first
        and not session.ended
        and tutorial_for(session.game) is not None
    )


def tutorials_of(browser_session) -> dict:
    if browser_session is None:
        return {}
    return browser_session.get(TUTORIALS_KEY, {}) or {}


def tutorial_gate(match_id: str, request_or_scope) -> str | None:
    """Only the browser that holds the learner's seat may open a class tutorial."""
    browser = viewer_of(request_or_scope).session
    seats = (browser.get(SESSION_KEY, {}) if browser is not None else {}) or {}
    if match_id in seats:
        return None
    return _("This is a student's own first game: only they can open it.")


def tutorial_play_again(match, request) -> str | None:
    """ "Play again" after a class tutorial: back to the class page (the table game is next)."""
    for session_id, match_id in tutorials_of(request.session).items():
        if match_id == match.pk:
            session = ClassSession.objects.filter(pk=session_id).first()
            if session is not None:
                return class_url(session)
    return None


@dataclass(frozen=True)
class TutorialStep:
    """The first step on a waiting student's class page: `match` is their tutorial so far (None:
    not begun), `done` when its coach has finished the lesson (or the game is over)."""

    game: str
    match: Match | None
    done: bool


def tutorial_step(session: ClassSession, student: Student, browser_session) -> TutorialStep | None:
    """What the class page shows of "Learn to play" (None: nothing, this class doesn't offer it,
    or the student isn't waiting for a table)."""
    if not tutorial_offered(session) or student.removed or student.pending:
        return None
    match_id = tutorials_of(browser_session).get(str(session.pk))
    match = Match.objects.filter(pk=match_id, owner=TUTORIAL_OWNER).first() if match_id else None
    return TutorialStep(game=session.game, match=match, done=match is not None and lesson_done(match))


def tutorial_begin(*, session: ClassSession, student: Student, browser_session) -> tuple[Match, str | None]:
    """The student's guided first game: the one their browser has going, or a new one. Returns
    the match and, for a new one, the learner's seat token (the caller's browser keeps it)."""
    if not tutorial_offered(session):
        raise ClassroomError(_("This class has no guided first game."), status=404)
    if student.removed or student.pending or student_place(student=student).kind != "waiting":
        raise ClassroomError(_("Your game is ready: play it at your table."), status=409)
    step = tutorial_step(session, student, browser_session)
    if step is not None and step.match is not None and step.match.status != Match.Status.FINISHED:
        return step.match, None
    match, tokens = tutorial_create(game=session.game, nickname="", owner=TUTORIAL_OWNER)
    return match, tokens[LEARNER]
