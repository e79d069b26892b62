"""Balance figures for the 2020 prototype: who wins, by lane, seat, race length and options.

Bots play whole matches; every race is logged with the lanes of its first finisher and
its winner, its length in camel turns, the interjections played and whether one of them
sent the first camel over the line. A sweep varies one option (``track_length`` or
``interjections``) and sums the logs into one ``Summary`` per value, which
``markdown_table`` and ``plot`` turn into the report of ``docs/games/camel-drive.md``.
Used by ``benchmarks/camel_drive_balance.py`` and ``camelcade camel-drive balance``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from camelcade.bots import load as load_bot
from camelcade.core.chance import sample_chance
from camelcade.games.camel_drive.actions import Bet, Shout
from camelcade.games.camel_drive.game import CamelDrive
from camelcade.games.camel_drive.spec import BETTING, RACE, bet_payout

SWEEPS: dict[str, tuple[int, ...]] = {
    "track_length": (8, 10, 12, 15, 18, 22, 26, 30),
    "interjections": (0, 1, 2, 3, 4, 5),
}
"""The option values a balance run covers, all else at its default."""

FAST_PLANNER: dict[str, Any] = {"rollouts": 16, "bet_samples": 120}
"""Planner settings for balance runs: cheaper, still far stronger than random."""


@dataclass
class RaceLog:
    first_lane: int
    winner_lane: int
    turns: int
    """Camel moves (draws and interjections) in the race."""
    shouts: int
    shout_finish: bool
    """The first finisher went over the line by an interjection."""


@dataclass
class MatchLog:
    winners: list[int]
    races: list[RaceLog]
    bet_points: list[int]
    """Points each seat won by betting (the rest came from placing)."""
    points: list[float]


def play_match(game: CamelDrive, bot: str, seed: int) -> MatchLog:
    """One seeded match of ``bot`` against copies of itself, every race logged."""
    rng = random.Random(seed)
    players = game.players
    agents = [load_bot(bot, **(FAST_PLANNER if bot == "camel-drive-planner" else {}))
              for _ in range(players)]
    for seat, agent in enumerate(agents):
        begin = getattr(agent, "begin", None)
        if callable(begin):
            begin(game, seat, rng.getrandbits(63))
    state = game.new_state()
    races: list[RaceLog] = []
    bet_points = [0] * players
    turns = shouts = 0
    shout_finish = False
    start, race = state.lane_order()[0], state.race
    last_move: Any = None
    while not state.is_terminal():
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            seat = state.current_player
            action = agents[seat].choose(state.view(seat))
            if not isinstance(action, Bet):
                turns += 1
                shouts += isinstance(action, Shout)
                last_move = action
        before = state.phase
        state.apply(action)
        if before == RACE and state.phase == BETTING:
            shout_finish = isinstance(last_move, Shout)
        if state.race != race or state.is_terminal():
            last = state.last_race
            if last is not None and last["race"] == race:
                n = state.camels
                stones = [c for c in range(n) if last["bets"][c] == last["winner"]]
                for camel in stones:
                    bet_points[state.owner(camel)] += bet_payout(len(stones))
                races.append(RaceLog((last["first"] - start) % n + 1,
                                     (last["winner"] - start) % n + 1, turns, shouts,
                                     shout_finish))
            turns = shouts = 0
            shout_finish = False
            start, race = state.lane_order()[0], state.race
    return MatchLog(state.winners(), races, bet_points, state.returns())


@dataclass
class Summary:
    """All matches of one setting, summed."""

    setting: dict[str, Any]
    players: int
    bot: str
    games: int = 0
    races: int = 0
    turns: int = 0
    shouts: int = 0
    shout_finishes: int = 0
    first_by_lane: list[int] = field(default_factory=list)
    wins_by_lane: list[int] = field(default_factory=list)
    wins_by_seat: list[float] = field(default_factory=list)
    winner_points: float = 0.0
    winner_bet_points: float = 0.0
    by_rounds: dict[int, list[int]] = field(default_factory=dict)
    """Race length in rounds (turns / camels, rounded up) -> race wins by lane."""

    def add(self, log: MatchLog, camels: int) -> None:
        if not self.wins_by_lane:
            self.first_by_lane = [0] * camels
            self.wins_by_lane = [0] * camels
            self.wins_by_seat = [0.0] * self.players
        self.games += 1
        for race in log.races:
            self.races += 1
            self.turns += race.turns
            self.shouts += race.shouts
            self.shout_finishes += race.shout_finish
            self.first_by_lane[race.first_lane - 1] += 1
            self.wins_by_lane[race.winner_lane - 1] += 1
            rounds = math.ceil(race.turns / camels)
            self.by_rounds.setdefault(rounds, [0] * camels)[race.winner_lane - 1] += 1
        for seat in log.winners:
            self.wins_by_seat[seat] += 1 / len(log.winners)
            self.winner_points += log.points[seat] / len(log.winners)
            self.winner_bet_points += log.bet_points[seat] / len(log.winners)

    def to_json(self) -> dict[str, Any]:
        camels = len(self.wins_by_lane)
        return {
            "setting": self.setting, "players": self.players, "bot": self.bot,
            "games": self.games, "races": self.races,
            "races_per_match": self.races / self.games,
            "turns_per_race": self.turns / self.races,
            "rounds_per_race": self.turns / self.races / camels,
            "shouts_per_race": self.shouts / self.races,
            "shout_finish_share": self.shout_finishes / self.races,
            "race_win_share_by_lane": [w / self.races for w in self.wins_by_lane],
            "first_finish_share_by_lane": [f / self.races for f in self.first_by_lane],
            "match_win_share_by_seat": [w / self.games for w in self.wins_by_seat],
            "winner_bet_share": self.winner_bet_points / max(self.winner_points, 1e-9),
            "lane_ci95": 1.96 * math.sqrt(0.25 / self.races),
            "seat_ci95": 1.96 * math.sqrt(0.25 / self.games),
            "race_wins_by_lane_and_rounds": {str(k): v for k, v in sorted(self.by_rounds.items())},
        }


def _run_chunk(args: tuple[dict[str, Any], int, str, int, int]) -> list[MatchLog]:
    options, players, bot, first_seed, count = args
    game = CamelDrive(players=players, **options)
    return [play_match(game, bot, seed) for seed in range(first_seed, first_seed + count)]


def run_setting(options: dict[str, Any], *, players: int = 4, bot: str = "random",
                games: int = 200, seed: int = 0, workers: int = 1) -> Summary:
    """Play ``games`` seeded matches with ``options`` and sum them."""
    chunks = max(1, workers * 4) if workers > 1 else 1
    size = math.ceil(games / chunks)
    jobs = [(options, players, bot, seed + i * size, min(size, games - i * size))
            for i in range(chunks) if games - i * size > 0]
    summary = Summary(dict(options), players, bot)
    camels = CamelDrive(players=players).new_state().camels
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_run_chunk, jobs))
    else:
        results = [_run_chunk(job) for job in jobs]
    for logs in results:
        for log in logs:
            summary.add(log, camels)
    return summary


def sweep(name: str, values: Sequence[int] | None = None, **kwargs: Any) -> list[Summary]:
    """One ``Summary`` per value of the option ``name`` (``track_length``/``interjections``)."""
    return [run_setting({name: value}, **kwargs) for value in (values or SWEEPS[name])]


def markdown_table(summaries: Sequence[Summary]) -> str:
    """The report table: one row per setting, shares in percent."""
    if not summaries:
        return ""
    camels = len(summaries[0].wins_by_lane)
    players = summaries[0].players
    head = ["setting", "games", "races/match", "turns/race", "shouts/race", "shout finishes",
            *[f"win lane {i}" for i in range(1, camels + 1)], "first out lane 1",
            *[f"match seat {i}" for i in range(players)], "winner pts from bets"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for summary in summaries:
        data = summary.to_json()
        setting = ", ".join(f"{k}={v}" for k, v in summary.setting.items()) or "defaults"
        row = [setting, str(summary.games), f"{data['races_per_match']:.1f}",
               f"{data['turns_per_race']:.1f}", f"{data['shouts_per_race']:.2f}",
               _pct(data["shout_finish_share"]),
               *[_pct(x) for x in data["race_win_share_by_lane"]],
               _pct(data["first_finish_share_by_lane"][0]),
               *[_pct(x) for x in data["match_win_share_by_seat"]],
               _pct(data["winner_bet_share"])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def length_table(summary: Summary, buckets: Sequence[tuple[int, int]] = (
        (1, 6), (7, 8), (9, 10), (11, 99))) -> str:
    """Race winner's lane by race length (rounds), for one setting."""
    camels = len(summary.wins_by_lane)
    head = ["race length (rounds)", "races", *[f"win lane {i}" for i in range(1, camels + 1)]]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for low, high in buckets:
        wins = [0] * camels
        for rounds, counts in summary.by_rounds.items():
            if low <= rounds <= high:
                wins = [a + b for a, b in zip(wins, counts, strict=True)]
        total = sum(wins)
        if total:
            label = f"{low}-{high}" if high < 99 else f"{low}+"
            lines.append("| " + " | ".join([label, str(total),
                                            *[_pct(w / total) for w in wins]]) + " |")
    return "\n".join(lines)


