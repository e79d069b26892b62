"""What the learning-wrapper tests share: the games and player counts, and variants."""

from __future__ import annotations

from typing import Any

from camelcade.core import game_class, game_ids

CASES: list[tuple[str, int]] = [
    (game_id, players)
    for game_id in game_ids()
    for players in range(game_class(game_id).min_players, game_class(game_id).max_players + 1)
]
"""Every game at every player count its rules allow (default options)."""

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("camel-up", 2, {"edition": 1}),
    ("camel-up", 6, {}),
    ("camel-drive", 3, {"track_length": 8, "interjections": 5}),
    ("a-dos-de-chameau", 2, {"oasis_cards": [4, 4, 3, 3, 2, 2, 1], "leader_target": "any"}),
    ("caravan", 4, {"camels": 6}),
    ("kamelen", 2, {"board": "11x13", "third_step": "any"}),
    ("kamelen", 2, {"board": "11x12"}),
]
"""Option variants whose action index or tensor differ from the defaults'."""


def case_id(case: tuple[Any, ...]) -> str:
    options = "".join(f"-{k}={v}" for k, v in (case[2] if len(case) > 2 else {}).items())
    return f"{case[0]}-{case[1]}p{options}"
