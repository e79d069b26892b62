"""The pages and files of the web app, and ``/docs`` served from local Swagger UI files."""

from __future__ import annotations

import re
from functools import cache

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt

from camelcade.core.registry import game_class, game_ids, plugin
from camelcade.core.rules_docs import doc_dirs, find_rules_doc, rules_doc_in, rules_languages
from camelcade.core.words import N_, SOURCE_LANGUAGE, t
from camelcade.i18n.languages import languages
from camelcade.server.protocol import ErrorCode, ProtocolError, unknown_game
from camelcade.server.service import Services
from camelcade.server.settings import loopback_only
from camelcade.server.web import pages
from camelcade.server.web.api import router as api_router
from camelcade.server.web.assets import STATIC, board_file, swagger_folder
from camelcade.server.web.language import request_language, web_catalogue
from camelcade.server.web.notices import api as notices_api
from camelcade.server.web.notices import router as notices_router

router = APIRouter(include_in_schema=False)


def _html(text: str, request: Request, lang: str | None = None, status_code: int = 200
          ) -> HTMLResponse:
    """A page as sent: with the host's notice while the lobby is closed."""
    host = services_of(request).host
    if host.lobby_closed:
        text = pages.with_host_notice(text, host.message, request_language(request, lang))
    return HTMLResponse(text, status_code=status_code, headers={"Cache-Control": "no-cache"})


