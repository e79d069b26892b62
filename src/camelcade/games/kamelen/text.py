"""Plain-language text of positions and actions, for screen readers, logs and the terminal.

Everything is said in words: sides are South and North, animals are camels and
dromedaries, squares are named (``c2``), and square colours are "dark" (the colour of a1)
and "light". Kamelen has no hidden information, so every seat is told everything.
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.types import PlayerId
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.geometry import COLOUR_NAMES, colour_of, square_name
from camelcade.games.kamelen.spec import (
    ANIMAL_NAMES,
    CAMEL,
    DROMEDARY,
    END_CONQUEST,
    END_NO_CAPTURE,
    END_PASSES,
    END_REPETITION,
    SIDE_NAMES,
)
from camelcade.games.kamelen.state import KamelenState


def side_name(seat: PlayerId, player: PlayerId | None = None) -> str:
    return f"{SIDE_NAMES[seat]} (you)" if seat == player else SIDE_NAMES[seat]


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _squares(squares: list[int]) -> str:
    return ", ".join(square_name(s) for s in squares) if squares else "none"


def _plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"


def home_name(state: KamelenState, seat: PlayerId) -> str:
    """'f1' for South's home field, 'f11' for North's on 11x11."""
    return square_name(state.geometry.homes[seat])


def describe_state(state: KamelenState, player: PlayerId | None) -> str:
    """The position in words: status, home fields, every animal by square, the rocks."""
    geo = state.geometry
    lines = [f"Kamelen on the 11x{geo.ranks} board. {_status(state, player)}"]
    homes = [f"{SIDE_NAMES[s]} {home_name(state, s)} ({COLOUR_NAMES[colour_of(geo.homes[s])]})"
             for s in (0, 1)]
    lines.append("Home fields: " + ", ".join(homes) + ".")
    for seat in (0, 1):
        camels = [s for s in range(geo.size) if state.piece(s) == CAMEL[seat]]
        dromedaries = [s for s in range(geo.size) if state.piece(s) == DROMEDARY[seat]]
        able = [s for s in camels if geo.attacker(seat, CAMEL[seat], s)]
        target = home_name(state, 1 - seat)
        lines.append(
            f"{side_name(seat, player)}: {plural(len(camels), 'camel')} on {_squares(camels)}"
            f" ({len(able)} able to reach {target}: {_squares(able)}); "
            f"{plural(len(dromedaries), 'dromedary').replace('dromedarys', 'dromedaries')}"
            f" on {_squares(dromedaries)}."
        )
    lines.append(f"Rocks: {_squares(list(geo.rocks))}.")
    return "\n".join(lines)


def _status(state: KamelenState, player: PlayerId | None) -> str:
    end = state.end_reason
    if end is None:
        text = f"It is {side_name(state.side, player)}'s turn."
        limit = state.no_capture_limit
        text += f" {_plies(state.clock)} without a capture"
        text += f" (drawn at {limit})." if limit else "."
        seen = state.repetitions()
        if seen > 1:
            text += f" This position has now occurred {seen} times (a third time draws)."
        if state.passes:
            text += f" {side_name(1 - state.side, player)} just passed."
        return text
    return "The game is over: " + end_sentence(state, player)


def end_sentence(state: KamelenState, player: PlayerId | None) -> str:
    """Why the game ended and who won, as one sentence."""
    end, winner = state.end_reason, state.winner
    if winner is not None:
        loser = 1 - winner
        if end == END_CONQUEST:
            return (f"{side_name(winner, player)}'s camel reached {SIDE_NAMES[loser]}'s home "
                    f"field {home_name(state, loser)}. {side_name(winner, player)} wins "
                    f"double: 2 points.")
        return (f"{side_name(loser, player)} has no camel left that can reach "
                f"{home_name(state, winner)}. {side_name(winner, player)} wins: 1 point.")
    reason = {
        END_PASSES: "neither side can move (two passes in a row)",
        END_REPETITION: "the same position occurred a third time",
        END_NO_CAPTURE: f"{_plies(state.clock)} without a capture",
    }[end or ""]
    return f"{reason}. The game is drawn: half a point each."


def describe_action(state: KamelenState, action: Action, player: PlayerId | None) -> str:
    """One sentence for a legal ``action``: who moves what where, what it captures, the end."""
    actor = side_name(state.side, player)
    after = state.clone()
    after.apply(action, check=False)
    if isinstance(action, Move):
        animal = ANIMAL_NAMES[state.piece(action.source)]
        text = (f"{actor} moves the {animal} from {square_name(action.source)} to "
                f"{square_name(action.target)}")
        victim = state.piece(action.target)
        if victim:
            text += f", capturing {SIDE_NAMES[1 - state.side]}'s {ANIMAL_NAMES[victim]}"
            if state.geometry.attacker(1 - state.side, victim, action.target):
                left = after.attackers(1 - state.side)
                text += (f" (one of the camels able to reach {home_name(state, state.side)}; "
                         f"{left} left)")
    else:
        text = f"{actor} has no legal move and passes"
    if after.end_reason is not None:
        text += ". " + end_sentence(after, player)
        return text
    return text + "."
