"""Kamelen drawn with rich for ``camelcade play`` and ``replay`` (see cli/hooks.py), and
the game's prompt commands.

The board is drawn from North's back rank down to rank 1, with file letters and rank
numbers on every side. Animals are letters, never colour alone: ``C``/``D`` South's camel
and dromedary, ``c``/``d`` North's, ``#`` a rock, ``⌂`` an empty home field, ``·`` an
empty square. Square colours are shaded (camels never leave theirs) and the last move's
two squares are marked; the legend under the board says all of it in words.

``position`` is a plain command; ``hint`` is advice, so it is an advisor command, offered
only with ``--advisor`` (and in the browser only against bots).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from camelcade.core.game import Game, State
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import t, tn
from camelcade.games.kamelen import text
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.game import position_state
from camelcade.games.kamelen.geometry import colour_of, square_name
from camelcade.games.kamelen.phrases import animal, home, last_move, side
from camelcade.games.kamelen.spec import FILES, OWNER, PIECE_LETTERS, ROCK, WIDTH
from camelcade.games.kamelen.state import KamelenState

SIDE_STYLES = ("bold bright_white", "bold bright_red")
"""South's letters (upper case) and North's (lower case)."""
SQUARE_STYLES = ("on black", "on bright_black")
"""Dark (the colour of a1) and light squares."""
HOME_STYLE = "on dark_green"
LAST_MOVE_STYLE = "on dark_blue"
HOME_MARK = "⌂"
EMPTY_MARK = "·"
HINT_NODES = 100_000
"""Positions a hint searches: about a tenth of a second, and the same advice on every machine."""


def seat_name(game: Game, seat: PlayerId) -> str:
    """Seats are South (seat 0, moves first) and North."""
    return side(seat)


def _kamelen(state: State) -> KamelenState:
    if not isinstance(state, KamelenState):
        raise TypeError(f"not a Kamelen state: {type(state).__name__}")
    return state


def _cell(state: KamelenState, square: int, last: tuple[int, ...]) -> Text:
    code = state.piece(square)
    background = SQUARE_STYLES[colour_of(square)]
    if square in state.geometry.homes:
        background = HOME_STYLE
    if square in last:
        background = LAST_MOVE_STYLE
    seat = OWNER[code]
    if seat is not None:
        return Text(f" {PIECE_LETTERS[code]} ", style=f"{SIDE_STYLES[seat]} {background}")
    if code == ROCK:
        return Text(" # ", style=f"bold yellow {background}")
    mark = HOME_MARK if square in state.geometry.homes else EMPTY_MARK
    return Text(f" {mark} ", style=f"dim {background}")


def board_table(state: KamelenState, moved: Move | None = None) -> Table:
    """The board with coordinates, rank N at the top (North's side), the squares of the
    last move (``moved``) marked."""
    geo = state.geometry
    last = () if moved is None else (moved.source, moved.target)
    table = Table(box=None, show_header=True, padding=0, pad_edge=False)
    table.add_column("", justify="right")
    for letter in FILES:
        table.add_column(Text(f" {letter} ", style="dim"), justify="center")
    table.add_column("", justify="left")
    for rank in range(geo.ranks - 1, -1, -1):
        label = Text(f"{rank + 1:>2} ", style="dim")
        cells = [_cell(state, rank * WIDTH + file, last) for file in range(WIDTH)]
        table.add_row(label, *cells, Text(f" {rank + 1}", style="dim"))
    table.add_row("", *[Text(f" {letter} ", style="dim") for letter in FILES], "")
    return table


def legend(state: KamelenState, player: PlayerId | None) -> list[str]:
    """Every mark the board draws, in words, one per line."""
    lines: list[str] = [
        t("C and D: South's camels and dromedaries; c and d: North's."),
        t("#: a rock. {mark}: an empty home field, South's {south} and North's {north} "
          "(green). {empty}: an empty square.", mark=HOME_MARK, empty=EMPTY_MARK,
          south=home(state, 0), north=home(state, 1)),
        t("Shaded squares show the colour a camel keeps all game; the last move's two "
          "squares are blue."),
    ]
    if player is not None:
        lines.insert(0, t("You play {side}: {letters}.", side=side(player),
                          letters="C, D" if player == 0 else "c, d"))
    return lines


def render(seen: Seen[KamelenState]) -> RenderableType:
    """Status line, the board and its legend, as everyone sees them (nothing is hidden)."""
    kamelen, player = _kamelen(seen.state), seen.role
    status = text.describe_state(seen).splitlines()[0]
    parts: list[RenderableType] = [Text(status, style="bold"),
                                   board_table(kamelen, last_move(seen))]
    parts += [Text(line, style="dim") for line in legend(kamelen, player)]
    if seen.history:
        parts.append(Text(t("Last move: {move}.", move=seen.history[-1]), style="dim"))
    return Group(*parts)


def position_command(seen: Seen[KamelenState]) -> str:
    """The position as one line of text, to keep or to start from with play --position."""
    return _kamelen(seen.state).position()


def hint_command(seen: Seen[KamelenState]) -> str:
    """Advice: the move kamelen-search would play here, and the line it expects."""
    from camelcade.games.kamelen.bots import SearchBot  # the search only when asked

    kamelen, seat = _kamelen(seen.state), seen.seat
    if kamelen.is_terminal() or kamelen.current_player != seat:
        return t("A hint is given on your turn.")
    if not kamelen.moves():
        return t("You have no legal move: pass.")
    result = SearchBot(time_limit=None, max_nodes=HINT_NODES, seed=0).search(kamelen)
    move = result.move
    assert isinstance(move, Move)
    lines: list[str] = [t("The advisor suggests {move}: your {animal} from {source} to {target}.",
               move=str(move), animal=animal(kamelen.piece(move.source)),
               source=square_name(move.source), target=square_name(move.target))]
    if len(result.pv) > 1:
        lines.append(t("It expects this line to follow: {line}.",
                       line=", ".join(str(action) for action in result.pv[1:])))
    lines.append(_verdict(result.score, result.depth, 1 - seat))
    return "\n".join(lines)


def _verdict(score: int, depth: int, other: PlayerId) -> str:
    """The search's score (in hundredths of a dromedary, for the side to move) in words."""
    from camelcade.games.kamelen.evaluation import WIN_BOUND

    if score > WIN_BOUND:
        return t("It sees a forced win for you.")
    if score < -WIN_BOUND:
        return t("It sees a forced win for {side}, whatever you play.", side=side(other))
    size = abs(score)
    if size < 40:
        verdict = t("about even")
    elif score > 0:
        verdict = (t("a little better for you") if size < 150 else
                   t("better for you") if size < 500 else t("much better for you"))
    else:
        verdict = (t("a little better for {side}", side=side(other)) if size < 150 else
                   t("better for {side}", side=side(other)) if size < 500 else
                   t("much better for {side}", side=side(other)))
    return tn("It rates the position {verdict} (score {score}, looking {count} ply ahead).",
              "It rates the position {verdict} (score {score}, looking {count} plies ahead).",
              depth, verdict=verdict, score=f"{score / 100:+.2f}")


COMMANDS = {"position": position_command}
ADVISOR_COMMANDS = {"hint": hint_command}

__all__ = ["ADVISOR_COMMANDS", "COMMANDS", "position_state", "render", "seat_name"]
