"""Camel Drive drawn with rich for ``camelcade play`` and ``replay`` (see cli/hooks.py).

One row per lane in lane order: the camel's colour word and letter, its track from the
start (0) to the finish, its field, deck (cards left and top discard), interjections left,
the stone it has placed and its score. Colour always comes with a word. The ``odds``
prompt command estimates each camel's chance of winning the race from what the asking
seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from camelcade.core.game import Game, State
from camelcade.core.types import PlayerId
from camelcade.games.camel_drive.bots import win_chances
from camelcade.games.camel_drive.spec import COLOURS, OVER, TIE_RACE
from camelcade.games.camel_drive.state import CamelDriveState
from camelcade.games.camel_drive.text import describe_state
from camelcade.games.camel_drive.text import seat_name as text_seat_name

STYLES = {"red": "bold red", "yellow": "bold yellow", "green": "bold green",
          "blue": "bold blue", "white": "bold white", "black": "bold bright_black"}
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "white": "W", "black": "K"}
"""Track letters; black is K so it differs from blue."""
ODDS_SAMPLES = 2000


def seat_name(game: Game, seat: PlayerId) -> str:
    """A seat by its colours ("Red", or "Team Red and Yellow" with 2-3 players)."""
    state = game.new_state()
    assert isinstance(state, CamelDriveState)
    return text_seat_name(state, seat, None)


def _track(state: CamelDriveState, camel: int) -> Text:
    length = state.track_length
    where = min(state.position(camel), length)
    letter = LETTERS[COLOURS[camel]]
    text = Text("|")
    for field in range(length + 1):
        if field == where:
            text.append(letter, style=STYLES[COLOURS[camel]])
        else:
            text.append("·" if field < length else "F", style="dim")
    return text


def render(state: State, player: PlayerId | None) -> RenderableType:
    """The race as a table of lanes, with the plain status lines above it."""
    assert isinstance(state, CamelDriveState)
    lines = describe_state(state, player).splitlines()
    header = Text("\n".join(lines[:2]))
    if state.phase == OVER:
        return header
    table = Table(title=lines[2] if len(lines) > 2 else None, title_justify="left")
    for column in ("Lane", "Camel", "Track", "Field", "Deck", "Shouts", "Bet", "Score"):
        table.add_column(column)
    for camel in state.lane_order():
        name = state.colour(camel) + (" (you)" if player is not None
                                      and state.owner(camel) == player else "")
        if camel == state.first_finisher:
            name += ", out"
        if state.phase == TIE_RACE and not state.in_race(camel):
            name += ", not racing"
        top = state.top_discard(camel)
        bet = state.bet_of(camel)
        table.add_row(
            str(state.lane(camel)),
            Text(name, style=STYLES[COLOURS[camel]]),
            _track(state, camel),
            str(state.position(camel)),
            f"{state.pile_size(camel)} left, top {'-' if top is None else top}",
            str(state.interjections_left(camel)),
            "-" if bet is None else state.colour(bet),
            str(state.camel_score(camel)),
        )
    return Group(header, table)


def advise(state: State, seat: PlayerId) -> str:
    """odds: each camel's estimated chance to win this race (finish second)."""
    assert isinstance(state, CamelDriveState)
    if state.phase == OVER:
        return "The match is over."
    if state.phase == TIE_RACE:
        return "No odds in the tie race: the furthest past the finish after full rounds wins."
    if state.pending is not None:
        return "Ask again once the card being revealed is known."
    view = state.view(seat)
    chances = win_chances(view.sample_state, state.camels, random.Random(0), ODDS_SAMPLES)
    parts = [f"{state.colour(c)} {100 * chances[c]:.0f}%" for c in state.lane_order()
             if state.in_race(c)]
    return ("Chance to win the race, if every camel only draws from here "
            f"({ODDS_SAMPLES} simulated endings, from pile sizes and top discards): "
            + ", ".join(parts) + ".")


ADVISOR_COMMANDS: dict[str, Callable[[State, PlayerId], str]] = {"odds": advise}
"""Advice is off by default, as in rated play: `camelcade play camel-drive --advisor`."""
