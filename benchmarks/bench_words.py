"""Lines per turn: how much a person hears in one turn of a scripted ``--plain`` game.

Issue 14 asks that each game played in ``--plain`` against its best bot reads as a person
would want to hear it, and for the median and maximum number of lines per turn, before the
change and after. Each game is played once as ``camelcade play GAME --plain`` plays it
(its ``PlaySession`` on the plain screen), with the person at seat 0 and the game's best
bot at every other seat; the person's answers are scripted: the move another instance of
that bot chooses at the prompt, typed as action text. Searches are limited by work, not
time, so before and after play the same game.

A turn is everything printed from the prompt that starts one of the person's turns to the
prompt that starts the next: their own actions' sentences, what every other seat did, the
position and their choices. Several decisions of the person in a row (Caravan's 1-4
actions a turn) are one turn. The text before the first turn (the deal) and after the last
(the end) are left out.

"Before" is the tree of ``BEFORE`` (the commit issue 14's front-end work branched from),
taken from git history into ``.bench/words-before`` and run with this environment's
packages; "after" is the working tree. Both are measured in the same run, each in a
process of its own.

    python benchmarks/bench_words.py              # every game, before and after:
                                                  # benchmarks/results/words.json
    python benchmarks/bench_words.py --quick      # two games, cheaper bots
    python benchmarks/bench_words.py --measure caravan   # one game in this tree (JSON)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

BEFORE = "df1ed22"
"""``main`` when the front ends' half of issue 14 began."""
ROOT = Path(__file__).resolve().parents[1]
BEFORE_HOME = ROOT / ".bench" / "words-before"
PROMPT = "Your move"
"""Every prompt for a move starts so, before and after."""


@dataclass(frozen=True)
class Script:
    """One scripted game: the table, the best bot, the seed."""

    game: str
    players: int
    bot: str
    seed: int
    settings: tuple[tuple[str, Any], ...] = ()
    """The bot's settings: searches limited by work, not time, so a game is the same game
    whatever the machine's load."""
    quick_bot: str | None = None
    """A cheaper bot for ``--quick``, or None for the same."""


SCRIPTS = (
    Script("camel-up", 4, "camel-up-ev", 3),
    Script("camel-drive", 4, "camel-drive-planner", 3),
    Script("caravan", 3, "caravan-greedy", 9),
    Script("kamelen", 2, "kamelen-search", 3,
           (("time_limit", None), ("max_nodes", 4000)), quick_bot="kamelen-greedy"),
    Script("a-dos-de-chameau", 3, "mcts", 4, quick_bot="random"),
)
QUICK = ("caravan", "a-dos-de-chameau")


# -- in the measured tree ---------------------------------------------------------------------


def _bot(script: Script, quick: bool) -> tuple[str, dict[str, Any]]:
    if quick and script.quick_bot is not None:
        return script.quick_bot, {}
    return script.bot, dict(script.settings)


