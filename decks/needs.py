"""Does a deck work for each Eat Right game, and for a meal-balance lesson? Plain answers.

The rules are the engines' own, asked rather than copied: a game deals the deck at every table size
it allows (`engine.new_state(seats, cards=records)`), and its refusal ("Build-A-Meal needs at least
17 cards for 2 players.") is the answer; `engine.deck_for` says which cards a game plays with
(Snack Attack: fruit, veggie, junk and exercise; Duel leaves Broccoli and Spinach out). Two needs
no engine refuses are checked here, from the engines' constants: Snack Attack's rule-book store of
exactly BOOK_DECK_SIZE cards, and Food War dealing at least one card to every player. Build-A-Meal
and a lesson also need cards that can make a balanced meal (nutrition.meals, the one meal check).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.catalog import catalog_slugs, game_name
from games.engines import IllegalAction, get_engine
from games.engines.base import Engine
from games.engines.snack_attack import BOOK_DECK_SIZE
from games.messages import say
from nutrition.meals import (
    BOOK_RULES,
    LESSON_RULES,
    MealRules,
    check_meal,
    is_exercise,
    lightest_balanced_meal,
)

DECK_SLUG = "eat-right"
LESSON = "lesson"
LESSON_PLATE_CARDS = 12  # classroom.lessons: a plate holds at most 12 cards
SEED = 1  # any seed: whether a deck deals does not depend on the shuffle


@dataclass(frozen=True)
class DeckCheck:
    """What one game (or a lesson) makes of a deck."""

    key: str  # the game's slug, or "lesson"
    title: str
    ok: bool
    message: str
    seats: tuple[int, ...] = ()  # the table sizes the deck plays at


def eat_right_games() -> list[str]:
    """The games played with Eat Right cards, in the catalogue's order."""
    return [slug for slug in catalog_slugs() if get_engine(slug).deck_slug == DECK_SLUG]


def _usable(engine: Engine, records: list[dict]) -> list[dict]:
    state = {"options": engine.clean_options(None), "cards": {r["id"]: r for r in records}}
    return engine.deck_for(state, records)


def _you_have(sentence: str, count: int) -> str:
    """ "Duel needs at least 6 cards." + 4 -> "Duel needs at least 6 cards: you have 4." """
    return _("%(needs)s: you have %(count)s.") % {"needs": sentence.rstrip(". "), "count": count}


def _left_out_specials(engine: Engine, records: list[dict], usable: list[dict]) -> list[str]:
    """Special cards in play that this game leaves out (Duel: Broccoli and Spinach)."""
    kept = {card["id"] for card in usable}
    return [
        card.get("name", card["id"])
        for card in records
        if card.get("in_play", True) and card.get("special") and card["id"] not in kept
    ]


def _refusal(engine: Engine, records: list[dict], usable: list[dict], seats: int) -> str | None:
    """Why this game can't be played with the deck at a table of `seats` (None: it can)."""
    if engine.slug == "snack-attack" and len(usable) != BOOK_DECK_SIZE:
        return _(
            "Snack Attack needs exactly %(n)s fruit, veggie, junk and exercise cards: you have %(count)s."
        ) % {
            "n": BOOK_DECK_SIZE,
            "count": len(usable),
        }
    try:
        state = engine.new_state(seats, seed=SEED, cards=records)
    except IllegalAction as error:
        return _you_have(say(error.text), len(usable))
    if engine.slug == "food-war" and len(usable) < seats:
        return _(
            "Food War deals every card, at least one to each player: %(seats)s players need "
            "%(seats)s cards, you have %(count)s."
        ) % {"seats": seats, "count": len(usable)}
    if engine.result(state) is not None:
        return _("%(game)s would be over before anyone plays.") % {"game": game_name(engine.slug)}
    return None


def fit_refusal(slug: str, records: list[dict], seats: int) -> str | None:
    """Why the game `slug` can't be dealt from these cards at a table of `seats` (None: it can)."""
    engine = get_engine(slug)
    usable = _usable(engine, records)
    refusal = _refusal(engine, records, usable, seats)
    if refusal is None and slug == "build-a-meal" and _balanced_meal(usable, BOOK_RULES) is None:
        return _("Build-A-Meal needs cards that make a balanced meal.") + " " + _meal_words()
    return refusal


