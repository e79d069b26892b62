"""What each action does, in words, as one seat may know it: ``describe_action``.

The first line says what happened ("The Blue die shows 2. Blue moves from space 3 to
space 5, carrying Green."). An action that ends a leg or the race then says how it is
scored, one line per item in the order the rules score: for each seat its leg tickets on
the leading camel, on the second, on the others, its pyramid tickets, what it copies from
a partner, and the money floor; at the end of the race the overall winner pile and then
the loser pile, card by card from the earliest; then everyone's coins. The sums come from
the rules' own scoring functions (:mod:`.scoring`), fed what the die is about to do, so
the words cannot disagree with the coins.

The listener's own moves are "You ...", others' "Ben ...": two whole messages each.
A face-down finish card is named only to the seat that plays it.
"""

from __future__ import annotations

from collections.abc import Sequence

from camelcade.core.action import Action
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import Counted, Sentence, and_list, group_repeats, t, tn
from camelcade.games.camel_up.actions import LOSER, WINNER, Bet, Die, Overall, Partner, PlaceTile
from camelcade.games.camel_up.board import Movement, apply_move, ranking
from camelcade.games.camel_up.names import (
    camel_list,
    camel_name,
    coins_list,
    colour_name,
    seat_label,
    side_up,
    stack_words,
    ticket_name,
    tile_name,
)
from camelcade.games.camel_up.scoring import (
    LegResult,
    copy_choice,
    rewards,
    score_leg,
    score_pile,
)
from camelcade.games.camel_up.spec import (
    LAST_SPACE,
    PYRAMID_PAY,
    SECOND_PAY,
    SETUP,
    TILE_PAY,
    WRONG_LEG_PAY,
    WRONG_OVERALL_PAY,
)
from camelcade.games.camel_up.state import CamelUpState

assert TILE_PAY == PYRAMID_PAY == SECOND_PAY == -WRONG_LEG_PAY == -WRONG_OVERALL_PAY == 1, \
    "the sentences below say '1 coin' for these payouts"

COUNTED: dict[str, Counted] = {
    "Your {ticket} ticket wins {value} coins: {colour} is first.": Counted(
        "Your {count} {ticket} tickets win {value} coins each: {colour} is first.",
        "Your {count} {ticket} tickets win {value} coins each: {colour} is first."),
    "{seat}'s {ticket} ticket wins {value} coins: {colour} is first.": Counted(
        "{seat}'s {count} {ticket} tickets win {value} coins each: {colour} is first.",
        "{seat}'s {count} {ticket} tickets win {value} coins each: {colour} is first."),
}
"""Equal scoring items of one seat told once: "Ben's 2 Red 2 tickets win 2 coins each:
Red is first." (a run is never of one, so the singular forms are never said). Tickets that
pay alike (on the second camel, on the others, the pyramid's) are told in one line each."""


def describe_action(seen: Seen[CamelUpState], action: Action) -> str:
    """What the legal ``action`` does, as ``seen.role`` may know it: one line, then a line
    per scoring item when it ends a leg or the race."""
    state, player = seen.state, seen.role
    if isinstance(action, Die):
        return "\n".join(_die_lines(seen, action))
    seat = state.turn
    you = seat == player
    name = seat_label(seat)
    if isinstance(action, Bet):
        ticket = ticket_name(action.colour, state.ticket_stack(action.colour)[0])
        return (t("You take the {ticket} leg ticket.", ticket=ticket) if you
                else t("{seat} takes the {ticket} leg ticket.", seat=name, ticket=ticket))
    if isinstance(action, PlaceTile):
        return _tile_sentence(state, action, player)
    if isinstance(action, Overall):
        return _overall_sentence(action, you, name)
    if isinstance(action, Partner):
        other = action.seat
        if you:
            return t("You form a partnership with {partner} until the end of this leg.",
                     partner=seat_label(other))
        if other == player:
            return t("{seat} forms a partnership with you until the end of this leg.",
                     seat=name)
        return t("{seat} forms a partnership with {partner} until the end of this leg.",
                 seat=name, partner=seat_label(other))
    return (t("You take a pyramid ticket and a die comes out.") if you
            else t("{seat} takes a pyramid ticket and a die comes out.", seat=name))


