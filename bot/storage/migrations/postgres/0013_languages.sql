-- Who reads what (issue 35). A server's language for its tables' messages, set by its
-- admins with /parlour config; absent, the server's Discord preferred locale is used when
-- Parlour speaks it, else English, so the row holds only a choice someone made.
CREATE TABLE guild_languages (
    guild_id   BIGINT  PRIMARY KEY,
    locale     TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

-- A person's language: `chosen` with /parlour language (NULL: follow Discord), and
-- `discord`, the Discord locale their last interaction carried, remembered so that a DM
-- (which no interaction of theirs comes with) is written in it. Per user, not per
-- server: one person reads one language wherever they play.
CREATE TABLE user_languages (
    user_id    BIGINT  PRIMARY KEY,
    chosen     TEXT,
    discord    TEXT,
    updated_at TEXT    NOT NULL
);
