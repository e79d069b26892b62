"""Ratings of kept profiles by OpenSkill (Plackett-Luce, as the lab rates its bots), per
game and player-count class (blocking calls; run through ``Store.read``/``write``).

Classes are 2, 3, 4 and "5 and more" (stored as 5): a two-player duel and a four-player
race reward different skills, so one number across counts would mislead; five and six
players are rare on any one game and alike enough to share a rating rather than leave
each with too few games to mean anything.

Only kept profiles (with an e-mail address) are rated: a guest's rating would be lost with
its cookie. A guest or a seat token without a profile still plays its part in a rated
match as a new player would (μ 25, σ 25/3), so beating it counts a little, but nothing of
it is stored. A bot plays at its fixed rating (``bot_rating``), which never moves: playing
the hard bot counts. A seat abandoned (``abandoned``: its player let the clock run out
``ABANDON_TIMEOUTS`` times, or the host's rule handed the seat to a bot for good, see
``camelcade.server.clocks``) is placed last and rated so, whatever the bot achieved;
tied seats share a place.

``rated_matches`` holds one row per rated match, written in the same transaction as the
ratings: the end of a match processed twice is rated once.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from camelcade.server.models import matches, profiles, rated_matches, ratings, seats

MIN_GAMES = 5
"""A profile shows on a game's leaderboard after this many rated games of it."""
ABANDON_TIMEOUTS = 2
"""A seat whose clock ran out this many times in a rated match abandoned it: last place."""
BOT_SIGMA = 1.0
"""A bot's fixed uncertainty: small, since the ladder measured it over many games."""
DEFAULT_BOT_RATINGS: Mapping[str, float] = {
    "random": 5.0, "@easy": 18.0, "@medium": 25.0, "@hard": 32.0,
}
"""Fixed μ of the generic bots and levels, for a game whose plug-in names none of its own
(``GamePlugin.bot_ratings``); any other bot plays at 25, a new player's μ."""
CONSERVATIVE_Z = 2.0
"""The rating shown and ranked by: μ − 2σ, what a player is very likely at least worth."""


def player_class(players: int) -> int:
    """The rating class of a match of ``players``: 2, 3, 4, or 5 for five and more."""
    return min(max(players, 2), 5)


def bot_rating(game: str, bot: str | None) -> float:
    """The fixed μ of ``bot`` in ``game``: the game's plug-in's word, else the defaults."""
    from camelcade.core.registry import plugin

    own = plugin(game).bot_ratings
    name = bot or ""
    if name in own:
        return float(own[name])
    return float(DEFAULT_BOT_RATINGS.get(name, 25.0))


def _places(ranking: Sequence[Sequence[int]], abandoned: frozenset[int]) -> dict[int, int]:
    """Each seat's rank for OpenSkill (1 best; tied seats share one); abandoned seats all
    share the last rank, below every seat that finished."""
    places: dict[int, int] = {}
    rank = 1
    for group in ranking:
        kept = [seat for seat in group if seat not in abandoned]
        for seat in kept:
            places[seat] = rank
        if kept:
            rank += 1
    for seat in abandoned:
        places[seat] = rank
    return places


def rate_match(engine: Engine, match_id: str, abandoned: frozenset[int] = frozenset(),
               now: float | None = None) -> bool:
    """Rate a finished rated match once; True if this call rated it.

    Nothing happens for a casual, unfinished or already rated match, or one with no kept
    profile in it. Two calls racing (two processes) write one ``rated_matches`` row: the
    loser's insert fails and its whole transaction, ratings included, rolls back.
    """
    from openskill.models import PlackettLuce

    when = time.time() if now is None else now
    model = PlackettLuce()
    try:
        with engine.begin() as conn:
            match = conn.execute(select(matches.c.game, matches.c.status, matches.c.rated,
                                        matches.c.result).where(matches.c.id == match_id)
                                 ).first()
            if (match is None or not match.rated or match.status != "finished"
                    or not match.result or not match.result.get("ranking")):
                return False
            if conn.execute(select(rated_matches.c.match_id)
                            .where(rated_matches.c.match_id == match_id)).first():
                return False
            rows = conn.execute(
                select(seats.c.seat, seats.c.kind, seats.c.bot, seats.c.profile_id,
                       seats.c.taken_over, seats.c.timeouts, profiles.c.email)
                .outerjoin(profiles, profiles.c.id == seats.c.profile_id)
                .where(seats.c.match_id == match_id).order_by(seats.c.seat)).all()
            group = player_class(len(rows))
            # A seat a bot took over for good is still its player's, who abandoned it;
            # the counts are the database's, so a restart mid-match forgets none.
            abandoned = abandoned | {row.seat for row in rows if row.taken_over
                                     or row.timeouts >= ABANDON_TIMEOUTS}
            kept = {row.seat: str(row.profile_id) for row in rows
                    if (row.kind != "bot" or row.taken_over) and row.profile_id is not None
                    and row.email is not None}
            # One profile in two seats (hot-seat against oneself) proves nothing.
            if not kept or len(set(kept.values())) != len(kept):
                return False
            held: dict[str, Any] = {}
            for profile_id in kept.values():
                held[profile_id] = conn.execute(select(ratings).where(
                    (ratings.c.profile_id == profile_id) & (ratings.c.game == match.game)
                    & (ratings.c.players == group))).first()
            teams = []
            for row in rows:
                if row.seat in kept:
                    old = held[kept[row.seat]]
                    teams.append([model.rating() if old is None
                                  else model.rating(mu=old.mu, sigma=old.sigma)])
                elif row.kind == "bot":
                    teams.append([model.rating(mu=bot_rating(match.game, row.bot),
                                               sigma=BOT_SIGMA)])
                else:
                    teams.append([model.rating()])
            where = _places(match.result["ranking"], abandoned)
            new = model.rate(teams, ranks=[where[row.seat] for row in rows])
            changes = []
            for seat, profile_id in sorted(kept.items()):
                before, after = teams[seat][0], new[seat][0]
                changes.append({"seat": seat, "profile_id": profile_id, "place": where[seat],
                                "mu": [before.mu, after.mu],
                                "sigma": [before.sigma, after.sigma]})
                values = {"mu": after.mu, "sigma": after.sigma, "updated_at": when}
                if held[profile_id] is None:
                    conn.execute(insert(ratings).values(
                        profile_id=profile_id, game=match.game, players=group, games=1,
                        **values))
                else:
                    conn.execute(update(ratings).where(
                        (ratings.c.profile_id == profile_id) & (ratings.c.game == match.game)
                        & (ratings.c.players == group)
                    ).values(games=ratings.c.games + 1, **values))
            conn.execute(insert(rated_matches).values(match_id=match_id, rated_at=when,
                                                      changes=changes))
    except IntegrityError:  # another process rated it first
        return False
    return True


