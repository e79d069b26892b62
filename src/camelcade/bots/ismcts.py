"""``ismcts``: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

The tree is the game as the searching seat knows it: its nodes are information sets,
keyed by the seat's own view of the action history (the text ``view.history`` shows it,
hidden actions redacted), never by the determinised states the iterations walk. An
opponent's face-down bet or a card drawn out of sight is therefore one branch whatever
it was, and the seat's own later choices cannot depend on what it could not have seen
(no strategy fusion from the seat's side); an opponent's choice there is still made by
its true action, learnt over the determinisations that reach the node (the
"partially observable moves" of Cowling et al.). On a perfect-information game it is
exactly ``mcts``. Everything else — budget, evaluator, grouping, widening, reuse — is
the shared engine's (``camelcade.bots.search``).
"""

from __future__ import annotations

from typing import ClassVar

from camelcade.bots.search import TreeSearchBot


class ISMCTSBot(TreeSearchBot):
    """Information-set MCTS for any game (see the module docstring and ``TreeSearchBot``)."""

    name = "ismcts"
    keys_seen: ClassVar[bool] = True
