"""Database addresses are read in one place: a PostgreSQL address is checked before any
connection, any other address is refused rather than taken for a file's name, and no
password is ever shown."""

from __future__ import annotations

import pytest

from bot.storage import StorageError, open_database
from bot.storage.address import is_postgres, scrubbed, shown
from tests.storage.sentences import one_sentence

SECRET = "hunter2"


@pytest.mark.parametrize(
    "path", ["parlour.db", "/var/lib/parlour.db", "./notes:v2.db", ":memory:", "C:parlour.db"]
)
def test_a_path_is_a_sqlite_file(path: str) -> None:
    assert not is_postgres(path)


@pytest.mark.parametrize(
    "dsn",
    [
        "postgresql:///test",
        "postgres://parlour@db.example/parlour",
        "POSTGRESQL://db.example:5432/parlour",
        "postgresql:/test",  # what a Path once made of postgresql:///test
        "postgresql://[::1]:5432,db.example:6432/parlour?port=",
        "postgresql:///test?host=/run/postgresql&port=5433",
    ],
)
def test_a_postgresql_address_is_postgresql(dsn: str) -> None:
    assert is_postgres(dsn)


@pytest.mark.parametrize(
    ("address", "words"),
    [
        (f"postgresql://u:{SECRET}@127.0.0.1:99999/x", "must be a whole number from 1 to 65535"),
        (f"postgres://u:{SECRET}@127.0.0.1:65536/x", "not 65536."),
        (f"postgresql://u:{SECRET}@127.0.0.1:0/x", "not 0."),
        (f"postgresql://u:{SECRET}@127.0.0.1:abc/x", "from 1 to 65535."),
        (f"postgresql://u:{SECRET}@[::1]:-1/x", "from 1 to 65535."),
        ("postgresql:///test?port=70000", "not 70000."),
        ("postgresql://db.example:5432,backup:99999/x", "not 99999."),
        (f"postgresql://u:{SECRET}@[::1", "is not a PostgreSQL address Parlour can read"),
        (f"postgresql://u:{SECRET}@[::1/x", "is not a PostgreSQL address Parlour can read"),
        (f"postgresql://u:{SECRET}@h1,,h2/x", "names an empty host"),
        (f"postgresql://u:{SECRET}/x@db.example/x", "write / as %2F"),
        (f"postgresql://u:{SECRET}#x@db.example/x", "write / as %2F"),
        (f"mysql://u:{SECRET}@db.example/x", "is not a database Parlour can use"),
        ("sqlite:parlour.db", "./ before a file name that holds a colon"),
        ("  ", "The database address is empty"),
    ],
)
def test_an_address_parlour_cannot_use_is_one_sentence(address: str, words: str) -> None:
    with pytest.raises(StorageError) as refused:
        is_postgres(address)
    sentence = one_sentence(refused.value)
    assert words in sentence
    assert SECRET not in sentence


async def test_opening_a_bad_address_is_refused_before_any_connection() -> None:
    # 99999 once reached socket.connect and came back as OverflowError, a traceback.
    with pytest.raises(StorageError, match="must be a whole number from 1 to 65535"):
        await open_database(f"postgresql://u:{SECRET}@127.0.0.1:99999/x")


@pytest.mark.parametrize(
    "dsn",
    [
        f"postgresql://u:{SECRET}@127.0.0.1/x",  # the port from PGPORT, past the check
        f"postgresql://u:{SECRET}@127.0.0.1/x?host=a,,b",  # asyncpg indexes past the list
    ],
)
async def test_what_asyncpg_raises_on_an_address_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, dsn: str
) -> None:
    monkeypatch.setenv("PGPORT", "99999")
    with pytest.raises(StorageError) as refused:
        await open_database(dsn)
    sentence = one_sentence(refused.value)
    assert sentence.startswith("PostgreSQL at postgresql://u:***@127.0.0.1/x")
    assert "could not be used" in sentence and SECRET not in sentence


@pytest.mark.parametrize(
    ("dsn", "hidden"),
    [
        ("postgresql://u:hunter2@db.example/x", "postgresql://u:***@db.example/x"),
        ("postgresql://u:hun/ter2@db.example/x", "postgresql://u:***@db.example/x"),
        ("postgresql://u:hun@ter2@db.example/x", "postgresql://u:***@db.example/x"),
        ("mysql://u:hunter2@db.example/x", "mysql://u:***@db.example/x"),
        (
            "postgresql://db.example/x?user=u&password=hunter2&port=5432",
            "postgresql://db.example/x?user=u&password=***&port=5432",
        ),
        ("postgresql://u:hunter2@[::1/x", "postgresql://u:***@[::1/x"),
        ("postgresql:///test?search_path=x", "postgresql:///test?search_path=x"),
        ("postgresql://u@db.example/x", "postgresql://u@db.example/x"),
        ("/srv/u:hunter2@parlour.db", "/srv/u:hunter2@parlour.db"),  # a path, not an address
    ],
)
def test_an_address_is_shown_without_its_password(dsn: str, hidden: str) -> None:
    assert shown(dsn) == hidden


def test_a_driver_s_words_lose_the_password() -> None:
    dsn = "postgresql://u:hun%2Fter2@db.example/x"
    assert scrubbed("bad password 'hun/ter2' and hun%2Fter2", dsn) == "bad password '***' and ***"
