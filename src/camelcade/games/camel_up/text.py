"""Camel Up in words: the position as one seat may know it, for screen readers and logs.

``describe_state`` is told once a turn, so it is short and most important first: whose
turn, the race order, your coins, tickets and cards, the track (one line per space that
holds something, each stack from the bottom, the top camel last), the pyramid, the leg
tickets on top, the other seats, the overall piles as counts. Nothing that is empty is said ("no leg
tickets", "0 pyramid tickets"), and the order of the others' face-down cards, which only
grows, is the ``piles`` command's (and the web board's), not every turn's. What happened
is :mod:`.narration`'s: ``describe_action`` is re-exported here, so this module is the
game's ``words``. Face-down finish cards are named only to their owner until the end.
"""

from __future__ import annotations

from camelcade.core.results import Outcome, outcome
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import Counted, and_list, t, tn
from camelcade.games.camel_up.actions import LOSER, WINNER
from camelcade.games.camel_up.names import (
    camel_list,
    coins_list,
    colour_name,
    die_name,
    roll_name,
    seat_label,
    stack_words,
    ticket_name,
    tile_name,
)
from camelcade.games.camel_up.narration import COUNTED as NARRATION_COUNTED
from camelcade.games.camel_up.narration import describe_action
from camelcade.games.camel_up.spec import FIRST_SPACE, LAST_SPACE, OVER, ROLL, SETUP
from camelcade.games.camel_up.state import CamelUpState

__all__ = ["COUNTED", "describe_action", "describe_state", "off_board_lines", "pile_lines",
           "position_lines", "track_lines"]

BOARD_SPACES = frozenset(range(FIRST_SPACE, LAST_SPACE + 1))

COUNTED: dict[str, Counted] = dict(NARRATION_COUNTED)
"""How a run of one event is told once (``group_repeats``). In Camel Up the seats take
turns, so two equal events in a row happen only within a leg's scoring (two pyramid
tickets of one seat, two equal leg tickets), which the narration groups itself."""


def describe_state(seen: Seen[CamelUpState]) -> str:
    """The position in words, as ``seen.role`` sees it (None: what everyone sees)."""
    return "\n".join(position_lines(seen.state, seen.role))


def position_lines(state: CamelUpState, player: PlayerId | None, *,
                   track: bool = True) -> list[str]:
    """The lines of :func:`describe_state`; ``track=False`` leaves out the spaces (the
    rich board draws them)."""
    lines = [status(state, player)]
    if state.phase == SETUP:
        return lines + (track_lines(state, player) if track else [])
    lines.append(t("Race order, leader first: {camels}.",
                   camels=camel_list(state.edition, state.camel_order())))
    if state.phase == OVER:
        final = t("Final coins: {coins}.", coins=coins_list(state.coins(), player))
        return [*lines, *(track_lines(state, player) if track else []), final,
                *pile_lines(state, player)]
    seats = list(range(state.game.players))
    if player is not None:
        seats.remove(player)
        lines.append(seat_line(state, player, player))
    if track:
        lines += track_lines(state, player)
    lines += [pyramid_line(state), tickets_line(state)]
    lines += [seat_line(state, seat, player) for seat in seats]
    summary = piles_summary(state, player)
    return lines + ([summary] if summary else [])


def status(state: CamelUpState, player: PlayerId | None) -> str:
    """The first line: whose turn it is (or that the race is over, and who won)."""
    if state.phase == SETUP:
        return t("Camel Up is being set up: the dice place the camels on the track.")
    leg, seat = state.leg, state.turn
    if state.phase == ROLL:
        if seat == player:
            return t("Leg {leg}. You took a pyramid ticket; a die is coming out.", leg=leg)
        return t("Leg {leg}. {seat} took a pyramid ticket; a die is coming out.", leg=leg,
                 seat=seat_label(seat))
    if state.phase == OVER:
        return over_status(state, player)
    if seat == player:
        return t("Leg {leg}. It is your turn.", leg=leg)
    return t("Leg {leg}. It is {seat}'s turn.", leg=leg, seat=seat_label(seat))


