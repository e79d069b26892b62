"""The odds and action values in words: one text for the ``odds`` command and prompt word.

Plain text, one idea per line, no columns (a screen reader reads a line at a time),
percentages with the exact fractions beside them, addressed to the seat that asks.
"""

from __future__ import annotations

from camelcade.core.view import View
from camelcade.core.words import t
from camelcade.games.camel_up.advice import Evaluator
from camelcade.games.camel_up.names import colour_name
from camelcade.games.camel_up.numbers import decimal, percent, whole
from camelcade.games.camel_up.odds import LegOdds, Position, RaceOdds, leg_odds, race_odds


def odds_lines(legs: LegOdds, position: Position) -> list[str]:
    """Exact leg odds, one line per racing camel."""
    lines: list[str] = [t("Leg odds, exact: {dice} more dice this leg, {paths} equally likely "
                          "paths.", dice=position.rolls_left, paths=whole(legs.outcomes))]
    for colour in legs.racing:
        lines.append(t("{camel}: 1st {first} ({first_exact}), 2nd {second} ({second_exact}), "
                       "last {last} ({last_exact}).", camel=colour_name(colour),
                       first=percent(legs.first[colour]), first_exact=legs.first[colour],
                       second=percent(legs.second[colour]), second_exact=legs.second[colour],
                       last=percent(legs.last[colour]), last_exact=legs.last[colour]))
    if legs.game_end:
        lines.append(t("The race ends during this leg with probability {chance}.",
                       chance=percent(legs.game_end)))
    return lines


def race_lines(race: RaceOdds) -> list[str]:
    """Monte Carlo race odds with their standard errors."""
    lines: list[str] = [t("Race odds, Monte Carlo: {samples} races, seed {seed}; each give or "
                          "take one standard error.", samples=whole(race.samples),
                          seed=race.seed)]
    for colour in race.winner:
        lines.append(t("{camel}: wins {wins} ± {wins_error}, last {last} ± {last_error}.",
                       camel=colour_name(colour), wins=percent(race.winner[colour]),
                       wins_error=decimal(race.winner_error[colour] * 100, 1),
                       last=percent(race.loser[colour]),
                       last_error=decimal(race.loser_error[colour] * 100, 1)))
    return lines


def position_text(position: Position, samples: int = 10_000, seed: int = 0) -> str:
    """Odds of a typed position (no seat, so no action values)."""
    legs = leg_odds(position, landings=True)
    lines = odds_lines(legs, position) + race_lines(race_odds(position, samples, seed))
    spots = sorted(legs.landings.items(), key=lambda item: -item[1])[:5]
    busiest = [t("{space}: {landings}", space=space, landings=decimal(float(n), 2))
               for space, n in spots if n]
    lines.append(t("Busiest spaces this leg, with the camels expected to land there (what a "
                   "tile there earns): {spots}.", spots=", ".join(busiest)))
    return "\n".join(lines)


def advice_text(view: View, evaluator: Evaluator) -> str:
    """Odds, then each of the seat's legal actions with its expected value, best first."""
    position = Position.from_view(view)
    lines = odds_lines(evaluator.leg(position), position)
    lines += race_lines(evaluator.race(position))
    if not view.legal_actions():
        lines.append(t("It is not your turn, so no action values are shown."))
        return "\n".join(lines)
    values = sorted(evaluator.values(view), key=lambda item: -item.value)
    lines.append(t("Expected coins of each of your actions, best first:"))
    for item in values:
        lines.append(t("{action}: {value} coins, {why}.", action=str(item.action),
                       value=decimal(item.value, 2, sign=True), why=item.why) if item.why else
                     t("{action}: {value} coins.", action=str(item.action),
                       value=decimal(item.value, 2, sign=True)))
    return "\n".join(lines)
