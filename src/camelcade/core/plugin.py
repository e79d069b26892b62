"""The one manifest a game registers: everything the rest of camelcade needs to know of it.

A game's folder holds everything about the game; its ``plugin.py`` declares a
:class:`GamePlugin` naming the game class, its bots and levels, its terminal renderer and
prompt commands, its command-line tools, its position notation, its browser board and its
encoding for learning agents. The game-agnostic packages (core, bots, cli, sim, server)
read only this manifest and never name a game, so a new game — the test suite's toy, or a
third party's package — plugs in without an edit outside its folder.

Every code slot is a :class:`Ref`, the text ``"package.module:attribute"``, imported only
when first used: ``import camelcade`` and ``camelcade --help`` stay fast however many games
are installed, and a command that never draws a board never imports rich.

Each slot says what it names: a ``Protocol`` below (``Renderer``, ``BotFactory``, ...),
so the code that loads a slot is type-checked against it, and
``camelcade.core.conformance.check_plugin`` loads every slot of a manifest and checks the
loaded object against the same protocol (the arguments it is called with, or its type).
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from camelcade.core.words import N_

if TYPE_CHECKING:
    from camelcade.core.action import Action
    from camelcade.core.agent import Agent
    from camelcade.core.data import DataShelf
    from camelcade.core.encoding import GameEncoding
    from camelcade.core.game import Game, State
    from camelcade.core.seen import Seen
    from camelcade.core.types import PlayerId
    from camelcade.core.words import Counted

T = TypeVar("T", covariant=True)

_LOADED: dict[str, Any] = {}


@dataclass(frozen=True)
class Ref(Generic[T]):
    """An object named by ``"package.module:attribute"`` text and imported on first use."""

    target: str

    def __post_init__(self) -> None:
        module, colon, attribute = self.target.partition(":")
        if not (module and colon and attribute):
            raise ValueError(f"a reference looks like 'package.module:name', got {self.target!r}")

    @property
    def module(self) -> str:
        return self.target.partition(":")[0]

    def load(self) -> T:
        """The object itself (imported once, then cached)."""
        found: Any = _LOADED.get(self.target)
        if found is None:
            module, _, attribute = self.target.partition(":")
            found = importlib.import_module(module)
            for part in attribute.split("."):
                found = getattr(found, part)
            _LOADED[self.target] = found
        return cast(T, found)


# -- what each slot names ----------------------------------------------------------------
# Parameters are positional-only: a game names them as it likes; ``check_plugin`` checks
# that the loaded object takes these arguments (and needs no others).


class Command(Protocol):
    """A word typed at the terminal prompt: gets the asking seat's ``Seen`` (never the true
    state: ``camelcade.core.seen``), returns text to print."""

    def __call__(self, seen: Seen[Any], /) -> str: ...


class Renderer(Protocol):
    """Draws the position as a seat (a spectator: role None) may see it, from its ``Seen``,
    as a rich renderable."""

    def __call__(self, seen: Seen[Any], /) -> Any: ...


class SeatNamer(Protocol):
    """How a seat is called in prompts and results ("Red", "South")."""

    def __call__(self, game: Game, seat: PlayerId, /) -> str: ...


class PositionParser(Protocol):
    """Builds a state from the game's one-line position notation (``play --position``)."""

    def __call__(self, game: Game, text: str, /) -> State: ...


class BotFactory(Protocol):
    """A bot class (or factory) built from its keyword settings alone, every one with a
    default (``cc.bots.load(name, **settings)``)."""

    def __call__(self, **settings: Any) -> Agent: ...


class WebLayout(Protocol):
    """The accessible board a seat (a spectator: role None) sees, from its ``Seen``, and
    the cells each legal action touches: ``{"board": ..., "actions": {action text: [cell
    ids]}}`` (``docs/web.md``)."""

    def __call__(self, seen: Seen[Any], /) -> Mapping[str, Any]: ...


class EvaluatorFactory(Protocol):
    """Makes a ``camelcade.bots.evaluators.Evaluator`` for a game (the bots check the
    type: the core does not know the bots)."""

    def __call__(self, game: Game, /) -> object: ...


class Grouping(Protocol):
    """An action's group for the tree searches: any hashable key (the camel that moves)."""

    def __call__(self, action: Action, /) -> Hashable: ...


class Guide(Protocol):
    """Help written for players of ``game``: how pieces move, what actions do, examples."""

    def __call__(self, game: Game, /) -> str: ...


class EncodingFactory(Protocol):
    """The learning encoding (``camelcade.core.encoding.GameEncoding``) of a game's variant."""

    def __call__(self, game: Game, /) -> GameEncoding: ...


class BalanceProbe(Protocol):
    """A designer's probe: sees every step of each game, sums it up, then gives figures."""

    def step(self, state: State, action: Action, /) -> None: ...

    def finish(self, state: State, /) -> Mapping[str, float | Sequence[float]]: ...

    def figures(self, totals: Mapping[str, Any], games: int, /) -> Mapping[str, float]: ...


