"""Every live state of a class reaches every open page, in real headless Chromium against a real
Daphne server: ending a session (students at a game and in a lesson, the dashboard, the
projector), starting a lesson (it waits for Start like a game does), pausing and resuming (no
stale banner or error stays behind), and seat changes (a late joiner takes a bot's seat, the
teacher removes and moves students).

Each transition is one test; after it, every open page is checked. Waits are on conditions with
LIVE_MS as their bound; the time each page took is printed (run with -s to see it;
benchmarks/README.md, "Class live states", has the numbers)."""

from __future__ import annotations

import re
import time

import pytest

from tests.classroom.test_browser import MOVE_BUTTONS, _join, _phone, _shot, _sign_up
from tests.games.web.live_server import LiveServer

pytestmark = pytest.mark.browser

WAIT_MS = 20000
# A transition must show on every open page within a second; the bound is looser so that a
# busy test machine doesn't fail the test (the measured times are printed).
LIVE_MS = 3000


@pytest.fixture(scope="module")
def server():
    # The dashboard's coalescing as in production: state changes must not wait for it.
    live = LiveServer(GAMES_BOT_DELAY_MS="25", CLASSROOM_DASHBOARD_COALESCE_MS="700").start()
    yield live
    live.stop()


class Clock:
    """How long after an action's request left the browser each page showed it (an upper bound:
    the pages are checked one after the other)."""

    def __init__(self, name: str):
        self.name = name
        self.started = time.time()
        self.times: dict[str, float] = {}

    def begin(self, request) -> None:
        self.started = request.timing["startTime"] / 1000  # the browser's clock: this machine's

    def saw(self, page_name: str) -> None:
        self.times[page_name] = time.time() - self.started

    def report(self) -> None:
        shown = ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in self.times.items())
        print(f"\n[{self.name}] {shown}")


