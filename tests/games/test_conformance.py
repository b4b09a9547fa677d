"""Every registered engine keeps the engine contract (docs/engines.md).

Parametrised over games.engines.ENGINES, so each game joins as soon as it registers: with its
fewest and most seats and each non-default option choice. Random bots play whole games through
the bots' driver (real-time games and table timers included) and every step is checked:

- the game finishes (within MAX_MOVES moves) and nobody is ever stuck without a result;
- cards are conserved: engine.all_cards keeps the same multiset from the deal to the end;
- dump/load and a JSON round trip give back the same state, at every step;
- apply never mutates its input;
- no seat's view (nor a spectator's) contains a card that seat must not see (events are checked
  per game: a generic check cannot tell a card a move showed and then shuffled away from a leak);
- on sampled steps: every legal action applies without error; a stale version, a wrong seat, an
  action not in legal_actions and garbage all raise IllegalAction and leave the state unchanged;
- replaying the action log from (seats, seed, options, deck) gives back the final state exactly;
- every registered bot level only ever chooses legal actions;
- everything the game says (events, statuses, zones, buttons, refusals, results) renders for
  every seat allowed to read it, speaks to a seat it names as "you" (tests/games/words.py) and
  is in the catalogue makemessages builds, so it can be translated.

Seeds come from hypothesis (one drawn example per case, plus a fixed one) to keep the whole suite
for ten games at a minute or two. A deck whose data file is missing fails loudly, except the Eat
Right deck, which is being generated: until foodcards/data/eat-right.json exists, the Eat Right
games run on SYNTHETIC_EAT_RIGHT below and their test ids say "synthetic".
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.bots import RandomBot, bot_levels, get_bot
from games.bots.base import Bot
from games.bots.driver import next_move, play_game
from games.engines import ENGINES
from games.engines.base import IllegalAction, strings_in
from games.engines.cards import DATA_DIR
from tests.games.words import Words, catalogue_ids

MAX_MOVES = 20_000  # a random playout that has not ended by then counts as never ending
DEEP_STEPS = 12  # steps per playout that get every legal action applied and the refusal checks
MAX_ACTIONS_TRIED = 120  # per deep step, a seeded sample when there are more legal actions
# The card records make a dump big (nutrition facts), so every step round-trips the state with
# the records left out, and the whole state (records included) every FULL_ROUND_TRIP_EVERY steps
# and at the end.
FULL_ROUND_TRIP_EVERY = 50
GARBAGE_VALUES = (None, -1, 10**9, "no-such-thing", "", [], {}, 3.5, True)

SEED_SETTINGS = settings(
    max_examples=1,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _synthetic_eat_right() -> list[dict]:
    """A stand-in Eat Right deck (fields per docs/engines.md) for while the real one is missing:
    26 Snack Attack cards (fruit, veggie with broccoli and spinach, junk with Sugar Shock, and
    Exhilarating Exercise) plus grains, meat and dairy."""

    def record(card_id, category, special=None, value=5, vitamin_power=5, calories=100, groups=None):
        return {
            "id": card_id,
            "name": card_id.replace("-", " ").title(),
            "category": category,
            "special": special,
            "groups": groups or {},
            "calories": calories,
            "vitamin_power": vitamin_power,
            "value": value,
            "snack_attack": category in {"fruit", "veggie", "junk", "exercise"},
            "in_play": True,
        }

    cards = []
    for i in range(8):
        cards.append(record(f"fruit-{i}", "fruit", value=6 + i % 4, vitamin_power=5 + i, groups={"fruit": 1}))
    for i in range(6):
        cards.append(
            record(f"veggie-{i}", "veggie", value=7 + i % 3, vitamin_power=6 + i, groups={"veggie": 1})
        )
    cards.append(record("broccoli", "veggie", "broccoli", value=9, vitamin_power=10, groups={"veggie": 1}))
    cards.append(record("spinach", "veggie", "spinach", value=9, vitamin_power=10, groups={"veggie": 1}))
    for i in range(8):
        cards.append(record(f"junk-{i}", "junk", value=1 + i % 3, vitamin_power=0, calories=250 + 20 * i))
    cards.append(record("sugar-shock", "junk", "sugar-shock", value=0, vitamin_power=0, calories=400))
    cards.append(
        record("exhilarating-exercise", "exercise", "exercise", value=8, vitamin_power=0, calories=-200)
    )
    for i in range(8):
        cards.append(
            record(f"grains-{i}", "grains", value=4 + i % 5, calories=150 + 10 * i, groups={"grains": 2})
        )
    for i in range(6):
        cards.append(record(f"meat-{i}", "meat", value=5 + i % 4, calories=200 + 15 * i, groups={"meat": 1}))
    for i in range(6):
        cards.append(
            record(f"dairy-{i}", "dairy", value=5 + i % 3, calories=120 + 10 * i, groups={"dairy": 1})
        )
    return cards


SYNTHETIC_EAT_RIGHT = _synthetic_eat_right()


def _deck_records(engine) -> list[dict] | None:
    """None = the shipped deck file; the synthetic Eat Right deck while that file is missing."""
    if (DATA_DIR / f"{engine.deck_slug}.json").exists():
        return None
    if engine.deck_slug == "eat-right":
        return SYNTHETIC_EAT_RIGHT
    pytest.fail(f"{engine.slug}: its deck file foodcards/data/{engine.deck_slug}.json is missing.")


def _deck_label(engine) -> str:
    exists = (DATA_DIR / f"{engine.deck_slug}.json").exists()
    return "" if exists or engine.deck_slug != "eat-right" else "-synthetic"


def _cases() -> list:
    cases = []
    for slug, engine in ENGINES.items():
        label = _deck_label(engine)
        for seats in sorted({engine.min_seats, engine.max_seats}):
            cases.append(pytest.param(slug, seats, {}, id=f"{slug}-{seats}seats{label}"))
        for option in engine.options:
            for value, _ in option.choices:
                if value != option.default:
                    case_id = f"{slug}-{option.name}={value}{label}"
                    cases.append(pytest.param(slug, engine.min_seats, {option.name: value}, id=case_id))
    return cases


CASES = _cases()
SLUGS = [pytest.param(slug, id=slug) for slug in ENGINES]
BOT_CASES = [
    pytest.param(slug, level, id=f"{slug}-{level}") for slug in ENGINES for level in bot_levels(slug)
]


# ----- checks -----------------------------------------------------------------------------------


def _check_round_trips(engine, state, *, with_records=True) -> None:
    if not with_records:
        state = {**state, "cards": {}}
    dumped = engine.dump(state)
    assert engine.load(dumped) == state, "dump/load changed the state"
    assert engine.load(json.loads(json.dumps(dumped))) == state, "a JSON round trip changed the state"


def _check_views(engine, state, *, as_json=False) -> None:
    for seat in [None, *range(state["seats"])]:
        view = engine.view(state, seat)
        if as_json:
            assert json.loads(json.dumps(view)) == view, "a view must be plain JSON"
        leaked = strings_in(view) & set(engine.hidden_cards(state, seat))
        assert not leaked, f"seat {seat} can see hidden cards {sorted(leaked)}"


def _check_movers(engine, state) -> None:
    movers = engine.to_move(state)
    assert movers <= {None, *range(state["seats"])}, f"to_move has strange seats: {movers}"
    for seat in [None, *range(state["seats"])]:
        legal = engine.legal_actions(state, seat)
        if seat not in movers:
            assert legal == [], f"seat {seat} is not to move but has legal actions"
        for action in legal:
            assert action["version"] == state["version"]
            assert action["type"] in engine.action_fields, f"declare {action['type']!r} in action_fields"
            engine.check_action(action)  # each field of the kind action_fields says
            json.dumps(action)


class _Frozen:
    """A cheap snapshot of a state to prove it did not change: the card records (big, never
    mutated, shared between copies) must be the same object and are compared by content once
    at the end of a playout; everything else is compared as JSON."""

    def __init__(self, state):
        self.state = state
        self.cards = state.get("cards")
        self.rest = _json_without_cards(state)

    def unchanged(self) -> bool:
        return self.state.get("cards") is self.cards and _json_without_cards(self.state) == self.rest


def _json_without_cards(state) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "cards"}, sort_keys=True)


def _assert_refused(engine, state, seat, action, words: Words | None = None) -> None:
    before = _Frozen(state)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, seat, action)
    assert refused.value.message, "an IllegalAction needs a message for the player"
    assert before.unchanged(), f"a refused move {action!r} changed the state"
    if words is not None:
        words.refusal(refused.value)


def _check_every_legal_action(engine, state, rng: random.Random) -> None:
    before = _Frozen(state)
    for seat in engine.to_move(state):
        legal = engine.legal_actions(state, seat)
        tried = legal if len(legal) <= MAX_ACTIONS_TRIED else rng.sample(legal, MAX_ACTIONS_TRIED)
        for action in tried:
            new, events = engine.apply(state, seat, action)
            assert new["version"] == state["version"] + 1
            assert isinstance(events, list)
            json.dumps(events)
        assert before.unchanged(), f"applying a legal action of seat {seat} changed its input"


def _check_refusals(engine, state, rng: random.Random, words: Words) -> None:
    movers = engine.to_move(state)
    seats = state["seats"]
    version = state["version"]
    for seat in movers:
        legal = engine.legal_actions(state, seat)
        for action in rng.sample(legal, min(3, len(legal))):
            # a stale (or future) version
            _assert_refused(engine, state, seat, {**action, "version": version - 1}, words)
            _assert_refused(engine, state, seat, {**action, "version": version + 1}, words)
            # the wrong seat, a seat not at the table, the table when it may not act
            for other in [s for s in range(seats) if s not in movers][:2]:
                _assert_refused(engine, state, other, action, words)
            _assert_refused(engine, state, seats, action, words)
            _assert_refused(engine, state, -1, action, words)
            if None not in movers:
                _assert_refused(engine, state, None, action, words)
            # the same action with one field spoiled, dropped, or an extra field
            for key in [k for k in action if k not in ("version", "type")]:
                for garbage in GARBAGE_VALUES:
                    spoiled = {**action, key: garbage}
                    if spoiled not in legal:
                        _assert_refused(engine, state, seat, spoiled, words)
                dropped = {k: v for k, v in action.items() if k != key}
                if dropped not in legal:
                    _assert_refused(engine, state, seat, dropped, words)
            extra = {**action, "zz_extra": 1}
            _assert_refused(engine, state, seat, extra, words)
        for garbage in ("nonsense", None, [], {}, {"type": 7, "version": version}):
            _assert_refused(engine, state, seat, garbage, words)
        _assert_refused(engine, state, seat, {"type": "no-such-move", "version": version}, words)


class _CheckedBot(Bot):
    """Wraps a bot and fails the test if it ever picks an action that is not legal."""

    def __init__(self, inner: Bot):
        super().__init__(game=inner.game, level=inner.level, label=inner.label)
        self.inner = inner

    def choose(self, view, legal, rng):
        chosen = self.inner.choose(view, legal, rng)
        assert chosen is None or chosen in legal, f"{self.level} bot chose {chosen!r}, not a legal action"
        return chosen

    def reaction_ms(self, view, rng):
        return self.inner.reaction_ms(view, rng)


def _playout(
    engine, seats, seed, options, cards, *, deck=None, deep=True, light=False, bots=None, known=None
):
    """Plays one game with bots, checking every step (light: only card conservation and the
    end). `known`: the message ids a catalogue has (default: the project's). Returns (final
    state, action log)."""
    state = engine.new_state(seats, seed=seed, options=options, deck=deck, cards=cards)
    records = copy.deepcopy(state["cards"])
    deck_cards = Counter(engine.all_cards(state))
    assert deck_cards, "the game has no cards"
    bots = bots or {seat: RandomBot(game=engine.slug) for seat in range(seats)}
    rng = random.Random(f"conformance/{engine.slug}/{seed}")
    log: list[tuple[int | None, dict]] = []
    words = Words(seats)
    deep_steps = set(range(DEEP_STEPS // 2))
    while engine.result(state) is None:
        assert len(log) < MAX_MOVES, f"{engine.slug}: no result after {MAX_MOVES} random moves"
        assert Counter(engine.all_cards(state)) == deck_cards, "a card was created or lost"
        if not light:
            _check_round_trips(engine, state, with_records=len(log) % FULL_ROUND_TRIP_EVERY == 0)
            _check_views(engine, state)
            _check_movers(engine, state)
        if deep and (len(log) in deep_steps or rng.random() < 0.02) and len(deep_steps) < 10 * DEEP_STEPS:
            deep_steps.add(len(log))
            _check_views(engine, state, as_json=True)
            _check_every_legal_action(engine, state, rng)
            _check_refusals(engine, state, rng, words)
            for seat in [None, *range(seats)]:
                words.view(engine.view(state, seat), seat)
                words.actions(engine, state, seat, engine.legal_actions(state, seat))
        move = next_move(engine, state, bots, rng)
        assert move is not None, f"{engine.slug}: nobody can move and there is no result"
        seat, action = move
        before = _Frozen(state)
        new_state, events = engine.apply(state, seat, action)
        assert before.unchanged(), "apply changed its input"
        if not light:
            for said in events:
                words.text(said["text"], to=said["to"], where=f"event after {action['type']}")
        state = new_state
        log.append((seat, action))
    # the finished game
    assert state["cards"] == records, "the card records were changed"
    assert Counter(engine.all_cards(state)) == deck_cards, "a card was created or lost"
    _check_round_trips(engine, state)
    _check_views(engine, state)
    result = engine.result(state)
    assert set(result) >= {"winners", "scores", "reason"}
    assert all(isinstance(w, int) and 0 <= w < seats for w in result["winners"])
    assert len(result["scores"]) == seats
    assert engine.to_move(state) == set()
    for seat in range(seats):
        _assert_refused(engine, state, seat, {"type": "anything", "version": state["version"]}, words)
    words.text(result["reason"], where="result")
    for seat in [None, *range(seats)]:
        words.view(engine.view(state, seat), seat)
    unknown = words.unknown(known)
    assert not unknown, f"not in the catalogue (mark them with gettext_noop): {sorted(unknown)}"
    return state, log


def _replay(engine, seats, seed, options, cards, log, deck=None):
    state = engine.new_state(seats, seed=seed, options=options, deck=deck, cards=cards)
    for seat, action in log:
        state, _ = engine.apply(state, seat, action)
    return state


# ----- the tests --------------------------------------------------------------------------------


def test_there_are_engines_to_check():
    assert ENGINES, "no engine registered (games/engines/registry.py, GAME_MODULES)"


@pytest.mark.parametrize("slug", SLUGS)
def test_engine_describes_itself(slug):
    engine = ENGINES[slug]
    assert engine.slug == slug
    assert engine.title.strip(), "every engine needs a one-sentence title"
    assert 1 <= engine.min_seats <= engine.max_seats
    assert engine.deck_slug in {"eat-right", "chomp", "appetite", "snack-wars"}
    assert engine.name.strip(), "every engine needs a name (a message id)"
    said = {engine.name, engine.title, *engine.action_words.values()}
    for option in engine.options:
        assert option.label.strip()
        assert option.clean(None) == option.default
        said |= {option.label, *(label for _value, label in option.choices)} | ({option.help} - {""})
    missing = said - catalogue_ids()
    assert not missing, f"not in the catalogue (mark them with gettext_noop): {sorted(missing)}"
    levels = bot_levels(slug)
    assert "beginner" in levels and "strong" in levels, f"{slug} needs beginner and strong bots: {levels}"


@pytest.mark.parametrize("slug", SLUGS)
def test_bad_seat_counts_and_options_are_refused(slug):
    engine = ENGINES[slug]
    cards = _deck_records(engine)
    for seats in (engine.min_seats - 1, engine.max_seats + 1):
        with pytest.raises(IllegalAction):
            engine.new_state(seats, seed=1, cards=cards)
    with pytest.raises(IllegalAction):
        engine.new_state(engine.min_seats, seed=1, options={"no_such_option": 1}, cards=cards)


@pytest.mark.parametrize(("slug", "seats", "options"), CASES)
@SEED_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**31))
@example(seed=1)
def test_random_playout_keeps_the_contract(slug, seats, options, seed):
    engine = ENGINES[slug]
    cards = _deck_records(engine)
    final, log = _playout(engine, seats, seed, options, cards)
    assert _replay(engine, seats, seed, options, cards, log) == final, "replaying the log gave another state"


@pytest.mark.parametrize("slug", SLUGS)
def test_replay_with_a_stacked_deck_reproduces_the_game(slug):
    engine = ENGINES[slug]
    cards = _deck_records(engine)
    seats = engine.min_seats
    dealt = engine.new_state(seats, seed=5, cards=cards)
    deck = sorted(set(engine.all_cards(dealt)), reverse=True)
    final, log = _playout(engine, seats, 5, {}, cards, deck=deck, deep=False)
    assert _replay(engine, seats, 5, {}, cards, log, deck=deck) == final
    assert _replay(engine, seats, 5, {}, cards, log, deck=deck) == _replay(
        engine, seats, 5, {}, cards, log, deck=deck
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_same_seed_same_game(slug):
    engine = ENGINES[slug]
    cards = _deck_records(engine)
    bots = {seat: RandomBot(game=slug) for seat in range(engine.max_seats)}
    first = play_game(engine, bots, seats=engine.max_seats, seed=11, cards=cards, max_moves=MAX_MOVES)
    second = play_game(engine, bots, seats=engine.max_seats, seed=11, cards=cards, max_moves=MAX_MOVES)
    assert first.state == second.state and first.log == second.log


@pytest.mark.parametrize(("slug", "level"), BOT_CASES)
def test_bots_only_choose_legal_actions(slug, level):
    engine = ENGINES[slug]
    cards = _deck_records(engine)
    for seats in sorted({engine.min_seats, engine.max_seats}):
        # the level in every seat, then the level against beginners
        for mixed in (False, True):
            bots = {
                seat: _CheckedBot(get_bot(slug, "beginner" if mixed and seat % 2 else level))
                for seat in range(seats)
            }
            _playout(engine, seats, 3 + seats, {}, cards, deep=False, light=True, bots=bots)


_MID_GAME: dict[str, dict] = {}


def _mid_game(slug):
    """A state some random moves into a game (cached: apply never changes its input)."""
    if slug not in _MID_GAME:
        engine = ENGINES[slug]
        state = engine.new_state(engine.max_seats, seed=21, cards=_deck_records(engine))
        bots = {seat: RandomBot(game=slug) for seat in range(engine.max_seats)}
        rng = random.Random(21)
        for _ in range(15):
            move = next_move(engine, state, bots, rng)
            if move is None or engine.result(state) is not None:
                break
            state, _ = engine.apply(state, *move)
        _MID_GAME[slug] = state
    return _MID_GAME[slug]


@functools.cache
def _mid_game_moves(slug) -> tuple[list[dict], list[str], list[str]]:
    """The mid-game state's legal actions (every seat's), their types and their fields besides
    type and version. Cached: the same for each of the test's examples."""
    engine, state = ENGINES[slug], _mid_game(slug)
    listed = [action for seat in engine.to_move(state) for action in engine.legal_actions(state, seat)]
    types = sorted({action["type"] for action in listed}) or ["none"]
    fields = sorted({key for action in listed for key in action if key not in ("type", "version")})
    return listed, types, fields


