"""Public profiles and leaderboards: ``/player/<id>``, ``/leaderboard/<game>`` and their
API twins ``/api/players/<id>`` and ``/api/leaderboard/<game>``.

What is public: a profile's display name, its finished matches (game, place, a link to the
replay, which is public already) and its ratings. Never its e-mail address, language or
sessions. A rating is shown as players read it: "about μ, surely at least μ − 2σ"; the
leaderboard ranks by that conservative figure, so one lucky win does not top it. Pages are
rendered here, every name escaped, in the request's language.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from camelcade.core.registry import game_class, game_ids
from camelcade.core.words import language, t
from camelcade.server.accounts import ratings as rated
from camelcade.server.protocol import ErrorCode, ProtocolError, unknown_game
from camelcade.server.routes.deps import ServicesDep
from camelcade.server.schemas import ErrorResponse
from camelcade.server.web import pages
from camelcade.server.web.language import request_language

PROFILE_ID = re.compile(r"[0-9a-f]{32}")
api = APIRouter(prefix="/api", tags=["players"],
                responses={404: {"model": ErrorResponse}, 422: {"model": ErrorResponse}})
html = APIRouter(include_in_schema=False)


class RatingOut(BaseModel):
    game: str
    players: int = Field(description="player-count class: 2, 3, 4, or 5 for five and more")
    mu: float = Field(description="the OpenSkill estimate")
    sigma: float = Field(description="its uncertainty")
    conservative: float = Field(description="mu - 2 sigma: what the leaderboard ranks by")
    games: int


class PlayedOut(BaseModel):
    match_id: str
    game: str
    finished_at: float | None
    place: int | None = Field(description="1 is first; tied players share a place")
    players: int
    rated: bool
    replay: str = Field(description="the replay page's path")


class PlayerOut(BaseModel):
    id: str
    name: str
    kept: bool = Field(description="false: a guest, never rated")
    games: dict[str, int] = Field(description="finished matches per game")
    ratings: list[RatingOut]
    recent: list[PlayedOut]


class StandingOut(BaseModel):
    place: int
    id: str
    name: str
    rating: RatingOut


class LeaderboardOut(BaseModel):
    game: str
    players: int
    min_games: int
    standings: list[StandingOut]


def _rating(r: rated.Rating) -> RatingOut:
    return RatingOut(game=r.game, players=r.players, mu=round(r.mu, 2),
                     sigma=round(r.sigma, 2), conservative=round(r.conservative, 2),
                     games=r.games)


def _no_player(profile_id: str) -> ProtocolError:
    return ProtocolError(ErrorCode.PLAYER_NOT_FOUND, t(
        "There is no player {id}; a player's address is /player/ and the 32 characters of "
        "their profile id.", id=repr(profile_id[:40])))


async def _card(services: Any, profile_id: str) -> rated.Card | None:
    if not PROFILE_ID.fullmatch(profile_id):
        return None
    card: rated.Card | None = await services.store.read(
        rated.player_card, services.store.engine, profile_id)
    return card


def _player_out(card: rated.Card) -> PlayerOut:
    return PlayerOut(id=card.id, name=card.name, kept=card.kept, games=card.games,
                     ratings=[_rating(r) for r in card.ratings],
                     recent=[PlayedOut(match_id=m.id, game=m.game, finished_at=m.finished_at,
                                       place=m.place, players=m.players, rated=m.rated,
                                       replay=f"/replay/{m.id}") for m in card.recent])


@api.get("/players/{profile_id}", summary="A player's public profile: games and ratings")
async def player(profile_id: str, services: ServicesDep) -> PlayerOut:
    card = await _card(services, profile_id)
    if card is None:
        raise _no_player(profile_id)
    return _player_out(card)


def _check_game(game: str) -> None:
    if game not in game_ids():
        raise unknown_game(game)


@api.get("/leaderboard/{game}", summary="A game's best kept profiles by conservative rating")
async def leaderboard(game: str, services: ServicesDep,
                      players: int = Query(default=2, ge=2, le=16,
                                           description="the player count (5: five and more)"),
                      ) -> LeaderboardOut:
    _check_game(game)
    found = await services.store.read(rated.leaderboard, services.store.engine, game, players)
    return LeaderboardOut(game=game, players=rated.player_class(players),
                          min_games=rated.MIN_GAMES, standings=[
                              StandingOut(place=i, id=s.profile_id, name=s.name,
                                          rating=_rating(s.rating))
                              for i, s in enumerate(found, start=1)])


def _class_words(players: int) -> str:
    if players >= 5:
        return str(t("5 or more players"))
    return str(t("{count} players", count=players))


def _title(game: str) -> str:
    return game_class(game).title if game in game_ids() else game


def _rating_words(r: rated.Rating) -> str:
    return str(t("about {mu}, at least {low} (rated games: {games})",
                 mu=f"{r.mu:.1f}", low=f"{r.conservative:.1f}", games=r.games))


def player_body(card: rated.Card) -> str:
    """The profile page's ``<main>`` (call inside ``language``): every name escaped."""
    parts = [f"<h1>{escape(str(t('Player {name}', name=card.name)))}</h1>"]
    if not card.kept:
        guest = t("A guest: guests are not rated. Keeping the profile with an e-mail address "
                  "starts its ratings.")
        parts.append(f"<p>{escape(str(guest))}</p>")
    parts.append(f"<h2>{escape(str(t('Ratings')))}</h2>")
    if card.ratings:
        rows = "".join(
            f"<tr><th scope=\"row\">{escape(_title(r.game))}</th>"
            f"<td>{escape(_class_words(r.players))}</td>"
            f"<td>{escape(_rating_words(r))}</td></tr>" for r in card.ratings)
        parts.append(
            f"<table><caption>{escape(str(t('Ratings of {name}', name=card.name)))}</caption>"
            f"<thead><tr><th scope=\"col\">{escape(str(t('Game')))}</th>"
            f"<th scope=\"col\">{escape(str(t('Players')))}</th>"
            f"<th scope=\"col\">{escape(str(t('Rating')))}</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")
    else:
        parts.append(f"<p>{escape(str(t('No rated games yet.')))}</p>")
    parts.append(f"<h2>{escape(str(t('Games played')))}</h2>")
    if card.games:
        parts.append("<ul>" + "".join(
            f"<li>{escape(str(t('{game}: {count} finished', game=_title(g), count=n)))}</li>"
            for g, n in sorted(card.games.items())) + "</ul>")
    else:
        parts.append(f"<p>{escape(str(t('No finished games yet.')))}</p>")
    parts.append(f"<h2>{escape(str(t('Recent matches')))}</h2>")
    if card.recent:
        items = []
        for m in card.recent:
            place = (str(t("place {place} of {count}", place=m.place, count=m.players))
                     if m.place is not None else "")
            kind = str(t("rated")) if m.rated else str(t("casual"))
            words = str(t("Replay of {game}", game=_title(m.game)))
            items.append(f'<li><a href="/replay/{escape(m.id)}">{escape(words)}</a> '
                         f"({escape(place)}{', ' if place else ''}{escape(kind)})</li>")
        parts.append("<ul>" + "".join(items) + "</ul>")
    else:
        parts.append(f"<p>{escape(str(t('No finished games yet.')))}</p>")
    return "\n".join(parts)


