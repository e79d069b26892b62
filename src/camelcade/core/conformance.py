"""The invariants every game keeps, checked by playing random games (``check_game``).

Like OpenSpiel's ``random_sim_test`` and pgx's ``api_test``, one suite serves every game:

* legal actions are non-empty if and only if the state is not terminal;
* at chance nodes the outcomes are distinct, their probabilities positive and summing to 1,
  and ``legal_actions()`` lists exactly those outcomes;
* ``parse_action(str(a)) == a`` for every legal action, and ``str`` is stable;
* ``game.state_from_json(s.to_json()) == s``, through real JSON text;
* a clone is independent: applying to the clone leaves the original unchanged;
* illegal actions (legal elsewhere, not here), junk text and wrong types are refused with
  an ``IllegalActionError`` and leave the state unchanged; acting out of turn raises
  ``NotYourTurnError``; acting after the end raises ``GameOverError``;
* ``view(p).sample_state(rng).observation(p) == observation(p)`` for every seat: the
  determinisation is consistent and the observation leaks nothing it would resample;
* ``game.determinize(state, p, rng)`` keeps ``observation(p)``, ``public_observation()``,
  the mover and its legal actions, shares nothing with ``state``, and redraws everything
  the seat cannot see: every field of the saved position that the game's own sampler
  from the observation alone ever varies must vary under ``determinize`` too, or the
  determinisation copies hidden truth (a leak to any search that uses it);
* every seat's resampled state gives the same ``public_observation()``: spectators learn
  nothing that any seat does not know;
* ``apply(a, check=False)`` on a listed action gives the same state as the checked path;
* at the end, ``ranking()`` names every seat once and ``winners()`` is its first group;
* observations, ``to_json`` and ``describe`` are JSON-safe / plain text;
* every presenter — the words (``describe``, ``describe_action`` of legal actions), the
  terminal board (plain and rich), the game's prompt commands, the web layout and the
  learning tensor — gives the same output from a viewer's ``Seen`` whatever is redrawn of
  what the viewer cannot see (several seeds) as from the true position, for every seat
  and the spectator: a presenter can show nothing hidden;
* every game ends within ``max_actions``; the same seed gives the same record.

``check_plugin`` checks the game's manifest: every slot loads, and what it names fits the
slot's protocol (the arguments it is called with; the type of a data slot).

Failures raise ``ConformanceError`` (an ``AssertionError``) naming the game, seed, step
and invariant, so a failing run can be replayed.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any, cast

from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.encoding import encoding_for
from camelcade.core.errors import (
    CamelcadeError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    UnknownGameError,
)
from camelcade.core.game import PROBABILITY_TOLERANCE, Game, State
from camelcade.core.plugin import (
    BalanceProbe,
    BotFactory,
    Command,
    CommandGroup,
    EncodingFactory,
    EvaluatorFactory,
    GamePlugin,
    Grouping,
    Guide,
    PositionParser,
    ProbeFactory,
    Ref,
    Renderer,
    SeatNamer,
    WebLayout,
)
from camelcade.core.registry import load, plugin
from camelcade.core.seen import Seen

JUNK_TEXTS = ("", "   ", "xyzzy", "\x00", "99999999", "draw", "-1", "🐪", "a" * 500)


class ConformanceError(AssertionError):
    """An invariant failed; the message says which, where and how to reproduce it."""


@dataclass
class ConformanceReport:
    """What a ``check_game`` run covered."""

    game_id: str
    players: int
    games: int = 0
    states: int = 0
    deep_states: int = 0
    presented_states: int = 0
    """States at which every presenter was checked against redraws (``_check_presenters``)."""
    longest: int = 0
    total_actions: int = 0
    terminal_returns: list[list[float]] = field(default_factory=list)
    resampled_fields: set[str] = field(default_factory=set)
    """Fields of the saved position that ``determinize`` was seen to redraw."""
    open_fields: set[str] = field(default_factory=set)
    """Fields that the sampler from the observation alone was seen to redraw."""

    @property
    def mean_length(self) -> float:
        return self.total_actions / self.games if self.games else 0.0


def check_game(
    game: Game | str,
    *,
    games: int = 10,
    seed: int = 0,
    max_actions: int = 20_000,
    deep_every: int = 1,
    presenters_every: int = 0,
    **options: Any,
) -> ConformanceReport:
    """Play ``games`` random games of ``game`` and check every invariant above.

    ``deep_every`` = k checks the costly invariants (JSON, clones, sampling, text, illegal
    actions) at every k-th state, the cheap ones everywhere; ``presenters_every`` = m
    checks the presenters (the costliest: a rich board drawn and the advice worked out per
    role and redraw) at every m-th of those deep states, the first included (0: never, the
    default; the suite runs it on every game with a budget of its own). Returns what was
    covered.
    """
    loaded = load(game, **options) if isinstance(game, str) else game
    report = ConformanceReport(loaded.id, loaded.players)
    seen_actions: dict[str, Action] = {}
    for index in range(games):
        game_seed = seed + index
        _check_one_game(loaded, game_seed, max_actions, deep_every, seen_actions, report,
                        presenters_every)
    _check_same_seed_same_record(loaded, seed, max_actions)
    copied = report.open_fields - report.resampled_fields
    if copied:
        raise ConformanceError(
            f"{loaded!r}: determinize() never redrew {sorted(copied)}, which the seat cannot "
            f"know (its sampler from the observation varies them): it copies hidden truth"
        )
    return report


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game!r}, seed {seed}, step {step}: {message}")


def _check_one_game(
    game: Game,
    seed: int,
    max_actions: int,
    deep_every: int,
    seen_actions: dict[str, Action],
    report: ConformanceReport,
    presenters_every: int = 0,
) -> None:
    rng = random.Random(seed)
    state = game.new_state()
    step = 0
    while True:
        _check_cheap(game, state, seed, step)
        if deep_every > 0 and step % deep_every == 0:
            presenters = presenters_every > 0 and report.deep_states % presenters_every == 0
            _check_deep(game, state, seed, step, seen_actions, rng, report, presenters)
            report.deep_states += 1
            report.presented_states += presenters
        report.states += 1
        if state.is_terminal():
            break
        if step >= max_actions:
            raise _fail(game, seed, step, f"game did not end within {max_actions} actions")
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(
            state.legal_actions()
        )
        seen_actions.setdefault(str(action), action)
        state.apply(action)
        step += 1
    _check_terminal(game, state, seed, step)
    report.games += 1
    report.total_actions += step
    report.longest = max(report.longest, step)
    report.terminal_returns.append(state.returns())


def _check_cheap(game: Game, state: State, seed: int, step: int) -> None:
    legal = state.legal_actions()
    player = state.current_player
    if state.is_terminal() != (not legal):
        raise _fail(game, seed, step, "legal actions must be empty exactly when terminal")
    if not (player in (-1, -2) or 0 <= player < game.players):
        raise _fail(game, seed, step, f"current_player {player} is not a seat, CHANCE or TERMINAL")
    if len(set(legal)) != len(legal):
        raise _fail(game, seed, step, "legal actions contain duplicates")
    if state.is_chance():
        outcomes = state.chance_outcomes()
        total = sum(probability for _, probability in outcomes)
        if abs(total - 1.0) > PROBABILITY_TOLERANCE:
            raise _fail(game, seed, step, f"chance probabilities sum to {total}, not 1")
        if any(not 0.0 < probability <= 1.0 for _, probability in outcomes):
            raise _fail(game, seed, step, "a chance probability is outside (0, 1]")
        if [action for action, _ in outcomes] != legal:
            raise _fail(game, seed, step, "legal_actions() differs from the chance outcomes")


def _check_deep(
    game: Game,
    state: State,
    seed: int,
    step: int,
    seen_actions: dict[str, Action],
    rng: random.Random,
    report: ConformanceReport,
    presenters: bool = False,
) -> None:
    def fail(message: str) -> ConformanceError:
        return _fail(game, seed, step, message)

    legal = state.legal_actions()
    for action in legal:
        text = str(action)
        if text != str(action) or state.parse_action(text) != action:
            raise fail(f"action {text!r} does not round-trip through its text")
        if hash(state.parse_action(text)) != hash(action):
            raise fail(f"action {text!r} hashes differently after parsing")
        sentence = state.describe_action(action)
        if not isinstance(sentence, str) or not sentence.strip():
            raise fail(f"describe_action({text!r}) is not a sentence")

    saved = state.to_json()
    text = json.dumps(saved)
    restored = game.state_from_json(json.loads(text))
    if restored != state or restored.to_json() != saved:
        raise fail("state_from_json(to_json()) differs from the state")
    if restored.legal_actions() != legal or restored.current_player != state.current_player:
        raise fail("a restored state has other legal actions or another current player")

    if legal:
        twin = state.clone()
        twin.apply(rng.choice(legal))
        if state.to_json() != saved:
            raise fail("applying an action to a clone changed the original")
        child = state.child(legal[0])
        if state.to_json() != saved or child.history[-1] != legal[0]:
            raise fail("child() changed the original or lost the action")
        for action in (legal[0], legal[-1]):
            fast = state.clone()
            fast.apply(action, check=False)
            checked = state.clone()
            checked.apply(str(action))
            if fast.to_json() != checked.to_json():
                raise fail(f"apply({str(action)!r}, check=False) differs from the checked path")

    _check_refusals(state, saved, legal, seen_actions, fail)

    public = state.public_observation()
    json.dumps(public)
    position = saved["state"]
    for player in range(game.players):
        observation = state.observation(player)
        json.dumps(observation)
        view = state.view(player)
        if view.observation != observation or view.player != player:
            raise fail(f"view({player}) disagrees with observation({player})")
        expected = legal if player == state.current_player else []
        if view.legal_actions() != expected:
            raise fail(f"view({player}).legal_actions() is not the seat's legal actions")
        sample = view.sample_state(random.Random(rng.getrandbits(32)))
        if sample.observation(player) != observation:
            raise fail(f"view({player}).sample_state() gives another observation for seat "
                       f"{player}: the observation leaks or the sampler is inconsistent")
        if sample.current_player != state.current_player:
            raise fail(f"view({player}).sample_state() has another current player")
        if player == state.current_player and sample.legal_actions() != legal:
            raise fail(f"view({player}).sample_state() has other legal actions for the mover")
        if sample.public_observation() != public:
            raise fail(f"public_observation() changes when seat {player}'s unknowns are "
                       f"resampled: it shows spectators something seat {player} cannot know")
        _check_determinize(state, player, observation, public, legal, rng, fail, report)
        reference = game._sample_state(observation, player, random.Random(rng.getrandbits(32)))
        report.open_fields |= _changed_fields(position, reference.to_json()["state"])
        described = state.describe(player)
        if not isinstance(described, str) or not described.strip():
            raise fail(f"describe({player}) is empty")
    if not state.describe().strip():
        raise fail("describe() is empty")
    if presenters:
        _check_presenters(state, legal, rng, fail)


PRESENTER_SEEDS = 2
"""Redraws of what a viewer cannot see that each presenter's output is compared over."""
PRESENTED_ACTIONS = 4
"""Legal actions whose sentences are compared at a state (the first, the last, random)."""


