"""Plain-language text of positions and actions, for screen readers, logs and the terminal.

Camels are named by their colour word, lanes and fields by number. Revealed call cards
are public the moment they are turned over, but only the top discard stays visible, so
the text never lists a discard pile.
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.types import PlayerId
from camelcade.games.camel_drive.actions import Bet, Card, Draw, Shout
from camelcade.games.camel_drive.spec import (
    BETTING,
    COLOURS,
    OVER,
    RACE,
    SPRINT,
    TIE_RACE,
    bet_payout,
)
from camelcade.games.camel_drive.state import CamelDriveState

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def join(names: list[str]) -> str:
    """'Red', 'Red and Blue', 'Red, Blue and White'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def camel_name(state: CamelDriveState, camel: int, player: PlayerId | None) -> str:
    """'Green', or 'Green (you)' for a camel the viewing seat runs."""
    mine = player is not None and state.owner(camel) == player
    return f"{state.colour(camel)} (you)" if mine else state.colour(camel)


def seat_name(state: CamelDriveState, seat: PlayerId, player: PlayerId | None) -> str:
    """A seat by its colours: 'Red', or 'Team Red and Yellow' when it runs two camels."""
    colours = [state.colour(c) for c in range(state.camels) if state.owner(c) == seat]
    names = colours[0] if len(colours) == 1 else f"Team {join(colours)}"
    return f"{names} (you)" if seat == player else names


def describe_state(state: CamelDriveState, player: PlayerId | None) -> str:
    """The position in words, as ``player`` sees it (None: what everyone sees)."""
    game = state.game
    lines = [
        f"Camel Drive, {game.players} players, match to {game.option('target_score')} points, "
        f"finish at field {state.track_length}. {_status(state, player)}",
        _standings(state, player),
    ]
    last = state.last_race
    if last is not None:
        lines.append(_last_race_text(state, last, player))
    if state.phase != OVER:
        lines.append(_race_heading(state, player))
        lines.extend(_camel_line(state, camel, player) for camel in state.lane_order())
        if state.phase in (BETTING, SPRINT):
            lines.append(_bets_text(state, player))
    return "\n".join(lines)


def _status(state: CamelDriveState, player: PlayerId | None) -> str:
    phase = state.phase
    if phase == OVER:
        names = [seat_name(state, s, player) for s in state.winners()]
        best = max(state.scores())
        verb = "wins" if len(names) == 1 else "share the win"
        return f"The match is over: {join(names)} {verb} with {best:g} points{_tie_break(state)}."
    pending = state.pending
    if pending is not None:
        camel, cards, sign, _, _ = pending
        way = "back" if sign < 0 else "forward"
        return (f"{camel_name(state, camel, player)} is revealing a call card to move {way} "
                f"({plural(cards, 'card')} still to reveal).")
    actor = camel_name(state, state.actor, player)
    if phase == BETTING:
        return f"Betting round: {actor} places a betting stone."
    mine = player is not None and state.owner(state.actor) == player
    turn = f"your turn with {state.colour(state.actor)}" if mine else f"{actor}'s turn"
    if phase == SPRINT:
        return f"Final sprint, no interjections: it is {turn}."
    if phase == TIE_RACE:
        return f"Tie race, no interjections or bets: it is {turn}."
    opening = "" if state.has_opened(state.actor) else " (opening double move)"
    return f"It is {turn}{opening}."


def _tie_break(state: CamelDriveState) -> str:
    """How a tie on points was settled, e.g. ' after a tie race' ('' without a tie)."""
    scores = state.scores()
    tied = [s for s in range(state.game.players) if scores[s] == max(scores)]
    if len(tied) == 1:
        return ""
    if len(state.winners()) == len(tied):
        return ", level on every tie-break"
    if state.camels > state.game.players:
        best = {s: max(state.camel_score(c) for c in range(state.camels) if state.owner(c) == s)
                for s in tied}
        if len(set(best.values())) > 1:
            return ", ahead on the better single camel"
    if state.game.option("tie_race"):
        return ", after a tie race"
    return ", ahead on unused interjections"


