"""The player's guide: how Camel Up is played and how to type each action, for players.

The terminal's ``help`` and the web app's help dialog show it. One idea per line and one
example per line (a screen reader reads a line at a time), no columns. It is written from
the game's edition and player count, so the 1st edition reads of oasis and mirage tiles,
and partnerships appear only where they exist.
"""

from __future__ import annotations

from camelcade.core.game import Game
from camelcade.core.words import and_list, t
from camelcade.games.camel_up.names import colour_name, side_up
from camelcade.games.camel_up.spec import EDITIONS, LAST_SPACE, OVERALL_PAYS, STARTING_COINS


def guide(game: Game) -> str:
    """The guide for ``game`` (its edition and number of players)."""
    edition = EDITIONS[game.option("edition")]
    racing = and_list([colour_name(c) for c in edition.racing])
    first, second = edition.racing[0], edition.racing[-1]
    values = and_list([str(v) for v in edition.leg_tickets])
    pays = ", ".join(str(p) for p in OVERALL_PAYS[:-1])
    lines = [
        t("Camel Up: how to play."),
        t("Five racing camels, {camels}, run clockwise round a track of {spaces} spaces; "
          "the finish line lies after space {spaces}.", camels=racing, spaces=LAST_SPACE),
        t("Nobody owns a camel: you bet on them. Whoever has the most coins at the end "
          "wins; everyone starts with {coins}.", coins=STARTING_COINS),
        "",
        t("How the camels move:"),
        t("A die comes out of the pyramid each time someone rolls, and its camel moves 1, 2 "
          "or 3 spaces, carrying every camel on its back."),
        t("A camel that lands where others stand goes on top. In a stack the camel on top "
          "is ahead; further round the track is ahead too."),
    ]
    if edition.crazy:
        crazy = and_list([colour_name(c) for c in edition.crazy])
        lines += [
            t("The grey die moves one of the crazy camels, {camels}, backwards. If only one "
              "of them carries racing camels, that one moves; if one sits right on the "
              "other, the top one moves; else the colour the die shows.", camels=crazy),
            t("A spectator tile on a space pays its owner 1 coin for each camel that lands "
              "there. Cheering side: the camel moves 1 more and goes on top. Booing side: "
              "it moves 1 back and goes underneath."),
        ]
    else:
        lines.append(
            t("A desert tile on a space pays its owner 1 coin for each camel that lands "
              "there. Oasis side: the camel moves 1 more and goes on top. Mirage side: it "
              "moves 1 back and goes underneath."))
    lines += [
        t("A leg ends once {count} pyramid tickets are taken: leg tickets are paid and "
          "everything goes back. The race ends the moment a camel crosses the finish "
          "line; then the overall bets are paid.", count=edition.rolls_per_leg),
        "",
        t("On your turn, do one thing. Type it as shown:"),
        t("bet {colour}: take the top {name} leg ticket (each colour has {values}). When the "
          "leg ends it pays its value if {name} leads, 1 coin if {name} is second, and "
          "costs 1 coin otherwise.", colour=first, name=colour_name(first), values=values),
    ]
    forward, backward = edition.tile_sides
    lines += [
        t("tile 7 {side}: put your tile on space 7, {up}. Not on space 1, not where camels "
          "stand, not next to another tile; a tile already out moves.", side=forward,
          up=side_up(forward)),
        t("tile 12 {side}: the same on space 12, {up}.", side=backward, up=side_up(backward)),
        t("roll: take a pyramid ticket, worth 1 coin when the leg ends; a die comes out "
          "and its camel moves."),
        t("winner {colour}: bet face down that {name} wins the race. The earliest right "
          "cards pay most: {pays}, then {last} each; a wrong card costs 1 coin.",
          colour=second, name=colour_name(second), pays=pays, last=OVERALL_PAYS[-1]),
        t("loser {colour}: bet face down that {name} comes last, paid the same way.",
          colour=first, name=colour_name(first)),
    ]
    if edition.has_partnerships(game.players):
        lines.append(t("partner 3: team up with Player 4 until the leg ends (the notation counts "
                       "seats from 0); each of you then copies the best paying ticket of "
                       "the other."))
    lines += [
        "",
        t("More words: piles tells the overall piles card by card, earliest first; odds "
          "gives the chances and each action's value, when the advisor is on."),
        t("Money never drops below 0. Player 1 starts."),
    ]
    return "\n".join(lines)
