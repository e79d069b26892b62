"""Small shared names: seats, the two special "players", JSON values."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

PlayerId: TypeAlias = int
"""A seat number, ``0 .. players - 1``; or one of the two markers below."""

CHANCE: Final[PlayerId] = -1
"""``current_player`` at a chance node: dice, card draws, setup rolls."""

TERMINAL: Final[PlayerId] = -2
"""``current_player`` once the game is over."""

JSONDict: TypeAlias = dict[str, Any]
"""A dict that ``json.dumps`` accepts unchanged."""