def _check_presenters(state: State, legal: list[Action], rng: random.Random,
                      fail: Callable[[str], ConformanceError]) -> None:
    """Each presenter's output for each role is the same from the true position and from
    ``PRESENTER_SEEDS`` redraws of what the role cannot see (see ``camelcade.core.seen``)."""
    chosen = list(dict.fromkeys([*legal[:1], *legal[-1:],
                                 *rng.sample(legal, min(len(legal), PRESENTED_ACTIONS - 2))]))
    for role in [*range(state.game.players), None]:
        truthful = Seen(state, role)
        truthful.state = state.clone()  # the true position itself, for the reference
        expected = _presented(truthful, chosen, costly=True)
        for index in range(PRESENTER_SEEDS):
            # The rich board and the advice (a search, a simulation) cost the most: they
            # are compared on the first redraw, everything else on every one.
            found = _presented(Seen(state, role, seed=rng.getrandbits(32)), chosen,
                               costly=index == 0)
            for name, output in expected.items():
                if name in found and found[name] != output:
                    raise fail(f"{name} for role {role} changes when what that role cannot "
                               f"see is redrawn: it shows something hidden "
                               f"({output!r:.200} became {found.get(name)!r:.200})")


def _presented(seen: Seen[Any], actions: list[Action], costly: bool) -> dict[str, str]:
    """Every presenter's output for ``seen``, as text (errors a presenter raises, too);
    the rich board and the advisor commands only if ``costly``. A game checked without
    being registered has its words only."""
    out: dict[str, str] = {"describe": seen.describe()}
    for action in actions:
        out[f"describe_action({action})"] = seen.describe_action(action)
    try:
        manifest = plugin(seen.game.id)
    except UnknownGameError:
        return out
    if manifest.game.target.rpartition(":")[2] != type(seen.game).__name__:
        return out  # a variant of a registered game: its manifest is the original's
    terminal = manifest.terminal
    if terminal.render is not None and costly:
        out["terminal.render"] = _rich_text(terminal.render.load()(seen))
    if seen.role is not None:
        commands = [*terminal.commands.items(),
                    *(terminal.advisor_commands.items() if costly else ())]
        for name, ref in commands:
            try:
                out[f"command {name}"] = str(ref.load()(seen))
            except CamelcadeError as error:
                out[f"command {name}"] = f"refused: {error}"
    if manifest.web is not None and manifest.web.layout is not None:
        out["web.layout"] = json.dumps(manifest.web.layout.load()(seen), sort_keys=True,
                                       default=str)
    if manifest.rl is not None and seen.role is not None:
        out["rl tensor"] = repr(encoding_for(seen.game).tensor(seen.observation))
    return out


