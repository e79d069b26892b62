"""The rules of Camel Up: turns, the pyramid as chance, legs, scoring and the end.

Phases (``spec.PHASES``): ``setup`` (chance places the camels), ``play`` (a seat chooses),
``roll`` (a seat took a pyramid ticket; chance picks the die and its face), ``over``.
Chance outcomes are listed per die and face: a racing die shows each value with
probability 1/3, the grey die each of its six faces with 1/6, and each die still in the
pyramid is equally likely to come out.

Speed: searches and playouts list the legal actions at every step, so the state keeps
what they are made of ready: the seat to move, the dice still in the pyramid with their
outcomes, the bet tickets left, and the spaces holding camels and tiles as bit masks, and
looks the pieces of the list up in its edition's tables (``tables.py``) of shared action
values. Hands, ticket rows and piles are tuples, so a copy shares them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from camelcade.core.action import Action
from camelcade.core.game import Game, State, rank_by_points
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.core.words import and_list, t
from camelcade.games.camel_up import actions as notation
from camelcade.games.camel_up.actions import (
    LOSER,
    WINNER,
    Bet,
    Die,
    Overall,
    Partner,
    PlaceTile,
    Roll,
    overall_actions,
    partner,
)
from camelcade.games.camel_up.board import (
    Movement,
    Tile,
    Track,
    apply_move,
    crazy_to_move,
    free_tile_spaces,
    place_on_top,
    plan_move,
    ranking,
    space_mask,
    tile_blocked,
)
from camelcade.games.camel_up.names import colour_name, die_name
from camelcade.games.camel_up.position import PUBLIC_KEYS, CamelUpPosition
from camelcade.games.camel_up.scoring import LegResult, Ticket, score_leg, score_pile
from camelcade.games.camel_up.spec import (
    CRAZY_START,
    EDITIONS,
    FIRST_SPACE,
    OVER,
    PLAY,
    ROLL,
    SETUP,
    STARTING_COINS,
    TILE_PAY,
    Edition,
)
from camelcade.games.camel_up.tables import LOW_BITS, LOW_MASK, setup_outcomes, tables

_tile = cache(Tile)


def initial_position(edition: Edition, players: int) -> CamelUpPosition:
    """Before setup: no camel placed, 3 coins each, every finish card in hand."""
    return CamelUpPosition(
        phase=SETUP, track=(), tiles=(), rolled=(), tickets=((),) * players,
        pyramid_tickets=(0,) * players, coins=(STARTING_COINS,) * players,
        partners=(None,) * players, turn=0, start_player=0, leg=1,
        hands=(edition.racing,) * players, piles={WINNER: (), LOSER: ()})


class CamelUpState(State):
    """A position of Camel Up (either edition)."""

    def __init__(self, game: Game, position: CamelUpPosition | None = None) -> None:
        """The game's start, or ``position`` (a layout already validated for ``game``)."""
        super().__init__(game)
        self.edition: Edition = EDITIONS[game.option("edition")]
        self._players = game.players
        self._precedence: str = game.option("grey_die_precedence")
        self._partnerships = self.edition.has_partnerships(game.players)
        self._leg_tickets = self.edition.leg_tickets
        found = tables(self.edition.number)
        self._heads, self._die_bits = found.heads, found.die_bits
        self._tiles_low, self._tiles_high = found.tiles_low, found.tiles_high
        self._outcome_table = found.outcomes
        self._load(position or initial_position(self.edition, game.players))

    def _load(self, position: CamelUpPosition) -> None:
        """Take every field from ``position``, then what is derived from them."""
        self._phase = position.phase
        self._track: Track = {space: list(units) for space, units in position.track}
        self._tiles: dict[int, Tile] = {s: _tile(s, side, o) for s, side, o in position.tiles}
        self._rolled = position.rolled
        self._tickets: list[tuple[Ticket, ...]] = list(position.tickets)
        self._pyramid_tickets = list(position.pyramid_tickets)
        self._coins = list(position.coins)
        self._hands: list[tuple[str, ...]] = list(position.hands)
        self._piles: dict[str, tuple[tuple[int, str], ...]] = dict(position.piles)
        self._partners: list[int | None] = list(position.partners)
        self._turn: PlayerId = position.turn
        self._start: PlayerId = position.start_player
        self._leg = position.leg
        self._taken = {c: sum(1 for held in self._tickets for t in held if t[0] == c)
                       for c in self.edition.racing}
        self._refresh_bets()
        self._refresh_pyramid()
        self._refresh_track()
        self._refresh_tiles()
        self._refresh_tails()
        self._refresh_mover()

    def position(self) -> CamelUpPosition:
        """The saved layout of this position."""
        return CamelUpPosition(
            phase=self._phase,
            track=tuple((space, tuple(stack)) for space, stack in sorted(self._track.items())),
            tiles=tuple((t.space, t.side, t.owner) for _, t in sorted(self._tiles.items())),
            rolled=self._rolled, tickets=tuple(self._tickets),
            pyramid_tickets=tuple(self._pyramid_tickets), coins=tuple(self._coins),
            partners=tuple(self._partners), turn=self._turn, start_player=self._start,
            leg=self._leg, hands=tuple(self._hands), piles=dict(self._piles))

    # -- what is derived (kept up to date by the rules below) ----------------------------

    def _refresh_mover(self) -> None:
        phase = self._phase
        self._mover = (CHANCE if phase in (SETUP, ROLL)
                       else TERMINAL if phase == OVER else self._turn)

    def _refresh_bets(self) -> None:
        """The head of every seat's legal actions: the roll, then the bets left."""
        limit = len(self._leg_tickets)
        self._bet_mask = sum(1 << i for i, c in enumerate(self.edition.racing)
                             if self._taken[c] < limit)
        self._head = self._heads[self._bet_mask]

    def _refresh_tails(self) -> None:
        self._tails = [self._tail(seat) for seat in range(self._players)]

    def _tail(self, seat: PlayerId) -> tuple[Action, ...]:
        """The tail of ``seat``'s legal actions: its finish cards, then partnerships."""
        cards = overall_actions(self._hands[seat])
        if not self._partnerships or self._partners[seat] is not None:
            return cards
        return cards + tuple(partner(s) for s, p in enumerate(self._partners)
                             if p is None and s != seat)

    def _refresh_pyramid(self) -> None:
        self._pyramid_mask = (1 << len(self.edition.dice)) - 1
        for colour, _ in self._rolled:
            self._pyramid_mask &= ~self._die_bits[colour]
        self._outcomes = self._outcome_table[self._pyramid_mask]

    def _refresh_track(self) -> None:
        self._occupied = space_mask(self._track)

    def _refresh_tiles(self) -> None:
        self._tile_mask = space_mask(self._tiles)
        self._tile_spaces = [0] * self._players
        for space, placed in self._tiles.items():
            self._tile_spaces[placed.owner] = space

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
        return [d for i, d in enumerate(self.edition.dice) if self._pyramid_mask >> i & 1]

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
        return self._tiles.get(self._tile_spaces[seat])

    def movement_of(self, action: Die) -> Movement:
        """What a die outcome does in the ``roll`` phase (for the rules and the text)."""
        colour = action.colour
        if colour in self.edition.crazy:
            mover = crazy_to_move(self._track, self.edition.crazy, colour, self._precedence)
            direction = -1
        else:
            mover, direction = colour, 1
        return plan_move(self._track, self._tiles, self.edition, mover, action.value, direction)

    def setup_space(self, action: Die) -> int:
        """Where a setup outcome puts its camel."""
        return CRAZY_START[action.value] if action.colour in self.edition.crazy else action.value

    def tile_spaces(self, seat: PlayerId) -> list[int]:
        """Where ``seat`` may place (or move) its tile now."""
        return free_tile_spaces(tile_blocked(self._occupied, self._tile_mask,
                                             self._tile_spaces[seat]))

    # -- legal actions and chance --------------------------------------------------------

    def _current_player(self) -> PlayerId:
        return self._mover

    def _legal_actions(self) -> Sequence[Action]:
        seat = self._turn
        blocked = tile_blocked(self._occupied, self._tile_mask, self._tile_spaces[seat])
        return (self._head + self._tiles_low[blocked & LOW_MASK]
                + self._tiles_high[blocked >> LOW_BITS] + self._tails[seat])

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self._phase == ROLL:
            return self._outcomes
        placed = {unit for stack in self._track.values() for unit in stack}
        racing = tuple(c for c in self.edition.racing if c not in placed)
        crazy = tuple(c for c in self.edition.crazy if c not in placed)
        return setup_outcomes(racing, crazy)

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        # One branch per kind of action, the commonest (tiles) first: this runs at every
        # step of every playout.
        kind = type(action)
        seat = self._turn
        if kind is PlaceTile:
            space = action.space  # type: ignore[attr-defined]
            own = self._tile_spaces[seat]
            if own:
                del self._tiles[own]
            self._tiles[space] = _tile(space, action.side, seat)  # type: ignore[attr-defined]
            self._tile_spaces[seat] = space
            self._tile_mask = self._tile_mask & ~(1 << own) | 1 << space
        elif kind is Overall:
            colour = action.colour  # type: ignore[attr-defined]
            hand = self._hands[seat]
            index = hand.index(colour)
            self._hands[seat] = hand[:index] + hand[index + 1:]
            self._tails[seat] = self._tail(seat)
            self._piles[action.pile] += ((seat, colour),)  # type: ignore[attr-defined]
        elif kind is Bet:
            colour = action.colour  # type: ignore[attr-defined]
            taken = self._taken[colour]
            self._tickets[seat] += ((colour, self._leg_tickets[taken]),)
            self._taken[colour] = taken = taken + 1
            if taken == len(self._leg_tickets):  # the stack is empty
                self._bet_mask &= ~(1 << self.edition.racing.index(colour))
                self._head = self._heads[self._bet_mask]
        elif kind is Die:
            if self._phase == SETUP:
                self._apply_setup(action)  # type: ignore[arg-type]
            else:
                self._apply_die(action)  # type: ignore[arg-type]
            return
        elif kind is Roll:
            self._phase = ROLL
            self._mover = CHANCE
            return
        else:
            other = action.seat  # type: ignore[attr-defined]
            self._partners[seat] = other
            self._partners[other] = seat
            self._refresh_tails()
        self._turn = self._mover = (seat + 1) % self._players

    def _apply_setup(self, action: Die) -> None:
        place_on_top(self._track, action.colour, self.setup_space(action))
        self._refresh_track()
        if sum(len(stack) for stack in self._track.values()) == len(self.edition.units):
            self._phase = PLAY
            self._mover = self._turn

    def _apply_die(self, action: Die) -> None:
        seat = self._turn
        movement = self.movement_of(action)
        track = self._track
        apply_move(track, movement)
        if movement.tile is not None:
            self._coins[movement.tile.owner] += TILE_PAY
        colour = action.colour
        self._rolled += ((colour, action.value),)
        self._pyramid_mask &= ~self._die_bits[colour]
        self._outcomes = self._outcome_table[self._pyramid_mask]
        self._pyramid_tickets[seat] += 1
        self._turn = self._mover = (seat + 1) % self._players
        if movement.crossed:
            self._finish()
        elif len(self._rolled) == self.edition.rolls_per_leg:
            self._score_leg()
            self._start = self._turn
            self._new_leg()
        else:
            self._phase = PLAY
            start, end = movement.start, movement.end
            vacated = 0 if start in track else 1 << start
            self._occupied = self._occupied & ~vacated | 1 << end

    def leg_result(self) -> LegResult:
        """How the leg would be scored if it ended now (the rules score it at its end)."""
        return score_leg(self.camel_order(), self._tickets, self._pyramid_tickets,
                         self._partners, self._coins)

    def _score_leg(self) -> None:
        self._coins = list(self.leg_result().coins)

    def _new_leg(self) -> None:
        """Cleanup: tickets, tiles, dice and partnership cards go back; a new leg starts."""
        players = self._players
        self._phase = PLAY
        self._tiles = {}
        self._rolled = ()
        self._taken = dict.fromkeys(self.edition.racing, 0)
        self._tickets = [()] * players
        self._pyramid_tickets = [0] * players
        self._partners = [None] * players
        self._leg += 1
        self._bet_mask = (1 << len(self.edition.racing)) - 1
        self._head = self._heads[self._bet_mask]
        self._refresh_pyramid()
        self._tile_mask = 0
        self._tile_spaces = [0] * players
        self._refresh_track()
        if self._partnerships:
            self._refresh_tails()

    def _finish(self) -> None:
        """A unit crossed the line: final leg scoring, then both overall piles."""
        self._score_leg()
        order = self.camel_order()
        score_pile(self._piles[WINNER], order[0], self._coins)
        score_pile(self._piles[LOSER], order[-1], self._coins)
        self._phase = OVER
        self._mover = TERMINAL

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        return (self._turn,) if type(action) is Overall else None

    def _hidden_text(self, action: Action) -> str:
        return f"{action.pile} ?" if isinstance(action, Overall) else str(action)

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text, self.edition)

    def _why_illegal(self, action: Action) -> str | None:
        """A plain reason why ``action`` is not legal here, in the current language."""
        if self._phase == SETUP:
            return t("the camels are being set up; the outcome is a 'die COLOUR VALUE' action")
        if self._phase == ROLL:
            dice = and_list([die_name(self.edition, d) for d in self.pyramid()])
            return t("a die is coming out of the pyramid ({dice}); the outcome is 'die COLOUR "
                     "VALUE'", dice=dice)
        if isinstance(action, Die):
            return t("dice come out of the pyramid only after a player takes a pyramid ticket "
                     "('roll')")
        if isinstance(action, Bet):
            return t("the {colour} leg tickets are all taken this leg",
                     colour=colour_name(action.colour))
        if isinstance(action, PlaceTile):
            return self._why_not_tile(action.space)
        if isinstance(action, Overall):
            return t("you have already bet your {colour} finish card",
                     colour=colour_name(action.colour))
        if isinstance(action, Partner):
            return self._why_not_partner(action.seat)
        return None  # pragma: no cover - rolling is always legal in play

    def _why_not_tile(self, space: int) -> str:
        own = self._tile_spaces[self._turn]
        if space == FIRST_SPACE:
            return t("no tile may go on space 1")
        if space == own:
            return t("a moved tile must go to a different space")
        if space in self._tiles:
            return t("space {space} already has a tile", space=space)
        if space in self._track:
            return t("camels stand on space {space}", space=space)
        return t("space {space} is next to another tile", space=space)

    def _why_not_partner(self, seat: PlayerId) -> str:
        if not self._partnerships:
            return t("partnerships exist only with 6 or more players (2nd edition)")
        if seat == self._turn:
            return t("you cannot partner yourself")
        if seat >= self._players:
            return t("there is no seat {seat}", seat=seat)
        if self._partners[self._turn] is not None:
            return t("you already have a partner this leg")
        return t("seat {seat} already has a partner this leg", seat=seat)

    # -- results -------------------------------------------------------------------------

    def _scores(self) -> list[float]:
        return [float(c) for c in self._coins]

    def _ranking(self) -> list[list[PlayerId]]:
        """Most money first; equal money shares a place ("ties share the victory").

        The rules know no tie-break. A partnership lasts one leg and only lets partners
        copy a ticket's reward at that leg's scoring, so partners rank on their own money.
        """
        return rank_by_points(self._coins)

    # -- hidden information ----------------------------------------------------------------

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        """Deal the other seats' face-down finish cards afresh.

        Everything but the colours of others' face-down overall cards is public (piles are
        turned over at the end). Of a seat that has put ``n`` cards face down a viewer
        knows only where they lie; its five cards are one per colour, so the ``n`` colours
        are a uniform draw without replacement, laid on its pile places in a uniform
        order, and the other ``5 - n`` are its hand.
        """
        if self._phase == OVER:
            return
        racing = self.edition.racing
        piles = {name: list(cards) for name, cards in self._piles.items()}
        places: dict[PlayerId, list[tuple[str, int]]] = {}
        for name, cards in piles.items():
            for index, (seat, _) in enumerate(cards):
                if seat != player:
                    places.setdefault(seat, []).append((name, index))
        draw = rng.random
        for seat, where in places.items():
            drawn = list(racing)
            for i in range(len(where)):  # a partial Fisher-Yates shuffle
                j = i + int(draw() * (len(drawn) - i))
                drawn[i], drawn[j] = drawn[j], drawn[i]
            for (name, index), colour in zip(where, drawn, strict=False):
                piles[name][index] = (seat, colour)
            self._hands[seat] = tuple(c for c in racing if c in drawn[len(where):])
            self._tails[seat] = self._tail(seat)
        self._piles = {name: tuple(cards) for name, cards in piles.items()}

    # -- copies and JSON -----------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CamelUpState)
        other._track = {space: list(stack) for space, stack in self._track.items()}
        other._tiles = dict(self._tiles)
        other._tile_spaces = list(self._tile_spaces)
        other._taken = dict(self._taken)
        other._tickets = list(self._tickets)
        other._pyramid_tickets = list(self._pyramid_tickets)
        other._coins = list(self._coins)
        other._hands = list(self._hands)
        other._tails = list(self._tails)
        other._piles = dict(self._piles)
        other._partners = list(self._partners)

    def _to_data(self) -> JSONDict:
        return self.position().to_data()

    def _public(self) -> JSONDict:
        return self.position().to_data(PUBLIC_KEYS)

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
            current_player=self._mover,
            hand_sizes=[len(hand) for hand in self._hands],
            edition=self.edition.number,
        )
        return data
