"""games.live.move_queue: moves at one match take turns in arrival order, and a quiet match is forgotten."""

from __future__ import annotations

import asyncio

import pytest

from games.live import move_queue


async def test_moves_at_one_match_are_judged_in_the_order_they_arrived():
    judged: list[int] = []
    release = asyncio.Event()

    async def move(number: int) -> None:
        async with move_queue.turn("m1"):
            if number == 0:
                await release.wait()  # the first move is slow: the others queue behind it
            judged.append(number)

    tasks = []
    for number in range(5):
        tasks.append(asyncio.create_task(move(number)))
        await asyncio.sleep(0)  # each arrives after the one before
    assert move_queue.matches_in_flight() == 1
    release.set()
    await asyncio.gather(*tasks)
    assert judged == [0, 1, 2, 3, 4]


async def test_other_matches_do_not_wait():
    inside = asyncio.Event()
    release = asyncio.Event()

    async def slow() -> None:
        async with move_queue.turn("busy"):
            inside.set()
            await release.wait()

    task = asyncio.create_task(slow())
    await inside.wait()
    async with move_queue.turn("other"):  # not queued behind "busy"
        assert move_queue.matches_in_flight() == 2
    release.set()
    await task


async def test_a_match_is_forgotten_once_nobody_holds_or_waits_for_its_turn():
    for number in range(1000):
        async with move_queue.turn(f"match-{number}"):
            pass
    assert move_queue.matches_in_flight() == 0


async def test_a_move_cancelled_while_waiting_leaves_the_queue_and_the_rest_go_on():
    release = asyncio.Event()
    judged: list[str] = []

    async def move(name: str, wait: bool = False) -> None:
        async with move_queue.turn("m2"):
            if wait:
                await release.wait()
            judged.append(name)

    first = asyncio.create_task(move("first", wait=True))
    await asyncio.sleep(0)
    gone = asyncio.create_task(move("gone"))
    await asyncio.sleep(0)
    last = asyncio.create_task(move("last"))
    await asyncio.sleep(0)
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    release.set()
    await asyncio.gather(first, last)
    assert judged == ["first", "last"]
    assert move_queue.matches_in_flight() == 0


async def test_a_failing_move_gives_its_turn_to_the_next():
    with pytest.raises(RuntimeError):
        async with move_queue.turn("m3"):
            raise RuntimeError("refused")
    async with move_queue.turn("m3"):
        pass
    assert move_queue.matches_in_flight() == 0
