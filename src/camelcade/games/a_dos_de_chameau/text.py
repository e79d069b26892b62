"""What a player hears: the position and every action in whole sentences.

This is what the terminal prints, what a screen reader says and what the web app
announces, so it is written to be listened to: the most important first, short, every
sentence whole (``camelcade.core.words``: named placeholders, plurals by number, lists by
``and_list``), ready for the translations. The listener is "you" ("You play oasis 3: your
camel on space 12 moves forward to space 16."), everyone else is their colour. Hidden
cards are never named to a seat that cannot see them: a draw is "Yellow draws a card." to
everyone but Yellow.

A play that ends the game says so and then scores it, one line per player in seat
order, item by item (each oasis space with its points), and the result: the rules score
"each player sums the values of the oasis spaces holding their camels".

``COUNTED`` tells front ends how a run of draws is said once ("Yellow draws 3 cards.").
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.results import Outcome, outcome
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import Counted, and_list, t, tn, worded_once
from camelcade.games.a_dos_de_chameau.actions import Discard, Draw, Play
from camelcade.games.a_dos_de_chameau.phrases import (
    camel,
    card_list,
    card_name,
    colour,
    oasis_points,
    place,
    played_cards,
    seat_word,
)
from camelcade.games.a_dos_de_chameau.spec import (
    END_OASIS_FULL,
    HAND_SIZE,
    LEADER,
    MIRAGE_CARD,
    OASIS,
    OASIS_FIRST,
    STORM,
    TOWN,
    card_set,
)
from camelcade.games.a_dos_de_chameau.state import ADosState, Move

__all__ = ["COUNTED", "card_list", "card_name", "describe_action", "describe_state",
           "score_lines"]

COUNTED = {
    "{seat} draws a card.": Counted("{seat} draws {count} card.", "{seat} draws {count} cards."),
    "You draw {card}.": Counted("You draw {card}.", "You draw {card}.", gather="card"),
}
"""Runs of draws told once: "Yellow draws 3 cards.", "You draw oasis 2, mirage 1 and the
sandstorm." (your own draws name their cards, together)."""
SET_SIZE = sum(card_set([1] * 7).values())
"""Cards in one player's set (12): what a sandstorm gathers."""


# -- the position ------------------------------------------------------------------------


def describe_state(seen: Seen[ADosState]) -> str:
    """The position as ``seen.role`` hears it (None: what everyone sees), most important
    first: whose turn and what to do, your hand, the oasis and the points, the path and the
    town, everyone's cards."""
    state, player = seen.state, seen.role
    lines = [_status(state, player)]
    if player is not None:
        lines.append(t("Your hand: {cards}.", cards=card_list(state.hand(player))))
    lines.append(_oasis(state, player))
    points = _points(state, player)
    if points:
        lines.append(points)
    lines.append(_path(state, player))
    lines.append(_cards(state, player))
    return "\n".join(lines)


def _status(state: ADosState, player: PlayerId | None) -> str:
    if state.is_terminal():
        if state.end_reason == END_OASIS_FULL:
            return t("The game is over: the oasis is full. {result}", result=_result(state, player))
        return t("The game is over: no player has a card left. {result}",
                 result=_result(state, player))
    drawing = state.drawing
    if drawing is not None:
        if drawing == player:
            return t("You are drawing a card.")
        return t("{seat} is drawing a card.", seat=colour(drawing))
    mover = state.current_player
    if mover != player:
        return t("It is {seat}'s turn.", seat=colour(mover))
    if state.legal_actions() and isinstance(state.legal_actions()[0], Discard):
        return t("Your turn, {seat}: none of your cards can be played, so discard one.",
                 seat=colour(mover))
    return t("Your turn, {seat}: play a card.", seat=colour(mover))


def _oasis(state: ADosState, player: PlayerId | None) -> str:
    items = []
    for space in OASIS:
        points = oasis_points(state.oasis_points, space)
        owner = state.owner(space)
        if owner < 0:
            items.append(tn("{space} empty, {count} point", "{space} empty, {count} points",
                            points, space=space))
        elif owner == player:
            items.append(tn("{space} yours, {count} point", "{space} yours, {count} points",
                            points, space=space))
        else:
            items.append(tn("{space} {seat}, {count} point", "{space} {seat}, {count} points",
                            points, space=space, seat=colour(owner)))
    return t("Oasis: {spaces}.", spaces="; ".join(items))


def _points(state: ADosState, player: PlayerId | None) -> str | None:
    """The points of the camels in the oasis, best first; None while nobody has any."""
    scores = state.scores()
    if not any(scores):
        return None
    order = sorted(range(state.game.players), key=lambda seat: -scores[seat])
    items = [t("{seat} {points}", seat=seat_word(seat, player), points=round(scores[seat]))
             for seat in order]
    if state.is_terminal():
        return t("Points: {items}.", items=", ".join(items))
    return t("Points so far: {items}.", items=", ".join(items))