def over_status(state: CamelUpState, player: PlayerId | None) -> str:
    """'The game is over: Yellow won the race and Green came last. You win with 35 coins.'"""
    order = state.camel_order()
    race = t("The game is over: {winner} won the race and {loser} came last.",
             winner=colour_name(order[0]), loser=colour_name(order[-1]))
    ranking = state.ranking()
    winners = ranking[0]
    coins = max(state.coins())
    if outcome(ranking) is Outcome.DRAW:
        result = tn("The game is a draw: every seat has {count} coin.",
                    "The game is a draw: every seat has {count} coins.", coins)
    elif winners == [player]:
        result = tn("You win with {count} coin.", "You win with {count} coins.", coins)
    elif len(winners) == 1:
        result = tn("{seat} wins with {count} coin.", "{seat} wins with {count} coins.", coins,
                    seat=seat_label(winners[0]))
    elif player in winners:
        others = and_list([seat_label(s) for s in winners if s != player])
        result = tn("You and {others} share the win with {count} coin each.",
                    "You and {others} share the win with {count} coins each.", coins,
                    others=others)
    else:
        result = tn("{seats} share the win with {count} coin each.",
                    "{seats} share the win with {count} coins each.", coins,
                    seats=and_list([seat_label(s) for s in winners]))
    return f"{race} {result}"


def track_lines(state: CamelUpState, player: PlayerId | None) -> list[str]:
    """One line per space holding camels or a tile, in track order; then any camels past
    the finish line, or carried back over it."""
    track, tiles = state.track(), state.tiles()
    lines: list[str] = []
    for space in sorted((set(track) | set(tiles)) & BOARD_SPACES):
        if space in tiles:
            tile = tiles[space]
            lines.append(t("Space {space}: {tile}.", space=space,
                           tile=tile_name(tile.side, tile.owner, player)))
        else:
            lines.append(t("Space {space}: {stack}.", space=space,
                           stack=stack_words(state.edition, track[space])))
    return (lines + off_board_lines(state)) or [t("No camels on the track yet.")]


def off_board_lines(state: CamelUpState) -> list[str]:
    """The camels that left the loop (the race is then over): past the finish line, or
    carried back over it by a crazy camel."""
    lines: list[str] = []
    for space, stack in state.track().items():
        if space > LAST_SPACE:
            lines.append(t("Past the finish line: {stack}.",
                           stack=stack_words(state.edition, stack)))
        elif space < FIRST_SPACE:
            lines.append(t("Carried back over the finish line: {stack}.",
                           stack=stack_words(state.edition, stack)))
    return lines


def pyramid_line(state: CamelUpState) -> str:
    """'Pyramid: 3 tickets left; dice inside: Blue, Red and grey. Rolled this leg: ...'"""
    edition = state.edition
    left = edition.rolls_per_leg - len(state.rolled())
    inside = and_list([die_name(edition, die) for die in state.pyramid()])
    line = tn("Pyramid: {count} ticket left; dice inside: {dice}.",
              "Pyramid: {count} tickets left; dice inside: {dice}.", left, dice=inside)
    rolled = [roll_name(edition, colour, value) for colour, value in state.rolled()]
    if rolled:
        return t("{pyramid} Rolled this leg: {rolls}.", pyramid=line, rolls=and_list(rolled))
    return line


def tickets_line(state: CamelUpState) -> str:
    """The leg ticket on top of each colour's stack (the rest lie below it, 5 3 2 2)."""
    tops: list[str] = []
    gone: list[str] = []
    for colour in state.edition.racing:
        stack = state.ticket_stack(colour)
        if not stack:
            gone.append(colour_name(colour))
        elif len(stack) == 1:
            tops.append(t("{colour} {value} (the last)", colour=colour_name(colour),
                          value=stack[0]))
        else:
            tops.append(ticket_name(colour, stack[0]))
    if not tops:
        return t("Every leg ticket is taken this leg.")
    if gone:
        return t("Leg tickets on top: {tickets}; all taken: {colours}.",
                 tickets=and_list(tops), colours=and_list(gone))
    return t("Leg tickets on top: {tickets}.", tickets=and_list(tops))