def measure(script: Script, quick: bool) -> dict[str, Any]:
    """Play the scripted game at the prompt; lines per turn and the totals.

    The game is ``camelcade play``'s own ``PlaySession`` on a plain screen, as ``--plain``
    makes it; the screen's ``ask`` types the person's move (chosen by the bot from the
    position at the prompt) and echoes it after the prompt, as piped input is echoed.
    """
    import contextlib
    import io

    import camelcade as cc
    from camelcade import bots
    from camelcade.cli import play
    from camelcade.cli.render import Screen

    name, settings = _bot(script, quick)
    game = cc.load(script.game, players=script.players)
    person = bots.load(name, **settings)
    begin = getattr(person, "begin", None)
    if callable(begin):
        begin(game, 0, 10_000 + script.seed)
    at_prompt: list[Any] = [None]

    class Scripted(Screen):
        def ask(self, prompt: str) -> str | None:
            if not prompt.startswith(PROMPT):
                raise RuntimeError(f"{script.game}: unexpected prompt {prompt!r}")
            action = str(person.choose(at_prompt[0].view(0)))
            print(prompt + action, flush=True)
            return action

    original = play.PlaySession._human_turn

    def human_turn(session: Any, state: Any, seat: int) -> Any:
        at_prompt[0] = state
        return original(session, state, seat)

    play.PlaySession._human_turn = human_turn  # type: ignore[method-assign]
    agents: list[Any] = [None] + [bots.load(name, **settings)
                                  for _ in range(script.players - 1)]
    session = play.PlaySession(seating=play.Seating(game, agents), seed=script.seed,
                               screen=Scripted())
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        record = session.run()
    lines = printed.getvalue().splitlines()
    prompts = [index for index, line in enumerate(lines) if line.startswith(PROMPT)]
    starts = _turn_starts(game, record.actions)
    if len(prompts) != len(starts):
        raise RuntimeError(f"{script.game}: {len(starts)} decisions, {len(prompts)} prompts")
    turn_starts = [line for line, start in zip(prompts, starts, strict=True) if start]
    per_turn = [after - before for before, after in pairwise(turn_starts)]
    return {
        "players": script.players,
        "bot": name,
        "settings": settings,
        "seed": script.seed,
        "decisions": len(starts),
        "turns": len(turn_starts),
        "lines_per_turn_median": statistics.median(per_turn),
        "lines_per_turn_max": max(per_turn),
        "lines_total": len(lines),
    }


def _turn_starts(game: Any, actions: list[str]) -> list[bool]:
    """For each decision of seat 0, whether it starts a turn (the decision before it, chance
    aside, was another seat's)."""
    state = game.new_state()
    starts: list[bool] = []
    last_actor: int | None = None
    for text in actions:
        if not state.is_chance():
            actor = state.current_player
            if actor == 0:
                starts.append(last_actor != 0)
            last_actor = actor
        state.apply(text)
    return starts


# -- the driver ---------------------------------------------------------------------------------


def before_tree() -> Path:
    """``BEFORE``'s source tree, extracted from git history once."""
    marker = BEFORE_HOME / ".extracted"
    if not (marker.exists() and marker.read_text(encoding="utf-8").strip() == BEFORE):
        BEFORE_HOME.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(BEFORE_HOME)], input=archive, check=True)
        marker.write_text(BEFORE + "\n", encoding="utf-8")
    return BEFORE_HOME / "src"


def _measure_in(source: Path, script: Script, quick: bool) -> dict[str, Any]:
    """``measure`` in a fresh process whose ``camelcade`` is the one under ``source``."""
    env = {**os.environ, "PYTHONPATH": str(source), "CAMELCADE_PLUGINS": ""}
    command = [sys.executable, str(Path(__file__).resolve()), "--measure", script.game]
    if quick:
        command.append("--quick")
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False,
                          cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"measuring {script.game} under {source} failed:\n{done.stderr}")
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def run(quick: bool = False) -> dict[str, Any]:
    """Before and after, per game (the ``benchmarks/run.py`` entry point)."""
    old = before_tree()
    scripts = [s for s in SCRIPTS if not quick or s.game in QUICK]
    games = {}
    for script in scripts:
        games[script.game] = {"before": _measure_in(old, script, quick),
                              "after": _measure_in(ROOT / "src", script, quick)}
    return {"before_commit": BEFORE, "games": games}


def _script(game: str) -> Script:
    for script in SCRIPTS:
        if script.game == game:
            return script
    raise SystemExit(f"no script for {game!r}; the games are {[s.game for s in SCRIPTS]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, cheaper bots")
    parser.add_argument("--measure", metavar="GAME", help="measure one game in this tree")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(_script(args.measure), args.quick)))
        return 0
    import importlib.util  # the figures are written as every benchmark's are (run.py)

    spec = importlib.util.spec_from_file_location("run", Path(__file__).with_name("run.py"))
    assert spec is not None and spec.loader is not None
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    sys.argv = [sys.argv[0], "bench_words", *(["--quick"] if args.quick else [])]
    code: int = runner.main()
    return code

if __name__ == "__main__":
    sys.exit(main())
