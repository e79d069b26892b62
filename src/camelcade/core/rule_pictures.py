"""The pictures of a player's rulebook, drawn from real positions by the game's own board.

A rulebook (``rules/<lang>.md`` in a game's folder) asks for a picture with a line of its
own, ``![words for the picture](board:RECIPE)``, where the recipe says which position:

- ``setup``: the game as it starts with its default options, its setup's chance (dice,
  shuffles) drawn with seed 0; ``setup:SEED`` draws it with another seed;
- ``play:SEED:MOVES``: from that setup, ``MOVES`` legal moves chosen at random with the
  same seed (a stack of camels, a hand half played).

The position is made by the engine, never typed, so a picture cannot disagree with the
rules; it is drawn by the game's web layout (``core.board_svg``), the same accessible board
the web app shows, and the words in the brackets become its accessible name, in the
rulebook's language. The page builder puts the SVG inline; the terminal, which shows no
pictures, says the words and then the position in words (``State.describe``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from camelcade.core.board_svg import layout_of, render_board
from camelcade.core.chance import sample_chance
from camelcade.core.game import State

PICTURE = re.compile(r"^!\[([^\]\n]+)\]\(board:(setup(?::\d{1,6})?|play:\d{1,6}:\d{1,4})\)[ \t]*$",
                     re.MULTILINE)
"""A picture line: ``![words](board:setup)``, ``board:setup:7`` or ``board:play:7:12``."""


@dataclass(frozen=True)
class Picture:
    """One picture a rulebook asks for: its words (the accessible name) and its recipe."""

    words: str
    recipe: str


def parts(markdown: str) -> list[str | Picture]:
    """``markdown`` cut at its picture lines: text and pictures, in order."""
    out: list[str | Picture] = []
    start = 0
    for found in PICTURE.finditer(markdown):
        out += [markdown[start:found.start()], Picture(found.group(1).strip(), found.group(2))]
        start = found.end()
    out.append(markdown[start:])
    return [part for part in out if not isinstance(part, str) or part.strip()]


def position(game_id: str, recipe: str) -> State:
    """The position a picture's recipe names (see the module docstring)."""
    from camelcade.core.registry import load

    kind, *numbers = recipe.split(":")
    seed = int(numbers[0]) if numbers else 0
    moves = int(numbers[1]) if kind == "play" else 0
    rng = random.Random(seed)
    state = load(game_id).new_state()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, rng))
        elif moves > 0:
            state.apply(rng.choice(state.legal_actions()))
            moves -= 1
        else:
            break
    return state


def picture_svg(game_id: str, picture: Picture) -> str | None:
    """The picture as inline SVG, named by its words, or None when the game draws no web
    board. Words on the board come in the current language."""
    state = position(game_id, picture.recipe)
    board = layout_of(state)
    if board is None:
        return None
    return render_board(board, state.describe(None), title=picture.words)


def picture_text(game_id: str, picture: Picture) -> str:
    """The picture for the terminal, as Markdown: its words, then the position in words,
    a line of the description a list item."""
    described = position(game_id, picture.recipe).describe(None).splitlines()
    items = "\n".join(f"- {line.strip()}" for line in described if line.strip())
    return f"{picture.words}:\n\n{items}"


def without_pictures(game_id: str, markdown: str) -> str:
    """``markdown`` with each picture line told in words (``picture_text``)."""
    return "\n\n".join(part.strip("\n") if isinstance(part, str)
                       else picture_text(game_id, part) for part in parts(markdown))


__all__ = ["PICTURE", "Picture", "parts", "picture_svg", "picture_text", "position",
           "without_pictures"]
