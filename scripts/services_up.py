"""Exit 0 when PostgreSQL and Redis answer at the given URLs (used by scripts/test)."""

import socket
import sys
from urllib.parse import urlparse


def answers(url: str, default_port: int) -> bool:
    parts = urlparse(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or default_port), timeout=2):
            return True
    except OSError:
        return False


if __name__ == "__main__":
    pg_url, redis_url = sys.argv[1], sys.argv[2]
    sys.exit(0 if answers(pg_url, 5432) and answers(redis_url, 6379) else 1)