def _rich_text(renderable: Any) -> str:
    """A rich renderable as the terminal shows it, styles included (rich is a dependency
    of every install; imported only here, as the renderers import it)."""
    import io

    from rich.console import Console

    console = Console(file=io.StringIO(), width=120, color_system="truecolor",
                      force_terminal=True, legacy_windows=False)
    console.print(renderable)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    return str(output)


def _check_determinize(
    state: State,
    player: int,
    observation: dict[str, Any],
    public: dict[str, Any],
    legal: list[Action],
    rng: random.Random,
    fail: Any,
    report: ConformanceReport,
) -> None:
    game = state.game
    before = state.to_json()
    sample = game.determinize(state, player, random.Random(rng.getrandbits(32)))
    if state.to_json() != before:
        raise fail(f"determinize(state, {player}) changed the state")
    if sample.observation(player) != observation:
        raise fail(f"determinize(state, {player}) gives seat {player} another observation")
    if sample.public_observation() != public:
        raise fail(f"determinize(state, {player}) changes the public observation")
    if sample.current_player != state.current_player:
        raise fail(f"determinize(state, {player}) has another current player")
    if player == state.current_player and sample.legal_actions() != legal:
        raise fail(f"determinize(state, {player}) has other legal actions for the mover")
    if sample.history:
        raise fail(f"determinize(state, {player}) keeps a history (it would name hidden draws)")
    report.resampled_fields |= _changed_fields(before["state"], sample.to_json()["state"])
    if legal:
        sample.apply(sample.legal_actions()[0], check=False)
        if state.to_json() != before:
            raise fail(f"playing on a determinize(state, {player}) sample changed the state")


