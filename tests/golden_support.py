"""The one text format of golden playthroughs, shared by every game's golden tests.

A seeded random game printed step by step: its action text, the public sentence
``describe_action`` gives for it, and the public ``describe()`` of the position after it.
Chance and choices both come from ``random.Random(seed)``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass

from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.game import Game, State
from camelcade.core.registry import load


def seeded_playthrough(
    state: State, seed: int, *, title: str, chance: str, test_file: str, max_actions: int
) -> str:
    """The playthrough text of ``state`` played on by ``random.Random(seed)``.

    ``title`` heads the file, ``chance`` names what chance samples ("draws", "dice"), and
    ``test_file`` is the test that regenerates it with ``UPDATE_GOLDEN=1``.
    """
    rng = random.Random(seed)
    lines = [
        f"# {title}",
        f"# Chance and choices from random.Random(seed): sample_chance for {chance},",
        "# rng.choice(legal_actions()) for the seat to play. Regenerate with",
        f"# UPDATE_GOLDEN=1 pytest {test_file}",
        "# Each step: its number and action, what it does (public), the position after it.",
        "",
        "== start",
        state.describe(),
    ]
    step = 0
    while not state.is_terminal():
        assert step < max_actions, f"the game does not end within {max_actions} actions"
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        sentence = state.describe_action(action)
        state.apply(action)
        step += 1
        lines += ["", f"== {step}: {action}", sentence, state.describe()]
    lines += ["", f"== end: returns {state.returns()}, winners {state.winners()}", ""]
    return "\n".join(lines)


# -- long games as moves and digests ---------------------------------------------------

MOVES_SUFFIX = ".moves"
DIGEST_LENGTH = 10


def position_digest(state: State) -> str:
    """A short fingerprint of ``state.to_json()`` without its options (they head the file).

    The digest covers the saved position, the history and who saw each action, in
    canonical JSON, so any change of rules, layout or action order changes it.
    """
    data = state.to_json()
    data.pop("options", None)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def moves_text(game: Game, actions: list[str], *, comment: str) -> str:
    """The ``.moves`` golden of ``actions`` played from ``game.new_state()``.

    A line per step, ``ACTION DIGEST``: the action text, then the digest of the position
    after it. The file starts with the game and its options, ends with the result.
    """
    state = game.new_state()
    lines = [
        f"# {comment}",
        "# One line per step: the action, then a digest of to_json() after it (options left",
        "# out: they are on the next line). Regenerate with UPDATE_GOLDEN=1.",
        f"game {game.id} {json.dumps(game.options, sort_keys=True)}",
        f"start {position_digest(state)}",
    ]
    for text in actions:
        state.apply(text)
        lines.append(f"{text} {position_digest(state)}")
    if state.is_terminal():
        lines.append(end_line(state))
    return "\n".join(lines) + "\n"


def end_line(state: State) -> str:
    """The last line of a finished game's ``.moves``: its points and its ranking."""
    return f"end returns {state.returns()} ranking {state.ranking()}"


@dataclass(frozen=True)
class MovesGolden:
    """A parsed ``.moves`` file: the game, each step's action and digest, the end line."""

    game: Game
    start: str
    steps: list[tuple[str, str]]
    end: str | None


def read_moves(text: str) -> MovesGolden:
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    _, game_id, options = lines[0].split(" ", 2)
    game = load(game_id, **json.loads(options))
    start = lines[1].removeprefix("start ")
    end = lines[-1] if lines[-1].startswith("end ") else None
    body = lines[2:-1] if end is not None else lines[2:]
    steps = [tuple(line.rsplit(" ", 1)) for line in body]
    return MovesGolden(game, start, [(a, d) for a, d in steps], end)


# -- the short readable golden of each game ---------------------------------------------

def short_playthrough(
    state: State,
    seed: int,
    *,
    title: str,
    test_file: str,
    steps: int = 60,
    every: int = 20,
    choose: Callable[[State, random.Random], Action] | None = None,
) -> str:
    """About ``steps`` steps of a seeded game, as every seat and a spectator hear them.

    Each step: its number and action, the sentence a spectator hears, and, when the action
    is hidden from some seats (a draw, a face-down bet), the sentence of each seat that sees
    it. The position is printed
    at the start, every ``every`` steps and at the end: the public description, then for
    each seat the lines its own description adds (its hand, its pile), so a reviewer sees
    exactly what each seat knows. ``choose`` picks the seats' actions (default: a random
    legal one from the same ``random.Random(seed)`` that samples chance).
    """
    rng = random.Random(seed)
    players = state.game.players
    lines = [
        f"# {title}",
        "# Each step: number, action, what a spectator hears; for a hidden action, '  seat N:'",
        "# what each seat that sees it hears. Positions: the public text, then what each seat",
        "# sees besides.",
        f"# Regenerate with UPDATE_GOLDEN=1 pytest {test_file}",
    ]

    def position(label: str) -> None:
        public = state.describe()
        lines.extend(["", f"== {label}", public])
        shown = set(public.splitlines())
        for seat in range(players):
            own = [line for line in state.describe(seat).splitlines() if line not in shown]
            if own:
                lines.append(f"-- seat {seat} also sees:")
                lines.extend(own)

    position("start")
    lines.append("")
    for step in range(1, steps + 1):
        if state.is_terminal():
            break
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            action = choose(state, rng) if choose else rng.choice(state.legal_actions())
        public = state.describe_action(action)
        private = [(seat, state.describe_action(action, seat)) for seat in range(players)]
        state.apply(action)
        lines.append(f"{step}. {action} — {public}")
        index = len(state.history) - 1
        if state.history_for(None, index) != [str(action)]:  # hidden from some seats
            lines.extend(f"  seat {seat}: {text}" for seat, text in private
                         if state.history_for(seat, index) == [str(action)])
        if step % every == 0 and not state.is_terminal():
            position(f"after step {step}")
            lines.append("")
    position("end" if state.is_terminal() else f"stopped after step {len(state.history)}")
    if state.is_terminal():
        lines.append(f"result: returns {state.returns()}, ranking {state.ranking()}")
    return "\n".join(lines) + "\n"
