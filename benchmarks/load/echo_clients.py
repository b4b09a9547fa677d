"""Clients for the bare echo baseline (benchmarks/load/echo_app.py): rooms of 30 sockets, each
socket saying something at the same pace as a student moves; latency is from sending until each
OTHER socket in the room receives it, as for Plateful's classmates."""

from __future__ import annotations

import asyncio
import random
import time

import aiohttp

from benchmarks.load.loadgen import LOST_AFTER, PACES, gather_limited, percentile


async def run_echo(
    base: str,
    *,
    sockets: int,
    seconds: float,
    pace: str = "human",
    room_size: int = 30,
    warmup: float = 3.0,
    window=None,
) -> dict:
    sent: dict[str, float] = {}
    received: dict[str, list[float]] = {}
    errors: list[str] = []
    stop = asyncio.Event()
    # One client session for every socket: no cap on its connections (aiohttp's default is 100).
    http = aiohttp.ClientSession(
        timeout=aiohttp.ClientTimeout(total=30), connector=aiohttp.TCPConnector(limit=0)
    )
    ws_base = base.replace("http", "ws", 1)
    low, high = PACES[pace]
    window_times = {"since": float("inf"), "until": float("inf")}

    async def open_one(number: int):
        try:
            return await http.ws_connect(f"{ws_base}/ws/echo/{number // room_size}/")
        except (TimeoutError, aiohttp.ClientError) as problem:
            errors.append(f"open: {type(problem).__name__}")
            return None

    async def read(number: int, socket) -> None:
        async for message in socket:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            sender = message.data.split(":", 1)[0]
            if sender != str(number):
                received.setdefault(message.data, []).append(time.monotonic())
        if not stop.is_set():
            errors.append(f"closed by the server ({socket.close_code})")

    async def talk(number: int, socket) -> None:
        sequence = 0
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), timeout=random.uniform(low, high))
                return
            except TimeoutError:
                pass
            sequence += 1
            key = f"{number}:{sequence}"
            sent[key] = time.monotonic()
            try:
                await socket.send_str(key)
            except (aiohttp.ClientError, ConnectionError) as problem:
                errors.append(f"send: {type(problem).__name__}")

    opened = await gather_limited([open_one(n) for n in range(sockets)], 50)
    live = [(n, s) for n, s in enumerate(opened) if s is not None]
    tasks = [asyncio.create_task(read(n, s)) for n, s in live]
    tasks += [asyncio.create_task(talk(n, s)) for n, s in live]
    try:
        await asyncio.sleep(warmup)
        window_times["since"] = time.monotonic()
        errors.clear()
        if window:
            window("start")
        await asyncio.sleep(seconds)
        if window:
            window("end")
        window_times["until"] = time.monotonic()
        stop.set()
        await asyncio.sleep(2.0)
    finally:
        stop.set()
        for _n, socket in live:
            await socket.close()
        for task in tasks:
            task.cancel()
        await http.close()
    latencies, lost, counted = [], 0, 0
    room_of = {n: n // room_size for n, _s in live}
    members: dict[int, int] = {}
    for room in room_of.values():
        members[room] = members.get(room, 0) + 1
    for key, t0 in sent.items():
        if not window_times["since"] <= t0 < window_times["until"]:
            continue
        counted += 1
        times = [t - t0 for t in received.get(key, []) if t - t0 <= LOST_AFTER]
        latencies += [t * 1000 for t in times]
        lost += members[room_of[int(key.split(":")[0])]] - 1 - len(times)
    duration = window_times["until"] - window_times["since"]
    return {
        "sockets": len(live),
        "asked": sockets,
        "moves": counted,
        "moves_per_s": counted / duration,
        "updates": len(latencies),
        "p50_ms": percentile(latencies, 0.5),
        "p95_ms": percentile(latencies, 0.95),
        "p99_ms": percentile(latencies, 0.99),
        "lost": lost,
        "errors": len(errors),
        "error_kinds": sorted(set(errors))[:5],
    }