def _players(seats: list[int]) -> str:
    if len(seats) == 1:
        return ngettext("%(n)s player", "%(n)s players", seats[0]) % {"n": seats[0]}
    return _("%(low)s to %(high)s players") % {"low": seats[0], "high": seats[-1]}


def game_check(slug: str, records: list[dict]) -> DeckCheck:
    """What the game `slug` makes of a deck, at every table size it allows."""
    engine = get_engine(slug)
    title = game_name(slug)
    usable = _usable(engine, records)
    refusals = {
        seats: _refusal(engine, records, usable, seats)
        for seats in range(engine.min_seats, engine.max_seats + 1)
    }
    playable = [seats for seats, refusal in refusals.items() if refusal is None]
    left_out = _left_out_specials(engine, records, usable)
    note = (
        " " + _("(%(game)s leaves out %(cards)s.)") % {"game": title, "cards": ", ".join(left_out)}
        if left_out
        else ""
    )
    if not playable:
        return DeckCheck(slug, title, False, refusals[engine.min_seats] + note)
    if slug == "build-a-meal" and _balanced_meal(usable, BOOK_RULES) is None:
        return DeckCheck(
            slug, title, False, _("Build-A-Meal needs cards that make a balanced meal.") + " " + _meal_words()
        )
    message = _("Ready for %(players)s, with %(count)s cards.") % {
        "players": _players(playable),
        "count": len(usable),
    }
    missing = [seats for seats in refusals if seats not in playable]
    if missing:
        message += " " + refusals[missing[0]]
    return DeckCheck(slug, title, True, message + note, tuple(playable))


def _meal_words(rules: MealRules = BOOK_RULES) -> str:
    return _(
        "A balanced meal has %(grains)s grain servings, %(fruit_or_veggie)s fruit or veggie servings, "
        "%(meat_or_dairy)s meat or dairy serving and at most %(calories)s calories."
    ) % {
        "grains": rules.grains,
        "fruit_or_veggie": rules.fruit_or_veggie,
        "meat_or_dairy": rules.meat_or_dairy,
        "calories": rules.calorie_limit,
    }


def _balanced_meal(cards: list[dict], rules: MealRules) -> list[dict] | None:
    meal = lightest_balanced_meal(cards, rules, max_cards=LESSON_PLATE_CARDS)
    if meal is None or not check_meal(meal, rules).balanced:
        return None
    return meal


def lesson_cards(records: list[dict]) -> list[dict]:
    """The cards a meal-balance lesson may offer: every food card in play but Sugar Shock (a game
    card); Exhilarating Exercise stays in the game (a lesson does not teach it as an eraser)."""
    return [
        r
        for r in records
        if r.get("in_play", True) and r.get("special") != "sugar-shock" and not is_exercise(r)
    ]


def lesson_check(records: list[dict], rules: MealRules = LESSON_RULES) -> DeckCheck:
    """Can students make a balanced meal from these cards under these rules?"""
    title = _("Meal-balance lesson")
    cards = lesson_cards(records)
    meal = lightest_balanced_meal(cards, rules, max_cards=LESSON_PLATE_CARDS)
    if meal is None:
        return DeckCheck(
            LESSON,
            title,
            False,
            _("No balanced meal can be made from these cards.") + " " + _meal_words(rules),
        )
    check = check_meal(meal, rules)
    names = ", ".join(card.get("name", card["id"]) for card in meal)
    if not check.balanced:
        return DeckCheck(
            LESSON,
            title,
            False,
            _(
                "The lightest meal with enough servings (%(cards)s) has %(calories)s calories: "
                "the limit is %(limit)s."
            )
            % {"cards": names, "calories": check.calories, "limit": rules.calorie_limit},
        )
    return DeckCheck(
        LESSON,
        title,
        True,
        _("Ready: for example %(cards)s make a balanced meal (%(calories)s calories).")
        % {"cards": names, "calories": check.calories},
    )


def deck_checks(records: list[dict]) -> list[DeckCheck]:
    """Every Eat Right game's answer, then the lesson's (with the Build-A-Meal rules)."""
    return [*(game_check(slug, records) for slug in eat_right_games()), lesson_check(records)]
