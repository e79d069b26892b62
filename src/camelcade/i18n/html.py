"""The words of the web app's pages, which are written as HTML and translated as they go.

The pages (``camelcade.server.web.pages``) are plain HTML strings in English. Rather than
cut each into calls, every text a person meets in them — each text node, and the
attributes a screen reader or a pointer reads (``aria-label``, ``title``,
``placeholder``, ``alt``) — is a message of its own: :func:`texts` lists them for the
catalogue (``camelcade.i18n.extract.html_pages``) and :func:`translate_html` puts each
translation in its place when a page is served. A text node's message is its words with
the white space between them made single spaces, so a line break in the source is not a
message of its own. The pages are written by us, never by a player: what is rebuilt here
is trusted markup, and every translation is escaped as it goes in.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from html.parser import HTMLParser

ATTRIBUTES = frozenset({"aria-label", "title", "placeholder", "alt"})
"""The attributes whose values are words a person meets."""
RAW = frozenset({"script", "style"})


def _words(text: str) -> str:
    return " ".join(text.split())


def _wanted(text: str) -> bool:
    return any(character.isalpha() for character in text)


class _Rewriter(HTMLParser):
    """Copies markup as it is, every text through ``translate``."""

    def __init__(self, translate: Callable[[str], str]) -> None:
        super().__init__(convert_charrefs=True)
        self.translate = translate
        self.out: list[str] = []
        self.raw = 0
        self.found: list[str] = []

    def _text(self, text: str) -> str:
        words = _words(text)
        if not _wanted(words):
            return escape(text, quote=False)
        self.found.append(words)
        translated = self.translate(words)
        if translated == words:
            return escape(text, quote=False)
        lead = text[:len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()):]
        return lead + escape(translated, quote=False) + trail

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, self.get_starttag_text() or "")
        if tag in RAW:
            self.raw += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, self.get_starttag_text() or "")

    def _start(self, tag: str, attrs: list[tuple[str, str | None]], source: str) -> None:
        if not any(name in ATTRIBUTES and value and _wanted(value) for name, value in attrs):
            self.out.append(source)
            return
        parts = [tag]
        for name, value in attrs:
            if value is None:
                parts.append(name)
                continue
            if name in ATTRIBUTES and _wanted(value):
                words = _words(value)
                self.found.append(words)
                value = self.translate(words)
            parts.append(f'{name}="{escape(value)}"')
        self.out.append("<" + " ".join(parts) + ("/>" if source.endswith("/>") else ">"))

    def handle_endtag(self, tag: str) -> None:
        if tag in RAW and self.raw:
            self.raw -= 1
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        self.out.append(data if self.raw else self._text(data))  # entities decoded: re-escaped

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")


def translate_html(html: str, translate: Callable[[str], str]) -> str:
    """``html`` with each of its texts replaced by ``translate(text)`` (unchanged when the
    translation is the text itself, so English pages are served as written)."""
    rewriter = _Rewriter(translate)
    rewriter.feed(html)
    rewriter.close()
    return "".join(rewriter.out)


def texts(html: str) -> list[str]:
    """The messages of ``html``, in the order a reader meets them."""
    rewriter = _Rewriter(lambda text: text)
    rewriter.feed(html)
    rewriter.close()
    return list(dict.fromkeys(rewriter.found))
