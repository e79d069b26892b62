"""The player's guide to Camel Drive: how to play, what to type, written for players.

Shown by the terminal's ``help`` and the web app's help dialog. One idea a line, and every
action on a line of its own that starts with what to type ("shout left: ..."), because a
screen reader reads a line at a time. The numbers
are the match's own options (track length, interjections, target score, the tie race).
"""

from __future__ import annotations

from camelcade.core.game import Game
from camelcade.core.words import t, tn
from camelcade.games.camel_drive.spec import (
    BET_PAYOUT,
    DECK_SIZE,
    NEXT_PLACED_POINTS,
    OTHER_POINTS,
    TEAM_PLAYERS,
    WIN_POINTS,
)


def guide(game: Game) -> str:
    """How Camel Drive is played, with the options of ``game``."""
    length = game.option("track_length")
    shouts = game.option("interjections")
    target = game.option("target_score")
    lines: list[str] = [
        t("Camel Drive: only the second camel home wins."),
        t("Each camel runs in a lane of its own, from the start (field 0) to the finish "
          "(field {length}). Camels never meet.", length=length),
    ]
    if game.players in TEAM_PLAYERS:
        lines.append(t("With {players} players you drive two camels, in neighbouring lanes, "
                       "one after the other; their points are added up.",
                       players=game.players))
    lines += [
        t("Your camel's deck holds {cards} call cards: three each of 0, 1, 2 and 3. Only "
          "the card revealed last lies face up; nobody may look through the discards.",
          cards=DECK_SIZE),
        "",
        t("On your turn:"),
        t("draw: reveal your top call card and move forward by its value (0 stays)."),
        t("A camel's first turn in each race reveals two cards at once: the opening double "
          "move."),
        tn("Instead of drawing you may play an interjection. Each camel has {count} for the "
           "whole match, usable only until the first camel is home:",
           "Instead of drawing you may play an interjection. Each camel has {count} for the "
           "whole match, usable only until the first camel is home:", shouts),
        t("shout forward: your camel moves by two cards."),
        t("shout back: your camel moves back by one card, never behind the start."),
        t("shout left: your left neighbour (the camel after yours) moves by one card of its "
          "own deck; play then goes on after you."),
        t("shout right: your right neighbour (the camel before yours) does the same."),
        "",
        t("The first camel home loses the race and leaves it."),
        t("At once every camel, the one that is out too, bets on a camel still racing, "
          "starting with the camel that moves next:"),
        t("bet green: your stone backs Green (your own camel may be backed too)."),
        t("A lone stone on the winner pays {one}, two stones {two} each, three or more "
          "{three} each. Wrong stones cost nothing.", one=BET_PAYOUT[0], two=BET_PAYOUT[1],
          three=BET_PAYOUT[2]),
        t("Then the final sprint: draws only, until a second camel comes home. It wins the "
          "race."),
        t("Race points: the winner {win}; the camel or camels furthest along of the rest "
          "{next} each; every other camel still racing {other}; the first home nothing.",
          win=WIN_POINTS, next=NEXT_PLACED_POINTS, other=OTHER_POINTS),
        t("Then the start passes on and a new race begins: decks reshuffled, stones off the "
          "board, unused interjections kept."),
        "",
        t("After a race, once a colour has {target} points or more, the match ends and the "
          "most points win.", target=target),
        _tie_breaks(game),
        "",
        t("Type an action as its line above begins: draw, shout forward, bet yellow."),
    ]
    return "\n".join(lines)


def _tie_breaks(game: Game) -> str:
    """The tie-breaks of this match, in the order the ranking applies them."""
    team = game.players in TEAM_PLAYERS
    if game.option("tie_race"):
        if team:
            return t("A tie goes to the better single camel, and if still level the tied "
                     "players run a tie race without interjections or bets: after a full "
                     "round, the furthest past the finish wins.")
        return t("A tie is settled by a tie race without interjections or bets: after a full "
                 "round, the furthest past the finish wins.")
    if team:
        return t("A tie goes to the better single camel, then to the most unused "
                 "interjections; players still level share the place.")
    return t("A tie goes to the most unused interjections; players still level share the "
             "place.")