def _tile_sentence(state: CamelUpState, action: PlaceTile, player: PlayerId | None) -> str:
    seat = state.turn
    own = state.tile_of(seat)
    side = side_up(action.side)
    if seat == player:
        if own is None:
            return t("You place your tile on space {space}, {side}.", space=action.space,
                     side=side)
        return t("You move your tile from space {old} to space {space}, {side}.",
                 old=own.space, space=action.space, side=side)
    if own is None:
        return t("{seat} places a tile on space {space}, {side}.", seat=seat_label(seat),
                 space=action.space, side=side)
    return t("{seat} moves a tile from space {old} to space {space}, {side}.",
             seat=seat_label(seat), old=own.space, space=action.space, side=side)


def _overall_sentence(action: Overall, you: bool, name: str) -> str:
    colour = colour_name(action.colour)
    if action.pile == WINNER:
        return (t("You bet on {colour} to win the race: your {colour} finish card goes face "
                  "down on the overall winner pile.", colour=colour) if you
                else t("{seat} puts a finish card face down on the overall winner pile.",
                       seat=name))
    return (t("You bet on {colour} to come last: your {colour} finish card goes face down "
              "on the overall loser pile.", colour=colour) if you
            else t("{seat} puts a finish card face down on the overall loser pile.",
                   seat=name))


# -- dice ----------------------------------------------------------------------------------


def _die_lines(seen: Seen[CamelUpState], die: Die) -> list[str]:
    state, player = seen.state, seen.role
    edition = state.edition
    if state.phase == SETUP:
        space = state.setup_space(die)
        below = state.track().get(space, [])
        camel = camel_name(edition, die.colour)
        if below:
            return [t("Setup: {camel} goes on space {space}, on top of {below}.", camel=camel,
                      space=space, below=camel_name(edition, below[-1]))]
        return [t("Setup: {camel} goes on space {space}.", camel=camel, space=space)]
    movement = state.movement_of(die)
    first = " ".join([_die_sentence(state, die, movement), *movement_sentences(
        state, movement, player)])
    if movement.crossed:
        # The piles are turned over by this roll: their cards are read from the position
        # after it, where nothing is hidden any more (the view's copy redrew them).
        return [first, *final_scoring(state, movement, player, seen.after(die))]
    if len(state.rolled()) + 1 == edition.rolls_per_leg:
        return [first, *leg_scoring(state, movement, player)]
    return [first]


def _die_sentence(state: CamelUpState, die: Die, movement: Movement) -> str:
    """'The Blue die shows 2.'; the grey die says why the other crazy camel moves."""
    edition = state.edition
    if die.colour not in edition.crazy:
        return t("The {colour} die shows {value}.", colour=colour_name(die.colour),
                 value=die.value)
    shown = colour_name(die.colour)
    if movement.mover == die.colour:
        return t("The grey die shows {colour} {value}.", colour=shown, value=die.value)
    mover = colour_name(movement.mover)
    if any(unit in edition.racing for unit in movement.group):
        return t("The grey die shows {shown} {value}, but crazy {colour} moves instead: it "
                 "carries racing camels.", shown=shown, value=die.value, colour=mover)
    return t("The grey die shows {shown} {value}, but crazy {colour} moves instead: it sits "
             "on the other crazy camel.", shown=shown, value=die.value, colour=mover)


