"""Babel extraction methods for the messages that are not written as ``t(...)`` calls.

``babel.cfg`` maps files to methods. Most files are Babel's own ``python`` and
``javascript`` extractors with the keywords of ``camelcade.i18n.build.KEYWORDS``. Two
kinds of text are data rather than calls, and get a method each here, so no file has to
be written differently for its words to reach the catalogue:

* :func:`cli_help`: the command line's help — every ``help="..."`` argument (typer's
  options, arguments and groups) and the docstring of every function decorated as a
  command or callback (typer shows it as the command's help). The terminal translates
  them when it shows help (``camelcade.cli.language``).
* :func:`manifest`: a game's plug-in manifest — its summary, its levels' descriptions, and
  every prompt command by name (a command word, ``msgctxt "command word"``) with the first
  line of its docstring (its one-line help, as the terminal and the web list it).

* :func:`lessons`: a game's lessons (``lessons.toml``, ``camelcade.core.learn``): each
  lesson's rule, title, goal, hint and closing sentence, and the first game's title and
  goal.

* :func:`html_pages`: the web app's pages, HTML strings assigned at a module's top level:
  each of their texts (``camelcade.i18n.html``), as the server translates them.

Each also runs Babel's Python extractor over the file, so its ``t()`` calls are kept.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import io
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any, cast

from babel.messages.extract import extract_python

Extracted = tuple[int, str | None, str | tuple[str, ...], list[str]]
COMMAND_DECORATORS = frozenset({"command", "callback"})
HELP_COMMENT = "Command-line help (typer)."
WORD_COMMENT = ("A command word a person types at the prompt; one word, lower case, "
                "easy to type.")


def cli_help(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Sequence[str],
             options: Mapping[str, Any]) -> Iterator[Extracted]:
    """The ``t()`` calls of a command-line module, and its help texts."""
    source = fileobj.read()
    yield from _python(source, keywords, comment_tags, options)
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "help" and isinstance(keyword.value, ast.Constant) \
                        and isinstance(keyword.value.value, str):
                    yield keyword.value.lineno, None, keyword.value.value, [HELP_COMMENT]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_command(node):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                yield node.lineno, None, doc, [HELP_COMMENT]


def _python(source: bytes, keywords: Mapping[str, Any], comment_tags: Sequence[str],
            options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's own Python extractor. Its annotation gives the tuples of
    ``extract_from_file`` (context last), but it yields ``(lineno, funcname, message,
    comments)`` as its docstring and every extraction method do."""
    found = extract_python(io.BytesIO(source), keywords, comment_tags, cast(Any, options))
    return cast(Iterator[Extracted], found)


def _is_command(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Decorated ``@app.command(...)`` or ``@app.callback(...)``: typer shows its docstring."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute) and target.attr in COMMAND_DECORATORS:
            return True
    return False


def manifest(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Sequence[str],
             options: Mapping[str, Any]) -> Iterator[Extracted]:
    """A game's plug-in manifest: its summary, its levels' descriptions and its prompt
    commands.

    The manifest is imported (it is only data and lazy references), so the commands'
    help is read from the functions themselves exactly as the front ends read it.
    """
    source = fileobj.read()
    yield from _python(source, keywords, comment_tags, options)
    found = _plugin_of(getattr(fileobj, "name", ""), source)
    if found is None:
        return
    yield 1, None, found.summary, ["A game's one-line summary (the lobby and 'list')."]
    for name, level in found.levels.items():
        if level.description:
            yield 1, None, level.description, [
                f"What the bot level {name!r} plays like (the lobby's list of levels)."]
    terminal = found.terminal
    for commands in (terminal.commands, terminal.advisor_commands):
        for name, ref in commands.items():
            yield 1, "pt", ("command word", str(name).lower()), [WORD_COMMENT]
            help_line = first_doc_line(ref.load())
            if help_line:
                yield 1, None, help_line, [f"The one-line help of the command {name!r}."]


def html_pages(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Sequence[str],
               options: Mapping[str, Any]) -> Iterator[Extracted]:
    """The ``t()`` calls of a module of pages, and the texts of each page it declares."""
    from camelcade.i18n.html import texts

    source = fileobj.read()
    yield from _python(source, keywords, comment_tags, options)
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str) and "<" in node.value.value:
            names = ", ".join(target.id for target in node.targets
                              if isinstance(target, ast.Name))
            for text in texts(node.value.value):
                yield node.lineno, None, text, [f"A text of the web page {names}."]


def lessons(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Sequence[str],
            options: Mapping[str, Any]) -> Iterator[Extracted]:
    """The texts of a game's lessons file, in the order written (``core.learn.TEXTS``)."""
    import tomllib

    from camelcade.core.learn import TEXTS

    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for number, lesson in enumerate(data.get("lesson", []), 1):
        for key in TEXTS:
            if isinstance(lesson.get(key), str):
                yield number, None, lesson[key], [
                    f"Lesson {number} ({lesson.get('id')}): its {key}. Use the game's own "
                    "words from its rulebook in your language."]
    first = data.get("first_game", {})
    for key in ("title", "goal"):
        if isinstance(first.get(key), str):
            yield 1, None, first[key], [f"The first real game that ends the lessons: its {key}."]


def first_doc_line(command: Any) -> str:
    """The first line of a command's docstring: its help, as the front ends show it."""
    doc = inspect.getdoc(command) or ""
    lines = doc.strip().splitlines()
    return lines[0] if lines else ""


def _plugin_of(filename: str, source: bytes) -> Any:
    """The ``PLUGIN`` a manifest file declares, imported by its module name."""
    tree = ast.parse(source)
    if not any(isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "PLUGIN" for target in node.targets)
            for node in tree.body):
        return None
    normalised = filename.replace("\\", "/")
    marker = normalised.rfind("camelcade/")
    if marker < 0:
        return None
    module = normalised[marker:].removesuffix(".py").replace("/", ".")
    return importlib.import_module(module).PLUGIN
