"""How a finished game came out, and that result in words, for every front end.

A game says who finished where with ``State.ranking()`` (seats grouped best first, every
tie-break of its rules applied); records, the server's result and the lab keep that
ranking. Everything here reads the ranking alone, so it holds for every game alike:

* a **draw**: every seat is in the first group (a game drawn by its rules, or every seat
  level on points and on every tie-break): nobody won;
* a **shared first place**: two or more seats, but not all, are in the first group;
* a **win**: one seat is first.

The terminal (play, replay, the online client), the web server's messages and the lab's
reports word a result with these functions and nothing else, so a draw is told as a draw
and a shared first place as such everywhere, in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from camelcade.core.types import PlayerId
from camelcade.core.words import and_list, t, tn

Ranking = Sequence[Sequence[PlayerId]]


class Outcome(StrEnum):
    """What kind of result a ranking is."""

    WIN = "win"
    SHARED_FIRST = "shared_first"
    DRAW = "draw"


def outcome(ranking: Ranking) -> Outcome:
    """A draw when every seat shares the top, a shared first place when some (two or more)
    do, else a win. ``ranking`` names every seat once (as ``State.ranking()`` does)."""
    groups = [group for group in ranking if group]
    if not groups:
        return Outcome.DRAW  # nobody placed: nobody won
    first = len(groups[0])
    if first == 1:
        return Outcome.WIN
    return Outcome.DRAW if len(groups) == 1 else Outcome.SHARED_FIRST


def ranking_from(winners: Sequence[PlayerId], players: int) -> list[list[PlayerId]]:
    """A ranking from the winners alone (an older record or result without ``ranking``):
    the winners first, everyone else together behind them; no winners, no ranking."""
    first = sorted(set(winners))
    if not first:
        return []
    rest = [seat for seat in range(players) if seat not in first]
    return [group for group in (first, rest) if group]


def place_word(seat: PlayerId, ranking: Ranking) -> str:
    """A seat's result in a table's column: "winner", "shared first", "draw" or ""."""
    groups = [group for group in ranking if group]
    if not groups or seat not in groups[0]:
        return ""
    kind = outcome(groups)
    if kind is Outcome.DRAW:
        return t("draw")
    return t("shared first") if kind is Outcome.SHARED_FIRST else t("winner")


def result_sentence(names: Sequence[str], ranking: Ranking, scores: Sequence[float],
                    you: PlayerId | None = None) -> str:
    """The result in one sentence, with the points of the first place.

    "You win with 12 points." / "Red and Yellow share first place with 7 points." / "The
    game is a draw: 0 points each." ``names`` are the seats' names; ``you`` is the seat
    told, called "you".
    """
    groups = [list(group) for group in ranking if group]
    kind = outcome(groups)
    first = groups[0] if groups else []
    tops = {float(scores[seat]) for seat in first}
    best = max(tops) if tops else 0.0
    points = f"{best:g}"
    count = int(best) if float(best).is_integer() else 2  # a plural form needs a whole number
    if kind is Outcome.DRAW:
        if len(tops) != 1:  # level by the rules' tie-breaks, not by points alone
            return t("The game is a draw.")
        return tn("The game is a draw: {points} point each.",
                  "The game is a draw: {points} points each.", count, points=points)
    others = [names[seat] for seat in first if seat != you]
    if you in first and not others:
        return tn("You win with {points} point.", "You win with {points} points.", count,
                  points=points)
    if kind is Outcome.WIN:
        return tn("{seat} wins with {points} point.", "{seat} wins with {points} points.",
                  count, seat=others[0], points=points)
    if you in first:
        return tn("You and {others} share first place with {points} point.",
                  "You and {others} share first place with {points} points.", count,
                  others=and_list(others), points=points)
    return tn("{seats} share first place with {points} point.",
              "{seats} share first place with {points} points.", count,
              seats=and_list(others), points=points)


def standings_sentence(names: Sequence[str], ranking: Ranking) -> str:
    """The whole ranking in words, no points: "Winner: Yellow. Then Red. Then Blue and
    Green." / "Shared first place: Yellow and Red. Then Blue." / "Draw between North and
    South." (what the web app shows and announces at the end of a match)."""
    groups = [list(group) for group in ranking if group]
    if not groups:
        return t("The match is over.")
    kind = outcome(groups)
    first = and_list([names[seat] for seat in groups[0]])
    if kind is Outcome.DRAW:
        return t("Draw between {seats}.", seats=first)
    said = [t("Shared first place: {seats}.", seats=first) if kind is Outcome.SHARED_FIRST
            else t("Winner: {seat}.", seat=first)]
    said += [t("Then {seats}.", seats=and_list([names[seat] for seat in group]))
             for group in groups[1:]]
    return " ".join(said)
