"""Camel Drive's balance figures: a probe for ``camelcade balance`` and the game's sweeps.

The 2020 prototype has no published play-testing, so its author asks what a race does:
which lane wins, which goes out first, how long a race runs, how often an interjection
sends the first camel over the line, how much of a winner's total came from bets.
:class:`RaceProbe` watches every match of a ``camelcade balance camel-drive`` sweep (the
plug-in manifest declares it as the ``balance`` slot) and adds those figures beside the
generic ones (seat win rates, game length, lead changes). The sweeps, the tournaments,
the statistics and the report are the generic balance's (``camelcade.sim.balance``);
this module only names Camel Drive's two sweeps (``SWEEPS``), runs them for
``camelcade camel-drive balance`` and ``benchmarks/camel_drive_balance.py``, and lays
the probe's sums out as the tables of ``docs/games/camel-drive.md``.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from camelcade.core.action import Action
from camelcade.core.errors import OptionError
from camelcade.core.game import State
from camelcade.core.words import t
from camelcade.games.camel_drive.actions import Bet, Shout
from camelcade.games.camel_drive.spec import BETTING, RACE, bet_payout
from camelcade.games.camel_drive.state import CamelDriveState
from camelcade.sim import plots
from camelcade.sim.balance import Screen, SettingFigures, report_blocks, run_balance
from camelcade.sim.document import Table, to_markdown

GAME = "camel-drive"
SWEEPS: dict[str, tuple[int, ...]] = {
    "track_length": (8, 10, 12, 15, 18, 22, 26, 30),
    "interjections": (0, 1, 2, 3, 4, 5),
}
"""The option values a balance run covers, all else at its default."""

BOTS = ("random", "camel-drive-planner")
"""The bots a report plays with, every seat alike."""
FAST_PLANNER: dict[str, Any] = {"rollouts": 16, "bet_samples": 120}
"""Planner settings for balance runs: cheaper, still far stronger than random."""
LENGTHS: tuple[tuple[int, int], ...] = ((1, 6), (7, 8), (9, 10), (11, 99))
"""Race lengths in rounds (camel turns over camels, rounded up) the lane table splits."""


def _length_key(low: int, high: int) -> str:
    return f"wins by lane, {low}-{high} rounds" if high < 99 else f"wins by lane, {low}+ rounds"


class RaceProbe:
    """Counts every race of one match: the lanes of its first finisher and winner, its
    length in camel turns, the interjections played, whether one of them sent the first
    camel over the line, and the points each seat won by betting.

    ``step`` sees each position before its action, so a race is closed when the race
    number has moved on (or at ``finish``); lanes are counted from the race's own start.
    """

    def __init__(self) -> None:
        self._race: int | None = None
        self._start = 0
        self._phase = ""
        self._turns = self._shouts = 0
        self._shout_finish = False
        self._last_move: Action | None = None
        self.races = self.turns = self.shouts = self.shout_finishes = 0
        self.first_by_lane: list[int] = []
        self.wins_by_lane: list[int] = []
        self.by_length: dict[str, list[int]] = {}
        self.bet_points: list[int] = []

    def step(self, state: State, action: Action) -> None:
        assert isinstance(state, CamelDriveState)
        if self._race is None:
            camels = state.camels
            self.first_by_lane, self.wins_by_lane = [0] * camels, [0] * camels
            self.by_length = {_length_key(*bucket): [0] * camels for bucket in LENGTHS}
            self.bet_points = [0] * state.game.players
            self._open(state)
        else:
            self._close(state)
        if self._phase == RACE and state.phase == BETTING:
            self._shout_finish = isinstance(self._last_move, Shout)
        self._phase = state.phase
        if not state.is_chance() and not isinstance(action, Bet):
            self._turns += 1
            self._shouts += isinstance(action, Shout)
            self._last_move = action

    def _open(self, state: CamelDriveState) -> None:
        self._race, self._start = state.race, state.lane_order()[0]
        self._turns = self._shouts = 0
        self._shout_finish = False

    def _close(self, state: CamelDriveState) -> None:
        """Count the race just ended, if the last action ended it."""
        if state.race == self._race and not state.is_terminal():
            return
        last = state.last_race
        if last is not None and last["race"] == self._race:
            camels = state.camels
            stones = [c for c in range(camels) if last["bets"][c] == last["winner"]]
            for camel in stones:
                self.bet_points[state.owner(camel)] += bet_payout(len(stones))
            winner_lane = (last["winner"] - self._start) % camels
            self.races += 1
            self.turns += self._turns
            self.shouts += self._shouts
            self.shout_finishes += self._shout_finish
            self.first_by_lane[(last["first"] - self._start) % camels] += 1
            self.wins_by_lane[winner_lane] += 1
            rounds = math.ceil(self._turns / camels)
            for low, high in LENGTHS:
                if low <= rounds <= high:
                    self.by_length[_length_key(low, high)][winner_lane] += 1
        self._open(state)

    def finish(self, state: State) -> Mapping[str, float | Sequence[float]]:
        assert isinstance(state, CamelDriveState)
        self._close(state)
        winners = state.winners()
        points = state.returns()
        return {
            "races": self.races, "turns": self.turns, "shouts": self.shouts,
            "shout finishes": self.shout_finishes, "first by lane": self.first_by_lane,
            "wins by lane": self.wins_by_lane, **self.by_length,
            "winner points": sum(points[seat] for seat in winners) / len(winners),
            "winner bet points": sum(self.bet_points[seat] for seat in winners) / len(winners),
        }

    def figures(self, totals: Mapping[str, Any], games: int) -> Mapping[str, float]:
        """The report's columns: per race, per match, and shares of races by lane."""
        races = max(totals["races"], 1)
        lanes = totals["wins by lane"]
        return {
            "races/match": totals["races"] / games,
            "turns/race": totals["turns"] / races,
            "rounds/race": totals["turns"] / races / len(lanes),
            "shouts/match": totals["shouts"] / games,
            "shout finishes": totals["shout finishes"] / races,
            **{f"win lane {lane}": wins / races for lane, wins in enumerate(lanes, 1)},
            "first out lane 1": totals["first by lane"][0] / races,
            "winner pts from bets": totals["winner bet points"] / max(
                totals["winner points"], 1e-9),
        }