def _path(state: ADosState, player: PlayerId | None) -> str:
    camels = []
    for space in range(1, OASIS_FIRST):
        owner = state.owner(space)
        if owner == player and owner >= 0:
            camels.append(t("{space} yours", space=space))
        elif owner >= 0:
            camels.append(t("{space} {seat}", space=space, seat=colour(owner)))
    path = (t("Path: {camels}.", camels=", ".join(camels)) if camels
            else t("Path: no camels on the path."))
    town = [t("{seat} {count}", seat=seat_word(seat, player), count=state.camels(seat).count(TOWN))
            for seat in range(state.game.players) if TOWN in state.camels(seat)]
    if not town:
        return t("{path} Town: empty.", path=path)
    return t("{path} Town: {camels}.", path=path, camels=", ".join(town))


def _cards(state: ADosState, player: PlayerId | None) -> str:
    items = [t("{seat} {hand} in hand, {pile} in the pile, {played}", seat=seat_word(seat, player),
               hand=len(state.hand(seat)), pile=state.pile_size(seat),
               played=played_cards(state.discards(seat)))
             for seat in range(state.game.players)]
    return t("Cards: {seats}.", seats="; ".join(items))


def _result(state: ADosState, player: PlayerId | None) -> str:
    ranking = state.ranking()
    winners = ranking[0]
    best = round(max(state.scores()))
    if outcome(ranking) is Outcome.DRAW:
        return tn("The game is a draw: every seat has {count} point.",
                  "The game is a draw: every seat has {count} points.", best)
    if len(winners) > 1:
        last = sorted(winners, key=lambda seat: seat == player)  # "Red and you", never "you and"
        names = and_list([seat_word(seat, player) for seat in last])
        return tn("{seats} share the win with {count} point.",
                  "{seats} share the win with {count} points.", best, seats=names)
    if winners[0] == player:
        return tn("You win with {count} point.", "You win with {count} points.", best)
    return tn("{seat} wins with {count} point.", "{seat} wins with {count} points.", best,
              seat=colour(winners[0]))


def score_lines(state: ADosState, player: PlayerId | None) -> list[str]:
    """Each player's oasis points, item by item, in seat order (as the rules score)."""
    lines: list[str] = []
    for seat in range(state.game.players):
        spaces = [space for space in state.camels(seat) if space >= OASIS_FIRST]
        items = [t("{points} for space {space}", space=space,
                   points=oasis_points(state.oasis_points, space)) for space in spaces]
        total = sum(oasis_points(state.oasis_points, space) for space in spaces)
        if seat == player:
            lines.append(tn("You score {count} point: {items}.", "You score {count} points: "
                            "{items}.", total, items=and_list(items)) if items else
                         t("You score no points: none of your camels is in the oasis."))
        else:
            lines.append(tn("{seat} scores {count} point: {items}.", "{seat} scores {count} "
                            "points: {items}.", total, seat=colour(seat), items=and_list(items))
                         if items else t("{seat} scores no points: none of their camels is in "
                                         "the oasis.", seat=colour(seat)))
    return lines


# -- actions -----------------------------------------------------------------------------


def describe_action(seen: Seen[ADosState], action: Action) -> str:
    """What a legal ``action`` does, as ``seen.role`` may know it.

    One sentence; a play that ends the game adds a line saying so, one line per player's
    points and a line with the result (front ends show each line as an event).
    """
    state, player = seen.state, seen.role
    if isinstance(action, Draw):
        drawer = state.drawing
        assert drawer is not None
        if drawer == player:
            return t("You draw {card}.", card=card_name(action.card))
        return t("{seat} draws a card.", seat=colour(drawer))
    actor = state.current_player
    if isinstance(action, Discard):
        if actor == player:
            return t("You discard {card}: none of your cards can be played.",
                     card=card_name(action.card))
        return t("{seat} discards {card}: none of their cards can be played.",
                 seat=colour(actor), card=card_name(action.card))
    assert isinstance(action, Play)
    if action.card == STORM:
        if actor == player:
            return t("You play the sandstorm: every player gathers all {total} of their cards, "
                     "shuffles them and draws {hand}.", total=SET_SIZE, hand=HAND_SIZE)
        return t("{seat} plays the sandstorm: every player gathers all {total} of their cards, "
                 "shuffles them and draws {hand}.", seat=colour(actor), total=SET_SIZE,
                 hand=HAND_SIZE)
    move = state.move_of(action)
    assert move is not None
    # The same play by the same seat, told to the same listener, is the same sentence in
    # every position (a leader's sentence also names the camel it jumps in front of):
    # worded once, as the server words every legal play for its mover on every move.
    sentence = _move(state, action.card, move, actor, player) if action.card == LEADER else (
        worded_once(("a-dos play", action.card, move, actor, player, state.oasis_points),
                    _move, state, action.card, move, actor, player))
    if move.end < OASIS_FIRST:
        return sentence
    after = seen.after(action)
    if not after.is_terminal():
        return sentence
    return "\n".join([sentence, _ending(after), *score_lines(after, player),
                      _result(after, player)])