JSON_SCALARS = st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=10)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_made_up_actions_are_refused_unless_listed(slug, data):
    """Made-up moves (real move types and field names with any values, or anything at all) from
    any seat either are exactly one of that seat's legal actions, or raise IllegalAction and
    change nothing."""
    engine = ENGINES[slug]
    state = _mid_game(slug)
    seats = state["seats"]
    listed, types, fields = _mid_game_moves(slug)
    seat = data.draw(st.sampled_from([None, *range(seats), seats, -1]), label="seat")
    if data.draw(st.booleans(), label="anything at all"):
        action = data.draw(JSON_VALUES, label="action")
    else:
        action = {
            "type": data.draw(st.sampled_from(types) | st.text(max_size=8), label="type"),
            "version": data.draw(st.sampled_from([state["version"], state["version"] - 1]) | st.integers()),
        }
        for key in (
            data.draw(st.lists(st.sampled_from(fields), unique=True), label="fields") if fields else []
        ):
            pool = [a[key] for a in listed if key in a]
            action[key] = data.draw(st.sampled_from(pool) | JSON_VALUES, label=key)
    frozen = _Frozen(state)
    try:
        engine.apply(state, seat, action)
    except IllegalAction as refused:
        assert refused.message
        assert frozen.unchanged(), f"a refused move {action!r} changed the state"
        return
    assert action in engine.legal_actions(state, seat), (
        f"{action!r} from seat {seat} was accepted but not listed"
    )
    assert frozen.unchanged()
