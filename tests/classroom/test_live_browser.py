"""Every live state of a class reaches every open page, in real headless Chromium against a real
Daphne server: ending a session (students at a game and in a lesson, the dashboard, the
projector), starting a lesson (it waits for Start like a game does), pausing and resuming (no
stale banner or error stays behind), and seat changes (a late joiner takes a bot's seat, the
teacher removes and moves students).

Each transition is one test; after it, every open page is checked. Waits are on conditions with
LIVE_MS as their bound; the time each page took is printed (run with -s to see it;
benchmarks/README.md, "Class live states", has the numbers)."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.classroom.test_browser import MOVE_BUTTONS, _join, _phone, _shot, _sign_up

pytestmark = pytest.mark.browser

WAIT_MS = 20000
# A transition must show on every open page within a second; the bound is looser so that a
# busy test machine doesn't fail the test (the measured times are printed).
LIVE_MS = 5000


@pytest.fixture(scope="module")
def server(live_servers):
    # The dashboard's coalescing as in production: state changes must not wait for it.
    return live_servers(CLASSROOM_DASHBOARD_COALESCE_MS="700")


_CLOCKS = itertools.count()


class Clock:
    """How long after an action's request left the browser each page showed it. Each page
    notes the first moment its condition held itself (a mutation observer set before the action;
    a page that navigated: when its new document was loaded), so the times are each page's own."""

    def __init__(self, name: str, pages: dict[str, tuple]):
        self.name = name
        self.pages = pages  # {name: (page, JavaScript condition)}
        self.started = time.time()
        self.times: dict[str, float] = {}
        self.key = f"seen{next(_CLOCKS)}"
        for page, condition in pages.values():
            page.evaluate(
                f"() => {{ const key = '{self.key}'; window[key] = 0;"
                f" const test = () => {{ try {{ return Boolean({condition}); }}"
                " catch (e) { return false; } };"
                " const check = () => { if (!window[key] && test()) window[key] = Date.now(); };"
                " new MutationObserver(check).observe(document.documentElement,"
                " {subtree: true, childList: true, attributes: true, characterData: true}); }"
            )

    def begin(self, request) -> None:
        # The request's start on the browser's clock (this machine's, as every page's Date.now()).
        self.started = request.timing["startTime"] / 1000

    def saw(self, page_name: str) -> None:
        self.times[page_name] = time.time() - self.started

    def watch(self, timeout_ms: int = LIVE_MS) -> None:
        """Wait until every page shows the change, each within `timeout_ms` of the action."""
        for name, (page, condition) in self.pages.items():
            left = max(1, int(timeout_ms - (time.time() - self.started) * 1000))
            try:
                page.wait_for_function(f"() => Boolean({condition})", timeout=left)
            except Exception:
                self.report()
                raise AssertionError(f"{self.name}: not shown within {timeout_ms} ms on {name}") from None
            self.times[name] = self._seen_at(page, condition) / 1000 - self.started

    def _seen_at(self, page, condition: str) -> float:
        """When the page first showed its condition (ms on the browser's clock). A page may still
        move on after showing it (a removed student's game page shows the notice from its socket,
        then goes to the class page, which says it too): read again on the new document."""
        for _ in range(3):
            try:
                return page.evaluate(
                    f"() => window['{self.key}'] || performance.timeOrigin"
                    " + performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
                )
            except PlaywrightError as error:
                if "context was destroyed" not in str(error):
                    raise
                page.wait_for_load_state("domcontentloaded")
                page.wait_for_function(f"() => Boolean({condition})", timeout=WAIT_MS)
        raise AssertionError(f"{self.name}: the page kept navigating")

    def report(self) -> None:
        shown = ", ".join(
            f"{name} {seconds * 1000:.0f} ms"
            for name, seconds in sorted(self.times.items(), key=lambda t: t[1])
        )
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
    teacher.uncheck("#id_approve_names")  # names show at once (on by default)
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


OVER = "document.body.innerText.includes('Class is over')"
ENDED = "document.querySelector(\"#dashboard[data-status='ended']\")"
PROJECTOR_ENDED = "document.querySelector('#projector-live').innerText.includes('This session has ended')"


