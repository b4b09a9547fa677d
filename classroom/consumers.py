"""Live class pages over websockets.

- `TeacherConsumer` (/ws/teach/<session id>/<view>/, view "dashboard" or "projector"): only the
  session's teacher. On (re)connect it sends the whole view; after a change of the class's state
  (start, pause, end, seats...) it renders the view again at once (STATE_DELAY_SECONDS gathers
  what one request changed); after activity (moves, meal checks, arrivals) at most once per
  CLASSROOM_DASHBOARD_COALESCE_MS however many changes arrive (thirty students moving make one
  redraw, not thirty); and every REFRESH_SECONDS anyway, so "idle for a while" shows up with
  nothing else happening.
- `StudentConsumer` (/ws/class/<code>/): a student's class bar on every page they are on: it
  says where they belong now (their table, the class page) and shows "paused". It is told only
  state changes, and draws them within STUDENT_SPREAD_SECONDS (thirty students' pages don't all
  ask the server for their next page in the same instant).
"""

from __future__ import annotations

import asyncio
import hashlib
import random

from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from classroom import dashboard, live, services, teams
from classroom.gates import students_of
from classroom.models import ClassSession, Student
from games.models import Seat
from plateful.live_layer import ResilientConsumer
from plateful.locale import scope_language

CLOSE_FORBIDDEN = 4403
REFRESH_SECONDS = 30
STATE_DELAY_SECONDS = 0.05
STUDENT_SPREAD_SECONDS = (0.02, 0.2)


class _CoalescingConsumer(ResilientConsumer):
    """Renders its view on connect, after changes (coalesced) and now and then. Through a
    channel layer outage the socket stays open with the "live updates paused" notice; the view
    is drawn again in full when the layer is back (plateful.live_layer)."""

    groups_to_join: list[str]
    delay_seconds = 0.5  # activity
    state_delay_seconds = STATE_DELAY_SECONDS
    refresh_seconds: float | None = None

    async def start(self, groups: list[str]) -> None:
        self.groups_to_join = groups
        self._pending = False
        self._due = 0.0
        for group in groups:
            await self.join(group)  # down: the page still opens
        await self.send_render()
        self._refresher = asyncio.ensure_future(self._refresh()) if self.refresh_seconds else None

    async def disconnect(self, code):
        await self.leave_groups()
        for task in (getattr(self, "_refresher", None), getattr(self, "_later", None)):
            if task is not None:
                task.cancel()

    async def layer_back(self) -> None:
        await self.send_render()  # changes told meanwhile were lost: draw it all again
        await super().layer_back()

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(self.refresh_seconds)
            await self.send_render()

    async def class_changed(self, message):
        # Messages are handled one after another, so the redraw waits in its own task: changes
        # arriving meanwhile find it pending and are drawn with it. A state change doesn't wait
        # behind activity: it brings a pending redraw forward.
        delay = self.delay_seconds if message.get("activity") else self.state_delay_seconds
        due = asyncio.get_running_loop().time() + delay
        if self._pending:
            if self._due <= due:
                return
            self._later.cancel()
        self._pending, self._due = True, due
        self._later = asyncio.ensure_future(self._render_later(delay))

    async def _render_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._pending = False
        await self.send_render()

    async def send_render(self) -> None:
        html = await database_sync_to_async(self._render_in_language)()
        if html:
            await self.send(text_data=html)

    def _render_in_language(self) -> str:
        # The socket's own language (plateful/locale.py): each page redraws in its reader's.
        with translation.override(scope_language(self.scope)):
            return self.render()

    def render(self) -> str:
        raise NotImplementedError


class TeacherConsumer(_CoalescingConsumer):
    refresh_seconds = REFRESH_SECONDS

    async def connect(self):
        await self.accept()
        self.session_id = self.scope["url_route"]["kwargs"]["session_id"]
        self.view = self.scope["url_route"]["kwargs"]["view"]
        self.delay_seconds = settings.CLASSROOM_DASHBOARD_COALESCE_MS / 1000
        if not await database_sync_to_async(self._is_teacher)():
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.start([live.teacher_group(self.session_id)])

    def _is_teacher(self) -> bool:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or self.view not in ("dashboard", "projector"):
            return False
        return ClassSession.objects.filter(pk=self.session_id, teacher_id=user.pk).exists()

    def render(self) -> str:
        session = ClassSession.objects.filter(pk=self.session_id).first()
        if session is None:
            return ""
        if self.view == "projector":
            return dashboard.projector_html(session, oob=True)
        return dashboard.dashboard_html(session, oob=True)


def table_names(match_id: str) -> str:
    """A short digest of who sits at a table, by name: when the teacher renames a tablemate (or
    a bot takes a seat) it changes, and the student's match page redraws its game (classroom.js:
    a rename leaves the game's version as it was, and the page keeps a view of the same version)."""
    seats = Seat.objects.filter(match_id=match_id).order_by("number")
    names = "|".join(
        f"{kind}:{nickname}:{level}"
        for kind, nickname, level in seats.values_list("kind", "nickname", "bot_level")
    )
    return hashlib.blake2s(names.encode(), digest_size=6).hexdigest()


def class_bar_context(student: Student | None) -> dict:
    if student is None:
        return {}
    place = services.student_place(student=student)
    context = {"class_student": student, "class_session": student.session, "place": place}
    context["team_label"] = teams.team_label(student)  # "Ana & Ben" on a team's device
    if place.match_id:
        context["table_names"] = table_names(place.match_id)
    return context


def class_bar_html(student: Student | None, *, oob: bool = False) -> str:
    return render_to_string("classroom/_class_bar.html", {**class_bar_context(student), "oob": oob})


class StudentConsumer(_CoalescingConsumer):
    async def connect(self):
        await self.accept()
        self.code = services.code_normalize(self.scope["url_route"]["kwargs"]["code"])
        # Spread thirty students' redraws of one change over a moment.
        low, high = STUDENT_SPREAD_SECONDS
        self.delay_seconds = self.state_delay_seconds = low + random.random() * (high - low)
        self.student_id = await database_sync_to_async(self._identify)()
        if self.student_id is None:
            await self.send(text_data=_("You haven't joined this class."))
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.start([live.students_group(self.session_pk)])

    def _identify(self) -> int | None:
        session = ClassSession.objects.filter(code=self.code).first()
        if session is None:
            return None
        student_id = students_of(self.scope.get("session")).get(str(session.pk))
        student = session.students.filter(pk=student_id).first() if student_id else None
        if student is None:
            return None
        self.session_pk = session.pk
        services.student_touch(student=student)
        return student.pk

    def render(self) -> str:
        student = Student.objects.select_related("session").filter(pk=self.student_id).first()
        return class_bar_html(student, oob=True)
