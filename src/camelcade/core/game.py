"""The two base classes every game builds on: an immutable ``Game`` and a mutable ``State``.

The template method of OpenSpiel: the public methods of :class:`State` check, once and for
every game, that the game is not over, that it is the caller's turn and that the action
is legal, and only then call the game's ``_apply``. A game therefore implements only the
in-progress case. Rules never draw random numbers: dice, card draws and setup rolls are
chance nodes whose outcomes are listed with their probabilities, and whoever drives the
game samples them.
"""

from __future__ import annotations

import copy
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, Protocol, TypeVar

from camelcade.core.action import Action
from camelcade.core.errors import (
    ActionSyntaxError,
    CamelcadeError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionError,
    StateError,
)
from camelcade.core.options import Option, Preset
from camelcade.core.seen import Seen
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.core.view import LiveView, View
from camelcade.core.words import t, tn, translate

STATE_FORMAT = "camelcade-state/1"
"""The ``format`` field of ``State.to_json()``; it changes only when the layout does."""

PROBABILITY_TOLERANCE = 1e-9

_S = TypeVar("_S", bound="State")


class Words(Protocol):
    """A game's words: its ``text`` module, declared as ``Game.words``.

    Presenters: each takes one viewer's ``Seen`` (``camelcade.core.seen``), never the true
    state. ``State.describe`` and ``describe_action`` make the ``Seen`` and call them, so
    ``state.py`` never imports its text module (which imports the state), and no game has
    an import cycle.
    """

    def describe_state(self, seen: Seen[Any], /) -> str: ...

    def describe_action(self, seen: Seen[Any], action: Any, /) -> str: ...