def _live_has(name: str, *, bot: bool) -> str:
    """A condition: the page's game names `name` (or doesn't: "!Name") and a bot (or none) at its
    seats. The feed is left out: it names whoever made each move, a bot that left included."""
    text = (
        "(() => { const live = document.querySelector('#live'); let text = live.innerText;"
        " live.querySelectorAll('.feed').forEach((feed) => { text = text.replace(feed.innerText, ''); });"
        " return text; })()"
    )
    named = f"!{text}.includes('{name[1:]}')" if name.startswith("!") else f"{text}.includes('{name}')"
    bots = f"/\\bbot\\b/i.test({text})"
    return f"{named} && {'' if bot else '!'}{bots}"


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
        # Lee's browser is in both sessions: the game in a second tab, joined after the lesson.
        # Each tab hears its own session.
        lee_game = lesson_kids[1].new_page()
        lee_game.goto(f"{server.url}/join?code={game_code}")
        lee_game.fill("#id_nickname", "Lee")
        lee_game.get_by_role("button", name="Join", exact=True).click()
        lee_game.wait_for_url(re.compile(r"/(class|play)/[\w-]+/$"))
        lee_game.wait_for_selector("#live", timeout=WAIT_MS)  # a late joiner: seated at once
        game_pages["Lee (game tab)"] = lee_game
        _control(lesson_teacher, "Start the lesson")
        for page in lesson_pages.values():
            page.wait_for_selector("#lesson button[data-card]", timeout=WAIT_MS)
        lesson_pages["Lee"].reload()  # the lesson tab drawn again: still the lesson's own class bar
        lesson_pages["Lee"].wait_for_selector("#lesson button[data-card]", timeout=WAIT_MS)
        assert lesson_pages["Lee"].url.endswith(f"/class/{lesson_code}/")

        # The game: its students, its dashboard and its projector.
        clock = Clock(
            "end a game session",
            {
                **{name: (page, OVER) for name, page in game_pages.items()},
                "dashboard": (teacher, ENDED),
                "projector": (game_projector, PROJECTOR_ENDED),
            },
        )
        _control(teacher, "End the session", clock)
        clock.watch()
        clock.report()

        # The lesson: the students' pages switch by themselves, with no card left to tap.
        clock = Clock(
            "end a lesson",
            {
                **{
                    name: (page, f"{OVER} && !document.querySelector('#lesson')")
                    for name, page in lesson_pages.items()
                },
                "dashboard": (lesson_teacher, ENDED),
                "projector": (lesson_projector, PROJECTOR_ENDED),
            },
        )
        _control(lesson_teacher, "End the session", clock)
        clock.watch()
        clock.report()
        for page in lesson_pages.values():
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

        clock = Clock(
            "start a lesson",
            {
                "Kim": (kim, "document.querySelector('#lesson button[data-card]')"),
                "dashboard": (teacher, "document.querySelector(\"#dashboard[data-status='playing']\")"),
                "projector": (
                    projector,
                    # Once the lesson runs the projector counts the balanced meals.
                    "document.querySelector('#class-progress-text')",
                ),
            },
        )
        _control(teacher, "Start the lesson", clock)
        clock.watch()
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