def movement_sentences(state: CamelUpState, movement: Movement,
                       player: PlayerId | None) -> list[str]:
    """Where the moving camel goes, with what it carries, a tile it lands on (and who that
    pays), and the stack it ends in."""
    edition = state.edition
    carried = camel_list(edition, movement.group[1:]) if len(movement.group) > 1 else None
    tile = movement.tile
    sentences: list[str] = [_move_sentence(state, movement, carried, across=movement.crossed
                                and tile is None)]
    if tile is not None:
        owner = tile_name(tile.side, tile.owner, player)
        sentences.append(t("It lands on {tile}: you gain 1 coin.", tile=owner)
                         if tile.owner == player else
                         t("It lands on {tile}: {seat} gains 1 coin.", tile=owner,
                           seat=seat_label(tile.owner)))
        sentences.append(_push_sentence(state, movement))
    if movement.joined and not movement.crossed:
        group, joined = list(movement.group), list(movement.joined)
        stack = joined + group if movement.on_top else group + joined
        sentences.append(t("Space {space} now holds {stack}.", space=movement.end,
                           stack=stack_words(edition, stack)))
    return sentences


def _move_sentence(state: CamelUpState, movement: Movement, carried: str | None,
                   across: bool) -> str:
    start = movement.start
    to = movement.landing
    if movement.mover in state.edition.crazy:
        colour = colour_name(movement.mover)
        if across:
            return (t("Crazy {colour} moves back from space {start} across the finish line, "
                      "carrying {carried}.", colour=colour, start=start, carried=carried)
                    if carried else
                    t("Crazy {colour} moves back from space {start} across the finish line.",
                      colour=colour, start=start))
        return (t("Crazy {colour} moves back from space {start} to space {end}, carrying "
                  "{carried}.", colour=colour, start=start, end=to, carried=carried)
                if carried else
                t("Crazy {colour} moves back from space {start} to space {end}.",
                  colour=colour, start=start, end=to))
    camel = colour_name(movement.mover)
    if across:
        return (t("{camel} moves from space {start} across the finish line, carrying "
                  "{carried}.", camel=camel, start=start, carried=carried) if carried else
                t("{camel} moves from space {start} across the finish line.", camel=camel,
                  start=start))
    return (t("{camel} moves from space {start} to space {end}, carrying {carried}.",
              camel=camel, start=start, end=to, carried=carried) if carried else
            t("{camel} moves from space {start} to space {end}.", camel=camel, start=start,
              end=to))


def _push_sentence(state: CamelUpState, movement: Movement) -> str:
    """Where a tile sends the camel that landed on it: on (its own way) or back."""
    on = movement.on_top
    if not 1 <= movement.end <= LAST_SPACE:
        return (t("The tile sends it on across the finish line.") if on
                else t("The tile sends it back across the finish line."))
    return (t("The tile sends it on to space {space}.", space=movement.end) if on
            else t("The tile sends it back to space {space}.", space=movement.end))


# -- scoring ---------------------------------------------------------------------------------


def _scored_leg(state: CamelUpState, movement: Movement) -> tuple[list[str], list[int],
                                                                   LegResult, list[int]]:
    """What the leg's scoring sees once ``movement`` is made: the camel order, the
    pyramid tickets (the roller's new one too), the result, and the coins before it (a
    tile's coin included), exactly as the rules' ``_apply_die`` feeds ``score_leg``."""
    track = state.track()
    apply_move(track, movement)
    order = ranking(track, state.edition.racing)
    seats = range(state.game.players)
    coins = state.coins()
    if movement.tile is not None:
        coins[movement.tile.owner] += TILE_PAY
    pyramid = [state.pyramid_tickets(s) + (s == state.turn) for s in seats]
    result = score_leg(order, [state.tickets(s) for s in seats], pyramid,
                       [state.partner(s) for s in seats], coins)
    return order, pyramid, result, coins


def leg_scoring(state: CamelUpState, movement: Movement, player: PlayerId | None) -> list[str]:
    """The leg ends: each seat's items, then everyone's coins."""
    order, pyramid, result, before = _scored_leg(state, movement)
    lines: list[str] = [t("Leg {leg} ends: {first} first, {second} second.", leg=state.leg,
               first=colour_name(order[0]), second=colour_name(order[1]))]
    lines += _leg_items(state, order, pyramid, result, before, player)
    lines.append(t("Coins now: {coins}.", coins=coins_list(result.coins, player)))
    return lines


