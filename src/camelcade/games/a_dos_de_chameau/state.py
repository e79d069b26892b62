"""The rules of A dos de Chameau: legal plays, their effects, draws as chance, the end.

Positions: space 0 is the town (any number of camels), 1..36 the path, 31..36 the oasis;
one camel per space outside the town. Moving counts only *empty* spaces. Each seat's
face-down pile is kept as a multiset: draws are chance nodes over the cards left, so the
"shuffle" happens one card at a time and no order is stored.

The representation is chosen for searches, which copy and play on positions millions of
times: the empty spaces are one integer bit mask (counting empty spaces is a population
count), each seat's camels a shared immutable :class:`~.herds.Herd`, its hand and pile
shared immutable :class:`~.cards.Cards` and its discards a tuple, so a copy is four short
list copies, and a draw or a move allocates nothing once its values have been seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from camelcade.core.action import Action
from camelcade.core.game import Game, State, rank_by_points
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.core.words import t
from camelcade.games.a_dos_de_chameau import actions as notation
from camelcade.games.a_dos_de_chameau.actions import PLAYS, STORM_PLAY, Discard, Draw, Play
from camelcade.games.a_dos_de_chameau.cards import NO_CARDS, Cards, cards_of
from camelcade.games.a_dos_de_chameau.herds import Herd, herd_of
from camelcade.games.a_dos_de_chameau.phrases import colour
from camelcade.games.a_dos_de_chameau.position import HIDDEN_FIELDS, ADosPosition
from camelcade.games.a_dos_de_chameau.spec import (
    CAMELS_PER_PLAYER,
    EMPTY,
    END_NO_CARDS,
    END_OASIS_FULL,
    HAND_SIZE,
    LEADER,
    MIRAGE_CARD,
    MIRAGE_VALUES,
    OASIS_CARD,
    OASIS_FIRST,
    OASIS_VALUES,
    STORM,
    TOWN,
    TRACK_END,
    card_set,
    card_value,
)

__all__ = ["EMPTY", "END_NO_CARDS", "END_OASIS_FULL", "ADosState", "Move"]

_TRACK: Final = (1 << (TRACK_END + 1)) - 2
"""Bits 1..36: every space of the path, the town (bit 0) left out."""
_OASIS: Final = _TRACK & ~((1 << OASIS_FIRST) - 1)
_PATH: Final = _TRACK & ~_OASIS
"""Spaces 1..30, where a mirage can reach a camel."""

_OASIS_KIND, _MIRAGE_KIND, _LEADER_KIND, _STORM_KIND = range(4)
_EFFECTS: Final = {
    **{f"{OASIS_CARD}{n}": (_OASIS_KIND, n) for n in OASIS_VALUES},
    **{f"{MIRAGE_CARD}{n}": (_MIRAGE_KIND, n) for n in MIRAGE_VALUES},
    LEADER: (_LEADER_KIND, 0),
    STORM: (_STORM_KIND, 0),
}
"""What each card does and how far: looked up once per play."""

_CHUNK: Final = 10
_CHUNKS: Final = range(1, OASIS_FIRST, _CHUNK)
"""The path 1..30 in three runs of ten spaces: 1-10, 11-20, 21-30."""


def _run_plays(row: tuple[Play, ...], first: int) -> tuple[tuple[Play, ...], ...]:
    """``table[bits]``: the plays of ``row`` on the spaces ``first + bit`` that ``bits``
    marks, lowest first; each entry is a shorter one with its highest space added."""
    table: list[tuple[Play, ...]] = [()]
    for bits in range(1, 1 << _CHUNK):
        high = bits.bit_length() - 1
        table.append((*table[bits ^ (1 << high)], row[first + high]))
    return tuple(table)


_MIRAGE_PLAYS: Final = {
    card: tuple(_run_plays(PLAYS[card], first) for first in _CHUNKS)
    for card in (f"{MIRAGE_CARD}{n}" for n in MIRAGE_VALUES)
}
"""``_MIRAGE_PLAYS[card][run][bits]``: the card played on the camels of one run of the path
that ``bits`` marks, lowest space first. A mirage may target up to nine camels; three
lookups list them all, however many there are."""


@dataclass(frozen=True, slots=True)
class Move:
    """Where a card play sends a camel, for the words that tell it (``move_of``)."""

    owner: PlayerId
    start: int
    end: int
    skipped: int
    """Occupied spaces passed over (not counted)."""


@dataclass(frozen=True, slots=True)
class _Table:
    """What the options fix for a whole game, made once per game and shared by its states."""

    players: int
    full: Cards
    points: tuple[int, ...]
    leader_spaces: int
    """Bits of the spaces where the camel the caravan leader jumps ahead of may stand."""
    deal: tuple[PlayerId, ...]
    """The draws of the opening deal and of every sandstorm: three each, seat 0 first."""
    draw_one: tuple[tuple[PlayerId], ...]
    """``draw_one[seat]``: the draw after ``seat`` plays a card."""
    after: tuple[tuple[PlayerId, ...], ...]
    """``after[seat]``: every seat in turn order after ``seat``, ``seat`` itself last."""


_TABLES: Final[dict[Game, _Table]] = {}


def _table(game: Game) -> _Table:
    table = _TABLES.get(game)
    if table is None:
        deck = card_set(game.option("oasis_cards"))
        players = game.players
        table = _TABLES[game] = _Table(
            players=players,
            full=cards_of(deck.elements()),
            points=tuple(game.option("oasis_points")),
            leader_spaces=_TRACK if game.option("leader_target") == "any" else _PATH,
            deal=tuple(seat for seat in range(players) for _ in range(HAND_SIZE)),
            draw_one=tuple((seat,) for seat in range(players)),
            after=tuple(tuple((seat + step) % players for step in range(1, players + 1))
                        for seat in range(players)),
        )
    return table


class ADosState(State):
    """A position of A dos de Chameau."""

    def __init__(self, game: Game) -> None:
        """The start: every camel in town, every card in its pile, the deal to come."""
        super().__init__(game)
        table = _table(game)
        players = table.players
        self._table = table
        self._herds: list[Herd] = [herd_of([TOWN] * CAMELS_PER_PLAYER)] * players
        """Each seat's camels."""
        self._free = _TRACK
        """Bit ``n`` set: space ``n`` of the path is empty."""
        self._hands: list[Cards] = [NO_CARDS] * players
        self._piles: list[Cards] = [table.full] * players
        self._discards: list[tuple[str, ...]] = [()] * players
        self._queue: tuple[PlayerId, ...] = table.deal
        """Seats still to draw one card each, in order; non-empty means a chance node."""
        self._turn: PlayerId = 0
        self._last: PlayerId = players - 1
        """The seat that played last; the turn passes on from it once draws are done."""
        self._end: str | None = None
        self._mover: PlayerId = CHANCE
        """The current player, kept up to date by every change (it is asked for often)."""
        self._moves: dict[Action, Move | None] | None = None
        """``move_of`` each play asked for in this position: the words and the web board
        both ask for every legal play's move, and working one out makes the play on a copy
        (a seventh of the server's CPU under load when each was worked out twice)."""

    @classmethod
    def from_position(cls, game: Game, position: ADosPosition) -> ADosState:
        """The state of a checked layout (``ADosPosition.from_data``)."""
        state = cls(game)
        state._herds = [herd_of(camels) for camels in position.camels]
        state._free = _TRACK & ~sum(herd.mask for herd in state._herds)
        state._hands = [cards_of(hand) for hand in position.hands]
        state._piles = [cards_of(pile) for pile in position.piles]
        state._discards = [tuple(cards) for cards in position.discards]
        state._queue = tuple(position.draw_queue)
        state._turn = position.turn
        state._last = position.last
        state._end = position.end
        state._mover = (TERMINAL if position.end is not None
                        else CHANCE if position.draw_queue else position.turn)
        return state

    def position(self) -> ADosPosition:
        """The saved layout of this position."""
        seats = range(self._table.players)
        return ADosPosition(
            camels=[self.camels(seat) for seat in seats],
            discards=[list(cards) for cards in self._discards],
            turn=self._turn,
            last=self._last,
            draw_queue=list(self._queue),
            end=self._end,
            hands=[list(hand.cards) for hand in self._hands],
            piles=[list(pile.cards) for pile in self._piles],
        )

    # -- positions -----------------------------------------------------------------------

    def camels(self, seat: PlayerId) -> list[int]:
        """Spaces of ``seat``'s camels, lowest first (0 = town)."""
        return list(self._herds[seat].spaces)

    def owner(self, space: int) -> PlayerId:
        """Seat of the camel on ``space`` (1..36), or -1 when empty."""
        if space != TOWN and not self._free >> space & 1:
            for seat, herd in enumerate(self._herds):
                if herd.mask >> space & 1:
                    return seat
        return EMPTY

    def hand(self, seat: PlayerId) -> list[str]:
        return list(self._hands[seat].cards)

    def pile(self, seat: PlayerId) -> list[str]:
        """The cards of ``seat``'s face-down pile, in card order (its order is not kept)."""
        return list(self._piles[seat].cards)

    def pile_size(self, seat: PlayerId) -> int:
        return self._piles[seat].size

    def discards(self, seat: PlayerId) -> list[str]:
        return list(self._discards[seat])

    @property
    def oasis_points(self) -> tuple[int, ...]:
        """Points of the oasis spaces 31..36 (option ``oasis_points``)."""
        return self._table.points

    @property
    def drawing(self) -> PlayerId | None:
        """The seat drawing at this chance node (None when it is not one)."""
        return self._queue[0] if self._queue and self._end is None else None

    @property
    def end_reason(self) -> str | None:
        return self._end

    def oasis_full(self) -> bool:
        return not self._free & _OASIS

    def leader_space(self) -> int | None:
        """The space of the camel the caravan leader jumps in front of (AD3).

        By default the most advanced camel outside the oasis (the town counts as space 0);
        with ``leader_target="any"`` the most advanced camel of all. None: the card is dead.
        """
        occupied = ~self._free & self._table.leader_spaces
        if occupied:
            return occupied.bit_length() - 1
        return TOWN if any(herd.in_town for herd in self._herds) else None

    def move_of(self, action: Play) -> Move | None:
        """The camel move a legal card play makes (None for the sandstorm).

        Worked out by making the play on a copy: the rules of movement live in ``_apply``
        alone, and what the text says of a play is what the play does.
        """
        if action.card == STORM or action.space is None:
            return None
        known = self._moves
        if known is None:
            known = self._moves = {}
        elif action in known:
            return known[action]
        known[action] = move = self._worked_out(action)
        return move

    def _worked_out(self, action: Play) -> Move:
        """``move_of`` for a play of a camel, by making it on a copy."""
        assert action.space is not None
        after = self._position_copy()
        after._apply(action)
        owner = next(seat for seat, (before, now) in
                     enumerate(zip(self._herds, after._herds, strict=True))
                     if before.spaces != now.spaces)
        before, now = self._herds[owner], after._herds[owner]
        start = action.space
        stayed = list(before.spaces)
        stayed.remove(start)
        landed = list(now.spaces)
        for space in stayed:
            landed.remove(space)
        end = landed[0]
        if action.card == LEADER:
            return Move(owner, start, end, 0)
        low, high = min(start, end), max(start, end)
        between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
        return Move(owner, start, end, (between & ~self._free).bit_count())

    # -- legal actions -------------------------------------------------------------------

    def _legal_actions(self) -> Sequence[Action]:
        """Every legal play, by card (in card order: oasis, mirage, leader, storm), then by
        camel (lowest space first); when there is none, the hand's discards (AD4)."""
        seat = self._turn
        hand = self._hands[seat]
        herd = self._herds[seat]
        free = self._free
        plays: list[Action] = []
        if hand.oasis:
            room = (free >> (herd.front + 1)).bit_count()  # the fewest ahead of its camels
            for steps, card in hand.oasis:
                if room >= steps:
                    plays += herd.plays[card]
                else:
                    table = PLAYS[card]
                    for space in herd.stands:
                        if (free >> (space + 1)).bit_count() >= steps:
                            plays.append(table[space])
        if hand.mirages:
            # Other seats' camels on 1..30: one in the oasis can never be moved back, one in
            # town has nowhere to go.
            targets = (_PATH & ~free & ~herd.mask) >> 1
            for card in hand.mirages:
                low, middle, high = _MIRAGE_PLAYS[card]
                plays += low[targets & 1023]
                plays += middle[targets >> _CHUNK & 1023]
                plays += high[targets >> 2 * _CHUNK]
        if hand.leader:
            leader = self.leader_space()
            if leader is not None and leader + 1 < OASIS_FIRST:
                plays += herd.plays[LEADER]  # it never brings a camel into the oasis
        if hand.storm:
            plays.append(STORM_PLAY)
        return plays or hand.discards

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return self._piles[self._queue[0]].outcomes

    def _chance_key(self) -> str:
        """The pile a card comes from: ``pile 2 `` and the cards it holds.

        Every seat has its own pile of the same twelve cards, so the contents alone would
        let two seats share a stream and the order of their draws decide who gets what.
        Seat and contents name a place in one shuffle: a pile's first three cards after
        every deal (the start, each sandstorm) are the same in every seat arrangement of a
        seed, and so are the later ones unless an earlier shuffle of that pile ran to the
        same cards in one arrangement only (``docs/games/a-dos-de-chameau.md``,
        "Paired seeds").
        """
        return f"pile {self._queue[0]} {super()._chance_key()}"

    def _current_player(self) -> PlayerId:
        return self._mover

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self._moves = None
        kind = type(action)
        card: str = action.card  # type: ignore[attr-defined]
        if kind is Draw:
            queue = self._queue
            seat = queue[0]
            self._piles[seat] = self._piles[seat].without[card]
            self._hands[seat] = self._hands[seat].plus[card]
            self._queue = queue[1:]
            if len(queue) == 1:
                self._advance()
            return
        seat = self._turn
        free = self._free
        if kind is Play:
            # Where the camel goes: only empty spaces count (``free`` marks them).
            effect, steps = _EFFECTS[card]
            start: int = action.space  # type: ignore[attr-defined]
            owner = seat
            if effect == _OASIS_KIND:  # forward to the steps-th empty space
                ahead = free >> (start + 1)
                for _ in range(steps - 1):
                    ahead &= ahead - 1
                end = start + (ahead & -ahead).bit_length()
            elif effect == _MIRAGE_KIND:  # back to the steps-th empty space, else the town
                behind = free & ((1 << start) - 1)
                for _ in range(steps - 1):
                    behind &= ~(1 << behind.bit_length() >> 1)
                end = behind.bit_length() - 1 if behind else TOWN
                owner = self.owner(start)
            elif effect == _LEADER_KIND:  # just ahead of the leading camel
                leader = self.leader_space()
                assert leader is not None, "a legal caravan leader has a camel to pass"
                end = leader + 1
            else:
                self._storm()
                return
            herd = self._herds[owner]
            self._herds[owner] = herd.moves.get(start << 6 | end) or herd.moved(start, end)
            free = self._free = (free | (1 << start) & _TRACK) & ~(1 << end)
        self._hands[seat] = self._hands[seat].without[card]
        self._discards[seat] += (card,)
        self._last = seat
        if not free & _OASIS:
            self._end = END_OASIS_FULL
            self._mover = TERMINAL
        elif self._piles[seat].size:
            self._queue = self._table.draw_one[seat]
            self._mover = CHANCE
        else:
            self._advance()

    def _storm(self) -> None:
        """Every player gathers all 12 cards and draws 3, seat 0 first (as at the start)."""
        table = self._table
        players = table.players
        self._hands = [NO_CARDS] * players
        self._discards = [()] * players
        self._piles = [table.full] * players
        self._last = self._turn
        self._queue = table.deal
        self._mover = CHANCE

    def _advance(self) -> None:
        """Pass the turn clockwise to the next seat holding cards (empty hands are skipped)."""
        hands = self._hands
        for seat in self._table.after[self._last]:
            if hands[seat].size:
                self._turn = self._mover = seat
                return
        self._end = END_NO_CARDS
        self._mover = TERMINAL

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        return self._queue[:1] if type(action) is Draw else None

    def _hidden_text(self, action: Action) -> str:
        return "draw ?" if isinstance(action, Draw) else str(action)

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text)

    def _why_illegal(self, action: Action) -> str | None:
        if self.is_chance():
            drawer = colour(self._queue[0])
            if isinstance(action, Draw):
                return t("{seat}'s pile holds no {card}", seat=drawer, card=action.card)
            return t("a card is being drawn by {seat}; the outcome is a 'draw CARD' action",
                     seat=drawer)
        if isinstance(action, Draw):
            return t("cards are drawn only after a card has been played")
        card = action.card if isinstance(action, Play | Discard) else ""
        hand = self._hands[self._turn].cards
        if card not in hand:
            # TRANSLATORS: {card} and the hand are the cards' notation (oasis3, leader...).
            return t("{seat} holds no {card} (hand: {hand})", seat=colour(self._turn),
                     card=card, hand=", ".join(hand))
        if isinstance(action, Discard):
            return t("a card may be discarded only when no card in hand has a legal play")
        assert isinstance(action, Play)
        return self._why_play_illegal(action)

    def _why_play_illegal(self, action: Play) -> str:
        space = action.space if action.space is not None else TOWN
        if action.card.startswith(MIRAGE_CARD):
            if space == TOWN or not space < OASIS_FIRST:
                return t("a mirage moves back a camel on spaces 1-30 (not the town or oasis)")
            if self.owner(space) == EMPTY:
                return t("no camel stands on space {space}", space=space)
            return t("a mirage moves only another player's camel")
        if space not in self._herds[self._turn].stands:
            if space == TOWN:
                return t("{seat} has no camel in town", seat=colour(self._turn))
            return t("{seat} has no camel on space {space}", seat=colour(self._turn),
                     space=space)
        if action.card == LEADER:
            if space >= OASIS_FIRST:
                return t("a camel in the oasis stays there")
            return t("the leader cannot bring a camel into the oasis")
        return t("fewer than {count} empty spaces lie ahead of space {space} before the end "
                 "of the oasis ({last})", count=card_value(action.card), space=space,
                 last=TRACK_END)

    # -- results -------------------------------------------------------------------------

    def _scores(self) -> list[float]:
        values = self._table.points
        return [float(sum(values[space - OASIS_FIRST] for space in herd.spaces
                          if space >= OASIS_FIRST)) for herd in self._herds]

    def _ranking(self) -> list[list[PlayerId]]:
        """Best total of oasis points first; equal totals share a place (the rules break
        no tie: "ties mean several winners"), so points and ranking always agree."""
        return rank_by_points(self._scores())


    # -- copies, determinisation and JSON --------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, ADosState)
        other._herds = self._herds[:]
        other._hands = self._hands[:]
        other._piles = self._piles[:]
        other._discards = self._discards[:]
        other._moves = None

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        """Deal every other seat's unseen cards (hand and pile) afresh, hand sizes kept.

        A seat knows its own twelve cards, its hand and pile, and every card played face
        up; another seat's hand is a uniform draw from its cards not yet played (as the
        sampler from the observation draws it), the rest is its pile.
        """
        hands, piles = self._hands, self._piles
        for seat in range(self._table.players):
            hand, pile = hands[seat], piles[seat]
            if seat == player or not (hand.size and pile.size):
                continue  # nothing hidden: an empty hand or pile leaves the other known
            unseen = [*hand.cards, *pile.cards]
            rng.shuffle(unseen)
            hands[seat] = cards_of(unseen[:hand.size])
            piles[seat] = cards_of(unseen[hand.size:])
        self._legal_cache = None  # the mover's hand, or the drawer's pile, may have changed
        self._legal_lookup = None

    def _to_data(self) -> JSONDict:
        return self.position().to_data()

    def _public_observation(self) -> JSONDict:
        """The table, whose turn it is, and how many cards each seat holds and has piled."""
        data = self._to_data()
        for hidden in HIDDEN_FIELDS:
            del data[hidden]
        data.update(
            current_player=self._mover,
            hand_sizes=[hand.size for hand in self._hands],
            pile_sizes=[pile.size for pile in self._piles],
            scores=self._scores(),
        )
        return data

    def _observation(self, player: PlayerId) -> JSONDict:
        data = self._public_observation()
        data.update(
            player=player,
            hand=list(self._hands[player].cards),
            pile=list(self._piles[player].cards),
        )
        return data