PAUSED_MESSAGE = (
    "[...document.querySelectorAll('#flash, .board-message')]"
    ".some((e) => e.checkVisibility() && e.textContent.includes('paused'))"
)


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

        clock = Clock(
            "pause",
            {
                **{name: (page, "document.querySelector('.paused-screen')") for name, page in pages.items()},
                "dashboard": (teacher, "document.querySelector('#dashboard .badge-paused')"),
                "projector": (
                    projector,
                    "document.querySelector('#projector-live').innerText.includes('Paused')",
                ),
            },
        )
        _control(teacher, "Pause everyone", clock)
        clock.watch()
        clock.report()
        # ... and goes with the next control that worked.
        assert teacher.locator("#flash").is_hidden()

        # A move tapped as the pause arrived (twice): refused, said once, not stacked.
        mover = next(page for page in pages.values() if page.locator(MOVE_BUTTONS).count())
        for _tap in range(2):
            mover.locator(MOVE_BUTTONS).first.dispatch_event("click")
            mover.wait_for_selector("#flash:visible >> text=paused the game", timeout=WAIT_MS)
        assert mover.locator("#flash").inner_text().count("paused the game") == 1

        clock = Clock(
            "resume",
            {
                **{
                    name: (page, f"!document.querySelector('.paused-screen') && !({PAUSED_MESSAGE})")
                    for name, page in pages.items()
                },
                "dashboard": (teacher, "!document.querySelector('#dashboard .badge-paused')"),
                "projector": (
                    projector,
                    "!document.querySelector('#projector-live').innerText.includes('Paused')",
                ),
            },
        )
        _control(teacher, "Resume", clock)
        clock.watch()
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


TABLE_1 = "document.querySelector(\"#dashboard .table-card[data-table='1']\")"
TABLE_2 = "document.querySelector(\"#dashboard .table-card[data-table='2']\")"


def _table_of(page) -> int:
    page.wait_for_selector("#class-bar-live", timeout=WAIT_MS)
    found = re.search(r"table (\d+)", page.locator("#class-bar-live").inner_text())
    return int(found.group(1)) if found else 0


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
        contexts, pages = _kids(browser, server, code, ["Kofi", "Yuki", "Zed"])
        _control(teacher, "Start: seat everyone")
        for page in pages.values():
            page.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
            page.wait_for_selector("#live")
        tables = {name: _table_of(page) for name, page in pages.items()}
        alone = next(name for name, table in tables.items() if table == 2)  # with a bot
        out, stays = [name for name, table in tables.items() if table == 1]
        assert pages[alone].evaluate(f"() => {_live_has('You', bot=True)}")

        # A late joiner takes the bot's seat at table 2.
        wren_context = _phone(browser)
        contexts.append(wren_context)
        wren = wren_context.new_page()
        wren.goto(f"{server.url}/join?code={code}")
        wren.fill("#id_nickname", "Wren")
        clock = Clock(
            "a late joiner takes a bot's seat",
            {
                "Wren": (wren, f"location.pathname.startsWith('/play/') && {_live_has(alone, bot=False)}"),
                f"{alone} (tablemate)": (pages[alone], _live_has("Wren", bot=False)),
                "dashboard": (
                    teacher,
                    f"{TABLE_2}.innerText.includes('Wren') && !document.querySelector('#dashboard li.bot')",
                ),
                "projector": (projector, "document.querySelector('#arrivals').innerText.includes('Wren')"),
            },
        )
        _press(wren, wren.get_by_role("button", name="Join", exact=True), clock)
        clock.watch()
        clock.report()

        # The teacher removes one of table 1's pair: a bot takes the seat, the name goes.
        clock = Clock(
            "remove a student",
            {
                out: (pages[out], "document.body.innerText.includes('took you out')"),
                f"{stays} (tablemate)": (pages[stays], _live_has(f"!{out}", bot=True)),
                "dashboard": (
                    teacher,
                    "document.querySelector('#dashboard tr.removed')"
                    " && document.querySelector(\"#dashboard .table-card[data-table='1'] li.bot\")",
                ),
                "projector": (projector, f"!document.querySelector('#arrivals').innerText.includes('{out}')"),
            },
        )
        _press(
            teacher,
            teacher.locator("#dashboard tr", has_text=out).get_by_role("button", name="Remove"),
            clock,
        )
        clock.watch()
        clock.report()

        # A Move that fails (Wren already sits at table 2, which has no bot), then one that works:
        # the tablemate from table 2 takes the bot's seat at table 1.
        _move(teacher, "Wren", 2)
        teacher.wait_for_selector("#flash:visible >> text=no free seat")
        _shot(teacher, "dashboard-after-failed-move-1280")
        clock = Clock(
            "move a student",
            {
                f"{stays} (new tablemate)": (pages[stays], _live_has(alone, bot=False)),
                "Wren (old tablemate)": (wren, _live_has(f"!{alone}", bot=True)),
                f"{alone} (moved)": (
                    pages[alone],
                    "/table 1\\b/.test(document.querySelector('#class-bar-live').innerText)"
                    f" && {_live_has(stays, bot=False)}",
                ),
                "dashboard": (teacher, f"{TABLE_1}.innerText.includes('{alone}')"),
            },
        )
        _move(teacher, alone, 1, clock)
        clock.watch()
        clock.report()
        assert teacher.locator("#flash").is_hidden()
        _shot(teacher, "dashboard-after-failed-then-successful-move-1280")
    finally:
        teacher_context.close()
        for context in contexts:
            context.close()


