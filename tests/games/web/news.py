"""What `#live-news` says after a change, worked out from two `#live` pages the way play.js does
(`announce`): the browser tests hear the real thing, the unit tests use this to read every
game's pages, in both languages, for a seat and a watcher."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

NEWS_MOVES = 6  # play.js: at most this many feed lines at once (the newest)

_LIVE = re.compile(r'<section id="live"[^>]*>')
_ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')
_LINE = re.compile(r'<li class="[^"]*" data-index="(\d+)"( data-game-over)?>(.*?)</li>', re.S)
_TURN = re.compile(r'data-news-turn="([^"]*)"')
_OUTCOME = re.compile(r'data-news-outcome="([^"]*)"')
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Line:
    index: int
    text: str
    game_over: bool


@dataclass(frozen=True)
class Shown:
    """What a page shows that play.js reads for the news."""

    version: int
    status: str
    turn: str
    outcome: str
    lines: tuple[Line, ...]  # the feed, newest first


def shown(page: str) -> Shown:
    tag = dict(_ATTRIBUTE.findall(_LIVE.search(page).group(0)))
    turn = _TURN.search(page)
    outcome = _OUTCOME.search(page)
    lines = tuple(
        Line(int(index), " ".join(html.unescape(_TAG.sub("", text)).split()), bool(over))
        for index, over, text in _LINE.findall(page)
    )
    return Shown(
        version=int(tag["data-version"]),
        status=tag["data-status"],
        turn=html.unescape(turn.group(1)) if turn else "",
        outcome=html.unescape(outcome.group(1)) if outcome else "",
        lines=lines,
    )


def new_lines(before: Shown, now: Shown) -> list[Line]:
    """The feed lines of the moves made since `before`, oldest first."""
    return [line for line in reversed(now.lines) if line.index >= before.version]


def heard(before_page: str, now_page: str) -> str:
    """What the live region says when `now_page` replaces `before_page` ("" for nothing)."""
    before, now = shown(before_page), shown(now_page)
    if now.status in ("left", "waiting"):
        return ""
    if now.version < before.version or (now.version == before.version and now.status == before.status):
        return ""
    lines = new_lines(before, now)
    moves = [line.text for line in lines if line.text]
    parts = moves[-NEWS_MOVES:]
    if now.turn and (moves or now.turn != before.turn):
        parts.append(now.turn)
    said_over = any(line.game_over for line in lines)
    if now.status == "finished" and before.status != "finished" and not said_over and now.outcome:
        parts.append(now.outcome)
    return " ".join(parts)
