"""Camel Drive drawn with rich for ``camelcade play`` and ``replay`` (see cli/hooks.py).

Above the table, whose turn it is and the race, in the words of ``text.py``; then one row
per lane in lane order: the camel's colour word, its track from the start to the finish
with its letter on its field, its field, deck (cards left and top card), interjections
left, the stone it has placed and its points; below, the betting board, the points
towards the target and a legend of every letter and mark the track draws. Colour always
comes with a word or a letter. The ``odds`` advisor command estimates each camel's chance
of winning the race from what the asking seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from camelcade.core.game import Game
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import t
from camelcade.games.camel_drive import naming, text
from camelcade.games.camel_drive.bots import win_chances
from camelcade.games.camel_drive.spec import BETTING, COLOURS, OVER, SPRINT, TIE_RACE
from camelcade.games.camel_drive.state import CamelDriveState

STYLES = {"red": "bold red", "yellow": "bold yellow", "green": "bold green",
          "blue": "bold blue", "white": "bold white", "black": "bold bright_black"}
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "white": "W", "black": "K"}
"""Track letters; black is K so it differs from blue."""
EMPTY_FIELD, FINISH = "·", "F"
ODDS_SAMPLES = 2000


def seat_name(game: Game, seat: PlayerId) -> str:
    """A seat by its colours ("Red", or "Team Red and Yellow" with 2-3 players)."""
    state = game.new_state()
    assert isinstance(state, CamelDriveState)
    return naming.seat(state, seat)


def _track(state: CamelDriveState, camel: int) -> Text:
    length = state.track_length
    where = min(state.position(camel), length)
    letter = LETTERS[COLOURS[camel]]
    track = Text("|")
    for field in range(length + 1):
        if field == where:
            track.append(letter, style=STYLES[COLOURS[camel]])
        else:
            track.append(EMPTY_FIELD if field < length else FINISH, style="dim")
    return track


def legend(state: CamelDriveState) -> str:
    """What the track's letters and marks mean."""
    letters = ", ".join(t("{letter} {colour}", letter=LETTERS[COLOURS[c]],
                          colour=naming.colour(c)) for c in range(state.camels))
    return t("Track: {letters}; {empty} a field, {finish} the finish (field {length}). Deck: "
             "cards left and the top card; Shouts: interjections left; Bet: the camel its "
             "stone backs.", letters=letters, empty=EMPTY_FIELD, finish=FINISH,
             length=state.track_length)


def render(seen: Seen[CamelDriveState]) -> RenderableType:
    """The race as a table of lanes, between the plain status lines and the points."""
    state, player = seen.state, seen.role
    assert isinstance(state, CamelDriveState)
    if state.phase == OVER:
        return Text(text.describe_state(seen))
    table = Table(title=text.race_line(state, player), title_justify="left")
    for column in (t("Lane"), t("Camel"), t("Track"), t("Field"), t("Deck"), t("Shouts"),
                   t("Bet"), t("Points")):
        table.add_column(column)
    for camel in state.lane_order():
        name = naming.camel(state, camel, player)
        if camel == state.first_finisher:
            name = t("{camel}, out", camel=name)
        if state.phase == TIE_RACE and not state.in_race(camel):
            name = t("{camel}, not racing", camel=name)
        top = state.top_discard(camel)
        bet = state.bet_of(camel)
        table.add_row(
            str(state.lane(camel)),
            Text(name, style=STYLES[COLOURS[camel]]),
            _track(state, camel),
            str(state.position(camel)),
            t("{cards} left, top {top}", cards=state.pile_size(camel),
              top="-" if top is None else top),
            str(state.interjections_left(camel)),
            "-" if bet is None else naming.colour(bet),
            str(state.camel_score(camel)),
        )
    below = [text.points_line(state, player), legend(state)]
    if state.phase in (BETTING, SPRINT):
        below.insert(0, text.bets_line(state, player))
    return Group(Text(text.status_line(state, player)), table, Text("\n".join(below)))


def advise(seen: Seen[CamelDriveState]) -> str:
    """odds: each camel's estimated chance to win this race (come home second)."""
    state, seat = seen.state, seen.seat
    assert isinstance(state, CamelDriveState)
    if state.phase == OVER:
        return t("The match is over.")
    if state.phase == TIE_RACE:
        return t("No odds in the tie race: the furthest past the finish after a full round "
                 "wins.")
    if state.pending is not None:
        return t("Ask again once the card being revealed is known.")
    view = state.view(seat)
    chances = win_chances(view.sample_state, state.camels, random.Random(0), ODDS_SAMPLES)
    odds = ", ".join(t("{camel} {percent}%", camel=naming.camel(state, c, seat),
                       percent=round(100 * chances[c]))
                     for c in state.lane_order() if state.in_race(c))
    return t("Chance to win the race if every camel only draws from here ({samples} simulated "
             "endings, from the deck sizes and top cards): {odds}.", samples=ODDS_SAMPLES,
             odds=odds)


def scores(seen: Seen[CamelDriveState]) -> str:
    """scores: the points towards the target, and what the last race gave each camel."""
    assert isinstance(seen.state, CamelDriveState)
    return text.scores(seen.state, seen.seat)


COMMANDS: dict[str, Callable[[Seen[CamelDriveState]], str]] = {"scores": scores}
ADVISOR_COMMANDS: dict[str, Callable[[Seen[CamelDriveState]], str]] = {"odds": advise}
"""Advice is off by default, as in rated play: `camelcade play camel-drive --advisor`."""
