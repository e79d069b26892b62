"""The scoring of a race and the end of a match, told item by item.

The card that brings the second camel home scores the race, and may end the match; the
card that ends a tie race's round may end it too. ``describe_action`` of such a card
tells what happened first and then, one line each, every scoring step in the order the
rules score (rules file, "Final sprint" and "Game end"):

1. the race points: the winner 5, the camels furthest along of the rest 2 each, every
   other camel still racing 1, the first finisher nothing;
2. the bets: the stones on the winner pay 5, 3 or 1 each by how many there are; the
   others win nothing and lose nothing;
3. what the race gave each camel, then the check for the target score: the match ends,
   or a tie race decides, or the next race starts;
4. at the end, the winner, why every tie went the way it did (the ranking applies every
   tie-break: points, the better single camel, unused interjections or the tie race), and
   the final points.

The outcome is read from a copy of the position with the card played, so these lines can
never disagree with the rules: there is one rules engine.
"""

from __future__ import annotations

from camelcade.core.results import Outcome, outcome
from camelcade.core.types import PlayerId
from camelcade.core.words import t, tn
from camelcade.games.camel_drive import naming
from camelcade.games.camel_drive.spec import (
    NEXT_PLACED_POINTS,
    OTHER_POINTS,
    OVER,
    TIE_RACE,
    WIN_POINTS,
    bet_payout,
)
from camelcade.games.camel_drive.state import CamelDriveState


def first_finish_lines(after: CamelDriveState, player: PlayerId | None) -> list[str]:
    """After the first camel came home: the betting round, and who starts it."""
    starter = after.bettors[0]
    return [t("Betting round: every camel places its stone on a camel still racing, "
              "starting with {camel}, which then moves.",
              camel=naming.camel(after, starter, player))]


def race_scored_lines(before: CamelDriveState, after: CamelDriveState, winner: int,
                      player: PlayerId | None) -> list[str]:
    """The scoring of the race ``winner`` has just won, item by item, and what follows."""
    race = before.race
    placing = before.placing_points(winner)
    first = before.first_finisher
    assert first is not None
    lines: list[str] = [
        t("You win race {race} with {colour}: +{points}.", race=race,
          colour=naming.colour(winner), points=WIN_POINTS)
        if naming.mine(before, winner, player) else
        t("{camel} wins race {race}: +{points}.", camel=naming.colour(winner), race=race,
          points=WIN_POINTS)
    ]
    order = [c for c in before.lane_order() if c not in (winner, first)]
    ahead = [c for c in order if placing[c] == NEXT_PLACED_POINTS]
    behind = [c for c in order if placing[c] == OTHER_POINTS]
    if ahead:
        lines.append(tn("{camels} is furthest along of the rest, on field {field}: +{points}.",
                        "{camels} are furthest along of the rest, on field {field}: "
                        "+{points} each.", len(ahead),
                        camels=naming.camels(before, ahead, player),
                        field=before.position(ahead[0]), points=NEXT_PLACED_POINTS))
    if behind:
        lines.append(tn("{camels} is further back: +{points}.",
                        "{camels} are further back: +{points} each.", len(behind),
                        camels=naming.camels(before, behind, player), points=OTHER_POINTS))
    lines.append(t("{camel} came home first: nothing for placing.",
                   camel=naming.camel(before, first, player)))
    lines.extend(_bet_lines(before, winner, player))
    assert after.last_race is not None
    gains = after.last_race["gains"]
    lines.append(t("Race {race} in all: {gains}.", race=race, gains=", ".join(
        t("{camel} +{points}", camel=naming.camel(before, c, player), points=gains[c])
        for c in range(before.camels))))
    lines.extend(_after_the_race(after, player))
    return lines


def _bet_lines(before: CamelDriveState, winner: int, player: PlayerId | None) -> list[str]:
    """Each stone on the winner with its payout; the stones elsewhere, which cost nothing."""
    stones = [c for c in before.lane_order() if before.bet_of(c) == winner]
    wrong = [c for c in before.lane_order() if before.bet_of(c) not in (None, winner)]
    name = naming.camel(before, winner, player)
    lines: list[str] = []
    if stones:
        lines.append(tn("{count} stone backed {winner}: +{points} to {bettors}.",
                        "{count} stones backed {winner}: +{points} each to {bettors}.",
                        len(stones), winner=name, points=bet_payout(len(stones)),
                        bettors=naming.camels(before, stones, player)))
    else:
        lines.append(t("No stone backed {winner}.", winner=name))
    if wrong:
        lines.append(tn("{bettors} backed another camel: nothing won, nothing lost.",
                        "{bettors} backed other camels: nothing won, nothing lost.",
                        len(wrong), bettors=naming.camels(before, wrong, player)))
    return lines


