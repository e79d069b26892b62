"""The web app's JSON calls: games for the lobby, a match's page data, my games, replays,
command keys (notices: ``web/notices.py``). Tokens travel in ``Authorization`` headers or
request bodies, never in a URL.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, ConfigDict, Field

from camelcade import bots as bot_registry
from camelcade.core.data import data_names
from camelcade.core.errors import CamelcadeError
from camelcade.core.registry import game_class, game_ids, plugin
from camelcade.core.words import t, translate
from camelcade.records import Record
from camelcade.server.admin import ENDED, ended_sentence
from camelcade.server.manager import HOST, LEVEL_PREFIX
from camelcade.server.protocol import MAX_TOKEN_CHARS, ErrorCode, ProtocolError
from camelcade.server.routes.deps import RateLimited, ServicesDep
from camelcade.server.runtime import LiveMatch
from camelcade.server.service import Services
from camelcade.server.web import answers
from camelcade.server.web.assets import asset_urls
from camelcade.server.web.replay import replay_steps

router = APIRouter(prefix="/api/web", tags=["web app"])
MAX_MY_GAMES = 100


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
                     "values": data_names(game_id, o.name)}
                    for o in cls.option_specs],
        "levels": [{"name": name, "bot": LEVEL_PREFIX + name,
                    "description": translate(level.description) if level.description
                    else level.description}
                   for name, level in bot_registry.levels(game_id).items()],
        "assets": asset_urls(game_id),
        "rules": f"/rules/{game_id}",
    }


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
        "seat_names": answers.seat_names(match.game),
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
    found: list[dict[str, Any]] = []
    for held in body.seats:
        try:
            match = await services.manager.get(held.match_id)
            seat = _role(services, match, held.token)
        except ProtocolError:
            found.append({"match_id": held.match_id, "gone": True})
            continue
        mover = match.state.current_player if match.status == "running" else None
        names = answers.seat_names(match.game)
        found.append({
            "match_id": match.id, "gone": False, "game": match.game.id,
            "title": match.game.title, "status": match.status, "seat": seat,
            "seat_name": names[seat] if seat is not None else None,
            "your_turn": seat is not None and mover == seat,
            "current_player": mover,
            "to_move": names[mover] if mover is not None and 0 <= mover < len(names) else None,
            "deadline": match.row.turn_deadline if match.status == "running" else None,
            "updated_at": match.row.updated_at,
            "result": (answers.result_text(match) if match.status == "finished"
                       else ended_sentence(match.row.end_reason) if match.status == ENDED
                       else None),
        })
    found.sort(key=lambda m: (not m.get("your_turn"), m.get("status") in ("finished", ENDED),
                              -(m.get("updated_at") or 0)))
    return {"matches": found}


@router.get("/matches/{match_id}/replay", summary="Every position of a finished match")
async def match_replay(match_id: str, services: ServicesDep) -> dict[str, Any]:
    match = await services.manager.get(match_id)
    if match.status != "finished":
        raise ProtocolError(ErrorCode.MATCH_NOT_FINISHED, t("Replays come after the end."))
    texts = await services.store.read(services.store.load_actions, match.id, 0)
    record = Record(game=match.game.id, options=match.row.options, players=[], actions=texts)
    steps = replay_steps(record)
    steps["seat_names"] = answers.seat_names(match.game)
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
