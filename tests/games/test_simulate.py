"""`manage.py simulate`: bot-against-bot games and their one-line JSON summary."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.management.commands import simulate
from games.management.commands.simulate import seat_levels

JSON_KEYS = {"game", "games", "errors", "win_rate_by_bot", "mean_moves", "median_moves", "seconds"}


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate", *args, stdout=out, stderr=err)
    lines = out.getvalue().strip().splitlines()
    return lines, json.loads(lines[-1]), err.getvalue()


def test_the_last_line_is_one_json_summary_with_exactly_the_documented_keys():
    lines, summary, _ = run(
        "snack-attack", "--games", "6", "--seed", "3", "--seats", "2", "--bots", "strong,beginner"
    )
    assert set(summary) == JSON_KEYS
    assert summary["game"] == "snack-attack" and summary["games"] == 6 and summary["errors"] == 0
    assert set(summary["win_rate_by_bot"]) == {"strong", "beginner"}
    assert all(0 <= rate <= 1 for rate in summary["win_rate_by_bot"].values())
    assert summary["mean_moves"] > 0 and summary["median_moves"] > 0
    assert any("win rate" in line for line in lines[:-1])


def test_the_strong_snack_attack_bot_wins_more_than_the_beginner():
    _, summary, _ = run("snack-attack", "--games", "10", "--seats", "2", "--bots", "strong,beginner")
    assert summary["win_rate_by_bot"]["strong"] > summary["win_rate_by_bot"]["beginner"]


def test_options_reach_the_game():
    lines, summary, _ = run(
        "food-war", "--games", "2", "--seats", "3", "--options", '{"stat": "calories", "rounds": 5}'
    )
    assert summary["errors"] == 0
    assert any('"stat": "calories"' in line for line in lines)
    assert summary["mean_moves"] <= 5 * 3 * 3  # five rounds, with ties at most a few flips more


def test_a_shorter_bot_list_is_repeated_to_fill_the_seats():
    lines, summary, _ = run("snack-attack", "--games", "2", "--seats", "3", "--bots", "strong")
    assert summary["win_rate_by_bot"] == {"strong": pytest.approx(summary["win_rate_by_bot"]["strong"])}
    assert any("repeated" in line for line in lines)


def test_seats_turn_between_games_so_no_bot_keeps_the_first_seat():
    assert seat_levels(["strong", "beginner"], 2, 0) == ["strong", "beginner"]
    assert seat_levels(["strong", "beginner"], 2, 1) == ["beginner", "strong"]
    assert seat_levels(["strong", "beginner", "beginner"], 3, 1) == ["beginner", "strong", "beginner"]
    assert seat_levels(["strong"], 3, 2) == ["strong"] * 3


def test_a_game_that_breaks_is_counted_and_the_run_goes_on(monkeypatch):
    real_play_game = simulate.play_game

    def flaky(engine, bots, *, seed, **kwargs):
        if seed % 2:
            raise RuntimeError("boom")
        return real_play_game(engine, bots, seed=seed, **kwargs)

    monkeypatch.setattr(simulate, "play_game", flaky)
    _, summary, errors = run("snack-attack", "--games", "4", "--seed", "0", "--bots", "strong,beginner")
    assert summary["errors"] == 2
    assert "boom" in errors
    rates = summary["win_rate_by_bot"]
    assert rates["strong"] + rates["beginner"] >= 1  # the two finished games still count


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game"], "no game called"),
        (["snack-attack", "--seats", "9"], "2 to 8 seats"),
        (["snack-attack", "--bots", "strong,wizard"], "Unknown bot level"),
        (["snack-attack", "--seats", "2", "--bots", "strong,beginner,strong"], "at most one per seat"),
        (["food-war", "--options", '{"stat": "sugar"}'], "Bad --options"),
        (["food-war", "--options", "not json"], "Bad --options"),
    ],
)
def test_bad_arguments_are_explained(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("simulate", *args, stdout=io.StringIO())