def _ending(after: ADosState) -> str:
    if after.end_reason == END_OASIS_FULL:
        return t("The oasis is full: the game is over.")
    return t("No player has a card left: the game is over.")


def _move(state: ADosState, card: str, move: Move, actor: PlayerId,
          player: PlayerId | None) -> str:
    """The sentence of an oasis, mirage or caravan-leader play."""
    you = actor == player
    values = {"card": card_name(card), "seat": colour(actor),
              "camel": camel(move.owner, move.start, player, actor),
              "to": place(move.end, state.oasis_points), "count": move.skipped}
    if card == LEADER:
        return _leader(state, move, you, values, player, actor)
    if card.startswith(MIRAGE_CARD):
        if move.skipped:
            return (tn("You play {card}: {camel} goes back to {to}, passing over {count} camel.",
                       "You play {card}: {camel} goes back to {to}, passing over {count} camels.",
                       move.skipped, **_without_count(values)) if you else
                    tn("{seat} plays {card}: {camel} goes back to {to}, passing over {count} "
                       "camel.", "{seat} plays {card}: {camel} goes back to {to}, passing over "
                       "{count} camels.", move.skipped, **_without_count(values)))
        return (t("You play {card}: {camel} goes back to {to}.", **values) if you else
                t("{seat} plays {card}: {camel} goes back to {to}.", **values))
    if move.skipped:
        return (tn("You play {card}: {camel} moves forward to {to}, passing over {count} camel.",
                   "You play {card}: {camel} moves forward to {to}, passing over {count} camels.",
                   move.skipped, **_without_count(values)) if you else
                tn("{seat} plays {card}: {camel} moves forward to {to}, passing over {count} "
                   "camel.", "{seat} plays {card}: {camel} moves forward to {to}, passing over "
                   "{count} camels.", move.skipped, **_without_count(values)))
    return (t("You play {card}: {camel} moves forward to {to}.", **values) if you else
            t("{seat} plays {card}: {camel} moves forward to {to}.", **values))


def _leader(state: ADosState, move: Move, you: bool, values: dict[str, object],
            player: PlayerId | None, actor: PlayerId) -> str:
    leading = move.end - 1
    if leading == move.start != TOWN:
        return (t("You play the caravan leader: {camel}, the leading one, moves on to {to}.",
                  **values) if you else
                t("{seat} plays the caravan leader: {camel}, the leading one, moves on to {to}.",
                  **values))
    if leading == TOWN:
        return (t("You play the caravan leader: {camel} jumps to {to}, at the head of the "
                  "race.", **values) if you else
                t("{seat} plays the caravan leader: {camel} jumps to {to}, at the head of the "
                  "race.", **values))
    ahead = camel(state.owner(leading), leading, player, actor)
    return (t("You play the caravan leader: {camel} jumps to {to}, in front of {ahead}.",
              ahead=ahead, **values) if you else
            t("{seat} plays the caravan leader: {camel} jumps to {to}, in front of {ahead}.",
              ahead=ahead, **values))


def _without_count(values: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in values.items() if key != "count"}


# -- what only the asking seat knows, for the prompt's commands ---------------------------


def hand_text(state: ADosState, player: PlayerId) -> str:
    """Your hand, then what is still in your pile (its order is unknown to everyone)."""
    hand = t("Your hand: {cards}.", cards=card_list(state.hand(player)))
    pile = state.pile(player)
    if not pile:
        return "\n".join([hand, t("Your pile is empty.")])
    return "\n".join([hand, tn("Your pile, {count} card: {cards}.",
                               "Your pile, {count} cards: {cards}.", len(pile),
                               cards=card_list(pile))])


def played_text(state: ADosState, player: PlayerId | None) -> str:
    """Every card each player has played since the last sandstorm, the top card last."""
    lines = []
    for seat in range(state.game.players):
        discards = state.discards(seat)
        if seat == player:
            lines.append(t("You have played {cards}.", cards=card_list(discards)) if discards
                         else t("You have played no cards."))
        else:
            lines.append(t("{seat} has played {cards}.", seat=colour(seat),
                           cards=card_list(discards)) if discards
                         else t("{seat} has played no cards.", seat=colour(seat)))
    return "\n".join(lines)


def points_text(state: ADosState, player: PlayerId | None) -> str:
    """The points of the camels in the oasis now, item by item."""
    heading = (t("Final points:") if state.is_terminal()
               else t("Points so far, from the camels in the oasis:"))
    return "\n".join([heading, *score_lines(state, player)])
