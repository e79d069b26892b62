"""A dos de Chameau drawn with rich for ``camelcade play`` and ``replay`` (see cli/hooks.py).

The path is drawn as three rows of twelve spaces (1-12, 13-24, 25-36), the oasis spaces
31-36 marked with their points. A camel is its owner's initial (R, Y, O, B) in the owner's
colour, and a legend names the colours and every mark, so nothing depends on seeing
colour. Only what the viewer's ``Seen`` holds is drawn: other seats' hands are counts, never cards.

The prompt's own words (``hand``, ``played``, ``scores``) are here too: each answers from
what the asking seat may know.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from camelcade.core.game import Game, State
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import N_, t, translate
from camelcade.games.a_dos_de_chameau import text
from camelcade.games.a_dos_de_chameau.phrases import card_list, card_name, colour
from camelcade.games.a_dos_de_chameau.spec import COLOURS, EMPTY, OASIS_FIRST, TOWN, TRACK_END
from camelcade.games.a_dos_de_chameau.state import ADosState

STYLES = {
    "red": "bold red",
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "brown": "bold rgb(150,90,40)",
}
"""Rich styles per seat colour; always shown beside the colour's letter or name."""
ROW_LENGTH = 12
EMPTY_MARK = "·"


def seat_name(game: Game, seat: PlayerId) -> str:
    """Seats are called by their camels' colour, as in the game's own text (and in its
    language: the prompt "Dein Zug, Rot:" must not say "Red")."""
    return colour(seat)


def letter(seat: PlayerId) -> Text:
    """The seat's camel: its initial, in its colour."""
    return Text(COLOURS[seat][0].upper(), style=STYLES[COLOURS[seat]])


def _named(seat: PlayerId, player: PlayerId | None) -> Text:
    name = t("{seat} (you)", seat=colour(seat)) if seat == player else colour(seat)
    return Text.assemble(letter(seat), " ", (name, STYLES[COLOURS[seat]]))


def _legend(state: ADosState, player: PlayerId | None) -> Text:
    """"Camels: R Red (you), Y Yellow. · an empty space; ...": the camels keep their colours
    inside the translated sentence, which is cut at its ``{camels}`` placeholder."""
    camels: list[Text | str] = []
    for seat in range(state.game.players):
        if seat:
            camels.append(", ")
        camels.append(_named(seat, player))
    before, _, after = translate(LEGEND).partition("{camels}")
    return Text.assemble(before.format(empty=EMPTY_MARK), *camels,
                         after.format(empty=EMPTY_MARK))


# TRANSLATORS: the rich board's legend; {camels} lists each seat's letter and name.
LEGEND = N_("Camels: {camels}. {empty} an empty space; +n the points of an oasis space.")


def _town(state: ADosState) -> Text:
    parts: list[Text | str] = [t("Town (space 0): ")]
    camels = [seat for seat in range(state.game.players)
              for _ in range(state.camels(seat).count(TOWN))]
    if not camels:
        parts.append(t("empty"))
    for index, seat in enumerate(camels):
        parts.extend([" " if index else "", letter(seat)])
    return Text.assemble(*parts)


def _path(state: ADosState) -> Table:
    points = state.game.option("oasis_points")
    table = Table(
        show_header=False,
        box=box.SQUARE,
        padding=(0, 1),
        caption=t("Oasis: spaces {first}-{last}, points marked +n", first=OASIS_FIRST,
                  last=TRACK_END),
        caption_justify="left",
    )
    for _ in range(ROW_LENGTH):
        table.add_column(justify="center", min_width=3)
    for start in range(1, TRACK_END + 1, ROW_LENGTH):
        spaces = range(start, start + ROW_LENGTH)
        numbers = [Text(str(s), style="bold green" if s >= OASIS_FIRST else "dim")
                   for s in spaces]
        camels = [
            letter(state.owner(s)) if state.owner(s) != EMPTY else Text(EMPTY_MARK, style="dim")
            for s in spaces
        ]
        table.add_row(*numbers)
        table.add_row(*camels)
        if start + ROW_LENGTH > OASIS_FIRST:
            table.add_row(*[
                Text(f"+{points[s - OASIS_FIRST]}" if s >= OASIS_FIRST else "", style="green")
                for s in spaces
            ])
        if start + ROW_LENGTH <= TRACK_END:
            table.add_section()
    return table


def _players(state: ADosState, player: PlayerId | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1),
                  caption=t("Hand: your cards, or how many another player holds. Pile: "
                            "cards left to draw. Played: cards played, the top one named."),
                  caption_justify="left")
    for column in (t("Camel"), t("Hand")):
        table.add_column(column)
    table.add_column(t("Pile"), justify="right")
    table.add_column(t("Played (top)"))
    table.add_column(t("Score"), justify="right")
    table.add_column(t("Turn"))
    scores = state.scores()
    for seat in range(state.game.players):
        hand = state.hand(seat)
        shown = card_list(hand) if seat == player else str(len(hand))
        discards = state.discards(seat)
        top = f"{len(discards)} ({card_name(discards[-1])})" if discards else "0"
        turn = ""
        if state.drawing == seat:
            turn = t("drawing")
        elif state.current_player == seat:
            turn = t("to play")
        table.add_row(_named(seat, player), shown, str(state.pile_size(seat)), top,
                      f"{scores[seat]:g}", turn)
    return table


def render(seen: Seen[ADosState]) -> RenderableType:
    """The board, the players and the status line as ``seen.role`` sees them."""
    state, player = _checked(seen.state), seen.role
    status = text.describe_state(seen).splitlines()[0]
    return Group(
        Text(status, style="bold"),
        _legend(state, player),
        _town(state),
        _path(state),
        _players(state, player),
    )


def _checked(state: State) -> ADosState:
    if not isinstance(state, ADosState):
        raise TypeError(f"not an A dos de Chameau state: {type(state).__name__}")
    return state


def hand(seen: Seen[ADosState]) -> str:
    """Your hand and the cards still in your pile."""
    return text.hand_text(_checked(seen.state), seen.seat)


def played(seen: Seen[ADosState]) -> str:
    """Every card each player has played since the last sandstorm, the top card last."""
    return text.played_text(_checked(seen.state), seen.seat)


def scores(seen: Seen[ADosState]) -> str:
    """The points of the camels in the oasis, space by space."""
    return text.points_text(_checked(seen.state), seen.seat)
