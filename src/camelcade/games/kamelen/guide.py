"""The player's guide to Kamelen: how the animals leap and capture, how to win, how to type
a move — written for players, not programmers.

The terminal's ``help`` and the web app's help dialog show it. A screen reader reads a
line at a time, so every example stands on a line of its own and starts with what to
type ("b2-c5: ..."); nothing is laid out in columns. Everything the table's options change
(the board size, its rocks and home fields, the no-capture limit, the bend-back third
step) and every example leap is worked out from the game itself, so the guide is true for
the game being played.
"""

from __future__ import annotations

from camelcade.core.game import Game
from camelcade.core.words import t, tn
from camelcade.games.kamelen.game import KamelenGame
from camelcade.games.kamelen.geometry import Geometry, leap_paths, square_name
from camelcade.games.kamelen.phrases import raiders, squares
from camelcade.games.kamelen.spec import (
    CAMELS_PER_SIDE,
    CONQUEST_POINTS,
    DROMEDARIES_PER_SIDE,
    ELIMINATION_POINTS,
    WIDTH,
)

CAMEL_EXAMPLE = "d4"
DROMEDARY_EXAMPLE = "f4"
"""The squares the guide shows every leap from (the middle of South's half)."""


def guide(game: Game) -> str:
    """How Kamelen is played, for ``game``'s board and options."""
    if not isinstance(game, KamelenGame):
        raise TypeError(f"not a Kamelen game: {game.id}")
    geo = game.geometry
    start = game.new_state()
    limit = game.option("no_capture_limit")
    top = geo.ranks
    lines = [
        t("Kamelen: lead your camels and dromedaries across the desert. Bring a camel onto "
          "the enemy home field, or capture every enemy camel that could ever reach yours."),
        "",
        t("The board has 11 files, a to k from left to right, and {ranks} ranks, 1 to "
          "{ranks}. South starts on ranks 1 to 3 and moves first; North starts on ranks "
          "{ranks} to {third}.", ranks=top, third=top - 2),
        t("Home fields: f1 is South's, f{ranks} is North's.", ranks=top),
        t("Rocks stand on {rocks}. They never move, and nothing may land on them or pass "
          "over them.", rocks=squares(geo.rocks)),
        t("Each side has {camels} camels and {dromedaries} dromedaries. One animal per "
          "square.", camels=CAMELS_PER_SIDE, dromedaries=DROMEDARIES_PER_SIDE),
        "",
        t("On your turn you move exactly one of your animals. Animals do not walk: they "
          "leap, in three steps."),
        t("Camel: two squares in a straight line (up, down, left or right), then one square "
          "diagonally, onward, away from where it started. It lands one square to the side "
          "and three along, or three to the side and one along."),
        _leaps_from(geo, camel=True),
        t("Dromedary: two squares diagonally, then one square in a straight line, onward, "
          "away from where it started. It lands two squares one way and three the other."),
        _leaps_from(geo, camel=False),
    ]
    if geo.third_step == "any":
        lines.append(t("At this table the third step may also bend back: a camel may then "
                       "also land one square diagonally from where it started, and a "
                       "dromedary a knight's move away."))
    lines += [
        t("No jumping: the two squares an animal passes on its first two steps must both "
          "be empty, with no animal of either side and no rock on them."),
        t("An animal lands on an empty square, or on an enemy animal, which it captures: "
          "the captured animal leaves the game. Capturing is never compulsory. It never "
          "lands on your own animal or on a rock."),
        t("If you have no legal move, you pass."),
        "",
        t("Colours matter: a camel's leap keeps the colour of its square, so a camel stays "
          "on one colour all game. Only camels on the colour of the enemy home field can "
          "ever reach it."),
        t("At the start, South's camels on {south} can reach North's home field; North's "
          "camels on {north} can reach South's.", south=squares(raiders(start, 0)),
          north=squares(raiders(start, 1))),
        t("A dromedary's leap changes colour every time, so dromedaries can go anywhere, "
          "but they never win by reaching a home field."),
        "",
        t("Two ways to win; the game ends at once:"),
        tn("Home conquest: a camel of yours lands on the enemy home field. You win double: "
           "{count} point.",
           "Home conquest: a camel of yours lands on the enemy home field. You win double: "
           "{count} points.", int(CONQUEST_POINTS)),
        tn("Camel elimination: you capture the last enemy camel that could reach your home "
           "field. You win: {count} point.",
           "Camel elimination: you capture the last enemy camel that could reach your home "
           "field. You win: {count} points.", int(ELIMINATION_POINTS)),
        t("A move that does both counts as a home conquest."),
        "",
        t("Draws, half a point each:"),
        t("Two passes in a row: neither side can move."),
        t("Threefold repetition: the same animals on the same squares with the same side "
          "to move, for the third time."),
    ]
    if limit:
        lines.append(tn("No capture for {count} ply in a row (every move and pass of both "
                        "sides counts).",
                        "No capture for {count} plies in a row (every move and pass of both "
                        "sides counts).", limit))
    lines += [
        "",
        t("Type a move as the square the animal stands on, a dash, and the square it lands "
          "on. Examples from the start:"),
        _example(geo, "b2", "c5", camel=True),
        _example(geo, "a3", "d5", camel=False),
        t("c2xd5: the same as c2-d5; a capture may be written with an x."),
        t("pass: only when you have no legal move."),
        "",
        t("Each turn you hear what happened, then whose turn it is, anything urgent (a win "
          "you can take, an enemy camel that can reach your home field next move, a draw "
          "coming), then each side's animals by square, the camels that can reach the "
          "enemy home field first."),
        t("At the prompt: 'legal' lists your moves, each with what it does; a number plays "
          "that move from the list; 'board' says the position again."),
        t("'position' gives the position as one line of text, to start from later with "
          "camelcade play --position."),
        t("'hint' asks the advisor for a move; it works only when advice is on (camelcade "
          "play --advisor, or the a key in the browser against bots)."),
        t("In the browser: click or tap one of your animals, then one of the highlighted "
          "squares it can leap to. The board is also a grid you move through with the "
          "arrow keys; Enter picks the animal, then its target."),
    ]
    return "\n".join(lines)


