"""The web app's JSON calls: games for the lobby, a match's page data, my games, replays,
command keys (notices: ``web/notices.py``). Tokens travel in ``Authorization`` headers or
request bodies, never in a URL.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, ConfigDict, Field

from camelcade import bots as bot_registry
from camelcade.core.data import data_names
from camelcade.core.errors import CamelcadeError
from camelcade.core.options import Control
from camelcade.core.registry import game_class, game_ids, plugin
from camelcade.core.results import ranking_from, standings_sentence
from camelcade.core.words import N_, t, translate
from camelcade.records import Record
from camelcade.server.admin import ENDED, ended_sentence
from camelcade.server.manager import HOST
from camelcade.server.protocol import MAX_TOKEN_CHARS, ErrorCode, ProtocolError
from camelcade.server.routes.deps import RateLimited, ReadLimited, ServicesDep
from camelcade.server.runtime import LiveMatch
from camelcade.server.service import Services
from camelcade.server.store import MatchRow, SeatRow
from camelcade.server.web import answers
from camelcade.server.web.assets import asset_urls
from camelcade.server.web.learn import MAX_MOVE_CHARS, course_data, verdict_data
from camelcade.server.web.replay import replay_steps

router = APIRouter(prefix="/api/web", tags=["web app"])
MAX_MY_GAMES = 100


LEVEL_WORDS = (N_("easy"), N_("medium"), N_("hard"))
"""The level names the games give their bots, in the catalogue: a page says them in its
language (a level another game names is shown as it is written)."""


def control_json(control: Control) -> dict[str, Any]:
    """How the create form asks for an option, its choices in the page's language."""
    return {"kind": control.kind, "low": control.low, "high": control.high,
            "length": control.length, "item": translate(control.item) if control.item else "",
            "choices": [{"value": value, "label": translate(label)}
                        for value, label in control.choices]}


