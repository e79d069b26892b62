"""``camelcade play``: people against bots (or each other, hot-seat) at the terminal.

The loop is ``records.play``'s, with a person's prompt in place of some agents: the same
seed discipline (bots' ``begin`` seeds first, then one draw per chance node), so a record
made here replays exactly with ``cc.replay``. A person sees the position only through
their own seat's ``Seen`` (``describe``, ``render``, the game's prompt commands), and
others' moves only through ``describe_action(action, player=seat)`` computed before the
move is applied, so hidden draws stay hidden. Bad input never touches the state: it is checked with
``check_action`` and the error's own message (which says what is allowed) is shown.

A turn is told once (issue 14): what changed since your last turn (every other seat's
actions worded for you, runs of one event told once in the game's counted form, "Yellow
draws 3 cards."), then the position once, then how many choices you have; ``legal
[filter]`` narrows them (``cli/choices.py``). Consecutive decisions of one seat are one
turn (several actions in a row by one seat): the position is shown at its start only, and after each
action just what happened and the choices left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from camelcade.cli import choices
from camelcade.cli.hooks import Command, TerminalHooks, terminal_hooks
from camelcade.cli.render import Screen
from camelcade.core.action import Action
from camelcade.core.agent import Agent
from camelcade.core.chance import sample_chance
from camelcade.core.errors import CamelcadeError, IllegalActionError, OptionError
from camelcade.core.game import Game, State
from camelcade.core.results import place_word, result_sentence
from camelcade.core.types import PlayerId
from camelcade.core.words import and_list, group_repeats, t, tn, translate
from camelcade.i18n.commands import canonical, word
from camelcade.records import Record
from camelcade.sim.entrants import parse_entrant

HUMAN = "human"
DEFAULT_BOT = "random"
HELP_WORDS = ("help", "?")
LEGAL_WORDS = ("legal",)
BOARD_WORDS = ("board",)
QUIT_WORDS = ("quit", "exit", "q")


class Quit(Exception):
    """The person at the keyboard left (``quit``, end of input or Ctrl-C)."""


@dataclass
class Seating:
    """Who sits where: ``agents[seat]`` is a bot, or None for a person at the keyboard."""

    game: Game
    agents: list[Agent | None]

    @property
    def humans(self) -> list[PlayerId]:
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    def player_names(self) -> list[str]:
        """Names for the record: "human" or the bot's name."""
        return [HUMAN if agent is None else agent.name for agent in self.agents]


def seat_players(game: Game, seat: int, bots: Sequence[str], *, hotseat: bool) -> Seating:
    """Seat the person (or, hot-seat, everyone) and the bots for the other seats in order.

    ``bots`` names one bot per other seat, or a single bot whose kind fills them all (a
    fresh instance per seat, so seeded bots do not share a random generator), each as the
    bot lab writes it: a name with settings (``mcts:iterations=50``) or a level of the game
    (``@hard``). No names means ``random`` opponents.
    """
    if hotseat:
        if bots:
            raise OptionError(t("--hotseat seats people everywhere; it takes no --bots."))
        return Seating(game, [None] * game.players)
    if not 0 <= seat < game.players:
        raise OptionError(t("--seat must be from 0 to {last} for {players} players, not "
                            "{seat}.", last=game.players - 1, players=game.players, seat=seat))
    others = game.players - 1
    names = list(bots) or [DEFAULT_BOT]
    if len(names) == 1:
        names *= others
    if len(names) != others:
        raise OptionError(tn(
            "--bots names {count} bot, but {others} other seats need one each (or give one "
            "name for them all).", "--bots names {count} bots, but {others} other seats need "
            "one each (or give one name for them all).", len(names), others=others))
    agents: list[Agent | None] = [parse_entrant(name, game.id).build() for name in names]
    agents.insert(seat, None)
    return Seating(game, agents)