def _standings(state: CamelDriveState, player: PlayerId | None) -> str:
    scores = state.scores()
    best = max(scores)
    leaders = [seat_name(state, s, player) for s in range(state.game.players)
               if scores[s] == best]
    if best == 0:
        lead = "Nobody has scored yet."
    elif len(leaders) == 1:
        lead = f"{leaders[0]} leads with {best:g} points."
    else:
        lead = f"{join(leaders)} share the lead with {best:g} points."
    parts = []
    for seat in range(state.game.players):
        camels = [c for c in range(state.camels) if state.owner(c) == seat]
        detail = ""
        if len(camels) > 1:
            detail = " (" + ", ".join(f"{state.colour(c)} {state.camel_score(c)}"
                                      for c in camels) + ")"
        parts.append(f"{seat_name(state, seat, player)} {scores[seat]:g}{detail}")
    return f"{lead} Scores: {'; '.join(parts)}."


def _race_heading(state: CamelDriveState, player: PlayerId | None) -> str:
    if state.phase == TIE_RACE:
        racers = ", ".join(camel_name(state, c, player) for c in state.racers)
        return f"Tie race between {racers}: the furthest past the finish wins."
    first = state.first_finisher
    if first is None:
        return f"Race {state.race}: no camel has finished yet; interjections are allowed."
    return (f"Race {state.race}: {camel_name(state, first, player)} finished first, lost "
            f"and is out; the next camel to finish wins.")


def _camel_line(state: CamelDriveState, camel: int, player: PlayerId | None) -> str:
    top = state.top_discard(camel)
    shown = "no discards" if top is None else f"top discard {top}"
    where = f"field {state.position(camel)}"
    if state.position(camel) >= state.track_length:
        where = "at the finish" if state.phase != TIE_RACE else \
            f"{state.position(camel) - state.track_length} past the finish"
    status = ""
    if state.phase == TIE_RACE and not state.in_race(camel):
        status = ", not in the tie race"
    elif camel == state.first_finisher:
        status = ", finished first (out)"
    return (f"Lane {state.lane(camel)}: {camel_name(state, camel, player)}, {where}{status}; "
            f"{plural(state.pile_size(camel), 'card')} to draw, {shown}; "
            f"{plural(state.interjections_left(camel), 'interjection')} left.")


def _bets_text(state: CamelDriveState, player: PlayerId | None) -> str:
    backing: dict[int, list[int]] = {}
    for camel in range(state.camels):
        bet = state.bet_of(camel)
        if bet is not None:
            backing.setdefault(bet, []).append(camel)
    if not backing:
        return "Bets: none placed yet."
    parts = []
    for target, stones in sorted(backing.items()):
        owners = ", ".join(camel_name(state, c, player) for c in stones)
        pays = plural(bet_payout(len(stones)), "point")
        parts.append(f"on {state.colour(target)}: {owners} ({pays} each if "
                     f"{state.colour(target)} wins)")
    return "Bets: " + "; ".join(parts) + "."


def _last_race_text(state: CamelDriveState, last: dict[str, object], player: PlayerId | None,
                    ) -> str:
    first, winner, gains = last["first"], last["winner"], last["gains"]
    assert isinstance(first, int) and isinstance(winner, int) and isinstance(gains, list)
    scored = ", ".join(f"{state.colour(c)} +{g}" for c, g in enumerate(gains) if g)
    return (f"Race {last['race']}: {camel_name(state, first, player)} finished first and "
            f"lost; {camel_name(state, winner, player)} finished second and won. "
            f"Points: {scored}.")


# -- actions ----------------------------------------------------------------------------

