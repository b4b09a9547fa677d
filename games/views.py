"""Game pages: the catalog, rules and play forms, tables for friends, matches and replays.

Small function views: each calls one service and renders. htmx requests get the live region
of the match page (games/play.html#live) from the same per-seat renderer the websocket uses.
Refusals come back as a plain sentence with a 4xx status (site.js shows it in #flash).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect
from django_ratelimit.decorators import ratelimit

from decks import services as decks
from games import access, devices, lessons, rendering, scheduler, services
from games.bots import bot_levels
from games.catalog import featured_cards, game_name, game_summary
from games.engines import IllegalAction
from games.engines.cards import load_deck_records
from games.forms import MatchOptionsForm, PaceForm
from games.messages import level_name, say
from games.models import Match
from games.tutorials import tutorial_for
from plateful.safe_json import JSONRefused, loads_bounded

SESSION_KEY = "game_seats"
PLAYED_KEY = "games_played"  # the games this browser has sat down to (slugs only: no personal data)
NICKNAME_KEY = "games_nickname"  # the nickname last typed for quick play, offered to a lesson


# ----- the browser's seats -------------------------------------------------------------------


def session_token(request: HttpRequest, match_id: str) -> str | None:
    return request.session.get(SESSION_KEY, {}).get(match_id)


def _keep_token(request: HttpRequest, match_id: str, token: str) -> None:
    seats = dict(request.session.get(SESSION_KEY, {}))
    seats[match_id] = token
    request.session[SESSION_KEY] = seats


def played_before(request: HttpRequest, slug: str) -> bool:
    return slug in request.session.get(PLAYED_KEY, [])


def _remember_played(request: HttpRequest, slug: str) -> None:
    """A first-timer is offered the guided first game first; after one game, it steps back."""
    played = list(request.session.get(PLAYED_KEY, []))
    if slug not in played:
        request.session[PLAYED_KEY] = [*played, slug][-50:]


def _refuse(error: services.MatchError) -> HttpResponse:
    return HttpResponse(error.message, status=error.status, content_type="text/plain; charset=utf-8")


def learner_gate(match_id: str, request_or_scope) -> str | None:
    """A guided first game (lessons.LEARNER_OWNER) opens only for the browser holding its seat."""
    browser = access.viewer_of(request_or_scope).session
    if match_id in ((browser.get(SESSION_KEY, {}) if browser is not None else {}) or {}):
        return None
    return _("This is someone's own first game: only they can open it.")


def _gate(request: HttpRequest, match: Match | str) -> None:
    """Refuse (403) a visitor the owner's gate keeps out (e.g. a class session's tables; a
    public match has no gate)."""
    refusal = access.match_access_refusal(match, request)
    if refusal:
        raise services.MatchError(refusal, status=403, code="forbidden")


def _creation_rate(group: str, request: HttpRequest) -> str:
    return settings.GAMES_CREATE_RATE


# Quick play and "Play again" deal new games from one allowance per address (tables have their own).
NEW_GAMES = "games.new-games"


def _too_many(request: HttpRequest) -> HttpResponse | None:
    """One client making games in a loop (hundreds a minute) is refused for a while."""
    if getattr(request, "limited", False):
        return _refuse(
            services.MatchError(
                _("That's a lot of new games at once. Wait a minute, then try again."), status=429
            )
        )
    return None


def _go(request: HttpRequest, url: str) -> HttpResponse:
    """Redirect, the htmx way for htmx requests (a whole new page)."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url)


def _engine_or_404(slug: str):
    try:
        return services.engine_get(game=slug)
    except services.MatchError:
        raise Http404(_("There is no game with that name.")) from None


# ----- catalog and rules -----------------------------------------------------------------------


@require_GET
def catalog(request: HttpRequest) -> HttpResponse:
    games = [
        {
            **game,
            "cards": featured_cards(game["slug"]),
            "play_level": _first_level(game["slug"]),
            "has_tutorial": tutorial_for(game["slug"]) is not None,
            "first_time": not played_before(request, game["slug"]),
        }
        for game in services.games_catalog()
    ]
    return render(request, "games/catalog.html", {"games": games})