def _after_the_race(after: CamelDriveState, player: PlayerId | None) -> list[str]:
    """The target-score check: the next race, a tie race, or the end of the match."""
    target = after.game.option("target_score")
    if after.phase not in (OVER, TIE_RACE):
        return [t("No colour has {target} points yet: race {race} follows, {camel} in lane 1.",
                  target=target, race=after.race,
                  camel=naming.camel(after, after.lane_order()[0], player))]
    reached = [c for c in range(after.camels) if after.camel_score(c) >= target]
    names = dict(camels=naming.camels(after, reached, player), target=target)
    if after.phase == TIE_RACE:
        return [tn("{camels} has {target} points or more: the match ends once the tie is "
                   "settled.",
                   "{camels} have {target} points or more: the match ends once the tie is "
                   "settled.", len(reached), **names),
                _tie_race_begins(after, player)]
    return [tn("{camels} has {target} points or more: the match ends.",
               "{camels} have {target} points or more: the match ends.", len(reached),
               **names),
            *result_lines(after, player)]


def _tie_race_begins(after: CamelDriveState, player: PlayerId | None) -> str:
    """Who runs the tie race, and who starts it."""
    tied = sorted({after.owner(c) for c in after.racers})
    return t("{seats} are level at the top: a tie race decides, without interjections or "
             "bets, {camel} in lane 1.",
             seats=naming.capitalised(naming.seats(after, tied, player)),
             camel=naming.camel(after, after.racers[0], player))


def tie_race_round_lines(before: CamelDriveState, after: CamelDriveState, camel: int,
                         end: int, player: PlayerId | None) -> list[str]:
    """After ``camel``'s card of the tie race took it to field ``end``: if that ended a
    round with a camel past the finish, who is furthest past, then the result or, when
    the tied players are level again, another tie race."""
    fresh = after.phase == TIE_RACE and not any(after.has_opened(c)
                                                 for c in range(after.camels))
    if after.phase != OVER and not fresh:
        return []  # the round goes on, or nobody is past the finish yet
    final = {c: end if c == camel else before.position(c) for c in before.racers}
    best = max(final.values())
    leaders = [c for c in before.racers if final[c] == best]
    lines: list[str] = [
        tn("{camels} is furthest past the finish, {past} past.",
           "{camels} are furthest past the finish, {past} past.", len(leaders),
           camels=naming.camels(before, leaders, player), past=best - before.track_length)]
    if after.phase == OVER:
        return lines + result_lines(after, player)
    seats = sorted({after.owner(c) for c in after.racers})
    lines.append(t("{seats} are still level: another tie race, {camel} in lane 1.",
                   seats=naming.capitalised(naming.seats(after, seats, player)),
                   camel=naming.camel(after, after.racers[0], player)))
    return lines


# -- the end of the match -------------------------------------------------------------------

def result_lines(over: CamelDriveState, player: PlayerId | None) -> list[str]:
    """The winner, the reason for every tie in the ranking, and the final points."""
    ranking = over.ranking()
    winners = ranking[0]
    points = int(over.scores()[winners[0]])
    if outcome(ranking) is Outcome.DRAW:
        head = tn("The match is a draw: every seat has {count} point.",
                  "The match is a draw: every seat has {count} points.", points)
    elif winners == [player]:
        head = tn("You win the match with {count} point.",
                  "You win the match with {count} points.", points)
    elif len(winners) == 1:
        head = tn("{seat} wins the match with {count} point.",
                  "{seat} wins the match with {count} points.", points,
                  seat=naming.seat(over, winners[0], player))
    else:
        head = tn("{seats} share the win with {count} point.",
                  "{seats} share the win with {count} points.", points,
                  seats=naming.capitalised(naming.seats(over, winners, player)))
    return [head, *tie_reasons(over, ranking, player), final_points(over, ranking, player)]


def final_points(over: CamelDriveState, ranking: list[list[PlayerId]],
                 player: PlayerId | None) -> str:
    """Every seat's points, best place first."""
    return t("Final points: {scores}.", scores=points_list(
        over, [seat for group in ranking for seat in group], player))


