"""Create the PostgreSQL database named in a DATABASE_URL when it does not exist yet (used by
scripts/serve --production). Connects to the server's `postgres` database to do it."""

import sys
from urllib.parse import unquote, urlparse

import psycopg
from psycopg import sql


def database_ensure(url: str) -> bool:
    """True when the database was created, False when it was already there."""
    parts = urlparse(url)
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise SystemExit(f"No database name in {url!r}.")
    server = parts._replace(path="/postgres").geturl()
    with psycopg.connect(server, autocommit=True, connect_timeout=5) as connection:
        if connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return False
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return True


if __name__ == "__main__":
    url = sys.argv[1]
    if database_ensure(url):
        print(f"Created the database {urlparse(url).path.lstrip('/')}.")