def seat_facts(state: CamelUpState, seat: PlayerId, player: PlayerId | None) -> list[str]:
    """What a seat holds, only what it has: coins, leg and pyramid tickets, partner, and
    (to its owner) the finish cards still in hand."""
    facts: list[str] = [tn("{count} coin", "{count} coins", state.coins()[seat])]
    tickets = state.tickets(seat)
    if tickets:
        facts.append(tn("leg ticket {tickets}", "leg tickets {tickets}", len(tickets),
                        tickets=and_list([ticket_name(c, v) for c, v in tickets])))
    pyramid = state.pyramid_tickets(seat)
    if pyramid:
        facts.append(tn("{count} pyramid ticket", "{count} pyramid tickets", pyramid))
    partner = state.partner(seat)
    if partner is not None:
        facts.append(t("partner: you") if partner == player
                     else t("partner: {seat}", seat=seat_label(partner)))
    if seat == player:
        hand = state.hand(seat)
        if hand:
            facts.append(t("finish cards in hand: {cards}",
                           cards=and_list([colour_name(c) for c in hand])))
    return facts


def seat_line(state: CamelUpState, seat: PlayerId, player: PlayerId | None) -> str:
    """'You: 8 coins; leg tickets Yellow 5; 1 pyramid ticket.' or 'Ben: 12 coins.'"""
    facts = "; ".join(seat_facts(state, seat, player))
    if seat == player:
        return t("You: {facts}.", facts=facts)
    return t("{seat}: {facts}.", seat=seat_label(seat), facts=facts)


def piles_summary(state: CamelUpState, player: PlayerId | None) -> str | None:
    """The overall piles as counts, with the listener's own cards (None if both empty)."""
    counts = {name: len(state.pile(name)) for name in (WINNER, LOSER)}
    if not any(counts.values()):
        return None
    line = t("Overall bets: {winner} on the winner, {loser} on the loser.",
             winner=tn("{count} card", "{count} cards", counts[WINNER]),
             loser=tn("{count} card", "{count} cards", counts[LOSER]))
    if player is None:
        return line
    mine = {name: [colour_name(c) for s, c in state.pile(name) if s == player]
            for name in (WINNER, LOSER)}
    if mine[WINNER] and mine[LOSER]:
        yours = t("Yours: {winners} to win, {losers} to lose.",
                  winners=and_list(mine[WINNER]), losers=and_list(mine[LOSER]))
    elif mine[WINNER]:
        yours = t("Yours: {winners} to win.", winners=and_list(mine[WINNER]))
    elif mine[LOSER]:
        yours = t("Yours: {losers} to lose.", losers=and_list(mine[LOSER]))
    else:
        return line
    return f"{line} {yours}"


def card_name(state: CamelUpState, seat: PlayerId, colour: str, player: PlayerId | None) -> str:
    """A card on an overall pile as ``player`` may know it: 'your Red', 'Ben's Blue'
    once the piles are turned over, else just 'Ben' (face down)."""
    if seat == player:
        return t("your {colour}", colour=colour_name(colour))
    if state.phase == OVER:
        return t("{seat}'s {colour}", seat=seat_label(seat), colour=colour_name(colour))
    return seat_label(seat)


def pile_line(state: CamelUpState, pile: str, player: PlayerId | None) -> str:
    """One overall pile card by card, earliest first (the order pays: 8, 5, 3, 2, 1...)."""
    cards = and_list([card_name(state, s, c, player) for s, c in state.pile(pile)])
    if pile == WINNER:
        return (t("Overall winner pile, earliest card first: {cards}.", cards=cards) if cards
                else t("Overall winner pile: no cards."))
    return (t("Overall loser pile, earliest card first: {cards}.", cards=cards) if cards
            else t("Overall loser pile: no cards."))


def pile_lines(state: CamelUpState, player: PlayerId | None) -> list[str]:
    return [pile_line(state, pile, player) for pile in (WINNER, LOSER)]
