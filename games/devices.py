"""Which seats a shared device holds ("Play on one device": several seats of a match with one
token, games.services.SeatSpec.device). Reads only."""

from __future__ import annotations

from collections import Counter

from games.models import Match, Seat, hash_token


def seats_for_token(*, match: Match, token: str | None) -> list[int]:
    """Every seat a browser's token holds at this match (several: a shared device)."""
    if not token:
        return []
    return list(match.seat_set.filter(token_hash=hash_token(token)).values_list("number", flat=True))


def device_seats(*, match: Match, token: str | None) -> list[int]:
    """The seats of a shared device (pass-and-play) this token holds, or [] for any other browser."""
    numbers = seats_for_token(match=match, token=token)
    return numbers if len(numbers) > 1 else []


def shared_seats(seats: list[Seat]) -> set[int]:
    """The numbers of the seats held by a shared device: players' seats whose token another seat
    has too. Their hands are drawn only when the device asks, for whose turn it is (never pushed)."""
    counts = Counter(seat.token_hash for seat in seats if seat.kind == Seat.Kind.HUMAN and seat.token_hash)
    return {seat.number for seat in seats if seat.kind == Seat.Kind.HUMAN and counts[seat.token_hash] > 1}