def final_scoring(state: CamelUpState, movement: Movement, player: PlayerId | None,
                  over: CamelUpState) -> list[str]:
    """The race is over: the last leg, then both overall piles (read from ``over``, the
    position after the last roll, where they lie turned over), then the final coins."""
    order, pyramid, result, before = _scored_leg(state, movement)
    lines: list[str] = [t("The race is over: {winner} wins and {loser} comes last.",
               winner=colour_name(order[0]), loser=colour_name(order[-1])),
             t("The last leg is scored: {first} first, {second} second.",
               first=colour_name(order[0]), second=colour_name(order[1]))]
    lines += _leg_items(state, order, pyramid, result, before, player)
    coins = list(result.coins)
    for pile, actual in ((WINNER, order[0]), (LOSER, order[-1])):
        lines += _pile_items(over, pile, actual, coins, player)
    lines.append(t("Final coins: {coins}.", coins=coins_list(coins, player)))
    return lines


def _leg_items(state: CamelUpState, order: Sequence[str], pyramid: Sequence[int],
               result: LegResult, before: Sequence[int], player: PlayerId | None) -> list[str]:
    """Every seat's scoring items, seat by seat, in the rules' order: each ticket on the
    leading camel (it pays its value), the tickets on the second camel (1 coin each), the
    others (they cost 1 coin each), the pyramid tickets (1 coin each), a partner's copy,
    the money floor."""
    first, second = order[0], order[1]
    racing = state.edition.racing
    lines: list[str] = []
    for seat in range(state.game.players):
        held = sorted(state.tickets(seat), key=lambda ticket: (racing.index(ticket[0]),
                                                               -ticket[1]))
        you, name = seat == player, seat_label(seat)
        items: list[str] = [_first_item(seat, player, c, v) for c, v in held if c == first]
        items = group_repeats(items, COUNTED)
        seconds = [ticket_name(c, v) for c, v in held if c == second]
        if seconds:
            items.append(_second_item(you, name, seconds, colour_name(second)))
        others = [ticket_name(c, v) for c, v in held if c not in (first, second)]
        if others:
            items.append(tn("Your {tickets} ticket loses 1 coin: it is not on the first or "
                            "second camel.",
                            "Your {tickets} tickets lose 1 coin each: they are not on the "
                            "first or second camel.", len(others), tickets=and_list(others))
                         if you else
                         tn("{seat}'s {tickets} ticket loses 1 coin: it is not on the first "
                            "or second camel.",
                            "{seat}'s {tickets} tickets lose 1 coin each: they are not on "
                            "the first or second camel.", len(others), seat=name,
                            tickets=and_list(others)))
        if pyramid[seat]:
            items.append(tn("Your pyramid ticket wins 1 coin.",
                            "Your {count} pyramid tickets win 1 coin each.", pyramid[seat])
                         if you else
                         tn("{seat}'s pyramid ticket wins 1 coin.",
                            "{seat}'s {count} pyramid tickets win 1 coin each.",
                            pyramid[seat], seat=name))
        partner = state.partner(seat)
        if partner is not None:
            items.append(_copy_item(state, seat, partner, pyramid[partner], first, second,
                                    player))
        if before[seat] + result.changes[seat] + result.copied[seat] < 0:
            items.append(t("You cannot pay all of it: you are left with 0 coins.") if you
                         else t("{seat} cannot pay all of it and is left with 0 coins.",
                                seat=name))
        lines += items
    return lines


def _first_item(seat: PlayerId, player: PlayerId | None, colour: str, value: int) -> Sentence:
    """A ticket on the leading camel pays its value (5, 3 or 2: never "1 coins")."""
    ticket, name = ticket_name(colour, value), colour_name(colour)
    if seat == player:
        return t("Your {ticket} ticket wins {value} coins: {colour} is first.", ticket=ticket,
                 value=value, colour=name)
    return t("{seat}'s {ticket} ticket wins {value} coins: {colour} is first.",
             seat=seat_label(seat), ticket=ticket, value=value, colour=name)


