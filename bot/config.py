"""Settings from the environment, checked once at start-up with plain-word errors."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read and check the settings; ConfigError names the variable at fault."""
        env = os.environ if env is None else env
        level = env.get("PARLOUR_LOG_LEVEL", "INFO").strip().upper()
        if level not in LOG_LEVELS:
            raise ConfigError(f"PARLOUR_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}.")
        token = env.get("DISCORD_TOKEN", "").strip() or None
        return cls(
            token=token,
            db_path=Path(env.get("PARLOUR_DB", "parlour.db")).expanduser(),
            log_level=level,
            starting_chips=_int(env, "PARLOUR_STARTING_CHIPS", 1000, 0, 10**9),
            buy_in=_int(env, "PARLOUR_BUY_IN", 100, 1, 10**6),
            turn_timeout_s=float(_int(env, "PARLOUR_TURN_TIMEOUT_S", 120, 10, 86_400)),
        )


def _int(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
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
