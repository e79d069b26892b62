"""Plain-language text of positions and actions, for screen readers, logs and the terminal.

Everything is said in words: camels are named by their owner's colour, spaces by number,
the oasis spaces with their points. Hidden cards are never named to a seat that cannot
see them.
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.types import PlayerId
from camelcade.games.a_dos_de_chameau.actions import Discard, Draw, Play
from camelcade.games.a_dos_de_chameau.spec import (
    EMPTY,
    END_OASIS_FULL,
    LEADER,
    MIRAGE_CARD,
    OASIS,
    OASIS_CARD,
    OASIS_FIRST,
    STORM,
    TOWN,
)
from camelcade.games.a_dos_de_chameau.state import ADosState


def card_name(card: str) -> str:
    """'oasis3' → 'oasis 3'; 'leader' → 'caravan leader'; 'storm' → 'sandstorm'."""
    if card == LEADER:
        return "caravan leader"
    if card == STORM:
        return "sandstorm"
    return f"{card[:-1]} {card[-1]}"


def card_list(cards: list[str]) -> str:
    return ", ".join(card_name(card) for card in cards) if cards else "none"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def space_name(state: ADosState, space: int) -> str:
    if space == TOWN:
        return "the town"
    if space in OASIS:
        points = state.oasis_points[space - OASIS_FIRST]
        return f"oasis space {space} ({plural(points, 'point')})"
    return f"space {space}"


def seat_name(state: ADosState, seat: PlayerId, player: PlayerId | None) -> str:
    return f"{state.colour(seat)} (you)" if seat == player else state.colour(seat)


def describe_state(state: ADosState, player: PlayerId | None) -> str:
    """The position in words, as ``player`` sees it (None: what everyone sees)."""
    players = range(state.game.players)
    lines = [f"A dos de Chameau, {state.game.players} players. {_status(state, player)}"]
    in_town = [f"{state.colour(s)} {state.camels(s).count(TOWN)}" for s in players
               if TOWN in state.camels(s)]
    lines.append("Town: " + (", ".join(in_town) if in_town else "empty") + ".")
    track = [f"{space} {state.colour(state.owner(space))}" for space in range(1, OASIS_FIRST)
             if state.owner(space) != EMPTY]
    lines.append("Path: " + ("; ".join(track) if track else "no camels on the path") + ".")
    oasis = []
    for space in OASIS:
        seat = state.owner(space)
        holder = "empty" if seat == EMPTY else state.colour(seat)
        points = state.oasis_points[space - OASIS_FIRST]
        oasis.append(f"{space} {holder} ({plural(points, 'point')})")
    lines.append("Oasis: " + "; ".join(oasis) + ".")
    scores = state.scores()
    lines.append("Scores: " + ", ".join(f"{state.colour(s)} {scores[s]:g}" for s in players)
                 + ".")
    for seat in players:
        discards = state.discards(seat)
        top = f"top card {card_name(discards[-1])}" if discards else "none"
        lines.append(
            f"{seat_name(state, seat, player)}: {plural(len(state.hand(seat)), 'card')} in hand, "
            f"{plural(state.pile_size(seat), 'card')} in the pile, "
            f"{plural(len(discards), 'card')} played ({top})."
        )
    if player is not None:
        lines.append(f"Your hand: {card_list(state.hand(player))}.")
        pile = state.pile(player)
        lines.append(f"Your pile, {plural(len(pile), 'card')}: {card_list(pile)}." if pile
                     else "Your pile: empty.")
    return "\n".join(lines)


def _status(state: ADosState, player: PlayerId | None) -> str:
    if state.is_terminal():
        reason = ("the oasis is full" if state.end_reason == END_OASIS_FULL
                  else "no player has a card left")
        names = [seat_name(state, s, player) for s in state.winners()]
        best = max(state.scores())
        verb = "wins" if len(names) == 1 else "share the win"
        points = f"{best:g} point{'' if best == 1 else 's'}"
        return f"The game is over: {reason}. {and_list(names)} {verb} with {points}."
    if state.is_chance():
        drawing = state.drawing
        assert drawing is not None
        return f"{seat_name(state, drawing, player)} is drawing a card."
    return f"It is {seat_name(state, state.current_player, player)}'s turn."


def and_list(names: list[str]) -> str:
    """'Red', 'Red and Yellow', 'Red, Yellow and Orange'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def describe_action(state: ADosState, action: Action, player: PlayerId | None) -> str:
    """One sentence for a legal ``action`` in ``state``, as ``player`` may know it."""
    if isinstance(action, Draw):
        drawer = state.drawing
        assert drawer is not None
        if player == drawer:
            return f"{seat_name(state, drawer, player)} draws {card_name(action.card)}."
        return f"{seat_name(state, drawer, player)} draws a card."
    actor = seat_name(state, state.current_player, player)
    if isinstance(action, Discard):
        return f"{actor} discards {card_name(action.card)}, which has no legal use."
    assert isinstance(action, Play)
    if action.card == STORM:
        return f"{actor} plays the sandstorm: every player reshuffles all 12 cards and draws 3."
    move = state.move_of(action)
    assert move is not None
    passed = f", passing over {plural(move.skipped, 'camel')}" if move.skipped else ""
    start = "in the town" if move.start == TOWN else f"on space {move.start}"
    if action.card.startswith(OASIS_CARD):
        return (f"{actor} plays {card_name(action.card)}: the camel {start} moves forward to "
                f"{space_name(state, move.end)}{passed}.")
    if action.card.startswith(MIRAGE_CARD):
        victim = state.colour(move.owner)
        return (f"{actor} plays {card_name(action.card)}: {victim}'s camel on space {move.start}"
                f" goes back to {space_name(state, move.end)}{passed}.")
    leader = move.end - 1
    if leader == move.start != TOWN:
        return (f"{actor} plays the caravan leader: the leading camel, on space {move.start}, "
                f"moves on to space {move.end}.")
    ahead_of = ("the town" if leader == TOWN
                else f"{state.colour(state.owner(leader))}'s camel on space {leader}")
    return (f"{actor} plays the caravan leader: the camel {start} jumps to space {move.end}, "
            f"in front of {ahead_of}.")