@dataclass
class PlaySession:
    """One game at the terminal; ``run`` plays it and returns the record."""

    seating: Seating
    seed: int
    screen: Screen
    record_path: Path | None = None
    hotseat: bool = False
    start: State | None = None
    """A position to start from (``--position``) instead of the game's initial state."""
    advisor: bool = False
    """Offer the game's advisor commands (``--advisor``); off by default, as in rated play.
    Only in a game against bots alone (README, "Advice"), so never with ``hotseat``."""
    hooks: TerminalHooks = field(init=False)
    commands: dict[str, Command] = field(init=False)
    actions: list[str] = field(default_factory=list)
    _pending: dict[PlayerId, list[str]] = field(default_factory=dict)
    """What each person has not been told yet, worded for them, in order."""
    _since_last_human: list[str] = field(default_factory=list)
    _at_keyboard: PlayerId | None = None
    _last_actor: PlayerId | None = None
    """The seat of the last decision (chance aside): a person whose turn goes on sees no
    position again."""
    _played: set[PlayerId] = field(default_factory=set)
    _hinted: bool = False
    _notation: str | None = None

    def __post_init__(self) -> None:
        self.hooks = terminal_hooks(self.seating.game.id)
        if self.advisor and self.hotseat:
            raise OptionError(t("--advisor gives advice only in a game against bots alone, "
                                "and --hotseat seats people everywhere; leave out one of "
                                "them."))
        self.commands = dict(self.hooks.commands)
        if self.advisor:
            self.commands.update(self.hooks.advisor_commands)
        self._pending = {seat: [] for seat in self.seating.humans}

    @property
    def game(self) -> Game:
        return self.seating.game

    # -- naming ----------------------------------------------------------------------------

    def name(self, seat: PlayerId) -> str:
        return self.hooks.seat_name(self.game, seat)

    def label(self, seat: PlayerId) -> str:
        """"Red (you)" in a one-person game, "Yellow (random)" for a bot, else "Red"."""
        agent = self.seating.agents[seat]
        if agent is not None:
            return t("{seat} ({bot})", seat=self.name(seat), bot=agent.name)
        return self.name(seat) if self.hotseat else t("{seat} (you)", seat=self.name(seat))

    # -- the game loop -----------------------------------------------------------------------

    def run(self) -> Record:
        rng = random.Random(self.seed)
        for seat, agent in enumerate(self.seating.agents):
            begin = getattr(agent, "begin", None)
            if callable(begin):
                begin(self.game, seat, rng.getrandbits(63))
        state = self.game.new_state() if self.start is None else self.start.clone()
        self._introduce()
        finished = False
        try:
            self._loop(state, rng)
            finished = True
        except (Quit, KeyboardInterrupt):
            pass
        except BaseException:
            self._save(state)  # a bot's failure must not lose the person's game
            raise
        record = self._save(state)
        if finished:
            self._show_end(state)
        else:
            self.screen.say(tn("You left the game after {count} action.",
                               "You left the game after {count} actions.", len(self.actions)))
            if self.record_path is None:
                self.screen.note(t("It was not saved; --record FILE keeps a game."))
        if self.record_path is not None:
            self.screen.say(t("Record saved to {path}; watch it again with: camelcade replay "
                              "{path}", path=self.record_path))
        return record

    def _loop(self, state: State, rng: random.Random) -> None:
        humans = self.seating.humans
        while not state.is_terminal():
            actor = state.current_player
            chance = state.is_chance()
            action: Action
            if chance:
                action = sample_chance(state, rng)
            elif self.seating.agents[actor] is None:
                action = self._human_turn(state, actor)
                self._since_last_human.clear()
            else:
                agent = self.seating.agents[actor]
                assert agent is not None
                action = agent.choose(state.view(actor))
            for seat in humans:
                if seat != actor:  # a person knows their own move; chance is nobody's
                    self._pending[seat].append(state.describe_action(action, seat))
            if self.hotseat:  # told to everyone at the end: the last moves nobody saw
                self._since_last_human.append(state.describe_action(action, None))
            state.apply(action)
            self.actions.append(str(action))
            if not chance:
                self._last_actor = actor

    # -- a person's turn ---------------------------------------------------------------------

    def _new_turn(self, seat: PlayerId) -> bool:
        """Does ``seat`` start a turn (rather than go on with one)? With one seat, every
        decision is a turn of its own."""
        return self._last_actor != seat or self.game.players == 1

    def _human_turn(self, state: State, seat: PlayerId) -> Action:
        if self.hotseat and self._at_keyboard != seat:
            self.screen.clear()
            answer = self.screen.ask(str(t(
                "Pass the keyboard to {seat}, then press Enter (or type {quit}). ",
                seat=self.name(seat), quit=word("quit"))))
            if answer is None or canonical(answer).strip().lower() in QUIT_WORDS:
                raise Quit
        self._at_keyboard = seat
        self._show_turn(state, seat, start=self._new_turn(seat))
        self._played.add(seat)
        while True:
            answer = self.screen.ask(str(t("Your move, {seat}: ", seat=self.name(seat))))
            if answer is None:
                raise Quit
            action = self._interpret(state, seat, answer)
            if action is not None:
                self.screen.say(state.describe_action(action, seat))
                return action

    def _tell(self, sentences: list[str]) -> None:
        for line in group_repeats(sentences, self.hooks.counted):
            self.screen.say(line)
        sentences.clear()

    def _show_turn(self, state: State, seat: PlayerId, *, start: bool) -> None:
        """What changed, the position (at a turn's start only), then the choices."""
        pending = self._pending[seat]
        if start:
            if pending:
                first = seat not in self._played
                self.screen.heading(t("Since the game began") if first
                                    else t("Since your last turn"))
                self._tell(pending)
            self.screen.board(state.seen(seat), self.hooks)
        else:
            self._tell(pending)  # what your last action set going: a roll, a draw
        legal = state.legal_actions()
        count = choices.count_sentence(len(legal))
        if len(legal) == 1:
            only = legal[0]
            self.screen.note(t("1 legal action: {action} — {sentence}", action=only,
                               sentence=state.describe_action(only, seat)))
        elif not self._hinted:
            self.screen.note(t("{count} Type an action (for example {example}), a number from "
                               "'{legal}', '{legal}' and a word to narrow the list (a piece, a "
                               "square, a kind of action), or '{help}'.",
                               count=count, example=legal[0], legal=word("legal"),
                               help=word("help")))
        else:
            self.screen.note(count)
        self._hinted = True

    def _interpret(self, state: State, seat: PlayerId, text: str) -> Action | None:
        """The action ``text`` chooses, or None after answering a command or an error."""
        typed = " ".join(canonical(text, self.commands).split())
        lower = typed.lower()
        first, _, rest = lower.partition(" ")
        if not typed:
            self.screen.note(t("Type an action, a number from '{legal}', or '{help}'.",
                               legal=word("legal"), help=word("help")))
        elif lower in HELP_WORDS:
            self._show_help(state)
        elif first in LEGAL_WORDS:
            self._show_legal(state, seat, rest)
        elif lower in BOARD_WORDS:
            self.screen.board(state.seen(seat), self.hooks)
        elif lower in QUIT_WORDS:
            raise Quit
        elif lower in self.commands:
            try:
                self.screen.say(self.commands[lower](state.seen(seat)))
            except CamelcadeError as error:
                self.screen.error(str(error))
        elif lower in self.hooks.advisor_commands:
            self.screen.error(self._advice_off(lower))
        elif typed.isdigit():
            legal = state.legal_actions()
            number = int(typed)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.screen.error(t(
                "there is no action number {number}; the list runs from 1 to {last} (type "
                "'{legal}' to see it)", number=number, last=len(legal), legal=word("legal")))
        else:
            try:
                return state.check_action(typed, player=seat)
            except IllegalActionError as error:
                self.screen.error(str(error))
                self.screen.note(t("Type '{legal}' for a numbered list of legal actions, or "
                                   "'{help}'.", legal=word("legal"), help=word("help")))
        return None

    def _advice_off(self, command: str) -> str:
        """Why an advisor command typed here gives no advice, and how to turn it on."""
        if self.hotseat:
            return t("{command} is advice, and a hot-seat game has none: advice is given only "
                     "in a game against bots alone.", command=command)
        return t("{command} is advice, off by default as in rated play; start the game with "
                 "--advisor to turn it on.", command=command)

    def _show_legal(self, state: State, seat: PlayerId, filter_text: str) -> None:
        seen = state.seen(seat)  # one view for every sentence of the list
        entries = [(str(action), seen.describe_action(action))
                   for action in state.legal_actions()]
        told = choices.listing(entries, filter_text)
        if told.heading is not None:
            self.screen.heading(told.heading)
        for line in told.lines:
            self.screen.say(line)

    def _show_help(self, state: State) -> None:
        example = state.legal_actions()[0]
        self.screen.heading(t("Commands"))
        saved = self.record_path is not None
        legal, board, help_, quit_ = (word(name) for name in ("legal", "board", "help", "quit"))
        lines = [
            t("An action in the game's notation, for example: {example}", example=example),
            t("A number: play that action from the '{legal}' list.", legal=legal),
            t("{legal}: your choices, numbered, each with what it does.", legal=legal),
            t("{legal} and words: only the choices with those words, for example a piece, a "
              "square, a colour or a kind of action; '{legal} {all}' lists every choice.",
              legal=legal, all=word("all")),
            t("{board}: show the position again.", board=board),
            t("{help}: show this help.", help=help_),
            t("{quit}: stop playing (the game so far is saved to the record file).", quit=quit_)
            if saved else t("{quit}: stop playing.", quit=quit_),
        ]
        for name, command in self.commands.items():
            lines.append(t("{word}: {help}", word=word(name), help=_first_line(command)))
        for name, command in self.hooks.advisor_commands.items():
            if name not in self.commands:
                lines.append(t("{word}: {help} Advice: off; start the game with --advisor to "
                               "use it.", word=word(name), help=_first_line(command)))
        for line in lines:
            self.screen.say(line)
        if self.hooks.guide is not None:
            self.screen.heading(t("How to play {game}", game=self.game.title))
            self.screen.say(self.hooks.guide(self.game))
            return
        notation = self._notation_text()
        if notation is None:
            self.screen.say(t(
                "Type actions exactly as '{legal}' shows them; 'camelcade rules {game}' "
                "explains the notation.", legal=word("legal"), game=self.game.id))
        else:
            self.screen.markdown(notation)

    def _notation_text(self) -> str | None:
        if self._notation is None:
            from camelcade.cli.rules import notation_section
            from camelcade.core.rules_docs import find_rules_doc

            path = find_rules_doc(self.game.id)
            if path is not None:
                self._notation = notation_section(path.read_text(encoding="utf-8"))
        return self._notation

    # -- start, end and the record -----------------------------------------------------------

    def _introduce(self) -> None:
        game = self.game
        self.screen.heading(tn("{game}, {count} player", "{game}, {count} players",
                               game.players, game=game.title))
        if self.hotseat:
            self.screen.say(t("Hot-seat game: every seat is played at this keyboard. Each hand "
                              "is shown only on its own turn, after the keyboard has been "
                              "passed, and the screen is cleared before each pass."))
        else:
            you = self.seating.humans[0]
            others = [self.label(seat) for seat in range(game.players) if seat != you]
            if others:
                self.screen.say(t("You are {seat}. You play against {others}.",
                                  seat=self.name(you), others=and_list(others)))
            else:
                self.screen.say(t("You are {seat}.", seat=self.name(you)))
        self.screen.note(t("Seed {seed}. Type '{help}' at your turn for the commands.",
                           seed=self.seed, help=word("help")))

    def _show_end(self, state: State) -> None:
        if self.hotseat:
            viewer = None
            last = self._since_last_human
        else:
            viewer = self.seating.humans[0]
            last = self._pending[viewer]
        if last:
            self.screen.heading(t("Since the last turn") if self.hotseat
                                else t("Since your last turn"))
            self._tell(last)
        self.screen.heading(t("The game is over"))
        self.screen.board(state.seen(viewer), self.hooks)
        scores, ranking = state.returns(), state.ranking()
        rows = [
            [self.label(seat), self.seating.player_names()[seat], f"{scores[seat]:g}",
             place_word(seat, ranking)]
            for seat in range(self.game.players)
        ]
        self.screen.table(t("Final scores"), [t("Seat"), t("Player"), t("Score"), t("Result")],
                          rows)
        names = [self.name(seat) for seat in range(self.game.players)]
        self.screen.say(t("The game is over. {result}",
                          result=result_sentence(names, ranking, scores, you=viewer)))

    def _save(self, state: State) -> Record:
        over = state.is_terminal()
        record = Record(
            game=self.game.id,
            options=self.game.options,
            players=self.seating.player_names(),
            actions=list(self.actions),
            returns=state.returns() if over else None,
            seed=self.seed,
            winners=state.winners() if over else None,
            ranking=state.ranking() if over else None,
            extra={} if self.start is None else {"start": self.start.to_json()},
        )
        if self.record_path is not None:
            try:
                record.save(self.record_path)
            except OSError as error:
                raise CamelcadeError(t("Cannot save the record to {path}: {reason}",
                                       path=repr(str(self.record_path)),
                                       reason=error.strerror)) from None
        return record


def _first_line(command: Command) -> str:
    """A command's help: the first line of its docstring."""
    doc = (command.__doc__ or "").strip().splitlines()
    return translate(doc[0]) if doc else t("a command of this game.")