def _first_level(slug: str) -> str:
    """The bot level "Play now" picks (the gentlest), or "" when the game has no bots."""
    levels = bot_levels(slug)
    return levels[0] if levels else ""


def _sample_cards(engine, limit: int = 8) -> list[dict]:
    try:
        records = load_deck_records(engine.deck_slug)
    except (OSError, ValueError):
        return []
    seen, sample = set(), []
    for record in records:
        if record.get("in_play", True) and record.get("name") not in seen:
            seen.add(record.get("name"))
            name = record.get("name")
            sample.append({"id": record["id"], "name": _(name) if name else record["id"]})
        if len(sample) >= limit:
            break
    return sample


@require_GET
def game_detail(request: HttpRequest, slug: str) -> HttpResponse:
    engine = _engine_or_404(slug)
    rules = select_template([f"games/rules/{slug}.html", "games/rules/_missing.html"])
    return render(
        request,
        "games/detail.html",
        {
            "engine": engine,
            "game_name": game_name(slug),
            "game_summary": game_summary(slug),
            "rules_template": rules.template.name,
            "sample_cards": _sample_cards(engine),
            "featured_cards": featured_cards(slug),
            "play_level": _first_level(slug),
            "quick_play_options": MatchOptionsForm(engine=engine, auto_id="qp-%s"),
            "table_options": MatchOptionsForm(engine=engine, auto_id="tf-%s"),
            "quick_play_pace": PaceForm(auto_id="qp-%s"),
            "table_pace": PaceForm(auto_id="tf-%s"),
            "device_options": MatchOptionsForm(engine=engine, auto_id="dp-%s"),
            "device_pace": PaceForm(auto_id="dp-%s"),
            # "Play on one device": up to four names (pass-and-play for the turn-based games, a
            # shared screen with a slap zone each for the real-time ones).
            "device_slots": list(range(1, min(4, engine.max_seats) + 1)),
            "bot_level_choices": [(level, level_name(level)) for level in bot_levels(slug)],
            "seat_choices": list(range(engine.min_seats, engine.max_seats + 1)),
            "deck_choices": decks.deck_choices(owner=request.user, game=slug),
            "chosen_deck": request.GET.get("teacher_deck", ""),
            "has_tutorial": tutorial_for(slug) is not None,
            "first_time": not played_before(request, slug),
        },
    )


@require_http_methods(["GET", "POST"])
@ratelimit(group=NEW_GAMES, key="ip", rate=_creation_rate, method="POST", block=False)
def learn(request: HttpRequest, slug: str) -> HttpResponse:
    """Learn to play: GET says what the guided first game is (a link from the rules or a class
    can point here); POST deals it (games.lessons.tutorial_create) and sends the learner to
    the table, their seat kept as quick play keeps it."""
    engine = _engine_or_404(slug)
    if tutorial_for(slug) is None:
        raise Http404(_("This game has no guided first game yet."))
    remembered = request.session.get(NICKNAME_KEY, "")
    if request.method == "GET":
        context = {"engine": engine, "game_name": game_name(slug), "nickname": remembered}
        return render(request, "games/learn.html", context)
    if refused := _too_many(request):
        return refused
    try:
        # The nickname rules apply as in quick play; none typed: the one last typed for quick
        # play, else blank (the learner is "You" to themselves, "Guest" to a watcher).
        nickname = request.POST.get("nickname", remembered)
        match, tokens = lessons.tutorial_create(game=slug, nickname=nickname, owner=lessons.LEARNER_OWNER)
    except services.MatchError as error:
        return _refuse(error)
    _keep_token(request, match.pk, tokens[0])
    return _go(request, reverse("games:match", args=[match.pk]))


def _teacher_deck(request: HttpRequest, slug: str, seats: int) -> list[dict] | None:
    """The cards of the teacher's own deck chosen on the form (field "teacher_deck"), if any."""
    deck_id = request.POST.get("teacher_deck", "")
    if not deck_id:
        return None
    try:
        return decks.records_for_game(owner=request.user, deck_id=deck_id, game=slug, seats=seats)
    except decks.DeckError as error:
        raise services.MatchError(error.message, status=error.status) from None


