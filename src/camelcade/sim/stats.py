"""Counting results: win and rank rates with Wilson intervals, seat and length figures.

Everything reads the records' ``ranking`` (every tie-break of the rules applied), never
raw points. A game's places: a seat in the first group of ``[[2], [1, 3], [0]]`` has place
1, the tied seats share places 2 and 3 (2.5 each), the last has place 4. A win is the
first group, split between tied seats (1/k each); a draw (every seat in the first
group) and a shared first place are counted apart as well. The *score* of a seat is the
share of the other seats it finished ahead of (ties half): 1 beats everyone, 0.5 is the middle,
whatever the number of players, which makes it the many-seat counterpart of a chess score.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from camelcade.core.results import Outcome, outcome
from camelcade.core.words import t
from camelcade.records import Record

WILSON_Z = 1.959963984540054
"""z for a two-sided 95% interval."""


def wilson_interval(successes: float, trials: float, z: float = WILSON_Z) -> tuple[float, float]:
    """Wilson score interval for a proportion: sound near 0 and 1 and for small samples,
    where the normal approximation is not. Fractional successes (split ties) are fine."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def places(ranking: Sequence[Sequence[int]]) -> dict[int, float]:
    """Each seat's place (1 is best); tied seats share the mean of their places."""
    found: dict[int, float] = {}
    start = 1
    for group in ranking:
        mean = start + (len(group) - 1) / 2
        for seat in group:
            found[seat] = mean
        start += len(group)
    return found


def pair_score(place_a: float, place_b: float) -> float:
    """1 if A finished ahead of B, 0.5 if level, 0 if behind."""
    return 1.0 if place_a < place_b else 0.5 if place_a == place_b else 0.0


@dataclass
class Standing:
    """One bot's totals. ``games`` counts seats played (a bot filling two seats of a
    game counts twice)."""

    label: str
    games: int = 0
    wins: float = 0.0
    """Ties split: each of k winners of a game gets 1/k."""
    draws: int = 0
    """Games drawn (every seat level at the top: ``core.results``); their win is split
    too, but a draw is no win and is counted here as well."""
    score: float = 0.0
    """Sum of per-game scores (share of the other seats beaten, ties half)."""
    place_total: float = 0.0
    place_counts: list[float] = field(default_factory=list)
    """Games at place 1, 2, ... (tied places split between the tied seats)."""
    thinking: float = 0.0
    """CPU seconds spent on decisions with a choice, over the games whose records say
    (older ones do not)."""
    choices: int = 0
    """Decisions with more than one legal action in those games."""

    @property
    def seconds_a_move(self) -> float | None:
        """Mean CPU seconds a move that had a choice, or None when no record timed one."""
        return self.thinking / self.choices if self.choices else None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def score_rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def mean_place(self) -> float:
        return self.place_total / self.games if self.games else 0.0

    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def score_interval(self) -> tuple[float, float]:
        return wilson_interval(self.score, self.games)

    def place_rate(self, place: int) -> tuple[float, float, float]:
        """Share of games at ``place`` (1-based) with its Wilson interval."""
        count = self.place_counts[place - 1] if place <= len(self.place_counts) else 0.0
        low, high = wilson_interval(count, self.games)
        return (count / self.games if self.games else 0.0, low, high)


@dataclass
class SeatFigures:
    """Per seat: games won (ties split) and mean place, whoever sat there."""

    games: int = 0
    wins: list[float] = field(default_factory=list)
    place_total: list[float] = field(default_factory=list)

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        low, high = wilson_interval(self.wins[seat], self.games)
        return (self.wins[seat] / self.games if self.games else 0.0, low, high)


