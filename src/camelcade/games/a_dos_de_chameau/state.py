"""The rules of A dos de Chameau: legal plays, their effects, draws as chance, the end.

Positions: space 0 is the town (any number of camels), 1..36 the path, 31..36 the oasis;
one camel per space outside the town. Moving counts only *empty* spaces. Each seat's
face-down pile is kept as a multiset: draws are chance nodes over the cards left, so the
"shuffle" happens one card at a time and no order is stored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.games.a_dos_de_chameau import actions as notation
from camelcade.games.a_dos_de_chameau.actions import Discard, Draw, Play
from camelcade.games.a_dos_de_chameau.spec import (
    CAMELS_PER_PLAYER,
    CARD_ORDER,
    CARD_RANK,
    COLOURS,
    HAND_SIZE,
    LEADER,
    MIRAGE_CARD,
    OASIS_CARD,
    OASIS_FIRST,
    STORM,
    TOWN,
    TRACK_END,
    card_set,
    card_value,
    sort_cards,
)

if TYPE_CHECKING:
    from camelcade.games.a_dos_de_chameau.game import ADosDeChameau

END_OASIS_FULL = "oasis-full"
END_NO_CARDS = "no-cards"
EMPTY = -1
_DRAWS = {card: Draw(card) for card in CARD_ORDER}
"""One shared action value per card: chance nodes are listed very often by searches."""


@dataclass(frozen=True, slots=True)
class Move:
    """Where a card play sends a camel: worked out once, used by rules and text alike."""

    owner: PlayerId
    start: int
    end: int
    skipped: int
    """Occupied spaces passed over (not counted)."""


class ADosState(State):
    """A position of A dos de Chameau."""

    def __init__(self, game: ADosDeChameau) -> None:
        super().__init__(game)
        players = game.players
        self._deck: Counter[str] = card_set(game.option("oasis_cards"))
        self._points: tuple[int, ...] = tuple(game.option("oasis_points"))
        self._leader_any = game.option("leader_target") == "any"
        self._board = [EMPTY] * (TRACK_END + 1)
        """Seat on each space 1..36 (index 0 unused: the town is ``_town``)."""
        self._town = [CAMELS_PER_PLAYER] * players
        self._hands: list[list[str]] = [[] for _ in range(players)]
        self._piles: list[Counter[str]] = [Counter(self._deck) for _ in range(players)]
        self._discards: list[list[str]] = [[] for _ in range(players)]
        self._queue: list[PlayerId] = [p for p in range(players) for _ in range(HAND_SIZE)]
        """Seats still to draw one card each, in order; non-empty means a chance node."""
        self._turn: PlayerId = 0
        self._last: PlayerId = players - 1
        """The seat that played last; the turn passes on from it once draws are done."""
        self._end: str | None = None

    # -- positions -----------------------------------------------------------------------

    def camels(self, seat: PlayerId) -> list[int]:
        """Spaces of ``seat``'s camels, lowest first (0 = town)."""
        on_track = [space for space in range(1, TRACK_END + 1) if self._board[space] == seat]
        return [TOWN] * self._town[seat] + on_track

    def owner(self, space: int) -> PlayerId:
        """Seat of the camel on ``space`` (1..36), or -1 when empty."""
        return self._board[space]

    def hand(self, seat: PlayerId) -> list[str]:
        return list(self._hands[seat])

    def pile_size(self, seat: PlayerId) -> int:
        return sum(self._piles[seat].values())

    def discards(self, seat: PlayerId) -> list[str]:
        return list(self._discards[seat])

    @property
    def drawing(self) -> PlayerId | None:
        """The seat drawing at this chance node (None when it is not one)."""
        return self._queue[0] if self._queue and self._end is None else None

    @property
    def end_reason(self) -> str | None:
        return self._end

    def oasis_full(self) -> bool:
        return all(self._board[s] != EMPTY for s in range(OASIS_FIRST, TRACK_END + 1))

    def leader_space(self) -> int | None:
        """The space of the camel the caravan leader jumps in front of (AD3).

        By default the most advanced camel outside the oasis (the town counts as space 0);
        with ``leader_target="any"`` the most advanced camel of all. None: the card is dead.
        """
        last = TRACK_END if self._leader_any else OASIS_FIRST - 1
        for space in range(last, 0, -1):
            if self._board[space] != EMPTY:
                return space
        return TOWN if any(self._town) else None

    def forward(self, seat: PlayerId, start: int, steps: int) -> Move | None:
        """Oasis card: ``steps`` empty spaces ahead, or None if they run out before 36."""
        skipped = 0
        for space in range(start + 1, TRACK_END + 1):
            if self._board[space] == EMPTY:
                steps -= 1
                if steps == 0:
                    return Move(seat, start, space, skipped)
            else:
                skipped += 1
        return None

    def backward(self, start: int, steps: int) -> Move:
        """Mirage card: ``steps`` empty spaces back, ending in town if they run out."""
        skipped = 0
        for space in range(start - 1, 0, -1):
            if self._board[space] == EMPTY:
                steps -= 1
                if steps == 0:
                    return Move(self._board[start], start, space, skipped)
            else:
                skipped += 1
        return Move(self._board[start], start, TOWN, skipped)

    def move_of(self, action: Play) -> Move | None:
        """The camel move a legal card play makes (None for the sandstorm)."""
        seat, space = self._turn, action.space
        if action.card == STORM or space is None:
            return None
        if action.card.startswith(OASIS_CARD):
            return self.forward(seat, space, card_value(action.card))
        if action.card.startswith(MIRAGE_CARD):
            return self.backward(space, card_value(action.card))
        leader = self.leader_space()
        assert leader is not None
        return Move(seat, space, leader + 1, 0)

    # -- legal actions -------------------------------------------------------------------

    def _own_spaces(self, seat: PlayerId) -> list[int]:
        spaces = [TOWN] if self._town[seat] else []
        spaces += [s for s in range(1, TRACK_END + 1) if self._board[s] == seat]
        return spaces

    def _plays(self, seat: PlayerId, card: str) -> list[Play]:
        if card == STORM:
            return [Play(STORM)]
        if card.startswith(OASIS_CARD):
            steps = card_value(card)
            return [
                Play(card, s) for s in self._own_spaces(seat) if self.forward(seat, s, steps)
            ]
        if card.startswith(MIRAGE_CARD):
            # A camel in the oasis can never be moved back; one in town has nowhere to go.
            return [
                Play(card, s)
                for s in range(1, OASIS_FIRST)
                if self._board[s] not in (EMPTY, seat)
            ]
        leader = self.leader_space()
        if leader is None or leader + 1 >= OASIS_FIRST:
            return []  # the leader cannot bring a camel into the oasis
        return [Play(LEADER, s) for s in self._own_spaces(seat) if s < OASIS_FIRST]

    def _legal_actions(self) -> Sequence[Action]:
        seat = self._turn
        cards = sort_cards(list(dict.fromkeys(self._hands[seat])))
        plays: list[Action] = [play for card in cards for play in self._plays(seat, card)]
        return plays or [Discard(card) for card in cards]

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        pile = self._piles[self._queue[0]]
        total = sum(pile.values())
        return [
            (_DRAWS[card], count / total)
            for card in CARD_ORDER
            if (count := pile.get(card, 0)) > 0
        ]

    def _current_player(self) -> PlayerId:
        if self._end is not None:
            return TERMINAL
        return CHANCE if self._queue else self._turn

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if isinstance(action, Draw):
            self._apply_draw(action.card)
        elif isinstance(action, Play) and action.card == STORM:
            self._apply_storm()
        elif isinstance(action, Play):
            move = self.move_of(action)
            assert move is not None
            self._place(move)
            self._after_play(action.card)
        elif isinstance(action, Discard):
            self._after_play(action.card)

    def _place(self, move: Move) -> None:
        if move.start == TOWN:
            self._town[move.owner] -= 1
        else:
            self._board[move.start] = EMPTY
        if move.end == TOWN:
            self._town[move.owner] += 1
        else:
            self._board[move.end] = move.owner

    def _after_play(self, card: str) -> None:
        seat = self._turn
        self._hands[seat].remove(card)
        self._discards[seat].append(card)
        self._last = seat
        if self.oasis_full():
            self._end = END_OASIS_FULL
            return
        if self._piles[seat]:
            self._queue.append(seat)
        else:
            self._advance()

    def _apply_storm(self) -> None:
        """Every player gathers all 12 cards and draws 3, seat 0 first (as at the start)."""
        players = self._game.players
        for seat in range(players):
            self._hands[seat].clear()
            self._discards[seat].clear()
            self._piles[seat] = Counter(self._deck)
        self._last = self._turn
        self._queue = [p for p in range(players) for _ in range(HAND_SIZE)]

    def _apply_draw(self, card: str) -> None:
        seat = self._queue.pop(0)
        pile = self._piles[seat]
        pile[card] -= 1
        if not pile[card]:
            del pile[card]
        hand = self._hands[seat]
        hand.append(card)
        hand.sort(key=CARD_RANK.__getitem__)
        if not self._queue:
            self._advance()

    def _advance(self) -> None:
        """Pass the turn clockwise to the next seat holding cards (empty hands are skipped)."""
        players = self._game.players
        for step in range(1, players + 1):
            seat = (self._last + step) % players
            if self._hands[seat]:
                self._turn = seat
                return
        self._end = END_NO_CARDS

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        return (self._queue[0],) if isinstance(action, Draw) else None

    def _hidden_text(self, action: Action) -> str:
        return "draw ?" if isinstance(action, Draw) else str(action)

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text)

    def _why_illegal(self, action: Action) -> str | None:
        if self.is_chance():
            drawer = self.colour(self._queue[0])
            if isinstance(action, Draw):
                return f"{drawer}'s pile holds no {action.card}"
            return f"a card is being drawn by {drawer}; the outcome is a 'draw CARD' action"
        if isinstance(action, Draw):
            return "cards are drawn only after a card has been played"
        card = action.card if isinstance(action, Play | Discard) else ""
        hand = self._hands[self._turn]
        if card not in hand:
            return f"{self.colour(self._turn)} holds no {card} (hand: {', '.join(hand)})"
        if isinstance(action, Discard):
            return "a card may be discarded only when no card in hand has a legal play"
        assert isinstance(action, Play)
        return self._why_play_illegal(action)

    def _why_play_illegal(self, action: Play) -> str:
        space = action.space if action.space is not None else TOWN
        if action.card.startswith(MIRAGE_CARD):
            if space == TOWN or not space < OASIS_FIRST:
                return "a mirage moves back a camel on spaces 1-30 (not the town or oasis)"
            if self._board[space] == EMPTY:
                return f"no camel stands on space {space}"
            return "a mirage moves only another player's camel"
        if space not in self._own_spaces(self._turn):
            where = "in town" if space == TOWN else f"on space {space}"
            return f"{self.colour(self._turn)} has no camel {where}"
        if action.card == LEADER:
            if space >= OASIS_FIRST:
                return "a camel in the oasis stays there"
            return "the leader cannot bring a camel into the oasis"
        return (
            f"fewer than {card_value(action.card)} empty spaces lie ahead of space {space} "
            f"before the end of the oasis ({TRACK_END})"
        )

    # -- results -------------------------------------------------------------------------

    def _scores(self) -> list[float]:
        points = [0.0] * self._game.players
        for index, space in enumerate(range(OASIS_FIRST, TRACK_END + 1)):
            seat = self._board[space]
            if seat != EMPTY:
                points[seat] += self._points[index]
        return points

    def _winners(self) -> list[PlayerId]:
        scores = self._scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def colour(self, seat: PlayerId) -> str:
        """The seat's colour name, capitalised ("Red"): camels are named, not only coloured."""
        return COLOURS[seat].capitalize()

    # -- copies and JSON -----------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, ADosState)
        other._board = list(self._board)
        other._town = list(self._town)
        other._hands = [list(hand) for hand in self._hands]
        other._piles = [Counter(pile) for pile in self._piles]
        other._discards = [list(pile) for pile in self._discards]
        other._queue = list(self._queue)

    def _public(self) -> JSONDict:
        players = range(self._game.players)
        return {
            "camels": [self.camels(seat) for seat in players],
            "discards": [list(self._discards[seat]) for seat in players],
            "turn": self._turn,
            "last": self._last,
            "draw_queue": list(self._queue),
            "end": self._end,
        }

    def _to_data(self) -> JSONDict:
        data = self._public()
        data["hands"] = [list(hand) for hand in self._hands]
        data["piles"] = [sort_cards(list(pile.elements())) for pile in self._piles]
        return data

    def _public_observation(self) -> JSONDict:
        """The table, whose turn it is, and how many cards each seat holds and has piled."""
        data = self._public()
        data.update(
            current_player=self._current_player(),
            hand_sizes=[len(hand) for hand in self._hands],
            pile_sizes=[sum(pile.values()) for pile in self._piles],
            scores=self._scores(),
        )
        return data

    def _observation(self, player: PlayerId) -> JSONDict:
        data = self._public_observation()
        data.update(
            player=player,
            hand=list(self._hands[player]),
            pile=sort_cards(list(self._piles[player].elements())),
        )
        return data

    def load_data(self, data: Any) -> None:
        """Fill this fresh state from ``to_json()["state"]``, checking every invariant."""
        from camelcade.games.a_dos_de_chameau.validate import load_position

        load_position(self, data)

    # -- text ------------------------------------------------------------------------------

    def _describe(self, player: PlayerId | None) -> str:
        from camelcade.games.a_dos_de_chameau.text import describe_state

        return describe_state(self, player)

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        from camelcade.games.a_dos_de_chameau.text import describe_action

        return describe_action(self, action, player)