class Game(ABC):
    """A game with its options fixed: immutable, comparable, cheap to pass around."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    presets: ClassVar[tuple[Preset, ...]] = ()
    """Named ways to play from the rulebook, the first the standard one (forms offer them
    before the single options)."""
    perfect_information: ClassVar[bool] = False
    rules_version: ClassVar[int] = 1
    words: ClassVar[Words | None] = None
    """The game's text module (``describe_state``, ``describe_action``), set in its game.py."""
    """Changes only when the rules' behaviour does (pgx's habit): records carry it, and a
    record of another version replays with a warning, or is refused saying why."""

    def __init__(self, players: int | str | None = None, **options: Any) -> None:
        self._players = self._check_players(players)
        known = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise OptionError(tn(
                "{game} has no option {unknown}; its options are: {allowed}",
                "{game} has no options {unknown}; its options are: {allowed}", len(unknown),
                game=self.title, unknown=", ".join(repr(u) for u in unknown),
                allowed=", ".join(["players", *known])))
        values: JSONDict = {"players": self._players}
        for spec in self.option_specs:
            raw = options.get(spec.name, spec.default)
            try:
                values[spec.name] = spec.check(raw)
            except ValueError as error:
                raise OptionError(t(
                    "{game} option {name}={value} is not allowed: {why}; allowed: {allowed}",
                    game=self.title, name=spec.name, value=repr(raw), why=error,
                    allowed=translate(spec.allowed))) from None
        self._options = values
        self._key = json.dumps(values, sort_keys=True)
        self._validate_options()

    def _check_players(self, players: int | str | None) -> int:
        if players is None:
            return self.default_players
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players.strip())
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(t(
                "{game}: players must be a whole number from {low} to {high}, got {value}",
                game=self.title, low=self.min_players, high=self.max_players,
                value=repr(players)))
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:  # never "by 2 to 2 players"
                raise OptionError(tn("{game} is played by {count} player, not {given}",
                                     "{game} is played by {count} players, not {given}",
                                     self.min_players, game=self.title, given=players))
            raise OptionError(t("{game} is played by {low} to {high} players, not {count}",
                                game=self.title, low=self.min_players, high=self.max_players,
                                count=players))
        return players

    def _validate_options(self) -> None:
        """Hook for checks that involve several options together (none by default)."""
        return None

    @classmethod
    def saved_options(cls, options: JSONDict) -> JSONDict:
        """Options saved by any version of this game, completed as that version played.

        Saved options (records, saved states, a server's matches) always hold every option
        the game had then. When a later version adds an option whose default changes
        behaviour, a saved set without it meant the old behaviour: a game overrides this to
        fill it in (Camel Drive's ``start_rotation``), so old records replay as played.
        """
        return dict(options)

    @classmethod
    def load_saved(cls, options: JSONDict) -> Game:
        """The game of saved ``options`` (see ``saved_options``); bad ones raise OptionError."""
        return cls(**cls.saved_options(options))

    @property
    def players(self) -> int:
        """Number of seats in this game."""
        return self._players

    @property
    def options(self) -> JSONDict:
        """Every option with its default filled in, ``players`` included (a fresh copy)."""
        return json.loads(self._key)  # type: ignore[no-any-return]

    def option(self, name: str) -> Any:
        """One option's value (no copy: treat it as read-only)."""
        return self._options[name]

    @abstractmethod
    def new_state(self) -> State:
        """The initial state; it may be a chance node (dealing, setup rolls)."""

    def _state_from_data(self, data: Any) -> State:
        """Build a state from its ``to_json()["state"]`` part; raise ``StateError`` if bad.

        By default, for a state whose position is its public attributes (the default
        ``_to_data``): a new state given ``data``'s values, each of the type the new
        state's attribute has (a game with more to check, or a richer position, writes
        its own).
        """
        state = self.new_state()
        fields = vars(state)
        expected = {name for name in fields if not name.startswith("_")}
        if not isinstance(data, dict) or set(data) != expected:
            raise StateError(f"a {self.id} position has exactly the fields "
                             f"{', '.join(sorted(expected))}")
        for name in sorted(expected):
            value, kind = data[name], type(fields[name])
            if type(value) is not kind and not (value is None or fields[name] is None):
                raise StateError(f"{name} of a {self.id} position must be of type "
                                 f"{kind.__name__}, got {type(value).__name__}")
            setattr(state, name, json.loads(json.dumps(value)))  # shares nothing with data
        return state

    def _sample_state(self, observation: JSONDict, player: PlayerId, rng: random.Random) -> State:
        """A full state consistent with ``observation``; hidden parts drawn from ``rng``.

        The path from an observation alone (a ``View`` built from data a server sent); a
        ``View`` of a live state uses ``determinize`` instead, which is much cheaper. A
        perfect-information game has nothing hidden: by default its observation is its
        whole position, read back with ``_state_from_data``.
        """
        _perfect_only(self, "_sample_state")
        return self._state_from_data(observation)

    def determinize(self, state: State, player: PlayerId, rng: random.Random) -> State:
        """A copy of ``state`` with everything ``player`` cannot see redrawn from ``rng``.

        It costs about a clone (no JSON round trip): the copy shares nothing with ``state``,
        keeps ``observation(player)`` and ``public_observation()``, and has an empty history,
        since the true history would name what was hidden. Perfect-information games
        return a plain copy. Engines and the server use it; a bot gets only a ``View``.
        """
        if state.game != self:
            raise CamelcadeError(f"determinize() got a state of {state.game!r}, not of {self!r}")
        seat = state._check_player(player)
        sample = state._position_copy()
        sample._resample(seat, rng)
        # The copy's cached legal actions are the true position's: the mover's real hand.
        sample._legal_cache = None
        sample._legal_lookup = None
        return sample

    def state_from_json(self, data: Any) -> State:
        """The inverse of ``State.to_json()``: rejects malformed data with ``StateError``."""
        if not isinstance(data, dict):
            raise StateError(f"a saved state is a JSON object, got {type(data).__name__}")
        if data.get("format") != STATE_FORMAT:
            raise StateError(
                f"unknown state format {data.get('format')!r}; expected {STATE_FORMAT!r}"
            )
        if data.get("game") != self.id:
            raise StateError(f"this state is for game {data.get('game')!r}, not {self.id!r}")
        saved = data.get("options")
        if not isinstance(saved, dict) or type(self).saved_options(saved) != self.options:
            raise StateError(
                f"this state was saved with options {data.get('options')!r}; "
                f"this game has {self.options!r}"
            )
        history, seen_by = data.get("history"), data.get("seen_by")
        if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
            raise StateError("'history' must be a list of action texts")
        if not isinstance(seen_by, list) or len(seen_by) != len(history):
            raise StateError("'seen_by' must be a list as long as 'history'")
        state = self._state_from_data(data.get("state"))
        try:
            state._history = [state.parse_action(text) for text in history]
        except ActionSyntaxError as error:
            raise StateError(f"bad action in 'history': {error}") from None
        for index, item in enumerate(seen_by):
            seen = _seen_from_json(item, self.players)
            if seen is not None:
                state._seen_by[index] = seen
        return state

    def _words(self) -> Words:
        """The game's presenters in words (``Game.words``)."""
        words = type(self).words
        if words is None:
            raise NotImplementedError(f"{self.id} declares no words (Game.words)")
        return words

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.id, self._key) == (other.id, other._key)

    def __hash__(self) -> int:
        return hash((self.id, self._key))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"cc.load({self.id!r}, {args})"