def _posted_options(request: HttpRequest, engine) -> dict:
    """The options a form sent, checked by the options form (a refusal says what is wrong)."""
    form = MatchOptionsForm(request.POST, engine=engine)
    if not form.is_valid():
        raise services.MatchError(form.first_error())
    return form.options()


def _posted_pace(request: HttpRequest) -> str:
    """The pace a form sent (games.models.Pace); anything else is refused with the list's words."""
    form = PaceForm(request.POST)
    if not form.is_valid():
        raise services.MatchError(str(form.errors["pace"][0]), code="bad_option")
    return form.chosen()


def _seat_count(request: HttpRequest, engine) -> int:
    try:
        count = int(request.POST.get("seats", engine.min_seats))
    except ValueError:
        count = -1
    if not engine.min_seats <= count <= engine.max_seats:
        raise services.MatchError(
            _("%(game)s needs %(low)s to %(high)s players.")
            % {"game": game_name(engine.slug), "low": engine.min_seats, "high": engine.max_seats}
        )
    return count


def _device_seats(request: HttpRequest, count: int) -> list[services.SeatSpec]:
    """ "Play on one device": the players' names typed on the form (fields "player"), each a seat
    the device holds; [] when none was typed."""
    names = [name for name in request.POST.getlist("player") if name.strip()]
    if len(names) > count:
        raise services.MatchError(
            _("There are more names than players: pick more players or type fewer names.")
        )
    return [services.SeatSpec(kind="human", nickname=name, device=True) for name in names]


@require_POST
@ratelimit(group=NEW_GAMES, key="ip", rate=_creation_rate, method="POST", block=False)
def quick_play(request: HttpRequest, slug: str) -> HttpResponse:
    """You and bots, at once; or (names typed for one device) several players passing one device,
    and bots."""
    if refused := _too_many(request):
        return refused
    engine = _engine_or_404(slug)
    try:
        count = _seat_count(request, engine)
        default_level = request.POST.get("bot_level", "")
        seats = _device_seats(request, count) or [
            services.SeatSpec(kind="human", nickname=request.POST.get("nickname", ""))
        ]
        for number in range(len(seats), count):
            level = request.POST.get(f"bot_level_{number}") or default_level
            seats.append(services.SeatSpec(kind="bot", bot_level=level))
        cards = _teacher_deck(request, slug, count)
        match, tokens = services.match_create(
            game=slug,
            seats=seats,
            options=_posted_options(request, engine),
            deck=_stacked_deck(request),
            cards=cards,
            pace=_posted_pace(request),
        )
    except services.MatchError as error:
        return _refuse(error)
    decks.cards_share(records=cards or [])
    _keep_token(request, match.pk, tokens[0])
    if nickname := request.POST.get("nickname", "").strip():  # it passed the nickname rules
        request.session[NICKNAME_KEY] = nickname
    return _go(request, reverse("games:match", args=[match.pk]))


def _stacked_deck(request: HttpRequest) -> list[str] | None:
    """Demos and browser tests may stack the deck (card ids, top first) when the site allows it."""
    raw = request.POST.get("deck", "")
    if not raw or not settings.GAMES_ALLOW_STACKED_DECKS:
        return None
    return [card.strip() for card in raw.split(",") if card.strip()]


@require_POST
@ratelimit(key="ip", rate=_creation_rate, method="POST", block=False)
def table_create(request: HttpRequest, slug: str) -> HttpResponse:
    """A table for friends: you take seat 1, the others are open until friends join. Names typed
    for more players on this device: the device holds their seats too (pass-and-play)."""
    if refused := _too_many(request):
        return refused
    engine = _engine_or_404(slug)
    try:
        count = _seat_count(request, engine)
        nickname = request.POST.get("nickname", "")
        if not nickname.strip():
            raise services.MatchError(_("Please type a nickname first."))
        seats = [services.SeatSpec(kind="human", nickname=nickname)]
        others = _device_seats(request, count - 1)
        if others:
            seats = [services.SeatSpec(kind="human", nickname=nickname, device=True), *others]
        seats += [services.SeatSpec(kind="open") for _ in range(len(seats), count)]
        cards = _teacher_deck(request, slug, count)
        match, tokens = services.match_create(
            game=slug,
            seats=seats,
            options=_posted_options(request, engine),
            cards=cards,
            pace=_posted_pace(request),
        )
    except services.MatchError as error:
        return _refuse(error)
    decks.cards_share(records=cards or [])
    _keep_token(request, match.pk, tokens[0])
    return _go(request, reverse("games:table", args=[match.pk]))