def entrant(bot: str) -> str:
    """The entrant text for ``bot`` in every seat (the planner at ``FAST_PLANNER``)."""
    if bot not in BOTS:
        raise OptionError(t("--bot {bot} is not allowed; allowed: {allowed}", bot=repr(bot),
                            allowed=", ".join(BOTS)))
    settings = FAST_PLANNER if bot == "camel-drive-planner" else {}
    return bot + "".join(f":{key}={value}" for key, value in settings.items())


def sweep_names(text: str) -> list[str]:
    """``track_length``, ``interjections`` or ``both`` as the sweeps to run."""
    if text == "both":
        return list(SWEEPS)
    if text not in SWEEPS:
        raise OptionError(t("--sweep {sweep} is not allowed; allowed: {allowed} or both",
                            sweep=repr(text), allowed=", ".join(SWEEPS)))
    return [text]


def run(vary: Sequence[str], *, bot: str = "random", players: int | None = 4,
        games: int = 200, seed: int = 0, workers: int = 1, scheduler: str | None = None,
        grid: bool = False, out: Path | None = None, draw: bool = True,
        screen: Screen | None = None) -> list[SettingFigures]:
    """The generic balance sweep of Camel Drive with ``bot`` in every seat."""
    base = {} if players is None else {"players": str(players)}
    return run_balance(GAME, vary, bots=entrant(bot), base=base, games=games, seed=seed,
                       workers=workers, scheduler=scheduler, grid=grid, out=out, draw=draw,
                       screen=screen)


