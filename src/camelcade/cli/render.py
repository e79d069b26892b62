"""Two ways to talk to the person at the terminal: rich (boards, tables, colour) and plain.

Commands write through a :class:`Screen` and never choose a style themselves, so every
command gets ``--plain`` for free. Plain output is for screen readers and logs: no colour,
no box drawing, no emoji, one idea per line, everything said in words. Rich output uses
colour only together with words (a camel is a letter and a name, never only a colour).
Rich is imported only when a rich screen is made, to keep ``camelcade`` quick to start.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from camelcade.core.seen import Seen
from camelcade.core.words import current_language, t

if TYPE_CHECKING:
    from rich.console import Console

    from camelcade.cli.hooks import TerminalHooks


CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, clear the screen, clear the scrollback (xterm's ``E3``, which VTE, iTerm2,
Windows Terminal and the Linux console understand)."""


class Screen:
    """Plain output: ``print`` and ``input`` on the current ``sys.stdout``/``sys.stdin``."""

    plain = True

    def __init__(self) -> None:
        self._echo_input = not _isatty(sys.stdin)

    def say(self, text: str = "") -> None:
        """A line (or lines) of ordinary text."""
        print(text, flush=True)

    def heading(self, text: str) -> None:
        """A heading; in plain text it ends with a colon, so it is heard as one."""
        print(text if text.endswith((".", ":", "?", "!")) else f"{text}:", flush=True)

    def note(self, text: str) -> None:
        """Secondary text: hints and progress."""
        print(text, flush=True)

    def error(self, text: str) -> None:
        print(error_line(text), flush=True)

    def markdown(self, text: str) -> None:
        from camelcade.cli.rules import markdown_to_plain

        print(markdown_to_plain(text), flush=True)

    def board(self, seen: Seen[Any], hooks: TerminalHooks) -> None:
        """The position as ``seen.role`` sees it; plain mode always uses ``describe``."""
        print(seen.describe(), flush=True)

    def table(self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """A table as one sentence per row: "name: column value, column value"."""
        print(t("{title}:", title=title), flush=True)
        inside = _in_a_sentence
        for row in rows:
            cells = ", ".join(t("{column} {value}", column=inside(col), value=value)
                              for col, value in zip(columns[1:], row[1:], strict=True) if value)
            print(t("{name}: {cells}.", name=row[0], cells=cells), flush=True)

    def clear(self) -> None:
        """Hide what the last person saw (hot-seat play): the screen and its scrollback.

        Blank lines would only scroll the previous hand out of sight, and scrolling back up
        would show it, so on a terminal the screen and the scrollback are cleared (the only
        escape codes plain mode writes, and never into a pipe or a log).
        """
        if _isatty(sys.stdout):
            print(CLEAR_ALL, end="", flush=True)

    def ask(self, prompt: str) -> str | None:
        """One line from standard input, or None at end of input (which means quit)."""
        try:
            answer = input(prompt)
        except EOFError:
            print(flush=True)
            return None
        if self._echo_input:
            print(answer, flush=True)  # piped input: keep the log readable
        return answer


class RichScreen(Screen):
    """Rich output on a console that follows ``sys.stdout`` (so test runners capture it)."""

    plain = False

    def __init__(self) -> None:
        super().__init__()
        from rich.console import Console

        self.console: Console = Console(highlight=False, emoji=False)

    def say(self, text: str = "") -> None:
        self.console.print(text, markup=False)

    def heading(self, text: str) -> None:
        from rich.rule import Rule

        self.console.print(Rule(text, style="bold"), markup=False)

    def note(self, text: str) -> None:
        self.console.print(text, style="dim", markup=False)

    def error(self, text: str) -> None:
        from rich.text import Text

        self.console.print(Text(error_line(text), style="bold red"))

    def markdown(self, text: str) -> None:
        from rich.markdown import Markdown

        self.console.print(Markdown(text))

    def board(self, seen: Seen[Any], hooks: TerminalHooks) -> None:
        if hooks.render is not None:
            self.console.print(hooks.render(seen))
            return
        from rich.panel import Panel
        from rich.text import Text

        self.console.print(Panel(Text(seen.describe()), title=seen.game.title))

    def table(self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        from rich.table import Table

        table = Table(title=title, title_justify="left")
        for index, column in enumerate(columns):
            table.add_column(column, justify="left" if index == 0 else "right")
        for row in rows:
            table.add_row(*row)
        self.console.print(table)

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.file.write(CLEAR_ALL)
            self.console.file.flush()

    def print(self, renderable: Any) -> None:
        """Any rich renderable (for commands that build their own)."""
        self.console.print(renderable)

    def ask(self, prompt: str) -> str | None:
        self.console.file.flush()
        return super().ask(prompt)


def _in_a_sentence(head: str) -> str:
    """A column head as it reads inside a sentence: lower case, but German keeps its
    nouns' capitals (``nouns_capitalised`` in ``languages.toml``)."""
    from camelcade.i18n.languages import languages

    spoken = languages().get(current_language())
    return head if spoken is not None and spoken.nouns_capitalised else head.lower()


def error_line(text: str) -> str:
    """"Error: <message>", the one line every refusal is told in (in the words of the
    current language; the word itself, not only the colour, says it is an error)."""
    return t("Error: {message}", message=text)


def make_screen(plain: bool) -> Screen:
    """The screen for ``--plain`` (or not)."""
    return Screen() if plain else RichScreen()


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
