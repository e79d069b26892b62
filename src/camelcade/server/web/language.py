"""The language of a web page and the web app's catalogue of it.

A page is served in the language the browser asks for: the ``lang`` of its address
(``/rules/<game>?lang=da``, the links of a language choice), else the web app's setting
(the cookie ``camelcade_lang``, which its settings write), else ``Accept-Language``, else
English. The page's ``<html lang>`` says which, and the scripts read their messages
(announcements, key help) from ``/i18n/<lang>.json``: the messages of the ES modules
compiled from the same catalogues (``camelcade.i18n.build``) — the shared domain's and
every registered game's, each game's from its own folder — each counted one with its
forms and the plural categories that pick them. Every HTTP request is answered inside
``language(...)`` of its language (:class:`SpeakTheRequestsLanguage`), so what the JSON
calls word (a command's answer, a replay's sentences) is in it too; a websocket says its
language in its ``hello`` instead.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from camelcade.core.registry import plugins
from camelcade.core.words import SOURCE_LANGUAGE, domains, language
from camelcade.i18n.build import web_catalogue_name
from camelcade.i18n.languages import first_spoken, from_accept_language, languages

COOKIE = "camelcade_lang"


def request_language(request: Request, asked: str | None = None) -> str:
    """The language to serve ``request`` in (see the module's docstring)."""
    return first_spoken([asked, request.cookies.get(COOKIE),
                         from_accept_language(request.headers.get("accept-language"))])


def web_catalogue(code: str) -> dict[str, Any]:
    """The web app's messages in ``code``, of every domain (none for English, or before
    compilation: the scripts then say their English)."""
    plugins()  # every game registered: its domain is spoken
    return _merged(code, tuple(domains().items()))


@cache
def _merged(code: str, spoken: tuple[tuple[str, Path], ...]) -> dict[str, Any]:
    """The web catalogue of ``code`` made of the domains ``spoken`` (name, folder)."""
    language = languages()[code]
    messages: dict[str, Any] = {}
    found = {"lang": code, "plural_categories": list(language.plural_categories),
             "messages": messages}
    if code == SOURCE_LANGUAGE:
        return found
    for name, folder in spoken:
        path = folder / code / "LC_MESSAGES" / web_catalogue_name(name)
        if path.is_file():
            for message, text in json.loads(path.read_text(encoding="utf-8"))[
                    "messages"].items():
                messages.setdefault(message, text)
    return found


class SpeakTheRequestsLanguage:
    """ASGI middleware: each HTTP request is handled in :func:`request_language`'s choice."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        with language(request_language(request, request.query_params.get("lang"))):
            await self.app(scope, receive, send)