def _seen_from_json(item: Any, players: int) -> tuple[PlayerId, ...] | None:
    if item is None:
        return None
    if isinstance(item, list) and all(
        isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players for p in item
    ):
        return tuple(item)
    raise StateError(f"'seen_by' entries are null or lists of seats, got {item!r}")


class State(ABC):
    """A position. Mutable through ``apply``; ``clone`` and ``child`` give independent copies.

    Subclasses implement the underscored hooks for the in-progress case only, and copy
    their own mutable containers in ``_copy_into``.
    """

    def __init__(self, game: Game) -> None:
        self._game = game
        self._history: list[Action] = []
        self._seen_by: dict[int, tuple[PlayerId, ...]] = {}
        """Who saw each hidden action, by its index in the history (most are public)."""
        self._legal_cache: tuple[Action, ...] | None = None
        self._legal_lookup: tuple[tuple[Action, ...], frozenset[Action]] | None = None
        """The legal actions as a set, for parsed text, with the tuple it was made from."""
        self._texts: dict[PlayerId | None, list[str]] = {}
        """Each viewer's history text so far, extended only when asked for (never rebuilt)."""
        self._live: list[State | None] | None = None
        """The one cell every view handed out for this position reads it through (None:
        no view yet). Changing the position empties the cell, so they all lapse at once."""

    # -- hooks a game implements -------------------------------------------------------

    @abstractmethod
    def _current_player(self) -> PlayerId:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[Action]:
        """Legal actions of the current seat (never called at chance or terminal nodes)."""

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Outcomes and probabilities (called only at chance nodes; a game without chance
        never has one)."""
        raise NotImplementedError(f"{self._game.id} has a chance node but no outcomes")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already checked to be legal."""

    @abstractmethod
    def _parse_action(self, text: str) -> Action:
        """Parse canonical notation; raise ``ActionSyntaxError`` saying what is expected."""

    @abstractmethod
    def _scores(self) -> list[float]:
        """Points so far, one per seat."""

    def _observation(self, player: PlayerId) -> JSONDict:
        """All that ``player`` may see and nothing else, JSON-safe.

        By default, in a perfect-information game, the whole position (``_to_data``); a
        game with hidden information must write its own.
        """
        _perfect_only(self._game, "_observation")
        return self._to_data()

    def _public_observation(self) -> JSONDict:
        """What someone at no seat may see: only what every seat knows.

        Spectators get it. The conformance suite resamples the hidden part of the position
        from each seat's view and requires the same answer. By default, in a
        perfect-information game, the whole position.
        """
        _perfect_only(self._game, "_public_observation")
        return self._to_data()

    def _to_data(self) -> JSONDict:
        """The complete position (not the history), JSON-safe.

        By default the state's public attributes (those not starting with ``_``), which
        must then be plain JSON data: numbers, text, lists and dicts of them.
        """
        return {name: value for name, value in vars(self).items() if not name.startswith("_")}

    def _copy_into(self, other: State) -> None:
        """Give ``other`` (a shallow copy of self) its own mutable containers.

        By default a deep copy of each public attribute that is a list, dict or set (a
        game copying in its hot loop writes a faster one)."""
        for name, value in vars(self).items():
            if not name.startswith("_") and isinstance(value, list | dict | set):
                setattr(other, name, copy.deepcopy(value))


    def _describe(self, player: PlayerId | None) -> str:
        """The position in words for ``player``, for a game that declares no ``words``.

        Called only on a ``Seen``'s redrawn copy (``camelcade.core.seen``), never on the
        true state, so it reads nothing ``player`` may not see.
        """
        raise NotImplementedError(f"{self._game.id} declares no words (Game.words)")

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        """What a legal ``action`` does, for ``player``, for a game that declares no
        ``words``; called only on a ``Seen``'s redrawn copy, as ``_describe``."""
        raise NotImplementedError(f"{self._game.id} declares no words (Game.words)")

    def _ranking(self) -> list[list[PlayerId]]:
        """The seats at a terminal state, grouped best first, every tie-break applied.

        By default ``rank_by_points`` of the scores: a game whose only tie-break is "the
        tie stands".
        """
        return rank_by_points(self._scores())

    def _returns(self) -> list[float]:
        """Final result per seat; by default the game's own points."""
        return self._scores()

    def _chance_key(self) -> str:
        """What this chance node draws from, as stable text: the stream of paired seeds.

        A tournament gives every chance node the uniform number of (match seed, this key,
        how many draws this key has had before in the game), so seat arrangements of one
        seed draw the same outcomes wherever they draw from the same thing, however the
        players' choices moved the draws around. The default names the distribution
        itself (every outcome with its probability, in the listed order): the same dice
        left in a pyramid, or the same cards left in a pile, are the same stream. A game
        refines it to the physical source when several sources can hold the same things
        ("pile of seat 2", "camel 3's deck"). Called only at chance nodes.
        """
        return _outcomes_key(tuple(self._chance_outcomes()))

    def _seen_by_hook(self, action: Action) -> tuple[PlayerId, ...] | None:
        """Seats that see ``action`` (about to be applied); None means everyone."""
        return None

    def _hidden_text(self, action: Action) -> str:
        """What seats that do not see ``action`` are told of it."""
        return "?"

    def _why_illegal(self, action: Action) -> str | None:
        """Optional game-specific reason an action is illegal here."""
        return None

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        """Redraw, in this copy, everything ``player`` cannot see (``Game.determinize``).

        Nothing to redraw in a perfect-information game. A game with hidden information
        redraws others' hands, face-down bets and the order of what is still to be drawn,
        from what the seat can infer, and must keep ``observation(player)`` unchanged.
        """
        return None

    # -- public API ----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game (and options) this state belongs to."""
        return self._game

    @property
    def current_player(self) -> PlayerId:
        """Seat to move, ``CHANCE`` (-1) at a chance node, ``TERMINAL`` (-2) when over."""
        return self._current_player()

    def is_chance(self) -> bool:
        return self._current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self._current_player() == TERMINAL

    def legal_actions(self) -> list[Action]:
        """Legal actions; at a chance node its outcomes; empty if and only if terminal."""
        return list(self._legal())

    def _legal(self) -> tuple[Action, ...]:
        legal = self._legal_cache
        if legal is None:
            player = self._current_player()
            if player == TERMINAL:
                legal = ()
            elif player == CHANCE:
                legal = tuple(action for action, _ in self._chance_outcomes())
            else:
                legal = tuple(self._legal_actions())
            self._legal_cache = legal
        return legal

    def _is_listed(self, action: Action) -> bool:
        """Whether ``action`` is legal here: by identity with the state's own list first
        (an action a bot took from it), else by hash lookup (text parsed anew)."""
        legal = self._legal()
        for listed in legal:  # a plain loop: the fastest identity scan in CPython 3.11
            if listed is action:
                return True
        lookup = self._legal_lookup
        if lookup is None or lookup[0] is not legal:
            lookup = self._legal_lookup = (legal, frozenset(legal))
        try:
            return action in lookup[1]
        except TypeError:  # not hashable, so not an action: the full check says what it is
            return False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: ``(outcome, probability)`` pairs whose probabilities sum to 1."""
        if not self.is_chance():
            raise CamelcadeError(
                f"chance_outcomes() is only defined at a chance node; "
                f"the current player is {self._current_player()}"
            )
        return list(self._chance_outcomes())

    def chance_key(self) -> str:
        """At a chance node: what it draws from, as stable text (see ``_chance_key``)."""
        if not self.is_chance():
            raise CamelcadeError(
                f"chance_key() is only defined at a chance node; "
                f"the current player is {self._current_player()}"
            )
        return self._chance_key()

    def parse_action(self, text: str) -> Action:
        """Parse action notation (the inverse of ``str(action)``); raises ActionSyntaxError."""
        if not isinstance(text, str):
            raise ActionSyntaxError(f"action text must be a string, got {type(text).__name__}")
        cleaned = " ".join(text.split())
        if not cleaned:
            raise ActionSyntaxError(t("empty action text; type an action such as those listed"))
        return self._parse_action(cleaned)

    def _resolve(self, action: Action | str) -> Action:
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise ActionSyntaxError(
                f"expected an action or its text, got {type(action).__name__}: {action!r}"
            )
        return action

    def check_action(self, action: Action | str, *, player: PlayerId | None = None) -> Action:
        """Parse and check ``action`` for ``player`` without applying it; return the Action."""
        current = self._current_player()
        if current == TERMINAL:
            raise GameOverError(t("the game is over; '{action}' cannot be played",
                                  action=str(action)))
        if player is not None and player != current:
            if current == CHANCE:
                raise NotYourTurnError(t("it is not seat {seat}'s turn; chance is to act",
                                         seat=player))
            raise NotYourTurnError(t("it is not seat {seat}'s turn; seat {current} is to act",
                                     seat=player, current=current))
        resolved = action if isinstance(action, Action) else self._resolve(action)
        if not self._is_listed(resolved):
            raise IllegalActionError(self._illegal_message(resolved))
        return resolved

    def _illegal_message(self, action: Action) -> str:
        """Why ``action`` is refused and what is legal instead, in the current language
        (the notation stays notation)."""
        legal = self._legal()
        reason = self._why_illegal(action) or t("not legal in this position")
        shown = ", ".join(str(a) for a in legal[:12])
        if len(legal) > 12:
            # TRANSLATORS: the first 12 legal actions, then a sign that more follow.
            shown = t("{actions}, ...", actions=shown)
        return t("illegal action '{action}': {reason}; legal now: {legal}",
                 action=str(action), reason=reason, legal=shown)

    def apply(
        self, action: Action | str, *, player: PlayerId | None = None, check: bool = True
    ) -> None:
        """Apply a legal action (or its text). On any error the state is left unchanged.

        ``player``, when given, is the seat claiming to act: a mismatch raises
        ``NotYourTurnError`` (the server and the terminal pass it; bots and searches need not).

        ``check=False`` is the fast path (python-chess's ``push`` beside ``push_san``) for
        an ``Action`` taken from this very state's ``legal_actions()`` or
        ``chance_outcomes()``: searches, playouts, replays of trusted records. Nothing is
        parsed or checked, so anything else there is undefined behaviour.
        """
        resolved = action
        if check:
            # The common case — an action a bot took from the listed ones — is found by
            # identity here; anything else goes through the full check and its messages.
            listed = player is None and type(action) is not str and (
                self._current_player() != TERMINAL)
            if listed:
                for legal in self._legal_cache or self._legal():
                    if legal is action:
                        break
                else:
                    listed = False
            if not listed:
                resolved = self.check_action(action, player=player)
        seen = self._seen_by_hook(resolved)  # type: ignore[arg-type]
        self._apply(resolved)  # type: ignore[arg-type]
        history = self._history
        if seen is not None:
            self._seen_by[len(history)] = seen
        history.append(resolved)  # type: ignore[arg-type]
        self._legal_cache = None
        if self._live:
            self._lapse_views()

    def _lapse_views(self) -> None:
        """Every view of the position just left lapses: their shared cell is emptied."""
        cell = self._live
        if cell is not None:
            cell[0] = None
            self._live = None

    def child(self: _S, action: Action | str) -> _S:
        """A new state with ``action`` applied; ``self`` is unchanged."""
        new = self.clone()
        new.apply(action)
        return new

    def playout(self, rng: random.Random, limit: int | None = None) -> int:
        """Play on with uniformly random legal actions, chance drawn by its probabilities,
        until the end or ``limit`` more actions; returns how many were played.

        The rollout of a Monte Carlo search, done once on the game's own hooks (no
        per-step checks, copies or views), exactly as ``apply(a, check=False)`` with
        ``a`` drawn from ``legal_actions()`` / ``chance_outcomes()`` would: the history
        grows the same way. In the generic loop (``_playout``, the reference) a choice
        among ``n`` actions is ``floor(u * n)`` for one ``u = rng.random()``, a chance
        outcome the first whose running probability exceeds ``u`` (as ``sample_chance``).
        A game may run the loop itself (hook ``_playout``) when that is faster. What every
        loop guarantees is the distribution: each legal action with probability ``1/n``,
        each chance outcome with its own, every step applied as ``apply`` would. A game's
        loop may draw its uniformly random legal action its own way (Kamelen samples
        animal and leap by rejection), and then plays other actions than the generic loop
        from the same numbers: such a game says so and tests its pick for uniformity.
        """
        played = self._playout(rng, -1 if limit is None else limit)
        self._legal_cache = None
        self._legal_lookup = None
        if self._live:
            self._lapse_views()
        return played

    def _playout(self, rng: random.Random, limit: int) -> int:
        """The loop of ``playout`` (``limit`` -1: no limit), on the game's hooks.

        This is the reference. A game that overrides it (to read its own representation
        in tight local code, the searches' hot path) grows the history the same way and
        either plays the same actions from the same ``rng.random()`` calls in the same
        order (its tests compare the two over many random positions) or, where a draw of
        its own is faster, picks each legal action with the same probability ``1/n``, says
        so in its docstring, and tests every step's legality and the pick's uniformity
        (``tests/playout_support.py``). Caches and views are the caller's (``playout``)
        to reset.
        """
        uniform = rng.random
        current, legal, outcomes = self._current_player, self._legal_actions, self._chance_outcomes
        apply, seen_by_hook = self._apply, self._seen_by_hook
        hides = type(self)._seen_by_hook is not State._seen_by_hook
        history, seen_by = self._history, self._seen_by
        push = history.append
        played = 0
        while played != limit:
            mover = current()
            if mover >= 0:
                actions = legal()
                action = actions[int(uniform() * len(actions))]
            elif mover == CHANCE:
                point, total = uniform(), 0.0
                listed = outcomes()
                action = listed[-1][0]
                for outcome, probability in listed:
                    total += probability
                    if point < total:
                        action = outcome
                        break
            else:
                break
            if hides and (seen := seen_by_hook(action)) is not None:
                seen_by[len(history)] = seen
            apply(action)
            push(action)
            played += 1
        return played

    def undo(self) -> Action:
        """Take back the last action and return it: the state is exactly as before it.

        Make/unmake for searches and perft, where a copy per node costs more. The game
        takes back its own position (hook ``_undo``) or raises ``CamelcadeError`` saying
        why it cannot, leaving the state unchanged; the history, what each seat saw and
        the caches are taken back here.
        """
        if not self._history:
            raise CamelcadeError("there is no action to undo: the history is empty")
        action = self._history[-1]
        self._undo(action)
        self._history.pop()
        self._seen_by.pop(len(self._history), None)
        if self._texts:
            self._texts = {}  # a new list, so views that read the old one keep it intact
        self._legal_cache = None
        self._legal_lookup = None
        if self._live:
            self._lapse_views()
        return action

    def _undo(self, action: Action) -> None:
        """Take back ``action``, the last one applied, in the game's own position."""
        raise CamelcadeError(f"{self._game.id} cannot take back actions")

    def clone(self: _S) -> _S:
        """An independent copy."""
        new = self._position_copy()
        new._history = list(self._history)
        new._seen_by = dict(self._seen_by)
        new._texts = {viewer: list(texts) for viewer, texts in self._texts.items()}
        return new

    def _position_copy(self: _S) -> _S:
        """A copy of the position with an empty history (what ``determinize`` starts from).

        Attributes are set one by one rather than by updating the new object's
        ``__dict__``: CPython then keeps them in the object's fast inline storage, and a
        rollout on the copy reads them often (a quarter faster in A dos de Chameau).
        """
        new = object.__new__(type(self))
        setter = object.__setattr__
        for name, value in vars(self).items():
            setter(new, name, value)
        if hasattr(type(self), "__slots__"):
            for cls in type(self).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(self, name) and name not in ("__dict__", "__weakref__"):
                        setter(new, name, getattr(self, name))
        new._history = []
        new._seen_by = {}
        new._texts = {}
        new._live = None
        self._copy_into(new)
        return new

    @property
    def history(self) -> list[Action]:
        """Every action applied since the initial state (or the loaded position)."""
        return list(self._history)

    def history_for(self, player: PlayerId | None, start: int = 0) -> list[str]:
        """The history as ``player`` saw it: actions hidden from that seat are redacted.

        Entries never change once written, so each viewer's text is kept and only extended
        by the actions since it was last asked for, and a caller that keeps the list asks
        only for the entries from ``start`` on: nothing is rebuilt as the game grows.
        """
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise CamelcadeError(f"start must be a history index of 0 or more, got {start!r}")
        return self._history_text(player)[start:]

    def _history_text(self, player: PlayerId | None) -> list[str]:
        texts = self._texts.get(player)
        if texts is None:
            texts = self._texts[player] = []
        done = len(texts)
        if done < len(self._history):
            hidden, seen_by = self._hidden_text, self._seen_by
            texts.extend(
                str(action) if (seen := seen_by.get(index)) is None or player in seen
                else hidden(action)
                for index, action in enumerate(self._history[done:], done)
            )
        return texts

    def scores(self) -> list[float]:
        """Points so far, one float per seat."""
        return [float(s) for s in self._scores()]

    def returns(self) -> list[float]:
        """The final result per seat (the game's own points); only at a terminal state.

        Points may hide a tie-break: rank seats with ``ranking()``, not by these.
        """
        self._require_terminal("returns")
        return [float(r) for r in self._returns()]

    def ranking(self) -> list[list[PlayerId]]:
        """At the end: the seats grouped best first, ties in one group, all tie-breaks
        applied (``[[2], [1, 3], [0]]``). Tournaments, ratings and rewards read this."""
        self._require_terminal("ranking")
        groups = [sorted(group) for group in self._ranking() if group]
        seats = [seat for group in groups for seat in group]
        if sorted(seats) != list(range(self._game.players)):
            raise CamelcadeError(
                f"{self._game.id} ranked {groups}, which does not name every seat once"
            )
        return groups

    def winners(self) -> list[PlayerId]:
        """The winning seats: the first group of ``ranking()`` (several on a shared win)."""
        return self.ranking()[0]

    def _require_terminal(self, what: str) -> None:
        if not self.is_terminal():
            raise CamelcadeError(f"{what}() is defined once the game is over; it is still going")

    def _check_player(self, player: Any) -> PlayerId:
        if isinstance(player, bool) or not isinstance(player, int):
            raise CamelcadeError(f"player must be a seat number, got {player!r}")
        if not 0 <= player < self._game.players:
            raise CamelcadeError(
                f"no seat {player}: this game has seats 0 to {self._game.players - 1}"
            )
        return player

    def observation(self, player: PlayerId) -> JSONDict:
        """JSON-safe dict of all that seat may see, nothing it may not."""
        return self._observation(self._check_player(player))

    def public_observation(self) -> JSONDict:
        """JSON-safe dict of what a spectator may see: only what every seat knows."""
        return self._public_observation()

    def view(self, player: PlayerId) -> View:
        """What a bot in ``player``'s seat is given: never the true state.

        Making one costs the same however long the game has run: its observation and
        history are read from this position only if the bot asks for them, before the
        position changes (after that the view has lapsed; see ``View``).
        """
        if type(player) is not int or not 0 <= player < self._game._players:
            player = self._check_player(player)
        current = self._current_player()
        return LiveView(self, player, current, self._legal() if current == player else ())

    def to_json(self) -> JSONDict:
        """The complete state as JSON; ``game.state_from_json(s.to_json()) == s``."""
        return {
            "format": STATE_FORMAT,
            "game": self._game.id,
            "options": self._game.options,
            "history": [str(a) for a in self._history],
            "seen_by": [None if (s := self._seen_by.get(i)) is None else list(s)
                        for i in range(len(self._history))],
            "state": self._to_data(),
        }

    def seen(self, player: PlayerId | None = None) -> Seen[Any]:
        """What ``player`` (None: a spectator) may know of this position, for presenters:
        the words, the boards, the tensors (``camelcade.core.seen``)."""
        return Seen(self, player)

    def describe(self, player: PlayerId | None = None) -> str:
        """Plain-language text of the position as ``player`` sees it (None: public): the
        game's ``words.describe_state`` of ``seen(player)``."""
        return Seen(self, player).describe()

    def describe_action(self, action: Action | str, player: PlayerId | None = None) -> str:
        """One sentence: what the legal ``action`` does here (as ``player`` may know it):
        the game's ``words.describe_action`` with ``seen(player)``."""
        resolved = self.check_action(action)
        return Seen(self, player).describe_action(resolved)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._game!r} after {len(self._history)} actions>"

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture of the position: the game's accessible web board
        (``WebSlot.layout``) drawn as plain SVG, as a spectator sees it; None, and so the
        text, for a game that declares no layout. Plain Python, imported on first use."""
        from camelcade.core.board_svg import board_svg

        return board_svg(self)


@lru_cache(maxsize=4096)
def _outcomes_key(outcomes: tuple[tuple[Action, float], ...]) -> str:
    """The default chance key: every outcome's text and probability (cached, since most
    games list the same few distributions again and again)."""
    return " ".join(f"{action}={probability:.12g}" for action, probability in outcomes)


def _perfect_only(game: Game, hook: str) -> None:
    """Refuse a default that is right only when nothing is hidden."""
    if not type(game).perfect_information:
        raise NotImplementedError(f"{game.id} hides information: it must write {hook}, "
                                  "or declare perfect_information = True")


def rank_by_points(points: Sequence[float], seats: Sequence[PlayerId] | None = None
                   ) -> list[list[PlayerId]]:
    """``seats`` (by default all) grouped by ``points``, most first; equal points share a
    group. The ranking of a game whose only tie-break is "the tie stands"."""
    chosen = range(len(points)) if seats is None else seats
    groups: dict[float, list[PlayerId]] = {}
    for seat in chosen:
        groups.setdefault(points[seat], []).append(seat)
    return [sorted(groups[value]) for value in sorted(groups, reverse=True)]