def _second_item(you: bool, name: str, tickets: list[str], colour: str) -> str:
    if you:
        return tn("Your {tickets} ticket wins 1 coin: {colour} is second.",
                  "Your {tickets} tickets win 1 coin each: {colour} is second.",
                  len(tickets), tickets=and_list(tickets), colour=colour)
    return tn("{seat}'s {tickets} ticket wins 1 coin: {colour} is second.",
              "{seat}'s {tickets} tickets win 1 coin each: {colour} is second.",
              len(tickets), seat=name, tickets=and_list(tickets), colour=colour)


def _copy_item(state: CamelUpState, seat: PlayerId, partner: PlayerId, pyramid: int,
               first: str, second: str, player: PlayerId | None) -> str:
    """What ``seat`` copies from its partner: the partner's best paying ticket, if any
    (``scoring.copy_choice``, the rules' own choice)."""
    tickets = state.tickets(partner)
    paid = rewards(tickets, pyramid, first, second)
    chosen = copy_choice(paid)
    who, whose = seat_label(seat), seat_label(partner)
    if chosen is None:
        if seat == player:
            return t("You have nothing of {partner}'s worth copying.", partner=whose)
        if partner == player:
            return t("{seat} has nothing of yours worth copying.", seat=who)
        return t("{seat} has nothing of {partner}'s worth copying.", seat=who, partner=whose)
    coins = paid[chosen]
    if chosen >= len(tickets):  # one of the partner's pyramid tickets
        if seat == player:
            return t("You copy {partner}'s pyramid ticket: 1 coin.", partner=whose)
        if partner == player:
            return t("{seat} copies your pyramid ticket: 1 coin.", seat=who)
        return t("{seat} copies {partner}'s pyramid ticket: 1 coin.", seat=who, partner=whose)
    ticket = ticket_name(*tickets[chosen])
    if seat == player:
        return tn("You copy {partner}'s {ticket} ticket: {count} coin.",
                  "You copy {partner}'s {ticket} ticket: {count} coins.", coins,
                  partner=whose, ticket=ticket)
    if partner == player:
        return tn("{seat} copies your {ticket} ticket: {count} coin.",
                  "{seat} copies your {ticket} ticket: {count} coins.", coins, seat=who,
                  ticket=ticket)
    return tn("{seat} copies {partner}'s {ticket} ticket: {count} coin.",
              "{seat} copies {partner}'s {ticket} ticket: {count} coins.", coins, seat=who,
              partner=whose, ticket=ticket)


def _pile_items(state: CamelUpState, pile: str, actual: str, coins: list[int],
                player: PlayerId | None) -> list[str]:
    """One overall pile turned over, earliest card first, each card with what it pays
    (``scoring.score_pile`` updates ``coins`` as the rules do)."""
    cards = state.pile(pile)
    if not cards:
        return [t("Nobody bet on the overall winner.") if pile == WINNER
                else t("Nobody bet on the overall loser.")]
    lines: list[str] = [
        t("The overall winner pile is turned over, earliest card first.") if pile == WINNER
        else t("The overall loser pile is turned over, earliest card first.")]
    for (seat, colour), pay in zip(cards, score_pile(cards, actual, coins), strict=True):
        lines.append(_card_item(seat, colour, pay, colour == actual, player))
    return lines


def _card_item(seat: PlayerId, colour: str, pay: int, right: bool,
               player: PlayerId | None) -> str:
    name, who = colour_name(colour), seat_label(seat)
    you = seat == player
    if right:
        return (tn("Your {colour} card is right: {count} coin.",
                   "Your {colour} card is right: {count} coins.", pay, colour=name) if you
                else tn("{seat}'s {colour} card is right: {count} coin.",
                        "{seat}'s {colour} card is right: {count} coins.", pay, seat=who,
                        colour=name))
    if pay:
        return (t("Your {colour} card is wrong: you lose 1 coin.", colour=name) if you
                else t("{seat}'s {colour} card is wrong: {seat} loses 1 coin.", seat=who,
                       colour=name))
    return (t("Your {colour} card is wrong, but you have no coins to lose.", colour=name)
            if you else
            t("{seat}'s {colour} card is wrong, but {seat} has no coins to lose.", seat=who,
              colour=name))
