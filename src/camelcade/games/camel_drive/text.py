"""Camel Drive in words: the position and every action, for screen readers, logs and the
terminal, and the words of the browser board.

Every sentence is a whole message with named placeholders (``camelcade.core.words``),
so the translations replace sentences, not fragments; where the listener acts, the
sentence is a "You ..." message of its own. Camels are named by colour (``naming.py``).

``describe_state`` is short and puts first what matters first: whose turn and what they
may do, the race (who is out, what wins), each lane, the betting board, the points
towards the target, last the previous race. Revealed call cards are public the moment
they are turned over, but only the top discard stays visible, so no text lists a discard
pile. ``describe_action`` returns one line for what happened, and for a card that scores
a race or ends the match one more line per scoring step (``narration.py``).
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import t, tn
from camelcade.games.camel_drive import naming, narration
from camelcade.games.camel_drive.actions import Bet, Card, Draw, Shout
from camelcade.games.camel_drive.spec import (
    BETTING,
    COLOURS,
    DECK_SIZE,
    OVER,
    RACE,
    SPRINT,
    TIE_RACE,
    bet_payout,
)
from camelcade.games.camel_drive.state import CamelDriveState

# -- the position ----------------------------------------------------------------------

def describe_state(seen: Seen[CamelDriveState]) -> str:
    """The position in words, as ``seen.role`` sees it (None: what everyone sees)."""
    return position_text(seen.state, seen.role)


def position_text(state: CamelDriveState, player: PlayerId | None) -> str:
    """``describe_state`` of a ``Seen``'s redrawn position, for the other presenters.

    Whose turn first; then, once a camel is home, the race's state (who is out, what
    wins); each lane; the betting board; last the race and the points towards the target
    (the previous race's scoring was told when it ended, and ``scores`` repeats it).
    """
    if state.phase == OVER:
        return "\n".join(narration.result_lines(state, player))
    lines = [status_line(state, player)]
    if state.phase != RACE:
        lines.append(race_line(state, player))
    lines.extend(lane_line(state, camel, player) for camel in state.lane_order())
    if state.phase in (BETTING, SPRINT):
        lines.append(bets_line(state, player))
    points = points_line(state, player)
    if state.phase == RACE:
        points = " ".join((race_line(state, player), points))
    lines.append(points)
    return "\n".join(lines)


def status_line(state: CamelDriveState, player: PlayerId | None) -> str:
    """Whose turn it is and what they may do."""
    pending = state.pending
    if pending is not None:
        camel, cards = pending[0], pending[1]
        if naming.mine(state, camel, player):
            return tn("You are revealing a call card for {colour}: {count} to come.",
                      "You are revealing call cards for {colour}: {count} to come.", cards,
                      colour=naming.colour(camel))
        return tn("{camel} is revealing a call card: {count} to come.",
                  "{camel} is revealing call cards: {count} to come.", cards,
                  camel=naming.colour(camel))
    actor = state.actor
    colour = naming.colour(actor)
    if naming.mine(state, actor, player):
        if state.phase == BETTING:
            return t("Betting round: your turn to place {colour}'s stone on a camel still "
                     "racing.", colour=colour)
        if not state.has_opened(actor):
            return t("Your turn with {colour}: the opening double move, two cards at once.",
                     colour=colour)
        left = state.interjections_left(actor)
        if state.phase == RACE and left:
            return tn("Your turn with {colour}: draw, or play its last interjection.",
                      "Your turn with {colour}: draw, or play one of its {count} "
                      "interjections.", left, colour=colour)
        return t("Your turn with {colour}: draw.", colour=colour)
    if state.phase == BETTING:
        return t("Betting round: {camel} places its stone.", camel=colour)
    if not state.has_opened(actor):
        return t("{camel}'s turn: the opening double move.", camel=colour)
    return t("{camel}'s turn.", camel=colour)


def race_line(state: CamelDriveState, player: PlayerId | None) -> str:
    """The race: its number, the finish, who is out, what is allowed."""
    length, race, first = state.track_length, state.race, state.first_finisher
    if state.phase == TIE_RACE:
        return t("Tie race to field {length} between {camels}: no interjections or bets; "
                 "after a full round the furthest past the finish wins.", length=length,
                 camels=naming.camels(state, state.racers, player))
    if first is None:
        return t("Race {race} to field {length}: no camel home yet.", race=race,
                 length=length)
    out = naming.camel(state, first, player)
    if state.phase == BETTING:
        return t("Race {race}, betting round: {camel} came home first and is out; the next "
                 "camel home wins.", race=race, camel=out)
    return t("Race {race}, final sprint to field {length}: {camel} came home first and is "
             "out; the next camel home wins.", race=race, length=length, camel=out)


def lane_line(state: CamelDriveState, camel: int, player: PlayerId | None) -> str:
    """One lane: its camel, where it stands, its deck and its interjections."""
    lane, name, left = state.lane(camel), naming.camel(state, camel, player), \
        state.interjections_left(camel)
    if state.phase == TIE_RACE and not state.in_race(camel):
        return t("Lane {lane}, {camel}: not in the tie race.", lane=lane, camel=name)
    if camel == state.first_finisher:
        return tn("Lane {lane}, {camel}: home first, out of this race; {count} "
                  "interjection left.",
                  "Lane {lane}, {camel}: home first, out of this race; {count} "
                  "interjections left.", left, lane=lane, camel=name)
    return tn("Lane {lane}, {camel}: {where}; {deck}; {count} interjection left.",
              "Lane {lane}, {camel}: {where}; {deck}; {count} interjections left.", left,
              lane=lane, camel=name, where=where(state, camel), deck=deck(state, camel))


def where(state: CamelDriveState, camel: int) -> str:
    """"field 5", or in the tie race "field 17, 2 past the finish"."""
    field, length = state.position(camel), state.track_length
    if state.phase == TIE_RACE and field >= length:
        return t("field {field}, {past} past the finish", field=field, past=field - length)
    return t("field {field}", field=field)


def deck(state: CamelDriveState, camel: int) -> str:
    """"deck 9, top card 2": what the table shows of a deck (never the discards)."""
    top = state.top_discard(camel)
    if top is None:
        return t("deck {cards}, no card shown", cards=state.pile_size(camel))
    return t("deck {cards}, top card {top}", cards=state.pile_size(camel), top=top)


def bets_line(state: CamelDriveState, player: PlayerId | None) -> str:
    """The betting board: the stones on each camel and what they would pay."""
    backed = [(target, [c for c in state.lane_order() if state.bet_of(c) == target])
              for target in state.lane_order()]
    items = [stones_text(state, target, stones, player) for target, stones in backed if stones]
    waiting = state.bettors
    if not items:
        return t("Betting board: no stones yet.")
    board = "; ".join(items)
    if waiting:
        return t("Betting board: {stones}. Still to bet: {camels}.", stones=board,
                 camels=naming.camels(state, waiting, player))
    return t("Betting board: {stones}.", stones=board)


def stones_text(state: CamelDriveState, target: int, stones: list[int],
                player: PlayerId | None) -> str:
    """"Green: 2 stones, from Yellow and Blue (yours), 3 each if it wins"."""
    return tn("{target}: {count} stone, from {bettors}, {points} if it wins",
              "{target}: {count} stones, from {bettors}, {points} each if it wins", len(stones),
              target=naming.camel(state, target, player), points=bet_payout(len(stones)),
              bettors=naming.camels(state, stones, player))


def points_line(state: CamelDriveState, player: PlayerId | None) -> str:
    """Every seat's points towards the target, best first (a team with its two camels)."""
    target = state.game.option("target_score")
    scores = state.scores()
    if not any(scores):
        return t("Points towards {target}: nobody has scored yet.", target=target)
    order = sorted(range(state.game.players), key=lambda s: -scores[s])
    return t("Points towards {target}: {scores}.", target=target,
             scores=narration.points_list(state, order, player))


def scores(state: CamelDriveState, player: PlayerId | None) -> str:
    """The points towards the target, then what the previous race gave each camel."""
    lines = [points_line(state, player)]
    last = state.last_race
    if last is not None:
        lines.append(t("Race {race} went to {winner}, {first} came home first; it gave "
                       "{gains}.", race=last["race"],
                       winner=naming.camel(state, last["winner"], player),
                       first=naming.camel(state, last["first"], player),
                       gains=", ".join(t("{camel} +{points}", camel=naming.camel(state, c, player),
                                         points=last["gains"][c]) for c in range(state.camels))))
    return "\n".join(lines)


# -- actions ---------------------------------------------------------------------------

def describe_action(seen: Seen[CamelDriveState], action: Action) -> str:
    """What a legal ``action`` does, as ``seen.role`` may know it: one line, and for a
    card that scores a race or ends the match one line per scoring step."""
    if isinstance(action, Card):
        return "\n".join(card_lines(seen, action))
    state, player = seen.state, seen.role
    actor = state.actor
    you = naming.mine(state, actor, player)
    colour = naming.colour(actor)
    if isinstance(action, Bet):
        return bet_sentence(state, COLOURS.index(action.colour), player)
    if isinstance(action, Draw):
        if not state.has_opened(actor):
            if you:
                return t("You draw two cards for {colour}'s opening double move.",
                         colour=colour)
            return t("{camel} draws two cards for its opening double move.", camel=colour)
        if you:
            return t("You draw a card for {colour}.", colour=colour)
        return t("{camel} draws a card.", camel=colour)
    assert isinstance(action, Shout)
    return shout_sentence(state, action.effect, player)


def shout_sentence(state: CamelDriveState, effect: str, player: PlayerId | None) -> str:
    """The acting camel's interjection, with how many it has left after this one."""
    actor = state.actor
    you = naming.mine(state, actor, player)
    values = dict(colour=naming.colour(actor), camel=naming.colour(actor),
                  left=state.interjections_left(actor) - 1)
    if effect == "forward":
        if you:
            return t("You play an interjection for {colour} ({left} left): two cards forward.",
                     **values)
        return t("{camel} plays an interjection ({left} left): two cards forward.", **values)
    if effect == "back":
        if you:
            return t("You play an interjection for {colour} ({left} left): one card back, "
                     "never behind the start.", **values)
        return t("{camel} plays an interjection ({left} left): one card back, never behind "
                 "the start.", **values)
    values.update(target=naming.camel(state, state.shout_target(effect), player),
                  next=naming.camel(state, state.left_neighbour(actor), player))
    if effect == "left":
        if you:
            return t("You play an interjection for {colour} ({left} left): {target}, its left "
                     "neighbour, moves by one card of its own; then {next} plays.", **values)
        return t("{camel} plays an interjection ({left} left): {target}, its left neighbour, "
                 "moves by one card of its own; then {next} plays.", **values)
    if you:
        return t("You play an interjection for {colour} ({left} left): {target}, its right "
                 "neighbour, moves by one card of its own; then {next} plays.", **values)
    return t("{camel} plays an interjection ({left} left): {target}, its right neighbour, "
             "moves by one card of its own; then {next} plays.", **values)


def bet_sentence(state: CamelDriveState, target: int, player: PlayerId | None) -> str:
    """The acting camel's stone on ``target``, with the stones there and their payout."""
    actor = state.actor
    stones = 1 + sum(1 for c in range(state.camels) if state.bet_of(c) == target)
    values = dict(colour=naming.colour(actor), camel=naming.colour(actor),
                  target=naming.camel(state, target, player), points=bet_payout(stones))
    if naming.mine(state, actor, player):
        return tn("You place {colour}'s stone on {target}: the only stone there, worth "
                  "{points} if it wins.",
                  "You place {colour}'s stone on {target}: {count} stones there, worth "
                  "{points} each if it wins.", stones, **values)
    return tn("{camel} places its stone on {target}: the only stone there, worth {points} "
              "if it wins.",
              "{camel} places its stone on {target}: {count} stones there, worth {points} "
              "each if it wins.", stones, **values)


def card_lines(seen: Seen[CamelDriveState], action: Card) -> list[str]:
    """A revealed card: the move it makes, then what the move triggers."""
    state, player = seen.state, seen.role
    pending = state.pending
    assert pending is not None
    camel, cards, sign, total, _ = pending
    card = action.value
    you = naming.mine(state, camel, player)
    values = dict(card=card, colour=naming.colour(camel), camel=naming.colour(camel),
                  race=state.race)
    lines = [_reveal_sentence(state, camel, cards, sign, total, card, you, values)]
    if state.pile_size(camel) == 0:
        lines.append(t("{camel}'s deck had run out, so all {cards} cards were shuffled into a "
                       "new deck first.", camel=naming.camel(state, camel, player),
                       cards=DECK_SIZE))
    if cards > 1:
        return lines
    end = max(0, state.position(camel) + sign * (total + card))
    if state.phase == TIE_RACE:
        after = seen.after(action)
        return lines + narration.tie_race_round_lines(state, after, camel, end, player)
    if end >= state.track_length:
        after = seen.after(action)
        if state.phase == RACE:
            return lines + narration.first_finish_lines(after, player)
        return lines + narration.race_scored_lines(state, after, camel, player)
    return lines


def _reveal_sentence(state: CamelDriveState, camel: int, cards: int, sign: int, total: int,
                     card: int, you: bool, values: dict[str, object]) -> str:
    """What one revealed card does to its camel, as a whole sentence."""
    if cards > 1:
        if you:
            return t("You reveal a {card} for {colour}; one more card follows.", **values)
        return t("{camel} reveals a {card}; one more card follows.", **values)
    start, length = state.position(camel), state.track_length
    steps = total + card
    end = max(0, start + sign * steps)
    values.update(field=end, steps=steps, past=end - length)
    if sign < 0:
        if you:
            return t("You reveal a {card}: {colour} goes back to field {field}.", **values)
        return t("{camel} reveals a {card} and goes back to field {field}.", **values)
    if state.phase == TIE_RACE and end >= length:
        if you:
            return t("You reveal a {card}: {colour} moves to field {field}, {past} past the "
                     "finish.", **values)
        return t("{camel} reveals a {card} and moves to field {field}, {past} past the "
                 "finish.", **values)
    if end >= length and state.phase == RACE:
        if you:
            return t("You reveal a {card}: {colour} comes home first and loses race {race}.",
                     **values)
        return t("{camel} reveals a {card}, comes home first and loses race {race}.",
                 **values)
    if end >= length and state.phase != TIE_RACE:
        if you:
            return t("You reveal a {card}: {colour} comes home second.", **values)
        return t("{camel} reveals a {card} and comes home second.", **values)
    if steps == 0:
        if you:
            return t("You reveal a {card}: {colour} stays on field {field}.", **values)
        return t("{camel} reveals a {card} and stays on field {field}.", **values)
    if total:
        if you:
            return t("You reveal a {card}, {steps} in all: {colour} moves to field {field}.",
                     **values)
        return t("{camel} reveals a {card}, {steps} in all, and moves to field {field}.",
                 **values)
    if you:
        return t("You reveal a {card}: {colour} moves to field {field}.", **values)
    return t("{camel} reveals a {card} and moves to field {field}.", **values)


# -- refusals --------------------------------------------------------------------------

def why_illegal(state: CamelDriveState, action: Action) -> str | None:
    """Why a parsed action is not legal here, in words (None: no specific reason)."""
    if state.is_chance():
        pending = state.pending
        assert pending is not None
        return t("a call card of {camel} is being revealed; the outcome is a 'card N' action "
                 "for a value still in that deck", camel=naming.colour(pending[0]))
    if isinstance(action, Card):
        return t("call cards are revealed only after 'draw' or an interjection")
    actor = naming.colour(state.actor)
    if isinstance(action, Bet):
        return _why_bet_illegal(state, action)
    if state.phase == BETTING:
        return t("it is the betting round: place {camel}'s stone with 'bet COLOUR'",
                 camel=actor)
    if isinstance(action, Shout):
        if state.phase == TIE_RACE:
            return t("the tie race has no interjections")
        if state.phase != RACE:
            return t("interjections are allowed only before the first camel finishes")
        if not state.has_opened(state.actor):
            return t("{camel}'s first turn of the race is the opening double move ('draw'); "
                     "no interjection then", camel=actor)
        return t("{camel} has no interjection cards left", camel=actor)
    return None


def _why_bet_illegal(state: CamelDriveState, action: Bet) -> str:
    if state.phase != BETTING:
        return t("bets are placed only in the betting round, right after the first finish")
    target = COLOURS.index(action.colour)
    if target >= state.camels:
        return t("there is no {colour} camel in this game; the camels are {camels}",
                 colour=action.colour, camels=", ".join(COLOURS[:state.camels]))
    return t("{camel} finished first and cannot be backed", camel=naming.colour(target))