BLOCKING = '<div id="block"></div>'
"""Where ``player.js`` offers a kept, signed-in visitor to block (or unblock) the player."""


def leaderboard_body(game: str, players: int, standings: list[rated.Standing]) -> str:
    """The leaderboard page's ``<main>`` (call inside ``language``)."""
    title = _title(game)
    heading = str(t("{game} leaderboard, {players}", game=title,
                    players=_class_words(players)))
    who = t("Players with an e-mail address and at least {count} rated games, by the rating "
            "they are surely at least worth.", count=rated.MIN_GAMES)
    parts = [f"<h1>{escape(heading)}</h1>", f"<p>{escape(str(who))}</p>"]
    links = []
    for count in (2, 3, 4, 5):
        current = ' aria-current="page"' if count == players else ""
        links.append(f'<li><a href="/leaderboard/{escape(game)}?players={count}"{current}>'
                     f"{escape(_class_words(count))}</a></li>")
    label = escape(str(t("Player counts")))
    parts.append(f'<nav aria-label="{label}"><ul class="cc-nav">{"".join(links)}</ul></nav>')
    if standings:
        rows = "".join(
            f"<tr><td>{i}</td><th scope=\"row\"><a href=\"/player/{escape(s.profile_id)}\">"
            f"{escape(s.name)}</a></th><td>{escape(_rating_words(s.rating))}</td></tr>"
            for i, s in enumerate(standings, start=1))
        parts.append(
            f"<table><caption>{escape(heading)}</caption><thead><tr>"
            f"<th scope=\"col\">{escape(str(t('Place')))}</th>"
            f"<th scope=\"col\">{escape(str(t('Player')))}</th>"
            f"<th scope=\"col\">{escape(str(t('Rating')))}</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")
    else:
        parts.append(f"<p>{escape(str(t('Nobody is on this leaderboard yet.')))}</p>")
    return "\n".join(parts)


def _page(request: Request, lang: str | None, title: str, body: str,
          status_code: int = 200, script: str | None = None) -> HTMLResponse:
    spoken = request_language(request, lang)
    return HTMLResponse(pages.page(title, body, script, lang=spoken, english=False),
                        status_code=status_code, headers={"Cache-Control": "no-cache"})


@html.get("/player/{profile_id}")
async def player_page(request: Request, profile_id: str, services: ServicesDep,
                      lang: str | None = None) -> HTMLResponse:
    from camelcade.server.web.routes import not_found_page

    card = await _card(services, profile_id)
    if card is None:
        return not_found_page(request, lang)
    with language(request_language(request, lang)):
        title = str(t("Player {name}", name=card.name))
        body = player_body(card) + BLOCKING
    return _page(request, lang, title, body, script="player.js")


@html.get("/leaderboard/{game}")
async def leaderboard_page(request: Request, game: str, services: ServicesDep,
                           players: int = 2, lang: str | None = None) -> HTMLResponse:
    from camelcade.server.web.routes import not_found_page

    if game not in game_ids() or not 2 <= players <= 16:
        return not_found_page(request, lang)
    group = rated.player_class(players)
    found = await services.store.read(rated.leaderboard, services.store.engine, game, group)
    with language(request_language(request, lang)):
        body = leaderboard_body(game, group, found)
        title = str(t("{game} leaderboard", game=_title(game)))
    return _page(request, lang, title, body)


def install(app: FastAPI) -> None:
    app.include_router(api)
    app.include_router(html)
