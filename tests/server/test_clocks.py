"""The clock's arithmetic (``camelcade.server.clocks``): plain numbers for ``now``, so
every rule is checked at any time of day or year without waiting."""

from __future__ import annotations

import calendar

from camelcade.server import clocks
from camelcade.server.clocks import DAY, HOUR

NOW = float(calendar.timegm((2026, 6, 1, 12, 0, 0)))


def test_a_turn_gets_its_time_a_move_and_its_bank() -> None:
    assert clocks.deadline(NOW, DAY, None) == NOW + DAY
    assert clocks.deadline(NOW, DAY, 2 * DAY) == NOW + 3 * DAY


def test_a_slow_move_spends_the_bank_and_a_fast_one_refills_it_to_its_cap() -> None:
    cap = 2 * DAY
    due = clocks.deadline(NOW, DAY, cap)  # 3 days to move
    # moved after 1.5 days: half a day of the bank is spent
    spent = clocks.bank_after_move(NOW + 1.5 * DAY, due, cap)
    assert spent == 1.5 * DAY
    due = clocks.deadline(NOW, DAY, spent)
    # moved after 2 hours: the 22 unused hours come back, up to the cap (not 1.5 days + 22 h)
    assert clocks.bank_after_move(NOW + 2 * HOUR, due, cap) == cap
    due = clocks.deadline(NOW, DAY, 0.0)
    assert clocks.bank_after_move(NOW + 20 * HOUR, due, cap) == 4 * HOUR
    # late (a timeout's race): never a negative bank
    assert clocks.bank_after_move(due + 5, due, cap) == 0.0
    assert clocks.bank_after_move(NOW, due, None) is None


def test_a_turn_begun_on_vacation_counts_from_its_end() -> None:
    assert clocks.deadline(NOW, DAY, HOUR, away_until=NOW + 3 * DAY) == NOW + 4 * DAY + HOUR
    assert clocks.deadline(NOW, DAY, None, away_until=NOW - 5) == NOW + DAY


def test_each_timeout_rule() -> None:
    passed = clocks.on_timeout(clocks.PASS, True, 0, None)
    assert (passed.bot_moves, passed.take_over, passed.timeouts) == (False, False, 1)
    # no pass in this position: the nearest sound rule, the bot plays that turn
    assert clocks.on_timeout(clocks.PASS, False, 0, None).bot_moves
    bot = clocks.on_timeout(clocks.BOT, True, 4, None)
    assert (bot.bot_moves, bot.take_over, bot.timeouts) == (True, False, 5)
    assert not clocks.on_timeout(clocks.TAKEOVER, True, 1, 3).take_over
    third = clocks.on_timeout(clocks.TAKEOVER, True, 2, 3)
    assert (third.bot_moves, third.take_over, third.timeouts) == (True, True, 3)


def test_kinds_and_their_bounds() -> None:
    assert clocks.kind_for(HOUR) == clocks.LIVE
    assert clocks.kind_for(HOUR + 1) == clocks.CORRESPONDENCE
    assert clocks.bounds(clocks.LIVE) == (1.0, HOUR)
    assert clocks.bounds(clocks.CORRESPONDENCE) == (HOUR, 14 * DAY)


def test_vacation_days_count_per_calendar_year() -> None:
    assert clocks.vacation_days_left(NOW, 30, None, 0) == 30
    assert clocks.vacation_days_left(NOW, 30, 2026, 12) == 18
    assert clocks.vacation_days_left(NOW, 30, 2026, 40) == 0
    assert clocks.vacation_days_left(NOW, 30, 2025, 30) == 30  # a new year, a new allowance
    assert clocks.days_spent(NOW, NOW) == 0
    assert clocks.days_spent(NOW, NOW + 1) == 1
    assert clocks.days_spent(NOW, NOW + DAY) == 1
    assert clocks.days_spent(NOW, NOW + DAY + 1) == 2