def sweeps(names: Sequence[str], **kwargs: Any) -> dict[str, list[SettingFigures]]:
    """Camel Drive's sweeps (``SWEEPS``) in one balance run, split by the option swept."""
    vary = [f"{name}={','.join(str(value) for value in SWEEPS[name])}" for name in names]
    found = run(vary, **kwargs)
    return {name: [f for f in found if name in f.setting] for name in names}


@contextmanager
def _folder(out: Path | None) -> Iterator[Path]:
    if out is not None:
        yield out
        return
    with tempfile.TemporaryDirectory(prefix="camel-drive-balance-") as temp:
        yield Path(temp)


def run_setting(options: Mapping[str, Any], *, out: Path | None = None,
                **kwargs: Any) -> SettingFigures:
    """One setting (``options`` together, the rest at defaults); its games go to ``out``,
    or to a folder that is thrown away."""
    vary = [f"{name}={value}" for name, value in options.items()]
    with _folder(out) as folder:
        return run(vary, grid=True, out=folder, draw=False, **kwargs)[0]


def markdown_table(found: Sequence[SettingFigures]) -> str:
    """The balance report's table of these settings (generic columns, then the probe's)."""
    if not found:
        return ""
    tables = [block for block in report_blocks(GAME, "", [], found, Path(), False)
              if isinstance(block, Table)]
    return to_markdown(tables[:1], Path()).rstrip()


def _pct(share: float) -> str:
    return f"{100 * share:.0f}%"


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def length_table(figures: SettingFigures) -> str:
    """Race winner's lane by race length (rounds), for one setting."""
    camels = len(figures.probe_totals["wins by lane"])
    head = ["race length (rounds)", "races", *[f"win lane {i}" for i in range(1, camels + 1)]]
    lines = [_row(head), "|" + "---|" * len(head)]
    for low, high in LENGTHS:
        wins = figures.probe_totals[_length_key(low, high)]
        total = sum(wins)
        if total:
            label = f"{low}-{high}" if high < 99 else f"{low}+"
            lines.append(_row([label, str(int(total)), *[_pct(w / total) for w in wins]]))
    return "\n".join(lines)


def players_table(found: Sequence[SettingFigures]) -> str:
    """Lane and seat effects for each player count (columns that exist at every count)."""
    head = ["players", "camels", "games", "races", "fair share", "win lane 1", "win last lane",
            "first out lane 1", "match seat 0", "match last seat"]
    lines = [_row(head), "|" + "---|" * len(head)]
    for figures in found:
        totals = figures.probe_totals
        lanes, races = totals["wins by lane"], totals["races"]
        lines.append(_row([
            str(figures.players), str(len(lanes)), str(figures.games), str(int(races)),
            _pct(1 / len(lanes)), _pct(lanes[0] / races), _pct(lanes[-1] / races),
            _pct(totals["first by lane"][0] / races), _pct(figures.seat_wins[0][0]),
            _pct(figures.seat_wins[-1][0])]))
    return "\n".join(lines)


def lane_plots(panels: Mapping[str, Sequence[SettingFigures]], path: Path) -> list[Path]:
    """Race-win share by lane against each swept option: ``path`` for one sweep,
    ``path`` with ``-OPTION`` before its suffix for each of several."""
    written = []
    for name, found in panels.items():
        target = path if len(panels) == 1 else path.with_name(
            f"{path.stem}-{name}{path.suffix or '.png'}")
        lanes = len(found[0].probe_totals["wins by lane"])
        series = {f"lane {lane}": [100 * f.probe[f"win lane {lane}"] for f in found]
                  for lane in range(1, lanes + 1)}
        written.append(plots.sweep(target, f"Race winner's lane by {name.replace('_', ' ')}",
                                   [f.setting[name] for f in found], series, None,
                                   name.replace("_", " "), "race wins (%)", 100 / lanes))
    return written