def _html_in(request: Request, lang: str | None, title: str, body: str,
             script: str) -> HTMLResponse:
    """A page in the request's language; the answer varies with what chose it."""
    settings = services_of(request).settings
    head = pages.site_head(settings.public_url, loopback_only(settings.host)
                           and not settings.public_url)
    response = _html(pages.page(title, body, script, head=head,
                                lang=request_language(request, lang)), request, lang)
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def not_found_page(request: Request, lang: str | None = None, match: bool = False
                   ) -> HTMLResponse:
    """The site's 404 page in the request's language, with the way back to the lobby
    (``match``: the one saying no match has the address)."""
    title, body = (N_("Match not found"), pages.NO_MATCH) if match else (
        N_("Page not found"), pages.NOT_FOUND)
    text = pages.page(title, body, lang=request_language(request, lang))
    response = _html(text, request, lang, status_code=404)
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def services_of(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


@router.get("/")
def lobby(request: Request, lang: str | None = None) -> HTMLResponse:
    return _html_in(request, lang, N_("Lobby"), pages.lobby_body(), "lobby.js")


async def _exists(request: Request, match_id: str) -> bool:
    """Whether a match has this id (an expired one no longer has). A match that exists
    but cannot be replayed still gets its page, which shows the server's refusal."""
    try:
        await services_of(request).manager.get(match_id)
    except ProtocolError as error:
        return error.code != ErrorCode.MATCH_NOT_FOUND
    return True


@router.get("/match/{match_id}")
async def match_page(request: Request, match_id: str, lang: str | None = None
                     ) -> HTMLResponse:
    """The match's page, or the 404 page for an id no match has."""
    if not await _exists(request, match_id):
        return not_found_page(request, lang, match=True)
    return _html_in(request, lang, N_("Match"), pages.MATCH, "match.js")


@router.get("/replay")
@router.get("/replay/{match_id}")
async def replay_page(request: Request, match_id: str | None = None,
                      lang: str | None = None) -> HTMLResponse:
    if match_id is not None and not await _exists(request, match_id):
        return not_found_page(request, lang, match=True)
    return _html_in(request, lang, N_("Replay"), pages.REPLAY, "replay.js")


@router.get("/my")
def my_games_page(request: Request, lang: str | None = None) -> HTMLResponse:
    return _html_in(request, lang, N_("My games"), pages.MY_GAMES, "mygames.js")


@router.get("/i18n/{code}.json")
def catalogue(code: str) -> JSONResponse:
    """The web app's messages in ``code`` (``camelcade.server.web.language``)."""
    if code not in languages():
        raise ProtocolError(ErrorCode.MATCH_NOT_FOUND, t(
            "There is no language {code}; the languages are {codes}.", code=repr(code[:16]),
            codes=", ".join(languages())))
    return JSONResponse(web_catalogue(code), headers={"Cache-Control": "no-cache"})


DOC_IMAGE = re.compile(r'src="(?:\.\./)*(?:games/)?img/([A-Za-z0-9_.-]+\.(?:png|svg))"')
"""A rules document's picture (``img/x.png`` beside it, or ``../img/x.png``), shown from
``/rules-images/x.png`` since the page's own address is not the document's folder."""
IMAGE_TYPES = {".png": "image/png", ".svg": "image/svg+xml"}


@cache
def _rules_html(game_id: str, lang: str) -> str:
    cls = game_class(game_id)
    found = find_rules_doc(game_id, lang)
    doc_lang = lang if found is not None and found == rules_doc_in(game_id, lang) \
        else SOURCE_LANGUAGE
    spoken = languages()
    choices = [(code, spoken[code].name) for code in rules_languages(
        game_id, list(spoken), plugin(game_id).rulebook_language)]
    # html=False: a rules document is text; any raw HTML in it is shown, never run.
    body = None if found is None else MarkdownIt("commonmark", {"html": False}).enable(
        "table").render(found.read_text(encoding="utf-8"))
    if body is not None:
        body = DOC_IMAGE.sub(r'src="/rules-images/\1"', body)
        body = body.replace("<pre>", '<pre tabindex="0">')  # a scrolled block takes focus
    return pages.rules_page(cls.title, body, game_id, lang=lang, doc_lang=doc_lang,
                            choices=choices)


@router.get("/rules-images/{name}")
def rules_image(name: str) -> FileResponse:
    """A picture a rules document shows: only png/svg files of the docs' image folders."""
    suffix = name[name.rfind("."):] if "." in name else ""
    if "/" not in name and ".." not in name and suffix in IMAGE_TYPES:
        for folder in doc_dirs():
            for images in (folder / "img", folder.parent / "img"):
                candidate = images / name
                if candidate.is_file():
                    return FileResponse(candidate, media_type=IMAGE_TYPES[suffix])
    raise ProtocolError(ErrorCode.MATCH_NOT_FOUND,
                        t("There is no rules picture {name}.", name=repr(name[:80])))


@router.get("/rules/{game_id}")
def rules_page(request: Request, game_id: str, lang: str | None = None) -> HTMLResponse:
    """A game's rules in the request's language if they are written in it, else English."""
    if game_id not in game_ids():
        return not_found_page(request, lang)
    response = _html(_rules_html(game_id, request_language(request, lang)), request, lang)
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


@router.get("/games/{game_id}/{path:path}")
def board_asset(game_id: str, path: str) -> FileResponse:
    """A board's module, stylesheet or picture: only what its ``WebSlot`` allows."""
    if game_id not in game_ids():
        raise unknown_game(game_id)
    found = board_file(game_id, path)
    if found is None:
        raise ProtocolError(ErrorCode.MATCH_NOT_FOUND, t(
            "{game} serves no file {path}.", game=game_id, path=repr(path[:80])))
    return FileResponse(found, headers={"Cache-Control": "no-cache"})


@router.get("/docs")
def docs() -> HTMLResponse:
    return get_swagger_ui_html(
        openapi_url="/openapi.json", title="camelcade server · API",
        swagger_js_url="/static/swagger/swagger-ui-bundle.js",
        swagger_css_url="/static/swagger/swagger-ui.css",
        swagger_favicon_url="/static/img/favicon.svg",
    )


def install(app: FastAPI) -> None:
    """Add the web app to ``app``: pages, files, its JSON calls and its notices."""
    app.include_router(api_router)
    app.include_router(notices_api)
    app.include_router(router)
    app.include_router(notices_router)
    app.mount("/static/swagger", StaticFiles(directory=swagger_folder()), name="swagger")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
