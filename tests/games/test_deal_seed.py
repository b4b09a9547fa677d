"""GAMES_DEAL_SEED (tests and demos): deals, bot choices and class seating follow a fixed seed,
so a test plays the same game whatever ran before it; unset, every deal is new."""

from __future__ import annotations

import pytest

from classroom import services as classroom
from classroom.models import TableMatch
from games import scheduler, services
from games.models import MatchAction
from games.services import SeatSpec
from tests.classroom.conftest import duel_session, make_teacher

pytestmark = pytest.mark.django_db

ANA_AND_A_BOT = [SeatSpec(kind="human", nickname="Ana"), SeatSpec(kind="bot", bot_level="beginner")]


@pytest.fixture(autouse=True)
def _fixed_deals(settings):
    settings.GAMES_SCHEDULER = False  # the tests drive the bots themselves
    settings.GAMES_DEAL_SEED = "1"


def _match(game="duel", seats=ANA_AND_A_BOT, **kwargs):
    return services.match_create(game=game, seats=list(seats), **kwargs)


def test_the_same_game_at_the_same_seats_gets_the_same_deal_whatever_came_before():
    first, _ = _match()
    _match(game="food-war", seats=[SeatSpec(kind="human", nickname="Bo"), ANA_AND_A_BOT[1]])  # deals between
    _match(seats=[SeatSpec(kind="human", nickname="Cy"), ANA_AND_A_BOT[1]])
    second, _ = _match(options={"rounds_to_win": 3})  # the default, spelled out: the same options
    assert first.pk != second.pk
    assert first.seed == second.seed and 1 <= first.seed < 2**53
    assert first.state == second.state


ANA_AND_AN_OPEN_SEAT = [ANA_AND_A_BOT[0], SeatSpec(kind="open")]


@pytest.mark.parametrize(
    ("base", "changed"),
    [
        ({}, {"seats": [SeatSpec(kind="human", nickname="Ben"), ANA_AND_A_BOT[1]]}),
        ({}, {"seats": list(reversed(ANA_AND_A_BOT))}),
        ({}, {"seats": [ANA_AND_A_BOT[0], SeatSpec(kind="bot", bot_level="strong")]}),
        ({}, {"game": "food-war"}),
        ({}, {"options": {"rounds_to_win": 1}}),
        ({"seats": ANA_AND_AN_OPEN_SEAT}, {"seats": ANA_AND_AN_OPEN_SEAT, "deck": ["apple", "kale"]}),
    ],
    ids=["nickname", "seat-order", "bot-level", "game", "options", "stacked-deck"],
)
def test_a_different_table_gets_a_different_deal(base, changed):
    assert _match(**changed)[0].seed != _match(**base)[0].seed


def test_another_setting_value_deals_differently(settings):
    base, _ = _match()
    settings.GAMES_DEAL_SEED = "2"
    assert _match()[0].seed != base.seed


def test_play_again_deals_anew_and_the_same_way_every_time():
    games = [_match() for _ in range(2)]
    agains = []
    for match, tokens in games:
        services.match_close(match_id=match.pk, reason="test")
        agains.append(services.match_play_again(match_id=match.pk, token=tokens[0]))
    (first, _), (again, again_tokens) = games[0], agains[0]
    assert again.seed != first.seed and again.state != first.state
    assert again.seed == agains[1][0].seed and again.state == agains[1][0].state
    services.match_close(match_id=again.pk, reason="test")
    third, _ = services.match_play_again(match_id=again.pk, token=again_tokens[0])
    assert third.seed not in (first.seed, again.seed)


@pytest.mark.parametrize("unset", [None, ""])
def test_without_the_setting_every_deal_is_new(settings, unset):
    settings.GAMES_DEAL_SEED = unset
    seeds = {_match()[0].seed for _ in range(5)}
    assert len(seeds) == 5


@pytest.mark.parametrize("fixed", [True, False])
def test_bots_choose_from_the_deal_not_the_match_address(settings, fixed):
    """Two bot-only games dealt the same play the same moves (the bots' choices follow the seed
    and version, never the random match id), with the setting or with a seed given."""
    settings.GAMES_DEAL_SEED = "1" if fixed else None
    bots = [SeatSpec(kind="bot", bot_level="beginner")] * 2
    logs = []
    for _ in range(2):
        match, _tokens = _match(seats=bots, seed=None if fixed else 99)
        assert scheduler.bots_play(match_id=match.pk) > 10
        logs.append(
            list(MatchAction.objects.filter(match=match).order_by("index").values_list("seat", "action"))
        )
    assert logs[0] == logs[1]


def _class_tables(teacher, names):
    session = duel_session(teacher)
    for name in names:
        classroom.student_join(session=session, nickname=name, device=f"{name}-{session.pk}")
    classroom.session_start(session=session)
    return session, _seating(session)


def _seating(session):
    tables = TableMatch.objects.filter(session=session, current=True).order_by("table")
    return [
        (table.table, table.match.seed, [seat.student.nickname for seat in table.seats.order_by("seat")])
        for table in tables
    ]


def test_a_class_is_seated_and_dealt_the_same_way_whoever_joined_first():
    names = ["Ana", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal"]
    teacher = make_teacher()
    session, seating = _class_tables(teacher, names)
    other, other_seating = _class_tables(teacher, list(reversed(names)))
    assert seating == other_seating
    assert len({seed for _table, seed, _names in seating}) == 4
    # A table's new game is a new deal, the same one in both classes.
    again = classroom.table_restart(session=session, table=1).match.seed
    assert again == classroom.table_restart(session=other, table=1).match.seed
    assert again != seating[0][1]


def test_without_the_setting_classes_are_seated_at_random(settings):
    settings.GAMES_DEAL_SEED = None
    names = ["Ana", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal"]
    teacher = make_teacher()
    seatings = [[seated for _t, _s, seated in _class_tables(teacher, names)[1]] for _ in range(3)]
    assert len({repr(seating) for seating in seatings}) > 1
