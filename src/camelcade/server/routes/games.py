"""The games and bots this server offers, read from the registries (no game named here)."""

from __future__ import annotations

from fastapi import APIRouter

from camelcade import bots as bot_registry
from camelcade.core.data import data_names
from camelcade.core.registry import game_class, game_ids
from camelcade.server.protocol import unknown_game
from camelcade.server.schemas import GameInfo, OptionInfo

router = APIRouter(prefix="/api", tags=["games"])


def _info(game_id: str) -> GameInfo:
    cls = game_class(game_id)
    return GameInfo(
        id=game_id,
        title=cls.title,
        min_players=cls.min_players,
        max_players=cls.max_players,
        default_players=cls.default_players,
        options=[
            OptionInfo(name=o.name, default=o.default, allowed=o.allowed, help=o.help,
                       values=data_names(game_id, o.name))
            for o in cls.option_specs
        ],
    )


@router.get("/games", summary="Every game with its player range and options")
async def list_games() -> list[GameInfo]:
    return [_info(game_id) for game_id in game_ids()]


@router.get("/games/{game_id}", summary="One game",
            responses={404: {"description": "game/unknown"}})
async def get_game(game_id: str) -> GameInfo:
    if game_id not in game_ids():
        raise unknown_game(game_id)
    return _info(game_id)


@router.get("/bots", summary="Bot names usable for bot seats and turn timers")
async def list_bots() -> list[str]:
    return bot_registry.names()
