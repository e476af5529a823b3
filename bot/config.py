"""Settings from the environment, checked once at start-up with plain-word errors."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(Exception):
    """A setting that is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Parlour's settings (see the README's table)."""

    token: str | None
    db_path: Path
    log_level: str
    starting_chips: int
    buy_in: int
    turn_timeout_s: float
    db_url: str | None = None
    """A PostgreSQL address when PARLOUR_DB names one (then `db_path` is unused)."""

    @property
    def database(self) -> str:
        """What PARLOUR_DB names: a PostgreSQL address, or the SQLite file's path."""
        return self.db_url if self.db_url is not None else str(self.db_path)

    def __repr__(self) -> str:
        """The settings with the token hidden: a repr ends up in logs and tracebacks."""
        shown = (
            f"{f.name}=<hidden>" if f.name == "token" and self.token else f"{f.name}={value!r}"
            for f in fields(self)
            for value in (_no_password(getattr(self, f.name)),)
        )
        return f"Settings({', '.join(shown)})"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read and check the settings; ConfigError names the variable at fault."""
        env = os.environ if env is None else env
        level = env.get("PARLOUR_LOG_LEVEL", "INFO").strip().upper()
        if level not in LOG_LEVELS:
            raise ConfigError(f"PARLOUR_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}.")
        token = env.get("DISCORD_TOKEN", "").strip() or None
        if token is not None and not _token_shaped(token):
            raise ConfigError(
                "DISCORD_TOKEN holds spaces or characters a bot token never has:"
                " copy it again from the Developer Portal (Bot, Reset Token)."
            )
        where = env.get("PARLOUR_DB", "").strip() or "parlour.db"
        postgres = where.startswith(("postgresql://", "postgres://"))
        return cls(
            token=token,
            db_path=Path("parlour.db" if postgres else where).expanduser(),
            db_url=where if postgres else None,
            log_level=level,
            starting_chips=_int(env, "PARLOUR_STARTING_CHIPS", 1000, 0, 10**9),
            buy_in=_int(env, "PARLOUR_BUY_IN", 100, 1, 10**6),
            turn_timeout_s=float(_int(env, "PARLOUR_TURN_TIMEOUT_S", 120, 10, 86_400)),
        )


def _no_password(value: object) -> object:
    """A database address with its password hidden; anything else as it is."""
    if isinstance(value, str):
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", value)
    return value


def _token_shaped(token: str) -> bool:
    """Whether the token is printable ASCII without spaces, as every Discord token is."""
    return token.isascii() and token.isprintable() and not any(c.isspace() for c in token)


def _int(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    """The whole-number setting `name`, from `low` to `high`, or its default when unset."""
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {text!r}.") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be from {low} to {high}, not {value}.")
    return value