def describe_action(state: CamelDriveState, action: Action, player: PlayerId | None) -> str:
    """One sentence for a legal ``action`` in ``state``, as ``player`` may know it."""
    if isinstance(action, Card):
        return _card_sentence(state, action.value, player)
    actor = camel_name(state, state.actor, player)
    if isinstance(action, Bet):
        target = COLOURS.index(action.colour)
        stones = 1 + sum(1 for c in range(state.camels) if state.bet_of(c) == target)
        return (f"{actor}'s betting stone backs {state.colour(target)}: {plural(stones, 'stone')}"
                f" on it, {plural(bet_payout(stones), 'point')} each if {state.colour(target)} "
                f"wins.")
    if isinstance(action, Draw):
        if not state.has_opened(state.actor):
            return (f"{actor} reveals two call cards for the opening double move and moves "
                    f"forward by their sum.")
        return f"{actor} reveals the top call card and moves forward by its value."
    assert isinstance(action, Shout)
    rest = state.interjections_left(state.actor) - 1
    head = f"{actor} plays an interjection ({plural(rest, 'interjection')} left after this): "
    if action.effect == "forward":
        return head + f"{actor} moves forward by the sum of two revealed call cards."
    if action.effect == "back":
        return head + f"{actor} moves back by one revealed call card, never behind the start."
    moved = camel_name(state, state.shout_target(action.effect), player)
    after = camel_name(state, state.left_neighbour(state.actor), player)
    return (head + f"the {action.effect} neighbour {moved} moves forward by one revealed call"
            f" card; then {after} plays.")


def _card_sentence(state: CamelDriveState, value: int, player: PlayerId | None) -> str:
    pending = state.pending
    assert pending is not None
    camel, cards, sign, total, _ = pending
    name = camel_name(state, camel, player)
    reshuffle = (" (the empty pile is first made again from the shuffled discards)"
                 if state.pile_size(camel) == 0 else "")
    if cards > 1:
        return f"{name} reveals a {value}{reshuffle}; one more card follows."
    steps = total + value
    start = state.position(camel)
    length = state.track_length
    if sign < 0:
        end = max(0, start - steps)
        return f"{name} reveals a {value}{reshuffle} and goes back to field {end}."
    end = start + steps
    sum_text = f" (with the {total} before, {steps} in all)" if total else ""
    if state.phase == TIE_RACE:
        past = f", {end - length} past the finish" if end >= length else ""
        return f"{name} reveals a {value}{reshuffle}{sum_text} and moves to field {end}{past}."
    if steps == 0:
        return f"{name} reveals a {value}{reshuffle}{sum_text} and stays on field {start}."
    if end < length:
        return f"{name} reveals a {value}{reshuffle}{sum_text} and moves to field {end}."
    if state.phase == RACE:
        return (f"{name} reveals a {value}{reshuffle}{sum_text}, reaches the finish first and "
                f"so loses this race; the betting round follows.")
    return (f"{name} reveals a {value}{reshuffle}{sum_text}, finishes second and wins the "
            f"race.")


def why_illegal(state: CamelDriveState, action: Action) -> str | None:
    """Why a parsed action is not legal here, in words (None: no specific reason)."""
    if state.is_chance():
        pending = state.pending
        assert pending is not None
        return (f"a call card of {state.colour(pending[0])} is being revealed; the outcome is "
                f"a 'card N' action for a value still in that deck")
    if isinstance(action, Card):
        return "call cards are revealed only after 'draw' or an interjection"
    actor = state.colour(state.actor)
    if isinstance(action, Bet):
        return _why_bet_illegal(state, action)
    if state.phase == BETTING:
        return f"it is the betting round: place {actor}'s stone with 'bet COLOUR'"
    if isinstance(action, Shout):
        if state.phase == TIE_RACE:
            return "the tie race has no interjections"
        if state.phase != RACE:
            return "interjections are allowed only before the first camel finishes"
        if not state.has_opened(state.actor):
            return (f"{actor}'s first turn of the race is the opening double move ('draw'); "
                    f"no interjection then")
        return f"{actor} has no interjection cards left"
    return None


def _why_bet_illegal(state: CamelDriveState, action: Bet) -> str:
    if state.phase != BETTING:
        return "bets are placed only in the betting round, right after the first finish"
    target = COLOURS.index(action.colour)
    if target >= state.camels:
        return (f"there is no {action.colour} camel in this game; the camels are "
                f"{', '.join(COLOURS[:state.camels])}")
    return f"{state.colour(target)} finished first and cannot be backed"
