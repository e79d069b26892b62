"""The player's guide: how to play A dos de Chameau here, for people, not programmers.

The terminal's ``help`` and the web app's help dialog show it. It is read a line at a
time by a screen reader, so every example stands on its own line ("oasis3 12: ...") and
nothing is laid out in columns. Numbers that options change (the oasis points, the palms
on the oasis cards) are read from the game, so the guide says what this table plays.
"""

from __future__ import annotations

from camelcade.core.game import Game
from camelcade.core.words import and_list, t
from camelcade.games.a_dos_de_chameau.spec import OASIS, OASIS_FIRST, TRACK_END


def guide(game: Game) -> str:
    """The guide for ``game`` (its options decide the oasis points and the card palms)."""
    points = game.option("oasis_points")
    palms = and_list([str(n) for n in game.option("oasis_cards")])
    oasis = and_list([t("space {space} scores {points}", space=space,
                        points=points[space - OASIS_FIRST]) for space in OASIS])
    leader_dead = game.option("leader_target") == "any"
    lines = [
        t("A dos de Chameau: race your three camels from the town into the oasis."),
        t("The path has {last} spaces. Space 0 is the town, where every camel starts; "
          "spaces {first} to {last} are the oasis.", first=OASIS_FIRST, last=TRACK_END),
        t("The game ends as soon as all six oasis spaces hold a camel. Then each player adds "
          "up the points of the oasis spaces their camels stand on: {oasis}. The most points "
          "win; players with equal points win together.", oasis=oasis),
        "",
        t("Your turn: play one card from your hand, then draw back up to three cards."),
        t("Moving counts only empty spaces: a space with a camel on it is skipped. One "
          "camel per space, except the town."),
        t("Each player has the same twelve cards: seven oasis cards (palms {palms}), "
          "mirages 1, 2 and 3, the caravan leader and the sandstorm.", palms=palms),
        "",
        t("Oasis card: one of your camels moves forward as many empty spaces as the card "
          "has palms. A camel must land exactly; it can never go past space {last}.",
          last=TRACK_END),
        t("Mirage: another player's camel on the path goes back as many empty spaces; with "
          "too few behind it, it goes back to the town. Camels in the oasis never move back."),
        (t("Caravan leader: one of your camels jumps to the space just in front of the "
           "leading camel of all; once a camel is in the oasis the card has no use.")
         if leader_dead else
         t("Caravan leader: one of your camels jumps to the space just in front of the "
           "leading camel outside the oasis (it may be your own). It never jumps into the "
           "oasis.")),
        t("Sandstorm: every player gathers all twelve cards, shuffles them and draws "
          "three. It can always be played."),
        t("If none of your cards can be played, you discard one of them with no effect."),
        "",
        t("Type a move as the card's name, then the space of the camel it moves (0 for the "
          "town). Examples:"),
        t("oasis3 12: your camel on space 12 moves forward 3 empty spaces."),
        t("oasis2 0: one of your camels in the town moves forward 2 empty spaces."),
        t("mirage2 17: the other player's camel on space 17 goes back 2 empty spaces."),
        t("leader 4: your camel on space 4 jumps in front of the leading camel."),
        t("storm: play the sandstorm."),
        t("discard mirage3: put mirage 3 away, when none of your cards can be played."),
        "",
        t("Each turn you hear whose turn it is, your hand, the oasis, the points so far, the "
          "path with each camel's space and owner (\"12 yours, 15 Yellow\"), the town, and "
          "everyone's cards: in hand, in the pile, played and the card on top."),
        t("At the prompt: 'legal' lists your moves with what each does; a number plays "
          "that move from the list."),
        t("'hand' says your hand and the cards still in your pile (the h key in the "
          "browser)."),
        t("'scores' says the points of the camels in the oasis, space by space (the s key "
          "in the browser)."),
        t("'played' says every card each player has played since the last sandstorm."),
        t("'board' says the whole position again (the b key in the browser)."),
    ]
    return "\n".join(lines)
