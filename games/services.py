"""Matches as a service: create them, seat people, apply moves, replay them.

Every write happens in one transaction with the match row locked (SELECT ... FOR UPDATE on
PostgreSQL; on SQLite the IMMEDIATE transaction mode takes the write lock when the transaction
starts) and is guarded by a version check (UPDATE ... WHERE version = n) that works on both. The
match's Channels group is told after commit, so nobody ever sees a move that was rolled back.
"""

from __future__ import annotations

import copy
import json
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from foodcards.services import deck_records
from games.access import move_refusal
from games.bots import bot_levels
from games.card_sets import card_set_for, card_sets_delete_unused
from games.catalog import catalog_slugs, game_name, game_summary
from games.changes import MatchChange, announce_on_commit
from games.dealing import new_seed
from games.devices import seats_for_token
from games.engines import IllegalAction, get_engine
from games.engines.base import Engine
from games.engines.cards import load_deck_records
from games.match_log import log_compact
from games.messages import say
from games.models import Match, MatchAction, Pace, Seat, hash_token
from games.tutorials import LEARNER, refusal, tutorial_for
from nicknames import clean_nickname, nickname_key, nickname_problem

logger = logging.getLogger(__name__)


class MatchError(Exception):
    """A request the site refuses, with a message for people and an HTTP status."""

    def __init__(self, message: str, *, status: int = 400, code: str = "bad_request"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code


@dataclass
class SeatSpec:
    kind: str  # "human", "bot" or "open"
    nickname: str = ""
    bot_level: str = ""
    # Played on one shared device (pass-and-play): every such seat of a match has one token.
    # A key instead of True: the seats with the same key share a device (a class table's pairs).
    device: bool | str = False


def group_name(match_id: str) -> str:
    return f"match-{match_id}"


# ----- reading ---------------------------------------------------------------------------------


def match_get(*, match_id: str) -> Match:
    try:
        return Match.objects.get(pk=match_id)
    except (Match.DoesNotExist, ValueError):
        raise MatchError(_("There is no game with that address."), status=404, code="no_match") from None


def match_ref(*, match_id: str) -> Match:
    """The match's identity only (id, game, status, owner): enough for the access gates, without
    reading and decoding its whole state, which the move then reads under its lock anyway."""
    try:
        return Match.objects.only("id", "game", "status", "owner").get(pk=match_id)
    except (Match.DoesNotExist, ValueError):
        raise MatchError(_("There is no game with that address."), status=404, code="no_match") from None


def engine_get(*, game: str) -> Engine:
    try:
        return get_engine(game)
    except KeyError:
        raise MatchError(_("There is no game with that name."), status=404, code="no_game") from None


def match_state(*, match: Match) -> dict | None:
    """The engine state of a match (its stored dump with the card records put back)."""
    if match.state is None:
        return None
    return {**match.state, "cards": match.cards}


def seat_for_token(*, match: Match, token: str | None) -> int | None:
    """The seat number a browser's token holds at this match, or None (also for a shared device,
    which holds several seats and reads the table as a watcher does: `device_seats`)."""
    numbers = seats_for_token(match=match, token=token)
    return numbers[0] if len(numbers) == 1 else None


def seat_check_token(*, match: Match, seat: int, token: str | None, seats: list[Seat] | None = None) -> None:
    """Refuse (403) a move for a seat this browser does not hold. `seats`: the match's seat rows,
    when the caller has already read them."""
    if seats is None:
        seats = list(match.seat_set.filter(number=seat))
    if not seat_holds_token(seats=seats, seat=seat, token=token):
        raise MatchError(_("That seat isn't yours."), status=403, code="forbidden")


def seat_holds_token(*, seats: list[Seat], seat: int | None, token: str | None) -> bool:
    """Whether `token` holds seat number `seat` among these seat rows (a player's seat whose
    token it is). False once the seat has gone to a bot or to someone else."""
    if seat is None:
        return False
    row = next((s for s in seats if s.number == seat), None)
    return row is not None and row.kind == Seat.Kind.HUMAN and row.token_matches(token)


# ----- creating and seating ----------------------------------------------------------------------


def _card_records(engine: Engine) -> list[dict]:
    """The deck's card records from the database (so admin edits count), or the engine's
    shipped records when the deck isn't loaded."""
    try:
        records = deck_records(deck_slug=engine.deck_slug)
    except Exception:  # the deck isn't loaded (or the table doesn't exist yet): use shipped data
        records = []
    if not records:
        logger.info("Deck %s not in the database; using the shipped records.", engine.deck_slug)
        records = load_deck_records(engine.deck_slug)
    return list(records)


def _clean_seats(engine: Engine, seats: list[SeatSpec]) -> list[SeatSpec]:
    if not engine.min_seats <= len(seats) <= engine.max_seats:
        raise MatchError(
            _("%(game)s needs %(low)s to %(high)s players.")
            % {"game": game_name(engine.slug), "low": engine.min_seats, "high": engine.max_seats}
        )
    levels = bot_levels(engine.slug)
    cleaned = []
    device_names: set[str] = set()
    for spec in seats:
        if spec.kind not in ("human", "bot", "open"):
            raise MatchError(_("A seat must be a player, a bot or open."))
        if spec.kind == "bot":
            if not levels:
                raise MatchError(_("This game has no bots yet."))
            if spec.bot_level not in levels:
                raise MatchError(_("Bots for this game can be: %(levels)s.") % {"levels": ", ".join(levels)})
        device = spec.device if spec.kind == "human" else False
        if device:  # the children passing one device tell their seats apart by name
            if not (spec.nickname or "").strip():
                raise MatchError(_("Type a name for every player on this device."), code="nickname")
            nickname = _checked_nickname(spec.nickname, taken=device_names)
            device_names.add(nickname_key(nickname))
        else:
            nickname = _checked_nickname(spec.nickname) if spec.kind == "human" else ""
        cleaned.append(SeatSpec(kind=spec.kind, nickname=nickname, bot_level=spec.bot_level, device=device))
    if len(device_names) == 1:
        raise MatchError(_("Type at least two names to play on one device."), code="nickname")
    return cleaned


def _checked_nickname(raw: str | None, *, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A typed nickname as stored, or a refusal in the site's one nickname rule (`nicknames`).
    Empty stays empty (a quick-play player may leave it out)."""
    if not (raw or "").strip():
        return ""
    if problem := nickname_problem(raw, taken=taken):
        raise MatchError(problem, code="nickname")
    return clean_nickname(raw)


def match_create(
    *,
    game: str,
    seats: list[SeatSpec],
    options: dict | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
    cards: list[dict] | None = None,
    owner: str = "",
    pace: str = Pace.STEADY,
    tutorial: bool = False,
) -> tuple[Match, dict[int, str]]:
    """A new match. Starts at once when no seat is open, otherwise waits as a table for friends.
    Returns the match and a fresh token for every human seat (the browser keeps it).
    `cards`: the card records to deal (a teacher's own deck); None: the game's deck as the
    database has it. The records are stored once per deck version (games.card_sets), shared by
    every match dealt from it. `owner`: the app whose gates the match answers to (games.access;
    "" for nobody's). `pace`: games.models.Pace; `tutorial`: a guided first game (use
    games.lessons.tutorial_create)."""
    engine = engine_get(game=game)
    if pace not in Pace.values:
        raise MatchError(_("Pick a pace from the list."), code="bad_option")
    seats = _clean_seats(engine, seats)
    try:
        options = engine.clean_options(options)
    except IllegalAction as error:
        raise MatchError(say(error.text), code="bad_option") from None
    if seed is None:  # GAMES_DEAL_SEED (tests, demos): the same game at the same seats, the same deal
        seed = new_seed(engine.slug, options, [[s.kind, s.nickname, s.bot_level] for s in seats], deck)
    records = list(cards) if cards is not None else _card_records(engine)
    for attempt in range(2):
        try:
            match, tokens = _create(engine, seats, options, seed, deck, records, owner, pace, tutorial)
            break
        except IntegrityError:
            # Its card set was purged (unused) just as this match was dealt from it: PostgreSQL
            # refuses the match at commit. Dealing again stores the set again.
            if attempt:
                raise
    _notify_on_commit(match.pk)
    return match, tokens


def _create(engine, seats, options, seed, deck, records, owner, pace, tutorial) -> tuple[Match, dict]:
    tokens: dict[int, str] = {}
    device_tokens: dict = {}  # one token for every seat of each shared device
    with transaction.atomic():
        card_set = card_set_for(records, deck=engine.deck_slug)
        match = Match.objects.create(
            game=engine.slug,
            seats=len(seats),
            seed=seed,
            options=options,
            deck=deck,
            card_set=card_set,
            owner=owner,
            pace=pace,
            tutorial=tutorial,
        )
        for number, spec in enumerate(seats):
            token_hash = ""
            if spec.kind == "human":
                fresh = secrets.token_urlsafe(24)
                tokens[number] = device_tokens.setdefault(spec.device, fresh) if spec.device else fresh
                token_hash = hash_token(tokens[number])
            Seat.objects.create(
                match=match,
                number=number,
                kind=spec.kind,
                nickname=spec.nickname,
                bot_level=spec.bot_level if spec.kind == "bot" else "",
                token_hash=token_hash,
            )
        if all(spec.kind != "open" for spec in seats):
            _start(match, engine, records)
    return match, tokens


def _start(match: Match, engine: Engine, records: list[dict] | None) -> None:
    """Deal the cards: the match gets its first state and starts playing. `records`: the
    match's card set's records (None: read them from it)."""
    if records is None:
        records = list(match.cards.values()) or None
    try:
        state = engine.new_state(
            match.seats, seed=match.seed, options=match.options, deck=match.deck, cards=records
        )
    except IllegalAction as error:
        raise MatchError(say(error.text), code=error.code) from None
    # The records stay in the card set: the stored state is the dump without them.
    match.state = engine.dump({k: v for k, v in state.items() if k != "cards"})
    match.version = state["version"]
    match.status = Match.Status.PLAYING
    match.changed_at = match.started_at = timezone.now()
    match.save()


def table_join(*, match_id: str, nickname: str) -> tuple[int, str]:
    """Sit in the first open seat of a waiting table. Returns (seat, token)."""
    if not (nickname or "").strip():
        raise MatchError(_("Please type a nickname first."))
    with transaction.atomic():
        match = _locked(match_id)
        others = match.seat_set.filter(kind=Seat.Kind.HUMAN).values_list("nickname", flat=True)
        nickname = _checked_nickname(nickname, taken={nickname_key(name) for name in others if name})
        if match.status != Match.Status.WAITING:
            raise MatchError(_("This game has already started."), status=409, code="started")
        seat = match.seat_set.filter(kind=Seat.Kind.OPEN).first()
        if seat is None:
            raise MatchError(_("Every seat at this table is taken."), status=409, code="full")
        token = secrets.token_urlsafe(24)
        seat.kind, seat.nickname, seat.token_hash = Seat.Kind.HUMAN, nickname, hash_token(token)
        seat.save()
        _bump(match)
    _notify_on_commit(match_id)
    return seat.number, token


def table_fill_bots(*, match_id: str, token: str | None, bot_level: str) -> None:
    """The host puts bots in every empty seat."""
    with transaction.atomic():
        match = _locked(match_id)
        _check_host(match, token)
        if bot_level not in bot_levels(match.game):
            raise MatchError(_("Pick a bot level from the list."))
        match.seat_set.filter(kind=Seat.Kind.OPEN).update(kind=Seat.Kind.BOT, bot_level=bot_level)
        _bump(match)
    _notify_on_commit(match_id)


def table_start(*, match_id: str, token: str | None) -> None:
    """The host starts the game once every seat has a player or a bot."""
    with transaction.atomic():
        match = _locked(match_id)
        _check_host(match, token)
        if match.seat_set.filter(kind=Seat.Kind.OPEN).exists():
            raise MatchError(_("Fill the empty seats with friends or bots first."), status=409, code="open")
        engine = engine_get(game=match.game)
        _start(match, engine, None)
    _notify_on_commit(match_id)


def match_play_again(*, match_id: str, token: str | None) -> tuple[Match, dict[int, str]]:
    """The same game, seats, options, cards and pace with a fresh shuffle. The asker keeps their seat
    number, bots stay, other players' seats open up for them to join again."""
    match = match_get(match_id=match_id)
    mine = seats_for_token(match=match, token=token)  # a shared device keeps all its seats
    if not mine:
        raise MatchError(_("Only the players of this game can play it again."), status=403, code="forbidden")
    if match.status != Match.Status.FINISHED:
        raise MatchError(
            _("This game isn't over yet: play again when it ends."), status=409, code="not_finished"
        )
    specs = []
    for seat in match.seat_set.all():
        if seat.kind == Seat.Kind.BOT:
            specs.append(SeatSpec(kind="bot", bot_level=seat.bot_level))
        elif seat.number in mine:
            specs.append(SeatSpec(kind="human", nickname=seat.nickname, device=len(mine) > 1))
        else:
            specs.append(SeatSpec(kind="open"))
    return match_create(
        game=match.game,
        seats=specs,
        options=match.options,
        seed=new_seed("again", match.seed),  # a fresh deal (GAMES_DEAL_SEED: the next one)
        cards=list(match.cards.values()) or None,
        pace=match.pace,
    )


def match_seat_replace(
    *, match_id: str, seat: int, kind: str, nickname: str = "", bot_level: str = ""
) -> str | None:
    """Give a seat of a started match to someone else mid-game: a bot takes over a player's seat
    (hand and score included) or a player takes over a bot's. Returns the new player's token."""
    if kind not in ("human", "bot"):
        raise MatchError(_("A seat must be a player or a bot."))
    with transaction.atomic():
        match = _locked(match_id)
        row = match.seat_set.filter(number=seat).first()
        if row is None:
            raise MatchError(_("That seat isn't at this table."), code="bad_seat")
        if kind == "bot" and bot_level not in bot_levels(match.game):
            raise MatchError(_("Pick a bot level from the list."))
        token = secrets.token_urlsafe(24) if kind == "human" else None
        row.before = {"kind": row.kind, "nickname": row.nickname, "bot_level": row.bot_level}
        row.taken_over_at = match.version
        row.kind = kind
        row.nickname = (nickname or "").strip()[:40] if kind == "human" else ""
        row.bot_level = bot_level if kind == "bot" else ""
        row.token_hash = hash_token(token) if token else ""
        row.save()
        _bump(match)
    # The seat changed hands: every open page of the match checks which seat it holds now.
    announce_on_commit(MatchChange(match_id=match_id, seats_changed=True))
    return token


def match_watchers_changed(*, match_id: str) -> None:
    """Who may open this match has changed (a class took a student out): every open page of it
    checks again that it may still watch, and which seat it holds, once the transaction commits."""
    announce_on_commit(MatchChange(match_id=match_id, seats_changed=True))


def match_seat_rename(*, match_id: str, seat: int, nickname: str) -> None:
    """A player's seat shows another name (a teacher renamed them; "" when a removed student's
    name must go: pages then say "Player 2"). Every open page of the match redraws."""
    nickname = _checked_nickname(nickname)
    with transaction.atomic():
        match = _locked(match_id)
        if not match.seat_set.filter(number=seat, kind=Seat.Kind.HUMAN).update(nickname=nickname):
            return  # a bot or an open seat now: nothing of the old name is shown there
        _bump(match)
    _notify_on_commit(match_id)


def match_close(*, match_id: str, reason: str) -> bool:
    """Finish a match that is still going, with no winner (a class session ends, a table
    restarts). Its log stays as it was, so its replay ends at its last real move. Returns False
    when it had already finished."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status == Match.Status.FINISHED:
            return False
        result = {"winners": [], "scores": [], "reason": reason, "closed": True}
        if match.state is not None:
            match.state = {**match.state, "result": result}
        match.result = result
        match.status = Match.Status.FINISHED
        match.changed_at = timezone.now()
        match.save(update_fields=["state", "result", "status", "changed_at"])
        log_compact(match_id=match.pk, version=match.version)
    _notify_on_commit(match_id)
    return True


def matches_delete(*, match_ids: list[str]) -> int:
    """Delete matches with their seats and move logs (retention of a class's data), and the card
    sets no match uses any more. Returns how many matches went."""
    deleted, by_model = Match.objects.filter(pk__in=list(match_ids)).delete()
    if deleted:
        card_sets_delete_unused()
    return by_model.get(Match._meta.label, 0)


def _check_host(match: Match, token: str | None) -> None:
    if match.status != Match.Status.WAITING:
        raise MatchError(_("This game has already started."), status=409, code="started")
    host = match.seat_set.filter(number=0).first()
    if host is None or not host.token_matches(token):
        raise MatchError(_("Only the player who made the table can do that."), status=403, code="forbidden")


def _locked(match_id: str) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except (Match.DoesNotExist, ValueError):
        raise MatchError(_("There is no game with that address."), status=404, code="no_match") from None


def _bump(match: Match) -> None:
    """Lobby changes count as changes too, so open pages know to redraw."""
    Match.objects.filter(pk=match.pk).update(changed_at=timezone.now())


# ----- moves -----------------------------------------------------------------------------------


def match_submit_action(
    *,
    match_id: str,
    seat: int | None,
    action: dict,
    token: str | None = None,
    trusted: bool = False,
    received_at: datetime | None = None,
) -> tuple[Match, list[dict]]:
    """Apply one move. `trusted` is for the server's own bots and timers; everyone else must
    hold the seat's token. Raises MatchError (never changes anything) when the move is refused."""
    received_at = received_at or timezone.now()
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MatchError(_("That move doesn't make sense."), code="malformed")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise MatchError(_("That seat isn't at this table."), code="bad_seat")
    with transaction.atomic():
        match = _locked(match_id)
        # The owner's move gate (a paused class session: bots and timers wait too); the locked
        # match names its owner, so a public match asks nobody.
        refusal = move_refusal(match)
        if refusal:
            raise MatchError(refusal, status=409, code="paused")
        if seat is None and not trusted:
            raise MatchError(_("Only the table itself can do that."), status=403, code="forbidden")
        # Every seat in one read: the token check uses it, and so do the redraws after the move.
        seats = list(match.seat_set.all())
        if seat is not None and not trusted:
            seat_check_token(match=match, seat=seat, token=token, seats=seats)
        if match.status == Match.Status.WAITING:
            raise MatchError(_("The game hasn't started yet."), status=409, code="not_started")
        if match.status == Match.Status.FINISHED:
            raise MatchError(_("This game is over."), status=409, code="game_over")
        engine = get_engine(match.game)
        state = match_state(match=match)
        # Real-time games may still count a move made against a slightly older version (a
        # second slap on the same flip); it is logged as rebased, so replays see what was judged.
        # A stale version is refused by engine.apply itself, with the game's own words
        # ("Too late! That pile was already chomped.").
        action = engine.rebase_action(state, seat, action)
        if match.tutorial and (hint := _coach_refusal(match, engine, state, seat, action)) is not None:
            raise MatchError(say(hint, viewer=seat, cards=match.cards), status=409, code="coach")
        try:
            new_state, events = engine.apply(state, seat, action)
        except IllegalAction as error:
            status = 409 if error.code in ("stale", "game_over") else 400
            raise MatchError(say(error.text, viewer=seat), status=status, code=error.code) from None
        dumped = engine.dump({k: v for k, v in new_state.items() if k != "cards"})
        result = engine.result(new_state)
        fields = {
            "state": dumped,
            "version": new_state["version"],
            "changed_at": timezone.now(),
            "result": result,
            "status": Match.Status.FINISHED if result is not None else Match.Status.PLAYING,
        }
        # The version check: a second writer that slipped past the lock changes nothing.
        if not Match.objects.filter(pk=match.pk, version=match.version).update(**fields):
            raise MatchError(_("The game moved on before your move arrived."), status=409, code="stale")
        MatchAction.objects.create(
            match=match,
            index=match.version,  # every logged move bumps the version by one from 0 at the deal
            seat=seat,
            action=action,
            events=events,
            received_at=received_at,
        )
        for name, value in fields.items():
            setattr(match, name, value)
        if result is not None:
            # A replay recomputes the rest; the feed's moves keep their events.
            log_compact(match_id=match.pk, version=match.version)
    announce_on_commit(
        MatchChange(
            match_id=match.pk,
            version=match.version,
            changed_at=match.changed_at,
            seat=seat,
            rows=(_as_stored(match), seats),
        )
    )
    return match, events


def _coach_refusal(match: Match, engine: Engine, state: dict, seat: int | None, action: dict):
    """A tutorial's coach refuses the learner's moves it isn't teaching now (its hint), or None."""
    lesson = tutorial_for(match.game)
    if lesson is None or seat != LEARNER:
        return None
    return refusal(lesson, engine, state, seat, action)


def _as_stored(match: Match) -> Match:
    """A copy of the match exactly as a fresh read would give it (its JSON fields round-tripped
    through the JSON they are stored as), for renders that skip the read."""
    stored = copy.copy(match)
    stored.state = json.loads(json.dumps(match.state))
    stored.result = json.loads(json.dumps(match.result))
    return stored


def _notify_on_commit(match_id: str) -> None:
    """A deal or a lobby change: announce it once committed (subscribers read what they need)."""
    announce_on_commit(MatchChange(match_id=match_id))


# ----- replays ---------------------------------------------------------------------------------


def match_replay(*, match: Match) -> list[tuple[dict, MatchAction | None]]:
    """Every state of a match from the deal to its last move, rebuilt from its log alone:
    [(state, the move that led to it)]. A logged move whose events were dropped (games.match_log)
    gets the events the replay computed."""
    engine = get_engine(match.game)
    records = list(match.cards.values()) or None
    state = engine.new_state(
        match.seats, seed=match.seed, options=match.options, deck=match.deck, cards=records
    )
    states: list[tuple[dict, MatchAction | None]] = [(state, None)]
    for logged in match.actions.all():
        state, events = engine.apply(state, logged.seat, logged.action)
        if not logged.events:  # a finished match's log keeps only its last moves' events
            logged.events = events
        states.append((state, logged))
    return states


def match_replays_to_stored_state(*, match: Match) -> bool:
    states = match_replay(match=match)
    final = states[-1][0]
    engine = get_engine(match.game)
    return engine.dump({k: v for k, v in final.items() if k != "cards"}) == match.state


def games_catalog() -> list[dict]:
    """Every game, in the catalogue's order (the registry's): its name, summary and engine."""
    return [
        {"engine": get_engine(slug), "name": game_name(slug), "summary": game_summary(slug), "slug": slug}
        for slug in catalog_slugs()
    ]
