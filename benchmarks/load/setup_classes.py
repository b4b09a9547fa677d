"""Make a load-test teacher and N class sessions of a game (run with the server's environment).

    DATABASE_URL=... .venv/bin/python benchmarks/load/setup_classes.py --classes 4 [--game food-war]

Prints one JSON line: {"teacher": {"username", "password"}, "sessions": [{"id", "code"}, ...]}.
Only the teacher and the empty sessions are made here (a teacher would make them on /teach/new/);
the students join, the teacher starts the sessions and the games are played over HTTP and
websockets by benchmarks/load/loadgen.py, as browsers do.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
USERNAME = "load-teacher"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--classes", type=int, default=1)
    parser.add_argument("--game", default="food-war")
    parser.add_argument("--seats", type=int, default=4, help="seats per table")
    options = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
    import django

    django.setup()
    from classroom import services
    from classroom.models import ClassSession
    from games.bots import bot_levels

    password = secrets.token_urlsafe(12)
    teacher, _created = services.teacher_ensure(username=USERNAME, password=password)
    levels = bot_levels(options.game)
    sessions = []
    for number in range(options.classes):
        session = services.session_create(
            teacher=teacher,
            kind=ClassSession.Kind.GAME,
            title=f"Load class {number + 1}",
            game=options.game,
            seats_per_table=options.seats,
            bot_level=levels[0] if levels else "",
        )
        sessions.append({"id": session.pk, "code": session.code})
    print(json.dumps({"teacher": {"username": USERNAME, "password": password}, "sessions": sessions}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