def _ordered(found: list[int]) -> list[int]:
    return sorted(found, key=lambda square: (square % WIDTH, square // WIDTH))


def _leaps_from(geo: Geometry, *, camel: bool) -> str:
    """Where an animal on the example square may leap on an empty board, and which of
    those squares hold rocks on this board."""
    name = CAMEL_EXAMPLE if camel else DROMEDARY_EXAMPLE
    source = geo.square(name)
    assert source is not None
    reached = _ordered([target for target in range(geo.size)
                        if leap_paths(geo, camel, source, target)])
    rocky = [square for square in reached if square in geo.rocks]
    open_ = [square for square in reached if square not in geo.rocks]
    sentence: str = (t("From {square} a camel can leap to {targets}.", square=name,
                  targets=squares(open_)) if camel else
                t("From {square} a dromedary can leap to {targets}.", square=name,
                  targets=squares(open_)))
    if rocky:
        sentence += " " + tn("Not {rocks}, which holds a rock.",
                             "Not {rocks}, which hold rocks.", len(rocky),
                             rocks=squares(rocky))
    return sentence


def _example(geo: Geometry, source_name: str, target_name: str, *, camel: bool) -> str:
    """A move typed in the notation, with the two squares it passes."""
    source, target = geo.square(source_name), geo.square(target_name)
    assert source is not None and target is not None
    first, second = leap_paths(geo, camel, source, target)[0]
    values = {"move": f"{source_name}-{target_name}", "source": source_name,
              "target": target_name, "first": square_name(first),
              "second": square_name(second)}
    if camel:
        return t("{move}: the camel on {source} passes {first} and {second} and lands on "
                 "{target}.", **values)
    return t("{move}: the dromedary on {source} passes {first} and {second} and lands on "
             "{target}.", **values)
