"""A PostgreSQL address Parlour cannot use is refused in one sentence that says why and
what to do, and never shows the password. The server is needed only where it answers
(a database or a user it does not have); the other refusals are tested everywhere."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from bot.storage import StorageError, open_database
from tests.backends import POSTGRES, needs_postgres
from tests.storage.sentences import one_sentence

SECRET = "hunter2"


async def refusal(dsn: str) -> str:
    """The sentence `open_database` refuses `dsn` with."""
    with pytest.raises(StorageError) as refused:
        await open_database(dsn)
    sentence = one_sentence(refused.value)
    assert SECRET not in sentence
    return sentence


async def test_a_server_out_of_reach_is_refused() -> None:
    sentence = await refusal(f"postgresql://parlour:{SECRET}@127.0.0.1:1/test")
    assert "PostgreSQL at postgresql://parlour:***@127.0.0.1:1/test could not be reached" in (
        sentence
    )
    assert "check that it is running" in sentence


@pytest.mark.parametrize(
    ("dsn", "words"),
    [
        (
            f"postgresql://parlour:{SECRET}@127.0.0.1:notaport/test",
            "The port of postgresql://parlour:***@127.0.0.1:notaport/test must be",
        ),
        (f"postgresql://parlour:{SECRET}@[::1/test", "is not a PostgreSQL address Parlour can"),
        (
            "postgresql://127.0.0.1/test?sslmode=bogus",
            "PostgreSQL at postgresql://127.0.0.1/test?sslmode=bogus could not be used (`sslmode`",
        ),
    ],
)
async def test_a_malformed_address_is_refused(dsn: str, words: str) -> None:
    assert words in await refusal(dsn)


def _with_path(dsn: str, database: str) -> str:
    """`dsn` naming another database on the same server."""
    parts = urlsplit(dsn)
    return f"{parts.scheme}://{parts.netloc}/{database}" + (f"?{parts.query}" * bool(parts.query))


@needs_postgres
async def test_a_database_the_server_does_not_have_is_refused() -> None:
    assert POSTGRES is not None
    dsn = _with_path(POSTGRES, "parlour_no_such_database")
    sentence = await refusal(dsn)
    assert f"PostgreSQL at {dsn} has no such database" in sentence
    assert '"parlour_no_such_database" does not exist' in sentence
    assert sentence.endswith("create it first.")


@needs_postgres
async def test_a_user_the_server_does_not_have_is_refused() -> None:
    # Over the local socket with trust authentication, the server answers that the
    # role does not exist (SQLSTATE 28000), before any password is asked for.
    dsn = "postgresql://parlour_no_such_user@/test"
    sentence = await refusal(dsn)
    assert f"PostgreSQL at {dsn} refused the credentials" in sentence
    assert 'role "parlour_no_such_user" does not exist' in sentence
    assert "check the user and password in PARLOUR_DB" in sentence
