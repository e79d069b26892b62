"""The core invariants (conformance suite) for both editions and every player count."""

from __future__ import annotations

import pytest

from camelcade.core.conformance import check_game

from .helpers import game

CASES = [(2, p, {}) for p in range(3, 9)] + [(1, p, {}) for p in range(2, 9)]
CASES.append((2, 2, {"unofficial_two_player": True}))
CASES.append((2, 4, {"grey_die_precedence": "stacked-first"}))


@pytest.mark.parametrize(("edition", "players", "options"), CASES,
                         ids=[f"ed{e}-{p}p{'-' + '-'.join(o) if o else ''}"
                              for e, p, o in CASES])
def test_conformance(edition: int, players: int, options: dict[str, object]) -> None:
    the_game = game(players, edition=edition, **options)
    deep = check_game(the_game, games=1, seed=100 + players, deep_every=7)
    cheap = check_game(the_game, games=12, seed=players, deep_every=0)
    assert deep.games == 1 and deep.deep_states > 10
    assert cheap.games == 12 and len(cheap.terminal_returns) == 12
