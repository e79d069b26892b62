"""The database schema: matches, their seats, every accepted action in order, and the host's.

SQLAlchemy Core tables rather than ORM classes: the server reads and writes a few rows per
move on its hot path and gains nothing from identity maps. Times are Unix seconds (floats)
so SQLite and PostgreSQL store them alike. The alembic migrations in ``migrations/`` create
exactly these tables; a test compares the two.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False, comment="chance draws; never sent to clients"),
    Column("status", String(16), nullable=False, index=True),
    Column("state_id", Integer, nullable=False, comment="number of actions applied"),
    Column("host_hash", String(64)),
    Column("host_reserved_hash", String(64), comment="rematch: the old host's token hash"),
    Column("auto_start", Boolean, nullable=False),
    Column("turn_seconds", Float),
    Column("on_timeout", String(16), nullable=False),
    Column("timeout_bot", String(64), nullable=False),
    Column("turn_deadline", Float),
    Column("rematch_of", String(32)),
    Column("rematch_id", String(32)),
    Column("result", JSON),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float),
    Column("finished_at", Float),
    Column("updated_at", Float, nullable=False),
    Column("bot_only", Boolean, nullable=False, server_default=false(),
           comment="every seat a bot: capped, paused when unwatched"),
    Column("creator", String(64), comment="hash of the creating client's address"),
    Column("end_reason", Text, comment="status 'ended': why the host ended it, told to players"),
    Column("rated", Boolean, nullable=False, server_default=false(),
           comment="chosen at creation: a finished match moves its kept profiles' ratings"),
)

seats = Table(
    "seats",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False, comment="open, human, hotseat or bot"),
    Column("bot", String(64)),
    Column("name", String(256), comment="at most names.MAX_NAME_CODE_POINTS code points"),
    Column("token_hash", String(64)),
    Column("reserved_hash", String(64), comment="rematch: the token hash that may claim it"),
    Column("joined_at", Float),
    Column("lang", String(16), comment="language the seat joined or last spoke with; null: en"),
    Column("profile_id", String(32), ForeignKey("profiles.id", ondelete="SET NULL"),
           index=True, comment="the profile whose seat this is (accounts); null: a token only"),
    Column("former", Boolean, nullable=False, server_default=false(),
           comment="its profile was deleted: shown as 'a former player'"),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("text", Text, nullable=False),
    Column("seat", Integer, nullable=False, comment="acting seat; -1 for chance"),
    Column("state_id", Integer, nullable=False, comment="state_id after this action"),
    Column("created_at", Float, nullable=False),
)

host_settings = Table(
    "host_settings",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", JSON, nullable=False),
    Column("updated_at", Float, nullable=False),
    comment="what the host set with 'camelcade admin': the lobby's state, secrets' hashes",
)

instances = Table(
    "instances",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("started_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
    Column("info", JSON, nullable=False, comment="version, bot pool, matches, websockets"),
    comment="each serving process's heartbeat, for 'camelcade admin bots'",
)

profiles = Table(
    "profiles",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(256), nullable=False, comment="display name, checked by names.py"),
    Column("lang", String(16), nullable=False),
    Column("email", String(254), unique=True, comment="lower-cased; null: a guest"),
    Column("password_hash", String(256), comment="argon2 (pwdlib); null: no password"),
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
    comment="a person: a guest until an e-mail address keeps it (accounts)",
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("profile_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    comment="one signed-in browser: the SHA-256 of its cookie's token",
)

sign_in_links = Table(
    "sign_in_links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("email", String(254), nullable=False),
    Column("profile_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           comment="the browser's profile that asked: it keeps the address if unknown"),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float),
    comment="e-mailed sign-in links: single use, short-lived, stored hashed",
)

ratings = Table(
    "ratings",
    metadata,
    Column("profile_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True,
           comment="player-count class: 2, 3, 4, or 5 for five and more"),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    comment="a kept profile's OpenSkill rating per game and player-count class",
)

rated_matches = Table(
    "rated_matches",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True, comment="one row per match: a match is rated once"),
    Column("rated_at", Float, nullable=False),
    Column("changes", JSON, nullable=False,
           comment="per rated seat: profile, place, mu and sigma before and after"),
    comment="finished rated matches whose ratings were updated",
)
