"""The odds and action values in words: one text for the ``odds`` command and prompt word.

Plain text, one idea per line, percentages with the exact fractions beside them, so it
reads the same on a screen reader as on a terminal.
"""

from __future__ import annotations

from camelcade.core.view import View
from camelcade.games.camel_up.advice import Evaluator
from camelcade.games.camel_up.odds import LegOdds, Position, RaceOdds, leg_odds, race_odds


def odds_lines(legs: LegOdds, position: Position) -> list[str]:
    """Exact leg odds, one line per racing camel."""
    lines = [f"Leg odds (exact; {position.rolls_left} more dice this leg, "
             f"{legs.outcomes:,} equally likely paths):"]
    for colour in legs.racing:
        lines.append(
            f"  {colour.capitalize():<7} 1st {_pct(legs.first[colour])} ({legs.first[colour]}), "
            f"2nd {_pct(legs.second[colour])} ({legs.second[colour]}), "
            f"last {_pct(legs.last[colour])} ({legs.last[colour]})")
    if legs.game_end:
        lines.append(f"  The race ends during this leg with probability {_pct(legs.game_end)}.")
    return lines


def race_lines(race: RaceOdds) -> list[str]:
    """Monte Carlo race odds with their standard errors."""
    lines = [f"Race odds (Monte Carlo, {race.samples:,} races, seed {race.seed}; "
             f"± one standard error):"]
    for colour in race.winner:
        lines.append(
            f"  {colour.capitalize():<7} wins {race.winner[colour] * 100:.1f}% "
            f"± {race.winner_error[colour] * 100:.1f}, "
            f"last {race.loser[colour] * 100:.1f}% ± {race.loser_error[colour] * 100:.1f}")
    return lines


def position_text(position: Position, samples: int = 10_000, seed: int = 0) -> str:
    """Odds of a typed position (no seat, so no action values)."""
    legs = leg_odds(position, landings=True)
    lines = odds_lines(legs, position) + race_lines(race_odds(position, samples, seed))
    spots = sorted(legs.landings.items(), key=lambda item: -item[1])[:5]
    lines.append("Busiest spaces this leg (expected landings, what a tile there earns): "
                 + ", ".join(f"{space}: {float(n):.2f}" for space, n in spots if n) + ".")
    return "\n".join(lines)


def advice_text(view: View, evaluator: Evaluator) -> str:
    """Odds, then each legal action of the seat with its expected value, best first."""
    position = Position.from_view(view)
    lines = odds_lines(evaluator.leg(position), position)
    lines += race_lines(evaluator.race(position))
    if not view.legal_actions():
        lines.append(f"It is not Seat {view.player}'s turn, so no action values are shown.")
        return "\n".join(lines)
    values = sorted(evaluator.values(view), key=lambda item: -item.value)
    lines.append(f"Expected coins of each action for Seat {view.player}, best first:")
    for item in values:
        lines.append(f"  {item.action!s:<16} {item.value:+.2f}  {item.why}")
    return "\n".join(lines)


def _pct(p: object) -> str:
    return f"{float(p) * 100:.1f}%"  # type: ignore[arg-type]