def _changed_fields(truth: Any, sample: Any) -> set[str]:
    """The top-level fields of a saved position whose values differ between two copies."""
    if not (isinstance(truth, dict) and isinstance(sample, dict)):
        return set() if truth == sample else {"<position>"}
    return {key for key in truth.keys() | sample.keys() if truth.get(key) != sample.get(key)}


def _check_refusals(
    state: State,
    saved: dict[str, Any],
    legal: list[Action],
    seen_actions: dict[str, Action],
    fail: Any,
) -> None:
    legal_texts = {str(action) for action in legal}
    # A junk text may be real notation elsewhere (Camel Drive's "draw"): skip it when legal.
    candidates: list[Any] = [text for text in JUNK_TEXTS if text not in legal_texts]
    candidates += [a for t, a in list(seen_actions.items())[-40:] if t not in legal_texts][:8]
    candidates += [12345, None, b"storm"]
    for candidate in candidates:
        try:
            state.apply(candidate)
        except IllegalActionError:
            pass
        else:
            raise fail(f"apply({candidate!r}) was accepted although it is not legal here")
        if state.to_json() != saved:
            raise fail(f"a refused apply({candidate!r}) changed the state")
    mover = state.current_player
    if legal and mover >= 0 and state.game.players > 1:
        other = (mover + 1) % state.game.players
        try:
            state.apply(legal[0], player=other)
        except NotYourTurnError:
            pass
        else:
            raise fail(f"seat {other} could act on seat {mover}'s turn")
        if state.to_json() != saved:
            raise fail("a refused out-of-turn action changed the state")