# ----- the match page --------------------------------------------------------------------------


def _match_or_404(match_id: str) -> Match:
    try:
        return services.match_get(match_id=match_id)
    except services.MatchError:
        raise Http404(_("There is no game with that address.")) from None


@require_GET
def match_page(request: HttpRequest, match_id: str) -> HttpResponse:
    """The match (or, before it starts, its table): the same page for /play/ and /tables/."""
    match = _match_or_404(match_id)
    if refusal := access.match_access_refusal(match, request):
        raise PermissionDenied(refusal)
    # Only read: a visitor without a session (a watcher) gets none from this page. One who sits
    # down later gets it then, and their page reloads to open its socket with it (table_join).
    token = session_token(request, match_id)
    seat = services.seat_for_token(match=match, token=token)
    # A shared device draws the public table and "Pass to ...": never a hand by itself.
    device = bool(devices.device_seats(match=match, token=token)) if seat is None else False
    if seat is not None or device:
        _remember_played(request, match.game)
    scheduler.kick(match.pk)  # restart-safe: overdue bot moves and timers resume
    if request.htmx:
        return HttpResponse(rendering.live_html(match, seat, device=device, request=request))
    context = rendering.page_context(match, seat, device=device)
    response = render(request, "games/play.html", context)
    if context.get("coach"):  # a tutorial's learner: the coach's picks marked on their buttons
        response.content = rendering.coached(response.content.decode(), context).encode()
    return response


def _live(
    request: HttpRequest, match_id: str, *, status: int = 200, mover: int | None = None
) -> HttpResponse:
    """The answer to a table's POST, which has passed `_gate` already (every caller gates
    first: gating again cost two more queries on every move of a class table): the table as
    stored now, drawn for the seat this browser holds (`mover`: the seat whose token a move has
    just checked)."""
    match = services.match_get(match_id=match_id)
    token = session_token(request, match_id)
    # A shared device's answer is the public table, whoever of its seats moved.
    device = bool(devices.device_seats(match=match, token=token))
    if device:
        seat = None
    elif mover is not None:
        seat = mover
    else:
        seat = services.seat_for_token(match=match, token=token)
    html = rendering.live_html(match, seat, device=device, request=request)
    return HttpResponse(html, status=status)


@require_GET
def match_hand(request: HttpRequest, match_id: str) -> HttpResponse:
    """A shared device's "Show my cards": the page drawn for the seat whose turn it is, only while
    it is that seat's turn and only for the device holding it (the page never keeps a hand it
    doesn't show: it asks for it when the child is ready)."""
    try:
        _gate(request, services.match_ref(match_id=match_id))
        match = services.match_get(match_id=match_id)
        held = devices.device_seats(match=match, token=session_token(request, match_id))
        try:
            seat = int(request.GET.get("seat", ""))
        except ValueError:
            seat = -1
        if seat not in held:
            raise services.MatchError(_("That seat isn't yours."), status=403, code="forbidden")
        if rendering.pass_seat(match) != seat:
            # The game moved on (a timer, a bot): play.js fetches the table as it is now.
            raise services.MatchError(_("It isn't that player's turn any more."), status=409, code="stale")
    except services.MatchError as error:
        return _refuse(error)
    return HttpResponse(rendering.hand_html(match, seat, request=request))


@require_POST
def match_move(request: HttpRequest, match_id: str) -> HttpResponse:
    try:
        try:
            seat = int(request.POST["seat"])
            action = loads_bounded(request.POST["action"])
        except JSONRefused as refused:
            raise services.MatchError(str(refused), code="malformed") from None
        except (KeyError, ValueError, TypeError):
            raise services.MatchError(_("That move doesn't make sense."), code="malformed") from None
        # The gates need only the match's id (its owner is remembered); the move reads the match
        # under its lock next (a missing match is a 404 there), so the busiest POST doesn't read it twice.
        _gate(request, match_id)
        services.match_submit_action(
            match_id=match_id,
            seat=seat,
            action=action,
            token=session_token(request, match_id),
        )
        return _live(request, match_id, mover=seat)
    except services.MatchError as error:
        return _refuse(error)
    except IllegalAction as error:
        return _refuse(services.MatchError(say(error.text)))