REDRAW = "() => { const d = document.querySelector('#dashboard'); d.outerHTML = d.outerHTML; }"


def test_a_refused_control_is_said_even_when_a_push_redrew_the_dashboard_meanwhile(server, browser):
    """A control's refusal comes back after a push replaced the dashboard (and the form that
    sent it): htmx fires its error on the detached form, so the page must still show the
    server's words in #flash (static/js/site.js listens on the request itself)."""
    teacher_context, teacher = _teacher(browser, server, "mr-redrawn")
    try:
        _new_session(teacher, server, "Duel")
        held = []
        teacher.route(re.compile(r"/teach/sessions/\d+/lock/$"), lambda route: held.append(route))
        teacher.locator("#dashboard").get_by_role("button", name="Lock: no new players").click()
        deadline = time.monotonic() + WAIT_MS / 1000
        while not held and time.monotonic() < deadline:
            teacher.wait_for_timeout(50)  # the route's handler runs while Playwright waits
        assert held, "the control's request never left"
        # A push redraws the dashboard while the answer is on its way.
        teacher.evaluate(
            "() => { const d = document.querySelector('#dashboard'); d.outerHTML = d.outerHTML; }"
        )
        held[0].fulfill(status=409, body="The session has changed: look again.", content_type="text/plain")
        teacher.wait_for_selector(
            "#flash:visible >> text=The session has changed: look again.", timeout=WAIT_MS
        )
    finally:
        teacher_context.close()


def test_a_control_that_works_after_a_push_redrew_the_dashboard_logs_no_htmx_error(server, browser):
    """Start answers after the dashboard's own push replaced the form that sent it (the push is
    often first): htmx looks for the answer's out-of-band parts under the detached form, so an
    out-of-band #flash there is "htmx:oobErrorNoTarget". A working control's answer has none:
    site.js hides the last refusal on the request itself."""
    teacher_context, teacher = _teacher(browser, server, "ms-started")
    contexts: list = []
    try:
        code = _new_session(teacher, server, "Duel")
        contexts, _pages = _kids(browser, server, code, ["Ana"])
        teacher.reload()
        teacher.evaluate(
            "() => { window.oobErrors = []; window.answered = false;"
            " document.body.addEventListener('htmx:oobErrorNoTarget',"
            " (event) => window.oobErrors.push(event.detail.target));"
            # After htmx's own handler of the answer (it swaps when the answer loads).
            " document.addEventListener('htmx:beforeSend', (event) => event.detail.xhr"
            ".addEventListener('loadend', () => { window.answered = true; })); }"
        )
        held = []
        teacher.route(re.compile(r"/teach/sessions/\d+/start/$"), lambda route: held.append(route))
        teacher.locator("#dashboard").get_by_role("button", name="Start: seat everyone").click()
        deadline = time.monotonic() + WAIT_MS / 1000
        while not held and time.monotonic() < deadline:
            teacher.wait_for_timeout(50)  # the route's handler runs while Playwright waits
        assert held, "the control's request never left"
        teacher.evaluate(REDRAW)  # the push, before the answer
        held[0].continue_()
        teacher.wait_for_function("() => window.answered", timeout=WAIT_MS)
        teacher.wait_for_selector("#dashboard .table-card", timeout=WAIT_MS)
        assert teacher.evaluate("window.oobErrors") == []
        assert teacher.locator("#flash").is_hidden()
    finally:
        teacher_context.close()
        for context in contexts:
            context.close()