def _check_terminal(game: Game, state: State, seed: int, step: int) -> None:
    returns = state.returns()
    try:
        ranking = state.ranking()  # refuses a ranking that does not name each seat once
    except CamelcadeError as error:
        raise _fail(game, seed, step, str(error)) from None
    if len(returns) != game.players or len(state.scores()) != game.players:
        raise _fail(game, seed, step, "returns()/scores() need one value per seat")
    if state.winners() != ranking[0]:
        raise _fail(game, seed, step, f"winners {state.winners()} are not the first group "
                                      f"of the ranking {ranking}")
    try:
        state.apply("xyzzy")
    except GameOverError:
        pass
    else:
        raise _fail(game, seed, step, "an action after the end was not refused with GameOverError")


def _random_game(game: Game, seed: int, max_actions: int) -> list[str]:
    """The action texts of one seeded random game (chance and choices from one RNG)."""
    rng = random.Random(seed)
    state = game.new_state()
    texts: list[str] = []
    while not state.is_terminal() and len(texts) < max_actions:
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(
            state.legal_actions()
        )
        texts.append(str(action))
        state.apply(action)
    return texts


def _check_same_seed_same_record(game: Game, seed: int, max_actions: int) -> None:
    first = _random_game(game, seed, max_actions)
    if first != _random_game(game, seed, max_actions):
        raise ConformanceError(f"{game!r}: the same seed {seed} gave two different games")
    replayed = game.new_state()
    for text in first:
        replayed.apply(text)
    if [str(a) for a in replayed.history] != first:
        raise ConformanceError(f"{game!r}: replaying the seed-{seed} game from text differs")


# -- the manifest ----------------------------------------------------------------------


def _shape(protocol: type, method: str) -> int:
    """How many positional arguments ``protocol`` passes to ``method`` (self left out)."""
    parameters = list(inspect.signature(getattr(protocol, method)).parameters.values())[1:]
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)


def _misfit(found: object, protocol: type, method: str = "__call__") -> str | None:
    """What is wrong with ``found`` as ``protocol`` says it is called, or None.

    Its signature must take the protocol's positional arguments and need nothing else
    (extra parameters with defaults are fine): the names are the game's own.
    """
    target = found if method == "__call__" else getattr(found, method, None)
    if not callable(target):
        return f"is not callable{'' if method == '__call__' else f' (no {method})'}"
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return None  # a builtin without a signature: nothing to check
    count = _shape(protocol, method)
    try:
        signature.bind(*[None] * count)
    except TypeError as error:
        called = f".{method}" if method != "__call__" else ""
        names = ", ".join(signature.parameters)
        return (f"takes{called} ({names}), but {protocol.__name__}{called} is called with "
                f"{count} argument{'s' if count != 1 else ''}: {error}")
    return None