class ProbeFactory(Protocol):
    """Makes a fresh ``BalanceProbe`` (a class taking no arguments)."""

    def __call__(self) -> BalanceProbe: ...


class BalanceFigures(Protocol):
    """What ``camelcade balance`` found for one setting, as a game's tables read it
    (``camelcade.sim.balance.SettingFigures`` is one; the game never imports the lab)."""

    @property
    def setting(self) -> Mapping[str, str]: ...

    @property
    def players(self) -> int: ...

    @property
    def games(self) -> int: ...

    @property
    def seat_wins(self) -> Sequence[tuple[float, float, float]]: ...

    @property
    def probe_totals(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class FiguresTable:
    """A table a game adds to the balance report: a caption, column heads, rows of text."""

    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class BalanceTables(Protocol):
    """A game's own tables of a balance run, from every setting's figures (none: ``()``)."""

    def __call__(self, found: Sequence[BalanceFigures], /) -> Sequence[FiguresTable]: ...


@runtime_checkable
class CommandGroup(Protocol):
    """A ``typer.Typer`` of a game's sub-commands (the core imports no command-line
    library: what it needs of one is that it lists its commands and can be run)."""

    registered_commands: list[Any]

    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...


@dataclass(frozen=True)
class TerminalSlot:
    """The game in the terminal; every part optional.

    ``render`` draws the board in rich mode (colour always comes with words or letters;
    ``--plain`` never calls it and prints ``describe()``). ``commands`` are extra words the
    ``play`` prompt accepts; ``advisor_commands`` are help rated play must not give, accepted
    only with ``--advisor``. Built-in words (help, legal, board, quit) win over a game's.
    """

    render: Ref[Renderer] | None = None
    seat_name: Ref[SeatNamer] | None = None
    commands: Mapping[str, Ref[Command]] = field(default_factory=dict)
    advisor_commands: Mapping[str, Ref[Command]] = field(default_factory=dict)


@dataclass(frozen=True)
class WebSlot:
    """The game in the browser: an ES module drawing the board, and its styles.

    ``board`` and ``stylesheet`` are paths inside the game's package (``"web/board.js"``),
    served by the web app as they are; the module renders the view JSON only, the browser
    holds no rules. ``layout`` names the Python function giving, for a seat's view, the
    accessible board (cells with their words) and the cells each legal action touches.
    """

    board: str | None = None
    stylesheet: str | None = None
    layout: Ref[WebLayout] | None = None
    picture: str | None = None
    """An SVG picture of the game for the lobby, a path inside the package."""


@dataclass(frozen=True)
class SearchSlot:
    """What a game's expert gives the generic tree searches (``mcts``, ``ismcts``).

    ``evaluators`` are named factories, each called with the ``Game`` and returning a
    ``camelcade.bots.evaluators.Evaluator`` (a leaf value, a rollout policy, priors): the
    bots' ``evaluator`` setting picks one by name (``ismcts:evaluator=cards``), and
    without it they play random rollouts. ``grouping`` maps an action to its group
    (any hashable key, say the camel that moves), so a decision among a hundred actions
    is first a choice of group; the searches use it unless told ``grouping=kind`` (the
    generic grouping, by the action's class) or ``none``. See ``docs/bots.md``.
    """

    evaluators: Mapping[str, Ref[EvaluatorFactory]] = field(default_factory=dict)
    grouping: Ref[Grouping] | None = None


@dataclass(frozen=True)
class BalanceSlot:
    """What a game gives ``camelcade balance`` (``camelcade.sim.balance``), every part
    optional; the lab runs the games, the game only names what to watch and to sweep.

    ``probe`` makes a ``BalanceProbe`` that watches every match and adds the game's own
    figures as columns (Camel Drive's races, shouts, lanes). ``sweeps`` are the game's
    own sweeps by name, each an option's values in turn (``--sweep NAME`` or ``all``).
    ``tables`` lays the probe's sums out as tables of their own, below the report's.
    """

    probe: Ref[ProbeFactory] | None = None
    sweeps: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    tables: Ref[BalanceTables] | None = None


@dataclass(frozen=True)
class LocaleSlot:
    """The game's own translations: a gettext domain whose catalogues are in the game's
    package, ``<folder>/<lang>/LC_MESSAGES/<domain>.mo`` (and the web app's
    ``<domain>.web.json`` beside each). A built-in game's domain is its folder's name
    (``make catalogues`` writes it); an outside package compiles its own."""

    domain: str
    folder: str = "locale"


@dataclass(frozen=True)
class LessonSlot:
    """The game's guided tutorial (``camelcade learn``, ``/learn/<game>``): lessons as data.

    ``data`` is a TOML file inside the game's package (``"lessons.toml"``), read by
    ``camelcade.core.learn``; each lesson there names a function of ``judges`` (a module
    of the game's, ``"package.lessons"``) that says, computed by the engine, whether a
    legal move reaches the lesson's goal and the numbers its explanation speaks of.
    """

    data: str
    judges: str


@dataclass(frozen=True)
class Level:
    """A strength offered to people ("easy", "hard"): a bot and its settings."""

    bot: str
    settings: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""


DEFAULT_LEVELS: Mapping[str, Level] = {
    "easy": Level("eager", {}, N_("takes any points on offer, one move ahead; now and then "
                                  "plays any legal move")),
    "medium": Level("ismcts", {"iterations": 200}, N_("a short search: 200 playouts a move")),
    "hard": Level("ismcts", {"time_limit": 0.9},
                  N_("searches for just under a second a move")),
}
"""Levels of a game that declares none of its own: generic bots every game can use."""


@dataclass(frozen=True)
class GamePlugin:
    """One game's manifest (see the module docstring)."""

    id: str
    game: Ref[type[Game]]
    summary: str = ""
    """One line for the lobby and ``camelcade list``: what kind of game it is."""
    rulebook_language: str = "en"
    """The language the game's own (printed) rulebook was written in, whose words for the
    game the translations follow. The player's rulebooks are ``rules/<lang>.md`` in the
    game's package (``camelcade.core.rules_docs.find_rulebook``)."""
    bots: Mapping[str, Ref[BotFactory]] = field(default_factory=dict)
    """The game's own bots by name, each a class or factory taking keyword settings."""
    levels: Mapping[str, Level] = field(default_factory=lambda: dict(DEFAULT_LEVELS))
    terminal: TerminalSlot = field(default_factory=TerminalSlot)
    cli: Ref[CommandGroup] | None = None
    """A ``typer.Typer`` mounted as ``camelcade GAME-ID ...``."""
    position: Ref[PositionParser] | None = None
    web: WebSlot | None = None
    rl: Ref[EncodingFactory] | None = None
    """The game's encoding for the learning wrappers (action index, observation tensor)."""
    guide: Ref[Guide] | None = None
    """Help written for players: how each piece moves, what each action does, examples one
    per line. The terminal's ``help`` and the web app's help dialog show it."""
    balance: BalanceSlot | None = None
    """What ``camelcade balance`` (``camelcade.sim.balance``) adds for this game: a probe
    with figures of its own, its named sweeps, its own tables (see ``BalanceSlot``)."""
    counted: Ref[Mapping[str, Counted]] | None = None
    """How a run of one event is told once (``camelcade.core.words.Counted`` per message),
    for ``group_repeats``: "Yellow draws 3 cards." for three draws."""
    search: SearchSlot = field(default_factory=SearchSlot)
    locale: LocaleSlot | None = None
    """The game's own translations (None: every message it says is the shared domain's, or
    English)."""
    data: Mapping[str, Ref[DataShelf[Any]]] = field(default_factory=dict)
    """The game's data options: option name → its ``camelcade.core.data.DataShelf`` (the
    named entries the option chooses among; a host adds its own in a folder)."""
    ladder: tuple[str, ...] = ()
    """The game's strength ladder, weakest first, as the lab writes entrants
    (``ismcts:time_limit=0.05:clock=cpu``): ``camelcade ladder --sprt ELO`` tests each rung
    against the one below by SPRT. A search rung is given at least the CPU time a move of
    the expert above it, so "the expert beats the search" is a claim at equal time.
    Empty: ``random``, ``mcts`` at 100 iterations and the game's own bots, in that order."""
    """Evaluators and an action grouping for the generic searches (see ``SearchSlot``)."""
    bot_ratings: Mapping[str, float] = field(default_factory=dict)
    """The fixed OpenSkill μ of the server's bots in rated matches, by seat bot name
    (``@hard``, ``random``), as the lab measured them (``benchmarks/level_ratings.py``: the
    levels round-robin, rated by OpenSkill as people are). A bot's rating never moves; a bot
    not named here gets ``camelcade.server.accounts.ratings.DEFAULT_BOT_RATINGS``."""
    lessons: LessonSlot | None = None
    """The guided tutorial, five to ten lessons and a first game (see ``LessonSlot``)."""

    def __post_init__(self) -> None:
        if not self.id or self.id != self.id.strip().lower() or " " in self.id:
            raise ValueError(f"a game id is lower-case text without spaces, got {self.id!r}")

    @property
    def package(self) -> str:
        """The package holding the game's module: where its files (web board, maps) live."""
        module = self.game.module
        return module.rpartition(".")[0] or module

    def locale_folder(self) -> Path | None:
        """Where the game's compiled catalogues are (None: it has none of its own)."""
        if self.locale is None:
            return None
        return Path(str(resources.files(self.package) / self.locale.folder))

    def game_class(self) -> type[Game]:
        """The game class, imported now; it must be a ``Game`` whose ``id`` is this one."""
        from camelcade.core.game import Game

        cls = self.game.load()
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise TypeError(f"{self.game.target} is not a Game subclass")
        if cls.id != self.id:
            raise TypeError(f"{self.game.target} has id {cls.id!r}, its plug-in says {self.id!r}")
        return cls
