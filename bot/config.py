"""Settings from the environment, checked once at start-up with plain-word errors."""

from __future__ import annotations

import os
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

    def __repr__(self) -> str:
        """The settings with the token hidden: a repr ends up in logs and tracebacks."""
        shown = (
            f"{f.name}=<hidden>" if f.name == "token" and self.token else f"{f.name}={value!r}"
            for f in fields(self)
            for value in (getattr(self, f.name),)
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
        return cls(
            token=token,
            db_path=Path(env.get("PARLOUR_DB", "parlour.db")).expanduser(),
            log_level=level,
            starting_chips=_int(env, "PARLOUR_STARTING_CHIPS", 1000, 0, 10**9),
            buy_in=_int(env, "PARLOUR_BUY_IN", 100, 1, 10**6),
            turn_timeout_s=float(_int(env, "PARLOUR_TURN_TIMEOUT_S", 120, 10, 86_400)),
        )


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
