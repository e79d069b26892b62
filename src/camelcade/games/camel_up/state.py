"""The rules of Camel Up: turns, the pyramid as chance, legs, scoring and the end.

Phases: ``setup`` (chance places the camels), ``play`` (a seat chooses), ``roll`` (a seat
took a pyramid ticket; chance picks the die and its face), ``over``. Chance outcomes are
listed per die and face: a racing die shows each value with probability 1/3, the grey die
each of its six faces with 1/6, and each die still in the pyramid is equally likely to
come out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.games.camel_up import actions as notation
from camelcade.games.camel_up.actions import (
    LOSER,
    PILES,
    WINNER,
    Bet,
    Die,
    Overall,
    Partner,
    PlaceTile,
    Roll,
)
from camelcade.games.camel_up.board import (
    Movement,
    Tile,
    Track,
    apply_move,
    crazy_to_move,
    place_on_top,
    plan_move,
    ranking,
    tile_spaces_allowed,
)
from camelcade.games.camel_up.scoring import LegResult, Ticket, score_leg, score_pile
from camelcade.games.camel_up.spec import (
    CRAZY_START,
    DIE_VALUES,
    EDITIONS,
    GREY,
    PARTNERSHIP_PLAYERS,
    STARTING_COINS,
    TILE_PAY,
    Edition,
)

if TYPE_CHECKING:
    from camelcade.games.camel_up.game import CamelUp

SETUP, PLAY, ROLL, OVER = "setup", "play", "roll", "over"
PHASES = (SETUP, PLAY, ROLL, OVER)
_ROLL = Roll()


_bet = cache(Bet)
_tile = cache(PlaceTile)
_overall = cache(Overall)
_partner = cache(Partner)
"""Legal actions are built often (bots, searches): each distinct action value is made once."""


@cache
def _roll_outcomes(edition: int, pyramid: tuple[str, ...]) -> tuple[tuple[Action, float], ...]:
    """A die from ``pyramid`` and its face: racing 1/3 per value, grey 1/6 per face."""
    crazy = EDITIONS[edition].crazy
    outcomes: list[tuple[Action, float]] = []
    share = 1.0 / len(pyramid)
    for die in pyramid:
        colours = crazy if die == GREY else (die,)
        for colour in colours:
            outcomes.extend((Die(colour, v), share / (3 * len(colours))) for v in DIE_VALUES)
    return tuple(outcomes)


@cache
def _setup_outcomes(racing: tuple[str, ...], crazy: tuple[str, ...]) -> tuple[
        tuple[Action, float], ...]:
    """Setup: a racing die not yet out (then the grey die for a crazy camel not yet out)."""
    pool = racing or crazy
    return tuple((Die(c, v), 1.0 / (3 * len(pool))) for c in pool for v in DIE_VALUES)


class CamelUpState(State):
    """A position of Camel Up (either edition)."""

    def __init__(self, game: CamelUp) -> None:
        super().__init__(game)
        players = game.players
        self.edition: Edition = EDITIONS[game.option("edition")]
        self._precedence: str = game.option("grey_die_precedence")
        self._partnerships = self.edition.partnerships and players >= PARTNERSHIP_PLAYERS
        self._phase = SETUP
        self._track: Track = {}
        self._tiles: dict[int, Tile] = {}
        self._rolled: list[tuple[str, int]] = []
        self._taken = dict.fromkeys(self.edition.racing, 0)
        self._tickets: list[list[Ticket]] = [[] for _ in range(players)]
        self._pyramid_tickets = [0] * players
        self._coins = [STARTING_COINS] * players
        self._hands: list[list[str]] = [list(self.edition.racing) for _ in range(players)]
        self._piles: dict[str, list[tuple[int, str]]] = {WINNER: [], LOSER: []}
        self._partners: list[int | None] = [None] * players
        self._turn: PlayerId = 0
        self._start: PlayerId = 0
        self._leg = 1

    # -- reading the position ------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def turn(self) -> PlayerId:
        """The seat whose turn it is (also while its pyramid die is being rolled)."""
        return self._turn

    @property
    def start_player(self) -> PlayerId:
        return self._start

    @property
    def leg(self) -> int:
        return self._leg

    def track(self) -> Track:
        """A copy of the track: space -> units bottom first."""
        return {space: list(stack) for space, stack in sorted(self._track.items())}

    def tiles(self) -> dict[int, Tile]:
        return dict(sorted(self._tiles.items()))

    def rolled(self) -> list[tuple[str, int]]:
        """Dice out of the pyramid this leg, in order: (colour shown, value)."""
        return list(self._rolled)

    def pyramid(self) -> list[str]:
        """Dice still in the pyramid (racing colours, and "grey")."""
        out = {GREY if colour in self.edition.crazy else colour for colour, _ in self._rolled}
        return [die for die in self.edition.dice if die not in out]

    def ticket_stack(self, colour: str) -> list[int]:
        """The leg tickets left on ``colour``'s stack, top first."""
        return list(self.edition.leg_tickets[self._taken[colour]:])

    def tickets(self, seat: PlayerId) -> list[Ticket]:
        return list(self._tickets[seat])

    def pyramid_tickets(self, seat: PlayerId) -> int:
        return self._pyramid_tickets[seat]

    def coins(self) -> list[int]:
        return list(self._coins)

    def hand(self, seat: PlayerId) -> list[str]:
        return list(self._hands[seat])

    def pile(self, name: str) -> list[tuple[int, str]]:
        """An overall pile, earliest card first: (seat, colour). Colours are secret!"""
        return list(self._piles[name])

    def partner(self, seat: PlayerId) -> PlayerId | None:
        return self._partners[seat]

    @property
    def partnerships(self) -> bool:
        """Whether this game has partnerships (2nd edition, 6 or more players)."""
        return self._partnerships

    def camel_order(self) -> list[str]:
        """Racing camels from first to last."""
        return ranking(self._track, self.edition.racing)

    def tile_of(self, seat: PlayerId) -> Tile | None:
        for tile in self._tiles.values():
            if tile.owner == seat:
                return tile
        return None

    def movement_of(self, die: Die) -> Movement:
        """What a die outcome does in the ``roll`` phase (for the rules and the text)."""
        colour = die.colour
        if colour in self.edition.crazy:
            mover = crazy_to_move(self._track, self.edition.crazy, colour, self._precedence)
            direction = -1
        else:
            mover, direction = colour, 1
        return plan_move(self._track, self._tiles, self.edition, mover, die.value, direction)

    def setup_space(self, die: Die) -> int:
        """Where a setup outcome puts its camel."""
        return CRAZY_START[die.value] if die.colour in self.edition.crazy else die.value

    # -- legal actions and chance --------------------------------------------------------

    def _current_player(self) -> PlayerId:
        if self._phase in (SETUP, ROLL):
            return CHANCE
        return TERMINAL if self._phase == OVER else self._turn

    def _legal_actions(self) -> Sequence[Action]:
        seat = self._turn
        edition = self.edition
        actions: list[Action] = [_ROLL]
        limit = len(edition.leg_tickets)
        actions.extend(_bet(c) for c in edition.racing if self._taken[c] < limit)
        own = self.tile_of(seat)
        for space in tile_spaces_allowed(self._track, self._tiles, own.space if own else None):
            actions.extend(_tile(space, side) for side in edition.tile_sides)
        hand = self._hands[seat]
        for pile in PILES:
            actions.extend(_overall(pile, c) for c in hand)
        if self._partnerships and self._partners[seat] is None:
            actions.extend(_partner(s) for s, p in enumerate(self._partners)
                           if p is None and s != seat)
        return actions

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self._phase == ROLL:
            return _roll_outcomes(self.edition.number, tuple(self.pyramid()))
        placed = {unit for stack in self._track.values() for unit in stack}
        racing = tuple(c for c in self.edition.racing if c not in placed)
        crazy = tuple(c for c in self.edition.crazy if c not in placed)
        return _setup_outcomes(racing, crazy)

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self._turn
        if isinstance(action, Die):
            if self._phase == SETUP:
                self._apply_setup(action)
            else:
                self._apply_die(action)
            return
        if isinstance(action, Roll):
            self._phase = ROLL
            return
        if isinstance(action, Bet):
            self._tickets[seat].append(
                (action.colour, self.edition.leg_tickets[self._taken[action.colour]]))
            self._taken[action.colour] += 1
        elif isinstance(action, PlaceTile):
            own = self.tile_of(seat)
            if own is not None:
                del self._tiles[own.space]
            self._tiles[action.space] = Tile(action.space, action.side, seat)
        elif isinstance(action, Overall):
            self._hands[seat].remove(action.colour)
            self._piles[action.pile].append((seat, action.colour))
        elif isinstance(action, Partner):
            self._partners[seat] = action.seat
            self._partners[action.seat] = seat
        self._turn = (seat + 1) % self._game.players

    def _apply_setup(self, die: Die) -> None:
        place_on_top(self._track, die.colour, self.setup_space(die))
        if sum(len(stack) for stack in self._track.values()) == len(self.edition.units):
            self._phase = PLAY

    def _apply_die(self, die: Die) -> None:
        seat = self._turn
        movement = self.movement_of(die)
        apply_move(self._track, movement)
        if movement.tile is not None:
            self._coins[movement.tile.owner] += TILE_PAY
        self._rolled.append((die.colour, die.value))
        self._pyramid_tickets[seat] += 1
        self._turn = (seat + 1) % self._game.players
        if movement.crossed:
            self._finish()
        elif len(self._rolled) == self.edition.rolls_per_leg:
            self._score_leg()
            self._start = self._turn
            self._new_leg()
        else:
            self._phase = PLAY

    def leg_result(self) -> LegResult:
        """How the leg would be scored if it ended now (the rules score it at its end)."""
        return score_leg(self.camel_order(), self._tickets, self._pyramid_tickets,
                         self._partners, self._coins)

    def _score_leg(self) -> None:
        self._coins = list(self.leg_result().coins)

    def _new_leg(self) -> None:
        """Cleanup: tickets, tiles, dice and partnership cards go back; a new leg starts."""
        players = self._game.players
        self._phase = PLAY
        self._tiles = {}
        self._rolled = []
        self._taken = dict.fromkeys(self.edition.racing, 0)
        self._tickets = [[] for _ in range(players)]
        self._pyramid_tickets = [0] * players
        self._partners = [None] * players
        self._leg += 1

    def _finish(self) -> None:
        """A unit crossed the line: final leg scoring, then both overall piles."""
        self._score_leg()
        order = self.camel_order()
        score_pile(self._piles[WINNER], order[0], self._coins)
        score_pile(self._piles[LOSER], order[-1], self._coins)
        self._phase = OVER

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        return (self._turn,) if isinstance(action, Overall) else None

    def _hidden_text(self, action: Action) -> str:
        return f"{action.pile} ?" if isinstance(action, Overall) else str(action)

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text, self.edition)

    def _why_illegal(self, action: Action) -> str | None:
        from camelcade.games.camel_up.validate import why_illegal

        return why_illegal(self, action)

    # -- results -------------------------------------------------------------------------

    def _scores(self) -> list[float]:
        return [float(c) for c in self._coins]

    def _winners(self) -> list[PlayerId]:
        best = max(self._coins)
        return [seat for seat, coins in enumerate(self._coins) if coins == best]

    # -- copies and JSON -----------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CamelUpState)
        other._track = {space: list(stack) for space, stack in self._track.items()}
        other._tiles = dict(self._tiles)
        other._rolled = list(self._rolled)
        other._taken = dict(self._taken)
        other._tickets = [list(t) for t in self._tickets]
        other._pyramid_tickets = list(self._pyramid_tickets)
        other._coins = list(self._coins)
        other._hands = [list(h) for h in self._hands]
        other._piles = {name: list(pile) for name, pile in self._piles.items()}
        other._partners = list(self._partners)

    def _public(self) -> JSONDict:
        return {
            "phase": self._phase,
            "track": [[space, list(stack)] for space, stack in sorted(self._track.items())],
            "tiles": [[t.space, t.side, t.owner] for _, t in sorted(self._tiles.items())],
            "rolled": [[colour, value] for colour, value in self._rolled],
            "tickets": [[[c, v] for c, v in seat] for seat in self._tickets],
            "pyramid_tickets": list(self._pyramid_tickets),
            "coins": list(self._coins),
            "partners": list(self._partners),
            "turn": self._turn,
            "start_player": self._start,
            "leg": self._leg,
        }

    def _to_data(self) -> JSONDict:
        data = self._public()
        data["hands"] = [list(hand) for hand in self._hands]
        data["piles"] = {name: [[s, c] for s, c in pile] for name, pile in self._piles.items()}
        return data

    def _observation(self, player: PlayerId) -> JSONDict:
        """Public facts, own hand; others' overall cards only as (seat, hidden) in order."""
        data = self._table(player)
        data.update(player=player, hand=list(self._hands[player]))
        return data

    def _public_observation(self) -> JSONDict:
        """Public facts; every overall card is (seat, hidden) until the race is over."""
        return self._table(None)

    def _table(self, viewer: PlayerId | None) -> JSONDict:
        """What lies on the table, with ``viewer``'s own overall cards face up."""
        data = self._public()
        reveal = self._phase == OVER
        data["piles"] = {
            name: [[s, c if reveal or s == viewer else None] for s, c in pile]
            for name, pile in self._piles.items()
        }
        data.update(
            current_player=self._current_player(),
            hand_sizes=[len(hand) for hand in self._hands],
            edition=self.edition.number,
        )
        return data

    def load_data(self, data: Any) -> None:
        """Fill this fresh state from ``to_json()["state"]``, checking every invariant."""
        from camelcade.games.camel_up.validate import load_position

        load_position(self, data)

    # -- text ------------------------------------------------------------------------------

    def _describe(self, player: PlayerId | None) -> str:
        from camelcade.games.camel_up.text import describe_state

        return describe_state(self, player)

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        from camelcade.games.camel_up.text import describe_action

        return describe_action(self, action, player)


