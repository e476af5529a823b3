"""Settings from the environment, checked once at start-up with plain-word errors."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from urllib.parse import urlsplit

from bot.shards import MAX_SHARD_COUNT, ShardError, check_count, parse_shards, shard_of
from bot.storage.address import is_postgres, shown
from bot.storage.tx import StorageError

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(Exception):
    """A setting that is missing or malformed; the message says how to fix it."""


MIN_SECRET_CHARS = 32
MIN_SECRET_KINDS = 10
"""A web secret has at least this many different characters: a long run of a few keys
("aaaa...", "abab...") is no secret."""


@dataclass(frozen=True, slots=True)
class WebSettings:
    """The web front end's settings (README "Settings"): its port, the address people
    reach it at, the secret its sessions are keyed by, and the Discord application's
    OAuth2 client (sign-in; both empty: spectators only)."""

    port: int
    public_url: str
    """The public base address, without a trailing slash: `https://cards.example.org`."""
    secret: str
    client_id: str = ""
    client_secret: str = ""
    activity: bool = False
    """Whether the page also runs as a Discord Activity (PARLOUR_ACTIVITY=1; needs the client)."""

    @property
    def sign_in(self) -> bool:
        """Whether players can sign in with Discord (the client is set)."""
        return bool(self.client_id and self.client_secret)

    @property
    def origin(self) -> str:
        """The origin pages are served from (scheme, host and port): what a browser's
        WebSocket sends as its Origin."""
        parts = urlsplit(self.public_url)
        return f"{parts.scheme}://{parts.netloc}".lower()

    def __repr__(self) -> str:
        """The settings with the secret hidden: a repr ends up in logs and tracebacks."""
        return (
            f"WebSettings(port={self.port}, public_url={self.public_url!r}, secret=<hidden>,"
            f" client_id={self.client_id!r}, client_secret=<hidden>, activity={self.activity})"
        )


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

    shard_count: int | None = None
    """Discord gateway shards in all, or None: one process holds every guild, unsharded."""
    shards: tuple[int, ...] | None = None
    """The shards this process holds (set exactly when `shard_count` is)."""
    web: WebSettings | None = None
    """The web front end's settings, or None when PARLOUR_WEB_PORT is not set (no web)."""
    db_wait_s: float = 0.0
    """How long a starting process waits for a PostgreSQL server that does not answer yet."""
    solver_workers: int = 1
    """Worker processes for patience solves ("Can I still win?"), PARLOUR_SOLVER_WORKERS."""
    winnable_warm: bool = False
    """Whether every patience game's stock of winnable deals is filled from the start
    (PARLOUR_WINNABLE_WARM=1), rather than once a game's first is asked for."""

    def __post_init__(self) -> None:
        assert (self.shard_count is None) == (self.shards is None), "shards come with a count"

    def holds(self, guild_id: int) -> bool:
        """Whether this process serves the guild: always when unsharded, else when the
        guild's shard is one of `shards`."""
        if self.shard_count is None or self.shards is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shards

    def __repr__(self) -> str:
        """The settings with the token hidden: a repr ends up in logs and tracebacks."""
        shown = (
            f"{f.name}=<hidden>" if f.name == "token" and self.token else f"{f.name}={value!r}"
            for f in fields(self)
            for value in (_no_password(getattr(self, f.name)),)
        )
        return f"Settings({', '.join(shown)})"

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str] | None = None,
        *,
        shard_count: str | None = None,
        shards: str | None = None,
        web_port: str | None = None,
    ) -> Settings:
        """Read and check the settings; ConfigError names the variable at fault.

        `shard_count` and `shards`, when given, are the command line's `--shard-count`
        and `--shards`, and stand in place of PARLOUR_SHARD_COUNT and PARLOUR_SHARDS;
        `web_port`, `--web-port`, in place of PARLOUR_WEB_PORT."""
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
        try:
            postgres = is_postgres(where)
        except StorageError as exc:
            raise ConfigError(str(exc)) from None
        total, held = _sharding(
            _given(env, "PARLOUR_SHARD_COUNT", "--shard-count", shard_count),
            _given(env, "PARLOUR_SHARDS", "--shards", shards),
        )
        return cls(
            token=token,
            db_path=Path("parlour.db" if postgres else where).expanduser(),
            db_url=where if postgres else None,
            log_level=level,
            starting_chips=_int(env, "PARLOUR_STARTING_CHIPS", 1000, 0, 10**9),
            buy_in=_int(env, "PARLOUR_BUY_IN", 100, 1, 10**6),
            turn_timeout_s=float(_int(env, "PARLOUR_TURN_TIMEOUT_S", 120, 10, 86_400)),
            shard_count=total,
            shards=held,
            web=web_settings(env, _given(env, "PARLOUR_WEB_PORT", "--web-port", web_port)),
            db_wait_s=float(_int(env, "PARLOUR_DB_WAIT_S", 0, 0, 3600)),
            solver_workers=_int(env, "PARLOUR_SOLVER_WORKERS", 1, 1, 64),
            winnable_warm=bool(_int(env, "PARLOUR_WINNABLE_WARM", 0, 0, 1)),
        )


def _no_password(value: object) -> object:
    """A database address with its password hidden; anything else as it is."""
    return shown(value) if isinstance(value, str) else value


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


Given = tuple[str, str] | None
"""A setting's name (as the user wrote it: a variable or an option) and its text; None
when it is not set at all."""


def _given(env: Mapping[str, str], variable: str, option: str, override: str | None) -> Given:
    """The command line's value of a setting when given there, else the environment's."""
    if override is not None:
        return option, override
    text = env.get(variable, "")
    return (variable, text) if text.strip() else None


