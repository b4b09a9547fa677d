"""SNACK WARS scoring (rule 7 in games.engines.snack_wars): pure functions, shared with the bots."""

from __future__ import annotations

COLLECTION_SIZE = 9
CUISINES = ("french", "japan", "american")
ALL_CUISINES_POINTS = 5


def _food_majorities(collections: list[list[dict]]) -> list[dict[str, int]]:
    """Per seat: the foods whose strict majority it holds, with the points each is worth."""
    won: list[dict[str, int]] = [{} for _ in collections]
    foods = {c["food"]: c["value"] for cards in collections for c in cards if c["kind"] == "food"}
    for food, value in foods.items():
        counts = [sum(1 for c in cards if c.get("food") == food) for cards in collections]
        best = max(counts)
        if counts.count(best) == 1:
            won[counts.index(best)][food] = value
    return won


def _bonus_points(cards: list[dict], raccoons: int) -> dict[str, int]:
    """Points from each Bonus card in one collection."""
    foods = [c for c in cards if c["kind"] == "food"]
    points: dict[str, int] = {}
    for bonus in (c["bonus"] for c in cards if c["kind"] == "bonus"):
        if bonus in CUISINES:
            points[bonus] = sum(1 for c in foods if c["cuisine"] == bonus)
        elif bonus == "all-cuisines":
            points[bonus] = ALL_CUISINES_POINTS if {c["cuisine"] for c in foods} >= set(CUISINES) else 0
        elif bonus == "raccoons":
            points[bonus] = raccoons
    return points


def score_collections(collections: list[list[dict]], raccoons: list[int]) -> list[dict]:
    """Each seat's score: {"total", "majorities": {food: points}, "bonuses": {bonus: points}}."""
    majorities = _food_majorities(collections)
    scores = []
    for seat, cards in enumerate(collections):
        bonuses = _bonus_points(cards, raccoons[seat])
        total = sum(majorities[seat].values()) + sum(bonuses.values())
        scores.append({"total": total, "majorities": majorities[seat], "bonuses": bonuses})
    return scores
