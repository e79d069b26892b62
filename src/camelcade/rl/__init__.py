"""camelcade for learning agents: PettingZoo, Gymnasium and OpenSpiel (extra ``[rl]``).

```python
import camelcade.rl as ccrl

aec = ccrl.env(game_id, players=4)                    # PettingZoo AEC, one agent per seat
gym = ccrl.gym_env(game_id, players=4, opponents="random")      # Gymnasium, one seat
ccrl.register_openspiel()                             # pyspiel.load_game("camelcade_<id>")
print(ccrl.describe_encoding(ccrl.encoding_for(gym.game)))      # the action and tensor tables
```

Every game's encoding (its fixed action index and observation tensor) lives in its own
folder (``games/<game>/rl.py``), named by the ``rl`` slot of its plug-in manifest, built
from ``camelcade.core.encoding`` (plain Python: games build theirs without numpy or this
package). Names are imported on first use, and ``import camelcade`` imports none of this.
"""

from __future__ import annotations

import importlib
from typing import Any

_NAMES = {
    "env": "camelcade.rl.aec",
    "CamelcadeAEC": "camelcade.rl.aec",
    "gym_env": "camelcade.rl.gym",
    "CamelcadeGym": "camelcade.rl.gym",
    "register_gymnasium": "camelcade.rl.gym",
    "register_openspiel": "camelcade.rl.openspiel",
    "load_openspiel": "camelcade.rl.openspiel",
    "Table": "camelcade.rl.table",
    "rank_rewards": "camelcade.rl.table",
    "observation_tensor": "camelcade.rl.table",
    "block_of": "camelcade.rl.table",
    "encoding_for": "camelcade.core.encoding",
    "describe_encoding": "camelcade.core.encoding",
    "GameEncoding": "camelcade.core.encoding",
    "board_svg": "camelcade.core.board_svg",
}

__all__ = sorted(_NAMES)


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module 'camelcade.rl' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_NAMES])