@dataclass
class Summary:
    """A set of results counted: standings per bot, figures per seat, game lengths."""

    standings: list[Standing]
    seats: SeatFigures
    lengths: list[int] = field(default_factory=list)
    """Actions per game (chance draws included)."""
    decisions: list[int] = field(default_factory=list)
    lead_changes: list[int] = field(default_factory=list)
    draws: int = 0
    """Games every seat finished level at the top (``Outcome.DRAW``)."""
    shared_firsts: int = 0
    """Games two or more seats, but not all, shared first place (``Outcome.SHARED_FIRST``)."""
    versus: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    """(A, B) → [A's pair score total, meetings]: how often A finished ahead of B."""
    _index: dict[str, Standing] = field(default_factory=dict, repr=False)

    @property
    def games(self) -> int:
        return len(self.lengths)

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def standing(self, label: str) -> Standing:
        return next(s for s in self.standings if s.label == label)

    def add(self, record: Record) -> None:
        """Count one more game (cheap: a live display adds each game as it finishes)."""
        ranking = record.ranking
        if ranking is None:
            return  # an unfinished game has no result to count
        seats = self.seats
        players = len(record.players)
        if not seats.wins:
            seats.wins, seats.place_total = [0.0] * players, [0.0] * players
        where = places(ranking)
        winners = ranking[0]
        kind = outcome(ranking)
        drawn = kind is Outcome.DRAW
        self.draws += drawn
        self.shared_firsts += kind is Outcome.SHARED_FIRST
        seats.games += 1
        self.lengths.append(len(record.actions))
        lab = record.extra.get("lab", {})
        self.decisions.append(int(lab.get("decisions", 0)))
        self.lead_changes.append(int(lab.get("lead_changes", 0)))
        thinking, choices = lab.get("thinking"), lab.get("choices")
        timed = isinstance(thinking, list) and isinstance(choices, list) and \
            len(thinking) == len(choices) == players
        for seat, label in enumerate(record.players):
            standing = self._standing(label, players)
            place = where[seat]
            standing.games += 1
            standing.draws += drawn
            if timed:
                standing.thinking += float(thinking[seat])
                standing.choices += int(choices[seat])
            standing.place_total += place
            tied = sum(1 for other in where.values() if other == place)
            first = int(place - (tied - 1) / 2)
            for spot in range(first, first + tied):
                standing.place_counts[spot - 1] += 1 / tied
            won = 1 / len(winners) if seat in winners else 0.0
            standing.wins += won
            seats.wins[seat] += won
            seats.place_total[seat] += place
            others = [pair_score(place, where[o]) for o in range(players) if o != seat]
            standing.score += sum(others) / len(others) if others else 0.0
            for other in range(players):
                if other != seat and record.players[other] != label:
                    pair = self.versus.setdefault((label, record.players[other]), [0.0, 0])
                    pair[0] += pair_score(place, where[other])
                    pair[1] += 1

    def _standing(self, label: str, players: int) -> Standing:
        found = self._index.get(label)
        if found is None:
            found = next((s for s in self.standings if s.label == label), None)
            if found is None:
                found = Standing(label)
                self.standings.append(found)
            self._index[label] = found
        if len(found.place_counts) < players:
            found.place_counts += [0.0] * (players - len(found.place_counts))
        return found

    def versus_rate(self, a: str, b: str) -> tuple[float, int]:
        """A's score against B over their meetings at a table, and the meetings."""
        total, meetings = self.versus.get((a, b), [0.0, 0])
        return (total / meetings if meetings else float("nan"), int(meetings))


def summarise(records: Iterable[Record], labels: Sequence[str] | None = None) -> Summary:
    """Count ``records`` per bot (their ``players`` names) and per seat."""
    summary = Summary([Standing(label) for label in labels or []], SeatFigures())
    for record in records:
        summary.add(record)
    return summary


def histogram(values: Sequence[int], bins: int = 12) -> list[tuple[int, int, int]]:
    """``(low, high, count)`` buckets of equal width covering ``values``."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts: dict[int, int] = {}
    for value in values:
        counts[(value - low) // width] = counts.get((value - low) // width, 0) + 1
    return [(low + i * width, low + (i + 1) * width - 1, counts.get(i, 0))
            for i in range((high - low) // width + 1)]


def results_sentence(summary: Summary) -> str:
    """How many games were drawn (every seat level at the top) and how many ended in a
    shared first place (``core.results``): a draw is told as a draw, not as wins."""
    return t("Draws (every seat level at the top): {draws} of {games}; shared first places "
             "(some seats level at the top): {shared} of {games}.", draws=summary.draws,
             shared=summary.shared_firsts, games=summary.games)
