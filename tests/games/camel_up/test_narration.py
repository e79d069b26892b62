"""Every scoring step is told, item by item, in the order the rules score, and adds up.

The first tests read particular positions; the last one plays many random games (3 to 8
players, both editions) and, for every action that ends a leg or the race, reads the
coins each seat is told it wins or loses, line by line, and checks they add up to the
coins the rules then give — for every listener, so "your" items are counted too.
"""

from __future__ import annotations

import random
import re

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.core.registry import plugin
from camelcade.core.words import Counted
from camelcade.games.camel_up.spec import OVERALL_PAYS
from camelcade.games.camel_up.text import COUNTED

from .helpers import START, purple_on_15, rolls, setup


def test_a_leg_end_tells_each_ticket_pyramid_ticket_and_the_coins() -> None:
    state = setup(START, players=3)
    state.apply("bet purple")  # seat 0: Purple 5
    state.apply("bet yellow")  # seat 1: Yellow 5
    state.apply("bet blue")  # seat 2: Blue 5
    state.apply("bet purple")  # seat 0: Purple 3
    rolls(state, "green 1", "red 1", "blue 1", "white 1")  # seats 1, 2, 0, 1
    state.apply("roll")  # seat 2 takes the leg's last pyramid ticket
    assert state.track()[3] == ["yellow", "purple", "green", "blue", "red"]
    lines = state.describe_action("die yellow 1", 0).splitlines()
    assert lines == [
        "The Yellow die shows 1. Yellow moves from space 3 to space 4, carrying Purple, Green, "
        "Blue and Red.",
        "Leg 1 ends: Red first, Blue second.",
        "Your Purple 5 and Purple 3 tickets lose 1 coin each: they are not on the first or "
        "second camel.",
        "Your pyramid ticket wins 1 coin.",
        "Player 2's Yellow 5 ticket loses 1 coin: it is not on the first or second camel.",
        "Player 2's 2 pyramid tickets win 1 coin each.",
        "Player 3's Blue 5 ticket wins 1 coin: Blue is second.",
        "Player 3's 2 pyramid tickets win 1 coin each.",
        "Coins now: you 2, Player 2 4 and Player 3 6.",
    ]
    state.apply("die yellow 1")
    assert state.coins() == [2, 4, 6]


def test_tickets_are_told_in_the_rules_order_leader_second_then_the_others() -> None:
    state = setup(START, players=3)
    for action in ("bet red", "bet blue", "bet green", "bet red", "bet yellow", "bet blue",
                   "bet purple", "bet purple", "bet red"):
        state.apply(action)  # seat 1 takes Blue 5, then Yellow 5, then Purple 3
    rolls(state, "red 1", "white 1", "green 1", "blue 1")
    state.apply("roll")
    said = state.describe_action("die yellow 1", 1).splitlines()
    assert said[1] == "Leg 1 ends: Blue first, Red second."
    assert said[2:5] == [
        "Player 1's Red 5 and Red 3 tickets win 1 coin each: Red is second.",
        "Player 1's Purple 5 ticket loses 1 coin: it is not on the first or second camel.",
        "Player 1's 2 pyramid tickets win 1 coin each."]
    assert said[5:8] == [
        "Your Blue 5 ticket wins 5 coins: Blue is first.",
        "Your Yellow 5 and Purple 3 tickets lose 1 coin each: they are not on the first or "
        "second camel.",
        "Your 2 pyramid tickets win 1 coin each."]
    assert said[-1] == "Coins now: Player 1 6, you 8 and Player 3 7."


def test_two_equal_tickets_on_the_leader_are_told_once_counted() -> None:
    state = setup(START, players=3)
    for action in ("bet yellow", "bet yellow", "bet yellow", "bet red", "bet red",
                   "bet yellow"):
        state.apply(action)  # seat 2 holds both Yellow 2 tickets
    rolls(state, "red 1", "white 1", "green 1", "purple 1")
    state.apply("roll")
    said = state.describe_action("die yellow 1", None).splitlines()
    assert "Player 3's 2 Yellow 2 tickets win 2 coins each: Yellow is first." in said
    assert "Player 3's 2 Yellow 2 tickets win 2 coins each: Yellow is first." not in \
        state.describe_action("die yellow 1", 2)
    assert "Your 2 Yellow 2 tickets win 2 coins each: Yellow is first." in \
        state.describe_action("die yellow 1", 2)