def game_summary(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    manifest = plugin(game_id)
    return {
        "id": game_id,
        "title": cls.title,
        "summary": translate(manifest.summary) if manifest.summary else "",
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": cls.default_players,
        # An option's help and allowed values and a level's description are the game's
        # data: said in the page's language (each game marks them for the catalogue, N_).
        "options": [{"name": o.name, "default": o.default, "allowed": translate(o.allowed),
                     "help": translate(o.help) if o.help else o.help,
                     "values": data_names(game_id, o.name),
                     "label": translate(o.label) if o.label else o.name,
                     "explain": translate(o.explain) if o.explain else "",
                     "control": control_json(o.form())}
                    for o in cls.option_specs],
        # Named ways to play from the rulebook, then each option as a player's control.
        "presets": [{"name": translate(p.name), "sentence": translate(p.sentence),
                     "options": dict(p.options)} for p in cls.presets],
        "levels": [{"name": name, "bot": bot_registry.LEVEL_PREFIX + name,
                    "label": translate(name),
                    "description": translate(level.description) if level.description
                    else level.description}
                   for name, level in bot_registry.levels(game_id).items()],
        "assets": asset_urls(game_id),
        "rules": f"/rules/{game_id}",
        "learn": f"/learn/{game_id}" if manifest.lessons is not None else None,
    }


@router.get("/learn/{game_id}", summary="A game's lessons: goals, positions, legal moves")
def learn_course(game_id: str) -> dict[str, Any]:
    return course_data(game_id)


class LessonMove(BaseModel):
    """A move to judge in a lesson's position, in the game's notation."""

    model_config = ConfigDict(extra="forbid")
    move: str = Field(max_length=MAX_MOVE_CHARS)


@router.post("/learn/{game_id}/{lesson}", summary="A lesson's verdict on a move")
def learn_verdict(game_id: str, lesson: str, body: LessonMove) -> dict[str, Any]:
    return verdict_data(game_id, lesson, body.move)


@router.get("/games", summary="Every game for the lobby: summary, options, levels, pictures")
def web_games() -> list[dict[str, Any]]:
    return [game_summary(game_id) for game_id in game_ids()]


def _role(services: Services, match: LiveMatch, token: str | None) -> int | None:
    if not token:
        return None
    who = services.manager.authenticate(match, token)
    return None if who == HOST else int(who)


def _optional_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value or len(value) > MAX_TOKEN_CHARS:
        return None
    return value.strip()


@router.get("/matches/{match_id}", summary="What a match page needs besides the websocket")
async def match_page_data(match_id: str, request: Request, services: ServicesDep
                          ) -> dict[str, Any]:
    match = await services.manager.get(match_id)
    seat = _role(services, match, _optional_token(request))
    return {
        "game": game_summary(match.game.id),
        "seat_names": answers.seat_names(match.game, match.names),
        "commands": answers.commands(match, seat),
        "advisor": answers.advisor_allowed(match, seat),
        "advice": answers.advice_names(match.game),
        "guide": answers.guide_text(match.game),
        "email": services.notices.email_enabled and services.settings.notices,
        "push": services.settings.notices,
        "seat": seat,
    }


class Ask(BaseModel):
    model_config = ConfigDict(extra="forbid")
    command: str = Field(max_length=40)


@router.post("/matches/{match_id}/ask", summary="The server's answer to a command key")
async def ask(match_id: str, body: Ask, request: Request, services: ServicesDep
              ) -> dict[str, str]:
    match = await services.manager.get(match_id)
    seat = _role(services, match, _optional_token(request))
    return {"command": body.command, "text": answers.answer(match, seat, body.command)}


class Held(BaseModel):
    model_config = ConfigDict(extra="forbid")
    match_id: str = Field(max_length=40)
    token: str = Field(max_length=MAX_TOKEN_CHARS)


class Mine(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[Held] = Field(max_length=MAX_MY_GAMES)


@router.post("/mine", summary="The matches this browser holds seats in, your turn first",
             dependencies=[RateLimited])
async def my_games(body: Mine, services: ServicesDep) -> dict[str, Any]:
    """Tokens come in the body (kept in the browser's storage), never in a URL."""
    found = [await seat_summary(services, held.match_id, held.token) for held in body.seats]
    return {"matches": your_turn_first(found)}


async def seat_summary(services: Services, match_id: str, token: str) -> dict[str, Any]:
    """What "My games" shows of the seat ``token`` holds in ``match_id`` (``gone`` if the
    match or the seat is no more)."""
    try:
        match = await services.manager.get(match_id)
        seat = _role(services, match, token)
    except ProtocolError:
        return {"match_id": match_id, "gone": True}
    mover = match.state.current_player if match.status == "running" else None
    deadline = match.row.turn_deadline if match.status == "running" else None
    names = answers.seat_names(match.game, match.names)
    return {
        "match_id": match.id, "gone": False, "game": match.game.id,
        "title": match.game.title, "status": match.status, "seat": seat,
        "seat_name": names[seat] if seat is not None else None,
        "your_turn": seat is not None and mover == seat,
        "current_player": mover,
        "to_move": names[mover] if mover is not None and 0 <= mover < len(names) else None,
        "deadline": deadline,
        "time_left": None if deadline is None else max(0.0, deadline - time.time()),
        "clock": match.row.clock if match.row.turn_seconds else None,
        "away_until": {s.seat: s.away_until for s in match.seats
                       if (s.away_until or 0) > time.time()},
        "updated_at": match.row.updated_at,
        "result": (answers.result_text(match) if match.status == "finished"
                   else ended_sentence(match.row.end_reason) if match.status == ENDED
                   else None),
    }


def your_turn_first(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Your turn first, then what goes on, then what is over; the newest first in each."""
    return sorted(found, key=lambda m: (not m.get("your_turn"),
                                        m.get("status") in ("finished", ENDED),
                                        -(m.get("updated_at") or 0)))


FINISHED_LISTED = 50
"""Finished matches on the replay page's list, newest first."""


def finished_entry(row: MatchRow, seats: list[SeatRow]) -> dict[str, Any]:
    """A finished match as the replay list shows it: the game's title, who played which
    seat ("Red: Ray", "Player 2: bot level easy"), when it ended and its result in words."""
    try:
        game = game_class(row.game).load_saved(row.options)
    except CamelcadeError:  # a game this server no longer has, or options it refuses
        return {"id": row.id, "title": row.game, "players": [], "finished_at": row.finished_at,
                "result": None}
    given = tuple(s.name if s.kind != "bot" else None for s in seats)
    names = answers.seat_names(game, given)
    players: list[str] = []
    for s in seats:
        who: str
        if s.kind == "bot":
            bot = str(s.name or s.bot or "")
            level = bot.removeprefix(bot_registry.LEVEL_PREFIX)
            who = (t("bot level {level}", level=translate(level)) if level != bot
                   else t("bot {name}", name=bot))
        else:
            who = str(t("a former player")) if s.former else s.name or str(t("a player"))
        players.append(names[s.seat] if names[s.seat] == who
                       else t("{name}: {text}", name=names[s.seat], text=who))
    result = row.result or {}
    ranking = result.get("ranking") or ranking_from(result.get("winners", []), len(names))
    return {"id": row.id, "game": row.game, "title": game.title, "players": players,
            "finished_at": row.finished_at,
            "result": standings_sentence(names, ranking) if row.result else None}


@router.get("/finished", summary="The replay page's list: finished matches in words",
            dependencies=[ReadLimited])
async def finished_matches(services: ServicesDep) -> dict[str, Any]:
    rows = await services.store.read(services.store.list_matches, ("finished",),
                                     FINISHED_LISTED, None, None)
    return {"matches": [finished_entry(row, seats) for row, seats in rows]}


@router.get("/matches/{match_id}/replay", summary="Every position of a finished match")
async def match_replay(match_id: str, services: ServicesDep) -> dict[str, Any]:
    match = await services.manager.get(match_id)
    if match.status != "finished":
        raise ProtocolError(ErrorCode.MATCH_NOT_FINISHED, t("Replays come after the end."))
    texts = await services.store.read(services.store.load_actions, match.id, 0)
    record = Record(game=match.game.id, options=match.row.options, players=[], actions=texts)
    steps = replay_steps(record, match.names)
    steps["seat_names"] = answers.seat_names(match.game, match.names)
    return steps


@router.post("/replay", summary="Every position of an uploaded record (camelcade-record/1)",
             dependencies=[RateLimited])
def record_replay(record: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
    try:
        parsed = Record.from_json(record)
        game = parsed.load_game()
    except CamelcadeError as error:
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, str(error)[:500]) from None
    steps = replay_steps(parsed)
    steps["seat_names"] = answers.seat_names(game)
    return steps