@dataclass(frozen=True)
class Rating:
    """One rating as the pages show it."""

    game: str
    players: int
    mu: float
    sigma: float
    games: int

    @property
    def conservative(self) -> float:
        return self.mu - CONSERVATIVE_Z * self.sigma


@dataclass(frozen=True)
class PlayedMatch:
    id: str
    game: str
    finished_at: float | None
    place: int | None
    players: int
    rated: bool


@dataclass(frozen=True)
class Card:
    """A public profile: nothing but its name, games, ratings and finished matches."""

    id: str
    name: str
    kept: bool
    games: dict[str, int]
    ratings: list[Rating]
    recent: list[PlayedMatch]


def _place(result: Any, seat: int) -> int | None:
    if not result or not result.get("ranking"):
        return None
    for place, group in enumerate(result["ranking"], start=1):
        if seat in group:
            return place
    return None


def player_card(engine: Engine, profile_id: str, recent: int = 20) -> Card | None:
    """The public profile of ``profile_id``; None if there is no such profile."""
    with engine.connect() as conn:
        row = conn.execute(select(profiles.c.id, profiles.c.name, profiles.c.email)
                           .where(profiles.c.id == profile_id)).first()
        if row is None:
            return None
        counted = conn.execute(
            select(matches.c.game, func.count(func.distinct(matches.c.id)))
            .join(seats, seats.c.match_id == matches.c.id)
            .where((seats.c.profile_id == profile_id) & (matches.c.status == "finished"))
            .group_by(matches.c.game)).all()
        held = conn.execute(select(ratings).where(ratings.c.profile_id == profile_id)
                            .order_by(ratings.c.game, ratings.c.players)).all()
        played = conn.execute(
            select(matches.c.id, matches.c.game, matches.c.finished_at, matches.c.result,
                   matches.c.rated, seats.c.seat,
                   select(func.count()).where(seats.c.match_id == matches.c.id)
                   .correlate(matches).scalar_subquery().label("players"))
            .join(seats, seats.c.match_id == matches.c.id)
            .where((seats.c.profile_id == profile_id) & (matches.c.status == "finished"))
            .order_by(matches.c.finished_at.desc()).limit(recent * 4)).all()
    seen: set[str] = set()
    last: list[PlayedMatch] = []
    for item in played:
        if item.id in seen:
            continue
        seen.add(item.id)
        last.append(PlayedMatch(item.id, item.game, item.finished_at,
                                _place(item.result, item.seat), int(item.players),
                                bool(item.rated)))
    return Card(id=str(row.id), name=str(row.name), kept=row.email is not None,
                games={str(game): int(count) for game, count in counted},
                ratings=[Rating(r.game, r.players, r.mu, r.sigma, r.games) for r in held],
                recent=last[:recent])


@dataclass(frozen=True)
class Standing:
    profile_id: str
    name: str
    rating: Rating


def leaderboard(engine: Engine, game: str, players: int, min_games: int = MIN_GAMES,
                limit: int = 100) -> list[Standing]:
    """Kept profiles with ``min_games`` rated games of ``game`` in class ``players``, by
    the conservative rating μ − 2σ, best first (ties by more games, then name)."""
    score = ratings.c.mu - CONSERVATIVE_Z * ratings.c.sigma
    with engine.connect() as conn:
        rows = conn.execute(
            select(ratings, profiles.c.name)
            .join(profiles, profiles.c.id == ratings.c.profile_id)
            .where((ratings.c.game == game) & (ratings.c.players == player_class(players))
                   & (ratings.c.games >= min_games) & profiles.c.email.is_not(None))
            .order_by(score.desc(), ratings.c.games.desc(), profiles.c.name, profiles.c.id)
            .limit(limit)).all()
    return [Standing(str(r.profile_id), str(r.name),
                     Rating(r.game, r.players, r.mu, r.sigma, r.games)) for r in rows]