def test_the_counted_forms_are_declared_in_the_manifest() -> None:
    counted = plugin("camel-up").counted
    assert counted is not None and counted.load() is COUNTED
    assert COUNTED and all(isinstance(form, Counted) for form in COUNTED.values())
    for message, form in COUNTED.items():
        assert "{count}" in form.plural and "{count}" not in message


def test_a_partner_copy_is_told_with_what_it_pays() -> None:
    state = setup(START, players=6)
    state.apply("partner 1")  # seats 0 and 1
    state.apply("bet purple")  # seat 1: Purple 5
    for _ in range(4):
        state.apply("bet red")  # seats 2 to 5 take Red tickets
    rolls(state, "blue 1", "green 1", "red 1", "white 1")  # seats 0, 1, 2, 3
    state.apply("roll")  # seat 4
    said = state.describe_action("die yellow 1", 0).splitlines()
    assert said[1:7] == [
        "Leg 1 ends: Blue first, Purple second.",
        "Your pyramid ticket wins 1 coin.",
        "You copy Player 2's Purple 5 ticket: 1 coin.",
        "Player 2's Purple 5 ticket wins 1 coin: Purple is second.",
        "Player 2's pyramid ticket wins 1 coin.",
        "Player 2 copies your pyramid ticket: 1 coin."]
    assert "Player 1 copies Player 2's Purple 5 ticket: 1 coin." in \
        state.describe_action("die yellow 1", 2)
    assert "Player 2 copies Player 1's pyramid ticket: 1 coin." in \
        state.describe_action("die yellow 1", 2)
    assert said[-1] == ("Coins now: you 5, Player 2 6, Player 3 3, Player 4 3, Player 5 3 "
                        "and Player 6 2.")


def test_a_player_without_the_coins_to_pay_is_told_so() -> None:
    state = setup(START, players=3)
    for action in ("bet red", "bet blue", "bet green", "bet red", "bet blue", "bet green",
                   "bet red", "bet yellow", "bet green", "bet red", "bet yellow", "bet blue",
                   "bet purple"):
        state.apply(action)  # seat 0: all four Red tickets and Purple 5, 3 coins
    rolls(state, "purple 1", "white 1", "yellow 1", "blue 1")
    state.apply("roll")
    said = state.describe_action("die green 1", 1).splitlines()
    assert said[2:5] == [
        "Player 1's Red 5, Red 3, Red 2, Red 2 and Purple 5 tickets lose 1 coin each: they are "
        "not on the first or second camel.",
        "Player 1's pyramid ticket wins 1 coin.",
        "Player 1 cannot pay all of it and is left with 0 coins."]
    assert "You cannot pay all of it: you are left with 0 coins." in \
        state.describe_action("die green 1", 0)
    assert state.child("die green 1").coins()[0] == 0


def test_the_race_end_tells_the_last_leg_then_each_overall_card_earliest_first() -> None:
    state = purple_on_15(players=3)  # seat 2 to play
    for action in ("winner purple", "winner red", "winner yellow", "loser red",
                   "loser purple", "loser blue"):
        state.apply(action)
    state.apply("roll")
    assert state.describe_action("die purple 2", 0).splitlines() == [
        "The Purple die shows 2. Purple moves from space 15 across the finish line.",
        "The race is over: Purple wins and Red comes last.",
        "The last leg is scored: Purple first, Yellow second.",
        "Player 3's pyramid ticket wins 1 coin.",
        "The overall winner pile is turned over, earliest card first.",
        "Player 3's Purple card is right: 8 coins.",
        "Your Red card is wrong: you lose 1 coin.",
        "Player 2's Yellow card is wrong: Player 2 loses 1 coin.",
        "The overall loser pile is turned over, earliest card first.",
        "Player 3's Red card is right: 8 coins.",
        "Your Purple card is wrong: you lose 1 coin.",
        "Player 2's Blue card is wrong: Player 2 loses 1 coin.",
        "Final coins: you 8, Player 2 8 and Player 3 26.",
    ]
    state.apply("die purple 2")
    assert state.coins() == [8, 8, 26]


