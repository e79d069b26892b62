"""The pages and files of the web app, and ``/docs`` served from local Swagger UI files."""

from __future__ import annotations

import re
from functools import cache
from html import escape

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt

from camelcade.core.registry import game_class, game_ids, plugin
from camelcade.core.rule_pictures import parts, picture_svg
from camelcade.core.rules_docs import (
    Rulebook,
    doc_dirs,
    find_rulebook,
    find_rules_doc,
    rulebook_languages,
    rules_doc_in,
    rules_languages,
)
from camelcade.core.words import N_, SOURCE_LANGUAGE, language, t
from camelcade.i18n.languages import languages
from camelcade.server.protocol import ErrorCode, ProtocolError, unknown_game
from camelcade.server.service import Services
from camelcade.server.settings import loopback_only
from camelcade.server.web import pages
from camelcade.server.web.api import router as api_router
from camelcade.server.web.assets import STATIC, board_file, swagger_folder
from camelcade.server.web.language import request_language, web_catalogue
from camelcade.server.web.notices import api as notices_api
from camelcade.server.web.notices import mine as my_notices_api
from camelcade.server.web.notices import router as notices_router
from camelcade.server.web.option_words import options_section

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


@router.get("/learn/{game_id}")
def learn_page(request: Request, game_id: str, lang: str | None = None) -> HTMLResponse:
    """A game's lessons, or the 404 page for a game without them."""
    if game_id not in game_ids() or plugin(game_id).lessons is None:
        return not_found_page(request, lang)
    return _html_in(request, lang, N_("Learn to play"), pages.LEARN, "learn.js")


@router.get("/my")
def my_games_page(request: Request, lang: str | None = None) -> HTMLResponse:
    return _html_in(request, lang, N_("My games"), pages.MY_GAMES, "mygames.js")


@router.get("/account")
def account_page(request: Request, lang: str | None = None) -> HTMLResponse:
    return _html_in(request, lang, N_("Account"), pages.ACCOUNT, "account.js")


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


def _markdown_html(markdown: str) -> str:
    """A rules document's Markdown as HTML. ``html=False``: a rules document is text; any
    raw HTML in it is shown, never run."""
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    body = DOC_IMAGE.sub(r'src="/rules-images/\1"', body)
    return body.replace("<pre>", '<pre tabindex="0">')  # a scrolled block takes focus


def _choices(codes: list[str]) -> list[tuple[str, str]]:
    """Language links (code, the language's own name), in the site's one order."""
    spoken = languages()
    return [(code, spoken[code].name) for code in spoken if code in codes]


@cache
def _rules_html(game_id: str, lang: str) -> str:
    """The developer document of ``game_id``: the rules as implemented, with notation."""
    cls = game_class(game_id)
    found = find_rules_doc(game_id, lang)
    doc_lang = lang if found is not None and found == rules_doc_in(game_id, lang) \
        else SOURCE_LANGUAGE
    choices = _choices(rules_languages(game_id, list(languages())))
    body = None if found is None else _markdown_html(found.read_text(encoding="utf-8"))
    with language(lang):
        players = str(t("The rules for players"))
        ways = options_section(game_id)  # the create form's words for its options
    return pages.rules_page(cls.title, body, game_id, lang=lang, doc_lang=doc_lang,
                            choices=choices, links=[(f"/rules/{game_id}", players)],
                            after=ways)


def _rulebook_body(game_id: str, rulebook: Rulebook) -> str:
    """The rulebook as HTML: its text escaped by Markdown, its pictures drawn inline by
    the game's board (``core.rule_pictures``), in the rulebook's language."""
    out = []
    with language(rulebook.lang):
        for part in parts(rulebook.text):
            if isinstance(part, str):
                out.append(_markdown_html(part))
                continue
            svg = picture_svg(game_id, part)
            out.append(f'<figure class="cc-board-picture">{svg}</figure>' if svg is not None
                       else f"<p>{escape(part.words)}</p>")
    return "".join(out)


@cache
def _rulebook_html(game_id: str, lang: str) -> str:
    """The player's rulebook of ``game_id`` in ``lang`` (else English, saying so), or the
    developer document when the game ships no rulebook; "Learn to play" first among its
    links when the game has lessons."""
    rulebook = find_rulebook(game_id, lang)
    if rulebook is None:
        return _rules_html(game_id, lang)
    title = game_class(game_id).title
    spoken = languages()
    with language(lang):
        note = "" if not rulebook.fallback else str(t(
            "These rules are not written in {language} yet; here they are in English.",
            language=spoken[lang].name if lang in spoken else lang))
        links = [(f"/rules/{game_id}/developer",
                  str(t("The complete rules, with the notation (for developers)")))]
        if plugin(game_id).lessons is not None:
            links.insert(0, (f"/learn/{game_id}", str(t("Learn to play {title}", title=title))))
        ways = options_section(game_id)
    return pages.rules_page(title, _rulebook_body(game_id, rulebook), game_id, lang=lang,
                            doc_lang=rulebook.lang, note=note, links=links, after=ways,
                            choices=_choices(rulebook_languages(game_id, list(spoken))))


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
    """A game's rules for players in the request's language if written in it, else English."""
    if game_id not in game_ids():
        return not_found_page(request, lang)
    html = _rulebook_html(game_id, request_language(request, lang))
    response = _html(html, request, lang)
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


@router.get("/rules/{game_id}/developer")
def developer_rules_page(request: Request, game_id: str, lang: str | None = None
                         ) -> HTMLResponse:
    """A game's developer document (rules as implemented, notation, odds, balance)."""
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
    app.include_router(my_notices_api)
    app.include_router(router)
    app.include_router(notices_router)
    app.mount("/static/swagger", StaticFiles(directory=swagger_folder()), name="swagger")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