def _teacher(browser, server, username: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    _sign_up(page, server, username)
    return context, page


def _new_session(teacher, server, activity: str) -> str:
    teacher.goto(f"{server.url}/teach/new/")
    teacher.locator("label.activity-option", has_text=activity).click()
    if activity == "Duel":
        teacher.select_option("#id_duel-bot_level", "beginner")
    teacher.get_by_role("button", name="Make the session and its join code").click()
    teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
    return teacher.locator("#join-code").inner_text().strip()


def _projector(context, teacher, server):
    projector = context.new_page()
    projector.goto(server.url + teacher.locator("#projector-link").get_attribute("href"))
    projector.wait_for_selector("#projector-live")
    return projector


def _press(page, button, clock: Clock | None = None) -> None:
    """Press a button that posts; `clock` starts when its request left and notes its answer."""
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        button.click()
    if clock is not None:
        clock.begin(answer.value.request)
        clock.saw("answer")


def _control(teacher, name: str, clock: Clock | None = None) -> None:
    _press(teacher, teacher.locator("#dashboard").get_by_role("button", name=name, exact=True), clock)


def _move(teacher, student: str, table: int, clock: Clock | None = None) -> None:
    """The dashboard's Move form: chosen and sent in one go (a push may redraw the form)."""
    with teacher.expect_response(lambda response: response.request.method == "POST") as answer:
        teacher.evaluate(
            """([student, table]) => {
                const form = document.querySelector('#dashboard .move-form');
                const who = [...form.querySelector("select[name='student']").options]
                    .find((option) => option.textContent.trim() === student);
                form.querySelector("select[name='student']").value = who.value;
                form.querySelector("select[name='table']").value = String(table);
                form.querySelector("button[type='submit']").click();
            }""",
            [student, table],
        )
    if clock is not None:
        clock.begin(answer.value.request)
        clock.saw("answer")


def _kids(browser, server, code: str, names: list[str]):
    contexts, pages = [], {}
    for name in names:
        context = _phone(browser)
        contexts.append(context)
        page = context.new_page()
        _join(page, server, code, name)
        pages[name] = page
    return contexts, pages


def _live_text(page) -> str:
    return page.locator("#live").inner_text()


def _visible_texts(page, pattern: str) -> int:
    """How many visible elements on the page say `pattern` (the innermost ones)."""
    return page.evaluate(
        """(pattern) => [...document.querySelectorAll('body *')].filter((element) => {
            if (!element.checkVisibility || !element.checkVisibility()) return false;
            const own = [...element.childNodes].filter((n) => n.nodeType === 3);
            return own.map((n) => n.textContent).join('').includes(pattern);
        }).length""",
        pattern,
    )


def test_ending_a_session_reaches_every_open_page_at_once(server, browser):
    """Students at a game and students in a lesson see "Class is over" by themselves (a lesson's
    page stops taking cards), the dashboards say ended, the projectors say so too."""
    teacher_context, teacher = _teacher(browser, server, "ms-end")
    contexts: list = []
    try:
        game_code = _new_session(teacher, server, "Duel")
        game_projector = _projector(teacher_context, teacher, server)
        game_kids, game_pages = _kids(browser, server, game_code, ["Ana", "Ben"])
        contexts += game_kids
        _control(teacher, "Start: seat everyone")
        for page in game_pages.values():
            page.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
            page.wait_for_selector("#live")

        lesson_teacher = teacher_context.new_page()
        lesson_teacher.on("dialog", lambda dialog: dialog.accept())
        lesson_code = _new_session(lesson_teacher, server, "Meal-balance lesson")
        lesson_projector = _projector(teacher_context, lesson_teacher, server)
        lesson_kids, lesson_pages = _kids(browser, server, lesson_code, ["Kim", "Lee"])
        contexts += lesson_kids
        _control(lesson_teacher, "Start the lesson")
        for page in lesson_pages.values():
            page.wait_for_selector("#lesson button[data-card]", timeout=WAIT_MS)

        # The game: its students, its dashboard and its projector.
        clock = Clock("end a game session")
        _control(teacher, "End the session", clock)
        for name, page in game_pages.items():
            page.wait_for_selector("text=Class is over", timeout=LIVE_MS)
            clock.saw(name)
        teacher.wait_for_selector("#dashboard[data-status='ended']", timeout=LIVE_MS)
        clock.saw("dashboard")
        game_projector.wait_for_selector("#projector-live >> text=This session has ended", timeout=LIVE_MS)
        clock.saw("projector")
        clock.report()

        # The lesson: the students' pages switch by themselves, with no card left to tap.
        clock = Clock("end a lesson")
        _control(lesson_teacher, "End the session", clock)
        for name, page in lesson_pages.items():
            page.wait_for_selector("text=Class is over", timeout=LIVE_MS)
            clock.saw(name)
        lesson_teacher.wait_for_selector("#dashboard[data-status='ended']", timeout=LIVE_MS)
        clock.saw("dashboard")
        lesson_projector.wait_for_selector("#projector-live >> text=This session has ended", timeout=LIVE_MS)
        clock.saw("projector")
        clock.report()
        for page in lesson_pages.values():
            assert page.locator("#lesson").count() == 0
            assert page.locator("button[data-card], #check-meal").count() == 0
        for page in game_pages.values():
            assert page.locator(MOVE_BUTTONS).count() == 0
    finally:
        teacher_context.close()
        for context in contexts:
            context.close()


def test_a_lesson_waits_for_start_and_start_opens_it_live(server, browser):
    """Before Start a lesson's page says it waits and the server refuses every plate change and
    check (changing nothing); Start opens the lesson on the open page by itself."""
    teacher_context, teacher = _teacher(browser, server, "mr-start")
    contexts: list = []
    try:
        code = _new_session(teacher, server, "Meal-balance lesson")
        projector = _projector(teacher_context, teacher, server)
        contexts, pages = _kids(browser, server, code, ["Kim"])
        kim = pages["Kim"]
        kim.wait_for_selector("text=Wait for your teacher to start", timeout=WAIT_MS)
        assert kim.locator("#lesson, button[data-card], #check-meal").count() == 0

        # Straight to the server, as a page drawn before the change would send them.
        token = next(c["value"] for c in kim.context.cookies() if c["name"] == "csrftoken")
        headers = {"X-CSRFToken": token, "HX-Request": "true", "Referer": kim.url}
        for path, form in (("plate", {"card": "apple"}), ("check", {}), ("clear", {})):
            response = kim.request.post(f"{server.url}/class/{code}/{path}/", form=form, headers=headers)
            assert response.status == 409, (path, response.status)
            assert "hasn't started the lesson yet" in response.text()
        teacher.reload()
        assert teacher.locator("#dashboard").get_by_text("Last meal").count() == 0

        clock = Clock("start a lesson")
        _control(teacher, "Start the lesson", clock)
        kim.wait_for_selector("#lesson button[data-card]", timeout=LIVE_MS)
        clock.saw("Kim")
        teacher.wait_for_selector("#dashboard[data-status='playing']", timeout=LIVE_MS)
        clock.saw("dashboard")
        projector.wait_for_selector("#projector-live >> text=Top players", timeout=LIVE_MS)
        clock.saw("projector")
        clock.report()
        assert kim.locator("#plate").count() == 0  # the refused card never went on the plate
        kim.click("button[data-card='apple']")
        kim.wait_for_selector("button[data-card='apple'][aria-pressed='true']")
        kim.get_by_role("button", name="Check my meal").click()
        kim.wait_for_selector("#meal-result")
        assert kim.locator("#flash").is_hidden()
    finally:
        teacher_context.close()
        for context in contexts:
            context.close()


def test_pause_and_resume_leave_no_stale_banner_or_error(server, browser):
    """A move tapped while paused says so once; Resume takes every "paused" message away on the
    students' pages, the dashboard and the projector. The dashboard's failed-control error goes
    with the next control that works."""
    teacher_context, teacher = _teacher(browser, server, "ms-pause")
    contexts: list = []
    try:
        code = _new_session(teacher, server, "Duel")
        projector = _projector(teacher_context, teacher, server)
        contexts, pages = _kids(browser, server, code, ["Ana", "Ben"])
        _control(teacher, "Start: seat everyone")
        for page in pages.values():
            page.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
            page.wait_for_selector("#live")

        # A Move that can't be done: its error shows on the dashboard...
        _move(teacher, "Ana", 1)
        teacher.wait_for_selector("#flash:visible >> text=no free seat")

        clock = Clock("pause")
        _control(teacher, "Pause everyone", clock)
        for name, page in pages.items():
            page.wait_for_selector(".paused-screen", timeout=LIVE_MS)
            clock.saw(name)
        teacher.wait_for_selector("#dashboard .badge-paused", timeout=LIVE_MS)
        clock.saw("dashboard")
        projector.wait_for_selector("#projector-live >> text=Paused", timeout=LIVE_MS)
        clock.saw("projector")
        clock.report()
        # ... and goes with the next control that worked.
        assert teacher.locator("#flash").is_hidden()

        # A move tapped as the pause arrived (twice): refused, said once, not stacked.
        mover = next(page for page in pages.values() if page.locator(MOVE_BUTTONS).count())
        for _tap in range(2):
            mover.locator(MOVE_BUTTONS).first.dispatch_event("click")
            mover.wait_for_selector("#flash:visible >> text=paused the game", timeout=WAIT_MS)
        assert mover.locator("#flash").inner_text().count("paused the game") == 1

        clock = Clock("resume")
        _control(teacher, "Resume", clock)
        for name, page in pages.items():
            page.wait_for_selector(".paused-screen", state="detached", timeout=LIVE_MS)
            page.wait_for_function(
                "() => ![...document.querySelectorAll('#flash, .board-message')]"
                ".some((e) => e.checkVisibility() && e.textContent.includes('paused'))",
                timeout=LIVE_MS,
            )
            clock.saw(name)
        teacher.wait_for_selector("#dashboard .badge-paused", state="detached", timeout=LIVE_MS)
        clock.saw("dashboard")
        projector.wait_for_function(
            "() => !document.querySelector('#projector-live').innerText.includes('Paused')", timeout=LIVE_MS
        )
        clock.saw("projector")
        clock.report()
        for page in pages.values():
            assert _visible_texts(page, "paused") == 0
        assert _visible_texts(teacher, "paused") == 0
        # The game goes on: the mover's move is there to make.
        assert mover.locator(MOVE_BUTTONS).count()
    finally:
        teacher_context.close()
        for context in contexts:
            context.close()


def _table_of(page) -> int:
    page.wait_for_selector("#class-bar-live", timeout=WAIT_MS)
    found = re.search(r"table (\d+)", page.locator("#class-bar-live").inner_text())
    return int(found.group(1)) if found else 0


def _names_bot(page) -> bool:
    return bool(re.search(r"\bbot\b", _live_text(page), re.IGNORECASE))


def test_seat_changes_and_removals_reach_every_open_page(server, browser):
    """A late joiner takes a bot's seat: their tablemate's page names them, not the bot, at once.
    The teacher removes a student (a bot takes the seat) and moves another into it: the tablemates'
    pages, the dashboard and the projector follow each change. A failed Move's error goes with the
    next Move that works."""
    teacher_context, teacher = _teacher(browser, server, "mr-seats")
    contexts: list = []
    try:
        code = _new_session(teacher, server, "Duel")
        projector = _projector(teacher_context, teacher, server)
        contexts, pages = _kids(browser, server, code, ["Ana", "Ben", "Cal"])
        _control(teacher, "Start: seat everyone")
        for page in pages.values():
            page.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
            page.wait_for_selector("#live")
        tables = {name: _table_of(page) for name, page in pages.items()}
        alone = next(name for name, table in tables.items() if table == 2)  # with a bot
        pair = [name for name, table in tables.items() if table == 1]
        assert _names_bot(pages[alone])

        # A late joiner takes the bot's seat at table 2.
        dan_context = _phone(browser)
        contexts.append(dan_context)
        dan = dan_context.new_page()
        dan.goto(f"{server.url}/join?code={code}")
        dan.fill("#id_nickname", "Dan")
        clock = Clock("a late joiner takes a bot's seat")
        _press(dan, dan.get_by_role("button", name="Join", exact=True), clock)
        dan.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
        clock.saw("Dan")
        pages[alone].wait_for_function(
            "() => { const t = document.querySelector('#live').innerText;"
            " return t.includes('Dan') && !/\\bbot\\b/i.test(t); }",
            timeout=LIVE_MS,
        )
        clock.saw(f"{alone} (tablemate)")
        teacher.wait_for_selector("#dashboard .table-card[data-table='2'] >> text=Dan", timeout=LIVE_MS)
        assert teacher.locator("#dashboard .table-players li.bot").count() == 0
        clock.saw("dashboard")
        projector.wait_for_selector("#arrivals >> text=Dan", timeout=LIVE_MS)
        clock.saw("projector")
        clock.report()

        # The teacher removes one of table 1's pair: a bot takes the seat, the name goes.
        out, stays = pair
        clock = Clock("remove a student")
        _press(
            teacher,
            teacher.locator("#dashboard tr", has_text=out).get_by_role("button", name="Remove"),
            clock,
        )
        pages[out].wait_for_selector("text=took you out", timeout=LIVE_MS)
        clock.saw(out)
        pages[stays].wait_for_function(
            "(out) => { const t = document.querySelector('#live').innerText;"
            " return !t.includes(out) && /\\bbot\\b/i.test(t); }",
            arg=out,
            timeout=LIVE_MS,
        )
        clock.saw(f"{stays} (tablemate)")
        teacher.wait_for_selector("#dashboard tr.removed", timeout=LIVE_MS)
        teacher.wait_for_selector("#dashboard .table-card[data-table='1'] li.bot", timeout=LIVE_MS)
        clock.saw("dashboard")
        projector.wait_for_function(
            "(out) => !document.querySelector('#arrivals').innerText.includes(out)", arg=out, timeout=LIVE_MS
        )
        clock.saw("projector")
        clock.report()

        # A Move that fails (Dan already sits at table 2), then one that works: the tablemate from
        # table 2 takes the bot's seat at table 1.
        _move(teacher, "Dan", 2)
        teacher.wait_for_selector("#flash:visible >> text=no free seat")
        _shot(teacher, "dashboard-after-failed-move-1280")
        clock = Clock("move a student")
        _move(teacher, alone, 1, clock)
        pages[stays].wait_for_function(
            "(name) => { const t = document.querySelector('#live').innerText;"
            " return t.includes(name) && !/\\bbot\\b/i.test(t); }",
            arg=alone,
            timeout=LIVE_MS,
        )
        clock.saw(f"{stays} (new tablemate)")
        dan.wait_for_function(
            "(name) => { const t = document.querySelector('#live').innerText;"
            " return !t.includes(name) && /\\bbot\\b/i.test(t); }",
            arg=alone,
            timeout=LIVE_MS,
        )
        clock.saw("Dan (old tablemate)")
        teacher.wait_for_selector(f"#dashboard .table-card[data-table='1'] >> text={alone}", timeout=LIVE_MS)
        clock.saw("dashboard")
        pages[alone].wait_for_function(
            "() => /table 1\\b/.test(document.querySelector('#class-bar-live').innerText)", timeout=LIVE_MS
        )
        clock.saw(f"{alone} (moved)")
        clock.report()
        assert teacher.locator("#flash").is_hidden()
        _shot(teacher, "dashboard-after-failed-then-successful-move-1280")
    finally:
        teacher_context.close()
        for context in contexts:
            context.close()