def test_later_right_cards_pay_less_and_an_empty_pile_is_said() -> None:
    state = purple_on_15(players=4)
    # every seat backs Purple to win, in turn
    for _ in range(4):
        state.apply("winner purple")
    state.apply("roll")
    said = state.describe_action("die purple 2", None).splitlines()
    pays = [int(line.split(": ")[1].split()[0]) for line in said if "card is right" in line]
    assert pays == [8, 5, 3, 2]
    assert "Nobody bet on the overall loser." in said


# -- every scoring line, read back as coins -------------------------------------------------

ITEM = re.compile(
    r"^(?:(?P<you>Your|You)|(?P<seat>Player \d+)(?:'s)?) (?P<rest>.*)$")
TICKET_LIST = re.compile(r"[A-Z][a-z]+ \d")


def told_changes(lines: list[str], players: int, player: int | None) -> tuple[list[int], set[int],
                                                                            list[list[int]]]:
    """What the scoring lines say each seat wins at the leg (a list) and which seats they
    say are left with 0 coins; then each overall card's effect, in order, per seat."""
    leg = [0] * players
    floored: set[int] = set()
    cards: list[list[int]] = []
    for line in lines:
        match = ITEM.match(line)
        if not match:
            continue
        seat = player if match["you"] else int(match["seat"].split()[1]) - 1
        assert seat is not None, line
        rest = match["rest"]
        if " card is " in rest:
            pay = (int(re.search(r"right: (\d+) coins?\.", rest)[1]) if "is right" in rest  # type: ignore[index]
                   else -1 if re.search(r"lose(s)? 1 coin\.$", rest) else 0)
            cards.append([seat, pay])
        elif "left with 0 coins" in rest:
            floored.add(seat)
        elif re.search(r"cop(y|ies) .*: (\d+) coins?\.$", rest):
            leg[seat] += int(re.search(r": (\d+) coins?\.$", rest)[1])  # type: ignore[index]
        elif "worth copying" in rest:
            continue
        elif "pyramid ticket" in rest:
            many = re.match(r"(\d+) pyramid tickets", rest)
            leg[seat] += int(many[1]) if many else 1
        elif "is first" in rest:
            counted = re.match(r"(\d+) .* tickets win (\d+) coins each", rest)
            leg[seat] += (int(counted[1]) * int(counted[2]) if counted
                          else int(re.search(r"wins (\d+) coins", rest)[1]))  # type: ignore[index]
        elif "is second" in rest:
            leg[seat] += len(TICKET_LIST.findall(rest.split(" ticket")[0]))
        elif "lose" in rest:
            leg[seat] -= len(TICKET_LIST.findall(rest.split(" ticket")[0]))
    return leg, floored, cards


@pytest.mark.parametrize(("players", "edition"), [(3, 2), (5, 2), (6, 2), (8, 2), (2, 1), (4, 1)])
def test_the_told_scoring_adds_up_to_the_coins_the_rules_give(players: int, edition: int) -> None:
    game = cc.load("camel-up", players=players, edition=edition)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_terminal():
            action = sample_chance(state, rng) if state.is_chance() else \
                rng.choice(state.legal_actions())
            before = state.coins()
            after = state.child(action).coins()
            for viewer in (None, 0, players - 1):
                lines = state.describe_action(action, viewer).splitlines()
                if len(lines) == 1:
                    continue
                tile = [0] * players
                gains = re.search(r"It lands on .*: (you gain|Player (\d+) gains) 1 coin\.",
                                  lines[0])
                if gains:
                    tile[viewer if gains[2] is None else int(gains[2]) - 1] += 1  # type: ignore[index]
                leg, floored, cards = told_changes(lines[1:], players, viewer)
                coins = [max(0, b + t + change) for b, t, change in zip(before, tile, leg,
                                                                         strict=True)]
                assert {s for s in range(players) if before[s] + tile[s] + leg[s] < 0} \
                    == floored, lines
                for seat, pay in cards:
                    coins[seat] += pay
                assert coins == after, "\n".join(lines)
                assert lines[-1].startswith(("Coins now: ", "Final coins: ")), lines
                checked += 1
            state.apply(action)
    assert checked > 0


def test_the_overall_pays_are_the_rules_table() -> None:
    assert OVERALL_PAYS == (8, 5, 3, 2, 1)