def points_list(state: CamelDriveState, seats: list[PlayerId], player: PlayerId | None
                ) -> str:
    """"Yellow 11, Blue 9", or with teams, whose camels are listed in commas,
    "you 11 (Red 4, Yellow 7); Team Green and Blue 2 (Green 2, Blue 0)"."""
    between = "; " if state.camels > state.game.players else ", "
    return between.join(seat_points(state, seat, player) for seat in seats)


def seat_points(state: CamelDriveState, seat: PlayerId, player: PlayerId | None) -> str:
    """"Blue 12", or "you 11 (Red 4, Yellow 7)" for a seat with two camels."""
    points = int(state.scores()[seat])
    own = state.camels_of(seat)
    name = naming.seat(state, seat, player)
    if len(own) == 1:
        return t("{seat} {points}", seat=name, points=points)
    return t("{seat} {points} ({camels})", seat=name, points=points, camels=", ".join(
        t("{colour} {points}", colour=naming.colour(c), points=state.camel_score(c))
        for c in own))


def tie_reasons(over: CamelDriveState, ranking: list[list[PlayerId]],
                player: PlayerId | None) -> list[str]:
    """Why each tie on points went the way it did, best place first.

    Neighbouring groups of the ranking level on points were split by the first tie-break
    their ``standing_key`` differs in; groups with equal keys were split by the tie race
    (only ever the top one). A group of several seats shares its place.
    """
    lines: list[str] = []
    for place, group in enumerate(ranking):
        if len(group) > 1:
            lines.append(_shared(over, group, place, player))
        if place + 1 < len(ranking):
            reason = _split(over, group, ranking[place + 1], player)
            if reason is not None:
                lines.append(reason)
    return lines


def _shared(over: CamelDriveState, group: list[PlayerId], place: int,
            player: PlayerId | None) -> str:
    names = naming.capitalised(naming.seats(over, group, player))
    if place == 0 and len(group) == over.game.players:
        return t("{seats} are level on points and on every tie-break that applies, so "
                 "the match is a draw.", seats=names)
    if place == 0:
        return t("{seats} are level on points and on every tie-break that applies, so "
                 "they share the win.", seats=names)
    return t("{seats} are level on points and on every tie-break that applies, so they "
             "share place {place}.", seats=names, place=place + 1)


def _split(over: CamelDriveState, ahead: list[PlayerId], behind: list[PlayerId],
           player: PlayerId | None) -> str | None:
    """The tie-break that put ``ahead`` before ``behind``, if they were level on points."""
    high, low = over.standing_key(ahead[0]), over.standing_key(behind[0])
    if high[0] != low[0]:
        return None
    you = ahead == [player]
    names = dict(count=len(ahead), ahead=naming.capitalised(naming.seats(over, ahead, player)),
                 behind=naming.seats(over, behind, player))
    if high[1] != low[1]:
        best, other = _best_camel(over, ahead[0]), _best_camel(over, behind[0])
        values = dict(best=naming.colour(best), high=high[1], other=naming.colour(other),
                      low=low[1])
        if you:
            return t("You are ahead of {behind} on the better single camel: {best} has "
                     "{high} points, {other} {low}.", behind=names["behind"], **values)
        return tn("{ahead} is ahead of {behind} on the better single camel: {best} has "
                  "{high} points, {other} {low}.",
                  "{ahead} are ahead of {behind} on the better single camel: {best} has "
                  "{high} points, {other} {low}.", len(ahead), ahead=names["ahead"],
                  behind=names["behind"], **values)
    if high[2] != low[2]:
        values = dict(high=high[2], low=low[2])
        if you:
            return t("You are ahead of {behind} on unused interjections: {high} to {low}.",
                     behind=names["behind"], **values)
        return tn("{ahead} is ahead of {behind} on unused interjections: {high} to {low}.",
                  "{ahead} are ahead of {behind} on unused interjections: {high} to {low}.",
                  len(ahead), ahead=names["ahead"], behind=names["behind"], **values)
    if you:
        return t("You won the tie race against {behind}.", behind=names["behind"])
    return tn("{ahead} won the tie race against {behind}.",
              "{ahead} won the tie race against {behind}.", len(ahead),
              ahead=names["ahead"], behind=names["behind"])


def _best_camel(state: CamelDriveState, seat: PlayerId) -> int:
    """The seat's camel with the most points (the first of them on a tie)."""
    own = state.camels_of(seat)
    return max(own, key=lambda c: (state.camel_score(c), -c))