def _sharding(count: Given, shards: Given) -> tuple[int | None, tuple[int, ...] | None]:
    """`shard_count` and `shards`: both None when unsharded; every shard when only the
    count is given; ConfigError for a list without a count or a bad count or list."""
    if count is None:
        if shards is not None:
            raise ConfigError(
                f"{shards[0]} needs a shard count as well: set PARLOUR_SHARD_COUNT"
                " (or --shard-count) to the number of shards in all."
            )
        return None, None
    name, text = count
    try:
        total = check_count(int(text.strip()), name=name)
    except ValueError as exc:
        if isinstance(exc, ShardError):
            raise ConfigError(str(exc)) from None
        raise ConfigError(
            f"{name} must be a whole number from 1 to {MAX_SHARD_COUNT}, not {text!r}."
        ) from None
    if shards is None:
        return total, tuple(range(total))
    try:
        held = parse_shards(shards[1], total, name=shards[0])
    except ShardError as exc:
        raise ConfigError(str(exc)) from None
    return total, held


def web_settings(env: Mapping[str, str], port: Given) -> WebSettings | None:
    """The web's settings when its port is given (PARLOUR_WEB_PORT or `--web-port`), else
    None; ConfigError for a bad port, address or a secret too weak to key sessions by."""
    if port is None:
        return None
    name, text = port
    try:
        number = int(text.strip())
    except ValueError:
        raise ConfigError(f"{name} must be a port number from 1 to 65535, not {text!r}.") from None
    if not 1 <= number <= 65535:
        raise ConfigError(f"{name} must be a port number from 1 to 65535, not {number}.")
    url = env.get("PARLOUR_PUBLIC_URL", "").strip() or f"http://localhost:{number}"
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigError(
            "PARLOUR_PUBLIC_URL must be the web address people reach Parlour at,"
            " such as https://cards.example.org."
        )
    given, name = env.get("PARLOUR_WEB_SECRET", ""), "PARLOUR_WEB_SECRET"
    where = env.get("PARLOUR_WEB_SECRET_FILE", "").strip()
    if not given and where:
        given, name = secret_file(Path(where)), "PARLOUR_WEB_SECRET_FILE's secret"
    client = _client(env)
    activity = _activity(env, client)
    return WebSettings(number, url.rstrip("/"), _web_secret(given, name), *client, activity)


def _activity(env: Mapping[str, str], client: tuple[str, str]) -> bool:
    """PARLOUR_ACTIVITY: 1 runs the page as a Discord Activity too (with the client set), 0
    or unset does not; ConfigError for anything else, or for an Activity without a client."""
    text = env.get("PARLOUR_ACTIVITY", "").strip()
    if text not in ("", "0", "1"):
        raise ConfigError(f"PARLOUR_ACTIVITY must be 1 (on) or 0 (off), not {text!r}.")
    if text == "1" and not client[0]:
        raise ConfigError(
            "PARLOUR_ACTIVITY=1 needs PARLOUR_CLIENT_ID and PARLOUR_CLIENT_SECRET: the Activity"
            " signs players in with the application's OAuth2 client."
        )
    return text == "1"


def _client(env: Mapping[str, str]) -> tuple[str, str]:
    """PARLOUR_CLIENT_ID and PARLOUR_CLIENT_SECRET (both, or neither: no sign-in), or
    ConfigError (never quoting the secret)."""
    client_id = env.get("PARLOUR_CLIENT_ID", "").strip()
    secret = env.get("PARLOUR_CLIENT_SECRET", "").strip()
    if bool(client_id) != bool(secret):
        given, missing = (
            ("PARLOUR_CLIENT_ID", "PARLOUR_CLIENT_SECRET")
            if client_id
            else ("PARLOUR_CLIENT_SECRET", "PARLOUR_CLIENT_ID")
        )
        raise ConfigError(
            f"{given} needs {missing} as well: copy both from the Developer Portal"
            " (OAuth2), or set neither to leave the web table for spectators only."
        )
    if client_id and not (client_id.isascii() and client_id.isdigit()):
        raise ConfigError(
            "PARLOUR_CLIENT_ID must be the application's id, a number, as the Developer"
            " Portal shows it under OAuth2."
        )
    if secret and not _token_shaped(secret):
        raise ConfigError(
            "PARLOUR_CLIENT_SECRET holds spaces or characters a client secret never has:"
            " copy it again from the Developer Portal (OAuth2, Reset Secret)."
        )
    return client_id, secret


def secret_file(path: Path) -> str:
    """The secret kept in `path`; a fresh one the first time, written there (readable by
    its owner only) so that every process sharing the file has the same. Two processes
    making it at once agree: the file appears whole, once, and the later one reads it."""
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    except (OSError, UnicodeError) as exc:
        raise ConfigError(
            f"PARLOUR_WEB_SECRET_FILE names {path}, which cannot be read ({exc})."
        ) from None
    made = secrets.token_urlsafe(32)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        handle = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(made + "\n")
        os.link(draft, path)  # refused if another process made it first
    except FileExistsError:
        return secret_file(path)
    except OSError as exc:
        raise ConfigError(
            f"PARLOUR_WEB_SECRET_FILE names {path}, where no secret can be made ({exc})."
        ) from None
    finally:
        draft.unlink(missing_ok=True)
    return made


def _web_secret(secret: str, name: str = "PARLOUR_WEB_SECRET") -> str:
    """The web secret, or ConfigError (never quoting it) when it is missing or weak."""
    if (
        len(secret) < MIN_SECRET_CHARS
        or len(set(secret)) < MIN_SECRET_KINDS
        or not _token_shaped(secret)
    ):
        raise ConfigError(
            f"{name} must be a random secret of at least {MIN_SECRET_CHARS}"
            ' characters without spaces (make one with: python3 -c "import secrets;'
            ' print(secrets.token_urlsafe(32))").'
        )
    return secret
