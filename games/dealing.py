"""Where deals come from: real randomness, or, with GAMES_DEAL_SEED set (tests and demos only), a
seed derived from that setting and what is being dealt, so the same game dealt to the same seats
gets the same cards whatever the server dealt before it."""

from __future__ import annotations

import hashlib
import json
import random

from django.conf import settings

SEEDS = 2**53 - 1  # a match's seed is in [1, 2**53)


def new_seed(*parts) -> int:
    """A match's seed: a fresh random one, or with GAMES_DEAL_SEED set a hash of it and `parts`
    (anything JSON can write; dict keys in any order)."""
    fixed = settings.GAMES_DEAL_SEED
    if fixed is None or fixed == "":
        return random.SystemRandom().randrange(1, 2**53)
    text = json.dumps([fixed, *parts], sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % SEEDS + 1


def new_rng(*parts) -> random.Random:
    """A shuffler: SystemRandom, or with GAMES_DEAL_SEED set one seeded from it and `parts`."""
    if settings.GAMES_DEAL_SEED in (None, ""):
        return random.SystemRandom()
    return random.Random(new_seed(*parts))
