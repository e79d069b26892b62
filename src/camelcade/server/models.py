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
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
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
    Column("clock", String(16), nullable=False, server_default="live",
           comment="live or correspondence (clocks.py)"),
    Column("bank_seconds", Float, comment="each seat's time bank and its cap; null: none"),
    Column("takeover_after", Integer, comment="timeouts before a bot keeps the seat"),
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
    Column("bank_left", Float, comment="its time bank; null: the clock has none"),
    Column("timeouts", Integer, nullable=False, server_default="0",
           comment="how often its time ran out"),
    Column("taken_over", Boolean, nullable=False, server_default=false(),
           comment="a bot keeps it for good: its time ran out too often"),
    Column("away_until", Float, comment="its profile's vacation ends then: its clock waits"),
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
    Column("away_from", Float, comment="the current vacation began then; null: none"),
    Column("away_until", Float, comment="the current vacation ends then"),
    Column("vacation_year", Integer, comment="the year vacation_days counts in (UTC)"),
    Column("vacation_days", Integer, nullable=False, server_default="0",
           comment="vacation days taken in vacation_year"),
    Column("quiet_start", Integer, comment="quiet hours begin: minutes after local midnight"),
    Column("quiet_end", Integer, comment="quiet hours end: minutes after local midnight"),
    Column("time_zone", String(64), comment="the IANA zone quiet hours are in; null: none"),
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

passkeys = Table(
    "passkeys",
    metadata,
    Column("id", String(32), primary_key=True, comment="random; names the passkey in the API"),
    Column("profile_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("credential_id", String(1400), nullable=False, unique=True,
           comment="the authenticator's credential id, base64url (at most 1023 bytes)"),
    Column("public_key", LargeBinary, nullable=False, comment="COSE public key, as given"),
    Column("sign_count", BigInteger, nullable=False,
           comment="the authenticator's counter: a signature must raise it (or keep 0)"),
    Column("transports", JSON, nullable=False, comment="usb, nfc, ble, internal, hybrid..."),
    Column("name", String(256), nullable=False, comment="the player's name for it (names.py)"),
    Column("created_at", Float, nullable=False),
    Column("used_at", Float, comment="last sign-in with it; null: never"),
    comment="WebAuthn credentials that sign a kept profile in (public keys only)",
)

passkey_challenges = Table(
    "passkey_challenges",
    metadata,
    Column("challenge_hash", String(64), primary_key=True),
    Column("session_hash", String(64), ForeignKey("sessions.token_hash", ondelete="CASCADE"),
           nullable=False, index=True, comment="the session that asked: only it may answer"),
    Column("purpose", String(16), nullable=False, comment="register or signin"),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    comment="WebAuthn challenges: single use (deleted when answered), five minutes",
)

notice_channels = Table(
    "notice_channels",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(16), nullable=False, comment="email or push"),
    Column("address", Text, nullable=False,
           comment="the e-mail address or the push subscription (JSON); never logged"),
    Column("created_at", Float, nullable=False),
    Column("profile_id", String(32), index=True,
           comment="copied from this profile's channel (profile_channels) when a notice was "
           "written; null: the seat chose it itself"),
    UniqueConstraint("match_id", "seat", "kind", name="uq_notice_channels_seat_kind"),
    comment="where a seat wants its notices; deleted on unsubscribe (outbox rows with it)",
)

profile_channels = Table(
    "profile_channels",
    metadata,
    Column("profile_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           primary_key=True),
    Column("kind", String(16), primary_key=True, comment="email or push"),
    Column("address", Text, nullable=False,
           comment="the e-mail address or the push subscription (JSON); never logged"),
    Column("created_at", Float, nullable=False),
    comment="where a profile wants the notices of every seat it holds, one per kind; copied "
    "to the seat's channels as a notice is written, unless the seat chose its own",
)

outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), nullable=False),
    Column("state_id", Integer, nullable=False, comment="the move that caused the notice"),
    Column("seat", Integer, nullable=False),
    Column("kind", String(16), nullable=False, comment="turn, over or clock"),
    Column("channel_id", String(32), ForeignKey("notice_channels.id", ondelete="CASCADE"),
           nullable=False),
    Column("status", String(16), nullable=False, index=True,
           comment="pending, sent, seen (the seat was looking), stale, failed"),
    Column("due_at", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("claimed_by", String(32)),
    Column("claimed_until", Float, comment="a deliverer's lease; another may take it after"),
    Column("created_at", Float, nullable=False),
    Column("done_at", Float),
    Column("error", Text, comment="the last failure's reason, without the address"),
    UniqueConstraint("match_id", "state_id", "seat", "kind", "channel_id",
                     name="uq_outbox_notice"),
    comment="notices written with the move that causes them, delivered by services.outbox",
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

invitations = Table(
    "invitations",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("inviter_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("invitee_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("status", String(16), nullable=False,
           comment="pending, accepted or declined (expired is read from the match)"),
    Column("channel_id", String(32),
           comment="the notice channel made for it; deleted when it ends"),
    Column("created_at", Float, nullable=False),
    Column("done_at", Float),
    comment="a profile invited by name into an open seat of an open match",
)

blocks = Table(
    "blocks",
    metadata,
    Column("blocker_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           primary_key=True),
    Column("blocked_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"),
           primary_key=True, index=True),
    Column("created_at", Float, nullable=False),
    comment="the blocker refuses every invitation of the blocked (who is not told)",
)