@require_POST
def table_join(request: HttpRequest, match_id: str) -> HttpResponse:
    try:
        _gate(request, services.match_ref(match_id=match_id))
        if session_token(request, match_id):
            match = services.match_get(match_id=match_id)
            if services.seat_for_token(match=match, token=session_token(request, match_id)) is not None:
                raise services.MatchError(_("You already have a seat at this table."), status=409)
        had_session = request.session.session_key is not None
        _seat, token = services.table_join(match_id=match_id, nickname=request.POST.get("nickname", ""))
        _keep_token(request, match_id, token)
        response = _live(request, match_id)
        if not had_session:
            # This browser's first session: the page's socket opened without it and would stay a
            # watcher's, so the page loads again (its new socket finds the seat in the session).
            response["HX-Refresh"] = "true"
        return response
    except services.MatchError as error:
        return _refuse(error)


@require_POST
def table_bots(request: HttpRequest, match_id: str) -> HttpResponse:
    try:
        _gate(request, services.match_ref(match_id=match_id))
        services.table_fill_bots(
            match_id=match_id,
            token=session_token(request, match_id),
            bot_level=request.POST.get("bot_level", ""),
        )
        return _live(request, match_id)
    except services.MatchError as error:
        return _refuse(error)


@require_POST
def table_start(request: HttpRequest, match_id: str) -> HttpResponse:
    try:
        _gate(request, services.match_ref(match_id=match_id))
        services.table_start(match_id=match_id, token=session_token(request, match_id))
        return _live(request, match_id)
    except services.MatchError as error:
        return _refuse(error)


@require_POST
@ratelimit(group=NEW_GAMES, key="ip", rate=_creation_rate, method="POST", block=False)
def match_again(request: HttpRequest, match_id: str) -> HttpResponse:
    if refused := _too_many(request):
        return refused
    try:
        finished = services.match_get(match_id=match_id)
        _gate(request, finished)
        if url := access.play_again_elsewhere(finished, request):  # e.g. a class table's next game
            return _go(request, url)
        match, tokens = services.match_play_again(match_id=match_id, token=session_token(request, match_id))
    except services.MatchError as error:
        return _refuse(error)
    for _number, token in tokens.items():
        _keep_token(request, match.pk, token)
    where = "games:match" if match.status != Match.Status.WAITING else "games:table"
    return _go(request, reverse(where, args=[match.pk]))


# ----- replays ---------------------------------------------------------------------------------


@require_GET
def replay(request: HttpRequest, match_id: str) -> HttpResponse:
    """Step through a finished match move by move, from any seat's eyes or the table's."""
    match = _match_or_404(match_id)
    if refusal := access.match_access_refusal(match, request):
        raise PermissionDenied(refusal)
    if match.status != Match.Status.FINISHED:
        return HttpResponse(
            _("This game isn't over yet: its replay opens when it ends."),
            status=409,
            content_type="text/plain",
        )
    states = services.match_replay(match=match)
    try:
        step = min(max(int(request.GET.get("step", len(states) - 1)), 0), len(states) - 1)
        seat = request.GET.get("seat", "")
        seat = int(seat) if seat != "" else None
        if seat is not None and not 0 <= seat < match.seats:
            raise ValueError
    except ValueError:
        return HttpResponse(
            _("That step or seat isn't in this replay."), status=400, content_type="text/plain"
        )
    context = rendering.replay_context(match, states, step=step, seat=seat)
    template = "games/replay.html#step" if request.htmx else "games/replay.html"
    return render(request, template, context)


@csrf_exempt
@require_POST
def match_clock(request: HttpRequest, match_id: str) -> HttpResponse:
    """Tests only (GAMES_TEST_CLOCK): time passes for the match's next timed move (a flip, a
    real-time bot's slap), which the scheduler then plays at once. 404 everywhere else."""
    if not settings.GAMES_TEST_CLOCK or not scheduler.advance_clock(match_id):
        raise Http404
    return HttpResponse(status=204)