def players_table(summaries: Sequence[Summary]) -> str:
    """Lane and seat effects for each player count (columns that exist at every count)."""
    head = ["players", "camels", "games", "races", "fair share", "win lane 1", "win last lane",
            "first out lane 1", "match seat 0", "match last seat"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for summary in summaries:
        data = summary.to_json()
        lanes, seats = data["race_win_share_by_lane"], data["match_win_share_by_seat"]
        row = [str(summary.players), str(len(lanes)), str(summary.games), str(summary.races),
               _pct(1 / len(lanes)), _pct(lanes[0]), _pct(lanes[-1]),
               _pct(data["first_finish_share_by_lane"][0]), _pct(seats[0]), _pct(seats[-1])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def _pct(share: float) -> str:
    return f"{100 * share:.0f}%"


def plot(panels: dict[str, list[Summary]], path: str | Path) -> Path:
    """Race-win share by lane against each swept option, and race length, as one PNG."""
    try:
        import matplotlib
    except ImportError:
        from camelcade.core.errors import OptionError

        raise OptionError(
            "the balance plot needs matplotlib: pip install 'camelcade[plots]'"
        ) from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(panels)
    fig, axes = plt.subplots(1, len(names) + 1, figsize=(5.2 * (len(names) + 1), 4.2))
    for axis, name in zip(axes, names, strict=False):
        summaries = panels[name]
        xs = [s.setting[name] for s in summaries]
        camels = len(summaries[0].wins_by_lane)
        for lane in range(camels):
            axis.plot(xs, [100 * s.to_json()["race_win_share_by_lane"][lane] for s in summaries],
                      marker="o", label=f"lane {lane + 1}")
        axis.axhline(100 / camels, color="grey", linestyle=":", linewidth=1)
        axis.set_xlabel(name.replace("_", " "))
        axis.set_ylabel("race wins (%)")
        axis.set_title(f"Race winner's lane by {name.replace('_', ' ')}")
        axis.legend(fontsize=8)
    last = axes[-1]
    lengths = panels.get("track_length") or next(iter(panels.values()))
    key = "track_length" if "track_length" in panels else names[0]
    xs = [s.setting[key] for s in lengths]
    last.plot(xs, [s.to_json()["rounds_per_race"] for s in lengths], marker="s",
              label="rounds per race")
    last.plot(xs, [s.to_json()["races_per_match"] for s in lengths], marker="^",
              label="races per match")
    last.set_xlabel(key.replace("_", " "))
    last.set_title("Race and match length")
    last.legend(fontsize=8)
    fig.suptitle(f"Camel Drive balance: {lengths[0].players} players, {lengths[0].bot} bots, "
                 f"{lengths[0].games} matches per point")
    fig.tight_layout()
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(target, dpi=110)
    plt.close(fig)
    return target
