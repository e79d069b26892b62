"""Camel Drive's balance figures: a probe, sweeps and a table for ``camelcade balance``.

The 2020 prototype has no published play-testing, so its author asks what a race does:
which lane wins, which goes out first, how long a race runs, how often an interjection
sends the first camel over the line, how much of a winner's total came from bets.
:class:`RaceProbe` watches every match of a ``camelcade balance camel-drive`` run and adds
those figures beside the generic ones (seat win rates, game length, lead changes).
The plug-in manifest's ``balance`` slot declares it, with the game's two sweeps
(``--sweep track_length,interjections`` or ``all``) and :func:`tables` (the race
winner's lane by race length).
The tournaments, the statistics and the report are the lab's (``camelcade.sim.balance``),
which reaches this module only through that slot: a game never imports the lab.
``benchmarks/camel_drive_balance.py`` runs the lab with these and lays the probe's sums
out as the tables of ``docs/games/camel-drive.md``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.plugin import BalanceFigures, FiguresTable
from camelcade.core.words import t
from camelcade.games.camel_drive.actions import Bet, Shout
from camelcade.games.camel_drive.spec import BETTING, RACE, bet_payout
from camelcade.games.camel_drive.state import CamelDriveState

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


def _pct(share: float) -> str:
    return f"{100 * share:.0f}%"


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _length_rows(figures: BalanceFigures) -> tuple[list[str], list[list[str]]]:
    """Race winner's lane by race length (rounds), for one setting: heads and rows."""
    camels = len(figures.probe_totals["wins by lane"])
    head = ["race length (rounds)", "races", *[f"win lane {i}" for i in range(1, camels + 1)]]
    rows = []
    for low, high in LENGTHS:
        wins = figures.probe_totals[_length_key(low, high)]
        total = sum(wins)
        if total:
            label = f"{low}-{high}" if high < 99 else f"{low}+"
            rows.append([label, str(int(total)), *[_pct(w / total) for w in wins]])
    return head, rows


def length_table(figures: BalanceFigures) -> str:
    """Race winner's lane by race length (rounds), for one setting, in Markdown."""
    head, rows = _length_rows(figures)
    return "\n".join([_row(head), "|" + "---|" * len(head), *[_row(row) for row in rows]])


def players_table(found: Sequence[BalanceFigures]) -> str:
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


DEFAULT_TRACK = "15"
"""The default track length, whose setting of the ``track_length`` sweep gets a table."""


def tables(found: Sequence[BalanceFigures]) -> list[FiguresTable]:
    """The manifest's ``balance.tables``: the race winner's lane by race length at the
    default track, when the run played it as a setting of its own (``--sweep
    track_length``) with this probe; no table otherwise."""
    chosen = [f for f in found if dict(f.setting) == {"track_length": DEFAULT_TRACK}
              and "wins by lane" in f.probe_totals]
    tables = []
    for figures in chosen[:1]:
        head, rows = _length_rows(figures)
        tables.append(FiguresTable(t("Race winner's lane by race length (track_length=15):"),
                                   tuple(head), tuple(tuple(row) for row in rows)))
    return tables