def _callable_slots(manifest: GamePlugin) -> list[tuple[str, Ref[object], type]]:
    """Every code slot that names something to call, with the protocol it must fit."""
    terminal, search, web = manifest.terminal, manifest.search, manifest.web
    slots: list[tuple[str, Ref[object] | None, type]] = [
        *[(f"bots[{name!r}]", ref, BotFactory) for name, ref in manifest.bots.items()],
        ("terminal.render", terminal.render, Renderer),
        ("terminal.seat_name", terminal.seat_name, SeatNamer),
        *[(f"terminal.commands[{name!r}]", ref, Command)
          for name, ref in terminal.commands.items()],
        *[(f"terminal.advisor_commands[{name!r}]", ref, Command)
          for name, ref in terminal.advisor_commands.items()],
        ("position", manifest.position, PositionParser),
        ("web.layout", web.layout if web is not None else None, WebLayout),
        ("rl", manifest.rl, EncodingFactory),
        ("guide", manifest.guide, Guide),
        ("balance", manifest.balance, ProbeFactory),
        *[(f"search.evaluators[{name!r}]", ref, EvaluatorFactory)
          for name, ref in search.evaluators.items()],
        ("search.grouping", search.grouping, Grouping),
    ]
    return [(name, ref, protocol) for name, ref, protocol in slots if ref is not None]


def _check_slot(name: str, ref: Ref[object], protocol: type) -> list[str]:
    found = ref.load()
    wrong = _misfit(found, protocol)
    if wrong is None and protocol is ProbeFactory:  # the probe it makes: each method
        probe = cast(Callable[[], object], found)()
        for method in ("step", "finish", "figures"):
            wrong = wrong or _misfit(probe, BalanceProbe, method)
    return [] if wrong is None else [f"{name} ({ref.target}) {wrong}"]


def check_plugin(game_id: str) -> list[str]:
    """Load every slot of ``game_id``'s manifest and check what each names.

    A code slot's object must fit its slot's protocol (``camelcade.core.plugin``): take the
    arguments the protocol passes and need no others; the game class must be the game of
    that id, ``cli`` a command group, ``counted`` a mapping of ``Counted``, each ``data``
    slot a ``DataShelf``, the web board, stylesheet and picture files of the package, and
    the catalogues of the game's own gettext domain (``locale``).
    Raises ``ConformanceError`` listing every slot that fails; returns the slots checked.
    """
    from camelcade.core.data import DataShelf
    from camelcade.core.words import Counted

    manifest = plugin(game_id)
    problems: list[str] = []
    checked = ["game"]
    try:
        manifest.game_class()
    except TypeError as error:
        problems.append(f"game: {error}")
    for name, ref, protocol in _callable_slots(manifest):
        checked.append(name)
        problems += _check_slot(name, ref, protocol)
    if manifest.cli is not None:
        checked.append("cli")
        if not isinstance(manifest.cli.load(), CommandGroup):
            problems.append(f"cli ({manifest.cli.target}) is not a command group (typer.Typer)")
    if manifest.counted is not None:
        checked.append("counted")
        counted = manifest.counted.load()
        if not (isinstance(counted, Mapping) and
                all(isinstance(value, Counted) for value in counted.values())):
            problems.append(f"counted ({manifest.counted.target}) is not a mapping of Counted")
    for option, ref in manifest.data.items():
        checked.append(f"data[{option!r}]")
        if not isinstance(ref.load(), DataShelf):
            problems.append(f"data[{option!r}] ({ref.target}) is not a DataShelf")
    if manifest.web is not None:
        folder = files(manifest.package)
        for part in ("board", "stylesheet", "picture"):
            path = getattr(manifest.web, part)
            if path is not None:
                checked.append(f"web.{part}")
                if not folder.joinpath(path).is_file():
                    problems.append(f"web.{part}: {path} is not a file of {manifest.package}")
    if manifest.locale is not None:
        checked.append("locale")
        domain, where = manifest.locale.domain, manifest.locale_folder()
        if where is None or not any(where.glob(f"*/LC_MESSAGES/{domain}.[mp]o")):
            problems.append(f"locale: {where} holds no catalogue of the domain {domain!r} "
                            f"(<lang>/LC_MESSAGES/{domain}.po or .mo)")
    if problems:
        raise ConformanceError(f"the manifest of {game_id} is wrong: " + "; ".join(problems))
    return checked
