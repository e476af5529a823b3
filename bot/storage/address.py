"""Database addresses: what PARLOUR_DB and every `--db` may name, read in this one place.

A `postgresql://` (or `postgres://`, `postgresql:` ...) address is PostgreSQL. Anything
else shaped like an address, a scheme and a colon (`mysql://...`, `sqlite:x.db`), is
refused, never taken for a file's name; everything else is a SQLite file's path, or
`:memory:`. A PostgreSQL address is checked before any connection is tried (a URL that
can be read, every host named, every port a whole number from 1 to 65535), since
asyncpg answers some mistakes with a traceback and quietly wraps a port past 65535
around. Every refusal is a `StorageError` of one sentence, and `shown` hides the
password in whatever is said or logged.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

from bot.storage.tx import StorageError

POSTGRES_SCHEMES = frozenset({"postgresql", "postgres"})
"""The schemes asyncpg (and libpq) take for PostgreSQL."""
HIGHEST_PORT = 65535
SHOWN_CHARS = 100  # a longer address is cut short in a refusal
# RFC 3986's scheme, of two characters or more, so that a drive letter (C:) is a path.
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):")
_PASSWORD_PARAM = re.compile(r"([?&]password=)[^&#]*", re.IGNORECASE)
_IPV6_HOST = re.compile(r"\[[^\]]+\](?::(?P<port>.*))?")
_FORM = "postgresql://user:password@host:port/database"


def is_postgres(target: str) -> bool:
    """Whether the database address `target` names PostgreSQL (else a SQLite file);
    a `StorageError` sentence for an address Parlour cannot use, before any connection."""
    text = target.strip()
    if not text:
        raise StorageError(
            "The database address is empty: give a SQLite file's path or a postgresql:// one."
        )
    scheme = _scheme(text)
    if scheme is None:
        return False
    if scheme.lower() not in POSTGRES_SCHEMES:
        raise StorageError(
            f"{_named(text)} is not a database Parlour can use: give a postgresql:// address"
            " or a SQLite file's path (./ before a file name that holds a colon)."
        )
    check_postgres(text)
    return True


def check_postgres(dsn: str) -> None:
    """Refuse, in one sentence, a PostgreSQL address that cannot be read, names an empty
    host or has a port outside 1 to 65535."""
    try:
        parts = urlsplit(dsn.strip())
        query = parse_qs(parts.query, strict_parsing=True) if parts.query else {}
    except ValueError:
        # urllib's own words may repeat the address, password and all.
        raise StorageError(
            f"{_named(dsn)} is not a PostgreSQL address Parlour can read: write it as {_FORM}."
        ) from None
    if "@" in parts.path + parts.fragment and "@" not in parts.netloc:
        # An unescaped / or # in a password ends the host part early.
        raise StorageError(
            f"{_named(dsn)} cannot be read as it stands: in the user's name and password,"
            " write / as %2F, # as %23, ? as %3F and @ as %40."
        )
    hosts = parts.netloc.partition("@")[2] if "@" in parts.netloc else parts.netloc
    ports = [_port_of(dsn, spec) for spec in hosts.split(",")] if hosts else []
    for given in query.get("port", []):
        ports += given.split(",")
    for port in ports:
        _check_port(dsn, port)


def _port_of(dsn: str, hostspec: str) -> str:
    """The port written after one host of the address's host list ('' when none), read
    as asyncpg reads it."""
    if not hostspec:
        raise StorageError(f"{_named(dsn)} names an empty host: write it as {_FORM}.")
    if hostspec.startswith("/"):
        return ""  # a folder holding PostgreSQL's Unix socket
    if hostspec.startswith("["):
        match = _IPV6_HOST.fullmatch(hostspec)
        if match is None:
            raise StorageError(
                f"{_named(dsn)} has an IPv6 host that is not closed with ']': write it as"
                " postgresql://user:password@[::1]:5432/database."
            )
        return match["port"] or ""
    return hostspec.partition(":")[2]


def _check_port(dsn: str, text: str) -> None:
    """Refuse a port that is given but is not a whole number from 1 to 65535."""
    port = unquote(text)
    if not port:
        return
    number = port.isascii() and port.isdigit()
    if number and 1 <= int(port) <= HIGHEST_PORT:
        return
    # Only digits are repeated back: other text in the port's place may be a piece of a
    # password whose unescaped # or ? cut the address short.
    said = f", not {int(port)}" if number and len(port) <= 12 else ""
    raise StorageError(
        f"The port of {_named(dsn)} must be a whole number from 1 to {HIGHEST_PORT}{said}."
    )


def shown(address: str) -> str:
    """The address with any password hidden, fit for logs and messages (a path as it is)."""
    text = address.strip()
    scheme = _scheme(text)
    if scheme is None:
        return address
    rest = text[len(scheme) + 1 :]
    lead = "//" if rest.startswith("//") else ""
    rest = _PASSWORD_PARAM.sub(r"\1***", rest[len(lead) :])
    # Everything from the user's colon to the last @ is hidden: an unescaped @ or / in a
    # password splits the address where no reader can tell, and hiding too much is safe.
    user_info, at, host = rest.rpartition("@")
    if at and ":" in user_info:
        rest = f"{user_info.partition(':')[0]}:***@{host}"
    return f"{text[: len(scheme) + 1]}{lead}{rest}"


def scrubbed(words: str, address: str) -> str:
    """`words` (a driver's message about `address`) with the address's password hidden."""
    for secret in _secrets(address.strip()):
        words = words.replace(secret, "***")
    return words


def _secrets(text: str) -> list[str]:
    """What `shown` hides in the address: the password after the user's colon, and any
    password parameter, longest first."""
    scheme = _scheme(text)
    if scheme is None:
        return []
    rest = text[len(scheme) + 1 :].removeprefix("//")
    found = [m[0].partition("=")[2] for m in _PASSWORD_PARAM.finditer(rest)]
    user_info, at, _ = rest.rpartition("@")
    if at and ":" in user_info:
        found.append(user_info.partition(":")[2])
    found += [unquote(secret) for secret in found]
    return sorted({s for s in found if s}, key=len, reverse=True)


def _scheme(text: str) -> str | None:
    """The scheme the text starts with, if it is shaped like an address."""
    match = _SCHEME.match(text)
    return match[1] if match else None


def _named(address: str) -> str:
    """The address as a refusal names it: no password, nothing unprintable, not too long."""
    text = "".join(c if c.isprintable() else "?" for c in shown(address))
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."
